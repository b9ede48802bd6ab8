/* SPDX-License-Identifier: BSD-3-Clause */
/* The styles of mbc-lammps against LAMMPS's own (docs/lammps.rst, "Running
 * a LAMMPS input with -sf mbc"): unchanged LAMMPS inputs (pair_style
 * granular, fix wall/gran) run by LAMMPS's `lmp` and by mbc-lammps with
 * -sf mbc (granular/mbc, wall/gran/mbc), compared value by value.
 * `test_lammps_styles GROUP` runs one group:
 *
 *   suffix      tests/lammps/styles/block.in: a block of touching, moving,
 *               spinning spheres, 200 steps; every atom's position, force
 *               and torque the same bits as lmp's, for hertz +
 *               linear_history and the full model (hertz/material, tsuji,
 *               mindlin, rolling sds, twisting marshall), newton on and
 *               off, 1 and 2 ranks (suffix: four of the eight; suffix_all,
 *               slow: the others); which styles `suffix mbc`, `suffix off`,
 *               `suffix on` and `clear` make (suffix.in);
 *   analysis    styles/bed.in: a poured bed of two types (jkr and
 *               hertz/material with rolling and twisting) on a floor
 *               wall: compute pair/local, stress/atom, pe/atom, compute
 *               pair and the pressure as lmp's, on 2 ranks (analysis_all,
 *               slow: 1 rank, and under pair_style hybrid/overlay with
 *               lj/cut, a native style, on 1 and 2 ranks);
 *   restart     styles/settle.in: spheres settling onto a floor, newton on,
 *               LAMMPS's atom sorting: the run equal to lmp's, and its
 *               restart file read on 1 and 2 ranks continues it bit for bit
 *               (also across rank counts);
 *   ids         styles/settle.in: reset_atom_ids and delete_atoms compress
 *               yes between runs: by default each record keeps its atoms'
 *               old IDs as lmp's do (every run the same bits as lmp's);
 *               with mbconnect corrected yes it follows its atoms' new IDs
 *               (the run equals the one without them, bit for bit; lmp's
 *               own does not: its records attach to other pairs);
 *   renumber    styles/renumber.in: in.pour.drum's pattern in small
 *               (region walls, delete_atoms compress yes between runs, a
 *               lid wall added), on 1 and 2 ranks: every atom the same
 *               bits as lmp's;
 *   pour        LAMMPS's examples/granular/in.pour.flatwall (Debian's
 *               lammps-examples), unchanged, 5000 steps (slow): the last
 *               state of every atom the same bits as lmp's, on 1 and 2
 *               ranks (where lmp's own 1- and 2-rank runs differ entirely);
 *   classic_block  styles/classic.in: a block of spheres settling onto a floor
 *               under the classic styles (gran/hooke, gran/hooke/history,
 *               gran/hertz/history; fix wall/gran with the same model),
 *               alone and inside pair_style hybrid, newton on and off, on
 *               1 and 2 ranks: every atom's state and stress/atom the
 *               same bits as lmp's, compute pair/local's columns (not
 *               under hybrid: lmp's own single() crashes there) and the
 *               thermo with the pressure to round-off; and a restart
 *               (styles/classic_restart.in) continuing bit for bit on 2
 *               ranks, and two types with a pair_coeff line each
 *               (styles/classic_types.in: the pair 1 2 mixed, as lmp);
 *   classic     LAMMPS's examples/pour/in.pour (gran/hooke/history, fix
 *               wall/gran hooke/history), in.pour.2d (dimension 2,
 *               gran/hertz/history, two walls) and in.pour.2d.molecule
 *               (fix rigid/small: the bodies' masses), unchanged but for
 *               their `run N` numbers, which are cut short (copies in the
 *               run's directory): the last state of every atom the same
 *               bits as lmp's, on 1 and 2 ranks; lmp's own 1- and 2-rank
 *               runs compared and shown;
 *   drum        LAMMPS's examples/granular/in.pour.drum, its second run
 *               3000 -> 500 steps, under -sf mbc (granular/mbc; its fix
 *               wall/gran/region lines, a rotating cylinder and planes,
 *               wall/gran/region/mbc; delete_atoms between the runs)
 *               (slow), on 1 and 2 ranks: every atom the same bits as
 *               lmp's;
 *   box         examples/granregion/in.granregion.box, its five runs 5000
 *               -> 5000, 1000, 500, 1000, 500 steps (fix wall/gran/region
 *               hooke/history on a block that is deleted, made again and
 *               rotated between runs): every atom the same bits as lmp's,
 *               on 1 and 2 ranks;
 *   region_restart  styles/region.in: spheres in a corner of a turning
 *               block (fix wall/gran/region granular with mindlin, rolling
 *               and twisting history): the run equal to lmp's, and its
 *               restart file, read on the same rank count (1 and 2),
 *               continues it bit for bit (each atom's slots and the
 *               region's motion carried).
 *
 * Skipped (status 77) without mpirun, lmp or mbc-lammps (pour: also
 * without lammps-examples). */
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

#include "example_copy.h"
#include "read_file.h"

#define SRC      MBC_SOURCE_DIR "/tests/lammps/styles"
#define MAX_COLS 20
#define FULL_LAW                                                                                   \
    "hertz/material 1e8 0.5 0.3 damping tsuji tangential mindlin NULL 1.0 0.5 rolling sds 1e3 "    \
    "5 0.1 twisting marshall"
#define PLAIN_LAW "hertz 2e8 0.5 tangential linear_history 1e4 1.0 0.5"
/* The classic group's runs (the examples' 25000-step runs cut short):
 * in.pour's two, the 2d examples' one; long enough for the poured spheres
 * to reach the floor and touch each other. */
#define CLASSIC_POUR_RUNS   6000, 200
#define CLASSIC_POUR_2D_RUN 9000

/* ------------------------------------------------------------- running */

static void make_dir(const char *path)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        fail_msg("cannot create %s: %s", path, strerror(errno));
}

/* MBC_LAMMPS_OUT/name, made when missing. */
static const char *run_dir(const char *name)
{
    static char dir[1200];
    make_dir(MBC_LAMMPS_OUT);
    snprintf(dir, sizeof dir, "%s/%s", MBC_LAMMPS_OUT, name);
    make_dir(dir);
    return dir;
}

/* Runs `exe args` (mbc-lammps or lmp) on np ranks in run_dir(name), the
 * screen into screen.txt; fails with its end unless the status is 0. */
static void run(const char *name, const char *exe, int np, const char *args)
{
    char cmd[4096];
    const char *dir = run_dir(name);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && timeout 600 '%s' --allow-run-as-root --oversubscribe -np %d '%s' -nocite "
             "-log none %s > screen.txt 2>&1",
             dir, MBC_MPIEXEC, np, exe, args);
    const int st = system(cmd);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
        return;
    char path[1300];
    snprintf(path, sizeof path, "%s/screen.txt", dir);
    char *screen = read_file(path, NULL);
    const size_t n = screen ? strlen(screen) : 0;
    fail_msg("%s: exit status %d\n%s", name, WIFEXITED(st) ? WEXITSTATUS(st) : 128,
             screen ? (n > 3000 ? screen + n - 3000 : screen) : "");
}

static void mbc(const char *name, int np, const char *args)
{
    char all[2048];
    snprintf(all, sizeof all, "-sf mbc %s", args);
    run(name, MBC_LAMMPS_EXE, np, all);
}

static void lmp(const char *name, int np, const char *args)
{
    run(name, MBC_LMP_EXE, np, args);
}

/* A file of a run (must exist). */
static char *run_text(const char *name, const char *file)
{
    char path[1300];
    snprintf(path, sizeof path, "%s/%s/%s", MBC_LAMMPS_OUT, name, file);
    char *text = read_file(path, NULL);
    if (!text)
        fail_msg("%s: missing", path);
    return text;
}

/* ------------------------------------------------------------- dumps */

/* The last frame of a dump: rows of cols values (ITEM: ATOMS or ITEM:
 * ENTRIES). */
typedef struct frame {
    double (*row)[MAX_COLS];
    int rows, cols;
} frame;

static frame read_frame(const char *name, const char *file)
{
    char *text = run_text(name, file);
    const char *p = NULL;
    for (const char *q = text; (q = strstr(q, "ITEM: ")); q++)
        if (strncmp(q, "ITEM: ATOMS", 11) == 0 || strncmp(q, "ITEM: ENTRIES", 13) == 0)
            p = q;
    assert_non_null(p);
    frame f = {0};
    for (const char *q = strchr(p, ' ') + 1; *q && *q != '\n'; q++)
        f.cols += q[0] != ' ' && q[-1] == ' ';
    f.cols--; /* "ATOMS" or "ENTRIES" */
    assert_true(f.cols > 0 && f.cols <= MAX_COLS);
    size_t room = 1024;
    f.row = malloc(room * sizeof *f.row);
    for (p = strchr(p, '\n'); p && p[1]; p = strchr(p + 1, '\n')) {
        if ((size_t)f.rows == room)
            f.row = realloc(f.row, (room *= 2) * sizeof *f.row);
        assert_non_null(f.row);
        char *end = (char *)p + 1;
        for (int c = 0; c < f.cols; c++)
            f.row[f.rows][c] = strtod(end, &end);
        f.rows++;
    }
    free(text);
    return f;
}

/* Two frames of the same atoms (sorted by ID): the count of values that
 * differ in their bits (== takes -0 for 0), the first one named. */
static int differing(const frame *a, const frame *b, const char *what)
{
    assert_int_equal(a->rows, b->rows);
    assert_int_equal(a->cols, b->cols);
    int n = 0;
    for (int r = 0; r < a->rows; r++)
        for (int c = 0; c < a->cols; c++)
            if (!(a->row[r][c] == b->row[r][c]) && !n++)
                printf("%s: first difference at row %d column %d: %.17g and %.17g\n", what, r, c,
                       a->row[r][c], b->row[r][c]);
    return n;
}

static void same_atoms(const char *a_run, const char *b_run, const char *file)
{
    frame a = read_frame(a_run, file), b = read_frame(b_run, file);
    char what[256];
    snprintf(what, sizeof what, "%s and %s", a_run, b_run);
    const int n = differing(&a, &b, what);
    printf("%s: %d atoms x %d values, %d differ\n", what, a.rows, a.cols, n);
    assert_int_equal(n, 0);
    free(a.row);
    free(b.row);
}

/* The rows of a frame sorted by their values (atoms whose IDs differ:
 * the first columns are x y z). */
static int by_values(const void *p, const void *q)
{
    const double *a = p, *b = q;
    for (int c = 0; c < MAX_COLS; c++)
        if (a[c] != b[c])
            return a[c] < b[c] ? -1 : 1;
    return 0;
}

static int differing_sorted(const char *a_run, const char *b_run, double *largest)
{
    frame a = read_frame(a_run, "settle.dump"), b = read_frame(b_run, "settle.dump");
    assert_int_equal(a.rows, b.rows);
    for (frame *f = &a; f; f = f == &a ? &b : NULL) {
        for (int r = 0; r < f->rows; r++) /* the ID, last, is left out */
            for (int c = f->cols - 1; c < MAX_COLS; c++)
                f->row[r][c] = 0.0;
        qsort(f->row, (size_t)f->rows, sizeof *f->row, by_values);
    }
    int n = 0;
    *largest = 0.0;
    for (int c = 0; c < a.cols - 1; c++) {
        double scale = 0.0;
        for (int r = 0; r < a.rows; r++)
            scale = fmax(scale, fabs(a.row[r][c]));
        for (int r = 0; r < a.rows; r++) {
            n += !(a.row[r][c] == b.row[r][c]);
            *largest = fmax(*largest, fabs(a.row[r][c] - b.row[r][c]) / fmax(scale, 1e-300));
        }
    }
    free(a.row);
    free(b.row);
    return n;
}

/* --------------------------------------------------------------- groups */

/* block.in with law and newton on np ranks: mbc-lammps -sf mbc and lmp. */
static void block_case(const char *law_name, const char *law, const char *newton, int np)
{
    char args[1024], a[128], b[128];
    snprintf(args, sizeof args, "-in %s/block.in -var words \"%s\" -var newton %s", SRC, law,
             newton);
    snprintf(a, sizeof a, "block_%s_%s_%d_lmp", law_name, newton, np);
    snprintf(b, sizeof b, "block_%s_%s_%d_mbc", law_name, newton, np);
    lmp(a, np, args);
    mbc(b, np, args);
    same_atoms(a, b, "block.dump");
    char *screen = run_text(b, "screen.txt");
    assert_non_null(strstr(screen, "granular/mbc: pair_style granular computed by mbconnect's "
                                   "ContactGranular (1 law), LAMMPS 2021's numbers"));
    assert_non_null(strstr(screen, "(1) pair granular/mbc, perpetual"));
    free(screen);
}

/* The styles LAMMPS made in suffix.in, in order: each run's pair style and
 * each wall/gran's. */
static void suffix_styles(void)
{
    run("suffix_styles", MBC_LAMMPS_EXE, 1, "-echo screen -in " SRC "/suffix.in");
    char *screen = run_text("suffix_styles", "screen.txt");
    char made[2048] = "";
    for (const char *p = screen; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p)) {
        char line[256];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(p, "\n"), p);
        if (strstr(line, "(1) pair "))
            strcat(made, strstr(line, "pair "));
        else if (strncmp(line, "wall/gran/mbc ", 14) == 0)
            strcat(made, "wall/gran/mbc");
        else if (strcmp(line, "clear") == 0)
            strcat(made, "clear");
        else
            continue;
        strcat(made, "; ");
    }
    free(screen);
    printf("suffix.in made: %s\n", made);
    /* suffix mbc: both /mbc; suffix off: LAMMPS's own; suffix on: the pair
     * style granular in use stays (LAMMPS keeps a style given again: its
     * neighbor lists unchanged, no line); after clear the same */
    static const char pass[] = "wall/gran/mbc; pair granular/mbc, perpetual; pair granular, "
                               "perpetual; clear; ";
    char want[1024];
    snprintf(want, sizeof want, "%s%s", pass, pass);
    assert_string_equal(made, want);
}

static void test_suffix(void **state)
{
    (void)state;
    block_case("plain", PLAIN_LAW, "on", 1);
    block_case("plain", PLAIN_LAW, "on", 2);
    block_case("full", FULL_LAW, "off", 1);
    block_case("full", FULL_LAW, "off", 2);
    suffix_styles();
}

static void test_suffix_all(void **state)
{
    (void)state;
    block_case("plain", PLAIN_LAW, "off", 1);
    block_case("plain", PLAIN_LAW, "off", 2);
    block_case("full", FULL_LAW, "on", 1);
    block_case("full", FULL_LAW, "on", 2);
}

/* The rows of a screen's thermo tables, as printed (between a "Step" line
 * and "Loop time"; warnings left out), into rows; returns their count. */
static int thermo_rows(const char *screen, char rows[][512], int room)
{
    int n = 0, in = 0;
    for (const char *p = screen; *p && n < room;) {
        const size_t len = strcspn(p, "\n");
        if (strncmp(p, "Step ", 5) == 0)
            in = 1;
        else if (strncmp(p, "Loop time", 9) == 0)
            in = 0;
        else if (in && strncmp(p, "WARNING", 7) != 0)
            snprintf(rows[n++], 512, "%.*s", (int)len, p);
        p += len + (p[len] == '\n');
    }
    return n;
}

/* compute pair/local's columns (dist force p1 .. p12): all the same bits
 * as lmp's but the magnitudes p4 and p8 of a sliding or rolling contact
 * (lmp rescales them, to the last bit) and p9, the twisting torque, which
 * lmp's single() gives only at the Coulomb limit (mbc-lammps: the torque
 * the pair applies; docs/physics-departures.rst). */
static void same_local(const char *a_run, const char *b_run)
{
    frame a = read_frame(a_run, "bed_local.dump"), b = read_frame(b_run, "bed_local.dump");
    assert_int_equal(a.rows, b.rows);
    assert_int_equal(a.cols, 14);
    int equal = 0, close = 0, twist_limit = 0, twist = 0;
    for (int r = 0; r < a.rows; r++)
        for (int c = 0; c < 14; c++) {
            const double x = a.row[r][c], y = b.row[r][c];
            if (c == 10) { /* p9 */
                twist_limit += x != 0.0 && x == y;
                twist += x == 0.0 && y != 0.0;
                if (x != 0.0 && x != y)
                    fail_msg("%s: p9 of entry %d at the limit: %.17g, lmp %.17g", b_run, r, y, x);
            } else if (x == y) {
                equal++;
            } else if ((c == 5 || c == 9) && fabs(x - y) <= 4e-16 * fabs(x)) {
                close++;
            } else {
                fail_msg("%s: entry %d column %d: %.17g, lmp %.17g", b_run, r, c, y, x);
            }
        }
    printf("%s: pair/local %d entries: %d values the same bits, %d magnitudes to the last bit, "
           "twisting torque at the limit equal in %d, below it %d (lmp: 0)\n",
           b_run, a.rows, equal, close, twist_limit, twist);
    assert_true(a.rows > 500 && equal > 10 * a.rows);
    free(a.row);
    free(b.row);
}

static void bed_case(int hybrid, int np)
{
    char args[512], a[64], b[64];
    snprintf(args, sizeof args, "-in %s/bed.in -var hybrid %d", SRC, hybrid);
    snprintf(a, sizeof a, "bed_%d_%d_lmp", hybrid, np);
    snprintf(b, sizeof b, "bed_%d_%d_mbc", hybrid, np);
    lmp(a, np, args);
    mbc(b, np, args);
    same_atoms(a, b, "bed_atoms.dump"); /* forces, torques, stress/atom, pe/atom */
    same_local(a, b);
    char *sa = run_text(a, "screen.txt"), *sb = run_text(b, "screen.txt");
    static char ra[64][512], rb[64][512];
    const int na = thermo_rows(sa, ra, 64), nb = thermo_rows(sb, rb, 64);
    assert_int_equal(na, nb);
    for (int k = 0; k < na; k++)
        if (strcmp(ra[k], rb[k]) != 0)
            fail_msg("%s: thermo row %d (ke, compute pair, pressure):\n%s\nlmp:\n%s", b, k, rb[k],
                     ra[k]);
    printf("%s: %d thermo rows (ke, compute pair, the pressure tensor) the same text\n", b, na);
    free(sa);
    free(sb);
}

static void test_analysis(void **state)
{
    (void)state;
    bed_case(0, 2);
}

static void test_analysis_all(void **state)
{
    (void)state;
    bed_case(0, 1);
    bed_case(1, 1);
    bed_case(1, 2);
}

static void test_restart(void **state)
{
    (void)state;
    const char *in = "-in " SRC "/settle.in";
    lmp("settle_whole_lmp", 1, in);
    for (int np = 1; np <= 2; np++) {
        char whole[64];
        snprintf(whole, sizeof whole, "settle_whole_%d", np);
        mbc(whole, np, in);
        if (np == 1)
            same_atoms("settle_whole_lmp", whole, "settle.dump");
        for (int to = 1; to <= 2; to++) {
            char name[64], args[1024];
            snprintf(name, sizeof name, "settle_read_%d_from_%d", to, np);
            snprintf(args, sizeof args, "%s -var part read -var restart %s/%s/settle.restart", in,
                     MBC_LAMMPS_OUT, whole);
            mbc(name, to, args);
            if (to == np) {
                same_atoms(whole, name, "settle.dump");
            } else { /* the atoms of another rank count: its sums' order (measured: the
                      * same bits) */
                double largest = 0.0;
                const int n = differing_sorted(whole, name, &largest);
                printf("%s: %d values differ, by %.3g of a column's largest at most\n", name, n,
                       largest);
                assert_true(largest <= 1e-12);
            }
            char *screen = run_text(name, "screen.txt");
            assert_null(strstr(screen, "start without their history"));
            assert_null(strstr(screen, "Unused restart file"));
            free(screen);
        }
    }
}

/* settle.in with -var part ids -var change c, by mbc-lammps and lmp. */
/* settle.in with the change: lmp, mbc-lammps (its run the same bits as
 * lmp's: LAMMPS 2021's records by default) and mbc-lammps with mbconnect
 * corrected yes. */
static void ids_run(const char *change)
{
    char args[512], a[64], b[64], c[64];
    snprintf(args, sizeof args, "-in %s/settle.in -var part ids -var change %s", SRC, change);
    snprintf(a, sizeof a, "ids_%s_lmp", change);
    snprintf(b, sizeof b, "ids_%s_mbc", change);
    snprintf(c, sizeof c, "ids_%s_corrected", change);
    lmp(a, 1, args);
    mbc(b, 1, args);
    same_atoms(a, b, "settle.dump");
    strcat(args, " -var corrected yes");
    mbc(c, 1, args);
}

/* The count in mbc-lammps's line on reassigned IDs, which must be there. */
static long ids_line(const char *name, const char *what)
{
    static const char line[] = "WARNING: granular/mbc: atom IDs were reassigned since the last "
                               "run (reset_atom_ids, delete_atoms compress yes): ";
    char *screen = run_text(name, "screen.txt");
    const char *w = strstr(screen, line);
    assert_non_null(w);
    assert_non_null(strstr(w, what));
    printf("  %.*s\n", (int)strcspn(w, "\n"), w);
    const long records = strtol(w + strlen(line), NULL, 10);
    free(screen);
    return records;
}

static void test_ids(void **state)
{
    (void)state;
    static const char *const changes[] = {"none", "reset", "keep", "compress"};
    for (int k = 0; k < 4; k++)
        ids_run(changes[k]);
    static const struct {
        const char *changed, *same;
    } pairs[] = {{"reset", "none"}, {"compress", "keep"}};
    for (int k = 0; k < 2; k++) {
        char a[64], b[64];
        double largest = 0.0;
        snprintf(a, sizeof a, "ids_%s_corrected", pairs[k].same);
        snprintf(b, sizeof b, "ids_%s_corrected", pairs[k].changed);
        const int n = differing_sorted(a, b, &largest);
        snprintf(a, sizeof a, "ids_%s_lmp", pairs[k].same);
        snprintf(b, sizeof b, "ids_%s_lmp", pairs[k].changed);
        double lmp_largest = 0.0;
        const int lmp_n = differing_sorted(a, b, &lmp_largest);
        printf("%s against %s: mbc-lammps (corrected yes) %d values differ; lmp's own and "
               "mbc-lammps's by default %d (%.3g of a column's largest: their records attach "
               "to other pairs)\n",
               pairs[k].changed, pairs[k].same, n, lmp_n, lmp_largest);
        assert_int_equal(n, 0);
        assert_true(lmp_n > 0); /* else the change moved no record */
        snprintf(b, sizeof b, "ids_%s_corrected", pairs[k].changed);
        assert_true(ids_line(b, " contact records follow their atoms' new IDs, ") > 0);
        snprintf(b, sizeof b, "ids_%s_mbc", pairs[k].changed);
        assert_true(ids_line(b, " contact records keep their atoms' old IDs, as LAMMPS 2021's "
                                "do") > 0);
    }
}

/* in.pour.drum's second run in small: lmp's records keep the old IDs
 * after delete_atoms, and so do granular/mbc's by default. */
static void test_renumber(void **state)
{
    (void)state;
    for (int np = 1; np <= 2; np++) {
        char a[64], b[64];
        snprintf(a, sizeof a, "renumber_%d_lmp", np);
        snprintf(b, sizeof b, "renumber_%d_mbc", np);
        lmp(a, np, "-in " SRC "/renumber.in");
        mbc(b, np, "-in " SRC "/renumber.in");
        same_atoms(a, b, "renumber.dump");
        assert_true(ids_line(b, " contact records keep their atoms' old IDs, ") > 0);
    }
}

static void test_pour(void **state)
{
    (void)state;
    if (!MBC_LAMMPS_EXAMPLES[0]) {
        printf("SKIPPED: LAMMPS's examples are not installed (apt-get install lammps-examples)\n");
        exit(77);
    }
    /* the example unchanged (included), then the state of every atom */
    for (int np = 1; np <= 2; np++) {
        char a[64], b[64];
        snprintf(a, sizeof a, "pour_%d_lmp", np);
        snprintf(b, sizeof b, "pour_%d_mbc", np);
        for (int k = 0; k < 2; k++) {
            FILE *f = NULL;
            char path[1300];
            snprintf(path, sizeof path, "%s/in.pour", run_dir(k ? b : a));
            f = fopen(path, "w");
            assert_non_null(f);
            fprintf(f,
                    "include %s/granular/in.pour.flatwall\n"
                    "write_dump all custom pour.dump id x y z vx vy vz fx fy fz tqx tqy tqz "
                    "modify format float %%.17g sort id\n",
                    MBC_LAMMPS_EXAMPLES);
            assert_int_equal(fclose(f), 0);
        }
        lmp(a, np, "-in in.pour");
        mbc(b, np, "-in in.pour");
        same_atoms(a, b, "pour.dump");
    }
    /* lmp's own 1- and 2-rank runs part long before the end */
    frame one = read_frame("pour_1_lmp", "pour.dump"), two = read_frame("pour_2_lmp", "pour.dump");
    const int n = differing(&one, &two, "lmp on 1 and 2 ranks");
    printf("lmp on 1 and 2 ranks: %d of %d values differ after 5000 steps\n", n,
           one.rows * one.cols);
    free(one.row);
    free(two.row);
}

/* compute pair/local of the classic styles (dist force p1 .. p10): the
 * same pairs, each column within 1e-13 of its largest value of lmp's
 * (single() computes the pair's force anew from its record, in the law's
 * order of operations, not LAMMPS's: the normal force over r and the
 * tangential force are the same to the last bits, not always to the bit). */
static void classic_local(const char *a_run, const char *b_run)
{
    frame a = read_frame(a_run, "classic_local.dump"), b = read_frame(b_run, "classic_local.dump");
    assert_int_equal(a.rows, b.rows);
    assert_int_equal(a.cols, 12);
    assert_true(a.rows > 0); /* contacts there */
    int equal = 0;
    double worst = 0.0;
    for (int c = 0; c < a.cols; c++) {
        double scale = 0.0;
        for (int r = 0; r < a.rows; r++)
            scale = fmax(scale, fabs(a.row[r][c]));
        for (int r = 0; r < a.rows; r++) {
            const double x = a.row[r][c], y = b.row[r][c];
            equal += x == y;
            const double off = fabs(x - y) / fmax(scale, 1e-300);
            worst = fmax(worst, off);
            if (!(off <= 1e-13))
                fail_msg("%s: pair/local entry %d column %d: %.17g, lmp %.17g", b_run, r, c, y, x);
        }
    }
    printf("%s: pair/local %d entries: %d of %d values the same bits, the others within %.2g of "
           "their column's largest\n",
           b_run, a.rows, equal, a.rows * a.cols, worst);
    free(a.row);
    free(b.row);
}

/* classic.in with style, wall model, words, hybrid and newton on np
 * ranks (300 steps; gran/hooke 40): mbc-lammps -sf mbc and lmp, every value the same bits. */
static void classic_case(const char *style, const char *wall, const char *words, int hybrid,
                         const char *newton, int np)
{
    char args[1024], a[128], b[128];
    /* gran/hooke has no shear spring: its block spreads out within 300
     * steps, so its run stops while the spheres still touch */
    snprintf(args, sizeof args,
             "-in %s/classic.in -var style %s -var wall %s -var words \"%s\" -var hybrid %d "
             "-var newton %s -var steps %d",
             SRC, style, wall, words, hybrid, newton, strcmp(wall, "hooke") == 0 ? 40 : 300);
    for (int k = 0; k < 2; k++) {
        char *name = k ? b : a;
        snprintf(name, 128, "classic_%s_%d_%s_%d_%s", wall, hybrid, newton, np, k ? "mbc" : "lmp");
        for (char *c = name; *c; c++)
            *c = *c == '/' ? '_' : *c;
    }
    lmp(a, np, args);
    mbc(b, np, args);
    same_atoms(a, b, "classic_atoms.dump");
    if (!hybrid) /* lmp's own gran/hooke ends in a segmentation fault there */
        classic_local(a, b);
    char *sa = run_text(a, "screen.txt"), *sb = run_text(b, "screen.txt");
    static char ra[64][512], rb[64][512];
    const int na = thermo_rows(sa, ra, 64), nb = thermo_rows(sb, rb, 64);
    assert_int_equal(na, nb);
    /* the thermo rows: the same, but for the pressure's small components,
     * sums in which the pairs cancel, to 1e-14 of the row's largest */
    int same_rows = 0;
    double worst = 0.0;
    for (int r = 0; r < na; r++) {
        same_rows += strcmp(ra[r], rb[r]) == 0;
        char *pa = ra[r], *pb = rb[r];
        double x[16], y[16], big = 0.0;
        int n = 0;
        for (; n < 16; n++) {
            char *ea = NULL, *eb = NULL;
            x[n] = strtod(pa, &ea);
            y[n] = strtod(pb, &eb);
            if (ea == pa || eb == pb)
                break;
            big = fmax(big, fabs(x[n]));
            pa = ea;
            pb = eb;
        }
        for (int c = 0; c < n; c++) {
            worst = fmax(worst, fabs(x[c] - y[c]) / fmax(big, 1e-300));
            if (!(fabs(x[c] - y[c]) <= 1e-14 * big))
                fail_msg("%s: thermo row %d column %d: %.17g, lmp %.17g", b, r, c, y[c], x[c]);
        }
    }
    char said[200];
    snprintf(said, sizeof said, "%s/mbc: pair_style %s computed by mbconnect's ContactGranClassic",
             style, style);
    assert_non_null(strstr(sb, said));
    printf("%s: thermo %d of %d rows the same, the others within %.2g of their largest value; "
           "%s\n",
           b, same_rows, na, worst, said);
    free(sa);
    free(sb);
}

/* classic_restart.in on 2 ranks: the run continued from its restart file
 * in a new process the same bits as the run without one. */
static void classic_restart(void)
{
    char args[1024];
    snprintf(args, sizeof args, "-in %s/classic_restart.in", SRC);
    mbc("classic_restart", 2, args);
    snprintf(args, sizeof args, "-in %s/classic_restart.in -var part read", SRC);
    mbc("classic_restart", 2, args);
    char *screen = run_text("classic_restart", "screen.txt");
    assert_non_null(strstr(screen, "restoring pair style gran/hertz/history/mbc from restart"));
    assert_null(strstr(screen, "WARNING")); /* the contacts continue their history */
    free(screen);
    frame a = read_frame("classic_restart", "restart_whole.dump"),
          b = read_frame("classic_restart", "restart_read.dump");
    const int n = differing(&a, &b, "classic restart");
    printf("classic_restart: %d atoms x %d values, %d differ after the restart\n", a.rows, a.cols,
           n);
    assert_int_equal(n, 0);
    free(a.row);
    free(b.row);
}

static void test_classic_block(void **state)
{
    (void)state;
    classic_restart();
    /* pair_coeff 1 1 and 2 2: the pair 1 2 mixed from the same words */
    char args[1024];
    snprintf(args, sizeof args, "-in %s/classic_types.in", SRC);
    lmp("classic_types_lmp", 1, args);
    mbc("classic_types_mbc", 1, args);
    same_atoms("classic_types_lmp", "classic_types_mbc", "classic_types.dump");
    classic_case("gran/hooke", "hooke", "2e5 NULL 50.0 NULL 0.5 1", 0, "on", 1);
    classic_case("gran/hooke/history", "hooke/history", "2e5 NULL 50.0 NULL 0.5 0", 0, "off", 2);
    classic_case("gran/hertz/history", "hertz/history", "4e5 NULL 80.0 NULL 0.5 1 limit_damping", 0,
                 "on", 2);
    /* as in.granregion.box: the style inside pair_style hybrid */
    classic_case("gran/hooke", "hooke", "2e5 NULL 50.0 NULL 0.5 1", 1, "off", 2);
    classic_case("gran/hertz/history", "hertz/history", "4e5 NULL 80.0 NULL 0.5 0", 1, "on", 1);
}

/* A copy of LAMMPS's example (a path under the examples) into
 * run_dir(name)/in.example: its k-th `run N` line's N cut to at most
 * runs[k] (the only edit: example_copy.h), then a dump of every atom's
 * state, and `extra`; the molecule file of examples/pour beside it. */
static void short_example(const char *name, const char *example, const int *runs, int nruns,
                          const char *extra)
{
    char path[1300], in[1300], tail[1024];
    snprintf(path, sizeof path, "%s/%s", MBC_LAMMPS_EXAMPLES, example);
    snprintf(in, sizeof in, "%s/in.example", run_dir(name));
    snprintf(tail, sizeof tail,
             "write_dump all custom example.dump id x y z vx vy vz fx fy fz tqx tqy tqz modify "
             "format float %%.17g sort id\n%s",
             extra);
    const example_edits edits = {runs, nruns, 0, NULL};
    assert_int_equal(example_copy(path, in, &edits, tail), nruns);
    snprintf(path, sizeof path, "cp '%s/pour/molecule.vshape' '%s/'", MBC_LAMMPS_EXAMPLES,
             run_dir(name));
    assert_int_equal(system(path), 0);
}

static void test_classic(void **state)
{
    (void)state;
    if (!MBC_LAMMPS_EXAMPLES[0]) {
        printf("SKIPPED: LAMMPS's examples are not installed (apt-get install lammps-examples)\n");
        exit(77);
    }
    static const struct {
        const char *file, *style;
        int runs[2], nruns;
    } ex[] = {
        {"pour/in.pour", "gran/hooke/history", {CLASSIC_POUR_RUNS}, 2},
        {"pour/in.pour.2d", "gran/hertz/history", {CLASSIC_POUR_2D_RUN}, 1},
        {"pour/in.pour.2d.molecule", "gran/hertz/history", {CLASSIC_POUR_2D_RUN}, 1},
    };
    for (size_t e = 0; e < sizeof ex / sizeof ex[0]; e++) {
        char one[2][64];
        for (int np = 1; np <= 2; np++) {
            char a[64], b[64];
            snprintf(a, sizeof a, "classic_%zu_%d_lmp", e, np);
            snprintf(b, sizeof b, "classic_%zu_%d_mbc", e, np);
            snprintf(one[np - 1], sizeof one[0], "%s", a);
            short_example(a, ex[e].file, ex[e].runs, ex[e].nruns, "");
            short_example(b, ex[e].file, ex[e].runs, ex[e].nruns, "");
            lmp(a, np, "-in in.example");
            mbc(b, np, "-in in.example");
            printf("%s: ", ex[e].file);
            same_atoms(a, b, "example.dump");
            char *screen = run_text(b, "screen.txt"), said[200];
            snprintf(said, sizeof said,
                     "%s/mbc: pair_style %s computed by mbconnect's ContactGranClassic (1 law), "
                     "LAMMPS 2021's numbers",
                     ex[e].style, ex[e].style);
            assert_non_null(strstr(screen, said));
            assert_non_null(strstr(screen, ": fix wall/gran computed by mbconnect's "
                                           "ContactGranClassic"));
            free(screen);
        }
        frame f1 = read_frame(one[0], "example.dump"), f2 = read_frame(one[1], "example.dump");
        const int n = f1.rows == f2.rows ? differing(&f1, &f2, "lmp on 1 and 2 ranks") : -1;
        printf("%s: lmp on 1 and 2 ranks: %d of %d values differ (%d and %d atoms)\n", ex[e].file,
               n, f1.rows * f1.cols, f1.rows, f2.rows);
        free(f1.row);
        free(f2.row);
    }
}

/* ---------------------------------------------------------- region walls */

/* The contacts a run's `print 'region contacts: ...'` line gives, one
 * number per wall at the last step: each > 0. */
static void region_contacts(const char *name)
{
    char *screen = run_text(name, "screen.txt");
    const char *c = strstr(screen, "region contacts:");
    assert_non_null(c);
    printf("  %s: %.*s\n", name, (int)strcspn(c, "\n"), c);
    const char *p = c + strlen("region contacts:");
    int walls = 0;
    for (;;) {
        char *end = NULL;
        const double v = strtod(p, &end);
        if (end == p)
            break;
        assert_true(v > 0.0);
        walls++;
        p = end;
    }
    assert_true(walls > 0);
    free(screen);
}

static void skip_without_examples(void)
{
    if (!MBC_LAMMPS_EXAMPLES[0]) {
        printf("SKIPPED: LAMMPS's examples are not installed (apt-get install lammps-examples)\n");
        exit(77);
    }
}

/* The example, shortened, by lmp and by mbc-lammps -sf mbc on 1 and 2
 * ranks: the same atoms; `extra` (after the dump) in mbc-lammps's copy. */
static void example_case(const char *tag, const char *example, const int *runs, int nruns,
                         const char *extra)
{
    skip_without_examples();
    for (int np = 1; np <= 2; np++) {
        char a[64], b[64];
        snprintf(a, sizeof a, "%s_%d_lmp", tag, np);
        snprintf(b, sizeof b, "%s_%d_mbc", tag, np);
        short_example(a, example, runs, nruns, "");
        short_example(b, example, runs, nruns, extra);
        lmp(a, np, "-in in.example");
        mbc(b, np, "-in in.example");
        same_atoms(a, b, "example.dump");
        region_contacts(b);
    }
}

static void test_drum(void **state)
{
    (void)state;
    static const int runs[] = {2000, 500};
    /* unchanged under -sf mbc: granular/mbc and the region walls (after
     * delete_atoms compress yes, the records keep the old IDs, as lmp's) */
    example_case("drum", "granular/in.pour.drum", runs, 2,
                 "print \"region contacts: $(f_3[1]) $(f_4[1])\"\n");
}

static void test_box(void **state)
{
    (void)state;
    static const int runs[] = {5000, 1000, 500, 1000, 500};
    example_case("box", "granregion/in.granregion.box", runs, 5,
                 "print \"region contacts: $(f_container[1])\"\n");
}

static void test_region_restart(void **state)
{
    (void)state;
    const char *in = "-in " SRC "/region.in";
    for (int np = 1; np <= 2; np++) {
        char ref[64], whole[64], read[64], args[1024];
        snprintf(ref, sizeof ref, "region_whole_%d_lmp", np);
        snprintf(whole, sizeof whole, "region_whole_%d", np);
        snprintf(read, sizeof read, "region_read_%d", np);
        lmp(ref, np, in);
        snprintf(args, sizeof args, "%s -var count yes", in);
        mbc(whole, np, args);
        same_atoms(ref, whole, "region.dump");
        region_contacts(whole);
        snprintf(args, sizeof args, "%s -var part read -var restart %s/%s/region.restart", in,
                 MBC_LAMMPS_OUT, whole);
        mbc(read, np, args);
        same_atoms(whole, read, "region.dump");
    }
}

int main(int argc, char **argv)
{
    if (!MBC_LMP_EXE[0] || system("command -v '" MBC_MPIEXEC "' > /dev/null 2>&1") != 0) {
        printf("SKIPPED: lmp or mpirun not found (apt-get install lammps openmpi-bin)\n");
        return 77;
    }
    static const struct {
        const char *name;
        struct CMUnitTest test;
    } groups[] = {
        {"suffix", cmocka_unit_test(test_suffix)},
        {"suffix_all", cmocka_unit_test(test_suffix_all)},
        {"analysis", cmocka_unit_test(test_analysis)},
        {"analysis_all", cmocka_unit_test(test_analysis_all)},
        {"restart", cmocka_unit_test(test_restart)},
        {"ids", cmocka_unit_test(test_ids)},
        {"renumber", cmocka_unit_test(test_renumber)},
        {"pour", cmocka_unit_test(test_pour)},
        {"classic_block", cmocka_unit_test(test_classic_block)},
        {"classic", cmocka_unit_test(test_classic)},
        {"drum", cmocka_unit_test(test_drum)},
        {"box", cmocka_unit_test(test_box)},
        {"region_restart", cmocka_unit_test(test_region_restart)},
    };
    for (size_t k = 0; k < sizeof groups / sizeof groups[0]; k++)
        if (argc == 2 && strcmp(argv[1], groups[k].name) == 0) {
            const struct CMUnitTest one[] = {groups[k].test};
            return cmocka_run_group_tests(one, NULL, NULL);
        }
    fprintf(stderr, "usage: test_lammps_styles GROUP (suffix, suffix_all, analysis, analysis_all, "
                    "restart, ids, pour, classic_block, classic, drum, box, "
                    "region_restart)\n");
    return 2;
}
