#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The Debian package (issue 17). Run from the repository root, as root, after
# the default build exists in build/:
#   .ci/steps/deb.sh
# 1. cmake --build build --target package -> build/mbconnect_<version>_<arch>.deb
#    (and package_source -> build/mbconnect-<version>.tar.gz);
# 2. apt-get install -y ./build/mbconnect_<version>_<arch>.deb;
# 3. builds examples/downstream against the system install (no
#    CMAKE_PREFIX_PATH, no PKG_CONFIG_PATH, no LD_LIBRARY_PATH) with the static
#    and the shared library, runs its tests, and a pkg-config program;
# 4. apt-get remove -y mbconnect, and checks that the files are gone.
# The package is removed again also when a step fails.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

if [ ! -f build/CMakeCache.txt ]; then
  echo "deb.sh: build/ is not configured; run 'cmake --workflow --preset default' first" >&2
  exit 1
fi
installed() { dpkg-query -W -f='${Status}' mbconnect 2>/dev/null | grep -q ' installed$'; }
if installed; then
  echo "deb.sh: a package 'mbconnect' is installed already; remove it first (apt-get remove mbconnect)" >&2
  exit 1
fi
version="$(sed -n 's/^project(mbconnect VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)"
arch="$(dpkg --print-architecture)"
deb="build/mbconnect_${version}_${arch}.deb"

step() { printf '\n-- %s\n' "$*"; }

step "cmake --build build --target package package_source"
rm -f build/mbconnect_*.deb build/mbconnect-*.tar.gz
cmake --build build --target package -j2
cmake --build build --target package_source
test -f "$deb" || { echo "deb.sh: $deb was not built" >&2; exit 1; }
test -f "build/mbconnect-$version.tar.gz" || { echo "deb.sh: source tarball missing" >&2; exit 1; }
dpkg-deb --info "$deb" | sed -n '/Package:/,/Installed-Size:/p'
# the source tarball holds the sources, not the build trees or git
tar -tzf "build/mbconnect-$version.tar.gz" >build/source-tarball.txt
if grep -E '/(build|build-[^/]*|\.git)/' build/source-tarball.txt; then
  echo "deb.sh: the source tarball contains build trees or .git (above)" >&2; exit 1
fi
for f in LICENSE CHANGELOG.md CMakeLists.txt specs/types.lua abi/libmbconnect.abi; do
  grep -qx "mbconnect-$version/$f" build/source-tarball.txt ||
    { echo "deb.sh: the source tarball lacks $f" >&2; exit 1; }
done
echo "ok: $deb, build/mbconnect-$version.tar.gz"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/mbconnect-deb.XXXXXX")"
cleanup() {
  if installed; then apt-get remove -y mbconnect </dev/null >/dev/null || true; fi
  dpkg --purge mbconnect >/dev/null 2>&1 || true # the postrm (ldconfig) leaves state "config-files"
  rm -rf "$tmp"
}
trap cleanup EXIT

step "apt-get install -y ./$deb"
apt-get install -y "./$deb" </dev/null
for f in /usr/lib/libmbconnect.so "/usr/lib/libmbconnect.so.${version%%.*}" /usr/include/mbconnect/mbconnect.h \
  /usr/include/mbconnect/version.h /usr/bin/mbcgen /usr/bin/mbc /usr/share/mbconnect/specs/types.lua \
  /usr/lib/cmake/mbconnect/mbconnectConfig.cmake /usr/lib/pkgconfig/mbconnect.pc \
  /usr/lib/libmbconnect-lua.so "/usr/lib/libmbconnect-lua.so.${version%%.*}" \
  /usr/include/mbconnect/case.h /usr/lib/pkgconfig/mbconnect-lua.pc \
  /usr/share/doc/mbconnect/copyright; do
  test -e "$f" || { echo "deb.sh: not installed: $f" >&2; exit 1; }
done
test "$(cd "$tmp" && mbc --version)" = "mbc $version"
test "$(cd "$tmp" && mbcgen --version)" = "mbcgen $version"
echo "ok: installed; mbc and mbcgen $version on PATH"

unset CMAKE_PREFIX_PATH PKG_CONFIG_PATH LD_LIBRARY_PATH mbconnect_DIR
for variant in static shared; do
  step "examples/downstream against the system install ($variant)"
  shared=OFF
  [ "$variant" = shared ] && shared=ON
  cmake -S examples/downstream -B "$tmp/downstream-$variant" -DDOWNSTREAM_SHARED="$shared" | tee "$tmp/configure.log"
  grep -q "mbconnect $version: /usr/lib/cmake/mbconnect" "$tmp/configure.log" ||
    { echo "deb.sh: examples/downstream did not find the system mbconnect" >&2; exit 1; }
  cmake --build "$tmp/downstream-$variant" -j2
  ctest --test-dir "$tmp/downstream-$variant" --output-on-failure
done
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  git diff --exit-code -- examples/downstream/docs
fi

step "pkg-config against the system install"
test "$(pkg-config --modversion mbconnect)" = "$version"
cat >"$tmp/hello.c" <<'C'
#include <mbconnect/mbconnect.h>
#include <string.h>
int main(void) { mbc_registry r; mbc_registry_init(&r); mbc_object *o = mbc_registry_create(&r, "ContactSphereSphere", NULL); int ok = o != NULL && strcmp(MBC_VERSION_STRING, MBC_EXPECTED_VERSION) == 0; mbc_object_destroy(o); return ok ? 0 : 1; }
C
# shellcheck disable=SC2046
${CC:-cc} -std=c11 -Wall -Wextra -Wpedantic -Werror -DMBC_EXPECTED_VERSION="\"$version\"" \
  -o "$tmp/hello" "$tmp/hello.c" $(pkg-config --cflags --libs mbconnect)
"$tmp/hello"
echo "ok: a pkg-config build runs against /usr/lib/libmbconnect.so"

# the Python module, when the build installs one: Debian's interpreter imports
# it from the package's files, with the project's version
if dpkg -L mbconnect | grep '/mbconnect/__init__\.py$' >/dev/null; then
  step "Python module from the package"
  got="$(cd "$tmp" && /usr/bin/python3 -c 'import mbconnect; print(mbconnect.__version__)')" ||
    { echo "deb.sh: /usr/bin/python3 cannot import mbconnect from the package (installed to $(dpkg -L mbconnect | grep '/mbconnect/__init__\.py$'))" >&2; exit 1; }
  test "$got" = "$version" || { echo "deb.sh: mbconnect.__version__ is '$got', not $version" >&2; exit 1; }
  echo "ok: import mbconnect, __version__ $version"
fi

step "apt-get remove -y mbconnect"
apt-get remove -y mbconnect </dev/null
for f in /usr/bin/mbcgen /usr/bin/mbc /usr/lib/libmbconnect.so /usr/lib/libmbconnect-lua.so \
  /usr/include/mbconnect/mbconnect.h \
  /usr/lib/cmake/mbconnect/mbconnectConfig.cmake; do
  test ! -e "$f" || { echo "deb.sh: still present after removal: $f" >&2; exit 1; }
done
installed && { echo "deb.sh: mbconnect is still installed" >&2; exit 1; }
echo "ok: removed"
step "deb: all passed"
