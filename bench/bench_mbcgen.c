/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-bench-gen: how fast mbcgen loads, validates and emits specs.
 *
 *   mbc-bench-gen [SOURCE_DIR] [REPEATS]
 *
 * (a) loads specs/types.lua and the real specs of SOURCE_DIR and emits their
 *     RST (items and index, in memory) REPEATS times (default 50): ms per
 *     full regeneration; then the same with the C code emitted too;
 * (b) writes 1000 synthetic valid specs (10..30 parameters, outputs, data,
 *     quantities, a few KB of theory) into a temporary directory, then loads
 *     and emits them all (RST, then RST + C): specs per second.
 * (c) 400 specs: 100 renamed copies of each real spec (type "X" -> "X_NNN"),
 *     loaded and written as files like mbcgen --specs --rst-out --index
 *     --c-out does: into an empty directory, then again over the unchanged
 *     files (nothing rewritten); ms per spec, median of 5 runs each; with
 *     one worker (mbcgen --jobs 1) and with the default (one per online
 *     CPU). CPU time is summed over the workers: per spec it stays about
 *     the same, while wall time drops with the cores free to run them.
 * Times are wall-clock (CLOCK_MONOTONIC) and, for (c), also the process CPU
 * time (CLOCK_PROCESS_CPUTIME_ID), which other load on the machine inflates
 * less; (c) prints the minimum of the 5 runs too.
 *
 * To see where (c)'s time goes, profile mbcgen itself on the same 400
 * specs (the README's Benchmarks section has the breakdown before and after
 * the one-sandbox change):
 *   perf record -g build/bin/mbcgen ARGS
 *   valgrind --tool=callgrind build/bin/mbcgen ARGS   (exact instruction counts)
 * with ARGS = --specs DIR --rst-out OUT/rst --index OUT/index.rst --c-out OUT/c.
 * With new files, the kernel's inode allocation is a large share on ext4
 * after the bench's own rm -rf of the previous run (recently deleted
 * inodes are skipped by scanning). */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "emit_c.h"
#include "emit_rst.h"
#include "fileio.h"
#include "parallel.h"
#include "project.h"

#ifndef MBC_SOURCE_DIR
#define MBC_SOURCE_DIR "."
#endif

#define SYNTHETIC_SPECS 1000

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* Emits every item and the index (and, with_c, the C sources, headers and
 * registry) into memory; returns the bytes produced. */
static size_t emit_all(const mbcgen_project *p, int with_c)
{
    size_t bytes = 0;
    const spec_connector **items = calloc(p->count ? p->count : 1, sizeof *items);
    if (!items)
        exit(70);
    for (size_t i = 0; i < p->count; i++) {
        strbuf sb;
        sb_init(&sb);
        emit_rst_item(&p->items[i], &sb);
        bytes += sb.len;
        sb_free(&sb);
        items[i] = &p->items[i];
    }
    strbuf sb;
    sb_init(&sb);
    emit_rst_index(items, p->count, &sb);
    bytes += sb.len;
    sb_free(&sb);
    free(items);
    if (with_c) {
        for (size_t i = 0; i < p->count; i++) {
            sb_init(&sb);
            emit_c_header(&p->items[i], &sb);
            emit_c_source(&p->items[i], &sb);
            bytes += sb.len;
            sb_free(&sb);
        }
        sb_init(&sb);
        emit_c_registry(p->items, p->count, &sb);
        bytes += sb.len;
        sb_free(&sb);
    }
    return bytes;
}

static void print_diag(const diag_list *d)
{
    for (size_t i = 0; i < d->count && i < 20; i++)
        fprintf(stderr, "%s\n", d->lines[i]);
}

/* One load + validate + emit run; returns the bytes emitted, 0 on failure. */
static size_t regenerate(const char *types, char *const *paths, size_t n, int with_c)
{
    diag_list diag;
    diag_init(&diag);
    mbcgen_project p;
    size_t bytes = 0;
    if (mbcgen_load(&p, types, paths, n, &diag) != 0) {
        print_diag(&diag);
        fprintf(stderr, "mbc-bench-gen: loading failed\n");
    } else {
        bytes = emit_all(&p, with_c);
        mbcgen_free(&p);
    }
    diag_free(&diag);
    return bytes;
}

/* ------------------------------------------------------------ synthetic specs */

static unsigned rng_state = 12345u;

static unsigned rnd(unsigned n)
{
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 16) % n;
}

static const char *const words[] = {
    "contact", "force",   "normal",  "tangential", "stiffness", "damping", "marker",
    "node",    "gap",     "sliding", "friction",   "velocity",  "the",     "is",
    "of",      "between", "bodies",  "computed",   "penalty",   "law",     "regularized"};

static void put_sentence(FILE *f, int n_words)
{
    for (int i = 0; i < n_words; i++)
        fprintf(f, "%s%s", i ? " " : "", words[rnd(sizeof words / sizeof *words)]);
}

/* A valid spec with type name `name`; k varies its shape. */
static void write_spec(FILE *f, const char *name, unsigned k)
{
    int n_params = 10 + (int)rnd(21); /* 10..30, about 20 on average */
    int n_outputs = 2 + (int)rnd(5);
    int theory_kb = 2 + (int)rnd(4);
    fprintf(f, "-- %s: synthetic spec for mbc-bench-gen.\n", name);
    fprintf(f, "return connector {\n  type = \"%s\",\n  description = \"", name);
    put_sentence(f, 30);
    fprintf(f, ".\",\n  authors = { \"Bench Mark\" },\n  provides = { \"Connector\" },\n");
    fprintf(f, "  markers = { { \"Position\" }, { \"Position\", \"Orientation\" } },\n");
    fprintf(f, "  nodes = { \"GenericData\" },\n  python_name = \"Syn%u\",\n", k);
    fprintf(f, "  hooks = { \"initialize\", \"forces\", \"outputs\" },\n  parameters = {\n");
    fprintf(f, "    param \"name\" { type = \"String\", default = \"\", description = \"unique "
               "name\" },\n");
    fprintf(f, "    param \"markerNumbers\" { type = \"ArrayMarkerIndex\", symbol = "
               "[[[m0,m1]\\tp]], size = 2, rules = { must_be_set = true }, description = "
               "\"markers\" },\n");
    fprintf(f, "    param \"nodeNumber\" { type = \"NodeIndex\", rules = { must_be_set = true }, "
               "description = \"data node\" },\n");
    fprintf(f,
            "    param \"numberOfSegments\" { type = \"PInt\", default = %u, description = "
            "\"segments\" },\n",
            1 + rnd(8));
    fprintf(f, "    param \"useFriction\" { type = \"Bool\", default = false, description = "
               "\"friction on\" },\n");
    for (int i = 5; i < n_params; i++) {
        switch (rnd(6)) {
        case 0:
            fprintf(f,
                    "    param \"stiffness%d\" { type = \"UReal\", symbol = \"k_{%d}\", "
                    "default = %g, description = \"",
                    i, i, (double)rnd(1000) * 1e3);
            break;
        case 1:
            fprintf(f,
                    "    param \"regularization%d\" { type = \"PReal\", default = %g, "
                    "rules = { positive_when = \"useFriction\" }, description = \"",
                    i, 1e-3 * (1 + rnd(9)));
            break;
        case 2:
            fprintf(f,
                    "    param \"offset%d\" { type = \"Vector3D\", default = { %u, 0, -%u }, "
                    "description = \"",
                    i, rnd(5), rnd(5));
            break;
        case 3:
            fprintf(f,
                    "    param \"table%d\" { type = \"Vector\", default = {}, "
                    "rules = { non_decreasing = true }, description = \"",
                    i);
            break;
        case 4:
            fprintf(f, "    param \"count%d\" { type = \"UInt\", default = %u, description = \"", i,
                    rnd(100));
            break;
        default:
            fprintf(f, "    param \"flag%d\" { type = \"Bool\", default = true, description = \"",
                    i);
        }
        put_sentence(f, 8 + (int)rnd(20));
        fprintf(f, "\" },\n");
    }
    fprintf(f, "  },\n  visualization = {\n");
    fprintf(f, "    param \"show\" { type = \"Bool\", default = true, description = \"shown\" "
               "},\n");
    fprintf(f, "    param \"color\" { type = \"Float4\", default = { -1, -1, -1, -1 }, "
               "description = \"RGBA color\" },\n  },\n  outputs = {\n");
    for (int i = 0; i < n_outputs; i++)
        fprintf(f, "    output \"Output%d\" { size = %s, description = \"output %d\" },\n", i,
                i % 2 ? "{ 2, \"numberOfSegments\" }" : "3", i);
    fprintf(f, "  },\n  data = { per = \"numberOfSegments\",\n");
    fprintf(f, "    coordinate \"gap\" { initial = 0.1, description = \"gap\" },\n");
    fprintf(f, "    coordinate \"slip\" { initial = 0, description = \"slip\" },\n  },\n");
    fprintf(f, "  quantities = {\n");
    for (int i = 0; i < 4; i++)
        fprintf(f, "    quantity \"quantity %d\" { symbol = \"q_%d\", description = \"q\" },\n", i,
                i);
    fprintf(f, "  },\n  examples = { { \"example%u.py\", \"TestModels\" } },\n", k);
    fprintf(f, "  theory = [[\n\nTheory\n------\n\n");
    for (int kb = 0; kb < theory_kb; kb++) {
        for (int s = 0; s < 8; s++) {
            put_sentence(f, 18);
            fprintf(f, " with \\ :math:`f_%d = k_%d g`\\ .\n", s, s);
        }
        fprintf(f, "\n.. math::\n\n   f = -k g - d \\dot g\n\n");
    }
    fprintf(f, "]],\n}\n");
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    closedir(d);
    rmdir(dir);
}

/* ------------------------------------------------------------ 400 copies */

static int compare_strings(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

#define COPIES 100

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static int cmp_dbl(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Writes dir/<Type>_<k>.lua for k < COPIES: the spec with its type renamed. */
static int write_copies(const char *spec_path, const char *dir, char **paths, size_t *count)
{
    FILE *f = fopen(spec_path, "rb");
    if (!f)
        return -1;
    static char text[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = '\0';
    char stem[256], key[300];
    fileio_stem(spec_path, stem, sizeof stem);
    snprintf(key, sizeof key, "type = \"%s\"", stem);
    const char *at = strstr(text, key);
    if (!at)
        return -1;
    for (int k = 0; k < COPIES; k++) {
        char path[8192];
        snprintf(path, sizeof path, "%s/%s_%03d.lua", dir, stem, k);
        FILE *o = fopen(path, "wb");
        if (!o)
            return -1;
        fwrite(text, 1, (size_t)(at - text), o);
        fprintf(o, "type = \"%s_%03d\"", stem, k);
        fputs(at + strlen(key), o);
        fclose(o);
        paths[(*count)++] = strdup(path);
    }
    return 0;
}

/* One mbcgen-like run on `jobs` workers (mbcgen --jobs): load, write RST
 * items + index + C into out. */
static int write_run(const char *types, char *const *paths, size_t n, unsigned jobs,
                     const char *out)
{
    char rst[8192], index[8192], c[8192];
    snprintf(rst, sizeof rst, "%s/rst", out);
    snprintf(index, sizeof index, "%s/index.rst", out);
    snprintf(c, sizeof c, "%s/c", out);
    diag_list diag;
    diag_init(&diag);
    mbcgen_project p;
    int rc = mbcgen_load_jobs(&p, types, paths, n, jobs, &diag);
    if (rc == 0) {
        rc = mbcgen_write_rst(&p, rst, index, &diag) != 0 || mbcgen_write_c(&p, c, &diag) != 0;
        mbcgen_free(&p);
    }
    if (rc)
        print_diag(&diag);
    diag_free(&diag);
    return rc;
}

static void remove_tree(const char *dir)
{
    char cmd[8400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "mbc-bench-gen: could not remove %s\n", dir);
}

static int bench_copies(const char *types, const file_list *real)
{
    char dir[] = "/tmp/mbc-bench-gen400-XXXXXX";
    if (!mkdtemp(dir))
        return 1;
    char specs[4200], out[4200];
    snprintf(specs, sizeof specs, "%s/specs", dir);
    snprintf(out, sizeof out, "%s/out", dir);
    if (fileio_make_dirs(specs) != 0)
        return 1;
    char **paths = calloc(real->count * COPIES, sizeof *paths);
    size_t n = 0;
    if (!paths)
        return 70;
    for (size_t i = 0; i < real->count; i++)
        if (write_copies(real->paths[i], specs, paths, &n) != 0) {
            fprintf(stderr, "mbc-bench-gen: cannot copy %s\n", real->paths[i]);
            return 1;
        }
    qsort(paths, n, sizeof *paths, compare_strings);
    int rc = 0;
    const unsigned default_jobs = parallel_default_jobs(n);
    const unsigned jobs_list[2] = {1, default_jobs};
    for (int j = 0; j < (default_jobs > 1 ? 2 : 1) && rc == 0; j++) {
        const unsigned jobs = jobs_list[j];
        for (int unchanged = 0; unchanged <= 1 && rc == 0; unchanged++) {
            double wall[5], cpu[5];
            for (int r = 0; r < 5 && rc == 0; r++) {
                if (!unchanged)
                    remove_tree(out);
                else if (r == 0)
                    rc = write_run(types, paths, n, jobs, out); /* the files exist */
                const double w0 = now_ms(), c0 = cpu_ms();
                rc |= write_run(types, paths, n, jobs, out);
                wall[r] = (now_ms() - w0) / (double)n;
                cpu[r] = (cpu_ms() - c0) / (double)n;
            }
            qsort(wall, 5, sizeof wall[0], cmp_dbl);
            qsort(cpu, 5, sizeof cpu[0], cmp_dbl);
            printf("mbc-bench-gen: (c) %zu specs (%d renamed copies of each real spec), RST + C "
                   "written to %s files, --jobs %u%s: %.3f ms per spec wall, %.3f ms per spec "
                   "CPU (median of 5; min %.3f wall, %.3f CPU)\n",
                   n, COPIES, unchanged ? "unchanged" : "new", jobs, j ? " (the default)" : "",
                   wall[2], cpu[2], wall[0], cpu[0]);
        }
    }
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
    remove_tree(dir);
    return rc;
}

int main(int argc, char **argv)
{
    const char *src = argc > 1 ? argv[1] : MBC_SOURCE_DIR;
    int repeats = argc > 2 ? atoi(argv[2]) : 50;
    if (repeats < 1)
        repeats = 1;
    char types[4096], specs_dir[4096];
    snprintf(types, sizeof types, "%s/specs/types.lua", src);
    snprintf(specs_dir, sizeof specs_dir, "%s/specs", src);

    /* (a) the real specs */
    file_list real;
    mbc_error err = {0};
    if (fileio_list_specs(specs_dir, &real, &err) != MBC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    size_t bytes = 0;
    for (int with_c = 0; with_c <= 1; with_c++) {
        bytes = regenerate(types, real.paths, real.count, with_c); /* warm-up */
        if (!bytes)
            return 1;
        double t0 = now_ms();
        for (int r = 0; r < repeats; r++)
            regenerate(types, real.paths, real.count, with_c);
        double ms = (now_ms() - t0) / repeats;
        printf("mbc-bench-gen: (a) %zu real specs, %s (%zu bytes): %.3f ms per full "
               "regeneration (load + validate + emit, mean of %d)\n",
               real.count, with_c ? "RST + C" : "RST    ", bytes, ms, repeats);
    }

    /* (c) 400 specs written as files */
    if (bench_copies(types, &real) != 0)
        return 1;
    fileio_list_free(&real);

    /* (b) synthetic specs */
    char dir[] = "/tmp/mbc-bench-gen-XXXXXX";
    if (!mkdtemp(dir)) {
        fprintf(stderr, "mkdtemp: %s\n", strerror(errno));
        return 1;
    }
    size_t spec_bytes = 0;
    char **paths = calloc(SYNTHETIC_SPECS, sizeof *paths);
    if (!paths)
        return 70;
    for (unsigned k = 0; k < SYNTHETIC_SPECS; k++) {
        char name[64];
        snprintf(name, sizeof name, "Synthetic%04u", k);
        size_t len = strlen(dir) + strlen(name) + 6;
        paths[k] = malloc(len);
        if (!paths[k])
            return 70;
        snprintf(paths[k], len, "%s/%s.lua", dir, name);
        FILE *f = fopen(paths[k], "w");
        if (!f) {
            fprintf(stderr, "%s: %s\n", paths[k], strerror(errno));
            return 1;
        }
        write_spec(f, name, k);
        spec_bytes += (size_t)ftell(f);
        fclose(f);
    }
    int rc = 0;
    for (int with_c = 0; with_c <= 1 && rc == 0; with_c++) {
        double t0 = now_ms();
        bytes = regenerate(types, paths, SYNTHETIC_SPECS, with_c);
        double ms = now_ms() - t0;
        if (!bytes) {
            rc = 1;
            break;
        }
        printf("mbc-bench-gen: (b) %d synthetic specs, %s (%.1f MB of Lua -> %.1f MB): %.1f ms, "
               "%.0f specs/s\n",
               SYNTHETIC_SPECS, with_c ? "RST + C" : "RST    ", spec_bytes / 1e6, bytes / 1e6, ms,
               SYNTHETIC_SPECS / (ms / 1e3));
    }
    for (unsigned k = 0; k < SYNTHETIC_SPECS; k++)
        free(paths[k]);
    free(paths);
    remove_dir(dir);
    return rc;
}
