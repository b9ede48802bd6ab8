/* SPDX-License-Identifier: BSD-3-Clause */
/* The translator of pair_style granular / fix wall/gran granular words
 * (bridges/lammps/granular_words.h), without LAMMPS: what each word sets
 * (against LAMMPS's documentation and pair_granular.cpp's coeff()), the
 * mixing of types I != J, one exact line per mistake, and that every law
 * becomes a valid ContactGranular whose effective coefficients are LAMMPS's
 * (the same operations, so the same bits). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "connectors/contact_granular/contact_granular.h"
#include "granular_fixtures.h"
#include "granular_words.h"

/* The status as 0 or -1, its line into msg (512 bytes). */
static int said(mbc_status st, const mbc_error *err, char *msg)
{
    snprintf(msg, 512, "%s", st == MBC_OK ? "" : err->message);
    if (st != MBC_OK)
        assert_int_equal(st, MBC_ERR_VALUE);
    return st == MBC_OK ? 0 : -1;
}

static int parse(const char *line, ml_granular_law *law, char *msg)
{
    char buf[1024], *argv[64];
    const int argc = gf_split(line, buf, sizeof buf, argv);
    mbc_error err = {0};
    return said(ml_granular_parse(argc, argv, law, &err), &err, msg);
}

static int mix(const ml_granular_law *a, const ml_granular_law *b, int i, int j,
               ml_granular_law *ab, char *msg)
{
    mbc_error err = {0};
    return said(ml_granular_mix(a, b, i, j, ab, &err), &err, msg);
}

static void expect_error(const char *line, const char *message)
{
    ml_granular_law law;
    char msg[512] = "";
    if (parse(line, &law, msg) != -1)
        fail_msg("'%s' was accepted", line);
    if (strcmp(msg, message) != 0)
        fail_msg("'%s':\n  got      %s\n  expected %s", line, msg, message);
}

/* The examples of pair_granular.rst, word by word. */
static void test_documented_examples(void **state)
{
    (void)state;
    ml_granular_law l;
    char msg[512];
    assert_int_equal(parse("hooke 1000.0 50.0 tangential linear_nohistory 1.0 0.4 damping "
                           "mass_velocity",
                           &l, msg),
                     0);
    assert_int_equal(l.normal, ML_GRANULAR_HOOKE);
    assert_true(l.k_n == 1000.0 && l.damping_coef == 50.0);
    assert_int_equal(l.damping, ML_GRANULAR_MASS_VELOCITY);
    assert_int_equal(l.tangential, ML_GRANULAR_LINEAR_NOHISTORY);
    assert_true(l.k_t == 0.0 && l.x_gamma_t == 1.0 && l.mu_t == 0.4);
    assert_int_equal(l.rolling, ML_GRANULAR_ROLL_NONE);
    assert_int_equal(l.twisting, ML_GRANULAR_TWIST_NONE);
    assert_false(l.limit_damping);
    assert_true(l.cutoff == -1);

    assert_int_equal(
        parse("hertz 1000.0 50.0 tangential mindlin 1000.0 1.0 0.4 limit_damping", &l, msg), 0);
    assert_int_equal(l.normal, ML_GRANULAR_HERTZ);
    assert_int_equal(l.damping, ML_GRANULAR_VISCOELASTIC); /* the default */
    assert_int_equal(l.tangential, ML_GRANULAR_MINDLIN);
    assert_true(l.k_t == 1000.0 && l.limit_damping);

    assert_int_equal(parse("hertz/material 1e8 0.3 0.3 tangential mindlin_rescale NULL 1.0 0.4 "
                           "damping tsuji",
                           &l, msg),
                     0);
    assert_int_equal(l.normal, ML_GRANULAR_HERTZ_MATERIAL);
    assert_true(l.e[0] == 1e8 && l.e[1] == 1e8 && l.nu[0] == 0.3 && l.nu[1] == 0.3);
    assert_true(l.damping_coef == 0.3); /* tsuji: the restitution coefficient */
    assert_int_equal(l.damping, ML_GRANULAR_TSUJI);
    assert_true(l.k_t == -1); /* NULL */

    assert_int_equal(parse("jkr 1000.0 500.0 0.3 10 tangential mindlin 800.0 1.0 0.5 rolling sds "
                           "500.0 200.0 0.5 twisting marshall cutoff 2.5",
                           &l, msg),
                     0);
    assert_int_equal(l.normal, ML_GRANULAR_JKR);
    assert_true(l.e[0] == 1000.0 && l.damping_coef == 500.0 && l.nu[0] == 0.3 && l.cohesion == 10);
    assert_int_equal(l.rolling, ML_GRANULAR_ROLL_SDS);
    assert_true(l.roll[0] == 500.0 && l.roll[1] == 200.0 && l.roll[2] == 0.5);
    assert_int_equal(l.twisting, ML_GRANULAR_TWIST_MARSHALL);
    assert_true(l.cutoff == 2.5);

    assert_int_equal(parse("dmt 1000.0 50.0 0.3 10.0 tangential mindlin/force NULL 0.5 0.1 "
                           "twisting sds 5 6 0.7 rolling none",
                           &l, msg),
                     0);
    assert_int_equal(l.normal, ML_GRANULAR_DMT);
    assert_int_equal(l.tangential, ML_GRANULAR_MINDLIN_FORCE);
    assert_int_equal(l.twisting, ML_GRANULAR_TWIST_SDS);
    assert_true(l.twist[0] == 5 && l.twist[1] == 6 && l.twist[2] == 0.7);

    /* the order of the words does not matter; a model given twice: the last (as LAMMPS) */
    assert_int_equal(parse("tangential mindlin_rescale/force 3 4 0.5 damping velocity hertz 1 2 "
                           "hooke 7 8",
                           &l, msg),
                     0);
    assert_int_equal(l.normal, ML_GRANULAR_HOOKE);
    assert_true(l.k_n == 7 && l.damping_coef == 8);
    assert_int_equal(l.tangential, ML_GRANULAR_MINDLIN_RESCALE_FORCE);
}

/* One line per mistake, naming the word, the rule and the value. */
static void test_errors(void **state)
{
    (void)state;
    expect_error("hertzz 1 2 tangential linear_history 1 2 3",
                 "granular: 'hertzz' is not a model or keyword (allowed: hooke, hertz, "
                 "hertz/material, dmt, jkr, damping, tangential, rolling, twisting, cutoff, "
                 "limit_damping)");
    expect_error("hertz 1000", "granular: hertz needs 2 coefficients (k_n, damping), given 1");
    expect_error("hertz 1000 tangential linear_history 1 2 3",
                 "granular: hertz needs 2 coefficients (k_n, damping): 'tangential' is not a "
                 "number");
    expect_error("hertz 1000 50 60 tangential linear_history 1 2 3",
                 "granular: '60' after hertz is one coefficient too many (expected a model or "
                 "keyword: hooke, hertz, hertz/material, dmt, jkr, damping, tangential, rolling, "
                 "twisting, cutoff, limit_damping)");
    expect_error("hertz/material 1e8 x 0.3 tangential linear_history 1 2 3",
                 "granular: hertz/material needs 3 coefficients (E, damping, Poisson's ratio): "
                 "'x' is not a number");
    expect_error("hertz 1 2 damping viscous tangential linear_history 1 2 3",
                 "granular: damping 'viscous' is not a damping model (allowed: velocity, "
                 "mass_velocity, viscoelastic, tsuji)");
    expect_error("hertz 1 2 tangential linear 1 2 3",
                 "granular: tangential 'linear' is not a tangential model (allowed: "
                 "linear_nohistory, linear_history, mindlin, mindlin_rescale, mindlin/force, "
                 "mindlin_rescale/force)");
    expect_error("hertz 1 2 tangential linear_history NULL 1 0.5",
                 "granular: tangential linear_history needs 3 coefficients (k_t, damping ratio, "
                 "friction): 'NULL' is not a number");
    expect_error("hertz 1 2 tangential mindlin NULL 1 0.5",
                 "granular: NULL for the Mindlin tangential stiffness requires a normal model "
                 "with material properties (hertz/material, dmt, jkr), given hertz");
    expect_error("tangential linear_history 1 2 3",
                 "granular: no normal model among the words (one of hooke, hertz, "
                 "hertz/material, dmt, jkr is required)");
    expect_error("hertz 1 2", "granular: no tangential model among the words (tangential with "
                              "one of linear_nohistory, linear_history, mindlin, "
                              "mindlin_rescale, mindlin/force, mindlin_rescale/force is "
                              "required)");
    expect_error("jkr 1 2 0.3 4 tangential linear_history 1 2 3 limit_damping",
                 "granular: limit_damping cannot be used with the jkr model (its normal force "
                 "is attractive by design)");
    expect_error("hertz 1 2 tangential linear_history 1 2 3 rolling sds 1 2",
                 "granular: rolling sds needs 3 coefficients (stiffness, damping, friction), "
                 "given 2");
    expect_error("hertz 1 2 tangential linear_history 1 2 3 twisting spring",
                 "granular: twisting 'spring' is not a twisting model (allowed: none, sds, "
                 "marshall)");
    expect_error("hertz 1 2 tangential linear_history 1 2 3 cutoff",
                 "granular: cutoff needs 1 coefficient (distance), given 0");
    expect_error("hertz 1 2 tangential linear_history 1 2 inf",
                 "granular: tangential linear_history needs 3 coefficients (k_t, damping ratio, "
                 "friction): 'inf' is not a number");
}

/* Types I != J without their own pair_coeff: LAMMPS's geometric means, the
 * materials kept per type. */
static void test_mixing(void **state)
{
    (void)state;
    ml_granular_law a, b, ab;
    char msg[512];
    assert_int_equal(parse("hertz 400 4 tangential linear_history 100 0.5 0.3 rolling sds 10 1 "
                           "0.2 twisting sds 3 2 0.1 cutoff 1",
                           &a, msg),
                     0);
    assert_int_equal(parse("hertz 900 9 tangential linear_history 400 2 0.12 rolling sds 40 4 "
                           "0.8 twisting sds 12 8 0.4 limit_damping",
                           &b, msg),
                     0);
    assert_int_equal(mix(&a, &b, 1, 2, &ab, msg), 0);
    assert_true(ab.k_n == sqrt(400.0 * 900.0)); /* 600 */
    assert_true(ab.damping_coef == 6 && ab.k_t == 200 && ab.x_gamma_t == 1);
    assert_true(ab.mu_t == sqrt(0.3 * 0.12));
    assert_true(ab.roll[0] == 20 && ab.roll[1] == 2 && ab.roll[2] == 0.4);
    assert_true(ab.twist[0] == 6 && ab.twist[1] == 4 && ab.twist[2] == 0.2);
    assert_true(ab.limit_damping); /* either type's (LAMMPS 2021 leaves it undefined) */
    assert_true(ab.cutoff == 1);

    ml_granular_law m1, m2, m12;
    assert_int_equal(
        parse("dmt 1e5 0.3 0.2 2 tangential mindlin NULL 0.5 0.4 damping tsuji", &m1, msg), 0);
    assert_int_equal(
        parse("dmt 3e5 0.5 0.4 8 tangential mindlin NULL 0.5 0.1 damping tsuji", &m2, msg), 0);
    assert_int_equal(mix(&m1, &m2, 1, 2, &m12, msg), 0);
    assert_true(m12.e[0] == 1e5 && m12.e[1] == 3e5 && m12.nu[0] == 0.2 && m12.nu[1] == 0.4);
    assert_true(m12.cohesion == 4 && m12.k_t == -1 && m12.mu_t == 0.2);
    assert_true(m12.damping_coef == sqrt(0.3 * 0.5)); /* e, not alpha */

    assert_int_equal(parse("hooke 400 4 tangential linear_history 100 0.5 0.3", &b, msg), 0);
    assert_int_equal(mix(&a, &b, 1, 3, &ab, msg), -1);
    assert_string_equal(msg, "granular: the models of types 1 and 3 differ, so their coefficients "
                             "cannot be mixed: set this combination explicitly with a pair_coeff 1 "
                             "3 line");
}

/* Every law is a valid ContactGranular; its k_n, k_t, jkr's E and tsuji's
 * alpha are LAMMPS's expressions, bit for bit. */
static void test_params_make_the_law(void **state)
{
    (void)state;
    const double radii[2] = {0.5, 0.4}, masses[2] = {1, 2};
    ml_granular_law l;
    char msg[512];
    assert_int_equal(parse("hertz/material 1e8 0.3 0.3 tangential mindlin_rescale NULL 1.0 0.4 "
                           "damping tsuji rolling sds 5 6 0.1 twisting marshall",
                           &l, msg),
                     0);
    mbc_object *o = gf_object(&l, radii, masses, 1e-4);
    assert_non_null(o);
    mbc_granular_law law;
    mbc_contact_granular_law(o->params, &law);
    /* pair_granular.cpp: FOURTHIRDS*mix_stiffnessE(E,E,nu,nu), 8*mix_stiffnessG(E,E,nu,nu) */
    const double E = 1e8, nu = 0.3;
    const double k_n = 4.0 / 3.0 * (1 / ((1 - nu * nu) / E + (1 - nu * nu) / E));
    const double k_t = 8 * (1 / ((2 * (2 - nu) * (1 + nu) / E) + (2 * (2 - nu) * (1 + nu) / E)));
    const double e = 0.3;
    const double alpha = 1.2728 - 4.2783 * e + 11.087 * (e * e) - 22.348 * (e * e * e) +
                         27.467 * ((e * e) * (e * e)) - 18.022 * (e * ((e * e) * (e * e))) +
                         4.8218 * ((e * e) * ((e * e) * (e * e)));
    assert_true(law.k_n == k_n);
    assert_true(law.k_t == k_t);
    assert_true(law.eta_n0 == alpha);
    assert_true(law.e_jkr == k_n * 0.75);
    assert_int_equal(law.normal, MBC_GRANULAR_HERTZ_MATERIAL);
    assert_int_equal(law.rolling, MBC_GRANULAR_ROLL_SDS);
    assert_int_equal(law.twisting, MBC_GRANULAR_TWIST_MARSHALL);
    /* the closed forms: E* = E/(2(1-nu^2)), 8 G* = 2E/((2-nu)(1+nu)), alpha(0.3) */
    assert_true(fabs(k_n - 4.0 / 3.0 * E / (2 * (1 - nu * nu))) <= 1e-15 * k_n);
    assert_true(fabs(k_t - 2 * E / ((2 - nu) * (1 + nu))) <= 1e-15 * k_t);
    assert_true(fabs(alpha - 0.5659483322) < 1e-12); /* the polynomial evaluated in decimal */
    mbc_object_destroy(o);

    /* every documented example and every model of every family */
    static const char *const lines[] = {
        "hooke 1000.0 50.0 tangential linear_nohistory 1.0 0.4 damping mass_velocity",
        "hooke 1000.0 50.0 tangential linear_history 500.0 1.0 0.4 damping mass_velocity",
        "hertz 1000.0 50.0 tangential mindlin 1000.0 1.0 0.4 limit_damping",
        "hertz/material 1e8 0.3 0.3 tangential mindlin_rescale NULL 1.0 0.4 damping tsuji",
        "jkr 1000.0 500.0 0.3 10 tangential mindlin 800.0 1.0 0.5 rolling sds 500.0 200.0 0.5 "
        "twisting marshall",
        "dmt 1000.0 50.0 0.3 0.0 tangential mindlin NULL 0.5 0.5 rolling sds 500.0 200.0 0.5 "
        "twisting marshall",
        "hertz 10 1 damping velocity tangential mindlin/force 3 1 0.5 twisting sds 1 2 3",
        "hertz 10 1 damping viscoelastic tangential mindlin_rescale/force 0 1 0.5",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) {
        assert_int_equal(parse(lines[i], &l, msg), 0);
        o = gf_object(&l, radii, masses, 1e-4);
        if (!o)
            fail_msg("'%s' is not a valid ContactGranular", lines[i]);
        mbc_object_destroy(o);
    }
}

/* The words live on after the call (a region wall's ID points into them). */
static int parse_wall(const char *line, ml_granular_law *law, ml_granular_wall *w, char *msg)
{
    static char buf[1024], *argv[64];
    const int argc = gf_split(line, buf, sizeof buf, argv);
    mbc_error err = {0};
    return said(ml_granular_parse_wall(argc, argv, law, w, &err), &err, msg);
}

/* fix wall/gran ... granular: the model words, the wall style and keywords. */
static void test_wall_words(void **state)
{
    (void)state;
    ml_granular_law l;
    ml_granular_wall w;
    char msg[512];
    assert_int_equal(parse_wall("hertz/material 1e5 0.5 0.3 tangential mindlin NULL 1.0 0.5 "
                                "damping tsuji zplane 0.0 NULL",
                                &l, &w, msg),
                     0);
    assert_int_equal(l.normal, ML_GRANULAR_HERTZ_MATERIAL);
    assert_true(l.e[0] == 1e5 && l.e[1] == 1e5 && l.k_t == -1);
    assert_int_equal(w.style, ML_GRANULAR_ZPLANE);
    assert_true(w.lo == 0.0 && isinf(w.hi) && w.hi > 0);
    assert_false(w.wiggle || w.shear);

    assert_int_equal(parse_wall("hooke 1 2 tangential linear_history 1 2 3 zcylinder 15 shear "
                                "x 0.5 contacts",
                                &l, &w, msg),
                     0);
    assert_int_equal(w.style, ML_GRANULAR_ZCYLINDER);
    assert_true(w.cylinder_radius == 15 && w.shear && w.axis == 0 && w.vshear == 0.5 && w.contacts);

    assert_int_equal(parse_wall("hertz 1 2 tangential linear_history 1 2 3 xplane NULL 4 wiggle "
                                "y 0.1 2",
                                &l, &w, msg),
                     0);
    assert_true(isinf(w.lo) && w.lo < 0 && w.hi == 4 && w.wiggle && w.axis == 1 &&
                w.amplitude == 0.1 && w.period == 2);

    /* fix wall/gran/region's region wall: its ID kept, contacts taken */
    assert_int_equal(
        parse_wall("hertz 1 2 tangential linear_history 1 2 3 region drum contacts", &l, &w, msg),
        0);
    assert_int_equal(w.style, ML_GRANULAR_REGION);
    assert_string_equal(w.region, "drum");
    assert_true(w.contacts && !w.wiggle && !w.shear);

    static const struct {
        const char *line, *message;
    } bad[] = {
        {"hertz 1 2 tangential linear_history 1 2 3 region", "granular: region needs a region ID"},
        {"hertz 1 2 tangential linear_history 1 2 3 region box wiggle z 1 2",
         "granular: a region wall cannot wiggle (the region's own motion moves it: region ... "
         "move, rotate)"},
        {"hertz 1 2 tangential linear_history 1 2 3",
         "granular: no wall style after the model words (one of xplane, yplane, zplane, "
         "zcylinder, region)"},
        {"hertz 1 2 tangential linear_history 1 2 3 cutoff 1 zplane 0 NULL",
         "granular: 'cutoff' is not a model or keyword (allowed: hooke, hertz, hertz/material, "
         "dmt, jkr, damping, tangential, rolling, twisting, limit_damping, then a wall style)"},
        {"hertz 1 2 tangential linear_history 1 2 3 zplane zero NULL",
         "granular: zplane lo 'zero' is not a number or NULL"},
        {"hertz 1 2 tangential linear_history 1 2 3 zplane 0 NULL wiggle z 1 2 shear x 1",
         "granular: a wall cannot both wiggle and shear"},
        {"hertz 1 2 tangential linear_history 1 2 3 zplane 0 NULL shear z 1",
         "granular: zplane shears along its plane, not along z"},
        {"hertz 1 2 tangential linear_history 1 2 3 zplane 0 NULL spin 1",
         "granular: 'spin' is not a fix wall/gran keyword (allowed: wiggle, shear, contacts)"},
        {"hertz 1 2 zplane 0 NULL",
         "granular: no tangential model among the words (tangential with one of "
         "linear_nohistory, linear_history, mindlin, mindlin_rescale, mindlin/force, "
         "mindlin_rescale/force is required)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        msg[0] = '\0';
        if (parse_wall(bad[i].line, &l, &w, msg) != -1)
            fail_msg("'%s' was accepted", bad[i].line);
        if (strcmp(msg, bad[i].message) != 0)
            fail_msg("'%s':\n  got      %s\n  expected %s", bad[i].line, msg, bad[i].message);
    }
}

/* The names of ContactGranular's choices of `param`, joined by ", " (as
 * the words' messages list them), into buf. */
static const char *choice_names(const char *param, char *buf, size_t size)
{
    const mbc_type_info *t = &mbc_contact_granular_type;
    size_t n = 0;
    const char *const *names = mbc_param_info_choices(mbc_type_find_param(t, param), &n);
    assert_non_null(names);
    buf[0] = '\0';
    for (size_t k = 0; k < n; k++) {
        strncat(buf, k ? ", " : "", size - strlen(buf) - 1);
        strncat(buf, names[k], size - strlen(buf) - 1);
    }
    return buf;
}

/* The model words are the names of ContactGranular's choices (the spec's
 * `choices`, through the type's table, not a list of the parser's own):
 * every name of every model parameter parses to its value, and a word that
 * is none lists exactly the table's names. */
static void test_words_are_the_spec_choices(void **state)
{
    (void)state;
    const mbc_type_info *t = &mbc_contact_granular_type;
    ml_granular_law l;
    char msg[512], line[256], want[512], names[256];
    size_t with_choices = 0;
    for (size_t i = 0; i < t->param_count; i++) {
        const char *param = t->params[i].name;
        size_t count = 0;
        const char *const *choices = mbc_param_info_choices(&t->params[i], &count);
        with_choices += choices != NULL;
        for (size_t k = 0; k < count; k++) {
            const char *w = choices[k];
            int *field = NULL;
            if (strcmp(param, "normalModel") == 0) {
                /* hooke and hertz take 2 coefficients, hertz/material 3, dmt and jkr 4 */
                static const char *const coefs[] = {"1 2", "1 2", "1 2 0.3", "1 2 0.3 4",
                                                    "1 2 0.3 4"};
                snprintf(line, sizeof line, "%s %s tangential linear_history 1 2 3", w, coefs[k]);
                field = &l.normal;
            } else if (strcmp(param, "dampingModel") == 0) {
                snprintf(line, sizeof line, "hertz 1 2 damping %s tangential linear_history 1 2 3",
                         w);
                field = &l.damping;
            } else if (strcmp(param, "tangentialModel") == 0) {
                snprintf(line, sizeof line, "hertz/material 1 2 0.3 tangential %s %s", w,
                         k == 0 ? "1 2" : "1 2 3");
                field = &l.tangential;
            } else {
                const int rolling = strcmp(param, "rollingModel") == 0;
                assert_true(rolling || strcmp(param, "twistingModel") == 0);
                snprintf(line, sizeof line, "hertz 1 2 tangential linear_history 1 2 3 %s %s%s",
                         rolling ? "rolling" : "twisting", w, k == 1 ? " 1 2 3" : "");
                field = rolling ? &l.rolling : &l.twisting;
            }
            if (parse(line, &l, msg) != 0)
                fail_msg("'%s': %s", line, msg);
            assert_int_equal(*field, (int)k);
        }
    }
    assert_int_equal(with_choices, 5); /* normal, damping, tangential, rolling, twisting */
    snprintf(want, sizeof want, "granular: damping 'tusji' is not a damping model (allowed: %s)",
             choice_names("dampingModel", names, sizeof names));
    expect_error("hertz 1 2 damping tusji", want);
    snprintf(want, sizeof want, "granular: twisting 'sdss' is not a twisting model (allowed: %s)",
             choice_names("twistingModel", names, sizeof names));
    expect_error("hertz 1 2 tangential linear_history 1 2 3 twisting sdss", want);
    snprintf(want, sizeof want, "granular: no normal model among the words (one of %s is required)",
             choice_names("normalModel", names, sizeof names));
    expect_error("tangential linear_history 1 2 3", want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_documented_examples),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_mixing),
        cmocka_unit_test(test_params_make_the_law),
        cmocka_unit_test(test_wall_words),
        cmocka_unit_test(test_words_are_the_spec_choices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
