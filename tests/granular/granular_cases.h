/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared by the granular tests that compare with LAMMPS (test_granular_lammps:
 * the law's kernels and hooks; test_lammps_granular: mbc-lammps): the
 * spheres of the fixed configurations and the cases, every model of every
 * family (the others held fixed), mixed atom types and walls. */
#ifndef MBC_TEST_GRANULAR_CASES_H
#define MBC_TEST_GRANULAR_CASES_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define NATOMS 10
#define NSTEPS 6
#define DT     0.002

/* ------------------------------------------------------------ the spheres */

typedef struct atom {
    int type;
    double radius, mass, x[3], v[3], w[3];
} atom;

typedef struct frame {
    atom a[NATOMS];
    double f[NATOMS][3], t[NATOMS][3];
} frame;

static uint64_t rng_state;
static double rnd(double lo, double hi)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return lo + (hi - lo) * (double)(rng_state >> 11) / 9007199254740992.0;
}

/* A chain of spheres, each overlapping the next by 0.5 ... 4 % of the radius
 * sum in a random direction (and no other), half of them slow and half
 * fast, spinning in all directions: sliding, sticking, rolling and twisting
 * contacts. (The chain's first half is slow, the second fast.) ON_PLANE: the
 * spheres sit on the plane z = 0 instead, overlapping it, none touching
 * another; IN_CYLINDER: they touch the inside of a cylinder about z of
 * radius CYLINDER_RADIUS; PAIRS: spheres 2p and 2p + 1 overlap as in the
 * chain, and no other two (every sphere has one contact, so LAMMPS's sums
 * are its contact's values). */
enum { CHAIN, ON_PLANE, IN_CYLINDER, PAIRS };
#define CYLINDER_RADIUS 4.0

static void spheres(atom *a, int ntypes, int where)
{
    rng_state = 20240531;
    for (int k = 0; k < NATOMS; k++) {
        a[k].type = 1 + k % ntypes;
        a[k].radius = rnd(0.4, 0.6);
        double d[3];
        for (;;) {
            if (where == ON_PLANE) {
                a[k].x[0] = 3.0 * (k % 5) - 6;
                a[k].x[1] = 3.0 * (k / 5) - 1.5;
                a[k].x[2] = a[k].radius * (1 - rnd(0.005, 0.04));
                break;
            }
            if (where == IN_CYLINDER) {
                const double rho = CYLINDER_RADIUS - a[k].radius * (1 - rnd(0.005, 0.04));
                const double phi = 6.283185307179586 * k / NATOMS;
                a[k].x[0] = rho * cos(phi);
                a[k].x[1] = rho * sin(phi);
                a[k].x[2] = 2.0 * (k % 3) - 2;
                break;
            }
            if (k == 0 || (where == PAIRS && k % 2 == 0)) {
                a[k].x[0] = where == PAIRS ? 2.5 * k - 12 : 0;
                a[k].x[1] = a[k].x[2] = 0;
                break;
            }
            const double z = rnd(-1, 1), phi = rnd(0, 6.283185307179586), s = sqrt(1 - z * z);
            d[0] = s * cos(phi);
            d[1] = s * sin(phi);
            d[2] = z;
            const double dist = (a[k].radius + a[k - 1].radius) * (1 - rnd(0.005, 0.04));
            for (int i = 0; i < 3; i++)
                a[k].x[i] = a[k - 1].x[i] + dist * d[i];
            bool clear = true;
            for (int j = 0; j < k - 1 && where == CHAIN; j++) {
                double r2 = 0;
                for (int i = 0; i < 3; i++)
                    r2 += (a[k].x[i] - a[j].x[i]) * (a[k].x[i] - a[j].x[i]);
                clear &= sqrt(r2) > a[k].radius + a[j].radius + 0.05;
            }
            if (clear)
                break;
        }
        const double speed = k < NATOMS / 2 ? 0.05 : 2.0;
        for (int i = 0; i < 3; i++) {
            a[k].v[i] = rnd(-speed, speed);
            a[k].w[i] = rnd(-2 * speed, 2 * speed);
        }
    }
}

/* The spheres as a LAMMPS data file (atom_style sphere: diameter, density). */
static int write_data(const char *path, const atom *a, int ntypes)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fprintf(f, "granular test spheres\n\n%d atoms\n%d atom types\n\n", NATOMS, ntypes);
    fprintf(f, "-20 20 xlo xhi\n-20 20 ylo yhi\n-20 20 zlo zhi\n\nAtoms # sphere\n\n");
    for (int k = 0; k < NATOMS; k++)
        fprintf(f, "%d %d %.17g %.17g %.17g %.17g %.17g\n", k + 1, a[k].type, 2 * a[k].radius,
                1.0 + 0.3 * k, a[k].x[0], a[k].x[1], a[k].x[2]);
    fprintf(f, "\nVelocities\n\n");
    for (int k = 0; k < NATOMS; k++)
        fprintf(f, "%d %.17g %.17g %.17g %.17g %.17g %.17g\n", k + 1, a[k].v[0], a[k].v[1],
                a[k].v[2], a[k].w[0], a[k].w[1], a[k].w[2]);
    return fclose(f);
}

/* ------------------------------------------------------------------- cases */

typedef struct pair_case {
    const char *name;
    int ntypes;
    const char *lines[4]; /* pair_coeff lines, NULL-terminated */
} pair_case;

#define TAIL_T  "tangential mindlin NULL 1.0 0.4"
#define TAIL_RW "rolling sds 200 0.5 0.3 twisting marshall"
#define BASE_N  "hertz/material 1e4 20 0.3"

/* Every model of every family, the others held fixed at the base
 * hertz/material, viscoelastic, mindlin (NULL), rolling sds, twisting
 * marshall (twisting sds with linear_nohistory, which has no spring). */
static const pair_case pair_cases[] = {
    {"base", 1, {"* * " BASE_N " " TAIL_T " " TAIL_RW}},
    {"normal_hooke", 1, {"* * hooke 300 20 tangential mindlin 4000 1.0 0.4 " TAIL_RW}},
    {"normal_hertz", 1, {"* * hertz 6000 20 tangential mindlin 4000 1.0 0.4 " TAIL_RW}},
    /* dmt without reaching a Coulomb limit: LAMMPS 2021 takes F_n0 from an
     * uninitialized cohesion (below) */
    {"normal_dmt",
     1,
     {"* * dmt 1e4 20 0.3 2 tangential mindlin NULL 1.0 100 rolling sds 200 0.5 100 twisting "
      "marshall"}},
    {"normal_jkr", 1, {"* * jkr 1e4 20 0.3 2 " TAIL_T " " TAIL_RW}},
    {"damping_velocity", 1, {"* * " BASE_N " damping velocity " TAIL_T " " TAIL_RW}},
    {"damping_mass_velocity", 1, {"* * " BASE_N " damping mass_velocity " TAIL_T " " TAIL_RW}},
    {"damping_tsuji", 1, {"* * hertz/material 1e4 0.6 0.3 damping tsuji " TAIL_T " " TAIL_RW}},
    {"tangential_linear_nohistory",
     1,
     {"* * " BASE_N " tangential linear_nohistory 1.0 0.4 rolling sds 200 0.5 0.3 twisting sds "
      "30 0.2 0.1"}},
    {"tangential_linear_history",
     1,
     {"* * " BASE_N " tangential linear_history 3000 1.0 0.4 " TAIL_RW}},
    {"tangential_mindlin_rescale",
     1,
     {"* * " BASE_N " tangential mindlin_rescale NULL 1.0 0.4 " TAIL_RW}},
    {"tangential_mindlin_force",
     1,
     {"* * " BASE_N " tangential mindlin/force NULL 1.0 0.4 " TAIL_RW}},
    {"tangential_mindlin_rescale_force",
     1,
     {"* * " BASE_N " tangential mindlin_rescale/force NULL 1.0 0.4 " TAIL_RW}},
    {"rolling_none", 1, {"* * " BASE_N " " TAIL_T " twisting marshall"}},
    {"twisting_none", 1, {"* * " BASE_N " " TAIL_T " rolling sds 200 0.5 0.3"}},
    {"twisting_sds",
     1,
     {"* * " BASE_N " " TAIL_T " rolling sds 200 0.5 0.3 twisting sds 30 0.2 0.1"}},
    {"limit_damping",
     1,
     {"* * hertz 6000 400 damping velocity tangential linear_history 3000 1.0 0.4 limit_damping"}},
    {"plain_hertz_linear_history", 1, {"* * hertz 6000 20 tangential linear_history 3000 1.0 0.4"}},
    /* types with different models, every pair set by a line */
    {"mixed_explicit",
     2,
     {"1 1 " BASE_N " " TAIL_T " " TAIL_RW,
      "2 2 jkr 2e4 10 0.25 3 tangential mindlin_rescale NULL 0.5 0.3 rolling sds 100 0.2 0.2",
      "1 2 hertz/material 1.5e4 0.7 0.28 damping tsuji tangential mindlin/force 5000 0.8 0.35 "
      "twisting sds 20 0.1 0.1"}},
};

typedef struct wall_case {
    const char *name;
    int where;
    const char *words; /* fix wall/gran's words after granular */
} wall_case;

/* fix wall/gran granular against the wall kernel: the models whose
 * coefficients fix_wall_gran.cpp reads as pair_granular.cpp does (hooke,
 * hertz; material and jkr walls differ in LAMMPS 2021, below). */
static const wall_case wall_cases[] = {
    {"wall_hooke", ON_PLANE,
     "hooke 300 20 damping velocity tangential linear_history 2000 1.0 0.4 rolling sds 200 0.5 "
     "0.3 twisting sds 30 0.2 0.1 zplane 0.0 NULL"},
    {"wall_hertz", ON_PLANE,
     "hertz 6000 20 tangential mindlin 4000 1.0 0.4 rolling sds 200 0.5 0.3 twisting marshall "
     "zplane 0.0 NULL"},
    {"wall_hertz_mass_velocity", ON_PLANE,
     "hertz 6000 2 damping mass_velocity tangential mindlin_rescale/force 4000 1.0 0.3 zplane "
     "0.0 NULL"},
    {"wall_hertz_tsuji", ON_PLANE,
     "hertz 6000 0.6 damping tsuji tangential mindlin_rescale 4000 1.0 0.3 twisting marshall "
     "zplane 0.0 NULL"},
    {"wall_hooke_nohistory_limit", ON_PLANE,
     "hooke 300 400 damping velocity tangential linear_nohistory 1.0 0.4 limit_damping zplane "
     "0.0 NULL"},
    {"wall_cylinder", IN_CYLINDER,
     "hertz 6000 20 tangential mindlin/force 4000 1.0 0.4 rolling sds 200 0.5 0.3 twisting "
     "marshall zcylinder 4.0"},
};

/* fix wall/gran granular where LAMMPS 2021 departs from its documentation
 * (docs/physics-departures.rst): 2021's numbers with ContactGranular's
 * lammps2021 = True (test_granular_lammps2021 against the kernel;
 * test_lammps_granular through mbc-lammps with the law by name). */
static const wall_case wall_cases_2021[] = {
    {"wall2021_material", ON_PLANE,
     "hertz/material 1e4 20 0.3 tangential mindlin 4000 1.0 0.4 zplane 0.0 NULL"},
    {"wall2021_material_null", ON_PLANE,
     "hertz/material 1e4 20 0.3 tangential mindlin_rescale NULL 1.0 0.4 rolling sds 200 0.5 0.3 "
     "twisting marshall zplane 0.0 NULL"},
    {"wall2021_dmt", ON_PLANE,
     "dmt 1e4 20 0.3 2 tangential mindlin NULL 1.0 0.1 rolling sds 200 0.5 0.05 twisting "
     "marshall zplane 0.0 NULL"},
    {"wall2021_jkr", ON_PLANE,
     "jkr 1e4 20 0.3 5 tangential mindlin NULL 1.0 0.4 rolling sds 200 0.5 0.3 twisting "
     "marshall zplane 0.0 NULL"},
    {"wall2021_tsuji", ON_PLANE,
     "hertz 6000 0.6 damping tsuji tangential mindlin_rescale 4000 1.0 0.3 twisting marshall "
     "zplane 0.0 NULL"},
    {"wall2021_shear_x", IN_CYLINDER,
     "hertz 6000 20 tangential mindlin/force 4000 1.0 0.4 rolling sds 200 0.5 0.3 twisting "
     "marshall zcylinder 4.0 shear x 0.3"},
    {"wall2021_shear_y", IN_CYLINDER,
     "hooke 300 20 damping velocity tangential linear_history 2000 1.0 0.4 zcylinder 4.0 shear y "
     "-0.5"},
};

#endif
