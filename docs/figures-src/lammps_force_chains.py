#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Draws docs/figures/lammps_force_chains.png: the force chains of a poured
bed, read by LAMMPS's own compute pair/local from the genuine pair style
that mbc-lammps -sf mbc makes of an unchanged pair_style granular line.

    lammps_force_chains.py MBC_LAMMPS OUT.png

The input is test_lammps_styles's poured bed (tests/lammps/styles/bed.in:
500 spheres of two types, jkr and hertz/material with mindlin, rolling sds
and twisting marshall, on a hertz/material floor, 3000 steps), with the
pairs' atom IDs (compute property/local) beside their forces. Drawn seen
along y, a slice 2 thick in the middle of the bed: a line between the
centers of each touching pair of the slice, its width and color the normal
force's magnitude; the slice's spheres as outlines."""
import os
import subprocess
import sys
import tempfile

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.collections import LineCollection, PatchCollection  # noqa: E402
from matplotlib.patches import Circle  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BED = os.path.join(HERE, "..", "..", "tests", "lammps", "styles", "bed.in")
MBC, OUT = sys.argv[1], sys.argv[2]
SLAB = 2.0  # the slice drawn: the spheres whose centers are within 1 of y = 4

# After bed.in's settling run: each pair's atom IDs, distance and force
# (pair/local's dist and force, through single(): force is F_n/r, so that
# F_n = dist force), and the spheres.
EXTRA = """
compute ids all property/local patom1 patom2
compute fn all pair/local dist force
dump chains all local 1 chains.dump c_ids[1] c_ids[2] c_fn[1] c_fn[2]
dump_modify chains format float %.17g
dump spheres all custom 1 spheres.dump id x y z radius
dump_modify spheres format float %.17g sort id
run 0
"""


def read_dump(path):
    """The rows of a dump's last frame, as lists of numbers."""
    rows, frame = [], None
    with open(path) as f:
        for line in f:
            if line.startswith("ITEM: ENTRIES") or line.startswith("ITEM: ATOMS"):
                frame = []
                rows = frame
            elif line.startswith("ITEM:"):
                frame = None
            elif frame is not None and line.strip():
                frame.append([float(x) for x in line.split()])
    return rows


def main():
    with tempfile.TemporaryDirectory() as work:
        text = open(BED).read()
        # stop before the analysis block of the test: settle, then ours
        text = text.split("compute pl all pair/local", 1)[0] + EXTRA
        with open(os.path.join(work, "chains.in"), "w") as f:
            f.write(text)
        subprocess.run([MBC, "-sf", "mbc", "-log", "none", "-screen", "none",
                        "-in", "chains.in"], cwd=work, check=True)
        chains = read_dump(os.path.join(work, "chains.dump"))
        spheres = read_dump(os.path.join(work, "spheres.dump"))
    # the slice SLAB of the box's y (0 to 8) around its middle
    at = {int(r[0]): (r[1], r[3], r[4]) for r in spheres if abs(r[2] - 4.0) < SLAB / 2}
    segments, forces = [], []
    for i, j, dist, force in chains:
        if int(i) not in at or int(j) not in at:
            continue
        (xi, zi, _), (xj, zj, _) = at[int(i)], at[int(j)]
        fn = abs(dist * force)
        if abs(xi - xj) > 4 or fn == 0:  # a pair across the periodic x boundary
            continue
        segments.append([(xi, zi), (xj, zj)])
        forces.append(fn)
    mean = sum(forces) / len(forces)
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    ax.add_collection(PatchCollection([Circle((x, z), r) for x, z, r in at.values()],
                                      facecolor="none", edgecolor="0.8", linewidth=0.4))
    lines = LineCollection(segments, linewidths=[0.5 + 2.5 * f / mean for f in forces],
                           cmap="inferno_r", capstyle="round")
    lines.set_array(forces)
    ax.add_collection(lines)
    fig.colorbar(lines, ax=ax, label="normal force |F_n| (LJ units)", shrink=0.8)
    ax.set_xlim(0, 8)
    ax.set_ylim(0, 4.0)
    ax.set_aspect("equal")
    ax.set_xlabel("x")
    ax.set_ylabel("z")
    ax.set_title(f"{len(segments)} contacts of the {len(at)} spheres within 1 of y = 4 (of 500)",
                 fontsize=10)
    fig.tight_layout()
    fig.savefig(OUT, dpi=110)
    print(f"{OUT}: {len(segments)} contacts, mean |F_n| {mean:.4g}, largest {max(forces):.4g}")


if __name__ == "__main__":
    main()
