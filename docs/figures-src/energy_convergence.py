#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Draws the convergence of the energy books (docs/physics-granular.rst,
"The balance converges") from the tests that assert it.

    energy_convergence.py BUILD OUTDIR

Runs BUILD/tests/test_energy_granular, test_energy_sphere_sphere and
test_energy_gran_classic with
MBC_ENERGY_MEASURE=1 (they then print their table and assert nothing): one
collision per model at h, h/2 and h/4, the largest balance error relative to
the initial energy. Draws it against h on log scales with gnuplot (pngcairo)
into OUTDIR/energy_convergence.png, with a line of slope 1, and prints the
table as reStructuredText.
"""
import math
import os
import re
import subprocess
import sys
import tempfile

BUILD, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
LINE = re.compile(r"^balance (.+?)\s+h (\S+) s\s+error (\S+) J\s+rel (\S+)")

rows = {}  # (family, case) -> [(h, error J, relative error)]
for family, test in (("ContactGranular", "test_energy_granular"),
                     ("ContactSphereSphere", "test_energy_sphere_sphere"),
                     ("ContactGranClassic", "test_energy_gran_classic")):
    out = subprocess.run([os.path.join(BUILD, "tests", test)], check=True,
                         env=dict(os.environ, MBC_ENERGY_MEASURE="1"),
                         capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = LINE.match(line)
        if m:
            rows.setdefault((family, m.group(1)), []).append(
                (float(m.group(2)), float(m.group(3)), float(m.group(4))))
if not rows:
    sys.exit("energy_convergence.py: the tests printed no balance lines")

work = tempfile.mkdtemp(prefix="mbc-energy-")
plots = []
for k, ((family, case), pts) in enumerate(rows.items()):
    path = os.path.join(work, "case%d.dat" % k)
    with open(path, "w") as f:
        for h, _, rel in pts:
            f.write("%g %g\n" % (h * 1e6, rel))
    dash = {"ContactGranular": 1, "ContactSphereSphere": 2}.get(family, 3)
    plots.append("'%s' using 1:2 with linespoints lw 2 dt %d pt %d title '%s %s'"
                 % (path, dash, 4 + k % 10, family.replace("Contact", ""), case))
plots.append("x * 3e-3 with lines lc rgb 'black' lw 1 dt 3 title 'slope 1'")
png = os.path.join(OUT, "energy_convergence.png")
script = """set terminal pngcairo size 1200,650 font ',11' noenhanced
set output '%s'
set xtics ('0.5' 0.5, '1' 1, '2' 2)
set lmargin 12
set rmargin 48
set logscale xy
set xrange [0.4:2.5]
set yrange [2e-5:0.1]
set xlabel 'time step h (us)'
set ylabel 'largest balance error / initial energy'
set key at screen 0.99, screen 0.92 right top font ',10'
set grid
set title 'Energy books: one oblique collision per model, LAMMPS velocity Verlet'
plot %s
""" % (png, ", \\\n     ".join(plots))
subprocess.run(["gnuplot"], input=script, text=True, check=True)

print("=" * 46 + "  " + "=" * 10 + "  " + "=" * 10 + "  " + "=" * 10 + "  " + "=" * 5)
print("%-46s  %-10s  %-10s  %-10s  %-5s" % ("model", "h = 2 us", "1 us", "0.5 us", "order"))
print("=" * 46 + "  " + "=" * 10 + "  " + "=" * 10 + "  " + "=" * 10 + "  " + "=" * 5)
for (family, case), pts in rows.items():

    order = math.log2(pts[0][2] / pts[2][2]) / 2
    print("%-46s  %-10.2e  %-10.2e  %-10.2e  %-5.2f" % (
        family.replace("Contact", "") + " " + case, pts[0][2], pts[1][2], pts[2][2], order))
print("=" * 46 + "  " + "=" * 10 + "  " + "=" * 10 + "  " + "=" * 10 + "  " + "=" * 5)
print("wrote", png, file=sys.stderr)
