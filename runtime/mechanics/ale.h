/* SPDX-License-Identifier: BSD-3-Clause */
/* ALE sliding of JointALEMoving2D.
 *
 * Seed ObjectJointALEMoving2D ("Geometric relations", "Connector constraint
 * equations", "Post Newton Step"); physics-notes.md, JointALEMoving2D.
 * Lengths in m, velocities in m/s. The cable element is an ANCF Cable2D element
 * (ancf_cable2d.h) with coordinates q[8] and length L.
 *
 * Internal to the runtime (not installed, not exported): the building
 * blocks of JointALEMoving2D only (docs/versioning.rst, "What counts as API").
 */
#ifndef MBC_RUNTIME_ALE_H
#define MBC_RUNTIME_ALE_H

#include "mbconnect/connector.h"

/* Element-local sliding coordinate s_el = q_ALE + s_off - offsets[index]
 * (m). index must be a valid index into offsets. */
double mbc_ale_element_coordinate(double q_ale, double s_off, const double *offsets, int index);

/* Warnings of mbc_ale_update_index (connector.h): MBC_WARN_ALE_CLAMPED_LOW
 * (index would become < 0: kept at 0), MBC_WARN_ALE_CLAMPED_HIGH (index would
 * become >= sn: kept at sn - 1), MBC_WARN_ALE_NO_ELEMENTS (sn < 1: index 0). */

/* PostNewtonStep index update: s_el < 0 -> index - 1 with error |s_el|;
 * s_el > L -> index + 1 with error |s_el - L|; otherwise unchanged, error 0.
 * The result is clamped to [0, sn - 1] (the seed's "= sn" is one past the
 * end) and the matching warning flag is set; the error is reported also when
 * clamping kept the index, so the solver sees the unresolved discontinuity
 * together with the warning. error (m) and warning may be NULL.
 * Returns the new index; the caller re-links marker m1 to
 * slidingMarkerNumbers[new index]. */
int mbc_ale_update_index(double s_el, double L, int index, int sn, double *error,
                         unsigned *warning);

/* Position residual (index 3) Delta p = r(s_el) - p_m0, m. */
void mbc_ale_position_residual(const double q[8], double L, double s_el, const double p_m0[2],
                               double dp[2]);

/* Velocity residual (index 2) Delta v = S(s_el) q_t + q_ale_t r'(s_el) - v_m0, m/s. */
void mbc_ale_velocity_residual(const double q[8], const double q_t[8], double L, double s_el,
                               double q_ale_t, const double v_m0[2], double dv[2]);

/* Jacobians of Delta p (rows x, y), row-major:
 *   d_dq[2x8] = S(s_el) (x) I2,   d_dale[2] = r'(s_el)  (d s_el / d q_ALE = 1).
 * Either output may be NULL. d/dp_m0 is -I2 (the solver applies -J_m0). */
void mbc_ale_position_jacobian(const double q[8], double L, double s_el, double d_dq[16],
                               double d_dale[2]);

/* Jacobians of Delta v, row-major 2x8 / 2-vectors (any output may be NULL):
 *   d_dq_t   = S(s_el) (x) I2,        d_dale_t = r'(s_el),
 *   d_dq     = q_ale_t S'(s_el) (x) I2,
 *   d_dale   = S'(s_el) q_t + q_ale_t r''(s_el). */
void mbc_ale_velocity_jacobian(const double q[8], const double q_t[8], double L, double s_el,
                               double q_ale_t, double d_dq_t[16], double d_dale_t[2],
                               double d_dq[16], double d_dale[2]);

/* The ALE sliding constraint at s_el in one pass (shape functions evaluated
 * once): residuals and Jacobians as listed in physics-notes "JointALEMoving2D".
 * q, q_t: cable element coordinates and velocities; s_t = q_ALE_t. */
struct mbc_ale_equations {
    double position[2]; /* r(s_el) - p_m0                          (m)   */
    double velocity[2]; /* S(s_el) q_t + s_t r'(s_el) - v_m0       (m/s) */
    double d_dq[16];    /* d position / d q = S (x) I2, 2x8 row-major     */
    double d_ds[2];     /* d position / d q_ALE = r'(s_el)                */
    double dv_dq[16];   /* d velocity / d q = s_t S' (x) I2               */
    double dv_ds[2];    /* d velocity / d q_ALE = S' q_t + s_t r''(s_el)  */
    double dv_dst[2];   /* d velocity / d q_ALE_t = r'(s_el)              */
};
void mbc_ale_equations(const double q[8], const double q_t[8], double L, double s_el, double s_t,
                       const double p_m0[2], const double v_m0[2], struct mbc_ale_equations *out);

#endif /* MBC_RUNTIME_ALE_H */
