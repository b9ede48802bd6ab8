/* SPDX-License-Identifier: BSD-3-Clause */
/* A region allocator: everything a loaded spec owns is freed at once. */
#ifndef MBCGEN_ARENA_H
#define MBCGEN_ARENA_H

#include <stddef.h>

typedef struct arena_block arena_block;

typedef struct arena {
    arena_block *head;
    void (*out_of_memory)(void *ctx); /* NULL: allocations return NULL when out of memory */
    void *ctx;
} arena;

void arena_init(arena *a);
/* While set, an allocation that fails calls fn(ctx), which does not return
 * (the spec loaders leave their protected call); NULL: return NULL. */
void arena_on_nomem(arena *a, void (*fn)(void *ctx), void *ctx);
void arena_free(arena *a);
/* Zero-filled memory; NULL when memory is exhausted (the loaders turn that
 * into MBC_ERR_NOMEM). */
void *arena_alloc(arena *a, size_t size);
/* Copies of s (NULL when out of memory). */
char *arena_strdup(arena *a, const char *s);
char *arena_strndup(arena *a, const char *s, size_t n);

#endif
