/* SPDX-License-Identifier: BSD-3-Clause */
/* Generated C API, driven by the reflection tables so that a new spec is
 * covered without new test code: defaults against the seed documents, type
 * rules with their exact messages, by-name round trips, validate() rules, and
 * the registry. */
#include "spec_names.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/generated/contact_convex_roll.h"
#include "mbconnect/generated/contact_friction_circle_cable2d.h"
#include "mbconnect/generated/contact_granular.h"
#include "mbconnect/generated/contact_sphere_sphere.h"
#include "mbconnect/generated/joint_ale_moving2d.h"
#include "mbconnect/object.h"

/* ------------------------------------------------ documented defaults, parsed from the seeds */

typedef struct doc_default {
    char name[64];
    char text[128];
} doc_default;

/* Reads "* | **name** [... default = TEXT]:" lines of the seed document (a
 * type without a seed: its page docs/items/<Class>.rst, which mbcgen writes
 * from the spec by another path than the C tables); the parameter list
 * comes first, then the visualization list. *seeded tells which. */
static size_t read_seed_defaults(const char *class_name, doc_default *out, size_t max, bool *seeded)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/seeds/%s.rst", MBC_SOURCE_DIR, class_name);
    FILE *f = fopen(path, "r");
    *seeded = f != NULL;
    if (!f) {
        snprintf(path, sizeof path, "%s/docs/items/%s.rst", MBC_SOURCE_DIR, class_name);
        f = fopen(path, "r");
    }
    assert_non_null(f);
    char line[4096];
    size_t n = 0;
    while (fgets(line, sizeof line, f) && n < max) {
        if (strncmp(line, "* | **", 6) != 0)
            continue;
        char *name = line + 6;
        char *end = strstr(name, "**");
        char *def = strstr(line, "default = ");
        if (!end || !def)
            continue;
        *end = '\0';
        def += strlen("default = ");
        char *close = strstr(def, "]:\n");
        assert_non_null(close);
        *close = '\0';
        snprintf(out[n].name, sizeof out[n].name, "%.63s", name);
        snprintf(out[n].text, sizeof out[n].text, "%.127s", def);
        n++;
    }
    fclose(f);
    return n;
}

/* Parses one documented scalar: 0., 1e-3, True, invalid (-1), invalid [-1]. */
static double parse_scalar(const char *s)
{
    while (*s == ' ')
        s++;
    if (!strncmp(s, "True", 4))
        return 1;
    if (!strncmp(s, "False", 5))
        return 0;
    if (!strncmp(s, "invalid", 7))
        return -1;
    char *end;
    double x = strtod(s, &end);
    assert_true(end != s);
    return x;
}

/* Parses a documented default into numbers; returns the count. */
static size_t parse_default(const char *text, double *v, size_t max)
{
    while (*text == ' ')
        text++;
    if (text[0] != '[') {
        v[0] = parse_scalar(text);
        return 1;
    }
    size_t n = 0;
    int depth = 0;
    const char *start = text + 1;
    for (const char *p = text + 1; *p; p++) {
        if (*p == '[')
            depth++;
        else if (*p == ']' && depth > 0)
            depth--;
        else if ((*p == ',' && depth == 0) || (*p == ']' && depth == 0)) {
            const char *q = start;
            while (*q == ' ')
                q++;
            if (q != p && n < max)
                v[n++] = parse_scalar(q);
            start = p + 1;
            if (*p == ']')
                break;
        }
    }
    return n;
}

static const doc_default *find_default(const doc_default *d, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(d[i].name, name))
            return &d[i];
    return NULL;
}

static void check_defaults_of(const mbc_type_info *t, const mbc_param_info *list, size_t count,
                              const doc_default *docs, size_t ndocs, const mbc_object *o)
{
    for (size_t k = 0; k < count; k++) {
        const mbc_param_info *p = &list[k];
        const doc_default *d = find_default(docs, ndocs, p->name);
        if (!d)
            fail_msg("%s.%s: not documented in the seed", t->type_name, p->name);
        if (p->kind == MBC_VALUE_STRING) {
            assert_string_equal(d->text, "''");
            assert_string_equal(mbc_param_get_string(p, o->params), "");
            continue;
        }
        double expect[16], got[16];
        size_t ne = parse_default(d->text, expect, 16);
        size_t ng = 0;
        mbc_error err;
        assert_int_equal(mbc_param_get_values(t, p, o->params, got, 16, &ng, &err), MBC_OK);
        if (ne != ng)
            fail_msg("%s.%s: %zu default values, documented %zu (%s)", t->type_name, p->name, ng,
                     ne, d->text);
        for (size_t i = 0; i < ne; i++) {
            double e = p->kind == MBC_VALUE_FLOAT ? (double)(float)expect[i] : expect[i];
            if (got[i] != e)
                fail_msg("%s.%s[%zu] = %.17g, documented %s", t->type_name, p->name, i, got[i],
                         d->text);
        }
    }
}

static void test_defaults_match_seed_documents(void **state)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    (void)state;
    size_t seeded_types = 0;
    for (size_t i = 0; i < mbc_registry_size(&builtin_types); i++) {
        const mbc_type_info *t = mbc_registry_entry(&builtin_types, i);
        doc_default docs[64];
        bool seeded = false;
        size_t n = read_seed_defaults(t->class_name, docs, 64, &seeded);
        seeded_types += seeded;
        assert_true(n >= t->param_count);
        mbc_error err;
        mbc_object *o = mbc_object_create(t->type_name, &err);
        assert_non_null(o);
        check_defaults_of(t, t->params, t->param_count, docs, n, o);
        /* visualization defaults come after the parameter list in the seed */
        check_defaults_of(t, t->vparams, t->vparam_count, docs + t->param_count, n - t->param_count,
                          o);
        mbc_object_destroy(o);
    }
    assert_true(seeded_types >= 4); /* the four seed types */
}

/* ------------------------------------------------ type rules */

/* A value every rule of p admits near x: x itself, else one of the spec's
 * one_of values, else the middle (or an inner point) of its range. */
static double admitted(const mbc_param_info *p, double x)
{
    if (p->one_of_count) {
        for (size_t i = 0; i < p->one_of_count; i++)
            if (p->one_of[i] == x)
                return x;
        return p->one_of[p->one_of_count - 1];
    }
    if (!p->has_range || ((p->range_min_open ? x > p->range_min : x >= p->range_min) &&
                          (p->range_max_open ? x < p->range_max : x <= p->range_max)))
        return x;
    if (isinf(p->range_max))
        return p->range_min + 1;
    if (isinf(p->range_min))
        return p->range_max - 1;
    return 0.5 * (p->range_min + p->range_max);
}

static void snapshot(const mbc_type_info *t, const mbc_param_info *p, const void *params, double *v,
                     size_t *n)
{
    mbc_error err;
    assert_int_equal(mbc_param_get_values(t, p, params, v, 64, n, &err), MBC_OK);
}

static void expect_rejected(const mbc_type_info *t, const mbc_param_info *p, void *params,
                            const double *values, size_t count, const char *expected)
{
    double before[64], after[64];
    size_t nb, na;
    snapshot(t, p, params, before, &nb);
    mbc_error err = {0};
    mbc_status st = mbc_param_set_values(t, p, params, values, count, &err);
    if (p->required && count == p->default_count &&
        memcmp(values, p->default_values, count * sizeof *values) == 0) {
        /* the documented placeholder default (e.g. circleRadius = 0) is
         * accepted by the setter; validate() refuses it (test_validate_rules) */
        assert_int_equal(st, MBC_OK);
        return;
    }
    assert_int_not_equal(st, MBC_OK);
    assert_string_equal(err.message, expected);
    snapshot(t, p, params, after, &na);
    assert_int_equal(nb, na);
    assert_memory_equal(before, after, nb * sizeof(double));
}

static void test_type_rules(void **state)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    (void)state;
    size_t checked_min = 0, checked_nonfinite = 0, checked_length = 0, checked_range = 0,
           checked_one_of = 0;
    for (size_t i = 0; i < mbc_registry_size(&builtin_types); i++) {
        const mbc_type_info *t = mbc_registry_entry(&builtin_types, i);
        mbc_error err;
        mbc_object *o = mbc_object_create(t->type_name, &err);
        assert_non_null(o);
        for (size_t k = 0; k < t->param_count; k++) {
            const mbc_param_info *p = &t->params[k];
            if (p->role != MBC_ROLE_INPUT || p->kind == MBC_VALUE_STRING)
                continue;
            size_t n = p->shape == MBC_VECTOR ? 2 : p->size;
            double ok[64], bad[64];
            for (size_t j = 0; j < n; j++)
                ok[j] = admitted(p, p->kind == MBC_VALUE_BOOL ? 1 : (p->has_min ? p->min + 1 : 1));
            char msg[600];
            char prefix[160];
            if (p->shape == MBC_SCALAR)
                snprintf(prefix, sizeof prefix, "%s.%s: ", t->type_name, p->name);
            else
                snprintf(prefix, sizeof prefix, "%s.%s: [0] ", t->type_name, p->name);
            if (p->has_range) { /* the spec's range: the first value outside each end */
                const double ends[2] = {p->range_min, p->range_max};
                const bool open[2] = {p->range_min_open, p->range_max_open};
                for (int e = 0; e < 2; e++) {
                    if (isinf(ends[e]))
                        continue;
                    memcpy(bad, ok, n * sizeof *bad);
                    bad[0] = open[e] ? ends[e] : nextafter(ends[e], e ? INFINITY : -INFINITY);
                    if (p->has_min && !(p->min_exclusive ? bad[0] > p->min : bad[0] >= p->min))
                        continue; /* the type's own rule speaks first */
                    char got[40];
                    mbc_format_number(bad[0], got, sizeof got);
                    snprintf(msg, sizeof msg, "%smust be %s (%s), given %s", prefix, p->range_rule,
                             p->type, got);
                    expect_rejected(t, p, o->params, bad, n, msg);
                    checked_range++;
                }
            }
            if (p->one_of_count) { /* an enumeration: the next whole number is refused */
                memcpy(bad, ok, n * sizeof *bad);
                bad[0] = p->one_of[p->one_of_count - 1] + 1;
                /* the values, or the names of its choices with their values */
                size_t nc = 0;
                const char *const *names = mbc_param_info_choices(p, &nc);
                char list[256] = "";
                for (size_t j = 0; j < p->one_of_count; j++)
                    if (names)
                        snprintf(list + strlen(list), sizeof list - strlen(list), "%s %s (%g)",
                                 j ? "," : "", names[j], p->one_of[j]);
                    else
                        snprintf(list + strlen(list), sizeof list - strlen(list), "%s %g",
                                 j ? "," : "", p->one_of[j]);
                snprintf(msg, sizeof msg, "%smust be one of%s (%s), given %g", prefix, list,
                         p->type, bad[0]);
                expect_rejected(t, p, o->params, bad, n, msg);
                checked_one_of++;
            }
            if (p->has_min) {
                /* boundary accepted (inclusive) or rejected (exclusive) */
                memcpy(bad, ok, n * sizeof *bad);
                bad[0] = p->min;
                if (!p->min_exclusive && admitted(p, p->min) == p->min) {
                    assert_int_equal(mbc_param_set_values(t, p, o->params, bad, n, &err), MBC_OK);
                    bad[0] = p->kind == MBC_VALUE_INT ? p->min - 1 : -1e-300;
                    snprintf(msg, sizeof msg, "%smust be >= %g (%s), given %s", prefix, p->min,
                             p->type, p->kind == MBC_VALUE_INT ? "-1" : "-1e-300");
                } else if (p->min_exclusive) {
                    snprintf(msg, sizeof msg, "%smust be > %g (%s), given 0", prefix, p->min,
                             p->type);
                } else { /* the spec's range excludes the type's minimum */
                    snprintf(msg, sizeof msg, "%smust be %s (%s), given 0", prefix, p->range_rule,
                             p->type);
                }
                expect_rejected(t, p, o->params, bad, n, msg);
                checked_min++;
            }
            if (p->kind == MBC_VALUE_REAL || p->kind == MBC_VALUE_FLOAT) {
                memcpy(bad, ok, n * sizeof *bad);
                bad[0] = NAN;
                snprintf(msg, sizeof msg, "%smust be finite (%s), given nan", prefix, p->type);
                expect_rejected(t, p, o->params, bad, n, msg);
                bad[0] = INFINITY;
                snprintf(msg, sizeof msg, "%smust be finite (%s), given inf", prefix, p->type);
                expect_rejected(t, p, o->params, bad, n, msg);
                checked_nonfinite++;
            }
            if (p->kind == MBC_VALUE_INT) {
                memcpy(bad, ok, n * sizeof *bad);
                bad[0] = 1.5;
                snprintf(msg, sizeof msg, "%smust be a whole number (%s), given 1.5", prefix,
                         p->type);
                expect_rejected(t, p, o->params, bad, n, msg);
            }
            if (p->shape == MBC_FIXED) {
                snprintf(msg, sizeof msg, "%s.%s: must have %zu values (%s), given %zu",
                         t->type_name, p->name, p->size, p->type, p->size + 1);
                expect_rejected(t, p, o->params, ok, p->size + 1, msg);
                checked_length++;
            }
            /* and a valid value is taken */
            assert_int_equal(mbc_param_set_values(t, p, o->params, ok, n, &err), MBC_OK);
        }
        mbc_object_destroy(o);
    }
    assert_true(checked_min >= 10);
    assert_true(checked_nonfinite >= 20);
    assert_true(checked_length >= 6);
    assert_true(checked_range >= 4);  /* contactPlasticityRatio, restitutionCoefficient, ... */
    assert_true(checked_one_of >= 1); /* impactModel */
}

static void test_typed_setters(void **state)
{
    (void)state;
    mbc_contact_sphere_sphere_params p;
    mbc_contact_sphere_sphere_params_init(&p);
    mbc_error err;
    assert_int_equal(mbc_contact_sphere_sphere_set_contactStiffness(&p, -1, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message,
                        "ContactSphereSphere.contactStiffness: must be >= 0 (UReal), given -1");
    assert_true(mbc_contact_sphere_sphere_get_contactStiffness(&p) == 0.0);
    assert_int_equal(mbc_contact_sphere_sphere_set_contactStiffness(&p, 1e5, &err), MBC_OK);
    assert_true(mbc_contact_sphere_sphere_get_contactStiffness(&p) == 1e5);
    assert_int_equal(mbc_contact_sphere_sphere_set_restitutionCoefficient(&p, 0, &err),
                     MBC_ERR_VALUE);
    assert_string_equal(err.message,
                        "ContactSphereSphere.restitutionCoefficient: must be > 0 (PReal), given 0");
    const double radii[2] = {0.5, 0.25};
    assert_int_equal(mbc_contact_sphere_sphere_set_spheresRadii(&p, radii, &err), MBC_OK);
    assert_true(mbc_contact_sphere_sphere_get_spheresRadii(&p)[1] == 0.25);
    assert_int_equal(mbc_contact_sphere_sphere_set_name(&p, "pair 1", &err), MBC_OK);
    assert_string_equal(mbc_contact_sphere_sphere_get_name(&p), "pair 1");
    mbc_contact_sphere_sphere_params_free(&p);
    assert_string_equal(mbc_contact_sphere_sphere_get_name(&p), "");

    mbc_joint_ale_moving2d_params a;
    mbc_joint_ale_moving2d_params_init(&a);
    const mbc_index markers[3] = {4, 5, -2};
    assert_int_equal(mbc_joint_ale_moving2d_set_slidingMarkerNumbers(&a, markers, 3, &err),
                     MBC_ERR_VALUE);
    assert_string_equal(err.message, "JointALEMoving2D.slidingMarkerNumbers: [2] must be a valid "
                                     "index >= 0 or -1 for invalid (ArrayMarkerIndex), given -2");
    size_t count = 99;
    assert_null(mbc_joint_ale_moving2d_get_slidingMarkerNumbers(&a, &count));
    assert_int_equal(count, 0);
    assert_int_equal(mbc_joint_ale_moving2d_set_slidingMarkerNumbers(&a, markers, 2, &err), MBC_OK);
    const mbc_index *got = mbc_joint_ale_moving2d_get_slidingMarkerNumbers(&a, &count);
    assert_int_equal(count, 2);
    assert_int_equal(got[1], 5);
    mbc_joint_ale_moving2d_params_free(&a);
}

/* ------------------------------------------------ by name */

static void test_by_name_round_trip(void **state)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    (void)state;
    size_t round_trips = 0;
    for (size_t i = 0; i < mbc_registry_size(&builtin_types); i++) {
        const mbc_type_info *t = mbc_registry_entry(&builtin_types, i);
        mbc_error err;
        mbc_object *o = mbc_object_create(t->type_name, &err);
        assert_non_null(o);
        for (int vis = 0; vis < 2; vis++) {
            const mbc_param_info *list = vis ? t->vparams : t->params;
            size_t count = vis ? t->vparam_count : t->param_count;
            for (size_t k = 0; k < count; k++) {
                const mbc_param_info *p = &list[k];
                char name[128];
                snprintf(name, sizeof name, "%s%s", vis ? "visualization." : "", p->name);
                assert_ptr_equal(mbc_object_find_param(o, name), p);
                if (p->role != MBC_ROLE_INPUT) {
                    double v = 1;
                    assert_int_equal(mbc_object_set(o, name, v, &err), MBC_ERR_STATE);
                    assert_non_null(strstr(err.message, "has no setter"));
                    continue;
                }
                if (p->kind == MBC_VALUE_STRING) {
                    assert_int_equal(mbc_object_set_string(o, name, "abc", &err), MBC_OK);
                    assert_string_equal(mbc_param_get_string(p, o->params), "abc");
                    round_trips++;
                    continue;
                }
                size_t n = p->shape == MBC_VECTOR ? 3 : p->size;
                double v[8], back[8];
                for (size_t j = 0; j < n; j++)
                    v[j] =
                        admitted(p, p->kind == MBC_VALUE_BOOL   ? (double)((j + k) % 2)
                                    : p->kind == MBC_VALUE_REAL ? 0.25 + (double)j + (double)k / 8
                                                                : (double)(j + k + 1));
                assert_int_equal(mbc_object_set_array(o, name, v, n, &err), MBC_OK);
                size_t got = 0;
                assert_int_equal(mbc_object_get(o, name, back, 8, &got, &err), MBC_OK);
                assert_int_equal(got, n);
                for (size_t j = 0; j < n; j++)
                    assert_true(back[j] == v[j]);
                round_trips++;
            }
        }
        assert_int_equal(mbc_object_set(o, "noSuchParameter", 1, &err), MBC_ERR_NAME);
        char expect[256];
        snprintf(expect, sizeof expect, "%s: unknown parameter 'noSuchParameter'", t->type_name);
        assert_string_equal(err.message, expect);
        mbc_object_destroy(o);
    }
    assert_true(round_trips >= 50);
}

/* ------------------------------------------------ validate() */

static mbc_object *valid_ale(void)
{
    mbc_error err;
    mbc_object *o = mbc_object_create("JointALEMoving2D", &err);
    assert_non_null(o);
    const double markers[2] = {0, 1}, sliding[3] = {1, 2, 3}, offsets[3] = {0, 1, 2};
    const double nodes[2] = {0, 1};
    assert_int_equal(mbc_object_set_array(o, "markerNumbers", markers, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerNumbers", sliding, 3, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerOffsets", offsets, 3, &err), MBC_OK);
    assert_int_equal(mbc_object_set_array(o, "nodeNumbers", nodes, 2, &err), MBC_OK);
    size_t n = 99;
    mbc_error errors[8];
    assert_int_equal(mbc_object_initialize(o, errors, 8, &n), MBC_OK);
    assert_int_equal(n, 0);
    return o;
}

static void expect_violations(mbc_object *o, size_t count, const char *const *messages)
{
    mbc_error errors[16];
    size_t n = 0;
    assert_int_equal(mbc_object_initialize(o, errors, 16, &n), count ? MBC_ERR_VALUE : MBC_OK);
    assert_true(o->initialized == (count == 0));
    assert_int_equal(n, count);
    for (size_t i = 0; i < count; i++)
        assert_string_equal(errors[i].message, messages[i]);
}

static void test_validate_rules(void **state)
{
    (void)state;
    mbc_error err;
    const char *const unset[] = {
        "JointALEMoving2D.markerNumbers: [0] must be set (ArrayMarkerIndex >= 0), given -1",
        "JointALEMoving2D.markerNumbers: [1] must be set (ArrayMarkerIndex >= 0), given -1",
        "JointALEMoving2D.slidingMarkerNumbers: must have at least 1 value, given 0",
        "JointALEMoving2D.nodeNumbers: [0] must be set (ArrayNodeIndex >= 0), given -1",
        "JointALEMoving2D.nodeNumbers: [1] must be set (ArrayNodeIndex >= 0), given -1",
    };
    mbc_object *o = mbc_object_create("JointALEMoving2D", &err);
    expect_violations(o, 5, unset);
    mbc_object_destroy(o);

    /* each rule on its own */
    o = valid_ale();
    const double two[2] = {0, 1};
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerOffsets", two, 2, &err), MBC_OK);
    const char *const length[] = {"JointALEMoving2D.slidingMarkerOffsets: must have the same "
                                  "length as slidingMarkerNumbers (3), given 2"};
    expect_violations(o, 1, length);
    mbc_object_destroy(o);

    o = valid_ale();
    const double decreasing[3] = {0, 2, 1.5};
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerOffsets", decreasing, 3, &err), MBC_OK);
    const char *const order[] = {"JointALEMoving2D.slidingMarkerOffsets: must be "
                                 "non-decreasing, given [2] = 1.5 after [1] = 2"};
    expect_violations(o, 1, order);
    mbc_object_destroy(o);

    o = valid_ale();
    assert_int_equal(mbc_object_set(o, "usePenaltyFormulation", 1, &err), MBC_OK);
    const char *const penalty[] = {"JointALEMoving2D.penaltyStiffness: must be > 0 when "
                                   "usePenaltyFormulation is True, given 0"};
    expect_violations(o, 1, penalty);
    assert_int_equal(mbc_object_set(o, "penaltyStiffness", 1e6, &err), MBC_OK);
    expect_violations(o, 0, NULL);
    mbc_object_destroy(o);

    /* all together, all reported */
    o = valid_ale();
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerOffsets", decreasing, 3, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "usePenaltyFormulation", 1, &err), MBC_OK);
    const double one_marker[1] = {7};
    assert_int_equal(mbc_object_set_array(o, "slidingMarkerNumbers", one_marker, 1, &err), MBC_OK);
    const char *const all[] = {
        "JointALEMoving2D.slidingMarkerOffsets: must be non-decreasing, given [2] = 1.5 after [1] "
        "= 2",
        "JointALEMoving2D.slidingMarkerOffsets: must have the same length as "
        "slidingMarkerNumbers (1), given 3",
        "JointALEMoving2D.penaltyStiffness: must be > 0 when usePenaltyFormulation is True, given "
        "0",
    };
    expect_violations(o, 3, all);
    mbc_object_destroy(o);

    /* fields set directly (bypassing setters) are still checked */
    mbc_contact_sphere_sphere_params p;
    mbc_contact_sphere_sphere_params_init(&p);
    p.markerNumbers[0] = 0;
    p.markerNumbers[1] = 1;
    p.nodeNumber = 2;
    p.contactStiffness = -5;
    mbc_error e[4];
    assert_int_equal(mbc_contact_sphere_sphere_validate(&p, e, 4), 2);
    /* spheresRadii still holds its documented placeholder default */
    assert_string_equal(e[0].message,
                        "ContactSphereSphere.spheresRadii: must be > 0 before initialize (given "
                        "[-1, -1], the unset default: set both radii)");
    assert_string_equal(e[1].message,
                        "ContactSphereSphere.contactStiffness: must be >= 0 (UReal), given -5");
    /* enumerations and ranges written directly are refused by validate() too */
    p.spheresRadii[0] = p.spheresRadii[1] = 0.5;
    p.contactStiffness = 1e4;
    p.impactModel = 7;
    p.contactPlasticityRatio = 1;
    p.restitutionCoefficient = 1.5;
    assert_int_equal(mbc_contact_sphere_sphere_validate(&p, e, 4), 3);
    assert_string_equal(e[0].message, "ContactSphereSphere.contactPlasticityRatio: must be in "
                                      "[0, 1) (UReal), given 1");
    assert_string_equal(e[1].message, "ContactSphereSphere.restitutionCoefficient: must be in "
                                      "(0, 1] (PReal), given 1.5");
    assert_string_equal(e[2].message,
                        "ContactSphereSphere.impactModel: must be one of 0, 1, 2 (UInt), given 7");
    /* one radius set, the other still -1: a plain rule violation, not "unset" */
    p.impactModel = 0;
    p.contactPlasticityRatio = 0;
    p.restitutionCoefficient = 1;
    p.spheresRadii[1] = -1;
    assert_int_equal(mbc_contact_sphere_sphere_validate(&p, e, 4), 1);
    assert_string_equal(e[0].message,
                        "ContactSphereSphere.spheresRadii: [1] must be > 0 (Vector2D), given -1");
}

/* Physical validity (issue 25): the seed defaults that are placeholders are
 * refused by validate() with a message that says how to fix them, and the
 * stiffness signs the seed's Real type allows are refused by the setters. */
static void test_physical_validity(void **state)
{
    (void)state;
    static const struct {
        const char *type, *message;
    } unset[] = {
        {"ContactSphereSphere", "ContactSphereSphere.spheresRadii: must be > 0 before initialize "
                                "(given [-1, -1], the unset default: set both radii)"},
        {"ContactConvexRoll",
         "ContactConvexRoll.rollLength: must be > 0 before initialize (given 0, the unset "
         "default: set the roll's length L, the hull's x range is [-L/2, L/2])"},
        {"ContactFrictionCircleCable2D",
         "ContactFrictionCircleCable2D.circleRadius: must be > 0 before initialize (given 0, the "
         "unset default: set the circle's radius)"},
    };
    mbc_error err = {0}, errs[8];
    for (size_t i = 0; i < sizeof unset / sizeof unset[0]; i++) {
        mbc_object *o = mbc_object_create(unset[i].type, &err);
        assert_non_null(o);
        mbc_object_set_default_indices(o);
        size_t n = 0;
        assert_int_not_equal(mbc_object_initialize(o, errs, 8, &n), MBC_OK);
        int found = 0;
        for (size_t k = 0; k < n && k < 8; k++)
            found |= strcmp(errs[k].message, unset[i].message) == 0;
        if (!found)
            fail_msg("%s: no \"%s\" among %zu violations (first: %s)", unset[i].type,
                     unset[i].message, n, errs[0].message);
        mbc_object_destroy(o);
    }
    static const struct {
        const char *type, *param;
        double value;
        const char *message;
    } refused[] = {
        {"ContactConvexRoll", "contactStiffness", -1,
         "ContactConvexRoll.contactStiffness: must be >= 0 (Real), given -1"},
        {"ContactConvexRoll", "contactDamping", -0.5,
         "ContactConvexRoll.contactDamping: must be >= 0 (Real), given -0.5"},
        {"ContactConvexRoll", "rollLength", -0.1,
         "ContactConvexRoll.rollLength: must be >= 0 (UReal), given -0.1"},
        {"JointALEMoving2D", "penaltyStiffness", -5,
         "JointALEMoving2D.penaltyStiffness: must be >= 0 (Real), given -5"},
        {"ContactFrictionCircleCable2D", "circleRadius", 1e-300 * 0,
         NULL}, /* 0, the placeholder itself: accepted by the setter */
        {"ContactSphereSphere", "impactModel", 7,
         "ContactSphereSphere.impactModel: must be one of 0, 1, 2 (UInt), given 7"},
        {"ContactSphereSphere", "restitutionCoefficient", 1.01,
         "ContactSphereSphere.restitutionCoefficient: must be in (0, 1] (PReal), given 1.01"},
    };
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        mbc_object *o = mbc_object_create(refused[i].type, &err);
        assert_non_null(o);
        const mbc_status st = mbc_object_set(o, refused[i].param, refused[i].value, &err);
        if (refused[i].message) {
            assert_int_equal(st, MBC_ERR_VALUE);
            assert_string_equal(err.message, refused[i].message);
        } else {
            assert_int_equal(st, MBC_OK);
        }
        mbc_object_destroy(o);
    }
    /* a circle of radius 0.25 is fine */
    mbc_object *o = mbc_object_create("ContactFrictionCircleCable2D", &err);
    mbc_object_set_default_indices(o);
    assert_int_equal(mbc_object_set(o, "circleRadius", 0.25, &err), MBC_OK);
    assert_int_equal(mbc_object_initialize(o, errs, 8, NULL), MBC_OK);
    mbc_object_destroy(o);
}

static void test_convex_hull_rule(void **state)
{
    (void)state;
    mbc_error err;
    mbc_object *o = mbc_object_create("ContactConvexRoll", &err);
    const double markers[2] = {0, 1};
    assert_int_equal(mbc_object_set_array(o, "markerNumbers", markers, 2, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "nodeNumber", 3, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "rollLength", 1, &err), MBC_OK);
    const char *const empty[] = {
        "ContactConvexRoll.coefficientsHull: must have at least 1 value, given 0"};
    mbc_error errors[4];
    size_t n = 0;
    assert_int_equal(mbc_object_initialize(o, errors, 4, &n), MBC_ERR_VALUE);
    assert_true(n >= 1);
    assert_string_equal(errors[0].message, empty[0]);
    /* barrel r = 0.5 - 0.2 x^2: convex, accepted; derived values computed */
    const double barrel[3] = {-0.2, 0, 0.5};
    assert_int_equal(mbc_object_set_array(o, "coefficientsHull", barrel, 3, &err), MBC_OK);
    assert_int_equal(mbc_object_initialize(o, errors, 4, &n), MBC_OK);
    double d[4];
    size_t nd = 0;
    assert_int_equal(mbc_object_get(o, "coefficientsHullDerivative", d, 4, &nd, &err), MBC_OK);
    assert_int_equal(nd, 2);
    assert_true(d[0] == -0.4 && d[1] == 0);
    assert_int_equal(mbc_object_get(o, "rBoundingSphere", d, 4, &nd, &err), MBC_OK);
    assert_true(d[0] == 0.5);
    /* bowl r = 0.5 + 0.2 x^2: not convex, rejected by the runtime check hook */
    const double bowl[3] = {0.2, 0, 0.5};
    assert_int_equal(mbc_object_set_array(o, "coefficientsHull", bowl, 3, &err), MBC_OK);
    assert_int_equal(mbc_object_initialize(o, errors, 4, &n), MBC_ERR_VALUE);
    assert_int_equal(n, 1);
    assert_non_null(strstr(errors[0].message, "ContactConvexRoll.coefficientsHull"));
    assert_non_null(strstr(errors[0].message, "convex"));
    mbc_object_destroy(o);
}

/* ------------------------------------------------ registry and data layout */

static void test_registry(void **state)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    (void)state;
    /* one type per spec in specs/, sorted by name */
    spec_names names;
    assert_true(spec_names_load(&names) >= 4);
    assert_int_equal(mbc_registry_size(&builtin_types), names.count);
    for (size_t i = 0; i < names.count; i++) {
        const char *expected = names.names[i];
        assert_string_equal(mbc_registry_entry(&builtin_types, i)->type_name, expected);
        assert_ptr_equal(mbc_registry_lookup(&builtin_types, expected),
                         mbc_registry_entry(&builtin_types, i));
        mbc_error err;
        for (int k = 0; k < 3; k++) {
            mbc_object *o = mbc_object_create(expected, &err);
            assert_non_null(o);
            assert_false(o->initialized);
            mbc_object_destroy(o);
        }
    }
    assert_null(mbc_registry_entry(&builtin_types, names.count));
    assert_null(mbc_registry_lookup(&builtin_types, "ContactSphere"));
    mbc_error err;
    assert_null(mbc_object_create("ContactSphere", &err));
    char list[2048], message[4096];
    spec_names_join(&names, list, sizeof list);
    snprintf(message, sizeof message, "unknown connector type 'ContactSphere' (known: %s)", list);
    if (strlen(message) < sizeof err.message) /* else the message is cut */
        assert_string_equal(err.message, message);
    assert_int_equal(mbc_registry_lookup(&builtin_types, "ContactSphereSphere")->param_count, 17);
    assert_int_equal(mbc_registry_lookup(&builtin_types, "ContactSphereSphere")->vparam_count, 2);
}

static void test_data_layout(void **state)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    (void)state;
    mbc_error err;
    mbc_object *o = mbc_object_create("ContactFrictionCircleCable2D", &err);
    assert_int_equal(mbc_object_set(o, "numberOfContactSegments", 4, &err), MBC_OK);
    assert_int_equal(mbc_data_count(o->type, o->params), 12);
    double data[12];
    mbc_initial_data(o->type, o->params, data);
    /* [0.1]*n + [-2]*n + [0]*n, as the seed's nodeNumber description says */
    for (int i = 0; i < 4; i++) {
        assert_true(data[i] == 0.1);
        assert_true(data[4 + i] == -2);
        assert_true(data[8 + i] == 0);
    }
    assert_int_equal(
        mbc_output_size(o->type, o->params, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COORDINATES),
        8);
    assert_int_equal(
        mbc_output_size(o->type, o->params, (size_t)mbc_type_find_output(o->type, "ForceLocal")),
        8);
    assert_int_equal(mbc_type_find_output(o->type, "Torque"), -1);
    assert_int_equal(
        mbc_output_size(o->type, o->params, MBC_CONTACT_FRICTION_CIRCLE_CABLE2D_OUTPUT_COUNT), 0);
    mbc_object_destroy(o);
    const mbc_type_info *s = mbc_registry_lookup(&builtin_types, "ContactSphereSphere");
    mbc_contact_sphere_sphere_params p;
    mbc_contact_sphere_sphere_params_init(&p);
    assert_int_equal(mbc_contact_sphere_sphere_data_count(&p), 4);
    /* the reference page's outputs; then the energy books StoredEnergy,
     * DissipatedPower (scalars) and DissipatedPowerParts (3) */
    for (size_t i = 0; i < MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY; i++)
        assert_int_equal(mbc_output_size(s, &p, i), 3);
    assert_int_equal(mbc_output_size(s, &p, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_STORED_ENERGY), 1);
    assert_int_equal(mbc_output_size(s, &p, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER), 1);
    assert_int_equal(
        mbc_output_size(s, &p, MBC_CONTACT_SPHERE_SPHERE_OUTPUT_DISSIPATED_POWER_PARTS), 3);
    const mbc_type_info *ale = mbc_registry_lookup(&builtin_types, "JointALEMoving2D");
    assert_int_equal(mbc_type_find_output(ale, "Coordinates_t"),
                     MBC_JOINT_ALE_MOVING2D_OUTPUT_COORDINATES_T);
    assert_string_equal(ale->outputs[MBC_JOINT_ALE_MOVING2D_OUTPUT_COORDINATES_T].name,
                        "Coordinates_t");
    assert_int_equal(mbc_type_find_output(ale, "coordinates_t"), -1);
    assert_int_equal(mbc_type_find_output(ale, NULL), -1);
}

/* Named choices (spec key `choices`): ContactGranular's five model
 * parameters carry LAMMPS's words in their descriptors (has_choices, in the
 * padding of 1.0's layout, and the names), the header's constants and its
 * initializer of the names; the library looks names up both ways, sets a
 * parameter by a name and says a wrong one with the closest; the seed types
 * have none. */
static void test_named_choices(void **state)
{
    (void)state;
    const mbc_type_info *t = &mbc_contact_granular_type;
    static const struct {
        const char *param;
        const char *names[6];
        size_t count;
    } want[] = {
        {"normalModel", {"hooke", "hertz", "hertz/material", "dmt", "jkr"}, 5},
        {"dampingModel", {"velocity", "mass_velocity", "viscoelastic", "tsuji"}, 4},
        {"tangentialModel",
         {"linear_nohistory", "linear_history", "mindlin", "mindlin_rescale", "mindlin/force",
          "mindlin_rescale/force"},
         6},
        {"rollingModel", {"none", "sds"}, 2},
        {"twistingModel", {"none", "sds", "marshall"}, 3},
    };
    size_t with_choices = 0;
    for (size_t i = 0; i < t->param_count; i++) {
        size_t n = 0;
        with_choices += mbc_param_info_choices(&t->params[i], &n) != NULL;
    }
    assert_int_equal(with_choices, 5);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const mbc_param_info *p = mbc_type_find_param(t, want[i].param);
        size_t n = 0;
        const char *const *names = mbc_param_info_choices(p, &n);
        assert_true(p->has_choices && names == p->choices);
        assert_int_equal(n, want[i].count);
        assert_int_equal(p->one_of_count, want[i].count); /* the values 0 .. count - 1 */
        for (size_t k = 0; k < want[i].count; k++) {
            assert_true(p->one_of[k] == (double)k);
            assert_string_equal(names[k], want[i].names[k]);
            assert_string_equal(mbc_param_choice_name(p, (double)k), want[i].names[k]);
            assert_int_equal(mbc_param_choice_value(p, want[i].names[k]), (int)k);
        }
        assert_null(mbc_param_choice_name(p, (double)want[i].count));
        assert_null(mbc_param_choice_name(p, 0.5));
        assert_null(mbc_param_choice_name(p, -1));
        assert_int_equal(mbc_param_choice_value(p, "Hertz"), -1); /* exact names only */
    }
    /* the generated header: one constant per name and the names in order */
    static const char *const normal[] = MBC_CONTACT_GRANULAR_NORMAL_MODEL_NAMES;
    assert_int_equal(sizeof normal / sizeof normal[0], 5);
    assert_string_equal(normal[MBC_CONTACT_GRANULAR_NORMAL_MODEL_HERTZ_MATERIAL], "hertz/material");
    assert_int_equal(MBC_CONTACT_GRANULAR_TANGENTIAL_MODEL_MINDLIN_RESCALE_FORCE, 5);
    assert_int_equal(MBC_CONTACT_GRANULAR_TWISTING_MODEL_MARSHALL, 2);
    /* texts */
    const mbc_param_info *normal_model = mbc_type_find_param(t, "normalModel");
    char text[512];
    assert_string_equal(mbc_param_choices_text(normal_model, false, text, sizeof text),
                        "hooke, hertz, hertz/material, dmt, jkr");
    assert_string_equal(mbc_param_rules_text(normal_model, text, sizeof text),
                        "one of hooke (0), hertz (1), hertz/material (2), dmt (3), jkr (4)");
    assert_string_equal(mbc_param_choices_text(normal_model, true, text, 12), "hooke (0), ");
    assert_string_equal(mbc_param_suggest_choice(normal_model, "hertzz"), "hertz");
    assert_null(mbc_param_suggest_choice(normal_model, "xyz"));
    /* by name through the generic object */
    mbc_error err = {0};
    mbc_object *o = mbc_object_create("ContactGranular", &err);
    assert_non_null(o);
    assert_int_equal(mbc_object_set_string(o, "normalModel", "jkr", &err), MBC_OK);
    assert_int_equal(((const mbc_contact_granular_params *)o->params)->normalModel,
                     MBC_CONTACT_GRANULAR_NORMAL_MODEL_JKR);
    assert_int_equal(mbc_object_set_string(o, "normalModel", "dmtt", &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, "ContactGranular.normalModel: must be one of hooke, hertz, "
                                     "hertz/material, dmt, jkr or their numbers 0 to 4 (UInt), "
                                     "given 'dmtt' (did you mean 'dmt'?)");
    assert_string_equal(err.param_name, "normalModel");
    assert_int_equal(((const mbc_contact_granular_params *)o->params)->normalModel, 4);
    assert_int_equal(mbc_object_set_string(o, "normalStiffness", "jkr", &err), MBC_ERR_VALUE);
    assert_string_equal(
        err.message, "ContactGranular.normalStiffness: must be a number (UReal), given a string");
    mbc_object_destroy(o);
    /* the seed types have none: impactModel's values have no names */
    const mbc_param_info *impact =
        mbc_type_find_param(&mbc_contact_sphere_sphere_type, "impactModel");
    size_t n = 99;
    assert_false(impact->has_choices);
    assert_null(mbc_param_info_choices(impact, &n));
    assert_int_equal(n, 0);
    assert_null(mbc_param_choice_name(impact, 0));
    assert_string_equal(mbc_param_rules_text(impact, text, sizeof text), "one of 0, 1, 2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_match_seed_documents),
        cmocka_unit_test(test_type_rules),
        cmocka_unit_test(test_typed_setters),
        cmocka_unit_test(test_by_name_round_trip),
        cmocka_unit_test(test_validate_rules),
        cmocka_unit_test(test_physical_validity),
        cmocka_unit_test(test_convex_hull_rule),
        cmocka_unit_test(test_registry),
        cmocka_unit_test(test_data_layout),
        cmocka_unit_test(test_named_choices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
