/* SPDX-License-Identifier: BSD-3-Clause */
/* Reading a whole file, for the drivers of tests/lammps (test_lammps.c,
 * test_lammps_diff.c). */
#ifndef MBC_TEST_LAMMPS_READ_FILE_H
#define MBC_TEST_LAMMPS_READ_FILE_H

#include <stdio.h>
#include <stdlib.h>

/* The whole file (malloc'd; *len, if len, its length in bytes), or NULL. */
static inline char *read_file(const char *path, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return NULL;
    char *text = NULL;
    size_t n = 0;
    if (fseek(fp, 0, SEEK_END) == 0) {
        long size = ftell(fp);
        if (size >= 0 && fseek(fp, 0, SEEK_SET) == 0 && (text = malloc((size_t)size + 1)))
            n = fread(text, 1, (size_t)size, fp);
    }
    fclose(fp);
    if (text)
        text[n] = '\0';
    if (len)
        *len = n;
    return text;
}

#endif
