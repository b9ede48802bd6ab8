/* The connector types the tests expect, read from specs/ (every NAME.lua
 * but types.lua), so that tests adapt by themselves to a type added from a
 * spec: the registry must hold exactly these, sorted by name (strcmp). */
#ifndef MBC_TESTS_SPEC_NAMES_H
#define MBC_TESTS_SPEC_NAMES_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* opendir; include this header first */
#endif
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SPEC_NAMES_MAX 64

typedef struct spec_names {
    char names[SPEC_NAMES_MAX][128];
    size_t count;
} spec_names;

static inline int spec_names_cmp(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Fills s from MBC_SOURCE_DIR/specs; returns the count (0 on failure). */
static inline size_t spec_names_load(spec_names *s)
{
    s->count = 0;
    DIR *d = opendir(MBC_SOURCE_DIR "/specs");
    if (!d)
        return 0;
    struct dirent *e;
    while ((e = readdir(d)) && s->count < SPEC_NAMES_MAX) {
        size_t n = strlen(e->d_name);
        if (n < 5 || n - 4 >= sizeof s->names[0] || strcmp(e->d_name + n - 4, ".lua") != 0 ||
            strcmp(e->d_name, "types.lua") == 0)
            continue;
        memcpy(s->names[s->count], e->d_name, n - 4);
        s->names[s->count][n - 4] = '\0';
        s->count++;
    }
    closedir(d);
    qsort(s->names, s->count, sizeof s->names[0], spec_names_cmp);
    return s->count;
}

/* "A, B, C" */
static inline void spec_names_join(const spec_names *s, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < s->count && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? ", " : "", s->names[i]);
}

#endif
