# SPDX-License-Identifier: BSD-3-Clause
# Bash completion of mbc, mbcgen and mbc-lammps: commands, options,
# connector type names (asked from `mbc list` at completion time, with the
# --plugin options already on the line), file names (cases and scenes
# *.lua, plugins *.so, LAMMPS inputs, directories) and the plugins on
# $MBC_PLUGIN_PATH. Installed as
# share/bash-completion/completions/mbc, .../mbcgen and .../mbc-lammps;
# needs nothing but bash (bash-completion loads it on demand).

# The words COMPREPLY gets for files matching a glob pattern, and directories.
_mbc_files() {
  local cur="$1" pattern="$2"
  compopt -o filenames 2>/dev/null
  COMPREPLY=($(compgen -f -X "!$pattern" -- "$cur") $(compgen -d -- "$cur"))
}

# After --plugin: plugin files (*.so) and directories, and the plugin files
# of the directories of $MBC_PLUGIN_PATH, which --plugin finds by name
# (docs/extending.rst, "Where plugins are found").
_mbc_plugins() {
  local cur="$1" dir file
  _mbc_files "$cur" '*.so'
  [[ "$cur" == */* ]] && return
  local IFS=: # after _mbc_files, whose word splitting wants the default
  for dir in $MBC_PLUGIN_PATH; do
    [ -n "$dir" ] || continue
    for file in "$dir/$cur"*.so; do
      [ -f "$file" ] && COMPREPLY+=("${file##*/}")
    done
  done
}

# The type names `mbc list` prints (first column after the header line).
_mbc_types() {
  "$@" list 2>/dev/null | while read -r name rest; do
    [ "$name" = type ] || printf '%s\n' "$name"
  done
}

_mbc() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD - 1]}"
  local program="${COMP_WORDS[0]}" command="" plugins=() i
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "${COMP_WORDS[i]}" in
      --plugin) plugins+=(--plugin "${COMP_WORDS[i + 1]}"); ((i++)) ;;
      -*) ;;
      *) command="${COMP_WORDS[i]}"; break ;;
    esac
  done
  if [ "$prev" = --plugin ]; then
    _mbc_plugins "$cur"
    return
  fi
  local commands="list describe eval simulate help"
  case "$command" in
    "")
      if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "--plugin --help -h --version" -- "$cur"))
      else
        COMPREPLY=($(compgen -W "$commands" -- "$cur"))
      fi ;;
    list) COMPREPLY=($(compgen -W "--json --help" -- "$cur")) ;;
    describe)
      if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "--json --help" -- "$cur"))
      else
        COMPREPLY=($(compgen -W "$(_mbc_types "$program" "${plugins[@]}")" -- "$cur"))
      fi ;;
    eval)
      if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "--help" -- "$cur"))
      else
        _mbc_files "$cur" '*.lua'
      fi ;;
    simulate)
      # the options simulate's own usage lists
      if [[ "$cur" == -* ]]; then
        local options
        options="$("$program" help simulate 2>/dev/null | grep -o -- '--[a-z][a-z-]*' | sort -u)"
        COMPREPLY=($(compgen -W "$options --help" -- "$cur"))
      elif [[ "$prev" == --plot ]]; then
        _mbc_files "$cur" '*'
      elif [[ "$prev" == --csv || "$prev" == --json ]]; then
        _mbc_files "$cur" '*'
      elif [[ "$prev" != --set ]]; then
        _mbc_files "$cur" '*.lua'
      fi ;;
    help) COMPREPLY=($(compgen -W "$commands" -- "$cur")) ;;
  esac
}

_mbcgen() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD - 1]}"
  case "$prev" in
    --specs | --rst-out | --c-out | --rst-site | --compat | --new-project)
      compopt -o filenames 2>/dev/null
      COMPREPLY=($(compgen -d -- "$cur"))
      return ;;
    --types) _mbc_files "$cur" '*.lua'; return ;;
    --index | --pyi-out) _mbc_files "$cur" '*'; return ;;
    --registry-name | --new-type | --jobs | -j) return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "--specs --rst-out --index --c-out --registry-name --types
      --rst-site --pyi-out --check --compat --new-type --new-project --pair --print-names --jobs
      -j --help -h --version" -- "$cur"))
  else
    _mbc_files "$cur" '*.lua'
  fi
}

# mbc-lammps: its own options, -in SCRIPT and --plugin PLUGIN; the options
# it passes to LAMMPS with a file (-log, -screen) take any file, -var takes a
# name and values (not completed).
_mbc_lammps() {
  local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD - 1]}"
  case "$prev" in
    --plugin) _mbc_plugins "$cur"; return ;;
    -in | -i | -log | -l | -screen | -sc) _mbc_files "$cur" '*'; return ;;
    -var | -v) return ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "--plugin -in -i --help -h --version -var -log -screen -echo
      -nocite" -- "$cur"))
  fi
}

complete -F _mbc mbc
complete -F _mbcgen mbcgen
complete -F _mbc_lammps mbc-lammps
