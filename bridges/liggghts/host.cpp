/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-liggghts: LIGGGHTS 3.8 as `liggghts` runs it, under MPI; with -sf mbc
 * its granular contact models are computed by mbconnect's spec law
 * ContactLiggghts (docs/liggghts.rst).
 *
 *   mpirun -np N mbc-liggghts [-sf mbc [--corrected]] -in SCRIPT [LIGGGHTS OPTIONS]
 *
 * main() is liggghts's (src/main.cpp of LIGGGHTS 3.8): the signal handlers
 * of its restart-on-signal feature, MPI, one LAMMPS instance, its own input
 * reader. So every input behaves as under liggghts. -sf mbc and --corrected
 * are taken out of the arguments (LIGGGHTS's own -sf would rename its
 * styles, register.cpp says why that cannot work); the other options go to
 * LIGGGHTS unchanged. The models are put in place after LIGGGHTS's
 * constructor, which registers the native ones.
 *
 * Exit status: as liggghts (0; 1 after an error of the run, which LIGGGHTS
 * ends itself); 2 for a command-line error of mbc-liggghts's own options. */
#include <liggghts/input.h>
#include <liggghts/lammps.h>
#include <liggghts/signal_handling.h>
#include <mpi.h>

#include <csignal>
#include <cstdio>
#include <cstring>

#include "mbconnect/version.h"
#include "model.h"
#include "register.h"

namespace
{

/* The usage, in the layout help2man reads (mbc-liggghts(1) is made from it:
 * bridges/liggghts/CMakeLists.txt). */
void usage(FILE *f)
{
    std::fputs(
        "Usage: mpirun -np N mbc-liggghts [-sf mbc [--corrected]] -in SCRIPT [LIGGGHTS OPTIONS]\n"
        "  or:  mbc-liggghts --help | --version\n"
        "\n"
        "Runs the LIGGGHTS input SCRIPT as liggghts does, with Debian's libliggghts 3.8\n"
        "under MPI. With -sf mbc, LIGGGHTS's granular contact models (pair_style gran,\n"
        "fix wall/gran with primitive and mesh walls) are computed by mbconnect's spec\n"
        "law ContactLiggghts: normal hertz and hooke, tangential no_history and\n"
        "history, cohesion sjkr and sjkr2, rolling_friction cdt, epsd, epsd2 and epsd3,\n"
        "with LIGGGHTS's own words, tables, history and restart files. The log names\n"
        "each model at its set-up; another model stays LIGGGHTS's, and the log says so.\n"
        "With or without -sf mbc, `pair_style gran model mbc law TYPE [plugin PLUGIN]...\n"
        "[NAME VALUE]...` makes a connector type with a pair binding (built in, or from\n"
        "an mbconnect plugin, a law written as hooks only too) the pair model, its data\n"
        "in LIGGGHTS's contact history.\n"
        "\n"
        "Options:\n"
        "  -sf mbc, -suffix mbc     compute the granular models by ContactLiggghts\n"
        "  --corrected              with -sf mbc: the documented forms where LIGGGHTS\n"
        "                           3.8's code contradicts its documentation\n"
        "                           (ContactLiggghts's liggghts38 off); without it the\n"
        "                           numbers are 3.8's, to the bit\n"
        "  --help                   print this text\n"
        "  --version                print the version\n"
        "  other options            -in SCRIPT, -var NAME VALUE..., -log FILE, -screen\n"
        "                           FILE, -echo, -partition, -h, ... go to LIGGGHTS\n"
        "                           unchanged\n"
        "\n"
        "Exit status:\n"
        "  0                        success\n"
        "  1                        an error in the run (LIGGGHTS's ERROR line)\n"
        "  2                        a command-line error of mbc-liggghts's options\n"
        "\n"
        "Examples:\n"
        "  mpirun -np 2 mbc-liggghts -sf mbc -in in.packing\n"
        "                           LIGGGHTS's packing tutorial, its hertz model\n"
        "                           computed by mbconnect, on two ranks\n"
        "  mbc-liggghts -in in.slide\n"
        "                           an input whose `pair_style gran model mbc law\n"
        "                           ContactQuux plugin ./libcontact_quux_plugin.so\n"
        "                           contactStiffness 1e5` runs a plugin's law\n"
        "  mbc-liggghts -in in.packing\n"
        "                           the same as liggghts -in in.packing\n"
        "\n"
        "The documentation is the page liggghts.html of the site in\n"
        "share/doc/mbconnect/html (docs/liggghts.rst in the sources).\n",
        f);
}

/* What mbc-liggghts takes from the command line before LIGGGHTS sees it. */
struct Command {
    bool mbc, corrected, help, version;
};

/* Takes -sf mbc (-suffix mbc), --corrected, --help and --version out of
 * argv; the rest stays, in its order. */
Command take_options(int *argc, char **argv)
{
    Command c = {false, false, false, false};
    int out = 1;
    for (int in = 1; in < *argc; in++) {
        const char *s = argv[in];
        const bool suffix = !std::strcmp(s, "-sf") || !std::strcmp(s, "-suffix");
        if (suffix && in + 1 < *argc && !std::strcmp(argv[in + 1], "mbc")) {
            c.mbc = true;
            in++;
        } else if (!std::strcmp(s, "--corrected")) {
            c.corrected = true;
        } else if (!std::strcmp(s, "--help")) {
            c.help = true;
        } else if (!std::strcmp(s, "--version")) {
            c.version = true;
        } else {
            argv[out++] = argv[in];
        }
    }
    argv[out] = 0;
    *argc = out;
    return c;
}

/* liggghts's handlers: SIGINT and SIGTERM (Open MPI turns a SIGINT to
 * mpirun into SIGTERM) ask for a restart file and a clean end, SIGUSR1 for a
 * restart file. */
void install_signal_handlers()
{
    struct sigaction quit, usr1;
    std::memset(&quit, 0, sizeof quit);
    std::memset(&usr1, 0, sizeof usr1);
    quit.sa_handler = LAMMPS_NS::SignalHandler::int_handler;
    sigaction(SIGINT, &quit, 0);
    sigaction(SIGTERM, &quit, 0);
    usr1.sa_handler = LAMMPS_NS::SignalHandler::usr1_handler;
    sigaction(SIGUSR1, &usr1, 0);
}

} // namespace

int main(int argc, char **argv)
{
    const Command cmd = take_options(&argc, argv);
    if (cmd.help) {
        usage(stdout);
        return 0;
    }
    if (cmd.version) {
        std::printf("mbc-liggghts %s\n", MBC_VERSION_STRING);
        return 0;
    }
    if (cmd.corrected && !cmd.mbc) {
        std::fputs("mbc-liggghts: --corrected changes ContactLiggghts, which runs only with "
                   "-sf mbc (given --corrected alone)\n",
                   stderr);
        return 2;
    }
    install_signal_handlers();
    MPI_Init(&argc, &argv);
    mbc_liggghts::options.liggghts38 = !cmd.corrected;
    LAMMPS_NS::LAMMPS *lmp = new LAMMPS_NS::LAMMPS(argc, argv, MPI_COMM_WORLD);
    mbc_liggghts::register_plugin_model(lmp);
    if (cmd.mbc)
        mbc_liggghts::register_models(lmp);
    lmp->input->file();
    delete lmp;
    MPI_Finalize();
    return 0;
}
