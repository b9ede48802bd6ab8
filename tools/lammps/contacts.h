/* SPDX-License-Identifier: BSD-3-Clause */
/* Per-pair state that moves with the atoms: each atom keeps up to
 * `capacity` contact records in two per-atom arrays of a LAMMPS fix
 * property/atom (so records migrate between ranks and are sorted with the
 * atoms): partner[i][k], the partner's atom ID (0: free), and
 * state[i][k * width ...], the pair's data coordinates. Both atoms of a
 * pair keep a record: with newton off for pairs, each rank updates the
 * records of the atoms it owns.
 *
 * Records are compact (the occupied ones first, so a scan stops at the first
 * free slot). A record used in the current step carries its partner's ID
 * negated until ml_contacts_sweep, which drops the others: a pair that
 * separates loses its state. */
#ifndef ML_CONTACTS_H
#define ML_CONTACTS_H

typedef struct ml_contacts {
    int **partner;  /* nmax rows of `capacity` atom IDs */
    double **state; /* nmax rows of capacity * width data coordinates */
    int capacity;
    int width;
} ml_contacts;

/* The slot of atom i's record of partner `tag` (used this step or not), or -1. */
static inline int ml_contacts_find(const ml_contacts *c, int i, int tag)
{
    const int *p = c->partner[i];
    for (int k = 0; k < c->capacity && p[k] != 0; k++)
        if (p[k] == tag || p[k] == -tag)
            return k;
    return -1;
}
/* A new record of partner `tag` for atom i, marked used; its slot, or -1
 * when atom i has `capacity` records already. */
int ml_contacts_add(ml_contacts *c, int i, int tag);
/* Marks atom i's record in `slot` used in this step. */
static inline void ml_contacts_mark(ml_contacts *c, int i, int slot)
{
    int *p = c->partner[i];
    if (p[slot] > 0)
        p[slot] = -p[slot];
}
/* For atoms 0..nlocal-1: drops the records not used in this step, clears
 * the marks of the others. */
void ml_contacts_sweep(ml_contacts *c, int nlocal);
/* The data coordinates of atom i's record in `slot`. */
static inline double *ml_contacts_data(const ml_contacts *c, int i, int slot)
{
    return c->state[i] + (long)slot * c->width;
}

#endif
