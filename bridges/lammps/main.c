/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-lammps: lmp, with pair and wall styles whose forces are spec laws of
 * mbconnect (docs/lammps.rst).
 *
 *   mpirun -np N mbc-lammps [--plugin PLUGIN]... -in SCRIPT [LMP OPTIONS]
 *
 * Options other than --plugin, --help (-h) and --version go to LAMMPS
 * unchanged, -in (-i) and -sf (-suffix) too. Exit status: 0, 1 for an
 * error in the run (as lmp), 2 for a command-line error, 71 when out of
 * memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "command.h"
#include "host.h"
#include "mbconnect/plugin.h"
#include "mbconnect/version.h"
#include "ml.h"

/* The usage, in the layout help2man reads (mbc-lammps(1) is made from it:
 * bridges/lammps/CMakeLists.txt). */
static void usage(FILE *f)
{
    fputs("Usage: mpirun -np N mbc-lammps [--plugin PLUGIN]... -in SCRIPT [LMP OPTIONS]\n"
          "  or:  mbc-lammps --help | --version\n"
          "\n"
          "Runs the LAMMPS input SCRIPT as lmp does, with Debian's liblammps under MPI,\n"
          "with pair and wall styles whose forces are connector types of mbconnect (built\n"
          "in or from plugins). With -sf mbc (or `suffix mbc` in the input), LAMMPS's own\n"
          "pair_style granular and fix wall/gran lines run on ContactGranular, the input\n"
          "unchanged.\n"
          "\n"
          "Styles added to LAMMPS's:\n"
          "  pair_style granular/mbc  pair_style granular's words (-sf mbc picks it)\n"
          "  fix ID G wall/gran/mbc   fix wall/gran's granular words (-sf mbc picks it)\n"
          "  fix ID G wall/gran/region/mbc  fix wall/gran/region's words, region ID\n"
          "                           (-sf mbc picks it)\n"
          "  pair_style mbconnect     pair_coeff I J TYPE [NAME VALUE]..., granular WORDS...,\n"
          "                           gran/hooke|gran/hooke/history|gran/hertz/history\n"
          "                           WORDS... or none: any type with a pair binding\n"
          "  fix ID G wall/mbconnect  fix wall/gran's words (granular, hooke, hooke/history,\n"
          "                           hertz/history), or TYPE [NAME VALUE]... STYLE ARGS:\n"
          "                           any type with a wall binding\n"
          "\n"
          "Commands added to the input:\n"
          "  mbconnect pair I J TYPE [NAME VALUE]...\n"
          "  mbconnect pair I J granular WORDS...\n"
          "  mbconnect pair I J gran/hooke|gran/hooke/history|gran/hertz/history WORDS...\n"
          "                           pair_style mbconnect and its pair_coeff I J line, spelled\n"
          "                           out (f_mbconnect[N]: contacts, mean overlap, sums); the\n"
          "                           classic styles' words are their pair_style line's (Kn Kt\n"
          "                           gamma_n gamma_t xmu dampflag [limit_damping])\n"
          "  mbconnect wall ID GROUP WORDS...\n"
          "  mbconnect wall ID GROUP hooke|hooke/history|hertz/history WORDS... STYLE ARGS\n"
          "                           fix ID GROUP wall/mbconnect WORDS...\n"
          "  mbconnect corrected yes|no\n"
          "                           the corrected forms of LAMMPS 2021's departures from its\n"
          "                           documentation (default no: 2021's numbers), before the\n"
          "                           styles\n"
          "  mbconnect energy yes|no  the energy books, before the styles\n"
          "  mbconnect off            removes pair_style mbconnect and its walls\n"
          "\n"
          "Options:\n"
          "  --plugin PLUGIN          add the connector types of an mbconnect plugin\n"
          "                           (repeatable): a file (a path with a '/') or a name\n"
          "                           found as DIR/NAME, DIR/NAME.so, DIR/libNAME.so for\n"
          "                           each DIR of $MBC_PLUGIN_PATH (':'-separated), then\n"
          "                           of LIBDIR/mbconnect/plugins (as mbc --plugin)\n"
          "  -in SCRIPT, -i SCRIPT    the LAMMPS input script (required)\n"
          "  -h, --help               print this text\n"
          "  --version                print the version\n"
          "  other options            -sf mbc, -var NAME VALUE..., -log FILE, -screen FILE,\n"
          "                           -echo, -partition, -nocite, ... go to LAMMPS unchanged\n"
          "\n"
          "Requirements:\n"
          "  atom_style sphere and comm_modify vel yes, as pair_style granular.\n"
          "\n"
          "Exit status:\n"
          "  0                        success\n"
          "  1                        an error in the run (one ERROR line, as lmp's)\n"
          "  2                        a command-line error (no script, a plugin that does\n"
          "                           not load)\n"
          "  71                       out of memory (one line: SCRIPT: out of memory)\n"
          "\n"
          "Examples:\n"
          "  mpirun -np 2 mbc-lammps -sf mbc -in "
          "/usr/share/lammps/examples/granular/in.pour.flatwall\n"
          "                           LAMMPS's granular example, unchanged, on ContactGranular\n"
          "  mpirun -np 2 mbc-lammps -in examples/lammps/settle.in\n"
          "                           10,000 beads settling, ContactSphereSphere with\n"
          "                           friction; writes settle.png\n"
          "  mbc-lammps --plugin ./libmine_plugin.so -in in.granular -var K 1e5\n"
          "                           a plugin's connector type as the pair law, one rank\n"
          "\n"
          "The documentation is the page lammps.html of the site in\n"
          "share/doc/mbconnect/html (docs/lammps.rst in the sources).\n",
          f);
}

/* The command line: our options out, the rest for LAMMPS (largv[0] kept,
 * -in too). */
struct ml_args {
    const char *script;
    const char **plugins;
    int plugin_count;
    char **largv;
    int largc;
    int help, version;
};
typedef struct ml_args ml_args;

/* Frees the command line's arrays (r->args). */
static void args_free(ml_run *r)
{
    if (!r->args)
        return;
    free(r->args->plugins);
    free(r->args->largv);
    r->args->plugins = NULL;
    r->args->largv = NULL;
    r->args = NULL;
}

/* The command line; MBC_ERR_VALUE for a usage error, MBC_ERR_NOMEM. */
static mbc_status parse_args(int argc, char **argv, ml_args *a, mbc_error *err)
{
    a->plugins = calloc((size_t)argc, sizeof *a->plugins);
    a->largv = calloc((size_t)argc + 1, sizeof *a->largv);
    if (!a->plugins || !a->largv)
        return mbc_fail_nomem(err, "mbc-lammps");
    a->largv[a->largc++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
            a->help = 1;
        } else if (strcmp(s, "--version") == 0) {
            a->version = 1;
        } else if (strcmp(s, "--plugin") == 0 || strcmp(s, "-in") == 0 || strcmp(s, "-i") == 0) {
            if (i + 1 == argc)
                return mbc_fail(err, MBC_ERR_VALUE, "mbc-lammps: %s needs a file name", s);
            if (strcmp(s, "--plugin") == 0) {
                a->plugins[a->plugin_count++] = argv[++i];
            } else { /* LAMMPS opens it */
                a->largv[a->largc++] = argv[i];
                a->script = a->largv[a->largc++] = argv[++i];
            }
        } else {
            a->largv[a->largc++] = argv[i];
        }
    }
    if (!a->script && !a->help && !a->version)
        return mbc_fail(err, MBC_ERR_VALUE, "mbc-lammps: no input script (give -in SCRIPT)");
    return MBC_OK;
}

/* Frees what the run holds, finalizes MPI and exits with status (LAMMPS
 * is deleted or was never created). */
static _Noreturn void finish(ml_run *r, int status)
{
    (void)fflush(stdout);
    if (r->free_args)
        r->free_args(r);
    if (status == ML_EXIT_ERROR) /* as lmp after an error: every rank has stopped */
        MPI_Barrier(MPI_COMM_WORLD);
    MPI_Finalize();
    exit(status);
}

/* Before LAMMPS starts: an error of some rank ends every rank, the lowest
 * failing rank's line on stderr (status: 71 out of memory, else usage). */
static void agree_or_exit(ml_run *r, mbc_status st, mbc_error *err, int usage_too)
{
    if (ml_agree(r->comm, st, err) < 0)
        return;
    const int nomem = err->status == MBC_ERR_NOMEM;
    if (r->rank == 0) {
        (void)fprintf(stderr, "%s\n", err->message);
        if (usage_too && !nomem)
            usage(stderr);
    }
    finish(r, nomem ? ML_EXIT_NOMEM : ML_EXIT_USAGE);
}

/* The built-in types and those of every plugin; a bad plugin is a
 * command-line error. */
static void load_plugins(ml_run *r, const ml_args *a)
{
    mbc_registry_init(&r->registry);
    mbc_status st = MBC_OK;
    mbc_error err = {0};
    for (int k = 0; k < a->plugin_count && st == MBC_OK; k++) {
        mbc_error e = {0};
        st = mbc_registry_load_plugin(&r->registry, a->plugins[k], &e);
        if (st != MBC_OK)
            (void)mbc_fail(&err, st, "mbc-lammps: %s", e.message);
    }
    agree_or_exit(r, st, &err, 0);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    ml_run r = {.comm = MPI_COMM_WORLD, .free_args = args_free, .command = ml_command};
    MPI_Comm_rank(r.comm, &r.rank);
    MPI_Comm_size(r.comm, &r.size);
    ml_args a = {0};
    r.args = &a;
    mbc_error err = {0};
    agree_or_exit(&r, parse_args(argc, argv, &a, &err), &err, 1);
    if (a.help || a.version) {
        if (r.rank == 0 && a.help)
            usage(stdout);
        if (r.rank == 0 && a.version)
            (void)printf("mbc-lammps %s\n", MBC_VERSION_STRING);
        finish(&r, 0);
    }
    r.script = a.script;
    load_plugins(&r, &a);
    agree_or_exit(&r, ml_host_main(&r, a.largc, a.largv, &err), &err, 0);
    finish(&r, 0);
}
