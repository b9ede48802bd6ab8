/* SPDX-License-Identifier: BSD-3-Clause */
#include "project.h"

#include <stdlib.h>
#include <string.h>

#include "emit_c.h"
#include "emit_rst.h"
#include "fileio.h"
#include "sandbox.h"
#include "naming.h"

int mbcgen_load(mbcgen_project *p, const char *types_path, char *const *spec_paths, size_t n,
                diag_list *diag)
{
    memset(p, 0, sizeof *p);
    if (spec_types_load(&p->types, types_path, diag) != 0)
        return -1;
    p->items = calloc(n ? n : 1, sizeof *p->items);
    if (!p->items)
        return -1;
    int errors = 0;
    /* one sandbox for all specs: a Lua state per spec cost a fifth of the run
     * (bench/: mbc-bench-gen (c)); each spec still runs in its own environment */
    struct mbc_sandbox *box = spec_sandbox_new();
    for (size_t i = 0; i < n; i++) {
        spec_connector c;
        if (spec_connector_load_file(&c, box, &p->types, spec_paths[i], diag) != 0) {
            errors++;
            continue;
        }
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
    mbc_sandbox_free(box);
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

static int write_file(const char *path, const strbuf *sb, diag_list *diag)
{
    char err[1024];
    if (fileio_write_if_changed(path, sb_str(sb), sb->len, err, sizeof err) < 0) {
        diag_add_raw(diag, err);
        return -1;
    }
    return 0;
}

int mbcgen_write_rst(const mbcgen_project *p, const char *rst_dir, const char *index_path,
                     diag_list *diag)
{
    if (fileio_make_dirs(rst_dir) != 0) {
        diag_add(diag, rst_dir, 0, "cannot create directory");
        return -1;
    }
    int rc = 0;
    const spec_connector **sorted = calloc(p->count ? p->count : 1, sizeof *sorted);
    if (!sorted)
        return -1;
    for (size_t i = 0; i < p->count; i++) {
        const spec_connector *c = &p->items[i];
        strbuf sb, path;
        sb_init(&sb);
        sb_init(&path);
        emit_rst_item(c, &sb);
        sb_printf(&path, "%s/", rst_dir);
        naming_rst_page(c->type_name, &path);
        rc |= write_file(sb_str(&path), &sb, diag);
        sb_free(&sb);
        sb_free(&path);
        sorted[i] = c;
    }
    if (index_path) {
        strbuf sb;
        sb_init(&sb);
        emit_rst_index(sorted, p->count, &sb);
        rc |= write_file(index_path, &sb, diag);
        sb_free(&sb);
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
    int rc = write_file(sb_str(&path), content, diag);
    sb_free(&path);
    return rc;
}

/* Creates c_dir and c_dir/include/mbconnect/generated. */
static int make_c_dirs(const char *c_dir, diag_list *diag)
{
    strbuf inc;
    sb_init(&inc);
    sb_printf(&inc, "%s/include/mbconnect/generated", c_dir);
    int rc = fileio_make_dirs(c_dir) != 0 || fileio_make_dirs(sb_str(&inc)) != 0 ? -1 : 0;
    sb_free(&inc);
    if (rc != 0)
        diag_add(diag, c_dir, 0, "cannot create directory");
    return rc;
}

/* The header and source of every type, named by naming.h (as `mbcgen
 * --print-names` tells CMake): c_dir/include/mbconnect/generated/<snake>.h
 * and c_dir/<snake>.c. */
static int write_type_files(const mbcgen_project *p, const char *c_dir, diag_list *diag)
{
    int rc = 0;
    for (size_t i = 0; i < p->count; i++) {
        const spec_connector *c = &p->items[i];
        strbuf name, content;
        sb_init(&name);
        sb_init(&content);
        emit_c_header(c, &content);
        naming_c_header(c->type_name, &name);
        rc |= write_emitted(c_dir, sb_str(&name), &content, diag);
        sb_free(&content);
        sb_free(&name);
        emit_c_source(c, &content);
        naming_c_source(c->type_name, &name);
        rc |= write_emitted(c_dir, sb_str(&name), &content, diag);
        sb_free(&content);
        sb_free(&name);
    }
    return rc;
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
