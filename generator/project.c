/* SPDX-License-Identifier: BSD-3-Clause */
#include "project.h"

#include <stdlib.h>
#include <string.h>

#include "emit_c.h"
#include "emit_rst.h"
#include "fileio.h"
#include "loader.h"
#include "sandbox.h"
#include "naming.h"
#include "parallel.h"
#include "spec_types_load.h"

/* One spec's load, run by a worker: its result and diagnostics stay in its
 * own slot until the merge (in input order) after the join. */
typedef struct load_slot {
    spec_connector c;
    diag_list diag;
    mbc_status st;
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
        job->boxes[worker] = loader_sandbox_new();
    s->st =
        spec_connector_load_file(&s->c, job->boxes[worker], job->types, job->paths[i], &s->diag);
}

/* a if it is a failure, else b: the first problem of several steps that all run */
static mbc_status first_failure(mbc_status a, mbc_status b)
{
    return a != MBC_OK ? a : b;
}

mbc_status mbcgen_load(mbcgen_project *p, const char *types_path, char *const *spec_paths, size_t n,
                       diag_list *diag)
{
    return mbcgen_load_jobs(p, types_path, spec_paths, n, 1, diag);
}

mbc_status mbcgen_load_jobs(mbcgen_project *p, const char *types_path, char *const *spec_paths,
                            size_t n, unsigned jobs, diag_list *diag)
{
    memset(p, 0, sizeof *p);
    jobs = jobs < 1 ? 1 : jobs > PARALLEL_MAX_JOBS ? PARALLEL_MAX_JOBS : jobs;
    p->jobs = jobs;
    mbc_status st = spec_types_load(&p->types, types_path, diag);
    if (st != MBC_OK)
        return st;
    p->items = calloc(n ? n : 1, sizeof *p->items);
    load_slot *slots = calloc(n ? n : 1, sizeof *slots);
    struct mbc_sandbox **boxes = calloc(jobs, sizeof *boxes);
    if (!p->items || !slots || !boxes) {
        free(slots);
        free(boxes);
        mbcgen_free(p);
        diag_add_nomem(diag, types_path);
        return MBC_ERR_NOMEM;
    }
    for (size_t i = 0; i < n; i++)
        diag_init(&slots[i].diag);
    load_job job = {&p->types, spec_paths, slots, boxes};
    parallel_for(n, jobs, load_one, &job);
    for (unsigned w = 0; w < jobs; w++)
        mbc_sandbox_free(boxes[w]);
    free(boxes);

    /* the merge, in input order: the same diagnostics for every --jobs */
    for (size_t i = 0; i < n; i++) {
        load_slot *s = &slots[i];
        diag_add_all(diag, &s->diag);
        diag_free(&s->diag);
        if (s->st != MBC_OK) {
            st = first_failure(st, s->st);
            continue;
        }
        spec_connector c = s->c;
        char stem[256];
        fileio_stem(spec_paths[i], stem, sizeof stem);
        if (strcmp(stem, c.type_name) != 0) {
            diag_add(diag, c.file, c.line,
                     "connector: type name must equal the file name '%s' (given '%s')", stem,
                     c.type_name);
            st = first_failure(st, MBC_ERR_INPUT);
        }
        for (size_t j = 0; j < p->count; j++) {
            if (strcmp(p->items[j].type_name, c.type_name) == 0) {
                diag_add(diag, c.file, c.line, "connector: type '%s' is already defined in %s",
                         c.type_name, p->items[j].file);
                st = first_failure(st, MBC_ERR_INPUT);
            }
        }
        p->items[p->count++] = c;
    }
    free(slots);
    if (st != MBC_OK)
        mbcgen_free(p);
    return st;
}

void mbcgen_free(mbcgen_project *p)
{
    for (size_t i = 0; i < p->count; i++)
        spec_connector_free(&p->items[i]);
    free(p->items);
    spec_types_free(&p->types);
    memset(p, 0, sizeof *p);
}

/* "DIR: cannot create directory", MBC_ERR_IO. */
static mbc_status cannot_create(const char *dir, diag_list *diag)
{
    mbc_error err = {0};
    mbc_fail_at(&err, MBC_ERR_IO, dir, 0, "cannot create directory");
    diag_add_error(diag, &err);
    return MBC_ERR_IO;
}

/* Writes sb to the file path (a buffer: it may have run out of memory, and
 * then nothing is written: never a truncated file). */
static mbc_status write_file(const strbuf *path, const strbuf *sb, diag_list *diag)
{
    if (sb_failed(path) || sb_failed(sb)) {
        diag_add_nomem(diag, sb_failed(path) ? "mbcgen" : sb_str(path));
        return MBC_ERR_NOMEM;
    }
    mbc_error err = {0};
    mbc_status st = fileio_write_if_changed(sb_str(path), sb_str(sb), sb->len, &err);
    if (st != MBC_OK)
        diag_add_error(diag, &err);
    return st;
}

mbc_status mbcgen_write_buffer(const char *path, const strbuf *content, diag_list *diag)
{
    strbuf p;
    sb_init(&p);
    sb_puts(&p, path);
    mbc_status st = write_file(&p, content, diag);
    sb_free(&p);
    return st;
}

/* Per-item writes run by the workers: each item's diagnostics and status
 * stay in its slot until write_merge adds them in item order. */
typedef struct write_slot {
    diag_list diag;
    mbc_status st;
} write_slot;

typedef struct write_job {
    const mbcgen_project *p;
    const char *dir;
    write_slot *slots;
} write_job;

/* Runs item(job, i) for every item of p on p->jobs workers, then adds the
 * diagnostics to diag in item order; returns the first item's failure, or
 * MBC_OK. */
static mbc_status write_items(const mbcgen_project *p, const char *dir,
                              void (*item)(void *ctx, size_t i, unsigned worker), diag_list *diag)
{
    write_slot *slots = calloc(p->count ? p->count : 1, sizeof *slots);
    if (!slots) {
        diag_add_nomem(diag, dir);
        return MBC_ERR_NOMEM;
    }
    for (size_t i = 0; i < p->count; i++)
        diag_init(&slots[i].diag);
    write_job job = {p, dir, slots};
    parallel_for(p->count, p->jobs, item, &job);
    mbc_status st = MBC_OK;
    for (size_t i = 0; i < p->count; i++) {
        diag_add_all(diag, &slots[i].diag);
        diag_free(&slots[i].diag);
        st = first_failure(st, slots[i].st);
    }
    free(slots);
    return st;
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
    job->slots[i].st = write_file(&path, &sb, &job->slots[i].diag);
    sb_free(&sb);
    sb_free(&path);
}

mbc_status mbcgen_write_rst(const mbcgen_project *p, const char *rst_dir, const char *index_path,
                            diag_list *diag)
{
    if (fileio_make_dirs(rst_dir) != MBC_OK)
        return cannot_create(rst_dir, diag);
    const spec_connector **sorted = calloc(p->count ? p->count : 1, sizeof *sorted);
    if (!sorted) {
        diag_add_nomem(diag, rst_dir);
        return MBC_ERR_NOMEM;
    }
    mbc_status st = write_items(p, rst_dir, write_rst_item, diag);
    for (size_t i = 0; i < p->count; i++)
        sorted[i] = &p->items[i];
    if (index_path) {
        strbuf sb, path;
        sb_init(&sb);
        sb_init(&path);
        sb_puts(&path, index_path);
        emit_rst_index(sorted, p->count, &sb);
        st = first_failure(st, write_file(&path, &sb, diag));
        sb_free(&sb);
        sb_free(&path);
    }
    free(sorted);
    return st;
}

/* Writes content to dir/name. */
static mbc_status write_emitted(const char *dir, const char *name, const strbuf *content,
                                diag_list *diag)
{
    strbuf path;
    sb_init(&path);
    sb_printf(&path, "%s/%s", dir, name);
    mbc_status st = write_file(&path, content, diag);
    sb_free(&path);
    return st;
}

/* Creates c_dir and c_dir/include/mbconnect/generated. */
static mbc_status make_c_dirs(const char *c_dir, diag_list *diag)
{
    strbuf inc;
    sb_init(&inc);
    sb_printf(&inc, "%s/include/mbconnect/generated", c_dir);
    if (sb_failed(&inc)) {
        sb_free(&inc);
        diag_add_nomem(diag, c_dir);
        return MBC_ERR_NOMEM;
    }
    mbc_status st = first_failure(fileio_make_dirs(c_dir), fileio_make_dirs(sb_str(&inc)));
    sb_free(&inc);
    return st == MBC_OK ? MBC_OK : cannot_create(c_dir, diag);
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
    strbuf name, content;
    sb_init(&name);
    sb_init(&content);
    emit_c_header(c, &content);
    naming_c_header(c->type_name, &name);
    mbc_status st = write_emitted(job->dir, sb_str(&name), &content, diag);
    sb_free(&content);
    sb_free(&name);
    emit_c_source(c, &content);
    naming_c_source(c->type_name, &name);
    st = first_failure(st, write_emitted(job->dir, sb_str(&name), &content, diag));
    sb_free(&content);
    sb_free(&name);
    job->slots[i].st = st;
}

static mbc_status write_type_files(const mbcgen_project *p, const char *c_dir, diag_list *diag)
{
    return write_items(p, c_dir, write_type_item, diag);
}

mbc_status mbcgen_write_c(const mbcgen_project *p, const char *c_dir, diag_list *diag)
{
    mbc_status st = make_c_dirs(c_dir, diag);
    if (st != MBC_OK)
        return st;
    st = write_type_files(p, c_dir, diag);
    strbuf name, content;
    sb_init(&name);
    sb_init(&content);
    emit_c_builtin_header(p->items, p->count, &content);
    naming_registry_header(NULL, &name);
    st = first_failure(st, write_emitted(c_dir, sb_str(&name), &content, diag));
    sb_free(&content);
    sb_free(&name);
    emit_c_registry(p->items, p->count, &content);
    naming_registry_source(NULL, &name);
    st = first_failure(st, write_emitted(c_dir, sb_str(&name), &content, diag));
    sb_free(&content);
    sb_free(&name);
    return st;
}

mbc_status mbcgen_write_c_types(const mbcgen_project *p, const char *c_dir,
                                const char *registry_name, diag_list *diag)
{
    mbc_status st = make_c_dirs(c_dir, diag);
    if (st == MBC_OK)
        st = write_type_files(p, c_dir, diag);
    if (st != MBC_OK)
        return st;
    strbuf name, content;
    sb_init(&name);
    sb_init(&content);
    emit_c_registration_header(p->items, p->count, registry_name, &content);
    naming_registry_header(registry_name, &name);
    st = first_failure(st, write_emitted(c_dir, sb_str(&name), &content, diag));
    sb_free(&content);
    sb_free(&name);
    emit_c_registration_source(p->items, p->count, registry_name, &content);
    naming_registry_source(registry_name, &name);
    st = first_failure(st, write_emitted(c_dir, sb_str(&name), &content, diag));
    sb_free(&content);
    sb_free(&name);
    return st;
}
