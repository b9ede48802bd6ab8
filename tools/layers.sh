#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The layers (docs/contributing.rst, "Layers"): a file never includes one of
# a higher layer. From the bottom:
#   1 core        runtime/, include/mbconnect/ (but case.h), generated/
#   2 front end   sandbox/, include/mbconnect/case.h; Lua (lua.h, lauxlib.h, ...)
#   3 tools       generator/, tools/; LAPACKE, SuiteSparse, LAMMPS, MPI
#   4 users       python/, harness/, bench/, examples/; cmocka, Python, NumPy
# tests/ may include anything and is not checked.
#
#   tools/layers.sh --check   one line per upward include, FILE:LINE: ...; exit 1 if any
#   tools/layers.sh --list    the layer of every checked file, then the check
#
# Every #include of every .c, .cpp and .h file in the folders above is read. A
# quoted include is looked up beside the including file, then as a path
# under include/, generated/include/ or harness/include/ (the installed
# mbconnect/ headers), then by its file name in the source folders; one
# that names no file of the tree (a system or build-tree header) only counts
# when it is a known third-party header. Exit status: 0 no upward include,
# 1 some, 2 usage.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mode="${1:---check}"
case "$mode" in --check | --list) ;; *)
  echo "usage: tools/layers.sh [--check | --list]" >&2
  exit 2
  ;;
esac

python3 - "$mode" <<'PY'
import os, re, sys

mode = sys.argv[1]
names = {1: 'core', 2: 'front end', 3: 'tools', 4: 'users'}

# Files that break the rule for now, each with the reason; an entry that
# names no file any more is reported so that it gets deleted.
ALLOWED = {}

def layer_of(path):
    if path == 'include/mbconnect/case.h':
        return 2
    for prefix, rank in (('runtime/', 1), ('include/mbconnect/', 1), ('generated/', 1),
                         ('sandbox/', 2), ('generator/', 3), ('tools/', 3),
                         ('python/', 4), ('harness/', 4), ('bench/', 4), ('examples/', 4)):
        if path.startswith(prefix):
            return rank
    return None

# Third-party headers (by the path in <...> or "...") and their layer.
EXTERNAL = [
    (re.compile(r'(lua|lauxlib|lualib|luaconf)\.h$'), 2, 'Lua'),
    (re.compile(r'(lapacke|lapacke_utils|cblas|cholmod|umfpack|SuiteSparse_config|klu)\.h$'), 3,
     'LAPACKE/SuiteSparse'),
    (re.compile(r'^(mpi|library)\.h$'), 3, 'MPI/LAMMPS'),
    (re.compile(r'^cmocka\.h$'), 4, 'cmocka'),
    (re.compile(r'^(Python\.h|numpy/.*|structmember\.h)$'), 4, 'Python'),
]

checked = []
for top in ('runtime', 'include', 'generated', 'sandbox', 'generator', 'tools', 'python',
            'harness', 'bench', 'examples'):
    for d, _, files in os.walk(top):
        for f in files:
            if f.endswith(('.c', '.cpp', '.h')):
                checked.append(os.path.join(d, f))
checked.sort()

by_name = {}
for path in checked:
    by_name.setdefault(os.path.basename(path), []).append(path)

def resolve(src, inc):
    here = os.path.normpath(os.path.join(os.path.dirname(src), inc))
    if os.path.isfile(here):
        return here
    for root in ('include', 'generated/include', 'harness/include'):
        p = os.path.join(root, inc)
        if os.path.isfile(p):
            return p
    if '/' not in inc:
        found = by_name.get(inc, [])
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            # the lowest layer that has it is what the build can mean at best
            return min(found, key=lambda p: layer_of(p) or 9)
    return None

include = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
bad, listing = [], []
seen_allowed = set()
for src in checked:
    rank = layer_of(src)
    listing.append(f'{rank} {names[rank]:9s} {src}')
    with open(src, errors='replace') as fh:
        for n, line in enumerate(fh, 1):
            m = include.match(line)
            if not m:
                continue
            kind, inc = m.groups()
            target, trank, what = None, None, None
            if kind == '"':
                target = resolve(src, inc)
                if target:
                    trank, what = layer_of(target), target
            if trank is None:
                for pat, r, lib in EXTERNAL:
                    if pat.search(inc):
                        trank, what = r, f'{lib} ({inc})'
                        break
            if trank is None or trank <= rank:
                continue
            if src in ALLOWED:
                seen_allowed.add(src)
                continue
            bad.append(f'{src}:{n}: {names[rank]} (layer {rank}) includes {what}, '
                       f'{names[trank]} (layer {trank})')

if mode == '--list':
    print('\n'.join(listing))
for path, why in ALLOWED.items():
    if path in seen_allowed:
        print(f'layers: allowed for now: {path}: {why}')
    elif not os.path.exists(path):
        print(f'layers: note: the allow-list entry {path} names no file any more; delete it '
              f'(tools/layers.sh)')
for b in bad:
    print(b, file=sys.stderr)
if bad:
    print(f'FAIL: {len(bad)} include(s) of a higher layer (docs/contributing.rst, "Layers")',
          file=sys.stderr)
    sys.exit(1)
print(f'ok: {len(checked)} files, no include of a higher layer')
PY
