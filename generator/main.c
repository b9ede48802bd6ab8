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
 *   mbcgen --new-project DIR NAME [--pair [--history]]  (a standalone CMake
 *                                     project with one type; --pair: a pair law
 *                                     of mbc-lammps; --history: with a
 *                                     tangential spring, hooks only)
 *   mbcgen --print-names [--registry-name NAME] SPEC...   (the files it writes; naming.h)
 *
 * --jobs N (-j N, -jN) loads, validates and writes the specs on N threads
 * (parallel.h; default: one per online CPU, at most one per spec); outputs,
 * diagnostics and exit status are the same for every N, and --jobs 1 is
 * the sequential run.
 *
 * Every spec is validated before anything is written; problems are printed as
 * "FILE:LINE: what is wrong (what was given)" and the exit status is 1.
 *
 * The type registry is --types FILE, else types.lua in the spec directory
 * (beside the first spec file), else the built-in one, found relative to
 * this executable (MBCGEN_INSTALLED_TYPES, e.g. ../share/mbconnect/specs/types.lua:
 * in an install, and in the build tree, where the build copies it).
 * --check prints one line "OK: N specs, M parameters" when every spec is valid. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
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

static const char usage_text[] =
    "Usage: mbcgen --specs DIR --rst-out DIR [--index FILE] [--c-out DIR] [--types FILE]\n"
    "  or:  mbcgen SPEC... --c-out DIR --registry-name NAME [--rst-out DIR] [--types FILE]\n"
    "  or:  mbcgen --check [--types FILE] SPEC...\n"
    "  or:  mbcgen --specs DIR --rst-site DIR [--types FILE]\n"
    "  or:  mbcgen --specs DIR --pyi-out FILE [--types FILE]\n"
    "  or:  mbcgen --compat OLD_SPECS_DIR NEW_SPECS_DIR\n"
    "  or:  mbcgen --new-type NAME\n"
    "  or:  mbcgen --new-project DIR NAME [--pair [--history]]\n"
    "  or:  mbcgen --print-names [--registry-name NAME] SPEC...\n"
    "  or:  mbcgen --help | --version\n"
    "\n"
    "Generates C code and reStructuredText documentation from connector specs (Lua\n"
    "files in the spec language, docs/spec-language.rst), checks specs, and writes\n"
    "the scaffold of a new connector type. Every spec is validated before anything\n"
    "is written; files are rewritten only when their content changes.\n"
    "\n"
    "Options:\n"
    "  --specs DIR           every spec in DIR (DIR/types.lua is the type registry)\n"
    "  --rst-out DIR         one RST page per type, DIR/Object<Type>.rst\n"
    "  --index FILE          an RST index page of the types (with --rst-out)\n"
    "  --c-out DIR           C sources and headers (DIR/include/mbconnect/generated)\n"
    "  --registry-name NAME  spec files given one by one: the registration code\n"
    "                        NAME_types.c/.h (out-of-tree types, plugins)\n"
    "  --types FILE          the type registry (default: types.lua beside the specs,\n"
    "                        else the installed share/mbconnect/specs/types.lua)\n"
    "  --rst-site DIR        the pages of the documentation site\n"
    "  --pyi-out FILE        Python type stubs of the mbconnect module\n"
    "  --check               validate only; prints OK: N specs, M parameters\n"
    "  --compat OLD NEW      list the breaking changes between two spec directories\n"
    "  --new-type NAME       in the mbconnect source tree: a working new type (spec,\n"
    "                        hooks, test, example case)\n"
    "  --new-project DIR NAME  a standalone CMake project with one new type and an\n"
    "                        mbc plugin\n"
    "  --pair                with --new-project: the type is a contact between two\n"
    "                        spheres with a pair binding, the pair law of LAMMPS\n"
    "                        runs through mbc-lammps, and the project has a LAMMPS\n"
    "                        input and its test\n"
    "  --history             with --pair: the contact has a tangential spring with\n"
    "                        history, written as hooks only (integrated over the\n"
    "                        step in the state); its LAMMPS tests restart bit for bit\n"
    "  --print-names         the names of the files mbcgen writes for the specs\n"
    "  -j N, -jN, --jobs N   load, validate and write the specs on N threads (default:\n"
    "                        one per online CPU); the same output for every N\n"
    "  -h, --help            print this text\n"
    "  --version             print the version\n"
    "\n"
    "Problems in specs are printed one per line as FILE:LINE: what is wrong (what\n"
    "was given).\n"
    "\n"
    "Exit status:\n"
    "  0                     success\n"
    "  1                     a spec is invalid, or a file cannot be written\n"
    "  2                     a usage error\n"
    "  71                    out of memory\n"
    "\n"
    "Examples:\n"
    "  mbcgen --check specs/MyType.lua\n"
    "                        validate a spec: OK, or one line per problem\n"
    "  mbcgen --new-project ../my-connector ContactMyType\n"
    "                        a project of your own with one connector type\n"
    "  mbcgen --new-project ../my-law ContactMyLaw --pair\n"
    "                        a sphere contact law of your own for mbc-lammps\n"
    "  mbcgen specs/MyType.lua --c-out gen --registry-name mytypes\n"
    "                        the C code of a type outside mbconnect\n"
    "\n"
    "The documentation is the site in share/doc/mbconnect/html (spec-language.html,\n"
    "extending.html).\n";

static void usage(FILE *f)
{
    fputs(usage_text, f);
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

/* What the command line asks for (the generation modes; the others are
 * dispatched by run_other_mode). */
typedef struct options {
    const char *specs, *rst_out, *c_out, *types, *index, *registry_name, *rst_site, *pyi_out;
    const char *jobs_arg; /* "-jN" gives N */
    int check;
    char **spec_files; /* argc entries, spec_file_count used */
    size_t spec_file_count;
} options;

/* Prints err's one line and gives the exit status of a failed run: 71
 * (MBC_EXIT_NOMEM) after out of memory, else fail_status (1 for invalid
 * input and files that cannot be read or written, 2 for usage errors). */
static int report(const mbc_error *err, int fail_status)
{
    fprintf(stderr, "%s\n", err->message);
    return err->status == MBC_ERR_NOMEM ? MBC_EXIT_NOMEM : fail_status;
}

/* mbcgen --new-type NAME / --new-project DIR NAME [--pair [--history]]
 * (scaffold.h; kind: SCAFFOLD_*). */
static int run_scaffold(const char *dir, const char *name, int kind)
{
    mbc_error err = {0};
    mbc_status st = dir ? scaffold_new_project(dir, name, kind, stdout, &err)
                        : scaffold_new_type(name, stdout, &err);
    return st == MBC_OK ? 0 : report(&err, 1);
}

/* -h/--help anywhere, --version, --new-type, --new-project, --print-names,
 * --compat: runs that mode and returns its exit status; -1 for the
 * generation and check modes. */
static int run_other_mode(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        }
    const char *mode = argc >= 2 ? argv[1] : "";
    if (!strcmp(mode, "--version")) {
        printf("mbcgen %s\n", MBC_VERSION_STRING);
        return 0;
    }
    if (!strcmp(mode, "--new-type")) {
        if (argc == 4 && !strcmp(argv[3], "--pair")) {
            fputs("mbcgen: --pair goes with --new-project DIR NAME (a project of its own that "
                  "mbc-lammps runs), not with --new-type\n",
                  stderr);
            return 2;
        }
        if (argc == 3)
            return run_scaffold(NULL, argv[2], SCAFFOLD_PLAIN);
        fputs("mbcgen: --new-type needs exactly one type name, e.g. --new-type ConnectorFoo\n",
              stderr);
        return 2;
    }
    if (!strcmp(mode, "--new-project")) {
        if (argc == 4)
            return run_scaffold(argv[2], argv[3], SCAFFOLD_PLAIN);
        if (argc == 5 && !strcmp(argv[4], "--pair"))
            return run_scaffold(argv[2], argv[3], SCAFFOLD_PAIR);
        if (argc == 6 && !strcmp(argv[4], "--pair") && !strcmp(argv[5], "--history"))
            return run_scaffold(argv[2], argv[3], SCAFFOLD_HISTORY);
        fputs("mbcgen: --new-project needs a directory and a type name, and then --pair, "
              "--pair --history or nothing, e.g. --new-project ../bar ConnectorBar\n",
              stderr);
        return 2;
    }
    if (!strcmp(mode, "--print-names"))
        return naming_main(argc, argv, stdout, stderr);
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--compat")) {
            if (i + 2 < argc)
                return compat_main(argv[i + 1], argv[i + 2]);
            fputs("mbcgen: --compat needs two spec directories, e.g. --compat abi/specs-baseline "
                  "specs\n",
                  stderr);
            return 2;
        }
    return -1;
}

/* The option that takes a value, or NULL: where that value goes. */
static const char **option_slot(options *o, const char *a)
{
    static const char *const names[] = {
        "--specs",         "--rst-out", "--c-out", "--types", "--index", "--rst-site",
        "--registry-name", "--pyi-out", "--jobs",  "-j",      NULL};
    const char **slots[] = {&o->specs,    &o->rst_out,  &o->c_out,         &o->types,
                            &o->index,    &o->rst_site, &o->registry_name, &o->pyi_out,
                            &o->jobs_arg, &o->jobs_arg};
    for (int i = 0; names[i]; i++)
        if (!strcmp(a, names[i]))
            return slots[i];
    return NULL;
}

/* Reads the options of the generation and check modes; returns -1 when
 * they are fine, else 2 after a one-line usage error. */
static int parse_options(int argc, char **argv, options *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = option_slot(o, a);
        if (slot) {
            if (i + 1 >= argc) {
                fprintf(stderr, "mbcgen: %s needs a value (mbcgen --help shows the usage)\n", a);
                return 2;
            }
            *slot = argv[++i];
        } else if (!strncmp(a, "-j", 2) && a[2]) {
            o->jobs_arg = a + 2; /* -jN */
        } else if (!strcmp(a, "--check")) {
            o->check = 1;
        } else if (a[0] != '-') {
            char stem[256];
            fileio_stem(a, stem, sizeof stem);
            if (strcmp(stem, "types") != 0) /* the type registry is not a connector */
                o->spec_files[o->spec_file_count++] = argv[i];
        } else {
            fprintf(stderr, "mbcgen: unknown argument '%s' (mbcgen --help shows the usage)\n", a);
            return 2;
        }
    }
    return -1;
}

/* The combinations the modes allow; returns -1 when fine, else 2 after a
 * one-line usage error. */
static int check_options(const options *o, unsigned *jobs)
{
    const char *problem = NULL;
    if (o->check && o->spec_file_count == 0)
        problem = "mbcgen: --check needs at least one spec file";
    else if (!o->check && !o->specs && o->spec_file_count == 0)
        problem = "mbcgen: no specs given (--specs DIR or spec files; mbcgen --help shows the "
                  "usage)";
    else if (!o->check && !o->rst_out && !o->c_out && !o->rst_site && !o->pyi_out)
        problem = "mbcgen: nothing to write (--rst-out, --c-out, --rst-site or --pyi-out; "
                  "mbcgen --help shows the usage)";
    else if (!o->check && o->specs && o->spec_file_count)
        problem = "mbcgen: give either --specs DIR or spec files, not both";
    else if (!o->check && o->spec_file_count && !o->registry_name)
        problem = "mbcgen: spec files on the command line need --registry-name NAME (the "
                  "built-in registry is generated from --specs DIR)";
    if (problem) {
        fprintf(stderr, "%s\n", problem);
        return 2;
    }
    *jobs = 0; /* 0: parallel_default_jobs */
    if (o->jobs_arg && !parse_jobs(o->jobs_arg, jobs))
        return 2;
    if (o->registry_name && (o->check || !o->c_out)) {
        fputs("mbcgen: --registry-name needs --c-out DIR\n", stderr);
        return 2;
    }
    mbc_error err = {0};
    if (o->registry_name && naming_check_registry_name(o->registry_name, &err) != MBC_OK)
        return report(&err, 2);
    return -1;
}

/* Loads the specs and writes what the options ask for, or prints the
 * --check summary; diagnostics go to stderr. Returns the exit status. */
static int generate(const options *o, const char *types, char *const *paths, size_t count,
                    unsigned jobs)
{
    diag_list diag;
    diag_init(&diag);
    mbcgen_project project;
    mbc_status st = mbcgen_load_jobs(&project, types, paths, count,
                                     jobs ? jobs : parallel_default_jobs(count), &diag);
    bool failed = st != MBC_OK;
    if (!failed && !o->check) {
        /* every writer runs, whatever an earlier one reported (diag keeps all) */
        if (o->rst_out)
            failed |= mbcgen_write_rst(&project, o->rst_out, o->index, &diag) != MBC_OK;
        if (o->rst_site)
            failed |= mbcgen_write_rst_site(&project, o->rst_site, &diag) != MBC_OK;
        if (o->c_out && o->registry_name)
            failed |= mbcgen_write_c_types(&project, o->c_out, o->registry_name, &diag) != MBC_OK;
        else if (o->c_out)
            failed |= mbcgen_write_c(&project, o->c_out, &diag) != MBC_OK;
        if (o->pyi_out)
            failed |= mbcgen_write_pyi(&project, o->pyi_out, &diag) != MBC_OK;
        mbcgen_free(&project);
    } else if (!failed) {
        size_t params = 0;
        for (size_t i = 0; i < project.count; i++)
            params += project.items[i].param_count + project.items[i].vparam_count;
        printf("OK: %zu spec%s, %zu parameter%s\n", project.count, project.count == 1 ? "" : "s",
               params, params == 1 ? "" : "s");
        mbcgen_free(&project);
    }
    diag_print(&diag, stderr); /* after out of memory: its one line only */
    const bool nomem = diag_status(&diag) == MBC_ERR_NOMEM;
    diag_free(&diag);
    return nomem ? MBC_EXIT_NOMEM : failed ? 1 : 0;
}

/* The type registry and the spec files, then generate(). */
static int run(const options *o, const char *argv0, unsigned jobs)
{
    char local[4096], types_buf[4096 + 256];
    if (o->specs) {
        snprintf(local, sizeof local, "%s/types.lua", o->specs);
    } else {
        /* types.lua beside the first spec */
        const char *slash = strrchr(o->spec_files[0], '/');
        int dirlen = slash ? (int)(slash - o->spec_files[0]) : 1;
        snprintf(local, sizeof local, "%.*s/types.lua", dirlen, slash ? o->spec_files[0] : ".");
    }
    const char *types = find_types(o->types, local, argv0, types_buf, sizeof types_buf);
    if (!types)
        return 1;
    if (!o->specs)
        return generate(o, types, o->spec_files, o->spec_file_count, jobs);
    file_list files = {NULL, 0};
    mbc_error err = {0};
    if (fileio_list_specs(o->specs, &files, &err) != MBC_OK)
        return report(&err, 1); /* the list is empty */
    int rc = generate(o, types, files.paths, files.count, jobs);
    fileio_list_free(&files);
    return rc;
}

int main(int argc, char **argv)
{
    int rc = run_other_mode(argc, argv);
    if (rc >= 0)
        return rc;
    options o;
    memset(&o, 0, sizeof o);
    o.spec_files = calloc((size_t)argc, sizeof *o.spec_files);
    if (!o.spec_files) {
        fputs("mbcgen: out of memory\n", stderr);
        return MBC_EXIT_NOMEM;
    }
    unsigned jobs = 0;
    rc = parse_options(argc, argv, &o);
    if (rc < 0)
        rc = check_options(&o, &jobs);
    if (rc < 0)
        rc = run(&o, argv[0], jobs);
    free(o.spec_files);
    return rc;
}
