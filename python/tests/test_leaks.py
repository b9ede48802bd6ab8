# SPDX-License-Identifier: BSD-3-Clause
"""No reference or memory leak on the error paths (and the good ones): each
operation runs in a long loop; afterwards the reference counts of the
objects passed in, the number of live Python objects and the memory
tracemalloc sees (every PyMem/PyObject allocation, numpy arrays included)
must not have grown. A release interpreter has no sys.gettotalrefcount,
hence these counters."""
import gc
import math
import sys
import tracemalloc

import numpy as np
import pytest

import mbconnect
from conftest import BINARY_DIR

LOOPS = 2000
CIRCLES = BINARY_DIR / "lib" / "libmbc_test_circles_plugin.so"
mbconnect.load_plugin(CIRCLES)  # for the plugin cases below


def sphere():
    return mbconnect.ContactSphereSphere(contactStiffness=1e5, spheresRadii=[0.3, 0.2])


POS = np.zeros((8, 2, 3))
POS[:, 1, 0] = 0.45
VEL = np.zeros((8, 2, 3))
BAD_NAN = POS.copy()
BAD_NAN[3, 0, 1] = math.nan
STRIDED = np.zeros((8, 2, 6))[:, :, ::2]
MARKERS = [{"position": [0, 0, 0], "velocity": [0, 0, 0]},
           {"position": [0.45, 0, 0], "velocity": [0, 0, 0]}]
OBJ = sphere()
OUT = OBJ.evaluate_many(POS, VEL)
# evaluate_many of the cable and ALE types (the same path as the sphere's)
CIRCLE = mbconnect.ContactFrictionCircleCable2D(numberOfContactSegments=4, contactStiffness=1e4,
                                                circleRadius=0.3)
CPOS = np.zeros((8, 1, 3))
CPOS[:, 0] = [0.75, 0.29, 0]
CVEL = np.zeros((8, 1, 3))
POINTS = np.zeros((8, 5, 2))
POINTS[:, :, 0] = np.linspace(0, 2, 5)
BAD_POINTS = POINTS.copy()
BAD_POINTS[5, 2, 1] = math.nan
JOINT = mbconnect.JointALEMoving2D(slidingMarkerNumbers=[7], slidingMarkerOffsets=[0])
CABLES = np.tile([0, 0, 1, 0, 1, 1, 0, 1.0], (8, 1, 1))
ALE = np.tile([0.6, 0.2], (8, 1))


def raises(f):
    def run():
        try:
            f()
        except (ValueError, TypeError, AttributeError, RuntimeError, ImportError):
            return
        raise AssertionError("expected an exception")
    return run


OPERATIONS = {
    "create and destroy": lambda: sphere(),
    "set and get": lambda: (setattr(OBJ, "spheresRadii", [0.3, 0.2]), OBJ.spheresRadii),
    "repr": lambda: repr(OBJ),
    "describe and parameters": lambda: (OBJ.describe(), OBJ.parameters(), OBJ.validate()),
    "bad value": raises(lambda: setattr(OBJ, "contactStiffness", -1)),
    "bad type": raises(lambda: setattr(OBJ, "contactStiffness", "x")),
    "bad shape": raises(lambda: setattr(OBJ, "spheresRadii", np.zeros((2, 2)))),
    "NaN parameter": raises(lambda: setattr(OBJ, "spheresRadii", [math.nan, 1])),
    "read-only": raises(lambda: setattr(mbconnect.ContactConvexRoll(), "pContact", [0, 0, 0])),
    "unknown keyword": raises(lambda: mbconnect.ContactSphereSphere(foo=1)),
    "evaluate": lambda: OBJ.evaluate(markers=MARKERS, data=[-0.05, 0, 0, 0]),
    "evaluate, NaN marker": raises(lambda: OBJ.evaluate(
        markers=[MARKERS[0], {"position": [math.nan, 0, 0], "velocity": [0, 0, 0]}])),
    "evaluate, wrong shape": raises(lambda: OBJ.evaluate(
        markers=[MARKERS[0], {"position": [0, 0], "velocity": [0, 0, 0]}])),
    "evaluate, wrong type": raises(lambda: OBJ.evaluate(markers=MARKERS, data="abcd")),
    "evaluate, unknown key": raises(lambda: OBJ.evaluate(
        markers=[MARKERS[0], dict(MARKERS[1], foo=1)])),
    "evaluate, cable type": lambda: mbconnect.ContactFrictionCircleCable2D(
        numberOfContactSegments=2, contactStiffness=1e3, circleRadius=0.5).evaluate(
        markers=[MARKERS[0], {"points": [0, 0, 1, 0, 2, 0], "length": 2}],
        data=[0.1, -0.01, -2, -2, 0, 0]),
    "evaluate_many": lambda: OBJ.evaluate_many(POS, VEL, postNewtonStep=True),
    "evaluate_many, NaN": raises(lambda: OBJ.evaluate_many(BAD_NAN, VEL)),
    "evaluate_many, wrong shape": raises(lambda: OBJ.evaluate_many(POS[:, :, :2], VEL)),
    "evaluate_many, non-contiguous": lambda: OBJ.evaluate_many(STRIDED, VEL),
    "evaluate_many, wrong type": raises(lambda: OBJ.evaluate_many("abc", VEL)),
    "evaluate_many, unknown output": raises(lambda: OBJ.evaluate_many(POS, VEL, outputs=["x"])),
    "evaluate_many, cable points": lambda: CIRCLE.evaluate_many(
        CPOS, CVEL, cablePoints=POINTS, cableLength=2.0, postNewtonStep=True),
    "evaluate_many, cable NaN": raises(lambda: CIRCLE.evaluate_many(
        CPOS, CVEL, cablePoints=BAD_POINTS, cableLength=2.0)),
    "evaluate_many, cable wrong shape": raises(lambda: CIRCLE.evaluate_many(
        CPOS, CVEL, cablePoints=POINTS, cablePointVelocities=POINTS[:, :3], cableLength=2.0)),
    "evaluate_many, cable keyword not taken": raises(lambda: CIRCLE.evaluate_many(
        CPOS, CVEL, cablePoints=POINTS, cableLength=2.0, cablesQ=CABLES)),
    "evaluate_many, ALE joint": lambda: JOINT.evaluate_many(
        CPOS, CVEL, cablesQ=CABLES, cableLengths=[1.5], ale=ALE, lagrangeMultipliers=[3, -4],
        postNewtonStep=True),
    "evaluate_many, out=": lambda: OBJ.evaluate_many(POS, VEL, out=OUT),
    "evaluate_many, out= of another N": raises(lambda: OBJ.evaluate_many(POS[:4], VEL[:4], out=OUT)),
    "evaluate_many, cable element": lambda: CIRCLE.evaluate_many(
        CPOS, CVEL, cableQ=np.tile([0, 0, 1, 0, 2, 0, 1, 0.0], (8, 1)), cableLength=2.0,
        verticalOffset=0.01, segments=4),
    "evaluate_many, cable element NaN": raises(lambda: CIRCLE.evaluate_many(
        CPOS, CVEL, cableQ=np.tile([0, 0, 1, 0, 2, 0, math.nan, 0.0], (8, 1)), cableLength=2.0,
        segments=4)),
    "evaluate_many, None in a list": raises(lambda: OBJ.evaluate_many(POS, VEL, data=[0, None, 0, 0])),
    "set None": raises(lambda: setattr(OBJ, "contactStiffness", None)),
    "set a list holding None": raises(lambda: setattr(OBJ, "spheresRadii", [None, 1])),
    "evaluate, None": raises(lambda: OBJ.evaluate(markers=[MARKERS[0], None])),
    "evaluate_many, ALE joint wrong shape": raises(lambda: JOINT.evaluate_many(
        CPOS, CVEL, cablesQ=CABLES, cableLengths=[1.5], ale=ALE[:, :1])),
    "plugin, missing file": raises(lambda: mbconnect.load_plugin("/nonexistent/plugin.so")),
    "plugin, loaded twice": raises(lambda: mbconnect.load_plugin(CIRCLES)),
    "plugin type after a failed load": lambda: (
        raises(lambda: mbconnect.load_plugin(CIRCLES))(),
        mbconnect.ContactCircleCircle2D(circlesRadii=[0.5, 0.4], contactStiffness=1e4).evaluate(
            markers=MARKERS, data=[-0.1])),
    "invalid object": raises(lambda: mbconnect.ContactSphereSphere(
        markerNumbers=[-1, -1]).evaluate(markers=MARKERS)),
}


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_no_leak(name):
    op = OPERATIONS[name]
    watched = [POS, VEL, BAD_NAN, STRIDED, MARKERS, MARKERS[0], OBJ, mbconnect.ContactSphereSphere,
               mbconnect.Connector, CPOS, POINTS, BAD_POINTS, CABLES, ALE, CIRCLE, JOINT, OUT,
               OUT["force"]]
    for _ in range(50):  # warm-up: caches, interned strings
        op()
    gc.collect()
    refs = [sys.getrefcount(o) for o in watched]
    objects = len(gc.get_objects())
    tracemalloc.start()
    # two equal batches: one-off allocations (numpy grows an internal buffer
    # of about 1 MB once) land in the first; a leak grows both alike. Blocks
    # are counted, not bytes: a leak adds at least one block per call.
    for _ in range(LOOPS):
        op()
    gc.collect()
    before = len(tracemalloc.take_snapshot().traces)
    for _ in range(LOOPS):
        op()
    gc.collect()
    grown = len(tracemalloc.take_snapshot().traces) - before
    tracemalloc.stop()
    assert [sys.getrefcount(o) for o in watched] == refs
    assert len(gc.get_objects()) - objects <= 5
    # a leak adds at least one block per call (LOOPS blocks); interpreter
    # caches (exception and traceback free lists) vary by a few hundred
    assert grown < LOOPS // 4, f"{grown} more memory blocks after {LOOPS} calls"
