/* SPDX-License-Identifier: BSD-3-Clause */
#include "arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arena_block {
    arena_block *next;
    size_t used;
    size_t cap;
    max_align_t data[];
};

#define ARENA_BLOCK_BYTES 16384

void arena_init(arena *a)
{
    a->head = NULL;
    a->out_of_memory = NULL;
    a->ctx = NULL;
}

void arena_on_nomem(arena *a, void (*fn)(void *ctx), void *ctx)
{
    a->out_of_memory = fn;
    a->ctx = ctx;
}

/* NULL, or no return when a handler is set. */
static void *out_of_memory(arena *a)
{
    if (a->out_of_memory)
        a->out_of_memory(a->ctx);
    return NULL;
}

void arena_free(arena *a)
{
    arena_block *b = a->head;
    while (b) {
        arena_block *next = b->next;
        free(b);
        b = next;
    }
    a->head = NULL;
}

void *arena_alloc(arena *a, size_t size)
{
    const size_t align = sizeof(max_align_t);
    if (size > (size_t)-1 / 2)
        return out_of_memory(a);
    size = (size + align - 1) / align * align;
    arena_block *b = a->head;
    if (!b || b->cap - b->used < size) {
        size_t cap = size > ARENA_BLOCK_BYTES ? size : ARENA_BLOCK_BYTES;
        b = malloc(sizeof *b + cap);
        if (!b)
            return out_of_memory(a);
        b->cap = cap;
        b->used = 0;
        b->next = a->head;
        a->head = b;
    }
    void *p = (char *)b->data + b->used;
    b->used += size;
    memset(p, 0, size);
    return p;
}

char *arena_strndup(arena *a, const char *s, size_t n)
{
    char *p = arena_alloc(a, n + 1);
    if (!p)
        return NULL;
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *arena_strdup(arena *a, const char *s)
{
    return arena_strndup(a, s, strlen(s));
}
