#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""The energy books of the seed contact types for docs/simulate.rst:
books_roll.png (ContactConvexRoll, examples/scenes/roll_books.lua) and
books_belt.png (ContactFrictionCircleCable2D, examples/scenes/belt_books.lua):
each term of the balance against time, from `mbc simulate`'s sensors, and
the balance error; the table of errors at three step sizes on stdout.

    docs/figures-src/energy_books.py MBC OUTDIR      (needs gnuplot-nox)

Run from the source tree."""
import csv
import os
import subprocess
import sys
import tempfile

MBC, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)

SCENES = {
    "roll": ("roll_books.lua", 2e-4, "ContactConvexRoll: cylinder sliding to rolling"),
    "belt": ("belt_books.lua", 2e-4, "ContactFrictionCircleCable2D: disc landing on a belt"),
}


def books(scene, step, sets=()):
    """Rows of (time, energy, stored, dissipated, error): the Energy sensor
    (kinetic + gravity), the connectors' StoredEnergy summed, the time
    integral of their DissipatedPowerParts (trapezoid over the steps) plus
    that of their EnergyFlows (jumps over a step divided by it: slip -
    stick, times the step) and energy + stored + dissipated - its initial
    value."""
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "out.csv")
        subprocess.run([MBC, "simulate", f"examples/scenes/{scene}", "--quiet", "--csv", path,
                        "--set", f"step={step}"] + [a for v in sets for a in ("--set", v)], check=True, stdout=subprocess.DEVNULL)
        with open(path) as f:
            rows = [{k: float(v) for k, v in r.items()} for r in csv.DictReader(f)]
    out, dissipated, prev = [], 0.0, None
    for r in rows:
        stored = sum(v for k, v in r.items() if k.startswith("stored"))
        power = sum(v for k, v in r.items() if k.startswith("powers"))
        flows = sum(v if k.endswith("[1]") else -v for k, v in r.items() if k.startswith("flows"))
        if prev is not None:
            dissipated += (0.5 * (power + prev[1]) + flows) * (r["time"] - prev[0])
        prev = (r["time"], power)
        total = r["energy"] + stored + dissipated
        out.append((r["time"], r["energy"], stored, dissipated, total))
    e0 = out[0][4]
    return [(t, e, s, d, tot - e0) for t, e, s, d, tot in out]


for name, (scene, step, title) in SCENES.items():
    rows = books(scene, step)
    dat = os.path.join(OUT, f"books_{name}.dat")
    with open(dat, "w") as f:
        f.write("# time (s), kinetic + gravity (J), stored (J), dissipated (J), balance error (J)\n")
        for r in rows:
            f.write(" ".join("%.10g" % v for v in r) + "\n")
    e0 = rows[0][1] + rows[0][2]
    gp = f"""set terminal pngcairo size 900,720 font 'DejaVu Sans,14' enhanced
set output '{os.path.join(OUT, f"books_{name}.png")}'
set multiplot layout 2,1 title '{title} (h = {step:g} s)'
set lmargin at screen 0.15
set rmargin at screen 0.82
set key center right
set ylabel 'energy (J)'
set format x ''
plot '{dat}' u 1:2 w l lw 2 t 'kinetic + gravity', '' u 1:4 w l lw 2 t 'dissipated', \\
     '' u 1:($2+$3+$4) w l lw 4 dt 2 t 'sum'
set format x '%g'
set xlabel 'time (s)'
set ylabel 'stored energy (J)'
set y2label 'balance error (J)'
set format y '%.3g'
set key top left
set format y2 '%.2g'
set ytics nomirror
set y2tics
plot '{dat}' u 1:3 w l lw 2 t 'stored', '' u 1:5 axes x1y2 w l lw 2 t 'balance error (right)'
unset multiplot
"""
    subprocess.run(["gnuplot"], input=gp, text=True, check=True)
    os.remove(dat)
    print(f"{name}: E0 = {e0:.6g} J, dissipated {rows[-1][3]:.6g} J")
    for sets in ([], ["muk=0"]) if name == "belt" else ([],):
        for k in range(3):
            h = step / 2 ** k
            err = max(abs(r[4]) for r in books(scene, h, sets))
            print(f"  {' '.join(sets)} h = {h:g} s: largest balance error {err:.4g} J "
                  f"({err / rows[-1][3]:.3g} of the dissipated)")
