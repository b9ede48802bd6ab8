/* SPDX-License-Identifier: BSD-3-Clause */
/* The words of LAMMPS's classic granular styles as a ContactGranClassic law
 * (specs/ContactGranClassic.lua): a pure translator, with no LAMMPS, MPI or
 * other part of mbc-lammps, beside granular_words.h.
 *
 *   pair_style gran/hooke Kn Kt gamma_n gamma_t xmu dampflag [limit_damping]
 *   (gran/hooke/history, gran/hertz/history: the same words), one law for
 *   every type pair (pair_coeff * * names the pairs, with no words);
 *   fix ID GROUP wall/gran hooke Kn Kt gamma_n gamma_t xmu dampflag
 *   [limit_damping] STYLE ARGS [KEYWORDS] (hooke/history, hertz/history).
 *
 * `mbconnect pair I J gran/hooke/history WORDS...` and `mbconnect wall ID
 * GROUP hooke/history WORDS... STYLE ARGS` take them unchanged. The rules
 * and the values are those of pair_gran_hooke_history.cpp's and
 * pair_gran_hertz_history.cpp's settings() and of fix_wall_gran.cpp's
 * constructor (29 Sep 2021): a NULL Kt is 2/7 Kn, a NULL gamma_t is
 * gamma_n/2, dampflag 0 sets gamma_t to 0, and hertz/history takes Kn and
 * Kt in pressure units, divided by LAMMPS's nktv2p (1 in units lj, si,
 * cgs).
 *
 * Errors: one line in msg, naming the style, the word, the rule and the
 * value, e.g.
 *   gran/hooke/history: Kt must be a number >= 0 or NULL (given 'abc')
 * The caller prefixes the command and the location (LAMMPS's ERROR: form). */
#ifndef ML_CLASSIC_WORDS_H
#define ML_CLASSIC_WORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "granular_words.h"

/* The type every law of these words is (the parameters' names are its). */
#define ML_CLASSIC_TYPE "ContactGranClassic"

/* Models: ContactGranClassic.model. */
enum { ML_CLASSIC_HOOKE, ML_CLASSIC_HOOKE_HISTORY, ML_CLASSIC_HERTZ_HISTORY };

/* One law as the words give it, with LAMMPS's values: NULLs resolved,
 * gamma_t 0 with dampflag 0, hertz/history's Kn and Kt divided by nktv2p. */
typedef struct ml_classic_law {
    int model;
    double kn, kt, gamman, gammat, xmu;
    int dampflag; /* 0 or 1 */
    bool limit_damping;
} ml_classic_law;

/* The model of a pair style word (gran/hooke, gran/hooke/history,
 * gran/hertz/history) or of a fix wall/gran model word (hooke,
 * hooke/history, hertz/history); -1 for another word. */
int ml_classic_pair_style(const char *word);
int ml_classic_wall_model(const char *word);

/* The words after the style or model word: Kn Kt gamma_n gamma_t xmu
 * dampflag, then limit_damping if it is the next word. A pair style takes
 * nothing after them (`wall` false); a wall's style and arguments follow
 * (`wall` true: *used tells where they start). nktv2p: LAMMPS's pressure
 * conversion (force->nktv2p), by which hertz/history divides Kn and Kt.
 * MBC_ERR_VALUE with one line "STYLE: ..." in err for words LAMMPS refuses. */
mbc_status ml_classic_parse(int model, int argc, char *const *argv, double nktv2p, bool wall,
                            ml_classic_law *law, int *used, mbc_error *err);

/* The law as ContactGranClassic's parameters (all but the names, markers,
 * radii, masses, time step and lammps2021); returns their count. */
int ml_classic_params(const ml_classic_law *law, ml_granular_param *out);

#endif
