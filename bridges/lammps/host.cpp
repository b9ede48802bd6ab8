/* SPDX-License-Identifier: BSD-3-Clause */
/* LAMMPS as mbc-lammps runs it (host.h).
 *
 * Why C++ here, in a C11 project: LAMMPS's own reader and its styles run
 * only through its C++ classes. Input::file() reads the input (a reader of
 * our own differed from lmp's in many silent ways: issue 37), and the
 * public maps Input::command_map, Force::pair_map and Modify::fix_map map
 * the names of commands and styles to factories. So this file runs LAMMPS
 * exactly as lmp's main() does and registers `mbconnect` and the styles of
 * mbc-lammps (styles.h) in those maps: LAMMPS reads everything (-in,
 * include, jump, if, loops, `run every`, partitions), `-sf mbc` and
 * `suffix mbc` pick the /mbc styles for an input's own pair_style granular
 * and fix wall/gran, and LAMMPS calls back into the C code wherever
 * `mbconnect` stands. The styles' classes (pair_mbc.cpp, fix_wall_mbc.cpp,
 * fix_mbc.cpp) are C++ for the same reason; everything else is C11.
 *
 * `clear` makes a new Force and Modify with the styles compiled into
 * LAMMPS only. LAMMPS calls Input::clear() through the PLT of liblammps.so
 * (it is built without -Bsymbolic or -fno-semantic-interposition), so this
 * program defines it: the library's own, found with dlsym(RTLD_NEXT), runs,
 * then the styles are registered again (test_lammps_styles checks that the
 * styles survive `clear`).
 *
 * Debian's LAMMPS is built without LAMMPS_EXCEPTIONS: its Error::all ends
 * the process itself (it closes the log, finalizes MPI and exits with
 * status 1) and Error::one calls MPI_Abort. So no exception ever crosses
 * the C code: an error of mbc-lammps is agreed on by the ranks (ml_agree)
 * after the C code has returned, then raised here, and a function
 * registered with atexit frees what mbc-lammps holds whatever ends the
 * process. */
#include "lammps_views.h"

#include <lammps/domain.h>
#include <lammps/input.h>
#include <lammps/lmppython.h>
#include <lammps/universe.h>

#include <dlfcn.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "host.h"
#include "pair_mbc.h"
#include "styles.h"

using LAMMPS_NS::LAMMPS;

namespace mbc_lammps
{
LAMMPS_NS::Fix *create_fix_ids(LAMMPS *lmp, int narg, char **arg);
LAMMPS_NS::Fix *create_fix_sums(LAMMPS *lmp, int narg, char **arg);
LAMMPS_NS::Fix *create_fix_wall_gran(LAMMPS *lmp, int narg, char **arg);
LAMMPS_NS::Fix *create_fix_wall_mbconnect(LAMMPS *lmp, int narg, char **arg);
LAMMPS_NS::Fix *create_fix_wall_gran_region(LAMMPS *lmp, int narg, char **arg);
} // namespace mbc_lammps

namespace
{

/* The run of this process. LAMMPS's factories are plain functions of the
 * LAMMPS instance, with no room for a context, and LAMMPS may end the
 * process itself (exit), so the styles, the command and the exit handler
 * find the ml_run here: set by ml_host_main while its LAMMPS instance reads
 * the input (a process runs one; a LAMMPS instance that Python code creates
 * has no mbconnect styles), checked against the instance. */
ml_run *hosted = nullptr;

LAMMPS *host(const ml_run *r)
{
    return static_cast<LAMMPS *>(r->lmp);
}

/* Frees what the run holds (idempotent): at exit, however LAMMPS ended
 * the process. */
void release_hosted()
{
    if (!hosted)
        return;
    while (ml_held *h = hosted->held) {
        ml_unhold(hosted, h);
        h->release(h);
    }
    if (hosted->free_args)
        hosted->free_args(hosted);
}

/* After the error's text is out: every rank ends as after LAMMPS's
 * Error::all (the log closed, MPI finalized), with status; with partitions
 * the other worlds are stopped too, as Error::all stops them (MPI_Abort). */
[[noreturn]] void end_world(LAMMPS *lmp, int status)
{
    if (lmp->universe->nworlds > 1)
        MPI_Abort(lmp->universe->uworld, status);
    lmp->error->done(status);
}

/* "WHAT: out of memory" on stderr (rank 0), status 71. */
[[noreturn]] void raise_nomem(LAMMPS *lmp, const mbc_error &err)
{
    if (lmp->comm->me == 0) {
        (void)fflush(stdout);
        (void)fprintf(stderr, "%s\n", err.message);
        (void)fflush(stderr);
    }
    end_world(lmp, ML_EXIT_NOMEM);
}

/* `mbconnect ARG...`: LAMMPS has substituted the variables and echoed the
 * line. The arguments point into LAMMPS's input buffers, which the
 * command's own LAMMPS commands overwrite, so the C code gets a copy. */
class MbconnectCommand : public LAMMPS_NS::Command
{
  public:
    explicit MbconnectCommand(LAMMPS *lmp) : Command(lmp) {}
    void command(int narg, char **arg) override
    {
        ml_run *r = mbc_lammps::style_run(lmp, "mbconnect");
        std::vector<std::string> words(arg, arg + narg);
        std::vector<char *> argv;
        argv.reserve(words.size() + 1);
        for (std::string &w : words)
            argv.push_back(&w[0]);
        argv.push_back(nullptr);
        mbc_error err = {};
        const mbc_status st = r->command(r, narg, argv.data(), &err);
        if (ml_agree(r->comm, st, &err) < 0)
            return;
        if (err.status == MBC_ERR_NOMEM)
            raise_nomem(lmp, err);
        ML_ALL(error, err.message);
    }
};

LAMMPS_NS::Command *create_command(LAMMPS *lmp)
{
    return new MbconnectCommand(lmp);
}

} // namespace

namespace mbc_lammps
{

ml_run *hosted_run(LAMMPS *lmp)
{
    return hosted && hosted->lmp == lmp ? hosted : nullptr;
}

ml_run *style_run(LAMMPS *lmp, const char *style)
{
    ml_run *r = hosted_run(lmp);
    if (!r)
        ML_ALL(lmp->error, std::string(style) + ": this LAMMPS instance was not started by "
                                                "mbc-lammps");
    return r;
}

void raise_all(LAMMPS *lmp, const mbc_error &err, const char *file, int line)
{
    if (err.status == MBC_ERR_NOMEM)
        raise_nomem(lmp, err);
    lmp->error->all(std::string(file), line, std::string(err.message));
}

void raise_atoms(LAMMPS *lmp, const mbc_error &err, int rank, const char *file, int line)
{
    if (err.status == MBC_ERR_NOMEM)
        raise_nomem(lmp, err);
    /* the first line of LAMMPS's Error::one (which would end the job with
     * MPI_Abort, on one rank), on the screen and in the log of rank 0;
     * LAMMPS does not expose the text of the last command */
    if (lmp->comm->me == 0)
        LAMMPS_NS::utils::logmesg(lmp, "ERROR on proc " + std::to_string(rank) + ": " +
                                           err.message + " (" + file + ":" + std::to_string(line) +
                                           ")\n");
    end_world(lmp, ML_EXIT_ERROR);
}

void register_styles(LAMMPS *lmp)
{
    (*lmp->force->pair_map)["granular/mbc"] = &PairMbc::create_granular;
    (*lmp->force->pair_map)["mbconnect"] = &PairMbc::create_mbconnect;
    (*lmp->force->pair_map)["gran/hooke/mbc"] = &PairMbc::create_gran_hooke;
    (*lmp->force->pair_map)["gran/hooke/history/mbc"] = &PairMbc::create_gran_hooke_history;
    (*lmp->force->pair_map)["gran/hertz/history/mbc"] = &PairMbc::create_gran_hertz_history;
    (*lmp->modify->fix_map)["wall/gran/mbc"] = &create_fix_wall_gran;
    (*lmp->modify->fix_map)["wall/mbconnect"] = &create_fix_wall_mbconnect;
    (*lmp->modify->fix_map)["wall/gran/region/mbc"] = &create_fix_wall_gran_region;
    (*lmp->modify->fix_map)[ML_FIX_IDS_STYLE] = &create_fix_ids;
    (*lmp->modify->fix_map)[ML_FIX_SUMS_STYLE] = &create_fix_sums;
    (*lmp->input->command_map)["mbconnect"] = &create_command;
}

} // namespace mbc_lammps

/* Input::clear interposed (see above): a member of Input, so it reads
 * Input's lmp. */
void LAMMPS_NS::Input::clear()
{
    using clear_fn = void (*)(LAMMPS_NS::Input *);
    static const clear_fn original =
        reinterpret_cast<clear_fn>(dlsym(RTLD_NEXT, "_ZN9LAMMPS_NS5Input5clearEv"));
    if (!original) {
        (void)fprintf(stderr, "mbc-lammps: LAMMPS's Input::clear not found\n");
        std::abort();
    }
    original(this);
    if (mbc_lammps::hosted_run(lmp))
        mbc_lammps::register_styles(lmp);
}

extern "C" mbc_status ml_host_main(ml_run *r, int argc, char **argv, mbc_error *err)
{
    if (std::atexit(release_hosted) != 0)
        return mbc_fail(err, MBC_ERR_STATE, "mbc-lammps: cannot register its exit handler");
    hosted = r;
    /* as lmp's main() */
    LAMMPS *lmp = new LAMMPS(argc, argv, MPI_COMM_WORLD);
    r->lmp = lmp;
    r->comm = lmp->world;
    MPI_Comm_rank(r->comm, &r->rank);
    MPI_Comm_size(r->comm, &r->size);
    mbc_lammps::register_styles(lmp);
    lmp->input->file();
    delete lmp;
    LAMMPS_NS::Python::finalize();
    r->lmp = nullptr;
    r->comm = MPI_COMM_WORLD; /* LAMMPS's world is gone */
    MPI_Comm_rank(r->comm, &r->rank);
    MPI_Comm_size(r->comm, &r->size);
    hosted = nullptr;
    return MBC_OK;
}

extern "C" void ml_host_command(ml_run *r, const char *command)
{
    host(r)->input->one(std::string(command)); /* a LAMMPS error ends the process, as in lmp */
}

extern "C" void ml_host_print(const ml_run *r, const char *text)
{
    if (r->rank == 0)
        LAMMPS_NS::utils::logmesg(host(r), std::string(text));
}

extern "C" void ml_host_warning(const ml_run *r, const char *file, int line, const char *text)
{
    if (r->rank == 0)
        host(r)->error->warning(std::string(file), line, std::string(text));
}

extern "C" const char *ml_host_pair_style(const ml_run *r)
{
    const char *style = host(r)->force->pair_style;
    return style ? style : "";
}

extern "C" int ml_host_fix_exists(const ml_run *r, const char *fix)
{
    return host(r)->modify->find_fix(std::string(fix)) >= 0;
}

extern "C" int ml_host_fix_is(const ml_run *r, const char *fix, const char *style)
{
    LAMMPS *lmp = host(r);
    const int i = lmp->modify->find_fix(std::string(fix));
    return i >= 0 && std::string(lmp->modify->fix[i]->style) == style;
}

extern "C" int ml_host_box_exists(const ml_run *r)
{
    return host(r)->domain->box_exist;
}

extern "C" int ml_host_ntypes(const ml_run *r)
{
    return host(r)->atom->ntypes;
}

extern "C" void ml_host_unfix_style(ml_run *r, const char *style)
{
    LAMMPS *lmp = host(r);
    for (int i = lmp->modify->nfix - 1; i >= 0; i--)
        if (std::string(lmp->modify->fix[i]->style) == style)
            ml_host_command(r, ("unfix " + std::string(lmp->modify->fix[i]->id)).c_str());
}
