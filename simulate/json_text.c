/* SPDX-License-Identifier: BSD-3-Clause */
/* JSON strings (json_text.h). */
#include "json_text.h"

void sim_json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s != NULL && *s; ++s)
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", (unsigned)*s);
        else
            fputc(*s, f);
    fputc('"', f);
}
