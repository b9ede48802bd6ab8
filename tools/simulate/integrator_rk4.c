/* SPDX-License-Identifier: BSD-3-Clause */
/* Explicit fourth-order Runge-Kutta for scenes without constraints:
 * y = (q, v), q' = v (3D rigid bodies: theta' = J_r^{-1}(theta) omega),
 * v' = M^{-1} F(q, v, t), with the data frozen during a step and the
 * discontinuous iteration (PostNewtonStep, recommended step sizes) after it. */
#include "sim.h"

#include "mbconnect/vec.h"

#include <math.h>
#include <string.h>

/* theta' = omega + 1/2 theta x omega + c theta x (theta x omega),
 * c = 1/phi^2 - (1 + cos phi) / (2 phi sin phi). */
static void rotvec_rate(const double th[3], const double w[3], double out[3])
{
    const double phi = mbc_norm3(th);
    const double c = phi < 1e-4 ? 1.0 / 12.0 + phi * phi / 720.0
                                : 1.0 / (phi * phi) - (1.0 + cos(phi)) / (2.0 * phi * sin(phi));
    double tw[3], ttw[3];
    mbc_cross3(th, w, tw);
    mbc_cross3(th, tw, ttw);
    for (int i = 0; i < 3; ++i) {
        out[i] = w[i] + 0.5 * tw[i] + c * ttw[i];
    }
}

static int rhs(sim_model *m, const double *y, double t, double *yd)
{
    const int n = m->n;
    memcpy(yd, y + n, (size_t)n * sizeof *yd);
    for (int i = 0; i < m->body_count; ++i) {
        const sim_body *b = &m->bodies[i];
        if (b->kind == SIM_RIGID_3D) {
            rotvec_rate(y + b->offset + 3, y + n + b->offset + 3, yd + b->offset + 3);
        }
    }
    if (sim_forces(m, y, y + n, t, yd + n) != 0) {
        return -1;
    }
    if (sim_matrix_solve(&m->jac, yd + n) != 0) {
        return sim_fail(m, "%s: RK4: singular mass matrix", m->scene_name);
    }
    return 0;
}

static int mass_factored(sim_model *m)
{
    /* the mass matrix is constant: factorized once, before the first step */
    if (m->stats.steps == 0 && m->stats.discontinuous_iterations == 0) {
        for (int i = 0; i < m->n; ++i) {
            if (m->mass_diag[i] <= 0.0) {
                int cable = 0;
                for (int b = 0; b < m->body_count; ++b) {
                    const sim_body *bd = &m->bodies[b];
                    cable = cable || (bd->kind == SIM_CABLE_NODE && i >= bd->offset &&
                                      i < bd->offset + bd->nq);
                }
                if (!cable) {
                    return sim_fail(m,
                                    "%s: solver.method = \"RK4\" needs a positive mass for "
                                    "every coordinate (coordinate %d has none)",
                                    m->scene_name, i);
                }
            }
        }
        if (sim_mass_matrix(m, m->q, 0) != 0 || sim_matrix_factor(&m->jac) != 0) {
            return sim_fail(m, "%s: RK4: singular mass matrix", m->scene_name);
        }
    }
    return 0;
}

int sim_rk4_step(sim_model *m, double h, double *h_done)
{
    if (m->nz > 0) {
        return sim_fail(m,
                        "%s: solver.method = \"RK4\" is for scenes without constraints "
                        "(this one has %d Lagrange multipliers)",
                        m->scene_name, m->nz);
    }
    if (mass_factored(m) != 0) {
        return -1;
    }
    const int n = m->n, ny = 2 * n;
    const size_t N = (size_t)n + 1;
    double *y0 = m->work + 6 * N, *yt = y0 + 2 * N, *k[4];
    for (int s = 0; s < 4; ++s) {
        k[s] = y0 + (4 + 2 * (size_t)s) * N;
    }
    const sim_settings *st = &m->settings;
    for (int attempt = 0; attempt < 200; ++attempt) {
        memcpy(m->data, m->data_start, (size_t)m->nd * sizeof *m->data);
        int redo = 0, it;
        for (it = 1; it <= st->discontinuous_max_iterations; ++it) {
            m->stats.discontinuous_iterations++;
            memcpy(y0, m->q, (size_t)n * sizeof *y0);
            memcpy(y0 + n, m->v, (size_t)n * sizeof *y0);
            const double c[3] = {0.5, 0.5, 1.0};
            if (rhs(m, y0, m->t, k[0]) != 0) {
                return -1;
            }
            for (int s = 1; s < 4; ++s) {
                for (int i = 0; i < ny; ++i) {
                    yt[i] = y0[i] + c[s - 1] * h * k[s - 1][i];
                }
                if (rhs(m, yt, m->t + c[s - 1] * h, k[s]) != 0) {
                    return -1;
                }
            }
            for (int i = 0; i < ny; ++i) {
                yt[i] = y0[i] + h / 6.0 * (k[0][i] + 2.0 * k[1][i] + 2.0 * k[2][i] + k[3][i]);
            }
            const int d = sim_discontinuous_check(m, yt, yt + n, m->z, h, &h, &redo);
            if (d < 0) {
                return -1;
            }
            if (d == 0) {
                break;
            }
        }
        if (redo) {
            m->stats.step_reductions++;
            continue;
        }
        if (it > st->discontinuous_max_iterations) {
            m->stats.discontinuous_unconverged++;
        }
        for (int i = 0; i < ny; ++i) {
            if (!isfinite(yt[i])) {
                return sim_fail(m,
                                "%s: RK4: the state is not finite at t = %.17g (step %g too "
                                "large?)",
                                m->scene_name, m->t + h, h);
            }
        }
        memcpy(m->q, yt, (size_t)n * sizeof *m->q);
        memcpy(m->v, yt + n, (size_t)n * sizeof *m->v);
        sim_step_accepted(m, h, h_done);
        return 0;
    }
    return sim_fail(m, "%s: too many step reductions at t = %.17g", m->scene_name, m->t);
}
