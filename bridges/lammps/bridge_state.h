/* SPDX-License-Identifier: BSD-3-Clause */
/* The bridge's state (bridge.h): the names of its LAMMPS fixes and arrays,
 * the laws of the type pairs, the records' layout and the fix vector. Every
 * file of the bridge reads it; bridge_core.c and bridge.c change it. */
#ifndef ML_BRIDGE_STATE_H
#define ML_BRIDGE_STATE_H

#include <stdint.h>

#include "granular_words.h"
#include "law.h"
#include "ml.h"

#define ML_FIX        "mbconnect"
#define ML_FIX_STATE  "mbconnect_state"
#define ML_PARTNER    "i2_mbconnect_partner"
#define ML_STAMP      "i_mbconnect_stamp"
#define ML_SIGN       "i2_mbconnect_sign"
#define ML_STATE      "d2_mbconnect_state"
#define ML_STATE_MORE "d2_mbconnect_state_more"
#define ML_CAPACITY   16 /* default contacts per atom */
/* Records per atom whose data are in ML_STATE, the others' in ML_STATE_MORE
 * (contacts.h): as many as fit in ML_HOT_BYTES, from ML_HOT_MIN to
 * ML_HOT_MAX (8 of 4 data coordinates, ContactSphereSphere; 4 of 9,
 * ContactGranular); the environment variable MBC_LAMMPS_HOT_RECORDS=N sets
 * another count (for tests of the second array). */
#define ML_HOT_BYTES    288
#define ML_HOT_MIN      4
#define ML_HOT_MAX      8
#define ML_HOT_AUTO     (-1) /* hot_records: from the width */
#define ML_SUM_CAPACITY 32   /* distinct scalar outputs summed into the fix vector */

#define ML_FIX_ATOMS "mbconnect_atoms" /* fix ML_FIX_ATOMS all mbconnect/atoms (host.h) */

struct ml_wall; /* wall.h */

/* Entries of the fix's global vector (1-based in LAMMPS, f_mbconnect[N]). */
enum { ML_VECTOR_CONTACTS = 0, ML_VECTOR_OVERLAP = 1, ML_VECTOR_FIXED = 2 };

typedef struct ml_bridge {
    ml_law **laws;
    size_t law_count;
    int ntypes;
    int *law_of; /* (ntypes + 1)^2: the law of the type pair (i, j), or -1 */
    int uniform; /* the law of every type pair, or -1 when they differ */
    /* per type pair, (ntypes + 1)^2 (granular.c): 1 when an mbconnect pair
     * line named it (never mixed); 1 when its law is mixed from I I and J J;
     * the words of its `granular` line (words_set: 1 when it has them) */
    unsigned char *pair_set, *mixed, *words_set;
    ml_granular_law *words;
    /* the neighbor cutoffs as pair_style granular finds them (cutoff.c), at
     * mbconnect pair and at each run's set-up: per type the largest radius
     * of its dynamic and frozen atoms (and of fix pour's and deposit's), per
     * type pair the cutoff (the `cutoff` keyword's: cut_type, -1 none) */
    double *radius_dynamic, *radius_frozen, *type_radius; /* ntypes + 1 */
    double *cut, *cut_type;                               /* (ntypes + 1)^2 */
    double *mass; /* the atoms' masses, +inf for those of fix freeze (step.c) */
    size_t mass_size;
    int atoms_fix;          /* fix ML_FIX_ATOMS exists (pairs or walls) */
    int warned_large;       /* the warning of atoms larger than the cutoffs allow, in this run */
    struct ml_wall **walls; /* `mbconnect wall` (wall.h) */
    size_t wall_count;
    int capacity;
    int capacity_given; /* `mbconnect capacity` set it */
    int hot_records;    /* ML_HOT_AUTO or MBC_LAMMPS_HOT_RECORDS (>= 1) */
    int width;          /* data coordinates per record: the largest data count */
    int fix_capacity;   /* the capacity and width of fix ML_FIX_STATE, once made */
    int fix_width;
    int laws_fingerprint; /* of the laws (restore.h) */
    int resign;           /* the next sweep signs every atom's records (contacts.h) */
    long long restored;   /* records restored from a restart file (every rank's) */
    long long dropped;    /* of those, dropped as written by other laws (restore.h) */
    int deep_warned;      /* the warning of a deep overlap was given (guard.h) */
    double cutoff;        /* the largest of the type pairs' cutoffs */
    double reach;      /* the largest contact reach of the laws (m; 0: contacts end at touching) */
    int masses;        /* a law's binding has masses: the callback passes LAMMPS's rmass */
    int fixes;         /* the fixes exist */
    int ran;           /* a force callback ran: records exist */
    int64_t last_step; /* the step whose state the records hold; -1 before any */
    /* the fix vector after the fixed entries: one sum per distinct scalar
     * output name; energy: the slot of "Energy", or -1 */
    const char *sum_names[ML_SUM_CAPACITY];
    size_t sum_count;
    int energy;
    /* `mbconnect energy yes` (before the first pair line): the laws' energy
     * books StoredEnergy and DissipatedPower are summed, and the entry after
     * the sums holds the dissipated energy, the time integral of the
     * DissipatedPower sum (slot power_slot, or -1) since that command */
    int energy_books;
    int power_slot;
    double dissipated;
    /* per entry of the fix vector: 1 extensive, 0 intensive (fix.h's
     * extlist, which points here: also how the bridge knows its fix) */
    int extensive[ML_VECTOR_FIXED + ML_SUM_CAPACITY + 1];
    int **sum_slot;    /* per law: the slot of each of its summed outputs */
    int *pending_slot; /* sum_slot of a law being added; freed with the bridge if refused */
    int *used;         /* the force callback's count of used records per owned atom */
    size_t used_size;
    const void *paged; /* the records' memory last given huge pages (pages.h), and its nmax */
    int paged_nmax;
} ml_bridge;

/* Records per atom whose data are in ML_STATE (the rest: ML_STATE_MORE), in
 * a state fix of that capacity and width (a restart's row of values does
 * not depend on it: the records in order, those of ML_STATE first). */
static inline int ml_bridge_hot_of(const ml_bridge *b, int capacity, int width)
{
    int hot = b->hot_records;
    if (hot == ML_HOT_AUTO) {
        hot = ML_HOT_BYTES / ((width > 0 ? width : 1) * (int)sizeof(double));
        hot = hot < ML_HOT_MIN ? ML_HOT_MIN : hot > ML_HOT_MAX ? ML_HOT_MAX : hot;
    }
    return capacity < hot ? capacity : hot;
}
/* The same for the bridge's capacity and width (the fix made next). */
static inline int ml_bridge_hot(const ml_bridge *b)
{
    return ml_bridge_hot_of(b, b->capacity, b->width);
}
/* The fix vector's length: the fixed entries, the sums, the dissipated
 * energy with the energy books. */
static inline int ml_bridge_vector_length(const ml_bridge *b)
{
    return (int)(ML_VECTOR_FIXED + b->sum_count) + (b->energy_books ? 1 : 0);
}
#endif
