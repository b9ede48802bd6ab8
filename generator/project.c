/* SPDX-License-Identifier: BSD-3-Clause */
#include "project.h"

#include <stdlib.h>
#include <string.h>

#include "emit_c.h"
#include "emit_rst.h"
#include "fileio.h"
#include "sandbox.h"
#include "naming.h"
#include "parallel.h"

/* One spec's load, run by a worker: its result and diagnostics stay in its
 * own slot until the merge (in input order) after the join. */
typedef struct load_slot {
    spec_connector c;
    diag_list diag;
    int ok;
} load_slot;

typedef struct load_job {
    const spec_type_registry *types;
    char *const *paths;
    load_slot *slots;
    struct mbc_sandbox **boxes; /* one per worker, made by the worker on first use */
} load_job;

static void load_one(void *ctx, size_t i, unsigned worker)
{
    load_job *job = ctx;
    load_slot *s = &job->slots[i];
    /* one sandbox per worker for all its specs: a Lua state per spec cost a
     * fifth of the run (bench/: mbc-bench-gen (c)); each spec still runs in
     * its own environment. A NULL box (out of memory) makes one per spec. */
    if (!job->boxes[worker])
        job->boxes[worker] = spec_sandbox_new();
    s->ok = spec_connector_load_file(&s->c, job->boxes[worker], job->types, job->paths[i],
                                     &s->diag) == 0;
}

int mbcgen_load(mbcgen_project *p, const char *types_path, char *const *spec_paths, size_t n,
                diag_list *diag)
{
    return mbcgen_load_jobs(p, types_path, spec_paths, n, 1, diag);
}

int mbcgen_load_jobs(mbcgen_project *p, const char *types_path, char *const *spec_paths, size_t n,
                     unsigned jobs, diag_list *diag)
{
    memset(p, 0, sizeof *p);
    jobs = jobs < 1 ? 1 : jobs > PARALLEL_MAX_JOBS ? PARALLEL_MAX_JOBS : jobs;
    p->jobs = jobs;
    if (spec_types_load(&p->types, types_path, diag) != 0)
        return -1;
    p->items = calloc(n ? n : 1, sizeof *p->items);
    load_slot *slots = calloc(n ? n : 1, sizeof *slots);
    struct mbc_sandbox **boxes = calloc(jobs, sizeof *boxes);
    if (!p->items || !slots || !boxes) {
        free(slots);
        free(boxes);
        mbcgen_free(p);
        diag_add_nomem(diag, types_path);
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        diag_init(&slots[i].diag);
    load_job job = {&p->types, spec_paths, slots, boxes};
    parallel_for(n, jobs, load_one, &job);
    for (unsigned w = 0; w < jobs; w++)
        mbc_sandbox_free(boxes[w]);
    free(boxes);

    /* the merge, in input order: the same diagnostics for every --jobs */
    int errors = 0;
    for (size_t i = 0; i < n; i++) {
        load_slot *s = &slots[i];
        diag_add_all(diag, &s->diag);
        diag_free(&s->diag);
        if (!s->ok) {
            errors++;
            continue;
        }
        spec_connector c = s->c;
        char stem[256];
        fileio_stem(spec_paths[i], stem, sizeof stem);
        if (strcmp(stem, c.type_name) != 0) {
            diag_add(diag, c.file, c.line,
                     "connector: type name must equal the file name '%s' (given '%s')", stem,
                     c.type_name);
            errors++;
        }
        for (size_t j = 0; j < p->count; j++) {
            if (strcmp(p->items[j].type_name, c.type_name) == 0) {
                diag_add(diag, c.file, c.line, "connector: type '%s' is already defined in %s",
                         c.type_name, p->items[j].file);
                errors++;
            }
        }
        p->items[p->count++] = c;
    }
    free(slots);
    if (errors) {
        mbcgen_free(p);
        return -1;
    }
    return 0;
}

void mbcgen_free(mbcgen_project *p)
{
    for (size_t i = 0; i < p->count; i++)
        spec_connector_free(&p->items[i]);
    free(p->items);
    spec_types_free(&p->types);
    memset(p, 0, sizeof *p);
}

/* Writes sb to the file path (a buffer: it may have run out of memory, and
 * then nothing is written: never a truncated file). */
static int write_file(const strbuf *path, const strbuf *sb, diag_list *diag)
{
    char err[1024];
    if (sb_failed(path) || sb_failed(sb)) {
        diag_add_nomem(diag, sb_failed(path) ? "mbcgen" : sb_str(path));
        return -1;
    }
    int rc = fileio_write_if_changed(sb_str(path), sb_str(sb), sb->len, err, sizeof err);
    if (rc == FILEIO_NOMEM)
        diag_add_nomem(diag, sb_str(path));
    else if (rc < 0)
        diag_add_raw(diag, err);
    return rc < 0 ? -1 : 0;
}

int mbcgen_write_buffer(const char *path, const strbuf *content, diag_list *diag)
{
    strbuf p;
    sb_init(&p);
    sb_puts(&p, path);
    int rc = write_file(&p, content, diag);
    sb_free(&p);
    return rc;
}

/* Per-item writes run by the workers: each item's diagnostics and status
 * stay in its slot until write_merge adds them in item order. */
typedef struct write_slot {
    diag_list diag;
    int rc;
} write_slot;

typedef struct write_job {
    const mbcgen_project *p;
    const char *dir;
    write_slot *slots;
} write_job;

/* Runs item(job, i) for every item of p on p->jobs workers, then adds the
 * diagnostics to diag in item order; returns the items' rc or'ed, -1 when
 * out of memory. */
static int write_items(const mbcgen_project *p, const char *dir,
                       void (*item)(void *ctx, size_t i, unsigned worker), diag_list *diag)
{
    write_slot *slots = calloc(p->count ? p->count : 1, sizeof *slots);
    if (!slots) {
        diag_add_nomem(diag, dir);
        return -1;
    }
    for (size_t i = 0; i < p->count; i++)
        diag_init(&slots[i].diag);
    write_job job = {p, dir, slots};
    parallel_for(p->count, p->jobs, item, &job);
    int rc = 0;
    for (size_t i = 0; i < p->count; i++) {
        diag_add_all(diag, &slots[i].diag);
        diag_free(&slots[i].diag);
        rc |= slots[i].rc;
    }
    free(slots);
    return rc;
}

static void write_rst_item(void *ctx, size_t i, unsigned worker)
{
    (void)worker;
    write_job *job = ctx;
    const spec_connector *c = &job->p->items[i];
    strbuf sb, path;
    sb_init(&sb);
    sb_init(&path);
    emit_rst_item(c, &sb);
    sb_printf(&path, "%s/", job->dir);
    naming_rst_page(c->type_name, &path);
    job->slots[i].rc = write_file(&path, &sb, &job->slots[i].diag);
    sb_free(&sb);
    sb_free(&path);
}

int mbcgen_write_rst(const mbcgen_project *p, const char *rst_dir, const char *index_path,
                     diag_list *diag)
{
    if (fileio_make_dirs(rst_dir) != 0) {
        diag_add(diag, rst_dir, 0, "cannot create directory");
        return -1;
    }
    const spec_connector **sorted = calloc(p->count ? p->count : 1, sizeof *sorted);
    if (!sorted) {
        diag_add_nomem(diag, rst_dir);
        return -1;
    }
    int rc = write_items(p, rst_dir, write_rst_item, diag);
    for (size_t i = 0; i < p->count; i++)
        sorted[i] = &p->items[i];
    if (index_path) {
        strbuf sb, path;
        sb_init(&sb);
        sb_init(&path);
        sb_puts(&path, index_path);
        emit_rst_index(sorted, p->count, &sb);
        rc |= write_file(&path, &sb, diag);
        sb_free(&sb);
        sb_free(&path);
    }
    free(sorted);
    return rc;
}

/* Emits one file with `emit` and writes it to dir/name. */
static int write_emitted(const char *dir, const char *name, const strbuf *content, diag_list *diag)
{
    strbuf path;
    sb_init(&path);
    sb_printf(&path, "%s/%s", dir, name);
    int rc = write_file(&path, content, diag);
    sb_free(&path);
    return rc;
}

/* Creates c_dir and c_dir/include/mbconnect/generated. */
static int make_c_dirs(const char *c_dir, diag_list *diag)
{
    strbuf inc;
    sb_init(&inc);
    sb_printf(&inc, "%s/include/mbconnect/generated", c_dir);
    if (sb_failed(&inc)) {
        sb_free(&inc);
        diag_add_nomem(diag, c_dir);
        return -1;
    }
    int rc = fileio_make_dirs(c_dir) != 0 || fileio_make_dirs(sb_str(&inc)) != 0 ? -1 : 0;
    sb_free(&inc);
    if (rc != 0)
        diag_add(diag, c_dir, 0, "cannot create directory");
    return rc;
}

/* The header and source of type i, named by naming.h (as `mbcgen
 * --print-names` tells CMake): c_dir/include/mbconnect/generated/<snake>.h
 * and c_dir/<snake>.c. */
static void write_type_item(void *ctx, size_t i, unsigned worker)
{
    (void)worker;
    write_job *job = ctx;
    const spec_connector *c = &job->p->items[i];
    diag_list *diag = &job->slots[i].diag;
    int rc = 0;
    strbuf name, content;
    sb_init(&name);
    sb_init(&content);
    emit_c_header(c, &content);
    naming_c_header(c->type_name, &name);
    rc |= write_emitted(job->dir, sb_str(&name), &content, diag);
    sb_free(&content);
    sb_free(&name);
    emit_c_source(c, &content);
    naming_c_source(c->type_name, &name);
    rc |= write_emitted(job->dir, sb_str(&name), &content, diag);
    sb_free(&content);
    sb_free(&name);
    job->slots[i].rc = rc;
}

static int write_type_files(const mbcgen_project *p, const char *c_dir, diag_list *diag)
{
    return write_items(p, c_dir, write_type_item, diag);
}

int mbcgen_write_c(const mbcgen_project *p, const char *c_dir, diag_list *diag)
{
    if (make_c_dirs(c_dir, diag) != 0)
        return -1;
    int rc = write_type_files(p, c_dir, diag);
    strbuf name, content;
    sb_init(&name);
    sb_init(&content);
    emit_c_builtin_header(p->items, p->count, &content);
    naming_registry_header(NULL, &name);
    rc |= write_emitted(c_dir, sb_str(&name), &content, diag);
    sb_free(&content);
    sb_free(&name);
    emit_c_registry(p->items, p->count, &content);
    naming_registry_source(NULL, &name);
    rc |= write_emitted(c_dir, sb_str(&name), &content, diag);
    sb_free(&content);
    sb_free(&name);
    return rc;
}

int mbcgen_write_c_types(const mbcgen_project *p, const char *c_dir, const char *registry_name,
                         diag_list *diag)
{
    int rc = make_c_dirs(c_dir, diag);
    if (rc == 0)
        rc = write_type_files(p, c_dir, diag);
    if (rc != 0)
        return rc;
    strbuf name, content;
    sb_init(&name);
    sb_init(&content);
    emit_c_registration_header(p->items, p->count, registry_name, &content);
    naming_registry_header(registry_name, &name);
    rc |= write_emitted(c_dir, sb_str(&name), &content, diag);
    sb_free(&content);
    sb_free(&name);
    emit_c_registration_source(p->items, p->count, registry_name, &content);
    naming_registry_source(registry_name, &name);
    rc |= write_emitted(c_dir, sb_str(&name), &content, diag);
    sb_free(&content);
    sb_free(&name);
    return rc;
}
