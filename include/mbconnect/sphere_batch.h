/* SPDX-License-Identifier: BSD-3-Clause */
/* Batch evaluation of ContactSphereSphere: forces and PostNewtonStep of many
 * independent sphere pairs that share one parameter set (granular and
 * DEM-style models with millions of pairs).
 *
 * Inputs and outputs are structures of arrays (one array per vector
 * component, `count` values each), owned by the caller. Nothing allocates,
 * nothing is global: every call is reentrant, and two calls on disjoint
 * outputs may run at the same time. The loops are written for the compiler's
 * vectorizer (branch-free selects for "in contact", restrict pointers,
 * `#pragma omp simd`); runtime/eval/sphere_batch.c says which loops vectorize.
 *
 * Results equal the single-pair hooks mbc_contact_sphere_sphere_forces and
 * mbc_contact_sphere_sphere_post_newton_step (same equations, same order of
 * operations; tests/runtime/test_sphere_batch.c compares to 1e-14 relative),
 * with the friction magnitude mu_d |f_1,n| of the physics notes ("Friction
 * magnitude uses |f_1,n|"), and they do not depend on the thread count.
 *
 * Units and signs as the hooks: SI; n points from m0 to m1; forces and
 * torques are the physical ones acting ON each marker.
 *
 * Speed: on x86-64 the loops run 8 pairs per AVX-512 vector (4 with AVX2),
 * chosen at load time. Large batches are limited by memory bandwidth (22
 * doubles read and 9 written per pair for forces); the call first computes a
 * few pairs on their own so that the rest starts on 64-byte cache lines, which
 * aligns every array when all share their offset within a line (arrays from
 * one allocator usually do; aligned_alloc(64, ...) makes sure). Any alignment
 * gives the same results. */
#ifndef MBCONNECT_SPHERE_BATCH_H
#define MBCONNECT_SPHERE_BATCH_H

#include <stddef.h>

#include "mbconnect/connector.h"
#include "mbconnect/export.h"
#include "mbconnect/generated/contact_sphere_sphere.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The state of `count` sphere pairs, component-wise: position[j][i][k] is
 * component i (x, y, z) of marker m_j's center for pair k (m). */
typedef struct mbc_sphere_batch {
    size_t count;
    const double *position[2][3];         /* p_m0, p_m1, m */
    const double *velocity[2][3];         /* v_m0, v_m1, m/s */
    const double *angular_velocity[2][3]; /* GLOBAL omega = A omega_local, rad/s */
    /* radius[j]: per-pair radius of sphere j (m), or NULL for the shared
     * spheresRadii[j] of the parameters; both or neither may be NULL. */
    const double *radius[2];
    /* Current data coordinates x_0..x_3 (gap, |v_t|, impact velocity,
     * plastic overlap), as the hooks' state.data. */
    const double *data[4];
    /* Start-of-step data (PostNewtonStep only; unused by the forces). */
    const double *data_start[4];
} mbc_sphere_batch;

/* Force results per pair. The force on m0 is -force (not stored). */
typedef struct mbc_sphere_batch_forces {
    double *force[3];     /* force on m1, N */
    double *torque[2][3]; /* torque on m0, m1, N m */
} mbc_sphere_batch_forces;

/* PostNewtonStep results per pair. */
typedef struct mbc_sphere_batch_post_newton {
    double *data[4];          /* new current data x_0..x_3 */
    double *error;            /* discontinuous error, N */
    double *recommended_step; /* s, or -1 when none is proposed */
} mbc_sphere_batch_post_newton;

/* Forces of every pair, as mbc_contact_sphere_sphere_forces with the
 * friction magnitude |f_1,n|: zero where data[0] > 0 or the connector is
 * inactive. threads: 1 runs on the calling thread, > 1 uses that many
 * OpenMP threads (when the library is built with OpenMP), 0 takes
 * MBC_THREADS from the environment (default 1). Errors (NULL arrays, an
 * unusable impact model, a non-finite normal force at pair k) are reported
 * once, naming the field or the pair; the outputs are then unspecified. */
MBC_API mbc_status mbc_sphere_batch_forces_eval(const mbc_contact_sphere_sphere_params *p,
                                                const mbc_sphere_batch *in,
                                                const mbc_sphere_batch_forces *out, int threads,
                                                mbc_error *err);

/* PostNewtonStep of every pair, as mbc_contact_sphere_sphere_post_newton_step
 * (needs data and data_start). Inactive connector: data copied, error 0. */
MBC_API mbc_status mbc_sphere_batch_post_newton_step(const mbc_contact_sphere_sphere_params *p,
                                                     const mbc_sphere_batch *in,
                                                     const mbc_sphere_batch_post_newton *out,
                                                     int threads, mbc_error *err);

/* PostNewtonStep, then the forces with its new data, in one pass: the
 * results of mbc_sphere_batch_post_newton_step(p, in, pn) followed by
 * mbc_sphere_batch_forces_eval on the same pairs with data = pn->data, bit
 * for bit (the kinematics and the normal force are computed once; both
 * calls compute them from the same inputs). For a solver that evaluates the
 * forces right after each PostNewtonStep (mbc-lammps, DEM codes): about the
 * cost of one of the two calls. Errors as the two calls: a PostNewtonStep
 * error first; a force error names the pair with its new data[0]. */
MBC_API mbc_status mbc_sphere_batch_step(const mbc_contact_sphere_sphere_params *p,
                                         const mbc_sphere_batch *in,
                                         const mbc_sphere_batch_post_newton *pn,
                                         const mbc_sphere_batch_forces *fo, int threads,
                                         mbc_error *err);

#ifdef __cplusplus
}
#endif

#endif
