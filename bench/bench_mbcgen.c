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
 * Times are wall-clock (CLOCK_MONOTONIC). */
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
    fprintf(f, "  hooks = { \"initialise\", \"forces\", \"outputs\" },\n  parameters = {\n");
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

int main(int argc, char **argv)
{
    const char *src = argc > 1 ? argv[1] : MBC_SOURCE_DIR;
    int repeats = argc > 2 ? atoi(argv[2]) : 50;
    if (repeats < 1)
        repeats = 1;
    char types[4096], specs_dir[4096], err[1024];
    snprintf(types, sizeof types, "%s/specs/types.lua", src);
    snprintf(specs_dir, sizeof specs_dir, "%s/specs", src);

    /* (a) the real specs */
    file_list real;
    if (fileio_list_specs(specs_dir, &real, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
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
