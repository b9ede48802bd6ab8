#!/usr/bin/python3
# SPDX-License-Identifier: BSD-3-Clause
"""The test suite's own rules (docs/contributing.rst, "Tests"):

  test_ctest_policy.py CTEST BUILD_DIR SOURCE_DIR LIMIT SCALE

* every registered test has a TIMEOUT (cmake/Testing.cmake: mbc_add_test,
  mbc_slow_test, mbc_test_timeout, mbc_test_defaults), so that a hung test
  fails instead of holding the suite;
* CMakePresets.json's test preset `default` leaves out the label `slow`
  and `full` runs every test;
* no test without the label `slow` took more than LIMIT seconds in the
  runs ctest recorded (BUILD_DIR/Testing/Temporary/CTestCostData.txt; not
  checked before any run, nor in a sanitizer build, SCALE > 1, whose times
  say nothing about a plain build's). A shared machine's load inflates
  these times several times over, so they fail the test only with
  MBC_STRICT_TEST_TIMES=1 in the environment (.ci/run, on a machine of its
  own, after the full preset); otherwise they are listed as notes.

Each problem is one line naming the test and the rule; status 1 if any.
First the check runs on a scratch test tree with one problem of each kind
and must find exactly those.
"""
import json
import os
import subprocess
import sys
import tempfile


def check(ctest, build, source, limit, scale, strict):
    """(problems, notes, what was checked) for the tests of BUILD."""
    problems, notes, said = [], [], []
    listing = subprocess.run([ctest, "--show-only=json-v1", "--test-dir", build],
                             capture_output=True, text=True, check=True)
    tests = {}
    for test in json.loads(listing.stdout)["tests"]:
        props = {p["name"]: p["value"] for p in test.get("properties", [])}
        tests[test["name"]] = props
        if not props.get("TIMEOUT"):
            problems.append("%s: no TIMEOUT (every test needs one: mbc_add_test, "
                            "mbc_slow_test, mbc_test_timeout or mbc_test_defaults() in its "
                            "directory, cmake/Testing.cmake)" % test["name"])
    said.append("%d tests" % len(tests))

    with open(os.path.join(source, "CMakePresets.json")) as f:
        presets = {p["name"]: p for p in json.load(f)["testPresets"]}
    default = presets.get("default", {}).get("filter", {})
    if default.get("exclude", {}).get("label") != "slow" or "include" in default:
        problems.append("CMakePresets.json: the test preset 'default' must leave out exactly "
                        "the label slow (filter.exclude.label = \"slow\")")
    if "full" not in presets or "filter" in presets["full"] or "inherits" in presets["full"]:
        problems.append("CMakePresets.json: the test preset 'full' must run every test (no "
                        "filter, nothing inherited)")

    costs = os.path.join(build, "Testing", "Temporary", "CTestCostData.txt")
    if scale > 1:
        said.append("a sanitizer build (TIMEOUT scale %d): test times not checked" % scale)
        return problems, notes, said
    if not os.path.exists(costs):
        said.append("no test times recorded yet: times not checked")
        return problems, notes, said
    checked = 0
    with open(costs) as f:
        for line in f:
            if line.startswith("---"):  # the failed tests follow
                break
            fields = line.split()
            if len(fields) != 3 or fields[0] not in tests:
                continue
            name, seconds = fields[0], float(fields[2])
            checked += 1
            if "slow" not in tests[name].get("LABELS", []) and seconds > limit:
                (problems if strict else notes).append(
                    "%s: took %.1f s (ctest's record), more than the %g s a test without the "
                    "label slow may take: label it (mbc_slow_test, or SLOW in mbc_add_test) "
                    "and keep a quick test of the same product in the default preset"
                    % (name, seconds, limit))
    said.append("%d recorded times against %g s (%s)"
                % (checked, limit, "failing" if strict else
                   "notes only; MBC_STRICT_TEST_TIMES=1 fails on them"))
    return problems, notes, said


def self_test(ctest):
    """The check on a scratch tree: test b has no TIMEOUT, a (unlabeled)
    took 50 s, c (slow) too, d is fine; the presets filter the wrong label."""
    with tempfile.TemporaryDirectory(prefix="mbc-ctest-policy-") as tmp:
        with open(os.path.join(tmp, "CTestTestfile.cmake"), "w") as f:
            f.write("add_test([=[a]=] \"/bin/true\")\n"
                    "set_tests_properties([=[a]=] PROPERTIES TIMEOUT 10)\n"
                    "add_test([=[b]=] \"/bin/true\")\n"
                    "add_test([=[c]=] \"/bin/true\")\n"
                    "set_tests_properties([=[c]=] PROPERTIES TIMEOUT 10 LABELS \"x;slow\")\n"
                    "add_test([=[d]=] \"/bin/true\")\n"
                    "set_tests_properties([=[d]=] PROPERTIES TIMEOUT 10 LABELS x)\n")
        os.makedirs(os.path.join(tmp, "Testing", "Temporary"))
        with open(os.path.join(tmp, "Testing", "Temporary", "CTestCostData.txt"), "w") as f:
            f.write("a 3 50.0\nb 1 0.1\nc 2 50.0\nd 1 29.0\ngone 1 99.0\n---\na\n")
        with open(os.path.join(tmp, "CMakePresets.json"), "w") as f:
            json.dump({"testPresets": [{"name": "default", "filter": {"exclude": {"label": "x"}}},
                                       {"name": "full", "inherits": "default"}]}, f)
        strict = check(ctest, tmp, tmp, 30, 1, True)[0]
        loose, notes, _ = check(ctest, tmp, tmp, 30, 1, False)
        scaled = check(ctest, tmp, tmp, 30, 4, True)[0]
    def kinds(found):
        """Each problem as SUBJECT/KIND."""
        kind = lambda p: next(k for k in ("no TIMEOUT", "took", "'default'", "'full'", "")
                              if k in p)
        return sorted(p.split(": ")[0] + "/" + kind(p) for p in found)
    want = ["CMakePresets.json/'default'", "CMakePresets.json/'full'", "b/no TIMEOUT"]
    failures = []
    if kinds(strict) != sorted(want + ["a/took"]):
        failures.append("strict: %r" % strict)
    if kinds(loose) != want or kinds(notes) != ["a/took"]:
        failures.append("notes: %r %r" % (loose, notes))
    if kinds(scaled) != want:
        failures.append("sanitizer build: %r" % scaled)
    return failures


def main():
    ctest, build, source, limit, scale = sys.argv[1:6]
    failures = self_test(ctest)
    for f in failures:
        print("the check itself, on a scratch tree: " + f)
    if failures:
        return 1
    strict = os.environ.get("MBC_STRICT_TEST_TIMES") == "1"
    problems, notes, said = check(ctest, build, source, float(limit), int(scale), strict)
    print("; ".join(said))
    for n in notes:
        print("note: " + n)
    for p in problems:
        print(p)
    return 1 if problems else 0


sys.exit(main())
