#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Writes the fuzz_eval seed inputs to corpus/fuzz_eval/ (the byte layout is
described at the top of fuzz_eval.c). Each seed is a valid, physically
sensible evaluation of one type; libFuzzer mutates from there.
Run from anywhere: python3 tests/fuzz/make_eval_seeds.py"""
import os

# registry order (mbc list): ContactConvexRoll, ContactFrictionCircleCable2D,
# ContactSphereSphere, JointALEMoving2D
EXACT = [0.0, 1.0, -1.0, 0.5, -0.5, 2.0, 0.1, -0.1, 1e-3, 1e3, -2.0, 0.25, 3.0, 1e-6, 10.0, -10.0]


def real(x):
    """The bytes fuzz_eval decodes as x (an exact value or m * 10^e)."""
    if x in EXACT:
        return bytes([EXACT.index(x) << 1])
    import math
    sign = 2 if x < 0 else 0
    x = abs(x)
    e = math.floor(math.log10(x))
    m = round((x / 10**e - 1.0) / 9.0 * 65536)
    assert -6 <= e <= 3 and 0 <= m < 65536
    return bytes([((e + 6) << 2) | sign | 1, m >> 8, m & 255])


def reals(*xs):
    return b"".join(real(x) for x in xs)


def idx(*v):
    return bytes(x + 2 for x in v)


SKIP = b"\x00"
SET = b"\x01"
IDENTITY = bytes([129, 128, 128, 128])  # quaternion (1, 0, 0, 0)


def rigid(pos, vel=(0, 0, 0), omega=(0, 0, 0), rot=IDENTITY):
    return reals(*pos) + reals(*vel) + rot + reals(*omega)


def convex_roll(mode=0, gap=-0.001):
    b = bytes([0, mode])
    b += SKIP + SET + idx(0, 1) + SET + idx(2)  # name, markerNumbers, nodeNumber
    b += SET + real(1e3) + SET + real(10.0) + SET + real(0.1)  # stiffness, damping, dynamicFriction
    b += SKIP + SKIP + SKIP + SET + real(1e-3)  # staticOffset, viscous, expDecay, propZone
    b += SET + real(1.0) + SET + bytes([3]) + reals(-0.1, 0.0, 0.5)  # rollLength, coefficientsHull
    b += SKIP  # activeConnector
    b += SKIP + SKIP  # visualization show, color
    b += rigid((0, 0, 0)) + rigid((0, 0, 0.499), (0, 2, -0.01), (-3, 0, 0))
    b += b"\x00"  # cable marker segments (unused)
    return b


def circle_cable(mode=0):
    b = bytes([1, mode])
    b += SKIP + SET + idx(0, 1) + SET + idx(2) + SET + idx(4 - 2 + 2)[0:0] + bytes([4 + 2])
    b += SET + real(1e3) + SET + real(10.0) + SET + real(1.0) + SET + real(10.0)
    b += SET + real(0.5) + SET + real(0.25) + SKIP + SKIP  # mu, radius, useSegmentNormals, active
    b += SKIP * 4
    b += rigid((0.6, 0.24, 0), (0, -0.1, 0)) + rigid((0, 0, 0))
    b += reals(0, 0, 0.5, 0, 1, 0, 1.5, 0, 2, 0) + reals(*([0.0] * 10)) + reals(2.0, 0.0)
    return b


def sphere_sphere(mode=0, model=2):
    b = bytes([2, mode])
    b += SKIP + SET + idx(0, 1) + SET + idx(2)
    b += SET + reals(0.5, 0.5)  # spheresRadii
    b += SET + real(0.1) + SKIP  # dynamicFriction, frictionProportionalZone
    b += SET + real(1e3) + SET + real(1.0) + SKIP  # stiffness, damping, exponent
    b += SKIP * 4  # pull-off, plasticity, adhesion, adhesion exponent
    b += SET + real(0.5) + SKIP + SET + bytes([model + 2]) + SKIP
    b += SKIP * 2
    b += rigid((0, 0, 0), (0.1, 0, 0)) + rigid((0.99, 0, 0), (-1, 0, 0))
    return b


def ale_joint(mode=0, penalty=False):
    b = bytes([3, mode])
    b += SKIP + SET + idx(0, 1) + SET + bytes([2]) + idx(7, 8) + SET + bytes([2]) + reals(0, 1)
    b += SKIP + SET + idx(2, 3)  # slidingOffset, nodeNumbers
    b += (SET + bytes([1]) + SET + real(1e3)) if penalty else (SKIP + SKIP)
    b += SKIP + SKIP * 3
    b += rigid((0.5, 0.01, 0), (0.1, 0, 0)) + rigid((0, 0, 0))
    b += b"\x00" + reals(0, 0) + reals(0, 0) + reals(0, 0)  # 1 segment: points, velocities, L, ale
    cable = reals(0, 0, 1, 0, 1, 0, 1, 0) + reals(*([0.0] * 8)) + real(1.0)
    cable2 = reals(1, 0, 1, 0, 2, 0, 1, 0) + reals(*([0.0] * 8)) + real(1.0)
    b += cable + cable2 + reals(0.5, 0.1) + reals(3.0, -2.0)
    return b


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "fuzz_eval")
    os.makedirs(out, exist_ok=True)
    seeds = {
        "convex_roll": convex_roll(),
        "convex_roll_initial_data": convex_roll(mode=2),
        "circle_cable": circle_cable(),
        "circle_cable_initial_data": circle_cable(mode=2),
        "sphere_sphere_model2": sphere_sphere(),
        "sphere_sphere_model1": sphere_sphere(model=1),
        "sphere_sphere_initial_data": sphere_sphere(mode=2),
        "ale_joint": ale_joint(),
        "ale_joint_penalty": ale_joint(penalty=True),
        "ale_joint_wild": ale_joint(mode=1),
    }
    for name, data in seeds.items():
        with open(os.path.join(out, name + ".bin"), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
