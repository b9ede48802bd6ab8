/* SPDX-License-Identifier: BSD-3-Clause */
/* Random connector states for the invariant harness, from what the type's
 * reflection data says: its marker kinds (rigid or position markers,
 * Cable2DShape, Cable2DCoordinates), its data layout, whether it is planar,
 * and the parameter values its spec gives in invariants.sample.
 *
 * Scales (SI): marker m0 within 0.5 m of the origin, m1 and cable nodes
 * within 1 m, velocities up to 1 m/s, angular velocities up to 2 rad/s,
 * ANCF elements 0.6 ... 1.4 m long with slopes of length ~1 and random bends.
 * The spec's sample values (radii, stiffnesses) are chosen for this scale so
 * that about half of the states are in contact. */
#include "sampler.h"

#include <math.h>
#include <string.h>

#include "mbconnect/ancf_cable2d.h"

#define SAMPLE_PI 3.14159265358979323846

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

void sample_rng_seed(sample_rng *r, uint64_t seed, const char *type, const char *invariant)
{
    /* FNV-1a of the names, so every (type, invariant) pair has its own states */
    uint64_t h = 1469598103934665603ull;
    for (const char *p = type; p && *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ull;
    for (const char *p = invariant; p && *p; p++)
        h = (h ^ (unsigned char)*p) * 1099511628211ull;
    r->s = seed ^ h;
}

double sample_uniform(sample_rng *r, double lo, double hi)
{
    double u = (double)(splitmix(&r->s) >> 11) * 0x1.0p-53;
    return lo + (hi - lo) * u;
}

/* A random point in the ball of radius rad (the disc in the x-y plane when planar). */
static void ball(sample_rng *r, bool planar, double rad, double x[3])
{
    do {
        for (int i = 0; i < 3; i++)
            x[i] = sample_uniform(r, -rad, rad);
        if (planar)
            x[2] = 0.0;
    } while (x[0] * x[0] + x[1] * x[1] + x[2] * x[2] > rad * rad);
}

void sample_rotation(sample_rng *r, bool planar, double R[9])
{
    double q[4];
    if (planar) {
        double a = sample_uniform(r, -SAMPLE_PI, SAMPLE_PI);
        q[0] = cos(a / 2), q[1] = 0, q[2] = 0, q[3] = sin(a / 2);
    } else {
        double n2;
        do { /* uniform unit quaternion */
            n2 = 0;
            for (int i = 0; i < 4; i++) {
                q[i] = sample_uniform(r, -1, 1);
                n2 += q[i] * q[i];
            }
        } while (n2 > 1.0 || n2 < 1e-6);
        for (int i = 0; i < 4; i++)
            q[i] /= sqrt(n2);
    }
    double w = q[0], x = q[1], y = q[2], z = q[3];
    double M[9] = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
                   2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                   2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y)};
    memcpy(R, M, sizeof M);
}

bool sample_marker_is_shape(const mbc_type_info *t, int m)
{
    return t->marker_types[m] && strstr(t->marker_types[m], "Cable2DShape") != NULL;
}

bool sample_marker_is_coords(const mbc_type_info *t, int m)
{
    return t->marker_types[m] && strstr(t->marker_types[m], "Cable2DCoordinates") != NULL;
}

bool sample_type_planar(const mbc_type_info *t)
{
    if (t->invariants)
        return t->invariants->planar;
    return sample_marker_is_shape(t, 0) || sample_marker_is_shape(t, 1) ||
           sample_marker_is_coords(t, 0) || sample_marker_is_coords(t, 1);
}

static mbc_status set_values(mbc_object *o, const mbc_sample_value *v, size_t n, mbc_error *err)
{
    for (size_t i = 0; i < n; i++) {
        const mbc_param_info *p = mbc_object_find_param(o, v[i].name);
        mbc_status st = p && p->shape == MBC_SCALAR && v[i].count == 1
                            ? mbc_object_set(o, v[i].name, v[i].values[0], err)
                            : mbc_object_set_array(o, v[i].name, v[i].values, v[i].count, err);
        if (st != MBC_OK)
            return st;
    }
    return MBC_OK;
}

/* Index parameters that must be set and are not: 0, 1, 2, ... */
static mbc_status set_indices(mbc_object *o, mbc_error *err)
{
    const mbc_type_info *t = o->type;
    for (size_t i = 0; i < t->param_count; i++) {
        const mbc_param_info *p = &t->params[i];
        if (p->kind != MBC_VALUE_INDEX || !p->must_be_set || p->role != MBC_ROLE_INPUT)
            continue;
        double v[64];
        size_t n = 0;
        mbc_status st = mbc_param_get_values(t, p, o->params, v, 64, &n, err);
        if (st != MBC_OK)
            return st;
        if (n == 0)
            n = p->min_length ? p->min_length : 1;
        if (n > 64)
            n = 64;
        bool unset = false;
        for (size_t k = 0; k < n; k++)
            unset |= !(v[k] >= 0);
        if (!unset)
            continue;
        for (size_t k = 0; k < n; k++)
            v[k] = (double)k;
        st = p->shape == MBC_SCALAR ? mbc_object_set(o, p->name, 0.0, err)
                                    : mbc_object_set_array(o, p->name, v, n, err);
        if (st != MBC_OK)
            return st;
    }
    return MBC_OK;
}

mbc_object *sample_object(const mbc_type_info *t, bool passive, mbc_error *err)
{
    mbc_object *o = mbc_object_create_type(t, err);
    if (!o)
        return NULL;
    const mbc_invariant_info *iv = t->invariants;
    mbc_status st = iv ? set_values(o, iv->sample, iv->sample_count, err) : MBC_OK;
    if (st == MBC_OK && iv && passive)
        st = set_values(o, iv->passive, iv->passive_count, err);
    if (st == MBC_OK)
        st = set_indices(o, err);
    if (st == MBC_OK) {
        mbc_error errors[1];
        size_t violations = 0;
        st = mbc_object_initialize(o, errors, 1, &violations);
        if (st != MBC_OK)
            mbc_fail(err, st, "%s: the sample parameters (invariants.sample%s) are invalid: %s",
                     t->type_name, passive ? " + passive" : "",
                     violations ? errors[0].message : "initialize failed");
    }
    if (st != MBC_OK) {
        mbc_object_destroy(o);
        return NULL;
    }
    return o;
}

static bool pinned(const mbc_sample_value *v, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i].name, name) == 0)
            return true;
    return false;
}

mbc_status sample_flags(mbc_object *o, uint64_t bits, mbc_error *err)
{
    const mbc_type_info *t = o->type;
    const mbc_invariant_info *iv = t->invariants;
    bool changed = false;
    for (size_t i = 0; i < t->param_count && i < 64; i++) {
        const mbc_param_info *p = &t->params[i];
        if (p->kind != MBC_VALUE_BOOL || p->shape != MBC_SCALAR || p->role != MBC_ROLE_INPUT ||
            (iv && (pinned(iv->sample, iv->sample_count, p->name) ||
                    pinned(iv->passive, iv->passive_count, p->name))))
            continue;
        mbc_status st = mbc_object_set(o, p->name, (double)((bits >> i) & 1u), err);
        if (st != MBC_OK)
            return st;
        changed = true;
    }
    if (!changed)
        return MBC_OK;
    mbc_error errors[1];
    size_t violations = 0;
    mbc_status st = mbc_object_initialize(o, errors, 1, &violations);
    if (st != MBC_OK)
        return mbc_fail(err, st, "%s: the sample parameters with random flags are invalid: %s",
                        t->type_name, violations ? errors[0].message : "initialize failed");
    return MBC_OK;
}

void sample_link(sample_state *s)
{
    s->state.marker[0] = &s->rigid[0];
    s->state.marker[1] = &s->rigid[1];
    if (s->state.cable) {
        s->cable.points = s->points;
        s->cable.point_velocities = s->point_velocities;
        s->state.cable = &s->cable;
    }
    if (s->state.cables)
        s->state.cables = s->elements;
    s->state.lagrange = s->lagrange;
    s->state.data = s->data;
    s->state.data_start = s->data_start;
}

/* The rigid velocity field v(p) = v0 + omega x (p - c). */
typedef struct rigid_field {
    double v0[3], omega[3], c[3];
} rigid_field;

static void field_velocity(const rigid_field *f, const double p[3], double v[3])
{
    double d[3] = {p[0] - f->c[0], p[1] - f->c[1], p[2] - f->c[2]};
    v[0] = f->v0[0] + f->omega[1] * d[2] - f->omega[2] * d[1];
    v[1] = f->v0[1] + f->omega[2] * d[0] - f->omega[0] * d[2];
    v[2] = f->v0[2] + f->omega[0] * d[1] - f->omega[1] * d[0];
}

/* An ANCF element starting at r0 in direction a with length L, slopes bent
 * by up to 0.3; velocities random, or from the rigid field f. */
static void draw_element(sample_rng *r, const double r0[2], double a, double L,
                         const rigid_field *f, mbc_cable_element *e)
{
    double u[2] = {cos(a), sin(a)};
    e->length = L;
    e->q[0] = r0[0], e->q[1] = r0[1];
    e->q[4] = r0[0] + L * u[0], e->q[5] = r0[1] + L * u[1];
    for (int k = 2; k < 8; k += 4) {
        e->q[k] = u[0] + sample_uniform(r, -0.3, 0.3);
        e->q[k + 1] = u[1] + sample_uniform(r, -0.3, 0.3);
    }
    for (int k = 0; k < 8; k++)
        e->q_t[k] = sample_uniform(r, -1, 1);
    if (f) {
        for (int k = 0; k < 8; k += 2) {
            bool slope = k == 2 || k == 6;
            double p[3] = {e->q[k], e->q[k + 1], 0}, v[3];
            if (slope) { /* d/dt r' = omega x r' */
                v[0] = -f->omega[2] * p[1];
                v[1] = f->omega[2] * p[0];
            } else {
                field_velocity(f, p, v);
            }
            e->q_t[k] = v[0], e->q_t[k + 1] = v[1];
        }
    }
}

static size_t shape_segments(const mbc_object *o)
{
    const mbc_type_info *t = o->type;
    double n = 4;
    size_t count = 0;
    if (t->data_per >= 0)
        mbc_param_get_values(t, &t->params[t->data_per], o->params, &n, 1, &count, NULL);
    if (n < 1)
        n = 1;
    return n > SAMPLE_MAX_POINTS - 1 ? SAMPLE_MAX_POINTS - 1 : (size_t)n;
}

/* Cable elements of a Cable2DCoordinates marker: one per entry of the type's
 * first index-vector parameter (e.g. slidingMarkerNumbers), else one. */
static size_t coordinate_elements(const mbc_object *o)
{
    const mbc_type_info *t = o->type;
    for (size_t i = 0; i < t->param_count; i++) {
        const mbc_param_info *p = &t->params[i];
        if (p->kind == MBC_VALUE_INDEX && p->shape == MBC_VECTOR) {
            size_t n = mbc_param_count(p, o->params);
            if (n >= 1)
                return n > SAMPLE_MAX_ELEMENTS ? SAMPLE_MAX_ELEMENTS : n;
        }
    }
    return 1;
}

mbc_status sample_draw(mbc_object *o, sample_rng *r, bool rigid, sample_state *s, mbc_error *err)
{
    const mbc_type_info *t = o->type;
    bool planar = sample_type_planar(t);
    memset(s, 0, sizeof *s);
    rigid_field field;
    ball(r, planar, 1.0, field.v0);
    ball(r, planar, 1.0, field.c);
    if (planar)
        field.omega[0] = field.omega[1] = 0, field.omega[2] = sample_uniform(r, -2, 2);
    else
        ball(r, false, 2.0, field.omega);
    const rigid_field *f = rigid ? &field : NULL;

    for (int m = 0; m < 2; m++) {
        if (sample_marker_is_shape(t, m)) {
            size_t n = shape_segments(o);
            double r0[3];
            ball(r, true, 1.0, r0);
            mbc_cable_element e;
            draw_element(r, r0, sample_uniform(r, -SAMPLE_PI, SAMPLE_PI),
                         sample_uniform(r, 0.6, 1.4), f, &e);
            double s_t = 0;
            if (sample_uniform(r, 0, 1) < 0.5) { /* an ALE cable */
                s->cable.ale_coordinate = sample_uniform(r, -0.5, 0.5);
                s_t = rigid ? 0.0 : sample_uniform(r, -1, 1);
            }
            s->cable.segment_count = n;
            s->cable.length = e.length;
            mbc_ancf_cable2d_shape_points(e.q, e.length, 0.0, (int)n, s->points, NULL);
            mbc_ancf_cable2d_shape_point_velocities(e.q, e.q_t, e.length, 0.0, s_t, (int)n,
                                                    s->point_velocities, NULL);
            s->state.cable = &s->cable;
        } else if (sample_marker_is_coords(t, m)) {
            size_t n = coordinate_elements(o);
            double p[3];
            ball(r, true, 0.5, p);
            double a = sample_uniform(r, -SAMPLE_PI, SAMPLE_PI);
            for (size_t k = 0; k < n; k++) {
                draw_element(r, p, a, sample_uniform(r, 0.8, 1.2), f, &s->elements[k]);
                p[0] = s->elements[k].q[4], p[1] = s->elements[k].q[5];
                a += sample_uniform(r, -0.5, 0.5);
            }
            s->state.cables = s->elements;
            s->state.cable_count = n;
            s->state.ale_q = sample_uniform(r, -0.3, (double)n + 0.3);
            s->state.ale_q_t = rigid ? 0.0 : sample_uniform(r, -1, 1);
        } else {
            mbc_rigid_marker *k = &s->rigid[m];
            ball(r, planar, m == 0 ? 0.5 : 1.0, k->position);
            ball(r, planar, 1.0, k->velocity);
            sample_rotation(r, planar, k->rotation);
            if (planar)
                k->angular_velocity_local[2] = sample_uniform(r, -2, 2);
            else
                ball(r, false, 2.0, k->angular_velocity_local);
            if (rigid) {
                const double *A = k->rotation, *w = field.omega;
                field_velocity(&field, k->position, k->velocity);
                for (int i = 0; i < 3; i++) /* local = A^T global */
                    k->angular_velocity_local[i] = A[i] * w[0] + A[3 + i] * w[1] + A[6 + i] * w[2];
            }
        }
    }
    for (int m = 0; m < 2 && !rigid && t->invariants; m++)
        if (t->invariants->at_rest & (1u << m))
            for (int i = 0; i < 3; i++)
                s->rigid[m].velocity[i] = s->rigid[m].angular_velocity_local[i] = 0.0;
    if (s->state.cable && rigid) /* the points follow the field exactly */
        for (size_t i = 0; i <= s->cable.segment_count; i++) {
            double p[3] = {s->points[2 * i], s->points[2 * i + 1], 0}, v[3];
            field_velocity(&field, p, v);
            s->point_velocities[2 * i] = v[0], s->point_velocities[2 * i + 1] = v[1];
        }
    s->lagrange[0] = sample_uniform(r, -10, 10);
    s->lagrange[1] = sample_uniform(r, -10, 10);

    size_t n = mbc_data_count(t, o->params);
    if (n > SAMPLE_MAX_DATA)
        return mbc_fail(err, MBC_ERR_SIZE, "%s: %zu data coordinates, the sampler holds %d",
                        t->type_name, n, SAMPLE_MAX_DATA);
    mbc_initial_data(t, o->params, s->data);
    memcpy(s->data_start, s->data, n * sizeof *s->data);
    s->state.data_count = n;
    sample_link(s);
    if (!t->post_newton_step)
        return MBC_OK;
    /* one or two PostNewtonSteps from the initial data: the active set
     * (contact, stick/slip) fits the geometry, once with an undefined and
     * once with a defined start of step */
    int steps = sample_uniform(r, 0, 1) < 0.5 ? 1 : 2;
    for (int k = 0; k < steps; k++) {
        double next[SAMPLE_MAX_DATA];
        mbc_post_newton pn = {.data = next, .marker_number1 = -1};
        mbc_status st = mbc_object_post_newton_step(o, &s->state, &pn, err);
        if (st != MBC_OK)
            return st;
        if (k == 1)
            memcpy(s->data_start, s->data, n * sizeof *s->data);
        memcpy(s->data, next, n * sizeof *s->data);
    }
    return MBC_OK;
}

static void rotate(const double R[9], const double x[3], double y[3])
{
    double t[3];
    for (int i = 0; i < 3; i++)
        t[i] = R[3 * i] * x[0] + R[3 * i + 1] * x[1] + R[3 * i + 2] * x[2];
    memcpy(y, t, sizeof t);
}

/* In-plane (x, y) parts: rotate with the 2x2 block, optionally add c. */
static void rotate2(const double R[9], double *xy, const double *c)
{
    double x = R[0] * xy[0] + R[1] * xy[1], y = R[3] * xy[0] + R[4] * xy[1];
    xy[0] = x + (c ? c[0] : 0), xy[1] = y + (c ? c[1] : 0);
}

void sample_transform(const sample_state *in, const double R[9], const double c[3],
                      sample_state *out)
{
    *out = *in;
    sample_link(out);
    for (int m = 0; m < 2; m++) {
        mbc_rigid_marker *k = &out->rigid[m];
        rotate(R, k->position, k->position);
        for (int i = 0; i < 3; i++)
            k->position[i] += c[i];
        rotate(R, k->velocity, k->velocity);
        double A[9];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++)
                A[3 * i + j] = R[3 * i] * k->rotation[j] + R[3 * i + 1] * k->rotation[3 + j] +
                               R[3 * i + 2] * k->rotation[6 + j];
        memcpy(k->rotation, A, sizeof A);
    }
    if (out->state.cable)
        for (size_t i = 0; i <= out->cable.segment_count; i++) {
            rotate2(R, &out->points[2 * i], c);
            rotate2(R, &out->point_velocities[2 * i], NULL);
        }
    for (size_t e = 0; out->state.cables && e < out->state.cable_count; e++) {
        mbc_cable_element *el = &out->elements[e];
        for (int k = 0; k < 8; k += 2) {
            rotate2(R, &el->q[k], k == 0 || k == 4 ? c : NULL);
            rotate2(R, &el->q_t[k], NULL);
        }
    }
    rotate2(R, out->lagrange, NULL);
}
