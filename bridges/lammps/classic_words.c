/* SPDX-License-Identifier: BSD-3-Clause */
/* The words of the classic granular styles as a ContactGranClassic law
 * (classic_words.h). The rules are those of LAMMPS's
 * pair_gran_hooke_history.cpp and pair_gran_hertz_history.cpp (settings())
 * and fix_wall_gran.cpp (the constructor) of the 29 Sep 2021 version, read
 * for facts. */
#include "classic_words.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const char *const pair_styles[] = {"gran/hooke", "gran/hooke/history", "gran/hertz/history"};
static const char *const wall_models[] = {"hooke", "hooke/history", "hertz/history"};

static int style_of(const char *word, const char *const *names)
{
    for (int k = 0; word && k < 3; k++)
        if (strcmp(word, names[k]) == 0)
            return k;
    return -1;
}

int ml_classic_pair_style(const char *word)
{
    return style_of(word, pair_styles);
}

int ml_classic_wall_model(const char *word)
{
    return style_of(word, wall_models);
}

/* One line "STYLE: ...", MBC_ERR_VALUE. */
__attribute__((format(printf, 3, 4))) static mbc_status fail(mbc_error *err, const char *style,
                                                             const char *fmt, ...)
{
    char text[MBC_ERROR_SIZE - 32];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    return mbc_fail(err, MBC_ERR_VALUE, "%s: %s", style, text);
}

#define WORDS "Kn Kt gamma_n gamma_t xmu dampflag [limit_damping]"

/* The coefficient `name` from word w: a number >= 0, or NULL where null_ok
 * (*is_null set). */
static mbc_status coefficient(const char *style, const char *name, const char *w, bool null_ok,
                              double *out, bool *is_null, mbc_error *err)
{
    *is_null = false;
    if (null_ok && strcmp(w, "NULL") == 0) {
        *is_null = true;
        return MBC_OK;
    }
    if (!ml_granular_number(w, out) || !(*out >= 0.0))
        return fail(err, style, "%s must be a number >= 0%s (given '%s')", name,
                    null_ok ? " or NULL" : "", w);
    return MBC_OK;
}

/* dampflag: 0 or 1 (LAMMPS reads an integer). */
static mbc_status dampflag(const char *style, const char *w, int *out, mbc_error *err)
{
    if (strcmp(w, "0") != 0 && strcmp(w, "1") != 0)
        return fail(err, style, "dampflag must be 0 (no tangential damping) or 1 (given '%s')", w);
    *out = w[0] - '0';
    return MBC_OK;
}

mbc_status ml_classic_parse(int model, int argc, char *const *argv, double nktv2p, bool wall,
                            ml_classic_law *law, int *used, mbc_error *err)
{
    const char *style = wall ? wall_models[model] : pair_styles[model];
    memset(law, 0, sizeof *law);
    law->model = model;
    *used = 0;
    if (argc < 6)
        return fail(err, style, "needs the 6 words " WORDS " (given %d)", argc);
    bool kt_null = false, gt_null = false, none = false;
    if (coefficient(style, "Kn", argv[0], false, &law->kn, &none, err) ||
        coefficient(style, "Kt", argv[1], true, &law->kt, &kt_null, err) ||
        coefficient(style, "gamma_n", argv[2], false, &law->gamman, &none, err) ||
        coefficient(style, "gamma_t", argv[3], true, &law->gammat, &gt_null, err) ||
        coefficient(style, "xmu", argv[4], false, &law->xmu, &none, err) ||
        dampflag(style, argv[5], &law->dampflag, err))
        return MBC_ERR_VALUE;
    if (law->xmu > 10000.0)
        return fail(err, style, "xmu must be at most 1e4 (given '%s')", argv[4]);
    /* settings(): NULL Kt = 2/7 Kn, NULL gamma_t = gamma_n/2, dampflag 0
     * zeroes gamma_t; then hertz/history's pressure units */
    if (kt_null)
        law->kt = law->kn * 2.0 / 7.0;
    if (gt_null)
        law->gammat = 0.5 * law->gamman;
    if (law->dampflag == 0)
        law->gammat = 0.0;
    if (model == ML_CLASSIC_HERTZ_HISTORY) {
        law->kn /= nktv2p;
        law->kt /= nktv2p;
    }
    int i = 6;
    if (i < argc && strcmp(argv[i], "limit_damping") == 0) {
        law->limit_damping = true;
        i++;
    }
    if (!wall && i < argc)
        return fail(err, style,
                    "'%s' after the words " WORDS " is not limit_damping (given %d words)", argv[i],
                    argc);
    *used = i;
    return MBC_OK;
}

static void put(ml_granular_param *out, int *n, const char *name, double v)
{
    out[*n] = (ml_granular_param){name, {v, 0.0}, 1};
    (*n)++;
}

int ml_classic_params(const ml_classic_law *law, ml_granular_param *out)
{
    int n = 0;
    put(out, &n, "model", law->model);
    put(out, &n, "normalStiffness", law->kn);
    put(out, &n, "tangentialStiffness", law->kt);
    put(out, &n, "normalDamping", law->gamman);
    put(out, &n, "tangentialDamping", law->gammat);
    put(out, &n, "frictionCoefficient", law->xmu);
    put(out, &n, "tangentialDampingOn", law->dampflag);
    put(out, &n, "limitDamping", law->limit_damping);
    return n;
}
