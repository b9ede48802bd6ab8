/* SPDX-License-Identifier: BSD-3-Clause */
/* The translator of the classic granular styles' words
 * (bridges/lammps/classic_words.h), without LAMMPS: what each word sets
 * (against pair_gran.rst and settings() of pair_gran_hooke_history.cpp and
 * pair_gran_hertz_history.cpp: NULL, dampflag, nktv2p), one exact line per
 * mistake, and that every law becomes a valid ContactGranClassic whose law
 * has LAMMPS's coefficients. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "classic_words.h"
#include "connectors/contact_gran_classic/contact_gran_classic.h"
#include "granular_fixtures.h"

static int parse(int model, const char *line, bool wall, double nktv2p, ml_classic_law *law,
                 int *used, char *msg)
{
    char buf[1024], *argv[64];
    const int argc = gf_split(line, buf, sizeof buf, argv);
    mbc_error err = {0};
    const mbc_status st = ml_classic_parse(model, argc, argv, nktv2p, wall, law, used, &err);
    snprintf(msg, 512, "%s", err.message);
    return st == MBC_OK ? 0 : -1;
}

static void expect_error(int model, const char *line, bool wall, const char *message)
{
    ml_classic_law law;
    char msg[512] = "";
    int used = 0;
    if (parse(model, line, wall, 1.0, &law, &used, msg) != -1)
        fail_msg("'%s' was accepted", line);
    if (strcmp(msg, message) != 0)
        fail_msg("'%s':\n  got      %s\n  expected %s", line, msg, message);
}

static void test_styles(void **state)
{
    (void)state;
    assert_int_equal(ml_classic_pair_style("gran/hooke"), ML_CLASSIC_HOOKE);
    assert_int_equal(ml_classic_pair_style("gran/hooke/history"), ML_CLASSIC_HOOKE_HISTORY);
    assert_int_equal(ml_classic_pair_style("gran/hertz/history"), ML_CLASSIC_HERTZ_HISTORY);
    assert_int_equal(ml_classic_pair_style("hooke"), -1);
    assert_int_equal(ml_classic_pair_style("granular"), -1);
    assert_int_equal(ml_classic_pair_style(NULL), -1);
    assert_int_equal(ml_classic_wall_model("hooke"), ML_CLASSIC_HOOKE);
    assert_int_equal(ml_classic_wall_model("hooke/history"), ML_CLASSIC_HOOKE_HISTORY);
    assert_int_equal(ml_classic_wall_model("hertz/history"), ML_CLASSIC_HERTZ_HISTORY);
    assert_int_equal(ml_classic_wall_model("gran/hooke"), -1);
}

/* The examples of pair_gran.rst and fix_wall_gran.rst, word by word. */
static void test_documented_examples(void **state)
{
    (void)state;
    ml_classic_law l;
    char msg[512];
    int used = 0;
    /* pair_style gran/hooke/history 200000.0 NULL 50.0 NULL 0.5 1 */
    assert_int_equal(parse(ML_CLASSIC_HOOKE_HISTORY, "200000.0 NULL 50.0 NULL 0.5 1", false, 1.0,
                           &l, &used, msg),
                     0);
    assert_int_equal(l.model, ML_CLASSIC_HOOKE_HISTORY);
    assert_true(l.kn == 200000.0);
    assert_true(l.kt == 200000.0 * 2.0 / 7.0); /* NULL: 2/7 Kn, LAMMPS's operations */
    assert_true(l.gamman == 50.0 && l.gammat == 0.5 * 50.0 && l.xmu == 0.5);
    assert_int_equal(l.dampflag, 1);
    assert_false(l.limit_damping);
    assert_int_equal(used, 6);
    /* pair_style gran/hooke 200000.0 70000.0 50.0 30.0 0.5 0 limit_damping */
    assert_int_equal(parse(ML_CLASSIC_HOOKE, "200000.0 70000.0 50.0 30.0 0.5 0 limit_damping",
                           false, 1.0, &l, &used, msg),
                     0);
    assert_true(l.kn == 200000.0 && l.kt == 70000.0 && l.gamman == 50.0);
    assert_true(l.gammat == 0.0); /* dampflag 0 zeroes gamma_t */
    assert_int_equal(l.dampflag, 0);
    assert_true(l.limit_damping);
    assert_int_equal(used, 7);
    /* fix 2 all wall/gran hooke 100000.0 20000.0 50.0 30.0 0.5 1 zcylinder 15.0 wiggle z 3.0
     * 2.0: the wall's words start after the model's */
    assert_int_equal(parse(ML_CLASSIC_HOOKE,
                           "100000.0 20000.0 50.0 30.0 0.5 1 zcylinder 15.0 wiggle z 3.0 2.0", true,
                           1.0, &l, &used, msg),
                     0);
    assert_int_equal(used, 6);
    assert_true(l.gammat == 30.0);
    assert_int_equal(parse(ML_CLASSIC_HERTZ_HISTORY,
                           "4000.0 NULL 100.0 NULL 0 1 limit_damping xplane 0 100", true, 1.0, &l,
                           &used, msg),
                     0);
    assert_int_equal(used, 7);
    assert_true(l.limit_damping && l.xmu == 0.0);
}

/* hertz/history takes Kn and Kt in pressure units: divided by nktv2p after
 * NULL is resolved (settings()'s order); hooke styles are not. */
static void test_pressure_units(void **state)
{
    (void)state;
    ml_classic_law l;
    char msg[512];
    int used = 0;
    const double nktv2p = 1.6021765e6; /* units metal */
    assert_int_equal(parse(ML_CLASSIC_HERTZ_HISTORY, "4.0e5 NULL 100.0 NULL 0.5 1", false, nktv2p,
                           &l, &used, msg),
                     0);
    double kn = 4.0e5, kt = kn * 2.0 / 7.0;
    kn /= nktv2p;
    kt /= nktv2p;
    assert_true(l.kn == kn && l.kt == kt);
    assert_true(l.gamman == 100.0); /* damping is not converted */
    assert_int_equal(parse(ML_CLASSIC_HOOKE_HISTORY, "4.0e5 NULL 100.0 NULL 0.5 1", false, nktv2p,
                           &l, &used, msg),
                     0);
    assert_true(l.kn == 4.0e5);
}

static void test_mistakes(void **state)
{
    (void)state;
    expect_error(ML_CLASSIC_HOOKE, "2000 NULL 50", false,
                 "gran/hooke: needs the 6 words Kn Kt gamma_n gamma_t xmu dampflag "
                 "[limit_damping] (given 3)");
    expect_error(ML_CLASSIC_HOOKE_HISTORY, "NULL NULL 50 NULL 0.5 1", false,
                 "gran/hooke/history: Kn must be a number >= 0 (given 'NULL')");
    expect_error(ML_CLASSIC_HOOKE_HISTORY, "2000 abc 50 NULL 0.5 1", false,
                 "gran/hooke/history: Kt must be a number >= 0 or NULL (given 'abc')");
    expect_error(ML_CLASSIC_HERTZ_HISTORY, "2000 NULL -50 NULL 0.5 1", false,
                 "gran/hertz/history: gamma_n must be a number >= 0 (given '-50')");
    expect_error(ML_CLASSIC_HOOKE, "2000 NULL 50 -1 0.5 1", false,
                 "gran/hooke: gamma_t must be a number >= 0 or NULL (given '-1')");
    expect_error(ML_CLASSIC_HOOKE, "2000 NULL 50 NULL 2e4 1", false,
                 "gran/hooke: xmu must be at most 1e4 (given '2e4')");
    expect_error(ML_CLASSIC_HOOKE, "2000 NULL 50 NULL 0.5 2", false,
                 "gran/hooke: dampflag must be 0 (no tangential damping) or 1 (given '2')");
    expect_error(ML_CLASSIC_HOOKE, "2000 NULL 50 NULL 0.5 1 limit", false,
                 "gran/hooke: 'limit' after the words Kn Kt gamma_n gamma_t xmu dampflag "
                 "[limit_damping] is not limit_damping (given 7 words)");
    expect_error(ML_CLASSIC_HOOKE_HISTORY, "2000 NULL 50 NULL 0.5 1 limit_damping 3", false,
                 "gran/hooke/history: '3' after the words Kn Kt gamma_n gamma_t xmu dampflag "
                 "[limit_damping] is not limit_damping (given 8 words)");
    expect_error(ML_CLASSIC_HOOKE_HISTORY, "2000 NULL 50 NULL 0.5", true,
                 "hooke/history: needs the 6 words Kn Kt gamma_n gamma_t xmu dampflag "
                 "[limit_damping] (given 5)");
}

/* Every law of the words is a valid ContactGranClassic, and its law has
 * the words' values (gamma_t 0 for dampflag 0). */
static void test_params_make_a_valid_law(void **state)
{
    (void)state;
    static const struct {
        int model;
        const char *words;
    } cases[] = {
        {ML_CLASSIC_HOOKE, "2000 700 50 30 0.5 1"},
        {ML_CLASSIC_HOOKE, "2000 NULL 50 NULL 0.5 0 limit_damping"},
        {ML_CLASSIC_HOOKE_HISTORY, "2000.0 NULL 50.0 NULL 0.5 0"},
        {ML_CLASSIC_HERTZ_HISTORY, "4000.0 NULL 100.0 NULL 0 1"},
        {ML_CLASSIC_HERTZ_HISTORY, "4000.0 NULL 100.0 NULL 1e4 1 limit_damping"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        ml_classic_law l;
        char msg[512];
        int used = 0;
        assert_int_equal(parse(cases[c].model, cases[c].words, false, 1.0, &l, &used, msg), 0);
        ml_granular_param p[ML_GRANULAR_MAX_PARAMS];
        const int n = ml_classic_params(&l, p);
        mbc_error err = {0};
        mbc_object *o = mbc_object_create(ML_CLASSIC_TYPE, &err);
        assert_non_null(o);
        for (int k = 0; k < n; k++)
            if (mbc_object_set(o, p[k].name, p[k].value[0], &err) != MBC_OK)
                fail_msg("%s: %s", cases[c].words, err.message);
        const double radii[2] = {0.5, 0.4};
        assert_int_equal(mbc_object_set_array(o, "spheresRadii", radii, 2, &err), MBC_OK);
        mbc_object_set_default_indices(o);
        mbc_error errors[4];
        size_t violations = 0;
        assert_int_equal(mbc_object_initialize(o, errors, 4, &violations), MBC_OK);
        assert_int_equal(violations, 0);
        mbc_gran_classic_law law;
        mbc_contact_gran_classic_law(o->params, &law);
        assert_true(law.kn == l.kn && law.kt == l.kt && law.gamman == l.gamman);
        assert_true(law.gammat == (l.dampflag ? l.gammat : 0.0) && law.xmu == l.xmu);
        assert_true(law.limit_floor == (l.limit_damping ? 0.0 : -INFINITY));
        assert_true(law.lammps2021 == 1.0); /* the default: LAMMPS 2021's numbers */
        mbc_object_destroy(o);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_styles),
        cmocka_unit_test(test_documented_examples),
        cmocka_unit_test(test_pressure_units),
        cmocka_unit_test(test_mistakes),
        cmocka_unit_test(test_params_make_a_valid_law),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
