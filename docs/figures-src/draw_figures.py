#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Draws the figures of the connector pages from real evaluations.

    draw_figures.py MBC OUTDIR

Each figure sets up one sample state, evaluates it with `MBC eval` (the
project's command, linking the library), checks the result against the
geometry computed here independently (the script fails when they disagree),
and draws the state, the contact point, normal, gap and forces with gnuplot
(pngcairo) into OUTDIR/<Name>.png. Forces are the physical forces ON each
marker, as the runtime returns them; arrows are scaled to fit the drawing.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

MBC, OUT = sys.argv[1], sys.argv[2]
os.makedirs(OUT, exist_ok=True)
WORK = tempfile.mkdtemp(prefix="mbc-figures-")


def lua(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(float(v))
    if isinstance(v, str):
        return '"%s"' % v
    if isinstance(v, (list, tuple)):
        return "{" + ", ".join(lua(x) for x in v) + "}"
    return "{" + ", ".join("%s = %s" % (k, lua(x)) for k, x in v.items()) + "}"


def evaluate(name, case):
    path = os.path.join(WORK, name + ".lua")
    with open(path, "w") as f:
        f.write("return " + lua(case) + "\n")
    r = subprocess.run([MBC, "eval", path], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("draw_figures.py: mbc eval %s failed: %s" % (name, r.stdout + r.stderr))
    return json.loads(r.stdout)


def check(what, got, want, tol=1e-9):
    if abs(got - want) > tol * max(1.0, abs(want)):
        sys.exit("draw_figures.py: %s: runtime gives %.17g, geometry gives %.17g" % (what, got, want))


def gnuplot(name, script, size="900,620"):
    full = ("set terminal pngcairo size %s font 'DejaVu Sans,15' enhanced\n"
            "set output '%s'\n" % (size, os.path.join(OUT, name + ".png"))) + script
    path = os.path.join(WORK, name + ".gp")
    with open(path, "w") as f:
        f.write(full)
    subprocess.run(["gnuplot", path], check=True)


def arrow(p, d, style, head=True):
    return "set arrow from %.6g,%.6g to %.6g,%.6g front %s %s\n" % (
        p[0], p[1], p[0] + d[0], p[1] + d[1], "head filled" if head else "nohead", style)


def label(p, text, opts=""):
    return "set label \"%s\" at %.6g,%.6g front %s\n" % (text, p[0], p[1], opts)


AXES = "unset key\nset size ratio -1\nset grid lc rgb '#dddddd'\n"


def sphere_sphere():
    r0, r1 = 0.5, 0.4
    p0, p1 = (0.0, 0.0), (0.78, 0.36)
    kc = 1e5
    res = evaluate("sphere", {
        "object": "ContactSphereSphere",
        "parameters": {"spheresRadii": [r0, r1], "contactStiffness": kc, "impactModel": 0},
        "markers": [{"position": [p0[0], p0[1], 0], "velocity": [0, 0, 0]},
                    {"position": [p1[0], p1[1], 0], "velocity": [0, 0, 0]}],
        "data": [-0.05, 0, 0, 0]})
    out = res["outputs"]
    n = out["Director3"]
    dist = math.hypot(p1[0] - p0[0], p1[1] - p0[1])
    gap = out["DisplacementLocal"][2]
    check("sphere gap", gap, dist - r0 - r1)
    check("sphere normal x", n[0], (p1[0] - p0[0]) / dist)
    f1 = res["forces"]["markers"][1]["force"]
    f0 = res["forces"]["markers"][0]["force"]
    check("force on m1 (k_c overlap)", math.hypot(f1[0], f1[1]), -kc * gap)
    delta = -gap
    pc = (p0[0] + n[0] * (r0 - delta / 2), p0[1] + n[1] * (r0 - delta / 2))
    s = 0.35 / math.hypot(f1[0], f1[1])
    g = AXES + "set xrange [-0.65:1.45]\nset yrange [-0.6:0.9]\n"
    g += "set title 'ContactSphereSphere: r_0 = %g m, r_1 = %g m, k_c = %g N/m (evaluated)'\n" % (r0, r1, kc)
    g += "set object 1 circle at %g,%g size %g fc rgb '#6fa8dc' fs transparent solid 0.35 border lc rgb '#1c4587'\n" % (p0[0], p0[1], r0)
    g += "set object 2 circle at %g,%g size %g fc rgb '#f6b26b' fs transparent solid 0.35 border lc rgb '#b45f06'\n" % (p1[0], p1[1], r1)
    g += label(p0, "m0", "point pt 7 ps 1 offset -2.5,-0.8")
    g += label(p1, "m1", "point pt 7 ps 1 offset 1,-0.8")
    g += arrow(p0, (n[0] * 0.3, n[1] * 0.3), "lw 2 lc rgb 'black'")
    g += label((p0[0] + n[0] * 0.15, p0[1] + n[1] * 0.15), "n", "offset 0,1.2")
    g += arrow(p1, (f1[0] * s, f1[1] * s), "lw 3 lc rgb '#cc0000'")
    g += label((p1[0] + f1[0] * s, p1[1] + f1[1] * s), "f_{m1} = %.0f N" % math.hypot(f1[0], f1[1]), "offset 0.5,0.5 tc rgb '#cc0000'")
    g += arrow(p0, (f0[0] * s, f0[1] * s), "lw 3 lc rgb '#cc0000'")
    g += label((p0[0] + f0[0] * s, p0[1] + f0[1] * s), "f_{m0} = -f_{m1}", "offset -4,-1 tc rgb '#cc0000'")
    g += label(pc, "contact point", "point pt 7 ps 1.2 lc rgb 'black' offset -2,2.2")
    g += label((-0.6, 0.8), "gap g = |p_{m1} - p_{m0}| - (r_0 + r_1) = %.4f m (overlap {/Symbol d} = %.4f m)" % (gap, delta), "left")
    g += "plot NaN\n"
    gnuplot("SphereSphereContact", g)


# A cable of 4 straight segments (points given directly) and a circle.
CABLE = [(0.0, 0.05), (0.5, 0.0), (1.0, 0.0), (1.5, 0.08), (2.0, 0.25)]


def closest(pm, a, b):
    v = (b[0] - a[0], b[1] - a[1])
    rho = ((pm[0] - a[0]) * v[0] + (pm[1] - a[1]) * v[1]) / (v[0] ** 2 + v[1] ** 2)
    rho = min(1.0, max(0.0, rho))
    pp = (a[0] + rho * v[0], a[1] + rho * v[1])
    return rho, pp, math.hypot(pp[0] - pm[0], pp[1] - pm[1])


def cable_case(pm, r, use_sn, rot=0.0, data=None, mu=0.0):
    c, s = math.cos(rot), math.sin(rot)
    nseg = len(CABLE) - 1
    pts = [x for p in CABLE for x in p]
    gaps = [closest(pm, CABLE[i], CABLE[i + 1])[2] - r for i in range(nseg)]
    return {
        "object": "ContactFrictionCircleCable2D",
        "parameters": {"numberOfContactSegments": nseg, "contactStiffness": 1e4, "contactDamping": 0,
                       "circleRadius": r, "useSegmentNormals": use_sn, "frictionCoefficient": mu,
                       "frictionStiffness": 1e3},
        "markers": [{"position": [pm[0], pm[1], 0], "velocity": [0, 0, 0],
                     "rotation": [c, -s, 0, s, c, 0, 0, 0, 1], "angularVelocityLocal": [0, 0, 0]},
                    {"points": pts, "pointVelocities": [0] * len(pts), "length": 2.0}],
        "data": data if data else gaps + [-2] * nseg + [0] * nseg,
    }, gaps


def draw_cable(pm, r):
    g = "set object 1 circle at %g,%g size %g fc rgb '#6fa8dc' fs transparent solid 0.3 border lc rgb '#1c4587'\n" % (pm[0], pm[1], r)
    g += label(pm, "m0", "point pt 7 ps 1 offset -1,-1")
    g += "$cable << EOD\n" + "\n".join("%g %g" % p for p in CABLE) + "\nEOD\n"
    for i, p in enumerate(CABLE):
        g += label(p, "p_%d" % i, "point pt 5 ps 1 lc rgb '#38761d' offset -1.2,1.1")
    return g


# the cable as plotted data (clipped at the plot border, unlike arrows)
PLOT_CABLE = "plot $cable with lines lw 3 lc rgb '#38761d'\n"


def circle_cable():
    """Left: no contact, |d_g1| > r; right: contact, |d_g1| <= r. d_g1 is
    perpendicular to segment s_1, d_g2 ends at the end point of s_2."""
    r = 0.3
    nseg = len(CABLE) - 1
    g = "set multiplot layout 2,1\n"
    for pm, title in (((0.85, 0.36), "no contact: |d_{g1}| > r"), ((0.85, 0.28), "contact: |d_{g1}| <= r")):
        case, gaps = cable_case(pm, r, True)
        res = evaluate("circle_cable_%g" % pm[1], case)
        rdata = res["postNewtonStep"]["data"]
        for i in range(nseg):
            check("segment %d gap" % i, rdata[i], gaps[i])
        fc = res["forces"]["markers"][0]["force"]
        fp = res["forces"]["cablePoints"]
        g += AXES + "unset arrow\nunset label\nunset object\nset xrange [-0.05:2.05]\nset yrange [-0.32:0.72]\n"
        g += "set title '%s;  runtime gaps g_0..g_3 = %s m' font ',14'\n" % (
            title, ", ".join("%.3f" % x for x in rdata[:nseg]))
        g += draw_cable(pm, r)
        for i in range(nseg):
            rho, pp, d = closest(pm, CABLE[i], CABLE[i + 1])
            if i in (1, 2):
                col = "#cc0000" if gaps[i] <= 0 else "black"
                g += arrow(pm, (pp[0] - pm[0], pp[1] - pm[1]), "lw 2 lc rgb '%s'" % col)
                g += label(((pm[0] + pp[0]) / 2, (pm[1] + pp[1]) / 2), "d_{g%d}" % i,
                           "offset %s tc rgb '%s'" % ("-3.5,0" if i == 1 else "1,0.3", col))
            else:
                g += "set arrow from %g,%g to %g,%g nohead dt 2 lc rgb '#999999'\n" % (pm[0], pm[1], pp[0], pp[1])
        for i in range(nseg):
            mid = ((CABLE[i][0] + CABLE[i + 1][0]) / 2, (CABLE[i][1] + CABLE[i + 1][1]) / 2)
            g += label(mid, "s_%d" % i, "offset 0,-1.3 tc rgb '#38761d'")
        fmax = max([math.hypot(*f) for f in fp] + [math.hypot(fc[0], fc[1])])
        if fmax > 0:
            sc = 0.25 / fmax
            for i, f in enumerate(fp):
                if math.hypot(*f) > 0:
                    g += arrow(CABLE[i], (f[0] * sc, f[1] * sc), "lw 3 lc rgb '#cc0000'")
                    g += label((CABLE[i][0] + f[0] * sc, CABLE[i][1] + f[1] * sc), "%.0f N" % math.hypot(*f), "offset 0.6,0.4 tc rgb '#cc0000' font ',13'")
            g += arrow(pm, (fc[0] * sc, fc[1] * sc), "lw 3 lc rgb '#990000'")
            g += label((pm[0] + fc[0] * sc, pm[1] + fc[1] * sc), "%.0f N on the circle" % math.hypot(fc[0], fc[1]), "offset 0.6,0 tc rgb '#990000' font ',13'")
        g += PLOT_CABLE
    g += "unset multiplot\n"
    gnuplot("ContactFrictionCircleCable2D", g, size="1000,900")


def circle_cable_normals():
    pm, r = (1.02, 0.27), 0.3
    g = "set multiplot layout 2,1\n"
    for use_sn, title in ((True, "segment normals (useSegmentNormals = True): one normal n_{s_i} per contacting segment"),
                          (False, "point-wise normals (useSegmentNormals = False): normals to the segment points")):
        case, gaps = cable_case(pm, r, use_sn)
        res = evaluate("normals_%d" % use_sn, case)
        fp = res["forces"]["cablePoints"]
        s = 0.25 / max(math.hypot(*f) for f in fp)
        g += AXES + "unset arrow\nunset label\nunset object\nset xrange [-0.05:2.05]\nset yrange [-0.3:0.62]\n"
        g += "set title '%s' font ',14'\n" % title
        g += draw_cable(pm, r)
        drawn = set()
        for i in range(len(CABLE) - 1):
            if gaps[i] > 0:
                continue
            a, b = CABLE[i], CABLE[i + 1]
            rho, pp, d = closest(pm, a, b)
            if use_sn:
                n = ((pp[0] - pm[0]) / d, (pp[1] - pm[1]) / d)
                g += arrow(pm, (n[0] * (d + 0.05), n[1] * (d + 0.05)), "lw 1.5 lc rgb 'black'")
                g += label((pm[0] + n[0] * (d + 0.05), pm[1] + n[1] * (d + 0.05)), "n_{s_%d}" % i, "offset %s" % ("-3.5,-0.6" if n[0] < 0 else "0.5,-0.6"))
            else:
                for j in (i, i + 1):
                    if j in drawn:
                        continue
                    drawn.add(j)
                    p = CABLE[j]
                    dd = math.hypot(p[0] - pm[0], p[1] - pm[1])
                    g += arrow(pm, ((p[0] - pm[0]) * (1 + 0.05 / dd), (p[1] - pm[1]) * (1 + 0.05 / dd)), "lw 1.5 dt 3 lc rgb 'black'")
        for i, f in enumerate(fp):
            if math.hypot(*f) > 0:
                g += arrow(CABLE[i], (f[0] * s, f[1] * s), "lw 3 lc rgb '#cc0000'")
                g += label((CABLE[i][0] + f[0] * s, CABLE[i][1] + f[1] * s), "%.0f N" % math.hypot(*f), "offset 0.5,0.3 tc rgb '#cc0000' font ',13'")
        g += PLOT_CABLE
    g += "unset multiplot\n"
    gnuplot("ContactFrictionCircleCable2Dnormals", g, size="1000,900")


def sticking_position():
    pm, r, phi = (0.85, 0.275), 0.3, 0.5
    case, gaps = cable_case(pm, r, True, rot=phi)
    res = evaluate("sticking", case)
    nseg = len(CABLE) - 1
    data = res["postNewtonStep"]["data"]
    i = min(range(nseg), key=lambda k: gaps[k])
    a, b = CABLE[i], CABLE[i + 1]
    rho, pp, d = closest(pm, a, b)
    n = ((pp[0] - pm[0]) / d, (pp[1] - pm[1]) / d)
    t = (-n[1], n[0])
    # body-frame angle of n (A^T n with A the rotation by phi about z)
    alpha = math.atan2(-math.sin(phi) * n[0] + math.cos(phi) * n[1], math.cos(phi) * n[0] + math.sin(phi) * n[1])
    xc = alpha * r
    seg_len = 2.0 / nseg  # L / n_cs with the cable's reference length L = 2
    xs = rho * seg_len
    sgn = -1.0 if t[0] * (b[0] - a[0]) + t[1] * (b[1] - a[1]) > 0 else 1.0
    x = xc + sgn * xs
    x -= math.floor(x / (2 * math.pi * r) + 0.5) * 2 * math.pi * r
    check("x_curStick (undefined state: lastStick = current)", data[2 * nseg + i], x)
    g = AXES + "set xrange [0.2:1.6]\nset yrange [-0.2:0.7]\n"
    g += "set title 'sticking position of segment s_%d (evaluated: x^*_{curStick} = %.4f m)'\n" % (i, data[2 * nseg + i])
    g += draw_cable(pm, r)
    g += arrow(pm, (r * math.cos(phi), r * math.sin(phi)), "lw 2 lc rgb '#1c4587'")
    g += label((pm[0] + r * math.cos(phi), pm[1] + r * math.sin(phi)), "body x axis ({/Symbol f} = %.2f rad)" % phi, "offset 0.5,0.3 tc rgb '#1c4587'")
    g += arrow(pm, (n[0] * d, n[1] * d), "lw 2 lc rgb 'black'")
    g += label((pm[0] + n[0] * d * 0.6, pm[1] + n[1] * d * 0.6), "n", "offset 0.8,0")
    # the arc x_c = alpha r from the body x axis to n
    a0, a1 = phi, phi + alpha
    arc = "\n".join("%.6g %.6g" % (pm[0] + 0.8 * r * math.cos(a0 + (a1 - a0) * k / 40), pm[1] + 0.8 * r * math.sin(a0 + (a1 - a0) * k / 40)) for k in range(41))
    g += label((pm[0] + 0.8 * r * math.cos((a0 + a1) / 2), pm[1] + 0.8 * r * math.sin((a0 + a1) / 2)), "x_c = {/Symbol a} r = %.3f m" % xc, "offset 1,0 tc rgb '#b45f06'")
    g += "set arrow from %g,%g to %g,%g nohead lw 4 lc rgb '#b45f06'\n" % (a[0], a[1] - 0.06, pp[0], pp[1] - 0.06)
    g += label(((a[0] + pp[0]) / 2, a[1] - 0.06), "x_s = {/Symbol r} L/n_{cs} = %.3f m" % xs, "center offset 0,-1 tc rgb '#b45f06'")
    g += label(pp, "p_p", "point pt 7 ps 1 offset 0.3,0.8")
    g += label((0.22, 0.64), "x^*_{curStick} = x_c %s x_s, wrapped into [-{/Symbol p} r, {/Symbol p} r]" % ("-" if sgn < 0 else "+"), "left")
    g += "$arc << EOD\n" + arc + "\nEOD\nplot $arc with lines lw 2 lc rgb '#b45f06', $cable with lines lw 3 lc rgb '#38761d'\n"
    gnuplot("ContactFrictionCircleCable2DstickingPos", g)


def convex_roll():
    k = [-0.1, 0.0, 0.5]  # r(x) = 0.5 - 0.1 x^2
    L, tilt = 1.0, math.radians(4)
    c, s = math.cos(tilt), math.sin(tilt)
    A = [[c, 0, s], [0, 1, 0], [-s, 0, c]]  # rotation about y, local to global

    def rad(x):
        return k[0] * x * x + k[1] * x + k[2]

    # lowest hull point: r'(x) = -d_x/rho_d with d = A^T(-e_z), in the x-z plane rho_d = |d_z|
    d = (-A[2][0], -A[2][1], -A[2][2])
    xl = -(d[0] / abs(d[2])) / (2 * k[0])  # r'(x) = 2 k_0 x = -d_x/|d_z|
    xl = min(L / 2, max(-L / 2, xl))
    plocal = (xl, 0.0, rad(xl) * d[2] / abs(d[2]))
    zc = A[2][0] * plocal[0] + A[2][2] * plocal[2]
    pm1 = (0.0, 0.0, -zc - 0.002)  # 2 mm penetration
    res = evaluate("convex_roll", {
        "object": "ContactConvexRoll",
        "parameters": {"contactStiffness": 1e5, "contactDamping": 0, "dynamicFriction": 0.3,
                       "rollLength": L, "coefficientsHull": k},
        "markers": [{"position": [0, 0, 0], "velocity": [0, 0, 0]},
                    {"position": list(pm1), "velocity": [0, 0, 0],
                     "rotation": [A[0][0], A[0][1], A[0][2], A[1][0], A[1][1], A[1][2], A[2][0], A[2][1], A[2][2]],
                     "angularVelocityLocal": [0, 0, 0]}],
        "data": [0, 0, -0.002]})
    pc = res["outputs"]["Position"]
    check("contact point x", pc[0], A[0][0] * plocal[0] + A[0][2] * plocal[2] + pm1[0])
    check("contact point z", pc[2], -0.002)
    f = res["outputs"]["Force"]
    check("normal force k_c * 2 mm", f[2], 1e5 * 0.002)
    g = AXES + "set xrange [-0.8:0.8]\nset yrange [-0.15:1.38]\n"
    g += "set title 'ContactConvexRoll: hull r(x) = 0.5 - 0.1 x^2, axis tilted %g deg (evaluated)'\n" % math.degrees(tilt)
    up, lo = [], []
    for j in range(61):
        x = -L / 2 + L * j / 60
        for sign, lst in ((1, up), (-1, lo)):
            z = sign * rad(x)
            lst.append((A[0][0] * x + A[0][2] * z + pm1[0], A[2][0] * x + A[2][2] * z + pm1[2]))
    outline = up + lo[::-1] + [up[0]]
    g += "set arrow from -0.8,0 to 0.8,0 nohead lw 2 lc rgb '#444444'\n"
    g += label((-0.78, -0.06), "ground plane z = 0 (marker m0)", "left")
    ax = (A[0][0] * 0.65, A[2][0] * 0.65)
    g += "set arrow from %g,%g to %g,%g nohead dt 4 lc rgb '#1c4587'\n" % (pm1[0] - ax[0], pm1[2] - ax[1], pm1[0] + ax[0], pm1[2] + ax[1])
    g += label((pm1[0], pm1[2]), "m1", "point pt 7 ps 1 offset 0.5,0.8")
    g += label((pc[0], pc[2]), "C", "point pt 7 ps 1.3 lc rgb '#cc0000' offset -2,-0.9")
    s_ = 0.4 / f[2]
    g += arrow((pc[0], pc[2]), (f[0] * s_, f[2] * s_), "lw 3 lc rgb '#cc0000'")
    g += label((pc[0] + f[0] * s_, pc[2] + f[2] * s_), "f_N = %.0f N" % f[2], "offset 0.5,0 tc rgb '#cc0000'")
    g += label((-0.78, 1.3), "C = (%.3f, %.3f, %.3f) m (runtime): the lowest point of the hull" % tuple(pc), "left font ',13'")
    # the radius r(x) at local x = -0.3 and the roll length L
    xr = -0.3
    a0 = (A[0][0] * xr + pm1[0], A[2][0] * xr + pm1[2])
    a1 = (A[0][0] * xr + A[0][2] * rad(xr) + pm1[0], A[2][0] * xr + A[2][2] * rad(xr) + pm1[2])
    g += arrow(a0, (a1[0] - a0[0], a1[1] - a0[1]), "lw 2 lc rgb '#1c4587'")
    g += label(((a0[0] + a1[0]) / 2, (a0[1] + a1[1]) / 2), "r(^bx)", "offset 0.5,0 tc rgb '#1c4587'")
    e0 = (A[0][0] * (-L / 2) + A[0][2] * 0.62 + pm1[0], A[2][0] * (-L / 2) + A[2][2] * 0.62 + pm1[2])
    e1 = (A[0][0] * (L / 2) + A[0][2] * 0.62 + pm1[0], A[2][0] * (L / 2) + A[2][2] * 0.62 + pm1[2])
    g += "set arrow from %g,%g to %g,%g front heads lw 1.5 lc rgb '#444444'\n" % (e0[0], e0[1], e1[0], e1[1])
    g += label(((e0[0] + e1[0]) / 2, (e0[1] + e1[1]) / 2), "L = rollLength = %g m" % L, "center offset 0,0.8")
    g += label((pm1[0] + A[0][0] * 0.55, pm1[2] + A[2][0] * 0.55), "^bx", "offset 0.5,0.5 tc rgb '#1c4587'")
    g += "$hull << EOD\n" + "\n".join("%.6g %.6g" % p for p in outline) + "\nEOD\n"
    g += "plot $hull with filledcurves fc rgb '#b6d7a8' fs transparent solid 0.5 border lc rgb '#38761d', $hull with lines lw 2 lc rgb '#38761d'\n"
    gnuplot("ConvexRolling", g)


def discontinuous_iteration():
    """The loop of docs/solver-integration.rst (rs_step of the reference solver)."""
    boxes = [
        (0.5, 9.0, "start of step: current data := startOfStep data"),
        (0.5, 7.5, "Newton solve of the step equations (active set from the current data)"),
        (0.5, 6.0, "PostNewtonStep (every connector): new current data, error, recommended step h_r"),
        (0.5, 4.5, "sum of errors <= tolerance (or maxIterations reached)?"),
        (0.5, 3.0, "accept: q_0, u_0, z := solution;  startOfStep := current"),
    ]
    g = "unset key\nunset border\nunset tics\nset xrange [-0.32:1.32]\nset yrange [2.3:9.7]\n"
    g += "set title 'discontinuous iteration of one time step'\n"
    for i, (x, y, text) in enumerate(boxes):
        g += "set object %d rect center %g,%g size 0.98,0.8 fc rgb '%s' fs solid 0.6 border lc rgb '#1c4587'\n" % (
            i + 1, x, y, "#fff2cc" if i == 3 else "#cfe2f3")
        g += "set label \"%s\" at %g,%g center font ',13'\n" % (text, x, y)
        if i + 1 < len(boxes):
            g += "set arrow from %g,%g to %g,%g head filled lw 2\n" % (x, y - 0.4, x, boxes[i + 1][1] + 0.4)
    g += "set label 'yes' at 0.52,3.75 left\n"
    g += "set arrow from 0.99,4.5 to 1.12,4.5 nohead lw 2\nset arrow from 1.12,4.5 to 1.12,7.5 nohead lw 2\nset arrow from 1.12,7.5 to 0.99,7.5 head filled lw 2\n"
    g += "set label 'no: iterate again' at 1.16,6.0 rotate by 90 center\n"
    g += "set arrow from 0.01,6.0 to -0.12,6.0 nohead lw 2 dt 2\nset arrow from -0.12,6.0 to -0.12,9.0 nohead lw 2 dt 2\nset arrow from -0.12,9.0 to 0.01,9.0 head filled lw 2 dt 2\n"
    g += "set label 'h_r < h: redo the step with h := max(h_r, h_{min})' at -0.16,7.5 rotate by 90 center font ',13'\n"
    g += "plot NaN\n"
    gnuplot("solver-discontinuous-iteration", g, size="900,640")


sphere_sphere()
circle_cable()
circle_cable_normals()
sticking_position()
convex_roll()
discontinuous_iteration()
print("draw_figures.py: 6 figures in %s" % OUT)
