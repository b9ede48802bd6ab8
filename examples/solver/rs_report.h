/* SPDX-License-Identifier: BSD-3-Clause */
/* Small helpers of the benchmark executables: pass/fail checks and
 * command-line options. */
#ifndef RS_REPORT_H
#define RS_REPORT_H

#include "rs_system.h"

typedef struct rs_checks {
    int passed;
    int failed;
} rs_checks;

/* Prints "[PASS] ..." or "[FAIL] ..." and counts. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void rs_check(rs_checks *c, int ok, const char *fmt, ...);

/* Prints the summary and returns the process exit status (0 when all passed). */
int rs_checks_finish(const rs_checks *c, const char *name);

/* Prints the integrator statistics of s. */
void rs_print_stats(const rs_system *s, const char *label);

/* Common options: --rk4 selects the explicit RK4 integrator. Returns 0, or
 * -1 for an unknown option (usage printed). */
int rs_parse_options(int argc, char **argv, rs_integrator *integrator);

#endif
