/* SPDX-License-Identifier: BSD-3-Clause */
/* The words of pair_style granular's pair_coeff (and of fix wall/gran
 * granular) as a law: a ContactGranular with the words' parameters
 * (granular_words.h reads the words; docs/lammps.rst, "Coming from
 * pair_style granular"). */
#ifndef ML_GRANULAR_H
#define ML_GRANULAR_H

#include "granular_words.h"
#include "law.h"

/* The law of the words; what names the command in messages (a literal);
 * lammps2021: the law takes LAMMPS 2021's forms where 2021 departs from its
 * documentation (docs/physics-departures.rst), else the corrected ones. */
mbc_status ml_granular_law_create(const mbc_registry *reg, const char *what,
                                  const ml_granular_law *words, int lammps2021, int books,
                                  ml_law **out, mbc_error *err);

#endif
