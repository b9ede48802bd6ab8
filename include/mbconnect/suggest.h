/* SPDX-License-Identifier: BSD-3-Clause */
/* The closest known name to one that is not known: the "did you mean
 * 'contactStiffness'?" of every message about an unknown parameter or key
 * (docs/contributing.rst, "Errors"). One rule for the library, the readers
 * of case, scene and spec files, mbc-lammps and Python:
 *
 *   distance  the optimal string alignment distance (Levenshtein plus the
 *             swap of two neighboring characters), ignoring ASCII case: the
 *             fewest insertions, deletions, substitutions and swaps that
 *             turn one name into the other;
 *   close     distance <= 2 and 3 * distance <= the longer length, so that
 *             "contactStifness" gives contactStiffness (1), "mas" mass (1)
 *             and "qt" q_t (1), but "k" never gives "c";
 *   best      the smallest distance; among equal ones the first offered.
 *
 * A name that differs only in case is at distance 0, the closest there is.
 * Pure and allocation-free: names longer than MBC_SUGGEST_MAX_LENGTH are
 * compared only for a difference in case. */
#ifndef MBCONNECT_SUGGEST_H
#define MBCONNECT_SUGGEST_H

#include <stddef.h>

#include "mbconnect/export.h"

#ifdef __cplusplus
extern "C" {
#endif

#define MBC_SUGGEST_MAX_LENGTH 128

/* The search for the known name closest to `given`: begin, offer every
 * known name, then read `best`. Zero means none: `mbc_suggestion s = {0};`
 * followed by offers suggests nothing. */
typedef struct mbc_suggestion {
    const char *given; /* the unknown name (the caller's string) */
    const char *best;  /* the closest name offered so far, or NULL when none is close */
    size_t distance;   /* best's distance to given (0 when best is NULL) */
} mbc_suggestion;

MBC_API void mbc_suggest_begin(mbc_suggestion *s, const char *given);

/* Considers `candidate` (the caller's string, kept as s->best when it is
 * the closest so far). NULL, and a candidate equal to given, are ignored. */
MBC_API void mbc_suggest_offer(mbc_suggestion *s, const char *candidate);

/* The distance above between a and b (ASCII case ignored), or
 * MBC_SUGGEST_MAX_LENGTH + 1 when either is longer than
 * MBC_SUGGEST_MAX_LENGTH and they differ in more than case. */
MBC_API size_t mbc_suggest_distance(const char *a, const char *b);

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_SUGGEST_H */
