# SPDX-License-Identifier: BSD-3-Clause
"""`mbc simulate` as a command: --help, usage errors, --list (text and JSON,
checked against the keys the scene reader accepts) and --plot in each
format with its labels. Run by ctest with MBC = the mbc executable."""
import json
import os
import re
import shutil
import subprocess
import tempfile

import pytest

MBC = os.environ.get("MBC", "build/bin/mbc")
OPTIONS = ["--csv", "--json", "--plot", "--set", "--csv-limit", "--quiet", "--list", "--help"]


def run(*args):
    return subprocess.run([MBC, "simulate", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_on_stdout(flag):
    p = run(flag)
    assert p.returncode == 0 and p.stderr == ""
    assert p.stdout.startswith("usage: mbc simulate SCENE.lua [options]\n")
    for option in OPTIONS:
        assert option in p.stdout
    assert run("examples/scenes/restitution.lua", flag).stdout == p.stdout  # anywhere


HELP = "(mbc simulate --help shows the usage)"


@pytest.mark.parametrize("args,line", [
    (["--frobnicate"], "mbc simulate: unknown option '--frobnicate' (options go after `simulate`, "
                       "--plugin before it; mbc simulate --help shows the usage)"),
    ([], f"mbc simulate: no scene file given {HELP}"),
    (["x.lua", "--csv"], f"mbc simulate: --csv needs a value {HELP}"),
    (["x.lua", "y.lua"], f"mbc simulate: more than one scene file: 'y.lua' {HELP}"),
    (["x.lua", "--set", "n"], "mbc simulate: --set expects NAME=VALUE, given 'n'"),
    (["x.lua", "--json", "a", "--json", "b"], f"mbc simulate: --json is given twice {HELP}"),
    (["x.lua", "--csv", "a", "--json", "a"], f"mbc simulate: two result options name the same file {HELP}"),
    (["--list", "--csv", "a"], "mbc simulate: --list takes only --json, not '--csv'"),
    (["x.lua", "--plot", "r.jpg"], "mbc simulate: --plot r.jpg: unknown format '.jpg' (the "
                                   "extension chooses it: .png, .svg or .pdf)"),
    (["x.lua", "--plot", "r"], "mbc simulate: --plot r: unknown format 'no extension' (the "
                               "extension chooses it: .png, .svg or .pdf)"),
])
def test_usage_errors(args, line):
    with tempfile.TemporaryDirectory() as tmp:
        p = subprocess.run([MBC, "simulate", *args], capture_output=True, text=True, cwd=tmp)
        assert p.returncode == 2 and p.stdout == ""
        assert p.stderr == line + "\n"  # one line
        assert os.listdir(tmp) == []


# ----------------------------------------------------------------- --list
def catalog():
    p = run("--list", "--json")
    assert p.returncode == 0 and p.stderr == ""
    return json.loads(p.stdout)


def test_list_names_every_item_type():
    d = catalog()
    assert set(d) == {"scene", "solver", "bodies", "markers", "elements", "connectors", "sensors"}
    assert [t["type"] for t in d["bodies"]] == [
        "Ground", "MassPoint2D", "MassPoint3D", "RigidBody2D", "RigidBody3D", "Cable2D",
        "Cable2DPrescribed", "ALENode"]
    assert [t["type"] for t in d["sensors"]] == ["Body", "Connector", "Element", "Energy"]
    listed = subprocess.run([MBC, "list"], capture_output=True, text=True, check=True).stdout
    registry = [line.split()[0] for line in listed.splitlines()[1:]]
    assert [t["type"] for t in d["connectors"]] == registry
    text = run("--list").stdout
    for group in d.values():
        for t in group:
            assert re.search(rf"^  {t['type']}\b", text, re.M), t["type"]


def unknown_key_message(item_list, item):
    """The reader's 'allowed:' list for an item with one unknown key."""
    with tempfile.TemporaryDirectory() as tmp:
        scene = os.path.join(tmp, "s.lua")
        with open(scene, "w") as f:
            f.write("return { bodies = { {name = 'b', type = 'MassPoint3D', mass = 1},"
                    " {name = 'c', type = 'Cable2D', from = {0, 0}, to = {1, 0}, elements = 1,"
                    " massPerLength = 1, axialStiffness = 1} },"
                    " markers = { {name = 'm', type = 'Position', body = 'b'} },"
                    f" {item_list} = {{ {item} }} }}\n")
        p = subprocess.run([MBC, "simulate", scene], capture_output=True, text=True)
        assert p.returncode == 2
        return p.stderr.split("(allowed: ")[1].split(")")[0]


@pytest.mark.parametrize("item_list", ["bodies", "markers", "elements", "sensors"])
def test_list_keys_are_the_keys_the_reader_accepts(item_list):
    # the list under test replaces the scene's own list of that name
    for t in catalog()[item_list]:
        keys = ", ".join(k["name"] for k in t["keys"])
        item = f"{{name = 'x', type = '{t['type']}', zzz = 1}}"
        assert unknown_key_message(item_list, item) == keys, t["type"]


def test_list_connector_keys_include_the_parameters():
    d = catalog()
    sphere = next(t for t in d["connectors"] if t["type"] == "ContactSphereSphere")
    names = [k["name"] for k in sphere["keys"]]
    assert names[:4] == ["name", "type", "markers", "aleNode"]
    assert "contactStiffness" in names and "spheresRadii" in names


# ------------------------------------------------------------------ plots
MAGIC = {"png": b"\x89PNG\r\n\x1a\n", "svg": b"<?xml", "pdf": b"%PDF-"}


@pytest.mark.parametrize("ext", ["png", "svg", "pdf", "SVG"])
def test_plot_format_follows_the_extension(ext):
    if shutil.which("gnuplot") is None:
        pytest.skip("gnuplot not installed (apt-get install -y gnuplot-nox)")
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, f"r.{ext}")
        p = run("examples/scenes/restitution.lua", "--quiet", "--plot", out)
        assert p.returncode == 0, p.stderr
        assert open(out, "rb").read(5) == MAGIC[ext.lower()][:5]
        assert os.listdir(tmp) == [f"r.{ext}"]  # the CSV gnuplot read is gone


def svg_texts(scene, *sets):
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "r.svg")
        args = [scene, "--quiet", "--plot", out]
        for s in sets:
            args += ["--set", s]
        p = run(*args)
        assert p.returncode == 0, p.stderr
        return re.findall(r"<text>([^<]*)</text>", open(out).read())


def test_plot_labels_units_and_components():
    if shutil.which("gnuplot") is None:
        pytest.skip("gnuplot not installed (apt-get install -y gnuplot-nox)")
    texts = svg_texts("examples/scenes/restitution.lua")
    assert texts.count("time [s]") == 2  # one per panel
    assert "vLeft [m/s]" in texts and "vRight [m/s]" in texts
    assert {"x", "y", "z"} <= set(texts)
    assert not any("[0]" in t for t in texts)  # no vLeft[0] legends
    ticks = [t for t in texts if re.fullmatch(r" ?-?[0-9.e+-]+", t)]
    assert len(ticks) <= 2 * (7 + 7)  # at most about six ticks per axis and panel
    texts = svg_texts("examples/scenes/cantilever_roll.lua", "endTime=0.05")
    assert "springY [N]" in texts and "beamAtA [m]" in texts and "force" in texts
    texts = svg_texts("examples/scenes/rigid_spin.lua")
    assert "omega [rad/s]" in texts and "A [-]" in texts and "A11" in texts and "A33" in texts
    assert "wheel [m, rad]" in texts and "phi" in texts


def test_result_to_a_pipe_is_written_in_place():
    # a path that is not a regular file (a pipe, /dev/null, /dev/stdout) is
    # written directly: renaming a temporary file onto it would replace it
    import stat
    import threading
    with tempfile.TemporaryDirectory() as tmp:
        fifo = os.path.join(tmp, "summary")
        os.mkfifo(fifo)
        got = []
        reader = threading.Thread(target=lambda: got.append(open(fifo).read()))
        reader.start()
        p = run("examples/scenes/restitution.lua", "--quiet", "--json", fifo)
        reader.join(timeout=60)
        assert p.returncode == 0, p.stderr
        assert json.loads(got[0])["sensors"]["vLeft"][0] < 0
        assert stat.S_ISFIFO(os.stat(fifo).st_mode)
        assert os.listdir(tmp) == ["summary"]


def test_summary_that_cannot_be_written_fails():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full")
    with open("/dev/full", "w") as full:
        p = subprocess.run([MBC, "simulate", "examples/scenes/restitution.lua", "--quiet"],
                           stdout=full, stderr=subprocess.PIPE, text=True)
    assert p.returncode == 1
    assert p.stderr == ("examples/scenes/restitution.lua: writing the summary to standard output "
                        "failed\n")
