#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Speed of `mbc simulate` on a chain of dynamic ANCF elements
(examples/scenes/hanging_cable.lua) at 8, 50 and 200 elements, with the
linear solver chosen automatically (dense LAPACKE up to 64 unknowns, KLU
above) and, for comparison, forced dense; the step-size convergence
study of examples/scenes/cantilever_roll.lua; and the discontinuous
step-size control on examples/scenes/convex_roll_drop.lua (position at
t = 0.1 s for h, h/2, h/4, h/8, observed order, step statistics).

    bench/simulate_bench.py [build/bin/mbc]

Speed is measured here and reported in the README, never asserted."""
import json
import math
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


def convex_roll():
    print("\nconvex_roll_drop.lua: discontinuous step-size control (position at t = 0.1 s)")
    print(f"  {'h':>9} {'x [m]':>13} {'y [m]':>13} {'z [m]':>13} {'change':>9} {'order':>6} "
          f"{'steps':>6} {'redone':>6} {'Newton':>6} {'unconv.':>7}")
    prev, prev_change = None, None
    for h in ["5e-4", "2.5e-4", "1.25e-4", "6.25e-5", "3.125e-5"]:
        d = run("examples/scenes/convex_roll_drop.lua", f"h={h}")
        p, s = d["sensors"]["position"], d["statistics"]
        change = None if prev is None else math.dist(p, prev)
        order = "" if prev_change is None else f"{math.log2(prev_change / change):.2f}"
        print(f"  {h:>9} {p[0]:>13.9f} {p[1]:>13.9f} {p[2]:>13.9f} "
              f"{'' if change is None else f'{change:.2e}':>9} {order:>6} {s['steps']:>6} "
              f"{s['stepReductions']:>6} {s['newtonFailures']:>6} {s['discontinuousUnconverged']:>7}")
        prev, prev_change = p, change


if __name__ == "__main__":
    steps_per_second()
    convergence()
    convex_roll()
