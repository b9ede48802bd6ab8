#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""The site copies of the connector pages (mbcgen --rst-site) against the
committed pages (byte-identical to the reference documents):

  check_site_pages.py COMMITTED_ITEMS_DIR SITE_ITEMS_DIR

* each site line equals the committed line up to leading spaces and
  inserted citations "[Key]_", except the description lines (the type's
  description below the title, "  | " lines of parameters and outputs,
  "     - | " cells of the quantities): where a spec keeps the reference
  page's text as `seed_text`, the committed page shows it and the site the
  spec's own description (docs/spec-language.rst);
* the parsed unit's line "  | unit: N/m (kg s^-2)" below a parameter's,
  output's or data coordinate's description is on the site page only;
* outputs declared with `reference = false` (added after the reference
  page: "* | ``Name``" and its description line) are on the site page only;
* the site page ends where the committed page's trailer of the reference
  code (its examples with links to its repository, the note on its PDF)
  begins, and no leftover of the reference code's documentation or a known
  typo of it is on a site page (LEFTOVERS);
* every known defect is fixed: in the site page, no text paragraph is left
  inside a column-0 `.. math::` block (non-blank lines there are options or
  the body, indented by exactly 3 spaces);
* the paragraphs the issue names (ObjectContactSphereSphere "  with",
  ObjectContactFrictionCircleCable2D "    and the distance") are at column 0;
* the citations of the reference documents are back ("described in [").
"""
import os
import re
import sys

committed_dir, site_dir = sys.argv[1], sys.argv[2]
failures = []
names = sorted(f for f in os.listdir(committed_dir) if f.endswith(".rst"))
if not names:
    sys.exit("no pages in %s" % committed_dir)
cite = re.compile(r"\[[A-Za-z][A-Za-z0-9]*\]_")
TRAILER = ("Relevant Examples and TestModels with weblink:", "\\ **The web version may not be complete")
LEFTOVERS = ("UNDER CONSTRUCTION", "GeneralContact", "exudyn.physics", "StribeckFunction in",
             "theDoc.pdf", "github.com/jgerstmayr", "obetain", "are are", "constraints's",
             "coordiantes", "occures", "Model model")
DESCRIPTION_PREFIXES = ("  | ", "     - | ")
UNIT_LINE = re.compile(r"^ *(- )?\| unit: ")


def is_description(lines, i, x, y):
    """Line i (0-based) of the committed page is a description line, or a
    parameter line that differs only in its default (an index parameter a
    solver must set: "invalid (-1)" on the reference page)."""
    if any(x.startswith(p) and y.startswith(p) for p in DESCRIPTION_PREFIXES):
        return True
    default = re.compile(r"default = .*\]:$")
    if x.startswith("* | **") and default.sub("", x) == default.sub("", y) and "must be set" in y:
        return True
    # the type's description: two lines below the title's underline
    return i >= 2 and set(lines[i - 2]) == {"="} and lines[i - 1] == ""


def without_added_outputs(a, b):
    """The site page b without the output entries the committed page a
    does not have (an output line and its description line)."""
    keep, skip = [], False
    for y in b:
        if UNIT_LINE.match(y):
            continue
        if skip:
            skip = False
            continue
        head = y.split("\\ :")[0]
        if y.startswith("* | ``") and not any(x.startswith(head) for x in a):
            skip = True
            continue
        keep.append(y)
    return keep


for name in names:
    a = open(os.path.join(committed_dir, name), encoding="utf-8").read().split("\n")
    b = without_added_outputs(a, open(os.path.join(site_dir, name), encoding="utf-8").read().split("\n"))
    end = next((i for i, x in enumerate(a) if x.startswith(TRAILER)), len(a))
    if len(b) < end or any(y.strip() for y in b[end:]):
        failures.append("%s: %d lines committed before the trailer, %d in the site" % (name, end, len(b)))
        continue
    for i, (x, y) in enumerate(zip(a[:end], b), 1):
        if x.lstrip(" ") != cite.sub("", y).lstrip(" ") and not is_description(a, i - 1, x, y):
            failures.append("%s:%d: differs beyond indentation, citations and descriptions" % (name, i))
    for i, y in enumerate(b, 1):
        for word in LEFTOVERS:
            if word in y:
                failures.append("%s:%d: a leftover of the reference documentation: %r" % (name, i, word))
    in_math = False
    for i, line in enumerate(b, 1):
        if line.startswith(".. math::"):
            in_math = True
            continue
        if not in_math or not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        if indent == 0:
            in_math = False
        elif indent != 3:
            failures.append("%s:%d: text left inside a math block: %r" % (name, i, line[:60]))


def expect(name, text, want):
    lines = open(os.path.join(site_dir, name), encoding="utf-8").read().split("\n")
    if not any(line.startswith(text) for line in lines):
        failures.append("%s: no line %s %r" % (name, want, text))


expect("ObjectContactSphereSphere.rst", "with", "at column 0 starting with")
expect("ObjectContactSphereSphere.rst", "The restitution coefficient", "at column 0 starting with")
expect("ObjectContactFrictionCircleCable2D.rst", "and the distance", "at column 0 starting with")
expect("ObjectContactFrictionCircleCable2D.rst", "in which", "at column 0 starting with")
sphere = open(os.path.join(site_dir, "ObjectContactSphereSphere.rst"), encoding="utf-8").read()
for key in ("Thakur2014", "HuntCrossley1975", "CarvalhoMartins2019", "Gonthier2004"):
    if "[%s]_" % key not in sphere:
        failures.append("ObjectContactSphereSphere.rst: citation [%s]_ missing" % key)
for f in failures:
    print(f)
print("%d pages checked, %d failures" % (len(names), len(failures)))
sys.exit(1 if failures else 0)
