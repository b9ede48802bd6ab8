# SPDX-License-Identifier: BSD-3-Clause
"""obj.evaluate_many() for EVERY registered type (the list comes from
mbconnect.types(), so a type added from a spec is covered): the stacked
result equals a Python loop over obj.evaluate(), element by element, for
states built from the type's marker kinds (rigid/position markers, cable
points, ANCF elements, ALE cables with Lagrange multipliers); wrong shapes
name the argument and the expected shape, a NaN names the state index."""
import math

import numpy as np
import pytest

import mbconnect

N = 60
# parameters that make forces nonzero, set when the type has them
SETTINGS = [("contactStiffness", 1e4), ("contactDamping", 50.0), ("dynamicFriction", 0.3),
            ("frictionCoefficient", 0.3), ("spheresRadii", [0.3, 0.2]),
            ("coefficientsHull", [-0.1, 0, 0.5]), ("rollLength", 1.0), ("impactModel", 2),
            ("restitutionCoefficient", 0.7), ("circleRadius", 0.3),
            ("numberOfContactSegments", 4), ("slidingMarkerNumbers", [7, 8]),
            ("slidingMarkerOffsets", [0.0, 1.5])]


def configured(t, **extra):
    obj = getattr(mbconnect, t)()
    names = {p["name"] for p in obj.parameter_info}
    for name, value in SETTINGS + list(extra.items()):
        if name in names:
            setattr(obj, name, value)
    if t == "ContactLiggghts":  # the moduli and e have no default (LIGGGHTS's tables)
        obj.youngsModulus = [1e7, 1e7]
        obj.coefficientRestitution = 0.5
        obj.coefficientFriction = 0.3
    return obj


def rotation(rng):
    w, x, y, z = (q := rng.normal(size=4)) / np.linalg.norm(q)
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def states(obj, rng, cable_form):
    """Stacked inputs of N states (kwargs of evaluate_many) and, per state,
    the same state as evaluate() kwargs."""
    kinds = type(obj).marker_kinds
    rigid = [m for m in range(2) if kinds[m] in ("position", "rigid")]
    planar = any(k.startswith("cable2d") for k in kinds)
    many, each = {}, [dict(markers=[]) for _ in range(N)]
    if rigid:
        pos = rng.uniform(-0.3, 0.3, size=(N, len(rigid), 3))
        if len(rigid) == 2:
            pos[:, 1] = pos[:, 0] + rng.uniform(-0.35, 0.35, size=(N, 3))
        vel = rng.uniform(-1, 1, size=(N, len(rigid), 3))
        if planar:  # a circle or a point moving in the plane of a 2D cable
            pos[:, :, 0] = rng.uniform(0.1, 1.9, size=(N, len(rigid)))
            pos[:, :, 1] = rng.uniform(-0.05, 0.35, size=(N, len(rigid)))
            pos[:, :, 2] = vel[:, :, 2] = 0
        many.update(position=pos, velocity=vel)
        if "rigid" in kinds:
            rot = np.array([[rotation(rng) for _ in rigid] for _ in range(N)])
            omega = rng.uniform(-3, 3, size=(N, len(rigid), 3))
            if planar:
                rot[:] = np.eye(3)
            many.update(rotation=rot, angularVelocityLocal=omega)
    for m in range(2):
        kind = kinds[m]
        if kind in ("position", "rigid"):
            r = rigid.index(m)
            for k in range(N):
                marker = {"position": pos[k, r], "velocity": vel[k, r]}
                if "rotation" in many:
                    marker.update(rotation=many["rotation"][k, r],
                                  angularVelocityLocal=many["angularVelocityLocal"][k, r])
                each[k]["markers"].append(marker)
        elif kind == "cable2d_shape" and cable_form == "points":
            n = obj.numberOfContactSegments if hasattr(obj, "numberOfContactSegments") else 4
            points = np.zeros((N, n + 1, 2))
            points[:, :, 0] = np.linspace(0, 2, n + 1)
            points[:, :, 1] = rng.uniform(-0.02, 0.02, size=(N, n + 1))
            velocities = rng.uniform(-0.2, 0.2, size=(N, n + 1, 2))
            length = rng.uniform(1.9, 2.1, size=N)
            many.update(cablePoints=points, cablePointVelocities=velocities, cableLength=length)
            for k in range(N):
                each[k]["markers"].append({"points": points[k].ravel(),
                                           "pointVelocities": velocities[k].ravel(),
                                           "length": length[k]})
        elif kind == "cable2d_shape":
            n = obj.numberOfContactSegments if hasattr(obj, "numberOfContactSegments") else 4
            q = np.array([0, 0, 1, 0, 2, 0, 1, 0]) + rng.uniform(-0.02, 0.02, size=(N, 8))
            q_t = rng.uniform(-0.2, 0.2, size=(N, 8))
            offset = rng.uniform(-0.01, 0.01, size=N)
            many.update(cableQ=q, cableQ_t=q_t, cableLength=2.0, verticalOffset=offset,
                        segments=n)
            for k in range(N):
                each[k]["markers"].append({"cable": {"q": q[k], "q_t": q_t[k], "length": 2.0,
                                                     "verticalOffset": offset[k]},
                                           "segments": n})
        elif kind == "cable2d_coordinates":
            c = len(obj.slidingMarkerNumbers)
            q = np.array([[0, 0, 1, 0, 1, 1, 0, 1], [1, 1, 0, 1, 2, 1.5, 1, 0]]) \
                + rng.uniform(-0.05, 0.05, size=(N, 2, 8))
            q, q_t = q[:, :c], rng.uniform(-0.2, 0.2, size=(N, c, 8))
            lengths = np.full(c, 1.5)
            ale = np.column_stack([rng.uniform(0.1, 1.5 * c - 0.1, size=N),
                                   rng.uniform(-0.3, 0.3, size=N)])
            z = rng.uniform(-5, 5, size=(N, 2))
            many.update(cablesQ=q, cablesQ_t=q_t, cableLengths=lengths, ale=ale,
                        lagrangeMultipliers=z)
            for k in range(N):
                each[k].update(cables=[{"q": q[k, i], "q_t": q_t[k, i], "length": lengths[i]}
                                       for i in range(c)],
                               ale={"q": ale[k, 0], "q_t": ale[k, 1]}, lagrangeMultipliers=z[k])
        else:
            pytest.fail(f"{type(obj).__name__}: marker kind {kind} has no state generator here")
    return many, each


def with_data(obj, many, each, rng):
    """Data consistent with each state (what PostNewtonStep computes), and
    the initial data as the start of the step (steps that started open)."""
    if "post_newton_step" in obj.hooks:
        data = obj.evaluate_many(**many, forces=False, outputs=False,
                                 postNewtonStep=True)["postNewtonStep"]["data"]
    else:
        data = np.tile(obj.initial_data, (N, 1))
    start = np.tile(obj.initial_data, (N, 1))
    many.update(data=data, dataStartOfStep=start)
    for k in range(N):
        each[k].update(data=data[k], dataStartOfStep=start[k])


def same(stacked, value, where):
    value = np.asarray(value, dtype=float)
    assert np.array_equal(stacked, value.reshape(stacked.shape), equal_nan=True), where


def check_equal(many, r, k, t):
    """Every number of evaluate()'s result r of state k in the stacked one."""
    forces = r.get("forces")
    if forces and "force" in many:
        for m, marker in enumerate(forces["markers"]):
            if marker is None:
                assert np.all(np.isnan(many["force"][k, m])), (t, k, m)
            else:
                same(many["force"][k, m], marker["force"], (t, k, m, "force"))
                same(many["torque"][k, m], marker["torque"], (t, k, m, "torque"))
        if "cablePoints" in forces:
            same(many["cablePointForces"][k], forces["cablePoints"], (t, k, "cable"))
    assert set(many.get("outputs", {})) == set(r.get("outputs", {}))
    for name, values in r.get("outputs", {}).items():
        same(many["outputs"][name][k], values, (t, k, name))
    if "postNewtonStep" in many:
        p, q = r["postNewtonStep"], many["postNewtonStep"]
        same(q["data"][k], p["data"], (t, k, "pns data"))
        assert q["error"][k] == p["error"]
        step = q["recommendedStepSize"][k]
        assert (math.isnan(step) and p["recommendedStepSize"] is None) or \
            step == p["recommendedStepSize"]
        assert (q["warnings"][k] == 0) == (p["warnings"] == [])
        if "markerNumber1" in p:
            assert q["markerNumber1"][k] == p["markerNumber1"]
    for group in ("algebraicEquations", "jacobian", "jacobianVelocity"):
        assert (group in r) == (group in many), (t, group)
        for name, values in r.get(group, {}).items():
            same(many[group][name][k], values, (t, k, group, name))


def variants():
    out = []
    for t in mbconnect.types():
        kinds = getattr(mbconnect, t).marker_kinds
        forms = ["points", "element"] if "cable2d_shape" in kinds else [None]
        out += [(t, form) for form in forms]
    return out


@pytest.mark.parametrize("t,form", variants())
def test_evaluate_many_equals_evaluate_every_type(t, form):
    rng = np.random.default_rng(11)
    obj = configured(t)
    many_in, each = states(obj, rng, form)
    with_data(obj, many_in, each, rng)
    hooks = obj.hooks
    many = configured(t).evaluate_many(**many_in, forces="forces" in hooks,
                                       postNewtonStep="post_newton_step" in hooks)
    nonzero = 0
    for k in range(N):
        r = obj.evaluate(**each[k])
        check_equal(many, r, k, t)
        nonzero += any(np.any(np.nan_to_num(v)) for v in
                       [many.get("force", np.zeros((N, 1)))[k]] +
                       [o[k] for o in many.get("outputs", {}).values()])
    assert nonzero > N // 10, "the states must give nonzero forces or outputs"


def test_evaluate_many_cable_and_ale_errors():
    rng = np.random.default_rng(2)
    cable = configured("ContactFrictionCircleCable2D")
    many, _ = states(cable, rng, "points")
    # numberOfContactSegments = 4 fixes n + 1 = 5 points
    bad = dict(many, cablePoints=many["cablePoints"][:, :, :1])
    with pytest.raises(ValueError, match=r"^cablePoints: must have shape \(N, 5, 2\) with N = 60 "
                                         r"\(given \(60, 5, 1\)\)$"):
        cable.evaluate_many(**bad)
    bad = dict(many, cablePointVelocities=many["cablePointVelocities"][:, :3])
    with pytest.raises(ValueError, match=r"^cablePointVelocities: must have shape \(N, 5, 2\) "
                                         r"with N = 60 \(given \(60, 3, 2\)\)$"):
        cable.evaluate_many(**bad)
    bad = dict(many, position=np.zeros((N, 2, 3)))
    with pytest.raises(ValueError, match=r"^position: must have shape \(N, 1, 3\) "):
        cable.evaluate_many(**bad)
    with pytest.raises(ValueError, match="cablePoints .N, n\\+1, 2. or as ANCF elements"):
        cable.evaluate_many(position=many["position"], velocity=many["velocity"])
    with pytest.raises(TypeError, match="ContactFrictionCircleCable2D does not take cablesQ"):
        cable.evaluate_many(**many, cablesQ=np.zeros((N, 1, 8)))
    with pytest.raises(TypeError, match="^evaluate_many: ContactFrictionCircleCable2D does not "
                                        "take cableQ_t: it belongs to cableQ"):
        cable.evaluate_many(**many, cableQ_t=np.zeros((N, 8)))
    with pytest.raises(TypeError, match="does not take segments: it belongs to cableQ"):
        cable.evaluate_many(**many, segments=4)
    lengths = np.full(N, 2.0)
    lengths[7] = -1.0
    with pytest.raises(ValueError, match=r"^cableLength\[7\]: must be > 0 \(given -1\)$"):
        cable.evaluate_many(**dict(many, cableLength=lengths))
    with pytest.raises(ValueError, match=r"^cableLength: must be > 0 \(given 0\)$"):
        cable.evaluate_many(**dict(many, cableLength=0.0))
    points = many["cablePoints"].copy()
    points[17, 2, 1] = np.nan
    with pytest.raises(ValueError) as e:
        cable.evaluate_many(**dict(many, cablePoints=points))
    # the library's message (the flat index of the marker's points, from 0) and the state
    assert str(e.value) == ("ContactFrictionCircleCable2D: marker m1 points[5] must be finite, "
                            "given nan (state 17, force evaluation)"), str(e.value)

    elements, _ = states(cable, rng, "element")
    with pytest.raises(ValueError, match=r"^segments: must equal numberOfContactSegments = 4 "
                                         r"\(given 3\)$"):
        cable.evaluate_many(**dict(elements, segments=3))
    with pytest.raises(TypeError, match=r"^segments: must be a whole number \(given float\)$"):
        cable.evaluate_many(**dict(elements, segments=4.0))
    q = elements["cableQ"].copy()
    q[9, 6] = np.inf
    with pytest.raises(ValueError, match=r"^cableQ\[9, 6\]: must be finite \(given inf\)$"):
        cable.evaluate_many(**dict(elements, cableQ=q))
    q = elements["cableQ"].copy()
    q[3, 2:4] = 0  # a zero slope at point 0 with an offset: no offset direction
    with pytest.raises(ValueError, match=r"^verticalOffset: the slope of cableQ\[3\] is zero at a "
                                         r"point, so the offset direction is undefined"):
        cable.evaluate_many(**dict(elements, cableQ=q))
    with pytest.raises(ValueError, match=r"^verticalOffset\[0\]: must be 0 for an ALE cable"):
        cable.evaluate_many(**dict(elements, cableAle=np.zeros((N, 2))))

    joint = configured("JointALEMoving2D")
    many, _ = states(joint, rng, None)
    # slidingMarkerNumbers has 2 entries: 2 cables per state
    with pytest.raises(ValueError, match=r"^cablesQ: must have shape \(N, 2, 8\) "):
        joint.evaluate_many(**dict(many, cablesQ=np.zeros((N, 2, 7))))
    with pytest.raises(ValueError, match=r"^ale: must have shape \(N, 2\) with N = 60 "):
        joint.evaluate_many(**dict(many, ale=np.zeros((N, 3))))
    with pytest.raises(ValueError, match=r"^cableLengths: must have shape \(N, 2\) or \(2,\) "):
        joint.evaluate_many(**dict(many, cableLengths=[1.5]))
    with pytest.raises(ValueError, match=r"^cableLengths\[1\]: must be > 0 \(given -1.5\)$"):
        joint.evaluate_many(**dict(many, cableLengths=[1.5, -1.5]))
    with pytest.raises(TypeError, match=r"^cableLengths: must be a numpy array of numbers \(given "
                                        r"list containing NoneType\)$"):
        joint.evaluate_many(**dict(many, cableLengths=[1.5, None]))
    z = many["lagrangeMultipliers"].copy()
    z[42, 1] = np.inf
    with pytest.raises(ValueError) as e:
        joint.evaluate_many(**dict(many, lagrangeMultipliers=z))
    # outputs come before the algebraic equations, as in evaluate()
    assert str(e.value) == ("JointALEMoving2D: lagrange multipliers[1] must be finite, given inf "
                            "(state 42, output Position)"), str(e.value)
    with pytest.raises(ValueError) as e:
        joint.evaluate_many(**dict(many, lagrangeMultipliers=z), outputs=False)
    assert str(e.value).endswith("(state 42, algebraic equations)"), str(e.value)


@pytest.mark.parametrize("t,form", variants())
def test_evaluate_many_out_reuses_the_arrays(t, form):
    """out= takes an earlier result: the same arrays, filled with the new
    states' numbers (those of a call without out=); a result of another N
    is refused, naming the array."""
    rng = np.random.default_rng(5)
    obj = configured(t)
    many, _ = states(obj, rng, form)
    hooks = obj.hooks
    options = dict(postNewtonStep="post_newton_step" in hooks)
    first = configured(t).evaluate_many(**many, **options)
    other, _ = states(obj, rng, form)
    fresh = configured(t).evaluate_many(**other, **options)
    again = configured(t).evaluate_many(**other, **options, out=first)

    def leaves(d, path=()):
        for k, v in d.items():
            if isinstance(v, dict):
                yield from leaves(v, path + (k,))
            else:
                yield path + (k,), v

    arrays = dict(leaves(first))
    assert arrays, t
    for path, v in leaves(again):
        assert v is arrays[path], path  # the very array of `first`
    for path, v in leaves(fresh):
        assert np.array_equal(arrays[path], v, equal_nan=True), path
    half = {k: v[: N // 2] if isinstance(v, np.ndarray) and v.ndim and v.shape[0] == N
            and k not in ("cableLengths",) else v for k, v in other.items()}
    with pytest.raises(ValueError, match=r"^out\[.*\]: must be a writeable C-contiguous .* array "
                                         r"of shape \(30"):
        configured(t).evaluate_many(**half, **options, out=first)
