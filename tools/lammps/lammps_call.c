/* SPDX-License-Identifier: BSD-3-Clause */
/* Talking to LAMMPS on every rank: one command, and the text a command
 * wrote to the scratch file (the values LAMMPS substitutes, `info`). Used by
 * the script runner (script.c) and the bridge's set-up (bridge.c). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <lammps/library.h>

#include "ml.h"

const char *ml_lammps(ml_run *r, const char *fmt, ...)
{
    char cmd[ML_MESSAGE_SIZE];
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof cmd) {
        ml_error_at(r, "mbconnect: a generated LAMMPS command is too long (%d characters)", n);
        ml_agree(r);
    }
    return lammps_command(r->lmp, cmd);
}

/* Rank 0: the scratch file's text into *text; its length, -1 when it
 * cannot be read (pending error set), -2 out of memory. */
static long scratch_load(ml_run *r, char **text)
{
    FILE *fp = fopen(r->scratch_path, "rb");
    long len = -1;
    if (fp && fseek(fp, 0, SEEK_END) == 0 && (len = ftell(fp)) >= 0 &&
        fseek(fp, 0, SEEK_SET) == 0) {
        *text = malloc((size_t)len + 1);
        if (!*text)
            len = -2;
        else if (fread(*text, 1, (size_t)len, fp) != (size_t)len)
            len = -1;
    } else {
        len = -1;
    }
    if (fp)
        (void)fclose(fp);
    if (len == -1)
        ml_error_at(r, "mbconnect: cannot read the temporary file %s", r->scratch_path);
    return len;
}

char *ml_scratch_read(ml_run *r)
{
    long len = 0;
    char *text = NULL;
    if (r->rank == 0)
        len = scratch_load(r, &text);
    MPI_Bcast(&len, 1, MPI_LONG, 0, r->comm);
    if (len < 0) {
        free(text);
        if (len == -2 && r->rank == 0)
            ml_error_nomem(r);
        return NULL; /* rank 0 holds the error */
    }
    if (r->rank != 0)
        text = malloc((size_t)len + 1);
    int ok = text != NULL, all = 0;
    MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, r->comm);
    if (!all) {
        free(text);
        if (!ok)
            ml_error_nomem(r);
        return NULL;
    }
    MPI_Bcast(text, (int)len, MPI_CHAR, 0, r->comm);
    while (len > 0 && text[len - 1] == '\n')
        len--;
    text[len] = '\0';
    return text;
}
