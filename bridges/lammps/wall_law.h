/* SPDX-License-Identifier: BSD-3-Clause */
/* A wall of fix wall/gran/mbc or wall/mbconnect (docs/lammps.rst,
 * "Walls"): its law and geometry from fix wall/gran's words, and one force
 * evaluation of the group's atoms against it, as FixWallGran::post_force
 * forms each contact, through mbc_wall_eval (mbconnect/wall_eval.h). Plain
 * C: fix_wall_mbc.cpp hands it LAMMPS's arrays and the per-atom records it
 * keeps.
 *
 * The words after the group:
 *   granular WORDS... STYLE ARGS [KEYWORD VALUES]   fix wall/gran's
 *   hooke|hooke/history|hertz/history WORDS... STYLE ARGS [KEYWORD VALUES]
 *                                                  fix wall/gran's classic models,
 *                                                  a ContactGranClassic (wall/mbconnect)
 *   TYPE [NAME VALUE]... STYLE ARGS [KEYWORD VALUES]  a type with a wall
 *                                                  binding, by name (wall/mbconnect)
 * STYLE: xplane, yplane, zplane lo hi (NULL: none on that side), zcylinder
 * R; keywords wiggle dim A period, shear dim v. */
#ifndef ML_WALL_LAW_H
#define ML_WALL_LAW_H

#include "granular_words.h"
#include "law.h"
#include "mbconnect/wall_eval.h"

#define ML_WALL_CHUNK 128 /* contacts per library call */

typedef struct ml_wall {
    const char *what; /* the style, in messages (a literal) */
    ml_law *law;
    ml_granular_wall geo;
    double omega; /* wiggle: 2 pi / period */
    int width;    /* a record: 1 (0: no contact, 1: in contact), then the law's data */
    /* the chunk of contacts gathered for the next library call */
    size_t count;
    unsigned flags;
    mbc_wall_contact chunk[ML_WALL_CHUNK];
    unsigned char contact[ML_WALL_CHUNK];
} ml_wall;

/* The wall of the words after the group (argv[0]: granular, a classic
 * model or a type); granular_only: fix wall/gran's words only, granular
 * or a classic model (wall/gran/mbc); nktv2p: LAMMPS's force->nktv2p (hertz/history's Kn and
 * Kt in pressure units); lammps2021: the law takes LAMMPS 2021's forms;
 * books: the energy books are summed. */
mbc_status ml_wall_create(const mbc_registry *reg, const char *what, int argc, char *const *argv,
                          int granular_only, double nktv2p, int lammps2021, int books,
                          ml_wall **out, mbc_error *err);
void ml_wall_destroy(ml_wall *w);

/* LAMMPS's arrays for one evaluation. */
typedef struct ml_wall_frame {
    mbc_pair_atoms atoms; /* owned: nlocal */
    const int *mask, *tag;
    int groupbit;
    double **records; /* per atom: width values (ml_wall.width) */
    long long steps;  /* steps since the wall was made (wiggle's phase) */
    double dt;
    int setup; /* LAMMPS's set-up force evaluation: no history step */
} ml_wall_frame;

/* What an evaluation found, this rank's: contacts, the stored energy and
 * dissipated power (with the books), the contacts of a law with data that
 * started without a record; the atom (ID) an error names. */
typedef struct ml_wall_report {
    double contacts, stored, power, fresh;
    int bad_atom;
} ml_wall_report;

/* One evaluation: forces and torques into the atoms, the records written,
 * the report (zeroed here). */
mbc_status ml_wall_run(ml_wall *w, const ml_wall_frame *f, ml_wall_report *rep, mbc_error *err);

#endif
