/* SPDX-License-Identifier: BSD-3-Clause */
/* The words of pair_style granular's pair_coeff (and of fix wall/gran
 * granular) as a law: a ContactGranular with the words' parameters
 * (granular_words.h reads the words; docs/lammps.rst, "Coming from
 * pair_style granular"); and the words of the classic styles gran/hooke,
 * gran/hooke/history, gran/hertz/history (and of fix wall/gran hooke,
 * hooke/history, hertz/history) as a ContactGranClassic (classic_words.h). */
#ifndef ML_GRANULAR_H
#define ML_GRANULAR_H

#include "classic_words.h"
#include "granular_words.h"
#include "law.h"

/* A law of `type` with the n named parameters p (a translator's output)
 * and its parameter lammps2021; what names the command in messages (a
 * literal); books: the energy books are summed. */
mbc_status ml_params_law_create(const mbc_registry *reg, const char *what, const char *type,
                                const ml_granular_param *p, int n, int lammps2021, int books,
                                ml_law **out, mbc_error *err);

/* The law of the words; what names the command in messages (a literal);
 * lammps2021: the law takes LAMMPS 2021's forms where 2021 departs from its
 * documentation (docs/physics-departures.rst), else the corrected ones. */
mbc_status ml_granular_law_create(const mbc_registry *reg, const char *what,
                                  const ml_granular_law *words, int lammps2021, int books,
                                  ml_law **out, mbc_error *err);

/* The law of a classic style's words (a ContactGranClassic), as
 * ml_granular_law_create (lammps2021: docs/physics-gran-classic.rst). */
mbc_status ml_classic_law_create(const mbc_registry *reg, const char *what,
                                 const ml_classic_law *words, int lammps2021, int books,
                                 ml_law **out, mbc_error *err);

#endif
