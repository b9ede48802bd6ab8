/* SPDX-License-Identifier: BSD-3-Clause */
/* One force evaluation of a pair style of mbc-lammps (docs/lammps.rst,
 * "Each step"), on LAMMPS's arrays in place: every pair of the half
 * neighbor list whose spheres touch (or, with a record, are within the
 * law's reach) is evaluated by the law of its type pair through
 * mbc_pair_eval, with its contact history where LAMMPS's FixNeighHistory
 * keeps it (one record per neighbor, in the list's order: found without a
 * search, grown as LAMMPS's pages grow). Plain C: pair_mbc.cpp hands it
 * LAMMPS's arrays.
 *
 * The pairs go to the laws in chunks of ML_STEP_CHUNK, in the order of the
 * list, and their forces and torques reach the atoms in that order, as
 * pair_style granular adds them: with one law, the kernel adds them in
 * place; with several laws, or when LAMMPS wants per-pair tallies (energy,
 * virial), each law gives its pairs' results (mbc_pair_eval_results) and
 * they are added here in the list's order, each pair then tallied. */
#ifndef ML_PAIR_STEP_H
#define ML_PAIR_STEP_H

#include "mbconnect/pair_eval.h"
#include "pair_laws.h"

#define ML_STEP_CHUNK 256

/* A per-pair tally: atoms i (of the list) and j, the energy of the pair,
 * the force on i and x_i - x_j (LAMMPS's ev_tally_xyz). */
typedef void (*ml_step_tally_fn)(void *ctx, int i, int j, double energy, const double f_i[3],
                                 const double del[3]);

/* LAMMPS's arrays for one evaluation. */
typedef struct ml_step_frame {
    /* the half neighbor list: element e is atom ilist[e], its neighbors
     * firstneigh[i][0 .. numneigh[i] - 1] (index bits and special bits) */
    int inum;
    const int *ilist, *numneigh;
    int *const *firstneigh;
    /* FixNeighHistory's per neighbor of atom i: the contact flag and the
     * record of `width` values (ml_laws.width) */
    int *const *touch;
    double *const *history;
    /* positions ... torques (LAMMPS's; force and torque added into; owned:
     * nlocal, or nall with newton on) */
    mbc_pair_atoms atoms;
    const int *type, *tag;
    int nlocal;
    double dt;
    int setup; /* LAMMPS's set-up force evaluation (no history step) */
    int first; /* the pair style's first: contacts without history are counted */
    /* per-pair tallies (NULL: none): the pairs then go through results */
    ml_step_tally_fn tally;
    void *ctx;
    int sums; /* the laws' output sums (fix mbconnect's vector) */
} ml_step_frame;

/* What an evaluation found, this rank's. */
typedef struct ml_step_report {
    double contacts, overlap; /* of the laws' contacts (weights as mbc_pair_sums) */
    double fresh;             /* contacts of laws with data that started without history (first) */
    double deep;              /* contacts that started deeper than ML_STEP_DEEP of the radius */
    double deep_ratio;        /* the deepest of them: overlap / smaller radius */
    double deep_overlap, deep_radius;
    int deep_tag[2];
    int bad_atom; /* the atom (ID) named by the error, or 0 */
} ml_step_report;

/* The overlap at the start of a contact, as a fraction of the smaller
 * radius, beyond which it is warned of (docs/lammps.rst, "Overlaps"). */
#define ML_STEP_DEEP 0.25

typedef struct ml_step ml_step;

/* The buffers of evaluations of L's laws (made once; again when the laws
 * change: ml_step_laws). */
mbc_status ml_step_create(ml_step **out, mbc_error *err);
void ml_step_destroy(ml_step *s);
/* The laws of the next evaluations (after ml_laws_finish): their chunks,
 * and the slots of their summed outputs (sum_slot[law][k]: index into
 * ml_step_sums' values). */
mbc_status ml_step_laws(ml_step *s, const ml_laws *L, mbc_error *err);

/* One evaluation: forces and torques into the atoms, the history written,
 * the report (zeroed here) and the sums. An error names the pair's atoms
 * (coincident centers, a law's failure); the forces are then partly added. */
mbc_status ml_step_run(ml_step *s, const ml_laws *L, const ml_step_frame *f, ml_step_report *rep,
                       mbc_error *err);

/* The sums of the laws' scalar outputs of the last evaluation, by output
 * name, in the order the laws first name them: count and names, values. */
size_t ml_step_sum_count(const ml_step *s);
const char *ml_step_sum_name(const ml_step *s, size_t k);
const double *ml_step_sums(const ml_step *s);
/* The slot of the output "Energy" among them, or -1; of StoredEnergy and
 * DissipatedPower (the energy books). */
int ml_step_sum_slot(const ml_step *s, const char *name);

/* The record of a pair seen from its other atom (LAMMPS's
 * transfer_history), as ml_laws says: ContactGranular's with its tangential
 * history negated (and with LAMMPS 2021's forms its rolling and twisting
 * history too, as 2021's FixNeighHistory negates every value; the contact
 * flag and radius kept); else the same values (sphere a is the lower ID). */
void ml_step_transfer(const ml_laws *L, const double *source, double *target);

#endif
