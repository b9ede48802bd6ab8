/* SPDX-License-Identifier: BSD-3-Clause */
/* JSON strings for the summary and --list of `mbc simulate`. */
#ifndef SIM_JSON_TEXT_H
#define SIM_JSON_TEXT_H

#include <stdio.h>

/* s as a JSON string literal: quotes, backslashes and control characters
 * escaped (NULL: an empty string). */
void sim_json_string(FILE *f, const char *s);

#endif
