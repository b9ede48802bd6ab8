/* SPDX-License-Identifier: BSD-3-Clause */
/* Loading the spec model (its types: spec_model_types.h) from the Lua spec
 * files, against the parameter-type registry (specs/types.lua, spec_types.h).
 *
 * Data flows one way: spec files -> spec_model (loaded and validated here)
 * -> emitters (emit_rst.c, emit_c.c) -> files. Emitters only read the model.
 */
#ifndef MBCGEN_SPEC_MODEL_H
#define MBCGEN_SPEC_MODEL_H

#include <stddef.h>

#include "diag.h"
#include "spec_defaults.h"
#include "spec_invariants.h"
#include "spec_model_types.h"
#include "spec_pair_binding.h"
#include "spec_types.h"
#include "spec_wall_binding.h"
#include "strbuf.h"

extern const spec_hook_info spec_hooks[SPEC_HOOK_COUNT];
extern const char *const spec_hook_names[SPEC_HOOK_COUNT];

/* The C enumerator of each kind ("MBC_MARKER_RIGID"). */
extern const char *const spec_marker_kind_c[SPEC_MARKER_KIND_COUNT];

/* Loads and validates one connector spec from a file (display_name is used in
 * messages) or from a buffer. Returns MBC_OK when the spec is valid;
 * otherwise a failure status (as spec_types_load), every problem in diag,
 * and *out left empty. */
mbc_status spec_connector_load(spec_connector *out, const spec_type_registry *reg, const char *path,
                               diag_list *diag);
mbc_status spec_connector_load_buffer(spec_connector *out, const spec_type_registry *reg,
                                      const char *display_name, const char *buf, size_t len,
                                      diag_list *diag);
void spec_connector_free(spec_connector *c);

/* Many specs in one sandbox (mbcgen_load): a sandbox made by
 * loader_sandbox_new (loader.h) runs spec after spec, each in a fresh
 * environment (sandbox.h), which saves a Lua state per spec.
 * spec_connector_load_file with box NULL is spec_connector_load. */
struct mbc_sandbox;
mbc_status spec_connector_load_in(spec_connector *out, struct mbc_sandbox *box,
                                  const spec_type_registry *reg, const char *display_name,
                                  const char *buf, size_t len, diag_list *diag);
mbc_status spec_connector_load_file(spec_connector *out, struct mbc_sandbox *box,
                                    const spec_type_registry *reg, const char *path,
                                    diag_list *diag);

#endif
