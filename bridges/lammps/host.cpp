/* SPDX-License-Identifier: BSD-3-Clause */
/* LAMMPS as the host of the mbconnect command (host.h).
 *
 * Why C++ here, in a C11 project: LAMMPS's C library can run commands one by
 * one, but then the caller must read the input itself, and a reader of its
 * own differs from lmp's in many silent ways (if with jump, include, next,
 * `&`, `"""`, partitions; issue 37). LAMMPS's own reader runs only through
 * its C++ classes: Input::file() reads the input, and Input::command_map,
 * a public member, maps command names to factories of Command objects. So
 * this file runs LAMMPS exactly as lmp's main() does and registers
 * `mbconnect` in that map: LAMMPS reads everything (-in, include, jump, if,
 * loops, `run every`, partitions), substitutes variables, echoes each line
 * to the log, and calls back into the C code (r->command) wherever
 * `mbconnect` stands. The file also raises mbc-lammps's errors through
 * LAMMPS's Error (the same "ERROR: ... (file:line)" and "Last command: ..."
 * on the screen and in the log as LAMMPS's own) and reads the few members
 * the C library has no getter for (ghost velocities, the atom and pair
 * style, a fix's extensive flags, a restart file's per-atom data of a fix,
 * the flags that keep a pair style and a fix out of data files). Nothing
 * else is C++.
 *
 * Debian's LAMMPS is built without LAMMPS_EXCEPTIONS: its Error::all ends
 * the process itself (it closes the log, finalizes MPI and exits with
 * status 1) and Error::one calls MPI_Abort. So no exception ever crosses
 * the C code: an error of mbc-lammps is agreed on by the ranks (fail.c)
 * after the C code has returned, then raised here, and a function
 * registered with atexit frees what mbc-lammps holds whatever ends the
 * process (an error of LAMMPS's, `quit`), so that nothing of the tool's is
 * left allocated.
 *
 * Debian's liblammps-dev ships the class headers but not command.h and
 * exceptions.h, and its headers include fmt/format.h, which it does not
 * ship either (LAMMPS was built with its bundled fmt, namespace
 * fmt::v7_lmp). Debian's libfmt-dev (fmt 9) stands in for it: the classes'
 * layouts do not depend on fmt. This file calls no LAMMPS function whose
 * signature involves an fmt type (their mangled names would not match: the
 * link would fail), only the std::string overloads of Error and utils. */
#include <fmt/format.h>
namespace fmt
{
/* Named by templates of LAMMPS's error.h and utils.h that this file never
 * instantiates; fmt 9 no longer has it. Declared, never defined: a use
 * would fail to link. */
template <typename... Args, typename S>
format_arg_store<format_context, Args...> make_args_checked(const S &, const Args &...);
} // namespace fmt

#include <lammps/atom.h>
#include <lammps/comm.h>
#include <lammps/error.h>
#include <lammps/fix.h>
#include <lammps/force.h>
#include <lammps/group.h>
#include <lammps/input.h>
#include <lammps/lammps.h>
#include <lammps/library.h>
#include <lammps/lmppython.h>
#include <lammps/modify.h>
#include <lammps/neigh_list.h>
#include <lammps/neighbor.h>
#include <lammps/pair.h>
#include <lammps/universe.h>
#include <lammps/update.h>
#include <lammps/utils.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "host.h"

namespace LAMMPS_NS
{
/* LAMMPS's declaration that Debian does not ship (src/command.h of the
 * linked version): the same class, so that the vtable of a command matches
 * the one LAMMPS calls. */
class Command : protected Pointers
{
  public:
    explicit Command(LAMMPS *lmp) : Pointers(lmp) {}
    virtual void command(int, char **) = 0;
};
} // namespace LAMMPS_NS

using LAMMPS_NS::LAMMPS;

namespace
{

/* The run of this process. LAMMPS's command factory is a plain function of
 * the LAMMPS instance, with no room for a context, and LAMMPS may end the
 * process itself (exit), so the mbconnect command and the exit handler
 * find the ml_run here: set by ml_host_main while its LAMMPS instance reads
 * the input (a process runs one; a LAMMPS instance that Python code creates
 * has no mbconnect command), checked against the instance. */
ml_run *hosted = nullptr;

LAMMPS *host(const ml_run *r)
{
    return static_cast<LAMMPS *>(r->lmp);
}

/* Frees what the run holds (idempotent): before mbc-lammps raises an
 * error, and at exit, however LAMMPS ended the process. */
void release(ml_run *r)
{
    if (r->free_bridge)
        r->free_bridge(r);
    if (r->free_args)
        r->free_args(r);
}

void release_hosted()
{
    if (hosted)
        release(hosted);
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

/* The error that ml_agree made the same on every rank, raised on every rank
 * as LAMMPS raises its own. */
[[noreturn]] void raise(ml_run *r)
{
    LAMMPS *lmp = host(r);
    release(r);
    switch (r->kind) {
    case ML_ERROR_COMMAND: /* "ERROR: ... (file:line)", "Last command: ..." */
        lmp->error->all(std::string(r->source), r->source_line, std::string(r->message));
    case ML_ERROR_ATOMS: {
        /* the first line of LAMMPS's Error::one (which would end the job
         * with MPI_Abort, on one rank), on the screen and in the log of rank
         * 0; LAMMPS does not expose the text of the last command */
        if (r->rank == 0) {
            const std::string text = "ERROR on proc " + std::to_string(r->error_rank) + ": " +
                                     r->message + " (" + r->source + ":" +
                                     std::to_string(r->source_line) + ")\n";
            LAMMPS_NS::utils::logmesg(lmp, text);
        }
        end_world(lmp, r->status);
    }
    default: /* ML_ERROR_LINE: "WHAT: out of memory", on stderr */
        if (r->rank == 0) {
            (void)fflush(stdout);
            (void)fprintf(stderr, "%s\n", r->message);
            (void)fflush(stderr);
        }
        end_world(lmp, r->status);
    }
}

/* `mbconnect ARG...`: LAMMPS has substituted the variables and echoed the
 * line. The arguments point into LAMMPS's input buffers, which the bridge's
 * own commands overwrite, so the C code gets a copy. */
class MbconnectCommand : public LAMMPS_NS::Command
{
  public:
    explicit MbconnectCommand(LAMMPS *lmp) : Command(lmp) {}
    void command(int narg, char **arg) override
    {
        if (!hosted || hosted->lmp != lmp)
            error->all(
                std::string(__FILE__), __LINE__,
                std::string("mbconnect: this LAMMPS instance was not started by mbc-lammps"));
        ml_run *r = hosted;
        std::vector<std::string> words(arg, arg + narg);
        std::vector<char *> argv;
        argv.reserve(words.size() + 1);
        for (std::string &w : words)
            argv.push_back(&w[0]);
        argv.push_back(nullptr);
        r->command(r, narg, argv.data());
        if (ml_agree(r) != 0)
            raise(r);
    }
};

LAMMPS_NS::Command *create_command(LAMMPS *lmp)
{
    return new MbconnectCommand(lmp);
}

/* fix external's callback: the C callback, which ends with the ranks'
 * agreement, then its error raised. */
void force_callback(void *run, int64_t step, int nlocal, int *ids, double **x, double **f)
{
    ml_run *r = static_cast<ml_run *>(run);
    r->step_callback(r, step, nlocal, ids, x, f);
    if (r->status != 0)
        raise(r);
}

/* The callback of a wall's fix external: ctx starts with its ml_run. */
void wall_callback(void *ctx, int64_t step, int nlocal, int *ids, double **x, double **f)
{
    ml_run *r = *static_cast<ml_run **>(ctx);
    r->wall_callback(ctx, step, nlocal, ids, x, f);
    if (r->status != 0)
        raise(r);
}

/* fix ID all mbconnect/atoms: what the C library offers no hook for. Its
 * init() runs in each run's set-up after the pair style's and before the
 * neighbor lists are set up (LAMMPS::init: force, ..., modify, neighbor),
 * so that r->init_callback sets the neighbor cutoffs as pair_style granular
 * finds them then (ml_host_set_cutoffs); set_arrays() runs for each atom
 * that fix pour or fix deposit inserts (create_attribute), whose rows of
 * the bridge's per-atom arrays hold what the row held before. */
class FixAtoms : public LAMMPS_NS::Fix
{
  public:
    FixAtoms(LAMMPS *lmp, int narg, char **arg) : Fix(lmp, narg, arg)
    {
        create_attribute = 1;
    }
    int setmask() override
    {
        return 0;
    }
    void init() override
    {
        ml_run *r = hosted;
        if (!r || r->lmp != lmp)
            return;
        r->init_callback(r);
        if (ml_agree(r) != 0)
            raise(r);
    }
    void set_arrays(int i) override
    {
        ml_run *r = hosted;
        if (r && r->lmp == lmp)
            r->atom_created(r, i);
    }
};

LAMMPS_NS::Fix *create_fix_atoms(LAMMPS *lmp, int narg, char **arg)
{
    return new FixAtoms(lmp, narg, arg);
}

} // namespace

extern "C" int ml_host_main(ml_run *r, int argc, char **argv)
{
    if (std::atexit(release_hosted) != 0)
        return ml_error(r, ML_EXIT_ERROR, "mbc-lammps: cannot register its exit handler");
    hosted = r;
    /* as lmp's main() */
    LAMMPS *lmp = new LAMMPS(argc, argv, MPI_COMM_WORLD);
    r->lmp = lmp;
    r->comm = lmp->world;
    MPI_Comm_rank(r->comm, &r->rank);
    MPI_Comm_size(r->comm, &r->size);
    (*lmp->input->command_map)["mbconnect"] = &create_command;
    lmp->input->file();
    delete lmp;
    LAMMPS_NS::Python::finalize();
    r->lmp = nullptr;
    r->comm = MPI_COMM_WORLD; /* LAMMPS's world is gone */
    MPI_Comm_rank(r->comm, &r->rank);
    MPI_Comm_size(r->comm, &r->size);
    hosted = nullptr;
    return 0;
}

extern "C" int ml_host_command(ml_run *r, const char *command)
{
    if (r->status == 0) /* a LAMMPS error here ends the process, as in lmp */
        host(r)->input->one(std::string(command));
    return r->status;
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

extern "C" int ml_host_fix_setup(ml_run *r, const char *fix, int length, int *extensive)
{
    LAMMPS *lmp = host(r);
    const int i = lmp->modify->find_fix(std::string(fix));
    if (i < 0)
        return -1;
    lammps_set_fix_external_callback(lmp, fix, &force_callback, r);
    lammps_fix_external_set_vector_length(lmp, fix, length); // which flags it all extensive
    lmp->modify->fix[i]->extvector = -1;
    lmp->modify->fix[i]->extlist = extensive;
    return 0;
}

extern "C" int ml_host_fix_wall(ml_run *r, const char *fix, void *ctx)
{
    LAMMPS *lmp = host(r);
    if (lmp->modify->find_fix(std::string(fix)) < 0)
        return -1;
    lammps_set_fix_external_callback(lmp, fix, &wall_callback, ctx);
    return 0;
}

extern "C" void ml_host_register_atoms_fix(ml_run *r)
{
    /* LAMMPS's `clear` makes a new Modify, with the fix styles of the build */
    (*host(r)->modify->fix_map)[ML_FIX_ATOMS_STYLE] = &create_fix_atoms;
}

extern "C" int ml_host_fix_exists(const ml_run *r, const char *fix)
{
    return host(r)->modify->find_fix(std::string(fix)) >= 0;
}

extern "C" int ml_host_fix_is(const ml_run *r, const char *fix, const int *extensive)
{
    LAMMPS *lmp = host(r);
    const int i = lmp->modify->find_fix(std::string(fix));
    return i >= 0 && lmp->modify->fix[i]->extlist == extensive;
}

namespace
{
/* Modify's lists of the per-atom data of the restart file read last are
 * protected members (LAMMPS's own fixes take their data when they are
 * made, Modify::add_fix); a derived class names them, so that their
 * member pointers can be taken and applied to LAMMPS's Modify. The class
 * is never instantiated. */
struct RestartLists : LAMMPS_NS::Modify {
    using LAMMPS_NS::Modify::id_restart_peratom;
    using LAMMPS_NS::Modify::index_restart_peratom;
    using LAMMPS_NS::Modify::style_restart_peratom;
    using LAMMPS_NS::Modify::used_restart_peratom;
};
char **LAMMPS_NS::Modify::*const restart_ids = &RestartLists::id_restart_peratom;
char **LAMMPS_NS::Modify::*const restart_styles = &RestartLists::style_restart_peratom;
int *LAMMPS_NS::Modify::*const restart_index = &RestartLists::index_restart_peratom;
int *LAMMPS_NS::Modify::*const restart_used = &RestartLists::used_restart_peratom;
} // namespace

extern "C" int ml_host_restart_take(ml_run *r, const char *fix, const char *style)
{
    LAMMPS_NS::Modify *m = host(r)->modify;
    if (host(r)->atom->nextra_store <= 0)
        return -1;
    for (int k = 0; k < m->nfix_restart_peratom; k++) {
        char *id = (m->*restart_ids)[k];
        if ((m->*restart_used)[k] || std::string(id) != fix ||
            std::string((m->*restart_styles)[k]) != style)
            continue;
        (m->*restart_used)[k] = 1; /* not reported as unused */
        id[0] = '\0';              /* matches no fix: not handed to the new one */
        return (m->*restart_index)[k];
    }
    return -1;
}

extern "C" const double *ml_host_restart_values(const ml_run *r, int entry, int i, int *n)
{
    const LAMMPS_NS::Atom *atom = host(r)->atom;
    const double *row = atom->extra[i];
    const int size = atom->nextra_store;
    /* each fix's values are preceded by their count plus 1 (Fix::pack_restart) */
    int at = 0;
    for (int k = 0; k < entry && at < size; k++) {
        const double step = row[at];
        if (!(step >= 1.0 && step <= size - at))
            return nullptr;
        at += static_cast<int>(step);
    }
    if (at >= size || !(row[at] >= 1.0 && row[at] <= size - at))
        return nullptr;
    *n = static_cast<int>(row[at]) - 1;
    return row + at + 1;
}

extern "C" void ml_host_no_data_file(const ml_run *r, const char *fix)
{
    LAMMPS *lmp = host(r);
    if (lmp->force->pair)
        lmp->force->pair->writedata = 0;
    const int i = lmp->modify->find_fix(std::string(fix));
    if (i >= 0)
        lmp->modify->fix[i]->wd_section = 0;
}

extern "C" int ml_host_ghost_velocity(const ml_run *r)
{
    return host(r)->comm->ghost_velocity;
}

extern "C" double ml_host_neighbor_cutoff(const ml_run *r)
{
    const LAMMPS_NS::Neighbor *n = host(r)->neighbor;
    return n->cutneighmax - n->skin;
}

extern "C" int ml_host_neighbors(const ml_run *r, int list, ml_neighbors *out)
{
    const LAMMPS_NS::Neighbor *n = host(r)->neighbor;
    if (list < 0 || list >= n->nlist)
        return -1;
    const LAMMPS_NS::NeighList *l = n->lists[list];
    *out = ml_neighbors{l->inum, l->ilist, l->numneigh, l->firstneigh};
    return 0;
}

extern "C" const char *ml_host_atom_style(const ml_run *r)
{
    return host(r)->atom->atom_style;
}

extern "C" const char *ml_host_pair_style(const ml_run *r)
{
    const char *style = host(r)->force->pair_style;
    return style ? style : "";
}

extern "C" int ml_host_setup(const ml_run *r)
{
    return host(r)->update->setupflag;
}

extern "C" void ml_host_reverse_comm(ml_run *r)
{
    host(r)->comm->reverse_comm();
}

extern "C" int ml_host_group_bit(const ml_run *r, const char *group)
{
    LAMMPS *lmp = host(r);
    const int g = lmp->group->find(std::string(group));
    return g < 0 ? 0 : lmp->group->bitmask[g];
}

extern "C" int ml_host_freeze_bit(const ml_run *r)
{
    LAMMPS *lmp = host(r);
    const int i = lmp->modify->find_fix_by_style("^freeze");
    return i < 0 ? 0 : lmp->modify->fix[i]->groupbit;
}

/* The largest radius per type, as PairGranular::init_style finds it: the
 * radius fix pour and then fix deposit will insert (their extract), then
 * the atoms', those of fix freeze's group apart, over every rank. */
extern "C" void ml_host_type_radii(ml_run *r, double *dynamic, double *frozen)
{
    LAMMPS *lmp = host(r);
    const int ntypes = lmp->atom->ntypes;
    std::vector<double> dyn(ntypes + 1, 0.0), frz(ntypes + 1, 0.0);
    const int pour = lmp->modify->find_fix_by_style("^pour");
    const int deposit = lmp->modify->find_fix_by_style("^deposit");
    for (int t = 1; t <= ntypes; t++) {
        for (int f : {pour, deposit}) {
            int type = t;
            const void *rad = f >= 0 ? lmp->modify->fix[f]->extract("radius", type) : nullptr;
            if (rad)
                dyn[t] = *static_cast<const double *>(rad);
        }
    }
    const int freeze = ml_host_freeze_bit(r);
    const double *radius = lmp->atom->radius;
    const int *mask = lmp->atom->mask, *type = lmp->atom->type;
    for (int i = 0; radius && i < lmp->atom->nlocal; i++) {
        double &m = (mask[i] & freeze) ? frz[type[i]] : dyn[type[i]];
        m = std::max(m, radius[i]);
    }
    dynamic[0] = frozen[0] = 0.0;
    MPI_Allreduce(&dyn[1], &dynamic[1], ntypes, MPI_DOUBLE, MPI_MAX, r->comm);
    MPI_Allreduce(&frz[1], &frozen[1], ntypes, MPI_DOUBLE, MPI_MAX, r->comm);
}

extern "C" int ml_host_set_cutoffs(ml_run *r, const double *cut)
{
    LAMMPS *lmp = host(r);
    LAMMPS_NS::Pair *pair = lmp->force->pair;
    if (!pair || !pair->cutsq || std::strcmp(ml_host_pair_style(r), "zero") != 0)
        return -1;
    const int n = lmp->atom->ntypes;
    double largest = 0.0;
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= n; j++) {
            const double c = cut[i * (n + 1) + j];
            pair->cutsq[i][j] = c * c;
            largest = std::max(largest, c);
        }
    pair->cutforce = largest;
    return 0;
}
