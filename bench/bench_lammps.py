#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""mbc-lammps against LAMMPS's own pair granular: loop time per step.

    /usr/bin/python3 bench/bench_lammps.py [BUILD_DIR] [--sizes 32k,128k] [--ranks 1,2]
                                           [--steps N] [--repeat R] [--capacity C] [--hooks]

For each size (32k: 32x32x32 spheres, 128k: 32x64x64) and rank count, one
mbc-lammps run of bench/lammps/bench.in times the same law on the same
configuration through the bridge (mbconnect pair ContactSphereSphere, the
batch path) and through `pair_style granular` (hertz, damping velocity).
Reported per step: the wall-clock loop time and the CPU time (loop time x
LAMMPS's "% CPU use"), the best of R runs, the ratio bridge/native, and for
2 ranks the speed-up over 1 rank; the load average before and after each run
(the machine is shared: a busy second core slows the 2-rank runs). --hooks
adds the bridge through the hooks pair by pair (MBC_LAMMPS_GENERIC=1).
--capacity sets `mbconnect capacity` (default 16, the tool's default; the
lattice needs 6): the contact records are per-atom memory that every step
touches. Reported, never asserted."""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
SIZES = {"32k": (32, 32, 32), "128k": (32, 64, 64)}


def option(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


def run(build, size, ranks, steps, hooks, capacity):
    """Loop seconds per step (wall, cpu) of the bridge and of native."""
    nx, ny, nz = SIZES[size]
    env = dict(os.environ)
    args = ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", str(ranks)]
    if hooks:
        env["MBC_LAMMPS_GENERIC"] = "1"
        args += ["-x", "MBC_LAMMPS_GENERIC"]
    args += [str(build / "bin" / "mbc-lammps"), "-in", str(ROOT / "bench" / "lammps" / "bench.in"),
             "-var", "nx", str(nx), "-var", "ny", str(ny), "-var", "nz", str(nz),
             "-var", "steps", str(steps), "-var", "capacity", str(capacity), "-log", "none"]
    with tempfile.TemporaryDirectory() as tmp:
        load = os.getloadavg()[0]
        out = subprocess.run(args, cwd=tmp, env=env, capture_output=True, text=True, check=True).stdout
        load = (load, os.getloadavg()[0])
    loops = re.findall(r"Loop time of ([0-9.e+-]+) on \d+ procs for (\d+) steps", out)
    cpus = re.findall(r"([0-9.]+)% CPU use", out)
    timed = [1, 3]  # the `run steps` of each side, after its warm-up run
    result = []
    for k in timed:
        seconds, n = float(loops[k][0]), int(loops[k][1])
        result.append((seconds / n, seconds / n * float(cpus[k]) / 100.0))
    return result, load


def main():
    build = pathlib.Path(next((a for a in sys.argv[1:] if not a.startswith("--") and
                               sys.argv[sys.argv.index(a) - 1] not in
                               ("--sizes", "--ranks", "--steps", "--repeat", "--capacity")),
                          "build")).resolve()
    sizes = option("--sizes", "32k,128k").split(",")
    ranks = [int(r) for r in option("--ranks", "1,2").split(",")]
    steps, repeat = int(option("--steps", "200")), int(option("--repeat", "3"))
    capacity = int(option("--capacity", "16"))
    variants = [False, True] if "--hooks" in sys.argv else [False]
    print(f"mbc-lammps vs pair granular, {steps} steps per run, best of {repeat}, "
          f"{capacity} contacts per atom; ms per step")
    print(f"{'spheres':>8} {'ranks':>5} {'path':>6} {'bridge wall':>11} {'native wall':>11} "
          f"{'ratio':>6} {'bridge cpu':>10} {'native cpu':>10} {'ratio':>6}  load (1 min) before/after")
    best = {}
    for size in sizes:
        for n in ranks:
            for hooks in variants:
                runs = [run(build, size, n, steps, hooks, capacity) for _ in range(repeat)]
                bridge_wall = min(r[0][0][0] for r in runs)
                native_wall = min(r[0][1][0] for r in runs)
                bridge_cpu = min(r[0][0][1] for r in runs)
                native_cpu = min(r[0][1][1] for r in runs)
                loads = " ".join(f"{a:.1f}/{b:.1f}" for _, (a, b) in runs)
                best[(size, n, hooks)] = (bridge_wall, native_wall)
                print(f"{size:>8} {n:>5} {'hooks' if hooks else 'batch':>6} "
                      f"{1e3 * bridge_wall:11.2f} {1e3 * native_wall:11.2f} "
                      f"{bridge_wall / native_wall:6.2f} {1e3 * bridge_cpu:10.2f} "
                      f"{1e3 * native_cpu:10.2f} {bridge_cpu / native_cpu:6.2f}  {loads}")
    for size in sizes:
        if (size, 1, False) in best and (size, 2, False) in best:
            b1, n1 = best[(size, 1, False)]
            b2, n2 = best[(size, 2, False)]
            print(f"{size}: 2 ranks vs 1 (wall): bridge {b1 / b2:.2f}x, native {n1 / n2:.2f}x")


if __name__ == "__main__":
    main()
