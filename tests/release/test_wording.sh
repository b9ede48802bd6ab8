#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# dev/wording.sh --check on a scratch git repository: a message that says
# "(got X)" or ", got X" fails, named by file and the line where the literal
# begins (a literal split over lines, a generator template, a C++ source);
# "given", a variable named got, a comment and a test's own string pass.
#   test_wording.sh SOURCE_DIR
set -euo pipefail
src="$1"
. "$src/tests/release/scratch_repo.sh"
scratch_repo test_wording
mkdir -p dev src generator/templates tests/api
cp "$src/dev/wording.sh" dev/

fail() { echo "FAIL: $*" >&2; exit 1; }

printf 'int f(int got) {\n    /* "must be > 0, got -1" in a comment */\n    return got; /* (got x) */\n}\n' >src/ok.c
printf 'const char *a = "X.k: must be > 0 (given %%g)", *b = "n, given %%zu";\n' >src/given.c
git add -A
dev/wording.sh --check | grep -qx 'wording: ok' || fail "a tree without got must pass"

printf 'const char *m = "X.k: must be > 0, got %%g";\nchar c = '"'"'"'"'"';\n' >src/a.c
printf 'void g(void) {\n    h("%%s: must have %%zu numbers "\n      "(got %%zu)", 1);\n}\n' >src/b.c
printf 'r = fail(@MACRO@TYPE_NAME ": needs %%zu values, got %%zu", n, k);\n' >generator/templates/t.c.in
printf 'auto s = "bad (got nothing)";\n' >src/c.cpp
printf 'fail_msg("expected %%d, got %%d", 1, 2);\n' >tests/api/test_x.c
git add -A
set +e
out="$(dev/wording.sh --check 2>&1)"
rc=$?
set -e
[ "$rc" -eq 1 ] || fail "--check: status $rc, want 1: $out"
echo "$out" | grep -qx 'src/a.c:1: "X.k: must be > 0, got %g"' || fail "src/a.c: $out"
echo "$out" | grep -qx 'src/b.c:2: "%s: must have %zu numbers (got %zu)"' || fail "src/b.c: $out"
echo "$out" | grep -qx 'generator/templates/t.c.in:1: ": needs %zu values, got %zu"' || fail "t.c.in: $out"
echo "$out" | grep -qx 'src/c.cpp:1: "bad (got nothing)"' || fail "src/c.cpp: $out"
[ "$(echo "$out" | grep -c '^[a-z]')" -eq 5 ] || fail "want 4 findings and the summary: $out"
if echo "$out" | grep -q 'ok.c\|given.c\|tests/'; then fail "$out"; fi
echo "test_wording: ok"
