/* SPDX-License-Identifier: BSD-3-Clause */
/* The result files of `mbc simulate` (output.h). */
#define _POSIX_C_SOURCE 200809L /* sigaction, sigprocmask */
#include "output.h"

#include "json_text.h"

#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------------------ */
/* signals                                                                  */

/* The temporary files a signal handler removes. A handler can reach only
 * static storage, so this list is the tool's one piece of global state; it
 * is written before a file is created and cleared after it is renamed. */
#define WATCH_SLOTS 6
static char watched[WATCH_SLOTS][SIM_PATH_SIZE];
static volatile sig_atomic_t watched_used[WATCH_SLOTS];
static volatile sig_atomic_t progress_line;

static void write_all(const char *s)
{
    size_t len = strlen(s);
    while (len > 0) {
        const ssize_t w = write(STDERR_FILENO, s, len);
        if (w <= 0)
            return;
        s += w;
        len -= (size_t)w;
    }
}

/* Async-signal-safe: unlink, write, strlen, _exit. */
static void on_signal(int sig)
{
    for (int i = 0; i < WATCH_SLOTS; ++i)
        if (watched_used[i])
            unlink(watched[i]);
    write_all(progress_line ? "\n" : "");
    write_all(sig == SIGINT ? "mbc simulate: interrupted (SIGINT); temporary files removed\n"
                            : "mbc simulate: terminated (SIGTERM); temporary files removed\n");
    _exit(128 + sig);
}

void sim_signals_install(int progress)
{
    progress_line = progress;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

void sim_signals_block(int block)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigprocmask(block ? SIG_BLOCK : SIG_UNBLOCK, &set, NULL);
}

int sim_signals_watch(const char *path)
{
    int slot = -1;
    sim_signals_block(1); /* the handler never sees a half-written path */
    for (int i = 0; i < WATCH_SLOTS && slot < 0; ++i) {
        if (!watched_used[i]) {
            snprintf(watched[i], sizeof watched[i], "%s", path);
            watched_used[i] = 1;
            slot = i;
        }
    }
    sim_signals_block(0);
    return slot;
}

void sim_signals_forget(int slot)
{
    if (slot >= 0 && slot < WATCH_SLOTS)
        watched_used[slot] = 0;
}

/* ------------------------------------------------------------------------ */
/* result files                                                             */

mbc_status sim_out_open(sim_out_file *o, const char *path, mbc_error *err)
{
    o->path = path;
    o->f = NULL;
    o->slot = -1;
    o->direct = 0;
    if (path == NULL)
        return MBC_OK;
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        /* a device, pipe or terminal (/dev/null, /dev/stdout): written in
         * place, never replaced by a renamed file */
        o->direct = 1;
        o->f = fopen(path, "w");
        return o->f != NULL ? MBC_OK
                            : mbc_fail(err, MBC_ERR_IO, "%s: cannot write (%s)", path,
                                       S_ISDIR(st.st_mode) ? "a directory" : "not writable");
    }
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp%ld", path, (long)getpid());
    o->slot = sim_signals_watch(o->tmp); /* before the file exists */
    o->f = fopen(o->tmp, "w");
    if (o->f == NULL) {
        sim_signals_forget(o->slot);
        o->slot = -1;
        return mbc_fail(err, MBC_ERR_IO, "%s: cannot write (directory missing or not writable)",
                        path);
    }
    return MBC_OK;
}

void sim_out_discard(sim_out_file *o)
{
    if (o->f != NULL) {
        fclose(o->f);
        o->f = NULL;
        if (!o->direct)
            remove(o->tmp);
    }
    sim_signals_forget(o->slot);
    o->slot = -1;
}

mbc_status sim_out_commit(sim_out_file *o, mbc_error *err)
{
    if (o->f == NULL)
        return MBC_OK;
    const int bad = ferror(o->f) | fclose(o->f);
    o->f = NULL;
    if (o->direct)
        return bad ? mbc_fail(err, MBC_ERR_IO, "%s: writing failed", o->path) : MBC_OK;
    sim_signals_block(1);
    const int moved = !bad && rename(o->tmp, o->path) == 0;
    if (!moved)
        remove(o->tmp);
    sim_signals_forget(o->slot);
    o->slot = -1;
    sim_signals_block(0);
    if (!moved)
        return mbc_fail(err, MBC_ERR_IO, "%s: writing failed (disk full?)", o->path);
    return MBC_OK;
}

/* ------------------------------------------------------------------------ */
/* CSV                                                                      */

void sim_csv_header(const sim_model *m, FILE *f)
{
    fputs("time", f);
    for (int i = 0; i < m->sensor_count; ++i) {
        const sim_sensor *s = &m->sensors[i];
        for (int k = 0; k < s->size; ++k)
            if (s->size == 1)
                fprintf(f, ",%s", s->name);
            else
                fprintf(f, ",%s[%d]", s->name, k);
    }
    fputc('\n', f);
}

void sim_csv_row(const sim_run *r, FILE *f)
{
    const sim_model *m = r->model;
    fprintf(f, "%.17g", r->state.t);
    for (int i = 0; i < m->sensor_count; ++i) {
        const double *v = sim_sensor_values(r, i);
        for (int k = 0; k < m->sensors[i].size; ++k)
            fprintf(f, ",%.17g", v[k]);
    }
    fputc('\n', f);
}

double sim_csv_estimate(const sim_model *m, double *rows, int *columns)
{
    const sim_settings *s = &m->settings;
    const double interval = s->output_step > 0.0 ? s->output_step : s->step;
    *rows = floor(s->end_time / interval) + 2.0; /* t = 0 and the end */
    *columns = 1 + m->sensor_values;
    return (*rows + 1.0) * 24.0 * (double)*columns;
}

/* ------------------------------------------------------------------------ */
/* JSON                                                                     */

/* A number, or null when negative (statistics that did not occur). */
static void json_time(FILE *f, const char *key, double x)
{
    if (x < 0.0)
        fprintf(f, "\"%s\": null", key);
    else
        fprintf(f, "\"%s\": %.17g", key, x);
}

static void json_statistics(const sim_run *r, FILE *f, double wall)
{
    const sim_stats *st = &r->state.stats;
    const sim_model *m = r->model;
    fprintf(f,
            "{\"steps\": %ld, \"newtonIterations\": %ld, \"jacobians\": %ld, "
            "\"stepReductions\": %ld, \"newtonFailures\": %ld, \"reducedSteps\": %ld, "
            "\"discontinuousIterations\": %ld, \"discontinuousUnconverged\": %ld, ",
            st->steps, st->newton_iterations, st->jacobians, st->step_reductions,
            st->newton_failures, st->reduced_steps, st->discontinuous_iterations,
            st->discontinuous_unconverged);
    json_time(f, "firstUnconvergedTime", st->first_unconverged_time);
    fprintf(f, ", \"largestDiscontinuousError\": %.17g, \"stepSize\": %.17g, ", st->largest_error,
            m->settings.step);
    json_time(f, "smallestStep", st->smallest_step);
    fputs(", ", f);
    json_time(f, "largestStep", st->largest_step);
    fprintf(f, ", \"coordinates\": %d, \"multipliers\": %d, \"sparse\": %s, \"wallSeconds\": %.6g}",
            m->n, m->nz, r->work.jac.sparse ? "true" : "false", wall);
}

void sim_json_summary(const sim_run *r, FILE *f, double wall)
{
    const sim_model *m = r->model;
    fputs("{\n  \"scene\": ", f);
    sim_json_string(f, m->scene_name);
    fprintf(f, ",\n  \"time\": %.17g,\n  \"statistics\": ", r->state.t);
    json_statistics(r, f, wall);
    fputs(",\n  \"sensors\": {", f);
    for (int i = 0; i < m->sensor_count; ++i) {
        const sim_sensor *s = &m->sensors[i];
        const double *v = sim_sensor_values(r, i);
        fputs(i ? ",\n    " : "\n    ", f);
        sim_json_string(f, s->name);
        fputs(": [", f);
        for (int k = 0; k < s->size; ++k)
            fprintf(f, "%s%.17g", k ? ", " : "", v[k] == 0.0 ? 0.0 : v[k]);
        fputc(']', f);
    }
    fputs(m->sensor_count ? "\n  }\n}\n" : "}\n}\n", f);
}
