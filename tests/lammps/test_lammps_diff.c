/* SPDX-License-Identifier: BSD-3-Clause */
/* The differential suite of mbc-lammps (issue 37, docs/lammps.rst "Tests"):
 * LAMMPS's own `lmp` is the independent engine. Both programs run the same
 * input with the same arguments, on 2 MPI ranks (some on 1 too), each in a fresh
 * directory with TMPDIR inside it, and must end with the same exit status
 * and leave the same files: the screen output (stdout.txt), stderr
 * (stderr.txt), log.lammps and every other file the input writes (logs of
 * `log`, partition screens and logs, `print ... file`), equal line for line
 * after normalize() below, and an empty TMPDIR (no scratch file). Groups
 * (`test_lammps_diff GROUP`, one ctest each):
 *
 * - language: the inputs of tests/lammps/diff/ (the control flow of issue
 *   37: if with jump SELF, jump FILE and jump FILE LABEL, next inside if,
 *   `&` inside a word and on the last line, triple quotes, errors, quit,
 *   log files, the rest of the input language) and -partition 2x1;
 * - examples: Debian's granular examples (package lammps-examples: the 8 of
 *   the granular, pour and granregion folders) under `mbc-lammps -sf mbc`,
 *   against lmp on 1 and 2 ranks: both end with status 0, and the thermo
 *   (each thermo table, value by value, but the column of the keyword cpu)
 *   and every atom's final state equal to 1e-12 of a column's largest value
 *   (measured: the same bits, but for in.granregion.box's pressure, 3.3e-16).
 *   The inputs are Debian's but for the lengths of their runs (cut to just
 *   past lmp's first contact: in.granregion.mixer's comes at step 31000 and
 *   its few atoms fall fast), each `thermo N` cut to at most 50, the
 *   thermo's floats printed with 17 digits and a write_dump of every atom
 *   at the end (example_copy.h; copies in the build tree). lmp agrees with
 *   itself on every one: two runs of the funnel (12000 steps) and of the
 *   mixer (8000) on 1 and on 2 ranks left the same dumps, every 100 steps,
 *   to the bit; what differed between runs in their thermo was its second
 *   column, the keyword cpu (seconds of processor time), once taken for the
 *   kinetic energy. lmp's 1- and 2-rank runs are compared and shown (sums
 *   in another order: round-off, growing once contacts begin);
 * - laws: mbconnect inside if, jump loops, files included from an if and
 *   `run every` (laws_loop.in), against lmp running pair granular with the
 *   same laws: the same "flow:" lines, and the same thermo to 1e-9 of each
 *   column's largest value (the bridge's forces equal pair granular's to
 *   round-off, test_lammps_equivalence).
 *
 * normalize() replaces what differs between two runs of the same LAMMPS
 * and nothing else: the numbers of "Loop time of T on", "P% CPU use with",
 * "CPU = T seconds", "Total wall time: T", the "Performance:" line, each
 * row of the "MPI task timing breakdown" table (its section name is kept),
 * and on stderr mpirun's own reports (the blocks between its lines of
 * dashes, which name process and job ids, and Open MPI's log lines
 * "[HOST:PID] [[JOB,...", which its report of an MPI_Abort sometimes adds,
 * with lmp as with mbc-lammps). Status 77 (skip) without mpirun or lmp and,
 * for the examples, without lammps-examples. */
#include <dirent.h>
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

#define DIFF_SRC  MBC_SOURCE_DIR "/tests/lammps/diff"
#define DIFF_OUT  MBC_LAMMPS_OUT "/diff"
#define PATH_SIZE 1024

/* ---- running ---- */

/* out = dir/file (PATH_SIZE bytes). */
static void join(char *out, const char *dir, const char *file)
{
    const int n = snprintf(out, PATH_SIZE, "%s/%s", dir, file);
    if (n < 0 || n >= PATH_SIZE)
        fail_msg("path too long: %s/%s", dir, file);
}

static void make_dir(const char *path)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        fail_msg("cannot create %s: %s", path, strerror(errno));
}

/* dir and its parents, under DIFF_OUT (made fresh: earlier files removed). */
static void fresh_dir(const char *dir)
{
    char cmd[PATH_SIZE + 64];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s/tmp'", dir, dir);
    if (system(cmd) != 0)
        fail_msg("cannot make %s", dir);
}

/* Runs exe with args on np ranks in dir (cwd), TMPDIR=dir/tmp, stdout and
 * stderr into stdout.txt and stderr.txt. Returns the exit status (124: it
 * hung and was stopped). */
static int run(const char *exe, int np, const char *dir, const char *args)
{
    char forward[512] = "", cmd[4 * PATH_SIZE];
    static const char *const pass[] = {"LSAN_OPTIONS", "ASAN_OPTIONS", "UBSAN_OPTIONS"};
    for (size_t k = 0; k < sizeof pass / sizeof pass[0]; k++)
        if (getenv(pass[k]))
            snprintf(forward + strlen(forward), sizeof forward - strlen(forward), " -x %s",
                     pass[k]);
    snprintf(cmd, sizeof cmd,
             "cd '%s' && TMPDIR='%s/tmp' timeout 300 '%s' --allow-run-as-root --oversubscribe "
             "-np %d%s '%s' %s > stdout.txt 2> stderr.txt",
             dir, dir, MBC_MPIEXEC, np, forward, exe, args);
    const int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* ---- normalizing ---- */

/* A growable text. */
typedef struct text {
    char *s;
    size_t n, cap;
} text;

static void put(text *t, const char *s, size_t n)
{
    if (t->n + n + 1 > t->cap) {
        t->cap = 2 * (t->n + n + 1);
        t->s = realloc(t->s, t->cap);
        assert_non_null(t->s);
    }
    memcpy(t->s + t->n, s, n);
    t->n += n;
    t->s[t->n] = '\0';
}

/* line with the number that starts after its key replaced by '#'. */
static int replace_number(text *t, const char *line, size_t n, const char *key)
{
    const char *at = strstr(line, key);
    if (!at || at >= line + n)
        return 0;
    const char *num = at + strlen(key), *end = num;
    while (end < line + n && strchr("0123456789.:eE+-", *end))
        end++;
    if (end == num)
        return 0;
    put(t, line, (size_t)(num - line));
    put(t, "#", 1);
    put(t, end, (size_t)(line + n - end));
    return 1;
}

/* One line of normalize() into t; *table: inside the timing table. */
static void normalize_line(text *t, const char *line, size_t n, int *table)
{
    const char *cpu = strstr(line, "% CPU use with");
    if (*table) {
        *table = n > 0;
        put(t, line, strcspn(line, "|"));
    } else if (strncmp(line, "MPI task timing breakdown:", 26) == 0) {
        *table = 1;
        put(t, line, n);
    } else if (strncmp(line, "Performance:", 12) == 0) {
        put(t, "Performance: #", 14);
    } else if (strncmp(line, "Total wall time:", 16) == 0) {
        put(t, "Total wall time: #", 18);
    } else if (cpu) {
        put(t, "#", 1);
        put(t, cpu, strlen(cpu));
    } else if (!replace_number(t, line, n, "Loop time of ") &&
               !replace_number(t, line, n, "CPU = ")) {
        put(t, line, n);
    }
    put(t, "\n", 1);
}

/* The text as normalize() (top of the file) says; mpirun: without mpirun's
 * reports (stderr). malloc'd. */
static char *normalize(const char *in, int mpirun)
{
    text t = {0};
    put(&t, "", 0);
    int table = 0, report = 0;
    for (const char *p = in; *p; p += p[strcspn(p, "\n")] ? strcspn(p, "\n") + 1 : strlen(p)) {
        const size_t n = strcspn(p, "\n");
        char line[PATH_SIZE * 2];
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        if (mpirun && strncmp(line, "-----", 5) == 0)
            report = !report;
        else if (mpirun && line[0] == '[' && strstr(line, "] [[")) /* "[host:pid] [[job,..." */
            continue; /* Open MPI's own log line (a failed report after MPI_Abort, at times) */
        else if (!report)
            normalize_line(&t, line, strlen(line), &table);
    }
    return t.s;
}

/* Fails at the first line where a and b differ (what: the file compared). */
static void compare_lines(const char *a, const char *b, const char *what)
{
    int line = 1;
    const char *p = a, *q = b;
    while (*p || *q) {
        const size_t n = strcspn(p, "\n"), m = strcspn(q, "\n");
        if (n != m || strncmp(p, q, n) != 0)
            fail_msg("%s differs at line %d:\n  lmp:        %.*s\n  mbc-lammps: %.*s", what, line,
                     (int)n, p, (int)m, q);
        p += p[n] ? n + 1 : n;
        q += q[m] ? m + 1 : m;
        line++;
    }
}

/* The entries of dir but "." and "..", sorted, one per line (malloc'd). */
static char *listing(const char *dir)
{
    struct dirent **names = NULL;
    const int n = scandir(dir, &names, NULL, alphasort);
    if (n < 0)
        fail_msg("cannot list %s", dir);
    text t = {0};
    put(&t, "", 0);
    for (int k = 0; k < n; k++) {
        if (strcmp(names[k]->d_name, ".") != 0 && strcmp(names[k]->d_name, "..") != 0) {
            put(&t, names[k]->d_name, strlen(names[k]->d_name));
            put(&t, "\n", 1);
        }
        free(names[k]);
    }
    free(names);
    return t.s;
}

/* Both run directories hold the same files with the same normalized text;
 * mbc-lammps's TMPDIR is empty. Returns the number of files compared. */
static int compare_dirs(const char *name, const char *lmp, const char *mbc)
{
    char path[PATH_SIZE], what[PATH_SIZE];
    join(path, mbc, "tmp");
    char *left = listing(path);
    if (left[0])
        fail_msg("%s: mbc-lammps left files in TMPDIR:\n%s", name, left);
    free(left);
    char *la = listing(lmp), *lb = listing(mbc);
    snprintf(what, sizeof what, "%s: the files written", name);
    compare_lines(la, lb, what);
    int files = 0;
    for (const char *f = la; *f; f += strcspn(f, "\n") + 1) {
        char file[256];
        snprintf(file, sizeof file, "%.*s", (int)strcspn(f, "\n"), f);
        if (strcmp(file, "tmp") == 0)
            continue;
        size_t na = 0, nb = 0;
        join(path, lmp, file);
        char *a = read_file(path, &na);
        join(path, mbc, file);
        char *b = read_file(path, &nb);
        assert_true(a && b);
        snprintf(what, sizeof what, "%s: %s", name, file);
        if (strlen(a) != na || strlen(b) != nb) { /* binary: byte for byte */
            if (na != nb || memcmp(a, b, na) != 0)
                fail_msg("%s differs", what);
        } else {
            const int mpirun = strcmp(file, "stderr.txt") == 0;
            char *ta = normalize(a, mpirun), *tb = normalize(b, mpirun);
            compare_lines(ta, tb, what);
            free(ta);
            free(tb);
        }
        free(a);
        free(b);
        files++;
    }
    free(la);
    free(lb);
    return files;
}

/* Runs lmp and mbc-lammps with args on np ranks in DIFF_OUT/case/{lmp,mbc}
 * (setup, if not NULL, prepares each directory first) and compares. */
static void differ(const char *name, int np, const char *args,
                   void (*setup)(const char *dir, const void *ctx), const void *ctx)
{
    char base[PATH_SIZE], lmp[PATH_SIZE], mbc[PATH_SIZE];
    snprintf(base, sizeof base, "%s/%s_%d", DIFF_OUT, name, np);
    join(lmp, base, "lmp");
    join(mbc, base, "mbc");
    fresh_dir(lmp);
    fresh_dir(mbc);
    if (setup) {
        setup(lmp, ctx);
        setup(mbc, ctx);
    }
    const int sa = run(MBC_LMP_EXE, np, lmp, args), sb = run(MBC_LAMMPS_EXE, np, mbc, args);
    if (sa != sb)
        fail_msg("%s on %d ranks: exit status %d (lmp) and %d (mbc-lammps); see %s", name, np, sa,
                 sb, base);
    if (sa == 124 || sa == 128)
        fail_msg("%s on %d ranks: lmp hung or died (status %d)", name, np, sa);
    const int files = compare_dirs(name, lmp, mbc);
    printf("%-26s %d rank%s: status %d, %d files equal\n", name, np, np > 1 ? "s" : " ", sa, files);
}

/* ---- language ---- */

static void test_language(void **state)
{
    (void)state;
    static const struct {
        const char *name, *args;
        int ranks; /* 1: on 1 rank, 2: on 2 ranks, 3: both */
    } cases[] = {
        /* on 2 ranks, where the input is read on one and its lines and jumps
         * reach both; four on 1 rank as well (CI's time: each run starts
         * mpirun twice) */
        {"if_jump_self", "", 3},
        {"if_jump_file", "", 2},
        {"if_jump_label", "", 2},
        {"next_in_if", "", 2},
        {"ampersand", "-echo both", 2},
        {"ampersand_last", "", 2},
        {"triple_quotes", "-echo screen", 2},
        {"loops", "-var extra 1 2 -nocite", 2},
        {"log_switch", "", 2},
        {"quit", "", 3},
        {"error_unknown", "", 3},
        {"error_label", "", 2},
        {"error_include", "", 2},
        {"error_next", "-log custom.log", 3},
        {"partition", "-partition 2x1", 2},
        {"partition", "-partition 2x1 -pscreen none -plog part", 2},
    };
    int runs = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        for (int np = 1; np <= 2; np++) {
            if (!(cases[k].ranks & np))
                continue;
            char name[64], args[PATH_SIZE];
            snprintf(name, sizeof name, "%s%s", cases[k].name,
                     k > 0 && strcmp(cases[k - 1].name, cases[k].name) == 0 ? "_b" : "");
            snprintf(args, sizeof args, "-in %s/%s.in -var dir %s %s", DIFF_SRC, cases[k].name,
                     DIFF_SRC, cases[k].args);
            differ(name, np, args, NULL, NULL);
            runs++;
        }
    }
    printf("language: %d cases, %d runs of lmp and of mbc-lammps, all equal\n",
           (int)(sizeof cases / sizeof cases[0]), runs);
}

/* ---- tables ---- */

/* A table: a thermo table (rows of numbers under a line "Step ...") or the
 * atoms of a dump (under "ITEM: ATOMS ...", whose first two words name no
 * column). */
#define THERMO     "Step "
#define DUMP       "ITEM: ATOMS "
#define TABLE_ROOM (1 << 17)

/* The next table of *p under a line that starts with key (a WARNING line
 * among its rows skipped): its header into header, its values into v
 * (row-major), *cols its columns; returns its rows, 0 when there is none
 * left. */
static int next_table(const char **p, const char *key, char *header, size_t size, double *v,
                      int max, int *cols)
{
    char line[32];
    snprintf(line, sizeof line, "\n%s", key);
    const char *h = strstr(*p, line);
    if (!h)
        return 0;
    h++;
    snprintf(header, size, "%.*s", (int)strcspn(h, "\n"), h);
    *cols = strcmp(key, DUMP) == 0 ? -2 : 0;
    for (const char *q = h; *q && *q != '\n'; q++)
        if (q[0] != ' ' && (q == h || q[-1] == ' '))
            ++*cols;
    int rows = 0, k = 0;
    const char *q = strchr(h, '\n');
    while (q) {
        if (strncmp(q + 1, "WARNING", 7) == 0) {
            q = strchr(q + 1, '\n');
            continue;
        }
        char *end = NULL;
        double first = strtod(q + 1, &end);
        if (end == q + 1 || (*end != ' ' && *end != '\n'))
            break;
        assert_true(k + *cols <= max);
        v[k++] = first;
        for (int c = 1; c < *cols; c++) {
            const char *from = end;
            v[k++] = strtod(from, &end);
            assert_true(end != from);
        }
        rows++;
        q = strchr(q + 1, '\n');
    }
    *p = q ? q : h + strlen(h);
    return rows;
}

/* The k-th column (from 0) of a header is named "CPU". */
static int cpu_column(const char *header, int k)
{
    if (strncmp(header, DUMP, strlen(DUMP)) == 0)
        return 0;
    char word[64] = "";
    for (int n; k >= 0 && sscanf(header, "%63s%n", word, &n) == 1; k--)
        header += n;
    return strcmp(word, "CPU") == 0;
}

/* The tables under key of two texts a and b compared value by value, but
 * for a thermo column named CPU (the thermo keyword cpu: seconds of
 * processor time, another number in each run): fails (what: the runs) when
 * they differ in number, headers or rows (strict; else returns -1, the
 * difference in where); returns the largest difference as a fraction of
 * its column's largest |value| in its table, in either text (where: which
 * value, PATH_SIZE bytes; NaN where one is NaN); *tables, their count. */
static double table_gap(const char *a, const char *b, const char *key, const char *what, int strict,
                        int *tables, char *where)
{
    enum { MAX = TABLE_ROOM };
    static double va[MAX], vb[MAX];
    char ha[PATH_SIZE], hb[PATH_SIZE];
    const char *pa = a, *pb = b;
    int ra, rb, ca = 0, cb = 0;
    double worst = 0.0;
    *tables = 0;
    snprintf(where, PATH_SIZE, "(none)");
    while ((ra = next_table(&pa, key, ha, sizeof ha, va, MAX, &ca)) > 0) {
        rb = next_table(&pb, key, hb, sizeof hb, vb, MAX, &cb);
        if ((rb != ra || strcmp(ha, hb) != 0) && !strict) {
            snprintf(where, PATH_SIZE, "table %d: %d rows and %d", *tables + 1, ra, rb);
            return -1.0;
        }
        if (rb != ra || strcmp(ha, hb) != 0)
            fail_msg("%s: table %d: %d rows of '%s' and %d of '%s'", what, *tables + 1, ra, ha, rb,
                     hb);
        for (int c = 0; c < ca; c++) {
            double big = 0.0;
            for (int r = 0; r < ra; r++)
                big = fmax(big, fmax(fabs(va[r * ca + c]), fabs(vb[r * ca + c])));
            for (int r = 0; r < ra && big > 0.0 && !cpu_column(ha, c); r++) {
                const double d = fabs(va[r * ca + c] - vb[r * ca + c]) / big;
                if (!isnan(worst) && !(d <= worst)) { /* a NaN stays the worst */
                    worst = d;
                    snprintf(where, PATH_SIZE,
                             "table %d, row %d, column %d of '%.400s': %.17g and %.17g",
                             *tables + 1, r + 1, c + 1, ha, va[r * ca + c], vb[r * ca + c]);
                }
            }
        }
        ++*tables;
    }
    const int more = next_table(&pb, key, hb, sizeof hb, vb, MAX, &cb) != 0;
    if (more && !strict) {
        snprintf(where, PATH_SIZE, "a table more in the second");
        return -1.0;
    }
    if (more)
        fail_msg("%s: a table more in the second run ('%s')", what, hb);
    return worst;
}

/* A file of a run directory (malloc'd). */
static char *file_of(const char *dir, const char *file)
{
    char path[PATH_SIZE];
    join(path, dir, file);
    char *text = read_file(path, NULL);
    if (!text)
        fail_msg("%s: missing", path);
    return text;
}

/* ---- examples ---- */

/* One of Debian's examples and the most steps each of its `run` lines
 * keeps (the last number for later lines): enough for the first contacts,
 * which lmp's runs show (a force across gravity) at the step noted. */
typedef struct example {
    const char *file;
    int runs[2], nruns;
} example;

/* The example into dir/../in.short (example_copy.h): its runs cut to
 * ex->runs, each `thermo N` to at most 50 steps, the thermo's floats
 * printed with 17 digits (thermo_modify format float after each
 * thermo_style), and at its end every atom's state written to final.dump,
 * the only edits (of the runs' lengths and the output); every other file of
 * its folder (a molecule file) into dir. */
static void prepare_example(const char *dir, const void *ctx)
{
    const example *ex = ctx;
    char path[PATH_SIZE], out[PATH_SIZE], folder[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", MBC_LAMMPS_EXAMPLES, ex->file);
    snprintf(folder, sizeof folder, "%s", path);
    *strrchr(folder, '/') = '\0';
    join(out, dir, "../in.short");
    const example_edits edits = {ex->runs, ex->nruns, 50, "thermo_modify format float %.17g"};
    assert_true(example_copy(path, out, &edits,
                             "write_dump all custom final.dump id x y z vx vy vz fx fy fz omegax "
                             "omegay omegaz modify format float %.17g sort id\n") > 0);
    char cmd[3 * PATH_SIZE];
    snprintf(cmd, sizeof cmd,
             "for f in '%s'/*; do case \"${f##*/}\" in in.*|log.*) ;; *) "
             "[ -f \"$f\" ] && cp \"$f\" '%s/'; esac; done; true",
             folder, dir);
    assert_int_equal(system(cmd), 0);
}

/* Two runs of an example (directories a and b) compared: the thermo of
 * their screens and the atoms of their final.dump (table_gap); prints the
 * largest differences. strict: fail when they differ in shape. Returns the
 * larger of the two gaps (-1: shapes differ). */
static double example_gap(const char *a, const char *b, const char *what, int strict)
{
    static const char *const files[] = {"stdout.txt", "final.dump"}, *const keys[] = {THERMO, DUMP};
    double worst = 0.0;
    printf("  %s:", what);
    for (int k = 0; k < 2; k++) {
        char *ta = file_of(a, files[k]), *tb = file_of(b, files[k]), at[PATH_SIZE];
        int tables = 0;
        const double gap = table_gap(ta, tb, keys[k], what, strict, &tables, at);
        worst = gap < 0.0 || worst < 0.0 ? -1.0 : fmax(worst, gap);
        if (gap < 0.0)
            printf(" %s: not comparable (%s);", k ? "final atoms" : "thermo", at);
        else
            printf(" %s: %d table%s within %.2g (%s);", k ? "final atoms" : "thermo", tables,
                   tables > 1 ? "s" : "", gap, gap > 0.0 ? at : "the same bits");
        free(ta);
        free(tb);
    }
    printf("\n");
    return worst;
}

/* The example by lmp and by mbc-lammps -sf mbc on np ranks, in
 * DIFF_OUT/sf_NAME_NP/{lmp,mbc}: both status 0, mbc-lammps's styles in
 * use, the same thermo and final atoms to 1e-12 of a column's largest
 * value (the thermo's values are sums over atoms: round-off). */
static void example_run(const example *ex, int np)
{
    char base[PATH_SIZE], lmp[PATH_SIZE], mbc[PATH_SIZE], what[PATH_SIZE];
    snprintf(base, sizeof base, "%s/sf_%s_%d", DIFF_OUT, strchr(ex->file, '/') + 1, np);
    join(lmp, base, "lmp");
    join(mbc, base, "mbc");
    fresh_dir(lmp);
    fresh_dir(mbc);
    prepare_example(lmp, ex);
    prepare_example(mbc, ex);
    const int sa = run(MBC_LMP_EXE, np, lmp, "-in ../in.short"),
              sb = run(MBC_LAMMPS_EXE, np, mbc, "-sf mbc -in ../in.short");
    if (sa != 0 || sb != 0)
        fail_msg("%s on %d ranks: exit status %d (lmp) and %d (mbc-lammps -sf mbc); see %s",
                 ex->file, np, sa, sb, base);
    char *screen = file_of(mbc, "stdout.txt");
    if (!strstr(screen, "computed by mbconnect's"))
        fail_msg("%s on %d ranks: mbc-lammps -sf mbc did not use its styles; see %s", ex->file, np,
                 base);
    free(screen);
    snprintf(what, sizeof what, "%s on %d rank%s, lmp and mbc-lammps -sf mbc", ex->file, np,
             np > 1 ? "s" : "");
    const double gap = example_gap(lmp, mbc, what, 1);
    if (!(gap <= 1e-12))
        fail_msg("%s: they differ by %.3g of a column's largest value", what, gap);
}

static void test_examples(void **state)
{
    (void)state;
    if (!MBC_LAMMPS_EXAMPLES[0])
        skip(); /* not reached: main() skips the group */
    static const example examples[] = {
        {"granular/in.pour.flatwall", {1000}, 1},            /* first contact: step 750 */
        {"granular/in.pour.drum", {400}, 1},                 /* 200 */
        {"pour/in.pour", {2600, 200}, 2},                    /* 2400 */
        {"pour/in.pour.2d", {5600}, 1},                      /* 5400 */
        {"pour/in.pour.2d.molecule", {600}, 1},              /* 550 */
        {"granregion/in.granregion.box", {500, 200}, 2},     /* 400 */
        {"granregion/in.granregion.funnel", {2200, 200}, 2}, /* 2100 */
        {"granregion/in.granregion.mixer", {31400, 200}, 2}, /* 31000 */
    };
    for (size_t k = 0; k < sizeof examples / sizeof examples[0]; k++) {
        example_run(&examples[k], 1);
        example_run(&examples[k], 2);
        /* lmp's own spread across rank counts (shown, not asserted) */
        char one[PATH_SIZE], two[PATH_SIZE], what[PATH_SIZE];
        const char *name = strchr(examples[k].file, '/') + 1;
        snprintf(one, sizeof one, "%s/sf_%s_1/lmp", DIFF_OUT, name);
        snprintf(two, sizeof two, "%s/sf_%s_2/lmp", DIFF_OUT, name);
        snprintf(what, sizeof what, "%s, lmp on 1 and 2 ranks", examples[k].file);
        example_gap(one, two, what, 0);
    }
    printf("examples: %d of Debian's granular examples, shortened, under -sf mbc on 1 and 2 ranks: "
           "the thermo and the final atoms as lmp's\n",
           (int)(sizeof examples / sizeof examples[0]));
}

/* ---- laws ---- */

/* The lines of text that start with prefix, concatenated (malloc'd). */
static char *lines_with(const char *s, const char *prefix)
{
    text t = {0};
    put(&t, "", 0);
    for (const char *p = s; *p;) {
        const size_t n = strcspn(p, "\n");
        if (strncmp(p, prefix, strlen(prefix)) == 0) {
            put(&t, p, n);
            put(&t, "\n", 1);
        }
        p += p[n] ? n + 1 : n;
    }
    return t.s;
}

static void test_laws(void **state)
{
    (void)state;
    for (int np = 1; np <= 2; np++) {
        char base[PATH_SIZE], lmp[PATH_SIZE], mbc[PATH_SIZE], args[PATH_SIZE];
        snprintf(base, sizeof base, "%s/laws_loop_%d", DIFF_OUT, np);
        join(lmp, base, "lmp");
        join(mbc, base, "mbc");
        fresh_dir(lmp);
        fresh_dir(mbc);
        snprintf(args, sizeof args, "-in %s/laws_loop.in -var dir %s -var bridge 0", DIFF_SRC,
                 DIFF_SRC);
        assert_int_equal(run(MBC_LMP_EXE, np, lmp, args), 0);
        snprintf(args, sizeof args, "-in %s/laws_loop.in -var dir %s -var bridge 1", DIFF_SRC,
                 DIFF_SRC);
        const int st = run(MBC_LAMMPS_EXE, np, mbc, args);
        char *a = file_of(lmp, "stdout.txt"), *b = file_of(mbc, "stdout.txt"), where[PATH_SIZE];
        if (st != 0)
            fail_msg("laws_loop on %d ranks: mbc-lammps status %d:\n%s", np, st,
                     strlen(b) > 2000 ? b + strlen(b) - 2000 : b);
        char *fa = lines_with(a, "flow:"), *fb = lines_with(b, "flow:");
        compare_lines(fa, fb, "laws_loop: the flow: lines");
        int flows = 0;
        for (const char *f = fa; (f = strchr(f, '\n')); f++)
            flows++;
        assert_int_equal(flows, 7); /* 3 loop laws, 3 of the type pair 1-2, done */
        free(fa);
        free(fb);
        int tables = 0;
        const double worst = table_gap(a, b, THERMO, "laws_loop", 1, &tables, where);
        if (!(worst <= 1e-9))
            fail_msg("laws_loop on %d ranks: lmp (pair granular) and mbc-lammps differ by %.3g "
                     "of a column's largest value at %s",
                     np, worst, where);
        assert_int_equal(tables, 6); /* 3 loop runs, run 50, run every: 2 parts */
        printf("laws_loop %d rank%s: %d flow lines equal; %d thermo tables, largest difference "
               "%.3g of a column's largest value\n",
               np, np > 1 ? "s" : " ", flows, tables, worst);
        free(a);
        free(b);
    }
}

int main(int argc, char **argv)
{
    if (access(MBC_MPIEXEC, X_OK) != 0 || access(MBC_LAMMPS_EXE, X_OK) != 0 ||
        access(MBC_LMP_EXE, X_OK) != 0) {
        printf("SKIPPED: mpirun, lmp or mbc-lammps not found ('%s', '%s', '%s'; apt-get install "
               "-y lammps openmpi-bin)\n",
               MBC_MPIEXEC, MBC_LMP_EXE, MBC_LAMMPS_EXE);
        return 77;
    }
    static const struct {
        const char *name;
        struct CMUnitTest test;
    } groups[] = {
        {"language", cmocka_unit_test(test_language)},
        {"examples", cmocka_unit_test(test_examples)},
        {"laws", cmocka_unit_test(test_laws)},
    };
    make_dir(MBC_LAMMPS_OUT);
    make_dir(DIFF_OUT);
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        if (argc > 1 && strcmp(argv[1], groups[g].name) == 0) {
            if (g == 1 && !MBC_LAMMPS_EXAMPLES[0]) {
                printf("SKIPPED: Debian's LAMMPS examples not found (apt-get install -y "
                       "lammps-examples)\n");
                return 77;
            }
            const struct CMUnitTest one[] = {groups[g].test};
            return cmocka_run_group_tests_name(groups[g].name, one, NULL, NULL);
        }
    }
    fprintf(stderr, "usage: test_lammps_diff GROUP (language, examples, laws)\n");
    return 2;
}
