/* SPDX-License-Identifier: BSD-3-Clause */
/* Contact histories across reassigned atom IDs (docs/lammps.rst, "Atom
 * IDs"). LAMMPS's FixNeighHistory keeps, between reneighborings and runs,
 * each atom's partners by their atom IDs. reset_atom_ids and delete_atoms
 * ... compress yes (the default) give atoms new IDs between runs, after
 * which such a list names other atoms: a record attached to the wrong
 * pair, which is what LAMMPS 2021 does (and so the /mbc styles by default).
 * With `mbconnect corrected yes` the lists are remapped to the new IDs
 * (each atom's ID at the end of the last run is known: fix mbconnect/ids),
 * and an entry whose partner was deleted and whose ID another atom took
 * now is dropped. Plain C with MPI: the changed IDs of every rank are
 * gathered once, only when some changed. */
#ifndef ML_ATOM_IDS_H
#define ML_ATOM_IDS_H

#include <mpi.h>

#include "mbconnect/error.h"

/* Collective. Owned atom i (of nlocal) has ID tag[i] and had then[i] at
 * the end of the last run (0: made since); its partner list is partner[i]
 * (npartner[i] IDs, of then) with records values[i] (width values each).
 * With apply, every list is remapped to the new IDs; an entry of a deleted
 * partner whose ID is another atom's now is dropped, as is, with by_id
 * (records whose orientation is that of the lower ID), one whose pair now
 * has the other order. With apply 0 the lists stay as they are (LAMMPS
 * 2021's) and are only counted. moved and dropped: the entries that move
 * and are dropped (would be, with apply 0), over all ranks. An error only
 * when out of memory (this rank's). */
mbc_status ml_ids_remap(MPI_Comm comm, int nlocal, const int *tag, const int *then, int *npartner,
                        int **partner, double **values, int width, int by_id, int apply,
                        long long *moved, long long *dropped, mbc_error *err);

#endif
