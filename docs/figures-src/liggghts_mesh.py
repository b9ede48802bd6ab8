#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Draws docs/figures/liggghts_mesh.png: LIGGGHTS's movingMeshGran tutorial
run by mbc-liggghts -sf mbc, every contact (pairs, the six planes, the STL
bucket) computed by ContactLiggghts.

    liggghts_mesh.py MBC_LIGGGHTS OUT.png [RANKS]

The tutorial comes from Debian's liggghts-doc; its runs are shortened as
the differential suite shortens them (tests/liggghts/cases.py), except the
last, the bucket's rotation, which runs 10000 steps (0.5 s, 90 degrees).
The script reads the run's own text dumps (the spheres) and STL dumps (the
mesh as LIGGGHTS moved it) and draws three moments side by side, seen
along y: the bed after the insertion, the bucket after its linear motion
(which the shortened run keeps small), the bucket rotated by 90 degrees
into the bed; the spheres colored by their speed."""
import os
import re
import shutil
import subprocess
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import LineCollection, PatchCollection  # noqa: E402
from matplotlib.patches import Circle  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "liggghts"))
sys.dont_write_bytecode = True
import cases as C  # noqa: E402

MBC, OUT = sys.argv[1], sys.argv[2]
RANKS = int(sys.argv[3]) if len(sys.argv) > 3 else 1
RADIUS = 0.04  # the tutorial's particles
STEPS = (5000, 8000, 18000)  # the bed; the bucket moved; the bucket rotated


def run(where):
    case = C.BY_NAME["movingMeshGran"]
    case.prepare(where)
    path = os.path.join(where, "in.case")
    text = open(path).read()
    text = re.sub(r"^run 4000$", "run 10000", text, flags=re.M)
    open(path, "w").write(text)
    cmd = [MBC, "-sf", "mbc", "-in", "in.case"]
    if RANKS > 1:
        cmd = ["mpirun", "--allow-run-as-root", "--oversubscribe", "-np", str(RANKS)] + cmd
    out = subprocess.run(cmd, cwd=where, capture_output=True, text=True)
    if out.returncode != 0 or "computed by mbconnect's ContactLiggghts" not in out.stdout:
        sys.exit(f"liggghts_mesh.py: the run failed:\n{out.stdout[-2000:]}")


def spheres(where, step):
    rows = [line.split() for line in open(os.path.join(where, "post", f"cmp.{step}.txt"))]
    rows = [r for r in rows if len(r) == 17 and r[0].isdigit()]
    x = [float(r[2]) for r in rows]
    z = [float(r[4]) for r in rows]
    v = [(float(r[5]) ** 2 + float(r[6]) ** 2 + float(r[7]) ** 2) ** 0.5 for r in rows]
    return x, z, v


def mesh(where, step):
    """The triangles' edges of the STL dump nearest to step, seen along y."""
    post = os.path.join(where, "post")
    steps = sorted(int(m.group(1)) for m in (re.fullmatch(r"dump(\d+)\.stl", n)
                                             for n in os.listdir(post)) if m)
    near = min(steps, key=lambda s: abs(s - step))
    edges, tri = [], []
    for line in open(os.path.join(post, f"dump{near}.stl")):
        w = line.split()
        if w and w[0] == "vertex":
            tri.append((float(w[1]), float(w[3])))
            if len(tri) == 3:
                edges += [(tri[0], tri[1]), (tri[1], tri[2]), (tri[2], tri[0])]
                tri = []
    return edges


def main():
    work = tempfile.mkdtemp(prefix="mbc-liggghts-figure-")
    try:
        run(work)
        fig, axes = plt.subplots(1, 3, figsize=(13, 3.6), sharey=True)
        titles = ("after insertion (step 5000)", "bucket moved (step 8000)",
                  "bucket rotated 90 deg (step 18000)")
        for ax, step, title in zip(axes, STEPS, titles):
            x, z, v = spheres(work, step)
            circles = PatchCollection([Circle((a, b), RADIUS) for a, b in zip(x, z)], cmap="viridis",
                                      edgecolor="none")
            circles.set_array(v)
            circles.set_clim(0.0, 0.6)
            ax.add_collection(circles)
            ax.add_collection(LineCollection(mesh(work, step), colors="0.35", linewidths=0.4))
            ax.plot([-1, 1, 1, -1, -1], [-0.5, -0.5, 0.5, 0.5, -0.5], color="k", linewidth=0.8)
            ax.set_xlim(-1.02, 1.02)
            ax.set_ylim(-0.52, 0.52)
            ax.set_aspect("equal")
            ax.set_title(title, fontsize=10)
            ax.set_xlabel("x (m)")
        axes[0].set_ylabel("z (m)")
        bar = fig.colorbar(circles, ax=axes, shrink=0.85, pad=0.03)
        bar.set_label("speed (m/s)")
        fig.suptitle("movingMeshGran under mbc-liggghts -sf mbc: hooke with history between "
                     "the spheres, the planes and the STL bucket, all ContactLiggghts", fontsize=10)
        fig.savefig(OUT, dpi=110, bbox_inches="tight")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
