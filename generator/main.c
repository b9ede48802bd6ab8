/* SPDX-License-Identifier: BSD-3-Clause */
/* mbcgen: turns connector specs (specs/NAME.lua) into RST documentation and C code.
 *
 *   mbcgen --specs DIR --rst-out DIR [--index FILE] [--c-out DIR] [--types FILE]
 *   mbcgen (--specs DIR | SPEC...) --c-out DIR --registry-name NAME
 *          [--rst-out DIR] [--index FILE] [--types FILE]
 *   mbcgen --check [--types FILE] FILE...
 *   mbcgen --specs DIR --rst-site DIR   (the Sphinx site's pages, emit_rst_site.h)
 *   mbcgen --compat OLD_DIR NEW_DIR   (breaking spec changes; generator/compat.h)
 *   mbcgen --specs DIR --pyi-out FILE   (Python type stubs; combines with the above)
 *   mbcgen --new-type NAME            (in the project root: a working in-tree type)
 *   mbcgen --new-project DIR NAME     (a standalone CMake project with one type)
 *   mbcgen --print-names [--registry-name NAME] SPEC...   (the files it writes; naming.h)
 *
 * --jobs N (-j N) loads, validates and writes the specs on N threads
 * (parallel.h; default: one per online CPU, at most one per spec); outputs,
 * diagnostics and exit status are the same for every N, and --jobs 1 is
 * the sequential run.
 *
 * Every spec is validated before anything is written; problems are printed as
 * "FILE:LINE: what is wrong (what was given)" and the exit status is 1.
 * Exit statuses: 0 success, 1 invalid specs or a file that cannot be read or
 * written, 2 usage errors, 71 out of memory (exactly one line
 * "WHAT: out of memory", WHAT the file being processed or "mbcgen").
 *
 * The type registry is --types FILE, else types.lua in the spec directory
 * (beside the first spec file), else the built-in one, found relative to
 * this executable (MBCGEN_INSTALLED_TYPES, e.g. ../share/mbconnect/specs/types.lua:
 * in an install, and in the build tree, where the build copies it).
 * --check prints one line "OK: N specs, M parameters" when every spec is valid. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compat.h"
#include "emit_pyi.h"
#include "fileio.h"
#include "naming.h"
#include "mbconnect/version.h"
#include "emit_rst_site.h"
#include "parallel.h"
#include "project.h"
#include "scaffold.h"

#ifndef MBCGEN_INSTALLED_TYPES
#define MBCGEN_INSTALLED_TYPES "../share/mbconnect/specs/types.lua"
#endif

static void usage(FILE *f)
{
    fputs("usage: mbcgen --specs DIR --rst-out DIR [--index FILE] [--c-out DIR] [--types FILE]\n"
          "       mbcgen (--specs DIR | SPEC...) --c-out DIR --registry-name NAME\n"
          "              [--rst-out DIR] [--index FILE] [--types FILE]\n"
          "       mbcgen --check [--types FILE] FILE...\n"
          "       mbcgen --specs DIR --rst-site DIR [--types FILE]\n"
          "       mbcgen --compat OLD_SPECS_DIR NEW_SPECS_DIR\n"
          "       mbcgen --specs DIR --pyi-out FILE   (Python type stubs)\n"
          "       mbcgen --new-type NAME\n"
          "       mbcgen --new-project DIR NAME\n"
          "       mbcgen --print-names [--registry-name NAME] SPEC...\n"
          "       mbcgen --version\n"
          "options: --jobs N, -j N   load, validate and write specs on N threads (default:\n"
          "                          one per online CPU); the same output for every N\n",
          f);
}

/* --jobs N: a whole number 1..PARALLEL_MAX_JOBS; else a message and 0. */
static int parse_jobs(const char *text, unsigned *jobs)
{
    char *end = NULL;
    long n = strtol(text, &end, 10);
    if (end == text || *end != '\0' || n < 1 || n > PARALLEL_MAX_JOBS) {
        fprintf(stderr, "mbcgen: --jobs must be a whole number from 1 to %d (given '%s')\n",
                PARALLEL_MAX_JOBS, text);
        return 0;
    }
    *jobs = (unsigned)n;
    return 1;
}

static int is_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    fclose(f);
    return 1;
}

/* The directory of this executable (/proc/self/exe, else argv[0] when it
 * names a path); "" when unknown. */
static void exe_dir(const char *argv0, char *out, size_t size)
{
    out[0] = '\0';
    ssize_t n = readlink("/proc/self/exe", out, size - 1);
    if (n > 0 && (size_t)n < size - 1) {
        out[n] = '\0';
    } else if (argv0 && strchr(argv0, '/') && strlen(argv0) < size) {
        memcpy(out, argv0, strlen(argv0) + 1); /* length checked above */
    } else {
        out[0] = '\0';
        return;
    }
    char *slash = strrchr(out, '/');
    if (slash)
        *(slash == out ? slash + 1 : slash) = '\0';
    else
        out[0] = '\0';
}

/* dir + "/" + rel with leading "../" of rel applied to dir textually:
 * ("/opt/x/bin", "../share/a") -> "/opt/x/share/a". */
static void join_path(const char *dir, const char *rel, char *out, size_t size)
{
    char base[4096];
    snprintf(base, sizeof base, "%s", dir);
    while (strncmp(rel, "../", 3) == 0) {
        char *slash = strrchr(base, '/');
        if (!slash || slash == base || strcmp(slash + 1, "..") == 0 || strcmp(slash + 1, ".") == 0)
            break;
        *slash = '\0';
        rel += 3;
    }
    snprintf(out, size, "%s/%s", base, rel);
}

/* The type registry to use; writes a message and returns NULL if none. */
static const char *find_types(const char *given, const char *local, const char *argv0, char *buf,
                              size_t size)
{
    if (given)
        return given;
    if (is_file(local)) {
        snprintf(buf, size, "%s", local);
        return buf;
    }
    char dir[4096], installed[4096 + 256];
    exe_dir(argv0, dir, sizeof dir);
    if (dir[0]) {
        join_path(dir, MBCGEN_INSTALLED_TYPES, installed, sizeof installed);
        if (is_file(installed)) {
            snprintf(buf, size, "%s", installed);
            return buf;
        }
    } else {
        snprintf(installed, sizeof installed, "<directory of mbcgen>/%s", MBCGEN_INSTALLED_TYPES);
    }
    fprintf(stderr,
            "mbcgen: no type registry: neither %s nor the installed %s exists "
            "(give one with --types FILE)\n",
            local, installed);
    return NULL;
}

int main(int argc, char **argv)
{
    const char *specs = NULL, *rst_out = NULL, *c_out = NULL, *types = NULL, *index = NULL;
    const char *registry_name = NULL, *rst_site = NULL, *pyi_out = NULL, *jobs_arg = NULL;
    int check = 0;
    file_list files = {NULL, 0};
    char **spec_files = calloc((size_t)argc, sizeof *spec_files);
    size_t spec_file_count = 0;
    int rc = 2;
    if (!spec_files) {
        fputs("mbcgen: out of memory\n", stderr);
        return MBC_EXIT_NOMEM;
    }
    if (argc >= 2 && !strcmp(argv[1], "--new-type")) {
        free(spec_files);
        if (argc != 3) {
            fputs("mbcgen: --new-type needs exactly one type name, e.g. --new-type ConnectorFoo\n",
                  stderr);
            return 2;
        }
        return scaffold_new_type(argv[2], stdout, stderr);
    }
    if (argc >= 2 && !strcmp(argv[1], "--print-names")) {
        free(spec_files);
        return naming_main(argc, argv, stdout, stderr);
    }
    if (argc >= 2 && !strcmp(argv[1], "--new-project")) {
        free(spec_files);
        if (argc != 4) {
            fputs("mbcgen: --new-project needs a directory and a type name, e.g. --new-project "
                  "../bar ConnectorBar\n",
                  stderr);
            return 2;
        }
        return scaffold_new_project(argv[2], argv[3], stdout, stderr);
    }
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
        else if (!strcmp(a, "--rst-site"))
            slot = &rst_site;
        else if (!strcmp(a, "--registry-name"))
            slot = &registry_name;
        else if (!strcmp(a, "--pyi-out"))
            slot = &pyi_out;
        else if (!strcmp(a, "--jobs") || !strcmp(a, "-j"))
            slot = &jobs_arg;
        else if (!strcmp(a, "--check"))
            check = 1;
        else if (!strcmp(a, "--compat")) {
            rc = i + 2 < argc ? compat_main(argv[i + 1], argv[i + 2]) : (usage(stderr), 2);
            goto done;
        } else if (!strcmp(a, "--version")) {
            printf("mbcgen %s\n", MBC_VERSION_STRING);
            rc = 0;
            goto done;
        } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            rc = 0;
            goto done;
        } else if (a[0] != '-') {
            char stem[256];
            fileio_stem(a, stem, sizeof stem);
            if (strcmp(stem, "types") != 0) /* the type registry is not a connector */
                spec_files[spec_file_count++] = argv[i];
        } else {
            fprintf(stderr, "mbcgen: unknown argument '%s'\n", a);
            usage(stderr);
            goto done;
        }
        if (slot) {
            if (i + 1 >= argc) {
                fprintf(stderr, "mbcgen: %s needs a value\n", a);
                goto done;
            }
            *slot = argv[++i];
        }
    }

    char local[4096], types_buf[4096 + 256];
    char *const *paths;
    size_t count;
    if (check) {
        if (spec_file_count == 0) {
            fputs("mbcgen: --check needs at least one spec file\n", stderr);
            goto done;
        }
    } else {
        if ((!specs && spec_file_count == 0) || (!rst_out && !c_out && !rst_site && !pyi_out)) {
            usage(stderr);
            goto done;
        }
        if (specs && spec_file_count) {
            fputs("mbcgen: give either --specs DIR or spec files, not both\n", stderr);
            goto done;
        }
        if (spec_file_count && !registry_name) {
            fputs("mbcgen: spec files on the command line need --registry-name NAME "
                  "(the built-in registry is generated from --specs DIR)\n",
                  stderr);
            goto done;
        }
    }
    unsigned jobs = 0; /* 0: parallel_default_jobs */
    if (jobs_arg && !parse_jobs(jobs_arg, &jobs))
        goto done;
    if (registry_name && (check || !c_out)) {
        fputs("mbcgen: --registry-name needs --c-out DIR\n", stderr);
        goto done;
    }
    if (registry_name && !naming_check_registry_name(registry_name, stderr))
        goto done;

    if (specs) {
        snprintf(local, sizeof local, "%s/types.lua", specs);
    } else {
        /* types.lua beside the first spec */
        const char *slash = strrchr(spec_files[0], '/');
        int dirlen = slash ? (int)(slash - spec_files[0]) : 1;
        snprintf(local, sizeof local, "%.*s/types.lua", dirlen, slash ? spec_files[0] : ".");
    }
    types = find_types(types, local, argv[0], types_buf, sizeof types_buf);
    if (!types) {
        rc = 1;
        goto done;
    }
    if (specs) {
        char err[1024];
        int listed = fileio_list_specs(specs, &files, err, sizeof err);
        if (listed != 0) {
            fprintf(stderr, "%s\n", err);
            rc = listed == FILEIO_NOMEM ? MBC_EXIT_NOMEM : 1;
            goto done;
        }
        paths = files.paths;
        count = files.count;
    } else {
        paths = spec_files;
        count = spec_file_count;
    }

    diag_list diag;
    diag_init(&diag);
    mbcgen_project project;
    rc = mbcgen_load_jobs(&project, types, paths, count, jobs ? jobs : parallel_default_jobs(count),
                          &diag);
    if (rc == 0 && !check) {
        if (rst_out)
            rc |= mbcgen_write_rst(&project, rst_out, index, &diag);
        if (rst_site)
            rc |= mbcgen_write_rst_site(&project, rst_site, &diag);
        if (c_out && registry_name)
            rc |= mbcgen_write_c_types(&project, c_out, registry_name, &diag);
        else if (c_out)
            rc |= mbcgen_write_c(&project, c_out, &diag);
        if (pyi_out)
            rc |= mbcgen_write_pyi(&project, pyi_out, &diag);
        mbcgen_free(&project);
    } else if (rc == 0) {
        size_t params = 0;
        for (size_t i = 0; i < project.count; i++)
            params += project.items[i].param_count + project.items[i].vparam_count;
        printf("OK: %zu spec%s, %zu parameter%s\n", project.count, project.count == 1 ? "" : "s",
               params, params == 1 ? "" : "s");
        mbcgen_free(&project);
    }
    diag_print(&diag, stderr);
    rc = diag_status(&diag) == MBC_ERR_NOMEM ? MBC_EXIT_NOMEM : rc == 0 ? 0 : 1;
    diag_free(&diag);
done:
    fileio_list_free(&files);
    free(spec_files);
    return rc;
}
