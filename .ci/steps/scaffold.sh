#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
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
# 3. The pair law (issue 33): `mbcgen --new-project DIR ContactBaz --pair`
#    against the same prefix; configure, build and test DIR (its own tests
#    include lammps/collide.in on 2 ranks through the installed mbc-lammps,
#    which checks the momentum and the rebound speed); then the README's
#    `mpirun -np 2 ... mbc-lammps` line as written. Without mpirun or an
#    installed mbc-lammps the LAMMPS part is skipped with a message.
set -euo pipefail

if [ ! -x build/bin/mbcgen ]; then
  echo "scaffold.sh: build/bin/mbcgen is missing; run 'cmake --workflow --preset default' first" >&2
  exit 1
fi
root="$PWD"
# Under build/ (ignored by git): the clone's paths relative to the checkout
# are then build/'s, and .ci/run's ccache (CCACHE_BASEDIR, the checkout)
# gives its build the objects build/ compiled from the same sources.
mkdir -p build
tmp="$(mktemp -d "$PWD/build/scaffold.XXXXXX")"
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
  grep -E '^  Energy \[1\]$' "$tmp/plugin.out"
  grep -E '"Energy": \[50\.000000000000000\]' "$tmp/plugin.out"
)
step "out of tree, the pair law: mbcgen --new-project --pair, build and test against the prefix"
pair="$tmp/baz"
"$prefix/bin/mbcgen" --new-project "$pair" ContactBaz --pair
cmake -S "$pair" -B "$pair/build" -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/baz-configure.log" 2>&1 ||
  { cat "$tmp/baz-configure.log"; exit 1; }
cmake --build "$pair/build" >"$tmp/baz-build.log" 2>&1 || { cat "$tmp/baz-build.log"; exit 1; }
ctest --test-dir "$pair/build" --output-on-failure

step "out of tree, the pair law: the README's mpirun line, as written, on 2 ranks"
if [ -x "$prefix/bin/mbc-lammps" ] && command -v mpirun >/dev/null; then
  (
    cd "$pair"
    export PREFIX="$prefix"
    grep -E '^mpirun -np 2 "\$PREFIX/bin/mbc-lammps" ' README.md >"$tmp/pair-lines.sh"
    test "$(wc -l <"$tmp/pair-lines.sh")" -eq 1
    cat "$tmp/pair-lines.sh"
    # Open MPI as root in the CI container, 2 ranks on any number of cores
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1 \
      bash -e "$tmp/pair-lines.sh" >"$tmp/pair.out"
    grep -F 'collide: total momentum conserved' "$tmp/pair.out"
    grep -F 'collide: rebound matches the analytic restitution' "$tmp/pair.out"
  )
else
  echo "scaffold.sh: SKIPPED the LAMMPS run of the pair law: no $prefix/bin/mbc-lammps (LAMMPS or MPI missing at build time) or no mpirun"
fi
echo "scaffold: the three flows pass"
