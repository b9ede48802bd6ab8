/* SPDX-License-Identifier: BSD-3-Clause */
/* The input script as LAMMPS reads it: a stack of files (include), read on
 * rank 0 one logical line at a time (a line ending in '&' continues on the
 * next; text in triple quotes spans lines) and broadcast to every rank. All
 * functions are collective; on failure the pending error is set on some
 * rank and the caller agrees (ml_agree). */
#ifndef ML_SOURCE_H
#define ML_SOURCE_H

#include <stdio.h>

#include "ml.h"

#define ML_SOURCE_DEPTH 16 /* nested include levels, as LAMMPS */

typedef struct ml_source_file {
    char *path; /* every rank */
    FILE *fp;   /* rank 0 */
    int line;   /* lines read so far */
} ml_source_file;

typedef struct ml_source {
    ml_source_file files[ML_SOURCE_DEPTH];
    int depth;
    char *text; /* the current logical line (every rank) */
    size_t capacity;
    int line; /* where it starts in files[depth - 1] */
} ml_source;

/* Pushes the file at path (an include, or the script); an error when it
 * cannot be opened ("Cannot open input script PATH: REASON"), the stack is
 * full or memory runs out (on that rank only: the caller agrees). Returns
 * 0 or the pending status. */
int ml_source_push(ml_run *r, ml_source *s, const char *path);
/* Closes the innermost file. */
void ml_source_pop(ml_run *r, ml_source *s);
/* jump SELF: back to the start of the innermost file. */
void ml_source_rewind(ml_run *r, ml_source *s);
/* jump FILE: the innermost file is replaced by path. Returns 0 or the
 * pending status. */
int ml_source_replace(ml_run *r, ml_source *s, const char *path);
/* Reads the next logical line of the innermost file into s->text (and
 * s->line). Returns 1, 0 at its end, or -1 with a pending error. */
int ml_source_next(ml_run *r, ml_source *s);
/* Closes every file, frees everything. */
void ml_source_free(ml_run *r, ml_source *s);

#endif
