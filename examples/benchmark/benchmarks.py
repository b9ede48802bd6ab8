# SPDX-License-Identifier: BSD-3-Clause
"""The DEM verification benchmarks (docs/benchmarks.rst): Chung and Ooi's
eight particle-impact tests and the rolling-resistance and pull-off tests
after Mohajeri et al., as cases that run in three engines:

* LAMMPS's own ``pair_style granular`` / ``fix wall/gran granular``
  (``lmp``, law "native"),
* mbc-lammps with mbconnect's ContactGranular taking the same words (law
  "mbconnect"), or a connector type by its parameters (law "named"),
* ``mbc simulate`` with ContactGranular or ContactSphereSphere
  (examples/benchmark/scenes/).

A case is one impact (or one rolling or pull-off run); the quantities the
tables compare are read from its time series. The references are in
reference.py. examples/benchmark/run.py makes the figures and tables,
tests/benchmark/test_benchmark.py the checks.
"""
import csv
import json
import math
import os
import shutil
import subprocess
import tempfile

import numpy as np

import reference as ref

HERE = os.path.dirname(os.path.abspath(__file__))
LAMMPS_DIR = os.path.join(HERE, "lammps")
CASES_DIR = os.path.join(LAMMPS_DIR, "cases")
SCENES_DIR = os.path.join(HERE, "scenes")

# ------------------------------------------------------------ the materials
# Chung and Ooi (2011), as their public implementations (Yade, Kratos, PySPH)
# give them: Young's modulus [Pa], Poisson's ratio, density [kg/m^3].
MATERIALS = {
    "glass": (4.8e10, 0.20, 2800.0),
    "limestone": (2.0e10, 0.25, 2500.0),
    "al_alloy_t2": (7.0e10, 0.30, 2699.0),  # test 2's aluminium alloy
    "mg_alloy": (4.0e10, 0.35, 1800.0),
    "al_oxide": (3.8e11, 0.23, 4000.0),
    "cast_iron": (1.0e11, 0.25, 7000.0),
    "al_alloy": (7.0e10, 0.33, 2700.0),
    "steel": (2.08e11, 0.30, 7850.0),
    "polyethylene": (1.0e9, 0.40, 1400.0),
    "nylon": (2.5e9, 0.40, 1000.0),
    "copper": (1.2e11, 0.35, 8900.0),
}


def sphere(material, radius, vn=0.0, vt=0.0, omega=0.0):
    """A sphere of a material: its radius, mass, inertia and initial motion
    (vn: speed toward the other body, vt: velocity along x, omega: spin
    about y)."""
    e, nu, rho = MATERIALS[material]
    m = ref.sphere_mass(rho, radius)
    return {
        "material": material,
        "E": e,
        "nu": nu,
        "rho": rho,
        "radius": radius,
        "mass": m,
        "inertia": ref.sphere_inertia(m, radius),
        "vn": vn,
        "vt": vt,
        "omega": omega,
    }


# ----------------------------------------------------------------- the laws

def fmt(x):
    """A number as LAMMPS and the scene read it back exactly (an integer as
    an integer)."""
    if isinstance(x, int) and not isinstance(x, bool):
        return str(x)
    return repr(float(x))


class Granular:
    """A model of pair_style granular, as the words of its pair_coeff line
    and as ContactGranular's parameters (docs/physics-granular.rst).

    normal: ("hooke"|"hertz", k_n, eta) or ("hertz/material", E, eta, nu)
    or ("dmt"|"jkr", E, eta, nu, gamma); damping: a word of pair_style granular;
    tangential: ("linear_nohistory", x_gamma_t, mu) or (a history model,
    k_t, x_gamma_t, mu); rolling: None or ("sds", k, gamma, mu). The words
    are the names of ContactGranular's model parameters' choices, which its
    parameters take as they are."""

    def __init__(self, normal, damping, tangential, rolling=None, limit_damping=False):
        self.normal = normal
        self.damping = damping
        self.tangential = tangential
        self.rolling = rolling
        self.limit_damping = limit_damping

    def words(self):
        w = [self.normal[0]] + [fmt(c) for c in self.normal[1:]]
        w += ["damping", self.damping]
        w += ["tangential", self.tangential[0]] + [fmt(c) for c in self.tangential[1:]]
        if self.rolling:
            w += ["rolling", self.rolling[0]] + [fmt(c) for c in self.rolling[1:]]
        if self.limit_damping:
            w += ["limit_damping"]
        return " ".join(w)

    def params(self):
        n = self.normal
        p = {"normalModel": n[0], "dampingModel": self.damping}
        if n[0] in ("hooke", "hertz"):
            p.update(normalStiffness=n[1], normalDamping=n[2])
        else:
            p.update(youngsModulus=[n[1], n[1]], normalDamping=n[2], poissonsRatio=[n[3], n[3]])
            if n[0] in ("dmt", "jkr"):
                p["surfaceEnergy"] = n[4]
        t = self.tangential
        p["tangentialModel"] = t[0]
        if t[0] == "linear_nohistory":
            p.update(tangentialDamping=t[1], frictionCoefficient=t[2])
        else:
            p.update(tangentialStiffness=t[1], tangentialDamping=t[2], frictionCoefficient=t[3])
        if self.rolling:
            r = self.rolling
            p.update(rollingModel=r[0], rollingStiffness=r[1], rollingDamping=r[2], rollingFriction=r[3])
        if self.limit_damping:
            p["limitDamping"] = True
        return p


class Liggghts:
    """LIGGGHTS 3.8's hertz (ContactLiggghts, docs/items/ObjectContactLiggghts.rst)
    for sphere a against sphere b, or a rigid plane (b None: a modulus so
    large that Y* is a's own to round-off), with the coefficient of
    restitution e and tangential history with friction mu (mu None: no
    tangential model)."""

    RIGID = 1e30

    def __init__(self, a, b, e, mu=None):
        self.values = {
            "normalModel": 1,
            "youngsModulus": [a["E"], b["E"] if b else self.RIGID],
            "poissonsRatio": [a["nu"], b["nu"] if b else a["nu"]],
            "coefficientRestitution": e,
            "tangentialModel": 0 if mu is None else 2,
            "coefficientFriction": 0.0 if mu is None else mu,
        }

    def params(self):
        return dict(self.values)


class SphereSphere:
    """ContactSphereSphere by its parameters (docs/items/ObjectContactSphereSphere.rst)."""

    def __init__(self, **params):
        self.values = params

    def params(self):
        return dict(self.values)


def scene_law(params):
    """Parameters as the scene's law string: name=value,..., arrays a:b."""
    items = []
    for name, value in params.items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            text = ":".join(fmt(v) for v in value)
        elif isinstance(value, str):
            text = value  # a named choice: "hertz/material"
        else:
            text = fmt(value)
        items.append(f"{name}={text}")
    return ",".join(items)


def lammps_params(params):
    """Parameters as an mbconnect pair line takes them: name value, arrays
    comma-separated, booleans true/false."""
    items = []
    for name, value in params.items():
        if isinstance(value, bool):
            text = "true" if value else "false"
        elif isinstance(value, (list, tuple)):
            text = ",".join(fmt(v) for v in value)
        elif isinstance(value, str):
            text = value
        else:
            text = fmt(value)
        items += [name, text]
    return " ".join(items)


# ---------------------------------------------------------------- the cases


class Case:
    """One impact (or rolling or rocking run): sphere a against sphere b
    (geometry "pair") or the plane z = 0 (geometry "wall", b None), a law,
    the time step h and the end time. The contact closes half a step in
    unless gap (the initial surface gap) is given."""

    def __init__(self, name, a, b, law, h, tend, g=0.0, gap=None, every=1):
        self.name = name
        self.a = a
        self.b = b
        self.law = law
        self.h = h
        self.tend = tend
        self.g = g
        self.every = every
        self.newton_tolerance = None  # mbc simulate's relative Newton tolerance (scene default 1e-10)
        vrel = a["vn"] + (b["vn"] if b else 0.0)
        self.gap = 0.5 * h * vrel if gap is None else gap

    @property
    def geometry(self):
        return "wall" if self.b is None else "pair"

    def rstar(self):
        return ref.effective_radius(self.a["radius"], self.b["radius"] if self.b else None)

    def mstar(self):
        return ref.effective_mass(self.a["mass"], self.b["mass"] if self.b else None)

    def steps(self):
        return int(math.ceil(self.tend / self.h - 1e-9))


# -------------------------------------------------------------- the results


class Result:
    """The time series of one run: t, overlap, the force on a (fx, fz), a's
    velocity (vx, vz), spin wy and position x, and b's velocity and spin
    (vxb, vzb, wyb) in a pair."""

    def __init__(self, columns):
        self.c = columns
        self.statistics = None  # mbc simulate's JSON statistics

    def __getitem__(self, name):
        return self.c[name]

    def delta_max(self):
        return float(np.max(self.c["overlap"]))

    def force_max(self):
        return float(np.max(self.c["fz"]))

    def duration(self):
        """From the first to the last instant of positive overlap, each found
        by linear interpolation between the samples around it."""
        t, d = self.c["t"], self.c["overlap"]
        idx = np.nonzero(d > 0.0)[0]
        i0, i1 = idx[0], idx[-1]

        def crossing(j, k):
            return t[j] + (t[k] - t[j]) * (0.0 - d[j]) / (d[k] - d[j])

        start = crossing(i0 - 1, i0) if i0 > 0 else t[i0]
        end = crossing(i1, i1 + 1) if i1 + 1 < len(t) else t[i1]
        return end - start

    def final(self, name):
        return float(self.c[name][-1])


# ---------------------------------------------------------------- engines


def find_exe(name, env=None):
    """An executable: $env, else the build tree's build/bin/name, else PATH."""
    path = os.environ.get(env) if env else None
    if path:
        return path
    build = os.path.join(HERE, "..", "..", "build", "bin", name)
    if os.path.exists(build):
        return os.path.abspath(build)
    return shutil.which(name)


def lammps_inputs(key, cases):
    """The files of one LAMMPS case (examples/benchmark/lammps/impacts.in):
    KEY.data (the spheres of every point side by side, point i as atom type
    i), KEY.case (geometry, time step, steps), KEY.native, KEY.mbconnect and
    KEY.named (the interaction of each type). Returns {suffix: text}."""
    c0 = cases[0]
    n = len(cases)
    pair = c0.geometry == "pair"
    rmax = max(max(c.a["radius"], c.b["radius"] if c.b else 0.0) for c in cases)
    travel = max(abs(c.a["vt"]) + abs(c.a["vn"]) for c in cases) * max(c.tend for c in cases)
    spacing = 4.0 * rmax + 2.0 * travel
    atoms, vels = [], []
    for i, c in enumerate(cases):
        x = i * spacing
        a = c.a
        za = a["radius"] + (0.5 * c.gap if pair else c.gap)
        atoms.append((i + 1, 2 * a["radius"], a["rho"], x, 0.0, za))
        vels.append((a["vt"], 0.0, -a["vn"], 0.0, a["omega"], 0.0))
        if pair:
            b = c.b
            atoms.append((i + 1, 2 * b["radius"], b["rho"], x, 0.0, -b["radius"] - 0.5 * c.gap))
            vels.append((b["vt"], 0.0, b["vn"], 0.0, b["omega"], 0.0))
    zlo = -2.5 * rmax if pair else -rmax
    lines = ["# SPDX-License-Identifier: BSD-3-Clause",
             "", f"{len(atoms)} atoms", f"{n} atom types", "",
             f"{fmt(-spacing)} {fmt(n * spacing)} xlo xhi",
             f"{fmt(-spacing)} {fmt(spacing)} ylo yhi",
             f"{fmt(zlo)} {fmt(2.5 * rmax + travel)} zlo zhi", "", "Atoms # sphere", ""]
    for k, (t, d, rho, x, y, z) in enumerate(atoms):
        lines.append(f"{k + 1} {t} {fmt(d)} {fmt(rho)} {fmt(x)} {fmt(y)} {fmt(z)}")
    lines += ["", "Velocities", ""]
    for k, v in enumerate(vels):
        lines.append(f"{k + 1} " + " ".join(fmt(x) for x in v))
    data = "\n".join(lines) + "\n"
    case = "\n".join([
        "# SPDX-License-Identifier: BSD-3-Clause",
        f"# {key}: the settings of the case; examples/benchmark (run.py --write-inputs)",
        f"variable geometry string {c0.geometry}",
        f"variable dt index {fmt(c0.h)}",
        f"variable nrun index {max(c.steps() for c in cases)}",
        f"variable every index {c0.every}",
        f"variable g index {fmt(c0.g)}",
        f"variable cutoff index {fmt(2 * rmax)}",
        f"variable skin index {fmt(rmax)}",
    ]) + "\n"
    native, mbconnect, named = [], [], []
    if pair:
        native.append("pair_style granular")
    for i, c in enumerate(cases):
        t = i + 1
        law = c.law
        if isinstance(law, Granular):
            words = law.words()
            if pair:
                sel = "* *" if i == 0 else f"{t} {t}"
                native.append(f"pair_coeff {sel} {words}")
                mbconnect.append(f"mbconnect pair {sel} granular {words}")
            else:
                native.append(f"group point{t} type {t}")
                native.append(f"fix wall{t} point{t} wall/gran granular {words} zplane 0 NULL")
                mbconnect.append(f"group point{t} type {t}")
                mbconnect.append(f"mbconnect wall wall{t} point{t} granular {words} zplane 0 NULL")
            p = law.params()  # the engine sets the radii and masses (the binding)
            p["timeStep"] = "${dt}"
            kind = "ContactGranular"
        elif isinstance(law, Liggghts):
            p = law.params()
            p["timeStep"] = "${dt}"
            kind = "ContactLiggghts"
        else:
            p = law.params()
            kind = "ContactSphereSphere"
        if pair:
            sel = "* *" if i == 0 else f"{t} {t}"
            named.append(f"mbconnect pair {sel} {kind} {lammps_params(p)}")
        else:
            named.append(f"group point{t} type {t}")
            named.append(f"mbconnect wall wall{t} point{t} {kind} {lammps_params(p)} zplane 0 NULL")
    law = ["# SPDX-License-Identifier: BSD-3-Clause",
           f"# {key}: the interaction of each point (atom type i) by ${{law}}; examples/benchmark (run.py "
           "--write-inputs)", "jump SELF ${law}", "label native"] + native + ["jump SELF law_done", "label mbconnect"]
    law += mbconnect + ["jump SELF law_done", "label named"] + named + ["label law_done"]
    return {".data": data, ".case.inc": case, ".law.inc": "\n".join(law) + "\n"}


def write_lammps_inputs(key, cases, folder):
    os.makedirs(folder, exist_ok=True)
    for suffix, text in lammps_inputs(key, cases).items():
        with open(os.path.join(folder, key + suffix), "w") as f:
            f.write(text)


def read_dump(path):
    """A LAMMPS dump custom file as {column: array[steps, atoms]} plus the
    timesteps."""
    with open(path) as f:
        lines = f.read().split("\n")
    steps, rows, names = [], [], None
    i = 0
    while i < len(lines):
        if lines[i].startswith("ITEM: TIMESTEP"):
            steps.append(int(lines[i + 1]))
            natoms = int(lines[i + 3])
            names = lines[i + 8].split()[2:]
            block = lines[i + 9:i + 9 + natoms]
            rows.append([[float(x) for x in r.split()] for r in block])
            i += 9 + natoms
        else:
            i += 1
    arr = np.array(rows)  # steps x atoms x columns
    return np.array(steps), {n: arr[:, :, k] for k, n in enumerate(names)}


def lammps_results(cases, steps, col, dt):
    pair = cases[0].geometry == "pair"
    out = []
    t = steps * dt
    for i, c in enumerate(cases):
        ia = 2 * i if pair else i
        cols = {"t": t, "fx": col["fx"][:, ia], "fz": col["fz"][:, ia], "vx": col["vx"][:, ia],
                "vz": col["vz"][:, ia], "wy": col["omegay"][:, ia], "x": col["x"][:, ia] - col["x"][0, ia]}
        if pair:
            ib = ia + 1
            d = np.sqrt((col["x"][:, ia] - col["x"][:, ib]) ** 2 + (col["y"][:, ia] - col["y"][:, ib]) ** 2
                        + (col["z"][:, ia] - col["z"][:, ib]) ** 2)
            cols["overlap"] = c.a["radius"] + c.b["radius"] - d
            cols.update(vxb=col["vx"][:, ib], vzb=col["vz"][:, ib], wyb=col["omegay"][:, ib])
        else:
            cols["overlap"] = c.a["radius"] - col["z"][:, ia]
        out.append(Result(cols))
    return out


def run_lammps(key, cases, law_mode="native", exe=None):
    """Runs every case of a table in one LAMMPS run (impacts.in): law_mode
    "native" with lmp (or exe), "mbconnect" and "named" with mbc-lammps.
    The cases share the time step, steps and output interval of the first.
    Returns a Result per case."""
    if exe is None:
        exe = find_exe("lmp", "MBC_LMP") if law_mode == "native" else find_exe("mbc-lammps", "MBC_LAMMPS")
    with tempfile.TemporaryDirectory() as tmp:
        write_lammps_inputs(key, cases, tmp)
        out = os.path.join(tmp, "out.dump")
        args = [exe, "-in", os.path.join(LAMMPS_DIR, "impacts.in"), "-log", os.path.join(tmp, "log"),
                "-screen", "none", "-nocite", "-var", "cases", tmp, "-var", "case", key, "-var", "law", law_mode,
                "-var", "out", out]
        p = subprocess.run(args, cwd=tmp, capture_output=True, text=True, timeout=900)
        if p.returncode != 0 or not os.path.exists(out):
            log = open(os.path.join(tmp, "log")).read() if os.path.exists(os.path.join(tmp, "log")) else ""
            errors = [line for line in (log + p.stdout + p.stderr).split("\n") if "ERROR" in line]
            raise RuntimeError(f"{key}: {os.path.basename(exe)} {law_mode} failed ({p.returncode}): "
                               + ("; ".join(errors[:3]) or p.stderr[-500:]))
        steps, col = read_dump(out)
    return lammps_results(cases, steps, col, cases[0].h)


def run_simulate(case, connector="ContactGranular", exe=None, rho_inf=1.0):
    """Runs one case in mbc simulate (examples/benchmark/scenes/impact.lua)
    with ContactGranular, ContactSphereSphere or ContactLiggghts. Returns a
    Result."""
    exe = exe or find_exe("mbc", "MBC")
    a, b = case.a, case.b
    sets = {
        "geometry": case.geometry,
        "ra": fmt(a["radius"]),
        "ma": fmt(a["mass"]),
        "gap": fmt(case.gap),
        "vna": fmt(a["vn"]),
        "vta": fmt(a["vt"]),
        "wa": fmt(a["omega"]),
        "h": fmt(case.h),
        "tend": fmt(case.steps() * case.h),
        "outputStep": fmt(case.h * case.every),
        "rhoInf": fmt(rho_inf),
        "connector": connector,
        "law": scene_law(case.law.params()),
        "g": fmt(case.g),
    }
    if b is not None:
        sets.update(rb=fmt(b["radius"]), mb=fmt(b["mass"]), vnb=fmt(b["vn"]), vtb=fmt(b["vt"]), wb=fmt(b["omega"]))
    if case.newton_tolerance:
        sets["newtonTolerance"] = fmt(case.newton_tolerance)
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.csv")
        args = [exe, "simulate", os.path.join(SCENES_DIR, "impact.lua"), "--quiet", "--csv", out,
                "--json", os.path.join(tmp, "out.json")]
        for name, value in sets.items():
            args += ["--set", f"{name}={value}"]
        p = subprocess.run(args, capture_output=True, text=True, timeout=900)
        if p.returncode != 0:
            raise RuntimeError(f"{case.name}: mbc simulate failed ({p.returncode}): {p.stderr[-2000:]}")
        with open(out) as f:
            rows = list(csv.reader(f))
        with open(os.path.join(tmp, "out.json")) as f:
            statistics = json.load(f)["statistics"]
    head = rows[0]
    data = np.array([[float(x) for x in r] for r in rows[1:]])
    col = {n: data[:, i] for i, n in enumerate(head)}
    za = col["xa[2]"]
    if b is None:
        overlap = a["radius"] - za
    else:
        dist = np.sqrt((col["xa[0]"] - col["xb[0]"]) ** 2 + (col["xa[1]"] - col["xb[1]"]) ** 2
                       + (za - col["xb[2]"]) ** 2)
        overlap = a["radius"] + b["radius"] - dist
    # the force on a: ContactGranular's and ContactLiggghts's Force output is
    # the force on sphere a (marker m0); ContactSphereSphere's the force on
    # marker m1 (sphere b)
    sign = -1.0 if connector == "ContactSphereSphere" else 1.0
    cols = {"t": col["time"], "overlap": overlap, "fx": sign * col["force[0]"], "fz": sign * col["force[2]"],
            "vx": col["va[0]"], "vz": col["va[2]"], "wy": col["wa[1]"], "x": col["xa[0]"]}
    if b is not None:
        cols.update(vxb=col["vb[0]"], vzb=col["vb[2]"], wyb=col["wb[1]"])
    result = Result(cols)
    result.statistics = statistics
    return result
