#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# US English in mbconnect's code, comments and hand-written docs
# (docs/contributing.rst): lists, or fixes, British spellings.
#
#   dev/spelling.sh --check   print FILE:LINE: text for every British spelling; exit 1 if any
#   dev/spelling.sh --fix     rewrite them in US English (centre -> center, normalise ->
#                               normalize, ...), then check
#
# Files: what git tracks plus untracked files that are not ignored. Not
# touched: text whose bytes something else fixes or that records history:
# generated/, docs/items/ and docs/index.rst (mbcgen's output; the seed pages
# must stay byte-identical), specs/ (their text feeds those pages),
# abi/ (the baselines), tests/seeds/, the fuzz corpora and regressions,
# and CHANGELOG.md (names as they were). `colour` is not in the list: it is
# the wrong key tests/eval/errors/bad_visualization.lua is about.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

mode="${1:---check}"
case "$mode" in --check | --fix) ;; *)
  echo "usage: dev/spelling.sh [--check | --fix]" >&2
  exit 2
  ;;
esac

# British stem -> US stem; every word containing the stem is rewritten, in
# lower case and capitalized ("Normalised" -> "Normalized").
map='centres:centers centred:centered centre:center neighbour:neighbor generalis:generaliz
vectoris:vectoriz factoris:factoriz normalis:normaliz finalis:finaliz behaviour:behavior
licence:license initialis:initializ maximis:maximiz minimis:minimiz millimetre:millimeter
metres:meters metre:meter travelled:traveled travelling:traveling synchronis:synchroniz
parametris:parametriz labelled:labeled labelling:labeling randomis:randomiz optimis:optimiz
analyser:analyzer analysed:analyzed misspelt:misspelled'

files() {
  git ls-files -co --exclude-standard -z -- . \
    ':!generated' ':!docs/items' ':!docs/index.rst' ':!specs' ':!abi' ':!tests/seeds' \
    ':!tests/fuzz/corpus' ':!tests/fuzz/regressions' ':!CHANGELOG.md' ':!dev/spelling.sh' ':!tests/release/test_spelling.sh' |
    xargs -0 -r grep -lIi -E "$(echo "$map" | tr ' \n' '\n\n' | cut -d: -f1 | paste -sd'|')" -- 2>/dev/null || true
}

if [ "$mode" = --fix ]; then
  files | while IFS= read -r f; do
    MAP="$map" perl -i -pe 'BEGIN { @m = map { [split /:/] } split /\s+/, $ENV{MAP} }
      for my $p (@m) { my ($gb, $us) = @$p; s/$gb/$us/g; s/\u$gb/\u$us/g }' "$f"
  done
fi

pattern="$(echo "$map" | tr ' \n' '\n\n' | cut -d: -f1 | paste -sd'|')"
found=0
while IFS= read -r f; do
  grep -nHi -E "$pattern" -- "$f" && found=1
done < <(files)
if [ "$found" = 1 ]; then
  echo "spelling: British spellings above; US English throughout (dev/spelling.sh --fix)" >&2
  exit 1
fi
echo "spelling: ok"
