/* SPDX-License-Identifier: BSD-3-Clause */
/* The rules of a parameter (spec_param_rules.c). */
#ifndef MBCGEN_SPEC_PARAM_RULES_H
#define MBCGEN_SPEC_PARAM_RULES_H

#include "loader.h"

/* Reads and checks t.rules (t the parameter's table, labeled "parameter
 * 'NAME'") into p->rules, once p's type, shape and default are read. */
void spec_param_rules_load(loader *ld, const mbc_reader_table *t, spec_param *p);

/* The references between c's parameters (same_length_as, positive_when),
 * checked once all are loaded. */
void spec_param_rules_check_references(loader *ld, const spec_connector *c);

#endif
