/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc: look at the registered connector types from the command line.
 *
 *   mbc [--plugin FILE.so]... list           every type with its parameter and output counts
 *   mbc [--plugin FILE.so]... describe TYPE  parameters (name, type, size, default,
 *                                            description), visualization parameters,
 *                                            output variables, data layout
 *   mbc [--plugin FILE.so]... eval CASE.lua  evaluates one connector at one given state
 *                                            and prints the result as JSON (docs/eval.rst)
 *   mbc [--plugin FILE.so]... simulate SCENE.lua ...  integrates a scene and writes sensor
 *                                            results (tools/simulate/, docs/simulate.rst)
 *   mbc --version
 *
 * The types are the built-in ones plus those of every plugin (shared
 * libraries built by mbconnect_add_connectors(... PLUGIN ...), see
 * mbconnect/plugin.h). Errors are one line on stderr and exit status 2;
 * out of memory is exactly one line "WHAT: out of memory" and exit status
 * 71 (MBC_EXIT_NOMEM). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mbconnect/case.h"
#include "simulate.h"
#include "mbconnect/object.h"
#include "mbconnect/plugin.h"
#include "mbconnect/version.h"

static void usage(FILE *f)
{
    fputs("usage: mbc list\n"
          "       mbc describe TYPE\n"
          "       mbc eval CASE.lua\n"
          "       mbc simulate SCENE.lua [--csv FILE] [--json FILE] [--plot FILE.png] [--set N=V]\n"
          "       mbc --version\n"
          "Before the command, --plugin FILE.so (repeatable) adds the connector types of\n"
          "an mbc plugin (built by mbconnect_add_connectors(... PLUGIN name)).\n",
          f);
}

/* The exit status of a failed call: 71 after out of memory, else 2. */
static int failure_status(mbc_status st)
{
    return st == MBC_ERR_NOMEM ? MBC_EXIT_NOMEM : 2;
}

static int cmd_eval(const mbc_registry *r, const char *path)
{
    char *json = NULL;
    mbc_error err = {0};
    mbc_status st = mbc_case_run_file(r, path, &json, &err);
    if (st != MBC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return failure_status(st);
    }
    int bad = fputs(json, stdout) == EOF || fflush(stdout) != 0;
    free(json);
    if (bad) {
        fprintf(stderr, "%s: cannot write the result to standard output\n", path);
        return 2;
    }
    return 0;
}

static int cmd_list(const mbc_registry *r)
{
    printf("%-30s %10s %14s %8s\n", "type", "parameters", "visualization", "outputs");
    for (size_t i = 0; i < mbc_registry_size(r); i++) {
        const mbc_type_info *t = mbc_registry_entry(r, i);
        printf("%-30s %10zu %14zu %8zu\n", t->type_name, t->param_count, t->vparam_count,
               t->output_count);
    }
    return 0;
}

static void print_size(const mbc_param_info *p, char *buf, size_t n)
{
    if (p->shape == MBC_VECTOR)
        snprintf(buf, n, "any");
    else
        snprintf(buf, n, "%zu", p->size);
}

static void print_params(const char *title, const mbc_param_info *list, size_t count)
{
    printf("\n%s (%zu):\n", title, count);
    printf("  %-30s %-18s %-5s %s\n", "name", "type", "size", "default");
    for (size_t i = 0; i < count; i++) {
        const mbc_param_info *p = &list[i];
        char size[16];
        print_size(p, size, sizeof size);
        printf("  %-30s %-18s %-5s %s%s\n", p->name, p->type, size, p->default_text,
               p->role == MBC_ROLE_DERIVED ? "  (derived)"
               : p->role == MBC_ROLE_STATE ? "  (state)"
                                           : "");
        printf("      %s\n", p->description);
    }
}

static int cmd_describe(const mbc_registry *r, const char *name)
{
    const mbc_type_info *t = mbc_registry_lookup(r, name);
    if (!t) {
        char known[4096];
        mbc_registry_names(r, known, sizeof known);
        fprintf(stderr, "mbc: unknown connector type '%s' (known: %s)\n", name, known);
        return 2;
    }
    printf("%s (%s)\n%s\n", t->type_name, t->class_name, t->description);
    printf("markers: m0 %s, m1 %s\n", t->marker_types[0], t->marker_types[1]);
    print_params("Parameters", t->params, t->param_count);
    print_params("Visualization parameters", t->vparams, t->vparam_count);
    printf("\nOutput variables (%zu):\n", t->output_count);
    for (size_t i = 0; i < t->output_count; i++) {
        const mbc_output_info *o = &t->outputs[i];
        char size[64];
        if (o->per >= 0)
            snprintf(size, sizeof size, "%zu*%s", o->factor, t->params[o->per].name);
        else
            snprintf(size, sizeof size, "%zu", o->factor);
        printf("  %-20s size %-28s %s\n", o->name, size, o->description);
    }
    printf("\nData coordinates (%zu block%s of %s each):\n", t->data_block_count,
           t->data_block_count == 1 ? "" : "s",
           t->data_per >= 0 ? t->params[t->data_per].name : "1");
    for (size_t i = 0; i < t->data_block_count; i++)
        printf("  %-20s initial %-6g %s\n", t->data[i].name, t->data[i].initial,
               t->data[i].description);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "--version")) {
        printf("mbc %s\n", MBC_VERSION_STRING);
        return 0;
    }
    /* the types mbc knows: the built-in ones and those of the plugins */
    mbc_registry registry;
    mbc_registry_init(&registry);
    int a = 1;
    while (a < argc && !strcmp(argv[a], "--plugin")) {
        if (a + 1 >= argc) {
            fputs("mbc: --plugin needs a file (a shared library built as an mbc plugin)\n", stderr);
            return 2;
        }
        mbc_error err = {0};
        mbc_status st = mbc_registry_load_plugin(&registry, argv[a + 1], &err);
        if (st == MBC_ERR_NOMEM) {
            fprintf(stderr, "%s: out of memory\n", argv[a + 1]);
            return MBC_EXIT_NOMEM;
        }
        if (st != MBC_OK) {
            fprintf(stderr, "mbc: %s\n", err.message);
            return 2;
        }
        a += 2;
    }
    argc -= a - 1;
    argv += a - 1;
    if (argc == 2 && !strcmp(argv[1], "list"))
        return cmd_list(&registry);
    if (argc == 3 && !strcmp(argv[1], "describe"))
        return cmd_describe(&registry, argv[2]);
    if (argc == 3 && !strcmp(argv[1], "eval"))
        return cmd_eval(&registry, argv[2]);
    if (argc >= 2 && !strcmp(argv[1], "simulate"))
        return mbc_simulate_main(argc - 2, argv + 2, &registry);
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        usage(stdout);
        return 0;
    }
    usage(stderr);
    return 2;
}
