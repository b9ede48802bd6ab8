/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactFrictionCircleCable2D: hooks forces, post_newton_step, outputs.
 *
 * Seed: ObjectContactFrictionCircleCable2D ("Connector forces: contact
 * geometry", "Contact frame and relative motion", "Contact forces:
 * definition", "PostNewtonStep", "Computation of connector forces in Newton",
 * "Computation of LHS terms"); physics-notes.md, section
 * ContactFrictionCircleCable2D, which overrides the seed where they differ.
 *
 * Units: SI (m, m/s, rad/s, N, N m). Marker m0 is the circle (rigid marker,
 * state.marker[0]), marker m1 the Cable2DShape marker (state.cable) with
 * n = numberOfContactSegments segments [p_i, p_{i+1}].
 *
 * Data layout (3 n values): data[i] = x_gap, data[n + i] = x_isSlipStick
 * (0 stick, +-1 slip, -2 undefined), data[2 n + i] = x_lastStick (m).
 *
 * Sign conventions:
 *  - n points FROM the circle center TO the closest point p_p of the segment,
 *    t = [-n_1, n_0] (physics-notes override of the seed's direction);
 *    fallbacks for zero distance / zero-length segments come from
 *    mbc_segment_closest_point.
 *  - The scalars f_n, f_t and the segment force f_s = f_n n + f_t t are in the
 *    seeds' LHS sign (f_n < 0 when pressed). Returned forces are PHYSICAL
 *    forces: cable point i gets -(1-rho) f_s, point i+1 gets -rho f_s (SN);
 *    the circle gets the negated sum of the cable point forces; the circle's
 *    torque (about z) is sum over contacting segments of r f_t (physical
 *    sign; the seed's tau_m0 = -sum r f_t in its LHS sign; physics-notes,
 *    decided 2026-11-25).
 *
 * Power and moments: the torque's arm r is the arm of the circle's
 * contact-point velocity v_c = v_m0 + r omega_z t, so the power of what the
 * circle receives is exactly f_s . v_c, the connector's power is
 * -(f_n v_n + f_t v_t) (SN) and friction stays dissipative. The cable
 * receives the force at p_p = p_m0 + (r + g) n, the circle at its surface
 * point p_m0 + r n: moments about the circle center therefore balance only
 * up to -g f_t per segment (SN) and -((1-rho) g_l + rho g_r) f_t (PWN, with
 * g_l,r = |p_i,i+1 - p_m0| - r), second order in the penetration for SN.
 * The forces balance exactly.

 * No allocation, no globals, no printing; reentrant.
 */
#include "mbconnect/generated/contact_friction_circle_cable2d.h"

#include "mbconnect/friction.h"
#include "mechanics/geometry_2d.h"
#include "mechanics/sticking.h"
#include "mbconnect/vec.h"

#include <assert.h>
#include <math.h>

typedef mbc_contact_friction_circle_cable2d_params cfcc_params;

/* Kinematics of one segment (seed "contact geometry" and "relative motion"). */
struct cfcc_segment {
    struct mbc_segment_closest cp; /* p_p, rho, distance, n, t */
    const double *p_i;             /* p_i (2) */
    const double *p_ip1;           /* p_{i+1} (2) */
    double gap;                    /* g = d_g - r, m */
    double v_n;                    /* (v_p - v_c).n, m/s */
    double v_t;                    /* (v_p - v_c).t, m/s */
    double f_n;                    /* k_c g + d_c v_n, N (LHS sign) */
};

/* What every hook assumes (mbconnect/state_check.h): the dispatch
 * (mbc_object_forces and the others) has checked the circle marker, the
 * cable marker with n = numberOfContactSegments segments, points, point
 * velocities and a reference length > 0, and the 3 n finite data
 * coordinates (and the start-of-step copy) once, and the parameters passed
 * validation (n >= 1, circleRadius > 0); a direct caller of a typed hook
 * guarantees the same. Asserted, not checked again. */
static void cfcc_assert_state(const cfcc_params *p, const mbc_state *s)
{
    assert(p != NULL && s != NULL);
    assert(p->numberOfContactSegments >= 1 && p->circleRadius > 0.0);
    assert(s->marker[0] != NULL && s->cable != NULL && s->cable->points != NULL &&
           s->cable->point_velocities != NULL);
    assert(s->cable->segment_count == (size_t)p->numberOfContactSegments);
    assert(s->data != NULL && s->data_start != NULL &&
           s->data_count == 3 * (size_t)p->numberOfContactSegments);
    (void)p;
    (void)s;
}

/* Stick/slip state stored as a double. Seed ("Computation of connector forces
 * in Newton"): |x| == 1 is slipping, -2 undefined, anything else sticking. */
static int cfcc_state(double x)
{
    if (x == 1.0)
        return MBC_SLIP_POSITIVE;
    if (x == -1.0)
        return MBC_SLIP_NEGATIVE;
    if (x == -2.0)
        return MBC_STICK_UNDEFINED;
    return MBC_STICK;
}

/* Geometry of segment i (seed: v_s, v_p, rho, p_p, d_g; g = d_g - r). */
static void cfcc_segment_geometry(const cfcc_params *p, const mbc_state *s, size_t i,
                                  struct cfcc_segment *e)
{
    const mbc_rigid_marker *c = s->marker[0];
    const double *pts = s->cable->points;
    const double pc[2] = {c->position[0], c->position[1]};
    e->p_i = pts + 2 * i;
    e->p_ip1 = pts + 2 * i + 2;
    mbc_segment_closest_point(e->p_i, e->p_ip1, pc, &e->cp);
    e->gap = e->cp.distance - p->circleRadius;
}

/* Relative velocities and normal force of a segment whose geometry is known.
 * Notes: circle contact point p_m0 + r n moves with v_c = v_m0 + r omega_z t
 * (omega_z = z of A omega_local); v_p = (1-rho) v_i + rho v_{i+1};
 * v_n = (v_p - v_c).n, v_t = (v_p - v_c).t; f_n = k_c g + d_c v_n. */
static void cfcc_segment_motion(const cfcc_params *p, const mbc_state *s, size_t i,
                                struct cfcc_segment *e)
{
    const mbc_rigid_marker *c = s->marker[0];
    const double *vel = s->cable->point_velocities;
    const double *A = c->rotation, *w = c->angular_velocity_local;
    const double omega_z = A[6] * w[0] + A[7] * w[1] + A[8] * w[2];
    const double r = p->circleRadius;
    const double *t = e->cp.tangent;
    const double rho = e->cp.rho;
    double dv[2];
    for (int k = 0; k < 2; ++k) {
        const double v_p = (1.0 - rho) * vel[2 * i + k] + rho * vel[2 * i + 2 + k];
        const double v_c = c->velocity[k] + r * omega_z * t[k];
        dv[k] = v_p - v_c;
    }
    e->v_n = mbc_dot2(dv, e->cp.normal);
    e->v_t = mbc_dot2(dv, t);
    e->f_n = p->contactStiffness * e->gap + p->contactDamping * e->v_n;
}

/* Geometry, relative velocities and normal force of segment i. */
static void cfcc_segment(const cfcc_params *p, const mbc_state *s, size_t i, struct cfcc_segment *e)
{
    cfcc_segment_geometry(p, s, i, e);
    cfcc_segment_motion(p, s, i, e);
}

/* Current sticking position x_curStick of the segment (notes "Sticking
 * position"; normalized into [-pi r, pi r)). */
static double cfcc_cur_stick(const cfcc_params *p, const mbc_state *s, const struct cfcc_segment *e)
{
    const double seg_len = s->cable->length / (double)p->numberOfContactSegments;
    return mbc_sticking_position(e->cp.normal, s->marker[0]->rotation, p->circleRadius, e->cp.rho,
                                 seg_len, s->cable->ale_coordinate, e->p_i, e->p_ip1, NULL);
}

/* Delta x_stick of force evaluation (seed Newton [II.1]-[II.2]): the current
 * minus the CURRENT data's last sticking position, normalized; 0 when
 * mu_k == 0 or the state is not sticking (undefined or slipping). */
static double cfcc_newton_delta(const cfcc_params *p, const mbc_state *s,
                                const struct cfcc_segment *e, size_t i)
{
    const size_t n = (size_t)p->numberOfContactSegments;
    if (p->frictionStiffness == 0.0 || cfcc_state(s->data[n + i]) != MBC_STICK)
        return 0.0;
    return mbc_sticking_difference(cfcc_cur_stick(p, s, e), s->data[2 * n + i], p->circleRadius);
}

/* Tangential force f_t of force evaluation (seed Newton [II.3], [III]):
 * slip: mu |f_n| x_isSlipStick; otherwise mu_v v_t + mu_k Delta x_stick. */
static double cfcc_newton_ft(const cfcc_params *p, const mbc_state *s, const struct cfcc_segment *e,
                             size_t i)
{
    const size_t n = (size_t)p->numberOfContactSegments;
    const double delta = cfcc_newton_delta(p, s, e, i);
    return mbc_friction_tangent_force_newton(cfcc_state(s->data[n + i]), e->v_t, delta, e->f_n,
                                             p->frictionCoefficient, p->frictionVelocityPenalty,
                                             p->frictionStiffness);
}

/* Unit vector from the circle center to the cable point q; falls back to the
 * segment contact normal when q coincides with the center (PWN only; the
 * seed leaves this case open, this fallback keeps the result finite). */
static void cfcc_point_normal(const double pc[2], const double q[2], const double fallback[2],
                              double nrm[2])
{
    const double d[2] = {q[0] - pc[0], q[1] - pc[1]};
    const double len = mbc_hypot2(d[0], d[1]);
    if (len > 0.0 && isfinite(len)) {
        nrm[0] = d[0] / len;
        nrm[1] = d[1] / len;
    } else {
        nrm[0] = fallback[0];
        nrm[1] = fallback[1];
    }
}

/* Physical forces (seed "Computation of LHS terms", sign per physics-notes).
 *
 * For every segment i with data gap x_i <= 0 (the active set is read from the
 * data, never switched here):
 *   f_n = k_c g + d_c v_n, f_t from the data stick/slip state (see
 *   cfcc_newton_ft), both in the seed's LHS sign;
 *   SN:  f_s = f_n n + f_t t;  F_i += -(1-rho) f_s,  F_{i+1} += -rho f_s;
 *   PWN: f^l = f_n n_l + f_t t_l, f^r = f_n n_r + f_t t_r with
 *        n_l,r = (p_{i,i+1} - p_m0)/|.|, t = [-n_1, n_0];
 *        F_i += -(1-rho) f^l,  F_{i+1} += -rho f^r.
 * Circle (marker 0): force = -(sum of all cable point forces) [N], z = 0;
 * torque = [0, 0, sum r f_t] [N m] (seed tau_m0, physical sign; see the
 * file comment for the moment balance). Marker 1 force/torque entries are 0
 * (the cable's loads are the point forces, 2(n+1) values in N).
 * activeConnector == false: everything zero. */
mbc_status mbc_contact_friction_circle_cable2d_forces(const cfcc_params *p, const mbc_state *s,
                                                      mbc_forces *out, mbc_error *err)
{
    (void)err; /* no error: the boundary checked the inputs */
    cfcc_assert_state(p, s);
    const size_t n = (size_t)p->numberOfContactSegments;
    assert(out != NULL && out->cable_point_forces != NULL && out->cable_point_count == n + 1);
    for (int m = 0; m < 2; ++m) {
        for (int k = 0; k < 3; ++k) {
            out->force[m][k] = 0.0;
            out->torque[m][k] = 0.0;
        }
    }
    double *F = out->cable_point_forces;
    for (size_t k = 0; k < 2 * (n + 1); ++k)
        F[k] = 0.0;
    if (!p->activeConnector)
        return MBC_OK;

    const double pc[2] = {s->marker[0]->position[0], s->marker[0]->position[1]};
    double torque = 0.0;
    for (size_t i = 0; i < n; ++i) {
        if (!(s->data[i] <= 0.0))
            continue;
        struct cfcc_segment e;
        cfcc_segment(p, s, i, &e);
        const double f_t = cfcc_newton_ft(p, s, &e, i);
        const double rho = e.cp.rho;
        double fl[2], fr[2];
        if (p->useSegmentNormals) {
            for (int k = 0; k < 2; ++k)
                fl[k] = fr[k] = e.f_n * e.cp.normal[k] + f_t * e.cp.tangent[k];
        } else {
            double nl[2], nr[2];
            cfcc_point_normal(pc, e.p_i, e.cp.normal, nl);
            cfcc_point_normal(pc, e.p_ip1, e.cp.normal, nr);
            const double tl[2] = {-nl[1], nl[0]};
            const double tr[2] = {-nr[1], nr[0]};
            for (int k = 0; k < 2; ++k) {
                fl[k] = e.f_n * nl[k] + f_t * tl[k];
                fr[k] = e.f_n * nr[k] + f_t * tr[k];
            }
        }
        for (int k = 0; k < 2; ++k) {
            const double a = (1.0 - rho) * fl[k];
            const double b = rho * fr[k];
            F[2 * i + k] -= a;
            F[2 * i + 2 + k] -= b;
            out->force[0][k] += a + b;
        }
        torque += p->circleRadius * f_t;
    }
    out->torque[0][2] = torque;
    return MBC_OK;
}

/* Per-call quantities of the PostNewtonStep segment loop, computed once per
 * call (each is the value the per-segment helpers above compute, same bits). */
struct cfcc_pns_call {
    double pc[2];   /* circle center p_m0 (m) */
    double vc[2];   /* circle center velocity v_m0 (m/s) */
    double r;       /* circle radius (m) */
    double r_omega; /* r omega_z (m/s), omega_z = z of A omega_local */
    double seg_len; /* L / n (m), segment length of the sticking position */
    double period;  /* 2 pi |r| (m), period of the sticking positions */
};

/* The new stick/slip state, x_lastStick and error part of one segment in
 * case [II] of PostNewtonStep (contact and friction). d = p_p - p_m0 with
 * dist = |d| and gap = dist - r from the gap evaluation, rho of p_p. The
 * operations are those of cfcc_segment_motion, cfcc_cur_stick and the
 * friction/sticking functions, in the same order (same results to the bit),
 * without recomputing the closest point, the distance or the per-call
 * quantities. Returns the new state; *last_io holds x_lastStick at the start
 * of the step on entry and the new x_lastStick on return. */
static int cfcc_pns_contact(const cfcc_params *p, const struct cfcc_pns_call *c, const mbc_state *s,
                            size_t i, const double d[2], double dist, double gap, double rho,
                            double *last_io, double *error, unsigned *warnings)
{
    const size_t n = (size_t)p->numberOfContactSegments;
    const double *p_i = s->cable->points + 2 * i;
    const double *p_ip1 = p_i + 2;
    const double mu = p->frictionCoefficient;
    const double mu_v = p->frictionVelocityPenalty;
    const double mu_k = p->frictionStiffness;
    const double last_start = *last_io;
    const int state_prev = cfcc_state(s->data[n + i]);
    const int state_start = cfcc_state(s->data_start[n + i]);

    /* contact frame (mbc_segment_closest_finish) */
    double nrm[2];
    (void)mbc_segment_normal_inline(d, dist, p_i, p_ip1, nrm);
    const double t[2] = {-nrm[1], nrm[0]};

    /* relative velocity and normal force (cfcc_segment_motion) */
    const double *vel = s->cable->point_velocities + 2 * i;
    double dv[2];
    for (int k = 0; k < 2; ++k) {
        const double v_p = (1.0 - rho) * vel[k] + rho * vel[2 + k];
        const double v_c = c->vc[k] + c->r_omega * t[k];
        dv[k] = v_p - v_c;
    }
    const double v_n = mbc_dot2(dv, nrm);
    const double v_t = mbc_dot2(dv, t);
    const double f_n = p->contactStiffness * gap + p->contactDamping * v_n;

    /* sticking positions (cfcc_cur_stick, mbc_sticking_difference) */
    const double x_cur =
        (mu_k != 0.0)
            ? mbc_sticking_position_period(nrm, s->marker[0]->rotation, c->r, rho, c->seg_len,
                                           s->cable->ale_coordinate, p_i, p_ip1, c->period, NULL)
            : 0.0;
    const double delta = (state_start == MBC_STICK_UNDEFINED || mu_k == 0.0)
                             ? 0.0
                             : mbc_sticking_normalize_period(x_cur - last_start, c->period);

    double f_t, f_t_lin;
    const int state =
        mbc_coulomb_stick_slip_inline(v_t, delta, f_n, mu, mu_v, mu_k, &f_t, &f_t_lin);
    double last;
    if (state == MBC_STICK)
        last = (state_start == MBC_STICK_UNDEFINED) ? x_cur : last_start;
    else
        last = mbc_slip_last_sticking_position_inline(x_cur, state, mu, f_n, mu_k);
    const double last_norm = mbc_sticking_normalize_period(last, c->period);
    if (last_norm != last) {
        last = last_norm;
        *warnings |= MBC_WARN_STICK_OUT_OF_RANGE;
    }
    if (state != state_prev)
        *error += fabs(fabs(f_t_lin) - mu * fabs(f_n));
    *last_io = last;
    return state;
}

/* PostNewtonStep (seed "PostNewtonStep" [I]-[IV], physics-notes "PostNewtonStep
 * details"). Writes the complete new current data:
 *  [I]   x_gap = g (m) for every segment.
 *  [II]  g <= 0 and (mu_v != 0 or mu_k != 0):
 *        x_curStick (only evaluated when mu_k != 0, else 0);
 *        Delta = normalize(x_curStick - x_lastStick^startOfStep), 0 when the
 *        start-of-step state is undefined (-2) or mu_k == 0;
 *        f_t,lin = mu_v v_t + mu_k Delta;
 *        stick (|f_t,lin| <= mu |f_n|): state 0, x_lastStick = start-of-step
 *          value, or x_curStick when the start-of-step state was undefined;
 *        slip: state s = Sign(f_t,lin) (the trial force's direction,
 *          physics-notes 2026-11-25, not the seed's Sign(Delta)),
 *          x_lastStick = x_curStick - s mu |f_n| / mu_k (x_curStick if mu_k == 0).
 *        A stored x_lastStick outside [-pi r, pi r) is renormalized (same value
 *        modulo 2 pi r, so every normalized Delta is unchanged) and
 *        MBC_WARN_STICK_OUT_OF_RANGE is set.
 *  [III] otherwise: state -2 (undefined); x_lastStick keeps its start-of-step
 *        value (unused while undefined).
 *  [IV]  error (N) = sum over segments of
 *        k_c |g - x_gap,prev| when (x_gap,prev <= 0) != (g <= 0), plus
 *        | |f_t,lin| - mu |f_n| | when a segment in case [II] changed its state
 *        w.r.t. the previous PostNewtonStep (= the current data on entry).
 *        (A contact that opens contributes through the gap term only.)
 * "Contact" is g <= 0 here, like x_gap <= 0 in force evaluation (the seed's
 * "< 0" / "> 0" leave g == 0 open). No recommended step size (-1).
 * activeConnector == false: data copied unchanged, error 0. */
mbc_status mbc_contact_friction_circle_cable2d_post_newton_step(const cfcc_params *p,
                                                                const mbc_state *s,
                                                                mbc_post_newton *out,
                                                                mbc_error *err)
{
    (void)err; /* no error: the boundary checked the inputs */
    assert(out != NULL && out->data != NULL);
    cfcc_assert_state(p, s);
    const size_t n = (size_t)p->numberOfContactSegments;
    out->error = 0.0;
    out->recommended_step = -1.0;
    out->warnings = 0u;
    out->marker_number1 = MBC_INVALID_INDEX;
    if (!p->activeConnector) {
        for (size_t k = 0; k < 3 * n; ++k)
            out->data[k] = s->data[k];
        return MBC_OK;
    }

    /* One pass over the segments: closest point, distance and gap once per
     * segment (the unused rho_raw costs nothing: its division is dropped),
     * contact frame, velocities and sticking only where in contact; the
     * per-call quantities once, in c. Same operations in the same order as
     * the per-segment helpers and the exported functions (same bits). */
    const mbc_rigid_marker *circle = s->marker[0];
    const double *A = circle->rotation, *w = circle->angular_velocity_local;
    const double omega_z = A[6] * w[0] + A[7] * w[1] + A[8] * w[2];
    struct cfcc_pns_call c;
    c.pc[0] = circle->position[0];
    c.pc[1] = circle->position[1];
    c.vc[0] = circle->velocity[0];
    c.vc[1] = circle->velocity[1];
    c.r = p->circleRadius;
    c.r_omega = c.r * omega_z;
    c.seg_len = s->cable->length / (double)p->numberOfContactSegments;
    c.period = mbc_sticking_period(c.r);
    const int friction = (p->frictionVelocityPenalty != 0.0 || p->frictionStiffness != 0.0);
    const double k_c = p->contactStiffness;
    const double *points = s->cable->points;
    const double *gap_prev = s->data, *last_start = s->data_start + 2 * n;
    double *data = out->data;
    double error = 0.0;
    unsigned warnings = 0u;
    for (size_t i = 0; i < n; ++i) {
        /* [I] closest point and gap (mbc_segment_closest_point's distance) */
        const double *p_i = points + 2 * i;
        double closest[2], rho_raw, rho;
        (void)mbc_segment_closest_raw(p_i, p_i + 2, c.pc, closest, &rho_raw, &rho);
        const double d[2] = {closest[0] - c.pc[0], closest[1] - c.pc[1]};
        const double dist = mbc_hypot2(d[0], d[1]);
        const double gap = dist - c.r;

        /* [II] contact with friction; [III] otherwise */
        double last = last_start[i];
        int state = MBC_STICK_UNDEFINED;
        if (gap <= 0.0 && friction)
            state = cfcc_pns_contact(p, &c, s, i, d, dist, gap, rho, &last, &error, &warnings);
        /* [IV] gap part of the error */
        if ((gap_prev[i] <= 0.0) != (gap <= 0.0))
            error += k_c * fabs(gap - gap_prev[i]);
        data[i] = gap;
        data[n + i] = (double)state;
        data[2 * n + i] = last;
    }
    out->error = error;
    out->warnings = warnings;
    return MBC_OK;
}

/* Energy books of segment i whose data gap x_i <= 0 (add into books):
 *   books[0] += k_c g^2 / 2 + (sticking) mu_k Delta^2 / 2   (J),
 *   books[1] += d_c v_n^2                                     (W),
 *   books[2] += sticking or undefined: mu_v v_t^2; slipping: f_t v_t (W).
 * The power the connector takes from the bodies is f_n v_n + f_t v_t (SN,
 * LHS sign) = dE/dt + P_n + P_t with dg/dt = v_n and dDelta/dt = v_t. */
static void cfcc_segment_books(const cfcc_params *p, const mbc_state *s,
                               const struct cfcc_segment *e, size_t i, double books[3])
{
    const size_t n = (size_t)p->numberOfContactSegments;
    const int state = cfcc_state(s->data[n + i]);
    const double f_t = cfcc_newton_ft(p, s, e, i);
    books[0] += 0.5 * p->contactStiffness * e->gap * e->gap;
    books[1] += p->contactDamping * e->v_n * e->v_n;
    if (state == MBC_SLIP_POSITIVE || state == MBC_SLIP_NEGATIVE) {
        books[2] += f_t * e->v_t;
    } else {
        const double delta = cfcc_newton_delta(p, s, e, i);
        books[0] += 0.5 * p->frictionStiffness * delta * delta;
        books[2] += p->frictionVelocityPenalty * e->v_t * e->v_t;
    }
}

/* The connector's energy books (cfcc_segment_books summed over the segments
 * with data gap <= 0; zero when activeConnector == false): out[0] = stored
 * energy (J), out[1] = P_n, out[2] = P_t (W). */
static void cfcc_books(const cfcc_params *p, const mbc_state *s, double books[3])
{
    books[0] = books[1] = books[2] = 0.0;
    if (!p->activeConnector)
        return;
    for (size_t i = 0; i < (size_t)p->numberOfContactSegments; ++i) {
        if (!(s->data[i] <= 0.0))
            continue;
        struct cfcc_segment e;
        cfcc_segment(p, s, i, &e);
        cfcc_segment_books(p, s, &e, i, books);
    }
}

/* The bristle's jumps over the step (the output EnergyFlows, W; 0 without a
 * step, dt == 0, or without bristles, mu_k == 0). The books hold the bristle
 * mu_k Delta^2/2 only while a segment sticks, so its energy enters them in
 * the step where a slipping segment sticks again (the slipping PostNewtonStep
 * left x_lastStick mu |f_n|/mu_k behind the sticking position) and leaves
 * them where a sticking one slips or its contact opens. Each jump is the
 * bristle at the start of the step, Delta_0 = Delta - v_t dt (dDelta/dt =
 * v_t, second order in dt), with the x_lastStick it sticks with:
 *   flows[0] (stick, into the books) += mu_k Delta_0^2 / (2 dt) for a
 *     segment in contact that sticks now and slipped at the start of the
 *     step, Delta from the current data;
 *   flows[1] (slip, out of the books)  += mu_k Delta_0^2 / (2 dt) for a
 *     segment that stuck in contact at the start of the step and does not
 *     stick now, Delta from the start-of-step x_lastStick. */
static void cfcc_flows(const cfcc_params *p, const mbc_state *s, double flows[2])
{
    flows[0] = flows[1] = 0.0;
    const size_t n = (size_t)p->numberOfContactSegments;
    const double dt = s->dt, mu_k = p->frictionStiffness;
    if (!p->activeConnector || !(dt > 0.0) || mu_k == 0.0 || s->data_start == s->data)
        return;
    for (size_t i = 0; i < n; ++i) {
        const int now = cfcc_state(s->data[n + i]), start = cfcc_state(s->data_start[n + i]);
        const int slipped = start == MBC_SLIP_POSITIVE || start == MBC_SLIP_NEGATIVE;
        const int stuck = start == MBC_STICK && s->data_start[i] <= 0.0;
        double last;
        int k;
        if (now == MBC_STICK && slipped && s->data[i] <= 0.0) {
            last = s->data[2 * n + i];
            k = 0;
        } else if (now != MBC_STICK && stuck) {
            last = s->data_start[2 * n + i];
            k = 1;
        } else {
            continue;
        }
        struct cfcc_segment e;
        cfcc_segment(p, s, i, &e);
        const double delta0 =
            mbc_sticking_difference(cfcc_cur_stick(p, s, &e), last, p->circleRadius) - e.v_t * dt;
        flows[k] += 0.5 * mu_k * delta0 * delta0 / dt;
    }
}

/* Energy books outputs: StoredEnergy [E] (J), DissipatedPower [P_n + P_t +
 * P_slip - P_stick], DissipatedPowerParts [P_n, P_t], EnergyFlows [P_stick,
 * P_slip] (W); see cfcc_books and cfcc_flows. */
static void cfcc_books_output(const cfcc_params *p, const mbc_state *s, size_t var, double *out)
{
    double books[3], flows[2];
    if (var == MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_ENERGY_FLOWS) {
        cfcc_flows(p, s, out);
        return;
    }
    cfcc_books(p, s, books);
    if (var == MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_STORED_ENERGY) {
        out[0] = books[0];
    } else if (var == MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_DISSIPATED_POWER) {
        cfcc_flows(p, s, flows);
        out[0] = (books[1] + books[2]) + (flows[1] - flows[0]);
    } else {
        out[0] = books[1];
        out[1] = books[2];
    }
}

/* Output variables, 2 values per segment, zero where the data gap x_i > 0:
 *  Coordinates   [Delta x_stick (m), g (m)]: Delta x_stick as in force
 *                evaluation, i.e. non-zero only while sticking (state 0) with
 *                mu_k != 0; g = current geometric gap d_g - r.
 *  Coordinates_t [v_t, v_n] (m/s), relative velocity cable minus circle
 *                contact point in the contact frame.
 *  ForceLocal    [f_t, f_n] (N), seed's LHS sign (f_n < 0 when pressed);
 *                zero when activeConnector == false (no forces act).
 *  StoredEnergy, DissipatedPower, DissipatedPowerParts, EnergyFlows: the
 *                energy books (cfcc_books, cfcc_flows). */
mbc_status mbc_contact_friction_circle_cable2d_outputs(const cfcc_params *p, const mbc_state *s,
                                                       size_t var, double *out, size_t size,
                                                       mbc_error *err)
{
    (void)err; /* no error: mbc_object_output checked the variable and the size */
    cfcc_assert_state(p, s);
    const size_t n = (size_t)p->numberOfContactSegments;
    assert(var < MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COUNT && out != NULL);
    if (var >= MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_STORED_ENERGY) {
        assert(size == (var == MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_DISSIPATED_POWER_PARTS ||
                                var == MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_ENERGY_FLOWS
                            ? 2u
                            : 1u));
        (void)size;
        cfcc_books_output(p, s, var, out);
        return MBC_OK;
    }
    assert(size == 2 * n);
    (void)size;
    for (size_t i = 0; i < n; ++i) {
        double a = 0.0, b = 0.0;
        if (s->data[i] <= 0.0) {
            struct cfcc_segment e;
            cfcc_segment(p, s, i, &e);
            if (var == MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES) {
                a = cfcc_newton_delta(p, s, &e, i);
                b = e.gap;
            } else if (var == MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES_T) {
                a = e.v_t;
                b = e.v_n;
            } else if (p->activeConnector) {
                a = cfcc_newton_ft(p, s, &e, i);
                b = e.f_n;
            }
        }
        out[2 * i] = a;
        out[2 * i + 1] = b;
    }
    return MBC_OK;
}
