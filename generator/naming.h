/* SPDX-License-Identifier: BSD-3-Clause */
/* The names mbcgen derives from a connector type name, and the rules a name
 * must follow: the one place of these rules. The spec loader, the emitters
 * and the scaffold call these functions, and CMake asks for the results
 * with `mbcgen --print-names` (naming_main) instead of re-deriving them.
 *
 *   ContactSphereSphere -> contact_sphere_sphere            (naming_snake)
 *                       -> contact_sphere_sphere.c          (naming_c_source)
 *                       -> include/mbconnect/generated/contact_sphere_sphere.h
 *                       -> ObjectContactSphereSphere.rst    (naming_rst_page)
 *
 * Depends on strbuf.c, fileio.c and the core's runtime/base/fail.c only, so that
 * the build tree can compile it at configure time, before mbcgen exists
 * (generator/CMakeLists.txt). */
#ifndef MBCGEN_NAMING_H
#define MBCGEN_NAMING_H

#include <stdbool.h>
#include <stdio.h>

#include "mbconnect/error.h"
#include "strbuf.h"

/* Longest name a spec may give (a type, parameter, output, ...): C's
 * guaranteed significant length of an internal identifier. */
#define NAMING_MAX_NAME 63

/* The shape of a C identifier: a letter or '_', then letters, digits, '_'. */
bool naming_is_identifier(const char *s);
/* A C keyword (C11, plus bool, true and false). */
bool naming_is_c_keyword(const char *s);
/* A name a spec may give: an identifier of at most NAMING_MAX_NAME
 * characters that is not a C keyword (it becomes part of generated C). */
bool naming_is_spec_name(const char *s);
/* The rule of naming_is_spec_name that s breaks, as a message says it
 * ("must not be a C keyword"), or NULL when s is a spec name. */
const char *naming_spec_name_rule(const char *s);
/* A name of the type registry (types.lua): an identifier of at most
 * NAMING_MAX_NAME characters (a C keyword is allowed: no C name is made
 * of it), the rule NAMING_NAME_RULE. */
bool naming_is_name(const char *s);
#define NAMING_NAME_RULE                                                                           \
    "an identifier (a letter or '_', then letters, digits and '_'), at most 63 characters"

/* Appends the snake-case form of a CamelCase name: an '_' before a capital
 * that follows a lower-case letter, or that follows a capital and precedes a
 * lower-case letter; everything lower-case. ContactFrictionCircleCable2D ->
 * contact_friction_circle_cable2d, ALEJoint -> ale_joint. */
void naming_snake(const char *name, strbuf *out);

/* Appends the name of a generated constant made of `name`: its snake-case
 * form in capitals (StoredEnergy -> STORED_ENERGY). */
void naming_constant(const char *name, strbuf *out);
/* Appends the constant of a named choice (the part after MBC_<TYPE>_):
 * naming_constant of the parameter, '_', the choice in capitals with every
 * other character as '_' (normalModel, "hertz/material" ->
 * NORMAL_MODEL_HERTZ_MATERIAL). */
void naming_choice_constant(const char *param, const char *choice, strbuf *out);

/* The files mbcgen writes for a type, relative to --c-out (C) and
 * --rst-out (RST); appended to out. */
void naming_c_source(const char *type_name, strbuf *out);
void naming_c_header(const char *type_name, strbuf *out);
void naming_rst_page(const char *type_name, strbuf *out);
/* The registration files relative to --c-out: NAME_types.c and
 * include/NAME_types.h for --registry-name NAME; for the built-in registry
 * (registry_name NULL) registry.c and include/mbconnect/generated/builtin.h. */
void naming_registry_source(const char *registry_name, strbuf *out);
void naming_registry_header(const char *registry_name, strbuf *out);

/* Checks --registry-name: MBC_OK, or MBC_ERR_VALUE with "mbcgen:
 * --registry-name must be a C identifier (given 'NAME')" in err (a usage
 * error: mbcgen exits with 2). */
mbc_status naming_check_registry_name(const char *registry_name, mbc_error *err);

/* mbcgen --print-names [--registry-name NAME] SPEC...: for every SPEC (a
 * path NAME.lua; types.lua is skipped, as mbcgen does) one line
 *
 *   type TypeName snake_name C_SOURCE C_HEADER RST_PAGE
 *
 * then one line "registry NAME C_SOURCE C_HEADER" (NAME "-" for the
 * built-in registry), fields separated by one space, to out. The file name
 * of a spec is its type name (mbcgen checks that the spec says so); a file
 * name that is no spec name gets one line on err "mbcgen: FILE: ..." naming
 * the rule and the name given. argv[1] is "--print-names". The entry point
 * of a mode, as main: prints every error it finds to err and returns the
 * exit status: 0, 1 for a bad name, 2 for bad arguments. */
int naming_main(int argc, char **argv, FILE *out, FILE *err);

#endif
