/* SPDX-License-Identifier: BSD-3-Clause */
/* Tests of runtime/eval/sphere_batch.c: the ContactSphereSphere batch equals the
 * single-pair hooks (forces and PostNewtonStep) to the bit for
 * random pairs in and out of contact, every impact model, the EAPM loading,
 * unloading and adhesion branches, both friction branches, shared and
 * per-pair radii, fast (vectorized) and general exponents; its results do not
 * depend on the thread count nor on the arrays' alignment; one analytic
 * value; its errors name the field or the pair. The fused call
 * (mbc_sphere_batch_step) equals the two calls bit for bit. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "test_util.h"

#include "mbconnect/contact_laws.h"
#include "mbconnect/sphere_batch.h"
#include "mbconnect/vec.h"

#define NPAIRS 10000 /* enough for 3 threads (2048 pairs per thread at least) */

/* The pairs both as hook states (markers) and as batch arrays. */
typedef struct pairs {
    size_t n;
    mbc_rigid_marker m[NPAIRS][2];
    double data[NPAIRS][4], start[NPAIRS][4];
    double radius[2][NPAIRS];
    /* SoA */
    double pos[2][3][NPAIRS], vel[2][3][NPAIRS], omega[2][3][NPAIRS];
    double x[4][NPAIRS], xs[4][NPAIRS];
    /* batch outputs */
    double f[3][NPAIRS], tau[2][3][NPAIRS];
    double xo[4][NPAIRS], err[NPAIRS], rec[NPAIRS];
} pairs;

static void batch_in(pairs *q, int per_pair_radii, mbc_sphere_batch *in)
{
    memset(in, 0, sizeof *in);
    in->count = q->n;
    for (int j = 0; j < 2; ++j) {
        for (int i = 0; i < 3; ++i) {
            in->position[j][i] = q->pos[j][i];
            in->velocity[j][i] = q->vel[j][i];
            in->angular_velocity[j][i] = q->omega[j][i];
        }
        in->radius[j] = per_pair_radii ? q->radius[j] : NULL;
    }
    for (int i = 0; i < 4; ++i) {
        in->data[i] = q->x[i];
        in->data_start[i] = q->xs[i];
    }
}

static void batch_forces_out(pairs *q, mbc_sphere_batch_forces *o)
{
    for (int i = 0; i < 3; ++i) {
        o->force[i] = q->f[i];
        o->torque[0][i] = q->tau[0][i];
        o->torque[1][i] = q->tau[1][i];
    }
}

static void batch_pns_out(pairs *q, mbc_sphere_batch_post_newton *o)
{
    for (int i = 0; i < 4; ++i)
        o->data[i] = q->xo[i];
    o->error = q->err;
    o->recommended_step = q->rec;
}

/* The batch arrays of q as the input (per-pair or shared radii), the force
 * output and the PostNewtonStep output. */
static void batch_views(pairs *q, int per_pair_radii, mbc_sphere_batch *in,
                        mbc_sphere_batch_forces *fo, mbc_sphere_batch_post_newton *po)
{
    batch_in(q, per_pair_radii, in);
    batch_forces_out(q, fo);
    batch_pns_out(q, po);
}

/* Batch forces and PostNewtonStep on `threads` threads; both succeed. */
static void batch_eval_both(const mbc_contact_sphere_sphere_params *p, const mbc_sphere_batch *in,
                            const mbc_sphere_batch_forces *fo,
                            const mbc_sphere_batch_post_newton *po, int threads)
{
    mbc_error err;
    assert_int_equal(mbc_sphere_batch_forces_eval(p, in, fo, threads, &err), MBC_OK);
    assert_int_equal(mbc_sphere_batch_post_newton_step(p, in, po, threads, &err), MBC_OK);
}

/* An empty pairs set on the heap (too large for the stack). */
static pairs *pairs_new(void)
{
    pairs *q = malloc(sizeof *q);
    assert_non_null(q);
    return q;
}

/* Random pairs around contact: center distance r0 + r1 +- 30 mm (a few
 * coincident centers), data x_0 mostly the true gap (sometimes the opposite
 * sign: force evaluation must follow the data), x_1 on both sides of v_reg,
 * x_2 including 0, x_3 from 0 to beyond the overlap (EAPM branches), fast
 * separations (tensile damping force). */
static void pairs_fill(pairs *q, size_t n, double v_reg, uint64_t seed)
{
    rt_rng g = {seed};
    q->n = n;
    for (size_t k = 0; k < n; ++k) {
        const double r0 = rt_uniform(&g, 0.2, 0.6), r1 = rt_uniform(&g, 0.2, 0.6);
        q->radius[0][k] = r0;
        q->radius[1][k] = r1;
        double dir[3], len;
        do {
            len = 0.0;
            for (int i = 0; i < 3; ++i) {
                dir[i] = rt_uniform(&g, -1.0, 1.0);
                len += dir[i] * dir[i];
            }
        } while (len < 1e-3 || len > 1.0);
        len = sqrt(len);
        const double dist = (k % 97 == 5) ? 0.0 : r0 + r1 + rt_uniform(&g, -0.03, 0.03);
        const double vscale = (k % 5 == 0) ? 20.0 : 1.0;
        for (int j = 0; j < 2; ++j)
            rt_random_rotation(&g, q->m[k][j].rotation);
        for (int i = 0; i < 3; ++i) {
            q->m[k][0].position[i] = rt_uniform(&g, -10.0, 10.0);
            q->m[k][1].position[i] = q->m[k][0].position[i] + dist * dir[i] / len;
            for (int j = 0; j < 2; ++j) {
                q->m[k][j].velocity[i] = vscale * rt_uniform(&g, -1.0, 1.0);
                q->m[k][j].angular_velocity_local[i] = rt_uniform(&g, -5.0, 5.0);
            }
        }
        const double gap = dist - (r0 + r1);
        double *d = q->data[k], *s = q->start[k];
        d[0] = (k % 11 == 3) ? -gap : gap;
        d[1] = rt_uniform(&g, 0.0, 2.0 * (v_reg > 0.0 ? v_reg : 1e-3));
        d[2] = (k % 7 == 0) ? 0.0 : rt_uniform(&g, 0.0, 2.0);
        d[3] = rt_uniform(&g, 0.0, 1.5) * (gap < 0.0 ? -gap : 0.01);
        s[0] = (k % 3 == 0) ? rt_uniform(&g, 0.0, 0.01) : d[0];
        s[1] = d[1];
        s[2] = (k % 13 == 0) ? 0.0 : rt_uniform(&g, 0.0, 2.0);
        s[3] = rt_uniform(&g, 0.0, 1.0) * d[3];
        for (int j = 0; j < 2; ++j) {
            double w[3];
            mbc_mat3_mul(q->m[k][j].rotation, q->m[k][j].angular_velocity_local, w);
            for (int i = 0; i < 3; ++i) {
                q->pos[j][i][k] = q->m[k][j].position[i];
                q->vel[j][i][k] = q->m[k][j].velocity[i];
                q->omega[j][i][k] = w[i];
            }
        }
        for (int i = 0; i < 4; ++i) {
            q->x[i][k] = d[i];
            q->xs[i][k] = s[i];
        }
    }
}

static int rel_equal(double a, double b, double tol)
{
    return fabs(a - b) <= tol * fmax(fabs(a), fabs(b));
}

#define ASSERT_REL(a, b, tol, k, what)                                                             \
    do {                                                                                           \
        if (!rel_equal((a), (b), (tol))) {                                                         \
            print_error("pair %zu %s: batch %.17g, hook %.17g\n", (size_t)(k), (what),             \
                        (double)(a), (double)(b));                                                 \
            fail();                                                                                \
        }                                                                                          \
    } while (0)

static void pair_state(pairs *q, size_t k, mbc_state *s)
{
    memset(s, 0, sizeof *s);
    s->marker[0] = &q->m[k][0];
    s->marker[1] = &q->m[k][1];
    s->data = q->data[k];
    s->data_start = q->start[k];
    s->data_count = 4;
}

/* Batch forces and PostNewtonStep vs the hooks for every pair: equal to
 * the bit (== also takes -0 for +0: the batch's blended forms may add
 * 0 * x where the hook adds nothing). Both call ContactSphereSphere's one
 * kernel (runtime/connectors/contact_sphere_sphere/contact_sphere_sphere_kernel.h) in different
 * forms (vectorized and blended, general and branched), so this is the regression test that they
 * stay the same law. */
static void compare_with_hooks(const mbc_contact_sphere_sphere_params *p0, pairs *q,
                               int per_pair_radii, int threads)
{
    mbc_sphere_batch in;
    mbc_sphere_batch_forces fo;
    mbc_sphere_batch_post_newton po;
    batch_views(q, per_pair_radii, &in, &fo, &po);
    batch_eval_both(p0, &in, &fo, &po, threads);
    mbc_error err;

    size_t in_contact = 0, tensile_friction = 0;
    for (size_t k = 0; k < q->n; ++k) {
        mbc_contact_sphere_sphere_params p = *p0;
        if (per_pair_radii) {
            p.spheresRadii[0] = q->radius[0][k];
            p.spheresRadii[1] = q->radius[1][k];
        }
        mbc_state s;
        pair_state(q, k, &s);
        mbc_forces f;
        memset(&f, 0, sizeof f);
        assert_int_equal(mbc_contact_sphere_sphere_forces(&p, &s, &f, &err), MBC_OK);
        in_contact += (q->data[k][0] <= 0.0);
        /* friction opposing the slip under a tensile normal force (|f_1,n|) */
        double fn_dot = 0.0;
        for (int i = 0; i < 3; ++i)
            fn_dot += f.force[1][i] * (q->m[k][1].position[i] - q->m[k][0].position[i]);
        tensile_friction += (p.dynamicFriction != 0.0 && q->data[k][0] <= 0.0 && fn_dot < 0.0);
        for (int i = 0; i < 3; ++i) {
            ASSERT_REL(q->f[i][k], f.force[1][i], 0.0, k, "force on m1");
            ASSERT_REL(-q->f[i][k], f.force[0][i], 0.0, k, "force on m0");
            ASSERT_REL(q->tau[0][i][k], f.torque[0][i], 0.0, k, "torque on m0");
            ASSERT_REL(q->tau[1][i][k], f.torque[1][i], 0.0, k, "torque on m1");
        }
        double xo[4];
        mbc_post_newton pn_out = {.data = xo};
        assert_int_equal(mbc_contact_sphere_sphere_post_newton_step(&p, &s, &pn_out, &err), MBC_OK);
        for (int i = 0; i < 4; ++i)
            ASSERT_REL(q->xo[i][k], xo[i], 0.0, k, "PostNewtonStep data");
        ASSERT_REL(q->err[k], pn_out.error, 0.0, k, "PostNewtonStep error");
        ASSERT_REL(q->rec[k], pn_out.recommended_step, 0.0, k, "recommended step");
    }
    /* the random set really covers contact and separation */
    assert_true(in_contact > q->n / 4 && in_contact < 3 * q->n / 4);
    if (p0->dynamicFriction != 0.0)
        assert_true(tensile_friction > 0);
}

/* Parameter sets: every impact model and EAPM variant; exponent pairs with
 * the vectorized form (1, 1.5, 2) and without (general pow). */
typedef struct config {
    int model;
    double lambda_p, n_exp, n_adh, k_adh, f_adh, e_res, v_min, mu, v_reg;
} config;

static const config configs[] = {
    {0, 0.0, 1.5, 1.0, 0.0, 0.0, 1.0, 0.0, 0.3, 1e-3},  /* EAPM off: elastic Hertz */
    {0, 0.4, 1.5, 1.5, 1e3, 0.5, 1.0, 0.0, 0.3, 1e-3},  /* EAPM, adhesion */
    {0, 0.3, 1.0, 2.0, 5e3, 0.0, 1.0, 0.0, 0.2, 1e-3},  /* EAPM, linear */
    {0, 0.6, 2.0, 1.0, 2e2, 1.0, 1.0, 0.0, 0.2, 1e-3},  /* EAPM, quadratic */
    {0, 0.4, 1.3, 1.7, 1e3, 0.5, 1.0, 0.0, 0.3, 1e-3},  /* general exponents (pow) */
    {1, 0.0, 1.5, 1.0, 0.0, 0.0, 0.6, 0.01, 0.3, 1e-3}, /* Hunt-Crossley */
    {2, 0.0, 1.5, 1.0, 0.0, 0.0, 0.6, 0.0, 0.3, 1e-3},  /* mixed, e > 1/3, v_min 0 */
    {2, 0.0, 1.0, 1.0, 0.0, 0.0, 0.2, 0.05, 0.4, 1e-3}, /* mixed, e <= 1/3 (Gonthier) */
    {2, 0.5, 1.5, 1.0, 0.0, 0.0, 0.9, 0.0, 0.0, 1e-3},  /* no friction; lambda_P ignored */
    {1, 0.0, 2.5, 1.0, 0.0, 0.0, 0.8, 0.02, 0.3, 0.0},  /* v_reg = 0; pow exponent */
};

static void config_params(const config *c, mbc_contact_sphere_sphere_params *p)
{
    mbc_contact_sphere_sphere_params_init(p);
    p->spheresRadii[0] = 0.45;
    p->spheresRadii[1] = 0.35;
    p->contactStiffness = 1e5;
    p->contactDamping = 50.0;
    p->impactModel = c->model;
    p->contactPlasticityRatio = c->lambda_p;
    p->contactStiffnessExponent = c->n_exp;
    p->adhesionExponent = c->n_adh;
    p->adhesionCoefficient = c->k_adh;
    p->constantPullOffForce = c->f_adh;
    p->restitutionCoefficient = c->e_res;
    p->minimumImpactVelocity = c->v_min;
    p->dynamicFriction = c->mu;
    p->frictionProportionalZone = c->v_reg;
}

static void test_batch_equals_hooks(void **state)
{
    (void)state;
    pairs *q = pairs_new();
    for (size_t c = 0; c < sizeof configs / sizeof configs[0]; ++c) {
        mbc_contact_sphere_sphere_params p;
        config_params(&configs[c], &p);
        pairs_fill(q, NPAIRS, p.frictionProportionalZone, 1000 + c);
        for (int radii = 0; radii < 2; ++radii)
            compare_with_hooks(&p, q, radii, 1);
        compare_with_hooks(&p, q, 1, 2);
    }
    free(q);
}

/* The EAPM branches really occur in the random set (checked with the
 * library's branch report, independent of the batch). */
static void test_eapm_branches_covered(void **state)
{
    (void)state;
    pairs *q = pairs_new();
    mbc_contact_sphere_sphere_params p;
    config_params(&configs[1], &p);
    pairs_fill(q, NPAIRS, p.frictionProportionalZone, 1001);
    const struct mbc_eapm_params e = {p.contactStiffness,       p.contactStiffnessExponent,
                                      p.contactPlasticityRatio, p.constantPullOffForce,
                                      p.adhesionCoefficient,    p.adhesionExponent};
    size_t seen[4] = {0, 0, 0, 0};
    for (size_t k = 0; k < q->n; ++k) {
        if (q->data[k][0] > 0.0)
            continue;
        const double d[3] = {q->m[k][1].position[0] - q->m[k][0].position[0],
                             q->m[k][1].position[1] - q->m[k][0].position[1],
                             q->m[k][1].position[2] - q->m[k][0].position[2]};
        const double delta = q->radius[0][k] + q->radius[1][k] - mbc_norm3(d);
        double f_c;
        int branch;
        assert_int_equal(mbc_eapm_force(&e, delta, q->data[k][3], &f_c, &branch), MBC_OK);
        seen[branch]++;
    }
    assert_true(seen[MBC_EAPM_LOADING] > 0);
    assert_true(seen[MBC_EAPM_UNLOADING] > 0);
    assert_true(seen[MBC_EAPM_ADHESION] > 0);
    free(q);
}

/* Threads 1, 2, 3 and MBC_THREADS give bit-identical results. */
static void test_thread_count_independent(void **state)
{
    (void)state;
    pairs *q = malloc(sizeof *q);
    double(*ref)[NPAIRS] = malloc(16 * sizeof *ref);
    assert_non_null(q);
    assert_non_null(ref);
    mbc_contact_sphere_sphere_params p;
    config_params(&configs[1], &p);
    pairs_fill(q, NPAIRS, p.frictionProportionalZone, 77);
    mbc_sphere_batch in;
    mbc_sphere_batch_forces fo;
    mbc_sphere_batch_post_newton po;
    batch_views(q, 1, &in, &fo, &po);
    mbc_error err;
    for (int t = 1; t <= 4; ++t) {
        if (t == 4)
            setenv("MBC_THREADS", "2", 1);
        memset(q->f, 0xff, sizeof q->f);
        memset(q->xo, 0xff, sizeof q->xo);
        assert_int_equal(mbc_sphere_batch_forces_eval(&p, &in, &fo, t == 4 ? 0 : t, &err), MBC_OK);
        assert_int_equal(mbc_sphere_batch_post_newton_step(&p, &in, &po, t == 4 ? 0 : t, &err),
                         MBC_OK);
        double *cur[16] = {q->f[0],      q->f[1],      q->f[2],      q->tau[0][0],
                           q->tau[0][1], q->tau[0][2], q->tau[1][0], q->tau[1][1],
                           q->tau[1][2], q->xo[0],     q->xo[1],     q->xo[2],
                           q->xo[3],     q->err,       q->rec,       q->f[0]};
        for (int a = 0; a < 16; ++a)
            if (t == 1)
                memcpy(ref[a], cur[a], sizeof ref[a]);
            else
                assert_memory_equal(ref[a], cur[a], sizeof ref[a]);
    }
    unsetenv("MBC_THREADS");
    free(ref);
    free(q);
}

/* Results do not depend on where the arrays start: the batch first runs a
 * head of pairs so that most arrays begin a 64-byte line (sphere_batch.c,
 * sb_head). The same pairs copied to arrays at every offset within a line
 * (all arrays at one offset, or mixed offsets) give bit-identical forces and
 * PostNewtonStep on 1 and 2 threads, for a batch shorter than any head and a
 * long one. */
static void test_alignment_independent(void **state)
{
    (void)state;
    enum { NIN = 18 + 2 + 4 + 4, NOUT = 9 + 6 };
    pairs *q = malloc(sizeof *q);
    const size_t stride = NPAIRS + 8;
    double *mem = malloc((NIN + NOUT) * stride * sizeof *mem + 64);
    assert_non_null(q);
    assert_non_null(mem);
    const size_t counts[2] = {5, NPAIRS};
    for (int cfg = 0; cfg < 2; ++cfg) {
        mbc_contact_sphere_sphere_params p;
        config_params(&configs[cfg == 0 ? 1 : 6], &p);
        const int radii = (cfg == 0);
        for (int ci = 0; ci < 2; ++ci) {
            pairs_fill(q, counts[ci], p.frictionProportionalZone, 500 + (uint64_t)ci);
            mbc_sphere_batch in;
            mbc_sphere_batch_forces fo;
            mbc_sphere_batch_post_newton po;
            batch_views(q, radii, &in, &fo, &po);
            batch_eval_both(&p, &in, &fo, &po, 1);
            const double *src[NIN];
            double *const ref[NOUT] = {q->f[0],      q->f[1],      q->f[2],      q->tau[0][0],
                                       q->tau[0][1], q->tau[0][2], q->tau[1][0], q->tau[1][1],
                                       q->tau[1][2], q->xo[0],     q->xo[1],     q->xo[2],
                                       q->xo[3],     q->err,       q->rec};
            for (int j = 0; j < 2; ++j) {
                for (int i = 0; i < 3; ++i) {
                    src[9 * j + 3 * i] = q->pos[j][i];
                    src[9 * j + 3 * i + 1] = q->vel[j][i];
                    src[9 * j + 3 * i + 2] = q->omega[j][i];
                }
                src[18 + j] = q->radius[j];
            }
            for (int i = 0; i < 4; ++i) {
                src[20 + i] = q->x[i];
                src[24 + i] = q->xs[i];
            }
            for (int mixed = 0; mixed < 2; ++mixed) {
                /* all arrays at each of the 8 offsets; mixed offsets twice */
                for (size_t shift = 0; shift < (mixed ? 2u : 8u); ++shift) {
                    double *a[NIN + NOUT];
                    for (size_t k = 0; k < NIN + NOUT; ++k) {
                        const size_t off = mixed ? (5 * k + 3 * shift) % 8 : shift;
                        a[k] = mem + k * stride + off;
                        if (k < NIN)
                            memcpy(a[k], src[k], q->n * sizeof *a[k]);
                    }
                    mbc_sphere_batch in2;
                    memset(&in2, 0, sizeof in2);
                    in2.count = q->n;
                    for (int j = 0; j < 2; ++j) {
                        for (int i = 0; i < 3; ++i) {
                            in2.position[j][i] = a[9 * j + 3 * i];
                            in2.velocity[j][i] = a[9 * j + 3 * i + 1];
                            in2.angular_velocity[j][i] = a[9 * j + 3 * i + 2];
                        }
                        in2.radius[j] = radii ? a[18 + j] : NULL;
                    }
                    for (int i = 0; i < 4; ++i) {
                        in2.data[i] = a[20 + i];
                        in2.data_start[i] = a[24 + i];
                    }
                    mbc_sphere_batch_forces fo2;
                    mbc_sphere_batch_post_newton po2;
                    for (int i = 0; i < 3; ++i) {
                        fo2.force[i] = a[NIN + i];
                        fo2.torque[0][i] = a[NIN + 3 + i];
                        fo2.torque[1][i] = a[NIN + 6 + i];
                    }
                    for (int i = 0; i < 4; ++i)
                        po2.data[i] = a[NIN + 9 + i];
                    po2.error = a[NIN + 13];
                    po2.recommended_step = a[NIN + 14];
                    for (int t = 1; t <= 2; ++t) {
                        for (int k = NIN; k < NIN + NOUT; ++k)
                            memset(a[k], 0xff, q->n * sizeof *a[k]);
                        batch_eval_both(&p, &in2, &fo2, &po2, t);
                        for (int k = 0; k < NOUT; ++k)
                            assert_memory_equal(a[NIN + k], ref[k], q->n * sizeof *ref[k]);
                    }
                }
            }
        }
    }
    free(mem);
    free(q);
}

/* Head-on, no friction, linear law, lambda_P = 0: |f| = k_c delta + d_c (-v_n)
 * along n, no torque (independent of the hook). */
static void test_analytic_head_on(void **state)
{
    (void)state;
    mbc_contact_sphere_sphere_params p;
    mbc_contact_sphere_sphere_params_init(&p);
    p.spheresRadii[0] = 0.5;
    p.spheresRadii[1] = 0.3;
    p.contactStiffness = 1e4;
    p.contactDamping = 10.0;
    const double px0[1] = {1.0}, py0[1] = {2.0}, pz0[1] = {3.0};
    const double px1[1] = {1.0}, py1[1] = {2.0}, pz1[1] = {3.79}; /* delta = 10 mm, n = e_z */
    const double zero[1] = {0.0}, vz1[1] = {-0.2};                /* approaching at 0.2 m/s */
    const double x0[1] = {-0.01}, x1[1] = {0.0}, x2[1] = {0.0}, x3[1] = {0.0};
    mbc_sphere_batch in = {.count = 1,
                           .position = {{px0, py0, pz0}, {px1, py1, pz1}},
                           .velocity = {{zero, zero, zero}, {zero, zero, vz1}},
                           .angular_velocity = {{zero, zero, zero}, {zero, zero, zero}},
                           .data = {x0, x1, x2, x3}};
    double f[3][1], t0[3][1], t1[3][1];
    mbc_sphere_batch_forces out = {.force = {f[0], f[1], f[2]},
                                   .torque = {{t0[0], t0[1], t0[2]}, {t1[0], t1[1], t1[2]}}};
    mbc_error err;
    assert_int_equal(mbc_sphere_batch_forces_eval(&p, &in, &out, 1, &err), MBC_OK);
    ASSERT_NEAR(f[2][0], 1e4 * 0.01 + 10.0 * 0.2, 1e-9);
    ASSERT_NEAR(f[0][0], 0.0, 0.0);
    ASSERT_NEAR(f[1][0], 0.0, 0.0);
    for (int i = 0; i < 3; ++i) {
        ASSERT_NEAR(t0[i][0], 0.0, 1e-15);
        ASSERT_NEAR(t1[i][0], 0.0, 1e-15);
    }
}

/* Inactive connector: zero forces; PostNewtonStep copies the data. */
static void test_inactive(void **state)
{
    (void)state;
    pairs *q = pairs_new();
    mbc_contact_sphere_sphere_params p;
    config_params(&configs[0], &p);
    p.activeConnector = false;
    pairs_fill(q, 100, 1e-3, 5);
    mbc_sphere_batch in;
    mbc_sphere_batch_forces fo;
    mbc_sphere_batch_post_newton po;
    batch_views(q, 0, &in, &fo, &po);
    batch_eval_both(&p, &in, &fo, &po, 1);
    for (size_t k = 0; k < q->n; ++k) {
        for (int i = 0; i < 3; ++i)
            assert_true(q->f[i][k] == 0.0 && q->tau[0][i][k] == 0.0 && q->tau[1][i][k] == 0.0);
        for (int i = 0; i < 4; ++i)
            assert_true(q->xo[i][k] == q->x[i][k]);
        assert_true(q->err[k] == 0.0 && q->rec[k] == -1.0);
    }
    free(q);
}

/* Errors name the field, the rule and the value, or the pair. */
static void test_errors(void **state)
{
    (void)state;
    pairs *q = pairs_new();
    mbc_contact_sphere_sphere_params p;
    config_params(&configs[5], &p);
    pairs_fill(q, 50, 1e-3, 9);
    mbc_sphere_batch in;
    batch_in(q, 0, &in);
    mbc_sphere_batch_forces fo;
    batch_forces_out(q, &fo);
    mbc_error err;

    in.velocity[1][2] = NULL;
    assert_int_equal(mbc_sphere_batch_forces_eval(&p, &in, &fo, 1, &err), MBC_ERR_INPUT);
    assert_non_null(strstr(err.message, "marker m1 z arrays"));
    batch_in(q, 0, &in);

    in.radius[0] = q->radius[0];
    assert_int_equal(mbc_sphere_batch_forces_eval(&p, &in, &fo, 1, &err), MBC_ERR_INPUT);
    assert_non_null(strstr(err.message, "radius[0] and radius[1]"));
    batch_in(q, 0, &in);

    p.impactModel = 3;
    assert_int_equal(mbc_sphere_batch_forces_eval(&p, &in, &fo, 1, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message,
                        "ContactSphereSphere.impactModel: must be one of 0, 1, 2 (UInt), given 3");
    p.impactModel = 1;
    p.restitutionCoefficient = 0.0;
    assert_int_equal(mbc_sphere_batch_forces_eval(&p, &in, &fo, 1, &err), MBC_ERR_VALUE);
    assert_non_null(
        strstr(err.message, "restitutionCoefficient: must be in (0, 1] (PReal), given 0"));
    p.restitutionCoefficient = 0.5;

    /* pair 7 in contact with an overflowing damping force */
    q->x[0][7] = -0.01;
    q->vel[1][0][7] = 1e300;
    p.contactDamping = 1e300;
    assert_int_equal(mbc_sphere_batch_forces_eval(&p, &in, &fo, 2, &err), MBC_ERR_INPUT);
    assert_non_null(strstr(err.message, "pair 7: normal force not finite"));
    free(q);
}

/* The fused call mbc_sphere_batch_step equals PostNewtonStep followed by the
 * forces on its new data, bit for bit: every configuration, shared and
 * per-pair radii, 1 and 2 threads, and an inactive connector. */
static void test_step_equals_two_calls(void **state)
{
    (void)state;
    pairs *q = pairs_new();
    enum { NOUT = 15 }; /* f (3), torques (6), new data (4), error, step */
    double(*ref)[NPAIRS] = malloc(NOUT * sizeof *ref);
    assert_non_null(ref);
    for (size_t c = 0; c <= sizeof configs / sizeof configs[0]; ++c) {
        mbc_contact_sphere_sphere_params p;
        config_params(&configs[c % (sizeof configs / sizeof configs[0])], &p);
        p.activeConnector = c < sizeof configs / sizeof configs[0]; /* the last: inactive */
        pairs_fill(q, NPAIRS, p.frictionProportionalZone, 3000 + c);
        for (int run = 0; run < 3; ++run) {
            const int radii = run != 1, threads = run == 2 ? 2 : 1;
            mbc_sphere_batch in;
            mbc_sphere_batch_forces fo;
            mbc_sphere_batch_post_newton po;
            batch_views(q, radii, &in, &fo, &po);
            double *out[NOUT] = {q->f[0],      q->f[1],      q->f[2],      q->tau[0][0],
                                 q->tau[0][1], q->tau[0][2], q->tau[1][0], q->tau[1][1],
                                 q->tau[1][2], q->xo[0],     q->xo[1],     q->xo[2],
                                 q->xo[3],     q->err,       q->rec};
            mbc_error err;
            assert_int_equal(mbc_sphere_batch_post_newton_step(&p, &in, &po, threads, &err),
                             MBC_OK);
            mbc_sphere_batch next = in;
            for (int i = 0; i < 4; ++i)
                next.data[i] = q->xo[i];
            assert_int_equal(mbc_sphere_batch_forces_eval(&p, &next, &fo, threads, &err), MBC_OK);
            for (int a = 0; a < NOUT; ++a) {
                memcpy(ref[a], out[a], sizeof ref[a]);
                memset(out[a], 0xff, sizeof ref[a]);
            }
            assert_int_equal(mbc_sphere_batch_step(&p, &in, &po, &fo, threads, &err), MBC_OK);
            for (int a = 0; a < NOUT; ++a)
                assert_memory_equal(ref[a], out[a], q->n * sizeof(double));
        }
    }
    free(ref);
    free(q);
}

/* The fused call's errors are those of the two calls: a PostNewtonStep error
 * (a friction switch with an overflowing normal force) first, then a force
 * error on the new data. */
static void test_step_errors(void **state)
{
    (void)state;
    pairs *q = pairs_new();
    mbc_contact_sphere_sphere_params p;
    config_params(&configs[5], &p);
    for (int friction = 1; friction >= 0; --friction) {
        p.dynamicFriction = friction ? 0.3 : 0.0;
        pairs_fill(q, 50, 1e-3, 9);
        q->x[0][7] = q->xs[0][7] = -0.01; /* in contact, sliding slowly: a switch */
        q->x[1][7] = 0.0;
        q->vel[1][0][7] = 1e300;
        p.contactDamping = 1e300;
        mbc_sphere_batch in;
        mbc_sphere_batch_forces fo;
        mbc_sphere_batch_post_newton po;
        batch_views(q, 0, &in, &fo, &po);
        mbc_error err, two;
        mbc_status st = mbc_sphere_batch_post_newton_step(&p, &in, &po, 1, &two);
        if (st == MBC_OK) {
            mbc_sphere_batch next = in;
            for (int i = 0; i < 4; ++i)
                next.data[i] = q->xo[i];
            st = mbc_sphere_batch_forces_eval(&p, &next, &fo, 1, &two);
        }
        assert_int_equal(st, MBC_ERR_INPUT);
        assert_non_null(strstr(two.message, friction ? "pair 7: normal force not finite at a "
                                                       "friction switch"
                                                     : "pair 7: normal force not finite (data[0]"));
        assert_int_equal(mbc_sphere_batch_step(&p, &in, &po, &fo, 2, &err), MBC_ERR_INPUT);
        assert_string_equal(err.message, two.message);
    }
    mbc_sphere_batch in;
    batch_in(q, 0, &in);
    mbc_sphere_batch_forces fo;
    batch_forces_out(q, &fo);
    mbc_error err;
    assert_int_equal(mbc_sphere_batch_step(&p, &in, NULL, &fo, 1, &err), MBC_ERR_INPUT);
    assert_non_null(strstr(err.message, "PostNewtonStep needs error and recommended_step arrays"));
    free(q);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_batch_equals_hooks),
        cmocka_unit_test(test_eapm_branches_covered),
        cmocka_unit_test(test_thread_count_independent),
        cmocka_unit_test(test_alignment_independent),
        cmocka_unit_test(test_analytic_head_on),
        cmocka_unit_test(test_inactive),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_step_equals_two_calls),
        cmocka_unit_test(test_step_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
