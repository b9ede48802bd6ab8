# SPDX-License-Identifier: BSD-3-Clause
"""`mbc simulate` errors: one line naming file, line, item and field, the rule
and the value given; exit status 2 for a scene error, 1 for a failed run; no
result file left behind. Expected lines are written by hand from the scene
files in tests/simulate/errors/."""
import os
import subprocess
import tempfile

import pytest

MBC = os.environ.get("MBC", "build/bin/mbc")
D = "tests/simulate/errors"

CASES = {
    "bad_mass": (2, f"{D}/bad_mass.lua:4: bodies.ball.mass: must be > 0 (got -1)"),
    "unknown_key": (2, f"{D}/unknown_key.lua:4: bodies.ball: unknown key 'velocty' "
                       "(known: name, type, mass, position, velocity)"),
    "library_parameter": (2, f"{D}/library_parameter.lua:13: connectors.contact: "
                             "ContactSphereSphere.contactStiffness: must be >= 0 (UReal), got -5"),
    "marker_kind": (2, f"{D}/marker_kind.lua:12: connectors.c.markers: element 2: \"mGround\" is "
                       "a Position or Rigid marker; a CableShape marker is needed"),
    # the known types come from `mbc list`, so a type added to specs/ keeps this true
    "unknown_type": (2, f"{D}/unknown_type.lua:3: connectors.c.type: unknown connector type "
                        "'ContactBoxBox' (known: {known})"),
    "unknown_body": (2, f"{D}/unknown_body.lua:5: markers.m.body: no body or cable is called \"b\""),
    "sandbox": (2, f"{D}/sandbox.lua:1: 'io' is not available in a scene: scenes are data "
                   "(no io, os, require, dofile, load or debug)"),
    "lua_error": (1, f"{D}/lua_error.lua:7: elements.f: the load function returned nil as value 1 "
                     "at t = 0.005 (a finite number is required)"),
    "newton_fails": (1, f"{D}/newton_fails.lua: Newton did not converge at t = 0 even with step "
                        "0.0125 (solver.minStepSize = 0.01)"),
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
        p = subprocess.run([MBC, "simulate", f"{D}/{name}.lua", "--csv", out[0], "--json", out[1]],
                           capture_output=True, text=True, timeout=120)
        assert p.returncode == status
        assert p.stderr == line + "\n"
        assert p.stdout == ""
        assert os.listdir(tmp) == []


def test_usage():
    p = subprocess.run([MBC, "simulate"], capture_output=True, text=True)
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.startswith("mbc simulate: no scene file given (mbc simulate SCENE.lua)\nusage: mbc")
