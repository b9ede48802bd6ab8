#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# dev/exports.sh --check on a scratch tree holding a tiny libmbconnect.so
# (built with -fvisibility=hidden, as the real one) and its headers:
#   - exports equal to the MBC_API declarations: passes, also beside symbols
#     no C program can name (reserved identifiers, F.resolver);
#   - a function exported but declared in no header: fails, naming it;
#   - a header declaring a function without MBC_API: fails, naming it;
#   - an MBC_API declaration the library does not define: fails, naming it;
#   - the Lua front end's library is held to include/mbconnect/case.h alone.
#   test_exports_policy.sh SOURCE_DIR
set -euo pipefail
src="$1"
. "$src/tests/release/scratch_repo.sh"
scratch_repo test_exports_policy
mkdir -p {dev,include/mbconnect,generated/include/mbconnect/generated,build/lib}
cp "$src/dev/exports.sh" dev/
cp "$src/include/mbconnect/export.h" include/mbconnect/

fail() { echo "FAIL: $*" >&2; exit 1; }

# header.h: a function with its format attribute on lines of its own, a
# variable, a static inline helper, a struct, a forward declaration.
write_headers() {
  cat >include/mbconnect/tiny.h <<EOF
#ifndef TINY_H
#define TINY_H
#include "mbconnect/export.h"
#ifdef __cplusplus
extern "C" {
#endif
struct tiny_fwd;
typedef struct tiny_pair { int a, b; } tiny_pair;
static inline int tiny_twice(int x) { return 2 * x; }
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
MBC_API int
mbc_tiny_print(const char *fmt, ...);
MBC_API extern const int mbc_tiny_value;
$1
#ifdef __cplusplus
}
#endif
#endif
EOF
  cat >generated/include/mbconnect/generated/gen.h <<EOF
#include "mbconnect/export.h"
MBC_API double mbc_gen_scale(double x); /* "a comment; with (parentheses)" */
EOF
}

# lib.c: the definitions, plus $1
build_lib() {
  cat >lib.c <<EOF
#include <stdarg.h>
#include <stdio.h>
#include "mbconnect/tiny.h"
#include "mbconnect/generated/gen.h"
int mbc_tiny_print(const char *fmt, ...) { va_list ap; va_start(ap, fmt); int n = vprintf(fmt, ap); va_end(ap); return n; }
const int mbc_tiny_value = 3;
double mbc_gen_scale(double x) { return 2 * x; }
int mbc_tiny_internal(int x) { return x + 1; } /* hidden: no MBC_API */
$1
EOF
  gcc -shared -fPIC -fvisibility=hidden -Iinclude -Igenerated/include -o build/lib/libmbconnect.so lib.c
}

expect_pass() {
  dev/exports.sh --check --build build >out.txt 2>&1 || { cat out.txt; fail "$1: expected to pass"; }
}
expect_fail() { # what, message
  if dev/exports.sh --check --build build >out.txt 2>&1; then
    cat out.txt
    fail "$1: expected to fail"
  fi
  grep -qF "$2" out.txt || { cat out.txt; fail "$1: no line '$2'"; }
}

write_headers ""
build_lib ""
expect_pass "exports equal the declarations"
grep -q "3 exported symbols (2 functions), 3 MBC_API declarations in 3 headers" out.txt ||
  { cat out.txt; fail "counts"; }

# what no C program can name is no API: reserved identifiers (sanitizer
# instrumentation) and names that are not identifiers (clang's F.resolver)
build_lib "__attribute__((visibility(\"default\"))) int __asan_like(int x) { return x; }
__attribute__((visibility(\"default\"))) int resolver_like(int x) __asm__(\"tiny.resolver\");
int resolver_like(int x) { return x; }"
expect_pass "reserved and non-identifier symbols"
nm -D --defined-only build/lib/libmbconnect.so | grep -q "tiny.resolver" || fail "the scratch library lacks tiny.resolver"

build_lib "__attribute__((visibility(\"default\"))) int mbc_tiny_extra(int x) { return x; }"
expect_fail "an undeclared export" "exported but declared MBC_API in no installed header: mbc_tiny_extra"

write_headers "int mbc_tiny_plain(int x);"
build_lib "int mbc_tiny_plain(int x) { return x; }"
expect_fail "a declaration without MBC_API" "declared without MBC_API in an installed header: mbc_tiny_plain"

write_headers "MBC_API int mbc_tiny_missing(int x);"
build_lib ""
expect_fail "a declaration without a definition" "declared MBC_API but not exported: mbc_tiny_missing"

# the front end's library: exactly case.h
write_headers ""
build_lib ""
cat >include/mbconnect/case.h <<EOF
#include "mbconnect/export.h"
MBC_API int mbc_case_run(int x);
EOF
expect_pass "case.h does not belong to libmbconnect"
cat >case.c <<EOF
#include "mbconnect/case.h"
int mbc_case_run(int x) { return x; }
__attribute__((visibility("default"))) int mbc_reader_leak(int x) { return x; }
EOF
gcc -shared -fPIC -fvisibility=hidden -Iinclude -o build/lib/libmbconnect-lua.so case.c
expect_fail "an export of the front end beyond case.h" \
  "libmbconnect-lua.so: exported but declared MBC_API in no installed header: mbc_reader_leak"
echo "ok: dev/exports.sh passes equal exports and names every kind of difference"
