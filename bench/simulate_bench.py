#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Speed of `mbc simulate` on a chain of dynamic ANCF elements
(examples/scenes/hanging_cable.lua) at 8, 50 and 200 elements, with the
linear solver chosen automatically (dense LAPACKE up to 64 unknowns, KLU
above) and, for comparison, forced dense; and the step-size convergence
study of examples/scenes/cantilever_roll.lua.

    bench/simulate_bench.py [build/bin/mbc]

Speed is measured here and reported in the README, never asserted."""
import json
import subprocess
import sys

MBC = sys.argv[1] if len(sys.argv) > 1 else "build/bin/mbc"


def run(scene, *sets):
    args = [MBC, "simulate", scene, "--quiet"]
    for s in sets:
        args += ["--set", s]
    return json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)


def steps_per_second():
    print("ANCF chain (hanging_cable.lua, h = 1e-3 s, generalized-alpha rho_inf = 0.8)")
    print(f"{'elements':>8} {'unknowns':>8} {'solver':>7} {'steps':>6} {'Newton/step':>11} {'steps/s':>9}")
    for n, linear, steps in [(8, "auto", 1000), (50, "auto", 400), (200, "auto", 200),
                             (50, "dense", 200), (200, "dense", 20)]:
        best = None
        for _ in range(3):  # best of three: the machine is shared
            d = run("examples/scenes/hanging_cable.lua", f"n={n}", f"steps={steps}", f"linear={linear}")
            s = d["statistics"]
            rate = s["steps"] / s["wallSeconds"]
            best = rate if best is None or rate > best else best
        print(f"{n:>8} {s['coordinates'] + s['multipliers']:>8} {'KLU' if s['sparse'] else 'dense':>7} "
              f"{s['steps']:>6} {s['newtonIterations'] / s['steps']:>11.2f} {best:>9.0f}")


def convergence():
    print("\ncantilever_roll.lua: step-size convergence (roll center y and beam deflection at x = a, t = 0.3 s)")
    prev = None
    for h in ["1e-3", "5e-4", "2.5e-4", "1.25e-4", "6.25e-5", "3.125e-5"]:
        d = run("examples/scenes/cantilever_roll.lua", f"h={h}", "endTime=0.3")
        y = d["sensors"]["roll"][1]
        w = d["sensors"]["beamAtA"][1]
        diff = "" if prev is None else f"{y - prev:+.3e}"
        print(f"  h = {h:>8}  roll y = {y:.9f} m  beam y(a) = {w:.9f} m  change {diff}")
        prev = y


if __name__ == "__main__":
    steps_per_second()
    convergence()
