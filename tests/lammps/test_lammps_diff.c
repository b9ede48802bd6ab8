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
 * - examples: Debian's granular examples (package lammps-examples: the
 *   granular, pour and granregion folders but the funnel and the mixer, on
 *   which lmp itself is not reproducible), with each `run N` shortened to at
 *   most 400 steps and each `thermo N` to at most 50 (the only edits; the
 *   copies are made in the build tree);
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

/* ---- examples ---- */

/* The example's input with each `run N` cut to at most 400 steps and each
 * `thermo N` to at most 50, into dir/../in.short; and every other file of
 * its folder (a molecule file) into dir. */
static void prepare_example(const char *dir, const void *ctx)
{
    const char *rel = ctx;
    char path[PATH_SIZE], folder[PATH_SIZE];
    snprintf(path, sizeof path, "%s/%s", MBC_LAMMPS_EXAMPLES, rel);
    snprintf(folder, sizeof folder, "%s", path);
    *strrchr(folder, '/') = '\0';
    char *in = read_file(path, NULL);
    assert_non_null(in);
    text t = {0};
    put(&t, "", 0);
    for (const char *p = in; *p;) {
        const size_t n = strcspn(p, "\n");
        char line[PATH_SIZE], word[32];
        long steps = 0;
        int at = 0;
        snprintf(line, sizeof line, "%.*s", (int)n, p);
        if (sscanf(line, " %31s %ld%n", word, &steps, &at) == 2 &&
            ((strcmp(word, "run") == 0 && steps > 400) ||
             (strcmp(word, "thermo") == 0 && steps > 50))) {
            char cut[PATH_SIZE + 64];
            snprintf(cut, sizeof cut, "%s %d%s", word, strcmp(word, "run") == 0 ? 400 : 50,
                     line + at);
            put(&t, cut, strlen(cut));
        } else {
            put(&t, line, n);
        }
        put(&t, "\n", 1);
        p += p[n] ? n + 1 : n;
    }
    free(in);
    snprintf(path, sizeof path, "%s/../in.short", dir);
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(t.s, fp);
    fclose(fp);
    free(t.s);
    char cmd[3 * PATH_SIZE];
    snprintf(cmd, sizeof cmd,
             "for f in '%s'/*; do case \"${f##*/}\" in in.*|log.*) ;; *) "
             "[ -f \"$f\" ] && cp \"$f\" '%s/'; esac; done; true",
             folder, dir);
    assert_int_equal(system(cmd), 0);
}

static void test_examples(void **state)
{
    (void)state;
    if (!MBC_LAMMPS_EXAMPLES[0])
        skip(); /* not reached: main() skips the group */
    /* granregion/in.granregion.funnel and .mixer are left out: lmp's own
     * thermo differs from one run to the next on them (measured on one rank,
     * kinetic energy at step 400: funnel 0.19468116 and 0.18537689 in two
     * runs, mixer 0.0644, 0.0548, 0.0462, 0.0407 and 0.0327 in five); each of
     * the others gave the same thermo in three runs of lmp on 2 ranks */
    static const char *const examples[] = {
        "granular/in.pour.flatwall", "granular/in.pour.drum",    "pour/in.pour",
        "pour/in.pour.2d",           "pour/in.pour.2d.molecule", "granregion/in.granregion.box",
    };
    for (size_t k = 0; k < sizeof examples / sizeof examples[0]; k++) {
        char name[128];
        snprintf(name, sizeof name, "%s", examples[k]);
        for (char *c = name; *c; c++)
            if (*c == '/')
                *c = '_';
        /* on 2 ranks; the first two on 1 rank as well (CI's time) */
        for (int np = k < 2 ? 1 : 2; np <= 2; np++)
            differ(name, np, "-in ../in.short", prepare_example, examples[k]);
    }
    printf("examples: %d of Debian's granular examples, shortened, on 2 ranks (the first two on 1 "
           "too), all equal\n",
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

/* The next thermo table of *p (rows of numbers under a "Step" header):
 * its values into v (row-major), *cols its columns; returns its rows, 0 when
 * there is none left. */
static int next_table(const char **p, double *v, int max, int *cols)
{
    const char *h = strstr(*p, "\nStep ");
    if (!h)
        return 0;
    h++;
    *cols = 0;
    for (const char *q = h; *q && *q != '\n'; q++)
        if (q[0] != ' ' && (q == h || q[-1] == ' '))
            ++*cols;
    int rows = 0, k = 0;
    const char *q = strchr(h, '\n');
    while (q) {
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
        char path[PATH_SIZE];
        join(path, lmp, "stdout.txt");
        char *a = read_file(path, NULL);
        join(path, mbc, "stdout.txt");
        char *b = read_file(path, NULL);
        assert_true(a && b);
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
        enum { MAX = 4096 };
        static double va[MAX], vb[MAX];
        const char *pa = a, *pb = b;
        int tables = 0, ra, rb, ca = 0, cb = 0;
        double worst = 0.0;
        while ((ra = next_table(&pa, va, MAX, &ca)) > 0) {
            rb = next_table(&pb, vb, MAX, &cb);
            assert_int_equal(ra, rb);
            assert_int_equal(ca, cb);
            for (int c = 0; c < ca; c++) {
                double big = 0.0;
                for (int r = 0; r < ra; r++)
                    big = fmax(big, fabs(va[r * ca + c]));
                for (int r = 0; r < ra; r++) {
                    const double d = fabs(va[r * ca + c] - vb[r * ca + c]);
                    if (big > 0.0)
                        worst = fmax(worst, d / big);
                    if (!(d <= 1e-9 * big))
                        fail_msg("laws_loop on %d ranks: thermo table %d, row %d, column %d: "
                                 "%.17g (lmp, pair granular) vs %.17g (mbc-lammps)",
                                 np, tables + 1, r + 1, c + 1, va[r * ca + c], vb[r * ca + c]);
                }
            }
            tables++;
        }
        assert_int_equal(next_table(&pb, vb, MAX, &cb), 0);
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
