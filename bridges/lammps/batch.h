/* SPDX-License-Identifier: BSD-3-Clause */
/* The pairs of one law evaluated per library call: during the neighbor
 * loop each touching pair of the law is appended as its two atom indices
 * and the address of its contact record; every ML_BATCH_CHUNK pairs (and at
 * the end of the list) mbc_pair_eval (mbconnect/pair_eval.h) runs the law
 * in place: it reads the positions, velocities, angular velocities and
 * radii from LAMMPS's arrays, takes the records in place and adds the
 * forces and torques into the fix's force array and LAMMPS's torques. No
 * velocity, radius or datum is copied. ContactSphereSphere runs its
 * specialized kernel; any other type its hooks, pair by pair. */
#ifndef ML_BATCH_H
#define ML_BATCH_H

#include <stddef.h>

#include "mbconnect/pair_eval.h"
#include "step_atoms.h"

/* Pairs per library call: their records, just found, are still in the
 * core's cache when the law reads and writes them. */
#define ML_BATCH_CHUNK 128

typedef struct ml_batch {
    size_t count;
    unsigned flags; /* MBC_PAIR_* of the pairs gathered (a chunk never mixes them) */
    mbc_pair pair[ML_BATCH_CHUNK];
    int owner[ML_BATCH_CHUNK][2]; /* the atom that keeps the record, and its slot */
    unsigned char contact[ML_BATCH_CHUNK];
} ml_batch;

/* Adds the touching pair c, whose record (data coordinates, in place) is
 * `data`, kept by atom owner[0] in slot owner[1]; sphere a is the atom with
 * the lower ID. The caller runs the chunk first when it is full or when
 * `flags` differ from the chunk's. */
static inline void ml_batch_add(ml_batch *bt, const step_contact *c, double *data,
                                const int owner[2], unsigned flags)
{
    const size_t k = bt->count++;
    const int lower = c->tag[1] < c->tag[0];
    bt->flags = flags;
    bt->pair[k].atom[0] = c->atom[lower];
    bt->pair[k].atom[1] = c->atom[1 - lower];
    bt->pair[k].data = data;
    bt->owner[k][0] = owner[0];
    bt->owner[k][1] = owner[1];
}

/* Runs the gathered pairs of law (law->batch) through mbc_pair_eval: forces
 * and torques onto the owned atoms (f: the fix's force array), records,
 * the totals (contacts, overlap, the law's scalar outputs) and the virial;
 * a record whose pair the law reports out of contact is dropped. Returns
 * 0, or the pending status. */
int ml_batch_run(ml_run *r, struct ml_law *law, step_atoms *a, double *totals);

#endif
