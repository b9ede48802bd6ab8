/* SPDX-License-Identifier: BSD-3-Clause */
/* The names of the values of an integer parameter (spec key `choices`:
 * mbc_param_info.choices, read through mbc_param_info_choices in
 * mbconnect/type_info.h; runtime/object/param_choices.c): what `mbc
 * describe`, Python, case files, scenes, the generated pages and the LAMMPS
 * words read instead of keeping a list of names of their own. */
#ifndef MBCONNECT_PARAM_CHOICES_H
#define MBCONNECT_PARAM_CHOICES_H

#include <stdbool.h>
#include <stddef.h>

#include "mbconnect/export.h"
#include "mbconnect/type_info.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The name of value v of p ("hertz" for ContactGranular.normalModel 1), or
 * NULL when p has no named choices or v is none of them. */
MBC_API const char *mbc_param_choice_name(const mbc_param_info *p, double v);

/* The value called `name` (0 .. count - 1; names are compared exactly), or
 * -1 when p has no choice of that name or no named choices. */
MBC_API int mbc_param_choice_value(const mbc_param_info *p, const char *name);

/* The choice whose name is closest to `name` (mbconnect/suggest.h), which p
 * has not: the "did you mean" of a message; NULL when none is close. */
MBC_API const char *mbc_param_suggest_choice(const mbc_param_info *p, const char *name);

/* The names of p's choices joined by ", " ("hooke, hertz, hertz/material"),
 * each followed by its value when with_values ("hooke (0), hertz (1)"); ""
 * when p has none. Writes at most size bytes into buf (truncated,
 * NUL-terminated) and returns buf. */
MBC_API const char *mbc_param_choices_text(const mbc_param_info *p, bool with_values, char *buf,
                                           size_t size);

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_PARAM_CHOICES_H */
