#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""A plugin's pair law with history, written as hooks only, in mbc-liggghts
(docs/liggghts.rst, "Plugin laws"): the scaffold of `mbcgen --new-project
DIR NAME --pair --history` (its tangential spring integrated by
PostNewtonStep over the step the front end hands the hooks) as
`pair_style gran model mbc law NAME plugin PLUGIN ...`.

    test_liggghts_plugin.py slide MBC_LIGGGHTS PLUGIN TYPE WORK [MBC_LAMMPS]
        one sliding pair on 1 and on 2 ranks (one sphere on each), checked
        against the spring's analytic force, the same numbers on both; with
        MBC_LAMMPS, the same pair in mbc-lammps (`mbconnect pair`): the same
        forces
    test_liggghts_plugin.py restart MBC_LIGGGHTS PLUGIN TYPE WORK
        on 2 ranks: write_restart mid-contact, read_restart and the
        pair_style line in a new process, the dumps equal to the
        uninterrupted run's, byte for byte
    test_liggghts_plugin.py refusals MBC_LIGGGHTS PLUGIN TYPE WORK
        bad input: one ERROR line each, naming the fix

The pair: two spheres of d = 1 m overlap by 0.01 m along x; sphere 2 slides
along y at 1 m/s (masses 1e12 kg: the velocities stay as set, to 1e-13),
from y = -3 mm: on 2 ranks (split at y = 0) it moves to the other rank at
step 300, with its record; the skin of 1 mm rebuilds the neighbor lists
every 50 steps, each carrying the record over.
With k = k_t = 1e5 N/m and mu = 0.3 the tangential force on sphere 2 is
-k_t v (t + dt) while it sticks (101 N at step 100, dt = 1e-5 s: the
contact's onset, at the set-up, takes its step there, as in mbc-lammps) and
mu k delta (300 N) once it slips (from step 300). Exit status 77 (skipped) without
mpirun.
"""
import os
import shutil
import subprocess
import sys

FAILED = []
K, MU, V, DT = 1e5, 0.3, 1.0, 1e-5


def check(ok, what):
    print(f"{'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        FAILED.append(what)


def head(plugin, law, restart=None):
    """The set-up of the pair (restart: continue from that file)."""
    if restart:
        # newton_pair is not in a restart file; newton_bond (off) is
        box = f"read_restart {restart}\nnewton off off\n"
    else:
        box = ("units si\natom_style sphere\natom_modify map array\nboundary p p p\n"
               "newton off\n"
               "processors 1 * 1\nregion box block -2 2 -1 1 -1 1 units box\n"
               "create_box 1 box\ncreate_atoms 1 single -0.495 -0.003 0 units box\n"
               "create_atoms 1 single 0.495 -0.003 0 units box\n"
               "set type 1 diameter 1.0\nset type 1 density 2e12\nset atom 2 vy 1.0\n")
    return box + (
        "communicate single vel yes\n"
        f"pair_style gran model mbc law {law} plugin {plugin} contactStiffness {K:g} "
        f"tangentialStiffness {K:g} frictionCoefficient {MU}\npair_coeff * *\n"
        "neighbor 0.001 bin\nneigh_modify delay 0\ntimestep 1e-5\n"
        "fix integr all nve/sphere\n"
        "dump d all custom 50 post/slide.*.txt id x y z vx vy vz fx fy fz\n"
        "dump_modify d sort id format \"%d %.17g %.17g %.17g %.17g %.17g %.17g %.17g "
        "%.17g %.17g\"\n")


def lammps_input(law):
    """The slide of head() for mbc-lammps: the same atoms and law."""
    return ("units si\natom_style sphere\natom_modify map array\nboundary p p p\n"
            "newton off\ncomm_modify vel yes\nregion box block -2 2 -1 1 -1 1 units box\n"
            "create_box 1 box\ncreate_atoms 1 single -0.495 -0.003 0 units box\n"
            "create_atoms 1 single 0.495 -0.003 0 units box\n"
            "set type 1 diameter 1.0\nset type 1 density 2e12\nset atom 2 vy 1.0\n"
            f"mbconnect pair * * {law} contactStiffness {K:g} tangentialStiffness {K:g} "
            f"frictionCoefficient {MU}\n"
            "neighbor 0.001 bin\nneigh_modify delay 0\ntimestep 1e-5\n"
            "fix integr all nve/sphere\n"
            "dump d all custom 50 post/slide.*.txt id x y z vx vy vz fx fy fz\n"
            "dump_modify d sort id format float %.17g\nrun 600\n")


def run(exe, ranks, where, script, text, pre=()):
    with open(os.path.join(where, script), "w") as f:
        f.write(text)
    cmd = [exe, *pre, "-in", script, "-log", "log." + script]
    if ranks > 1:
        cmd = ["mpirun", "--oversubscribe", "--allow-run-as-root", "-np", str(ranks)] + cmd
    p = subprocess.run(cmd, cwd=where, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       timeout=300)
    return p.returncode, p.stdout.decode(errors="replace")


def fresh(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(os.path.join(path, "post"))
    return path


def frame(where, step):
    """{id: [x y z vx vy vz fx fy fz]} of post/slide.STEP.txt."""
    lines = open(os.path.join(where, "post", f"slide.{step}.txt")).read().splitlines()
    at = lines.index(next(l for l in lines if l.startswith("ITEM: ATOMS")))
    return {int(l.split()[0]): [float(v) for v in l.split()[1:]] for l in lines[at + 1:]}


def forces(atoms):
    """Sphere 2's normal and tangential force (N) and the overlap (m)."""
    a, b = atoms[1], atoms[2]
    d = [b[c] - a[c] for c in range(3)]
    r = sum(x * x for x in d) ** 0.5
    n = [x / r for x in d]
    f = b[6:9]
    fn = sum(f[c] * n[c] for c in range(3))
    ft = [f[c] - fn * n[c] for c in range(3)]
    return fn, ft, 1.0 - r


def same_forces(lammps, plugin, law, work, liggghts_dir):
    """The slide in mbc-lammps: sphere 2's force at steps 100 and 600."""
    where = fresh(os.path.join(work, "slide-lammps"))
    rc, out = run(lammps, 1, where, "in.slide", lammps_input(law), ("--plugin", plugin))
    check(rc == 0 and "ERROR" not in out, f"the slide in mbc-lammps runs (status {rc})")
    if rc != 0:
        print(out[-2000:])
        return
    for step in (100, 600):
        a, b = frame(liggghts_dir, step)[2][6:9], frame(where, step)[2][6:9]
        size = sum(x * x for x in b) ** 0.5
        gap = max(abs(a[c] - b[c]) for c in range(3))
        check(gap <= 1e-12 * size, f"step {step}: sphere 2's force in mbc-liggghts and mbc-lammps "
              f"within {gap / size:.1e} of each other ({'bit for bit' if a == b else 'rounding'})")


def slide(exe, plugin, law, work, lammps=None):
    dirs = {}
    for ranks in (1, 2):
        where = fresh(os.path.join(work, f"slide-np{ranks}"))
        rc, out = run(exe, ranks, where, "in.slide", head(plugin, law) + "run 600\n")
        check(rc == 0 and "ERROR" not in out, f"slide on {ranks} rank(s) runs (status {rc})")
        check(f"model mbc law {law} plugin" in out and "through its hooks, 4 history values"
              in out, f"the log names the law, its hooks and its 4 history values")
        if rc != 0:
            print(out[-2000:])
            continue
        dirs[ranks] = where
        stick, slip = frame(where, 100), frame(where, 600)
        fn, ft, delta = forces(stick)
        expect = K * V * (100 + 1) * DT  # the onset's step at the set-up
        check(abs(fn - K * delta) < 1e-9 * K * delta,
              f"np{ranks} step 100: normal force {fn:.12g} N = k delta {K * delta:.12g}")
        mag = sum(x * x for x in ft) ** 0.5
        check(abs(mag - expect) < 1e-5 * expect and ft[1] < 0,
              f"np{ranks} step 100, sticking: tangential force {mag:.12g} N against the "
              f"sliding = k_t v (t + dt) = {expect:.12g} (to 1e-5)")
        fn, ft, delta = forces(slip)
        limit = MU * K * delta
        mag = sum(x * x for x in ft) ** 0.5
        check(abs(mag - limit) < 1e-9 * limit and ft[1] < 0,
              f"np{ranks} step 600, slipping: tangential force {mag:.12g} N against the "
              f"sliding = mu k delta = {limit:.12g}")
        check(all(stick[1][6 + c] == -stick[2][6 + c] for c in range(3)),
              f"np{ranks}: the force on sphere 1 is minus that on sphere 2")
    if len(dirs) == 2:
        same = all(open(os.path.join(dirs[1], "post", f"slide.{s}.txt")).read() ==
                   open(os.path.join(dirs[2], "post", f"slide.{s}.txt")).read()
                   for s in range(0, 601, 50))
        check(same, "1 and 2 ranks: the same dumps, byte for byte (the record across ranks, "
              "sphere 2 moving to the other rank at step 300)")
    if lammps and 1 in dirs:
        same_forces(lammps, plugin, law, work, dirs[1])


def restart(exe, plugin, law, work, _lammps=None):
    whole = fresh(os.path.join(work, "restart-whole"))
    rc, out = run(exe, 2, whole, "in.whole", head(plugin, law) +
                  "run 250\nwrite_restart slide.restart\nrun 450\n")
    check(rc == 0 and "ERROR" not in out, f"uninterrupted run on 2 ranks (status {rc})")
    cont = fresh(os.path.join(work, "restart-continued"))
    if rc == 0:
        shutil.copy(os.path.join(whole, "slide.restart"), cont)
    rc, out = run(exe, 2, cont, "in.continued", head(plugin, law, "slide.restart") + "run 450\n")
    check(rc == 0 and "ERROR" not in out, f"continued from the restart file (status {rc})")
    steps = range(300, 701, 50)
    differ = [s for s in steps if not os.path.exists(os.path.join(cont, "post", f"slide.{s}.txt"))
              or open(os.path.join(whole, "post", f"slide.{s}.txt")).read() !=
              open(os.path.join(cont, "post", f"slide.{s}.txt")).read()]
    check(not differ, f"restart at step 250 (sticking) to 700 (slipping): {len(steps)} frames, "
          f"{len(differ)} differ from the uninterrupted run's")
    if differ:
        return
    _, ft, _ = forces(frame(whole, 700))
    check(abs(ft[1]) > 100.0, f"the continued contact kept its spring (|F_t| {abs(ft[1]):.6g} N)")


def refusals(exe, plugin, law, work, _lammps=None):
    where = fresh(os.path.join(work, "refusals"))
    base = head(plugin, law) + "run 10\n"
    cases = [
        ("unknown law", base.replace(f"law {law}", f"law {law}x"),
         f"unknown connector type '{law}x' (did you mean '{law}'?)"),
        ("no plugin", base.replace(f"plugin {plugin} ", ""), "plugin search path:"),
        ("missing plugin file", base.replace(plugin, plugin + ".missing"), plugin + ".missing"),
        ("bad parameter", base.replace("frictionCoefficient", "frictionCoeficient"),
         "frictionCoeficient"),
        ("bad value", base.replace(f"contactStiffness {K:g}", "contactStiffness -1"),
         "contactStiffness"),
        ("wall", base.replace("run 10\n", "fix w all wall/gran model mbc primitive type 1 "
                                          "xplane -1.9\nrun 10\n"),
         "fix wall/gran: model mbc"),
        ("restart without the line", base + "write_restart r.restart\nclear\n"
         "read_restart r.restart\nnewton off off\ncommunicate single vel yes\n"
         "fix integr all nve/sphere\nrun 10\n",
         "give the `pair_style gran model mbc law TYPE ...` line again"),
    ]
    for name, text, needle in cases:
        rc, out = run(exe, 1, where, "in.bad", text)
        errors = [l for l in out.splitlines() if l.startswith("ERROR")]
        check(rc != 0 and len(errors) == 1 and needle in errors[0],
              f"{name}: one ERROR line with '{needle}' (status {rc}: {errors[:1]})")


def main():
    mode, exe, plugin, law, work = sys.argv[1:6]
    extra = sys.argv[6:7]
    if shutil.which("mpirun") is None and mode != "refusals":
        print("SKIPPED: mpirun not found (apt-get install openmpi-bin)")
        return 77
    os.makedirs(work, exist_ok=True)
    {"slide": slide, "restart": restart, "refusals": refusals}[mode](
        exe, os.path.abspath(plugin), law, work, *extra)
    print(f"{len(FAILED)} failed" if FAILED else "all passed")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
