# SPDX-License-Identifier: BSD-3-Clause
"""Out-of-tree types through mbconnect.load_plugin: the test plugin of
tests/plugin (examples/downstream's ContactCircleCircle2D, built with
mbconnect_add_connectors(... PLUGIN ...)) becomes a class like the built-in
types; broken plugins raise ImportError with the library's message and
change nothing; objects keep working after a failed load."""
import json
import os
import subprocess

import numpy as np
import pytest

import mbconnect
from conftest import BINARY_DIR, SOURCE_DIR

PLUGINS = BINARY_DIR / "lib"
CIRCLES = PLUGINS / "libmbc_test_circles_plugin.so"
CASE = SOURCE_DIR / "tests" / "plugin" / "circles.lua"


def test_plugin_types_are_first_class():
    before = mbconnect.types()
    sphere = mbconnect.ContactSphereSphere(contactStiffness=1e4, spheresRadii=[0.5, 0.4])
    markers = [{"position": [0, 0, 0], "velocity": [0, 0, 0]},
               {"position": [0.8, 0, 0], "velocity": [0, 0, 0]}]
    reference = sphere.evaluate(markers=markers, data=[-0.1, 0, 0, 0])

    # before loading, the case names an unknown type
    with pytest.raises(ValueError) as e:
        mbconnect.evaluate_case(CASE)
    assert "ContactCircleCircle2D" in str(e.value)

    # broken plugins: ImportError with the library's message, nothing changes
    broken = {
        PLUGINS / "no-such-plugin.so": "cannot load plugin (",
        PLUGINS / "libmbc_test_no_entry_plugin.so":
            "not an mbconnect plugin (no entry point mbc_plugin_entry)",
        PLUGINS / "libmbc_test_bad_abi_plugin.so":
            "plugin ABI version 99, this library has 3 (rebuild the plugin against this mbconnect)",
    }
    for path, message in broken.items():
        with pytest.raises(ImportError) as e:
            mbconnect.load_plugin(path)
        assert str(e.value).startswith(f"{path}: {message}"), str(e.value)
        assert mbconnect.types() == before

    assert mbconnect.load_plugin(CIRCLES) == ["ContactCircleCircle2D"]
    assert set(mbconnect.types()) == set(before) | {"ContactCircleCircle2D"}
    cls = mbconnect.ContactCircleCircle2D
    assert cls.plugin == str(CIRCLES) and mbconnect.ContactSphereSphere.plugin is None
    assert "ContactCircleCircle2D" in mbconnect.__all__
    assert cls.describe().startswith("ContactCircleCircle2D (ObjectContactCircleCircle2D)")
    assert "Penetration" in {o["name"] for o in cls.output_info}

    # the same validation as built-in types
    c = cls(circlesRadii=[0.5, 0.4], contactStiffness=1e4)
    with pytest.raises(ValueError) as e:
        c.contactStiffness = -1
    assert str(e.value) == "ContactCircleCircle2D.contactStiffness: must be >= 0 (UReal), given -1"
    assert c.contactStiffness == 1e4

    # evaluate agrees with the case header: Penetration 0.1 m, 1000 N on m1 along +x
    r = c.evaluate(markers=markers, data=[-0.1])
    assert np.allclose(r["outputs"]["Penetration"], [0.1], rtol=1e-12)
    assert np.allclose(r["forces"]["markers"][1]["force"], [1000, 0, 0], rtol=1e-12)
    assert np.allclose(r["forces"]["markers"][0]["force"], [-1000, 0, 0], rtol=1e-12)

    # evaluate_case with the plugin type equals `mbc --plugin ... eval`
    out = subprocess.run([str(BINARY_DIR / "bin" / "mbc"), "--plugin", str(CIRCLES), "eval",
                          str(CASE)], capture_output=True, text=True, check=True).stdout
    assert mbconnect.evaluate_case(CASE) == json.loads(out)

    # loading it again fails (duplicate type), and nothing is lost
    with pytest.raises(ImportError) as e:
        mbconnect.load_plugin(str(CIRCLES))
    assert str(e.value) == f"{CIRCLES}: connector type 'ContactCircleCircle2D' is already registered"
    assert mbconnect.ContactCircleCircle2D is cls
    r2 = c.evaluate(markers=markers, data=[-0.1])
    assert np.array_equal(r2["forces"]["markers"][1]["force"], r["forces"]["markers"][1]["force"])
    again = sphere.evaluate(markers=markers, data=[-0.1, 0, 0, 0])
    assert np.array_equal(again["outputs"]["Force"], reference["outputs"]["Force"])

    # plugin types take part in batches like built-in ones
    pos = np.array([[[0, 0, 0], [0.8, 0, 0]], [[0, 0, 0], [0.85, 0, 0]]], dtype=float)
    many = c.evaluate_many(pos, np.zeros_like(pos), data=[-0.1])
    assert np.allclose(many["outputs"]["Penetration"][:, 0], [0.1, 0.05])


def test_path_types():
    with pytest.raises(TypeError):
        mbconnect.load_plugin(3)
    with pytest.raises(ImportError):
        mbconnect.load_plugin(os.fsencode(PLUGINS / "no-such-plugin.so"))


def test_plugin_by_name(monkeypatch):
    """load_plugin(name) looks the name up as mbc --plugin does (the C
    library's rule, mbconnect/plugin.h): on $MBC_PLUGIN_PATH, then the
    installed plugin directory; a name found nowhere is one line naming
    the directories searched."""
    monkeypatch.setenv("MBC_PLUGIN_PATH", f"/nonexistent::{PLUGINS}")
    path = mbconnect._core.plugin_search_path()
    assert path.startswith(f"/nonexistent:{PLUGINS}:/") and path.endswith("/mbconnect/plugins")
    assert path.count(":") == 2
    with pytest.raises(ImportError) as e:
        mbconnect.load_plugin("no_such_plugin")
    assert str(e.value) == (f"no_such_plugin: cannot load plugin (not in the plugin search path "
                            f"{path}; the dynamic loader: cannot open shared object file: No "
                            f"such file or directory)")
    # the ABI 2 test plugin by its target's name: PLUGINS/libmbc_test_abi2_plugin.so
    assert mbconnect.load_plugin("mbc_test_abi2_plugin") == ["OldPairSpring"]
    assert mbconnect.OldPairSpring.plugin == str(PLUGINS / "libmbc_test_abi2_plugin.so")

    # the unknown-type message names load_plugin and the search path
    with pytest.raises(AttributeError) as e:
        mbconnect.NoSuchType  # noqa: B018
    assert str(e.value).endswith("; a type from a plugin needs mbconnect.load_plugin(PLUGIN) "
                                 f"first (plugin search path: {path})")
