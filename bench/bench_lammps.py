#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""mbc-lammps against LAMMPS's own pair granular: loop time per step.

    /usr/bin/python3 bench/bench_lammps.py [BUILD_DIR] [--sizes 32k,128k] [--ranks 1,2]
                                           [--steps N] [--repeat R] [--hooks]
                                           [--law css|full|plain|classic|classic_hertz]
                                           [--newton on|off] [--form suffix|spelled]
                                           [--compare OTHER_BUILD_DIR] [--callgrind]

For each size (32k: 32x32x32 spheres, 128k: 32x64x64) and rank count, one
mbc-lammps run of bench/lammps/bench.in times the same law on the same
configuration through the bridge (pair_style mbconnect with
ContactSphereSphere, the batch path) and through `pair_style granular`
(hertz, damping velocity). --law full and --law plain run
bench/lammps/bench_granular.in instead: the same lines of pair_style
granular through granular/mbc (`suffix mbc`, as -sf mbc) and through
LAMMPS's own style (`suffix off`): full is `hertz/material ... damping
tsuji tangential mindlin NULL ... rolling sds ... twisting marshall`, plain
`hertz ... tangential linear_history`. --law classic and classic_hertz run
bench/lammps/bench_classic.in: ContactGranClassic with the words of
pair_style gran/hooke/history (classic) or gran/hertz/history
(classic_hertz) against that pair style itself, through its /mbc style
(--form suffix, the default: the unchanged lines under `suffix mbc`) or
pair_style mbconnect (--form spelled). --newton (default on,
LAMMPS's default, for these; off for css) is the run's newton setting.
Reported per step: the wall-clock loop time and the CPU time (loop time x
LAMMPS's "% CPU use"), the best of R runs, the ratio bridge/native of the
bests and the median of the R runs' own CPU-time ratios; the time of the
pair style alone (the "Pair" row of LAMMPS's timing breakdown, its average
over the ranks: compute(), the part the styles differ in; integration,
communication, neighbor lists and the history's fix are the same work on
both sides), its best of R, ratio and median ratio; and for
2 ranks the speed-up over 1 rank; the load average before and after each run
(the machine is shared: a busy second core slows the 2-rank runs). --hooks
adds the bridge through the hooks pair by pair (MBC_LAMMPS_GENERIC=1).
--compare runs the mbc-lammps of another build too, alternating
with this one's runs (a before/after under the same load).

--callgrind counts instructions instead (valgrind's callgrind, 16x16x16
spheres, 20 steps after 1 of warm-up; counts do not depend on the load):
per touching pair and force evaluation, the bridge's Pair::compute
(everything mbc-lammps does in a step: neighbor loop, history, the
library's batch, adding the results) and pair granular's compute. Valgrind's CPU has no AVX-512, so
the library runs its AVX2 clones there. Reported, never asserted."""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
SIZES = {"32k": (32, 32, 32), "128k": (32, 64, 64)}
VALUED = ("--sizes", "--ranks", "--steps", "--repeat", "--compare", "--law",
          "--newton", "--form")
WORDS = {
    "full": "hertz/material 1e8 0.5 0.3 damping tsuji tangential mindlin NULL 1.0 0.5 "
            "rolling sds 1e3 5 0.1 twisting marshall",
    "plain": "hertz 2e8 0.5 tangential linear_history 1e4 1.0 0.5",
    "classic": "2e6 NULL 50 NULL 0.5 1",
    "classic_hertz": "2e8 NULL 500 NULL 0.5 1",
}
# the classic laws: their pair style (pair_style mbconnect, pair_coeff * * STYLE WORDS, against
# pair_style STYLE WORDS) and its compute() in the callgrind profile
CLASSIC = {"classic": ("gran/hooke/history", "PairGranHookeHistory::compute("),
           "classic_hertz": ("gran/hertz/history", "PairGranHertzHistory::compute(")}


def option(name, default):
    if name in sys.argv:
        return sys.argv[sys.argv.index(name) + 1]
    return default


def command(build, size, steps, warm=20):
    nx, ny, nz = size
    law = option("--law", "css")
    bench = "bench.in" if law == "css" else "bench_classic.in" if law in CLASSIC \
        else "bench_granular.in"
    args = [str(build / "bin" / "mbc-lammps"), "-in", str(ROOT / "bench" / "lammps" / bench),
            "-var", "nx", str(nx), "-var", "ny", str(ny), "-var", "nz", str(nz),
            "-var", "steps", str(steps), "-var", "warm", str(warm), "-log", "none"]
    if law != "css":
        args += ["-var", "words", WORDS[law], "-var", "newton", option("--newton", "on")]
    if law in CLASSIC:
        args += ["-var", "style", CLASSIC[law][0], "-var", "form", option("--form", "suffix")]
    return args


def run(build, size, ranks, steps, hooks):
    """Loop seconds per step (wall, cpu) of the bridge and of native."""
    env = dict(os.environ)
    args = ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", str(ranks)]
    if hooks:
        env["MBC_LAMMPS_GENERIC"] = "1"
        args += ["-x", "MBC_LAMMPS_GENERIC"]
    args += command(build, SIZES[size], steps)
    with tempfile.TemporaryDirectory() as tmp:
        load = os.getloadavg()[0]
        out = subprocess.run(args, cwd=tmp, env=env, capture_output=True, text=True, check=True).stdout
        load = (load, os.getloadavg()[0])
    loops = re.findall(r"Loop time of ([0-9.e+-]+) on \d+ procs for (\d+) steps", out)
    cpus = re.findall(r"([0-9.]+)% CPU use", out)
    # the timing breakdown's "Pair | min | avg | max | %varavg | %total" row
    pairs = re.findall(r"^Pair\s*\|\s*\S+\s*\|\s*([0-9.e+-]+)", out, re.M)
    timed = [1, 3]  # the `run steps` of each side, after its warm-up run
    result = []
    for k in timed:
        seconds, n = float(loops[k][0]), int(loops[k][1])
        result.append((seconds / n, seconds / n * float(cpus[k]) / 100.0, float(pairs[k]) / n))
    return result, load


def callgrind(build):
    """Instructions per touching pair and force evaluation: bridge, native."""
    n, steps, warm = 16, 20, 1
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + out]
                       + command(build, (n, n, n), steps, warm),
                       cwd=tmp, capture_output=True, check=True)
        text = subprocess.run(["callgrind_annotate", "--inclusive=yes", out], capture_output=True,
                              text=True, check=True).stdout
    def inclusive(symbol):
        for line in text.splitlines():
            if symbol in line:
                return int(line.split()[0].replace(",", ""))
        raise SystemExit("bench_lammps.py: %s not in the callgrind profile" % symbol)
    # simple cubic lattice, periodic: 3 touching pairs per sphere; each side
    # evaluates the forces warm + 1 and steps + 1 times (a run's set-up too)
    pairs = n ** 3 * 3 * (warm + 1 + steps + 1)
    law = option("--law", "css")
    native = CLASSIC[law][1] if law in CLASSIC else "PairGranular::compute("
    return inclusive("PairMbc::compute(") / pairs, inclusive(native) / pairs


def main():
    build = pathlib.Path(next((a for i, a in enumerate(sys.argv[1:], 1) if not a.startswith("--")
                               and sys.argv[i - 1] not in VALUED), "build")).resolve()
    if "--callgrind" in sys.argv:
        builds = [build] + ([pathlib.Path(option("--compare", "")).resolve()]
                            if "--compare" in sys.argv else [])
        print("instructions per touching pair and force evaluation (callgrind, 4096 spheres)")
        for b in builds:
            bridge, native = callgrind(b)
            law = option("--law", "css")
            print("%s: law %s: bridge %.0f, %s %.0f, ratio %.2f"
                  % (b, law, bridge, CLASSIC[law][0] if law in CLASSIC else "pair granular",
                     native, bridge / native))
        return
    sizes = option("--sizes", "32k,128k").split(",")
    ranks = [int(r) for r in option("--ranks", "1,2").split(",")]
    steps, repeat = int(option("--steps", "200")), int(option("--repeat", "3"))
    variants = [False, True] if "--hooks" in sys.argv else [False]
    builds = [("this", build)]
    if "--compare" in sys.argv:
        builds.append(("other", pathlib.Path(option("--compare", "")).resolve()))
        print("this: %s\nother: %s" % (build, builds[1][1]))
    law = option("--law", "css")
    print(f"law {law}" + (f", form {option('--form', 'suffix')}" if law in CLASSIC else "")
          + (f" ({WORDS[law]}), newton {option('--newton', 'on')}" if law != "css"
                          else " (ContactSphereSphere, hertz velocity damping), newton off"))
    native = f"pair {CLASSIC[law][0]}" if law in CLASSIC else "pair granular"
    print(f"mbc-lammps vs {native}, {steps} steps per run, best of {repeat}; ms per step")
    print(f"{'spheres':>8} {'ranks':>5} {'path':>6} {'build':>5} {'bridge wall':>11} "
          f"{'native wall':>11} {'ratio':>6} {'bridge cpu':>10} {'native cpu':>10} {'ratio':>6} {'median':>6}"
          f" {'bridge pair':>11} {'native pair':>11} {'ratio':>6} {'median':>6}"
          f"  load (1 min) before/after")
    best = {}
    for size in sizes:
        for n in ranks:
            for hooks in variants:
                runs = {name: [] for name, _ in builds}
                for _ in range(repeat):  # the builds alternate: the same load for both
                    for name, b in builds:
                        runs[name].append(run(b, size, n, steps, hooks))
                for name, _ in builds:
                    rs = runs[name]
                    bridge_wall = min(r[0][0][0] for r in rs)
                    native_wall = min(r[0][1][0] for r in rs)
                    bridge_cpu = min(r[0][0][1] for r in rs)
                    native_cpu = min(r[0][1][1] for r in rs)
                    loads = " ".join(f"{a:.1f}/{b:.1f}" for _, (a, b) in rs)
                    # the ratio of each run (both sides under the same load), its median
                    paired = sorted(r[0][0][1] / r[0][1][1] for r in rs)
                    median = paired[len(paired) // 2]
                    bridge_pair = min(r[0][0][2] for r in rs)
                    native_pair = min(r[0][1][2] for r in rs)
                    paired = sorted(r[0][0][2] / r[0][1][2] for r in rs)
                    pair_median = paired[len(paired) // 2]
                    best[(size, n, hooks, name)] = (bridge_wall, native_wall)
                    print(f"{size:>8} {n:>5} {'hooks' if hooks else 'batch':>6} {name:>5} "
                          f"{1e3 * bridge_wall:11.2f} {1e3 * native_wall:11.2f} "
                          f"{bridge_wall / native_wall:6.2f} {1e3 * bridge_cpu:10.2f} "
                          f"{1e3 * native_cpu:10.2f} {bridge_cpu / native_cpu:6.2f} {median:6.2f} "
                          f"{1e3 * bridge_pair:11.2f} {1e3 * native_pair:11.2f} "
                          f"{bridge_pair / native_pair:6.2f} {pair_median:6.2f}  {loads}",
                          flush=True)
    for size in sizes:
        for name, _ in builds:
            if (size, 1, False, name) in best and (size, 2, False, name) in best:
                b1, n1 = best[(size, 1, False, name)]
                b2, n2 = best[(size, 2, False, name)]
                print(f"{size} ({name}): 2 ranks vs 1 (wall): bridge {b1 / b2:.2f}x, "
                      f"native {n1 / n2:.2f}x")


if __name__ == "__main__":
    main()
