# SPDX-License-Identifier: BSD-3-Clause
"""mbconnect.evaluate_case(path) is `mbc eval` as a function: for every case
in examples/cases the dict equals the JSON `mbc eval` prints (parsed
independently here), the text form is byte-identical, and a case that
cannot be evaluated raises ValueError with `mbc eval`'s one-line message."""
import json
import subprocess

import pytest

import mbconnect
from conftest import SOURCE_DIR

CASES = sorted((SOURCE_DIR / "examples" / "cases").glob("*.lua"))


def mbc_eval(binary_dir, case):
    return subprocess.run([str(binary_dir / "bin" / "mbc"), "eval", str(case)],
                          capture_output=True, text=True)


def test_there_are_cases():
    assert len(CASES) >= 10


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_evaluate_case_equals_mbc_eval(case, binary_dir):
    out = mbc_eval(binary_dir, case)
    assert out.returncode == 0, out.stderr
    assert mbconnect.evaluate_case(case) == json.loads(out.stdout)
    assert mbconnect.evaluate_case(str(case), text=True) == out.stdout


BAD = {
    "unknown_type.lua": 'return { object = "NoSuchType", markers = {} }',
    "bad_value.lua": ('return { object = "ContactSphereSphere", parameters = '
                      '{ contactStiffness = -1 }, markers = {} }'),
    "bad_marker.lua": ('return { object = "ContactSphereSphere", parameters = '
                       '{ spheresRadii = {0.5, 0.5} }, markers = { { position = {0, 0}, '
                       'velocity = {0, 0, 0} }, { position = {1, 0, 0}, velocity = {0, 0, 0} } } }'),
    "syntax.lua": "return {",
    "loop.lua": "while true do end",
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_errors_are_mbc_eval_messages(name, tmp_path, binary_dir):
    case = tmp_path / name
    case.write_text(BAD[name])
    out = mbc_eval(binary_dir, case)
    assert out.returncode == 2 and out.stdout == ""
    with pytest.raises(ValueError) as e:
        mbconnect.evaluate_case(case)
    assert str(e.value) + "\n" == out.stderr.removeprefix("mbc: ")
    assert "\n" not in str(e.value)


def test_missing_file(tmp_path):
    with pytest.raises(ValueError) as e:
        mbconnect.evaluate_case(tmp_path / "none.lua")
    assert str(e.value).startswith(str(tmp_path / "none.lua") + ":")


def test_version_is_the_tools_version(binary_dir):
    """mbconnect.__version__, `mbc --version` and `mbcgen --version` print the
    one version of the CMake project (docs/versioning.rst)."""
    for tool in ("mbc", "mbcgen"):
        out = subprocess.run([str(binary_dir / "bin" / tool), "--version"],
                             capture_output=True, text=True, check=True)
        assert out.stdout.split() == [tool, mbconnect.__version__]
    project = (SOURCE_DIR / "CMakeLists.txt").read_text()
    assert f"VERSION {mbconnect.__version__} " in project


def test_wrong_argument_types(tmp_path):
    """None and other wrong types: TypeError naming the type given."""
    case = CASES[0]
    with pytest.raises(TypeError):
        mbconnect.evaluate_case(None)
    with pytest.raises(TypeError) as e:
        mbconnect.evaluate_case(case, text="yes")
    assert str(e.value) == "text: must be True or False (given str)"
    with pytest.raises(TypeError) as e:
        mbconnect.evaluate_case(case, text=None)
    assert str(e.value) == "text: must be True or False (given NoneType)"
    assert isinstance(mbconnect.evaluate_case(case, text=False), dict)
