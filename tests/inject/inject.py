#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Fault injection: one entry point (a command line), run with the
preloaded allocator libmbc_failalloc.so (tests/inject/failalloc.c) failing
the N-th allocation made by mbconnect or Lua code and every later one.

1. A clean run counts the allocations C (and must end with the expected
   status and leave nothing allocated).
2. The command runs once per N = 1..C, or at --points values spread over
   1..C when C is larger (default 60; MBC_INJECT_POINTS=N in the
   environment overrides every test's, 0 for every allocation). Each run must either succeed as the clean run did
   (the failure hit an allocation whose failure is survivable) or exit with
   status 71 and exactly one line on stderr ending in ": out of memory";
   never a signal (SIGABRT, SIGSEGV), never another status or message, and
   nothing the program allocated may be left at exit. With --leftovers DIR,
   a run that ran out of memory leaves DIR empty (no result, no temporary
   file) and one that survived leaves what the clean run left.

Usage: inject.py --lib LIB --name NAME [--points P] [--expect S] [--objects O]
                 [--no-executable] [--fresh DIR]... [--copy SRC=DST]...
                 [--leftovers DIR]... [--cwd DIR] -- COMMAND...
Prints one summary line per entry point; exit status 1 when a run broke the
contract (each such run is listed with its N, status and stderr)."""

import argparse
import os
import shutil
import signal
import subprocess
import sys
import tempfile

NOMEM = 71


def parse():
    p = argparse.ArgumentParser()
    p.add_argument("--lib", required=True, help="libmbc_failalloc.so")
    p.add_argument("--name", required=True)
    p.add_argument("--points", type=int, default=60,
                   help="at most this many runs (all of 1..C when C is smaller); the "
                        "environment's MBC_INJECT_POINTS overrides it (0: every allocation)")
    p.add_argument("--expect", type=int, default=0, help="exit status of the clean run")
    p.add_argument("--objects", default=None, help="MBC_FAILALLOC_OBJECTS")
    p.add_argument("--no-executable", action="store_true",
                   help="the executable's allocations do not count (an interpreter: python3)")
    p.add_argument("--leftovers", action="append", default=[],
                   help="a directory (also --fresh) that holds only what the clean run left, "
                        "and nothing after out of memory")
    p.add_argument("--fresh", action="append", default=[],
                   help="a directory removed and made empty before every run")
    p.add_argument("--copy", action="append", default=[],
                   help="SRC=DST: a file copied after --fresh, before every run")
    p.add_argument("--cwd", default=None)
    p.add_argument("--asan", action="store_true",
                   help="the command is built with AddressSanitizer (LeakSanitizer checks leaks too)")
    p.add_argument("command", nargs=argparse.REMAINDER)
    a = p.parse_args()
    if a.command and a.command[0] == "--":
        a.command = a.command[1:]
    if not a.command:
        p.error("no command")
    return a


def run(a, n, report):
    for d in a.fresh:
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
    for c in a.copy:
        src, dst = c.split("=", 1)
        os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
        shutil.copyfile(src, dst)
    env = dict(os.environ)
    env["LD_PRELOAD"] = a.lib
    env["MBC_FAILALLOC_REPORT"] = report
    env["MBC_FAILALLOC_N"] = str(n)
    if a.objects is not None:
        env["MBC_FAILALLOC_OBJECTS"] = a.objects
    if a.no_executable:
        env["MBC_FAILALLOC_EXECUTABLE"] = "0"
    if a.asan:
        env["ASAN_OPTIONS"] = "verify_asan_link_order=0:detect_leaks=1:exitcode=86"
    if os.path.exists(report):
        os.remove(report)
    p = subprocess.run(a.command, cwd=a.cwd, env=env, capture_output=True, text=True,
                       errors="replace", timeout=600)
    left = {d: sorted(os.listdir(d)) for d in a.leftovers}
    counts = {}
    if os.path.exists(report):
        with open(report) as f:
            for line in f:
                key, value = line.split()
                counts[key] = int(value)
    return p, counts, left


def describe(p):
    if p.returncode < 0:
        return "signal %s" % signal.Signals(-p.returncode).name
    return "status %d" % p.returncode


def main():
    a = parse()
    with tempfile.TemporaryDirectory(prefix="mbc-inject-") as tmp:
        report = os.path.join(tmp, "report")
        clean, counts, clean_left = run(a, 0, report)
        if clean.returncode != a.expect or "calls" not in counts or counts["live"]:
            print("%s: the clean run broke: %s (expected status %d), report %s\n%s"
                  % (a.name, describe(clean), a.expect, counts, clean.stderr), file=sys.stderr)
            return 1
        total = counts["calls"]
        if os.environ.get("MBC_INJECT_POINTS", "").isdigit():  # a deeper run by hand
            a.points = int(os.environ["MBC_INJECT_POINTS"]) or total
        if total <= a.points:
            points = list(range(1, total + 1))
        else:
            step = (total - 1) / (a.points - 1)
            points = sorted({1 + round(i * step) for i in range(a.points)})
        bad = []
        kinds = {}  # what the broken runs did: "signal SIGABRT", "status 70", ...
        nomem = survived = 0
        for n in points:
            p, c, left = run(a, n, report)
            lines = p.stderr.splitlines()
            one_line = len(lines) == 1 and lines[0].endswith(": out of memory")
            leak = c.get("live", 1)
            if p.returncode == NOMEM and one_line and not leak and not any(left.values()):
                nomem += 1
            elif (p.returncode == a.expect and p.stdout == clean.stdout
                  and p.stderr == clean.stderr and not leak and left == clean_left):
                survived += 1  # the failure hit an allocation whose failure is survivable
            else:
                what = describe(p)
                kind = what
                if p.returncode == NOMEM and not one_line:
                    kind = "status 71, not one line"
                elif leak and p.returncode >= 0:
                    kind = "blocks not freed"
                elif ((p.returncode == NOMEM and any(left.values()))
                      or (p.returncode == a.expect and left != clean_left)):
                    kind = "files left behind"
                    what += ", left %s" % {d: f for d, f in left.items() if f}
                kinds[kind] = kinds.get(kind, 0) + 1
                if leak:
                    what += ", %s blocks (%s bytes) not freed" % (c.get("live", "?"),
                                                                  c.get("bytes", "?"))
                bad.append("  N=%d: %s\n    %s" % (n, what, "\n    ".join(lines[:6])))
        print("%s: %d allocations, %d injection points: %d out of memory (status 71, one line),"
              " %d survived, %d broke the contract" % (a.name, total, len(points), nomem,
                                                      survived, len(bad)))
        if bad:
            print("  broken: " + ", ".join("%d %s" % (n, k) for k, n in sorted(kinds.items())))
            print("\n".join(bad[:40]), file=sys.stderr)
            if len(bad) > 40:
                print("  ... and %d more" % (len(bad) - 40), file=sys.stderr)
            return 1
        return 0


if __name__ == "__main__":
    sys.exit(main())
