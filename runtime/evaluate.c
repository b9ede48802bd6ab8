/* Dispatch of evaluations to the type's runtime hooks, behind the input
 * checks every type shares (include/mbconnect/evaluate.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mbconnect/evaluate.h"

/* Index of the first non-finite value, or n. */
static size_t first_non_finite(const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return i;
    return n;
}

/* Checks n values; on failure names them "<prefix><index><suffix>[i]" (no
 * index when index < 0). The name is only built on failure: this runs on
 * every evaluation. */
static mbc_status check_finite(const char *type, const char *prefix, long index, const char *suffix,
                               const double *v, size_t n, mbc_error *err)
{
    size_t i = first_non_finite(v, n);
    if (i == n)
        return MBC_OK;
    if (index < 0)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: %s%s[%zu] must be finite, got %g", type, prefix,
                        suffix, i, v[i]);
    return mbc_fail(err, MBC_ERR_INPUT, "%s: %s%ld%s[%zu] must be finite, got %g", type, prefix,
                    index, suffix, i, v[i]);
}

static mbc_status check_marker(const mbc_type_info *t, const mbc_state *s, int m, mbc_error *err)
{
    const char *kind = t->marker_types[m];
    const char *tn = t->type_name;
    mbc_status st;
    if (t->marker_kinds[m] == MBC_MARKER_CABLE2D_SHAPE) {
        const mbc_cable_marker *c = s->cable;
        if (!c || !c->points || !c->point_velocities || c->segment_count == 0)
            return mbc_fail(err, MBC_ERR_INPUT,
                            "%s: marker m%d must be a Cable2DShape marker "
                            "with points and point velocities",
                            tn, m);
        size_t n = 2 * (c->segment_count + 1);
        double scalars[2] = {c->length, c->ale_coordinate};
        if ((st = check_finite(tn, "marker m", m, " points", c->points, n, err)) != MBC_OK ||
            (st = check_finite(tn, "marker m", m, " point velocities", c->point_velocities, n,
                               err)) != MBC_OK ||
            (st = check_finite(tn, "marker m", m, " [length, ALE coordinate]", scalars, 2, err)) !=
                MBC_OK)
            return st;
        return MBC_OK;
    }
    if (t->marker_kinds[m] == MBC_MARKER_CABLE2D_COORDINATES) {
        if (!s->cables || s->cable_count == 0)
            return mbc_fail(err, MBC_ERR_INPUT, "%s: marker m%d needs the ANCF cable elements", tn,
                            m);
        for (size_t k = 0; k < s->cable_count; k++) {
            const mbc_cable_element *e = &s->cables[k];
            if ((st = check_finite(tn, "cables[", (long)k, "].q", e->q, 8, err)) != MBC_OK ||
                (st = check_finite(tn, "cables[", (long)k, "].q_t", e->q_t, 8, err)) != MBC_OK ||
                (st = check_finite(tn, "cables[", (long)k, "].length", &e->length, 1, err)) !=
                    MBC_OK)
                return st;
        }
        double ale[2] = {s->ale_q, s->ale_q_t};
        return check_finite(tn, "ALE [q, q_t]", -1, "", ale, 2, err);
    }
    const mbc_rigid_marker *r = s->marker[m];
    if (!r)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: marker m%d (%s) is missing", tn, m, kind);
    if ((st = check_finite(tn, "marker m", m, " position", r->position, 3, err)) != MBC_OK ||
        (st = check_finite(tn, "marker m", m, " velocity", r->velocity, 3, err)) != MBC_OK ||
        (st = check_finite(tn, "marker m", m, " rotation", r->rotation, 9, err)) != MBC_OK ||
        (st = check_finite(tn, "marker m", m, " angular velocity", r->angular_velocity_local, 3,
                           err)) != MBC_OK)
        return st;
    return MBC_OK;
}

static mbc_status check_call(const mbc_object *o, const mbc_state *s, bool has_hook,
                             const char *what, mbc_error *err)
{
    if (!o)
        return mbc_fail(err, MBC_ERR_STATE, "no object");
    const mbc_type_info *t = o->type;
    if (!has_hook)
        return mbc_fail(err, MBC_ERR_STATE, "%s has no %s", t->type_name, what);
    if (!o->initialised)
        return mbc_fail(err, MBC_ERR_STATE,
                        "%s: object is not initialised (call mbc_object_initialise after setting "
                        "parameters)",
                        t->type_name);
    if (!s)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: no state", t->type_name);
    size_t n = mbc_data_count(t, o->params);
    if (s->data_count != n || (n && (!s->data || !s->data_start)))
        return mbc_fail(err, MBC_ERR_INPUT,
                        "%s: data node must have %zu data coordinates (data and start-of-step "
                        "data), got %zu",
                        t->type_name, n, s->data_count);
    mbc_status st = check_finite(t->type_name, "data", -1, "", s->data, n, err);
    if (st == MBC_OK)
        st = check_finite(t->type_name, "start-of-step data", -1, "", s->data_start, n, err);
    for (int m = 0; m < 2 && st == MBC_OK; m++)
        st = check_marker(t, s, m, err);
    if (st == MBC_OK && t->algebraic_equations) {
        if (!s->lagrange)
            return mbc_fail(err, MBC_ERR_INPUT, "%s: Lagrange multipliers are missing",
                            t->type_name);
        st = check_finite(t->type_name, "lagrange multipliers", -1, "", s->lagrange, 2, err);
    }
    return st;
}

mbc_status mbc_object_forces(const mbc_object *o, const mbc_state *s, mbc_forces *out,
                             mbc_error *err)
{
    mbc_status st = check_call(o, s, o && o->type->forces, "force evaluation", err);
    if (st != MBC_OK)
        return st;
    if (!out)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: no output", o->type->type_name);
    if (s->cable &&
        (!out->cable_point_forces || out->cable_point_count != s->cable->segment_count + 1))
        return mbc_fail(err, MBC_ERR_SIZE, "%s: cable_point_forces must hold %zu points, got %zu",
                        o->type->type_name, s->cable->segment_count + 1, out->cable_point_count);
    return o->type->forces(o->params, s, out, err);
}

mbc_status mbc_object_post_newton_step(mbc_object *o, const mbc_state *s, mbc_post_newton *out,
                                       mbc_error *err)
{
    mbc_status st = check_call(o, s, o && o->type->post_newton_step, "PostNewtonStep", err);
    if (st != MBC_OK)
        return st;
    if (!out || (s->data_count && !out->data))
        return mbc_fail(err, MBC_ERR_INPUT, "%s: PostNewtonStep needs an output data buffer",
                        o->type->type_name);
    return o->type->post_newton_step(o->params, s, out, err);
}

mbc_status mbc_object_output(const mbc_object *o, const mbc_state *s, size_t output, double *out,
                             size_t size, mbc_error *err)
{
    mbc_status st = check_call(o, s, o && o->type->output, "output variables", err);
    if (st != MBC_OK)
        return st;
    if (output >= o->type->output_count)
        return mbc_fail(err, MBC_ERR_NAME, "%s has no output variable number %zu (it has %zu)",
                        o->type->type_name, output, o->type->output_count);
    size_t n = mbc_output_size(o->type, o->params, output);
    if (size != n || !out)
        return mbc_fail(err, MBC_ERR_SIZE, "%s.%s: output has %zu values, buffer holds %zu",
                        o->type->type_name, o->type->outputs[output].name, n, out ? size : 0);
    return o->type->output(o->params, s, output, out, size, err);
}

mbc_status mbc_object_algebraic_equations(const mbc_object *o, const mbc_state *s,
                                          mbc_algebraic *out, mbc_error *err)
{
    mbc_status st = check_call(o, s, o && o->type->algebraic_equations, "algebraic equations", err);
    if (st != MBC_OK)
        return st;
    if (!out)
        return mbc_fail(err, MBC_ERR_INPUT, "%s: no output", o->type->type_name);
    return o->type->algebraic_equations(o->params, s, out, err);
}
