/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbconnect pair I J granular WORDS...`: the words of a pair_style granular
 * pair_coeff line, unchanged (docs/lammps.rst, "Coming from pair_style
 * granular"), as a ContactGranular law of the bridge; and at each run's
 * set-up the laws of the type pairs I != J that no line named, mixed from
 * those of I I and J J as LAMMPS mixes them (docs/physics-granular.rst). */
#ifndef ML_GRANULAR_H
#define ML_GRANULAR_H

#include "bridge_core.h"
#include "granular_words.h"

/* A law of type `type` with the n named parameters p (the translators'
 * output); what names the command in messages (a literal). NULL with a
 * pending error. */
ml_law *ml_params_law_create(ml_run *r, const char *what, const char *type,
                             const ml_granular_param *p, int n);

/* The law of the words (a ContactGranular with their parameters); what
 * names the command in messages (a literal). NULL with a pending error. */
ml_law *ml_granular_law_create(ml_run *r, const char *what, const ml_granular_law *words);

/* Records the words of the type pairs lo..hi (their cutoff keyword too). */
void ml_granular_set_words(ml_bridge *b, const int lo[2], const int hi[2],
                           const ml_granular_law *words);

/* Every type pair I != J that no mbconnect pair line named, whose types I I
 * and J J have granular words: its mixed law (a new one when the words of
 * I I or J J changed); an error when their model forms differ (LAMMPS's
 * rule). Returns 0 or the pending status. */
int ml_granular_mix_all(ml_run *r, ml_bridge *b);

#endif
