#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""The generated API reference (mbcgen --rst-site: api/<Type>.rst, from the
spec model) against the reflection tables compiled into the library, as
`mbc describe` prints them, and against the generated headers:

  check_api_pages.py MBC SITE_SRC_DIR GENERATED_INCLUDE_DIR

For every type of `mbc list`: the parameters (names, order, type), the output
variables (names, sizes) and the data coordinates (names, initial values) of
the page equal the library's; every setter the page names is declared in the
type's generated header.
"""
import os
import re
import subprocess
import sys

mbc, site, inc = sys.argv[1:4]
failures = []


def run(*args):
    return subprocess.run([mbc, *args], check=True, capture_output=True, text=True).stdout


def table_rows(rst, title):
    """Rows (lists of cell texts) of the first list-table after `title`."""
    part = rst.split("\n%s\n" % title, 1)[1]
    part = re.split(r"\n[^\n]+\n-{3,}\n", part, 1)[0]
    rows = []
    for line in part.split("\n"):
        if line.startswith("   * - "):
            rows.append([line[7:]])
        elif line.startswith("     - ") and rows:
            rows[-1].append(line[7:])
    return rows[1:]  # without the header row


def norm(s):
    return s.replace("``", "").replace(" ", "")


types = [l.split()[0] for l in run("list").splitlines()[1:] if l.strip()]
for t in types:
    page = os.path.join(site, "api", t + ".rst")
    if not os.path.isfile(page):
        failures.append("%s: no API page %s" % (t, page))
        continue
    rst = open(page, encoding="utf-8").read()
    desc = run("describe", t)
    params_part = desc.split("\nParameters", 1)[1].split("\nVisualization parameters", 1)[0]
    lib_params = [(m.group(1), m.group(2)) for m in re.finditer(r"\n  (\S+)\s+(\S+)\s+(?:\d+|any)\s", params_part)]
    page_params = [(norm(r[0]), r[1].split(" ")[0]) for r in table_rows(rst, "C parameters")]
    if lib_params != page_params:
        failures.append("%s: parameters differ:\n  library %s\n  page    %s" % (t, lib_params, page_params))
    header = open(os.path.join(inc, "mbconnect", "generated", re.sub(r"([a-z])([A-Z])", r"\1_\2", re.sub(r"([A-Z])([A-Z][a-z])", r"\1_\2", t)).lower() + ".h"), encoding="utf-8").read()
    pattern = re.search(r"``mbc_status (mbc_\w+_set_)<parameter>\(", rst)
    getter = re.search(r"``(mbc_\w+_get_)<parameter>\(", rst)
    if not pattern or not getter:
        failures.append("%s: the page does not state the setter and getter names" % t)
        continue
    for r in table_rows(rst, "C parameters"):
        name = norm(r[0])
        if "@%s(" % name not in header.replace(getter.group(1), "@"):
            failures.append("%s: getter %s%s is not declared in the generated header" % (t, getter.group(1), name))
        has_setter = (pattern.group(1) + name + "(") in header
        if has_setter != r[4].startswith("set"):
            failures.append("%s: %s: the page says access %r, the header %s a setter"
                            % (t, name, r[4], "declares" if has_setter else "has no"))
    out_part = desc.split("\nOutputs", 1)[1].split("\nData coordinates", 1)[0] if "\nOutputs" in desc else ""
    lib_outputs = [(m.group(1), m.group(2)) for m in re.finditer(r"\n  (\S+)\s+size (\S+)", out_part)]
    page_outputs = [(norm(r[0]), norm(r[1]).replace("*", "*")) for r in table_rows(rst, "Output variables")] if lib_outputs else []
    if lib_outputs != page_outputs:
        failures.append("%s: outputs differ:\n  library %s\n  page    %s" % (t, lib_outputs, page_outputs))
    data_part = desc.split("\nData coordinates", 1)[1] if "\nData coordinates" in desc else ""
    lib_data = [(m.group(1), float(m.group(2))) for m in re.finditer(r"\n  (\S+)\s+initial (\S+)", data_part)]
    page_data = [(norm(r[1]), float(r[2])) for r in table_rows(rst, "Data coordinates")] if lib_data else []
    if lib_data != page_data:
        failures.append("%s: data coordinates differ:\n  library %s\n  page    %s" % (t, lib_data, page_data))
for f in failures:
    print(f)
print("%d types checked, %d failures" % (len(types), len(failures)))
sys.exit(1 if failures else 0 if types else 1)
