/* SPDX-License-Identifier: BSD-3-Clause */
/* The parameter lists of a connector spec (docs/spec-language.rst,
 * "Parameter keys"): `parameters` and `visualization`. */
#ifndef MBCGEN_SPEC_PARAMS_H
#define MBCGEN_SPEC_PARAMS_H

#include <stddef.h>

#include "loader.h"

/* Reads t[key] (t the connector table at idx, whose key `key =` is searched
 * from `line`), a list of param "name" { ... } entries named `what` in
 * messages ("parameter", "visualization parameter"), into *out (allocated in
 * the spec's arena) and *count; every problem is reported. */
void spec_params_load(loader *ld, int idx, int line, const char *key, const char *what,
                      spec_param **out, size_t *count);

/* Reads the param "name" { ... } table at idx into p (`list` names it in
 * messages: "parameter"); a standard parameter of types.lua is checked
 * this way when the registry is loaded. */
void spec_params_load_one(loader *ld, int idx, spec_param *p, const char *list);

#endif
