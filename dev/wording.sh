#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# One wording for the value a user gave (docs/contributing.rst): error
# messages say "(given X)" or ", given X", never "(got X)" or ", got X".
#
#   dev/wording.sh --check   print FILE:LINE: "literal" for every string
#                              literal of a C/C++ source or of a generator
#                              template (*.c.in, *.h.in) that says "got"
#                              (the word); exit 1 if any
#
# Only string literals are read (comments are skipped, so are character
# constants); a literal split over lines ("... (got " "%s)") is read whole.
# Files: the C/C++ sources and templates git tracks plus untracked ones that
# are not ignored, except the tests' own (any tests/ folder): their strings are
# their own diagnostics, and where they quote a library message the test
# itself fails if the wording differs.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"

mode="${1:---check}"
case "$mode" in --check) ;; *)
  echo "usage: dev/wording.sh [--check]" >&2
  exit 2
  ;;
esac

files() {
  git ls-files -co --exclude-standard -z -- '*.c' '*.h' '*.cc' '*.cpp' '*.hpp' '*.c.in' \
    '*.h.in' ':!tests' ':!**/tests/**' ':!dev/wording.sh'
}

# Reads each file once: walks code, comments, character constants and string
# literals; adjacent literals (the C compiler's concatenation) form one
# message, reported at the line where it begins. A variable named got is code,
# not a message, and passes.
found=0
if ! files | xargs -0 -r perl -e '
  my $bad = 0;
  for my $f (@ARGV) {
    open my $fh, "<", $f or die "$f: $!\n";
    local $/; my $s = <$fh>; close $fh;
    my ($line, $msg, $at) = (1, undef, 0);
    my $flush = sub {
      if (defined $msg && $msg =~ /\bgot\b/) { print "$f:$at: \"$msg\"\n"; $bad = 1 }
      $msg = undef;
    };
    while (length $s) {
      if ($s =~ s{\A(//[^\n]*)}{}) { }
      elsif ($s =~ s{\A(/\*.*?\*/)}{}s) { $line += ($1 =~ tr/\n//) }
      elsif ($s =~ s{\A(\x27(?:\\.|[^\x27\\\n])*\x27)}{}) { $flush->() }
      elsif ($s =~ s{\A"((?:\\.|[^"\\\n])*)"}{}) { $at = $line unless defined $msg; $msg .= $1 }
      elsif ($s =~ s{\A(\s+)}{}) { $line += ($1 =~ tr/\n//) }
      elsif ($s =~ s{\A(#\s*include[^\n]*)}{}) { $flush->() }
      else { $flush->(); $s =~ s{\A(\w+|.)}{}s }
    }
    $flush->();
  }
  exit $bad;
' --; then
  found=1
fi
if [ "$found" = 1 ]; then
  echo "wording: messages above say \"got\"; one wording: \"(given X)\" or \", given X\"" >&2
  exit 1
fi
echo "wording: ok"
