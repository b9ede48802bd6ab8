#!/usr/bin/env bash
# The scaffold's two "done when" flows (issue 11). Run from the repository
# root after the default build exists in build/:
#   .ci/steps/scaffold.sh
# 1. In tree: a temporary clone of the committed tree; `mbcgen --new-type
#    ConnectorFoo`; the README's build and test lines (its apt-get part is
#    CI's prerequisites step); every test passes, and git status shows only
#    new files and regenerated files (generated/, docs/).
# 2. Out of tree: install build/ into a temporary prefix; `mbcgen
#    --new-project DIR ConnectorBar`; configure, build and test DIR against
#    the prefix; then run the `mbc --plugin ...` lines of DIR/README.md as
#    written: describe lists Energy, eval prints outputs.Energy.
set -euo pipefail

if [ ! -x build/bin/mbcgen ]; then
  echo "scaffold.sh: build/bin/mbcgen is missing; run 'cmake --workflow --preset default' first" >&2
  exit 1
fi
root="$PWD"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/mbconnect-scaffold.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
step() { printf '\n-- %s\n' "$*"; }

step "in tree: a clone, mbcgen --new-type ConnectorFoo, the README's two lines"
git clone -q "$root" "$tmp/clone"
(
  cd "$tmp/clone"
  "$root/build/bin/mbcgen" --new-type ConnectorFoo
  cmake --workflow --preset default >"$tmp/foo-build.log" 2>&1 ||
    { tail -50 "$tmp/foo-build.log"; exit 1; }
  ctest --preset default
  # only new files and regenerated ones
  changed="$(git status --porcelain | grep -v '^??' | grep -Ev '^ M (generated/|docs/index.rst$|docs/items/)' || true)"
  if [ -n "$changed" ]; then
    echo "files other than generated ones changed:" >&2
    echo "$changed" >&2
    exit 1
  fi
  git status --short
)

step "out of tree: install, mbcgen --new-project, build and test against the prefix"
prefix="$tmp/prefix"
cmake --install build --prefix "$prefix" >"$tmp/install.log"
project="$tmp/bar"
"$prefix/bin/mbcgen" --new-project "$project" ConnectorBar
cmake -S "$project" -B "$project/build" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/bar-configure.log" 2>&1 ||
  { cat "$tmp/bar-configure.log"; exit 1; }
cmake --build "$project/build" >"$tmp/bar-build.log" 2>&1 || { cat "$tmp/bar-build.log"; exit 1; }
ctest --test-dir "$project/build"

step "out of tree: the README's mbc --plugin lines, as written"
(
  cd "$project"
  export PREFIX="$prefix"
  grep -E '^"\$PREFIX/bin/mbc" --plugin ' README.md >"$tmp/lines.sh"
  test "$(wc -l <"$tmp/lines.sh")" -eq 2
  cat "$tmp/lines.sh"
  bash -e "$tmp/lines.sh" >"$tmp/plugin.out"
  grep -E '^  Energy +size 1 ' "$tmp/plugin.out"
  grep -E '"Energy": \[50\.000000000000000\]' "$tmp/plugin.out"
)
echo "scaffold: both flows pass"
