# SPDX-License-Identifier: BSD-3-Clause
# Plots of the benchmark CSVs (cmake --build build --target figures).
# Called as: gnuplot -e "datadir='...'; outdir='...'" figures.gp
if (!exists("datadir")) datadir = "."
if (!exists("outdir")) outdir = "."
set datafile separator ","
set terminal pngcairo size 800,560 enhanced font "DejaVu Sans,12" noenhanced
set grid
set key top left

# 1. coefficient of restitution
set output outdir."/restitution.png"
set title "ContactSphereSphere: effective vs. prescribed restitution (n_exp = 1.5, 1 m/s)"
set xlabel "prescribed restitutionCoefficient e"
set ylabel "measured e_eff = -v_n,after / v_n,before"
set xrange [0:1.05]
set yrange [0:1.05]
plot x title "ideal e_eff = e" with lines lw 1 lc rgb "gray50" dt 2, \
     datadir."/restitution.csv" using 2:($1 == 1 ? $3 : NaN) every ::1 \
         title "impactModel 1 (Hunt-Crossley)" with linespoints pt 7 lw 2 lc rgb "#d95f02", \
     datadir."/restitution.csv" using 2:($1 == 2 ? $3 : NaN) every ::1 \
         title "impactModel 2 (mixed)" with linespoints pt 5 lw 2 lc rgb "#1b9e77"

# 2. roll
set output outdir."/roll.png"
set title "ContactConvexRoll: cylinder sliding to rolling (v0 = 2 m/s, mu_d = 0.3)"
set xlabel "time t [s]"
set ylabel "velocity [m/s]"
set key top right
set xrange [*:*]
set yrange [-0.05:2.1]
t_roll = 2.0 / (3 * 0.3 * 9.81)
set arrow 1 from t_roll, graph 0 to t_roll, graph 1 nohead dt 3 lc rgb "gray40"
set label 1 "v0/(3 mu g)" at t_roll, graph 0.92 offset 0.5,0
plot datadir."/roll.csv" using 1:2 every ::1 title "speed v" with lines lw 2 lc rgb "#1b9e77", \
     datadir."/roll.csv" using 1:3 every ::1 title "spin R omega" with lines lw 2 lc rgb "#7570b3", \
     datadir."/roll.csv" using 1:4 every ::1 title "slip speed" with lines lw 1 lc rgb "#d95f02", \
     2.0 * 2 / 3 title "2/3 v0" with lines dt 2 lc rgb "gray50"

# 3. disc on cable
set output outdir."/disc_on_cable.png"
set title "ContactFrictionCircleCable2D: disc sliding to rolling on a cable (v0 = 3 m/s, mu = 0.3)"
set yrange [-0.05:3.1]
t_roll = 3.0 / (3 * 0.3 * 9.81)
set arrow 1 from t_roll, graph 0 to t_roll, graph 1 nohead dt 3 lc rgb "gray40"
set label 1 "v0/(3 mu g)" at t_roll, graph 0.92 offset 0.5,0
plot datadir."/disc_on_cable.csv" using 1:2 every ::1 title "speed v" with lines lw 2 lc rgb "#1b9e77", \
     datadir."/disc_on_cable.csv" using 1:3 every ::1 title "spin -r omega" with lines lw 2 lc rgb "#7570b3", \
     datadir."/disc_on_cable.csv" using 1:(abs($4)) every ::1 title "|slip speed|" with lines lw 1 lc rgb "#d95f02", \
     3.0 * 2 / 3 title "2/3 v0" with lines dt 2 lc rgb "gray50"
unset arrow 1
unset label 1

# 4. ALE slide (arc length)
set output outdir."/ale_slide.png"
set title "JointALEMoving2D: arc length along a 30-degree cable of 5 elements"
set ylabel "ALE coordinate s [m]"
set key top left
set yrange [0:5]
set y2label "sliding index"
set y2range [0:5]
set y2tics 1
plot datadir."/ale_slide.csv" using 1:2 every ::1 title "s (solver)" with lines lw 3 lc rgb "#1b9e77", \
     datadir."/ale_slide.csv" using 1:3 every ::1 title "s0 + g sin30 t^2/2" with lines lw 1 dt 2 lc rgb "black", \
     datadir."/ale_slide.csv" using 1:4 every ::1 axes x1y2 title "sliding index (data)" with steps lw 1 lc rgb "#d95f02"
