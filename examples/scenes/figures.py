#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Figures of the scene benchmarks for docs/solver-integration.rst:
capstan.png (T2/T1 against the wrap angle with exp(mu theta)), cradle.png
(sphere velocities of a five-ball cradle), eapm_cycle.png (contact force
against overlap with the seed's three branches); and for docs/simulate.rst
simulate_convex_roll_drop.png (what `mbc simulate --plot` draws).

    examples/scenes/figures.py MBC OUTDIR      (needs gnuplot-nox)

Run from the source tree (cmake --build build --target scene-figures)."""
import csv
import json
import math
import os
import subprocess
import sys

MBC, OUT = sys.argv[1], sys.argv[2]
ONLY = sys.argv[3:] or ["capstan", "cradle", "eapm", "plot"]
os.makedirs(OUT, exist_ok=True)


def simulate(scene, *sets, csv_path=None):
    args = [MBC, "simulate", f"examples/scenes/{scene}", "--quiet"]
    for s in sets:
        args += ["--set", s]
    if csv_path:
        args += ["--csv", csv_path]
    return json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)


def gnuplot(script):
    subprocess.run(["gnuplot"], input=script, text=True, check=True)


# --plot as a user sees it
"plot" in ONLY and subprocess.run([MBC, "simulate", "examples/scenes/convex_roll_drop.lua", "--quiet",
                                   "--plot", os.path.join(OUT, "simulate_convex_roll_drop.png")],
                                  check=True, stdout=subprocess.DEVNULL)

# capstan
data = os.path.join(OUT, "capstan.dat")
if "capstan" not in ONLY:
    data = None
with open(data or os.devnull, "w") as f:
    for mu in (0.1, 0.3) if data else ():
        for wrap in (0.25, 0.5, 0.75, 1.0, 1.25, 1.5):
            s = simulate("capstan.lua", f"wrap={wrap}", f"mu={mu}")["sensors"]
            ratio = math.hypot(s["drawX"][0], s["drawY"][0]) / 10.0
            f.write(f"{mu} {wrap * math.pi} {ratio}\n")
        f.write("\n\n")
data and gnuplot(f"""set terminal pngcairo size 800,560 noenhanced
set output '{OUT}/capstan.png'
set xlabel 'wrap angle theta [rad]'; set ylabel 'T2 / T1'; set grid; set key top left
set xrange [0:5]
plot exp(0.1*x) with lines lc 1 dt 2 title 'exp(0.1 theta)', \\
     exp(0.3*x) with lines lc 2 dt 2 title 'exp(0.3 theta)', \\
     '{data}' index 0 using 2:3 with points pt 7 lc 1 title 'mbc simulate, mu = 0.1', \\
     '{data}' index 1 using 2:3 with points pt 7 lc 2 title 'mbc simulate, mu = 0.3'
""")

# cradle
cradle = os.path.join(OUT, "cradle.csv")
"cradle" in ONLY and simulate("cradle.lua", "n=5", "e=0.8", "endTime=0.2", csv_path=cradle)
plots = ", ".join(f"'{cradle}' using 1:'v{k}[0]' with lines lw 2 title 'sphere {k}'" for k in range(1, 6))
"cradle" in ONLY and gnuplot(f"""set terminal pngcairo size 800,560 noenhanced
set output '{OUT}/cradle.png'
set datafile separator ','
set xlabel 'time [s]'; set ylabel 'velocity [m/s]'; set grid
set title "Newton's cradle, 5 spheres, e = 0.8: v' = v (1 -/+ e)/2 at every impact"
plot {plots}
""")

# EAPM cycle
if "eapm" not in ONLY:
    sys.exit(0)
eapm = os.path.join(OUT, "eapm_cycle.csv")
simulate("eapm_cycle.lua", csv_path=eapm)
kc, lam, kadh, fadh = 1e5, 0.5, 5e3, 0.5
k2 = kc / (1 - lam)
rows = list(csv.DictReader(open(eapm)))
dmax = max(-float(r["gap[2]"]) for r in rows)
dmax1 = max(-float(r["gap[2]"]) for r in rows if float(r["time"]) < 2.0)  # first unloading
gnuplot(f"""set terminal pngcairo size 800,560 noenhanced
set output '{OUT}/eapm_cycle.png'
set datafile separator ','
set xlabel 'overlap delta [mm]'; set ylabel 'contact force on the pressed sphere [N]'; set grid
set key top left Left reverse
set title 'ContactSphereSphere, impactModel 0 (EAPM), lambda_P = 0.5: a loading cycle'
set xrange [-0.05:{dmax * 1000 * 1.05}]
set samples 400
f1(d) = -{fadh} + {kc} * d / 1000
fa(d) = -{fadh} - {kadh} * d / 1000
fu(d) = -{fadh} + {k2} * (d / 1000 - {lam * dmax})
fu1(d) = -{fadh} + {k2} * (d / 1000 - {lam * dmax1})
plot f1(x) with lines lw 6 lc rgb '#a0c0ff' title 'loading (seed formula)', \\
     (x > {lam * dmax * 1000 * 0.97} ? fu(x) : 1/0) with lines lw 6 lc rgb '#a0e0a0' title 'unloading/reloading (seed formula)', \\
     (x > {lam * dmax1 * 1000 * 1.1} && x < {dmax1 * 1000} ? fu1(x) : 1/0) with lines lw 6 lc rgb '#a0e0a0' notitle, \\
     (x >= 0 && x < {lam * dmax * 1000} ? fa(x) : 1/0) with lines lw 6 lc rgb '#ffc080' title 'adhesion (seed formula)', \\
     '{eapm}' using (-$4 * 1000):($6) with lines lw 1 lc rgb 'black' title 'mbc simulate (whole cycle)'
""")
print(f"wrote the figures into {OUT}")
