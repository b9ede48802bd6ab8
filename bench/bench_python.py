#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""evaluate_many (Python module) against C loops, ns per state, for every
built-in type.

    PYTHONPATH=build/python /usr/bin/python3 bench/bench_python.py [N] [BUILD_DIR] [TYPE...]

For each type makes N states (default 10^5) about half of them in contact
(or, for the ALE joint, spread over both cables), with random velocities
(and rotations, angular velocities), and data consistent with each state
from PostNewtonStep:

- ContactSphereSphere: centers r0 + r1 +- 50 mm apart, friction in both
  branches, impactModel 2;
- ContactConvexRoll: a hull of three coefficients, roll axis along x,
  centers 0.45-0.55 m above a ground marker;
- ContactFrictionCircleCable2D: numberOfContactSegments = 8, a cable of 9
  points along x, a circle of r = 0.3 m 0.25-0.35 m above it (cablePoints);
- JointALEMoving2D: two ANCF cables, a point near them, Lagrange
  multipliers (its evaluation is the algebraic equations: no forces).

The states go to build/bin/mbc-bench-batch-reference (bench_batch_reference.c),
which builds them as a C solver holds them and times the type's main
evaluation over all of them (forces, or the algebraic equations) in C
loops: the typed hook, and the checked dispatch (mbc_object_forces /
mbc_object_algebraic_equations) that evaluate_many runs too, each state's
result written into one output struct (which stays in the cache) or kept
for all N in out[k] (as mbc_object_forces_many writes them, and as
evaluate_many returns them). Here
obj.evaluate_many(...) is timed on the same numpy arrays for that
evaluation alone (outputs=False), into new result arrays and into reused
ones (out=), and its numbers are checked against the C loop's checksum.
CPU time (process), best of 7 runs, and of 3 rounds of C and Python in
turn: the machine is shared, and CPU time and the minimum are the least
disturbed by other processes. Reported, never
asserted (the goal, evaluate_many within 1.5x of the checked C loop, is in
docs/python.rst)."""
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np

import mbconnect

N = int(float(sys.argv[1])) if len(sys.argv) > 1 else 100_000
BUILD = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "build")
ONLY = sys.argv[3:]
ROUNDS = 3

PARAMETERS = {
    "ContactSphereSphere": dict(spheresRadii=[0.5, 0.4], contactStiffness=1e5, contactDamping=20,
                                contactStiffnessExponent=1.5, dynamicFriction=0.3, impactModel=2,
                                restitutionCoefficient=0.6, minimumImpactVelocity=0.01),
    "ContactConvexRoll": dict(coefficientsHull=[-0.1, 0, 0.5], rollLength=1.0,
                              contactStiffness=1e4, contactDamping=50.0, dynamicFriction=0.3),
    "ContactFrictionCircleCable2D": dict(numberOfContactSegments=8, contactStiffness=1e4,
                                         contactDamping=50.0, frictionCoefficient=0.3,
                                         frictionStiffness=1e3, circleRadius=0.3),
    "JointALEMoving2D": dict(slidingMarkerNumbers=[7, 8], slidingMarkerOffsets=[0.0, 1.5]),
}


def rotations(rng, n):
    q = rng.normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1)[:, None]
    w, x, y, z = q.T
    return np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
                     2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
                     2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
                    axis=1).reshape(n, 3, 3)


def sphere_states(rng, n):
    d = rng.normal(size=(n, 3))
    d /= np.linalg.norm(d, axis=1)[:, None]
    pos = np.empty((n, 2, 3))
    pos[:, 0] = rng.uniform(-100, 100, size=(n, 3))
    pos[:, 1] = pos[:, 0] + (0.9 + rng.uniform(-0.05, 0.05, size=(n, 1))) * d
    return dict(position=pos, velocity=rng.uniform(-1, 1, size=(n, 2, 3)),
                rotation=np.stack([rotations(rng, n), rotations(rng, n)], axis=1),
                angularVelocityLocal=rng.uniform(-5, 5, size=(n, 2, 3)))


def roll_states(rng, n):
    pos = np.zeros((n, 2, 3))
    pos[:, 1, :2] = rng.uniform(-0.2, 0.2, size=(n, 2))
    pos[:, 1, 2] = rng.uniform(0.45, 0.55, size=n)
    rot = np.tile(np.eye(3), (n, 2, 1, 1))
    return dict(position=pos, velocity=rng.uniform(-1, 1, size=(n, 2, 3)), rotation=rot,
                angularVelocityLocal=rng.uniform(-5, 5, size=(n, 2, 3)))


def cable_states(rng, n):
    pos = np.zeros((n, 1, 3))
    pos[:, 0, 0] = rng.uniform(0.1, 1.9, size=n)
    pos[:, 0, 1] = rng.uniform(0.25, 0.35, size=n)
    vel = np.zeros((n, 1, 3))
    vel[:, 0, :2] = rng.uniform(-1, 1, size=(n, 2))
    points = np.zeros((n, 9, 2))
    points[:, :, 0] = np.linspace(0, 2, 9)
    points[:, :, 1] = rng.uniform(-0.01, 0.01, size=(n, 9))
    return dict(position=pos, velocity=vel, rotation=np.tile(np.eye(3), (n, 1, 1, 1)),
                angularVelocityLocal=rng.uniform(-3, 3, size=(n, 1, 3)), cablePoints=points,
                cablePointVelocities=rng.uniform(-0.2, 0.2, size=(n, 9, 2)),
                cableLength=np.full(n, 2.0), aleCoordinate=np.zeros(n))


def ale_states(rng, n):
    q = np.array([[0, 0, 1, 0, 1.5, 0, 1, 0], [1.5, 0, 1, 0, 3, 0.5, 1, 0.3]])
    q = q + rng.uniform(-0.02, 0.02, size=(n, 2, 8))
    s = rng.uniform(0.1, 2.9, size=n)
    pos = np.zeros((n, 1, 3))
    pos[:, 0, 0] = s + rng.uniform(-0.01, 0.01, size=n)
    pos[:, 0, 1] = rng.uniform(-0.01, 0.01, size=n)
    return dict(position=pos, velocity=rng.uniform(-1, 1, size=(n, 1, 3)), cablesQ=q,
                cablesQ_t=rng.uniform(-0.2, 0.2, size=(n, 2, 8)), cableLengths=np.full(2, 1.5),
                ale=np.column_stack([s, rng.uniform(-0.3, 0.3, size=n)]),
                lagrangeMultipliers=rng.uniform(-5, 5, size=(n, 2)))


STATES = {"ContactSphereSphere": sphere_states, "ContactConvexRoll": roll_states,
          "ContactFrictionCircleCable2D": cable_states, "JointALEMoving2D": ale_states}


def with_data(obj, states, rng):
    """Data from PostNewtonStep (consistent with each state); friction
    states of the sphere in both branches."""
    first = obj.evaluate_many(**states, forces=False, outputs=False, postNewtonStep=True)
    data = first["postNewtonStep"]["data"]
    if type(obj).__name__ == "ContactSphereSphere":
        data[:, 1] = rng.uniform(0, 2e-3, size=len(data))
        data[:, 2] = rng.uniform(0, 1, size=len(data))
    return dict(states, data=data, dataStartOfStep=data.copy())


def reference_file(path, obj, st):
    """The states in the layout of bench_batch_reference.c."""
    n = len(st["data"])
    rigid = st["position"].shape[1]
    points = st["cablePoints"].shape[1] if "cablePoints" in st else 0
    cables = st["cablesQ"].shape[1] if "cablesQ" in st else 0
    parts = [np.array([n, rigid, points, cables, st["data"].shape[1]], dtype=float)]
    rot = st.get("rotation", np.tile(np.eye(3), (n, rigid, 1, 1)))
    omega = st.get("angularVelocityLocal", np.zeros((n, rigid, 3)))
    parts += [st["position"], st["velocity"], rot, omega]
    if points:
        parts += [st["cablePoints"], st["cablePointVelocities"], st["cableLength"],
                  st["aleCoordinate"]]
    if cables:
        parts += [st["cablesQ"], st["cablesQ_t"], st["cableLengths"], st["ale"],
                  st["lagrangeMultipliers"]]
    parts += [st["data"], st["dataStartOfStep"]]
    np.concatenate([np.asarray(p, dtype=float).ravel() for p in parts]).tofile(path)


def parameter_arguments(t):
    obj = getattr(mbconnect, t)(**PARAMETERS[t])
    return [f"{name}={','.join(repr(float(v)) for v in np.atleast_1d(value))}"
            for name, value in PARAMETERS[t].items()], obj


def best_ns(f, n, runs=7):
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        f()
        times.append(time.process_time() - t0)
    return 1e9 * min(times) / n


def checksum(obj, r):
    """The sum bench_batch_reference.c prints, from evaluate_many's result."""
    if "force" not in r:
        return float(np.sum(r["algebraicEquations"]["position"]))
    kinds = type(obj).marker_kinds
    total = sum(float(np.sum(r["force"][:, m, 0])) for m in range(2)
                if kinds[m] in ("position", "rigid"))
    if "cablePointForces" in r:
        total += float(np.sum(r["cablePointForces"][:, 0, 1]))
    return total


def bench(t, rng):
    args, obj = parameter_arguments(t)
    st = with_data(obj, STATES[t](rng, N), rng)
    forces = "forces" in obj.hooks
    kwargs = dict(st, outputs=False)
    if not forces:
        kwargs["forces"] = False
    r = obj.evaluate_many(**kwargs)
    c, new, reused = {}, [], []
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        reference_file(f.name, obj, st)
        # C and Python in turn, ROUNDS times, the least of each: the load of
        # the shared machine changes less between them
        for _ in range(ROUNDS):
            ref = subprocess.run([str(BUILD / "bin" / "mbc-bench-batch-reference"), f.name, t]
                                 + args, check=True, capture_output=True, text=True).stdout
            for key, value in (line.split() for line in ref.splitlines()):
                c[key] = min(c.get(key, float("inf")), float(value)) if key != "evaluation" \
                    else value
            c["checksum"] = float(ref.split("checksum")[1])
            new.append(best_ns(lambda: obj.evaluate_many(**kwargs), N))
            try:
                reused.append(best_ns(lambda: obj.evaluate_many(**kwargs, out=r), N))
            except TypeError:  # a module without out= for this type
                reused.append(float("nan"))
    new, reused = min(new), min(reused)
    ours, theirs = checksum(obj, r), float(c["checksum"])
    agree = abs(ours - theirs) <= 1e-9 * max(1.0, abs(theirs))
    typed, generic, kept = float(c["typed"]), float(c["generic"]), float(c["kept"])
    what = "forces" if forces else "algebraic equations"
    print(f"{t}, {what}, N = {N}, ns per state, best of 7 x {ROUNDS}"
          f"{'' if agree else '  (CHECKSUMS DIFFER: ' + repr((ours, theirs)) + ')'}")
    print(f"  C loop, typed hook, one output                {typed:9.1f}")
    print(f"  C loop, checked dispatch, one output          {generic:9.1f}")
    print(f"  C loop, checked dispatch, out[k] kept         {kept:9.1f}")
    print(f"  evaluate_many (new result arrays)             {new:9.1f}"
          f"   ({new / generic:.2f}x one output, {new / kept:.2f}x out[k])")
    print(f"  evaluate_many, out= (no allocation)           {reused:9.1f}"
          f"   ({reused / generic:.2f}x one output, {reused / kept:.2f}x out[k])")
    return reused / kept


def main():
    rng = np.random.default_rng(1)
    for t in STATES:
        if not ONLY or t in ONLY:
            bench(t, rng)


if __name__ == "__main__":
    main()
