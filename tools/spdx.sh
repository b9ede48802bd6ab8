#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The SPDX line of every source file of mbconnect (LICENSE: BSD-3-Clause).
#
#   tools/spdx.sh --check   list every source file without the line; exit 1 if any (CI)
#   tools/spdx.sh --fix     add the line where it is missing (idempotent), then check
#   tools/spdx.sh --list    print "RULE FILE" for every file considered (debugging)
#
# Files: everything git tracks plus untracked files that are not ignored, so a
# file merged from another branch or created but not yet committed is seen.
#
# The line is the first line of the file, in the file's comment syntax:
#   /* SPDX-License-Identifier: BSD-3-Clause */   C, headers, C templates (.c.in, .h.in), CSS, JS
#   -- SPDX-License-Identifier: BSD-3-Clause       Lua (specs, case files)
#   # SPDX-License-Identifier: BSD-3-Clause        CMake, shell, Python, gnuplot, pkg-config
#                                                  and CMake templates, YAML/TOML, valgrind
#                                                  suppressions, extension-less scripts
# A shebang stays first (the line goes second); in Python an encoding
# declaration (PEP 263) stays within the first two lines too.
#
# Not marked (the bytes are fixed by something else; see EXCLUDED below):
#   - documentation and data: *.md, *.rst (docs/items/*.rst and tests/seeds/*.rst
#     must equal the seed documents byte for byte; docs/index.rst is generated
#     and has no comment syntax the seeds allow), *.json (no comments), *.png,
#     *.svg, *.txt, *.csv, *.expected, *.abi (abidw output), LICENSE, dotfile configs;
#   - test inputs whose exact bytes or line numbers are asserted: the fuzz
#     corpora and regression inputs (tests/fuzz/corpus/, tests/fuzz/regressions/),
#     the malformed-spec corpus (tests/specs-bad/: expected messages carry line
#     numbers) and the error cases of mbc eval, mbc simulate and the like
#     (tests/*/errors/: same);
#   - generated/: mbcgen writes the line itself (generator/emit_c.c); --check
#     verifies it there, --fix does not edit generated files (regenerate instead).
# A file of a kind this script does not know is reported as "unclassified" and
# fails --check: give it a rule below (comment syntax or exclusion).
set -euo pipefail

ID='SPDX-License-Identifier: BSD-3-Clause'

usage() {
  sed -n '6,8p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

mode="${1:-}"
case "$mode" in --check | --fix | --list) ;; *) usage ;; esac

top="$(git rev-parse --show-toplevel 2>/dev/null)" || {
  echo "spdx.sh: not inside a git checkout (the file list comes from git ls-files)" >&2
  exit 2
}
cd "$top"

# rule FILE -> c | lua | hash | skip | unknown
rule() {
  local f="$1" base="${1##*/}"
  case "$f" in
    tests/fuzz/corpus/* | tests/fuzz/regressions/* | tests/specs-bad/* | tests/*/errors/*)
      echo skip; return ;;
    docs/items/* | tests/seeds/* | */docs/items/*) echo skip; return ;;
  esac
  case "$base" in
    LICENSE | LICENSE.* | COPYING | .gitignore | .gitattributes | .clang-format | .clang-tidy | .keep)
      echo skip; return ;;
    CMakeLists.txt | Makefile | Dockerfile) echo hash; return ;;
  esac
  case "$base" in
    *.c | *.h | *.c.in | *.h.in | *.css | *.js) echo c ;;
    *.lua | *.lua.in) echo lua ;;
    *.cmake | *.cmake.in | *.pc.in | *.sh | *.bash | *.py | *.py.in | *.pyi | *.gp | *.supp | \
      *.yml | *.yaml | *.toml | *.cfg | *.ini)
      echo hash ;;
    *.md | *.rst | *.json | *.png | *.svg | *.jpg | *.gif | *.txt | *.csv | *.expected | *.bin | *.abi | \
      *.html | *.pdf)
      echo skip ;;
    *.*) echo unknown ;;
    *)
      # no extension: a script if it starts with a shebang
      if head -c 2 "$f" 2>/dev/null | grep '^#!' >/dev/null; then echo hash; else echo unknown; fi ;;
  esac
}

line_for() {
  case "$1" in
    c) printf '/* %s */' "$ID" ;;
    lua) printf -- '-- %s' "$ID" ;;
    hash) printf '# %s' "$ID" ;;
  esac
}

# How many leading lines stay above the SPDX line: a shebang, and in Python a
# PEP 263 encoding declaration on the next line.
keep_lines() {
  local f="$1" n=0 first second
  first="$(head -n 1 "$f" 2>/dev/null || true)"
  if [[ "$first" == '#!'* ]]; then
    n=1
    case "$f" in
      *.py | *.py.in | *.pyi)
        second="$(sed -n 2p "$f")"
        [[ "$second" =~ ^[[:space:]]*#.*coding[:=] ]] && n=2 ;;
    esac
  elif [[ "$first" =~ ^[[:space:]]*#.*coding[:=] ]]; then
    case "$f" in *.py | *.py.in | *.pyi) n=1 ;; esac
  fi
  echo "$n"
}

# 0 when the SPDX line is where it belongs.
has_line() {
  local f="$1" want="$2" k
  k="$(keep_lines "$f")"
  [ "$(sed -n "$((k + 1))p" "$f" | tr -d '\r')" = "$want" ]
}

mapfile -t files < <({ git ls-files; git ls-files --others --exclude-standard; } | sort -u)

missing=() misplaced=() unclassified=() fixed=()
for f in "${files[@]}"; do
  [ -f "$f" ] && [ ! -L "$f" ] || continue # deleted in the work tree, or a symlink
  r="$(rule "$f")"
  [ "$mode" = --list ] && { echo "$r $f"; continue; }
  case "$r" in
    skip) continue ;;
    unknown) unclassified+=("$f"); continue ;;
  esac
  want="$(line_for "$r")"
  has_line "$f" "$want" && continue
  if head -n 5 "$f" | grep 'SPDX-License-Identifier' >/dev/null; then
    misplaced+=("$f") # some SPDX line, but not the expected one: a person decides
    continue
  fi
  if [ "$mode" = --fix ] && [[ "$f" != generated/* ]]; then
    k="$(keep_lines "$f")"
    tmp="$(mktemp)"
    {
      awk -v k="$k" 'NR <= k' "$f" # always newline-terminated
      printf '%s\n' "$want"
      tail -n +"$((k + 1))" "$f"
    } >"$tmp"
    cat "$tmp" >"$f" # keeps the file's mode
    rm -f "$tmp"
    fixed+=("$f")
  else
    missing+=("$f")
  fi
done
[ "$mode" = --list ] && exit 0

for f in "${fixed[@]}"; do echo "added: $f"; done
rc=0
for f in "${missing[@]}"; do
  case "$f" in
    generated/*) echo "missing: $f (generated: rebuild so mbcgen rewrites it)" ;;
    *) echo "missing: $f" ;;
  esac
  rc=1
done
for f in "${misplaced[@]}"; do
  echo "misplaced: $f (an SPDX line other than '$(line_for "$(rule "$f")")' at the top; fix by hand)"
  rc=1
done
for f in "${unclassified[@]}"; do
  echo "unclassified: $f (no rule for this kind of file: add its comment syntax or an exclusion to tools/spdx.sh)"
  rc=1
done
if [ "$rc" = 0 ]; then
  echo "spdx: ok (${#fixed[@]} added)"
fi
exit "$rc"
