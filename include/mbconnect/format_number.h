/* SPDX-License-Identifier: BSD-3-Clause */
/* Shortest round-trip text of a double: how messages, generated C and
 * generated docs write numbers (one function for the library and mbcgen). */
#ifndef MBCONNECT_FORMAT_NUMBER_H
#define MBCONNECT_FORMAT_NUMBER_H

#include <stddef.h>

#include "mbconnect/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Shortest "%.{1..17}g" text that reads back as x ("-1", "0.5", "-1e-300";
 * "nan", "inf", "-inf"), into buf of size bytes. */
MBC_API void mbc_format_number(double x, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_FORMAT_NUMBER_H */
