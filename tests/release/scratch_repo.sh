# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the shell tests of dev/ (test_spdx.sh, test_spelling.sh,
# test_exports_policy.sh, test_layers_policy.sh, test_wording.sh):
#   scratch_repo NAME   skips (exit 77) under valgrind, which traces children
#                       (.ci/steps/memcheck.sh) and would test git and the
#                       shell rather than mbconnect; otherwise makes an empty
#                       git repository in a temporary directory (removed on
#                       exit, its path in $tmp) and enters it.
scratch_repo() {
  case "${LD_PRELOAD:-}" in
    *vgpreload*) echo "$1: not run under valgrind (it tests shell tools and scripts): skipped"; exit 77 ;;
  esac
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/mbconnect-$1.XXXXXX")"
  trap 'rm -rf "$tmp"' EXIT
  mkdir "$tmp/repo" && cd "$tmp/repo"
  git init -q .
}
