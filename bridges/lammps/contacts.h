/* SPDX-License-Identifier: BSD-3-Clause */
/* Per-pair state that moves with the atoms: each atom keeps up to
 * `capacity` contact records in per-atom arrays of a LAMMPS fix
 * property/atom (so records migrate between ranks and are sorted with the
 * atoms): partner[i][k], the partner's atom ID (0: free), and the pair's
 * data coordinates, those of the first `hot` records in state[i][k * width
 * ...] and those of the others in more[i][(k - hot) * width ...].
 *
 * One atom of a pair keeps its record: atom i of the neighbor list element
 * that holds the pair (an owned atom; the rows are then read in the order
 * of the list). With newton off for pairs, the owner of each atom of a
 * pair across ranks (or across a periodic boundary, with a ghost image)
 * evaluates it and keeps a record. A pair whose record is not in i's row
 * finds it in the partner's: an owned partner kept it in the step before
 * when LAMMPS has reordered the atoms since; a ghost's row holds it when
 * the pair started to cross ranks or the boundary in this step (an atom
 * moved). The arrays reach ghost atoms when LAMMPS creates them (ghost
 * yes, at each reneighboring) with stamp[i], the step of the owner's last
 * force call: a ghost's row with the stamp of the last call holds the
 * records of the step before; an older one is not read.
 *
 * sign[i] says how atom i's records were written: in which layout, by
 * which laws, for which atom, so that records read back from a restart
 * file are never read in another layout, by other laws or for another atom
 * (restore.h). A row is signed when it gets a record (ml_contacts_sign),
 * and every row at the sweep after the laws or the layout changed.
 *
 * Why two arrays: a step reads and writes the records in use, the first
 * few of each row. Rows of all `capacity` records (16 x 4 doubles: 512
 * bytes, of which 6 contacts use 192) spread them over twice the memory
 * that rows of 8 records do, and the step waits on memory for them (the
 * bridge at 128k spheres: 26 ms per step with rows of 16, 23 with 8).
 *
 * Records are compact (the occupied ones first). In a step, the records an
 * atom uses are moved to the front of its row in the order of use:
 * used[i] counts them, and slots 0..used[i]-1 are the used ones. With the
 * same neighbor list as in the step before (LAMMPS rebuilds it only every
 * few steps), the record sought is then always the next one: one
 * comparison. ml_contacts_sweep drops the records after used[i], so a pair
 * that separates loses its state, and those a law ended in this step
 * (ml_contacts_drop: a contact that outlived touching until the law's own
 * end, such as an adhesive one at pull-off). */
#ifndef ML_CONTACTS_H
#define ML_CONTACTS_H

/* The words of an atom's row of sign (ML_SIGN, i2_ with ML_SIGN_WORDS
 * columns): the layout of its records (ml_contacts_layout), the
 * fingerprint of the laws that wrote them (restore.h) and the atom's ID;
 * all 0 in a row never signed. */
enum { ML_SIGN_LAYOUT, ML_SIGN_LAWS, ML_SIGN_ATOM, ML_SIGN_WORDS };

typedef struct ml_contacts {
    int **partner;  /* nmax rows of `capacity` atom IDs */
    double **state; /* nmax rows of hot * width data coordinates */
    double **more;  /* nmax rows of (capacity - hot) * width; NULL when capacity == hot */
    int *stamp;     /* per atom: ml_contacts_stamp of the step of its records */
    int **sign;     /* nmax rows of ML_SIGN_WORDS */
    const int *tag; /* the atoms' IDs */
    int *used;      /* per owned atom: records used in this step (zero at its start) */
    int capacity;
    int hot; /* records whose data are in state (1..capacity) */
    int width;
    int layout;  /* ml_contacts_layout(capacity, width) */
    int laws;    /* the fingerprint of the laws */
    int resign;  /* the sweep signs every row (the laws or the layout changed) */
    int dropped; /* records ml_contacts_drop marked in this step */
} ml_contacts;

/* A step as a stamp: never 0 (the stamp of a row never written). */
int ml_contacts_stamp(long long step);
/* The layout word of records of `capacity` records per atom with `width`
 * data coordinates each: a tag in the high bits, so that no atom ID or
 * stamp read in its place passes for one (0 < capacity < 2^13, 0 < width <
 * 2^6). */
int ml_contacts_layout(int capacity, int width);
/* The capacity and width of a layout word; 0 when it is none. */
int ml_contacts_layout_read(int layout, int *capacity, int *width);
/* Signs atom i's row: its records are written in c's layout by c's laws. */
static inline void ml_contacts_sign(const ml_contacts *c, int i)
{
    int *s = c->sign[i];
    s[ML_SIGN_LAYOUT] = c->layout;
    s[ML_SIGN_LAWS] = c->laws;
    s[ML_SIGN_ATOM] = c->tag[i];
}

/* The partner ID of a record a law ended in this step (never an atom ID). */
#define ML_CONTACT_DROPPED (-1)

/* ml_contacts_use when the record sought is not the next one: a scan. */
int ml_contacts_use_scan(const ml_contacts *c, int i, int tag, int *found);

/* Atom i's record of partner `tag` (> 0) for this step: its slot, with
 * *found = 1 when the record existed (its data are the pair's state), or a
 * new record (data not set) with *found = 0; -1 when atom i has `capacity`
 * records already. The slot stays the record's until the step ends. */
static inline int ml_contacts_use(const ml_contacts *c, int i, int tag, int *found)
{
    const int u = c->used[i];
    if (u < c->capacity && c->partner[i][u] == tag) {
        c->used[i] = u + 1;
        *found = 1;
        return u;
    }
    return ml_contacts_use_scan(c, i, tag, found);
}
/* The data of the record of partner `tag` in atom j's row, read only, or
 * NULL: the record of the step before of an owned atom (j < nlocal), and
 * of a ghost when its row holds the records of step `last` (the last force
 * call). */
const double *ml_contacts_other(const ml_contacts *c, int j, int nlocal, int tag, long long last);
/* Atom i's record of partner `tag` without using it: its slot, or -1. */
int ml_contacts_find(const ml_contacts *c, int i, int tag);
/* Marks atom i's record in `slot` (used in this step) as ended: the sweep
 * removes it. */
static inline void ml_contacts_drop(ml_contacts *c, int i, int slot)
{
    c->partner[i][slot] = ML_CONTACT_DROPPED;
    c->dropped++;
}
/* For atoms 0..nlocal-1: drops the records not used in this step and those
 * ended, zeroes their counts for the next and stamps the rows with `step`
 * (and signs them when c->resign). */
void ml_contacts_sweep(const ml_contacts *c, int nlocal, long long step);
/* The data coordinates of atom i's record in `slot`. */
static inline double *ml_contacts_data(const ml_contacts *c, int i, int slot)
{
    return slot < c->hot ? c->state[i] + (long)slot * c->width
                         : c->more[i] + (long)(slot - c->hot) * c->width;
}

#endif
