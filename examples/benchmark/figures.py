# SPDX-License-Identifier: BSD-3-Clause
"""The figures of docs/benchmarks.rst (run.py --figures DIR): each engine's
curve at the finest time step against the analytic one."""
import math
import os

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

import cases as C  # noqa: E402
import reference as ref  # noqa: E402

STYLE = {
    "lmp": dict(marker="o", mfc="none", color="C0", ms=7, ls="none", label="LAMMPS pair/wall granular (lmp)"),
    "mbc-lammps": dict(marker="x", color="C1", ms=6, ls="none", label="mbc-lammps, ContactGranular"),
    "mbc-lammps named": dict(marker="x", color="C1", ms=6, ls="none", label="mbc-lammps, ContactGranular"),
    "simulate": dict(marker="s", mfc="none", color="C2", ms=5, ls="none", label="mbc simulate, ContactGranular"),
    "simulate CSS": dict(marker="^", mfc="none", color="C3", ms=6, ls="none",
                         label="mbc simulate, ContactSphereSphere"),
    "simulate CSS1": dict(marker="v", mfc="none", color="C4", ms=6, ls="none",
                          label="mbc simulate, ContactSphereSphere (Hunt-Crossley)"),
    "mbc-lammps CSS": dict(marker="+", color="C5", ms=8, ls="none", label="mbc-lammps, ContactSphereSphere"),
}
LINE = {k: dict(color=v["color"], label=v["label"]) for k, v in STYLE.items()}


def save(fig, folder, name):
    fig.tight_layout()
    path = os.path.join(folder, f"benchmark_{name}.png")
    fig.savefig(path, dpi=75)
    plt.close(fig)
    return path


def engines_of(series, key):
    return [e for (k, e) in series if k == key]


def values(data, key, engine):
    runs = data[key]["runs"].get(engine)
    if not runs:
        return None
    fine = str(max(int(x) for x in runs))
    return runs[fine]["values"]


def fig_normal(benchmarks, data, series, folder, test):
    bs = [b for b in benchmarks if b.key.startswith(f"t{test}_")]
    fig, axes = plt.subplots(1, len(bs), figsize=(5.5 * len(bs), 4.2))
    for ax, b in zip(np.atleast_1d(axes), bs):
        a, s2 = b.spheres()
        estar = ref.effective_modulus(a["E"], a["nu"], s2["E"] if s2 else None, s2["nu"] if s2 else None)
        rstar = ref.effective_radius(a["radius"], s2["radius"] if s2 else None)
        dmax = b.reference(None, "granular")["delta_max"]
        d = np.linspace(0, dmax, 200)
        ax.plot(d * 1e6, 4 / 3 * estar * np.sqrt(rstar) * d**1.5 / 1e3, "k-", lw=1, label="Hertz")
        for e in engines_of(series, b.key):
            r = series[(b.key, e)][0]
            sel = r["overlap"] > 0
            st = dict(LINE[e])
            ax.plot(r["overlap"][sel] * 1e6, r["fz"][sel] / 1e3, ls="none", marker=STYLE[e]["marker"],
                    mfc="none", ms=4, color=st["color"], label=st["label"], markevery=3)
        ax.set_xlabel("overlap [µm]")
        ax.set_ylabel("normal force [kN]")
        ax.set_title(b.title)
        ax.legend(fontsize=7)
    return save(fig, folder, f"test{test}")


def fig_restitution(benchmarks, data, series, folder):
    bs = [b for b in benchmarks if b.key in ("t3_al_oxide", "t3_cast_iron")]
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    for ax, b in zip(axes, bs):
        es = np.linspace(0.1, 1.0, 37)
        ax.plot([0, 1], [0, 1], "k:", lw=1, label="asked for")
        ax.plot(es, [C.tsuji_restitution(e, False) for e in es], "C0-", lw=1, label="tsuji, integrated")
        ax.plot(es, [C.css_restitution(e, 2) for e in es], "C3-", lw=1, label="impactModel 2, integrated")
        ax.plot(es, [C.css_restitution(e, 1) for e in es], "C4-", lw=1, label="impactModel 1, integrated")
        for e in b.engines:
            v = values(data, b.key, e)
            if v:
                pts = b.points()
                ax.plot(pts, [v[b.point_label(p)]["restitution"] for p in pts], **STYLE[e])
        ax.set_xlabel("coefficient of restitution asked for [1]")
        ax.set_ylabel("coefficient of restitution obtained [1]")
        ax.set_title(b.title)
        ax.legend(fontsize=7)
    return save(fig, folder, "test3")


def gross_line(b, family, xs):
    """The rigid-body reference where it applies (NaN elsewhere)."""
    out = {q: [] for q, _, _ in b.quantities}
    for p in xs:
        r = b.reference(p, family)
        for q in out:
            out[q].append(r.get(q, math.nan))
    return out


def fig_oblique(benchmarks, data, series, folder, prefix, name, xfun, xlabel, log_x=False):
    bs = [b for b in benchmarks if b.key.startswith(prefix)]
    nq = len(bs[0].quantities)
    fig, axes = plt.subplots(len(bs), nq, figsize=(4.6 * nq, 3.6 * len(bs)), squeeze=False)
    for row, b in zip(axes, bs):
        pts = b.points()
        dense = np.linspace(min(pts), max(pts), 200)
        lines = gross_line(b, "granular", dense)
        lines_css = gross_line(b, "css", dense)
        law = [b.law_reference(p, "lmp") for p in pts]
        law_css = [b.law_reference(p, "simulate CSS") for p in pts] if "simulate CSS" in b.engines else None
        for ax, (q, label, unit) in zip(row, b.quantities):
            ax.plot([xfun(b, p) for p in pts], [x[q] for x in law], "-", color="0.6", lw=2.5, zorder=0,
                    label="ContactGranular's law, integrated")
            if law_css:
                ax.plot([xfun(b, p) for p in pts], [x[q] for x in law_css], ":", color="0.4", lw=1.2, zorder=0,
                        label="ContactSphereSphere's law, integrated")
            ax.plot([xfun(b, p) for p in dense], lines[q], "k-", lw=1, label="rigid body, Coulomb (granular's e)")
            if "simulate CSS" in b.engines:
                ax.plot([xfun(b, p) for p in dense], lines_css[q], "k--", lw=0.8,
                        label="rigid body, Coulomb (CSS's e)")
            for e in b.engines:
                v = values(data, b.key, e)
                if v:
                    ax.plot([xfun(b, p) for p in pts], [v[b.point_label(p)][q] for p in pts], **STYLE[e])
            if log_x:
                ax.set_xscale("log")
            ax.set_xlabel(xlabel)
            ax.set_ylabel(f"{label} [{unit}]")
            ax.set_title(b.title, fontsize=9)
        row[0].legend(fontsize=6)
    return save(fig, folder, name)


def fig_rolling(benchmarks, data, series, folder):
    roll = next(b for b in benchmarks if b.key == "rolling")
    rock = next(b for b in benchmarks if b.key == "rocking")
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    t = np.linspace(0, 0.16, 200)
    d = ref.rolling_deceleration(roll.mu_roll, roll.g)
    axes[0].plot(t, np.maximum(roll.v0 - d * t, 0.0), "k-", lw=1, label="v0 - (5/7) mu_roll g t")
    for e in engines_of(series, "rolling"):
        r = series[("rolling", e)][0]
        axes[0].plot(r["t"], r["vx"], ls="none", marker=STYLE[e]["marker"], mfc="none", ms=4,
                     color=STYLE[e]["color"], label=STYLE[e]["label"], markevery=25)
    axes[0].set_xlabel("time [s]")
    axes[0].set_ylabel("velocity of the center [m/s]")
    axes[0].set_title(roll.title)
    axes[0].legend(fontsize=7)
    t = np.linspace(0, 0.06, 1200)
    w, _, _ = rock.analytic(t)
    axes[1].plot(t * 1e3, w, "k-", lw=1, label="damped rocking, analytic")
    for e in engines_of(series, "rocking"):
        r = series[("rocking", e)][0]
        axes[1].plot(r["t"] * 1e3, r["wy"], ls="none", marker=STYLE[e]["marker"], mfc="none", ms=4,
                     color=STYLE[e]["color"], label=STYLE[e]["label"], markevery=max(1, len(r["t"]) // 150))
    axes[1].set_xlabel("time [ms]")
    axes[1].set_ylabel("spin [rad/s]")
    axes[1].set_title(rock.title)
    axes[1].legend(fontsize=7)
    return save(fig, folder, "rolling")


def fig_pulloff(benchmarks, data, series, folder):
    bs = [b for b in benchmarks if b.key.startswith("pulloff_")]
    fig, axes = plt.subplots(1, len(bs), figsize=(5.5 * len(bs), 4.2))
    for ax, b in zip(np.atleast_1d(axes), bs):
        rr = b.reference(b.model, "")
        lo = rr["break"] if b.model == "jkr" else 0.0
        d = np.linspace(lo, b.depth, 300)
        ax.plot(d * 1e6, b.force_ref(d) * 1e3, "k-", lw=1, label=f"{b.model.upper()}, analytic")
        ax.axhline(-rr["pulloff"] * 1e3, color="k", ls=":", lw=1, label="pull-off force")
        for e in engines_of(series, b.key):
            r = series[(b.key, e)][0]
            ax.plot(r["overlap"] * 1e6, r["fz"] * 1e3, ls="none", marker=STYLE[e]["marker"], mfc="none", ms=4,
                    color=STYLE[e]["color"], label=STYLE[e]["label"], markevery=max(1, len(r["t"]) // 80))
        ax.set_xlabel("overlap [µm]")
        ax.set_ylabel("normal force [mN]")
        ax.set_title(b.title)
        ax.legend(fontsize=7)
    return save(fig, folder, "pulloff")


def draw_all(benchmarks, data, series, folder):
    keys = {b.key for b in benchmarks}
    out = []
    if {"t1_glass", "t1_limestone"} & keys:
        out.append(fig_normal(benchmarks, data, series, folder, 1))
    if {"t2_al_alloy_t2", "t2_mg_alloy"} & keys:
        out.append(fig_normal(benchmarks, data, series, folder, 2))
    if "t3_al_oxide" in keys:
        out.append(fig_restitution(benchmarks, data, series, folder))

    def deg(b, p):
        return p

    def psi(b, p):
        return p

    def tan(b, p):
        return math.tan(math.radians(p))

    def spin0(b, p):
        return b.v * math.tan(math.radians(p)) / b.radius

    if "t4_al_oxide" in keys:
        out.append(fig_oblique(benchmarks, data, series, folder, "t4_", "test4", deg, "incidence angle [deg]"))
    if "t5_steel" in keys:
        out.append(fig_oblique(benchmarks, data, series, folder, "t5_", "test5", psi,
                               "incidence v_t/(mu v_n) [1]"))
    if "t6_al_alloy" in keys:
        out.append(fig_oblique(benchmarks, data, series, folder, "t6_", "test6", tan,
                               "tan incidence R omega/v_n [1]", log_x=True))
    if "t7_al_alloy_counter" in keys:
        out.append(fig_oblique(benchmarks, data, series, folder, "t7_", "test7", spin0, "spin before [rad/s]",
                               log_x=True))
    if "t8_al_alloy" in keys:
        out.append(fig_oblique(benchmarks, data, series, folder, "t8_", "test8", tan,
                               "tan incidence R omega/v_n [1]", log_x=True))
    if "rolling" in keys:
        out.append(fig_rolling(benchmarks, data, series, folder))
    if "pulloff_dmt" in keys:
        out.append(fig_pulloff(benchmarks, data, series, folder))
    return out
