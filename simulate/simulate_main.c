/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc simulate SCENE.lua`: loads a scene, integrates it, writes the sensor
 * time series (CSV), a JSON summary of the final sensor values and, with
 * --plot, a gnuplot figure (docs/simulate.rst).
 *
 * Exit status: 0 success (also when some discontinuous iterations ended
 * unconverged: a warning line says so), 1 when the run fails, 2 for a usage
 * or scene error (and a CSV over --csv-limit), 71 when out of memory,
 * 130/143 when interrupted by SIGINT/SIGTERM. Every error is one line on
 * stderr; result files are renamed into place only when the run succeeded. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, isatty, getpid */
#include "simulate.h"

#include "list.h"
#include "output.h"
#include "plot.h"
#include "run.h"
#include "sandbox.h"
#include "scene.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_SETS   64
#define EXIT_NOMEM 71

typedef struct options {
    const char *scene;
    const char *csv, *json, *plot;
    const char *sets[MAX_SETS];
    int set_count;
    int quiet, list, list_json;
    double csv_limit; /* bytes; 0: none */
    sim_plot_format plot_format;
} options;

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void usage(FILE *f)
{
    fputs("usage: mbc simulate SCENE.lua [options]\n"
          "       mbc simulate --list [--json]\n"
          "       (mbc --plugin PLUGIN simulate ...: the types of a plugin too)\n"
          "options, before or after the scene:\n"
          "  --csv FILE          sensor time series, one row per output time\n"
          "  --json FILE         the JSON summary (default: standard output)\n"
          "  --plot FILE         every sensor against time; FILE.png, .svg or .pdf\n"
          "  --set NAME=VALUE    a parameter of a scene that returns a function (repeatable)\n"
          "  --csv-limit SIZE    refuse a CSV estimated above SIZE bytes (k, M, G suffixes;\n"
          "                      default 1G; none: no limit)\n"
          "  --quiet             no progress line\n"
          "  --list [--json]     the scene item types and their keys\n"
          "  -h, --help          this help\n"
          "Exit status: 0 done, 1 the run failed, 2 usage or scene error, 71 out of memory,\n"
          "130/143 interrupted. See docs/simulate.rst.\n",
          f);
}

/* A usage error: one line on stderr, status 2. */
#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static int
usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("mbc simulate: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

#define SEE_HELP "(mbc simulate --help shows the usage)"

/* "1G", "500M", "20k", "123456", "none"; < 0 when unreadable. */
static double parse_size(const char *s)
{
    if (strcmp(s, "none") == 0)
        return 0.0;
    char *end = NULL;
    const double x = strtod(s, &end);
    if (end == s || !(x > 0.0) || !isfinite(x))
        return -1.0;
    static const char suffix[] = "kMGT";
    double scale = 1.0;
    if (*end != '\0') {
        const char *p = strchr(suffix, *end);
        if (p == NULL || end[1] != '\0')
            return -1.0;
        scale = pow(1e3, (double)(p - suffix + 1));
    }
    return x * scale;
}

/* An option with a value: stores it; a usage error when missing or repeated. */
static int option_value(int argc, char **argv, int *i, const char **slot)
{
    if (*i + 1 >= argc || argv[*i + 1] == NULL || argv[*i + 1][0] == '\0')
        return usage_error("%s needs a value " SEE_HELP, argv[*i]);
    if (*slot != NULL)
        return usage_error("%s is given twice " SEE_HELP, argv[*i]);
    *slot = argv[++*i];
    return 0;
}

/* Parses one argument at *i; 0, or the exit status of a usage error. */
static int parse_one(int argc, char **argv, int *i, options *o)
{
    const char *a = argv[*i];
    const char *limit = NULL;
    if (strcmp(a, "--csv") == 0)
        return option_value(argc, argv, i, &o->csv);
    if (strcmp(a, "--json") == 0) {
        if (o->list) {
            o->list_json = 1;
            return 0;
        }
        return option_value(argc, argv, i, &o->json);
    }
    if (strcmp(a, "--plot") == 0)
        return option_value(argc, argv, i, &o->plot);
    if (strcmp(a, "--set") == 0) {
        const char *v = NULL;
        const int st = option_value(argc, argv, i, &v);
        if (st != 0 || v == NULL)
            return st;
        if (strchr(v, '=') == NULL || v[0] == '=')
            return usage_error("--set expects NAME=VALUE, given '%s'", v);
        if (o->set_count == MAX_SETS)
            return usage_error("too many --set options (at most %d)", MAX_SETS);
        o->sets[o->set_count++] = v;
        return 0;
    }
    if (strcmp(a, "--csv-limit") == 0) {
        const int st = option_value(argc, argv, i, &limit);
        if (st != 0 || limit == NULL)
            return st;
        if ((o->csv_limit = parse_size(limit)) < 0.0) {
            return usage_error("--csv-limit expects a size such as 500M, 4G or none, given '%s'",
                               limit);
        }
        return 0;
    }
    if (strcmp(a, "--quiet") == 0) {
        o->quiet = 1;
        return 0;
    }
    if (a[0] != '-' && o->scene == NULL) {
        o->scene = a;
        return 0;
    }
    if (a[0] == '-') {
        return usage_error("unknown option '%s' (options go after `simulate`, --plugin before it; "
                           "mbc simulate --help shows the usage)",
                           a);
    }
    return usage_error("more than one scene file: '%s' " SEE_HELP, a);
}

/* Fills o; returns -1 to go on, else the exit status (help: 0). */
static int parse(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->csv_limit = 1e9;
    for (int i = 0; i < argc; ++i) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        o->list = o->list || strcmp(argv[i], "--list") == 0;
    }
    for (int i = 0; i < argc; ++i) {
        if (strcmp(argv[i], "--list") == 0)
            continue;
        if (o->list && strcmp(argv[i], "--json") != 0)
            return usage_error("--list takes only --json, not '%s'", argv[i]);
        const int st = parse_one(argc, argv, &i, o);
        if (st != 0)
            return st;
    }
    if (o->list)
        return -1;
    if (o->scene == NULL)
        return usage_error("no scene file given " SEE_HELP);
    const char *csv = o->csv, *json = o->json, *plot = o->plot;
    if ((csv && json && !strcmp(csv, json)) || (csv && plot && !strcmp(csv, plot)) ||
        (json && plot && !strcmp(json, plot)))
        return usage_error("two result options name the same file " SEE_HELP);
    mbc_error err;
    if (o->plot != NULL && sim_plot_format_of(o->plot, &o->plot_format, &err) != MBC_OK)
        return usage_error("%s", err.message);
    return -1;
}

/* Where the results go while the run goes on. */
typedef struct outputs {
    sim_out_file csv, json;
    sim_plot_ranges ranges; /* with --plot */
    int plotting;
    char plot_csv[SIM_PATH_SIZE]; /* the CSV gnuplot reads when --csv is not given */
    int plot_csv_slot;
} outputs;

static mbc_status sample(sim_run *r, outputs *out, mbc_error *err)
{
    const mbc_status st = sim_sensors_sample(r, err);
    if (st == MBC_OK && out->csv.f != NULL)
        sim_csv_row(r, out->csv.f);
    if (st == MBC_OK && out->plotting)
        sim_plot_ranges_add(&out->ranges, r);
    return st;
}

static mbc_status check_finite(const sim_run *r, mbc_error *err)
{
    for (int i = 0; i < r->model->n; ++i) {
        if (!isfinite(r->state.q[i]) || !isfinite(r->state.v[i])) {
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: the state is not finite at t = %.17g (coordinate %d)",
                            r->model->scene_name, r->state.t, i);
        }
    }
    return MBC_OK;
}

static void progress(const sim_run *r, double start, int last)
{
    const double now = wall_seconds();
    fprintf(stderr, "\rt = %-10.5g of %-8.4g %8.0f steps/s  Newton %ld  discontinuous %ld   ",
            r->state.t, r->model->settings.end_time,
            (double)r->state.stats.steps / fmax(now - start, 1e-9),
            r->state.stats.newton_iterations, r->state.stats.discontinuous_iterations);
    if (last)
        fputc('\n', stderr);
}

/* Integrates to the end time, sampling at every output time. */
static mbc_status integrate(sim_run *r, outputs *out, int show_progress, mbc_error *err)
{
    const sim_settings *st = &r->model->settings;
    const double start = wall_seconds(), end = st->end_time, eps = 1e-12 * fmax(1.0, end);
    double last_report = start, next_output = st->output_step;
    sim_step_control sc;
    sim_step_control_init(&sc, st);
    while (r->state.t < end - eps) {
        mbc_status s = sim_step(r, &sc, end - r->state.t, err);
        if (s == MBC_OK)
            s = check_finite(r, err);
        if (s != MBC_OK)
            return s;
        const int last = r->state.t >= end - eps;
        if (last || r->state.t >= next_output - eps) {
            if ((s = sample(r, out, err)) != MBC_OK)
                return s;
            while (next_output <= r->state.t + eps && st->output_step > 0.0)
                next_output += st->output_step;
        }
        if (show_progress && (last || wall_seconds() - last_report > 0.25)) {
            progress(r, start, last);
            last_report = wall_seconds();
        }
    }
    return MBC_OK;
}

static mbc_status run(sim_run *r, const options *o, outputs *out, mbc_error *err)
{
    const double start = wall_seconds();
    mbc_status st =
        r->model->settings.method == SIM_RK4 ? sim_rk4_init(r, err) : sim_genalpha_init(r, err);
    if (st != MBC_OK)
        return st;
    if (out->csv.f != NULL)
        sim_csv_header(r->model, out->csv.f);
    const int show_progress = !o->quiet && isatty(STDERR_FILENO);
    if ((st = sample(r, out, err)) != MBC_OK ||
        (st = integrate(r, out, show_progress, err)) != MBC_OK ||
        (st = sim_sensors_sample(r, err)) != MBC_OK)
        return st;
    if (out->json.f != NULL) {
        sim_json_summary(r, out->json.f, wall_seconds() - start);
    } else if (o->json == NULL) {
        sim_json_summary(r, stdout, wall_seconds() - start);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            return mbc_fail(err, MBC_ERR_IO, "%s: writing the summary to standard output failed",
                            r->model->scene_name);
        }
    }
    return MBC_OK;
}

/* Refuses a CSV estimated above --csv-limit (before anything is written). */
static mbc_status check_csv_size(const sim_model *m, const options *o, mbc_error *err)
{
    double rows = 0.0;
    int columns = 0;
    const double bytes = sim_csv_estimate(m, &rows, &columns);
    if ((o->csv == NULL && o->plot == NULL) || o->csv_limit <= 0.0 || bytes <= o->csv_limit)
        return MBC_OK;
    return mbc_fail(err, MBC_ERR_SIZE,
                    "%s: the CSV would hold about %.3g GB (%.0f rows of %d values from "
                    "solver.endTime = %g and solver.outputStep = %g) and the limit is %.3g GB: "
                    "raise it with --csv-limit SIZE (e.g. --csv-limit %.0fG, or none) or "
                    "choose a larger solver.outputStep",
                    m->scene_name, bytes / 1e9, rows, columns, m->settings.end_time,
                    m->settings.output_step > 0.0 ? m->settings.output_step : m->settings.step,
                    o->csv_limit / 1e9, ceil(bytes / 1e9));
}

static void warn_unconverged(const sim_run *r)
{
    const sim_stats *s = &r->state.stats;
    const sim_settings *st = &r->model->settings;
    if (s->discontinuous_unconverged > 0) {
        fprintf(stderr,
                "%s: warning: %ld step%s ended with the discontinuous iteration above "
                "solver.discontinuous.tolerance = %g after solver.discontinuous.maxIterations = "
                "%d, the first at t = %.17g\n",
                r->model->scene_name, s->discontinuous_unconverged,
                s->discontinuous_unconverged == 1 ? "" : "s", st->discontinuous_tolerance,
                st->discontinuous_max_iterations, s->first_unconverged_time);
    }
}

/* Opens the result files; a plot without --csv gets a temporary CSV. */
static mbc_status open_outputs(const sim_model *m, const options *o, outputs *out, mbc_error *err)
{
    const char *csv_path = o->csv;
    if (o->plot != NULL) {
        mbc_status st = sim_plot_ranges_init(&out->ranges, m, err);
        if (st != MBC_OK)
            return st;
        out->plotting = 1;
        if (csv_path == NULL) {
            snprintf(out->plot_csv, sizeof out->plot_csv, "%s.data%ld.csv", o->plot,
                     (long)getpid());
            out->plot_csv_slot = sim_signals_watch(out->plot_csv);
            csv_path = out->plot_csv;
        }
    }
    mbc_status st = sim_out_open(&out->csv, csv_path, err);
    if (st == MBC_OK)
        st = sim_out_open(&out->json, o->json, err);
    return st;
}

/* Commits the results in order: nothing is committed unless the run succeeded. */
static mbc_status commit_outputs(const sim_model *m, const options *o, outputs *out, mbc_error *err)
{
    mbc_status st = sim_out_commit(&out->csv, err);
    if (st == MBC_OK)
        st = sim_out_commit(&out->json, err);
    if (st == MBC_OK && o->plot != NULL) {
        st = sim_plot(m, &out->ranges, o->csv != NULL ? o->csv : out->plot_csv, o->plot,
                      o->plot_format, err);
    }
    return st;
}

static void close_outputs(outputs *out)
{
    sim_out_discard(&out->csv);
    sim_out_discard(&out->json);
    if (out->plot_csv[0] != '\0') {
        remove(out->plot_csv);
        sim_signals_forget(out->plot_csv_slot);
    }
    sim_plot_ranges_free(&out->ranges);
}

static int exit_status(mbc_status st, int failure)
{
    return st == MBC_OK ? 0 : st == MBC_ERR_NOMEM ? EXIT_NOMEM : failure;
}

/* Loads, runs and writes; the exit status. */
static int simulate(const options *o, const mbc_registry *registry, mbc_error *err)
{
    sim_signals_install(!o->quiet && isatty(STDERR_FILENO)); /* before any file exists */
    sim_model *m = sim_model_create();
    if (m == NULL) {
        mbc_fail(err, MBC_ERR_NOMEM, "%s: out of memory", o->scene);
        return EXIT_NOMEM;
    }
    mbc_sandbox *sb = NULL;
    sim_run *r = NULL;
    outputs out;
    memset(&out, 0, sizeof out);
    out.plot_csv_slot = -1;
    int status = 0;
    mbc_status st = sim_scene_load(m, o->scene, registry, o->sets, o->set_count, &sb, err);
    if (st == MBC_OK)
        st = check_csv_size(m, o, err);
    if (st != MBC_OK)
        status = exit_status(st, 2);
    else if ((st = sim_run_create(m, mbc_sandbox_state(sb), &r, err)) != MBC_OK ||
             (st = sim_pattern_build(r, err)) != MBC_OK ||
             (st = sim_initial_data(r, err)) != MBC_OK ||
             (st = open_outputs(m, o, &out, err)) != MBC_OK ||
             (st = run(r, o, &out, err)) != MBC_OK ||
             (st = commit_outputs(m, o, &out, err)) != MBC_OK)
        status = exit_status(st, 1);
    else
        warn_unconverged(r);
    close_outputs(&out);
    sim_run_destroy(r);
    sim_model_destroy(m);
    mbc_sandbox_free(sb);
    return status;
}

int mbc_simulate_main(int argc, char **argv, const mbc_registry *registry)
{
    options opt;
    const int parsed = parse(argc, argv, &opt);
    if (parsed >= 0)
        return parsed;
    if (opt.list) {
        sim_list_items(stdout, registry, opt.list_json);
        if (fflush(stdout) != 0 || ferror(stdout)) {
            fputs("mbc simulate --list: cannot write to standard output\n", stderr);
            return 1;
        }
        return 0;
    }
    mbc_error err = {0};
    const int status = simulate(&opt, registry, &err);
    if (status != 0)
        fprintf(stderr, "%s\n", err.message);
    return status;
}
