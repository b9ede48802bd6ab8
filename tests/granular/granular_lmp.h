/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared by the tests that compare a granular law with LAMMPS's own `lmp`
 * on fixed spheres (test_granular_lammps, test_gran_classic_lammps): one
 * run of lmp, whose dump of every step holds the inputs and LAMMPS's forces
 * and torques. Needs cmocka (included before) and granular_cases.h. */
#ifndef MBC_TEST_GRANULAR_LMP_H
#define MBC_TEST_GRANULAR_LMP_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "granular_cases.h"

/* Runs MBC_LMP on the spheres a (in dir/name.data) with the given
 * interaction lines (pair style, walls, fixes); reads the frames of steps
 * 0..NSTEPS (no time integration: each step of the run adds one step of
 * history to the same state). */
static void gl_run_lmp(const char *dir, const char *name, const atom *a, int ntypes,
                       const char *interaction, frame *frames)
{
    char data[700], in[700], dump[700], log[700], cmd[2600];
    snprintf(data, sizeof data, "%s/%s.data", dir, name);
    snprintf(in, sizeof in, "%s/%s.in", dir, name);
    snprintf(dump, sizeof dump, "%s/%s.dump", dir, name);
    snprintf(log, sizeof log, "%s/%s.log", dir, name);
    assert_int_equal(write_data(data, a, ntypes), 0);
    FILE *f = fopen(in, "w");
    assert_non_null(f);
    fprintf(f,
            "units lj\natom_style sphere\nboundary f f f\ncomm_modify vel yes\n"
            "read_data %s\n%s\ntimestep %.17g\n"
            "dump d all custom 1 %s id type radius mass x y z vx vy vz omegax omegay omegaz "
            "fx fy fz tqx tqy tqz\ndump_modify d format float %%.17g sort id\n"
            "thermo 100\nrun %d\n",
            data, interaction, DT, dump, NSTEPS);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s -nocite -log %s -screen none -in %s", MBC_LMP, log, in);
    if (system(cmd) != 0)
        fail_msg("%s failed (log: %s)", cmd, log);
    f = fopen(dump, "r");
    assert_non_null(f);
    char line[1024];
    for (int s = 0; s <= NSTEPS; s++) {
        int atoms_seen = 0;
        while (atoms_seen == 0 && fgets(line, sizeof line, f))
            if (strncmp(line, "ITEM: ATOMS", 11) == 0)
                atoms_seen = 1;
        assert_true(atoms_seen);
        for (int k = 0; k < NATOMS; k++) {
            atom *t = &frames[s].a[k];
            int id;
            assert_non_null(fgets(line, sizeof line, f));
            const int n = sscanf(line,
                                 "%d %d %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf %lf "
                                 "%lf %lf %lf %lf",
                                 &id, &t->type, &t->radius, &t->mass, &t->x[0], &t->x[1], &t->x[2],
                                 &t->v[0], &t->v[1], &t->v[2], &t->w[0], &t->w[1], &t->w[2],
                                 &frames[s].f[k][0], &frames[s].f[k][1], &frames[s].f[k][2],
                                 &frames[s].t[k][0], &frames[s].t[k][1], &frames[s].t[k][2]);
            assert_int_equal(n, 19);
            assert_int_equal(id, k + 1);
        }
    }
    fclose(f);
}

#endif
