/* SPDX-License-Identifier: BSD-3-Clause */
/* Spec compatibility (mbcgen --compat OLD_DIR NEW_DIR): which changes from an
 * old set of specs (and its types.lua) to a new one break users of the
 * generated API, case files, scene files or solvers, and which only add.
 *
 * Breaking (docs/versioning.rst, "Spec changes of built-in types"):
 *   a connector type, parameter, visualization parameter, output, data
 *   coordinate or parameter type (types.lua) removed or renamed; the type,
 *   size, default or role of a parameter changed; the size of an output
 *   changed; the data layout changed; a rule tightened (a new or stricter
 *   rule, a check hook added, a stricter value rule of a parameter type, a
 *   marker or node type newly required); a new parameter whose default is
 *   not a valid value (must_be_set).
 * Compatible (reported, exit 0): a new connector type, a new parameter with a
 * valid default, a new output, a new parameter type. */
#ifndef MBCGEN_COMPAT_H
#define MBCGEN_COMPAT_H

#include <stddef.h>

#include "project.h"
#include "strbuf.h"

typedef struct compat_result {
    size_t breaking;   /* breaking changes found */
    size_t compatible; /* compatible additions found */
} compat_result;

/* Compares two loaded projects. Appends one line per change to report:
 *   "TYPE: what changed (old -> new)"               a breaking change
 *   "TYPE: what was added (compatible)"              a compatible addition
 * ("types.lua" instead of TYPE for the parameter-type registry), in the order
 * of the sorted type names. */
compat_result compat_compare(const mbcgen_project *old_p, const mbcgen_project *new_p,
                             strbuf *report);

/* Loads DIR/types.lua and every DIR/<name>.lua spec of both directories and
 * compares them. Returns MBC_OK (result and report filled), or the status
 * of a directory that cannot be listed or loaded, with every problem in diag
 * (MBC_ERR_IO, MBC_ERR_INPUT, MBC_ERR_NOMEM). */
mbc_status compat_compare_dirs(const char *old_dir, const char *new_dir, compat_result *result,
                               strbuf *report, diag_list *diag);

/* mbcgen --compat OLD_DIR NEW_DIR: the entry point of a mode, as main:
 * prints the report and a summary line to stdout, load problems to stderr.
 * Returns the exit status: 0 no breaking change, 1 breaking changes, 2 a
 * directory cannot be loaded. */
int compat_main(const char *old_dir, const char *new_dir);

#endif
