# SPDX-License-Identifier: BSD-3-Clause
"""Independent physics through the binding: scipy's solve_ivp integrates a
sphere dropped onto a fixed sphere (ContactSphereSphere, Hertz contact,
impactModel 2) with the contact force from obj.evaluate(). The measured
coefficient of restitution -v_out / v_in must be within 0.01 of e.

The integrator does what a solver's discontinuous iteration does with the
data coordinates: while the spheres are apart, data[0] (gap) is > 0; at the
impact event it becomes <= 0 and data[2] stores the impact velocity -v_n;
the separation event ends the contact phase."""
import numpy as np
import pytest
from scipy.integrate import solve_ivp

import mbconnect

R, MASS, G = 0.1, 1.0, 9.81


def drop(e, stiffness=1e10, v0=2.0):
    contact = mbconnect.ContactSphereSphere(
        spheresRadii=[R, R], contactStiffness=stiffness, contactStiffnessExponent=1.5,
        restitutionCoefficient=e, impactModel=2)
    fixed = {"position": [0, 0, 0], "velocity": [0, 0, 0]}
    data = [1.0, 0.0, 0.0, 0.0]  # apart

    def rhs(t, y):
        r = contact.evaluate(markers=[fixed, {"position": [0, 0, y[0]], "velocity": [0, 0, y[1]]}],
                             data=data)
        return [y[1], r["forces"]["markers"][1]["force"][2] / MASS - G]

    def touch(t, y):
        return y[0] - 2 * R
    touch.terminal, touch.direction = True, -1

    def apart(t, y):
        return y[0] - 2 * R
    apart.terminal, apart.direction = True, 1

    fall = solve_ivp(rhs, (0, 1), [2 * R + 0.01, -v0], events=touch, rtol=1e-10, atol=1e-12,
                     max_step=1e-3)
    assert fall.status == 1, "the sphere must reach the other one"
    t_in, y_in = fall.t_events[0][0], fall.y_events[0][0]
    v_in = y_in[1]
    data[:] = [-1e-300, 0.0, -v_in, 0.0]  # in contact; impact velocity -v_n
    bounce = solve_ivp(rhs, (t_in, t_in + 1), y_in, events=apart, rtol=1e-10, atol=1e-13,
                       max_step=1e-5)
    assert bounce.status == 1, "the spheres must separate"
    v_out = bounce.y_events[0][0][1]
    return -v_out / v_in


@pytest.mark.parametrize("e", [0.2, 0.5, 0.9])
def test_measured_restitution(e):
    measured = drop(e)
    assert abs(measured - e) <= 0.01, measured


def test_without_restitution_damping_the_bounce_is_elastic():
    # e = 1: no dissipation, energy returns (within the integration tolerance)
    assert drop(1.0) == pytest.approx(1.0, abs=1e-4)


def drop_liggghts(e, v0=1.0):
    """A glass sphere (r = R) dropped onto a fixed one with ContactLiggghts,
    LIGGGHTS 3.8's hertz, whose damping derives from e; the fixed sphere is
    so heavy that m* is the falling one's. Returns v_out / v_in."""
    mass = 2800 * 4 / 3 * np.pi * R**3
    contact = mbconnect.ContactLiggghts(
        spheresRadii=[R, R], spheresMasses=[1e30, mass], normalModel=1, tangentialModel=0,
        youngsModulus=[4.8e10, 4.8e10], poissonsRatio=[0.2, 0.2], coefficientRestitution=e)
    fixed = {"position": [0, 0, 0], "velocity": [0, 0, 0]}
    touching = [1.0, 0, 0, 0, 0, 0, 0]  # the contact flag: in contact

    def rhs(t, y):
        r = contact.evaluate(markers=[fixed, {"position": [0, 0, y[0]], "velocity": [0, 0, y[1]]}],
                             data=touching)
        return [y[1], r["forces"]["markers"][1]["force"][2] / mass]

    def apart(t, y):
        return y[0] - 2 * R
    apart.terminal, apart.direction = True, 1

    bounce = solve_ivp(rhs, (0, 1), [2 * R, -v0], events=apart, rtol=1e-10, atol=1e-14,
                       max_step=1e-6)
    assert bounce.status == 1, "the spheres must separate"
    return bounce.y_events[0][0][1] / v0


@pytest.mark.parametrize("e", [0.3, 0.7, 1.0])
def test_liggghts_hertz_rebounds_with_e(e):
    # Tsuji's form with the Hertz stiffness: the restitution is e itself
    # (examples/benchmark: the integrated law gives e to 2e-12)
    assert drop_liggghts(e) == pytest.approx(e, abs=1e-6)
