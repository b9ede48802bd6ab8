/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared by the tests that run LAMMPS's own `lmp` on the spheres of
 * granular_cases.h (test_granular_lammps, test_granular_lammps2021): the
 * runs, reading their dumps, and the laws of pair_coeff lines. Include
 * after cmocka.h; the including test sets out_dir first. */
#ifndef MBC_TEST_GRANULAR_LMP_H
#define MBC_TEST_GRANULAR_LMP_H

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "granular_cases.h"
#include "granular_fixtures.h"
#include "granular_words.h"

/* Where the inputs, data files, dumps and logs go (the test's build folder). */
static char out_dir[512];

/* The frames of steps 0..NSTEPS of a dump of every atom, sorted by ID. */
static inline void read_frames(const char *path, frame *frames)
{
    FILE *f = fopen(path, "r");
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

/* Runs lmp on the spheres with the given interaction lines (after
 * read_data): `runs` runs of NSTEPS steps (no time integration), the k-th
 * preceded by the lines between[k] (NULL: none) and dumped every step to
 * NAME-k.dump; reads the frames of steps 0..NSTEPS of each run (step 0:
 * the run's set-up). */
static inline void lmp_runs(const char *name, const atom *a, int ntypes, const char *interaction,
                            int runs, const char *const *between, frame (*frames)[NSTEPS + 1])
{
    char data[700], in[700], log[700], cmd[2600], text[8192];
    snprintf(data, sizeof data, "%s/%s.data", out_dir, name);
    snprintf(in, sizeof in, "%s/%s.in", out_dir, name);
    snprintf(log, sizeof log, "%s/%s.log", out_dir, name);
    assert_int_equal(write_data(data, a, ntypes), 0);
    int n = snprintf(text, sizeof text,
                     "units lj\natom_style sphere\nboundary f f f\ncomm_modify vel yes\n"
                     "read_data %s\n%s\ntimestep %.17g\nthermo 100\n",
                     data, interaction, DT);
    for (int k = 0; k < runs && n > 0 && (size_t)n < sizeof text; k++)
        n += snprintf(text + n, sizeof text - (size_t)n,
                      "%s\ndump d all custom 1 %s/%s-%d.dump id type radius mass x y z vx vy vz "
                      "omegax omegay omegaz fx fy fz tqx tqy tqz\n"
                      "dump_modify d format float %%.17g sort id\nrun %d\nundump d\n",
                      between && between[k] ? between[k] : "", out_dir, name, k, NSTEPS);
    assert_true(n > 0 && (size_t)n < sizeof text);
    FILE *f = fopen(in, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    snprintf(cmd, sizeof cmd, "%s -nocite -log %s -screen none -in %s", MBC_LMP, log, in);
    if (system(cmd) != 0)
        fail_msg("%s failed (log: %s)", cmd, log);
    for (int k = 0; k < runs; k++) {
        char dump[700];
        snprintf(dump, sizeof dump, "%s/%s-%d.dump", out_dir, name, k);
        read_frames(dump, frames[k]);
    }
}

/* One run of NSTEPS steps (lmp_runs). */
static inline void run_lmp(const char *name, const atom *a, int ntypes, const char *interaction,
                           frame *frames)
{
    lmp_runs(name, a, ntypes, interaction, 1, NULL, (frame(*)[NSTEPS + 1]) frames);
}

/* The laws of the type pairs, from the pair_coeff lines (with mixing). */
typedef struct laws {
    int ntypes;
    ml_granular_law law[3][3];
} laws;

static inline void laws_from_words(laws *L, int ntypes, const char *const *lines)
{
    L->ntypes = ntypes;
    bool set[3][3] = {{false}};
    for (; *lines; lines++) {
        char buf[1024], *argv[64];
        mbc_error why = {0};
        const int argc = gf_split(*lines, buf, sizeof buf, argv);
        ml_granular_law law;
        if (ml_granular_parse(argc - 2, argv + 2, &law, &why) != MBC_OK)
            fail_msg("%s: %s", *lines, why.message);
        for (int i = 1; i <= ntypes; i++)
            for (int j = 1; j <= ntypes; j++)
                if ((argv[0][0] == '*' || atoi(argv[0]) == i) &&
                    (argv[1][0] == '*' || atoi(argv[1]) == j)) {
                    L->law[i][j] = L->law[j][i] = law;
                    set[i][j] = set[j][i] = true;
                }
    }
    for (int i = 1; i <= ntypes; i++)
        for (int j = i + 1; j <= ntypes; j++)
            if (!set[i][j]) {
                mbc_error mixed = {0};
                if (ml_granular_mix(&L->law[i][i], &L->law[j][j], i, j, &L->law[i][j], &mixed) !=
                    MBC_OK)
                    fail_msg("%s", mixed.message);
                L->law[j][i] = L->law[i][j];
            }
}

/* The interaction lines of pair_style granular with these pair_coeff lines. */
static inline void pair_coeff_lines(char *out, size_t size, const char *const *lines)
{
    int n = snprintf(out, size, "pair_style granular");
    for (; *lines && n > 0 && (size_t)n < size; lines++)
        n += snprintf(out + n, size - (size_t)n, "\npair_coeff %s", *lines);
    assert_true(n > 0 && (size_t)n < size);
}

/* The skip of a test without lmp, and its output folder: 0, 77 (no lmp)
 * or 1 (the folder cannot be made). */
static inline int lmp_prepare(const char *dir)
{
    if (MBC_LMP[0] == '\0' || access(MBC_LMP, X_OK) != 0) {
        printf("SKIPPED: LAMMPS's lmp not found (apt-get install lammps); the granular law is "
               "compared against it\n");
        return 77;
    }
    snprintf(out_dir, sizeof out_dir, "%s", dir);
    if (mkdir(out_dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "%s: %s\n", out_dir, strerror(errno));
        return 1;
    }
    return 0;
}

#endif
