/* SPDX-License-Identifier: BSD-3-Clause */
/* The parameter-type registry, specs/types.lua (docs/spec-language.rst,
 * "The type registry"): a list of type "Name" { ... } entries, what one
 * element of a parameter of that type is, its shape, value rule, C type and
 * documented size (spec_type, spec_model_types.h). */
#ifndef MBCGEN_SPEC_TYPES_H
#define MBCGEN_SPEC_TYPES_H

#include "diag.h"
#include "spec_model_types.h"

struct loader;

/* Reads and checks the type "Name" { ... } table at idx of a types.lua into
 * ty (spec_types_load.c reads the file); every problem is reported. */
void spec_types_load_type(struct loader *ld, int idx, spec_type *ty);
/* Frees a registry spec_types_load (spec_types_load.h) made. */
void spec_types_free(spec_type_registry *reg);
/* The type called name, or NULL. */
const spec_type *spec_types_find(const spec_type_registry *reg, const char *name);
/* The standard parameter called name, or NULL. */
const spec_standard *spec_types_find_standard(const spec_type_registry *reg, const char *name);

#endif
