/* SPDX-License-Identifier: BSD-3-Clause */
/* A whole generation run: the type registry plus every connector spec,
 * loaded and validated together, then written by the emitters. */
#ifndef MBCGEN_PROJECT_H
#define MBCGEN_PROJECT_H

#include "spec_model.h"

typedef struct mbcgen_project {
    spec_type_registry types;
    spec_connector *items; /* sorted by type name */
    size_t count;
    unsigned jobs; /* workers for loading and for the per-item writes (parallel.h) */
} mbcgen_project;

/* Failures: the functions below collect every problem they find (all the
 * errors of all the specs, or of all the files written) in diag, a list of
 * mbc_error records (diag.h), and return MBC_OK or a failure status
 * (MBC_ERR_INPUT: a spec is invalid; MBC_ERR_IO: a file or directory cannot
 * be written; MBC_ERR_NOMEM: out of memory, diag then prints one line). */

/* Loads types_path and every spec. Every problem of every file is reported;
 * returns MBC_OK only when all are valid (each spec's file stem must equal
 * its type name, and type names must be unique). */
mbc_status mbcgen_load(mbcgen_project *p, const char *types_path, char *const *spec_paths, size_t n,
                       diag_list *diag);
/* mbcgen_load on `jobs` worker threads (mbcgen --jobs), each with its own
 * sandbox; the writers below use as many. The diagnostics, their order and
 * the result are those of jobs = 1 (which is mbcgen_load: in order, on the
 * calling thread). */
mbc_status mbcgen_load_jobs(mbcgen_project *p, const char *types_path, char *const *spec_paths,
                            size_t n, unsigned jobs, diag_list *diag);
void mbcgen_free(mbcgen_project *p);

/* Writes content to the file path unless it holds that already; nothing
 * when content ran out of memory (sb_failed: "PATH: out of memory"), never
 * a truncated file. */
mbc_status mbcgen_write_buffer(const char *path, const strbuf *content, diag_list *diag);

/* Writes rst_dir/<Class>.rst for each item and, if index_path, the index. */
mbc_status mbcgen_write_rst(const mbcgen_project *p, const char *rst_dir, const char *index_path,
                            diag_list *diag);

/* Writes c_dir/<snake>.c, c_dir/registry.c and
 * c_dir/include/mbconnect/generated/{<snake>,builtin}.h. */
mbc_status mbcgen_write_c(const mbcgen_project *p, const char *c_dir, diag_list *diag);

/* Out-of-tree types: writes c_dir/<snake>.c and
 * c_dir/include/mbconnect/generated/<snake>.h for each item (as
 * mbcgen_write_c), and instead of registry.c the registration
 * c_dir/<registry_name>_types.c and c_dir/include/<registry_name>_types.h
 * (NAME_register_types adds the types to an mbc_registry). */
mbc_status mbcgen_write_c_types(const mbcgen_project *p, const char *c_dir,
                                const char *registry_name, diag_list *diag);

#endif
