#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""evaluate_many (Python module) against C loops, ns per state.

    PYTHONPATH=build/python /usr/bin/python3 bench/bench_python.py [N] [BUILD_DIR]

Makes N ContactSphereSphere states (default 10^5; centers at r0 + r1 +- 50
mm, about half in contact; random rotations, velocities and angular
velocities; data consistent with each state from PostNewtonStep, friction
in both branches), writes them for build/bin/mbc-bench-batch-reference
(the C loops: typed hook and mbc_object_forces) and times
obj.evaluate_many(...) on the same numpy arrays (forces only, into new
result arrays and into reused ones via out=; forces plus all six outputs). CPU time (process), best of 7 runs: the machine is shared, and CPU time
and the minimum are the least disturbed by other processes. Reported, never asserted."""
import pathlib
import subprocess
import sys
import tempfile
import time

import numpy as np

import mbconnect

N = int(float(sys.argv[1])) if len(sys.argv) > 1 else 100_000
BUILD = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else "build")
PARAMETERS = dict(spheresRadii=[0.5, 0.4], contactStiffness=1e5, contactDamping=20,
                  contactStiffnessExponent=1.5, dynamicFriction=0.3, impactModel=2,
                  restitutionCoefficient=0.6, minimumImpactVelocity=0.01)


def rotations(rng, n):
    q = rng.normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1)[:, None]
    w, x, y, z = q.T
    return np.stack([1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w),
                     2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w),
                     2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
                    axis=1).reshape(n, 3, 3)


def states(obj, n, seed=1):
    rng = np.random.default_rng(seed)
    d = rng.normal(size=(n, 3))
    d /= np.linalg.norm(d, axis=1)[:, None]
    pos = np.empty((n, 2, 3))
    pos[:, 0] = rng.uniform(-100, 100, size=(n, 3))
    pos[:, 1] = pos[:, 0] + (0.9 + rng.uniform(-0.05, 0.05, size=(n, 1))) * d
    vel = rng.uniform(-1, 1, size=(n, 2, 3))
    rot = np.stack([rotations(rng, n), rotations(rng, n)], axis=1)
    omega = rng.uniform(-5, 5, size=(n, 2, 3))
    data = obj.evaluate_many(pos, vel, rotation=rot, angularVelocityLocal=omega, forces=False,
                             outputs=False, postNewtonStep=True)["postNewtonStep"]["data"]
    data[:, 1] = rng.uniform(0, 2e-3, size=n)      # both friction branches
    data[:, 2] = rng.uniform(0, 1, size=n)         # impact velocity
    return pos, vel, rot, omega, data


def best_ns(f, n, runs=7):
    times = []
    for _ in range(runs):
        t0 = time.process_time()
        f()
        times.append(time.process_time() - t0)
    return 1e9 * min(times) / n


def main():
    obj = mbconnect.ContactSphereSphere(**PARAMETERS)
    pos, vel, rot, omega, data = states(obj, N)
    contact = int(np.sum(data[:, 0] <= 0))
    with tempfile.NamedTemporaryFile(suffix=".bin") as f:
        flat = np.concatenate([pos.reshape(N, 6), vel.reshape(N, 6), rot.reshape(N, 18),
                               omega.reshape(N, 6), data], axis=1)
        np.concatenate([[float(N)], flat.ravel()]).astype(np.float64).tofile(f.name)
        ref = subprocess.run([str(BUILD / "bin" / "mbc-bench-batch-reference"), f.name],
                             check=True, capture_output=True, text=True).stdout
    c = dict(line.split() for line in ref.splitlines())
    forces = best_ns(lambda: obj.evaluate_many(pos, vel, rotation=rot,
                                                 angularVelocityLocal=omega, data=data,
                                                 outputs=False), N)
    reused = obj.evaluate_many(pos, vel, rotation=rot, angularVelocityLocal=omega, data=data,
                               outputs=False)
    forces_out = best_ns(lambda: obj.evaluate_many(pos, vel, rotation=rot,
                                                   angularVelocityLocal=omega, data=data,
                                                   outputs=False, out=reused), N)
    everything = best_ns(lambda: obj.evaluate_many(pos, vel, rotation=rot,
                                                     angularVelocityLocal=omega, data=data), N)
    typed, generic = float(c["typed"]), float(c["generic"])
    print(f"ContactSphereSphere, N = {N} states ({100 * contact / N:.0f}% in contact), "
          "ns per state, best of 7")
    print(f"  C loop, typed hook over prebuilt states      {typed:8.1f}")
    print(f"  C loop, mbc_object_forces (checks per call)  {generic:8.1f}")
    print(f"  evaluate_many, forces (new result arrays)    {forces:8.1f}"
          f"   ({forces / typed:.2f}x typed C, {forces / generic:.2f}x generic C)")
    print(f"  evaluate_many, forces, out= (no allocation)  {forces_out:8.1f}"
          f"   ({forces_out / typed:.2f}x typed C, {forces_out / generic:.2f}x generic C)")
    print(f"  evaluate_many, forces + 6 outputs            {everything:8.1f}")


if __name__ == "__main__":
    main()
