#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Draws the energy balance of examples/lammps/pour.in at three time steps
(docs/lammps.rst, "Open systems").

    lammps_pour_balance.py BUILD OUTDIR [N DURATION RANKS]
    lammps_pour_balance.py --runs DIR OUTDIR [N DURATION RANKS]

Runs BUILD/bin/mbc-lammps on examples/lammps/pour.in (N beads poured,
default 800, for DURATION s, default 0.3, on RANKS ranks, default 2) at
h = 10, 5 and 2.5 us, reads each run's pour.dat (time, kinetic and
rotational energy, contacts, the balance, the energy brought in) and draws
the balance minus its first value against time with gnuplot (pngcairo) into
OUTDIR/lammps_pour_balance.png, with the energy brought in on the right
axis. Prints the table of the largest errors as reStructuredText. With
--runs, reads DIR/1e-5/pour.dat, DIR/5e-6/pour.dat and DIR/2.5e-6/pour.dat
of runs made so instead of running.
"""
import os
import subprocess
import sys
import tempfile

RUNS = sys.argv[2] if sys.argv[1] == "--runs" else None
args = sys.argv[3:] if RUNS else sys.argv[1:]
BUILD, OUT = (None if RUNS else args[0]), args[1 if not RUNS else 0]
rest = args[2:] if not RUNS else args[1:]
N, DURATION, RANKS = (rest + ["800", "0.3", "2"][len(rest):])[:3]
SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.makedirs(OUT, exist_ok=True)
work = tempfile.mkdtemp(prefix="mbc-pour-balance-")
runs = []  # (h in us, [(t, error, brought in)])
for h in ("1e-5", "5e-6", "2.5e-6"):
    cwd = os.path.join(RUNS or work, h)
    if not RUNS:
        os.makedirs(cwd)
        subprocess.run(["mpirun", "-np", RANKS, os.path.join(BUILD, "bin", "mbc-lammps"), "-in",
                        os.path.join(SOURCE, "examples", "lammps", "pour.in"), "-log", "none",
                        "-var", "n", N, "-var", "duration", DURATION, "-var", "image", "no",
                        "-var", "h", h], cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    rows = [[float(x) for x in line.split()] for line in open(os.path.join(cwd, "pour.dat"))
            if not line.startswith("#")]
    runs.append((float(h) * 1e6, [(r[0], r[4] - rows[0][4], r[5]) for r in rows]))

plots = []
for k, (h, pts) in enumerate(runs):
    path = os.path.join(work, "run%d.dat" % k)
    with open(path, "w") as f:
        f.writelines("%.9g %.9g %.9g\n" % p for p in pts)
    plots.append("'%s' using 1:($2*1e3) with lines lw 2 title 'balance error, h = %g us'"
                 % (path, h))
plots.append("'%s' using 1:($3*1e3) axes x1y2 with lines lw 1 dt 2 lc rgb 'black' "
             "title 'energy brought in (right axis)'" % os.path.join(work, "run0.dat"))
png = os.path.join(OUT, "lammps_pour_balance.png")
script = """set terminal pngcairo size 1000,550 font ',11' noenhanced
set output '%s'
set xlabel 'time (s)'
set ylabel 'balance - its first value (mJ)'
set y2label 'energy brought in (mJ)'
set ytics nomirror
set y2tics
set key left top
set grid
set title 'examples/lammps/pour.in, %s beads, mindlin, sds rolling, marshall twisting, %s ranks'
plot %s
""" % (png, N, RANKS, ", \\\n     ".join(plots))
subprocess.run(["gnuplot"], input=script, text=True, check=True)

print("==========  ===========  ======  ================")
print("step h      error (J)    ratio   of brought in")
print("==========  ===========  ======  ================")
errs = [max(abs(p[1]) for p in pts) for _, pts in runs]
for k, (h, pts) in enumerate(runs):
    ratio = "%.2f" % (errs[k] / errs[k + 1]) if k + 1 < len(runs) else ""
    print("%-10s  %-11.3g  %-6s  %.3g" % ("%g us" % h, errs[k], ratio, errs[k] / pts[-1][2]))
print("==========  ===========  ======  ================")
print("wrote", png, file=sys.stderr)
