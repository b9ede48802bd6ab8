/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc: look at and evaluate the registered connector types from the command
 * line (docs/mbc.rst; the usage texts below are also the man page mbc(1)).
 *
 *   mbc [--plugin PLUGIN]... list [--json]            every type (describe.h)
 *   mbc [--plugin PLUGIN]... describe [--json] TYPE   one type (describe.h)
 *   mbc [--plugin PLUGIN]... eval CASE.lua            one evaluation as JSON (docs/eval.rst)
 *   mbc [--plugin PLUGIN]... simulate SCENE.lua ...   a scene (simulate/, docs/simulate.rst)
 *   mbc help [COMMAND]      mbc --help, mbc --version
 *
 * The types are the built-in ones plus those of every plugin (shared
 * libraries built by mbconnect_add_connectors(... PLUGIN ...), see
 * mbconnect/plugin.h). One convention for every command: -h/--help prints
 * its usage on stdout with status 0; a usage error is one line on stderr
 * that says what was wrong and where options belong, status 2. Errors of
 * the input are one line on stderr, status 2. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "describe.h"
#include "mbconnect/case.h"
#include "mbconnect/object.h"
#include "mbconnect/plugin.h"
#include "mbconnect/version.h"
#include "simulate.h"

static const char usage_main[] =
    "Usage: mbc [--plugin PLUGIN]... COMMAND [ARGUMENTS]\n"
    "  or:  mbc --help | --version\n"
    "\n"
    "Look at and evaluate the connector types of mbconnect: the built-in types\n"
    "and those of plugins.\n"
    "\n"
    "Commands:\n"
    "  list [--json]            every type with its parameter, visualization and\n"
    "                           output counts and its origin (built in or plugin)\n"
    "  describe [--json] TYPE   one type: parameters (type, size, default, unit,\n"
    "                           description), outputs and the data layout\n"
    "  eval CASE.lua            evaluate one connector at one state, JSON on stdout\n"
    "  simulate SCENE.lua ...   integrate a scene and write sensor results\n"
    "                           (mbc help simulate)\n"
    "  help [COMMAND]           this text, or the usage of COMMAND\n"
    "\n"
    "Options:\n"
    "  --plugin PLUGIN          add the connector types of an mbc plugin; before the\n"
    "                           command, repeatable. PLUGIN is a file (a path with a\n"
    "                           '/') or a name: DIR/NAME, DIR/NAME.so, DIR/libNAME.so\n"
    "                           for each DIR of $MBC_PLUGIN_PATH (':'-separated),\n"
    "                           then of LIBDIR/mbconnect/plugins; `mbc describe` of\n"
    "                           an unknown type prints this search path\n"
    "  -h, --help               print this text; COMMAND --help prints the usage of\n"
    "                           COMMAND\n"
    "  --version                print the version\n"
    "\n"
    "Exit status:\n"
    "  0                        success\n"
    "  1                        a simulation failed\n"
    "  2                        a usage error or bad input (one line on stderr)\n"
    "  71                       out of memory\n"
    "\n"
    "Examples:\n"
    "  mbc describe ContactSphereSphere\n"
    "                           the parameters, outputs and data layout of a type\n"
    "  mbc eval examples/cases/sphere_sphere_static.lua\n"
    "                           forces and outputs at the state of a case file\n"
    "  mbc --plugin ./libmytypes_plugin.so describe --json MyType\n"
    "                           a type of a plugin, as JSON\n"
    "  MBC_PLUGIN_PATH=$HOME/plugins mbc --plugin mytypes_plugin list\n"
    "                           the types with those of\n"
    "                           $HOME/plugins/libmytypes_plugin.so\n"
    "\n"
    "The documentation is the site in share/doc/mbconnect/html (the page mbc.html\n"
    "describes the commands and their JSON).\n";

static const char usage_list[] =
    "Usage: mbc [--plugin PLUGIN]... list [--json]\n"
    "\n"
    "Every registered connector type with its parameter, visualization parameter\n"
    "and output counts and its origin: built in, or the plugin file.\n"
    "\n"
    "  --json      one JSON object {\"types\": [...]} (docs/mbc.rst)\n"
    "  -h, --help  print this text\n";

static const char usage_describe[] =
    "Usage: mbc [--plugin PLUGIN]... describe [--json] TYPE\n"
    "\n"
    "One connector type: its parameters (type, size, default, description),\n"
    "visualization parameters, output variables and data coordinates. `mbc list`\n"
    "shows the type names.\n"
    "\n"
    "  --json      one JSON object with the same and units, kinds, rules and\n"
    "              roles (docs/mbc.rst)\n"
    "  -h, --help  print this text\n";

static const char usage_eval[] =
    "Usage: mbc [--plugin PLUGIN]... eval CASE.lua\n"
    "\n"
    "Evaluates one connector at one state given by a Lua case file (object,\n"
    "parameters, marker states, data) and prints forces, PostNewtonStep, outputs\n"
    "and algebraic equations as one JSON object (docs/eval.rst). A case that\n"
    "cannot be evaluated is one line CASE:FIELD: what is wrong, status 2.\n"
    "\n"
    "  -h, --help  print this text\n";

static const char usage_help[] = "Usage: mbc help [COMMAND]\n"
                                 "\n"
                                 "Prints the usage of mbc, or of COMMAND (list, describe, eval,\n"
                                 "simulate, help).\n";

typedef struct command {
    const char *name;
    const char *usage; /* NULL: the command prints its own (simulate) */
    bool json;         /* accepts --json */
    int min_args, max_args;
    const char *args; /* what the arguments are, for messages */
    const char *hint; /* where to find them, for messages ("" or "...; ") */
} command;

static const command commands[] = {
    {"list", usage_list, true, 0, 0, "", ""},
    {"describe", usage_describe, true, 1, 1, "a type name", "mbc list shows the types; "},
    {"eval", usage_eval, false, 1, 1, "a case file", "examples/cases has some; "},
    {"simulate", NULL, false, 0, 0, "", ""},
    {"help", usage_help, false, 0, 1, "a command name", ""},
};
#define COMMAND_COUNT (sizeof commands / sizeof commands[0])
#define COMMAND_NAMES "list, describe, eval, simulate, help"

static const command *find_command(const char *name)
{
    for (size_t i = 0; i < COMMAND_COUNT; i++)
        if (!strcmp(commands[i].name, name))
            return &commands[i];
    return NULL;
}

/* The usage of a command on stdout (simulate prints its own). */
static int print_usage(const command *c, const mbc_registry *r)
{
    if (c->usage) {
        fputs(c->usage, stdout);
        return 0;
    }
    char help[] = "--help";
    char *argv[] = {help, NULL};
    return mbc_simulate_main(1, argv, r);
}

/* The exit status of a failed call: 71 (one line "WHAT: out of memory")
 * after out of memory, else 2. */
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

static int cmd_help(const char *topic, const mbc_registry *r)
{
    if (!topic) {
        fputs(usage_main, stdout);
        return 0;
    }
    const command *c = find_command(topic);
    if (!c) {
        fprintf(stderr, "mbc help: unknown command '%s' (commands: " COMMAND_NAMES ")\n", topic);
        return 2;
    }
    return print_usage(c, r);
}

/* The options and arguments after the command name; returns -1 when they
 * are fine, else the exit status (usage printed, or a usage error). */
static int parse_command(const command *c, int argc, char **argv, const mbc_registry *r, bool *json,
                         const char **args, int *nargs)
{
    bool options = true;
    *nargs = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (options && (!strcmp(a, "-h") || !strcmp(a, "--help")))
            return print_usage(c, r);
        if (options && !strcmp(a, "--")) {
            options = false;
        } else if (options && c->json && !strcmp(a, "--json")) {
            *json = true;
        } else if (options && a[0] == '-' && a[1]) {
            fprintf(stderr, "mbc %s: unknown option '%s' (mbc %s --help shows the usage)\n",
                    c->name, a, c->name);
            return 2;
        } else if (*nargs < c->max_args) {
            args[(*nargs)++] = a;
        } else {
            fprintf(stderr,
                    "mbc %s: unexpected argument '%s' (it takes %s%s; mbc %s --help shows the "
                    "usage)\n",
                    c->name, a, c->max_args ? "only " : "no arguments", c->args, c->name);
            return 2;
        }
    }
    if (*nargs < c->min_args) {
        fprintf(stderr, "mbc %s: needs %s (%smbc %s --help shows the usage)\n", c->name, c->args,
                c->hint, c->name);
        return 2;
    }
    return -1;
}

/* --plugin after the command: a usage error that says where it belongs. */
static bool misplaced_plugin(const command *c, int argc, char **argv)
{
    for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--plugin") == 0) {
            fprintf(stderr,
                    "mbc %s: --plugin goes before the command: mbc --plugin PLUGIN %s ...\n",
                    c->name, c->name);
            return true;
        }
    return false;
}

static int run_command(const mbc_registry *r, const command *c, int argc, char **argv)
{
    if (misplaced_plugin(c, argc, argv))
        return 2;
    if (!strcmp(c->name, "simulate"))
        return mbc_simulate_main(argc, argv, r);
    bool json = false;
    const char *args[1] = {NULL};
    int nargs = 0;
    int rc = parse_command(c, argc, argv, r, &json, args, &nargs);
    if (rc >= 0)
        return rc;
    if (!strcmp(c->name, "list"))
        return describe_list(r, json, stdout, stderr);
    if (!strcmp(c->name, "describe"))
        return describe_type(r, args[0], json, stdout, stderr);
    if (!strcmp(c->name, "eval"))
        return cmd_eval(r, args[0]);
    return cmd_help(nargs ? args[0] : NULL, r);
}

/* The status of a command whose output on standard output may not have
 * reached it (a full disk, a closed pipe): a command that succeeded fails
 * with one line and status 2, one that failed has said why. */
static int stdout_checked(int status)
{
    const int flushed = fflush(stdout) == 0;
    const int reason = errno;
    if (status != 0 || (flushed && !ferror(stdout)))
        return status;
    fprintf(stderr, "mbc: cannot write to standard output (%s)\n",
            flushed ? "a write failed" : strerror(reason));
    return 2;
}

static int mbc_main(int argc, char **argv)
{
    /* the types mbc knows: the built-in ones and those of the plugins */
    mbc_registry registry;
    mbc_registry_init(&registry);
    int a = 1;
    while (a < argc && argv[a][0] == '-') { /* the options before the command */
        const char *opt = argv[a];
        if (!strcmp(opt, "--version")) {
            printf("mbc %s\n", MBC_VERSION_STRING);
            return 0;
        }
        if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) {
            fputs(usage_main, stdout);
            return 0;
        }
        if (strcmp(opt, "--plugin") != 0) {
            fprintf(stderr,
                    "mbc: unknown option '%s' (before the command: --plugin PLUGIN, --help, "
                    "--version; mbc --help shows the usage)\n",
                    opt);
            return 2;
        }
        if (a + 1 >= argc) {
            fputs("mbc: --plugin needs a plugin (a file or a name, a shared library built as an "
                  "mbc plugin)\n",
                  stderr);
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
    if (a >= argc) {
        fputs("mbc: no command given (commands: " COMMAND_NAMES "; mbc --help shows the usage)\n",
              stderr);
        return 2;
    }
    const command *c = find_command(argv[a]);
    if (!c) {
        fprintf(stderr,
                "mbc: unknown command '%s' (commands: " COMMAND_NAMES
                "; mbc --help shows the usage)\n",
                argv[a]);
        return 2;
    }
    return run_command(&registry, c, argc - a - 1, argv + a + 1);
}

int main(int argc, char **argv)
{
    return stdout_checked(mbc_main(argc, argv));
}
