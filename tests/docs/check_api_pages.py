#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""The generated API reference (mbcgen --rst-site: api/<Type>.rst, from the
spec model) against the reflection tables compiled into the library, as
`mbc describe` prints them, and against the generated headers:

  check_api_pages.py MBC SITE_SRC_DIR GENERATED_INCLUDE_DIR

For every type of `mbc list`: the parameters (names, order, type), the output
variables (names, sizes) and the data coordinates (names, initial values) of
the page equal the library's; every setter the page names is declared in the
type's generated header. When the Python module is built (build/python next
to the mbc program's directory), the Python section's signature
`mbconnect.<Type>(param=default, ..., visualization={...})` names exactly the
module's settable parameters, in order, with the module's defaults, and its
attribute tables list every parameter and visualization parameter.
"""
import ast
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
    pattern = re.search(r"``mbc_status (mbc_\w+_set_)<parameter>\(", rst)
    getter = re.search(r"``(mbc_\w+_get_)<parameter>\(", rst)
    if not pattern or not getter:
        failures.append("%s: the page does not state the setter and getter names" % t)
        continue
    # the header named by the page's setter prefix mbc_<snake>_set_ (mbcgen
    # names both; no second copy of its snake-case rule here)
    path = os.path.join(inc, "mbconnect", "generated", pattern.group(1)[4:-5] + ".h")
    if not os.path.isfile(path):
        failures.append("%s: the page's setter prefix %s names no generated header (%s)" % (t, pattern.group(1), path))
        continue
    header = open(path, encoding="utf-8").read()
    for r in table_rows(rst, "C parameters"):
        name = norm(r[0])
        if "@%s(" % name not in header.replace(getter.group(1), "@"):
            failures.append("%s: getter %s%s is not declared in the generated header" % (t, getter.group(1), name))
        has_setter = (pattern.group(1) + name + "(") in header
        if has_setter != r[4].startswith("set"):
            failures.append("%s: %s: the page says access %r, the header %s a setter"
                            % (t, name, r[4], "declares" if has_setter else "has no"))
    # mbc describe's "Output variables (N):" lists each as mbc_output_text
    # writes it: "  Force [3]", "  ForceLocal [2 * numberOfContactSegments]"
    out_part = desc.split("\nOutput variables (", 1)[1].split("\nData coordinates", 1)[0]
    out_count = int(out_part.split(")", 1)[0])
    lib_outputs = [(m.group(1), norm(m.group(2))) for m in re.finditer(r"\n  (\S+) \[([^\]]+)\]", out_part)]
    page_outputs = [(norm(r[0]), norm(r[1])) for r in table_rows(rst, "Output variables")] if out_count else []
    if len(lib_outputs) != out_count:
        failures.append("%s: mbc describe lists %d outputs, says %d" % (t, len(lib_outputs), out_count))
    if lib_outputs != page_outputs:
        failures.append("%s: outputs differ:\n  library %s\n  page    %s" % (t, lib_outputs, page_outputs))
    data_part = desc.split("\nData coordinates", 1)[1] if "\nData coordinates" in desc else ""
    lib_data = [(m.group(1), float(m.group(2))) for m in re.finditer(r"\n  (\S+)\s+initial (\S+)", data_part)]
    page_data = [(norm(r[1]), float(r[2])) for r in table_rows(rst, "Data coordinates")] if lib_data else []
    if lib_data != page_data:
        failures.append("%s: data coordinates differ:\n  library %s\n  page    %s" % (t, lib_data, page_data))


def python_module():
    """The mbconnect module built next to `mbc` (build/bin/mbc ->
    build/python), or None when it is not built."""
    d = os.path.dirname(os.path.abspath(mbc))
    while d != os.path.dirname(d):
        if os.path.isdir(os.path.join(d, "python", "mbconnect")):
            sys.path.insert(0, os.path.join(d, "python"))
            import mbconnect
            return mbconnect
        d = os.path.dirname(d)
    return None


def same_value(a, b):
    import numpy as np
    if isinstance(a, str) or isinstance(b, str):
        return a == b and type(a) is type(b)
    a, b = np.asarray(a), np.asarray(b)
    if a.size == 0 or b.size == 0:  # [] has no element type
        return a.shape == b.shape
    return a.shape == b.shape and a.dtype.kind == b.dtype.kind and np.array_equal(a, b)


def check_python(t, rst, module):
    part = rst.split("\nPython\n------\n", 1)
    if len(part) < 2:
        failures.append("%s: the page has no Python section" % t)
        return
    py = part[1]
    m = re.search(r"\n   mbconnect\.%s\(\n(.*?)\n   \)\n" % t, py, re.S)
    if not m:
        failures.append("%s: the Python section has no signature mbconnect.%s(...)" % (t, t))
        return
    call = ast.parse("f(%s)" % "\n".join(l[3:] for l in m.group(1).split("\n"))).body[0].value
    page = {k.arg: ast.literal_eval(k.value) for k in call.keywords}
    cls = getattr(module, t)
    inputs = [p for p in cls.parameter_info if p["role"] == "input"]
    want = [p["name"] for p in inputs] + (["visualization"] if cls.visualization_info else [])
    if list(page) != want:
        failures.append("%s: Python signature names %s, the module %s" % (t, list(page), want))
        return
    # the page shows the spec's defaults; a new object has them except the
    # marker and node numbers, which the module numbers 0, 1, ... (its
    # `default`; `spec_default` is the spec's)
    for p in inputs:
        if not same_value(page[p["name"]], p.get("spec_default", p["default"])):
            failures.append("%s: Python default of %s: page %r, module %r"
                            % (t, p["name"], page[p["name"]], p["default"]))
    vis = page.get("visualization", {})
    if list(vis) != [p["name"] for p in cls.visualization_info]:
        failures.append("%s: visualization keys %s differ from the module's" % (t, list(vis)))
    for p in cls.visualization_info:
        if p["name"] in vis and not same_value(vis[p["name"]], p["default"]):
            failures.append("%s: visualization default of %s: page %r, module %r"
                            % (t, p["name"], vis[p["name"]], p["default"]))
    # the signature is a working call: the object it makes has those values
    obj = cls(**page)
    for p in inputs:
        if not same_value(getattr(obj, p["name"]), page[p["name"]]):
            failures.append("%s: %s(...) does not keep %s" % (t, t, p["name"]))
    attrs = re.findall(r"\n   \* - ``([\w.]+)``", py)
    want_attrs = [p["name"] for p in cls.parameter_info] + \
        ["visualization." + p["name"] for p in cls.visualization_info]
    if attrs != want_attrs:
        failures.append("%s: Python attributes %s, the module %s" % (t, attrs, want_attrs))


module = python_module()
if module is None:
    print("Python module not built: the Python sections are not checked")
else:
    for t in types:
        page = os.path.join(site, "api", t + ".rst")
        if os.path.isfile(page):
            check_python(t, open(page, encoding="utf-8").read(), module)
for f in failures:
    print(f)
print("%d types checked%s, %d failures" % (len(types), " (with Python)" if module else "", len(failures)))
sys.exit(1 if failures else 0 if types else 1)
