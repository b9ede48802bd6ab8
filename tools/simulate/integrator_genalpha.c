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
 * step repeats with the new data until the summed error is below the
 * tolerance, and restarts with the recommended step size when a connector
 * asks for a smaller one. */
#include "sim.h"

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

/* q_{n+1}, v_{n+1}, a_{n+1} from acc_{n+1}. */
static void kinematics(const sim_model *m, const ga_coefficients *c, double h, const double *acc1,
                       double *q1, double *v1, double *a1)
{
    for (int i = 0; i < m->n; ++i) {
        a1[i] = ((1.0 - c->af) * acc1[i] + c->af * m->acc[i] - c->am * m->a[i]) / (1.0 - c->am);
        q1[i] = m->q[i] + h * m->v[i] + h * h * ((0.5 - c->beta) * m->a[i] + c->beta * a1[i]);
        v1[i] = m->v[i] + h * ((1.0 - c->gamma) * m->a[i] + c->gamma * a1[i]);
    }
}

int sim_genalpha_init(sim_model *m)
{
    /* consistent initial accelerations: [M C_q^T; C_q C_z] (acc, lambda) = (F, 0) */
    const int n = m->n, N = n + m->nz;
    double *b = m->work + 6 * (size_t)N;
    if (sim_forces(m, m->q, m->v, 0.0, b) != 0) {
        return -1;
    }
    memset(b + n, 0, (size_t)m->nz * sizeof *b);
    if (sim_mass_matrix(m, m->q, 1) != 0) {
        return -1;
    }
    if (sim_matrix_factor(&m->jac) == 0 && sim_matrix_solve(&m->jac, b) == 0) {
        int finite = 1;
        for (int i = 0; i < N; ++i) {
            finite = finite && isfinite(b[i]);
        }
        if (finite) {
            memcpy(m->acc, b, (size_t)n * sizeof *b);
        }
    }
    /* otherwise (massless coordinates) start from zero accelerations */
    memcpy(m->a, m->acc, (size_t)n * sizeof *m->a);
    return 0;
}

/* Newton solve from the iterate x. Returns 0 converged, 1 not converged, -1 error. */
static int newton(sim_model *m, const ga_coefficients *c, double h, double *x)
{
    const int n = m->n, N = n + m->nz;
    double *R = m->work + 8 * (size_t)N, *q1 = m->work + 9 * (size_t)N;
    double *v1 = m->work + 10 * (size_t)N, *a1 = m->work + 11 * (size_t)N;
    const double scale = (1.0 - c->af) / (1.0 - c->am);
    const double beta_h2 = c->beta * scale * h * h, gamma_h = c->gamma * scale * h;
    const double t1 = m->t + h;
    double previous = INFINITY;
    int need_jacobian = 1;
    for (int it = 0; it < m->settings.newton_max_iterations; ++it) {
        kinematics(m, c, h, x, q1, v1, a1);
        if (sim_residual(m, q1, v1, x, x + n, t1, beta_h2, R) != 0) {
            return -1;
        }
        if (need_jacobian) {
            if (sim_jacobian(m, q1, v1, x + n, t1, beta_h2, gamma_h) != 0) {
                return -1;
            }
            if (sim_matrix_factor(&m->jac) != 0) {
                return 1;
            }
        }
        for (int i = 0; i < N; ++i) {
            R[i] = -R[i];
        }
        m->stats.newton_iterations++;
        if (sim_matrix_solve(&m->jac, R) != 0) {
            return 1;
        }
        double worst = 0.0;
        for (int i = 0; i < N; ++i) {
            if (!isfinite(R[i])) {
                return 1;
            }
            x[i] += R[i];
            double r;
            if (i < n) {
                const double dq = fabs(beta_h2 * R[i]) / (1.0 + fabs(q1[i]));
                const double dv = fabs(gamma_h * R[i]) / (1.0 + fabs(v1[i]));
                r = dq > dv ? dq : dv;
            } else {
                r = fabs(R[i]) / (1.0 + fabs(x[i]));
            }
            if (r > worst) {
                worst = r;
            }
        }
        if (worst <= m->settings.newton_tolerance) {
            kinematics(m, c, h, x, q1, v1, a1);
            return 0;
        }
        if (it > 1 && worst <= 1e3 * m->settings.newton_tolerance && worst >= 0.5 * previous) {
            kinematics(m, c, h, x, q1, v1, a1); /* stagnation at the rounding floor */
            return 0;
        }
        need_jacobian = !m->settings.newton_modified || worst > 0.2 * previous;
        previous = worst;
    }
    return 1;
}

int sim_genalpha_step(sim_model *m, double h, double *h_done)
{
    const ga_coefficients c = coefficients(&m->settings);
    const int n = m->n, N = n + m->nz;
    double *x = m->work + 6 * (size_t)N;
    double *q1 = m->work + 9 * (size_t)N, *v1 = m->work + 10 * (size_t)N;
    double *a1 = m->work + 11 * (size_t)N;
    const sim_settings *st = &m->settings;
    for (int attempt = 0; attempt < 200; ++attempt) {
        memcpy(m->data, m->data_start, (size_t)m->nd * sizeof *m->data);
        memcpy(x, m->acc, (size_t)n * sizeof *x);
        memcpy(x + n, m->z, (size_t)m->nz * sizeof *x);
        int redo = 0;
        double new_h = h;
        int it;
        for (it = 1; it <= st->discontinuous_max_iterations; ++it) {
            m->stats.discontinuous_iterations++;
            const int s = newton(m, &c, h, x);
            if (s < 0) {
                return -1;
            }
            if (s > 0) {
                redo = 2;
                new_h = 0.5 * h;
                break;
            }
            const int d = sim_discontinuous_check(m, q1, v1, x + n, h, &new_h, &redo);
            if (d < 0) {
                return -1;
            }
            if (d == 0) {
                break;
            }
        }
        if (redo != 0) {
            if (redo == 1) {
                m->stats.step_reductions++;
            } else {
                m->stats.newton_failures++;
                if (new_h < st->min_step) {
                    return sim_fail(m,
                                    "%s: Newton did not converge at t = %.17g even with step %g "
                                    "(solver.minStepSize = %g)",
                                    m->scene_name, m->t, h, st->min_step);
                }
            }
            h = new_h;
            continue;
        }
        if (it > st->discontinuous_max_iterations) {
            m->stats.discontinuous_unconverged++;
        }
        memcpy(m->q, q1, (size_t)n * sizeof *m->q);
        memcpy(m->v, v1, (size_t)n * sizeof *m->v);
        memcpy(m->a, a1, (size_t)n * sizeof *m->a);
        memcpy(m->acc, x, (size_t)n * sizeof *m->acc);
        memcpy(m->z, x + n, (size_t)m->nz * sizeof *m->z);
        sim_step_accepted(m, h, h_done);
        return 0;
    }
    return sim_fail(m, "%s: too many step reductions at t = %.17g", m->scene_name, m->t);
}
