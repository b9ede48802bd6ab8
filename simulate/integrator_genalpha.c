/* SPDX-License-Identifier: BSD-3-Clause */
/* Generalized-alpha time integration of M q_tt = F(q, v, t) - C_q^T lambda,
 * C = 0 (Arnold and Bruls 2007, index 3), with the discontinuous iteration.
 *
 *   M acc_{n+1} = F(q_{n+1}, v_{n+1}, t_{n+1}) - C_q^T lambda_{n+1}
 *   (1 - alpha_m) a_{n+1} + alpha_m a_n = (1 - alpha_f) acc_{n+1} + alpha_f acc_n
 *   q_{n+1} = q_n + h v_n + h^2 (1/2 - beta) a_n + h^2 beta a_{n+1}
 *   v_{n+1} = v_n + h (1 - gamma) a_n + h gamma a_{n+1}
 *   alpha_m = (2 rho - 1)/(rho + 1), alpha_f = rho/(rho + 1),
 *   gamma = 1/2 + alpha_f - alpha_m, beta = (gamma + 1/2)^2 / 4.
 * rho_inf = 1 gives alpha_m = alpha_f = 1/2, beta = 1/4, gamma = 1/2: with
 * consistent initial accelerations a = acc and the scheme is the trapezoidal
 * rule (Newmark average acceleration). The Newmark option sets alpha_m =
 * alpha_f = 0, beta = 1/4, gamma = 1/2. For a 3D rigid body the rotation
 * coordinates are the increment theta in the body frame, updated like q with
 * the body angular velocity (the Lie-group form of Bruls and Cardona).
 *
 * Unknowns of Newton: x = (acc_{n+1}, lambda_{n+1}); constraint rows are
 * scaled by 1/(beta' h^2), beta' = beta (1 - alpha_f)/(1 - alpha_m).
 * Each Newton solve is followed by every connector's PostNewtonStep; the
 * step repeats from its start with the new data until the largest connector
 * error is within the tolerance, a connector recommends a shorter step, or
 * discontinuous.maxIterations solves are done (sim_discontinuous_check).
 * What happens then is step_control.c's. */
#include "run.h"

#include <math.h>
#include <string.h>

typedef struct ga_coefficients {
    double am, af, beta, gamma;
} ga_coefficients;

static ga_coefficients coefficients(const sim_settings *s)
{
    ga_coefficients c;
    if (s->method == SIM_NEWMARK) {
        c.am = c.af = 0.0;
        c.beta = 0.25;
        c.gamma = 0.5;
        return c;
    }
    const double r = s->rho_inf;
    c.am = (2.0 * r - 1.0) / (r + 1.0);
    c.af = r / (r + 1.0);
    c.gamma = 0.5 + c.af - c.am;
    c.beta = 0.25 * (c.gamma + 0.5) * (c.gamma + 0.5);
    return c;
}

/* The workspace of a step: Newton's unknowns x = (acc, lambda), residual R
 * and the candidate q1, v1, a1 (N = n + nz values each). */
typedef struct ga_vectors {
    double *x, *R, *q1, *v1, *a1;
} ga_vectors;

static ga_vectors vectors(const sim_run *r)
{
    const size_t N = (size_t)r->model->n + (size_t)r->model->nz;
    double *w = r->work.work;
    const ga_vectors g = {w + 6 * N, w + 8 * N, w + 9 * N, w + 10 * N, w + 11 * N};
    return g;
}

/* q_{n+1}, v_{n+1}, a_{n+1} from acc_{n+1}. */
static void kinematics(const sim_run *r, const ga_coefficients *c, double h, const double *acc1,
                       double *q1, double *v1, double *a1)
{
    const sim_state *s = &r->state;
    for (int i = 0; i < r->model->n; ++i) {
        a1[i] = ((1.0 - c->af) * acc1[i] + c->af * s->acc[i] - c->am * s->a[i]) / (1.0 - c->am);
        q1[i] = s->q[i] + h * s->v[i] + h * h * ((0.5 - c->beta) * s->a[i] + c->beta * a1[i]);
        v1[i] = s->v[i] + h * ((1.0 - c->gamma) * s->a[i] + c->gamma * a1[i]);
    }
}

mbc_status sim_genalpha_init(sim_run *r, mbc_error *err)
{
    /* consistent initial accelerations: [M C_q^T; C_q C_z] (acc, lambda) = (F, 0) */
    const sim_model *m = r->model;
    sim_state *s = &r->state;
    const int n = m->n, N = n + m->nz;
    double *b = vectors(r).x;
    mbc_status st = sim_forces(r, s->q, s->v, 0.0, b, err);
    if (st == MBC_OK) {
        memset(b + n, 0, (size_t)m->nz * sizeof *b);
        st = sim_mass_matrix(r, s->q, 1, err);
    }
    if (st != MBC_OK)
        return st;
    st = sim_matrix_factor(&r->work.jac);
    if (st == MBC_ERR_NOMEM)
        return mbc_fail(err, st, "%s: out of memory", m->scene_name);
    if (st == MBC_OK && sim_matrix_solve(&r->work.jac, b) == MBC_OK) {
        int finite = 1;
        for (int i = 0; i < N; ++i)
            finite = finite && isfinite(b[i]);
        if (finite)
            memcpy(s->acc, b, (size_t)n * sizeof *b);
    }
    /* otherwise (massless coordinates) start from zero accelerations */
    memcpy(s->a, s->acc, (size_t)n * sizeof *s->a);
    return MBC_OK;
}

/* Relative size of the Newton update R (= dx) at (q1, v1, x). */
static double update_size(const sim_run *r, const ga_vectors *g, double beta_h2, double gamma_h)
{
    const int n = r->model->n, N = n + r->model->nz;
    double worst = 0.0;
    for (int i = 0; i < N; ++i) {
        double e;
        if (i < n) {
            const double dq = fabs(beta_h2 * g->R[i]) / (1.0 + fabs(g->q1[i]));
            const double dv = fabs(gamma_h * g->R[i]) / (1.0 + fabs(g->v1[i]));
            e = dq > dv ? dq : dv;
        } else {
            e = fabs(g->R[i]) / (1.0 + fabs(g->x[i]));
        }
        if (e > worst)
            worst = e;
    }
    return worst;
}

/* One Newton iteration's matrix, when needed, and solve: R becomes the
 * update. *solved = 0 when the matrix is singular or the update not finite. */
static mbc_status newton_update(sim_run *r, const ga_vectors *g, int need_jacobian, double beta_h2,
                                double gamma_h, double t1, int *solved, mbc_error *err)
{
    const int n = r->model->n, N = n + r->model->nz;
    *solved = 0;
    if (need_jacobian) {
        mbc_status st = sim_jacobian(r, g->q1, g->v1, g->x + n, t1, beta_h2, gamma_h, err);
        if (st != MBC_OK)
            return st;
        st = sim_matrix_factor(&r->work.jac);
        if (st == MBC_ERR_NOMEM)
            return mbc_fail(err, st, "%s: out of memory", r->model->scene_name);
        if (st != MBC_OK)
            return MBC_OK;
    }
    for (int i = 0; i < N; ++i)
        g->R[i] = -g->R[i];
    r->state.stats.newton_iterations++;
    if (sim_matrix_solve(&r->work.jac, g->R) != MBC_OK)
        return MBC_OK;
    for (int i = 0; i < N; ++i)
        if (!isfinite(g->R[i]))
            return MBC_OK;
    *solved = 1;
    return MBC_OK;
}

/* Newton solve from the iterate x; *converged = 0 when it does not converge;
 * *iterations: the iterations it took. */
static mbc_status newton(sim_run *r, const ga_coefficients *c, double h, int *converged,
                         int *iterations, mbc_error *err)
{
    const ga_vectors g = vectors(r);
    const int n = r->model->n, N = n + r->model->nz;
    const sim_settings *set = &r->model->settings;
    const double scale = (1.0 - c->af) / (1.0 - c->am);
    const double beta_h2 = c->beta * scale * h * h, gamma_h = c->gamma * scale * h;
    const double t1 = r->state.t + h;
    double previous = INFINITY;
    int need_jacobian = 1;
    *converged = 0;
    for (int it = 0; it < set->newton_max_iterations; ++it) {
        *iterations = it + 1;
        kinematics(r, c, h, g.x, g.q1, g.v1, g.a1);
        int solved = 0;
        mbc_status st = sim_residual(r, g.q1, g.v1, g.x, g.x + n, t1, beta_h2, g.R, err);
        if (st == MBC_OK)
            st = newton_update(r, &g, need_jacobian, beta_h2, gamma_h, t1, &solved, err);
        if (st != MBC_OK || !solved)
            return st;
        for (int i = 0; i < N; ++i)
            g.x[i] += g.R[i];
        const double worst = update_size(r, &g, beta_h2, gamma_h);
        if (worst <= set->newton_tolerance ||
            (it > 1 && worst <= 1e3 * set->newton_tolerance && worst >= 0.5 * previous)) {
            /* converged, or stagnating at the rounding floor */
            kinematics(r, c, h, g.x, g.q1, g.v1, g.a1);
            *converged = 1;
            return MBC_OK;
        }
        need_jacobian = !set->newton_modified || worst > 0.2 * previous;
        previous = worst;
    }
    return MBC_OK;
}

mbc_status sim_genalpha_attempt(sim_run *r, double h, sim_attempt_result *out, mbc_error *err)
{
    const ga_coefficients c = coefficients(&r->model->settings);
    const sim_model *m = r->model;
    sim_state *s = &r->state;
    const ga_vectors g = vectors(r);
    const int n = m->n;
    sim_attempt_begin(r, out);
    memcpy(g.x, s->acc, (size_t)n * sizeof *g.x);
    memcpy(g.x + n, s->z, (size_t)m->nz * sizeof *g.x);
    for (int it = 1;; ++it) {
        s->stats.discontinuous_iterations++;
        int converged = 0, done = 0;
        mbc_status st = newton(r, &c, h, &converged, &out->newton_iterations, err);
        if (st != MBC_OK)
            return st;
        if (!converged) {
            out->outcome = SIM_NEWTON_FAILED;
            return MBC_OK;
        }
        st = sim_discontinuous_check(r, h, it, g.q1, g.v1, g.x + n, out, &done, err);
        if (st != MBC_OK || done)
            return st;
    }
}

void sim_genalpha_commit(sim_run *r, double h)
{
    const sim_model *m = r->model;
    sim_state *s = &r->state;
    const ga_vectors g = vectors(r);
    const size_t n = (size_t)m->n;
    memcpy(s->q, g.q1, n * sizeof *s->q);
    memcpy(s->v, g.v1, n * sizeof *s->v);
    memcpy(s->a, g.a1, n * sizeof *s->a);
    memcpy(s->acc, g.x, n * sizeof *s->acc);
    memcpy(s->z, g.x + n, (size_t)m->nz * sizeof *s->z);
    sim_step_accepted(r, h);
}
