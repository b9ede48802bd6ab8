# SPDX-License-Identifier: BSD-3-Clause
"""Out of memory: every entry point of the module raises MemoryError, and
nothing else, when an allocation fails, whichever it is.

CPython's own injector (_testcapi.set_nomemory(N): the N-th allocation of
the PyMem/PyObject allocators after the call fails, and every later one;
Python objects, numpy array objects, the module's PyMem workspaces) runs
each entry point with N = 0, 1, 2, ... until it succeeds: each run before
must end in MemoryError (not SystemError, not another exception, not a
crash), and the run after removing the injector must give the result of a
clean run. Each entry point runs in its own interpreter (a crash fails its
case, not the others); the number of injection points it has is printed.
Further rounds over every point must come to a round that allocates no
Python memory block for good: a failure path that leaks an object would add
blocks in every round.
The library's own malloc() calls are outside this injector (they return
MBC_ERR_NOMEM, which the module raises as MemoryError: pymbc_raise)."""
import os
import subprocess
import sys
import textwrap

import pytest

from conftest import BINARY_DIR, SOURCE_DIR

SETUP = textwrap.dedent("""
    import math, sys, numpy as np, mbconnect, _testcapi
    rng = np.random.default_rng(3)
    N = 7
    def rigid_many(obj, r):
        pos = rng.uniform(-0.2, 0.2, size=(N, r, 3))
        return dict(position=pos, velocity=rng.uniform(-1, 1, size=(N, r, 3)))
    sphere = mbconnect.ContactSphereSphere(contactStiffness=1e5, spheresRadii=[0.3, 0.2])
    roll = mbconnect.ContactConvexRoll(coefficientsHull=[-0.1, 0, 0.5], rollLength=1.0,
                                       contactStiffness=1e4)
    cable = mbconnect.ContactFrictionCircleCable2D(numberOfContactSegments=4,
                                                   contactStiffness=1e4, circleRadius=0.3)
    joint = mbconnect.JointALEMoving2D(slidingMarkerNumbers=[7, 8],
                                       slidingMarkerOffsets=[0.0, 1.5])
    m = lambda p: {"position": p, "velocity": [0, 0, 0]}
    points = np.zeros((N, 5, 2)); points[:, :, 0] = np.linspace(0, 2, 5)
    cable_many = dict(rigid_many(cable, 1), cablePoints=points, cableLength=2.0)
    element_many = dict(rigid_many(cable, 1), cableQ=np.tile([0, 0, 1, 0, 2, 0, 1, 0.], (N, 1)),
                        cableLength=2.0, segments=4)
    q = [[0, 0, 1, 0, 1.5, 0, 1, 0], [1.5, 0, 1, 0, 3, 0, 1, 0]]
    joint_many = dict(rigid_many(joint, 1), cablesQ=np.tile(q, (N, 1, 1)),
                      cableLengths=[1.5, 1.5], ale=np.tile([0.7, 0.1], (N, 1)),
                      lagrangeMultipliers=np.ones((N, 2)))
    joint_one = dict(markers=[m([0.7, 0, 0])], ale={"q": 0.7, "q_t": 0.1}, data=[0],
                     cables=[{"q": q[0], "length": 1.5}, {"q": q[1], "length": 1.5}])
    out = sphere.evaluate_many(**rigid_many(sphere, 2))
    bad = rigid_many(sphere, 2); bad["position"][3, 1, 0] = math.nan
""")

# name: (the call, the exception a clean run raises or None)
CASES = {
    "new object": ("mbconnect.ContactSphereSphere(contactStiffness=1e5, spheresRadii=[1, 2])",
                   None),
    "set parameter": ("setattr(sphere, 'spheresRadii', [0.3, 0.25])", None),
    "set wrong type": ("setattr(sphere, 'spheresRadii', [None, 1])", TypeError),
    "describe": ("mbconnect.ContactFrictionCircleCable2D.describe()", None),
    "repr, validate, parameters": ("(repr(roll), roll.validate(), roll.parameters(), "
                                   "roll.initial_data, roll.output_sizes)", None),
    "evaluate sphere": ("sphere.evaluate(markers=[m([0, 0, 0]), m([0.45, 0, 0])])", None),
    "evaluate roll": ("roll.evaluate(markers=[m([0, 0, 0]), m([0, 0, 0.45])])", None),
    "evaluate cable": ("cable.evaluate(markers=[m([0.7, 0.25, 0]), {'points': list(points[0]."
                       "ravel()), 'length': 2.0}])", None),
    "evaluate joint": ("joint.evaluate(**joint_one)", None),
    "evaluate NaN": ("sphere.evaluate(markers=[m([0, 0, math.nan]), m([0.45, 0, 0])])",
                     ValueError),
    "evaluate_many sphere": ("sphere.evaluate_many(**rigid_many(sphere, 2), postNewtonStep=True)",
                             None),
    "evaluate_many out=": ("sphere.evaluate_many(**rigid_many(sphere, 2), out=out)", None),
    "evaluate_many roll": ("roll.evaluate_many(**rigid_many(roll, 2), postNewtonStep=True)", None),
    "evaluate_many cable points": ("cable.evaluate_many(**cable_many, postNewtonStep=True)", None),
    "evaluate_many cable element": ("cable.evaluate_many(**element_many)", None),
    "evaluate_many joint": ("joint.evaluate_many(**joint_many, postNewtonStep=True)", None),
    "evaluate_many NaN": ("sphere.evaluate_many(**bad)", ValueError),
    "evaluate_case": (f"mbconnect.evaluate_case({str(SOURCE_DIR / 'examples/cases/circle_cable_points.lua')!r})",
                      None),
    "evaluate_case text": (f"mbconnect.evaluate_case({str(SOURCE_DIR / 'examples/cases/sphere_sphere_eapm.lua')!r}, text=True)",
                           None),
    "load_plugin": (f"mbconnect.load_plugin({str(BINARY_DIR / 'lib/libmbc_test_circles_plugin.so')!r})",
                    None),
}

DRIVER = textwrap.dedent("""
    call = lambda: {call}
    expected = {expected}
    def attempt(start):
        _testcapi.set_nomemory(start)
        try:
            call()
        except BaseException as e:
            _testcapi.remove_mem_hooks()
            return e
        _testcapi.remove_mem_hooks()
        return None
    def every_point():
        for start in range(100000):
            e = attempt(start)
            if isinstance(e, MemoryError):
                continue
            if type(e) is not expected and not (e is None and expected is type(None)):
                print("WRONG", start, type(e).__name__, e)
                sys.exit(3)
            return start
    found = every_point()
    # nothing leaks on the failure paths: further rounds over every point
    # reach a round that adds no Python memory block but the one number kept
    # per round (caches of the interpreter fill in the first rounds; a leak
    # adds blocks in every round)
    import gc
    gc.collect()
    blocks = [0] * 30
    blocks[0] = sys.getallocatedblocks()
    r = 0
    for r in range(1, {rounds}):
        every_point()
        gc.collect()
        blocks[r] = sys.getallocatedblocks()
        if blocks[r] - blocks[r - 1] <= 1:
            break
    print("POINTS", found, "BLOCKS", [b - blocks[0] for b in blocks[:r + 1]])
""")


@pytest.mark.parametrize("name", list(CASES))
def test_memory_error_at_every_allocation(name):
    call, expected = CASES[name]
    script = SETUP + DRIVER.format(call=call, expected=expected.__name__ if expected else
                                   "type(None)",
                                   rounds=1 if name == "load_plugin" else 30)  # loads once
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=os.environ.get("PYTHONPATH", "")),
                         timeout=600)
    assert run.returncode == 0, (name, run.returncode, run.stdout[-2000:], run.stderr[-2000:])
    points = int(run.stdout.split("POINTS")[1].split()[0])
    blocks = eval(run.stdout.split("BLOCKS")[1])
    print(f"{name}: {points} injection points; Python memory blocks added by rounds: {blocks}")
    assert points >= 1, "the entry point must allocate"
    assert name == "load_plugin" or blocks[-1] - blocks[-2] <= 1, "a failure path leaks"
