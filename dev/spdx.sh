#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The SPDX line of every source file of mbconnect (LICENSE: BSD-3-Clause).
#
#   dev/spdx.sh --check   list every source file without the line; exit 1 if any (CI)
#   dev/spdx.sh --fix     add the line where it is missing (idempotent), then check
#   dev/spdx.sh --list    print "RULE FILE" for every file considered (debugging)
#
# Files: everything git tracks plus untracked files that are not ignored, so a
# file merged from another branch or created but not yet committed is seen.
#
# The line is the first line of the file, in the file's comment syntax:
#   /* SPDX-License-Identifier: BSD-3-Clause */   C, C++ (bridges/lammps/host.cpp), headers, C templates (.c.in, .h.in), CSS, JS
#   -- SPDX-License-Identifier: BSD-3-Clause       Lua (specs, case files)
#   # SPDX-License-Identifier: BSD-3-Clause        CMake, shell, Python, gnuplot, pkg-config
#                                                  and CMake templates, YAML/TOML, valgrind
#                                                  and libabigail suppressions, LAMMPS
#                                                  inputs (.in, .inc) and data files
#                                                  (.data: the title line),
#                                                  extension-less scripts
# A shebang stays first (the line goes second); in Python an encoding
# declaration (PEP 263) stays within the first two lines too.
#
# Not marked (the bytes are fixed by something else; see EXCLUDED below):
#   - documentation and data: *.md, *.rst (docs/items/*.rst and tests/seeds/*.rst
#     must equal the seed documents byte for byte; docs/index.rst is generated
#     and has no comment syntax the seeds allow), *.json (no comments), *.png,
#     *.svg, *.txt, *.csv, *.tsv, *.expected, *.abi (abidw output), LICENSE, dotfile configs;
#   - test inputs whose exact bytes or line numbers are asserted: the fuzz
#     corpora and regression inputs (tests/fuzz/corpus/, tests/fuzz/regressions/),
#     the malformed-spec corpus (tests/specs-bad/: expected messages carry line
#     numbers) and the error cases of mbc eval, mbc simulate and the like
#     (tests/*/errors/: same; tests/simulate/plugin_circles.lua: its line
#     numbers are asserted too);
#   - generator/templates/: the scaffold's templates (mbcgen --new-type /
#     --new-project); their text becomes files of the user's own project, whose
#     license is the user's choice;
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

# The first lines of FILE (at most 5, without CR) into the array head_lines;
# builtins only, so that the whole tree is scanned in a second or two.
read_head() {
  head_lines=()
  local line i
  for ((i = 0; i < 5; i++)); do
    IFS= read -r line || [ -n "$line" ] || break
    head_lines+=("${line%$'\r'}")
  done <"$1"
}

# rule FILE: sets r to c | lua | hash | skip | unknown (head_lines must be read)
rule() {
  local f="$1" base="${1##*/}"
  case "$f" in
    tests/fuzz/corpus/* | tests/fuzz/regressions/* | tests/specs-bad/* | tests/*/errors/* | \
      tests/simulate/plugin_circles.lua)
      r=skip; return ;;
    docs/items/* | tests/seeds/* | */docs/items/*) r=skip; return ;;
    generator/templates/*) r=skip; return ;; # scaffold templates: their text becomes the user's files
  esac
  case "$base" in
    LICENSE | LICENSE.* | COPYING | .gitignore | .gitattributes | .clang-format | .clang-tidy | .keep)
      r=skip; return ;;
    CMakeLists.txt | Makefile | Dockerfile) r=hash; return ;;
  esac
  case "$base" in
    *.c | *.h | *.cpp | *.c.in | *.h.in | *.css | *.js) r=c ;;
    *.lua | *.lua.in) r=lua ;;
    *.cmake | *.cmake.in | *.pc.in | *.sh | *.bash | *.py | *.py.in | *.pyi | *.gp | *.supp | \
      *.yml | *.yaml | *.toml | *.cfg | *.ini | *.in | *.inc | *.data | *.dict | *.abignore)
      r=hash ;;
    *.md | *.rst | *.json | *.png | *.svg | *.jpg | *.gif | *.txt | *.csv | *.tsv | *.expected | *.bin | *.abi | \
      *.html | *.pdf)
      r=skip ;;
    *.*) r=unknown ;;
    *)
      # no extension: a script if it starts with a shebang
      if [[ "${head_lines[0]:-}" == '#!'* ]]; then r=hash; else r=unknown; fi ;;
  esac
}

line_for() {
  case "$1" in
    c) want="/* $ID */" ;;
    lua) want="-- $ID" ;;
    hash) want="# $ID" ;;
  esac
}

# keep_lines FILE: sets k to how many leading lines stay above the SPDX line:
# a shebang, and in Python a PEP 263 encoding declaration after it.
keep_lines() {
  local f="$1" first="${head_lines[0]:-}" second="${head_lines[1]:-}" py=0
  case "$f" in *.py | *.py.in | *.pyi) py=1 ;; esac
  k=0
  if [[ "$first" == '#!'* ]]; then
    k=1
    if ((py)) && [[ "$second" =~ ^[[:space:]]*#.*coding[:=] ]]; then k=2; fi
  elif ((py)) && [[ "$first" =~ ^[[:space:]]*#.*coding[:=] ]]; then
    k=1
  fi
}

mapfile -t files < <({ git ls-files; git ls-files --others --exclude-standard; } | sort -u)

missing=() misplaced=() unclassified=() fixed=()
for f in "${files[@]}"; do
  [ -f "$f" ] && [ ! -L "$f" ] || continue # deleted in the work tree, or a symlink
  read_head "$f"
  rule "$f"
  [ "$mode" = --list ] && { echo "$r $f"; continue; }
  case "$r" in
    skip) continue ;;
    unknown) unclassified+=("$f"); continue ;;
  esac
  line_for "$r"
  keep_lines "$f"
  [ "${head_lines[$k]:-}" = "$want" ] && continue
  if [[ "${head_lines[*]:-}" == *SPDX-License-Identifier* ]]; then
    misplaced+=("$f") # some SPDX line, but not the expected one: a person decides
    continue
  fi
  if [ "$mode" = --fix ] && [[ "$f" != generated/* ]]; then
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
  echo "misplaced: $f (an SPDX line, but not the expected one in the expected place; fix by hand)"
  rc=1
done
for f in "${unclassified[@]}"; do
  echo "unclassified: $f (no rule for this kind of file: add its comment syntax or an exclusion to dev/spdx.sh)"
  rc=1
done
if [ "$rc" = 0 ]; then
  echo "spdx: ok (${#fixed[@]} added)"
fi
exit "$rc"
