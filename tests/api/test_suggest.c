/* SPDX-License-Identifier: BSD-3-Clause */
/* The "did you mean" of unknown names (mbconnect/suggest.h), through the
 * shared library's exported symbols: distances counted by hand, the rule
 * of what is close, ties, case, long names; the parameter of a type
 * (mbc_type_suggest_param) and the message of a by-name setter. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/mbconnect.h"

/* Distances counted by hand: an insertion, a deletion, a substitution and
 * a swap of neighbors cost 1 each; ASCII case costs nothing. */
static void test_distance_by_hand(void **state)
{
    (void)state;
    assert_int_equal(mbc_suggest_distance("contactStifness", "contactStiffness"), 1); /* insert */
    assert_int_equal(mbc_suggest_distance("contactStiffness", "contactStifness"), 1); /* delete */
    assert_int_equal(mbc_suggest_distance("colour", "color"), 1);
    assert_int_equal(mbc_suggest_distance("theroy", "theory"), 1); /* one swap, not two edits */
    assert_int_equal(mbc_suggest_distance("mass", "mas"), 1);
    assert_int_equal(mbc_suggest_distance("radius", "radii"), 2); /* u -> i, drop s */
    assert_int_equal(mbc_suggest_distance("max_length", "min_length"), 2);
    assert_int_equal(mbc_suggest_distance("kitten", "sitting"), 3); /* the textbook case */
    assert_int_equal(mbc_suggest_distance("CONTACTSTIFFNESS", "contactStiffness"), 0);
    assert_int_equal(mbc_suggest_distance("", "abc"), 3);
    assert_int_equal(mbc_suggest_distance("ca", "abc"), 3); /* OSA: no edit of a swapped pair */
    char a[MBC_SUGGEST_MAX_LENGTH + 2], b[MBC_SUGGEST_MAX_LENGTH + 2];
    memset(a, 'x', sizeof a - 1);
    a[sizeof a - 1] = '\0';
    memcpy(b, a, sizeof b);
    b[0] = 'X'; /* only case: compared without the table */
    assert_int_equal(mbc_suggest_distance(a, b), 0);
    b[0] = 'y';
    assert_int_equal(mbc_suggest_distance(a, b), MBC_SUGGEST_MAX_LENGTH + 1);
    a[MBC_SUGGEST_MAX_LENGTH] = b[MBC_SUGGEST_MAX_LENGTH] = '\0'; /* at the limit: counted */
    assert_int_equal(mbc_suggest_distance(a, b), 1);
}

static const char *suggest(const char *given, const char *const *names)
{
    mbc_suggestion s;
    mbc_suggest_begin(&s, given);
    for (; *names; names++)
        mbc_suggest_offer(&s, *names);
    return s.best;
}

/* Close: distance <= 2 and 3 * distance <= the longer length; the
 * smallest distance wins, the first offered among equals. */
static void test_what_is_close(void **state)
{
    (void)state;
    const char *const sphere[] = {"name",
                                  "markerNumbers",
                                  "spheresRadii",
                                  "contactStiffness",
                                  "contactDamping",
                                  "dynamicFriction",
                                  NULL};
    assert_string_equal(suggest("contactStifness", sphere), "contactStiffness");
    assert_string_equal(suggest("ContactStiffness", sphere), "contactStiffness");
    assert_string_equal(suggest("spheresRadius", sphere), "spheresRadii");
    assert_null(suggest("stiffness", sphere));            /* 7 from contactStiffness */
    assert_null(suggest("contactStiff", sphere));         /* 4 */
    assert_string_equal(suggest("nmae", sphere), "name"); /* 1, 3 <= 4 */
    const char *const short_names[] = {"c", "k2", "q_t", NULL};
    assert_null(suggest("k", short_names));                 /* "c": 1, but 3 > 1 */
    assert_null(suggest("k", short_names + 1));             /* "k2": 1, but 3 > 2 */
    assert_string_equal(suggest("qt", short_names), "q_t"); /* 1, 3 <= 3 */
    const char *const ties[] = {"abcd", "abce", "abcf", NULL};
    assert_string_equal(suggest("abcx", ties), "abcd"); /* all 1: the first */
    const char *const nearer[] = {"abxyz", "abcdy", "abcde", NULL};
    assert_string_equal(suggest("abcdx", nearer), "abcdy"); /* 1 beats 3, ties keep the first */
    const char *const same[] = {"mass", NULL};
    assert_null(suggest("mass", same)); /* the name itself is no suggestion */
    mbc_suggestion none = {0};          /* zero: no search, nothing suggested */
    mbc_suggest_offer(&none, "mass");
    assert_null(none.best);
}

/* A type's parameters: mbc_type_suggest_param and the by-name setter's
 * message, one line naming the type, the name given and the one meant. */
static void test_type_parameter(void **state)
{
    (void)state;
    const mbc_type_info *t = &mbc_contact_sphere_sphere_type;
    const mbc_param_info *p = mbc_type_suggest_param(t, "contactStifness");
    assert_non_null(p);
    assert_string_equal(p->name, "contactStiffness");
    assert_null(mbc_type_suggest_param(t, "springConstant"));
    assert_null(mbc_type_suggest_param(t, NULL));
    assert_null(mbc_type_suggest_param(NULL, "contactStifness"));
    mbc_error err = {0};
    mbc_object *o = mbc_object_create_type(t, &err);
    assert_non_null(o);
    assert_int_equal(mbc_object_set(o, "contactStifness", 1e5, &err), MBC_ERR_NAME);
    assert_string_equal(err.message, "ContactSphereSphere: unknown parameter 'contactStifness' "
                                     "(did you mean 'contactStiffness'?)");
    assert_string_equal(err.type_name, "ContactSphereSphere");
    assert_null(err.param_name); /* no parameter of that name */
    assert_string_equal(err.message + err.rule_offset,
                        "unknown parameter 'contactStifness' (did you mean 'contactStiffness'?)");
    assert_int_equal(mbc_object_set(o, "springConstant", 1e5, &err), MBC_ERR_NAME);
    assert_string_equal(err.message, "ContactSphereSphere: unknown parameter 'springConstant'");
    mbc_object_destroy(o);
}

/* A type name: the closest registered type by the same rule, in the
 * registry's "unknown connector type" message; none when nothing is close. */
static void test_type_names(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    assert_string_equal(mbc_registry_suggest_type(&r, "ContactSphereSpere"), "ContactSphereSphere");
    assert_string_equal(mbc_registry_suggest_type(&r, "contactgranular"), "ContactGranular");
    assert_string_equal(mbc_registry_suggest_type(&r, "ContactGranClasic"), "ContactGranClassic");
    assert_null(mbc_registry_suggest_type(&r, "NoSuchType"));
    assert_null(mbc_registry_suggest_type(&r, ""));
    mbc_error err = {0};
    assert_null(mbc_registry_create(&r, "ContactSphereSpere", &err));
    assert_int_equal(err.status, MBC_ERR_NAME);
    const char *want = "unknown connector type 'ContactSphereSpere' (did you mean "
                       "'ContactSphereSphere'?) (known: ";
    assert_int_equal(strncmp(err.message, want, strlen(want)), 0);
    assert_null(mbc_registry_create(&r, "NoSuchType", &err));
    want = "unknown connector type 'NoSuchType' (known: ";
    assert_int_equal(strncmp(err.message, want, strlen(want)), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_distance_by_hand),
        cmocka_unit_test(test_what_is_close),
        cmocka_unit_test(test_type_parameter),
        cmocka_unit_test(test_type_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
