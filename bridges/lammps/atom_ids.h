/* SPDX-License-Identifier: BSD-3-Clause */
/* Contact histories across reassigned atom IDs (docs/lammps.rst, "Atom
 * IDs"). LAMMPS's FixNeighHistory keeps, between reneighborings and runs,
 * each atom's partners by their atom IDs. reset_atom_ids and delete_atoms
 * ... compress yes (the default) give atoms new IDs between runs, after
 * which such a list would name other atoms: a record attached to the wrong
 * pair. Here the lists are remapped to the new IDs (each atom's ID at the
 * end of the last run is known: fix mbconnect/ids), and an entry whose
 * partner was deleted and whose ID another atom took now is dropped. Plain
 * C with MPI: the changed IDs of every rank are gathered once, only when
 * some changed. */
#ifndef ML_ATOM_IDS_H
#define ML_ATOM_IDS_H

#include <mpi.h>

#include "mbconnect/error.h"

/* Collective. Owned atom i (of nlocal) has ID tag[i] and had then[i] at
 * the end of the last run (0: made since); its partner list is partner[i]
 * (npartner[i] IDs, of then) with records values[i] (width values each).
 * Every list is remapped to the new IDs; an entry of a deleted partner
 * whose ID is another atom's now is dropped, as is, with by_id (records
 * whose orientation is that of the lower ID), one whose pair now has the
 * other order. moved and dropped: over all ranks. An error only when out
 * of memory (this rank's). */
mbc_status ml_ids_remap(MPI_Comm comm, int nlocal, const int *tag, const int *then, int *npartner,
                        int **partner, double **values, int width, int by_id, long long *moved,
                        long long *dropped, mbc_error *err);

#endif
