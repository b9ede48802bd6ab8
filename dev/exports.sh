#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Export control (docs/versioning.rst, "What counts as API"): a shared
# library exports exactly what its installed headers declare with MBC_API
# (mbconnect/export.h), checked both ways:
#   - every function or variable an installed header declares carries MBC_API;
#   - every MBC_API declaration is exported (nm -D --defined-only);
#   - every exported symbol has an MBC_API declaration.
#
#   dev/exports.sh [--check] [--build DIR]   check; exit 1 on a difference
#   dev/exports.sh --list [--build DIR]      print the exported symbols, then the counts
#
# DIR is the build tree (default: $MBC_BUILD_DIR, else build/). The libraries
# and their installed headers:
#   lib/libmbconnect.so      include/mbconnect/*.h but case.h,
#                            generated/include/mbconnect/generated/*.h
#   lib/libmbconnect-lua.so  include/mbconnect/case.h (the Lua front end;
#                            checked when that library exists)
# Exit status: 0 equal, 1 a difference, 2 the check could not run.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mode=check
build="${MBC_BUILD_DIR:-build}"
while (($#)); do
  case "$1" in
    --check) mode=check ;;
    --list) mode=list ;;
    --build)
      [ $# -ge 2 ] || { echo "usage: dev/exports.sh [--check | --list] [--build DIR]" >&2; exit 2; }
      build="$2"
      shift
      ;;
    *) echo "usage: dev/exports.sh [--check | --list] [--build DIR]" >&2; exit 2 ;;
  esac
  shift
done

# The headers of each library (paths from the repository root).
front_headers=(include/mbconnect/case.h)
core_headers=()
for h in include/mbconnect/*.h generated/include/mbconnect/generated/*.h; do
  case " ${front_headers[*]} " in *" $h "*) continue ;; esac
  core_headers+=("$h")
done

# declarations HEADER...: one line per declared function or variable,
# "api NAME" (declared with MBC_API) or "plain NAME" (without it). Comments,
# preprocessor lines, attributes and bodies (structs, enums, static inline
# functions) are dropped; what is left at file level, split at ';', are the
# declarations.
declarations() {
  python3 - "$@" <<'PY'
import re, sys

def strip(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    text = re.sub(r'//[^\n]*', ' ', text)
    text = re.sub(r'\\\n', ' ', text)
    # the extern "C" { ... } of C++ compilers
    text = re.sub(r'#\s*ifdef\s+__cplusplus.*?#\s*endif', ' ', text, flags=re.S)
    text = re.sub(r'^[ \t]*#[^\n]*', ' ', text, flags=re.M)
    text = re.sub(r'"(?:\\.|[^"\\])*"', '""', text)
    # __attribute__((...)) with balanced parentheses
    out, i = [], 0
    while True:
        j = text.find('__attribute__', i)
        if j < 0:
            out.append(text[i:])
            break
        out.append(text[i:j])
        k = text.index('(', j)
        depth = 0
        while True:
            depth += {'(': 1, ')': -1}.get(text[k], 0)
            k += 1
            if depth == 0:
                break
        i = k
    return ''.join(out)

def statements(text):
    """File-level statements, split at ';' and after a function body."""
    stmt, depth = [], 0
    for ch in text:
        if ch == '{':
            depth += 1
            stmt.append(ch)
        elif ch == '}':
            depth -= 1
            stmt.append(ch)
            if depth == 0 and '(' in ''.join(stmt).split('{', 1)[0]:
                yield ''.join(stmt)  # a function definition (static inline)
                stmt = []
        elif ch == ';' and depth == 0:
            yield ''.join(stmt)
            stmt = []
        else:
            stmt.append(ch)
    yield ''.join(stmt)

ident = re.compile(r'[A-Za-z_]\w*')
for path in sys.argv[1:]:
    text = strip(open(path).read())
    for s in statements(text):
        s = s.strip()
        if not s or s.startswith(('typedef', 'static')):
            continue
        if re.fullmatch(r'(struct|enum|union)\s+\w+', s):
            continue  # a forward declaration
        head = s.split('{', 1)[0]
        if '{' in s and '(' not in head:
            continue  # struct, enum or union definition
        if '(' in head:
            before = head.split('(', 1)[0]
            names = ident.findall(before)
        else:
            names = ident.findall(re.sub(r'\[[^\]]*\]', ' ', head))
        if not names or names[-1] in ('struct', 'enum', 'union'):
            continue
        tag = 'api' if re.search(r'\bMBC_API\b', head) else 'plain'
        print(tag, names[-1])
PY
}

# exported LIB: the defined dynamic symbols of LIB (functions, ifuncs, data)
# that a C program can name: not the identifiers reserved to the
# implementation (__*, _X*: sanitizer instrumentation such as __asan_*) and
# no name that is not a C identifier (__odr_asan.X, or clang 14's
# F.resolver of a static target_clones function F).
exported() {
  nm -D --defined-only "$1" | awk '$2 ~ /^[TtWiDdBbRrV]$/ {print $3}' |
    grep -E '^[A-Za-z_][A-Za-z0-9_]*$' | grep -vE '^(__|_[A-Z])' | sort -u
}

status=0
check_library() {
  local lib="$1"
  shift
  if [ ! -f "$lib" ]; then
    echo "exports.sh: $lib missing (build it first: cmake --workflow --preset default)" >&2
    exit 2
  fi
  local decl api plain exp
  decl="$(declarations "$@")"
  api="$(awk '$1 == "api" {print $2}' <<<"$decl" | sort -u)"
  plain="$(awk '$1 == "plain" {print $2}' <<<"$decl" | sort -u)"
  exp="$(exported "$lib")"
  local n_api n_exp n_fn
  n_api="$(grep -c . <<<"$api" || true)"
  n_exp="$(grep -c . <<<"$exp" || true)"
  n_fn="$(nm -D --defined-only "$lib" | awk '$2 ~ /^[TtWi]$/ {print $3}' |
    grep -E '^[A-Za-z_][A-Za-z0-9_]*$' | grep -vcE '^(__|_[A-Z])' || true)"
  if [ "$mode" = list ]; then
    echo "$exp"
    echo "$lib: $n_exp exported symbols ($n_fn functions), $n_api MBC_API declarations"
    return
  fi
  local missing_api not_exported undeclared
  missing_api="$(comm -23 <(echo "$plain") <(echo "$api") | grep . || true)"
  not_exported="$(comm -23 <(echo "$api") <(echo "$exp") | grep . || true)"
  undeclared="$(comm -13 <(echo "$api") <(echo "$exp") | grep . || true)"
  if [ -n "$missing_api" ]; then
    status=1
    sed "s|^|$lib: declared without MBC_API in an installed header: |" <<<"$missing_api" >&2
  fi
  if [ -n "$not_exported" ]; then
    status=1
    sed "s|^|$lib: declared MBC_API but not exported: |" <<<"$not_exported" >&2
  fi
  if [ -n "$undeclared" ]; then
    status=1
    sed "s|^|$lib: exported but declared MBC_API in no installed header: |" <<<"$undeclared" >&2
  fi
  echo "$lib: $n_exp exported symbols ($n_fn functions), $n_api MBC_API declarations in $# headers"
}

check_library "$build/lib/libmbconnect.so" "${core_headers[@]}"
if [ -f "$build/lib/libmbconnect-lua.so" ]; then
  check_library "$build/lib/libmbconnect-lua.so" "${front_headers[@]}"
fi
if [ "$mode" = check ]; then
  if [ "$status" -eq 0 ]; then
    echo "ok: every exported symbol is declared MBC_API in an installed header, and every such declaration is exported"
  else
    echo "FAIL: exports and MBC_API declarations differ (above); docs/versioning.rst says what is API" >&2
  fi
fi
exit "$status"
