# SPDX-License-Identifier: BSD-3-Clause
"""The pull-off runs of docs/benchmarks.rst (cases.PullOff) in each engine:
examples/benchmark/lammps/pulloff.in (lmp, mbc-lammps) and
examples/benchmark/scenes/pulloff.lua (mbc simulate)."""
import csv
import os
import subprocess
import tempfile

import numpy as np

import benchmarks as B


def words(bench):
    return (f"{bench.model} {B.fmt(bench.E)} 0 {B.fmt(bench.nu)} {B.fmt(bench.gamma)} "
            "damping velocity tangential linear_history 1000 0 0")


def params(bench, h):
    law = B.Granular((bench.model, bench.E, 0.0, bench.nu, bench.gamma), "velocity",
                     ("linear_history", 1000.0, 0.0, 0.0))
    p = law.params()  # the engine sets the radii and masses (the binding)
    p["timeStep"] = h
    return p


def common(bench, h):
    return {"R": B.fmt(bench.radius), "depth": B.fmt(bench.depth), "speed": B.fmt(bench.speed),
            "gap0": B.fmt(bench.gap0), "dt": B.fmt(h)}


def run(bench, engine, level):
    """Returns a Result with t, overlap and fz (the normal force on a)."""
    h = bench.step(None, level)
    family, how = {"lmp": ("granular", "lammps:native"), "mbc-lammps": ("granular", "lammps:mbconnect"),
                   "mbc-lammps named": ("granular", "lammps:named"),
                   "simulate": ("granular", "simulate:ContactGranular")}[engine]
    kind, mode = how.split(":")
    with tempfile.TemporaryDirectory() as tmp:
        if kind == "lammps":
            exe = B.find_exe("lmp", "MBC_LMP") if mode == "native" else B.find_exe("mbc-lammps", "MBC_LAMMPS")
            out = os.path.join(tmp, "out.txt")
            args = [exe, "-in", os.path.join(B.LAMMPS_DIR, "pulloff.in"), "-log", os.path.join(tmp, "log"),
                    "-screen", "none", "-nocite", "-var", "law", mode, "-var", "out", out,
                    "-var", "words", words(bench), "-var", "params", B.lammps_params(params(bench, h))]
            for k, v in common(bench, h).items():
                args += ["-var", k, v]
            p = subprocess.run(args, cwd=tmp, capture_output=True, text=True, timeout=900)
            if p.returncode != 0:
                log = open(os.path.join(tmp, "log")).read() if os.path.exists(os.path.join(tmp, "log")) else ""
                errors = [x for x in (log + p.stdout + p.stderr).split("\n") if "ERROR" in x]
                raise RuntimeError(f"{bench.key}: {engine} failed: " + "; ".join(errors[:3]))
            d = np.loadtxt(out, ndmin=2)
            return B.Result({"t": d[:, 0], "overlap": d[:, 1], "fz": d[:, 2]})
        exe = B.find_exe("mbc", "MBC")
        out = os.path.join(tmp, "out.csv")
        args = [exe, "simulate", os.path.join(B.SCENES_DIR, "pulloff.lua"), "--quiet", "--csv", out,
                "--json", os.path.join(tmp, "out.json"), "--set", f"normalModel={bench.model}",
                "--set", f"E={B.fmt(bench.E)}", "--set", f"nu={B.fmt(bench.nu)}",
                "--set", f"gamma={B.fmt(bench.gamma)}", "--set", f"h={B.fmt(h)}"]
        for k, v in common(bench, h).items():
            if k != "dt":
                args += ["--set", f"{k}={v}"]
        p = subprocess.run(args, capture_output=True, text=True, timeout=900)
        if p.returncode != 0:
            raise RuntimeError(f"{bench.key}: mbc simulate failed: {p.stderr[-1000:]}")
        with open(out) as f:
            rows = list(csv.reader(f))
        col = {n: np.array([float(r[i]) for r in rows[1:]]) for i, n in enumerate(rows[0])}
        return B.Result({"t": col["time"], "overlap": col["overlap"], "fz": col["force"]})
