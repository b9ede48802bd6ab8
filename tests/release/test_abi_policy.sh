#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The ABI and spec-compatibility policy of .ci/steps/abi.sh, .ci/steps/compat.sh
# and dev/abi-baseline.sh, on a scratch git repository holding a tiny
# libmbconnect (two public functions, one public struct) built with CMake, and
# a copy of specs/:
#   - baseline equal to the build: passes;
#   - a removed public function or a changed public struct: fails with
#     abidiff's report; an added function: passes and is reported;
#   - a stable baseline refreshed over a removal without a major bump: fails;
#     with the major version and SONAME bumped in the same commit: passes;
#   - a provisional baseline may be replaced over a break once;
#   - a major bump without a refreshed baseline: fails (SONAME differs);
#   - a renamed spec parameter: fails without a major bump, passes with it.
#   test_abi_policy.sh SOURCE_DIR MBCGEN
set -euo pipefail
# Under valgrind (.ci/steps/memcheck.sh traces children) this would check git,
# gcc and libabigail rather than mbconnect: skipped there.
case "${LD_PRELOAD:-}" in
  *vgpreload*) echo "test_abi_policy: not run under valgrind (it tests shell tools and scripts): skipped"; exit 77 ;;
esac
if ! command -v abidw >/dev/null || ! command -v abidiff >/dev/null; then
  echo "test_abi_policy: abidw/abidiff not installed (Debian package abigail-tools): skipped"
  exit 77
fi
src="$1"
mbcgen="$2"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/mbconnect-abi-policy.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
repo="$tmp/repo"
mkdir -p "$repo"/{dev,.ci/steps,include/mbconnect,generated/include/mbconnect/generated,src}
cd "$repo"
git init -q .
git config user.email test@localhost
git config user.name test
cp "$src/dev/abi-baseline.sh" dev/
cp "$src/.ci/steps/abi.sh" "$src/.ci/steps/compat.sh" .ci/steps/
cp -r "$src/specs" specs

fail() { echo "FAIL: $*" >&2; exit 1; }

# project(mbconnect VERSION $1); the library has the functions of $2 (a list
# of "name" -> int name(int)) and the struct mbc_pair with the fields of $3.
write_project() {
  cat >CMakeLists.txt <<EOF
cmake_minimum_required(VERSION 3.25)
project(mbconnect VERSION $1 LANGUAGES C)
set(CMAKE_LIBRARY_OUTPUT_DIRECTORY \${CMAKE_BINARY_DIR}/lib)
file(MAKE_DIRECTORY \${CMAKE_BINARY_DIR}/include/mbconnect)
add_library(mbconnect_shared SHARED src/lib.c)
target_include_directories(mbconnect_shared PRIVATE include)
target_compile_options(mbconnect_shared PRIVATE -g -O0)
set_target_properties(mbconnect_shared PROPERTIES OUTPUT_NAME mbconnect
  VERSION \${PROJECT_VERSION} SOVERSION \${PROJECT_VERSION_MAJOR})
EOF
  {
    echo "#ifndef MBC_API_H"
    echo "#define MBC_API_H"
    echo "typedef struct mbc_pair { $3 } mbc_pair;"
    echo "int mbc_pair_sum(const mbc_pair *p);"
    for f in $2; do echo "int $f(int x);"; done
    echo "#endif"
  } >include/mbconnect/api.h
  {
    echo '#include "mbconnect/api.h"'
    echo "int mbc_pair_sum(const mbc_pair *p) { return p->a; }"
    for f in $2; do echo "int $f(int x) { return x + 1; }"; done
  } >src/lib.c
}
build() {
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Debug >/dev/null
  cmake --build build >/dev/null
  mkdir -p build/bin
  ln -sf "$mbcgen" build/bin/mbcgen
}
# runs a CI step; sets rc and out
step() {
  set +e
  out="$("$@" 2>&1)"
  rc=$?
  set -e
}
expect() { # expect RC PATTERN... (each a fixed string the output must contain)
  local want="$1"
  shift
  [ "$rc" = "$want" ] || fail "exit status $rc, not $want; output:
$out"
  for p in "$@"; do
    grep -qF -- "$p" <<<"$out" || fail "output lacks '$p':
$out"
  done
}
commit() { git add -A && git commit -qm "$1"; }
printf '/build/\n' >.gitignore

# first baseline: provisional
write_project 0.1.0 "mbc_a mbc_b" "int a; int b;"
build
dev/abi-baseline.sh --provisional >/dev/null
commit "baseline 0.1.0"
step .ci/steps/abi.sh
expect 0 "ok: the ABI equals the baseline" "refresh audit skipped"
step .ci/steps/compat.sh
expect 0 "0 breaking changes" "ok: no breaking spec change"

# a removed public function fails, with abidiff's report
write_project 0.1.0 "mbc_a" "int a; int b;"
build
step .ci/steps/abi.sh
expect 1 "1 Removed function" "'function int mbc_b(int)'" "FAIL: incompatible ABI change"

# a changed public struct fails
write_project 0.1.0 "mbc_a mbc_b" "double a; int b;"
build
step .ci/steps/abi.sh
expect 1 "1 function with some indirect sub-type change" "FAIL: incompatible ABI change"

# an added function passes and is reported
write_project 0.1.0 "mbc_a mbc_b mbc_c" "int a; int b;"
build
step .ci/steps/abi.sh
expect 0 "1 Added function" "'function int mbc_c(int)'" "ok: compatible ABI changes (additions)"

# the provisional baseline is replaced over a break once, without a bump
write_project 0.1.0 "mbc_a" "int a; int b;"
build
dev/abi-baseline.sh >/dev/null
commit "stable baseline 0.1.0 without mbc_b"
step .ci/steps/abi.sh
expect 0 "ok: incompatible refresh over the provisional baseline of 0.1.0"
grep -qx status=stable abi/baseline.txt || fail "refresh did not write status=stable"

# a stable baseline refreshed over a removal without a major bump fails ...
write_project 0.1.0 "" "int a; int b;"
build
dev/abi-baseline.sh >/dev/null
commit "remove mbc_a, refresh, no bump"
step .ci/steps/abi.sh
expect 1 "1 Removed function" "FAIL: the baseline was refreshed over an incompatible change without a major version and SONAME bump"
git reset -q --hard HEAD^

# ... and passes with the major version and SONAME bumped in the same commit
write_project 1.0.0 "" "int a; int b;"
build
dev/abi-baseline.sh >/dev/null
commit "remove mbc_a, 1.0.0, refresh"
step .ci/steps/abi.sh
expect 0 "SONAME changed from 'libmbconnect.so.0' to 'libmbconnect.so.1'" "ok: incompatible refresh with a major bump (0.1.0 -> 1.0.0"

# a major bump without a refreshed baseline fails
write_project 2.0.0 "" "int a; int b;"
build
step .ci/steps/abi.sh
[ "$rc" = 1 ] || fail "major bump without refresh passed: $out"
write_project 1.0.0 "" "int a; int b;"
build

# a renamed spec parameter fails without a major bump ...
sed -i 's/\bcontactDamping\b/dampingCoefficient/g' specs/ContactSphereSphere.lua
step .ci/steps/compat.sh
expect 1 "ContactSphereSphere: parameter 'contactDamping' removed or renamed" "FAIL: breaking spec changes"
# ... and passes with it (then the baseline is refreshed in the same commit)
write_project 2.0.0 "" "int a; int b;"
build
step .ci/steps/compat.sh
expect 0 "ok: breaking spec changes with a major bump (1.0.0 -> 2.0.0)"
dev/abi-baseline.sh >/dev/null
commit "rename contactDamping, 2.0.0, refresh"
step .ci/steps/compat.sh
expect 0 "ok: no breaking spec change" "ok: breaking refresh with a major bump (1.0.0 -> 2.0.0)"
# a spec baseline refreshed over a break without a bump fails
sed -i 's/\bdampingCoefficient\b/damping/g' specs/ContactSphereSphere.lua
dev/abi-baseline.sh >/dev/null
commit "rename again, refresh, no bump"
step .ci/steps/compat.sh
expect 1 "FAIL: the spec baseline was refreshed over breaking changes without a major bump (2.0.0 -> 2.0.0)"
echo "test_abi_policy: all passed"
