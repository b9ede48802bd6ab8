# SPDX-License-Identifier: BSD-3-Clause
"""Analytic references of the DEM verification benchmarks (docs/benchmarks.rst).

Everything here is independent of mbconnect and of LAMMPS: closed forms
(Hertz, the linear spring-dashpot, rigid-body impact with Coulomb friction,
rolling under a constant torque, a damped rocking oscillator, DMT and JKR)
and, where a damping model has no closed form, its equation of motion
integrated with SciPy to 1e-12.

Units are SI. A plane is a body of infinite mass and radius (mass None).
"""
import math

import numpy as np
from scipy.integrate import solve_ivp
from scipy.special import gamma

# ----------------------------------------------------------------- materials


def sphere_mass(density, radius):
    """m = rho 4/3 pi R^3 [kg]."""
    return density * 4.0 / 3.0 * math.pi * radius**3


def sphere_inertia(mass, radius):
    """Moment of inertia of a solid sphere, 2/5 m R^2 [kg m^2]."""
    return 0.4 * mass * radius**2


def effective_radius(ra, rb=None):
    """R* = ra rb / (ra + rb); a plane (rb None) gives ra."""
    return ra if rb is None else ra * rb / (ra + rb)


def effective_mass(ma, mb=None):
    """m* = ma mb / (ma + mb); a plane (mb None) gives ma."""
    return ma if mb is None else ma * mb / (ma + mb)


def effective_modulus(ea, nua, eb=None, nub=None):
    """E* = ((1 - nua^2)/Ea + (1 - nub^2)/Eb)^-1; a rigid plane (eb None)
    contributes nothing."""
    s = (1 - nua * nua) / ea
    if eb is not None:
        s += (1 - nub * nub) / eb
    return 1.0 / s


def effective_shear(ea, nua, eb=None, nub=None):
    """G* of Mindlin's no-slip stiffness 8 G* a:
    (2(2 - nua)(1 + nua)/Ea + 2(2 - nub)(1 + nub)/Eb)^-1."""
    s = 2 * (2 - nua) * (1 + nua) / ea
    if eb is not None:
        s += 2 * (2 - nub) * (1 + nub) / eb
    return 1.0 / s


# ------------------------------------------------------ Hertz, elastic impact

# t_c = 2 I delta_max / v, I = int_0^1 (1 - x^(5/2))^(-1/2) dx
#     = Gamma(2/5) Gamma(1/2) / (5/2 Gamma(9/10)) = 1.47164
HERTZ_DURATION_FACTOR = 2 * gamma(0.4) * gamma(0.5) / (2.5 * gamma(0.9))


def hertz_impact(mstar, rstar, estar, v):
    """Elastic Hertz impact at the relative normal speed v: F = 4/3 E*
    sqrt(R*) delta^(3/2). Returns the peak overlap, the peak force and the
    contact duration (Johnson, Contact Mechanics, 11.2):
    delta_max = (15 m* v^2 / (16 E* sqrt(R*)))^(2/5),
    t_c = 2.9432 delta_max / v = 2.8683 (m*^2 / (R* E*^2 v))^(1/5)."""
    k = 4.0 / 3.0 * estar * math.sqrt(rstar)
    delta_max = (15.0 * mstar * v * v / (16.0 * estar * math.sqrt(rstar))) ** 0.4
    return {
        "delta_max": delta_max,
        "force_max": k * delta_max**1.5,
        "duration": HERTZ_DURATION_FACTOR * delta_max / v,
    }


# ------------------------------------------------ damping models, restitution


def spring_dashpot_restitution(zeta):
    """Linear spring-dashpot (hooke with velocity or mass_velocity damping):
    e = exp(-pi zeta / sqrt(1 - zeta^2)), zeta = eta / (2 sqrt(m* k))."""
    return math.exp(-math.pi * zeta / math.sqrt(1.0 - zeta * zeta))


def spring_dashpot_zeta(e):
    """The damping ratio that gives e: zeta = -ln e / sqrt(pi^2 + ln^2 e)."""
    return -math.log(e) / math.sqrt(math.pi**2 + math.log(e) ** 2)


def tsuji_alpha(e):
    """LAMMPS's (and Tsuji et al. 1992's) fit of the damping coefficient
    alpha(e) of eta = alpha sqrt(m* k_n a)."""
    return (
        1.2728
        - 4.2783 * e
        + 11.087 * e**2
        - 22.348 * e**3
        + 27.467 * e**4
        - 18.022 * e**5
        + 4.8218 * e**6
    )


def normal_impact(mstar, v, elastic, eta, limit_damping=False):
    """Integrates m* d'' = -F_n, F_n = elastic(d) + eta(d) d' (d the overlap,
    d' > 0 approaching) from d = 0, d' = v until d returns to 0. With
    limit_damping F_n is never attractive. Returns the coefficient of
    restitution -d'(end)/v, the contact duration, the peak overlap and the
    peak force."""

    def force(d, dd):
        f = elastic(d) + eta(d) * dd
        return max(f, 0.0) if limit_damping else f

    def rhs(t, y):
        d = max(y[0], 0.0)
        return [y[1], -force(d, y[1]) / mstar]

    def ended(t, y):
        return y[0]

    ended.terminal = True
    ended.direction = -1
    # the scale of the overlap: elastic(d) d = m* v^2 (bisection in log d);
    # the contact ends long before 100 d / v
    lo, hi = 1e-30, 1e3
    for _ in range(200):
        mid = math.sqrt(lo * hi)
        lo, hi = (mid, hi) if elastic(mid) * mid < mstar * v * v else (lo, mid)
    t_end = 100.0 * hi / v
    for _ in range(4):  # a heavily damped contact lasts longer: extend
        sol = solve_ivp(
            rhs,
            (0.0, t_end),
            [0.0, v],
            method="DOP853",
            rtol=1e-12,
            atol=[1e-20, 1e-14 * v],
            events=ended,
            dense_output=True,
        )
        if len(sol.t_events[0]):
            break
        t_end *= 10.0
    else:
        raise ValueError("normal_impact: the contact does not end (overdamped)")
    # the event at t = 0 is excluded by the direction (d rises first)
    t_c = sol.t_events[0][0]
    v_end = sol.y_events[0][0][1]
    ts = np.linspace(0.0, t_c, 4001)
    ys = sol.sol(ts)
    forces = [force(max(d, 0.0), dd) for d, dd in zip(ys[0], ys[1])]
    return {
        "restitution": -v_end / v,
        "duration": t_c,
        "delta_max": float(np.max(ys[0])),
        "force_max": float(np.max(forces)),
    }


def hertz_elastic(k_n, rstar):
    """LAMMPS's hertz: F = k_n a delta, a = sqrt(R* delta)."""
    return lambda d: k_n * math.sqrt(rstar * d) * d


def hooke_elastic(k_n):
    return lambda d: k_n * d


def damping_eta(model, coeff, mstar, k_n, rstar, hertz=True):
    """eta(delta) of LAMMPS's damping words: velocity eta0; mass_velocity
    eta0 m*; viscoelastic eta0 a m*; tsuji alpha(e) sqrt(m* k), k = k_n a
    (hertz) or k_n (hooke)."""

    def a(d):
        return math.sqrt(rstar * d)

    if model == "velocity":
        return lambda d: coeff
    if model == "mass_velocity":
        return lambda d: coeff * mstar
    if model == "viscoelastic":
        return lambda d: coeff * a(d) * mstar
    if model == "tsuji":
        alpha = tsuji_alpha(coeff)
        if hertz:
            return lambda d: alpha * math.sqrt(mstar * k_n * a(d))
        return lambda d: alpha * math.sqrt(mstar * k_n)
    raise ValueError(model)


def liggghts_hertz_eta(e, mstar, ystar, rstar):
    """eta(delta) of LIGGGHTS 3.8's hertz (gran_model_hertz.txt): gamma_n =
    -2 sqrt(5/6) beta sqrt(S_n m*), S_n = 2 Y* sqrt(R* delta), beta =
    ln e / sqrt(ln^2 e + pi^2); Tsuji's form with the Hertz stiffness, whose
    integrated restitution is e (to 2e-12)."""
    beta = math.log(e) / math.sqrt(math.log(e) ** 2 + math.pi ** 2)
    return lambda d: -2.0 * math.sqrt(5.0 / 6.0) * beta * math.sqrt(2.0 * ystar * math.sqrt(rstar * d) * mstar)


# --------------------------------------- rigid-body impact, Coulomb friction


def oblique_impact(a, b, vn, vc, e, mu):
    """Impact of sphere a on sphere b (b = None: a fixed plane) in the plane
    of the normal and one tangent, as rigid bodies with a coefficient of
    restitution e and Coulomb friction mu (Maw, Barber and Fawcett 1976,
    Thornton et al.; Chung and Ooi 2011 use it for tests 4 to 8).

    a, b: dicts with mass, radius, inertia, vt (tangential center velocity)
    and omega (angular velocity about the axis normal to the plane, sign
    such that the contact point of a moves at vt - R omega; b's at
    vt + R omega). vn > 0: normal approach speed; vc: the initial slip
    velocity of a's contact point relative to b's.

    The normal impulse is P_n = m* (1 + e) vn; a tangential impulse P
    changes the slip by P (1/m* + R_a^2/I_a + R_b^2/I_b) (= 3.5 P / m* for
    solid spheres). The contact slides throughout (gross sliding) when
    stopping the slip needs more than mu P_n; then P = -mu P_n sign(vc),
    otherwise the slip ends at 0 (rigid, no tangential compliance).
    Returns the impulse, whether it slides, and the velocities after."""
    ma, ra, ia = a["mass"], a["radius"], a["inertia"]
    inv_k = 1.0 / ma + ra * ra / ia
    mb = None
    if b is not None:
        mb, rb, ib = b["mass"], b["radius"], b["inertia"]
        inv_k += 1.0 / mb + rb * rb / ib
    mstar = effective_mass(ma, mb)
    pn = mstar * (1.0 + e) * vn
    p_stick = -vc / inv_k
    sliding = abs(p_stick) > mu * pn
    p = -math.copysign(mu * pn, vc) if sliding else p_stick
    out = {
        "pn": pn,
        "pt": p,
        "sliding": sliding,
        "vn_after": -e * vn,
        "vt_a": a["vt"] + p / ma,
        "omega_a": a["omega"] - ra * p / ia,
        "slip_after": vc + p * inv_k,
    }
    if b is not None:
        out["vt_b"] = b["vt"] - p / mb
        out["omega_b"] = b["omega"] - rb * p / ib
    return out


def gross_sliding_threshold(e, mu):
    """Solid spheres slide throughout the impact when |vc| / vn >=
    3.5 mu (1 + e) (any masses and radii: the slip and the normal impulse
    both scale with m*)."""
    return 3.5 * mu * (1.0 + e)


# ------------------------------------------------------------------ rolling


def rolling_deceleration(mu_roll, g, rstar_over_r=1.0):
    """A solid sphere rolling without slip on a plane under the constant
    rolling torque mu_roll F_n R*: dv/dt = -(5/7) mu_roll g R*/R."""
    return 5.0 / 7.0 * mu_roll * g * rstar_over_r


def rocking(omega0, k_roll, gamma_roll, rstar, inertia, t):
    """The sds rolling spring-dashpot below its slider limit, the sphere's
    center held: I theta'' + gamma R*^2 theta' + k R*^2 theta = 0, theta(0)
    = 0, theta'(0) = omega0. Returns omega(t), the natural frequency and the
    decay rate sigma = gamma R*^2 / (2 I)."""
    wn = rstar * math.sqrt(k_roll / inertia)
    sigma = gamma_roll * rstar * rstar / (2.0 * inertia)
    wd = math.sqrt(wn * wn - sigma * sigma)
    t = np.asarray(t, dtype=float)
    omega = omega0 * np.exp(-sigma * t) * (np.cos(wd * t) - sigma / wd * np.sin(wd * t))
    return omega, wn, sigma


# ----------------------------------------------------------------- cohesion
# gamma is LAMMPS's surface energy density: the work of adhesion of two
# surfaces is w = 2 gamma, so DMT's pull-off 2 pi w R* = 4 pi gamma R* and
# JKR's 1.5 pi w R* = 3 pi gamma R*.


def dmt_force(delta, estar, rstar, gamma_s):
    """DMT (Derjaguin-Muller-Toporov): F = 4/3 E* sqrt(R*) delta^(3/2) -
    2 pi w R*, w = 2 gamma."""
    return 4.0 / 3.0 * estar * math.sqrt(rstar) * delta**1.5 - 4.0 * math.pi * gamma_s * rstar


def dmt_pulloff(rstar, gamma_s):
    return 4.0 * math.pi * gamma_s * rstar


def jkr_curve(estar, rstar, gamma_s, a):
    """JKR (Johnson-Kendall-Roberts) in the contact radius a:
    delta = a^2/R* - sqrt(2 pi w a / E*), F = 4 E* a^3 / (3 R*) -
    sqrt(8 pi w E* a^3), w = 2 gamma."""
    w = 2.0 * gamma_s
    a = np.asarray(a, dtype=float)
    delta = a * a / rstar - np.sqrt(2.0 * math.pi * w * a / estar)
    force = 4.0 * estar * a**3 / (3.0 * rstar) - np.sqrt(8.0 * math.pi * w * estar * a**3)
    return delta, force


def jkr_pulloff(rstar, gamma_s):
    """JKR's largest tensile force, 1.5 pi w R* = 3 pi gamma R*, at the
    contact radius a_c = (9 pi w R*^2 / (8 E*))^(1/3)."""
    return 3.0 * math.pi * gamma_s * rstar


def jkr_pulloff_radius(estar, rstar, gamma_s):
    return (9.0 * math.pi * 2.0 * gamma_s * rstar * rstar / (8.0 * estar)) ** (1.0 / 3.0)


# ------------------------------------------- a planar impact, the law itself


def planar_impact(a, b, vn, normal, tangential, velocity_arm="radius", torque_arm="midpoint", steps=4000):
    """A sphere a meeting sphere b (None: a fixed plane) in the plane of the
    normal and one tangent, with a contact law written out here from its
    documentation and integrated with small steps (semi-implicit Euler, the
    contact duration over `steps`, then Richardson extrapolation with twice
    the steps; the scheme is first order). The reference of a law where
    rigid-body theory is not exact: a tangential spring that takes time to
    reach the Coulomb limit (Mindlin's 8 G* a), the lever arm.

    a, b: dicts as oblique_impact's (mass, radius, inertia, vt, omega).
    normal(delta, ddelta) -> F_n, the normal force (> 0 repulsive) at the
    overlap and its rate. tangential: ("spring", k_t, mu) for
    ContactGranular's history models (F_t = -k_t a xi, xi += v_c dt, scaled
    back to mu |F_n|, a = sqrt(R* delta)) or ("regularized", mu, v_reg) for
    ContactSphereSphere (F_t = -mu |F_n| v_c / max(|v_c|, v_reg)).
    velocity_arm, torque_arm: "radius" (r) or "midpoint" (r - delta/2), the
    lever arms of the slip velocity and of the friction torque.
    Returns vt_a, omega_a (and vt_b, omega_b), vn_after (> 0 apart)."""
    r1 = _planar(a, b, vn, normal, tangential, velocity_arm, torque_arm, steps)
    r2 = _planar(a, b, vn, normal, tangential, velocity_arm, torque_arm, 2 * steps)
    return {k: 2.0 * r2[k] - r1[k] for k in r1}


def _planar(a, b, vn, normal, tangential, velocity_arm, torque_arm, steps):
    ra, ma, ia = a["radius"], a["mass"], a["inertia"]
    rb = b["radius"] if b else math.inf
    mstar = effective_mass(ma, b["mass"] if b else None)
    rstar = effective_radius(ra, b["radius"] if b else None)
    # the duration of the undamped Hertz impact sets the step
    d_scale = (15.0 / 16.0 * mstar * vn * vn / (normal(1e-6 * ra, 0.0) / (1e-6 * ra) ** 1.5)) ** 0.4
    dt = HERTZ_DURATION_FACTOR * d_scale / vn / steps
    delta, ddelta = 0.0, vn
    vta, wa = a["vt"], a["omega"]
    vtb, wb = (b["vt"], b["omega"]) if b else (0.0, 0.0)
    xi = 0.0
    started = False
    for _ in range(100 * steps):
        if started and delta <= 0.0:
            break
        started = True
        fn = normal(max(delta, 0.0), ddelta) if delta > 0.0 else 0.0
        half = 0.5 * delta if delta > 0.0 else 0.0
        arm_va = ra if velocity_arm == "radius" else ra - half
        arm_vb = (rb if velocity_arm == "radius" else rb - half) if b else 0.0
        arm_ta = ra if torque_arm == "radius" else ra - half
        arm_tb = (rb if torque_arm == "radius" else rb - half) if b else 0.0
        vc = (vta - vtb) - (arm_va * wa + arm_vb * wb)
        if delta <= 0.0:
            ft = 0.0
        elif tangential[0] == "spring":
            k = tangential[1] * math.sqrt(rstar * delta)
            xi += vc * dt
            ft = -k * xi
            limit = tangential[2] * abs(fn)
            if abs(ft) > limit:
                ft = math.copysign(limit, ft)
                xi = -ft / k
        else:
            ft = -tangential[1] * abs(fn) * vc / max(abs(vc), tangential[2])
        # the force on a: fn along +n, ft along the tangent
        ddelta -= fn / mstar * dt
        delta += ddelta * dt
        vta += ft / ma * dt
        wa += -arm_ta * ft / ia * dt
        if b:
            vtb += -ft / b["mass"] * dt
            wb += -arm_tb * ft / b["inertia"] * dt
    out = {"vt_a": vta, "omega_a": wa, "vn_after": -ddelta}
    if b:
        out.update(vt_b=vtb, omega_b=wb)
    return out
