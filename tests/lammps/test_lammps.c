/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-lammps end to end (bridges/lammps, docs/lammps.rst): LAMMPS runs on 1
 * and 2 MPI ranks, checked against LAMMPS's own pair granular, against
 * itself on another rank count, against the analytic restitution and
 * Newton's cradle and against `mbc simulate`, plus every bad input's one
 * line. `test_lammps GROUP` runs one group (one ctest each); status 77 (skip)
 * when mpirun is missing. Runs write into MBC_LAMMPS_OUT/NAME/. */
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

#define SRC      MBC_SOURCE_DIR "/tests/lammps"
#define EXAMPLES MBC_SOURCE_DIR "/examples/lammps"
#define MAX_ROWS 64
#define MAX_COLS 12

/* ---- running ---- */

static void make_dir(const char *path)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST)
        fail_msg("cannot create %s: %s", path, strerror(errno));
}

/* The directory of one run (made fresh). */
static const char *run_dir(const char *name)
{
    static char dir[1024];
    make_dir(MBC_LAMMPS_OUT);
    snprintf(dir, sizeof dir, "%s/%s", MBC_LAMMPS_OUT, name);
    make_dir(dir);
    return dir;
}

/* Runs mbc-lammps with args in run_dir(name) on np ranks (np = 0: without
 * mpirun), stdout into output.txt, stderr into errors.txt; env: "NAME=VALUE"
 * or NULL. Returns the exit status (124: it hung and was stopped). */
static int run_lammps(const char *name, int np, const char *env, const char *args)
{
    const char *dir = run_dir(name);
    char launch[1024] = "", forward[512] = "", cmd[8192];
    static const char *const pass[] = {"LSAN_OPTIONS", "ASAN_OPTIONS", "UBSAN_OPTIONS"};
    for (size_t k = 0; k < sizeof pass / sizeof pass[0]; k++)
        if (getenv(pass[k]))
            snprintf(forward + strlen(forward), sizeof forward - strlen(forward), " -x %s",
                     pass[k]);
    if (env) {
        char var[64];
        snprintf(var, sizeof var, "%.*s", (int)strcspn(env, "="), env);
        snprintf(forward + strlen(forward), sizeof forward - strlen(forward), " -x %s", var);
    }
    if (np > 0)
        snprintf(launch, sizeof launch, "'%s' --allow-run-as-root --oversubscribe -np %d%s",
                 MBC_MPIEXEC, np, forward);
    snprintf(cmd, sizeof cmd, "cd '%s' && %s timeout 300 %s '%s' %s > output.txt 2> errors.txt",
             dir, env ? env : "", launch, MBC_LAMMPS_EXE, args);
    const int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

/* A file of run_dir(name), which must exist. */
static char *run_file(const char *name, const char *file)
{
    char path[1200];
    snprintf(path, sizeof path, "%s/%s/%s", MBC_LAMMPS_OUT, name, file);
    char *text = read_file(path, NULL);
    if (!text)
        fail_msg("%s: missing", path);
    return text;
}

/* Fails with the run's output unless its status is `want`. */
static void expect_status(const char *name, int status, int want)
{
    if (status == want)
        return;
    char *out = run_file(name, "output.txt"), *err = run_file(name, "errors.txt");
    print_error("%s: exit status %d, expected %d\n--- stdout (end)\n%s\n--- stderr\n%s\n", name,
                status, want, strlen(out) > 3000 ? out + strlen(out) - 3000 : out, err);
    free(out);
    free(err);
    fail();
}

/* ---- reading LAMMPS output ---- */

/* The rows of the `block`-th thermo table (0-based) of text: numbers under
 * the header line starting with "Step". Returns the row count. */
static int thermo(const char *text, int block, double rows[MAX_ROWS][MAX_COLS], int *cols)
{
    const char *p = text;
    for (int b = 0; b <= block; b++) {
        p = strstr(p, "\nStep ");
        if (!p)
            fail_msg("thermo table %d not found", block);
        p++;
    }
    *cols = 0;
    for (const char *q = p; *q && *q != '\n'; q++)
        if (q[0] != ' ' && (q == p || q[-1] == ' '))
            ++*cols;
    assert_true(*cols <= MAX_COLS);
    int n = 0;
    for (p = strchr(p, '\n'); p && n < MAX_ROWS; p = strchr(p + 1, '\n')) {
        char *end = NULL;
        double first = strtod(p + 1, &end);
        if (end == p + 1 || (*end != ' ' && *end != '\n'))
            break;
        rows[n][0] = first;
        const char *q = end;
        for (int c = 1; c < *cols; c++) {
            rows[n][c] = strtod(q, &end);
            assert_true(end != q);
            q = end;
        }
        n++;
    }
    return n;
}

/* The number after `key` in text (the first occurrence). */
static double number_after(const char *text, const char *key)
{
    const char *p = strstr(text, key);
    if (!p)
        fail_msg("'%s' not in the output", key);
    return strtod(p + strlen(key), NULL);
}

/* |a - b| <= tol * max(|a|, |b|) */
static void assert_rel(double a, double b, double tol, const char *what)
{
    const double scale = fmax(fabs(a), fabs(b));
    if (!(fabs(a - b) <= tol * scale))
        fail_msg("%s: %.17g vs %.17g, relative difference %.3g > %.3g", what, a, b,
                 fabs(a - b) / scale, tol);
}

/* A LAMMPS dump "id fx fy fz tqx tqy tqz" sorted by id: n rows of 7. */
static double *dump(const char *name, const char *file, int *n)
{
    char *text = run_file(name, file);
    const char *p = strstr(text, "ITEM: NUMBER OF ATOMS");
    assert_non_null(p);
    *n = (int)strtol(strchr(p, '\n') + 1, NULL, 10);
    double *v = malloc((size_t)*n * 7 * sizeof *v);
    p = strstr(p, "ITEM: ATOMS");
    assert_true(p && v);
    p = strchr(p, '\n');
    for (int k = 0; k < 7 * *n; k++) {
        char *end = NULL;
        v[k] = strtod(p, &end);
        assert_true(end != p);
        p = end;
    }
    free(text);
    return v;
}

/* ---- groups ---- */

/* --help, --version and command-line errors. */
static void test_cli(void **state)
{
    (void)state;
    int st = run_lammps("cli_help", 0, NULL, "--help");
    expect_status("cli_help", st, 0);
    char *out = run_file("cli_help", "output.txt"), *err = run_file("cli_help", "errors.txt");
    assert_non_null(strstr(out, "Usage: mpirun -np N mbc-lammps [--plugin PLUGIN]... -in SCRIPT"));
    assert_non_null(strstr(out, "mbconnect pair I J TYPE [NAME VALUE]..."));
    assert_non_null(
        strstr(out, "mbconnect pair I J gran/hooke|gran/hooke/history|gran/hertz/history WORDS"));
    assert_non_null(strstr(out, "mbconnect wall ID GROUP hooke|hooke/history|hertz/history"));
    assert_string_equal(err, "");
    free(out);
    free(err);

    st = run_lammps("cli_version", 0, NULL, "--version");
    expect_status("cli_version", st, 0);
    out = run_file("cli_version", "output.txt");
    assert_true(strncmp(out, "mbc-lammps ", 11) == 0 && strchr(out, '.') && strchr(out, '\n'));
    free(out);

    st = run_lammps("cli_no_script", 0, NULL, "-log none");
    expect_status("cli_no_script", st, 2);
    err = run_file("cli_no_script", "errors.txt");
    assert_true(strncmp(err, "mbc-lammps: no input script (give -in SCRIPT)\n", 46) == 0);
    assert_non_null(strstr(err, "\nUsage: mpirun -np N mbc-lammps"));
    free(err);

    st = run_lammps("cli_plugin", 2, NULL, "--plugin /nonexistent/p.so -in x.in -log none");
    expect_status("cli_plugin", st, 2);
    err = run_file("cli_plugin", "errors.txt");
    assert_true(strncmp(err, "mbc-lammps: /nonexistent/p.so: cannot load plugin (", 51) == 0);
    free(err);
}

/* Per-atom forces against pair granular (hertz, damping velocity) on 1 and
 * 2 ranks, through the batch path and the hooks. */
static void test_equivalence(void **state)
{
    (void)state;
    static const struct {
        const char *name, *env;
        int np;
    } runs[] = {{"eq_1_batch", NULL, 1},
                {"eq_2_batch", NULL, 2},
                {"eq_1_hooks", "MBC_LAMMPS_GENERIC=1", 1},
                {"eq_2_hooks", "MBC_LAMMPS_GENERIC=1", 2}};
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        const int st = run_lammps(runs[r].name, runs[r].np, runs[r].env,
                                  "-in " SRC "/equivalence.in -log log.lammps");
        expect_status(runs[r].name, st, 0);
        int n = 0, m = 0;
        double *b = dump(runs[r].name, "bridge.dump", &n),
               *g = dump(runs[r].name, "native.dump", &m);
        assert_int_equal(n, 300);
        assert_int_equal(m, 300);
        double fbig = 0.0, diff = 0.0, tmax = 0.0;
        int loaded = 0;
        for (int a = 0; a < n; a++) {
            assert_true(b[7 * a] == g[7 * a]); /* same atom id */
            double fa = 0.0;
            for (int c = 1; c <= 3; c++) {
                fa = fmax(fa, fabs(g[7 * a + c]));
                diff = fmax(diff, fabs(b[7 * a + c] - g[7 * a + c]));
                tmax = fmax(tmax, fabs(b[7 * a + c + 3]));
                assert_true(g[7 * a + c + 3] == 0.0);
            }
            fbig = fmax(fbig, fa);
            loaded += fa > 0.0;
        }
        printf("%s: %d of %d atoms loaded, max |f| %.6g N, max |f_bridge - f_native| / max |f| "
               "= %.3g, max |torque| %.3g N m\n",
               runs[r].name, loaded, n, fbig, diff / fbig, tmax);
        assert_true(loaded > 200);         /* a configuration with many contacts */
        assert_true(diff <= 1e-12 * fbig); /* the same law to round-off */
        assert_true(tmax <= 1e-12 * fbig); /* frictionless: no torque (radius 0.5) */
        free(b);
        free(g);
        /* the pressure tensors: the contacts' virial of the bridge and of pair granular */
        char *out = run_file(runs[r].name, "output.txt");
        double tb[MAX_ROWS][MAX_COLS], tn[MAX_ROWS][MAX_COLS];
        int cb = 0, cn = 0;
        assert_int_equal(thermo(out, 0, tb, &cb), 1);
        assert_int_equal(thermo(out, 1, tn, &cn), 1);
        free(out);
        assert_int_equal(cb, 8);
        assert_int_equal(cn, 7);
        double pbig = 0.0, pdiff = 0.0;
        for (int c = 0; c < 6; c++) {
            pbig = fmax(pbig, fabs(tn[0][1 + c]));
            pdiff = fmax(pdiff, fabs(tb[0][2 + c] - tn[0][1 + c]));
        }
        printf("%s: %.0f contacts; pressure tensor: max |p_bridge - p_native| / max |p| = %.3g\n",
               runs[r].name, tb[0][1], pdiff / pbig);
        assert_true(pdiff <= 1e-12 * pbig);
    }
}

/* The thermo output of a granular gas on 1 and 2 ranks, batch and hooks,
 * and with the data of every record but the first of each atom in the
 * records' second array (MBC_LAMMPS_HOT_RECORDS=1, bridges/lammps/contacts.h). */
static void test_ranks(void **state)
{
    (void)state;
    static const struct {
        const char *name, *env;
        int np;
    } runs[] = {{"ranks_1", NULL, 1},
                {"ranks_2", NULL, 2},
                {"ranks_2_hooks", "MBC_LAMMPS_GENERIC=1", 2},
                {"ranks_2_hot1", "MBC_LAMMPS_HOT_RECORDS=1", 2}};
    enum { RUNS = sizeof runs / sizeof runs[0] };
    double rows[RUNS][MAX_ROWS][MAX_COLS];
    int n[RUNS], cols[RUNS];
    for (int r = 0; r < RUNS; r++) {
        expect_status(
            runs[r].name,
            run_lammps(runs[r].name, runs[r].np, runs[r].env, "-in " SRC "/ranks.in -log none"), 0);
        char *out = run_file(runs[r].name, "output.txt");
        n[r] = thermo(out, 0, rows[r], &cols[r]);
        free(out);
    }
    assert_int_equal(n[0], 13); /* steps 0, 250, ..., 3000 */
    double worst = 0.0, contacts = 0.0;
    for (int r = 1; r < RUNS; r++) {
        assert_int_equal(n[r], n[0]);
        assert_int_equal(cols[r], cols[0]);
        for (int i = 0; i < n[0]; i++) {
            for (int c = 0; c < cols[0]; c++) {
                const double a = rows[0][i][c], b = rows[r][i][c];
                assert_rel(a, b, 1e-9, runs[r].name);
                if (a != b)
                    worst = fmax(worst, fabs(a - b) / fmax(fabs(a), fabs(b)));
            }
            contacts = fmax(contacts, rows[0][i][3]);
        }
    }
    printf("thermo of 1 and 2 ranks over 3000 steps: largest relative difference %.3g; up to %.0f "
           "contacts; kinetic energy %.6g -> %.6g J\n",
           worst, contacts, rows[0][0][1], rows[0][n[0] - 1][1]);
    assert_true(contacts >= 50);
    assert_true(rows[0][n[0] - 1][1] < 0.9 * rows[0][0][1]); /* the contacts dissipate */
}

/* The rebound of `mbc simulate examples/scenes/restitution.lua` (e = 0.5). */
static double simulate_rebound(void)
{
    const char *dir = run_dir("restitution_simulate");
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' simulate '%s/examples/scenes/restitution.lua' --set e=0.5 --set "
             "model=2 > output.txt 2>&1",
             dir, MBC_EXE, MBC_SOURCE_DIR);
    assert_int_equal(system(cmd), 0);
    char *out = run_file("restitution_simulate", "output.txt");
    const double rel = number_after(out, "\"vRight\": [") - number_after(out, "\"vLeft\": [");
    free(out);
    return rel;
}

/* Head-on impact (e = 0.5) with the contact record crossing ranks. */
static void test_restitution(void **state)
{
    (void)state;
    static const struct {
        const char *name, *args;
        int np, migrates; /* 1: across x = 0 during the contact, 2: across x = +-1 */
    } runs[] = {
        {"restitution_1", "", 1, 0},
        {"restitution_2", "", 2, 0},
        {"restitution_2_drift", "-var drift 40", 2, 1},
        {"restitution_1_drift", "-var drift 40", 1, 0},
        {"restitution_2_wrap", "-var drift 40 -var shift 0.8", 2, 2},
        {"restitution_1_wrap", "-var drift 40 -var shift 0.8", 1, 2},
    };
    const double simulated = simulate_rebound();
    double first = 0.0;
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        char args[512];
        snprintf(args, sizeof args, "-in %s/restitution.in -log none %s", SRC, runs[r].args);
        expect_status(runs[r].name, run_lammps(runs[r].name, runs[r].np, NULL, args), 0);
        char *out = run_file(runs[r].name, "output.txt");
        const double rebound = number_after(out, "\nrebound ");
        if (runs[r].migrates) { /* the spheres' x at the first and last contact step */
            double x_first[2] = {0.0, 0.0}, x_last[2] = {0.0, 0.0};
            int seen = 0;
            for (const char *p = strstr(out, "\nStep "); p; p = strchr(p + 1, '\n')) {
                long step;
                double contacts, x[2], v;
                if (sscanf(p + 1, "%ld %lf %lf %lf %lf", &step, &contacts, &x[0], &v, &x[1]) == 5 &&
                    contacts == 1.0) {
                    memcpy(x_last, x, sizeof x);
                    if (!seen++)
                        memcpy(x_first, x, sizeof x);
                }
            }
            printf("%s: during the contact the left sphere goes from x = %.4f to %.4f m, the "
                   "right one from %.4f to %.4f m (the ranks meet at x = 0 and x = +-1)\n",
                   runs[r].name, x_first[0], x_last[0], x_first[1], x_last[1]);
            assert_true(seen > 100);
            if (runs[r].migrates == 1) /* the left sphere crosses x = 0 */
                assert_true(x_first[0] < -0.05 && x_last[0] > 0.05);
            else /* both on one side at first; the right sphere crosses x = 1 */
                assert_true(x_first[0] > 0.5 && x_first[1] > 0.5 && x_last[1] < -0.5);
        }
        free(out);
        if (r == 0)
            first = rebound;
        printf("%s: rebound speed %.15g m/s (analytic 0.5, mbc simulate %.15g)\n", runs[r].name,
               rebound, simulated);
        assert_true(fabs(rebound - 0.5) <= 0.005); /* model 2's accuracy */
        assert_true(fabs(rebound - simulated) <= 0.005);
        assert_rel(rebound, first, 1e-9, runs[r].name); /* ranks and migration change nothing */
    }
}

/* include, jump/label/next loops, if with a jump, variables in mbconnect,
 * mbconnect inside an if and in `run every`; the log holds each mbconnect
 * line as written and with its variables substituted, as LAMMPS logs its
 * own commands. */
static void test_script(void **state)
{
    (void)state;
    const int st =
        run_lammps("script", 2, NULL, "-in " SRC "/script.in -var dir " SRC " -log log.lammps");
    expect_status("script", st, 0);
    char *out = run_file("script", "output.txt"), *log = run_file("script", "log.lammps");
    for (int k = 1; k <= 7; k++) {
        char line[32];
        snprintf(line, sizeof line, "\niteration %d\n", k);
        assert_non_null(strstr(out, line));
    }
    assert_non_null(strstr(out, "\nevery at step 750\n"));
    assert_non_null(strstr(out, "\nevery at step 800\n"));
    assert_null(strstr(out, "\nnot skipped"));
    assert_null(strstr(out, "NoSuchType"));
    assert_int_equal((int)number_after(out, "\ndone at step "), 800);
    static const char *const logged[] = {
        "\nmbconnect pair * * ${law} contactStiffness ${K} contactStiffnessExponent $(3/2) "
        "restitutionCoefficient 0.5 impactModel 2 # a comment with $novar\n",
        "\nmbconnect pair * * ContactSphereSphere contactStiffness 1e6 contactStiffnessExponent "
        "1.5 "
        "restitutionCoefficient 0.5 impactModel 2 \n",
        "\n  if \"${n} == 3\" then \"mbconnect pair * * ${law} contactStiffness ${K} "
        "contactStiffnessExponent 1.5 restitutionCoefficient 0.5 impactModel 2\"\n",
        "\nmbconnect pair * * ContactSphereSphere contactStiffness 1e6 contactStiffnessExponent "
        "1.5 "
        "restitutionCoefficient 0.5 impactModel 2\n",
    };
    for (size_t k = 0; k < sizeof logged / sizeof logged[0]; k++)
        if (!strstr(log, logged[k]))
            fail_msg("script: the log has no line%s", logged[k]);
    const double rebound = number_after(out, " rebound ");
    printf("script: 7 loop iterations, run every, rebound %.15g\n", rebound);
    assert_true(fabs(rebound - 0.5) <= 0.005);
    free(out);
    free(log);
    /* two partitions of one rank each, each with its own bridge: the same run */
    expect_status("script_partitions",
                  run_lammps("script_partitions", 2, NULL,
                             "-partition 2x1 -in " SRC "/script.in -var dir " SRC),
                  0);
    for (int p = 0; p < 2; p++) {
        char file[16];
        snprintf(file, sizeof file, "screen.%d", p);
        char *screen = run_file("script_partitions", file);
        assert_true(number_after(screen, " rebound ") == rebound);
        free(screen);
    }
}

/* Lines containing "ERROR" in both streams of a run; the first in *line.
 * Open MPI's own log lines ("[HOST:PID] [[JOB,...] ORTE_ERROR_LOG: ...",
 * which its report of an MPI_Abort sometimes adds) are not the program's. */
static int error_lines(const char *name, char *line, size_t size)
{
    int count = 0;
    line[0] = '\0';
    const char *files[2] = {"errors.txt", "output.txt"};
    for (int f = 0; f < 2; f++) {
        char *text = run_file(name, files[f]);
        for (char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
            char one[1024];
            snprintf(one, sizeof one, "%.*s", (int)strcspn(p, "\n"), p);
            if (one[0] == '[' && strstr(one, "] [[")) /* Open MPI's log, after MPI_Abort */
                continue;
            if (strstr(one, "ERROR") && !count++)
                snprintf(line, size, "%s", one);
        }
        free(text);
    }
    return count;
}

/* Every bad input: exactly one error line, on 2 ranks, status 1, no hang. */
/* tests/lammps/errors/CASE.in on 2 ranks (with -var's vars and the
 * environment variable env, "NAME=VALUE" or NULL): status 1 and one error
 * line on the screen that contains expect, in LAMMPS's form: "ERROR: ...
 * (FILE:LINE)" then "Last command: ...", or "ERROR on proc N: ...
 * (FILE:LINE)" (an error about one rank's atoms, which the ranks agree on;
 * LAMMPS does not expose the last command's text); the same in the log
 * (rank 0's, also for another rank's error). */
static void expect_error(const char *what, const char *vars, const char *env, const char *expect)
{
    char name[64], args[1024], line[1024];
    snprintf(name, sizeof name, "error_%s", what);
    snprintf(args, sizeof args, "-in %s/errors/%s.in -var dir %s/errors %s -log log.lammps", SRC,
             what, SRC, vars);
    const int st = run_lammps(name, 2, env, args);
    const int count = error_lines(name, line, sizeof line);
    printf("%-22s status %d: %s\n", what, st, line);
    expect_status(name, st, 1);
    if (count != 1 || !strstr(line, expect))
        fail_msg("%s: %d error lines, the first '%s'; expected one with '%s'", name, count, line,
                 expect);
    const size_t n = strlen(line);
    assert_true(n > 0 && line[n - 1] == ')' && strstr(line, " ("));
    char *out = run_file(name, "output.txt"), *log = run_file(name, "log.lammps");
    char two[1100];
    const char *at = strstr(out, line);
    assert_non_null(at);
    if (strncmp(line, "ERROR: ", 7) == 0) {
        snprintf(two, sizeof two, "%.*s", (int)strcspn(at + n + 1, "\n") + (int)n + 1, at);
        assert_true(strncmp(at + n, "\nLast command: ", 15) == 0);
    } else {
        assert_true(strncmp(line, "ERROR on proc ", 14) == 0);
        snprintf(two, sizeof two, "%s\n", line);
    }
    if (!strstr(log, two))
        fail_msg("%s: the log does not hold the error and its last command:\n%s", name, two);
    free(out);
    free(log);
}

static void test_errors(void **state)
{
    (void)state;
    static const struct {
        const char *name, *vars, *expect;
    } cases[] = {
        /* the list of known types grows with every built-in type (mbcgen --new-type) */
        {"unknown_type", "", "ERROR: pair_coeff: unknown connector type 'NoSuchType' (known: "},
        {"type_typo", "",
         "ERROR: pair_coeff: unknown connector type 'ContactSphereSpere' (did you mean "
         "'ContactSphereSphere'?) (known: "},
        {"unknown_param", "",
         "ERROR: pair_coeff: ContactSphereSphere: unknown parameter 'contactStifness' (did you "
         "mean 'contactStiffness'?)"},
        {"param_case", "",
         "ERROR: pair_coeff: ContactSphereSphere: unknown parameter 'ContactStiffness' (did you "
         "mean 'contactStiffness'?)"},
        {"bad_value", "",
         "ERROR: pair_coeff: ContactSphereSphere.contactStiffness: must be >= 0 (UReal), given "
         "-1"},
        {"not_number", "",
         "ContactSphereSphere.contactStiffness: must be a number or a comma-separated list of "
         "numbers (UReal), given 'stiff'"},
        {"one_of_value", "",
         "ContactSphereSphere.impactModel: must be one of 0, 1, 2 (UInt), given 5"},
        {"no_binding", "", "connector type 'JointALEMoving2D' declares no pair binding"},
        {"atom_style", "-var style atomic",
         "ERROR: Pair mbconnect requires atom attributes radius, rmass, omega and torque "
         "(atom_style sphere)"},
        {"ghost_velocity", "-var vel no",
         "ERROR: Pair mbconnect requires ghost atoms store velocity (comm_modify vel yes)"},
        {"radii", "", "ContactSphereSphere.spheresRadii: is set from the atoms' radii"},
        {"ghost_velocity_later", "",
         "ERROR: Pair mbconnect requires ghost atoms store velocity (comm_modify vel yes)"},
        {"no_value", "", "parameter 'contactStiffness' has no value"},
        {"type_range", "", "ERROR: Numeric index 3 is out of bounds (1-2)"},
        {"subcommand", "", "mbconnect: unknown subcommand 'pairs'"},
        /* LAMMPS's own error, on the rank that reads the input (lmp's MPI_Abort) */
        {"include_missing", "", "ERROR on proc 0: Cannot open input script"},
        /* rank 1's error (its atoms), which rank 0 writes to the log; the step */
        {"coincident", "",
         "ERROR on proc 1: mbconnect: step 0: atoms 41 and 42 have coincident centers: the "
         "contact normal is undefined"},
        {"no_box", "", "mbconnect pair: no simulation box yet"},
        {"label", "", "ERROR: Label wasn't found in input script"},
        /* the words of pair_style granular and fix wall/gran */
        {"granular_model", "",
         "ERROR: pair_coeff: granular: 'hertzz' is not a model or keyword (allowed: hooke, "
         "hertz, hertz/material, dmt, jkr, damping, tangential, rolling, twisting, cutoff, "
         "limit_damping)"},
        {"granular_missing", "",
         "ERROR: pair_coeff: granular: hertz needs 2 coefficients (k_n, damping): "
         "'tangential' is not a number"},
        {"granular_extra", "",
         "ERROR: pair_coeff: granular: '0.3' after hertz is one coefficient too many"},
        {"granular_mix", "",
         "ERROR: mbconnect: granular: the models of types 1 and 2 differ, so their coefficients "
         "cannot be mixed: set this combination explicitly with a pair_coeff 1 2 line"},
        {"wall_style", "", "ERROR: Fix wall/mbconnect: region nowhere does not exist"},
        {"wall_periodic", "",
         "ERROR: Fix wall/mbconnect: cannot use a wall in a periodic dimension"},
        {"wall_binding", "",
         "ERROR: wall/mbconnect: connector type 'ContactSphereSphere' takes no plane walls"},
        {"wall_contacts", "",
         "ERROR: wall/mbconnect: keyword 'contacts' (fix wall/gran's per-atom contact array) is "
         "not supported"},
        {"wall_words", "",
         "ERROR: wall/gran/mbc: takes fix wall/gran's words: granular, hooke, hooke/history or "
         "hertz/history, then its parameters (given 'hookean')"},
        {"classic_style_words", "",
         "ERROR: Illegal pair_style gran/hooke/history/mbc command: gran/hooke/history: dampflag "
         "must be 0 (no tangential damping) or 1 (given '2')"},
        {"classic_coeff_words", "",
         "ERROR: Incorrect args for pair coefficients: pair_coeff I J (pair_style "
         "gran/hertz/history/mbc takes its words in the pair_style line; given 3 arguments)"},
        /* the words of the classic styles (pair_style gran/..., fix wall/gran hooke...) */
        {"classic_words", "",
         "ERROR: pair_coeff: gran/hooke/history: Kt must be a number >= 0 or NULL (given "
         "'abc') (the words after the atom types)"},
        {"classic_kt_zero", "",
         "ERROR: pair_coeff: ContactGranClassic.tangentialStiffness: must be > 0 with a shear "
         "history, tangential damping and lammps2021 (LAMMPS 2021 divides by it when the "
         "contact slides: the history is then not a number; set it > 0, or tangentialDampingOn "
         "or lammps2021 False), given 0"},
        {"classic_wall", "",
         "ERROR: wall/mbconnect: 'bogus' is not a fix wall/gran keyword (allowed: wiggle, "
         "shear, contacts) (the arguments of fix wall/gran after the model words Kn Kt gamma_n "
         "gamma_t xmu dampflag [limit_damping])"},
        /* what the styles do not take, each refused with one line */
        {"respa", "",
         "ERROR: Pair mbconnect: run_style respa is not supported (use run_style verlet)"},

        {"corrected_late", "",
         "ERROR: mbconnect corrected: give it before the pair style (pair_style mbconnect is "
         "made already, and its laws with it)"},
        {"energy_late", "",
         "ERROR: mbconnect energy: give it before the pair style (pair_style granular/mbc is "
         "made already, and its laws with it)"},
        {"transfer_mix", "",
         "ERROR: mbconnect: the laws ContactGranular (LAMMPS 2021's transfer) and "
         "ContactSphereSphere (a record that reads the same from either atom) keep their "
         "contact histories in ways that cannot share one history of the pair style"},
        {"data_mixed", "",
         "ERROR on proc 0: granular/mbc: write_data pair ij: types 1 2 have no pair_coeff line "
         "of their own (their law is mixed): write the data file with pair ii (the default)"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        expect_error(cases[k].name, cases[k].vars, NULL, cases[k].expect);
    /* a restart file of LAMMPS's own pair_style granular under the suffix */
    expect_status("error_restart_lmp",
                  run_lammps("error_restart_lmp", 1, NULL,
                             "-in " SRC "/errors/restart_lmp.in -var dir " SRC
                             "/errors -var write 1 -log none"),
                  0);
    expect_error("restart_lmp", "", NULL,
                 "ERROR: granular/mbc: the restart file's pair style was not written by "
                 "mbc-lammps's granular/mbc (LAMMPS's own pair_style granular writes another "
                 "format)");
}

/* thermo_modify norm (norm.in): extensive entries of the fix vector are
 * divided by the atom count, the mean overlap is not; every value against
 * the lattice's analytic one. */
static void test_norm(void **state)
{
    (void)state;
    for (int np = 1; np <= 2; np++) {
        char name[32];
        snprintf(name, sizeof name, "norm_%d", np);
        expect_status(name,
                      run_lammps(name, np, NULL,
                                 "--plugin " MBC_LAMMPS_PLUGIN " -in " SRC "/norm.in -log none"),
                      0);
        char *out = run_file(name, "output.txt");
        double rows[2][MAX_ROWS][MAX_COLS];
        int cols[2];
        for (int t = 0; t < 2; t++) {
            assert_int_equal(thermo(out, t, rows[t], &cols[t]), 1);
            assert_int_equal(cols[t], 11);
        }
        free(out);
        /* step atoms pe f1 f2 f3 f4 v_c1 v_c2 v_c3 v_c4 */
        const double *y = rows[0][0], *n = rows[1][0], atoms = y[1];
        const double contacts = 375, overlap = 0.25, energy = contacts * 1000 * 0.25 * 0.25 / 2;
        assert_true(atoms == 125 && n[1] == 125);
        for (int t = 0; t < 2; t++) { /* the variables: never normalized */
            const double *v = rows[t][0];
            assert_rel(v[7], contacts, 1e-12, "contacts");
            assert_rel(v[8], overlap, 1e-12, "mean overlap");
            assert_rel(v[9], energy, 1e-12, "energy");
            assert_rel(v[10], contacts * overlap, 1e-12, "sum of MaxOverlap");
        }
        assert_rel(y[3], contacts / atoms, 1e-12, "f_mbconnect[1], norm yes");
        assert_rel(y[4], overlap, 1e-12, "f_mbconnect[2], norm yes");
        assert_rel(y[5], energy / atoms, 1e-12, "f_mbconnect[3], norm yes");
        assert_rel(y[6], contacts * overlap / atoms, 1e-12, "f_mbconnect[4], norm yes");
        assert_rel(y[2], energy / atoms, 1e-12, "pe, norm yes");
        for (int c = 3; c <= 6; c++)
            assert_rel(n[c], n[c + 4], 1e-12, "f_mbconnect, norm no");
        assert_rel(n[2], energy, 1e-12, "pe, norm no");
        /* the set-up's contacts start at 0.25 of 0.625 (40 %): one warning each, at step 0
         * (the second run 0 continues them), with the analytic count */
        out = run_file(name, "output.txt");
        static const char *const once[] = {
            "WARNING: mbconnect: step 0: 375 contacts start without their history: no contact "
            "history to continue",
            " start their contact overlapping by 0.25, 40 % of the smaller radius 0.625 (375 "
            "contacts started deeper than 25 % of it)"};
        for (int w = 0; w < 2; w++) {
            const char *at = strstr(out, once[w]);
            if (!at || strstr(at + 1, once[w]))
                fail_msg("%s: not once: '%s'", name, once[w]);
        }
        assert_non_null(strstr(out, "WARNING: mbconnect: step 0: atoms "));
        free(out);
        printf("%s: norm yes: contacts %.6g, mean overlap %.6g, Energy %.6g (per atom); norm no: "
               "%.6g, %.6g, %.6g\n",
               name, y[3], y[4], y[5], n[3], n[4], n[5]);
    }
}

/* The out-of-tree plugin law: energy conserved, its Energy output in pe. */
static void test_plugin(void **state)
{
    (void)state;
    int st = run_lammps("plugin", 2, NULL,
                        "--plugin " MBC_LAMMPS_PLUGIN " -in " EXAMPLES
                        "/plugin/elastic.in -var steps 2000 -log none");
    expect_status("plugin", st, 0);
    char *out = run_file("plugin", "output.txt");
    double rows[MAX_ROWS][MAX_COLS];
    int cols = 0;
    const int n = thermo(out, 0, rows, &cols);
    free(out);
    assert_int_equal(n, 5);    /* steps 0, 500, ..., 2000 */
    assert_int_equal(cols, 7); /* step ke pe etotal contacts Energy MaxOverlap */
    double drift = 0.0, contacts = 0.0, overlap = 0.0, pe = 0.0;
    for (int i = 0; i < n; i++) {
        assert_rel(rows[i][2], rows[i][5], 1e-12, "pe vs the sum of the Energy outputs");
        drift = fmax(drift, fabs(rows[i][3] - rows[0][3]) / rows[0][3]);
        contacts = fmax(contacts, rows[i][4]);
        overlap = fmax(overlap, rows[i][6]);
        pe = fmax(pe, rows[i][2]);
    }
    printf("plugin ContactLinearSphere: up to %.0f contacts holding %.6g J; etotal drifts by "
           "%.3g (relative)\n",
           contacts, pe, drift);
    assert_true(contacts >= 20 && pe > 1e-3 * rows[0][3] && overlap > 0.0);
    assert_true(drift <= 1e-3);

    st = run_lammps("plugin_missing", 2, NULL, "-in " EXAMPLES "/plugin/elastic.in -log none");
    char line[1024];
    expect_status("plugin_missing", st, 1);
    assert_int_equal(error_lines("plugin_missing", line, sizeof line), 1);
    assert_non_null(strstr(line, "unknown connector type 'ContactLinearSphere'"));

    /* a law without data coordinates (tests/lammps/spring): it runs on 1 and 2
     * ranks, its energy is pe, etotal stays, and the ranks agree */
    double spring[2][MAX_ROWS][MAX_COLS];
    for (int np = 1; np <= 2; np++) {
        char name[32];
        snprintf(name, sizeof name, "plugin_spring_%d", np);
        expect_status(name,
                      run_lammps(name, np, NULL,
                                 "--plugin " MBC_LAMMPS_SPRING " -in " SRC "/spring.in -log none"),
                      0);
        out = run_file(name, "output.txt");
        assert_int_equal(thermo(out, 0, spring[np - 1], &cols), 5);
        free(out);
        assert_int_equal(cols, 6); /* step ke pe etotal contacts Energy */
    }
    double spring_drift = 0.0, spring_contacts = 0.0;
    for (int i = 0; i < 5; i++) {
        const double *one = spring[0][i], *two = spring[1][i];
        assert_rel(one[2], one[5], 1e-12, "spring: pe vs the sum of the Energy outputs");
        spring_drift = fmax(spring_drift, fabs(one[3] - spring[0][0][3]) / spring[0][0][3]);
        spring_contacts = fmax(spring_contacts, one[4]);
        for (int c = 0; c < 6; c++)
            assert_rel(one[c], two[c], 1e-12, "spring: 1 and 2 ranks");
    }
    printf("plugin ContactSpringSphere (no data coordinates): up to %.0f contacts on 1 and 2 "
           "ranks; etotal drifts by %.3g\n",
           spring_contacts, spring_drift);
    assert_true(spring_contacts >= 20 && spring_drift <= 1e-3);

    /* a law with more data coordinates after the first run: the history
     * made anew in its layout, with one warning (before issue 42 it was
     * refused: the records had a fixed layout) */
    st = run_lammps("plugin_width", 2, NULL,
                    "--plugin " MBC_LAMMPS_PLUGIN " -in " SRC "/plugin_width.in -var dir " SRC
                    " -log none");
    expect_status("plugin_width", st, 0);
    out = run_file("plugin_width", "output.txt");
    const char *warned = strstr(out, "WARNING: mbconnect: the laws' records changed their layout: "
                                     "every contact starts anew");
    assert_non_null(warned);
    assert_null(strstr(strchr(warned, '\n'), "changed their layout")); /* once */
    free(out);
}

/* Newton's cradle: the analytic two-ball speeds and mbc simulate's cradle. */
static void test_cradle(void **state)
{
    (void)state;
    const char *dir = run_dir("cradle_simulate");
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "cd '%s' && '%s' simulate '%s/examples/scenes/cradle.lua' > output.txt 2>&1", dir,
             MBC_EXE, MBC_SOURCE_DIR);
    assert_int_equal(system(cmd), 0);
    char *sim = run_file("cradle_simulate", "output.txt");
    static const double analytic[4] = {0.1, 0.09, 0.081, 0.729};
    for (int np = 1; np <= 2; np++) {
        char name[32];
        snprintf(name, sizeof name, "cradle_%d", np);
        expect_status(name, run_lammps(name, np, NULL, "-in " EXAMPLES "/cradle.in -log none"), 0);
        char *out = run_file(name, "output.txt");
        const char *p = strstr(out, "cradle velocities (m/s): ");
        assert_non_null(p);
        p += strlen("cradle velocities (m/s): ");
        for (int k = 0; k < 4; k++) {
            char *end = NULL;
            const double v = strtod(p, &end);
            p = end;
            char key[16];
            snprintf(key, sizeof key, "\"v%d\": [", k + 1);
            const double vs = number_after(sim, key);
            printf("%s: sphere %d %.9f m/s (analytic %.3f, mbc simulate %.9f)\n", name, k + 1, v,
                   analytic[k], vs);
            assert_true(fabs(v - analytic[k]) <= 1e-3);
            assert_true(fabs(v - vs) <= 1e-4);
        }
        free(out);
    }
    free(sim);
}

/* settle.dat of run_dir(name): rows of time, kinetic energy, contacts,
 * mean overlap (the fix print lines, full digits). Returns the row count. */
static int settle_rows(const char *name, double rows[MAX_ROWS][4])
{
    char *dat = run_file(name, "settle.dat");
    int n = 0;
    for (char *p = dat; p && *p && n < MAX_ROWS; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (*p != '#' &&
            sscanf(p, "%lf %lf %lf %lf", &rows[n][0], &rows[n][1], &rows[n][2], &rows[n][3]) == 4)
            n++;
    free(dat);
    return n;
}

/* The settling example, briefly (1250 beads, 0.1 s): it runs and writes its
 * figure and data; the full 10,000-bead run is not part of the tests. The
 * bed does not depend on the rank count: on 1 and 2 ranks the contacts are
 * equal at every output and the kinetic energy and mean overlap differ by
 * round-off (measured 2.3e-15 relative; before, random() gave 2.2 %). */
static void test_settle(void **state)
{
    (void)state;
    const char *args = "-in " EXAMPLES "/settle.in -var n 1250 -var duration 0.1 -log none";
    expect_status("settle_1", run_lammps("settle_1", 1, NULL, args), 0);
    const int st = run_lammps("settle", 2, NULL, args);
    expect_status("settle", st, 0);
    double one[MAX_ROWS][4], two[MAX_ROWS][4];
    const int n1 = settle_rows("settle_1", one), n2 = settle_rows("settle", two);
    assert_int_equal(n1, n2);
    assert_true(n1 >= 20 && one[n1 - 1][2] > 500); /* 0 to 0.1 s every 500 steps, landed */
    for (int i = 0; i < n1; i++) {
        assert_true(one[i][2] == two[i][2]);
        assert_true(fabs(one[i][1] - two[i][1]) <= 1e-12 * fabs(one[i][1]));
        assert_true(fabs(one[i][3] - two[i][3]) <= 1e-12 * fabs(one[i][3]));
    }
    char *out = run_file("settle", "output.txt");
    double rows[MAX_ROWS][MAX_COLS];
    int cols = 0;
    const int n = thermo(out, 0, rows, &cols);
    free(out);
    assert_true(n >= 2);
    printf("settle: %.0f contacts after %.2f s\n", rows[n - 1][4], rows[n - 1][1]);
    assert_true(rows[n - 1][4] > 500); /* the beads have landed */
    char *png = run_file("settle", "settle.png"), *dat = run_file("settle", "settle.dat");
    assert_true(strncmp(png, "\x89PNG", 4) == 0);
    assert_non_null(strstr(dat, "# time (s), kinetic energy (J), contacts, mean overlap (m)"));
    free(png);
    free(dat);
}

/* A contact that outlives touching (tests/lammps/sticky.in, the plugin
 * ContactStickySphere: a reach, masses, an in-place kernel): no contact
 * while the spheres approach through the reach zone, the contact beyond
 * touching until the gap reaches the reach (the law's own test), then its
 * record is dropped; without damping the leaving speed is the energy
 * balance's sqrt(u0^2 - k g_r^2 / m_eff) = sqrt(3/4) m/s (to the time step's
 * 1e-3). With a damping proportional to m_eff (the masses reach the kernel
 * from LAMMPS's rmass, and the hooks through the binding's masses
 * parameter) it is slower. The kernel (default) and the hooks
 * (MBC_LAMMPS_GENERIC=1) give the same numbers, on 1 and 2 ranks. */
static void test_sticky(void **state)
{
    (void)state;
    static const struct {
        const char *name, *env, *vars;
        int np;
    } runs[] = {{"sticky_1", NULL, "", 1},
                {"sticky_1_hooks", "MBC_LAMMPS_GENERIC=1", "", 1},
                {"sticky_2", NULL, "", 2},
                {"sticky_damped_1", NULL, "-var damping 20", 1},
                {"sticky_damped_1_hooks", "MBC_LAMMPS_GENERIC=1", "-var damping 20", 1},
                {"sticky_damped_2", NULL, "-var damping 20", 2}};
    double first[2] = {0.0, 0.0};
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        char args[1024];
        snprintf(args, sizeof args, "--plugin %s -in %s/sticky.in -log none %s", MBC_LAMMPS_STICKY,
                 SRC, runs[r].vars);
        expect_status(runs[r].name, run_lammps(runs[r].name, runs[r].np, runs[r].env, args), 0);
        char *out = run_file(runs[r].name, "output.txt");
        const double leaving = number_after(out, "\nleaving ");
        int approach = 0, beyond = 0, ended = 0, touching = 0;
        for (const char *p = strstr(out, "\nStep "); p; p = strchr(p + 1, '\n')) {
            long step;
            double contacts, gap, rel, pe;
            if (sscanf(p + 1, "%ld %lf %lf %lf %lf", &step, &contacts, &gap, &rel, &pe) != 5)
                continue;
            if (gap > 0.0 && rel < 0.0) /* approaching through the reach zone */
                approach += contacts == 0.0 ? 1 : -1000;
            else if (gap > 0.0 && gap < 0.005 && rel > 0.0) /* leaving, held beyond touching */
                beyond += contacts == 1.0 && pe > 0.0 ? 1 : -1000;
            else if (gap > 0.0051 && rel > 0.0) /* beyond the reach: ended, no force */
                ended += contacts == 0.0 && pe == 0.0 ? 1 : -1000;
            else if (gap < 0.0)
                touching += contacts == 1.0 ? 1 : -1000;
        }
        free(out);
        printf("%s: leaving at %.9f m/s (undamped: sqrt(3/4) = 0.866025404); rows: %d "
               "approaching without a contact, %d touching, %d held beyond touching, %d after "
               "the end\n",
               runs[r].name, leaving, approach, touching, beyond, ended);
        assert_true(approach > 3 && touching > 50 && beyond > 20 && ended > 10);
        const int damped = strstr(runs[r].name, "damped") != NULL;
        if (!damped) /* the spring ends within a step: its work is off by up to
                      * k g_r u dt (4e-4 J of 0.125), 1e-3 of the speed */
            assert_rel(leaving, sqrt(0.75), 1e-3, runs[r].name);
        else /* damping ratio 0.1: the spring returns at most e = exp(-0.1 pi / sqrt(0.99))
              * = 0.7295 of the speed at touching, and the reach zone takes k g_r^2 / m_eff
              * more of its square (and the damping some): below sqrt(e^2 - 0.25) */
            assert_true(leaving < 0.531 && leaving > 0.3);
        if (first[damped] == 0.0)
            first[damped] = leaving;
        assert_rel(leaving, first[damped], 1e-12, runs[r].name); /* kernel = hooks; ranks */
    }
}

/* ---- restarts and data files (tests/lammps/restart) ---- */

#define RESTART SRC "/restart"
#define RESTART_ARGS                                                                               \
    "--plugin " MBC_LAMMPS_PLUGIN " --plugin " MBC_LAMMPS_SPRING " -log none -var dir " RESTART

/* The per-atom part of atoms.dump of run_dir(name) (the text after "ITEM:
 * ATOMS ..."): the state of every atom, with 17 digits. */
static char *atoms_text(const char *name)
{
    char *text = run_file(name, "atoms.dump");
    const char *p = strstr(text, "ITEM: ATOMS");
    assert_non_null(p);
    p = strchr(p, '\n');
    assert_non_null(p);
    char *part = strdup(p + 1);
    free(text);
    assert_non_null(part);
    return part;
}

/* The largest difference of two such parts, relative to the largest
 * value of its column (15 columns: id, x, v, omega, f, torque); 0 when
 * they are the same text. */
static double atoms_difference(const char *a, const char *b)
{
    if (strcmp(a, b) == 0)
        return 0.0;
    double scale[15] = {0}, worst = 0.0;
    for (int pass = 0; pass < 2; pass++) {
        const char *p = a, *q = b;
        for (int k = 0;; k++) {
            char *ea = NULL, *eb = NULL;
            const double x = strtod(p, &ea), y = strtod(q, &eb);
            if (ea == p || eb == q) {
                assert_true(ea == p && eb == q); /* the same number of values */
                break;
            }
            if (pass == 0)
                scale[k % 15] = fmax(scale[k % 15], fabs(x));
            else if (scale[k % 15] > 0.0)
                worst = fmax(worst, fabs(x - y) / scale[k % 15]);
            p = ea;
            q = eb;
        }
    }
    return fmax(worst, 1e-300); /* not the same text */
}

/* Runs tests/lammps/restart/INPUT.in on np ranks in run_dir(name) with
 * -var law LAW and more arguments; the status. */
static int restart_run(const char *name, int np, const char *input, const char *law,
                       const char *more)
{
    char args[2048];
    snprintf(args, sizeof args, "-in %s/%s.in %s -var law %s %s", RESTART, input, RESTART_ARGS, law,
             more);
    return run_lammps(name, np, NULL, args);
}

/* The thermo rows of run `name`'s table `block` against the reference's:
 * the same steps and values, to `tol` relative (0: the same numbers). */
static void same_thermo(const char *name, int block, const char *reference, int ref_block,
                        double tol)
{
    char *out = run_file(name, "output.txt"), *ref = run_file(reference, "output.txt");
    double a[MAX_ROWS][MAX_COLS], b[MAX_ROWS][MAX_COLS];
    int ca = 0, cb = 0;
    const int na = thermo(out, block, a, &ca), nb = thermo(ref, ref_block, b, &cb);
    free(out);
    free(ref);
    assert_int_equal(na, 5); /* steps 1000, 1250, ..., 2000 */
    assert_int_equal(nb, na);
    assert_int_equal(ca, cb);
    for (int i = 0; i < na; i++)
        for (int c = 0; c < ca; c++)
            if (tol == 0.0) {
                if (a[i][c] != b[i][c])
                    fail_msg("%s: thermo row %d column %d: %.17g, the continuous run %.17g", name,
                             i, c, a[i][c], b[i][c]);
            } else {
                assert_rel(a[i][c], b[i][c], tol, name);
            }
}

/* Every law with data (and one without; ContactGranular by name, and by the
 * words of pair_style granular with a wall and newton on), restarted on 1
 * and 2 ranks, on 2 from a restart file of 1 and on 1 from one of 2: the
 * same atoms, bit for bit, as `run 1000` then `run 1000` in one process.
 * The history is LAMMPS's FixNeighHistory's, which LAMMPS writes and reads;
 * no contact starts without it. Before issue 33 the first evaluation
 * after read_restart ran PostNewtonStep again on full-step velocities: on
 * this bed ContactSphereSphere ended 5e-3 (1 rank) and 0.5 (2 ranks) of a
 * column's scale apart, ContactGranular 5e-3 and 0.14. */
static void restart_laws(void)
{
    static const char *const laws[] = {"sphere", "granular", "words", "plugin", "spring"};
    for (size_t l = 0; l < sizeof laws / sizeof laws[0]; l++) {
        char cont[2][64], name[64], file[256];
        for (int np = 1; np <= 2; np++) {
            snprintf(cont[np - 1], sizeof cont[0], "restart_%s_%d", laws[l], np);
            expect_status(cont[np - 1], restart_run(cont[np - 1], np, "both", laws[l], ""), 0);
            snprintf(name, sizeof name, "restart_%s_%d_second", laws[l], np);
            snprintf(file, sizeof file, "-var file %s/%s/restart.bin", MBC_LAMMPS_OUT,
                     cont[np - 1]);
            expect_status(name, restart_run(name, np, "second", laws[l], file), 0);
            char *a = atoms_text(cont[np - 1]), *b = atoms_text(name);
            if (strcmp(a, b) != 0)
                fail_msg("%s: the atoms differ from the continuous run's by %.3g of a column's "
                         "largest value",
                         name, atoms_difference(a, b));
            free(a);
            free(b);
            /* 1 rank: the same sums; 2 ranks: LAMMPS sums the atoms of a rank in
             * another order after read_restart (its own pair granular too) */
            same_thermo(name, 0, cont[np - 1], 1, np == 1 ? 0.0 : 1e-13);
            char *out = run_file(name, "output.txt");
            assert_null(strstr(out, "start without their history"));
            assert_null(strstr(out, "Unused restart file"));
            free(out);
        }
        double d[2] = {0.0, 0.0};
        for (int np = 1; np <= 2; np++) { /* 2 ranks from 1's file, 1 from 2's */
            snprintf(name, sizeof name, "restart_%s_%d_from_%d", laws[l], np, 3 - np);
            snprintf(file, sizeof file, "-var file %s/%s/restart.bin", MBC_LAMMPS_OUT,
                     cont[2 - np]);
            expect_status(name, restart_run(name, np, "second", laws[l], file), 0);
            char *a = atoms_text(cont[2 - np]), *b = atoms_text(name);
            d[np - 1] = atoms_difference(a, b);
            free(a);
            free(b);
        }
        printf("%s: 1 and 2 ranks restarted bit for bit; 2 from 1 %.3g, 1 from 2 %.3g of a "
               "column's largest value from the run of the file's rank count\n",
               laws[l], d[1], d[0]);
        /* the order of the sums on another rank count (measured: the same bits) */
        assert_true(d[0] <= 1e-12 && d[1] <= 1e-12);
    }
}

/* The contacts of the first thermo row of run `name` (f_mbconnect[1], the
 * fifth column), and the number in its warning of contacts that start
 * without their history (-1: no such warning). */
static void fresh_contacts(const char *name, double *contacts, double *warned)
{
    char *out = run_file(name, "output.txt");
    double rows[MAX_ROWS][MAX_COLS];
    int cols = 0;
    assert_true(thermo(out, 0, rows, &cols) >= 1);
    *contacts = rows[0][4];
    const char *at = strstr(out, " contacts start without their history");
    *warned = -1.0;
    if (at) {
        const char *w = at;
        while (w > out && w[-1] != ' ')
            w--;
        *warned = strtod(w, NULL);
        assert_null(strstr(at + 1, " contacts start without their history")); /* once */
    }
    free(out);
}

/* `mbconnect capacity` has no effect any more (one warning; the history
 * grows as contacts need it): the run continues bit for bit. A law with
 * records of another layout starts every contact anew: LAMMPS keeps the
 * file's history for no fix (its "Unused restart file" line) and one
 * warning counts the contacts. A data file (write_data without options)
 * holds the pair coefficients (Pair Coeffs, the pair_coeff words) and no
 * contact history: it reads, and its contacts start without history, said
 * once with their number; the wall's too. */
static void restart_refusals(void)
{
    const char *file = "-var file " MBC_LAMMPS_OUT "/restart_sphere_1/restart.bin";
    char *ref = atoms_text("restart_sphere_1");
    char more[512];
    snprintf(more, sizeof more, "%s -var capacity 2", file);
    expect_status("restart_capacity", restart_run("restart_capacity", 2, "second", "sphere", more),
                  0);
    char *b = atoms_text("restart_capacity");
    if (strcmp(ref, b) != 0)
        fail_msg("restart_capacity: the atoms differ by %.3g", atoms_difference(ref, b));
    free(b);
    free(ref);
    char *out = run_file("restart_capacity", "output.txt");
    assert_non_null(strstr(out, "WARNING: mbconnect capacity: has no effect: the contact history "
                                "grows as contacts need it"));
    free(out);

    /* the plugin's law (2 data coordinates) on ContactSphereSphere's records (4) */
    double contacts = 0.0, warned = 0.0;
    expect_status("restart_other_law",
                  restart_run("restart_other_law", 2, "second", "plugin", file), 0);
    fresh_contacts("restart_other_law", &contacts, &warned);
    out = run_file("restart_other_law", "output.txt");
    assert_non_null(strstr(out, "Unused restart file peratom fix info"));
    free(out);
    printf("another law: %.0f contacts, %.0f start without their history\n", contacts, warned);
    assert_true(contacts > 20 && warned == contacts);

    /* the data file: the pair coefficients, no history; read, said */
    char *data = run_file("restart_sphere_1", "bed.data");
    assert_non_null(strstr(data, "300 atoms"));
    assert_non_null(strstr(data, "\nPair Coeffs # mbconnect\n\n1 ContactSphereSphere "));
    assert_null(strstr(data, "HISTORY"));
    free(data);
    expect_status("restart_data",
                  restart_run("restart_data", 2, "data", "sphere",
                              "-var file " MBC_LAMMPS_OUT "/restart_sphere_1/bed.data"),
                  0);
    fresh_contacts("restart_data", &contacts, &warned);
    out = run_file("restart_data", "output.txt");
    assert_non_null(strstr(out, "start without their history: no contact history to continue: a "
                                "new set-up, or atoms from a data file"));
    free(out);
    printf("data file: %.0f contacts, %.0f start without their history\n", contacts, warned);
    assert_true(contacts > 20 && warned == contacts);
    /* the wall's contacts too: every bead of the data file that touches the
     * floor wall of law_words.inc (z - d/2 < 0.0065) starts without its
     * history, and the warning counts them */
    char *beads = run_file("restart_words_1", "bed.data");
    const char *row = strstr(beads, "Atoms # sphere");
    assert_non_null(row);
    int touching = 0;
    for (row = strchr(row, '\n') + 2; *row && *row != '\n'; row = strchr(row, '\n') + 1) {
        int id = 0, type = 0;
        double d = 0.0, rho = 0.0, x = 0.0, y = 0.0, z = 0.0;
        assert_int_equal(sscanf(row, "%d %d %lf %lf %lf %lf %lf", &id, &type, &d, &rho, &x, &y, &z),
                         7);
        touching += type == 1 && z - 0.5 * d < 0.0065;
    }
    free(beads);
    expect_status("restart_data_wall",
                  restart_run("restart_data_wall", 2, "data", "words",
                              "-var file " MBC_LAMMPS_OUT "/restart_words_1/bed.data"),
                  0);
    out = run_file("restart_data_wall", "output.txt");
    static const char head[] = "WARNING: fix floor wall/mbconnect: step 0: ";
    const char *wall = strstr(out, head);
    assert_non_null(wall);
    const double wall_fresh = strtod(wall + strlen(head), NULL);
    printf("data file with a wall: %d beads touch it, %.0f wall contacts start without their "
           "history\n",
           touching, wall_fresh);
    assert_true(touching > 5 && wall_fresh == touching);
    assert_non_null(strstr(wall, "wall contacts start without their history: no wall records"));
    free(out);
}

static void test_restart(void **state)
{
    (void)state;
    restart_laws();
    restart_refusals();
}

/* The energy balance (tests/lammps/energy.in; energy_wall.in: onto a wall
 * of mbconnect wall, whose books f_floor[2..4] count too; energy_classic.in:
 * the same with gran/hertz/history's words, ContactGranClassic): kinetic +
 * rotational + gravitational + stored + dissipated energy stays at its
 * initial value up to the time-step error, which halves with the step
 * (first order: LAMMPS's velocity Verlet evaluates the damping and friction
 * with the half-step velocity, so the power the contacts take differs from
 * the one the integrator removes by O(h)); the dissipated energy (of the
 * pairs; of the wall) is a third of the initial energy or more, and the
 * spheres spin. */
static void test_energy(void **state)
{
    (void)state;
    const char *inputs[3] = {"energy", "energy_wall", "energy_classic"};
    const char *steps[3] = {"2e-6", "1e-6", "5e-7"};
    for (int f = 0; f < 3; f++) {
        double err[3] = {0, 0, 0}, e0 = 0;
        for (int k = 0; k < 3; k++) {
            char name[32], args[256];
            snprintf(name, sizeof name, "%s_%d", inputs[f], k);
            snprintf(args, sizeof args, "-in " SRC "/%s.in -log none -var h %s", inputs[f],
                     steps[k]);
            expect_status(name, run_lammps(name, 0, NULL, args), 0);
            char *out = run_file(name, "output.txt");
            double rows[MAX_ROWS][MAX_COLS];
            int cols = 0;
            const int n = thermo(out, 0, rows, &cols);
            free(out);
            assert_int_equal(cols, 9);
            assert_int_equal(n, 51);
            /* step time kt kr pg stored power dissipated E */
            e0 = rows[0][8];
            for (int i = 0; i < n; i++) {
                err[k] = fmax(err[k], fabs(rows[i][8] - e0));
                assert_true(rows[i][6] >= 0 && rows[i][7] >= (i ? rows[i - 1][7] : 0));
            }
            assert_true(rows[n - 1][7] > e0 / 3);
            assert_true(rows[n - 1][3] > 1e-3 * e0);
            printf("%s: h = %s s, E0 = %.6g J, dissipated %.6g J, largest balance error %.4g J "
                   "(%.3g of E0)\n",
                   name, steps[k], e0, rows[n - 1][7], err[k], err[k] / e0);
        }
        for (int k = 1; k < 3; k++) {
            const double ratio = err[k - 1] / err[k];
            printf("%s: balance error ratio h/(h/2): %.3f\n", inputs[f], ratio);
            assert_true(ratio > 1.8 && ratio < 2.2);
        }
        assert_true(err[2] < 2e-4 * e0);
    }
}

/* The balance of open systems (docs/lammps.rst, "Open systems"):
 * energy_shear.in (a floor that shears and a side wall that wiggles do work
 * on three beads, f_ID[5] of each wall) and energy_pour.in (fix pour
 * inserts 24 beads in four batches, whose energy f_mbconnect[10] books;
 * with viscous friction, and with the model set of examples/lammps/pour.in:
 * mindlin, sds rolling, marshall twisting; energy_drum.in: the same into a
 * cylinder that spins, sheared along x, whose work f_drum[5] books, with
 * the corrected forms; energy_region.in: the same pour into a cylinder and
 * onto a floor that are regions turning at 20 rad/s, walls of
 * wall/gran/region/mbc whose work f_drum[5], f_floor[5] books, 5.5e-6 J by
 * the end, more than the error allowed; energy_deposit.in: fix deposit
 * drops 16 spheres one by one onto a floor, LJ units) at three steps each:
 * the largest error of
 * v_E (the last column) falls at least at first order in the step (ratio of
 * h's to h/2's between 1.6 and 3, as energy.in's velocity Verlet shows 2),
 * the last within 1e-3 (shear), 5e-3 (pour, drum) and 1e-2 (deposit: a
 * pile that rests on its floor for half the run) of the energy brought in
 * (the walls' work, the inserted energy). */
static void test_energy_open(void **state)
{
    (void)state;
    static const struct {
        const char *input, *name, *vars, *steps[3];
        int through;  /* the column of the energy brought in (wall work, inserted) */
        double bound; /* of the energy brought in, at the smallest step */
    } runs[6] = {
        {"energy_shear", "energy_shear", "", {"4e-6", "2e-6", "1e-6"}, 6, 1e-3},
        {"energy_pour", "energy_pour", "", {"1e-5", "5e-6", "2.5e-6"}, 7, 5e-3},
        {"energy_pour", "energy_pour_full", "-var model full", {"1e-5", "5e-6", "2.5e-6"}, 7, 5e-3},
        {"energy_drum", "energy_drum", "", {"1e-5", "5e-6", "2.5e-6"}, 7, 5e-3},
        {"energy_deposit", "energy_deposit", "", {"1e-3", "5e-4", "2.5e-4"}, 7, 1e-2},
        {"energy_region", "energy_region", "", {"1e-5", "5e-6", "2.5e-6"}, 7, 5e-3}};
    for (int f = 0; f < 6; f++) {
        double err[3] = {0, 0, 0}, through = 0;
        for (int k = 0; k < 3; k++) {
            char name[32], args[256];
            snprintf(name, sizeof name, "%s_%d", runs[f].name, k);
            snprintf(args, sizeof args, "-in " SRC "/%s.in -log none -var h %s %s", runs[f].input,
                     runs[f].steps[k], runs[f].vars);
            expect_status(name, run_lammps(name, 0, NULL, args), 0);
            char *out = run_file(name, "output.txt");
            double rows[MAX_ROWS][MAX_COLS];
            int cols = 0;
            const int n = thermo(out, 0, rows, &cols);
            free(out);
            assert_int_equal(cols, 9);
            assert_int_equal(n, 51);
            const double e0 = rows[0][8];
            for (int i = 0; i < n; i++)
                err[k] = fmax(err[k], fabs(rows[i][8] - e0));
            through = fabs(rows[n - 1][runs[f].through]);
            if (f == 0)
                through += fabs(rows[n - 1][7]); /* the side wall's work */
            printf("%s: h = %s s, E0 = %.6g J, brought in %.6g J, largest balance error %.4g J "
                   "(%.3g of it)\n",
                   name, runs[f].steps[k], e0, through, err[k], err[k] / through);
        }
        assert_true(through > 1e-4);
        for (int k = 1; k < 3; k++) {
            const double ratio = err[k - 1] / err[k];
            printf("%s: balance error ratio h/(h/2): %.3f\n", runs[f].name, ratio);
            assert_true(ratio > 1.6 && ratio < 3.0);
        }
        assert_true(err[2] < runs[f].bound * through);
    }
}

int main(int argc, char **argv)
{
    if (access(MBC_MPIEXEC, X_OK) != 0 || access(MBC_LAMMPS_EXE, X_OK) != 0) {
        printf("SKIPPED: %s or %s not found (apt-get install -y lammps liblammps-dev "
               "openmpi-bin libopenmpi-dev g++ libfmt-dev)\n",
               MBC_MPIEXEC, MBC_LAMMPS_EXE);
        return 77;
    }
    static const struct {
        const char *name;
        struct CMUnitTest test;
    } groups[] = {
        {"cli", cmocka_unit_test(test_cli)},
        {"equivalence", cmocka_unit_test(test_equivalence)},
        {"ranks", cmocka_unit_test(test_ranks)},
        {"restitution", cmocka_unit_test(test_restitution)},
        {"script", cmocka_unit_test(test_script)},
        {"errors", cmocka_unit_test(test_errors)},
        {"plugin", cmocka_unit_test(test_plugin)},
        {"cradle", cmocka_unit_test(test_cradle)},
        {"settle", cmocka_unit_test(test_settle)},
        {"norm", cmocka_unit_test(test_norm)},
        {"sticky", cmocka_unit_test(test_sticky)},
        {"restart", cmocka_unit_test(test_restart)},
        {"energy", cmocka_unit_test(test_energy)},
        {"energy_open", cmocka_unit_test(test_energy_open)},
    };
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        if (argc > 1 && strcmp(argv[1], groups[g].name) == 0) {
            const struct CMUnitTest one[] = {groups[g].test};
            return cmocka_run_group_tests_name(groups[g].name, one, NULL, NULL);
        }
    }
    fprintf(stderr,
            "usage: test_lammps GROUP (cli, equivalence, ranks, restitution, script, "
            "errors, plugin, cradle, settle, norm, sticky, restart, energy, energy_open)\n");
    return 2;
}
