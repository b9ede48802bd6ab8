#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# mbc-lammps (issue 23, docs/lammps.rst). The tests (ctest -L lammps, on 1 and
# 2 MPI ranks) run with the rest of the suite in `ctest --preset full`;
# this step adds what needs an install: the out-of-tree pair law of
# examples/lammps/plugin, built against the installed mbconnect as a user
# would build it, then loaded with --plugin into a LAMMPS run on 2 ranks.
# The full 10,000-bead settling example (examples/lammps/settle.in) is not
# run in CI (minutes); test_lammps_settle runs it with 1250 beads for 0.1 s.
# Run from the repository root after the default build exists in build/:
#   .ci/steps/lammps.sh
set -euo pipefail

if [ ! -x build/bin/mbc-lammps ]; then
  echo "lammps.sh: build/bin/mbc-lammps missing (apt-get install -y lammps liblammps-dev" \
    "openmpi-bin libopenmpi-dev g++ libfmt-dev, then cmake --workflow --preset default)" >&2
  exit 1
fi
tmp="$(mktemp -d "${TMPDIR:-/tmp}/mbconnect-lammps.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
root="$PWD"

cmake --install build --prefix "$tmp/prefix" >"$tmp/install.log"
cmake -S examples/lammps/plugin -B "$tmp/plugin" -DCMAKE_PREFIX_PATH="$tmp/prefix"
cmake --build "$tmp/plugin" -j2
plugin="$tmp/plugin/liblinear_spheres_plugin.so"
test -f "$plugin"

cd "$tmp"
mpirun --allow-run-as-root --oversubscribe -np 2 "$root/build/bin/mbc-lammps" \
  --plugin "$plugin" -in "$root/examples/lammps/plugin/elastic.in" -var steps 2000 \
  -log none >run.txt
# the law's Energy output is part of pe: pe equals f_mbconnect[3] on every row
# (to 1e-12 of it: pe is LAMMPS's sum of the pair style's per-pair tallies,
# in its neighbor list's order; f_mbconnect[3] the laws' own sum)
awk '/^ *Step /{t = 1; next} /^Loop time/{t = 0} t && NF == 7 {
  rows++; if ($5 > 0) touched++
  d = $3 - $6; if (d < 0) d = -d; s = $3 < 0 ? -$3 : $3
  if (d > 1e-12 * s) { print "pe " $3 " != Energy sum " $6 " at step " $1; bad = 1 }
} END { if (rows != 5 || touched == 0 || bad) { print "unexpected thermo output"; exit 1 } }' run.txt
grep -A6 '^ *Step ' run.txt
echo "ok: the out-of-tree ContactLinearSphere (installed mbconnect + mbcgen) is the pair law on 2 ranks"

"$root/.ci/install-missing.sh" valgrind
vg=(valgrind --error-exitcode=1 --leak-check=full --show-leak-kinds=definite,possible
  --errors-for-leak-kinds=definite,possible --track-origins=yes --num-callers=30
  --suppressions=/usr/share/openmpi/openmpi-valgrind.supp
  --suppressions="$root/tests/lammps/valgrind.supp")
for generic in 0 1; do
  for input in script equivalence; do
    MBC_LAMMPS_GENERIC=$generic "${vg[@]}" "$root/build/bin/mbc-lammps" \
      -in "$root/tests/lammps/$input.in" -var dir "$root/tests/lammps" -log none \
      >"vg-$input.out" 2>"vg-$input.err" || {
      grep -A30 -E "Invalid|uninitiali|definitely|possibly" "vg-$input.err" | head -80
      echo "FAIL: valgrind found errors in mbc-lammps -in $input.in (MBC_LAMMPS_GENERIC=$generic)"
      exit 1
    }
    echo "ok: valgrind memcheck clean: $input.in (MBC_LAMMPS_GENERIC=$generic)"
  done
done
# a restart (tests/lammps/restart): the records written with the atoms, read
# back by the bridge from LAMMPS's restart data, and made anew in another
# capacity after mbconnect pair (-var later 3)
restart_dir="$root/tests/lammps/restart"
linear="$root/build/lib/libmbc_lammps_linear_plugin.so"
spring="$root/build/lib/libmbc_lammps_spring_plugin.so"
for part in both second; do
  "${vg[@]}" "$root/build/bin/mbc-lammps" --plugin "$linear" --plugin "$spring" \
    -in "$restart_dir/$part.in" -var law sphere -var dir "$restart_dir" \
    -var file restart.bin -var later 3 -log none >"vg-$part.out" 2>"vg-$part.err" || {
    grep -A30 -E "Invalid|uninitiali|definitely|possibly" "vg-$part.err" | head -80
    echo "FAIL: valgrind found errors in mbc-lammps -in restart/$part.in"
    exit 1
  }
  echo "ok: valgrind memcheck clean: restart/$part.in"
done
