# SPDX-License-Identifier: BSD-3-Clause
"""The differential suite of mbc-liggghts (docs/liggghts.rst, "Tests"):
LIGGGHTS's own `liggghts` is the independent engine.

    test_liggghts.py diff CASE RANKS     a tutorial or variant (cases.py)
    test_liggghts.py restart RANKS       the restart matrix
    test_liggghts.py options             mbc-liggghts's own options and refusals

diff: `liggghts` and `mbc-liggghts -sf mbc` run the same input on the same
number of ranks, each in a fresh directory; every frame of the text dump
(17 significant digits of every atom's position, velocity, force, angular
velocity and torque) must be the same bytes, and mbc-liggghts's log must
name ContactLiggghts for every model (none left to LIGGGHTS). The only
exception: a velocity that `liggghts` prints as a subnormal number, the
uninitialized memory of an atom inserted after read_restart (the
insert_stream tutorial; such a value differs from one `liggghts` run to the
next), must be subnormal or zero in both. The comparison is at one rank
count: `liggghts` itself inserts different particles on 1 and 2 ranks.

restart: a moving-mesh case with every history live (pair displacements
and rolling springs, primitive walls, the mesh's per-triangle history) is
cut by write_restart while the mesh moves; the second half reads the file
(its pair style comes back from the file) with each of liggghts and
mbc-liggghts -sf mbc after each of them, on 1 and 2 ranks, and from the
file of 1 rank on 2 ranks: every pairing must equal liggghts after
liggghts, and the restart files of both must be the same bytes.

Environment: MBC_LIGGGHTS (mbc-liggghts), LIGGGHTS_EXE (default liggghts),
MPIRUN (default mpirun), MBC_LIGGGHTS_WORK (the directory for the runs),
MBC_LIGGGHTS_TUTORIALS (cases.py). Exit status 77 (skipped, with the
reason) without liggghts, mbc-liggghts, mpirun or the tutorials
(liggghts-doc).
"""
import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cases as C  # noqa: E402

MBC = os.environ.get("MBC_LIGGGHTS", "")
NATIVE = os.environ.get("LIGGGHTS_EXE", "liggghts")
MPIRUN = os.environ.get("MPIRUN", "mpirun")
WORK = os.environ.get("MBC_LIGGGHTS_WORK", os.path.join(os.getcwd(), "liggghts-runs"))
SUBNORMAL = 2.2250738585072014e-308
FAILED = []


def check(ok, what):
    print(f"{'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        FAILED.append(what)


def command(engine, ranks, script):
    exe = [NATIVE] if engine == "native" else [MBC, "-sf", "mbc"]
    run = exe + ["-in", script]
    if ranks > 1:
        run = [MPIRUN, "--oversubscribe", "--allow-run-as-root", "-np", str(ranks)] + run
    return run


def run(engine, ranks, where, script="in.case"):
    """One run in `where`; its screen output in out.<script>.txt."""
    out = os.path.join(where, f"out.{script}.txt")
    with open(out, "w") as f:
        rc = subprocess.call(command(engine, ranks, script), cwd=where, stdout=f,
                             stderr=subprocess.STDOUT, timeout=900)
    text = open(out, errors="replace").read()
    if rc != 0 or "ERROR" in text:
        lines = [l for l in text.splitlines() if "ERROR" in l][:3]
        check(False, f"{engine} on {ranks} rank(s) in {where}: status {rc} {lines}")
    return text


def frames(where, prefix):
    post = os.path.join(where, "post")
    names = [n for n in os.listdir(post) if re.fullmatch(prefix + r"\.\d+\.txt", n)]
    return sorted(names, key=lambda n: int(n.split(".")[1]))


def same_values(a, b):
    """Two frames' texts, equal but where a's velocity is subnormal (an
    uninitialized value of liggghts's; cases.FIELDS: columns 5 to 7)."""
    la, lb = a.splitlines(), b.splitlines()
    if len(la) != len(lb):
        return False
    for x, y in zip(la, lb):
        if x == y:
            continue
        fx, fy = x.split(), y.split()
        if len(fx) != len(fy) or len(fx) != 17:
            return False
        for k, (u, v) in enumerate(zip(fx, fy)):
            if u == v:
                continue
            lax = 5 <= k <= 7 and abs(float(u)) < SUBNORMAL and abs(float(v)) < SUBNORMAL
            if not lax:
                return False
    return True


def atom_count(text):
    """The number of atoms of a dump frame (the line after ITEM: NUMBER OF ATOMS)."""
    lines = text.splitlines()
    at = lines.index("ITEM: NUMBER OF ATOMS") if "ITEM: NUMBER OF ATOMS" in lines else -1
    return int(lines[at + 1]) if 0 <= at < len(lines) - 1 else 0


def compare(a, b, prefix, label):
    """Every frame post/PREFIX.*.txt of a and b the same; returns the count."""
    fa, fb = frames(a, prefix), frames(b, prefix)
    check(fa == fb and len(fa) > 0, f"{label}: {len(fa)} and {len(fb)} frames, the same steps")
    differ = []
    atoms = 0
    for name in fa:
        if name not in fb:
            continue
        ta = open(os.path.join(a, "post", name)).read()
        tb = open(os.path.join(b, "post", name)).read()
        atoms = max(atoms, atom_count(ta))
        if ta != tb and not same_values(ta, tb):
            differ.append(name)
    check(not differ and atoms > 0,
          f"{label}: {len(fa)} frames of up to {atoms} atoms, {len(differ)} differ"
          + (f" (first {differ[0]})" if differ else ""))
    return len(fa)


# mbc-liggghts's warning for a pair style that came back from a restart file
# without its words (model.cpp)
RESTORED = "pair gran came back from the restart file without its words"


def announced(text, label):
    ours = text.count("computed by mbconnect's ContactLiggghts")
    native = text.count("is computed by LIGGGHTS itself")
    check(ours > 0 and native == 0,
          f"{label}: the log names ContactLiggghts for {ours} models, LIGGGHTS for {native}")


def diff(name, ranks):
    case = C.BY_NAME[name]
    if not case.available():
        return skip(f"the tutorial {case.source()} is missing (apt-get install liggghts-doc)")
    base = os.path.join(WORK, f"{name}-np{ranks}")
    dirs = {}
    for engine in ("native", "mbc"):
        dirs[engine] = os.path.join(base, engine)
        case.prepare(dirs[engine])
        text = run(engine, ranks, dirs[engine])
        if case.second:
            text += run(engine, ranks, dirs[engine], "in.case2")
        if engine == "mbc":
            announced(text, f"{name} np{ranks}")
            check(RESTORED not in text, f"{name} np{ranks}: no pair style without its words")
    label = f"{name} on {ranks} rank(s): liggghts = mbc-liggghts -sf mbc"
    compare(dirs["native"], dirs["mbc"], "cmp", label)
    if case.second:
        compare(dirs["native"], dirs["mbc"], "cmp2", label + ", after read_restart")
    return finish()


# ------------------------------------------------------------------ restart

RESTART_CASE = "moving_hertz_epsd"

PHASE2 = """atom_style	granular
boundary	m m m
newton		off
communicate	single vel yes
units		si
read_restart	post/r.restart
neighbor	0.05 bin
neigh_modify	delay 0
{tables}
fix		1 all nve/sphere
fix		2 all gravity 9.81 vector 0.0 0.0 -1.0
{walls}
fix		cad1 all mesh/surface file meshes/bucket.stl type 1  move -50. -250. 0. &
		scale 0.002  rotate axis 0. 1. 0. angle 90.  rotate axis 0. 0. 1. angle 90.
{mesh_wall}
compute		1 all erotate/sphere
thermo_style	custom step atoms ke c_1 vol
thermo		1000
{dump}thermo_modify	lost ignore norm no
fix		movecad2 all move/mesh mesh cad1   rotate origin 0. 0. 0. axis 0. 1. 0. period 2.
run		2000
"""


def restart_inputs(where):
    """phase1/in.case: the case to the end of the mesh's linear motion, then
    write_restart; phase2/in.case: from read_restart (the pair style from
    the file), the tables, walls and mesh given again, the rotation."""
    case = C.BY_NAME[RESTART_CASE]
    one = os.path.join(where, "phase1")
    case.prepare(one)
    text = open(os.path.join(one, "in.case")).read()
    head = text[:text.index("unfix\t\tmovecad1")]
    with open(os.path.join(one, "in.case"), "w") as f:
        f.write(head + "write_restart post/r.restart\n")
    lines = text.splitlines()
    tables = "\n".join(l for l in lines if "property/global" in l)
    walls = "\n".join(l for l in lines if "wall/gran" in l and "primitive" in l)
    mesh_wall = "\n".join(l for l in lines if "wall/gran" in l and " mesh " in l)
    two = os.path.join(where, "phase2")
    case.prepare(two)
    with open(os.path.join(two, "in.case"), "w") as f:
        f.write(PHASE2.format(tables=tables, walls=walls, mesh_wall=mesh_wall, dump=C.dump("cmp")))
    return one, two


def restart(ranks):
    case = C.BY_NAME[RESTART_CASE]
    if not case.available():
        return skip(f"the tutorial {case.source()} is missing (apt-get install liggghts-doc)")
    base = os.path.join(WORK, f"restart-np{ranks}")
    if os.path.exists(base):
        shutil.rmtree(base)
    one, two = restart_inputs(os.path.join(base, "inputs"))
    written = {}
    for first in ("native", "mbc"):
        d = os.path.join(base, f"{first}-np{ranks}")
        shutil.copytree(one, d)
        run(first, ranks, d)
        written[(first, ranks)] = os.path.join(d, "post", "r.restart")
    compare(os.path.join(base, f"native-np{ranks}"), os.path.join(base, f"mbc-np{ranks}"), "cmp",
            f"restart, first half on {ranks} rank(s)")
    same = open(written[("native", ranks)], "rb").read() == open(written[("mbc", ranks)], "rb").read()
    check(same, f"restart files of liggghts and mbc-liggghts on {ranks} rank(s) are the same bytes")
    sources = [(f, ranks) for f in ("native", "mbc")]
    if ranks > 1:  # a file of 1 rank, continued on `ranks`
        d = os.path.join(base, "native-np1")
        shutil.copytree(one, d)
        run("native", 1, d)
        written[("native", 1)] = os.path.join(d, "post", "r.restart")
        sources.append(("native", 1))
    for source in sources:
        seconds = {}
        for second in ("native", "mbc"):
            d = os.path.join(base, f"{second}-np{ranks}-after-{source[0]}-np{source[1]}")
            shutil.copytree(two, d)
            shutil.copy(written[source], os.path.join(d, "post", "r.restart"))
            text = run(second, ranks, d)
            if second == "mbc":
                check(text.count(RESTORED) == 1, f"restart: {source[0]} on {source[1]} then mbc "
                      f"on {ranks}: the pair style from the file is said once")
            seconds[second] = d
        reference = os.path.join(base, f"native-np{ranks}-after-native-np{source[1]}")
        for second, d in seconds.items():
            if d != reference:
                compare(reference, d, "cmp", f"restart: {source[0]} on {source[1]} then {second} "
                        f"on {ranks} = liggghts then liggghts")
    return finish()


# ------------------------------------------------------------------ options

def options():
    """--help, --version, --corrected without -sf mbc (status 2), and a
    model ContactLiggghts does not compute (LIGGGHTS's, said once)."""
    out = subprocess.run([MBC, "--help"], capture_output=True, text=True)
    check(out.returncode == 0 and "Usage: mpirun -np N mbc-liggghts" in out.stdout, "--help")
    out = subprocess.run([MBC, "--version"], capture_output=True, text=True)
    check(out.returncode == 0 and re.fullmatch(r"mbc-liggghts \d+\.\d+\.\d+\n", out.stdout), "--version")
    out = subprocess.run([MBC, "--corrected", "-in", "none"], capture_output=True, text=True)
    check(out.returncode == 2 and out.stderr == "mbc-liggghts: --corrected changes ContactLiggghts, "
          "which runs only with -sf mbc (given --corrected alone)\n", "--corrected alone: status 2, one line")
    case = C.BY_NAME["newModels"]
    if not case.available():
        return skip(f"the tutorial {case.source()} is missing (apt-get install liggghts-doc)")
    where = os.path.join(WORK, "options")
    # a model ContactLiggghts does not compute: hertz/stiffness stays LIGGGHTS's
    case.prepare(where)
    text = open(os.path.join(where, "in.case")).read()
    text = text.replace("pair_style gran model hertz tangential history",
                        "fix mk all property/global kn peratomtypepair 1 1e4\n"
                        "fix mt all property/global kt peratomtypepair 1 1e4\n"
                        "fix mgn all property/global gamman peratomtypepair 1 10\n"
                        "fix mgt all property/global gammat peratomtypepair 1 10\n"
                        "pair_style gran model hertz/stiffness tangential history")
    text = re.sub(r"^run\s+8000 upto", "run 2100 upto", text, flags=re.M)
    open(os.path.join(where, "in.case"), "w").write(text)
    log = run("mbc", 1, where)
    check(log.count("mbc-liggghts: pair gran: model hash ") == 1
          and "is computed by LIGGGHTS itself" in log, "hertz/stiffness: LIGGGHTS's own, said once")
    # heating is not computed: refused in one line
    case.prepare(where)
    text = open(os.path.join(where, "in.case")).read()
    text = text.replace("pair_style gran model hertz tangential history",
                        "pair_style gran model hertz tangential history heating_normal_hertz on")
    open(os.path.join(where, "in.case"), "w").write(text)
    # LIGGGHTS 3.8's Error::all adds, 2 times in 10, a "comment from the
    # off" or "tip of the day" line read from a std::string it has already
    # destroyed (error_special.h, generate_message): bytes of no encoding,
    # after the ERROR line, in liggghts itself too
    out = subprocess.run([MBC, "-sf", "mbc", "-in", "in.case"], cwd=where, capture_output=True, text=True,
                         errors="backslashreplace")
    errors = [l for l in out.stdout.splitlines() if l.startswith("ERROR")]
    check(out.returncode == 1 and len(errors) == 1 and "'heating_normal_hertz on' is not computed" in errors[0],
          f"heating_normal_hertz on: refused in one line {errors}")
    return finish()


def skip(why):
    print(f"SKIPPED: {why}")
    return 77


def finish():
    if FAILED:
        print(f"{len(FAILED)} check(s) failed:\n  " + "\n  ".join(FAILED))
        return 1
    return 0


def main():
    if not MBC or not os.path.exists(MBC):
        return skip("mbc-liggghts is not built (apt-get install liggghts libliggghts-dev liggghts-doc "
                    "openmpi-bin libopenmpi-dev g++, then cmake --workflow --preset default)")
    for exe in (NATIVE, MPIRUN):
        if not shutil.which(exe):
            return skip(f"{exe} not found (apt-get install liggghts openmpi-bin)")
    what = sys.argv[1]
    if what == "diff":
        return diff(sys.argv[2], int(sys.argv[3]))
    if what == "restart":
        return restart(int(sys.argv[2]))
    return options()


if __name__ == "__main__":
    sys.exit(main())
