/* SPDX-License-Identifier: BSD-3-Clause */
/* The laws of the atom type pairs of one pair style of mbc-lammps
 * (pair_style mbconnect, granular/mbc; docs/lammps.rst): what its
 * pair_coeff lines give, the laws LAMMPS mixes for the type pairs no line
 * names, and the neighbor cutoff of each type pair as pair_style granular's
 * init_one() finds it. Plain C: no LAMMPS, no MPI (pair_mbc.cpp calls it
 * from the Pair's coeff(), init_one() and restart functions).
 *
 * A pair_coeff line's words after I J are, for pair_style mbconnect,
 *   TYPE [NAME VALUE]...   a connector type with a pair binding, by name;
 *   granular WORDS...      the words of pair_style granular's pair_coeff;
 *   gran/hooke WORDS...    the words of a classic style's pair_style line
 *                          (gran/hooke, gran/hooke/history, gran/hertz/history:
 *                          Kn Kt gamma_n gamma_t xmu dampflag [limit_damping]),
 *                          a ContactGranClassic (classic_words.h);
 *   none                   no interaction;
 * and for granular/mbc the words of pair_style granular's pair_coeff. */
#ifndef ML_PAIR_LAWS_H
#define ML_PAIR_LAWS_H

#include "granular_words.h"
#include "law.h"

typedef struct ml_laws {
    const mbc_registry *registry;
    const char *style; /* "granular/mbc", "mbconnect": the style, in messages (a literal) */
    int words_only;    /* pair_coeff takes pair_style granular's words only (granular/mbc) */
    /* the laws of granular words take LAMMPS 2021's forms (the /mbc styles'
     * default; `mbconnect corrected yes`: the corrected forms) */
    int lammps2021;
    int books; /* the energy books are summed (`mbconnect energy yes`) */
    /* LAMMPS's force->nktv2p (1 until the caller sets it): gran/hertz/history's
     * Kn and Kt in pressure units are divided by it */
    double nktv2p;
    int ntypes;
    ml_law **laws; /* every law in use, owned */
    size_t law_count, law_room;
    /* per type pair, [i * (ntypes + 1) + j] and [j * (ntypes + 1) + i] alike */
    int *law_of;           /* index into laws, or -1: none (no line, or `none`) */
    unsigned char *set;    /* a pair_coeff line named the pair */
    unsigned char *mixed;  /* its law is mixed from those of I I and J J */
    unsigned char *worded; /* its law is from granular words (words[]) */
    ml_granular_law *words;
    /* the words after I J of the pair's pair_coeff line (restart, data
     * file), at [i * (ntypes + 1) + j] for i <= j only */
    char **line;
    double *cut_type; /* the `cutoff` keyword's distance, or -1 */
    /* after ml_laws_finish: */
    int beyond_contact; /* a law's contacts outlive touching: neighbors beyond kept */
    /* the neighbor lists hold the pairs within the type pairs' cutoffs (the
     * reach), not only those within r_i + r_j + skin as pair_style
     * granular's: a law's contacts outlive touching by more than LAMMPS
     * 2021's jkr keeps them (a reach, other than 2021's jkr) */
    int cutoff_lists;
    int width; /* values per neighbor of the contact history (>= 1) */
    /* the records' orientation: ContactGranular's (the laws are then all
     * ContactGranular; or all ContactGranClassic, classic_orient) is the
     * neighbor list owner's, as pair_style
     * granular's, and a pair that changes owner has its tangential history
     * negated (its rolling and twisting history too with LAMMPS 2021's
     * forms, transfer_2021); other types' is that of the lower atom ID, and
     * their records read the same from either atom */
    int owner_orient;
    int transfer_2021;
    /* the laws with records are all ContactGranClassic's: owner_orient set,
     * their shear history negated when a pair changes owner, as LAMMPS's
     * classic styles (FixNeighHistory's default transfer) and so in the
     * list's order to the bit (gran/hertz/history's Hertzian factor) */
    int classic_orient;
} ml_laws;

mbc_status ml_laws_create(const mbc_registry *reg, const char *style, int words_only,
                          int lammps2021, int books, int ntypes, ml_laws **out, mbc_error *err);
void ml_laws_destroy(ml_laws *L);

/* The index of type pair (i, j). */
static inline int ml_laws_pair(const ml_laws *L, int i, int j)
{
    return i * (L->ntypes + 1) + j;
}

/* `pair_coeff I J ARGS` for the type pairs lo[0]..hi[0] x lo[1]..hi[1]
 * (checked by the caller, 1..ntypes): the law of the words, every named
 * pair's from now on (a later line overrides the pairs it names). */
mbc_status ml_laws_coeff(ml_laws *L, const int lo[2], const int hi[2], int argc, char *const *argv,
                         mbc_error *err);

/* The law of a type pair i != j that no pair_coeff line named (LAMMPS's
 * init_one): mixed from those of I I and J J when both are granular words
 * (LAMMPS's rule: their models must agree), none when either is none,
 * else an error (a classic style's words too: give them to the pair,
 * as `pair_coeff * *` does). *mixed: set to 1 when it mixed granular words (LAMMPS 2021
 * leaves such a pair's models unset: the caller warns). */
mbc_status ml_laws_mix(ml_laws *L, int i, int j, int *mixed, mbc_error *err);

/* The neighbor cutoff of type pair (i, j) (after ml_laws_mix), as
 * pair_style granular's init_one finds it from the largest radii of the
 * types' dynamic and frozen atoms (dynamic, frozen: ntypes + 1; 0: none
 * known): the `cutoff` keyword's distance, else r_I + r_J plus the law's
 * reach (LAMMPS 2021: jkr's pull-off overlap itself, which shrinks it;
 * corrected: its distance), the larger with a frozen partner; with no
 * radius known the largest diameter of all types. Records the reach at the
 * largest radii. */
double ml_laws_cutoff(const ml_laws *L, int i, int j, const double *dynamic, const double *frozen);

/* After every type pair's law is known: the history's width, whether
 * contacts outlive touching, the records' orientation and transfer; an
 * error when the laws need different ones (a ContactGranular law beside a
 * law of another type with data, or ContactGranular laws of 2021's and of
 * the corrected forms). */
mbc_status ml_laws_finish(ml_laws *L, mbc_error *err);

/* LAMMPS 2021's run-wide flag of a tangential model with history into
 * every ContactGranular law of 2021's forms (lammps2021TangentialHistory:
 * 2021 evaluates linear_nohistory in its history branch then). */
mbc_status ml_laws_history_run(ml_laws *L, mbc_error *err);

/* The distinct names of the laws' summed scalar outputs (ml_law.outputs),
 * in the order of the laws (the pair_coeff lines that made them), into
 * names (capacity entries); returns their count, or more than capacity
 * when they do not fit (the count is then not exact). */
size_t ml_laws_sum_names(const ml_laws *L, const char **names, size_t capacity);

/* The law of type pair (i, j), or NULL. */
static inline ml_law *ml_laws_of(const ml_laws *L, int i, int j)
{
    const int k = L->law_of[ml_laws_pair(L, i, j)];
    return k < 0 ? (ml_law *)0 : L->laws[k];
}

#endif
