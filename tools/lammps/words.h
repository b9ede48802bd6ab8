/* SPDX-License-Identifier: BSD-3-Clause */
/* A command line split into words as LAMMPS splits them: at blanks, with
 * "...", '...' and """...""" keeping blanks inside one word (the quotes
 * removed); a '#' outside quotes starts a comment. */
#ifndef ML_WORDS_H
#define ML_WORDS_H

#include <stddef.h>

typedef struct ml_words {
    char **argv;
    int argc;
    char *text; /* the words, each NUL-terminated */
} ml_words;

/* Returns 0, -1 when out of memory, or 1 for an unterminated quote. */
int ml_words_split(const char *line, ml_words *w);
void ml_words_free(ml_words *w);
/* The length of line without its comment (the '#' outside quotes on). */
size_t ml_words_uncommented(const char *line);

#endif
