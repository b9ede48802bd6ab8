/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc simulate SCENE.lua`: loads a scene, integrates it, writes the sensor
 * time series (CSV), a JSON summary of the final sensor values and, with
 * --plot, a gnuplot figure. Results are written to temporary files that are
 * renamed only when the run succeeded; a failed run prints one line on
 * stderr, exits with status 1 (2 for a usage or scene error) and leaves no
 * result files behind. */
#define _POSIX_C_SOURCE 200809L /* popen, clock_gettime, isatty */
#include "simulate.h"

#include "sandbox.h"
#include "sim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_SETS 64

typedef struct options {
    const char *scene;
    const char *csv, *json, *plot;
    const char *sets[MAX_SETS];
    int set_count;
    int quiet;
} options;

static double wall_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void usage(FILE *f)
{
    fputs("usage: mbc simulate SCENE.lua [--csv FILE] [--json FILE] [--plot FILE.png]\n"
          "                    [--set NAME=VALUE]... [--quiet]\n",
          f);
}

static int parse(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    for (int i = 0; i < argc; ++i) {
        const char *a = argv[i];
        const int has_value = i + 1 < argc;
        if (strcmp(a, "--csv") == 0 && has_value) {
            o->csv = argv[++i];
        } else if (strcmp(a, "--json") == 0 && has_value) {
            o->json = argv[++i];
        } else if (strcmp(a, "--plot") == 0 && has_value) {
            o->plot = argv[++i];
        } else if (strcmp(a, "--set") == 0 && has_value && o->set_count < MAX_SETS) {
            o->sets[o->set_count++] = argv[++i];
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 1;
        } else if (strcmp(a, "--quiet") == 0) {
            o->quiet = 1;
        } else if (a[0] != '-' && o->scene == NULL) {
            o->scene = a;
        } else {
            fprintf(stderr, "mbc simulate: unknown or incomplete option '%s'\n", a);
            usage(stderr);
            return -1;
        }
    }
    if (o->scene == NULL) {
        usage(stderr);
        return -1;
    }
    return 0;
}

/* A result file written under a temporary name and renamed on success. */
typedef struct out_file {
    const char *path;
    char tmp[1100];
    FILE *f;
} out_file;

static int out_open(out_file *o, const char *path, sim_model *m)
{
    o->path = path;
    o->f = NULL;
    if (path == NULL) {
        return 0;
    }
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp%ld", path, (long)getpid());
    o->f = fopen(o->tmp, "w");
    if (o->f == NULL) {
        return sim_fail(m, "%s: cannot write (directory missing or not writable)", path);
    }
    return 0;
}

static void out_discard(out_file *o)
{
    if (o->f != NULL) {
        fclose(o->f);
        o->f = NULL;
        remove(o->tmp);
    }
}

static int out_commit(out_file *o, sim_model *m)
{
    if (o->f == NULL) {
        return 0;
    }
    const int bad = ferror(o->f) | fclose(o->f);
    o->f = NULL;
    if (bad || rename(o->tmp, o->path) != 0) {
        remove(o->tmp);
        return sim_fail(m, "%s: writing failed", o->path);
    }
    return 0;
}

static void csv_header(const sim_model *m, FILE *f)
{
    fputs("time", f);
    for (int i = 0; i < m->sensor_count; ++i) {
        const sim_sensor *s = &m->sensors[i];
        for (int k = 0; k < s->size; ++k) {
            if (s->size == 1) {
                fprintf(f, ",%s", s->name);
            } else {
                fprintf(f, ",%s[%d]", s->name, k);
            }
        }
    }
    fputc('\n', f);
}

static void csv_row(const sim_model *m, FILE *f)
{
    fprintf(f, "%.17g", m->t);
    for (int i = 0; i < m->sensor_count; ++i) {
        const sim_sensor *s = &m->sensors[i];
        for (int k = 0; k < s->size; ++k) {
            fprintf(f, ",%.17g", s->values[k]);
        }
    }
    fputc('\n', f);
}

static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; ++s) {
        if (*s == '"' || *s == '\\') {
            fprintf(f, "\\%c", *s);
        } else if ((unsigned char)*s < 0x20) {
            fprintf(f, "\\u%04x", (unsigned)*s);
        } else {
            fputc(*s, f);
        }
    }
    fputc('"', f);
}

static void json_summary(const sim_model *m, FILE *f, double wall)
{
    const sim_stats *st = &m->stats;
    fputs("{\n  \"scene\": ", f);
    json_string(f, m->scene_name);
    fprintf(f,
            ",\n  \"time\": %.17g,\n  \"statistics\": {\"steps\": %ld, \"newtonIterations\": %ld, "
            "\"jacobians\": %ld, \"stepReductions\": %ld, \"newtonFailures\": %ld, "
            "\"discontinuousIterations\": %ld, \"discontinuousUnconverged\": %ld, "
            "\"smallestStep\": %.17g, \"coordinates\": %d, \"multipliers\": %d, "
            "\"sparse\": %s, \"wallSeconds\": %.6g},\n  \"sensors\": {",
            m->t, st->steps, st->newton_iterations, st->jacobians, st->step_reductions,
            st->newton_failures, st->discontinuous_iterations, st->discontinuous_unconverged,
            st->smallest_step, m->n, m->nz, m->jac.sparse ? "true" : "false", wall);
    for (int i = 0; i < m->sensor_count; ++i) {
        const sim_sensor *s = &m->sensors[i];
        fputs(i ? ",\n    " : "\n    ", f);
        json_string(f, s->name);
        fputs(": [", f);
        for (int k = 0; k < s->size; ++k) {
            fprintf(f, "%s%.17g", k ? ", " : "", s->values[k] == 0.0 ? 0.0 : s->values[k]);
        }
        fputc(']', f);
    }
    fputs(m->sensor_count ? "\n  }\n}\n" : "}\n}\n", f);
}

/* One panel per sensor against time; gnuplot reads the final CSV. */
static int plot(sim_model *m, const char *csv, const char *png)
{
    out_file o;
    if (out_open(&o, png, m) != 0) {
        return -1;
    }
    fclose(o.f);
    o.f = NULL;
    /* gnuplot is the plotting program (a fixed command line, no user input) */
    FILE *g = popen("gnuplot 2>/dev/null", "w"); /* NOLINT(cert-env33-c) */
    if (g == NULL) {
        remove(o.tmp);
        return sim_fail(m, "--plot: cannot run gnuplot (apt-get install -y gnuplot-nox)");
    }
    const int panels = m->sensor_count > 0 ? m->sensor_count : 1;
    fprintf(g, "set terminal pngcairo size 900,%d noenhanced\nset output '%s'\n", 260 * panels,
            o.tmp);
    fprintf(g, "set datafile separator ','\nset key autotitle columnhead\nset grid\n");
    fprintf(g, "set multiplot layout %d,1\n", panels);
    int col = 2;
    for (int i = 0; i < m->sensor_count; ++i) {
        const sim_sensor *s = &m->sensors[i];
        fprintf(g, "set title '%s'\nset xlabel 'time [s]'\nplot ", s->name);
        for (int k = 0; k < s->size; ++k) {
            fprintf(g, "%s'%s' using 1:%d with lines", k ? ", " : "", csv, col + k);
        }
        fputc('\n', g);
        col += s->size;
    }
    fprintf(g, "unset multiplot\nset output\n");
    const int status = pclose(g);
    FILE *check = fopen(o.tmp, "rb");
    long size = 0;
    if (check != NULL) {
        if (fseek(check, 0, SEEK_END) == 0)
            size = ftell(check);
        fclose(check);
    }
    if (status != 0 || size <= 0 || rename(o.tmp, png) != 0) {
        remove(o.tmp);
        return sim_fail(m, "--plot %s: gnuplot failed (is gnuplot-nox installed?)", png);
    }
    return 0;
}

static int run(sim_model *m, const options *opt, out_file *csv, out_file *json)
{
    if (sim_assemble(m) != 0 || sim_sensors_setup(m) != 0) {
        return -1;
    }
    if (m->settings.method != SIM_RK4 && sim_genalpha_init(m) != 0) {
        return -1;
    }
    if (csv->f != NULL) {
        csv_header(m, csv->f);
    }
    if (sim_sensors_sample(m) != 0) {
        return -1;
    }
    if (csv->f != NULL) {
        csv_row(m, csv->f);
    }
    const int progress = !opt->quiet && isatty(STDERR_FILENO);
    const sim_settings *st = &m->settings;
    const double start = wall_seconds();
    double last_report = start, next_output = st->output_step;
    double h = st->step;
    const double end = st->end_time, eps = 1e-12 * fmax(1.0, end);
    while (m->t < end - eps) {
        const double h_try = fmin(h, end - m->t);
        double h_done = h_try;
        const int s = st->method == SIM_RK4 ? sim_rk4_step(m, h_try, &h_done)
                                            : sim_genalpha_step(m, h_try, &h_done);
        if (s != 0) {
            return -1;
        }
        h = h_done < h_try ? fmin(st->step, 2.0 * h_done) : st->step;
        for (int i = 0; i < m->n; ++i) {
            if (!isfinite(m->q[i]) || !isfinite(m->v[i])) {
                return sim_fail(m, "%s: the state is not finite at t = %.17g (coordinate %d)",
                                m->scene_name, m->t, i);
            }
        }
        const int last = m->t >= end - eps;
        if (last || m->t >= next_output - eps) {
            if (sim_sensors_sample(m) != 0) {
                return -1;
            }
            if (csv->f != NULL) {
                csv_row(m, csv->f);
            }
            while (next_output <= m->t + eps && st->output_step > 0.0) {
                next_output += st->output_step;
            }
        }
        if (progress) {
            const double now = wall_seconds();
            if (now - last_report > 0.25 || last) {
                fprintf(stderr,
                        "\rt = %-10.5g of %-8.4g %8.0f steps/s  Newton %ld  discontinuous %ld   ",
                        m->t, end, (double)m->stats.steps / fmax(now - start, 1e-9),
                        m->stats.newton_iterations, m->stats.discontinuous_iterations);
                last_report = now;
            }
        }
    }
    if (progress) {
        fputc('\n', stderr);
    }
    if (sim_sensors_sample(m) != 0) {
        return -1;
    }
    if (json->f != NULL || opt->json == NULL) {
        json_summary(m, json->f != NULL ? json->f : stdout, wall_seconds() - start);
    }
    return 0;
}

int mbc_simulate_main(int argc, char **argv, const mbc_registry *registry)
{
    options opt;
    const int parsed = parse(argc, argv, &opt);
    if (parsed != 0) {
        return parsed > 0 ? 0 : 2; /* --help: 0 */
    }
    sim_model *m = sim_model_create();
    if (m == NULL) {
        fputs("mbc simulate: out of memory\n", stderr);
        return 1;
    }
    mbc_sandbox *sb = NULL;
    int status = 0;
    out_file csv = {0}, json = {0};
    /* a plot needs the CSV: a temporary one when --csv is not given */
    char plot_csv[1100] = "";
    const char *csv_path = opt.csv;
    if (opt.plot != NULL && csv_path == NULL) {
        snprintf(plot_csv, sizeof plot_csv, "%s.data%ld.csv", opt.plot, (long)getpid());
        csv_path = plot_csv;
    }
    if (sim_scene_load(m, opt.scene, registry, opt.sets, opt.set_count, &sb) != 0) {
        status = 2;
    } else if (out_open(&csv, csv_path, m) != 0 || out_open(&json, opt.json, m) != 0 ||
               run(m, &opt, &csv, &json) != 0 || out_commit(&csv, m) != 0 ||
               out_commit(&json, m) != 0 ||
               (opt.plot != NULL && plot(m, csv_path, opt.plot) != 0)) {
        status = 1; /* in this order: nothing is committed unless the run succeeded */
    }
    out_discard(&csv);
    out_discard(&json);
    if (plot_csv[0] != '\0') {
        remove(plot_csv);
    }
    if (status != 0) {
        fprintf(stderr, "%s\n", m->message);
    }
    sim_model_destroy(m);
    mbc_sandbox_free(sb);
    return status;
}
