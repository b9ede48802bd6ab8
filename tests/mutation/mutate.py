#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""Mutation testing of runtime/*.c, one mutant at a time (issue #19).

Run on demand, not in CI (a campaign takes tens of minutes):

    /usr/bin/python3 tests/mutation/mutate.py --count 170 --out /tmp/mut.tsv
    /usr/bin/python3 tests/mutation/mutate.py --only /tmp/mut.tsv --status survived

Debian packages no C mutation tool, so this script is small and plain. It
copies the worktree (without build*/ and .git) to a scratch directory, so the
worktree never holds a mutant, configures the scratch copy with the default
preset's options once (Ninja when available, no optimization, no -Werror),
and then for every mutant: writes the mutated file, rebuilds the
targets the tests need (-j2), runs ctest on the tests that exercise the
runtime (all but the labels in --exclude: generator, example, fuzz by
default), and restores the file. A mutant is

  killed     a test fails (or times out, or the test binary crashes),
  survived   every test passes,
  stillborn  the mutant does not compile (not counted in the score).

Mutation operators, applied to code only (comments, strings and preprocessor
lines are skipped):
  aor    arithmetic operator swapped (+ <-> -, * <-> /)
  ror    relational operator changed (< <-> <=, > <-> >=, == <-> !=)
  lcr    logical connector swapped (&& <-> ||)
  crp    constant perturbed (integer k -> k + 1, real c -> 2 c, 0.0 -> 1.0)
  idx    array index shifted by one (a[i] -> a[i + 1])
  sign   sign flipped (unary minus removed; x = e; -> x = -(e);)
  neg    branch condition negated (if (c) -> if (!(c)), while likewise)

The mutants are enumerated deterministically; --count picks a stratified
random sample (fixed --seed) over the files, so a campaign is repeatable.
Output: one TSV line per mutant (id, status, file:line, operator, original
line, mutated line) and a summary with the score killed / (killed + survived).
"""
import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

TYPE_WORDS = re.compile(
    r"^(double|float|int|char|void|size_t|unsigned|const|struct|uint64_t|int64_t|bool|"
    r"mbc_\w+|\w+_params|\w+_t|ss_\w+|cfcc_\w+|jale_\w+)$")
DECL_LINE = re.compile(r"^\s*(static\s+)?(const\s+)?(struct\s+)?[A-Za-z_]\w*\s+\**[A-Za-z_]\w*\s*\[")


def mask_code(lines):
    """Per line, a copy with comments and string/char literal contents blanked;
    None for preprocessor lines."""
    out = []
    in_block = False
    for line in lines:
        if not in_block and line.lstrip().startswith("#"):
            out.append(None)
            continue
        m = []
        i = 0
        n = len(line)
        while i < n:
            c = line[i]
            if in_block:
                if line.startswith("*/", i):
                    in_block = False
                    m.append("  ")
                    i += 2
                else:
                    m.append(" ")
                    i += 1
                continue
            if line.startswith("/*", i):
                in_block = True
                m.append("  ")
                i += 2
            elif line.startswith("//", i):
                m.append(" " * (n - i))
                break
            elif c in "\"'":
                j = i + 1
                while j < n and line[j] != c:
                    j += 2 if line[j] == "\\" else 1
                m.append(c + " " * (min(j, n) - i - 1) + (c if j < n else ""))
                i = j + 1
            else:
                m.append(c)
                i += 1
        out.append("".join(m)[:n])
    return out


def prev_token(mask, i):
    j = i - 1
    while j >= 0 and mask[j] == " ":
        j -= 1
    if j < 0:
        return ""
    if mask[j].isalnum() or mask[j] == "_":
        k = j
        while k >= 0 and (mask[k].isalnum() or mask[k] == "_"):
            k -= 1
        return mask[k + 1:j + 1]
    return mask[j]


def is_operand_end(tok):
    return tok != "" and (tok[-1].isalnum() or tok[-1] in "_)]") and not TYPE_WORDS.match(tok) \
        and tok not in ("return", "case", "sizeof")


def matching(mask, i, open_c, close_c):
    depth = 0
    for j in range(i, len(mask)):
        if mask[j] == open_c:
            depth += 1
        elif mask[j] == close_c:
            depth -= 1
            if depth == 0:
                return j
    return -1


DECL_BEFORE_BRACKET = re.compile(
    r"\b(double|float|int|char|size_t|unsigned|bool|mbc_\w+|\w+_t|\w+_params)\s*\**\s*\w+\s*$")


def in_declared_dimension(mask, i):
    """True if position i lies inside the [...] of an array declarator such as
    `const double A[9]` (a parameter or variable dimension, not an index)."""
    k = mask.rfind("[", 0, i + 1)
    if k < 0 or "]" in mask[k:i]:
        return False
    return bool(DECL_BEFORE_BRACKET.search(mask[:k]))


def perturb_number(text):
    t = text.rstrip("uUlLfF")
    suffix = text[len(t):]
    if re.fullmatch(r"0[xX][0-9a-fA-F]+", t):
        return None
    if re.fullmatch(r"\d+", t):
        return str(int(t) + 1) + suffix
    try:
        v = float(t)
    except ValueError:
        return None
    return ("1.0" if v == 0.0 else repr(2.0 * v)) + suffix


def mutants_of_line(line, mask):
    """Yields (operator, column, mutated line)."""
    if mask is None or mask.strip() == "":
        return
    decl = bool(DECL_LINE.match(mask))
    # aor
    for m in re.finditer(r"[+\-*/]", mask):
        i = m.start()
        c = mask[i]
        nxt = mask[i + 1] if i + 1 < len(mask) else ""
        prv = mask[i - 1] if i > 0 else ""
        if nxt in "=+-" or prv in "+-" or (c == "-" and nxt == ">") or (c == "/" and nxt in "/*") \
                or (c == "*" and prv == "/"):
            continue
        if c == "-" and nxt == ">":
            continue
        if not is_operand_end(prev_token(mask, i)):
            continue
        if c in "*/" and decl:
            continue
        rep = {"+": "-", "-": "+", "*": "/", "/": "*"}[c]
        yield "aor", i, line[:i] + rep + line[i + 1:]
    # ror
    for m in re.finditer(r"<=|>=|==|!=|<|>", mask):
        i, op = m.start(), m.group()
        if op in ("<", ">"):
            nxt = mask[i + 1] if i + 1 < len(mask) else ""
            prv = mask[i - 1] if i > 0 else ""
            if nxt in "<>=" or prv in "<>-=!":
                continue
        rep = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}[op]
        yield "ror", i, line[:i] + rep + line[i + len(op):]
    # lcr
    for m in re.finditer(r"&&|\|\|", mask):
        i = m.start()
        rep = "||" if m.group() == "&&" else "&&"
        yield "lcr", i, line[:i] + rep + line[i + 2:]
    # crp
    for m in re.finditer(r"(?<![\w.])(\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)[uUlLfF]*(?![\w.])",
                         mask):
        i = m.start()
        if decl and "[" in mask[:i] and "]" in mask[i:] and "=" not in mask[:i]:
            continue  # an array size in a declaration
        if re.search(r"\bcase\s*$", mask[:i]) or in_declared_dimension(mask, i):
            continue
        rep = perturb_number(m.group())
        if rep is not None:
            yield "crp", i, line[:i] + rep + line[m.end():]
    # idx
    if not decl:
        for m in re.finditer(r"\[", mask):
            i = m.start()
            if not is_operand_end(prev_token(mask, i)):
                continue
            j = matching(mask, i, "[", "]")
            if j < 0 or mask[i + 1:j].strip() == "" or in_declared_dimension(mask, i + 1):
                continue
            yield "idx", i, line[:i + 1] + "(" + line[i + 1:j] + ") + 1" + line[j:]
    # sign: unary minus removed
    for m in re.finditer(r"-", mask):
        i = m.start()
        nxt = mask[i + 1] if i + 1 < len(mask) else ""
        if nxt in "=->" or (i > 0 and mask[i - 1] == "-"):
            continue
        tok = prev_token(mask, i)
        if tok in ("", "(", "=", ",", "?", ":", "return", "*", "/", "+", "{"):
            yield "sign", i, line[:i] + line[i + 1:]
    # sign: assignment right-hand side negated
    m = re.match(r"^(\s*[^=;{}]*[^=!<>+\-*/])=([^=][^;]*);\s*$", mask)
    if m and "{" not in mask and not re.match(r"^\s*(for|if|while)\b", mask) and \
            "," not in m.group(2) and not re.search(r"\*\s*\w+\s*$", m.group(1)) and \
            not re.match(r"\s*(&|NULL\b|\")", m.group(2)):
        i = m.end(1) + 1
        j = line.rfind(";")
        yield "sign", i, line[:i] + " -(" + line[i:j].strip() + ")" + line[j:]
    # neg
    for m in re.finditer(r"\b(if|while)\s*\(", mask):
        i = m.end() - 1
        j = matching(mask, i, "(", ")")
        if j < 0:
            continue
        yield "neg", i, line[:i + 1] + "!(" + line[i + 1:j] + ")" + line[j:]


def enumerate_mutants(root):
    mutants = []
    rdir = os.path.join(root, "runtime")
    for name in sorted(os.listdir(rdir)):
        if not name.endswith(".c"):
            continue
        rel = "runtime/" + name
        with open(os.path.join(rdir, name)) as f:
            lines = f.read().split("\n")
        masks = mask_code(lines)
        for ln, (line, mask) in enumerate(zip(lines, masks), start=1):
            seen = set()
            for op, col, new in mutants_of_line(line, mask):
                if new == line or new in seen:
                    continue
                seen.add(new)
                mutants.append({"id": "%s:%d:%d:%s" % (rel, ln, col + 1, op), "file": rel,
                                "line": ln, "op": op, "orig": line, "new": new})
    return mutants


def sample(mutants, count, seed):
    """Stratified by file: every file gets a share proportional to its
    candidates (at least one), drawn at random with a fixed seed."""
    if count <= 0 or count >= len(mutants):
        return mutants
    rng = random.Random(seed)
    by_file = {}
    for m in mutants:
        by_file.setdefault(m["file"], []).append(m)
    total = len(mutants)
    chosen = []
    for f, ms in sorted(by_file.items()):
        k = max(1, round(count * len(ms) / total))
        chosen.extend(rng.sample(ms, min(k, len(ms))))
    chosen.sort(key=lambda m: (m["file"], m["line"], m["id"]))
    rng.shuffle(chosen)  # run order: a campaign stopped early is still a fair sample
    return chosen


def run(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=timeout)
        return p.returncode, p.stdout.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return -9, "timeout"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--src", default=ROOT, help="worktree to copy (default: this one)")
    ap.add_argument("--work", default="", help="scratch directory (default: a new /tmp/mut-*)")
    ap.add_argument("--count", type=int, default=170, help="mutants to sample (0 = all)")
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--only", default="", help="TSV of an earlier run: re-run its mutants")
    ap.add_argument("--status", default="", help="with --only: just those with this status")
    ap.add_argument("--list", action="store_true", help="print the mutants, run nothing")
    ap.add_argument("--out", default="-", help="TSV result file")
    ap.add_argument("--timeout", type=int, default=120, help="seconds per ctest run")
    ap.add_argument("--exclude", default="generator|example|fuzz",
                    help="ctest -LE regex of test labels not run (default: the generator tests, "
                         "which never reach the runtime, and the slow example/fuzz runs)")
    args = ap.parse_args()

    mutants = enumerate_mutants(args.src)
    if args.only:
        want = []
        with open(args.only) as f:
            for row in f:
                if row.startswith("#"):
                    continue
                cols = row.rstrip("\n").split("\t")
                if len(cols) > 1 and (not args.status or cols[1] == args.status):
                    want.append(cols[0])
        index = {m["id"]: m for m in mutants}
        missing = [w for w in want if w not in index]
        if missing:
            sys.exit("mutate.py: %d mutants of %s no longer apply to the source (first: %s)" %
                     (len(missing), args.only, missing[0]))
        chosen = [index[w] for w in want]
    else:
        chosen = sample(mutants, args.count, args.seed)
    if args.list:
        for m in chosen:
            print("%s\t%s" % (m["id"], m["new"].strip()))
        print("# %d candidates, %d chosen" % (len(mutants), len(chosen)), file=sys.stderr)
        return 0

    work = args.work or "/tmp/mut-%d" % os.getpid()
    if not os.path.exists(os.path.join(work, "CMakeLists.txt")):
        src = os.path.abspath(args.src)

        def skip(d, names):  # the build trees and git metadata of the worktree only
            if os.path.abspath(d) != src:
                return []
            return [n for n in names if n == ".git" or n == "build" or n.startswith("build-")]

        shutil.copytree(src, work, symlinks=True, ignore=skip, dirs_exist_ok=True)
    if not os.path.exists(os.path.join(work, "build", "CMakeCache.txt")):
        # Ninja if present (fast dependency checks), no -O, no -Werror: a mutant
        # that only adds a warning still runs (the speed of the code is not tested)
        gen = ["-G", "Ninja"] if shutil.which("ninja") else []
        subprocess.check_call(["cmake", "-S", ".", "-B", "build", "-DCMAKE_BUILD_TYPE=",
                               "-DMBC_WERROR=OFF", "-DMBC_SANITIZE=OFF"] + gen, cwd=work,
                              stdout=subprocess.DEVNULL)
    # the tests that exercise the runtime: everything but the excluded labels
    rc, text = run(["ctest", "--test-dir", "build", "-N", "-LE", args.exclude], work, 120)
    # (test names are target names for cmocka tests; example tests run bin/mbc-example-*)
    rc, known = run(["cmake", "--build", "build", "--target", "help"], work, 120)
    known = set(re.findall(r"^(?:\.\.\. )?([^\s:]+)", known, re.M))  # make or ninja help
    targets = set(["mbc"]) | set(re.findall(r"Test +#\d+: (\S+)", text))
    if not re.search(args.exclude, "example"):
        targets |= set(t for t in known if t.startswith("mbc-example"))
    targets &= known
    build = ["cmake", "--build", "build", "-j2", "--target"] + sorted(targets)
    rc, text = run(build, work, 1800)
    if rc != 0:
        sys.exit("mutate.py: the unmutated copy does not build:\n" + text[-2000:])
    ctest = ["ctest", "--test-dir", "build", "-LE", args.exclude, "-j2", "--stop-on-failure",
             "--timeout", str(args.timeout)]
    rc, text = run(ctest, work, 1800)
    if rc != 0:
        sys.exit("mutate.py: the unmutated copy fails its tests:\n" + text[-2000:])

    current = {}

    def restore(signum, frame):  # never leave a mutant behind in the scratch copy
        if current:
            with open(current["path"], "w") as f:
                f.write(current["text"])
        sys.exit("mutate.py: stopped by signal %d" % signum)

    signal.signal(signal.SIGTERM, restore)
    signal.signal(signal.SIGINT, restore)
    out = sys.stdout if args.out == "-" else open(args.out, "w")
    out.write("# id\tstatus\tfile:line\toperator\toriginal\tmutated\n")
    counts = {"killed": 0, "survived": 0, "stillborn": 0}
    start = time.time()
    for k, m in enumerate(chosen, start=1):
        path = os.path.join(work, m["file"])
        with open(path) as f:
            original = f.read()
        current.update(path=path, text=original)
        lines = original.split("\n")
        assert lines[m["line"] - 1] == m["orig"], m["id"]
        lines[m["line"] - 1] = m["new"]
        try:
            with open(path, "w") as f:
                f.write("\n".join(lines))
            rc, text = run(build, work, 900)
            if rc != 0:
                status = "stillborn"
            else:
                rc, text = run(ctest, work, 1800)
                status = "killed" if rc != 0 else "survived"
        finally:
            with open(path, "w") as f:
                f.write(original)
            current.clear()
        counts[status] += 1
        out.write("%s\t%s\t%s:%d\t%s\t%s\t%s\n" % (m["id"], status, m["file"], m["line"], m["op"],
                                                  m["orig"].strip(), m["new"].strip()))
        out.flush()
        print("[%d/%d %.0fs] %s %s" % (k, len(chosen), time.time() - start, status, m["id"]),
              file=sys.stderr, flush=True)
    # leave the scratch build matching the unmutated source
    run(build, work, 900)
    scored = counts["killed"] + counts["survived"]
    summary = "# %d mutants: %d killed, %d survived, %d stillborn; score %d/%d = %.1f%%\n" % (
        len(chosen), counts["killed"], counts["survived"], counts["stillborn"], counts["killed"],
        scored, 100.0 * counts["killed"] / scored if scored else 0.0)
    out.write(summary)
    sys.stderr.write(summary)
    if out is not sys.stdout:
        out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
