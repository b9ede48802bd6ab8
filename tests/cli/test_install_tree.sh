#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The install tree, as a user gets it (cmake --install, and so the .deb):
#
#   test_install_tree.sh BUILD_DIR PREFIX MAN(ON|OFF) SITE(ON|OFF)
#
# installs BUILD_DIR into PREFIX (emptied first) and checks: the programs
# run from PREFIX/bin; `man -l` renders mbc(1) and mbcgen(1) with their
# usage; the bash completion, loaded from PREFIX, completes commands, a type
# name (asked from the installed mbc) and an option; when the build has
# mbc-lammps (LAMMPS and MPI were found), it is installed with its page
# mbc-lammps(1), which renders, and its completion; the HTML site is in
# share/doc/mbconnect/html with its pages; the examples (cases, scenes,
# python, ...) are in share/doc/mbconnect/examples, and an installed case
# evaluates with the installed mbc. MAN and SITE say whether help2man and
# Sphinx were found at configure time (else those parts are not installed).
set -euo pipefail
build="$1" prefix="$2" man="$3" site="$4"
fail() { echo "test_install_tree: $*" >&2; exit 1; }

rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" >"$prefix.log" 2>&1 || { cat "$prefix.log"; fail "cmake --install failed"; }
doc="$prefix/share/doc/mbconnect"

# programs
"$prefix/bin/mbc" --version | grep -q '^mbc ' || fail "bin/mbc --version"
"$prefix/bin/mbcgen" --version | grep -q '^mbcgen ' || fail "bin/mbcgen --version"
lammps=OFF
if [ -x "$build/bin/mbc-lammps" ]; then
  lammps=ON
  [ -x "$prefix/bin/mbc-lammps" ] || fail "the build has mbc-lammps, the install tree has no bin/mbc-lammps"
  "$prefix/bin/mbc-lammps" --version | grep -q '^mbc-lammps ' || fail "bin/mbc-lammps --version"
else
  echo "test_install_tree: mbc-lammps not built (no LAMMPS or MPI): its files not checked"
fi

# man pages, rendered by man -l
if [ "$man" = ON ]; then
  command -v man >/dev/null || fail "man (man-db) is needed to render the pages"
  for page in mbc mbcgen; do
    f="$prefix/share/man/man1/$page.1"
    [ -f "$f" ] || fail "no $f"
    text="$(MANWIDTH=100 man -l "$f" 2>&1)" || fail "man -l $f: $text"
    for want in "NAME" "SYNOPSIS" "OPTIONS" "EXAMPLES" "--help"; do
      grep -q -- "$want" <<<"$text" || fail "man -l $f lacks '$want'"
    done
  done
  text="$(MANWIDTH=100 man -l "$prefix/share/man/man1/mbc.1")"
  grep -q 'describe \[--json\] TYPE' <<<"$text" || fail "mbc(1) lacks the describe command"
  text="$(MANWIDTH=100 man -l "$prefix/share/man/man1/mbcgen.1")"
  grep -q -- '--new-project DIR NAME' <<<"$text" || fail "mbcgen(1) lacks --new-project"
  if [ "$lammps" = ON ]; then
    f="$prefix/share/man/man1/mbc-lammps.1"
    [ -f "$f" ] || fail "no $f"
    text="$(MANWIDTH=100 man -l "$f" 2>&1)" || fail "man -l $f: $text"
    for want in "NAME" "SYNOPSIS" "OPTIONS" "EXAMPLES" "Exit status" "--plugin PLUGIN" \
      "mbconnect pair I J TYPE" "comm_modify vel yes"; do
      grep -q -- "$want" <<<"$text" || fail "man -l $f lacks '$want'"
    done
  fi
else
  echo "test_install_tree: help2man not found at configure time: man pages not checked"
fi

# bash completion, from the installed file, with the installed mbc
names="mbc mbcgen"
[ "$lammps" = OFF ] || names="$names mbc-lammps"
for name in $names; do
  [ -f "$prefix/share/bash-completion/completions/$name" ] || fail "no completion file $name"
done
complete_words() {
  PATH="$prefix/bin:$PATH" bash --norc --noprofile -c '
    source "$0"
    COMP_WORDS=("${@}"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMP_LINE="$*"
    "_${COMP_WORDS[0]//-/_}"; printf "%s\n" "${COMPREPLY[@]}"' \
    "$prefix/share/bash-completion/completions/mbc" "$@"
}
[ "$(complete_words mbc describe ContactSph)" = ContactSphereSphere ] ||
  fail "completion of 'mbc describe ContactSph': $(complete_words mbc describe ContactSph)"
[ "$(complete_words mbc desc)" = describe ] || fail "completion of 'mbc desc'"
[ "$(complete_words mbc list --j)" = --json ] || fail "completion of 'mbc list --j'"
[ "$(complete_words mbcgen --new-p)" = --new-project ] || fail "completion of 'mbcgen --new-p'"
# after --plugin, the plugins of $MBC_PLUGIN_PATH's directories by name
mkdir -p "$prefix.plugins/a" "$prefix.plugins/b"
: >"$prefix.plugins/a/libzz_one.so"
: >"$prefix.plugins/b/libzz_two.so"
: >"$prefix.plugins/b/libzz_not_a_plugin.txt"
words="$(MBC_PLUGIN_PATH="$prefix.plugins/a::$prefix.plugins/b" complete_words mbc --plugin libzz_ | sort | tr '\n' ' ')"
[ "$words" = "libzz_one.so libzz_two.so " ] || fail "completion of 'mbc --plugin libzz_': $words"
# ... besides the directories here, each one word: a, b and libzz_one.so
n="$(cd "$prefix.plugins" && MBC_PLUGIN_PATH="$prefix.plugins/a" bash --norc --noprofile -c '
  source "$0"; COMP_WORDS=(mbc --plugin ""); COMP_CWORD=2; _mbc; echo ${#COMPREPLY[@]}' \
  "$prefix/share/bash-completion/completions/mbc")"
[ "$n" = 3 ] || fail "completion of 'mbc --plugin ' in a directory with a/ and b/: $n words, not 3"
if [ "$lammps" = ON ]; then
  [ "$(complete_words mbc-lammps --pl)" = --plugin ] || fail "completion of 'mbc-lammps --pl'"
  [ "$(complete_words mbc-lammps --ver)" = --version ] || fail "completion of 'mbc-lammps --ver'"
  words="$(cd "$doc/examples/lammps" && complete_words mbc-lammps -in sett)"
  [ "$words" = settle.in ] || fail "completion of 'mbc-lammps -in sett' in examples/lammps: $words"
fi

# the site
if [ "$site" = ON ]; then
  for page in index mbc eval simulate spec-language performance types api/index; do
    [ -f "$doc/html/$page.html" ] || fail "no $doc/html/$page.html"
  done
  [ -f "$doc/html/_static/mathjax/MathJax.js" ] || fail "the site's MathJax is not installed"
  [ ! -e "$doc/spec-language.rst" ] || fail "the site is installed, but so are the pages' sources"
else
  [ -f "$doc/spec-language.rst" ] || fail "no site and no pages' sources in $doc"
  echo "test_install_tree: Sphinx not found at configure time: the pages' sources checked"
fi

# the examples, and an installed case evaluated by the installed mbc
for want in cases/sphere_sphere_static.lua scenes/cradle.lua python/newtons_cradle.py; do
  [ -f "$doc/examples/$want" ] || fail "no $doc/examples/$want"
done
"$prefix/bin/mbc" eval "$doc/examples/cases/sphere_sphere_static.lua" | grep -q '"forces"' ||
  fail "the installed mbc does not evaluate the installed case"
echo "test_install_tree: ok ($prefix)"
