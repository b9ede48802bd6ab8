/* mbcgen: turns connector specs (specs/NAME.lua) into RST documentation and C code.
 *
 *   mbcgen --specs DIR --rst-out DIR [--index FILE] [--c-out DIR] [--types FILE]
 *   mbcgen --check [--types FILE] FILE...
 *
 * Every spec is validated before anything is written; problems are printed as
 * "FILE:LINE: what is wrong (what was given)" and the exit status is 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "project.h"

#ifndef MBC_VERSION
#define MBC_VERSION "0.0.0"
#endif

static void usage(FILE *f)
{
    fputs("usage: mbcgen --specs DIR --rst-out DIR [--index FILE] [--c-out DIR] [--types FILE]\n"
          "       mbcgen --check [--types FILE] FILE...\n"
          "       mbcgen --version\n",
          f);
}

static void print_diag(const diag_list *d)
{
    for (size_t i = 0; i < d->count; i++)
        fprintf(stderr, "%s\n", d->lines[i]);
}

int main(int argc, char **argv)
{
    const char *specs = NULL, *rst_out = NULL, *c_out = NULL, *types = NULL, *index = NULL;
    int check = 0;
    file_list files = {NULL, 0};
    char **check_files = calloc((size_t)argc, sizeof *check_files);
    size_t check_count = 0;
    if (!check_files)
        return 70;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL;
        if (!strcmp(a, "--specs"))
            slot = &specs;
        else if (!strcmp(a, "--rst-out"))
            slot = &rst_out;
        else if (!strcmp(a, "--c-out"))
            slot = &c_out;
        else if (!strcmp(a, "--types"))
            slot = &types;
        else if (!strcmp(a, "--index"))
            slot = &index;
        else if (!strcmp(a, "--check"))
            check = 1;
        else if (!strcmp(a, "--version")) {
            printf("mbcgen %s\n", MBC_VERSION);
            free(check_files);
            return 0;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            free(check_files);
            return 0;
        } else if (check && a[0] != '-') {
            char stem[256];
            fileio_stem(a, stem, sizeof stem);
            if (strcmp(stem, "types") != 0) /* the type registry is not a connector */
                check_files[check_count++] = argv[i];
        } else {
            fprintf(stderr, "mbcgen: unknown argument '%s'\n", a);
            usage(stderr);
            free(check_files);
            return 2;
        }
        if (slot) {
            if (i + 1 >= argc) {
                fprintf(stderr, "mbcgen: %s needs a value\n", a);
                free(check_files);
                return 2;
            }
            *slot = argv[++i];
        }
    }

    char types_buf[4096];
    char *const *paths;
    size_t count;
    if (check) {
        if (check_count == 0) {
            fputs("mbcgen: --check needs at least one spec file\n", stderr);
            free(check_files);
            return 2;
        }
        if (!types) {
            /* types.lua beside the first spec */
            const char *slash = strrchr(check_files[0], '/');
            int dirlen = slash ? (int)(slash - check_files[0]) : 1;
            snprintf(types_buf, sizeof types_buf, "%.*s/types.lua", dirlen,
                     slash ? check_files[0] : ".");
            types = types_buf;
        }
        paths = check_files;
        count = check_count;
    } else {
        if (!specs || (!rst_out && !c_out)) {
            usage(stderr);
            free(check_files);
            return 2;
        }
        if (!types) {
            snprintf(types_buf, sizeof types_buf, "%s/types.lua", specs);
            types = types_buf;
        }
        char err[1024];
        if (fileio_list_specs(specs, &files, err, sizeof err) != 0) {
            fprintf(stderr, "%s\n", err);
            free(check_files);
            return 1;
        }
        paths = files.paths;
        count = files.count;
    }

    diag_list diag;
    diag_init(&diag);
    mbcgen_project project;
    int rc = mbcgen_load(&project, types, paths, count, &diag);
    if (rc == 0 && !check) {
        if (rst_out)
            rc |= mbcgen_write_rst(&project, rst_out, index, &diag);
        if (c_out)
            rc |= mbcgen_write_c(&project, c_out, &diag);
        mbcgen_free(&project);
    } else if (rc == 0) {
        mbcgen_free(&project);
    }
    print_diag(&diag);
    diag_free(&diag);
    fileio_list_free(&files);
    free(check_files);
    return rc == 0 ? 0 : 1;
}
