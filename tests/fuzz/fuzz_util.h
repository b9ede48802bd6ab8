/* SPDX-License-Identifier: BSD-3-Clause */
/* Shared by the fuzz targets and test_fuzz_regressions.c. */
#ifndef MBC_FUZZ_UTIL_H
#define MBC_FUZZ_UTIL_H

#include <stdio.h>
#include <stdlib.h>

/* A broken invariant: print why and abort, so libFuzzer records a crash
 * (and the regression test fails). */
#define FUZZ_FAIL(...)                                                                             \
    do {                                                                                           \
        fprintf(stderr, "fuzz invariant violated (%s:%d): ", __FILE__, __LINE__);                  \
        fprintf(stderr, __VA_ARGS__);                                                              \
        fputc('\n', stderr);                                                                       \
        abort();                                                                                   \
    } while (0)

#endif
