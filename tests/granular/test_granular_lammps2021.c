/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactGranular with lammps2021 = True against Debian's `lmp` (LAMMPS 29
 * Sep 2021 update 2) where that version departs from its documentation
 * (docs/physics-departures.rst): equal to the bit, where the default law
 * (lammps2021 = False, the corrected one) differs.
 *
 * The configurations give every atom one contact (granular_cases.h's PAIRS,
 * or walls without a pair style), so LAMMPS's per-atom forces and torques
 * are one contact's values, and the kernel's must be the same bits
 * (granular_compare.h: `bits` counts the values that are not). As in
 * test_granular_lammps, the atoms do not move and each step adds one step
 * of history.
 *
 *   linear_nohistory beside history models   lammps2021TangentialHistory
 *   dmt's critical force at a Coulomb limit    pairs and a wall
 *   material walls                             hertz/material, mindlin k_t given and NULL
 *   jkr walls                                  held beyond touching, dropped while overlapping
 *   tsuji walls in a second run                lammps2021WallInits = 2
 *   zcylinder walls that shear                 granular_wall_motion.h's 2021 velocity
 *
 * Without lmp the test is skipped (status 77). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "granular_cases.h"
#include "granular_compare.h"
#include "granular_fixtures.h"
#include "granular_lmp.h"

static const gf_lammps2021 as_2021 = {true, false, 1};

/* ------------------------------------------------------------------ pairs */

/* Runs lmp on the pairs of `lines` (PAIRS, atom type of sphere k:
 * types[k]; the first pair slowed down by `slow`, so that it sticks); the
 * frames and the laws of the lines. */
static void run_pairs(const char *name, int ntypes, const int *types, double slow,
                      const char *const *lines, frame *frames, laws *L)
{
    atom a[NATOMS];
    spheres(a, ntypes, PAIRS);
    for (int k = 0; k < NATOMS; k++) {
        a[k].type = types[k];
        for (int i = 0; i < 3 && k < 2; i++) {
            a[k].v[i] *= slow;
            a[k].w[i] *= slow;
        }
    }
    char interaction[2048];
    pair_coeff_lines(interaction, sizeof interaction, lines);
    run_lmp(name, a, ntypes, interaction, frames);
    laws_from_words(L, ntypes, lines);
}

static void print_pairs(const char *name, const compare *c)
{
    printf("  %-28s contacts %d (sliding %d, of them without force %d): %d values differ "
           "(kernel %.2e, hooks %.2e)\n",
           name, c->contacts, c->sliding, c->slid_to_zero, c->bits, c->kernel, c->hooks);
}

/* 2021 decides the tangential branch by a flag of the whole run: beside a
 * history model, a linear_nohistory pair takes the history branch with k_t =
 * 0: -eta_t v_t,rel while it sticks, no force while it slides (a history of
 * length 0), where the documented law gives mu F_n0. */
static void test_nohistory_beside_history(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "1 1 hertz 6000 20 damping velocity tangential linear_nohistory 1.0 0.1",
        "2 2 hertz 6000 20 damping velocity tangential linear_history 3000 1.0 0.4",
        "1 2 hertz 6000 20 damping velocity tangential linear_history 3000 1.0 0.4", NULL};
    static const int types[NATOMS] = {1, 1, 1, 1, 1, 1, 2, 2, 2, 2};
    static frame frames[NSTEPS + 1];
    laws L;
    run_pairs("l2021_nohistory", 2, types, 0.05, lines, frames, &L);
    const gf_lammps2021 as = {true, true, 1};
    const compare c = compare_pairs("lammps2021", &L, frames, &as);
    print_pairs("lammps2021", &c);
    assert_int_equal(c.bits, 0);
    assert_true(c.hooks <= TOL);
    assert_true(c.slid_to_zero > 0 && c.contacts > c.slid_to_zero); /* both regimes */
    const compare plain = compare_pairs("default", &L, frames, NULL);
    print_pairs("the default law", &plain);
    assert_true(plain.kernel > 1e-3);
    /* without the run's flag, lammps2021 is the documented linear_nohistory */
    const gf_lammps2021 alone = {true, false, 1};
    const compare c_alone = compare_pairs("lammps2021 alone", &L, frames, &alone);
    print_pairs("lammps2021 without the flag", &c_alone);
    assert_int_equal(c_alone.bits, plain.bits);
    assert_int_equal(c_alone.slid_to_zero, 0);
}

/* ------------------------------------------------------------------ walls */

/* The words of wall_cases_2021's case `name`. */
static const char *words_of(const char *name)
{
    for (size_t k = 0; k < sizeof wall_cases_2021 / sizeof wall_cases_2021[0]; k++)
        if (strcmp(wall_cases_2021[k].name, name) == 0)
            return wall_cases_2021[k].words;
    fail_msg("no wall case %s", name);
    return NULL;
}

/* One wall of fix wall/gran's words on `where`'s spheres, `runs` runs
 * (between[k] before the k-th): with the switch, run k compared with
 * lammps2021WallInits = k + 1, the records kept from run to run. Returns
 * the largest bits over the runs; *plain: the default law's relative
 * difference, largest over the runs. */
static int wall_2021(const char *name, const char *words, const atom *a, int runs,
                     const char *const *between, frame (*frames)[NSTEPS + 1], double *plain)
{
    ml_granular_law law;
    ml_granular_wall geo;
    run_wall(name, words, a, runs, between, frames, &law, &geo);
    int bits = 0;
    *plain = 0;
    for (int k = 0; k < runs; k++) {
        gf_lammps2021 as = as_2021;
        as.wall_inits = k + 1;
        const compare c = compare_walls(&law, &geo, frames[k], &as, k > 0);
        bits = bits > c.bits ? bits : c.bits;
        printf("  %-28s run %d: contacts %d (sliding %d): lammps2021 %d values differ\n", name, k,
               c.contacts, c.sliding, c.bits);
    }
    for (int k = 0; k < runs; k++) {
        const compare c = compare_walls(&law, &geo, frames[k], NULL, k > 0);
        *plain = fmax(*plain, c.kernel);
    }
    printf("  %-28s the default law: %.2e\n", name, *plain);
    return bits;
}

/* Material walls: 2021's fix wall/gran takes k_n = E/(2(1 - nu)) 4/3 and a
 * NULL k_t = E/4 (2 - nu)(1 + nu); dmt's F_n0 as the pair's. */
static void test_material_walls(void **state)
{
    (void)state;
    static const char *const names[] = {"wall2021_material", "wall2021_material_null",
                                        "wall2021_dmt"};
    atom a[NATOMS];
    spheres(a, 1, ON_PLANE);
    for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
        static frame frames[1][NSTEPS + 1];
        double plain;
        assert_int_equal(wall_2021(names[n], words_of(names[n]), a, 1, NULL, frames, &plain), 0);
        assert_true(plain > 1e-2);
    }
}

/* 2021's pull-off overlap of a jkr wall, written from fix_wall_gran.cpp
 * (pulloff_distance, with the wall's k_n): the contact holds while the
 * distance to the wall is at most r + delta_c'. */
static double wall_pulloff_2021(double e, double nu, double gamma, double r)
{
    const double big_e = e / (2 * (1 - nu)) * 1.333333333333333 * 0.75;
    const double a = cbrt(9 * 3.14159265358979323846 * gamma * r / (4 * big_e));
    return a * a / r - 2 * sqrt(3.14159265358979323846 * gamma * a / big_e);
}

/* jkr walls: after a run in contact, each sphere is set to half its 2021
 * pull-off overlap delta_c' from the wall: where delta_c' > 0 the contact
 * holds with the sphere off the wall, where delta_c' < 0 2021 drops it
 * while the sphere still overlaps the wall. */
static void test_jkr_wall(void **state)
{
    (void)state;
    const char *words = words_of("wall2021_jkr");
    atom a[NATOMS];
    spheres(a, 1, ON_PLANE);
    static char set[NATOMS * 64];
    int n = 0, held = 0, dropped = 0;
    double z[NATOMS];
    for (int k = 0; k < NATOMS; k++) {
        z[k] = a[k].radius + 0.5 * wall_pulloff_2021(1e4, 0.3, 5, a[k].radius);
        n += snprintf(set + n, sizeof set - (size_t)n, "set atom %d z %.17g\n", k + 1, z[k]);
        assert_true(n > 0 && (size_t)n < sizeof set);
    }
    const char *between[2] = {NULL, set};
    static frame frames[2][NSTEPS + 1];
    double plain;
    assert_int_equal(wall_2021("wall2021_jkr", words, a, 2, between, frames, &plain), 0);
    for (int k = 0; k < NATOMS; k++) { /* what LAMMPS did in the second run */
        const bool force = frames[1][NSTEPS].f[k][2] != 0.0;
        held += force && z[k] > a[k].radius;
        dropped += !force && z[k] < a[k].radius;
    }
    printf("  jkr wall: %d contacts held off the wall, %d dropped while overlapping\n", held,
           dropped);
    assert_true(held > 0 && dropped > 0);
    assert_true(plain > 1e-2);
}

/* tsuji walls: 2021's FixWallGran::init() replaces e by alpha(e) (with pow)
 * at every run: the second run takes alpha(alpha(e)). */
static void test_tsuji_wall_second_run(void **state)
{
    (void)state;
    atom a[NATOMS];
    spheres(a, 1, ON_PLANE);
    static frame frames[2][NSTEPS + 1];
    double plain;
    assert_int_equal(
        wall_2021("wall2021_tsuji", words_of("wall2021_tsuji"), a, 2, NULL, frames, &plain), 0);
    assert_true(plain > 1e-3);
}

/* zcylinder walls that shear: 2021 adds each atom's surface velocity to
 * the wall velocity of the atoms after it (atoms in LAMMPS's local order:
 * no sorting). */
static void test_sheared_cylinder(void **state)
{
    (void)state;
    static const char *const names[] = {"wall2021_shear_x", "wall2021_shear_y"};
    atom a[NATOMS];
    spheres(a, 1, IN_CYLINDER);
    const char *between[1] = {"atom_modify sort 0 0"};
    for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
        static frame frames[1][NSTEPS + 1];
        double plain;
        assert_int_equal(wall_2021(names[n], words_of(names[n]), a, 1, between, frames, &plain), 0);
        assert_true(plain > 1e-3);
    }
}

int main(void)
{
    const int ready = lmp_prepare(MBC_GRANULAR_OUT);
    if (ready != 0)
        return ready;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nohistory_beside_history),
        cmocka_unit_test(test_material_walls),
        cmocka_unit_test(test_jkr_wall),
        cmocka_unit_test(test_tsuji_wall_second_run),
        cmocka_unit_test(test_sheared_cylinder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
