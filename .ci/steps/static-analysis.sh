#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Static analysis (issue 8): cppcheck and clang-tidy over sandbox/,
# generator/, runtime/, simulate/, bridges/, cli/ and generated/, using the compile commands of the default
# preset (build/compile_commands.json; configured here if missing). Both must
# be clean: cppcheck --enable=warning,performance,portability with
# --error-exitcode=1, clang-tidy with the committed .clang-tidy
# (WarningsAsErrors: every enabled check is an error).
#
# Run from anywhere inside a checkout:  .ci/steps/static-analysis.sh
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root="$PWD"

.ci/install-missing.sh cppcheck clang-tidy

if [ ! -f build/compile_commands.json ]; then
  cmake --preset default
fi
# generated/ and the generated headers must exist: build the generator step.
cmake --build build --target generate

work="$(mktemp -d /tmp/mbc-static.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# The translation units under the analyzed directories, once each.
python3 - "$root" build/compile_commands.json "$work" <<'PY'
import json, os, sys
root, db, work = sys.argv[1], sys.argv[2], sys.argv[3]
dirs = ("sandbox", "generator", "runtime", "simulate", "bridges", "cli", "generated")
seen, keep = set(), []
for e in json.load(open(db)):
    f = os.path.normpath(os.path.join(e["directory"], e["file"]))
    rel = os.path.relpath(f, root)
    if rel.split(os.sep)[0] in dirs and f not in seen:
        seen.add(f)
        keep.append(e)
json.dump(keep, open(os.path.join(work, "compile_commands.json"), "w"), indent=1)
open(os.path.join(work, "files.txt"), "w").write("\n".join(sorted(seen)) + "\n")
print(f"{len(keep)} translation units under {', '.join(d + '/' for d in dirs)}")
PY

echo "== cppcheck $(cppcheck --version)"
cppcheck -j 2 --project="$work/compile_commands.json" --enable=warning,performance,portability \
  --error-exitcode=1 --inline-suppr --quiet --std=c11 \
  -i "$root/build" --suppress=missingIncludeSystem
echo "cppcheck: clean"

echo "== clang-tidy ($(clang-tidy --version | sed -n 's/.*LLVM version //p'))"
# one process per file, two at a time; any diagnostic fails the step
status=0
xargs -a "$work/files.txt" -P 2 -n 1 clang-tidy -p build --quiet >"$work/tidy.log" 2>&1 ||
  status=$?
if [ "$status" -ne 0 ] || grep -qE '(warning|error):' "$work/tidy.log"; then
  grep -E -A3 '(warning|error):' "$work/tidy.log" || cat "$work/tidy.log"
  echo "clang-tidy: FAILED ($(grep -cE '(warning|error):' "$work/tidy.log") diagnostics)"
  exit 1
fi
echo "clang-tidy: clean ($(wc -l <"$work/files.txt") files)"
