/* SPDX-License-Identifier: BSD-3-Clause */
/* Writes a fuzz dictionary: the committed one (tests/fuzz/dict/TARGET.dict,
 * the keys of the file format) followed by the names of every registered
 * connector type, its parameters, visualization parameters and outputs.
 * Those names come from the registry built into this tree, so a type added
 * from a spec (mbcgen --new-type) is in the dictionary without an edit.
 *
 *   registry_dict FORMAT.dict OUT.dict */
#include <stdio.h>
#include <string.h>

#include "mbconnect/object.h"

static int copy_file(const char *from, FILE *out)
{
    FILE *in = fopen(from, "rb");
    if (!in) {
        fprintf(stderr, "registry_dict: %s: cannot open\n", from);
        return -1;
    }
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        fwrite(buf, 1, n, out);
    int bad = ferror(in);
    fclose(in);
    return bad ? -1 : 0;
}

static void write_names(const mbc_registry *r, FILE *out)
{
    fputs("\n# connector types of the registry (written by registry_dict)\n", out);
    for (size_t i = 0; mbc_registry_entry(r, i); i++)
        fprintf(out, "\"%s\"\n", mbc_registry_entry(r, i)->type_name);
    for (size_t i = 0; mbc_registry_entry(r, i); i++) {
        const mbc_type_info *t = mbc_registry_entry(r, i);
        fprintf(out, "\n# %s: parameters, visualization parameters, outputs\n", t->type_name);
        for (size_t k = 0; k < t->param_count; k++)
            fprintf(out, "\"%s\"\n", t->params[k].name);
        for (size_t k = 0; k < t->vparam_count; k++)
            fprintf(out, "\"%s\"\n\"visualization.%s\"\n", t->vparams[k].name, t->vparams[k].name);
        for (size_t k = 0; k < t->output_count; k++)
            fprintf(out, "\"%s\"\n", t->outputs[k].name);
    }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fputs("usage: registry_dict FORMAT.dict OUT.dict\n", stderr);
        return 2;
    }
    FILE *out = fopen(argv[2], "wb");
    if (!out) {
        fprintf(stderr, "registry_dict: %s: cannot write\n", argv[2]);
        return 1;
    }
    mbc_registry r;
    mbc_registry_init(&r);
    int status = copy_file(argv[1], out);
    if (status == 0)
        write_names(&r, out);
    if (fclose(out) != 0 || status != 0) {
        fprintf(stderr, "registry_dict: %s: not written\n", argv[2]);
        remove(argv[2]);
        return 1;
    }
    return 0;
}
