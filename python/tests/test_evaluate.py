# SPDX-License-Identifier: BSD-3-Clause
"""obj.evaluate() and obj.evaluate_many(): values checked against hand
calculations and against `mbc eval` (a separate program reading the same
state from a Lua case file); evaluate_many equals a loop over evaluate,
element by element, for every type whose markers are rigid or position
markers (every type: test_evaluate_many_all.py); bad input raises with a message and changes nothing."""
import json
import math
import subprocess

import numpy as np
import pytest

import mbconnect


def rigid_types():
    return [t for t in mbconnect.types()
            if set(getattr(mbconnect, t).marker_kinds) <= {"position", "rigid"}]


def marker(p, v, rotation=None, omega=None):
    m = {"position": p, "velocity": v}
    if rotation is not None:
        m["rotation"] = rotation
    if omega is not None:
        m["angularVelocityLocal"] = omega
    return m


def test_sphere_sphere_linear_contact_by_hand():
    # n_exp = 1, no damping: f = k delta along n, on m1 away from m0
    k, r0, r1 = 2e4, 0.3, 0.2
    c = mbconnect.ContactSphereSphere(contactStiffness=k, spheresRadii=[r0, r1])
    d = np.array([1.0, 2.0, 2.0]) / 3.0          # unit direction m0 -> m1
    dist = 0.49
    p0 = np.array([1.0, -2.0, 0.5])
    r = c.evaluate(markers=[marker(p0, [0, 0, 0]), marker(p0 + dist * d, [0, 0, 0])],
                   data=[-0.01, 0, 0, 0])
    delta = r0 + r1 - dist
    f1 = r["forces"]["markers"][1]["force"]
    assert np.allclose(f1, k * delta * d, rtol=1e-12, atol=1e-12)
    assert np.allclose(r["forces"]["markers"][0]["force"], -f1, rtol=0, atol=1e-12)
    out = r["outputs"]
    assert np.allclose(out["Force"], f1, atol=1e-12)
    assert np.allclose(out["Director3"], d, atol=1e-15)
    assert np.allclose(out["Displacement"], dist * d, atol=1e-15)
    assert np.allclose(out["DisplacementLocal"], [0, 0, -delta], atol=1e-15)
    # PostNewtonStep stores the gap
    assert r["postNewtonStep"]["data"][0] == pytest.approx(-delta, abs=1e-15)
    # open contact (data gap > 0): no force
    r = c.evaluate(markers=[marker(p0, [0, 0, 0]), marker(p0 + dist * d, [0, 0, 0])],
                   data=[0.1, 0, 0, 0])
    assert not np.any(r["forces"]["markers"][1]["force"])


def test_gran_classic_hertz_by_hand():
    # LAMMPS's gran/hertz/history as ContactGranClassic(model="hertz/history"):
    # the Hertzian factor sqrt(delta R*) scales the spring, the damping m*
    # gamma_n and the shear spring; the friction acts at the radii
    kn, kt, gn, gt = 1e5, 3e4, 40.0, 20.0
    c = mbconnect.ContactGranClassic(model="hertz/history", normalStiffness=kn,
                                     tangentialStiffness=kt, normalDamping=gn,
                                     tangentialDamping=gt, frictionCoefficient=0.5,
                                     spheresRadii=[0.5, 0.3], spheresMasses=[2.0, 3.0])
    dist, vn, vt = 0.78, -0.2, 0.1           # b approaches along x and slides along y
    xi = [0.0, -2e-4, 0.0]                   # the shear history
    r = c.evaluate(markers=[marker([0, 0, 0], [0, 0, 0]), marker([dist, 0, 0], [vn, vt, 0])],
                   data=[1.0] + xi)
    delta, reff, meff = 0.8 - dist, 0.5 * 0.3 / 0.8, 2.0 * 3.0 / 5.0
    s = math.sqrt(delta * reff)
    vrn = (0 - vn) * -1.0                              # v_r . n, n = -e_x (from b to a)
    fn = s * (kn * delta - meff * gn * vrn)
    ft = -s * (kt * xi[1] + meff * gt * (0 - vt))     # v_tr = v_a - v_b along y
    fa = r["forces"]["markers"][0]["force"]
    assert np.allclose(fa, [-fn, ft, 0], rtol=1e-13, atol=1e-12)
    assert abs(ft) < 0.5 * abs(fn)                    # sticking
    assert np.allclose(r["forces"]["markers"][0]["torque"], [0, 0, 0.5 * ft], rtol=1e-13)
    assert np.allclose(r["forces"]["markers"][1]["torque"], [0, 0, 0.3 * ft], rtol=1e-13)
    assert r["outputs"]["NormalForce"][0] == pytest.approx(fn, rel=1e-13)


def mbc_eval(binary_dir, case):
    out = subprocess.run([str(binary_dir / "bin" / "mbc"), "eval", str(case)],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def same_numbers(py, ref, path="result"):
    """evaluate()'s dict (numpy arrays) against the JSON (lists); the JSON has
    17 significant digits, so numbers compare equal."""
    if isinstance(ref, dict):
        assert isinstance(py, dict) and set(py) == set(ref), (path, set(py) ^ set(ref))
        for k in ref:
            same_numbers(py[k], ref[k], f"{path}.{k}")
    elif isinstance(ref, list) and ref and isinstance(ref[0], (dict, type(None))):
        assert len(py) == len(ref), path
        for i, (a, b) in enumerate(zip(py, ref)):
            same_numbers(a, b, f"{path}[{i}]")
    elif ref is None:
        assert py is None, path
    elif isinstance(ref, str):
        assert py == ref, path
    elif isinstance(ref, list) and (not ref or isinstance(ref[0], str)):
        assert list(py) == ref, path
    else:
        assert np.array_equal(np.asarray(py, dtype=float), np.asarray(ref, dtype=float)), \
            (path, py, ref)


# Cases of examples/cases/ written again as Python input (the Lua files hold
# the same numbers).
CASES = {
    "sphere_sphere_impact_model2": (
        "ContactSphereSphere",
        dict(spheresRadii=[0.5, 0.5], contactStiffness=1e6, contactStiffnessExponent=1.5,
             restitutionCoefficient=0.8, impactModel=2, visualization={"show": True}),
        dict(markers=[marker([0, 0, 0], [0, 0, 0]), marker([0.998, 0, 0], [-1, 0, 0])],
             data=[-0.002, 0, 1, 0], dataStartOfStep=[0.001, 0, 0, 0])),
    "circle_cable_points": (
        "ContactFrictionCircleCable2D",
        dict(numberOfContactSegments=4, contactStiffness=1e4, contactDamping=100,
             circleRadius=0.3),
        dict(markers=[marker([0.6, 0.29, 0], [0, -0.1, 0]),
                      {"points": [0, 0, 0.5, 0, 1, 0, 1.5, 0, 2, 0],
                       "pointVelocities": [0] * 10, "length": 2}],
             data=[0.1, -0.01, 0.1, 0.1, -2, -2, -2, -2, 0, 0, 0, 0])),
    "circle_cable_ancf": (
        "ContactFrictionCircleCable2D",
        dict(numberOfContactSegments=4, contactStiffness=1e4, contactDamping=100,
             circleRadius=0.3),
        dict(markers=[marker([0.6, 0.29, 0], [0, -0.1, 0]),
                      {"cable": {"q": [0, 0, 1, 0, 2, 0, 1, 0],
                                 "q_t": [0, 0.05, 0, 0, 0, 0.05, 0, 0], "length": 2},
                       "segments": 4}],
             data=[0.1, -0.01, 0.1, 0.1, -2, -2, -2, -2, 0, 0, 0, 0])),
    "convex_roll_rolling_sliding": (
        "ContactConvexRoll",
        dict(contactStiffness=1e5, contactDamping=100, dynamicFriction=0.3,
             frictionProportionalZone=1e-3, rollLength=1, coefficientsHull=[-0.1, 0, 0.5]),
        dict(markers=[marker([0, 0, 0], [0, 0, 0]),
                      marker([0, 0, 0.499], [0, 2, -0.01], [1, 0, 0, 0, 1, 0, 0, 0, 1],
                             [-3, 0, 0])],
             data=[0, 0.5, -0.001])),
}


def ale_curved():
    # examples/cases/ale_joint_curved.lua: a point on a curved ANCF element
    q = [0, 0, 1, 0, 1, 1, 0, 1]
    q_t = [0, 0, 0, 0, 0.1, 0, 0, 0]
    L, s, s_t = 1.5, 0.6, 0.2
    xi = s / L
    S = [1 - 3 * xi**2 + 2 * xi**3, L * (xi - 2 * xi**2 + xi**3), 3 * xi**2 - 2 * xi**3,
         L * (-xi**2 + xi**3)]
    dS = [(-6 * xi + 6 * xi**2) / L, 1 - 4 * xi + 3 * xi**2, (6 * xi - 6 * xi**2) / L,
          -2 * xi + 3 * xi**2]
    comb = lambda f, v: [sum(f[k] * v[2 * k + i] for k in range(4)) for i in range(2)]
    r, v, slope = comb(S, q), comb(S, q_t), comb(dS, q)
    return ("JointALEMoving2D", dict(slidingMarkerNumbers=[7], slidingMarkerOffsets=[0]),
            dict(markers=[marker([r[0], r[1], 0], [v[0] + s_t * slope[0], v[1] + s_t * slope[1], 0])],
                 cables=[{"q": q, "q_t": q_t, "length": L}], ale={"q": s, "q_t": s_t},
                 lagrangeMultipliers=[3, -4], data=[0]))


CASES["ale_joint_curved"] = ale_curved()


@pytest.mark.parametrize("name", sorted(CASES))
def test_evaluate_equals_mbc_eval(name, source_dir, binary_dir):
    t, params, inputs = CASES[name]
    obj = getattr(mbconnect, t)(**params)
    same_numbers(obj.evaluate(**inputs), mbc_eval(binary_dir, source_dir / "examples" / "cases" /
                                                   f"{name}.lua"))


def random_rotation(rng):
    q = rng.normal(size=4)
    w, x, y, z = q / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def configured(t):
    """An object of type t with contact parameters that make forces nonzero
    (set only when the type has them)."""
    obj = getattr(mbconnect, t)()
    names = {p["name"] for p in obj.parameter_info}
    for name, value in [("contactStiffness", 1e5), ("contactDamping", 50.0),
                        ("dynamicFriction", 0.3), ("spheresRadii", [0.3, 0.2]),
                        ("coefficientsHull", [-0.1, 0, 0.5]), ("rollLength", 1.0),
                        ("impactModel", 2), ("restitutionCoefficient", 0.7)]:
        if name in names:
            setattr(obj, name, value)
    if t == "ContactLiggghts":  # the moduli and e have no default (LIGGGHTS's tables)
        obj.youngsModulus = [1e7, 1e7]
        obj.coefficientRestitution = 0.5
        obj.coefficientFriction = 0.3
    return obj


def random_states(obj, n, seed):
    rng = np.random.default_rng(seed)
    pos = rng.uniform(-0.3, 0.3, size=(n, 2, 3))
    pos[:, 1] = pos[:, 0] + rng.uniform(-0.35, 0.35, size=(n, 3))
    vel = rng.uniform(-1, 1, size=(n, 2, 3))
    rot = np.array([[random_rotation(rng) for _ in range(2)] for _ in range(n)])
    omega = rng.uniform(-3, 3, size=(n, 2, 3))
    # data consistent with each state: what PostNewtonStep computes from it
    # (any type; the data layout is the type's business)
    if "post_newton_step" not in obj.hooks:
        return pos, vel, rot, omega, np.tile(obj.initial_data, (n, 1))
    pns = obj.evaluate_many(pos, vel, rotation=rot, angularVelocityLocal=omega, forces=False,
                            outputs=False, postNewtonStep=True)
    return pos, vel, rot, omega, pns["postNewtonStep"]["data"]


@pytest.mark.parametrize("t", rigid_types())
def test_evaluate_many_equals_evaluate(t):
    obj = configured(t)
    n = 200
    pos, vel, rot, omega, data = random_states(obj, n, 7)
    start = np.tile(obj.initial_data, (n, 1))  # steps that started open: impacts
    pns, forces = "post_newton_step" in obj.hooks, "forces" in obj.hooks
    many = configured(t).evaluate_many(pos, vel, rotation=rot, angularVelocityLocal=omega,
                                       data=data, dataStartOfStep=start, postNewtonStep=pns,
                                       forces=forces)
    assert not forces or (many["force"].shape == (n, 2, 3) and many["torque"].shape == (n, 2, 3))
    nonzero = 0
    for k in range(n):
        r = obj.evaluate(markers=[marker(pos[k, m], vel[k, m], rot[k, m], omega[k, m])
                                  for m in range(2)], data=data[k], dataStartOfStep=start[k])
        for m in range(2 if forces else 0):
            assert np.array_equal(many["force"][k, m], r["forces"]["markers"][m]["force"])
            assert np.array_equal(many["torque"][k, m], r["forces"]["markers"][m]["torque"])
        nonzero += bool(forces and np.any(many["force"][k])) or \
            any(np.any(values) for values in r.get("outputs", {}).values())
        for name, values in r.get("outputs", {}).items():
            assert np.array_equal(many["outputs"][name][k], values), (k, name)
        if not pns:
            continue
        p = r["postNewtonStep"]
        assert np.array_equal(many["postNewtonStep"]["data"][k], p["data"])
        assert many["postNewtonStep"]["error"][k] == p["error"]
        step = many["postNewtonStep"]["recommendedStepSize"][k]
        assert (math.isnan(step) and p["recommendedStepSize"] is None) or \
            step == p["recommendedStepSize"]
    assert nonzero > n // 10, "the states must give nonzero forces or outputs"


def test_evaluate_many_options_and_broadcast():
    obj = configured("ContactSphereSphere")
    pos, vel, rot, omega, data = random_states(obj, 50, 3)
    full = obj.evaluate_many(pos, vel, rotation=rot, angularVelocityLocal=omega, data=data)
    assert set(full) == {"force", "torque", "outputs"}
    in_contact = np.any(full["force"] != 0, axis=(1, 2))
    assert 0 < np.count_nonzero(in_contact) < len(in_contact), "both open and closed contacts"
    assert set(full["outputs"]) == {o["name"] for o in obj.output_info}
    only = obj.evaluate_many(pos, vel, rotation=rot, angularVelocityLocal=omega, data=data,
                             forces=False, outputs=["Force"])
    assert set(only) == {"outputs"} and set(only["outputs"]) == {"Force"}
    assert np.array_equal(only["outputs"]["Force"], full["force"][:, 1])
    # Force output = force on m1 (physics notes)
    assert np.array_equal(full["outputs"]["Force"], full["force"][:, 1])
    # one data vector for all states
    same = obj.evaluate_many(pos, vel, data=data[0])
    each = obj.evaluate_many(pos, vel, data=np.tile(data[0], (50, 1)))
    assert np.array_equal(same["force"], each["force"])
    # non-contiguous and non-float64 inputs are read correctly
    big = np.zeros((50, 2, 6))
    big[:, :, ::2] = pos
    strided = obj.evaluate_many(big[:, :, ::2], vel, rotation=rot, angularVelocityLocal=omega,
                                data=data)
    assert np.array_equal(strided["force"], full["force"])
    fortran = obj.evaluate_many(np.asfortranarray(pos), vel, rotation=rot,
                                angularVelocityLocal=omega, data=np.asfortranarray(data))
    assert np.array_equal(fortran["force"], full["force"])
    ints = obj.evaluate_many(np.round(pos * 0).astype(np.int32), vel, data=data)
    assert ints["force"].shape == (50, 2, 3)
    # out=: the arrays of an earlier result are filled again, values as new
    first = obj.evaluate_many(pos + 1.0, vel, rotation=rot, angularVelocityLocal=omega, data=data,
                              postNewtonStep=True)
    again = obj.evaluate_many(pos, vel, rotation=rot, angularVelocityLocal=omega, data=data,
                              postNewtonStep=True, out=first)
    fresh = obj.evaluate_many(pos, vel, rotation=rot, angularVelocityLocal=omega, data=data,
                              postNewtonStep=True)
    assert again["force"] is first["force"] and again["outputs"]["Force"] is \
        first["outputs"]["Force"]
    for key in ("force", "torque"):
        assert np.array_equal(again[key], fresh[key])
    for name in fresh["outputs"]:
        assert np.array_equal(again["outputs"][name], fresh["outputs"][name])
    for key in ("data", "error", "warnings"):
        assert np.array_equal(again["postNewtonStep"][key], fresh["postNewtonStep"][key])


def test_evaluate_many_errors():
    obj = configured("ContactSphereSphere")
    pos, vel, rot, omega, data = random_states(obj, 10, 1)
    cases = [
        (dict(position=pos[:, :, :2], velocity=vel), ValueError,
         "position: must have shape (N, 2, 3) (given (10, 2, 2))"),
        (dict(position=pos, velocity=vel[:5]), ValueError,
         "velocity: must have shape (N, 2, 3) with N = 10 (given (5, 2, 3))"),
        (dict(position=pos, velocity=vel, data=data[:, :3]), ValueError,
         "data: must have shape (N, 4) or (4,) with N = 10 (given (10, 3))"),
        (dict(position=pos, velocity=vel, data=[[0, 0, 0, None]] * 10), TypeError,
         "data: must be a numpy array of numbers (given list containing NoneType)"),
        (dict(position=pos, velocity=None), ValueError,
         "evaluate_many: ContactSphereSphere needs position and velocity of shape (N, 2, 3) "
         "(given no velocity)"),
        (dict(position=pos, velocity=vel.astype(complex)), TypeError,
         "velocity: must be a numpy array of numbers (given numpy.ndarray of dtype complex128)"),
        (dict(position=pos, velocity=vel, forces="yes"), TypeError,
         "forces: must be True, False or None (given str)"),
        (dict(position=pos, velocity=vel, outputs="Force"), TypeError,
         "outputs: must be True, False or a list of names (given str)"),
        (dict(position=pos, velocity=vel, outputs=[1]), TypeError,
         "outputs: must be True, False or a list of names (given int in the list)"),
        (dict(position=pos, velocity=vel, algebraicEquations=True), RuntimeError,
         "ContactSphereSphere has no algebraic equations"),
        (dict(position=pos, velocity=vel, cablePoints=np.zeros((10, 3, 2))), TypeError,
         "evaluate_many: ContactSphereSphere does not take cablePoints: it has no Cable2DShape "
         "marker"),
        (dict(position=pos, velocity=vel, out=[1]), TypeError,
         "out: must be the dict an earlier evaluate_many call returned (given list)"),
        (dict(position=pos, velocity=vel, rotation=rot[:, :, :2]), ValueError,
         "rotation: must have shape (N, 2, 3, 3) with N = 10 (given (10, 2, 2, 3))"),
        (dict(position="abc", velocity=vel), TypeError,
         "position: must be a numpy array of numbers (given str)"),
        (dict(position=np.array([[["a"] * 3] * 2] * 10, dtype=object), velocity=vel), TypeError,
         "position: must be a numpy array of numbers (given numpy.ndarray containing str)"),
        (dict(position=pos, velocity=vel, outputs=["NoSuchOutput"]), ValueError,
         "outputs: ContactSphereSphere has no output variable 'NoSuchOutput'"),
    ]
    bad = pos.copy()
    bad[4, 1, 2] = np.nan
    cases.append((dict(position=bad, velocity=vel), ValueError,
                  "ContactSphereSphere: marker m1 position[2] must be finite, given nan (state 4, "
                  "force evaluation)"))
    bad = omega.copy()
    bad[9, 0, 0] = -np.inf
    cases.append((dict(position=pos, velocity=vel, angularVelocityLocal=bad), ValueError,
                  "ContactSphereSphere: marker m0 angular velocity[0] must be finite, given -inf "
                  "(state 9, force evaluation)"))
    cases.append((dict(position=pos, velocity=vel, data=[0, 0, np.nan, 0]), ValueError,
                  "ContactSphereSphere: data[2] must be finite, given nan (state 0, force evaluation)"))
    cases.append((dict(position=pos, velocity=vel, out={"force": np.zeros((10, 2, 3))}),
                  ValueError, "out[torque]: must be a writeable C-contiguous float64 array of "
                  "shape (10, 2, 3)"))
    for kwargs, exc, message in cases:
        with pytest.raises(exc) as e:
            obj.evaluate_many(**kwargs)
        assert str(e.value).startswith(message), str(e.value)
    cable = mbconnect.ContactFrictionCircleCable2D(circleRadius=0.5)
    with pytest.raises(ValueError) as e:  # the cable is missing (test_evaluate_many_all.py)
        cable.evaluate_many(pos, vel)
    assert "needs its cable either as cablePoints" in str(e.value)


def test_evaluate_errors():
    obj = configured("ContactSphereSphere")
    good = [marker([0, 0, 0], [0, 0, 0]), marker([0.4, 0, 0], [0, 0, 0])]
    cases = [
        (dict(markers=good[:1]), ValueError, "markers: must be a list of 2 markers"),
        (dict(markers=[good[0], {"position": [0, 0]}]), ValueError,
         "markers[1].position: must have shape (3,): a list of 3 numbers (given shape (2,))"),
        (dict(markers=[good[0], {"position": [0, 0, 0]}]), ValueError,
         "markers[1].velocity: missing (a list of 3 numbers)"),
        (dict(markers=[good[0], {"position": [0, 0, 0], "velocity": [0, 0, 0], "x": 1}]),
         ValueError, "markers[1].x: unknown key (allowed: position, velocity, rotation, angularVelocityLocal)"),
        # indices count from 0, as the list and the array given
        (dict(markers=[good[0], marker([0, 0, math.nan], [0, 0, 0])]), ValueError,
         "markers[1].position[2]: must be finite (given nan)"),
        (dict(markers=[marker([math.nan, 0, 0], [0, 0, 0]), good[1]]), ValueError,
         "markers[0].position[0]: must be finite (given nan)"),
        (dict(markers=good, data=[0, math.inf, 0, 0]), ValueError,
         "data[1]: must be finite (given inf)"),
        (dict(markers=[good[0], marker([0, 0, 0], [0, 0, 0], np.eye(3) * 2)]), ValueError,
         "markers[1].rotation: must be a rotation matrix, row-major local -> global (given max |A^T A - I| = 3, det A = 8)"),
        # None and other wrong types: TypeError naming the type given
        (dict(markers=None), TypeError, "markers: must be a list of 2 markers: m0 "
         "(Position+Orientation), m1 (Position+Orientation) (given NoneType)"),
        (dict(markers=[good[0], {"position": None, "velocity": [0, 0, 0]}]), TypeError,
         "markers[1].position: must be a list of 3 numbers (given NoneType)"),
        (dict(markers=[good[0], marker([0, 0, None], [0, 0, 0])]), TypeError,
         "markers[1].position: must be a list of numbers (given list containing NoneType)"),
        (dict(markers=[good[0], marker([0, 0, 0], [0, 1j, 0])]), TypeError,
         "markers[1].velocity: must be a list of numbers (given list containing complex)"),
        (dict(markers=[good[0], 7]), TypeError,
         "markers[1]: must be a dict with keys position, velocity, rotation, "
         "angularVelocityLocal (given int)"),
        (dict(markers=good, data=[0, 0]), ValueError,
         "data: must have 4 numbers, the data coordinates of ContactSphereSphere (given 2)"),
        (dict(markers=good, data="abcd"), TypeError, "data: must be a list of numbers (given str)"),
        (dict(markers=good, cables=[]), TypeError, "ContactSphereSphere has no ANCF cable"),
        (dict(markers=[good[0], marker([0, 0, 0], [0, 0, 0], np.zeros((2, 2)))]), ValueError,
         "markers[1].rotation: must have shape (9,) or (3, 3): a rotation matrix, row-major "
         "(given shape (2, 2))"),
    ]
    for kwargs, exc, message in cases:
        with pytest.raises(exc) as e:
            obj.evaluate(**kwargs)
        assert str(e.value).startswith(message), str(e.value)
    # an invalid object is not evaluated: the first violation, and how many more
    broken = mbconnect.ContactSphereSphere(markerNumbers=[-1, -1], spheresRadii=[0.5, 0.5])
    with pytest.raises(ValueError) as e:
        broken.evaluate(markers=good)
    assert str(e.value) == ("ContactSphereSphere.markerNumbers: [0] must be set (ArrayMarkerIndex "
                            ">= 0), given -1; 1 more violation")


def test_granular_lammps2021_switch():
    """ContactGranular.lammps2021 (docs/physics-departures.rst, "linear_nohistory
    beside history models"): in a run with tangential history LAMMPS 2021
    evaluates linear_nohistory in its history branch with k_t = 0: the damping
    force eta_t v below the Coulomb limit, as the documented law, and no
    friction above it, where the documented law gives mu F_n. Hooke k_n = 1e4,
    overlap 0.05: F_n = 500 N, mu F_n = 50 N; eta_t = 100 N s/m."""
    common = dict(spheresRadii=[0.5, 0.5], spheresMasses=[2, 6], normalModel=0,
                  normalStiffness=1e4, dampingModel=0, normalDamping=100, tangentialModel=0,
                  tangentialDamping=1, frictionCoefficient=0.1)
    data = [1, 0, 0, 0, 0, 0, 0, 0, 0]
    for v, documented, lammps2021 in ((0.2, 20.0, 20.0), (1.0, 50.0, 0.0)):
        markers = [marker([0, 0, 0], [0, 0, 0]), marker([0.95, 0, 0], [0, v, 0])]
        for switch, history, expected in ((False, True, documented), (True, True, lammps2021),
                                          (True, False, documented)):
            c = mbconnect.ContactGranular(lammps2021=switch,
                                          lammps2021TangentialHistory=history, **common)
            r = c.evaluate(markers=markers, data=data)
            f = r["forces"]["markers"][0]["force"]
            assert f[0] == pytest.approx(-500, rel=1e-12)
            assert f[1] == pytest.approx(expected, rel=1e-12, abs=1e-12)
            assert r["outputs"]["TangentialForce"][1] == pytest.approx(expected, abs=1e-12)
    # the parameters are the type's, with their defaults and documentation
    info = {p["name"]: p for p in mbconnect.ContactGranular.parameter_info}
    assert info["lammps2021"]["default"] in (False, 0, [False], [0])
    assert info["lammps2021WallInits"]["default"] in (1, [1])
    assert "FixWallGran::init()" in info["lammps2021WallInits"]["description"]
