#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The layers (docs/contributing.rst, "Layers"): a file never includes one of
# a higher layer. From the bottom:
#   1 core          runtime/, include/mbconnect/ (but case.h), generated/
#   2 front end     sandbox/, include/mbconnect/case.h; Lua (lua.h, lauxlib.h, ...)
#   3 generator     generator/ (mbcgen)
#   4 simulator     simulate/ (mbc simulate); LAPACKE, SuiteSparse
#   5 bridges       bridges/ (mbc-lammps, mbc-liggghts); LAMMPS, LIGGGHTS, MPI
#   6 command line  cli/ (mbc)
#   7 Python        python/; Python, NumPy
#   8 users         harness/, bench/, examples/; cmocka
# Inside the core, the runtime's folders are layers too, from the bottom:
#   base/, mechanics/, object/, connectors/, eval/, then runtime/mbconnect.c
# (docs/contributing.rst, "Inside the core"); a runtime file never includes
# a header of a runtime folder above its own.
# tests/ may include anything and is not checked.
#
#   dev/layers.sh --check   one line per upward include, FILE:LINE: ...; exit 1 if any
#   dev/layers.sh --list    the layer of every checked file, then the check
#
# Every #include of every .c, .cpp and .h file in the folders above is read. A
# quoted include is looked up beside the including file, then as a path
# under include/, generated/include/ or harness/include/ (the installed
# mbconnect/ headers) or runtime/ (the runtime's own, "object/registry_internal.h"),
# then by its file name in the source folders; one
# that names no file of the tree (a system or build-tree header) only counts
# when it is a known third-party header. Exit status: 0 no upward include,
# 1 some, 2 usage.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mode="${1:---check}"
case "$mode" in --check | --list) ;; *)
  echo "usage: dev/layers.sh [--check | --list]" >&2
  exit 2
  ;;
esac

python3 - "$mode" <<'PY'
import os, re, sys

mode = sys.argv[1]
names = {1: 'core', 2: 'front end', 3: 'generator', 4: 'simulator', 5: 'bridges',
         6: 'command line', 7: 'Python', 8: 'users'}

# Files that break the rule for now, each with the reason; an entry that
# names no file any more is reported so that it gets deleted.
ALLOWED = {}

# The runtime's folders, from the bottom (a file at runtime/ itself is the top).
RUNTIME = ['base', 'mechanics', 'object', 'connectors', 'eval']

def runtime_rank(path):
    parts = path.split('/')
    if parts[0] != 'runtime' or len(parts) < 2:
        return None
    return RUNTIME.index(parts[1]) if parts[1] in RUNTIME else len(RUNTIME)

def runtime_name(rank):
    return f'runtime/{RUNTIME[rank]}/' if rank < len(RUNTIME) else 'runtime/'

def layer_of(path):
    if path == 'include/mbconnect/case.h':
        return 2
    for prefix, rank in (('runtime/', 1), ('include/mbconnect/', 1), ('generated/', 1),
                         ('sandbox/', 2), ('generator/', 3), ('simulate/', 4),
                         ('bridges/', 5), ('cli/', 6), ('python/', 7),
                         ('harness/', 8), ('bench/', 8), ('examples/', 8)):
        if path.startswith(prefix):
            return rank
    return None

# Third-party headers (by the path in <...> or "...") and their layer.
EXTERNAL = [
    (re.compile(r'(lua|lauxlib|lualib|luaconf)\.h$'), 2, 'Lua'),
    (re.compile(r'(lapacke|lapacke_utils|cblas|cholmod|umfpack|SuiteSparse_config|klu)\.h$'), 4,
     'LAPACKE/SuiteSparse'),
    (re.compile(r'^(mpi\.h|lammps/.*)$'), 5, 'MPI/LAMMPS'),
    (re.compile(r'^liggghts/.*$'), 5, 'LIGGGHTS'),
    (re.compile(r'^(Python\.h|numpy/.*|structmember\.h)$'), 7, 'Python'),
    (re.compile(r'^cmocka\.h$'), 8, 'cmocka'),
]

checked = []
for top in ('runtime', 'include', 'generated', 'sandbox', 'generator', 'simulate', 'bridges',
            'cli', 'python', 'harness', 'bench', 'examples'):
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
    for root in ('include', 'generated/include', 'harness/include', 'runtime'):
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
            if trank is not None and trank == rank and target:
                sub, tsub = runtime_rank(src), runtime_rank(target)
                if sub is not None and tsub is not None and tsub > sub:
                    bad.append(f'{src}:{n}: {runtime_name(sub)} includes {target}, '
                               f'{runtime_name(tsub)} (higher in the core)')
                continue
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
              f'(dev/layers.sh)')
for b in bad:
    print(b, file=sys.stderr)
if bad:
    print(f'FAIL: {len(bad)} include(s) of a higher layer (docs/contributing.rst, "Layers")',
          file=sys.stderr)
    sys.exit(1)
print(f'ok: {len(checked)} files, no include of a higher layer')
PY
