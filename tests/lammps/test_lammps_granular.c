/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-lammps against LAMMPS's own pair_style granular and fix wall/gran
 * (docs/lammps.rst, "Coming from pair_style granular"), with LAMMPS's `lmp`
 * as the independent engine on the same inputs. `test_lammps_granular
 * GROUP` runs one group:
 *
 *   forces  per-atom forces and torques, every step of a fixed
 *           configuration (no integration: each step adds one step of
 *           history; sliding, rolling and twisting contacts), for every
 *           model of every family (the others held fixed), mixed atom types
 *           and walls (tests/granular/granular_cases.h, the cases of
 *           test_granular_lammps), within 1e-12 relative: 1 rank with newton
 *           off in units lj, 2 ranks with newton on in units si, 2 ranks
 *           with newton off in units cgs; a wall's law by name too, and
 *           the walls where LAMMPS 2021 departs from its documentation and
 *           linear_nohistory beside history models with the laws'
 *           lammps2021 = True (granular_cases.h, wall_cases_2021);
 *   thermo  tests/lammps/granular/block.in, a dense block of three types
 *           sheared between walls with every tangential history model,
 *           rolling and twisting on, 2000 steps on 1 and 2 ranks: every
 *           thermo value within 1e-9 relative;
 *   pour    examples/lammps/pour.in, shortened, on 1 and 2 ranks: the same.
 *
 * The inputs of mbc-lammps are written with `mbconnect pair I J granular
 * WORDS` and `mbconnect wall ID GROUP granular ARGS`; lmp's are derived from
 * them by the conversion of docs/lammps.rst read backwards (pair_style
 * granular + pair_coeff I J WORDS, fix ID GROUP wall/gran granular ARGS).
 *
 * Excluded, as docs/physics-departures.rst says: the models whose 2021 form
 * mbconnect corrects (the cases avoid implicit mixing D1-D4,
 * linear_nohistory beside history models D5, dmt at a Coulomb limit D12,
 * material, jkr and tsuji walls D7, D9, D10, zcylinder shear D13), and D8:
 * LAMMPS 2021 negates the rolling and twisting history of a contact whose
 * pair changes owner in its neighbor lists (newton on: atoms moving between
 * bins; atom sorting; atoms moving between ranks). The thermo and pour
 * groups therefore run with newton off and without sorting (on 2 ranks, the
 * block's motion keeps its atoms on their rank for the 2000 steps).
 *
 * Skipped (status 77) without mpirun, lmp or mbc-lammps. */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "granular_cases.h"
#include "classic_words.h"
#include "granular_words.h"
#include "read_file.h"

#define FORCE_TOL  1e-12
#define THERMO_TOL 1e-9
#define MAX_ROWS   256
#define MAX_COLS   12

static char out_dir[1024];

/* ------------------------------------------------------------- running */

/* out_dir/name, made when missing. */
static const char *run_dir(const char *name)
{
    static char dir[1200];
    snprintf(dir, sizeof dir, "%s/%s", out_dir, name);
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        fail_msg("cannot create %s: %s", dir, strerror(errno));
    return dir;
}

/* Runs `exe args` on np ranks in run_dir(name), the screen into
 * screen.txt; returns the exit status. */
static int run_in(const char *name, const char *exe, int np, const char *args)
{
    char cmd[4096];
    const char *dir = run_dir(name);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && timeout 600 '%s' --allow-run-as-root --oversubscribe -np %d '%s' -nocite "
             "-log none %s > screen.txt 2>&1",
             dir, MBC_MPIEXEC, np, exe, args);
    const int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* A file of a run (must exist). */
static char *run_text(const char *name, const char *file)
{
    char path[1300];
    snprintf(path, sizeof path, "%s/%s/%s", out_dir, name, file);
    char *text = read_file(path, NULL);
    if (!text)
        fail_msg("%s: missing", path);
    return text;
}

static void expect_success(const char *name, int status)
{
    if (status == 0)
        return;
    char *screen = run_text(name, "screen.txt");
    const size_t n = strlen(screen);
    fail_msg("%s: exit status %d\n%s", name, status, n > 3000 ? screen + n - 3000 : screen);
}

/* Writes text into out_dir/name/file. */
static void write_text(const char *name, const char *file, const char *text)
{
    char path[1300];
    snprintf(path, sizeof path, "%s/%s", run_dir(name), file);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* ------------------------------------------------------ growing text */

typedef struct text {
    char *s;
    size_t len, cap;
} text;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void
put(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    assert_true(n >= 0);
    if (t->len + (size_t)n + 1 > t->cap) {
        t->cap = 2 * (t->len + (size_t)n + 1);
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
    }
    va_start(ap, fmt);
    vsnprintf(t->s + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

/* ------------------------------------------- the conversion, backwards */

/* The input of lmp from one of mbc-lammps: `mbconnect pair I J granular W`
 * -> pair_coeff I J W (pair_style granular before the first),
 * `mbconnect wall ID G granular A` -> fix ID G wall/gran granular A,
 * `mbconnect pair I J gran/STYLE W` -> pair_style gran/STYLE W and
 * pair_coeff I J, `mbconnect wall ID G MODEL W` (hooke, hooke/history,
 * hertz/history) -> fix ID G wall/gran MODEL W; lines
 * that read the bridge's fix vector (f_mbconnect) dropped; `extra` lines
 * after the first `units` line of both. *ours receives mbc-lammps's input
 * with the same extra lines. */
static char *native_input(const char *input, const char *extra, char **ours)
{
    text t = {0}, o = {0};
    int styled = 0, units = 0;
    for (const char *p = input; *p;) {
        const size_t n = strcspn(p, "\n");
        char line[4096];
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        p += n + (p[n] == '\n');
        char i[32], j[32], id[64], g[64], style[64];
        int at = 0;
        if (sscanf(line, "mbconnect pair %31s %31s granular %n", i, j, &at) == 2 && at > 0) {
            if (!styled++)
                put(&t, "pair_style granular\n");
            put(&t, "pair_coeff %s %s %s\n", i, j, line + at);
        } else if (sscanf(line, "mbconnect wall %63s %63s granular %n", id, g, &at) == 2 && at) {
            put(&t, "fix %s %s wall/gran granular %s\n", id, g, line + at);
        } else if (sscanf(line, "mbconnect pair %31s %31s %63s %n", i, j, style, &at) == 3 &&
                   at > 0 && ml_classic_pair_style(style) >= 0) {
            put(&t, "pair_style %s %s\npair_coeff %s %s\n", style, line + at, i, j);
        } else if (sscanf(line, "mbconnect wall %63s %63s %63s %n", id, g, style, &at) == 3 &&
                   at > 0 && ml_classic_wall_model(style) >= 0) {
            put(&t, "fix %s %s wall/gran %s %s\n", id, g, style, line + at);
        } else if (strncmp(line, "mbconnect ", 10) != 0 && !strstr(line, "f_mbconnect")) {
            /* (the bridge's settings and outputs are not lmp's) */
            put(&t, "%s\n", line);
        }
        put(&o, "%s\n", line);
        if (!units && strncmp(line, "units ", 6) == 0) {
            units = 1;
            put(&t, "%s", extra);
            put(&o, "%s", extra);
        }
    }
    *ours = o.s;
    return t.s;
}

/* ----------------------------------------------------------- thermo */

/* Every row of every thermo table of a screen output (WARNING lines
 * between rows skipped); returns the row count. */
static int thermo_rows(const char *screen, double rows[MAX_ROWS][MAX_COLS], int *cols)
{
    int n = 0;
    *cols = 0;
    for (const char *p = strstr(screen, "\nStep "); p; p = strstr(p, "\nStep ")) {
        p++;
        int c = 0;
        for (const char *q = p; *q && *q != '\n'; q++)
            c += q[0] != ' ' && (q == p || q[-1] == ' ');
        assert_true(c <= MAX_COLS);
        *cols = c;
        for (p = strchr(p, '\n'); p && n < MAX_ROWS; p = strchr(p + 1, '\n')) {
            if (strncmp(p + 1, "WARNING", 7) == 0)
                continue;
            char *end = NULL;
            rows[n][0] = strtod(p + 1, &end);
            if (end == p + 1 || (*end != ' ' && *end != '\n'))
                break;
            for (int k = 1; k < c; k++) {
                const char *q = end;
                rows[n][k] = strtod(q, &end);
                assert_true(end != q);
            }
            n++;
        }
        if (!p)
            break;
    }
    return n;
}

/* The thermo tables of two runs, value by value: the largest relative
 * difference (of the larger value; a value below 1e-12 of its column's
 * largest counts as that). */
static double thermo_difference(const char *a_name, const char *b_name, int *rows_out)
{
    static double a[MAX_ROWS][MAX_COLS], b[MAX_ROWS][MAX_COLS];
    int ca = 0, cb = 0;
    char *ta = run_text(a_name, "screen.txt"), *tb = run_text(b_name, "screen.txt");
    const int na = thermo_rows(ta, a, &ca), nb = thermo_rows(tb, b, &cb);
    free(ta);
    free(tb);
    if (na != nb || ca != cb || na == 0)
        fail_msg("%s: %d rows of %d, %s: %d rows of %d", a_name, na, ca, b_name, nb, cb);
    double worst = 0.0;
    for (int c = 0; c < ca; c++) {
        double top = 0.0;
        for (int r = 0; r < na; r++)
            top = fmax(top, fmax(fabs(a[r][c]), fabs(b[r][c])));
        for (int r = 0; r < na; r++) {
            const double scale = fmax(fmax(fabs(a[r][c]), fabs(b[r][c])), 1e-12 * top);
            if (scale > 0)
                worst = fmax(worst, fabs(a[r][c] - b[r][c]) / scale);
        }
    }
    *rows_out = na;
    return worst;
}

/* ----------------------------------------------------------- forces */

static void compare_inputs(const char *group, const char *path, const char *extra,
                           const char *vars);

/* One case of the forces group: its data file and its lines for both. */
typedef struct force_case {
    const char *name;
    int ntypes, where;
    char native[2048], ours[2048];
} force_case;

static int make_cases(force_case *fc, int max)
{
    int n = 0;
    for (size_t k = 0; k < sizeof pair_cases / sizeof pair_cases[0] && n < max; k++, n++) {
        const pair_case *pc = &pair_cases[k];
        force_case *c = &fc[n];
        *c = (force_case){.name = pc->name, .ntypes = pc->ntypes, .where = CHAIN};
        snprintf(c->native, sizeof c->native, "pair_style granular\n");
        for (const char *const *l = pc->lines; *l; l++) {
            char i[8], j[8];
            int at = 0;
            assert_int_equal(sscanf(*l, "%7s %7s %n", i, j, &at), 2);
            snprintf(c->native + strlen(c->native), sizeof c->native - strlen(c->native),
                     "pair_coeff %s\n", *l);
            snprintf(c->ours + strlen(c->ours), sizeof c->ours - strlen(c->ours),
                     "mbconnect pair %s %s granular %s\n", i, j, *l + at);
        }
    }
    for (size_t k = 0; k < sizeof wall_cases / sizeof wall_cases[0] && n < max; k++, n++) {
        const wall_case *wc = &wall_cases[k];
        force_case *c = &fc[n];
        *c = (force_case){.name = wc->name, .ntypes = 1, .where = wc->where};
        snprintf(c->native, sizeof c->native, "fix w all wall/gran granular %s\n", wc->words);
        snprintf(c->ours, sizeof c->ours, "mbconnect wall w all granular %s\n", wc->words);
    }
    return n;
}

/* A wall case's law by name: mbconnect wall w all ContactGranular NAME
 * VALUE... [extra] STYLE ARGS, as case `name`. */
static void named_wall(const wall_case *wc, const char *name, const char *extra, force_case *c)
{
    char buf[1024], *argv[64];
    snprintf(buf, sizeof buf, "%s", wc->words);
    int argc = 0;
    for (char *t = strtok(buf, " "); t && argc < 64; t = strtok(NULL, " "))
        argv[argc++] = t;
    ml_granular_law law;
    ml_granular_wall wall;
    mbc_error why = {0};
    if (ml_granular_parse_wall(argc, argv, &law, &wall, &why) != MBC_OK)
        fail_msg("%s", why.message);
    ml_granular_param p[ML_GRANULAR_MAX_PARAMS];
    const int np = ml_granular_params(&law, p);
    *c = (force_case){.name = name, .ntypes = 1, .where = wc->where};
    snprintf(c->native, sizeof c->native, "fix w all wall/gran granular %s\n", wc->words);
    snprintf(c->ours, sizeof c->ours, "mbconnect wall w all ContactGranular");
    for (int k = 0; k < np; k++) {
        const size_t at = strlen(c->ours);
        if (p[k].count == 2)
            snprintf(c->ours + at, sizeof c->ours - at, " %s %.17g,%.17g", p[k].name, p[k].value[0],
                     p[k].value[1]);
        else
            snprintf(c->ours + at, sizeof c->ours - at, " %s %.17g", p[k].name, p[k].value[0]);
    }
    const char *style = strstr(wc->words, wc->where == IN_CYLINDER ? "zcylinder" : "zplane");
    assert_non_null(style);
    snprintf(c->ours + strlen(c->ours), sizeof c->ours - strlen(c->ours), "%s %s\n", extra, style);
}

/* Pair laws by name: mbconnect pair I J ContactGranular NAME VALUE...
 * [extra] for pair_coeff's `lines`, as case `name` (CHAIN, 2 types:
 * every contact is of types 1 and 2). */
static void named_pairs(const char *const *lines, const char *name, const char *extra,
                        force_case *c)
{
    *c = (force_case){.name = name, .ntypes = 2, .where = CHAIN};
    snprintf(c->native, sizeof c->native, "pair_style granular\n");
    for (; *lines; lines++) {
        char buf[1024], *argv[64];
        snprintf(buf, sizeof buf, "%s", *lines);
        int argc = 0;
        for (char *t = strtok(buf, " "); t && argc < 64; t = strtok(NULL, " "))
            argv[argc++] = t;
        ml_granular_law law;
        mbc_error why = {0};
        if (ml_granular_parse(argc - 2, argv + 2, &law, &why) != MBC_OK)
            fail_msg("%s", why.message);
        ml_granular_param p[ML_GRANULAR_MAX_PARAMS];
        const int np = ml_granular_params(&law, p);
        size_t at = strlen(c->native);
        snprintf(c->native + at, sizeof c->native - at, "pair_coeff %s\n", *lines);
        at = strlen(c->ours);
        snprintf(c->ours + at, sizeof c->ours - at, "mbconnect pair %s %s ContactGranular", argv[0],
                 argv[1]);
        for (int k = 0; k < np; k++) {
            at = strlen(c->ours);
            if (p[k].count == 2)
                snprintf(c->ours + at, sizeof c->ours - at, " %s %.17g,%.17g", p[k].name,
                         p[k].value[0], p[k].value[1]);
            else
                snprintf(c->ours + at, sizeof c->ours - at, " %s %.17g", p[k].name, p[k].value[0]);
        }
        at = strlen(c->ours);
        snprintf(c->ours + at, sizeof c->ours - at, "%s\n", extra);
    }
}

/* The input of every case for one engine (ours: mbc-lammps's lines). */
static char *cases_input(const force_case *fc, int n, const char *units, const char *newton,
                         int ours)
{
    text t = {0};
    for (int k = 0; k < n; k++)
        put(&t,
            "clear\nunits %s\natom_style sphere\natom_modify map array sort 0 0\n"
            "boundary f f f\nnewton %s\ncomm_modify vel yes\nread_data %s.data\n%s"
            "timestep %.17g\ndump d all custom 1 %s.dump id fx fy fz tqx tqy tqz\n"
            "dump_modify d format float %%.17g sort id\nthermo 100\nrun %d\nundump d\n",
            units, newton, fc[k].name, ours ? fc[k].ours : fc[k].native, DT, fc[k].name, NSTEPS);
    return t.s;
}

/* The frames (forces and torques by atom ID) of a case's dump. */
static void read_frames(const char *run, const char *name, double f[NSTEPS + 1][NATOMS][6])
{
    char file[256];
    snprintf(file, sizeof file, "%s.dump", name);
    char *text = run_text(run, file);
    const char *p = text;
    for (int s = 0; s <= NSTEPS; s++) {
        p = strstr(p, "ITEM: ATOMS");
        assert_non_null(p);
        p = strchr(p, '\n');
        for (int k = 0; k < NATOMS; k++) {
            char *end = NULL;
            const long id = strtol(p, &end, 10);
            assert_int_equal(id, k + 1);
            p = end;
            for (int c = 0; c < 6; c++) {
                f[s][k][c] = strtod(p, &end);
                assert_true(end != p);
                p = end;
            }
        }
    }
    free(text);
}

/* The largest relative difference of forces (and, apart, torques) over the
 * steps, relative to the largest of the step. */
static double frames_difference(double a[NSTEPS + 1][NATOMS][6], double b[NSTEPS + 1][NATOMS][6])
{
    double worst = 0.0;
    for (int s = 0; s <= NSTEPS; s++)
        for (int part = 0; part < 2; part++) {
            double scale = 0.0, diff = 0.0;
            for (int k = 0; k < NATOMS; k++)
                for (int c = 3 * part; c < 3 * part + 3; c++) {
                    scale = fmax(scale, fmax(fabs(a[s][k][c]), fabs(b[s][k][c])));
                    diff = fmax(diff, fabs(a[s][k][c] - b[s][k][c]));
                }
            worst = fmax(worst, scale > 0 ? diff / scale : diff);
        }
    return worst;
}

/* Every case of fc on each variant (units, newton, ranks): the per-atom
 * forces and torques of every step equal lmp's within FORCE_TOL. */
typedef struct force_variant {
    const char *name, *units, *newton;
    int np;
} force_variant;

static void run_force_variants(const force_case *fc, int n, const force_variant *variants,
                               size_t nv)
{
    double worst_all = 0.0;
    for (size_t v = 0; v < nv; v++) {
        char native[128], ours[128], path[1500];
        snprintf(native, sizeof native, "%s_lmp", variants[v].name);
        snprintf(ours, sizeof ours, "%s_mbc", variants[v].name);
        for (int k = 0; k < n; k++) {
            atom a[NATOMS];
            spheres(a, fc[k].ntypes, fc[k].where);
            for (int e = 0; e < 2; e++) {
                snprintf(path, sizeof path, "%s/%s.data", run_dir(e ? ours : native), fc[k].name);
                assert_int_equal(write_data(path, a, fc[k].ntypes), 0);
            }
        }
        for (int e = 0; e < 2; e++) {
            char *in = cases_input(fc, n, variants[v].units, variants[v].newton, e);
            write_text(e ? ours : native, "cases.in", in);
            free(in);
        }
        expect_success(native, run_in(native, MBC_LMP_EXE, variants[v].np, "-in cases.in"));
        expect_success(ours, run_in(ours, MBC_LAMMPS_EXE, variants[v].np, "-in cases.in"));
        double worst = 0.0;
        for (int k = 0; k < n; k++) {
            static double fa[NSTEPS + 1][NATOMS][6], fb[NSTEPS + 1][NATOMS][6];
            read_frames(native, fc[k].name, fa);
            read_frames(ours, fc[k].name, fb);
            const double d = frames_difference(fa, fb);
            printf("  %-20s %-34s %.2e\n", variants[v].name, fc[k].name, d);
            if (!(d <= FORCE_TOL))
                fail_msg("%s %s: forces and torques differ from LAMMPS's by %.3g relative (> %g)",
                         variants[v].name, fc[k].name, d, FORCE_TOL);
            worst = fmax(worst, d);
        }
        printf("%s: %d cases, largest relative difference %.2e\n", variants[v].name, n, worst);
        worst_all = fmax(worst_all, worst);
    }
    printf("forces and torques: largest relative difference %.2e (allowed %g)\n", worst_all,
           FORCE_TOL);
}

static void test_forces(void **state)
{
    (void)state;
    static force_case fc[64];
    int n = make_cases(fc, 56);
    named_wall(&wall_cases[1], "wall_by_name", "", &fc[n++]);
    /* LAMMPS 2021's walls where it departs from its documentation: the law's
     * lammps2021 (docs/physics-departures.rst) */
    for (size_t k = 0; k < sizeof wall_cases_2021 / sizeof wall_cases_2021[0]; k++)
        named_wall(&wall_cases_2021[k], wall_cases_2021[k].name, " lammps2021 true", &fc[n++]);
    /* and linear_nohistory beside history models, in 2021's history branch */
    static const char *const nohistory[] = {
        "1 1 hertz 6000 20 damping velocity tangential linear_history 3000 1.0 0.4",
        "2 2 hertz 6000 20 damping velocity tangential linear_history 3000 1.0 0.4",
        "1 2 hertz 6000 20 damping velocity tangential linear_nohistory 1.0 0.1", NULL};
    named_pairs(nohistory, "pairs2021_nohistory",
                " lammps2021 true lammps2021TangentialHistory true", &fc[n++]);
    static const force_variant variants[] = {{"forces_lj_1", "lj", "off", 1},
                                             {"forces_si_2_newton", "si", "on", 2},
                                             {"forces_cgs_2", "cgs", "off", 2}};
    run_force_variants(fc, n, variants, sizeof variants / sizeof variants[0]);
}

/* The classic styles' cases (granular_cases.h): `mbconnect pair * *
 * gran/STYLE WORDS` and `mbconnect wall w all MODEL WORDS` against
 * pair_style gran/STYLE WORDS and fix wall/gran MODEL WORDS, fix freeze
 * after them (its post_force zeroes the frozen atoms' forces after the
 * laws'). */
static int make_classic_cases(force_case *fc, int max)
{
    int n = 0;
    for (size_t k = 0; k < sizeof classic_pairs / sizeof classic_pairs[0] && n < max; k++, n++) {
        const classic_case *cc = &classic_pairs[k];
        force_case *c = &fc[n];
        *c = (force_case){.name = cc->name, .ntypes = 1, .where = CHAIN};
        snprintf(c->native, sizeof c->native, "pair_style %s %s\npair_coeff * *\n", cc->style,
                 cc->words);
        snprintf(c->ours, sizeof c->ours, "mbconnect pair * * %s %s\n", cc->style, cc->words);
        if (!cc->frozen[0])
            continue;
        char freeze[256] = "group frozen id";
        for (int f = 0; cc->frozen[f]; f++)
            snprintf(freeze + strlen(freeze), sizeof freeze - strlen(freeze), " %d", cc->frozen[f]);
        for (int e = 0; e < 2; e++) {
            char *text = e ? c->ours : c->native;
            snprintf(text + strlen(text), sizeof c->ours - strlen(text),
                     "%s\nfix freeze frozen freeze\n", freeze);
        }
    }
    for (size_t k = 0; k < sizeof classic_walls / sizeof classic_walls[0] && n < max; k++, n++) {
        const classic_wall *wc = &classic_walls[k];
        force_case *c = &fc[n];
        *c = (force_case){.name = wc->name, .ntypes = 1, .where = wc->where};
        snprintf(c->native, sizeof c->native, "fix w all wall/gran %s\n", wc->words);
        snprintf(c->ours, sizeof c->ours, "mbconnect wall w all %s\n", wc->words);
    }
    return n;
}

/* The classic styles: the forces of every case on 1 rank (units lj, newton
 * off), 2 ranks (si, newton on) and 2 ranks (metal, newton off: hertz/history
 * divides Kn and Kt by nktv2p = 1.6021765e6); then a pour
 * (tests/lammps/granular/classic_pour.in: gran/hooke/history, a
 * hooke/history floor, fix pour into a periodic box, newton on and atom
 * sorting, which the shear history survives: LAMMPS's transfer negates it
 * when the pair changes owner, pair_style mbconnect keeps it with the lower
 * atom ID first) on 1 and 2 ranks, every thermo
 * value within THERMO_TOL; and Debian's examples/pour/in.pour (2 runs of
 * 2500 steps) and in.pour.2d (4000 steps) spelled out, the same. */
/* Debian's example `rel` (examples/pour/in.pour, in.pour.2d) spelled out
 * for mbc-lammps (its pair_style gran/... and fix wall/gran lines as
 * mbconnect lines, pair_coeff dropped), every `run` shortened to `steps`
 * and the thermo every 250 steps with 15 digits, written into out_dir/name
 * as mbc.in; the path of that file. NULL without lammps-examples. */
static const char *spelled_out_example(const char *name, const char *rel, int steps)
{
    if (!MBC_LAMMPS_EXAMPLES[0])
        return NULL;
    char path[1300];
    snprintf(path, sizeof path, "%s/%s", MBC_LAMMPS_EXAMPLES, rel);
    char *in = read_file(path, NULL);
    if (!in)
        fail_msg("%s: missing", path);
    text t = {0};
    for (const char *p = in; *p;) {
        const size_t n = strcspn(p, "\n");
        char line[4096], style[64], id[64], g[64], model[64];
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        p += n + (p[n] == '\n');
        int at = 0;
        if (sscanf(line, "pair_style %63s %n", style, &at) == 1 && at > 0 &&
            ml_classic_pair_style(style) >= 0)
            put(&t, "mbconnect pair * * %s %s\n", style, line + at);
        else if (strncmp(line, "pair_coeff", 10) == 0)
            continue;
        else if (sscanf(line, "fix %63s %63s wall/gran %63s %n", id, g, model, &at) == 3 &&
                 at > 0 && ml_classic_wall_model(model) >= 0)
            put(&t, "mbconnect wall %s %s %s %s\n", id, g, model, line + at);
        else if (strncmp(line, "run", 3) == 0)
            put(&t, "run %d\n", steps);
        else if (strncmp(line, "thermo\t", 7) == 0 || strncmp(line, "thermo ", 7) == 0)
            put(&t, "thermo 250\n");
        else if (strncmp(line, "thermo_modify", 13) == 0)
            put(&t, "%s format float %%.15g\n", line);
        else
            put(&t, "%s\n", line);
    }
    free(in);
    write_text(name, "mbc.in", t.s);
    free(t.s);
    static char out[1400];
    snprintf(out, sizeof out, "%s/%s/mbc.in", out_dir, name);
    return out;
}

static void test_classic(void **state)
{
    (void)state;
    static force_case fc[64];
    const int n = make_classic_cases(fc, 64);
    static const force_variant variants[] = {{"classic_lj_1", "lj", "off", 1},
                                             {"classic_si_2_newton", "si", "on", 2},
                                             {"classic_metal_2", "metal", "off", 2}};
    run_force_variants(fc, n, variants, sizeof variants / sizeof variants[0]);
    compare_inputs("classic_pour", MBC_SOURCE_DIR "/tests/lammps/granular/classic_pour.in", "",
                   "-var steps 8000");
    /* Debian's pour examples with the classic styles, spelled out */
    static const struct {
        const char *name, *rel;
        int steps;
    } examples[] = {{"classic_in_pour", "pour/in.pour", 2500},
                    {"classic_in_pour_2d", "pour/in.pour.2d", 4000}};
    for (size_t k = 0; k < sizeof examples / sizeof examples[0]; k++) {
        const char *in = spelled_out_example(examples[k].name, examples[k].rel, examples[k].steps);
        if (!in) {
            printf("%s: skipped, no lammps-examples\n", examples[k].name);
            continue;
        }
        compare_inputs(examples[k].name, in, "", "");
    }
}

/* ------------------------------------------------- thermo and pour */

/* An input of mbc-lammps and its lmp twin on 1 and 2 ranks: every thermo
 * value within THERMO_TOL. */
static void compare_inputs(const char *group, const char *path, const char *extra, const char *vars)
{
    char *input = read_file(path, NULL);
    if (!input)
        fail_msg("%s: missing", path);
    char *ours = NULL;
    char *native = native_input(input, extra, &ours);
    free(input);
    for (int np = 1; np <= 2; np++) {
        char a[64], b[64], args[512];
        snprintf(a, sizeof a, "%s_%d_lmp", group, np);
        snprintf(b, sizeof b, "%s_%d_mbc", group, np);
        write_text(a, "in.lammps", native);
        write_text(b, "in.lammps", ours);
        snprintf(args, sizeof args, "-in in.lammps %s", vars);
        expect_success(a, run_in(a, MBC_LMP_EXE, np, args));
        expect_success(b, run_in(b, MBC_LAMMPS_EXE, np, args));
        int rows = 0;
        const double d = thermo_difference(a, b, &rows);
        printf("%s on %d rank%s: %d thermo rows, largest relative difference %.2e (allowed %g)\n",
               group, np, np > 1 ? "s" : "", rows, d, THERMO_TOL);
        if (!(d <= THERMO_TOL))
            fail_msg("%s on %d ranks: thermo differs from LAMMPS's by %.3g relative", group, np, d);
    }
    free(native);
    free(ours);
}

static void test_thermo(void **state)
{
    (void)state;
    compare_inputs("thermo", MBC_SOURCE_DIR "/tests/lammps/granular/block.in", "",
                   "-var steps 2000");
}

static void test_pour(void **state)
{
    (void)state;
    compare_inputs("pour", MBC_SOURCE_DIR "/examples/lammps/pour.in",
                   "newton off\natom_modify sort 0 0\n",
                   "-var n 600 -var duration 0.15 -var thermo 500 -var image no");
    /* the beads reached the floor and each other: contacts (pour.dat's last
     * column, f_mbconnect[1], the bridge's) in the compared steps */
    char *dat = run_text("pour_2_mbc", "pour.dat");
    double t = 0, ke = 0, rke = 0, contacts = 0, row[4];
    for (const char *p = dat; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (sscanf(p, "%lf %lf %lf %lf", &row[0], &row[1], &row[2], &row[3]) == 4) {
            t = row[0];
            contacts = row[3];
        }
    (void)ke;
    (void)rke;
    printf("pour: %.0f contacts at t = %.3f s\n", contacts, t);
    assert_true(contacts > 100);
    free(dat);
}

int main(int argc, char **argv)
{
    if (access(MBC_MPIEXEC, X_OK) != 0 || access(MBC_LAMMPS_EXE, X_OK) != 0 || !MBC_LMP_EXE[0] ||
        access(MBC_LMP_EXE, X_OK) != 0) {
        printf("SKIPPED: mpirun (%s), mbc-lammps (%s) or LAMMPS's lmp (%s) not found (apt-get "
               "install -y lammps liblammps-dev openmpi-bin libopenmpi-dev g++ libfmt-dev)\n",
               MBC_MPIEXEC, MBC_LAMMPS_EXE, MBC_LMP_EXE);
        return 77;
    }
    snprintf(out_dir, sizeof out_dir, "%s/granular", MBC_LAMMPS_OUT);
    if ((mkdir(MBC_LAMMPS_OUT, 0777) != 0 && errno != EEXIST) ||
        (mkdir(out_dir, 0777) != 0 && errno != EEXIST)) {
        fprintf(stderr, "cannot create %s\n", out_dir);
        return 1;
    }
    static const struct {
        const char *name;
        struct CMUnitTest test;
    } groups[] = {
        {"forces", cmocka_unit_test(test_forces)},
        {"thermo", cmocka_unit_test(test_thermo)},
        {"pour", cmocka_unit_test(test_pour)},
        {"classic", cmocka_unit_test(test_classic)},
    };
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        if (argc > 1 && strcmp(argv[1], groups[g].name) == 0) {
            const struct CMUnitTest one[] = {groups[g].test};
            return cmocka_run_group_tests_name(groups[g].name, one, NULL, NULL);
        }
    }
    fprintf(stderr, "usage: test_lammps_granular GROUP (forces, thermo, pour, classic)\n");
    return 2;
}
