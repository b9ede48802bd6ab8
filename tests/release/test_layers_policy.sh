#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# dev/layers.sh --check on a scratch tree:
#   - downward includes (front end -> core, generator and simulator -> front
#     end, command line -> simulator, users -> all, tests -> anything) pass;
#   - a core file including Lua, a sandbox header or cmocka fails, naming
#     file and line; so does the core including case.h, the generator
#     including Python, the front end including the simulator's header, a
#     bridge including the command line's;
#   - inside the core, a runtime folder including a header of a higher one
#     (mechanics/ -> eval/) fails;
#   - case files are the front end's (sandbox/case.c): a runtime/case.c
#     that includes Lua is no exception any more.
#   test_layers_policy.sh SOURCE_DIR
set -euo pipefail
src="$1"
. "$src/tests/release/scratch_repo.sh"
scratch_repo test_layers_policy
mkdir -p {simulate,include/mbconnect,generated/include/mbconnect/generated,runtime} \
  {sandbox,generator,python/src,harness/include/mbconnect,bench,examples/solver,tests/api} \
  {bridges/lammps,cli,dev}
cp "$src/dev/layers.sh" dev/

fail() { echo "FAIL: $*" >&2; exit 1; }

printf '#include "mbconnect/export.h"\n' >include/mbconnect/object.h
: >include/mbconnect/export.h
printf '#include "mbconnect/object.h"\n' >include/mbconnect/case.h
printf '#include "mbconnect/object.h"\n#include "internal.h"\n#include <math.h>\n#include <stdatomic.h>\n' >runtime/params.c
: >runtime/internal.h
printf '#include "mbconnect/object.h"\n' >generated/include/mbconnect/generated/t.h
printf '#include "mbconnect/generated/t.h"\n' >generated/t.c
printf '#include "mbconnect/case.h"\n#include <lua.h>\n#include <lauxlib.h>\n' >sandbox/sandbox.h
printf '#include "sandbox.h"\n' >sandbox/case.c
printf '#include "sandbox.h"\n#include "mbconnect/object.h"\n' >generator/spec.c
printf '#include "sandbox.h"\n#include <lapacke.h>\n#include "sim.h"\n' >simulate/scene.c
: >simulate/sim.h
printf '#include "mbconnect/object.h"\n#include <mpi.h>\n#include <lammps/library.h>\n' >bridges/lammps/host.c
printf '#include "sim.h"\n' >cli/describe.h
printf '#include "describe.h"\n#include "mbconnect/case.h"\n' >cli/mbc.c
printf '#include <Python.h>\n#include "mbconnect/case.h"\n#include "sim.h"\n' >python/src/module.c
printf '#include <cmocka.h>\n#include "mbconnect/object.h"\n' >harness/include/mbconnect/invariants.h
printf '#include "mbconnect/invariants.h"\n#include <cmocka.h>\n' >harness/driver.c
printf '#include "mbconnect/object.h"\n#include <lapacke.h>\n' >examples/solver/rs.c
printf '#include <cmocka.h>\n#include "sandbox.h"\n#include "internal.h"\n' >tests/api/test_x.c

dev/layers.sh --check >out.txt 2>&1 || { cat out.txt; fail "downward includes: expected to pass"; }

expect_fail() { # file, line, what
  if dev/layers.sh --check >out.txt 2>&1; then
    cat out.txt
    fail "$1: expected to fail"
  fi
  grep -qF "$1:$2: $3" out.txt || { cat out.txt; fail "no line '$1:$2: $3'"; }
}

printf '#include <math.h>\n#include <lua.h>\n' >runtime/bad.c
expect_fail runtime/bad.c 2 "core (layer 1) includes Lua (lua.h), front end (layer 2)"
printf '#include "sandbox.h"\n' >runtime/bad.c
expect_fail runtime/bad.c 1 "core (layer 1) includes sandbox/sandbox.h, front end (layer 2)"
printf '#include <cmocka.h>\n' >runtime/bad.c
expect_fail runtime/bad.c 1 "core (layer 1) includes cmocka (cmocka.h), users (layer 8)"
printf '#include "mbconnect/invariants.h"\n' >runtime/bad.c
expect_fail runtime/bad.c 1 "core (layer 1) includes harness/include/mbconnect/invariants.h, users (layer 8)"
rm runtime/bad.c
mkdir -p runtime/mechanics runtime/eval
printf '#include "mechanics/friction.h"\n' >runtime/eval/ok.c
: >runtime/mechanics/friction.h
printf '#include "eval/ok.h"\n' >runtime/mechanics/bad.c
: >runtime/eval/ok.h
expect_fail runtime/mechanics/bad.c 1 "runtime/mechanics/ includes runtime/eval/ok.h, runtime/eval/ (higher in the core)"
rm runtime/mechanics/bad.c
printf '#include "mbconnect/case.h"\n' >include/mbconnect/umbrella.h
expect_fail include/mbconnect/umbrella.h 1 "core (layer 1) includes include/mbconnect/case.h, front end (layer 2)"
rm include/mbconnect/umbrella.h
printf '#include "../simulate/sim.h"\n' >sandbox/bad.c
expect_fail sandbox/bad.c 1 "front end (layer 2) includes simulate/sim.h, simulator (layer 4)"
rm sandbox/bad.c
printf '#include "../../cli/describe.h"\n' >bridges/lammps/bad.c
expect_fail bridges/lammps/bad.c 1 "bridges (layer 5) includes cli/describe.h, command line (layer 6)"
rm bridges/lammps/bad.c
printf '#include <mpi.h>\n' >simulate/bad.c
expect_fail simulate/bad.c 1 "simulator (layer 4) includes MPI/LAMMPS (mpi.h), bridges (layer 5)"
rm simulate/bad.c
printf '#include "sandbox.h"\n\n#include <numpy/arrayobject.h>\n' >generator/bad.c
expect_fail generator/bad.c 3 "generator (layer 3) includes Python (numpy/arrayobject.h), Python (layer 7)"
rm generator/bad.c

printf '#include "sandbox.h"\n#include <lua.h>\n' >runtime/case.c
expect_fail runtime/case.c 2 "core (layer 1) includes Lua (lua.h), front end (layer 2)"
rm runtime/case.c
echo "ok: dev/layers.sh passes downward includes and names every upward one"
