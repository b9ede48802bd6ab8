#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Runs the DEM verification benchmarks (docs/benchmarks.rst) at full
resolution and makes their tables and figures.

    python3 examples/benchmark/run.py --json results.json          # run (minutes)
    python3 examples/benchmark/run.py --load results.json --doc docs/benchmarks.rst \\
        --figures docs/figures                                    # tables and figures
    python3 examples/benchmark/run.py --write-inputs              # the LAMMPS case files

Every benchmark (cases.all_benchmarks) runs in every engine it lists at the
time steps h, h/2 and h/4 (--levels); an engine that is missing (lmp,
mbc-lammps, mbc) or that cannot run a case yet is reported and left out.
Executables: $MBC_LMP, $MBC_LAMMPS, $MBC, else build/bin, else PATH.
"""
import argparse
import json
import math
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ in the source tree

import benchmarks as B  # noqa: E402
import cases as C  # noqa: E402
import pulloff as P  # noqa: E402


def measure_all(bench, engine, level):
    """Runs one engine at one level: {point label: {quantity: value}}, h."""
    if isinstance(bench, C.PullOff):
        r = P.run(bench, engine, level)
        return {bench.point_label(bench.model): bench.measure(bench.model, r)}, bench.step(None, level), [r]
    results = C.run_engine(bench, engine, level)
    family = C.ENGINES[engine][0]
    out = {}
    for p, r in zip(bench.points(), results):
        out[bench.point_label(p)] = bench.measure(p, r)
    return out, bench.cases(family, level)[0].h, results


def references(bench):
    out = {}
    families = sorted({C.ENGINES[e][0] for e in bench.engines})
    for family in families:
        out[family] = {bench.point_label(p): bench.reference(p, family) for p in bench.points()}
    return out


def run_all(benchmarks, levels, engines=None, series=None):
    data = {}
    for bench in benchmarks:
        entry = {"title": bench.title, "references": references(bench), "runs": {}}
        for engine in bench.engines:
            if engines and engine not in engines:
                continue
            for level in levels:
                t0 = time.time()
                try:
                    values, h, results = measure_all(bench, engine, level)
                except Exception as ex:  # an engine that cannot run this case (yet)
                    print(f"{bench.key} {engine} level {level}: not run: {ex}", file=sys.stderr)
                    break
                entry["runs"].setdefault(engine, {})[str(level)] = {"h": h, "values": values}
                if series is not None and level == max(levels):
                    series[(bench.key, engine)] = results
                print(f"{bench.key:22s} {engine:18s} h/{2**level}: {time.time() - t0:6.2f} s", file=sys.stderr)
        data[bench.key] = entry
    return data


# ------------------------------------------------------------------ tables


def rel(value, reference, scale=0.0):
    """The relative error, or with a scale (the largest |reference| of the
    quantity) the error relative to it, marked (True). A zero reference
    without a scale: the absolute error, marked."""
    if reference is None or value is None or not math.isfinite(value):
        return None
    if scale:
        return ((value - reference) / scale, True)
    if reference == 0.0:
        return (value - reference, True)
    return ((value - reference) / abs(reference), False)


def fmt_value(x):
    return "--" if x is None or not math.isfinite(x) else f"{x:.6g}"


def fmt_err(x):
    if x is None:
        return "--"
    return f"{x[0]:+.1e}" + ("*" if x[1] else "")


def shown_points(key, labels):
    test = key.split("_")[0]
    if test in ("t4",):
        return [x for x in labels if x in ("10.0", "45.0", "70.0")]
    if test == "t5":
        return [x for x in labels if x in ("2.0", "5.0", "10.0")]
    if test in ("t6", "t8", "t7"):
        return [labels[1], labels[8], labels[14]]
    return labels


ENGINE_NAMES = {
    "lmp": "LAMMPS (lmp)",
    "mbc-lammps": "mbc-lammps, ContactGranular (granular words)",
    "mbc-lammps named": "mbc-lammps, ContactGranular (by parameters)",
    "simulate": "mbc simulate, ContactGranular",
    "simulate CSS": "mbc simulate, ContactSphereSphere",
    "simulate CSS1": "mbc simulate, ContactSphereSphere (Hunt-Crossley)",
    "mbc-lammps CSS": "mbc-lammps, ContactSphereSphere",
}


def table(key, entry, bench):
    """One list-table: per quantity and point the reference and, per engine,
    the value at the finest step with the errors at h, h/2, h/4. The oblique
    tests (4 to 8) show rigid-body theory and the law integrated with small
    steps (reference.planar_impact), and each engine's errors are against
    its own law integrated (the lever arms differ); errors marked * are
    relative to the largest reference of the quantity."""
    runs = entry["runs"]
    engines = [e for e in bench.engines if e in runs]
    if not engines:
        return ""
    labels = [bench.point_label(p) for p in bench.points()]
    by_label = dict(zip(labels, bench.points()))
    oblique = isinstance(bench, C.Oblique)
    hs = {e: [runs[e][str(lv)]["h"] for lv in sorted(int(x) for x in runs[e])] for e in engines}
    lines = [f".. list-table:: {entry['title']}", "   :header-rows: 1", ""]
    head = ["quantity", "point", "rigid body" if oblique else "reference"]
    if oblique:
        head.append("law, integrated")
    head += [ENGINE_NAMES.get(e, e) for e in engines]
    lines.append("   * - " + "\n     - ".join(head))

    def reference_of(e, pt, q):
        if oblique:
            return bench.law_reference(by_label[pt], e).get(q)
        return entry["references"][C.ENGINES[e][0]].get(pt, {}).get(q)

    for q, label, unit in bench.quantities:
        refs_all = [reference_of(engines[0], x, q) for x in labels]
        scale = max([abs(r) for r in refs_all if r is not None] + [0.0])
        absolute = q in bench.absolute
        for pt in shown_points(key, labels):
            rigid = entry["references"]["granular" if "granular" in entry["references"] else
                                        list(entry["references"])[0]].get(pt, {}).get(q)
            row = [f"{label} [{unit}]", pt, fmt_value(rigid)]
            if oblique:
                row.append(fmt_value(bench.law_reference(by_label[pt], "lmp").get(q)))
            for e in engines:
                r = reference_of(e, pt, q)
                vals = [runs[e][str(lv)]["values"][pt][q] for lv in sorted(int(x) for x in runs[e])]
                errs = ", ".join(fmt_err(rel(v, r, scale if absolute else 0.0)) for v in vals)
                row.append(f"{fmt_value(vals[-1])} ({errs})")
            lines.append("   * - " + "\n     - ".join(row))
    steps = "; ".join(f"{ENGINE_NAMES.get(e, e)} {hs[e][0]:.3g} s" for e in engines)
    return "\n".join(lines) + f"\n\nTime step h: {steps}.\n"


def update_doc(data, benchmarks, path):
    """Replaces each region of the page between a comment line
    ``.. benchmark-table KEY`` and ``.. end-benchmark-table`` with KEY's table."""
    by_key = {b.key: b for b in benchmarks}
    out, skipping = [], False
    for line in open(path).read().split("\n"):
        if line.startswith(".. benchmark-table "):
            key = line.split()[2]
            out += [line, ""]
            if key in data and key in by_key:
                out += table(key, data[key], by_key[key]).rstrip("\n").split("\n")
            out.append("")
            skipping = True
            continue
        if line.startswith(".. end-benchmark-table"):
            skipping = False
        if not skipping:
            out.append(line)
    with open(path, "w") as f:
        f.write("\n".join(out))


def write_tables(data, benchmarks, path):
    with open(path, "w") as f:
        for bench in benchmarks:
            if bench.key in data:
                f.write(f"{bench.key}\n\n" + table(bench.key, data[bench.key], bench) + "\n\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", help="write the results here")
    ap.add_argument("--load", help="read results written by --json instead of running")
    ap.add_argument("--tables", help="write the rst tables here")
    ap.add_argument("--figures", help="draw the figures into this folder (runs the finest level again)")
    ap.add_argument("--doc", help="update the tables of this page (docs/benchmarks.rst)")
    ap.add_argument("--levels", type=int, nargs="+", default=[0, 1, 2])
    ap.add_argument("--only", nargs="+", help="benchmark keys (prefixes)")
    ap.add_argument("--engines", nargs="+")
    ap.add_argument("--write-inputs", action="store_true",
                    help="write the LAMMPS case files of examples/benchmark/lammps/cases (level 0)")
    args = ap.parse_args()
    benchmarks = C.all_benchmarks()
    if args.only:
        benchmarks = [b for b in benchmarks if any(b.key.startswith(k) for k in args.only)]
    if args.write_inputs:
        for bench in benchmarks:
            if isinstance(bench, C.PullOff):
                continue
            family = C.ENGINES[bench.engines[0]][0]
            B.write_lammps_inputs(bench.key, bench.cases(family, 0), B.CASES_DIR)
        return 0
    series = {} if args.figures else None
    if args.load:
        data = json.load(open(args.load))
    else:
        data = run_all(benchmarks, args.levels, args.engines, series)
        if args.json:
            json.dump(data, open(args.json, "w"), indent=1)
    if args.tables:
        write_tables(data, benchmarks, args.tables)
    if args.doc:
        update_doc(data, benchmarks, args.doc)
    if args.figures:
        import figures

        if not series:
            series = {}
            run_all(benchmarks, [max(args.levels)], args.engines, series)
        figures.draw_all(benchmarks, data, series, args.figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
