/* SPDX-License-Identifier: BSD-3-Clause */
/* The kernel contract of in-place pair evaluation (mbconnect/pair_eval.h):
 * how a type provides the fast path of mbc_pair_eval, built in or in a
 * plugin. Header only: inline functions and one macro, nothing exported.
 *
 * What a type provides (docs/lammps.rst, "A pair law's kernel"):
 *
 * 1. In its spec, `kernel = true` in the pair binding. mbcgen then declares
 *      mbc_status mbc_<type>_pair_evaluate(const mbc_<type>_params *p,
 *                                          const mbc_pair_call *call,
 *                                          mbc_pair_sums *sums, mbc_error *err);
 *    in the type's generated header and puts it into the binding
 *    (mbc_pair_binding.evaluate); the type defines it. (`reach = true`
 *    declares mbc_<type>_pair_reach the same way, for a law whose contacts
 *    outlive touching.)
 *
 * 2. ONE per-pair kernel per law, `static inline` in a header that the
 *    type's hooks include too (the hooks, a batch API and the in-place path
 *    all call it; no second copy of the law):
 *
 *      static inline mbc_pair_out KERNEL(const LAW *law, const mbc_pair_in *in,
 *                                        double *data, const int post_newton);
 *
 *    law: the type's constants for one call (its parameters, derived values,
 *    call->dt), made once per call; in: the pair (below); data: the pair's
 *    record (data_count doubles, NULL for a type without data coordinates):
 *    with post_newton = 1 the kernel reads the start-of-step data, runs the
 *    law's PostNewtonStep (the new data: written into the same record, so
 *    read everything first) and then the forces with the new data; with
 *    post_newton = 0 the forces of the record's data, which it leaves as it
 *    is. The kernel returns the force on sphere b (on a: its negative), the
 *    torques on both, whether the pair is in contact (0: the engine drops
 *    the record; the forces are then zero), whether it failed (a non-finite
 *    force: the call reports the pair), and its scalar outputs.
 *
 * 3. Specializations: the choices fixed for a run (a model, an exponent, a
 *    flag) are `const int` arguments of the kernel (or of thin always-inline
 *    wrappers), so that each instantiation below is compiled with them as
 *    constants: no per-pair branch on them. mbc_<type>_pair_evaluate makes
 *    the law once, picks the instantiation once and runs it:
 *
 *      MBC_PAIR_KERNEL_LOOP(my_loop_pns, my_law, my_kernel, 1, 0, 0)
 *      MBC_PAIR_KERNEL_LOOP(my_loop_keep, my_law, my_kernel, 0, 0, 0)
 *      ...
 *      const size_t bad = (call->flags & MBC_PAIR_POST_NEWTON)
 *                             ? my_loop_pns(&law, call, sums) : my_loop_keep(&law, call, sums);
 *      if (bad < call->count)
 *          return mbc_pair_kernel_fail(err, "MyType", call, sums, bad, "force not finite");
 *
 * A type without (1) still works with mbc_pair_eval, through its hooks.
 *
 * The pair as a kernel sees it: the normal, the gap, the two spheres'
 * velocities, angular velocities, radii and masses. A wall (a sphere of
 * infinite radius and mass, as fix wall/gran) is the same input with
 * r[1] = m[1] = +inf, the wall's normal and the sphere's distance to it as
 * the gap: a kernel that forms R_eff = 1 / (1/r_a + 1/r_b) and
 * m_eff = 1 / (1/m_a + 1/m_b) handles both. */
#ifndef MBCONNECT_PAIR_KERNEL_H
#define MBCONNECT_PAIR_KERNEL_H

#include <float.h>
#include <math.h>
#include <stddef.h>

#include "mbconnect/error.h"
#include "mbconnect/pair_eval.h"
#include "mbconnect/vec.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Scalar outputs a kernel returns: out.output[k] for the type's outputs
 * k < MBC_PAIR_OUTPUT_MAX (indices of mbc_type_info.outputs). */
#define MBC_PAIR_OUTPUT_MAX 8

/* One pair of spheres a, b. */
typedef struct mbc_pair_in {
    double n[3];    /* unit normal from a to b: d / |d|, d = x_b - x_a; e_x when d = 0 */
    double gap;     /* |d| - (r_a + r_b), m (< 0: overlap) */
    double v[2][3]; /* velocities of a, b, m/s */
    double w[2][3]; /* angular velocities of a, b, global, rad/s */
    double r[2];    /* radii, m (+inf: a wall) */
    double m[2];    /* masses, kg, when the binding has masses, else 0 (+inf: a wall) */
} mbc_pair_in;

/* What a kernel returns for one pair. */
typedef struct mbc_pair_out {
    double force[3];     /* on b, N; on a: -force */
    double torque[2][3]; /* on a, on b, N m */
    double output[MBC_PAIR_OUTPUT_MAX];
    int contact; /* 1: in contact after the call; 0: out of contact, drop the record */
    int fail;    /* 1: the law failed for this pair (non-finite force) */
} mbc_pair_out;

/* Kernels and their helpers are always inlined into the loops. */
#if defined(__GNUC__)
#define MBC_PAIR_ALWAYS_INLINE __attribute__((always_inline))
#else
#define MBC_PAIR_ALWAYS_INLINE
#endif
#define MBC_PAIR_INLINE static inline MBC_PAIR_ALWAYS_INLINE

/* The normal and gap of two spheres whose centers are d = x_b - x_a apart:
 * |d| by mbc_hypot3 (plain = 0), or by sqrt of the sum of squares (plain =
 * 1: a vectorized loop, which checks mbc_pair_norm_plain and computes the
 * rare other case again with plain = 0; both give the same bits whenever
 * the sum of squares is a normal number). */
typedef struct mbc_pair_geometry {
    double n[3];
    double gap;
} mbc_pair_geometry;

static inline MBC_PAIR_ALWAYS_INLINE double mbc_pair_norm(double x, double y, double z,
                                                          const int plain)
{
    return plain ? sqrt(x * x + y * y + z * z) : mbc_hypot3(x, y, z);
}

/* 1 when mbc_hypot3 uses the plain formula (sum of squares a normal number). */
static inline MBC_PAIR_ALWAYS_INLINE int mbc_pair_norm_plain(double x, double y, double z)
{
    const double s = x * x + y * y + z * z;
    return s >= DBL_MIN && s <= DBL_MAX;
}

static inline MBC_PAIR_ALWAYS_INLINE mbc_pair_geometry mbc_pair_geometry_of(double dx, double dy,
                                                                            double dz, double r_a,
                                                                            double r_b,
                                                                            const int plain)
{
    mbc_pair_geometry g;
    const double dist = mbc_pair_norm(dx, dy, dz, plain);
    const int coincident = !(dist > 0.0);
    g.n[0] = coincident ? 1.0 : dx / dist;
    g.n[1] = coincident ? 0.0 : dy / dist;
    g.n[2] = coincident ? 0.0 : dz / dist;
    g.gap = dist - (r_a + r_b);
    return g;
}

/* Pair k of the call as a kernel sees it; d receives x_b - x_a. */
static inline MBC_PAIR_ALWAYS_INLINE void mbc_pair_load(const mbc_pair_atoms *at, const mbc_pair *p,
                                                        const int masses, mbc_pair_in *in,
                                                        double d[3])
{
    const int a = p->atom[0], b = p->atom[1];
    const double *xa = at->position[a], *xb = at->position[b];
    for (int c = 0; c < 3; ++c) {
        d[c] = xb[c] - xa[c];
    }
    in->r[0] = at->radius[a];
    in->r[1] = at->radius[b];
    const mbc_pair_geometry g = mbc_pair_geometry_of(d[0], d[1], d[2], in->r[0], in->r[1], 0);
    for (int c = 0; c < 3; ++c) {
        in->n[c] = g.n[c];
        in->v[0][c] = at->velocity[a][c];
        in->v[1][c] = at->velocity[b][c];
        in->w[0][c] = at->angular_velocity[a][c];
        in->w[1][c] = at->angular_velocity[b][c];
    }
    in->gap = g.gap;
    in->m[0] = masses ? at->mass[a] : 0.0;
    in->m[1] = masses ? at->mass[b] : 0.0;
}

/* The sums of one call, kept in locals while it runs. */
typedef struct mbc_pair_acc {
    double contacts, overlap, virial[6];
} mbc_pair_acc;

static inline MBC_PAIR_ALWAYS_INLINE void mbc_pair_acc_begin(mbc_pair_acc *acc,
                                                             const mbc_pair_sums *sums)
{
    acc->contacts = sums->contacts;
    acc->overlap = sums->overlap;
    for (int c = 0; c < 6; ++c) {
        acc->virial[c] = sums->virial[c];
    }
}

static inline MBC_PAIR_ALWAYS_INLINE void mbc_pair_acc_end(const mbc_pair_acc *acc,
                                                           mbc_pair_sums *sums)
{
    sums->contacts = acc->contacts;
    sums->overlap = acc->overlap;
    for (int c = 0; c < 6; ++c) {
        sums->virial[c] = acc->virial[c];
    }
}

/* The pair's weight in the sums: 1, or 1/2 when an atom is not owned. */
static inline MBC_PAIR_ALWAYS_INLINE double mbc_pair_weight(const mbc_pair_atoms *at,
                                                            const mbc_pair *p)
{
    return (p->atom[0] < at->owned && p->atom[1] < at->owned) ? 1.0 : 0.5;
}

/* The virial of one pair, w d_i f_j (xx, yy, zz, xy, xz, yz). */
static inline MBC_PAIR_ALWAYS_INLINE void mbc_pair_virial_add(double v[6], const double d[3],
                                                              const double f[3], double w)
{
    v[0] += w * d[0] * f[0];
    v[1] += w * d[1] * f[1];
    v[2] += w * d[2] * f[2];
    v[3] += w * d[0] * f[1];
    v[4] += w * d[0] * f[2];
    v[5] += w * d[1] * f[2];
}

/* Pair k's results into the engine's arrays and the sums: -F and the
 * torque on a, F and the torque on b (owned atoms only), contact[k], and
 * for a pair in contact its weight, overlap, virial and the first `outputs`
 * scalar outputs asked for. */
static inline MBC_PAIR_ALWAYS_INLINE void mbc_pair_add(const mbc_pair_call *call, size_t k,
                                                       const mbc_pair_in *in, const double d[3],
                                                       const mbc_pair_out *out, const int outputs,
                                                       mbc_pair_sums *sums, mbc_pair_acc *acc)
{
    const mbc_pair_atoms *at = call->atoms;
    const mbc_pair *p = &call->pairs[k];
    const int a = p->atom[0], b = p->atom[1];
    if (a < at->owned) {
        double *fa = at->force[a], *ta = at->torque[a];
        for (int c = 0; c < 3; ++c) {
            fa[c] = fa[c] - out->force[c];
            ta[c] += out->torque[0][c];
        }
    }
    if (b < at->owned) {
        double *fb = at->force[b], *tb = at->torque[b];
        for (int c = 0; c < 3; ++c) {
            fb[c] = fb[c] + out->force[c];
            tb[c] += out->torque[1][c];
        }
    }
    if (call->contact) {
        call->contact[k] = (unsigned char)(out->contact != 0);
    }
    if (!out->contact) {
        return;
    }
    const double w = mbc_pair_weight(at, p);
    acc->contacts += w;
    acc->overlap -= w * in->gap;
    mbc_pair_virial_add(acc->virial, d, out->force, w);
    if (outputs > 0) {
        for (size_t q = 0; q < sums->output_count; ++q) {
            sums->output_sums[q] += w * out->output[sums->outputs[q]];
        }
    }
}

/* Defines `static size_t NAME(const LAW *law, const mbc_pair_call *call,
 * mbc_pair_sums *sums)`: KERNEL over every pair of the call, with
 * POST_NEWTON (0 or 1), MASSES (1: the binding has masses, in.m is read)
 * and OUTPUTS (the number of leading output indices the kernel fills; 0:
 * none) as constants. Returns the first pair whose kernel failed, or
 * call->count. */
#define MBC_PAIR_KERNEL_LOOP(NAME, LAW, KERNEL, POST_NEWTON, MASSES, OUTPUTS)                      \
    static size_t NAME(const LAW *law, const mbc_pair_call *call, mbc_pair_sums *sums)             \
    {                                                                                              \
        mbc_pair_acc acc;                                                                          \
        mbc_pair_acc_begin(&acc, sums);                                                            \
        size_t failed = call->count;                                                               \
        for (size_t k = 0; k < call->count; ++k) {                                                 \
            mbc_pair_in in;                                                                        \
            double d[3];                                                                           \
            mbc_pair_load(call->atoms, &call->pairs[k], (MASSES), &in, d);                         \
            const mbc_pair_out out = KERNEL(law, &in, call->pairs[k].data, (POST_NEWTON));         \
            failed = (out.fail && failed == call->count) ? k : failed;                             \
            mbc_pair_add(call, k, &in, d, &out, (OUTPUTS), sums, &acc);                            \
        }                                                                                          \
        mbc_pair_acc_end(&acc, sums);                                                              \
        return failed;                                                                             \
    }

/* The error of a call whose kernel failed at pair k: "TYPE: WHAT (pair K)",
 * with sums->failed = k (the engine names the pair's atoms). */
static inline mbc_status mbc_pair_kernel_fail(mbc_error *err, const char *type_name,
                                              const mbc_pair_call *call, mbc_pair_sums *sums,
                                              size_t k, const char *what)
{
    sums->failed = k;
    (void)call;
    return mbc_fail(err, MBC_ERR_INPUT, "%s: %s (pair %zu)", type_name, what, k);
}

/* MBC_OK when every output the call sums is one of the first `outputs`
 * (the ones the kernel fills), else the error naming it. */
static inline mbc_status mbc_pair_kernel_outputs(mbc_error *err, const char *type_name,
                                                 const mbc_pair_sums *sums, size_t outputs)
{
    for (size_t q = 0; q < sums->output_count; ++q) {
        if (sums->outputs[q] >= outputs) {
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: output %zu is not a scalar output of the type's kernel", type_name,
                            sums->outputs[q]);
        }
    }
    return MBC_OK;
}

#ifdef __cplusplus
}
#endif

#endif
