/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactConvexRoll: hooks initialize, forces, post_newton_step, outputs and
 * the parameter check mbc_convex_roll_check_hull.
 *
 * Specification: seed ObjectContactConvexRoll.rst as amended by
 * physics-notes.md, section "ContactConvexRoll".
 *
 * Units: SI (m, m/s, rad/s, N, N m). Vectors are global. Marker m0 is the
 * ground: the plane z = p_m0,z with normal e_z (translating, not rotating);
 * marker m1 is the roll center, its local x axis the roll axis. Forces and
 * torques returned are the physical ones acting ON each marker.
 *
 * Hull r(x) = sum_i k_i x^(n_p-1-i), x in [-L/2, L/2] (coefficientsHull).
 * Contact point p_C: lowest hull point (convex_hull.h, mbc_hull_lowest_point).
 * Gap g = p_C,z - p_m0,z. Material contact-point velocity
 * v_mat = v_m1 + omega x (p_C - p_m1), omega = A omega_local.
 *
 * Data coordinates x = [slip lateral, slip longitudinal, gap] (spec data
 * layout). Force evaluation never switches: contact is active iff x_2 <= 0.
 */
#include "mbconnect/generated/contact_convex_roll.h"

#include "mechanics/convex_hull.h"
#include "mbconnect/friction.h"
#include "mbconnect/vec.h"

#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* Data layout of specs/ContactConvexRoll.lua. */
enum {
    CR_DATA_SLIP_LATERAL = 0,
    CR_DATA_SLIP_LONGITUDINAL = 1,
    CR_DATA_GAP = 2,
    CR_DATA_COUNT = 3
};

/* Samples of r'' for the convexity check (notes: "sampled densely"). */
#define CR_CONVEXITY_SAMPLES 1001

/* Geometry and kinematics of the roll at one state. */
typedef struct cr_contact {
    int valid;         /* 0: roll axis vertical, model does not apply */
    int warnings;      /* MBC_WARN_* */
    double p_c[3];     /* contact point p_C, m */
    double r_c[3];     /* p_C - p_m1, m */
    double v_mat[3];   /* material velocity of the roll at p_C, m/s */
    double v_trail[3]; /* A (omega_local x p_local), seed v_C, m/s */
    double gap;        /* p_C,z - p_m0,z, m */
    double v_gap;      /* v_mat,z - v_m0,z, m/s */
    double v_s[3];     /* slip velocity: tangential part of v_mat, m/s */
} cr_contact;

/* Hull coefficients as (pointer, int count) for convex_hull.h. */
static mbc_status cr_hull(const mbc_contact_convex_roll_params *p, int *n, mbc_error *err)
{
    if (p->coefficientsHull == NULL || p->coefficientsHull_count == 0) {
        return mbc_fail_param(err, MBC_ERR_SIZE, "ContactConvexRoll", "coefficientsHull", 0,
                              "needs at least 1 coefficient, given 0");
    }
    if (p->coefficientsHull_count > (size_t)INT_MAX) {
        return mbc_fail_param(err, MBC_ERR_SIZE, "ContactConvexRoll", "coefficientsHull", 0,
                              "%zu coefficients", p->coefficientsHull_count);
    }
    *n = (int)p->coefficientsHull_count;
    return MBC_OK;
}

/* What every hook assumes (mbconnect/state_check.h): the dispatch has
 * checked both rigid markers and the 3 finite data coordinates (and the
 * start-of-step copy) once, and the parameters passed validation (the hull
 * with mbc_convex_roll_check_hull); a direct caller of a typed hook
 * guarantees the same. Asserted, not checked again. */
static void cr_assert_state(const mbc_contact_convex_roll_params *p, const mbc_state *s)
{
    assert(p != NULL && s != NULL);
    assert(p->coefficientsHull != NULL && p->coefficientsHull_count > 0 &&
           p->coefficientsHull_count <= (size_t)INT_MAX);
    assert(s->marker[0] != NULL && s->marker[1] != NULL);
    assert(s->data != NULL && s->data_start != NULL && s->data_count == CR_DATA_COUNT);
    (void)p;
    (void)s;
}

/* Contact point and velocities (notes, "Contact point", "Normal force", "Slip"):
 * p_C from the lowest-point search, v_mat = v_m1 + omega x (p_C - p_m1),
 * v_s = v_mat - (v_mat . e_z) e_z, v_trail = A (omega_local x p_local).
 * Vertical axis (rho_d < 1e-12): valid = 0, MBC_WARN_AXIS_VERTICAL, all zero. */
static void cr_contact_eval(const mbc_contact_convex_roll_params *p, const mbc_state *s,
                            cr_contact *c)
{
    const int n = (int)p->coefficientsHull_count; /* validated: 1 .. INT_MAX */
    const mbc_rigid_marker *m0 = s->marker[0];
    const mbc_rigid_marker *m1 = s->marker[1];
    struct mbc_hull_contact h;
    const mbc_status hull_st = mbc_hull_lowest_point(p->coefficientsHull, n, p->rollLength,
                                                     m1->rotation, m1->position, &h);
    c->warnings = 0;
    if (h.warnings & MBC_WARN_HULL_NOT_CONVERGED)
        c->warnings |= MBC_WARN_HULL_NOT_CONVERGED;
    for (int i = 0; i < 3; ++i) {
        c->p_c[i] = 0.0;
        c->r_c[i] = 0.0;
        c->v_mat[i] = 0.0;
        c->v_trail[i] = 0.0;
        c->v_s[i] = 0.0;
    }
    c->gap = 0.0;
    c->v_gap = 0.0;
    if (hull_st != MBC_OK) {
        c->valid = 0;
        c->warnings |= MBC_WARN_AXIS_VERTICAL;
        return;
    }
    c->valid = 1;
    double omega[3], w_r[3], wl_pl[3];
    mbc_mat3_mul(m1->rotation, m1->angular_velocity_local, omega);
    for (int i = 0; i < 3; ++i) {
        c->p_c[i] = h.p_global[i];
        c->r_c[i] = h.p_global[i] - m1->position[i];
    }
    mbc_cross3(omega, c->r_c, w_r);
    mbc_cross3(m1->angular_velocity_local, h.p_local, wl_pl);
    mbc_mat3_mul(m1->rotation, wl_pl, c->v_trail);
    for (int i = 0; i < 3; ++i)
        c->v_mat[i] = m1->velocity[i] + w_r[i];
    c->gap = c->p_c[2] - m0->position[2];
    c->v_gap = c->v_mat[2] - m0->velocity[2];
    c->v_s[0] = c->v_mat[0];
    c->v_s[1] = c->v_mat[1];
    c->v_s[2] = 0.0;
}

/* Force on the roll (N) for the active set in `data` (notes):
 *   zero unless data[2] <= 0 and the model applies;
 *   f_N = -k_c g - d_c (v_mat,z - v_m0,z)  (along +e_z),
 *   f_s = -mu(|v_s|) |f_N| v_s / |v_s|  (0 when |v_s| = 0), mu = Stribeck;
 *   F = f_N e_z + f_s. */
static void cr_force_roll(const mbc_contact_convex_roll_params *p, const cr_contact *c,
                          const double *data, double f[3])
{
    f[0] = f[1] = f[2] = 0.0;
    if (!p->activeConnector || !c->valid || !(data[CR_DATA_GAP] <= 0.0))
        return;
    const double f_n = -p->contactStiffness * c->gap - p->contactDamping * c->v_gap;
    const double v = mbc_norm3(c->v_s);
    double mu_over_v = 0.0; /* mu(|v_s|) / |v_s|, s/m */
    if (v > 0.0) {
        const struct mbc_stribeck_params sp = {
            .mu_d = p->dynamicFriction,
            .mu_s_off = p->staticFrictionOffset,
            .mu_v = p->viscousFriction,
            .v_exp = p->exponentialDecayStatic,
            .v_reg = p->frictionProportionalZone,
        };
        if (v <= sp.v_reg) {
            /* regularized branch mu = mu_s v / v_reg: divide analytically */
            mu_over_v = (sp.mu_d + sp.mu_s_off) / sp.v_reg;
        } else {
            mu_over_v = mbc_stribeck(v, &sp, NULL) / v;
        }
        if (!isfinite(mu_over_v))
            mu_over_v = 0.0;
    }
    const double a = fabs(f_n) * mu_over_v;
    f[0] = -a * c->v_s[0];
    f[1] = -a * c->v_s[1];
    f[2] = f_n;
}

/* Torques (N m) for the force F on the roll applied at p_C:
 *   on the roll   tau_1 = (p_C - p_m1) x F            (seed, torque equation);
 *   on the ground tau_0 = -(p_C - p_m0) x F           (force -F applied at p_C),
 * so F_0 + F_1 = 0 and tau_0 + tau_1 + p_m0 x F_0 + p_m1 x F_1 = 0. */
static void cr_torques(const cr_contact *c, const mbc_state *s, const double f[3], double tau0[3],
                       double tau1[3])
{
    double r0[3], t[3];
    for (int i = 0; i < 3; ++i)
        r0[i] = c->p_c[i] - s->marker[0]->position[i];
    mbc_cross3(c->r_c, f, tau1);
    mbc_cross3(r0, f, t);
    for (int i = 0; i < 3; ++i)
        tau0[i] = -t[i];
}

/* Parameter check of coefficientsHull (rules.check): the hull must be convex
 * as a body of revolution, r''(x) <= 0 on [-L/2, L/2], sampled at 1001 points
 * (notes; r'' = 0, a cylinder or cone, is allowed), and a radius, r(x) > 0
 * on [-L/2, L/2] (a concave r is smallest at an end, so the ends decide).
 * MBC_ERR_VALUE otherwise. */
mbc_status mbc_convex_roll_check_hull(const mbc_contact_convex_roll_params *p, mbc_error *err)
{
    if (p == NULL)
        return mbc_fail(err, MBC_ERR_INPUT, "ContactConvexRoll: NULL parameters");
    int n = 0;
    mbc_status st = cr_hull(p, &n, err);
    if (st != MBC_OK)
        return st;
    for (int i = 0; i < n; ++i) {
        if (!isfinite(p->coefficientsHull[i])) {
            return mbc_fail_param(err, MBC_ERR_VALUE, "ContactConvexRoll", "coefficientsHull", 0,
                                  "coefficient %d must be finite, "
                                  "given %g",
                                  i, p->coefficientsHull[i]);
        }
    }
    double x_bad = 0.0;
    if (!mbc_hull_is_convex(p->coefficientsHull, n, p->rollLength, CR_CONVEXITY_SAMPLES, &x_bad)) {
        const double rpp = mbc_poly_eval_derivative(p->coefficientsHull, n, 2, x_bad);
        return mbc_fail_param(err, MBC_ERR_VALUE, "ContactConvexRoll", "coefficientsHull", 0,
                              "hull must be convex (r'' <= 0 on "
                              "[-L/2, L/2]), r''(%g) = %g",
                              x_bad, rpp);
    }
    for (int e = -1; e <= 1; e += 2) {
        const double x = 0.5 * (double)e * p->rollLength;
        const double r = mbc_poly_eval(p->coefficientsHull, n, x);
        if (!(r > 0.0)) {
            return mbc_fail_param(err, MBC_ERR_VALUE, "ContactConvexRoll", "coefficientsHull", 0,
                                  "hull radius must be > 0 on [-L/2, L/2], r(%g) = %g", x, r);
        }
    }
    return MBC_OK;
}

/* Initialization (contract): coefficientsHullDerivative and
 * coefficientsHullDDerivative (malloc'd, previous arrays freed; highest power
 * first, a constant has derivative [0]) and rBoundingSphere = max r(x) on
 * [-L/2, L/2] (m) from coefficientsHull and rollLength. */
mbc_status mbc_contact_convex_roll_initialize(mbc_contact_convex_roll_params *p, mbc_error *err)
{
    if (p == NULL)
        return mbc_fail(err, MBC_ERR_INPUT, "ContactConvexRoll: NULL parameters");
    int n = 0;
    const mbc_status st = cr_hull(p, &n, err);
    if (st != MBC_OK)
        return st;
    const size_t n1 = (n > 1) ? (size_t)(n - 1) : 1u;
    const size_t n2 = (n1 > 1) ? n1 - 1 : 1u;
    double *dk = malloc(n1 * sizeof *dk);
    double *ddk = malloc(n2 * sizeof *ddk);
    if (dk == NULL || ddk == NULL) {
        free(dk);
        free(ddk);
        return mbc_fail(err, MBC_ERR_NOMEM,
                        "ContactConvexRoll: out of memory for the hull derivatives");
    }
    const int c1 = mbc_poly_derivative(p->coefficientsHull, n, dk);
    const int c2 = mbc_poly_derivative(dk, c1, ddk);
    free(p->coefficientsHullDerivative);
    free(p->coefficientsHullDDerivative);
    p->coefficientsHullDerivative = dk;
    p->coefficientsHullDerivative_count = (size_t)c1;
    p->coefficientsHullDDerivative = ddk;
    p->coefficientsHullDDerivative_count = (size_t)c2;
    p->rBoundingSphere = mbc_hull_bounding_radius(p->coefficientsHull, n, p->rollLength);
    return MBC_OK;
}

/* Force evaluation ("Newton", no switching): out->force[1] = F (N) on the roll,
 * out->torque[1] = (p_C - p_m1) x F (N m); out->force[0] = -F on the ground,
 * out->torque[0] = -(p_C - p_m0) x F. Zero when inactive, when data[2] > 0, or
 * when the roll axis is vertical (model does not apply; PostNewtonStep reports
 * MBC_WARN_AXIS_VERTICAL — mbc_forces has no warning field). */
mbc_status mbc_contact_convex_roll_forces(const mbc_contact_convex_roll_params *p,
                                          const mbc_state *s, mbc_forces *out, mbc_error *err)
{
    assert(out != NULL);
    cr_assert_state(p, s);
    (void)err; /* nothing can fail on checked inputs */
    for (int j = 0; j < 2; ++j) {
        for (int i = 0; i < 3; ++i) {
            out->force[j][i] = 0.0;
            out->torque[j][i] = 0.0;
        }
    }
    if (!p->activeConnector)
        return MBC_OK;
    cr_contact c;
    cr_contact_eval(p, s, &c);
    double f[3];
    cr_force_roll(p, &c, s->data, f);
    for (int i = 0; i < 3; ++i) {
        out->force[1][i] = f[i];
        out->force[0][i] = -f[i];
    }
    cr_torques(&c, s, f, out->torque[0], out->torque[1]);
    return MBC_OK;
}

/* PostNewtonStep (seed data coordinates, notes "Data"):
 *   x_0 = v_s . e_lat (m/s), e_lat = roll axis A e_x projected on the ground, normalized;
 *   x_1 = v_s . e_lon, e_lon = e_z x e_lat;
 *   x_2 = g = p_C,z - p_m0,z (m).
 * Error (N): |g k_c| when the contact state (g <= 0) differs from the one the
 * Newton iteration used (current x_2); then recommended step |g / v_gap| (s)
 * with v_gap = v_mat,z - v_m0,z the gap rate at the contact point (none when 0).
 * State parameter pContact = p_C - p_m0 (m), the potential contact point
 * relative to the ground marker, so pContact[2] = g < 0 means contact (seed).
 * Vertical axis: data copied, error 0, MBC_WARN_AXIS_VERTICAL, pContact kept.
 * activeConnector == false: data copied, error 0, pContact kept. */
mbc_status mbc_contact_convex_roll_post_newton_step(mbc_contact_convex_roll_params *p,
                                                    const mbc_state *s, mbc_post_newton *out,
                                                    mbc_error *err)
{
    assert(out != NULL && out->data != NULL);
    cr_assert_state(p, s);
    (void)err; /* nothing can fail on checked inputs */
    out->error = 0.0;
    out->recommended_step = -1.0;
    out->warnings = 0;
    out->marker_number1 = MBC_INVALID_INDEX;
    for (int i = 0; i < CR_DATA_COUNT; ++i)
        out->data[i] = s->data[i];
    if (!p->activeConnector)
        return MBC_OK;
    cr_contact c;
    cr_contact_eval(p, s, &c);
    out->warnings = (unsigned)c.warnings;
    if (!c.valid)
        return MBC_OK;
    /* lateral direction: roll axis projected on the ground plane */
    const double *A = s->marker[1]->rotation;
    double e_lat[3] = {A[0], A[3], 0.0};
    const double len = mbc_hypot2(e_lat[0], e_lat[1]);
    if (len > 0.0) {
        e_lat[0] /= len;
        e_lat[1] /= len;
    } else { /* unreachable when the lowest-point search succeeded */
        e_lat[0] = 1.0;
        e_lat[1] = 0.0;
    }
    const double e_lon[3] = {-e_lat[1], e_lat[0], 0.0}; /* e_z x e_lat */
    out->data[CR_DATA_SLIP_LATERAL] = mbc_dot3(c.v_s, e_lat);
    out->data[CR_DATA_SLIP_LONGITUDINAL] = mbc_dot3(c.v_s, e_lon);
    out->data[CR_DATA_GAP] = c.gap;
    for (int i = 0; i < 3; ++i)
        p->pContact[i] = c.p_c[i] - s->marker[0]->position[i];

    const int contact = (c.gap <= 0.0);
    const int was_contact = (s->data[CR_DATA_GAP] <= 0.0);
    if (contact != was_contact) {
        out->error = fabs(c.gap * p->contactStiffness);
        if (c.v_gap != 0.0) {
            const double h = fabs(c.gap / c.v_gap);
            if (isfinite(h))
                out->recommended_step = h;
        }
    }
    return MBC_OK;
}

/* Energy books of the active contact (notes "Normal force", "Slip"; zero when
 * the force is zero): books[0] = E_c = k_c g^2 / 2 (J), the potential of the
 * spring force -k_c g; books[1] = P_n = d_c g'^2 (W), g' = v_gap; books[2] =
 * P_s = -f_s . v_s = mu(|v_s|) |f_N| |v_s| (W). With the ground at rest,
 * F . (v_mat - v_m0) = -dE_c/dt - P_n - P_s. */
static void cr_books(const mbc_contact_convex_roll_params *p, const cr_contact *c,
                     const double *data, const double f[3], double books[3])
{
    books[0] = books[1] = books[2] = 0.0;
    if (!p->activeConnector || !c->valid || !(data[CR_DATA_GAP] <= 0.0))
        return;
    books[0] = 0.5 * p->contactStiffness * c->gap * c->gap;
    books[1] = p->contactDamping * c->v_gap * c->v_gap;
    books[2] = -(f[0] * c->v_s[0] + f[1] * c->v_s[1]);
}

/* Output variables, global:
 *   Position = p_C (m); Velocity = A (omega_local x p_local) (m/s, seed v_C, the
 *   trail velocity of the contact point); Force = F on the roll (N); Torque =
 *   (p_C - p_m1) x F on the roll (N m). Force/Torque as in force evaluation
 *   (zero when inactive or data[2] > 0). Vertical axis: all zero.
 *   Energy books (cr_books): StoredEnergy = E_c (J), DissipatedPower =
 *   P_n + P_s (W), DissipatedPowerParts = [P_n, P_s] (W). */
mbc_status mbc_contact_convex_roll_outputs(const mbc_contact_convex_roll_params *p,
                                           const mbc_state *s, size_t var, double *out, size_t size,
                                           mbc_error *err)
{
    assert(out != NULL && var < MBC_CONTACT_CONVEX_ROLL_OUTPUT_COUNT);
    cr_assert_state(p, s);
    (void)err; /* nothing can fail on checked inputs */
    cr_contact c;
    cr_contact_eval(p, s, &c);
    double f[3], tau0[3], tau1[3], books[3];
    cr_force_roll(p, &c, s->data, f);
    if (var == MBC_CONTACT_CONVEX_ROLL_OUTPUT_STORED_ENERGY ||
        var == MBC_CONTACT_CONVEX_ROLL_OUTPUT_DISSIPATED_POWER ||
        var == MBC_CONTACT_CONVEX_ROLL_OUTPUT_DISSIPATED_POWER_PARTS) {
        cr_books(p, &c, s->data, f, books);
        if (var == MBC_CONTACT_CONVEX_ROLL_OUTPUT_STORED_ENERGY) {
            assert(size == 1);
            out[0] = books[0];
        } else if (var == MBC_CONTACT_CONVEX_ROLL_OUTPUT_DISSIPATED_POWER) {
            assert(size == 1);
            out[0] = books[1] + books[2];
        } else {
            assert(size == 2);
            out[0] = books[1];
            out[1] = books[2];
        }
        return MBC_OK;
    }
    assert(size == 3);
    (void)size;
    cr_torques(&c, s, f, tau0, tau1);
    const double *src = (var == MBC_CONTACT_CONVEX_ROLL_OUTPUT_POSITION)   ? c.p_c
                        : (var == MBC_CONTACT_CONVEX_ROLL_OUTPUT_VELOCITY) ? c.v_trail
                        : (var == MBC_CONTACT_CONVEX_ROLL_OUTPUT_FORCE)    ? f
                                                                           : tau1;
    for (int i = 0; i < 3; ++i)
        out[i] = src[i];
    return MBC_OK;
}
