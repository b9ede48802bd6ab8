#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Downstream use of an installed mbconnect (issue 7). Run from the repository
# root after the default build exists in build/:
#   .ci/steps/downstream.sh
# 1. installs build/ into a temporary prefix and checks the installed tools;
# 2. configures, builds and tests examples/downstream against it with
#    find_package (static library, then shared library);
# 3. compiles and links a two-line C program with pkg-config, runs it.
set -euo pipefail

if [ ! -f build/CMakeCache.txt ]; then
  echo "downstream.sh: build/ is not configured; run 'cmake --workflow --preset default' first" >&2
  exit 1
fi

tmp="$(mktemp -d "${TMPDIR:-/tmp}/mbconnect-downstream.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"

step() { printf '\n-- %s\n' "$*"; }

step "install into $prefix"
cmake --install build --prefix "$prefix" >"$tmp/install.log"
for f in lib/libmbconnect.a lib/libmbconnect.so lib/libmbconnect_invariants.a \
  include/mbconnect/mbconnect.h include/mbconnect/invariants.h \
  include/mbconnect/version.h include/mbconnect/generated/contact_sphere_sphere.h \
  bin/mbcgen bin/mbc share/mbconnect/specs/types.lua \
  lib/cmake/mbconnect/mbconnectConfig.cmake lib/cmake/mbconnect/MbconnectAddConnectors.cmake \
  lib/pkgconfig/mbconnect.pc lib/libmbconnect-lua.a lib/libmbconnect-lua.so \
  include/mbconnect/case.h lib/pkgconfig/mbconnect-lua.pc; do
  test -e "$prefix/$f" || { echo "not installed: $f" >&2; exit 1; }
done
soname="$(objdump -p "$prefix/lib/libmbconnect.so" | awk '/SONAME/ {print $2}')"
echo "SONAME $soname"
case "$soname" in libmbconnect.so.[0-9]*) ;; *) echo "unversioned SONAME '$soname'" >&2; exit 1 ;; esac
lua_soname="$(objdump -p "$prefix/lib/libmbconnect-lua.so" | awk '/SONAME/ {print $2}')"
echo "SONAME $lua_soname"
test "$lua_soname" = "libmbconnect-lua.so.${soname##*.so.}" ||
  { echo "libmbconnect-lua's SONAME '$lua_soname' does not match '$soname'" >&2; exit 1; }
# the core library has no Lua; the front end exports exactly mbconnect/case.h
if objdump -p "$prefix/lib/libmbconnect.so" | grep -q 'NEEDED.*liblua'; then
  echo "libmbconnect.so links Lua" >&2; exit 1
fi
exports="$(nm -D --defined-only "$prefix/lib/libmbconnect-lua.so" | awk '$2 == "T" {print $3}' | sort | tr '\n' ' ')"
test "$exports" = "mbc_case_run_buffer mbc_case_run_file " ||
  { echo "libmbconnect-lua.so exports '$exports', not exactly mbconnect/case.h" >&2; exit 1; }

step "installed tools, run from another directory"
version="$(sed -n 's/^project(mbconnect VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"
(
  cd "$tmp"
  test "$("$prefix/bin/mbc" --version)" = "mbc $version"
  test "$("$prefix/bin/mbcgen" --version)" = "mbcgen $version"
  "$prefix/bin/mbc" list | grep -q ContactSphereSphere
  # no types.lua beside the spec: the installed registry is used
  mkdir spec-only && cp "$OLDPWD/examples/downstream/specs/ContactCircleCircle2D.lua" spec-only/
  "$prefix/bin/mbcgen" --check spec-only/ContactCircleCircle2D.lua
  # neither: one clear message naming both places
  mkdir lonely && cp "$prefix/bin/mbcgen" lonely/
  if lonely/mbcgen --check spec-only/ContactCircleCircle2D.lua 2>err.txt; then
    echo "mbcgen without a type registry succeeded" >&2; exit 1
  fi
  grep -q "no type registry: neither spec-only/types.lua nor the installed .*/share/mbconnect/specs/types.lua exists" err.txt
)
echo "ok: mbc/mbcgen $version, installed type registry found, missing one reported"

for variant in static shared; do
  step "examples/downstream against the installed package ($variant)"
  shared=OFF
  [ "$variant" = shared ] && shared=ON
  cmake -S examples/downstream -B "$tmp/downstream-$variant" \
    -DCMAKE_PREFIX_PATH="$prefix" -DDOWNSTREAM_SHARED="$shared"
  cmake --build "$tmp/downstream-$variant" -j2
  ctest --test-dir "$tmp/downstream-$variant" --output-on-failure
  # mbconnect_add_connectors(... TESTS): one test per invariant the spec declares
  listed="$(ctest --test-dir "$tmp/downstream-$variant" -N -L invariants)"
  grep -q 'invariant.ContactCircleCircle2D.passivity' <<<"$listed"
done
# the build rewrote the committed RST page only if the spec changed
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git diff --exit-code -- examples/downstream/docs
  echo "ok: examples/downstream/docs is fresh"
fi

step "pkg-config: a two-line C program"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
test "$(pkg-config --modversion mbconnect)" = "$version"
cat >"$tmp/hello.c" <<'C'
#include <mbconnect/mbconnect.h>
int main(void) { mbc_registry r; mbc_registry_init(&r); mbc_object *o = mbc_registry_create(&r, "ContactSphereSphere", NULL); int ok = o != NULL; mbc_object_destroy(o); return ok && MBC_VERSION_MAJOR >= 0 ? 0 : 1; }
C
# shared library (-lmbconnect picks libmbconnect.so): needs LD_LIBRARY_PATH to run
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -Werror -o "$tmp/hello" "$tmp/hello.c" \
  $(pkg-config --cflags --libs mbconnect)
LD_LIBRARY_PATH="$prefix/lib" "$tmp/hello"
echo "ok: pkg-config build (shared) runs"
# static linking
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -Werror -o "$tmp/hello-static" "$tmp/hello.c" \
  $(pkg-config --cflags mbconnect) "$prefix/lib/libmbconnect.a" \
  $(pkg-config --libs-only-l --static mbconnect | sed 's/-lmbconnect//')
"$tmp/hello-static"
echo "ok: pkg-config build (static) runs"

step "pkg-config: a case file through mbconnect-lua"
cat >"$tmp/case.c" <<'C'
#include <mbconnect/case.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) { (void)argc; mbc_registry r; mbc_registry_init(&r); char *json = NULL; mbc_error err = {0}; if (mbc_case_run_file(&r, argv[1], &json, &err) != MBC_OK) { fprintf(stderr, "%s\n", err.message); return 1; } int ok = strstr(json, "\"ContactSphereSphere\"") != NULL; free(json); return ok ? 0 : 1; }
C
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -Werror -o "$tmp/case" "$tmp/case.c" \
  $(pkg-config --cflags --libs mbconnect-lua)
LD_LIBRARY_PATH="$prefix/lib" "$tmp/case" examples/cases/sphere_sphere_static.lua
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -Werror -o "$tmp/case-static" "$tmp/case.c" \
  $(pkg-config --cflags mbconnect-lua) "$prefix/lib/libmbconnect-lua.a" "$prefix/lib/libmbconnect.a" \
  $(pkg-config --libs-only-l --static mbconnect-lua | sed 's/-lmbconnect-lua//; s/-lmbconnect//')
"$tmp/case-static" examples/cases/sphere_sphere_static.lua
echo "ok: pkg-config mbconnect-lua builds (shared, static) run a case file"

step "examples/downstream without CMake: mbcgen + pkg-config (docs/extending.rst)"
"$prefix/bin/mbcgen" examples/downstream/specs/ContactCircleCircle2D.lua --c-out "$tmp/gen" \
  --registry-name circle_contacts
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -Werror -I"$tmp/gen/include" \
  $(pkg-config --cflags mbconnect) -o "$tmp/test-pc" \
  examples/downstream/tests/test_contact_circle_circle2d.c "$tmp"/gen/*.c examples/downstream/src/*.c \
  $(pkg-config --libs mbconnect)
LD_LIBRARY_PATH="$prefix/lib" "$tmp/test-pc"

step "downstream: all passed"
