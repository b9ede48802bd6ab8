/* SPDX-License-Identifier: BSD-3-Clause */
/* Copies of Debian's LAMMPS examples (package lammps-examples), cut short,
 * for the drivers of tests/lammps (test_lammps_styles.c, test_lammps_diff.c). */
#ifndef MBC_TEST_LAMMPS_EXAMPLE_COPY_H
#define MBC_TEST_LAMMPS_EXAMPLE_COPY_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_file.h"

/* The edits of a copy, each to the output or the length of the run only:
 * the k-th `run N` line's N cut to at most runs[k] (the last of runs for
 * any later run line); with thermo > 0, each `thermo N` line whose N is
 * larger or a variable set to thermo; after_style, if not NULL, added after
 * each thermo_style command (as `thermo_modify format float %.17g`). */
typedef struct example_edits {
    const int *runs;
    int nruns;
    int thermo;
    const char *after_style;
} example_edits;

/* The example at path copied to out with edits, then tail (if not NULL);
 * returns the number of run lines, -1 when path cannot be read or out
 * written. */
static inline int example_copy(const char *path, const char *out, const example_edits *e,
                               const char *tail)
{
    char *text = read_file(path, NULL);
    FILE *f = text ? fopen(out, "w") : NULL;
    if (!f) {
        free(text);
        return -1;
    }
    int k = 0, style = 0;
    for (const char *p = text; *p; p += p[strcspn(p, "\n")] ? strcspn(p, "\n") + 1 : strlen(p)) {
        char line[4096], word[16] = "", number[32] = "";
        snprintf(line, sizeof line, "%.*s", (int)strcspn(p, "\n"), p);
        int at = 0;
        const int words = sscanf(line, " %15s %31s%n", word, number, &at);
        const long steps = words == 2 ? strtol(number, NULL, 10) : 0;
        if (words == 2 && strcmp(word, "run") == 0 && steps > 0 && e->nruns > 0) {
            const long cap = e->runs[k < e->nruns ? k : e->nruns - 1];
            k++;
            fprintf(f, "run %ld%s\n", steps < cap ? steps : cap, line + at);
        } else if (words == 2 && strcmp(word, "thermo") == 0 && e->thermo > 0 &&
                   (steps > e->thermo || number[0] == '$')) {
            fprintf(f, "thermo %d%s\n", e->thermo, line + at);
        } else {
            fprintf(f, "%s\n", line);
        }
        /* a thermo_style command ends on a line without '&' */
        style = style || (words >= 1 && strcmp(word, "thermo_style") == 0);
        const size_t n = strlen(line);
        if (style && e->after_style && !(n > 0 && line[n - 1] == '&')) {
            fprintf(f, "%s\n", e->after_style);
            style = 0;
        }
    }
    free(text);
    if (tail)
        fputs(tail, f);
    return fclose(f) == 0 ? k : -1;
}

#endif
