#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# dev/spelling.sh on a scratch git repository: --check lists the British
# spellings with file and line and fails, --fix rewrites them in US English
# (lower case and capitalized, inside identifiers too) and leaves generated/,
# specs/, docs/items/ and CHANGELOG.md alone; then --check passes.
#   test_spelling.sh SOURCE_DIR
set -euo pipefail
src="$1"
. "$src/tests/release/scratch_repo.sh"
scratch_repo test_spelling
mkdir -p dev generated specs docs/items src
cp "$src/dev/spelling.sh" dev/
printf '/* Normalised at the centre; behaviour */\nint rs_finalise(void);\nint ok;\n' >src/a.c
printf 'the centres of circles\n' >generated/g.c
printf 'theory = "centre"\n' >specs/X.lua
printf 'Centre\n' >docs/items/ObjectX.rst
printf -- '- `mbc_object_initialise` -> `mbc_object_initialize`\n' >CHANGELOG.md
git add -A

set +e
out="$(dev/spelling.sh --check 2>&1)"
rc=$?
set -e
[ "$rc" -eq 1 ] || { echo "--check: status $rc, want 1"; exit 1; }
echo "$out" | grep -qx 'src/a.c:1:/\* Normalised at the centre; behaviour \*/'
echo "$out" | grep -qx 'src/a.c:2:int rs_finalise(void);'
[ "$(echo "$out" | grep -c '^src/a.c:')" -eq 2 ] || { echo "$out"; exit 1; }
if echo "$out" | grep -q 'generated/\|specs/\|docs/items/\|CHANGELOG'; then echo "$out"; exit 1; fi

dev/spelling.sh --fix >/dev/null
[ "$(cat src/a.c)" = "$(printf '/* Normalized at the center; behavior */\nint rs_finalize(void);\nint ok;')" ] ||
  { cat src/a.c; exit 1; }
[ "$(cat generated/g.c)" = "the centres of circles" ]
[ "$(cat specs/X.lua)" = 'theory = "centre"' ]
[ "$(cat docs/items/ObjectX.rst)" = "Centre" ]
grep -q initialise CHANGELOG.md
dev/spelling.sh --check | grep -qx 'spelling: ok'
echo "test_spelling: ok"
