# SPDX-License-Identifier: BSD-3-Clause
"""`mbc simulate` errors: one line naming file, line, item and field, the rule
and the value given; exit status 2 for a scene error, 1 for a failed run; no
result file left behind. Expected lines are written by hand from the scene
files in tests/simulate/errors/."""
import json
import os
import signal
import subprocess
import tempfile
import time

import pytest

MBC = os.environ.get("MBC", "build/bin/mbc")
D = "tests/simulate/errors"

CASES = {
    "bad_mass": (2, f"{D}/bad_mass.lua:4: bodies.ball.mass: must be > 0 (given -1)"),
    "unknown_key": (2, f"{D}/unknown_key.lua:4: bodies.ball: unknown key 'velocty' "
                       "(did you mean 'velocity'? allowed: name, type, mass, position, velocity)"),
    # a misspelled parameter of the connector's type: the one it most likely means
    "unknown_parameter": (2, f"{D}/unknown_parameter.lua:13: connectors.contact: unknown key "
                             "'contactStifness' (did you mean 'contactStiffness'? allowed: name, "
                             "type, markers, aleNode and the parameters of the type)"),
    "library_parameter": (2, f"{D}/library_parameter.lua:13: connectors.contact: "
                             "ContactSphereSphere.contactStiffness: must be >= 0 (UReal), given -5"),
    "marker_kind": (2, f"{D}/marker_kind.lua:12: connectors.c.markers: element 2: \"mGround\" is "
                       "a Position or Rigid marker; a CableShape marker is needed"),
    # the known types come from `mbc list`, so a type added to specs/ keeps this true
    "unknown_type": (2, f"{D}/unknown_type.lua:3: connectors.c.type: unknown connector type "
                        "'ContactBoxBox' (known: {known}); a type from a plugin needs mbc "
                        "--plugin PLUGIN (plugin search path: /scene/plugins:{installed})"),
    "unknown_body": (2, f"{D}/unknown_body.lua:5: markers.m.body: no body or cable is called \"b\""),
    "sandbox": (2, f"{D}/sandbox.lua:1: 'io' is not available in a scene: scenes are data "
                   "(no io, os, require, dofile, load or debug)"),
    "lua_error": (1, f"{D}/lua_error.lua:7: elements.f: the load function returned nil as value 1 "
                     "at t = 0.005 (a finite number is required)"),
    "newton_fails": (1, f"{D}/newton_fails.lua: Newton did not converge at t = 0 even with step "
                        "0.01 (solver.minStepSize = 0.01)"),
    "too_long": (2, f"{D}/too_long.lua:4: solver.endTime: the run would take 1e+12 steps of "
                    "stepSize = 0.001 (at most 1e9)"),
    "min_step": (2, f"{D}/min_step.lua:3: solver.minStepSize: must be <= stepSize (given 0.01 > 0.001)"),
    "prescribed_material": (2, f"{D}/prescribed_material.lua:5: bodies.rail: unknown key "
                               "'massPerLength' (allowed: name, type, nodes, from, to, elements, "
                               "lengths)"),
    # the table reader's forms (sandbox/reader.h), as for case and spec files
    "missing_key": (2, f"{D}/missing_key.lua:3: bodies.ball.mass: missing"),
    "wrong_type": (2, f"{D}/wrong_type.lua:5: bodies.ball.velocity: must be a list of 2 numbers "
                      "(given 'fast')"),
    "not_finite": (2, f"{D}/not_finite.lua:4: bodies.ball.position[2]: must be finite (given inf)"),
    "unknown_scene_key": (2, f"{D}/unknown_scene_key.lua:3: scene: unknown key 'bodys' (did you "
                             "mean 'bodies'? allowed: gravity, solver, bodies, markers, elements, "
                             "connectors, sensors)"),
    "key_not_a_name": (2, f"{D}/key_not_a_name.lua:3: bodies.ball: unknown key 1 (allowed: name, "
                          "type, position)"),
    "entry_not_a_table": (2, f"{D}/entry_not_a_table.lua:2: bodies[2]: must be a table "
                             "(given 'ball')"),
    # a scene function's error() and the sandbox's memory limit: scene errors while
    # loading (status 2), a failed Lua function during the run (status 1)
    "scene_function_error": (2, f"{D}/scene_function_error.lua:3: give --set n=N"),
    "scene_memory_limit": (2, f"{D}/scene_memory_limit.lua: not enough memory (a scene may use "
                              "at most 64 MiB)"),
    "run_memory_limit": (1, f"{D}/run_memory_limit.lua:6: elements.f: the load function: not "
                            "enough memory (a scene may use at most 64 MiB)"),
}


def known_types():
    out = subprocess.run([MBC, "list"], capture_output=True, text=True, check=True).stdout
    return ", ".join(line.split()[0] for line in out.splitlines()[1:])


@pytest.mark.parametrize("name", sorted(CASES))
def test_error_line(name):
    status, line = CASES[name]
    line = line.replace("{known}", known_types())
    with tempfile.TemporaryDirectory() as tmp:
        out = [os.path.join(tmp, f) for f in ("r.csv", "r.json", "r.png")]
        env = dict(os.environ, MBC_PLUGIN_PATH="/scene/plugins")
        p = subprocess.run([MBC, "simulate", f"{D}/{name}.lua", "--csv", out[0], "--json", out[1]],
                           capture_output=True, text=True, timeout=120, env=env)
        assert p.returncode == status
        if "{installed}" in line:  # the installed plugin directory: the build's prefix
            head, tail = line.split("{installed}")
            assert p.stderr.startswith(head) and p.stderr.endswith(tail + "\n")
            assert "\n" not in p.stderr[len(head):-len(tail) - 1]
        else:
            assert p.stderr == line + "\n"
        assert p.stdout == ""
        assert os.listdir(tmp) == []


# ------------------------------------------------------------ interruptions
@pytest.mark.parametrize("sig,status,word,csv", [
    (signal.SIGINT, 130, "interrupted (SIGINT)", True),
    (signal.SIGTERM, 143, "terminated (SIGTERM)", True),
    (signal.SIGINT, 130, "interrupted (SIGINT)", False)])  # the plot's own CSV
def test_signal_removes_temporary_files(sig, status, word, csv):
    with tempfile.TemporaryDirectory() as tmp:
        args = [MBC, "simulate", "examples/scenes/hanging_cable.lua", "--set", "n=200",
                "--set", "steps=1000000", "--json", os.path.join(tmp, "r.json"),
                "--plot", os.path.join(tmp, "r.svg")] + (["--csv", os.path.join(tmp, "r.csv")] if csv else [])
        p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.time() + 60
        while time.time() < deadline and not any(".tmp" in f for f in os.listdir(tmp)):
            time.sleep(0.05)
        assert any(".tmp" in f for f in os.listdir(tmp)), "the run never started writing"
        time.sleep(0.3)  # rows are being written
        p.send_signal(sig)
        out, err = p.communicate(timeout=60)
        assert p.returncode == status
        assert err == f"mbc simulate: {word}; temporary files removed\n"
        assert out == ""
        assert os.listdir(tmp) == []


# --------------------------------------------------------------- CSV size
def test_csv_over_the_limit_is_refused_before_writing():
    with tempfile.TemporaryDirectory() as tmp:
        csv = os.path.join(tmp, "r.csv")
        # restitution.lua: 0.012 s in steps of 2e-5 (every step a row), 7 values a row
        p = subprocess.run([MBC, "simulate", "examples/scenes/restitution.lua", "--csv", csv,
                            "--csv-limit", "50k"], capture_output=True, text=True)
        assert p.returncode == 2 and p.stdout == "" and os.listdir(tmp) == []
        rows, columns = 0.012 / 2e-5 + 2, 7
        lines = p.stderr.splitlines()
        assert len(lines) == 1 and "--csv-limit SIZE" in lines[0], p.stderr
        assert lines[0].startswith("examples/scenes/restitution.lua: the CSV would hold about ")
        assert f"({rows:.0f} rows of {columns} values from solver.endTime = 0.012 and " \
               "solver.outputStep = 2e-05)" in lines[0]
        # the estimate is not below what the run writes
        p = subprocess.run([MBC, "simulate", "examples/scenes/restitution.lua", "--csv", csv,
                            "--csv-limit", "1M", "--quiet"], capture_output=True, text=True)
        assert p.returncode == 0, p.stderr
        estimate = float(lines[0].split("about ")[1].split(" GB")[0]) * 1e9
        size = os.path.getsize(csv)
        assert size <= estimate <= 3 * size


def test_csv_limit_applies_to_the_default_and_can_be_lifted():
    scene = "examples/scenes/eapm_cycle.lua"  # 6 s in steps of 1e-4
    with tempfile.TemporaryDirectory() as tmp:
        csv = os.path.join(tmp, "r.csv")
        # a limit below the estimate refuses; without a CSV no limit applies
        p = subprocess.run([MBC, "simulate", scene, "--csv", csv, "--csv-limit", "1k"],
                           capture_output=True, text=True)
        assert p.returncode == 2 and "--csv-limit" in p.stderr and os.listdir(tmp) == []
        p = subprocess.run([MBC, "simulate", scene, "--json", os.path.join(tmp, "r.json"),
                            "--csv-limit", "1k"], capture_output=True, text=True)
        assert p.returncode == 0, "no CSV written: no limit applies"


@pytest.mark.parametrize("value", ["1x", "-5", "G", "nan"])
def test_csv_limit_needs_a_size(value):
    p = subprocess.run([MBC, "simulate", "examples/scenes/restitution.lua", "--csv-limit", value],
                       capture_output=True, text=True)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr == ("mbc simulate: --csv-limit expects a size such as 500M, 4G or none, "
                        f"given '{value}'\n")
