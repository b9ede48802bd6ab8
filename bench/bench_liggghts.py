#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""mbc-liggghts -sf mbc against LIGGGHTS's own liggghts on the same input:
CPU time per step, and instructions per contact.

    /usr/bin/python3 bench/bench_liggghts.py [BUILD_DIR] [--sizes 16k,32k] [--ranks 1,2]
                                             [--steps N] [--repeat R] [--model hertz|full]
                                             [--callgrind]

The input is bench/liggghts/lattice.in: a simple cubic lattice of spheres
(d = 10 mm, spacing 9.9 mm), periodic, in which every sphere touches its 6
neighbors as in a settled bed, so that the pair loop is nearly all contacts
(16k: 16x32x32 spheres, 32k: 32x32x32). --model hertz is `model hertz
tangential history`, full adds `cohesion sjkr rolling_friction epsd`.
The CPU time of a run (the process's and its MPI ranks' user + system
time, getrusage) includes the set-up; each configuration therefore runs
twice, with --steps and with 5 x --steps, and the difference over 4 x
--steps steps is the time per step. The runs of liggghts and of
mbc-liggghts alternate (R times); reported: the best of each and their
ratio, the median of the R pairs' own ratios, the load before and after
(the machine is shared).

--callgrind counts instructions instead (valgrind's callgrind, 8x16x32
spheres, 20 steps): the pair loop (PairGranProxy::compute_force, which runs
LIGGGHTS's template over the contact model, inclusive) of each program per
contact and step, and, for mbc-liggghts, the law's kernel itself
(lg_kernel_*) and the rest, which is LIGGGHTS's loop and the adapter
(bridges/liggghts/model.h). Reported, never asserted."""
import os
import pathlib
import re
import resource
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
INPUT = ROOT / "bench" / "liggghts" / "lattice.in"
SIZES = {"4k": (8, 16, 32), "16k": (16, 32, 32), "32k": (32, 32, 32)}
MODELS = {"hertz": "model hertz tangential history",
          "full": "model hertz tangential history cohesion sjkr rolling_friction epsd"}
VALUED = ("--sizes", "--ranks", "--steps", "--repeat", "--model")


def option(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


def load():
    return os.getloadavg()[0]


def command(exe, mbc, ranks, size, steps, model):
    nx, ny, nz = SIZES[size]
    cmd = [exe] + (["-sf", "mbc"] if mbc else []) + [
        "-in", str(INPUT), "-log", "none", "-var", "nx", str(nx), "-var", "ny", str(ny),
        "-var", "nz", str(nz), "-var", "steps", str(steps), "-var", "model", MODELS[model]]
    if ranks > 1:
        cmd = ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", str(ranks)] + cmd
    return cmd


def cpu_seconds(cmd, cwd):
    """The user + system time of cmd and its descendants."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=3600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode != 0 or "ERROR" in p.stdout:
        sys.exit(f"bench_liggghts: {' '.join(cmd)} failed:\n{p.stdout[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def per_step(exe, mbc, ranks, size, steps, model, cwd):
    short = cpu_seconds(command(exe, mbc, ranks, size, steps, model), cwd)
    long = cpu_seconds(command(exe, mbc, ranks, size, 5 * steps, model), cwd)
    return (long - short) / (4 * steps)


def timing(build, sizes, ranks_list, steps, repeat, model):
    mbc_exe = str(build / "bin" / "mbc-liggghts")
    print(f"model: pair_style gran {MODELS[model]}; CPU ms per step (user + system, all ranks), "
          f"best of {repeat} alternating runs")
    print(f"{'spheres':>8} {'ranks':>5} {'liggghts':>9} {'mbc':>9} {'ratio':>6} {'median':>7}  load")
    with tempfile.TemporaryDirectory() as tmp:
        for size in sizes:
            for ranks in ranks_list:
                native, ours, ratios = [], [], []
                l0 = load()
                for _ in range(repeat):
                    a = per_step("liggghts", False, ranks, size, steps, model, tmp)
                    b = per_step(mbc_exe, True, ranks, size, steps, model, tmp)
                    native.append(a)
                    ours.append(b)
                    ratios.append(b / a)
                ratios.sort()
                print(f"{size:>8} {ranks:>5} {1e3 * min(native):9.3f} {1e3 * min(ours):9.3f} "
                      f"{min(ours) / min(native):6.3f} {ratios[len(ratios) // 2]:7.3f}  "
                      f"{l0:.1f}-{load():.1f}")


def callgrind_run(exe, mbc, steps, model, out, tmp):
    cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
           "--collect-atstart=no", "--toggle-collect=*PairGranProxy::compute_force*"]
    cmd += command(exe, mbc, 1, "4k", steps, model)
    p = subprocess.run(cmd, cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        sys.exit(f"bench_liggghts: callgrind failed:\n{p.stdout[-2000:]}")


def annotate(out, pattern):
    """Total instructions of the file, and the inclusive ones of functions
    matching pattern."""
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", out], capture_output=True,
                          text=True).stdout
    total = int(re.search(r"([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", text).group(1).replace(",", ""))
    part = 0
    for line in text.splitlines():
        m = re.match(r"\s*([\d,]+) \([\d.]+%\)\s+\S+:(.*)", line)
        if m and re.search(pattern, m.group(2)):
            part += int(m.group(1).replace(",", ""))
    return total, part


def callgrind(build, steps, model):
    if not shutil.which("valgrind"):
        sys.exit("bench_liggghts: --callgrind needs valgrind (apt-get install valgrind)")
    nx, ny, nz = SIZES["4k"]
    atoms = nx * ny * nz
    contacts = 3 * atoms * (steps + 1)  # a half list of the 6 neighbors, every step and the set-up
    with tempfile.TemporaryDirectory() as tmp:
        native_out, mbc_out = os.path.join(tmp, "native.cg"), os.path.join(tmp, "mbc.cg")
        callgrind_run("liggghts", False, steps, model, native_out, tmp)
        callgrind_run(str(build / "bin" / "mbc-liggghts"), True, steps, model, mbc_out, tmp)
        native, _ = annotate(native_out, r"$^")
        ours, law = annotate(mbc_out, r"lg_kernel_")
    print(f"model: pair_style gran {MODELS[model]}; {atoms} spheres, {steps} steps, "
          f"{contacts} contact evaluations; instructions per contact evaluation:")
    print(f"  pair loop, liggghts:      {native / contacts:8.1f}")
    print(f"  pair loop, mbc-liggghts:  {ours / contacts:8.1f} ({ours / native:.3f}x)")
    print(f"    of which the law:       {law / contacts:8.1f} (lg_kernel_*, the kernel of the model)")
    print(f"    LIGGGHTS's loop, adapter: {(ours - law) / contacts:6.1f}")


def main():
    args = [a for i, a in enumerate(sys.argv[1:], 1)
            if not a.startswith("--") and sys.argv[i - 1] not in VALUED]
    build = pathlib.Path(args[0]).resolve() if args else ROOT / "build"
    model = option("--model", "hertz")
    steps = int(option("--steps", "100"))
    if "--callgrind" in sys.argv:
        callgrind(build, int(option("--steps", "20")), model)
        return
    sizes = option("--sizes", "16k").split(",")
    ranks = [int(r) for r in option("--ranks", "1").split(",")]
    timing(build, sizes, ranks, steps, int(option("--repeat", "3")), model)


if __name__ == "__main__":
    main()
