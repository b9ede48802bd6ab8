/* SPDX-License-Identifier: BSD-3-Clause */
/* Inline kernels of the Coulomb stick/slip decision (private to the runtime).
 *
 * friction.c's mbc_coulomb_stick_slip and mbc_slip_last_sticking_position
 * (mbconnect/friction.h, where the equations are) are these kernels; the
 * cable hook's per-segment loop calls them directly. Same operations in the
 * same order, so the results are the same bits either way. */
#ifndef MBC_RUNTIME_FRICTION_INLINE_H
#define MBC_RUNTIME_FRICTION_INLINE_H

#include <math.h>

#include "mbconnect/friction.h"

/* mbc_coulomb_stick_slip. */
static inline int mbc_coulomb_stick_slip_inline(double v_t, double delta_stick, double f_n,
                                                double mu, double mu_v, double mu_k, double *f_t,
                                                double *f_t_lin)
{
    const double lin = mu_v * v_t + mu_k * delta_stick;
    const double cap = mu * fabs(f_n);
    if (f_t_lin != 0) {
        *f_t_lin = lin;
    }
    if (fabs(lin) <= cap) {
        if (f_t != 0) {
            *f_t = lin;
        }
        return MBC_STICK;
    }
    /* slip in the direction of the trial force (|lin| > cap >= 0: lin != 0) */
    const int state = (lin > 0.0) ? MBC_SLIP_POSITIVE : MBC_SLIP_NEGATIVE;
    if (f_t != 0) {
        *f_t = cap * (double)state;
    }
    return state;
}

/* mbc_slip_last_sticking_position. */
static inline double mbc_slip_last_sticking_position_inline(double x_cur_stick, int slip_state,
                                                            double mu, double f_n, double mu_k)
{
    if (mu_k == 0.0) {
        return x_cur_stick;
    }
    const double s = (slip_state > 0) ? 1.0 : (slip_state < 0 ? -1.0 : 0.0);
    return x_cur_stick - s * mu * fabs(f_n) / mu_k;
}

#endif /* MBC_RUNTIME_FRICTION_INLINE_H */
