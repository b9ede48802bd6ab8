/* SPDX-License-Identifier: BSD-3-Clause */
/* Benchmark helpers (rs_report.h). */
#include "rs_report.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void rs_check(rs_checks *c, int ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("[%s] ", ok ? "PASS" : "FAIL");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    if (ok)
        c->passed++;
    else
        c->failed++;
}

int rs_checks_finish(const rs_checks *c, const char *name)
{
    printf("%s: %d checks passed, %d failed\n", name, c->passed, c->failed);
    return c->failed == 0 ? 0 : 1;
}

void rs_print_stats(const rs_system *s, const char *label)
{
    const rs_stats *st = &s->stats;
    printf("%s: %ld steps (smallest %.3g s), %ld Newton iterations, %ld step solves, "
           "%ld steps repeated by the discontinuous iteration (max %d solves), "
           "%ld unconverged, %ld recommended-step reductions, %ld Newton step halvings\n",
           label, st->steps, st->h_smallest, st->newton_iterations, st->discontinuous_iterations,
           st->discontinuous_repeats, st->max_discontinuous_iterations,
           st->discontinuous_unconverged, st->step_reductions, st->newton_failures);
}

int rs_parse_options(int argc, char **argv, rs_integrator *integrator)
{
    for (int i = 1; i < argc; ++i) {
        if (strcmp(argv[i], "--rk4") == 0) {
            *integrator = RS_RK4;
        } else if (strcmp(argv[i], "--trapezoidal") == 0) {
            *integrator = RS_TRAPEZOIDAL;
        } else {
            fprintf(stderr, "usage: %s [--trapezoidal | --rk4]\n", argv[0]);
            return -1;
        }
    }
    return 0;
}
