# SPDX-License-Identifier: BSD-3-Clause
"""Fault injection of the Python module (tests/inject, issue 25): import,
object creation, parameters, evaluate, evaluate_many, evaluate_case and
load_plugin, with libmbc_failalloc.so failing the N-th allocation made by
mbconnect code (libmbconnect, the extension _core; not the interpreter's,
MBC_FAILALLOC_EXECUTABLE=0). Every injected run must end in MemoryError,
caught here (one line, status 71), or in the clean run's output.

Usage: python3 python_module.py BUILD_PYTHON_DIR SOURCE_DIR PLUGIN.so"""
import sys

sys.path.insert(0, sys.argv[1])
SOURCE, PLUGIN = sys.argv[2], sys.argv[3]


def run():
    import numpy as np
    import mbconnect

    sphere = mbconnect.ContactSphereSphere(contactStiffness=1e5, spheresRadii=[0.3, 0.2])
    sphere.spheresRadii = [0.3, 0.25]
    sphere.contactDamping = 10.0
    m = lambda p: {"position": p, "velocity": [0.1, 0, 0]}
    gap = [-0.05, 0, 0, 0]  # in contact at the start of the step
    one = sphere.evaluate(markers=[m([0, 0, 0]), m([0.5, 0, 0])], data=gap)
    n = 5
    pos = np.zeros((n, 2, 3))
    pos[:, 1, 0] = np.linspace(0.4, 0.6, n)
    many = sphere.evaluate_many(position=pos, velocity=np.zeros((n, 2, 3)), data=gap,
                                postNewtonStep=True)

    cable = mbconnect.ContactFrictionCircleCable2D(numberOfContactSegments=4,
                                                   contactStiffness=1e4, circleRadius=0.3)
    cable_data = cable.initial_data.copy()
    cable_data[:4] = -1  # every segment in contact at the start of the step
    points = np.zeros((n, 5, 2))
    points[:, :, 0] = np.linspace(0, 2, 5)
    cable_many = cable.evaluate_many(position=np.tile([0.7, 0.2, 0], (n, 1, 1)),
                                     velocity=np.zeros((n, 1, 3)), cablePoints=points,
                                     cableLength=2.0, data=cable_data)
    roll = mbconnect.ContactConvexRoll(coefficientsHull=[-0.1, 0, 0.5], rollLength=1.0,
                                       contactStiffness=1e4)
    roll_one = roll.evaluate(markers=[m([0, 0, 0]), m([0, 0, 0.45])])
    joint = mbconnect.JointALEMoving2D(slidingMarkerNumbers=[7, 8],
                                       slidingMarkerOffsets=[0.0, 1.5])
    q = [[0, 0, 1, 0, 1.5, 0, 1, 0], [1.5, 0, 1, 0, 3, 0, 1, 0]]
    joint_many = joint.evaluate_many(position=np.tile([0.7, 0.0, 0], (n, 1, 1)),
                                     velocity=np.zeros((n, 1, 3)), cablesQ=np.tile(q, (n, 1, 1)),
                                     cableLengths=[1.5, 1.5], ale=np.tile([0.7, 0.1], (n, 1)),
                                     lagrangeMultipliers=np.ones((n, 2)))
    # the error paths: ValueError, with the library's message
    errors = []
    for bad in (lambda: setattr(sphere, "contactStiffness", -1),
                lambda: sphere.evaluate(markers=[m([0, 0, float("nan")]), m([0.5, 0, 0])])):
        try:
            bad()
        except ValueError as e:
            errors.append(str(e))
    about = (roll.validate(), sorted(roll.parameters()), len(mbconnect.ContactSphereSphere.describe()))
    case = mbconnect.evaluate_case(SOURCE + "/examples/cases/sphere_sphere_static.lua")
    case_text = mbconnect.evaluate_case(SOURCE + "/examples/cases/ale_joint_curved.lua", text=True)
    types = mbconnect.load_plugin(PLUGIN)
    circles = mbconnect.ContactCircleCircle2D(circlesRadii=[0.5, 0.4], contactStiffness=1e4)
    circle = circles.evaluate(markers=[m([0, 0, 0]), m([0.8, 0, 0])], data=[-0.1])
    print(repr(one), repr(many["force"].tolist()), repr(cable_many["force"][:, 0].tolist()),
          repr(roll_one), repr(joint_many), errors, about, sorted(case), case_text, types,
          repr(circle), sep="\n")


try:
    run()
except MemoryError:
    print("python_module.py: out of memory", file=sys.stderr)
    sys.exit(71)
