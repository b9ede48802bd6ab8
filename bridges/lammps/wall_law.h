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
 * R, region ID (fix wall/gran/region's; the fix hands each atom's surface
 * contacts to ml_wall_region_atom, wall_region.c); keywords wiggle dim A
 * period, shear dim v. */
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
    /* a record: 1 (0: no contact, 1: in contact), then the law's data; a
     * region's: the count of its slots, then tmax slots of slot_width
     * values (the surface's iwall, the flag, the law's data) */
    int width;
    int tmax, slot_width; /* region walls (ml_wall_region_size) */
    /* the chunk of contacts gathered for the next library call */
    size_t count;
    unsigned flags;
    mbc_wall_contact chunk[ML_WALL_CHUNK];
    unsigned char contact[ML_WALL_CHUNK];
} ml_wall;

/* The wall of the words after the group (argv[0]: granular, a classic
 * model or a type); granular_only: 1 fix wall/gran's words only, granular
 * or a classic model (wall/gran/mbc), 2 the same for a region
 * (wall/gran/region/mbc), 0 a type by name too; nktv2p: LAMMPS's
 * force->nktv2p (hertz/history's Kn and Kt in pressure units); lammps2021:
 * the law takes LAMMPS 2021's forms; books: the energy books are summed. */
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

/* The contact c of an atom (c->data: its record's data, after the flag)
 * queued for the law, with the law's initial data when the flag says the
 * contact starts; ml_wall_flush evaluates the queue (an ended contact's
 * flag and data are zeroed). */
mbc_status ml_wall_push(ml_wall *w, const ml_wall_frame *f, const mbc_wall_contact *c,
                        unsigned flags, ml_wall_report *rep, mbc_error *err);
mbc_status ml_wall_flush(ml_wall *w, const ml_wall_frame *f, ml_wall_report *rep, mbc_error *err);

/* ------------------------------------------- region walls (wall_region.c) */

/* One contact of an atom with a region's surface: LAMMPS's Region::Contact
 * and the region's velocity there. */
typedef struct ml_region_contact {
    double del[3];      /* from the surface's closest point to the center (m) */
    double velocity[3]; /* the surface's velocity there (m/s) */
    double radius;      /* LAMMPS's curvature there: 0 a flat surface */
    double distance;    /* |del| in the region's frame (Region::Contact's r) */
    int iwall;          /* the surface within the region (the history's key) */
} ml_region_contact;

/* Sizes a region wall's records for at most tmax surfaces touched at once
 * (LAMMPS's Region::tmax). */
void ml_wall_region_size(ml_wall *w, int tmax);

/* The distance from an atom's center within which the region's surfaces
 * are its contacts (Region::surface's cutoff): the radius, and for a law
 * that holds contacts beyond touch (jkr) its reach. */
double ml_wall_region_cutoff(const ml_wall *w, double radius);

/* Atom i (in the group and inside the region) and its nc surface contacts
 * (nc <= tmax): its record's slots follow the surfaces (iwall) as
 * FixWallGranRegion::update_contacts keeps them, each contact is queued for
 * the law. Before the first atom of an evaluation, ml_wall_region_begin;
 * after the last, ml_wall_flush. */
void ml_wall_region_begin(ml_wall *w, ml_wall_report *rep);
mbc_status ml_wall_region_atom(ml_wall *w, const ml_wall_frame *f, int i,
                               const ml_region_contact *c, int nc, ml_wall_report *rep,
                               mbc_error *err);

#endif
