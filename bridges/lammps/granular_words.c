/* SPDX-License-Identifier: BSD-3-Clause */
/* The words of pair_style granular and fix wall/gran granular as a
 * ContactGranular law (granular_words.h). The rules are those of LAMMPS's
 * pair_granular.cpp (its coeff and init_one methods) and fix_wall_gran.cpp (the
 * constructor) of the 29 Sep 2021 version, read for facts; where mbconnect
 * corrects that version the comment says so (docs/physics-granular.rst). */
#include "granular_words.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbconnect/generated/contact_granular.h"
#include "mbconnect/param_choices.h"

_Static_assert(ML_GRANULAR_HOOKE == MBC_CONTACT_GRANULAR_NORMAL_MODEL_HOOKE &&
                   ML_GRANULAR_JKR == MBC_CONTACT_GRANULAR_NORMAL_MODEL_JKR &&
                   ML_GRANULAR_VISCOELASTIC == MBC_CONTACT_GRANULAR_DAMPING_MODEL_VISCOELASTIC &&
                   ML_GRANULAR_MINDLIN_RESCALE_FORCE ==
                       MBC_CONTACT_GRANULAR_TANGENTIAL_MODEL_MINDLIN_RESCALE_FORCE &&
                   ML_GRANULAR_ROLL_SDS == MBC_CONTACT_GRANULAR_ROLLING_MODEL_SDS &&
                   ML_GRANULAR_TWIST_MARSHALL == MBC_CONTACT_GRANULAR_TWISTING_MODEL_MARSHALL,
               "the model numbers are ContactGranular's choices");

/* The model words are the names of ContactGranular's choices (its spec's
 * `choices`, through the type's table): the model called `word` of the
 * parameter `param` ("normalModel"), or -1. */
static int model(const char *param, const char *word)
{
    const mbc_type_info *t = &mbc_contact_granular_type;
    return word ? mbc_param_choice_value(mbc_type_find_param(t, param), word) : -1;
}

/* The word of model m of `param` ("?" for none). */
static const char *model_word(const char *param, int m)
{
    const mbc_type_info *t = &mbc_contact_granular_type;
    const char *name = mbc_param_choice_name(mbc_type_find_param(t, param), m);
    return name ? name : "?";
}

/* The words of every model of `param`: "hooke, hertz, hertz/material, dmt, jkr". */
static const char *model_list(const char *param, char *buf, size_t size)
{
    const mbc_type_info *t = &mbc_contact_granular_type;
    return mbc_param_choices_text(mbc_type_find_param(t, param), false, buf, size);
}

/* The words a pair_coeff line may start a word with: the normal models,
 * then the keywords ("cutoff" only with `cutoff`: a wall has none). */
static const char *keywords(bool cutoff, char *buf, size_t size)
{
    char normal[128];
    snprintf(buf, size, "%s, damping, tangential, rolling, twisting, %slimit_damping",
             model_list("normalModel", normal, sizeof normal), cutoff ? "cutoff, " : "");
    return buf;
}

/* One line "granular: ...", MBC_ERR_VALUE. */
__attribute__((format(printf, 2, 3))) static mbc_status fail(mbc_error *err, const char *fmt, ...)
{
    char text[MBC_ERROR_SIZE - 16];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return mbc_fail(err, MBC_ERR_VALUE, "granular: %s", text);
}

bool ml_granular_number(const char *word, double *out)
{
    if (!word || !*word || strspn(word, "0123456789+-.eE") != strlen(word))
        return false;
    char *end = NULL;
    const double v = strtod(word, &end);
    if (*end != '\0' || !isfinite(v))
        return false;
    *out = v;
    return true;
}

/* The words of one model with its coefficients. */
typedef struct model_words {
    const char *name;
    int count;
    const char *coefs; /* their names, for messages */
} model_words;

/* Reads the `m->count` coefficients after argv[*i] (the model word) into
 * out; a NULL word is taken where null_ok (out -1). */
static mbc_status coefficients(int argc, char *const *argv, int *i, const model_words *m,
                               double *out, bool null_ok, mbc_error *err)
{
    int got = 0;
    while (got < m->count && *i + 1 + got < argc) {
        const char *w = argv[*i + 1 + got];
        double v;
        if (got == 0 && null_ok && strcmp(w, "NULL") == 0)
            v = -1;
        else if (!ml_granular_number(w, &v))
            break;
        out[got++] = v;
    }
    if (got < m->count) {
        const char *w = *i + 1 + got < argc ? argv[*i + 1 + got] : NULL;
        const char *s = m->count == 1 ? "" : "s";
        if (w && got > 0)
            return fail(err, "%s needs %d coefficient%s (%s): '%s' is not a number", m->name,
                        m->count, s, m->coefs, w);
        if (w)
            return fail(err, "%s needs %d coefficient%s (%s): '%s' is not a number%s", m->name,
                        m->count, s, m->coefs, w, null_ok ? " or NULL" : "");
        return fail(err, "%s needs %d coefficient%s (%s), given %d", m->name, m->count, s, m->coefs,
                    got);
    }
    *i += 1 + m->count;
    return MBC_OK;
}

/* The word after a keyword: one of names[0..n-1]; its index or -1. */
static int choice(const char *word, const char *const *names, int n)
{
    for (int k = 0; word && k < n; k++)
        if (strcmp(word, names[k]) == 0)
            return k;
    return -1;
}

/* The coefficients of each normal model (ML_GRANULAR_HOOKE ... JKR). */
static const struct {
    int count;
    const char *coefs;
} normal_coefficients[] = {
    {2, "k_n, damping"},
    {2, "k_n, damping"},
    {3, "E, damping, Poisson's ratio"},
    {4, "E, damping, Poisson's ratio, cohesion"},
    {4, "E, damping, Poisson's ratio, cohesion"},
};
_Static_assert(sizeof normal_coefficients / sizeof normal_coefficients[0] == ML_GRANULAR_JKR + 1,
               "the coefficients of every normal model");

static mbc_status parse_normal(int argc, char *const *argv, int *i, int model, ml_granular_law *law,
                               mbc_error *err)
{
    double c[4] = {0, 0, 0, 0};
    const model_words m = {model_word("normalModel", model), normal_coefficients[model].count,
                           normal_coefficients[model].coefs};
    if (coefficients(argc, argv, i, &m, c, false, err))
        return MBC_ERR_VALUE;
    law->normal = model;
    law->damping_coef = c[1];
    if (model == ML_GRANULAR_HOOKE || model == ML_GRANULAR_HERTZ) {
        law->k_n = c[0];
    } else {
        law->e[0] = law->e[1] = c[0];
        law->nu[0] = law->nu[1] = c[2];
        law->cohesion = c[3];
    }
    return MBC_OK;
}

static mbc_status parse_tangential(int argc, char *const *argv, int *i, ml_granular_law *law,
                                   mbc_error *err)
{
    const char *w = *i + 1 < argc ? argv[*i + 1] : NULL;
    const int t = model("tangentialModel", w);
    char words[160];
    model_list("tangentialModel", words, sizeof words);
    if (t < 0)
        return w ? fail(err, "tangential '%s' is not a tangential model (allowed: %s)", w, words)
                 : fail(err, "tangential needs a model (%s)", words);
    *i += 1;
    double c[3] = {0, 0, 0};
    char name[64];
    snprintf(name, sizeof name, "tangential %s", model_word("tangentialModel", t));
    if (t == ML_GRANULAR_LINEAR_NOHISTORY) {
        const model_words m = {name, 2, "damping ratio, friction"};
        if (coefficients(argc, argv, i, &m, c + 1, false, err))
            return MBC_ERR_VALUE;
    } else {
        const model_words m = {name, 3, "k_t, damping ratio, friction"};
        if (coefficients(argc, argv, i, &m, c, t != ML_GRANULAR_LINEAR_HISTORY, err))
            return MBC_ERR_VALUE;
    }
    law->tangential = t;
    law->k_t = c[0];
    law->x_gamma_t = c[1];
    law->mu_t = c[2];
    return MBC_OK;
}

/* rolling/twisting: none, or a model with 3 coefficients (sds), or marshall. */
static mbc_status parse_resistance(int argc, char *const *argv, int *i, bool rolling,
                                   ml_granular_law *law, mbc_error *err)
{
    const char *kw = rolling ? "rolling" : "twisting";
    const char *param = rolling ? "rollingModel" : "twistingModel";
    const char *w = *i + 1 < argc ? argv[*i + 1] : NULL;
    const int m = model(param, w);
    char words[96];
    model_list(param, words, sizeof words);
    if (m < 0)
        return w ? fail(err, "%s '%s' is not a %s model (allowed: %s)", kw, w, kw, words)
                 : fail(err, "%s needs a model (%s)", kw, words);
    *i += 1;
    double *c = rolling ? law->roll : law->twist;
    if (rolling)
        law->rolling = m;
    else
        law->twisting = m;
    if ((rolling && m == ML_GRANULAR_ROLL_SDS) || (!rolling && m == ML_GRANULAR_TWIST_SDS)) {
        char name[64];
        snprintf(name, sizeof name, "%s %s", kw, model_word(param, m));
        const model_words mw = {name, 3, "stiffness, damping, friction"};
        return coefficients(argc, argv, i, &mw, c, false, err);
    }
    *i += 1;
    return MBC_OK;
}

/* One word (a model or a keyword) at argv[*i] and its arguments. */
static mbc_status parse_word(int argc, char *const *argv, int *i, ml_granular_law *law, bool wall,
                             const char *after, mbc_error *err)
{
    const char *w = argv[*i];
    const int normal = model("normalModel", w);
    if (normal >= 0)
        return parse_normal(argc, argv, i, normal, law, err);
    if (strcmp(w, "damping") == 0) {
        const char *d = *i + 1 < argc ? argv[*i + 1] : NULL;
        const int m = model("dampingModel", d);
        char words[96];
        model_list("dampingModel", words, sizeof words);
        if (m < 0)
            return d ? fail(err, "damping '%s' is not a damping model (allowed: %s)", d, words)
                     : fail(err, "damping needs a model (%s)", words);
        law->damping = m;
        *i += 2;
        return MBC_OK;
    }
    if (strcmp(w, "tangential") == 0)
        return parse_tangential(argc, argv, i, law, err);
    if (strcmp(w, "rolling") == 0 || strcmp(w, "twisting") == 0)
        return parse_resistance(argc, argv, i, w[0] == 'r', law, err);
    if (strcmp(w, "limit_damping") == 0) {
        law->limit_damping = true;
        *i += 1;
        return MBC_OK;
    }
    if (!wall && strcmp(w, "cutoff") == 0) {
        const model_words m = {"cutoff", 1, "distance"};
        return coefficients(argc, argv, i, &m, &law->cutoff, false, err);
    }
    double v;
    char allowed[192];
    keywords(!wall, allowed, sizeof allowed);
    if (ml_granular_number(w, &v) && after)
        return fail(err,
                    "'%s' after %s is one coefficient too many (expected a model or "
                    "keyword: %s)",
                    w, after, allowed);
    return fail(err, "'%s' is not a model or keyword (allowed: %s%s)", w, allowed,
                wall ? ", then a wall style" : "");
}

static void law_defaults(ml_granular_law *law)
{
    memset(law, 0, sizeof *law);
    law->normal = law->tangential = -1;
    law->damping = ML_GRANULAR_VISCOELASTIC; /* LAMMPS's default */
    law->nu[0] = law->nu[1] = 0.3;           /* ContactGranular's default (not read) */
    law->cutoff = -1;
}

/* The rules LAMMPS checks once all words are read. */
static mbc_status check_law(const ml_granular_law *law, mbc_error *err)
{
    char words[160];
    if (law->normal < 0)
        return fail(err, "no normal model among the words (one of %s is required)",
                    model_list("normalModel", words, sizeof words));
    if (law->tangential < 0)
        return fail(err,
                    "no tangential model among the words (tangential with one of %s is "
                    "required)",
                    model_list("tangentialModel", words, sizeof words));
    const bool cohesive = law->normal == ML_GRANULAR_DMT || law->normal == ML_GRANULAR_JKR;
    if (law->limit_damping && cohesive)
        return fail(err,
                    "limit_damping cannot be used with the %s model (its normal "
                    "force is attractive by design)",
                    model_word("normalModel", law->normal));
    if (law->k_t == -1 && (law->normal == ML_GRANULAR_HOOKE || law->normal == ML_GRANULAR_HERTZ))
        return fail(err,
                    "NULL for the Mindlin tangential stiffness requires a normal model with "
                    "material properties (%s, %s, %s), given %s",
                    model_word("normalModel", ML_GRANULAR_HERTZ_MATERIAL),
                    model_word("normalModel", ML_GRANULAR_DMT),
                    model_word("normalModel", ML_GRANULAR_JKR),
                    model_word("normalModel", law->normal));
    return MBC_OK;
}

mbc_status ml_granular_parse(int argc, char *const *argv, ml_granular_law *law, mbc_error *err)
{
    law_defaults(law);
    const char *after = NULL; /* the model whose coefficients were read last */
    char last[64] = "";
    for (int i = 0; i < argc;) {
        const int start = i;
        if (parse_word(argc, argv, &i, law, false, after, err))
            return MBC_ERR_VALUE;
        snprintf(last, sizeof last, "%s", argv[start]);
        after = i - start > 1 ? last : NULL;
    }
    return check_law(law, err);
}

bool ml_granular_law_equal(const ml_granular_law *a, const ml_granular_law *b)
{
    bool same = a->normal == b->normal && a->damping == b->damping &&
                a->tangential == b->tangential && a->rolling == b->rolling &&
                a->twisting == b->twisting && a->limit_damping == b->limit_damping &&
                a->k_n == b->k_n && a->damping_coef == b->damping_coef &&
                a->cohesion == b->cohesion && a->k_t == b->k_t && a->x_gamma_t == b->x_gamma_t &&
                a->mu_t == b->mu_t && a->cutoff == b->cutoff;
    for (int k = 0; k < 2; k++)
        same = same && a->e[k] == b->e[k] && a->nu[k] == b->nu[k];
    for (int k = 0; k < 3; k++)
        same = same && a->roll[k] == b->roll[k] && a->twist[k] == b->twist[k];
    return same;
}

/* ------------------------------------------------------------------ mixing */

static double mix_geom(double a, double b)
{
    return sqrt(a * b);
}

mbc_status ml_granular_mix(const ml_granular_law *ii, const ml_granular_law *jj, int itype,
                           int jtype, ml_granular_law *ij, mbc_error *err)
{
    if (ii->normal != jj->normal || ii->damping != jj->damping ||
        ii->tangential != jj->tangential || ii->rolling != jj->rolling ||
        ii->twisting != jj->twisting)
        return fail(err,
                    "the models of types %d and %d differ, so their coefficients cannot be "
                    "mixed: set this combination explicitly with a pair_coeff %d %d line",
                    itype, jtype, itype, jtype);
    *ij = *ii;
    ij->k_n = mix_geom(ii->k_n, jj->k_n);
    /* tsuji mixes e, from which the type computes alpha (LAMMPS 2021 mixes
     * alpha: docs/physics-granular.rst) */
    ij->damping_coef = mix_geom(ii->damping_coef, jj->damping_coef);
    /* material models: E and nu per type, E* = ((1-nu_I^2)/E_I + (1-nu_J^2)/E_J)^-1 */
    ij->e[0] = ii->e[0];
    ij->nu[0] = ii->nu[0];
    ij->e[1] = jj->e[0];
    ij->nu[1] = jj->nu[0];
    ij->cohesion = mix_geom(ii->cohesion, jj->cohesion);
    /* NULL k_t stays NULL: 8 G* of the two materials (LAMMPS's documentation) */
    ij->k_t = (ii->k_t == -1 || jj->k_t == -1) ? -1 : mix_geom(ii->k_t, jj->k_t);
    ij->x_gamma_t = mix_geom(ii->x_gamma_t, jj->x_gamma_t);
    ij->mu_t = mix_geom(ii->mu_t, jj->mu_t);
    for (int k = 0; k < 3; k++) {
        ij->roll[k] = mix_geom(ii->roll[k], jj->roll[k]);
        ij->twist[k] = mix_geom(ii->twist[k], jj->twist[k]);
    }
    ij->limit_damping = ii->limit_damping || jj->limit_damping;
    ij->cutoff = ii->cutoff > jj->cutoff ? ii->cutoff : jj->cutoff;
    return MBC_OK;
}

/* ------------------------------------------------------------- parameters */

static void put(ml_granular_param *out, int *n, const char *name, double v0, double v1, int count)
{
    out[*n] = (ml_granular_param){name, {v0, v1}, count};
    (*n)++;
}

int ml_granular_params(const ml_granular_law *law, ml_granular_param *out)
{
    int n = 0;
    put(out, &n, "normalModel", law->normal, 0, 1);
    put(out, &n, "dampingModel", law->damping, 0, 1);
    put(out, &n, "tangentialModel", law->tangential, 0, 1);
    put(out, &n, "rollingModel", law->rolling, 0, 1);
    put(out, &n, "twistingModel", law->twisting, 0, 1);
    put(out, &n, "limitDamping", law->limit_damping, 0, 1);
    if (law->normal == ML_GRANULAR_HOOKE || law->normal == ML_GRANULAR_HERTZ) {
        put(out, &n, "normalStiffness", law->k_n, 0, 1);
    } else {
        put(out, &n, "youngsModulus", law->e[0], law->e[1], 2);
        put(out, &n, "poissonsRatio", law->nu[0], law->nu[1], 2);
    }
    if (law->normal == ML_GRANULAR_DMT || law->normal == ML_GRANULAR_JKR)
        put(out, &n, "surfaceEnergy", law->cohesion, 0, 1);
    put(out, &n, "normalDamping", law->damping_coef, 0, 1);
    put(out, &n, "tangentialStiffness", law->k_t, 0, 1);
    put(out, &n, "tangentialDamping", law->x_gamma_t, 0, 1);
    put(out, &n, "frictionCoefficient", law->mu_t, 0, 1);
    if (law->rolling == ML_GRANULAR_ROLL_SDS) {
        put(out, &n, "rollingStiffness", law->roll[0], 0, 1);
        put(out, &n, "rollingDamping", law->roll[1], 0, 1);
        put(out, &n, "rollingFriction", law->roll[2], 0, 1);
    }
    if (law->twisting == ML_GRANULAR_TWIST_SDS) {
        put(out, &n, "twistingStiffness", law->twist[0], 0, 1);
        put(out, &n, "twistingDamping", law->twist[1], 0, 1);
        put(out, &n, "twistingFriction", law->twist[2], 0, 1);
    }
    return n;
}

/* ------------------------------------------------------------------ walls */

static const char *const wall_words[] = {"xplane", "yplane", "zplane", "zcylinder", "region"};
static const char *const axis_words[] = {"x", "y", "z"};

/* A plane bound: a number, or NULL (no wall on that side). */
static mbc_status bound(const char *w, double none, double *out, const char *what, mbc_error *err)
{
    if (w && strcmp(w, "NULL") == 0) {
        *out = none;
        return MBC_OK;
    }
    if (!ml_granular_number(w, out))
        return w ? fail(err, "%s '%s' is not a number or NULL", what, w)
                 : fail(err, "%s is missing", what);
    return MBC_OK;
}

static mbc_status parse_wall_style(int argc, char *const *argv, int *i, ml_granular_wall *wall,
                                   mbc_error *err)
{
    const char *w = argv[*i];
    wall->style = choice(w, wall_words, 5);
    if (wall->style == ML_GRANULAR_REGION) {
        if (*i + 1 >= argc)
            return fail(err, "region needs a region ID");
        wall->region = argv[*i + 1];
        *i += 2;
        return MBC_OK;
    }
    if (wall->style == ML_GRANULAR_ZCYLINDER) {
        const model_words m = {"zcylinder", 1, "radius"};
        return coefficients(argc, argv, i, &m, &wall->cylinder_radius, false, err);
    }
    char what[32];
    snprintf(what, sizeof what, "%s lo", w);
    if (bound(*i + 1 < argc ? argv[*i + 1] : NULL, -INFINITY, &wall->lo, what, err))
        return MBC_ERR_VALUE;
    snprintf(what, sizeof what, "%s hi", w);
    if (bound(*i + 2 < argc ? argv[*i + 2] : NULL, INFINITY, &wall->hi, what, err))
        return MBC_ERR_VALUE;
    *i += 3;
    return MBC_OK;
}

/* wiggle AXIS A PERIOD, shear AXIS V, contacts. */
static mbc_status parse_wall_keywords(int argc, char *const *argv, int i, ml_granular_wall *wall,
                                      mbc_error *err)
{
    while (i < argc) {
        const char *w = argv[i];
        const bool wiggle = strcmp(w, "wiggle") == 0;
        if (strcmp(w, "contacts") == 0) {
            wall->contacts = true;
            i++;
            continue;
        }
        if (!wiggle && strcmp(w, "shear") != 0)
            return fail(err,
                        "'%s' is not a fix wall/gran keyword (allowed: wiggle, shear, "
                        "contacts)",
                        w);
        const char *a = i + 1 < argc ? argv[i + 1] : NULL;
        wall->axis = choice(a, axis_words, 3);
        if (wall->axis < 0)
            return fail(err, "%s needs an axis x, y or z, given '%s'", w, a ? a : "");
        const model_words m = {wiggle ? "wiggle AXIS" : "shear AXIS", wiggle ? 2 : 1,
                               wiggle ? "amplitude, period" : "velocity"};
        double c[2] = {0, 0};
        i++;
        if (coefficients(argc, argv, &i, &m, c, false, err))
            return MBC_ERR_VALUE;
        if (wiggle) {
            wall->wiggle = true;
            wall->amplitude = c[0];
            wall->period = c[1];
        } else {
            wall->shear = true;
            wall->vshear = c[0];
        }
    }
    if (wall->wiggle && wall->shear)
        return fail(err, "a wall cannot both wiggle and shear");
    if ((wall->wiggle || wall->shear) && wall->style == ML_GRANULAR_REGION)
        return fail(err,
                    "a region wall cannot %s (the region's own motion moves it: region "
                    "... move, rotate)",
                    wall->wiggle ? "wiggle" : "shear");
    const char *axis = wall->axis >= 0 && wall->axis < 3 ? axis_words[wall->axis] : "?";
    if (wall->wiggle && wall->style == ML_GRANULAR_ZCYLINDER && wall->axis != 2)
        return fail(err, "zcylinder wiggles along z only, given %s", axis);
    if (wall->shear && wall->style == wall->axis)
        return fail(err, "%s shears along its plane, not along %s",
                    wall->style >= 0 && wall->style < 4 ? wall_words[wall->style] : "?", axis);
    return MBC_OK;
}

mbc_status ml_granular_parse_wall(int argc, char *const *argv, ml_granular_law *law,
                                  ml_granular_wall *wall, mbc_error *err)
{
    law_defaults(law);
    memset(wall, 0, sizeof *wall);
    wall->style = -1;
    int i = 0;
    const char *after = NULL;
    char last[64] = "";
    while (i < argc && choice(argv[i], wall_words, 5) < 0) {
        const int start = i;
        if (parse_word(argc, argv, &i, law, true, after, err))
            return MBC_ERR_VALUE;
        snprintf(last, sizeof last, "%s", argv[start]);
        after = i - start > 1 ? last : NULL;
    }
    if (i >= argc)
        return fail(err, "no wall style after the model words (one of xplane, yplane, "
                         "zplane, zcylinder, region)");
    if (check_law(law, err))
        return MBC_ERR_VALUE;
    if (parse_wall_style(argc, argv, &i, wall, err))
        return MBC_ERR_VALUE;
    return parse_wall_keywords(argc, argv, i, wall, err);
}

int ml_granular_wall_word(const char *word)
{
    return choice(word, wall_words, 5);
}

mbc_status ml_granular_parse_wall_geometry(int argc, char *const *argv, ml_granular_wall *wall,
                                           mbc_error *err)
{
    memset(wall, 0, sizeof *wall);
    wall->style = -1;
    const int style = argc > 0 ? ml_granular_wall_word(argv[0]) : -1;
    if (style < 0)
        return fail(err, "no wall style (one of xplane, yplane, zplane, zcylinder, region)");
    int i = 0;
    if (parse_wall_style(argc, argv, &i, wall, err))
        return MBC_ERR_VALUE;
    return parse_wall_keywords(argc, argv, i, wall, err);
}
