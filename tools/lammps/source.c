/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading the script on rank 0 and broadcasting it (source.h). */
#include "source.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Opens path on rank 0; every rank learns the outcome. On failure the
 * pending error on rank 0 names the file and the reason. */
static FILE *open_on_root(ml_run *r, const char *path, int *ok)
{
    FILE *fp = NULL;
    int good = 1;
    if (r->rank == 0) {
        fp = fopen(path, "r");
        if (!fp) {
            ml_error_at(r, "Cannot open input script %s: %s", path, strerror(errno));
            good = 0;
        }
    }
    MPI_Bcast(&good, 1, MPI_INT, 0, r->comm);
    *ok = good;
    return fp;
}

int ml_source_push(ml_run *r, ml_source *s, const char *path)
{
    if (s->depth == ML_SOURCE_DEPTH) {
        ml_error_at(r, "Too many nested levels of input scripts (%d)", ML_SOURCE_DEPTH);
        return r->status;
    }
    /* every rank opens (a collective step) whether its copy failed or not;
     * the caller agrees on the error, with nothing of this file held */
    char *copy = strdup(path);
    int ok = 0;
    FILE *fp = open_on_root(r, path, &ok);
    if (!ok || !copy) {
        const int nomem = copy == NULL;
        if (fp)
            (void)fclose(fp);
        free(copy);
        return nomem ? ml_error_nomem(r) : ML_EXIT_ERROR;
    }
    ml_source_file *f = &s->files[s->depth++];
    f->path = copy;
    f->fp = fp;
    f->line = 0;
    return 0;
}

void ml_source_pop(ml_run *r, ml_source *s)
{
    ml_source_file *f = &s->files[--s->depth];
    if (r->rank == 0 && f->fp)
        fclose(f->fp);
    free(f->path);
    *f = (ml_source_file){0};
}

void ml_source_rewind(ml_run *r, ml_source *s)
{
    ml_source_file *f = &s->files[s->depth - 1];
    if (r->rank == 0)
        rewind(f->fp);
    f->line = 0;
}

int ml_source_replace(ml_run *r, ml_source *s, const char *path)
{
    ml_source_pop(r, s);
    return ml_source_push(r, s, path);
}

/* Appends n bytes to s->text. */
static int append(ml_source *s, size_t used, const char *p, size_t n)
{
    if (used + n + 1 > s->capacity) {
        size_t cap = 2 * (used + n + 1);
        char *t = realloc(s->text, cap);
        if (!t)
            return -1;
        s->text = t;
        s->capacity = cap;
    }
    memcpy(s->text + used, p, n);
    s->text[used + n] = '\0';
    return 0;
}

/* An odd number of triple quotes: the text continues on the next line. */
static int open_triple_quote(const char *t)
{
    int odd = 0;
    for (const char *q = strstr(t, "\"\"\""); q; q = strstr(q + 3, "\"\"\""))
        odd = !odd;
    return odd;
}

/* Rank 0: the next logical line into s->text; its length, -1 at the end of
 * the file, -2 out of memory. */
static long read_logical(ml_source *s, ml_source_file *f, int *start)
{
    char *phys = NULL;
    size_t cap = 0, used = 0;
    ssize_t n;
    int any = 0;
    errno = 0;
    while ((n = getline(&phys, &cap, f->fp)) >= 0) {
        if (!any)
            *start = f->line + 1;
        any = 1;
        f->line++;
        while (n > 0 && (phys[n - 1] == '\n' || phys[n - 1] == '\r'))
            n--;
        size_t end = (size_t)n;
        while (end > 0 && (phys[end - 1] == ' ' || phys[end - 1] == '\t'))
            end--;
        const int more = end > 0 && phys[end - 1] == '&';
        if (more)
            phys[end - 1] = ' ';
        if (append(s, used, phys, (size_t)n) != 0) {
            free(phys);
            return -2;
        }
        used += (size_t)n;
        if (!more && !open_triple_quote(s->text))
            break;
        if (!more && append(s, used++, "\n", 1) != 0) {
            free(phys);
            return -2;
        }
    }
    free(phys);
    if (n < 0 && errno == ENOMEM) /* getline could not grow its buffer */
        return -2;
    if (!any)
        return -1;
    return (long)used;
}

int ml_source_next(ml_run *r, ml_source *s)
{
    long len = 0;
    int start = 0;
    if (r->rank == 0) {
        len = read_logical(s, &s->files[s->depth - 1], &start);
        if (len == -2)
            ml_error_nomem(r);
    }
    long head[2] = {len, start};
    MPI_Bcast(head, 2, MPI_LONG, 0, r->comm);
    if (head[0] == -1)
        return 0;
    if (head[0] == -2)
        ml_agree(r);
    if (r->rank != 0 && (size_t)head[0] + 1 > s->capacity) {
        char *t = realloc(s->text, (size_t)head[0] + 1);
        if (!t)
            ml_error_nomem(r);
        else {
            s->text = t;
            s->capacity = (size_t)head[0] + 1;
        }
    }
    ml_agree(r);
    MPI_Bcast(s->text, (int)head[0] + 1, MPI_CHAR, 0, r->comm);
    s->line = (int)head[1];
    return 1;
}

void ml_source_free(ml_run *r, ml_source *s)
{
    while (s->depth > 0)
        ml_source_pop(r, s);
    free(s->text);
    s->text = NULL;
    s->capacity = 0;
}
