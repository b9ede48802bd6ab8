/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-lammps: lmp, with one more command in which connector types of
 * mbconnect are the pair interaction of a run (docs/lammps.rst).
 *
 *   mpirun -np N mbc-lammps [--plugin FILE.so]... -in SCRIPT [LMP OPTIONS]
 *
 * Options other than --plugin, --help (-h) and --version go to LAMMPS
 * unchanged, -in (-i) too. Exit status: 0, 1 for an error in the run (as
 * lmp), 2 for a command-line error, 71 when out of memory. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bridge.h"
#include "command.h"
#include "host.h"
#include "mbconnect/plugin.h"
#include "mbconnect/version.h"
#include "ml.h"
#include "step.h"
#include "wall.h"

/* The usage, in the layout help2man reads (mbc-lammps(1) is made from it:
 * bridges/lammps/CMakeLists.txt). */
static void usage(FILE *f)
{
    fputs("Usage: mpirun -np N mbc-lammps [--plugin FILE.so]... -in SCRIPT [LMP OPTIONS]\n"
          "  or:  mbc-lammps --help | --version\n"
          "\n"
          "Runs the LAMMPS input SCRIPT as lmp does, with Debian's liblammps under MPI,\n"
          "and one more LAMMPS command, mbconnect, which makes connector types of\n"
          "mbconnect (built in or from plugins) the pair interaction of the run. LAMMPS\n"
          "reads the input: mbconnect may stand wherever a command may (if, loops,\n"
          "include, run every).\n"
          "\n"
          "Commands added to the input:\n"
          "  mbconnect pair I J TYPE [NAME VALUE]...\n"
          "                           the connector type TYPE (one whose spec declares\n"
          "                           pair_binding) is the interaction of the atom type\n"
          "                           pairs I x J (N, *, *N, N* or M*N, as pair_coeff);\n"
          "                           parameters by name\n"
          "  mbconnect pair I J granular WORDS...\n"
          "                           the words of a pair_style granular pair_coeff line\n"
          "  mbconnect pair I J gran/hooke|gran/hooke/history|gran/hertz/history WORDS...\n"
          "                           the words of that pair_style line (Kn Kt gamma_n\n"
          "                           gamma_t xmu dampflag [limit_damping])\n"
          "  mbconnect wall ID GROUP granular WORDS... STYLE ARGS [KEYWORD VALUES]\n"
          "  mbconnect wall ID GROUP hooke|hooke/history|hertz/history WORDS... STYLE ARGS\n"
          "                           [KEYWORD VALUES]\n"
          "  mbconnect wall ID GROUP TYPE [NAME VALUE]... STYLE ARGS [KEYWORD VALUES]\n"
          "                           a wall, with the arguments of fix wall/gran\n"
          "  mbconnect capacity N     contacts per atom (default 16), before the first run\n"
          "  mbconnect energy yes|no  the energy books in the fix vector, before the pair lines\n"
          "  mbconnect off            removes the mbconnect interaction\n"
          "\n"
          "Options:\n"
          "  --plugin FILE.so         add the connector types of an mbconnect plugin\n"
          "                           (repeatable)\n"
          "  -in SCRIPT, -i SCRIPT    the LAMMPS input script (required)\n"
          "  -h, --help               print this text\n"
          "  --version                print the version\n"
          "  other options            -var NAME VALUE..., -log FILE, -screen FILE, -echo,\n"
          "                           -partition, -nocite, ... go to LAMMPS unchanged\n"
          "\n"
          "Requirements:\n"
          "  The run needs atom_style sphere and comm_modify vel yes. Thermo:\n"
          "  f_mbconnect[1] is the number of contacts, f_mbconnect[2] their mean overlap,\n"
          "  then the sums of the laws' scalar outputs.\n"
          "\n"
          "Exit status:\n"
          "  0                        success\n"
          "  1                        an error in the run (one ERROR line, as lmp's)\n"
          "  2                        a command-line error (no script, a plugin that does\n"
          "                           not load)\n"
          "  71                       out of memory (one line: SCRIPT: out of memory)\n"
          "\n"
          "Examples:\n"
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

static int parse_args(int argc, char **argv, ml_args *a, char *err, size_t n)
{
    a->plugins = calloc((size_t)argc, sizeof *a->plugins);
    a->largv = calloc((size_t)argc + 1, sizeof *a->largv);
    if (!a->plugins || !a->largv)
        return -1;
    a->largv[a->largc++] = argv[0];
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        if (strcmp(s, "-h") == 0 || strcmp(s, "--help") == 0) {
            a->help = 1;
        } else if (strcmp(s, "--version") == 0) {
            a->version = 1;
        } else if (strcmp(s, "--plugin") == 0 || strcmp(s, "-in") == 0 || strcmp(s, "-i") == 0) {
            if (i + 1 == argc) {
                snprintf(err, n, "mbc-lammps: %s needs a file name", s);
                return 1;
            }
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
    if (!a->script && !a->help && !a->version) {
        snprintf(err, n, "mbc-lammps: no input script (give -in SCRIPT)");
        return 1;
    }
    return 0;
}

/* Before LAMMPS starts: an error of some rank ends every rank, the lowest
 * failing rank printing its line on stderr. */
static void agree_or_exit(ml_run *r)
{
    if (ml_agree(r) == 0)
        return;
    if (r->rank == 0)
        (void)fprintf(stderr, "%s\n", r->message);
    ml_exit(r, r->status);
}

/* The built-in types and those of every plugin; a bad plugin is a
 * command-line error. */
static void load_plugins(ml_run *r, const ml_args *a)
{
    mbc_registry_init(&r->registry);
    for (int k = 0; k < a->plugin_count && r->status == 0; k++) {
        mbc_error err = {0};
        if (mbc_registry_load_plugin(&r->registry, a->plugins[k], &err) != MBC_OK)
            ml_error(r, ML_EXIT_USAGE, "mbc-lammps: %s", err.message);
    }
    agree_or_exit(r);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    ml_run r = {.comm = MPI_COMM_WORLD,
                .free_bridge = ml_bridge_free,
                .free_args = args_free,
                .command = ml_command,
                .step_callback = ml_step_callback,
                .wall_callback = ml_wall_callback,
                .init_callback = ml_bridge_init,
                .atom_created = ml_bridge_atom_created};
    MPI_Comm_rank(r.comm, &r.rank);
    MPI_Comm_size(r.comm, &r.size);
    ml_args a = {0};
    r.args = &a;
    char err[256] = "";
    int rc = parse_args(argc, argv, &a, err, sizeof err);
    if (!ml_all(&r, rc >= 0)) /* out of memory, on some rank */
        rc = -1;
    if (rc != 0) { /* the same on every rank */
        if (r.rank == 0) {
            (void)fprintf(stderr, "%s\n", rc < 0 ? "mbc-lammps: out of memory" : err);
            if (rc > 0)
                usage(stderr);
        }
        ml_exit(&r, rc < 0 ? ML_EXIT_NOMEM : ML_EXIT_USAGE);
    }
    if (a.help || a.version) {
        if (r.rank == 0 && a.help)
            usage(stdout);
        if (r.rank == 0 && a.version)
            (void)printf("mbc-lammps %s\n", MBC_VERSION_STRING);
        ml_exit(&r, 0);
    }
    r.script = a.script;
    load_plugins(&r, &a);
    (void)ml_host_main(&r, a.largc, a.largv);
    agree_or_exit(&r);
    ml_exit(&r, 0);
}
