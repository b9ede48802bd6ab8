#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Fault injection of mbc-lammps on 2 MPI ranks (tests/inject, issue 25):
no rank may hang when only one of them runs out of memory.

    ranks.py LIB MPIEXEC MBC_LAMMPS PLUGIN INPUT DIR [--points P]

Each rank fails its own N-th counted allocation (libmbc_failalloc.so
preloaded into the ranks by mpirun -x; the ranks allocate differently: rank
0 reads the script), so at many N one rank fails where the other does not,
in the middle of a collective step. For N spread over 1..C (C: the
allocations of a clean one-rank run, plus a few), every run must end within
its timeout with status 71 and exactly one line "...: out of memory" besides
mpirun's own report, or as the clean run did (status and ERROR lines). The
one-rank entries of tests/inject check leaks; this one checks agreement."""
import os
import subprocess
import sys
import tempfile

TIMEOUT = 120  # seconds per run: a hang is a failure, not a wait


def own_lines(stderr):
    """stderr without mpirun's report (the blocks between dashed lines)."""
    lines, inside = [], False
    for line in stderr.splitlines():
        if line.startswith("-----"):
            inside = not inside
            continue
        if not inside and line.strip():
            lines.append(line)
    return lines


def main():
    args = [a for a in sys.argv[1:] if a != "--points"]
    points = int(sys.argv[sys.argv.index("--points") + 1]) if "--points" in sys.argv else 30
    if "--points" in sys.argv:
        args.remove(str(points))
    lib, mpiexec, exe, plugin, script, where = args
    command = [exe, "--plugin", plugin, "-in", script, "-var", "dir", where, "-log", "none"]
    with tempfile.TemporaryDirectory(prefix="mbc-inject-ranks-") as tmp:
        report = os.path.join(tmp, "report")
        env = dict(os.environ, LD_PRELOAD=lib, MBC_FAILALLOC_REPORT=report, MBC_FAILALLOC_N="0")
        subprocess.run(command, cwd=tmp, env=env, capture_output=True, timeout=TIMEOUT)
        with open(report) as f:
            calls = int(dict(line.split() for line in f)["calls"])
        launch = [mpiexec, "--allow-run-as-root", "--oversubscribe", "-np", "2",
                  "-x", "LD_PRELOAD=" + lib, "-x", "MBC_FAILALLOC_N"]

        def run(n):
            e = dict(os.environ, MBC_FAILALLOC_N=str(n))
            try:
                p = subprocess.run(launch + command, cwd=tmp, env=e, capture_output=True,
                                   text=True, errors="replace", timeout=TIMEOUT)
            except subprocess.TimeoutExpired:
                return None, []
            return p.returncode, own_lines(p.stderr)

        clean = run(0)
        last = calls + 10
        ns = sorted({1 + round(i * (last - 1) / (points - 1)) for i in range(points)})
        bad, nomem = [], 0
        for n in ns:
            status, lines = run(n)
            if status == 71 and len(lines) == 1 and lines[0].endswith(": out of memory"):
                nomem += 1
            elif (status, lines) != clean:
                bad.append("  N=%d: %s\n    %s" % (n, "hung (stopped after %d s)" % TIMEOUT
                                                   if status is None else "status %d" % status,
                                                   "\n    ".join(lines[:4])))
        name = os.path.basename(script)
        print("%s on 2 ranks: %d allocations (one rank), %d injection points: %d out of memory, "
              "%d as the clean run, %d broke the contract"
              % (name, calls, len(ns), nomem, len(ns) - nomem - len(bad), len(bad)))
        if bad:
            print("\n".join(bad), file=sys.stderr)
            return 1
        return 0


if __name__ == "__main__":
    sys.exit(main())
