#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Newton's cradle with mbconnect and scipy: five steel balls in a row with
0.1 mm between them; the first one swings in at 1 m/s (the strings are left
out: the collisions take about 0.2 ms each, the pendulum period about a
second). Each collision of equal balls passes on (1 + e) / 2 of the speed,
so the last ball leaves at about ((1 + e) / 2)^4 = 0.90 m/s for e = 0.95.

Each neighboring pair is a ContactSphereSphere (Hertz contact, restitution
by impactModel 2); all four contact forces come from one evaluate_many call.
scipy's solve_ivp integrates short steps; after each step PostNewtonStep
updates the contacts' data coordinates (gap, impact velocity), the way a
multibody solver runs its discontinuous iteration.

    PYTHONPATH=build/python /usr/bin/python3 examples/python/newtons_cradle.py [figure.png]
"""
import sys

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
from scipy.integrate import solve_ivp

import mbconnect

matplotlib.use("Agg")

N_BALLS = 5
RADIUS = 0.02          # m
MASS = 0.26            # kg (steel, r = 2 cm)
SPEED = 1.0            # m/s, ball 0
RESTITUTION = 0.95
GAP = 1e-4             # m, between neighboring balls
STEP = 1e-5            # s, one solver step
DURATION = 0.003       # s


def make_contact():
    return mbconnect.ContactSphereSphere(
        spheresRadii=[RADIUS, RADIUS],
        contactStiffness=1.0e10,        # N/m^1.5, Hertz for steel balls of this size
        contactStiffnessExponent=1.5,
        restitutionCoefficient=RESTITUTION,
        impactModel=2,
    )


def pair_states(x, v):
    """Positions and velocities of the four pairs (ball i, ball i+1), shape (4, 2, 3)."""
    pos = np.zeros((N_BALLS - 1, 2, 3))
    vel = np.zeros((N_BALLS - 1, 2, 3))
    pos[:, 0, 0], pos[:, 1, 0] = x[:-1], x[1:]
    vel[:, 0, 0], vel[:, 1, 0] = v[:-1], v[1:]
    return pos, vel


def simulate():
    contact = make_contact()
    # ball centers 2 r + GAP apart; ball 0 moving in
    x = (2 * RADIUS + GAP) * np.arange(N_BALLS, dtype=float)
    v = np.zeros(N_BALLS)
    v[0] = SPEED
    pos, vel = pair_states(x, v)
    data = contact.evaluate_many(pos, vel, forces=False, outputs=False,
                                 postNewtonStep=True)["postNewtonStep"]["data"]

    def rhs(t, y):
        pos, vel = pair_states(y[:N_BALLS], y[N_BALLS:])
        f = contact.evaluate_many(pos, vel, data=data, outputs=False)["force"]
        a = np.zeros(N_BALLS)
        a[:-1] += f[:, 0, 0] / MASS     # force on the left ball of each pair
        a[1:] += f[:, 1, 0] / MASS      # and on the right one
        return np.concatenate([y[N_BALLS:], a])

    times, states = [0.0], [np.concatenate([x, v])]
    y = states[0]
    for k in range(int(round(DURATION / STEP))):
        t0 = k * STEP
        step = solve_ivp(rhs, (t0, t0 + STEP), y, rtol=1e-9, atol=1e-12)
        y = step.y[:, -1]
        # PostNewtonStep: new gaps, impact velocities for contacts that just began
        pos, vel = pair_states(y[:N_BALLS], y[N_BALLS:])
        data = contact.evaluate_many(pos, vel, data=data, dataStartOfStep=data, forces=False,
                                     outputs=False, postNewtonStep=True)["postNewtonStep"]["data"]
        times.append(t0 + STEP)
        states.append(y)
    states = np.array(states)
    return np.array(times), states[:, :N_BALLS], states[:, N_BALLS:]


def plot(t, x, v, path):
    fig, (ax_x, ax_v) = plt.subplots(2, 1, figsize=(7, 6), sharex=True)
    for i in range(N_BALLS):
        ax_x.plot(1e3 * t, 1e3 * (x[:, i] - x[0, i]), label=f"ball {i}")
        ax_v.plot(1e3 * t, v[:, i])
    ax_x.set_ylabel("displacement [mm]")
    ax_x.legend(loc="upper left", ncol=5, fontsize="small")
    ax_v.set_ylabel("velocity [m/s]")
    ax_v.set_xlabel("time [ms]")
    momentum = MASS * v.sum(axis=1)
    ax_x.set_title(f"Newton's cradle, {N_BALLS} balls, e = {RESTITUTION}: "
                   f"momentum {momentum[0]:.3f} -> {momentum[-1]:.3f} kg m/s")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    t, x, v = simulate()
    print("final velocities [m/s]:", np.round(v[-1], 4))
    plot(t, x, v, sys.argv[1] if len(sys.argv) > 1 else "newtons_cradle.png")
