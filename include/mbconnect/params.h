/* SPDX-License-Identifier: BSD-3-Clause */
/* Table-driven parameter access over a type's descriptor tables
 * (runtime/object/params.c; used by the generated code, the generic objects
 * and every front end): defaults, checked setters, getters, validation, the
 * data coordinates, the outputs' sizes and the parameters by name.
 *
 * Parameter values travel as doubles (bool 0/1, int and index values exact)
 * or as strings; the per-type headers add typed setters and getters. */
#ifndef MBCONNECT_PARAMS_H
#define MBCONNECT_PARAMS_H

#include <stddef.h>

#include "mbconnect/export.h"
#include "mbconnect/type_info.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Sets every parameter to its documented default (owned memory: none). */
MBC_API void mbc_params_init(const mbc_type_info *t, void *params);
/* Frees owned strings and vectors and resets to defaults. */
MBC_API void mbc_params_free(const mbc_type_info *t, void *params);
/* Checked setters. On failure the value is unchanged and err reads e.g.
 * "ContactSphereSphere.contactStiffness: must be >= 0 (UReal), given -1". */
MBC_API mbc_status mbc_param_set_values(const mbc_type_info *t, const mbc_param_info *p,
                                        void *params, const double *values, size_t count,
                                        mbc_error *err);
MBC_API mbc_status mbc_param_set_indices(const mbc_type_info *t, const mbc_param_info *p,
                                         void *params, const mbc_index *values, size_t count,
                                         mbc_error *err);
/* A String parameter's text, or an integer parameter's named choice by its
 * name (mbconnect/param_choices.h: ContactGranular.normalModel "hertz" sets
 * 1); any other parameter: "must be a number (T), given a string". */
MBC_API mbc_status mbc_param_set_string(const mbc_type_info *t, const mbc_param_info *p,
                                        void *params, const char *value, mbc_error *err);
/* Reads up to `capacity` values; *count receives the parameter's element count. */
MBC_API mbc_status mbc_param_get_values(const mbc_type_info *t, const mbc_param_info *p,
                                        const void *params, double *values, size_t capacity,
                                        size_t *count, mbc_error *err);
MBC_API const char *mbc_param_get_string(const mbc_param_info *p, const void *params);
/* Element count of a parameter's current value. */
MBC_API size_t mbc_param_count(const mbc_param_info *p, const void *params);
/* Checks every type rule and cross-field rule; writes up to max_errors
 * messages and returns the number of violations (all of them). */
MBC_API size_t mbc_params_validate(const mbc_type_info *t, const void *params, mbc_error *errors,
                                   size_t max_errors);
/* Data-coordinate count and initial data (e.g. [0.1]*n + [-2]*n + [0]*n). */
MBC_API size_t mbc_data_count(const mbc_type_info *t, const void *params);
MBC_API void mbc_initial_data(const mbc_type_info *t, const void *params, double *data);
/* Number of values of output t->outputs[output] for these parameters; 0 when
 * output >= t->output_count. */
MBC_API size_t mbc_output_size(const mbc_type_info *t, const void *params, size_t output);
/* Index of the output called `name` in t->outputs, or -1 when t has none of
 * that name (or t or name is NULL). */
MBC_API int mbc_type_find_output(const mbc_type_info *t, const char *name);

/* The parameter called `name` ("visualization.NAME" is not searched), or NULL. */
MBC_API const mbc_param_info *mbc_type_find_param(const mbc_type_info *t, const char *name);
/* The parameter of t (not a visualization parameter) whose name is closest
 * to `name`, which t does not have: the "did you mean" of a message about an
 * unknown parameter (mbconnect/suggest.h says what is close); NULL when
 * none is close, or t or name is NULL. */
MBC_API const mbc_param_info *mbc_type_suggest_param(const mbc_type_info *t, const char *name);

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_PARAMS_H */
