/* SPDX-License-Identifier: BSD-3-Clause */
/* The invariant checks (include/mbconnect/invariants.h): each draws random
 * states with the sampler (sampler.h), evaluates the connector through the
 * generic API (mbc_object_forces, mbc_object_post_newton_step,
 * mbc_object_output, mbc_object_algebraic_equations) and measures how far
 * the invariant is violated, as a multiple of its tolerance (<= 1 holds). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbconnect/evaluate.h"
#include "mbconnect/invariants.h"
#include "sampler.h"

#define TOL_BALANCE      1e-12 /* action_reaction, passivity: relative to the terms */
#define TOL_FRAME        1e-9  /* frame invariance: relative to the compared values */
#define TOL_FD           1e-6  /* finite differences: relative to 1 + |J| */
#define TOL_RIGID        1e-9  /* rigid motion: relative to the speeds / forces of the state */
#define MAX_OUTPUTS      32
#define MAX_STATE_VALUES 64 /* values of one state parameter in `frames` */
#define MAX_FRAMES       64 /* entries of `frames` */

static const char *const invariant_names[MBC_INVARIANT_COUNT] = {
    "action_reaction", "frame_invariance", "frame_invariance_z",
    "jacobian_fd",     "passivity",        "rigid_motion",
};

const char *mbc_invariant_name(mbc_invariant inv)
{
    return (unsigned)inv < MBC_INVARIANT_COUNT ? invariant_names[inv] : NULL;
}

int mbc_invariant_from_name(const char *name)
{
    for (int i = 0; name && i < MBC_INVARIANT_COUNT; i++)
        if (strcmp(name, invariant_names[i]) == 0)
            return i;
    return -1;
}

unsigned mbc_type_invariants(const mbc_type_info *t)
{
    return t && t->invariants ? t->invariants->holds : 0;
}

/* ---------------------------------------------------------------- evaluation */

/* Everything the generic API returns for one state. */
typedef struct evaluation {
    mbc_forces forces;
    double cable_forces[2 * SAMPLE_MAX_POINTS];
    mbc_post_newton pn;
    double data[SAMPLE_MAX_DATA];
    double outputs[MAX_OUTPUTS][SAMPLE_MAX_OUTPUT];
    size_t output_size[MAX_OUTPUTS];
    mbc_algebraic alg;
    double state_params[MAX_FRAMES][MAX_STATE_VALUES]; /* frames[j] that are parameters */
    size_t state_param_size[MAX_FRAMES];
} evaluation;

/* One output variable by its index in the type's table. (The only place the
 * harness names an output variable to the API.) */
static mbc_status eval_output(const mbc_object *o, const mbc_state *s, size_t i, double *out,
                              size_t *size, mbc_error *err)
{
    const mbc_output_info *oi = &o->type->outputs[i];
    size_t n = mbc_output_size(o->type, o->params, i);
    if (n > SAMPLE_MAX_OUTPUT)
        return mbc_fail(err, MBC_ERR_SIZE, "%s.%s: %zu values, the harness holds %d",
                        o->type->type_name, oi->name, n, SAMPLE_MAX_OUTPUT);
    *size = n;
    return mbc_object_output(o, s, i, out, n, err);
}

static mbc_status evaluate_forces(const mbc_object *o, const mbc_state *s, evaluation *ev,
                                  mbc_error *err)
{
    memset(&ev->forces, 0, sizeof ev->forces);
    if (s->cable) {
        ev->forces.cable_point_forces = ev->cable_forces;
        ev->forces.cable_point_count = s->cable->segment_count + 1;
        memset(ev->cable_forces, 0, 2 * ev->forces.cable_point_count * sizeof(double));
    }
    return mbc_object_forces(o, s, &ev->forces, err);
}

/* PostNewtonStep first (it may update state parameters that outputs read),
 * then forces, outputs and algebraic equations, as far as the type has them. */
static mbc_status evaluate(mbc_object *o, const mbc_state *s, evaluation *ev, mbc_error *err)
{
    const mbc_type_info *t = o->type;
    mbc_status st = MBC_OK;
    if (t->post_newton_step) {
        ev->pn = (mbc_post_newton){.data = ev->data, .marker_number1 = -1};
        st = mbc_object_post_newton_step(o, s, &ev->pn, err);
    }
    /* state parameters PostNewtonStep wrote, as far as `frames` names them */
    for (size_t j = 0; st == MBC_OK && t->invariants && j < t->invariants->frame_count; j++)
        if (t->invariants->frames[j].is_param)
            st = mbc_object_get(o, t->invariants->frames[j].name, ev->state_params[j],
                                MAX_STATE_VALUES, &ev->state_param_size[j], err);
    if (st == MBC_OK && t->forces)
        st = evaluate_forces(o, s, ev, err);
    for (size_t i = 0; st == MBC_OK && t->output && i < t->output_count && i < MAX_OUTPUTS; i++)
        st = eval_output(o, s, i, ev->outputs[i], &ev->output_size[i], err);
    if (st == MBC_OK && t->algebraic_equations)
        st = mbc_object_algebraic_equations(o, s, &ev->alg, err);
    return st;
}

/* ---------------------------------------------------------------- helpers */

static double norm3(const double v[3])
{
    return sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

static void cross(const double a[3], const double b[3], double c[3])
{
    c[0] = a[1] * b[2] - a[2] * b[1];
    c[1] = a[2] * b[0] - a[0] * b[2];
    c[2] = a[0] * b[1] - a[1] * b[0];
}

static void rotate(const double R[9], const double x[3], double y[3])
{
    for (int i = 0; i < 3; i++)
        y[i] = R[3 * i] * x[0] + R[3 * i + 1] * x[1] + R[3 * i + 2] * x[2];
}

static void global_omega(const mbc_rigid_marker *m, double w[3])
{
    rotate(m->rotation, m->angular_velocity_local, w);
}

/* violation = |x| / (tol * scale); 0/0 = 0, x/0 = inf */
static double ratio(double x, double tol, double scale)
{
    x = fabs(x);
    if (x == 0)
        return 0;
    return scale > 0 ? x / (tol * scale) : INFINITY;
}

static bool is_rigid(const mbc_type_info *t, int m)
{
    return !sample_marker_is_shape(t, m) && !sample_marker_is_coords(t, m);
}

static bool any_force(const mbc_type_info *t, const mbc_state *s, const evaluation *ev)
{
    for (int m = 0; m < 2; m++)
        for (int i = 0; i < 3; i++)
            if (ev->forces.force[m][i] != 0 || ev->forces.torque[m][i] != 0)
                return true;
    for (size_t i = 0; s->cable && i < 2 * (s->cable->segment_count + 1); i++)
        if (ev->cable_forces[i] != 0)
            return true;
    (void)t;
    return false;
}

/* A check reports the violation of one state and describes it in msg. */
typedef struct check_context {
    const mbc_type_info *t;
    mbc_object *o;       /* sample parameters */
    mbc_object *passive; /* sample + passive parameters */
    sample_rng rng;
    evaluation *ev[3];
    sample_state *st[2];
    size_t unbalanced_moments; /* action_reaction: states with a moment sum over tolerance */
    char msg[360];             /* fits into mbc_invariant_report.first_failure with its prefix */
} check_context;

/* ---------------------------------------------------------------- action_reaction */

static mbc_status check_action_reaction(check_context *cx, const sample_state *s, double *viol,
                                        mbc_error *err)
{
    const mbc_type_info *t = cx->t;
    evaluation *ev = cx->ev[0];
    mbc_status st = evaluate_forces(cx->o, &s->state, ev, err);
    if (st != MBC_OK)
        return st;
    double c[3]; /* the moment point */
    for (int i = 0; i < 3; i++)
        c[i] = sample_uniform(&cx->rng, -2, 2);
    if (sample_type_planar(t))
        c[2] = 0;
    double F[3] = {0}, M[3] = {0}, fscale = 0, mscale = 0;
    for (int m = 0; m < 2; m++) {
        if (!is_rigid(t, m))
            continue;
        const double *f = ev->forces.force[m], *tq = ev->forces.torque[m];
        double r[3], rxf[3];
        for (int i = 0; i < 3; i++)
            r[i] = s->rigid[m].position[i] - c[i];
        cross(r, f, rxf);
        for (int i = 0; i < 3; i++)
            F[i] += f[i], M[i] += rxf[i] + tq[i];
        fscale += norm3(f);
        mscale += norm3(r) * norm3(f) + norm3(tq);
    }
    for (size_t k = 0; s->state.cable && k <= s->cable.segment_count; k++) {
        double f[3] = {ev->cable_forces[2 * k], ev->cable_forces[2 * k + 1], 0};
        double r[3] = {s->points[2 * k] - c[0], s->points[2 * k + 1] - c[1], -c[2]}, rxf[3];
        cross(r, f, rxf);
        for (int i = 0; i < 3; i++)
            F[i] += f[i], M[i] += rxf[i];
        fscale += norm3(f);
        mscale += norm3(r) * norm3(f);
    }
    double vf = ratio(norm3(F), TOL_BALANCE, fscale);
    /* a type whose torque takes another arm than where its force acts states
     * why (invariants.unbalanced_moment): its moments are reported, not checked
     * (its own tests check the couple exactly) */
    const bool moments = !(t->invariants && t->invariants->unbalanced_moment);
    double vm = ratio(norm3(M), TOL_BALANCE, mscale);
    if (!moments) {
        cx->unbalanced_moments += !(vm <= 1);
        vm = 0.0;
    }
    *viol = vf > vm ? vf : vm;
    snprintf(cx->msg, sizeof cx->msg,
             "|sum of forces| = %.3g N (terms %.3g N), |sum of moments about [%.3g, %.3g, %.3g]| "
             "= %.3g N m (terms %.3g N m%s); tolerance %g relative",
             norm3(F), fscale, c[0], c[1], c[2], norm3(M), mscale,
             moments ? "" : ", not checked: invariants.unbalanced_moment", TOL_BALANCE);
    return MBC_OK;
}

/* ---------------------------------------------------------------- frame invariance */

typedef struct frame_cmp {
    double worst;
    char what[160];
} frame_cmp;

/* Compares n values b against the expected a, relative to scale. */
static void compare(frame_cmp *fc, const char *what, const double *a, const double *b, size_t n,
                    double scale)
{
    for (size_t i = 0; i < n; i++) {
        double v = ratio(b[i] - a[i], TOL_FRAME, scale);
        if (v > fc->worst) {
            fc->worst = v;
            snprintf(fc->what, sizeof fc->what, "%s[%zu]: expected %.17g, given %.17g", what, i,
                     a[i], b[i]);
        }
    }
}

static double max_abs(const double *v, size_t n)
{
    double m = 0;
    for (size_t i = 0; i < n; i++)
        m = fabs(v[i]) > m ? fabs(v[i]) : m;
    return m;
}

static mbc_status check_frame(check_context *cx, const sample_state *s, bool about_z, double *viol,
                              mbc_error *err)
{
    const mbc_type_info *t = cx->t;
    bool planar = sample_type_planar(t);
    double R[9], c[3];
    sample_rotation(&cx->rng, planar || about_z, R);
    for (int i = 0; i < 3; i++)
        c[i] = sample_uniform(&cx->rng, -2, 2);
    if (planar)
        c[2] = 0;
    sample_state *s2 = cx->st[1];
    sample_transform(s, R, c, s2);
    evaluation *a = cx->ev[0], *b = cx->ev[1], *e = cx->ev[2];
    mbc_status st = evaluate(cx->o, &s->state, a, err);
    if (st == MBC_OK)
        st = evaluate(cx->o, &s2->state, b, err);
    if (st != MBC_OK)
        return st;
    frame_cmp fc = {0, ""};
    if (t->forces) {
        double scale = 0;
        for (int m = 0; m < 2; m++) {
            rotate(R, a->forces.force[m], e->forces.force[m]);
            rotate(R, a->forces.torque[m], e->forces.torque[m]);
            scale = fmax(scale, fmax(norm3(a->forces.force[m]), norm3(a->forces.torque[m])));
        }
        size_t np = s->state.cable ? s->cable.segment_count + 1 : 0;
        for (size_t k = 0; k < np; k++) {
            const double *f = &a->cable_forces[2 * k];
            e->cable_forces[2 * k] = R[0] * f[0] + R[1] * f[1];
            e->cable_forces[2 * k + 1] = R[3] * f[0] + R[4] * f[1];
            scale = fmax(scale, hypot(f[0], f[1]));
        }
        compare(&fc, "force on m0", e->forces.force[0], b->forces.force[0], 3, scale);
        compare(&fc, "force on m1", e->forces.force[1], b->forces.force[1], 3, scale);
        compare(&fc, "torque on m0", e->forces.torque[0], b->forces.torque[0], 3, scale);
        compare(&fc, "torque on m1", e->forces.torque[1], b->forces.torque[1], 3, scale);
        compare(&fc, "cable point forces", e->cable_forces, b->cable_forces, 2 * np, scale);
    }
    if (t->post_newton_step) {
        for (size_t i = 0; i < s->state.data_count; i++)
            compare(&fc, "PostNewtonStep data", &a->data[i], &b->data[i], 1, 1 + fabs(a->data[i]));
        compare(&fc, "PostNewtonStep error", &a->pn.error, &b->pn.error, 1,
                fabs(a->pn.error) + 1e-3);
        compare(&fc, "recommended step", &a->pn.recommended_step, &b->pn.recommended_step, 1,
                fabs(a->pn.recommended_step) + 1e-12);
        if (a->pn.warnings != b->pn.warnings || a->pn.marker_number1 != b->pn.marker_number1) {
            fc.worst = INFINITY;
            snprintf(fc.what, sizeof fc.what, "PostNewtonStep warnings/marker: %u/%d vs %u/%d",
                     a->pn.warnings, a->pn.marker_number1, b->pn.warnings, b->pn.marker_number1);
        }
    }
    for (size_t i = 0; t->output && i < t->output_count && i < MAX_OUTPUTS; i++) {
        mbc_frame_kind kind = MBC_FRAME_SCALAR;
        for (size_t j = 0; t->invariants && j < t->invariants->frame_count; j++)
            if (!t->invariants->frames[j].is_param &&
                strcmp(t->invariants->frames[j].name, t->outputs[i].name) == 0)
                kind = t->invariants->frames[j].kind;
        size_t n = a->output_size[i];
        double scale = max_abs(a->outputs[i], n);
        memcpy(e->outputs[i], a->outputs[i], n * sizeof(double));
        if (kind != MBC_FRAME_SCALAR)
            for (size_t k = 0; k + 3 <= n; k += 3) {
                rotate(R, &a->outputs[i][k], &e->outputs[i][k]);
                if (kind == MBC_FRAME_POINT)
                    for (int j = 0; j < 3; j++)
                        e->outputs[i][k + j] += c[j];
            }
        if (kind == MBC_FRAME_POINT)
            scale += norm3(c);
        char what[96];
        snprintf(what, sizeof what, "output %s", t->outputs[i].name);
        compare(&fc, what, e->outputs[i], b->outputs[i], n, scale);
    }
    for (size_t j = 0; t->invariants && j < t->invariants->frame_count; j++) {
        const mbc_output_frame *fr = &t->invariants->frames[j];
        if (!fr->is_param)
            continue;
        size_t n = a->state_param_size[j];
        double scale =
            max_abs(a->state_params[j], n) + (fr->kind == MBC_FRAME_POINT ? norm3(c) : 0);
        double *x = e->state_params[j];
        memcpy(x, a->state_params[j], n * sizeof(double));
        for (size_t k = 0; fr->kind != MBC_FRAME_SCALAR && k + 3 <= n; k += 3) {
            rotate(R, &a->state_params[j][k], &x[k]);
            for (int i = 0; fr->kind == MBC_FRAME_POINT && i < 3; i++)
                x[k + i] += c[i];
        }
        char what[96];
        snprintf(what, sizeof what, "state parameter %s", fr->name);
        compare(&fc, what, x, b->state_params[j], n, scale);
    }
    if (t->algebraic_equations && planar) {
        double p[2] = {a->alg.position[0], a->alg.position[1]};
        double v[2] = {a->alg.velocity[0], a->alg.velocity[1]};
        double pe[2] = {R[0] * p[0] + R[1] * p[1], R[3] * p[0] + R[4] * p[1]};
        double ve[2] = {R[0] * v[0] + R[1] * v[1], R[3] * v[0] + R[4] * v[1]};
        compare(&fc, "position residual", pe, b->alg.position, 2, hypot(p[0], p[1]));
        compare(&fc, "velocity residual", ve, b->alg.velocity, 2, hypot(v[0], v[1]));
    }
    *viol = fc.worst;
    snprintf(cx->msg, sizeof cx->msg, "%s (after rotating%s and translating by [%.3g, %.3g, %.3g])",
             fc.what[0] ? fc.what : "all values agree", planar || about_z ? " about z" : "", c[0],
             c[1], c[2]);
    return MBC_OK;
}

/* ---------------------------------------------------------------- jacobian_fd */

typedef struct fd_cmp {
    double worst;
    char what[160];
} fd_cmp;

static void fd_compare(fd_cmp *fc, const char *what, int row, int col, double fd, double an)
{
    double v = ratio(fd - an, TOL_FD, 1 + fabs(an));
    if (v > fc->worst) {
        fc->worst = v;
        snprintf(fc->what, sizeof fc->what, "%s[%d][%d]: analytic %.10g, central difference %.10g",
                 what, row, col, an, fd);
    }
}

/* Central difference of position (level 0) and velocity (level 1)
 * residuals with respect to *x. */
static mbc_status central(check_context *cx, sample_state *s, double *x, double d_pos[2],
                          double d_vel[2], mbc_error *err)
{
    double x0 = *x, h = 1e-6 * fmax(1.0, fabs(x0));
    mbc_algebraic plus, minus;
    *x = x0 + h;
    mbc_status st = mbc_object_algebraic_equations(cx->o, &s->state, &plus, err);
    *x = x0 - h;
    if (st == MBC_OK)
        st = mbc_object_algebraic_equations(cx->o, &s->state, &minus, err);
    *x = x0;
    for (int r = 0; r < 2; r++) {
        d_pos[r] = (plus.position[r] - minus.position[r]) / (2 * h);
        d_vel[r] = (plus.velocity[r] - minus.velocity[r]) / (2 * h);
    }
    return st;
}

static mbc_status check_jacobian(check_context *cx, const sample_state *s0, double *viol,
                                 mbc_error *err)
{
    const mbc_type_info *t = cx->t;
    sample_state *s = cx->st[1];
    *s = *s0;
    sample_link(s);
    mbc_algebraic J;
    mbc_status st = mbc_object_algebraic_equations(cx->o, &s->state, &J, err);
    if (st != MBC_OK)
        return st;
    fd_cmp fc = {0, ""};
    double dp[2], dv[2];
    for (int m = 0; m < 2; m++) {
        if (!is_rigid(t, m))
            continue;
        for (int j = 0; j < 3 && st == MBC_OK; j++) {
            st = central(cx, s, &s->rigid[m].position[j], dp, dv, err);
            for (int r = 0; r < 2; r++) {
                fd_compare(&fc, "d position / d p_m0", r, j, dp[r], J.d_marker0[3 * r + j]);
                fd_compare(&fc, "d velocity / d p_m0", r, j, dv[r], J.dv_marker0[3 * r + j]);
            }
            if (st == MBC_OK)
                st = central(cx, s, &s->rigid[m].velocity[j], dp, dv, err);
            for (int r = 0; r < 2; r++)
                fd_compare(&fc, "d velocity / d v_m0", r, j, dv[r], J.dv_marker0_t[3 * r + j]);
        }
        break; /* the Jacobian is with respect to marker m0 */
    }
    /* the current cable element: only one element matters, so the
     * differences summed over all elements are the Jacobian */
    double sp[2][8] = {{0}}, sv[2][8] = {{0}}, st_[2][8] = {{0}};
    for (size_t e = 0; s->state.cables && e < s->state.cable_count && st == MBC_OK; e++)
        for (int j = 0; j < 8 && st == MBC_OK; j++) {
            st = central(cx, s, &s->elements[e].q[j], dp, dv, err);
            for (int r = 0; r < 2; r++)
                sp[r][j] += dp[r], sv[r][j] += dv[r];
            if (st == MBC_OK)
                st = central(cx, s, &s->elements[e].q_t[j], dp, dv, err);
            for (int r = 0; r < 2; r++)
                st_[r][j] += dv[r];
        }
    for (int r = 0; r < 2 && s->state.cables; r++)
        for (int j = 0; j < 8; j++) {
            fd_compare(&fc, "d position / d q_cable", r, j, sp[r][j], J.d_cable[8 * r + j]);
            fd_compare(&fc, "d velocity / d q_cable", r, j, sv[r][j], J.dv_cable[8 * r + j]);
            fd_compare(&fc, "d velocity / d q_t,cable", r, j, st_[r][j], J.dv_cable_t[8 * r + j]);
        }
    if (st == MBC_OK && s->state.cables) {
        st = central(cx, s, &s->state.ale_q, dp, dv, err);
        for (int r = 0; r < 2; r++) {
            fd_compare(&fc, "d position / d q_ALE", r, 0, dp[r], J.d_ale[r]);
            fd_compare(&fc, "d velocity / d q_ALE", r, 0, dv[r], J.dv_ale[r]);
        }
        if (st == MBC_OK)
            st = central(cx, s, &s->state.ale_q_t, dp, dv, err);
        for (int r = 0; r < 2; r++)
            fd_compare(&fc, "d velocity / d q_ALE_t", r, 0, dv[r], J.dv_ale_t[r]);
    }
    for (int j = 0; j < 2 && st == MBC_OK; j++) {
        st = central(cx, s, &s->lagrange[j], dp, dv, err);
        for (int r = 0; r < 2; r++) {
            fd_compare(&fc, "d position / d z", r, j, dp[r], J.d_lagrange[2 * r + j]);
            fd_compare(&fc, "d velocity / d z", r, j, dv[r], J.dv_lagrange[2 * r + j]);
        }
    }
    *viol = fc.worst;
    snprintf(cx->msg, sizeof cx->msg, "%s (tolerance %g (1 + |J|))",
             fc.what[0] ? fc.what : "all entries agree", TOL_FD);
    return st;
}

/* ---------------------------------------------------------------- passivity */

/* Power of the connector forces on the markers and cable points, and the
 * sum of the magnitudes of its terms. */
static double power(const mbc_type_info *t, const sample_state *s, const evaluation *ev,
                    double *scale)
{
    double P = 0;
    *scale = 0;
    for (int m = 0; m < 2; m++) {
        if (!is_rigid(t, m))
            continue;
        double w[3];
        global_omega(&s->rigid[m], w);
        const double *f = ev->forces.force[m], *tq = ev->forces.torque[m],
                     *v = s->rigid[m].velocity;
        P += f[0] * v[0] + f[1] * v[1] + f[2] * v[2] + tq[0] * w[0] + tq[1] * w[1] + tq[2] * w[2];
        *scale += norm3(f) * norm3(v) + norm3(tq) * norm3(w);
    }
    for (size_t k = 0; s->state.cable && k <= s->cable.segment_count; k++) {
        const double *f = &ev->cable_forces[2 * k], *v = &s->point_velocities[2 * k];
        P += f[0] * v[0] + f[1] * v[1];
        *scale += hypot(f[0], f[1]) * hypot(v[0], v[1]);
    }
    return P;
}

/* Whether output i is the dissipated power of the energy books of a contact
 * law (docs/spec-language.rst): DissipatedPowerParts, and DissipatedPower
 * unless the type declares EnergyFlows (then DissipatedPower holds flows
 * that are no dissipation: a stiffness that grows with the overlap puts
 * energy into a spring that no force works for). */
static bool is_dissipated_power(const mbc_type_info *t, size_t i)
{
    if (strcmp(t->outputs[i].name, "DissipatedPowerParts") == 0)
        return true;
    if (strcmp(t->outputs[i].name, "DissipatedPower") != 0)
        return false;
    for (size_t k = 0; k < t->output_count; k++)
        if (strcmp(t->outputs[k].name, "EnergyFlows") == 0)
            return false;
    return true;
}

/* A type that declares DissipatedPower (or DissipatedPowerParts): every
 * component >= 0 with the
 * sample parameters (stiffness on: the powers are net of the springs), to
 * TOL_BALANCE of the power terms of its forces. */
static mbc_status check_dissipation(check_context *cx, const sample_state *s, double *viol,
                                    mbc_error *err)
{
    const mbc_type_info *t = cx->t;
    evaluation *ev = cx->ev[1];
    bool forces = false;
    double scale = 0;
    for (size_t k = 0; t->output && k < t->output_count && k < MAX_OUTPUTS; k++) {
        if (!is_dissipated_power(t, k))
            continue;
        mbc_status st = forces ? MBC_OK : evaluate_forces(cx->o, &s->state, ev, err);
        if (st == MBC_OK && !forces) {
            (void)power(t, s, ev, &scale);
            forces = true;
        }
        if (st == MBC_OK)
            st = eval_output(cx->o, &s->state, k, ev->outputs[k], &ev->output_size[k], err);
        if (st != MBC_OK)
            return st;
        for (size_t j = 0; j < ev->output_size[k]; j++) {
            const double d = ev->outputs[k][j];
            const double v = d < 0 ? ratio(-d, TOL_BALANCE, scale) : 0;
            if (!(v > *viol))
                continue;
            *viol = v;
            snprintf(cx->msg, sizeof cx->msg,
                     "%s[%zu] = %.6g W < 0 (power terms of the forces %.6g W)", t->outputs[k].name,
                     j, d, scale);
        }
    }
    return MBC_OK;
}

static mbc_status check_passivity(check_context *cx, const sample_state *s, double *viol,
                                  mbc_error *err)
{
    evaluation *ev = cx->ev[0];
    mbc_status st = evaluate_forces(cx->passive, &s->state, ev, err);
    if (st != MBC_OK)
        return st;
    double scale;
    double P = power(cx->t, s, ev, &scale);
    *viol = P > 0 ? ratio(P, TOL_BALANCE, scale) : 0;
    snprintf(cx->msg, sizeof cx->msg,
             "power of the dissipative forces %.6g W > 0 (terms %.6g W; stiffness and adhesion "
             "off by invariants.passive)",
             P, scale);
    return check_dissipation(cx, s, viol, err);
}

/* ---------------------------------------------------------------- rigid_motion */

/* The largest speed of any marker, point or cable node in the state. */
static double speed_scale(const sample_state *s)
{
    double V = 0;
    for (int m = 0; m < 2; m++)
        V = fmax(V, norm3(s->rigid[m].velocity));
    for (size_t k = 0; s->state.cable && k <= s->cable.segment_count; k++)
        V = fmax(V, hypot(s->point_velocities[2 * k], s->point_velocities[2 * k + 1]));
    for (size_t e = 0; s->state.cables && e < s->state.cable_count; e++)
        for (int j = 0; j < 8; j += 2)
            V = fmax(V, hypot(s->elements[e].q_t[j], s->elements[e].q_t[j + 1]));
    return V;
}

/* The same geometry with independent random velocities of speed V: the
 * scale of the velocity-dependent forces there. */
static mbc_status reference_forces(check_context *cx, const sample_state *s, double V,
                                   double *scale, mbc_error *err)
{
    sample_state *r = cx->st[1];
    *r = *s;
    sample_link(r);
    for (int m = 0; m < 2; m++)
        for (int i = 0; i < 3; i++) {
            r->rigid[m].velocity[i] = sample_uniform(&cx->rng, -V, V);
            r->rigid[m].angular_velocity_local[i] = sample_uniform(&cx->rng, -V, V);
        }
    for (size_t k = 0; r->state.cable && k < 2 * (r->cable.segment_count + 1); k++)
        r->point_velocities[k] = sample_uniform(&cx->rng, -V, V);
    evaluation *ev = cx->ev[2];
    mbc_status st = evaluate_forces(cx->passive, &r->state, ev, err);
    *scale = 0;
    for (int m = 0; m < 2; m++)
        *scale = fmax(*scale, fmax(norm3(ev->forces.force[m]), norm3(ev->forces.torque[m])));
    for (size_t k = 0; r->state.cable && k <= r->cable.segment_count; k++)
        *scale = fmax(*scale, hypot(ev->cable_forces[2 * k], ev->cable_forces[2 * k + 1]));
    return st;
}

static mbc_status check_rigid(check_context *cx, const sample_state *s, double *viol,
                              mbc_error *err)
{
    const mbc_type_info *t = cx->t;
    const mbc_invariant_info *iv = t->invariants;
    evaluation *a = cx->ev[0], *b = cx->ev[1];
    double V = speed_scale(s);
    mbc_status st = evaluate(cx->o, &s->state, a, err);
    if (st != MBC_OK)
        return st;
    *viol = 0;
    snprintf(cx->msg, sizeof cx->msg, "all relative velocities vanish");
    for (size_t i = 0; iv && i < iv->rigid_zero_output_count; i++) {
        /* "Name" or "Name[start::step]" */
        const char *entry = iv->rigid_zero_outputs[i];
        size_t len = strcspn(entry, "["), start = 0, step = 1;
        unsigned first = 0, every = 1;
        if (entry[len] && sscanf(entry + len, "[%u::%u]", &first, &every) == 2 && every > 0)
            start = first, step = every;
        for (size_t k = 0; k < t->output_count && k < MAX_OUTPUTS; k++) {
            if (strlen(t->outputs[k].name) != len || strncmp(t->outputs[k].name, entry, len) != 0)
                continue;
            for (size_t j = start; j < a->output_size[k]; j += step) {
                double v = ratio(a->outputs[k][j], TOL_RIGID, V);
                if (v > *viol) {
                    *viol = v;
                    snprintf(cx->msg, sizeof cx->msg,
                             "output %s[%zu] = %.6g under rigid motion (speeds up to %.3g m/s)",
                             t->outputs[k].name, j, a->outputs[k][j], V);
                }
            }
        }
    }
    size_t per = t->data_block_count ? s->state.data_count / t->data_block_count : 0;
    for (size_t i = 0; iv && t->post_newton_step && i < iv->rigid_zero_data_count; i++)
        for (size_t k = 0; k < t->data_block_count; k++) {
            if (strcmp(t->data[k].name, iv->rigid_zero_data[i]) != 0)
                continue;
            for (size_t j = k * per; j < (k + 1) * per; j++) {
                double v = ratio(a->data[j], TOL_RIGID, V);
                if (v > *viol) {
                    *viol = v;
                    snprintf(cx->msg, sizeof cx->msg,
                             "PostNewtonStep data %s (coordinate %zu) = %.6g under rigid motion "
                             "(speeds up to %.3g m/s)",
                             t->data[k].name, j, a->data[j], V);
                }
            }
        }
    if (t->forces && !(iv && iv->rigid_forces_nonzero)) {
        double ref;
        st = reference_forces(cx, s, V, &ref, err);
        if (st == MBC_OK)
            st = evaluate_forces(cx->passive, &s->state, b, err);
        if (st != MBC_OK)
            return st;
        double worst = 0;
        for (int m = 0; m < 2; m++)
            worst = fmax(worst, fmax(norm3(b->forces.force[m]), norm3(b->forces.torque[m])));
        for (size_t k = 0; s->state.cable && k <= s->cable.segment_count; k++)
            worst = fmax(worst, hypot(b->cable_forces[2 * k], b->cable_forces[2 * k + 1]));
        double v = ratio(worst, TOL_RIGID, ref);
        if (v > *viol) {
            *viol = v;
            snprintf(cx->msg, sizeof cx->msg,
                     "damping/friction force %.6g under rigid motion (%.6g at random velocities)",
                     worst, ref);
        }
    }
    if (t->algebraic_equations && sample_type_planar(t)) {
        /* d/dt (position residual) = omega x (position residual), both
         * without their Lagrange-multiplier terms: evaluated at z = 0 (so
         * penalty terms z/k at either level drop out) */
        sample_state *z0 = cx->st[1];
        *z0 = *s;
        sample_link(z0);
        z0->lagrange[0] = z0->lagrange[1] = 0.0;
        mbc_algebraic g0;
        st = mbc_object_algebraic_equations(cx->o, &z0->state, &g0, err);
        if (st != MBC_OK)
            return st;
        const mbc_algebraic *g = &g0;
        double w = 0;
        for (int m = 0; m < 2; m++)
            if (is_rigid(t, m)) {
                double om[3];
                global_omega(&s->rigid[m], om);
                w = om[2];
            }
        if (s->state.cables) { /* omega of the cable: rate of its first slope */
            const mbc_cable_element *e = &s->elements[0];
            w = (e->q[2] * e->q_t[3] - e->q[3] * e->q_t[2]) /
                (e->q[2] * e->q[2] + e->q[3] * e->q[3]);
        }
        double d[2] = {g->position[0], g->position[1]};
        double expect[2] = {-w * d[1], w * d[0]};
        /* a type may hold its position-level form at the velocity level too
         * (JointALEMoving2D with usePenaltyFormulation, or inactive): then
         * the velocity residual is the position residual itself */
        double dv0 = hypot(g->velocity[0] - expect[0], g->velocity[1] - expect[1]);
        double dv1 = hypot(g->velocity[0] - d[0], g->velocity[1] - d[1]);
        if (dv1 < dv0)
            expect[0] = d[0], expect[1] = d[1];
        for (int r = 0; r < 2; r++) {
            double v =
                ratio(g->velocity[r] - expect[r], TOL_RIGID, V + fabs(w) * hypot(d[0], d[1]));
            if (v > *viol) {
                *viol = v;
                snprintf(cx->msg, sizeof cx->msg,
                         "velocity residual[%d] = %.10g, expected omega x position residual "
                         "(or the position residual, penalty form) = %.10g under rigid motion",
                         r, g->velocity[r], expect[r]);
            }
        }
    }
    return MBC_OK;
}

/* ---------------------------------------------------------------- driver */

static const char *needs(const mbc_type_info *t, mbc_invariant inv)
{
    switch (inv) {
    case MBC_INVARIANT_ACTION_REACTION:
    case MBC_INVARIANT_PASSIVITY:
        return t->forces ? NULL : "force evaluation";
    case MBC_INVARIANT_JACOBIAN_FD:
        return t->algebraic_equations ? NULL : "algebraic equations";
    default:
        return t->forces || t->post_newton_step || t->output || t->algebraic_equations
                   ? NULL
                   : "an evaluation hook";
    }
}

mbc_status mbc_invariant_check(const mbc_type_info *t, mbc_invariant inv,
                               const mbc_invariant_options *opt, mbc_invariant_report *rep,
                               mbc_error *err)
{
    if (!t || !rep || (unsigned)inv >= MBC_INVARIANT_COUNT)
        return mbc_fail(err, MBC_ERR_INPUT, "mbc_invariant_check: no type, report or invariant");
    memset(rep, 0, sizeof *rep);
    const char *need = needs(t, inv);
    if (need)
        return mbc_fail(err, MBC_ERR_STATE, "%s: invariant %s needs %s, which the type lacks",
                        t->type_name, invariant_names[inv], need);
    if (t->output_count > MAX_OUTPUTS)
        return mbc_fail(err, MBC_ERR_SIZE, "%s: %zu output variables, the harness holds %d",
                        t->type_name, t->output_count, MAX_OUTPUTS);
    if (t->invariants && t->invariants->frame_count > MAX_FRAMES)
        return mbc_fail(err, MBC_ERR_SIZE,
                        "%s: %zu entries in invariants.frames, the harness "
                        "holds %d",
                        t->type_name, t->invariants->frame_count, MAX_FRAMES);
    size_t states = opt && opt->states ? opt->states : 300;
    check_context *cx = calloc(1, sizeof *cx);
    evaluation *ev = calloc(3, sizeof *ev);
    sample_state *ss = calloc(2, sizeof *ss);
    if (!cx || !ev || !ss) {
        free(cx), free(ev), free(ss);
        return mbc_fail(err, MBC_ERR_NOMEM, "mbc_invariant_check: out of memory");
    }
    cx->t = t;
    for (int i = 0; i < 3; i++)
        cx->ev[i] = &ev[i];
    cx->st[0] = &ss[0], cx->st[1] = &ss[1];
    sample_rng_seed(&cx->rng, opt ? opt->seed : 0, t->type_name, invariant_names[inv]);
    mbc_status st = MBC_OK;
    cx->o = sample_object(t, false, err);
    if (!cx->o)
        st = MBC_ERR_VALUE;
    if (st == MBC_OK && !(cx->passive = sample_object(t, true, err)))
        st = MBC_ERR_VALUE;
    for (size_t k = 0; k < states && st == MBC_OK; k++) {
        bool rigid = inv == MBC_INVARIANT_RIGID_MOTION;
        sample_state *s = cx->st[0];
        uint64_t flags = (uint64_t)(sample_uniform(&cx->rng, 0, 1) * 0x1.0p53);
        st = sample_flags(cx->o, flags, err);
        if (st == MBC_OK)
            st = sample_flags(cx->passive, flags, err);
        if (st == MBC_OK)
            st = sample_draw(cx->o, &cx->rng, rigid, s, err);
        if (st != MBC_OK)
            break;
        double viol = 0;
        switch (inv) {
        case MBC_INVARIANT_ACTION_REACTION:
            st = check_action_reaction(cx, s, &viol, err);
            break;
        case MBC_INVARIANT_FRAME_INVARIANCE:
        case MBC_INVARIANT_FRAME_INVARIANCE_Z:
            st = check_frame(cx, s, inv == MBC_INVARIANT_FRAME_INVARIANCE_Z, &viol, err);
            break;
        case MBC_INVARIANT_JACOBIAN_FD:
            st = check_jacobian(cx, s, &viol, err);
            break;
        case MBC_INVARIANT_PASSIVITY:
            st = check_passivity(cx, s, &viol, err);
            break;
        case MBC_INVARIANT_RIGID_MOTION:
        case MBC_INVARIANT_COUNT:
            st = check_rigid(cx, s, &viol, err);
            break;
        }
        if (st != MBC_OK)
            break;
        /* contact coverage: forces with the sample parameters */
        if (t->forces) {
            st = evaluate_forces(cx->o, &s->state, cx->ev[2], err);
            if (st != MBC_OK)
                break;
            if (any_force(t, &s->state, cx->ev[2]))
                rep->in_contact++;
            else
                rep->out_of_contact++;
        }
        rep->states++;
        if (viol > rep->worst)
            rep->worst = viol;
        if (!(viol <= 1)) {
            if (rep->failures++ == 0)
                snprintf(rep->first_failure, sizeof rep->first_failure, "%.60s %s, state %zu: %s",
                         t->type_name, invariant_names[inv], k, cx->msg);
        }
    }
    rep->unbalanced_moments = cx->unbalanced_moments;
    mbc_object_destroy(cx->o);
    mbc_object_destroy(cx->passive);
    free(cx), free(ev), free(ss);
    return st;
}
