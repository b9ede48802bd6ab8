#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# dev/spdx.sh on a scratch git repository: --check lists exactly the files
# without the line, --fix adds it in each file's comment syntax below a shebang
# (and a Python encoding line), a second --fix changes no byte, excluded and
# generated files are left alone, unknown kinds and foreign SPDX lines fail.
#   test_spdx.sh SOURCE_DIR
set -euo pipefail
src="$1"
. "$src/tests/release/scratch_repo.sh"
scratch_repo test_spdx
mkdir -p dev tests/seeds tests/specs-bad generated src
cp "$src/dev/spdx.sh" dev/
printf 'int x;\n' >src/a.c
printf '#!/bin/sh\necho hi\n' >src/run.sh && chmod +x src/run.sh
printf '#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\nprint(1)\n' >src/m.py
printf 'return connector { type = "X" }' >src/X.lua # no final newline
printf '#!/usr/bin/env bash\ntrue\n' >src/ci-step
printf 'project(x)\n' >CMakeLists.txt
printf 'Seed\n====\n' >tests/seeds/ObjectX.rst
printf 'bad = (\n' >tests/specs-bad/bad.lua
printf '/* Generated */\n' >generated/g.c
git add -A

fail() { echo "FAIL: $*" >&2; exit 1; }

# --check: the five sources, CMakeLists.txt and the generated file; not the exclusions
if dev/spdx.sh --check >"$tmp/check.out"; then fail "--check passed with missing lines"; fi
sort "$tmp/check.out" >"$tmp/check.sorted"
cat >"$tmp/want.sorted" <<'W'
missing: CMakeLists.txt
missing: generated/g.c (generated: rebuild so mbcgen rewrites it)
missing: src/X.lua
missing: src/a.c
missing: src/ci-step
missing: src/m.py
missing: src/run.sh
missing: dev/spdx.sh
W
# dev/spdx.sh itself has the line (copied from the tree)
grep -v 'dev/spdx.sh' "$tmp/want.sorted" >"$tmp/want2.sorted"
diff "$tmp/want2.sorted" "$tmp/check.sorted" || fail "--check listed other files"

# --fix: exit 1 only because of generated/g.c, which it must not touch
if dev/spdx.sh --fix >"$tmp/fix.out"; then fail "--fix passed with a stale generated file"; fi
grep -qx 'missing: generated/g.c (generated: rebuild so mbcgen rewrites it)' "$tmp/fix.out" || fail "generated file not reported"
[ "$(cat generated/g.c)" = "/* Generated */" ] || fail "--fix edited generated/"
[ "$(cat src/a.c)" = "$(printf '/* SPDX-License-Identifier: BSD-3-Clause */\nint x;')" ] || fail "C file: $(cat src/a.c)"
[ "$(cat src/run.sh)" = "$(printf '#!/bin/sh\n# SPDX-License-Identifier: BSD-3-Clause\necho hi')" ] || fail "shell file"
[ -x src/run.sh ] || fail "--fix lost the executable bit"
[ "$(cat src/m.py)" = "$(printf '#!/usr/bin/env python3\n# -*- coding: utf-8 -*-\n# SPDX-License-Identifier: BSD-3-Clause\nprint(1)')" ] || fail "python file: $(cat src/m.py)"
[ "$(cat src/X.lua)" = "$(printf -- '-- SPDX-License-Identifier: BSD-3-Clause\nreturn connector { type = "X" }')" ] || fail "lua file"
[ "$(head -n 2 src/ci-step)" = "$(printf '#!/usr/bin/env bash\n# SPDX-License-Identifier: BSD-3-Clause')" ] || fail "script without extension"
[ "$(head -n 1 CMakeLists.txt)" = "# SPDX-License-Identifier: BSD-3-Clause" ] || fail "CMakeLists.txt"
[ "$(cat tests/seeds/ObjectX.rst)" = "$(printf 'Seed\n====')" ] || fail "seed page edited"
[ "$(cat tests/specs-bad/bad.lua)" = "bad = (" ] || fail "malformed-spec corpus edited"

# idempotent: a second --fix changes no byte
printf '/* SPDX-License-Identifier: BSD-3-Clause */\n/* Generated */\n' >generated/g.c
dev/spdx.sh --fix >"$tmp/fix2.out" || fail "second --fix failed: $(cat "$tmp/fix2.out")"
grep -qx 'spdx: ok (0 added)' "$tmp/fix2.out" || fail "second --fix added lines: $(cat "$tmp/fix2.out")"
git add -A
before="$(git ls-files -s | sha1sum)"
dev/spdx.sh --fix >/dev/null
git add -A
[ "$before" = "$(git ls-files -s | sha1sum)" ] || fail "third --fix changed files"
dev/spdx.sh --check >/dev/null || fail "--check after --fix"

# an untracked new file (a merge in progress) is seen
printf 'int y;\n' >src/new.c
if dev/spdx.sh --check >"$tmp/new.out"; then fail "untracked file not seen"; fi
grep -qx 'missing: src/new.c' "$tmp/new.out" || fail "untracked file: $(cat "$tmp/new.out")"
rm src/new.c

# a kind of file without a rule, and a different SPDX line, fail --check and are not edited
printf 'x\n' >src/thing.xyz
printf '// SPDX-License-Identifier: MIT\nint z;\n' >src/mit.c
if dev/spdx.sh --fix >"$tmp/odd.out"; then fail "unknown kind passed"; fi
grep -q '^unclassified: src/thing.xyz ' "$tmp/odd.out" || fail "unknown kind: $(cat "$tmp/odd.out")"
grep -q '^misplaced: src/mit.c ' "$tmp/odd.out" || fail "foreign SPDX line: $(cat "$tmp/odd.out")"
[ "$(cat src/thing.xyz)" = x ] || fail "unknown kind edited"
[ "$(head -n 1 src/mit.c)" = "// SPDX-License-Identifier: MIT" ] || fail "foreign SPDX line edited"
echo "test_spdx: all passed"
