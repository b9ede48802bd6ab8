/* SPDX-License-Identifier: BSD-3-Clause */
/* Loads specs/types.lua, the parameter-type registry (spec_types.h), with its
 * standard parameters. */
#ifndef MBCGEN_SPEC_TYPES_LOAD_H
#define MBCGEN_SPEC_TYPES_LOAD_H

#include "diag.h"
#include "spec_types.h"

/* Loads the type registry from a Lua file. Returns MBC_OK, or a failure
 * status with every problem in diag (MBC_ERR_INPUT: an invalid registry,
 * MBC_ERR_IO: a file that cannot be read, MBC_ERR_NOMEM). */
mbc_status spec_types_load(spec_type_registry *reg, const char *path, diag_list *diag);

#endif
