/* SPDX-License-Identifier: BSD-3-Clause */
/* A region allocator: everything a loaded spec owns is freed at once. */
#ifndef MBCGEN_ARENA_H
#define MBCGEN_ARENA_H

#include <stddef.h>

typedef struct arena_block arena_block;

typedef struct arena {
    arena_block *head;
} arena;

void arena_init(arena *a);
void arena_free(arena *a);
/* Zero-filled memory; exits the program when memory is exhausted. */
void *arena_alloc(arena *a, size_t size);
char *arena_strdup(arena *a, const char *s);
char *arena_strndup(arena *a, const char *s, size_t n);

#endif
