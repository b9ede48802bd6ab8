/* SPDX-License-Identifier: BSD-3-Clause */
/* The pair styles of mbc-lammps (pair_mbc.h). Written from the facts of
 * LAMMPS's pair_granular.cpp of the linked version (the order of its
 * set-up, its neighbor request and history fix, single()'s svector,
 * init_one()'s cutoffs), not from its code. */
#include "pair_mbc.h"

#include <lammps/domain.h>
#include <lammps/neigh_list.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

#include "styles.h"

extern "C" {
#include "classic_words.h"
#include "mbconnect/evaluate.h"
#include "mbconnect/generated/contact_granular.h"
}

using namespace LAMMPS_NS;

namespace mbc_lammps
{

namespace
{
/* The first 8 bytes of the pair's part of a restart file: its format. */
const char RESTART_MAGIC[8] = {'M', 'B', 'C', 'P', 'A', 'I', 'R', '1'};

/* An ID of the form BASE, BASE_2, ... that no fix has yet. */
std::string free_id(Modify *modify, const std::string &base)
{
    std::string id = base;
    for (int k = 2; modify->find_fix(id) >= 0 || modify->find_fix(id + "_DUMMY") >= 0; k++)
        id = base + "_" + std::to_string(k);
    return id;
}

/* "granular/mbc" -> "GRANULAR_MBC" */
std::string id_base(const std::string &style)
{
    std::string s = "MBC_HISTORY_";
    for (char c : style)
        s += c == '/' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return s;
}

/* The tally callback of pair_step.h: the Pair's ev_tally_xyz. */
void tally_pair(void *ctx, int i, int j, double energy, const double f_i[3], const double del[3])
{
    static_cast<PairMbc *>(ctx)->tally_xyz(i, j, energy, f_i, del);
}
} // namespace

Pair *PairMbc::create_granular(LAMMPS *lmp)
{
    return new PairMbc(lmp, "granular/mbc", 1);
}

Pair *PairMbc::create_mbconnect(LAMMPS *lmp)
{
    return new PairMbc(lmp, "mbconnect", 0);
}

Pair *PairMbc::create_gran_hooke(LAMMPS *lmp)
{
    return new PairMbc(lmp, "gran/hooke/mbc", 0, ML_CLASSIC_HOOKE);
}

Pair *PairMbc::create_gran_hooke_history(LAMMPS *lmp)
{
    return new PairMbc(lmp, "gran/hooke/history/mbc", 0, ML_CLASSIC_HOOKE_HISTORY);
}

Pair *PairMbc::create_gran_hertz_history(LAMMPS *lmp)
{
    return new PairMbc(lmp, "gran/hertz/history/mbc", 0, ML_CLASSIC_HERTZ_HISTORY);
}

PairMbc::PairMbc(LAMMPS *lmp, const char *style_name, int words, int classic_model)
    : Pair(lmp), style(style_name), words_only(words), classic(classic_model)
{
    run = style_run(lmp, style_name);
    lammps2021 = !run->corrected;
    single_enable = 1;
    /* svector as LAMMPS's own style's: pair_style granular's 12, the
     * classic styles' 10 */
    single_extra = classic >= 0 ? 10 : 12;
    svector = new double[single_extra];
    comm_forward = 1;            /* the rigid bodies' masses of ghost atoms */
    writedata = classic < 0;     /* the classic styles write no Pair Coeffs, as LAMMPS's */
    no_virial_fdotr_compute = 1; /* the virial is tallied pair by pair */
    centroidstressflag = CENTROID_NOTAVAIL;
    finitecutflag = 1;
    nondefault_history_transfer = 1; /* ml_step_transfer */
    reinitflag = 0;                  /* fix adapt cannot change a law's parameters */
    history_id = free_id(modify, id_base(style));
    dummy_id = history_id + "_DUMMY";
    ids_id = history_id + "_IDS";
    place_history();
    held_c.node.release = release_held;
    held_c.self = this;
    ml_hold(run, &held_c.node);
    mbc_error err = {};
    if (ml_step_create(&step, &err) != MBC_OK)
        raise_error(err);
}

void PairMbc::release_held(ml_held *h)
{
    PairMbc *p = reinterpret_cast<Held_c *>(h)->self;
    ml_step_destroy(p->step);
    p->step = nullptr;
    ml_laws_destroy(p->laws);
    p->laws = nullptr;
}

PairMbc::~PairMbc()
{
    delete[] svector;
    svector = nullptr;
    const std::string made = history ? std::string(history->id) : std::string();
    for (const std::string &id : {made, dummy_id, ids_id})
        if (!id.empty() && modify->find_fix(id) >= 0)
            modify->delete_fix(id);
    ml_unhold(run, &held_c.node);
    release_held(&held_c.node);
    if (allocated) {
        memory->destroy(setflag);
        memory->destroy(cutsq);
    }
}

/* An error every rank found alike (its message names the style). */
void PairMbc::raise_error(const mbc_error &err)
{
    raise_all(lmp, err, __FILE__, __LINE__);
}

/* A placeholder where the history fix will be, so that its place among
 * the fixes is the pair style's (its pre_exchange must come before any fix
 * that migrates atoms), as pair_style granular does; made when the pair
 * style is, or, for one made before the box (before read_data, whose Pair
 * Coeffs need it), at its first pair_coeff, before any fix. */
void PairMbc::place_history()
{
    if (!history && domain->box_exist && modify->find_fix(dummy_id) < 0)
        modify->add_fix(dummy_id + " all DUMMY", 1);
}

void PairMbc::allocate()
{
    allocated = 1;
    const int n = atom->ntypes + 1;
    memory->create(setflag, n, n, "pair:setflag");
    memory->create(cutsq, n, n, "pair:cutsq");
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            setflag[i][j] = 0;
    maxrad_dynamic.assign(n, 0.0);
    maxrad_frozen.assign(n, 0.0);
    make_laws();
}

void PairMbc::make_laws()
{
    mbc_error err = {};
    if (ml_laws_create(&run->registry, style.c_str(), words_only, lammps2021, run->books,
                       atom->ntypes, &laws, &err) != MBC_OK)
        raise_error(err);
    laws->nktv2p = force->nktv2p; /* gran/hertz/history's words in pressure units */
}

/* pair_style granular/mbc [cutoff] (as pair_style granular), pair_style
 * mbconnect [cutoff]: the cutoff of every type pair without a `cutoff`
 * keyword. The same style again keeps the coefficients. */
void PairMbc::settings(int narg, char **arg)
{
    if (classic >= 0) {
        settings_classic(narg, arg);
        return;
    }
    if (narg > 1)
        ML_ALL(error, "Illegal pair_style " + style + " command: at most a cutoff (given " +
                          std::to_string(narg) + " arguments)");
    cutoff_global = narg == 1 ? utils::numeric(FLERR, arg[0], false, lmp) : -1.0;
}

/* pair_style gran/hooke/mbc Kn Kt gamma_n gamma_t xmu dampflag
 * [limit_damping] (and the other classic styles): the words checked now,
 * as LAMMPS's own style checks them, and kept for pair_coeff. */
void PairMbc::settings_classic(int narg, char **arg)
{
    ml_classic_law law;
    int used = 0;
    mbc_error err = {};
    if (ml_classic_parse(classic, narg, arg, force->nktv2p, false, &law, &used, &err) != MBC_OK)
        ML_ALL(error, "Illegal pair_style " + style + " command: " + err.message);
    classic_words.assign(1, style.substr(0, style.size() - 4)); /* gran/hooke/mbc -> gran/hooke */
    classic_words.insert(classic_words.end(), arg, arg + narg);
}

/* pair_coeff I J: a classic style's words given to the pairs; the other
 * styles' lines as they come. */
void PairMbc::coeff(int narg, char **arg)
{
    if (classic < 0) {
        coeff_line(narg, arg);
        return;
    }
    if (narg != 2)
        ML_ALL(error, "Incorrect args for pair coefficients: pair_coeff I J (pair_style " + style +
                          " takes its words in the pair_style line; given " + std::to_string(narg) +
                          " arguments)");
    std::vector<std::string> words = {arg[0], arg[1]};
    words.insert(words.end(), classic_words.begin(), classic_words.end());
    std::vector<char *> argv;
    argv.reserve(words.size());
    for (std::string &w : words)
        argv.push_back(&w[0]);
    coeff_line(static_cast<int>(argv.size()), argv.data());
}

/* pair_coeff I J WORDS...: the law of the words for the type pairs. */
void PairMbc::coeff_line(int narg, char **arg)
{
    if (narg < 3)
        ML_ALL(error, "Incorrect args for pair coefficients: pair_coeff I J " +
                          std::string(words_only ? "WORDS... (pair_style granular's)"
                                                 : "TYPE [NAME VALUE]..., granular WORDS..., "
                                                   "gran/hooke|gran/hooke/history|gran/hertz/"
                                                   "history WORDS... or none"));
    if (!allocated)
        allocate();
    place_history();
    int lo[2], hi[2];
    utils::bounds(FLERR, arg[0], 1, atom->ntypes, lo[0], hi[0], error);
    utils::bounds(FLERR, arg[1], 1, atom->ntypes, lo[1], hi[1], error);
    mbc_error err = {};
    if (ml_laws_coeff(laws, lo, hi, narg - 2, arg + 2, &err) != MBC_OK)
        raise_error(err);
    for (int i = lo[0]; i <= hi[0]; i++)
        for (int j = std::max(lo[1], i); j <= hi[1]; j++)
            setflag[i][j] = 1;
}

/* What the style needs of the run, each an error line. */
void PairMbc::check_run()
{
    if (!atom->radius_flag || !atom->rmass_flag || !atom->omega_flag || !atom->torque_flag)
        ML_ALL(error, "Pair " + style +
                          " requires atom attributes radius, rmass, omega and torque (atom_style "
                          "sphere)");
    if (comm->ghost_velocity == 0)
        ML_ALL(error,
               "Pair " + style + " requires ghost atoms store velocity (comm_modify vel yes)");
    if (!atom->tag_enable)
        ML_ALL(error, "Pair " + style + " requires atom IDs (its contact history names partners)");
    if (utils::strmatch(update->integrate_style, "^respa"))
        ML_ALL(error,
               "Pair " + style + ": run_style respa is not supported (use run_style verlet)");
}

/* Every type pair I != J that no line named: its law mixed now, as
 * LAMMPS's init_one() mixes; one warning for the pairs LAMMPS 2021 leaves
 * unset. */
void PairMbc::mix_all()
{
    /* a classic style: one law for every type pair, so a pair I J whose I I
     * and J J are named has it too (LAMMPS mixes it from the same words) */
    for (int i = 1; classic >= 0 && i <= atom->ntypes; i++)
        for (int j = i + 1; j <= atom->ntypes; j++)
            if (!setflag[i][j] && setflag[i][i] && setflag[j][j]) {
                std::string a = std::to_string(i), b = std::to_string(j);
                char *ij[2] = {&a[0], &b[0]};
                coeff(2, ij);
            }
    std::string unset;
    for (int i = 1; i <= atom->ntypes; i++)
        for (int j = i + 1; j <= atom->ntypes; j++) {
            int mixed = 0;
            mbc_error err = {};
            if (ml_laws_mix(laws, i, j, &mixed, &err) != MBC_OK)
                raise_error(err);
            if (mixed)
                unset += (unset.empty() ? "" : ", ") + std::to_string(i) + "-" + std::to_string(j);
        }
    if (!unset.empty() && lammps2021 && comm->me == 0)
        ML_WARN(error, style + ": type pairs " + unset +
                           " have no pair_coeff line of their own: LAMMPS 2021 reads their "
                           "models from memory nothing wrote; taking the documented mix "
                           "(docs/physics-departures.rst)");
}

/* The largest radius per type, of dynamic and frozen atoms apart, and the
 * radius fix pour and then fix deposit will insert, over every rank (as
 * pair_style granular's init_style). */
void PairMbc::set_radii()
{
    const int n = atom->ntypes;
    std::vector<double> dyn(n + 1, 0.0), frz(n + 1, 0.0);
    const int ipour = modify->find_fix_by_style("^pour");
    const int idep = modify->find_fix_by_style("^deposit");
    for (int t = 1; t <= n; t++)
        for (int f : {ipour, idep}) {
            int type = t;
            const void *rad = f >= 0 ? modify->fix[f]->extract("radius", type) : nullptr;
            if (rad)
                dyn[t] = *static_cast<const double *>(rad);
        }
    for (int i = 0; i < atom->nlocal; i++) {
        double &m = (atom->mask[i] & freeze_group_bit) ? frz[atom->type[i]] : dyn[atom->type[i]];
        m = std::max(m, atom->radius[i]);
    }
    MPI_Allreduce(&dyn[1], &maxrad_dynamic[1], n, MPI_DOUBLE, MPI_MAX, world);
    MPI_Allreduce(&frz[1], &maxrad_frozen[1], n, MPI_DOUBLE, MPI_MAX, world);
}

/* The history fix's ID: the style's, with the records' width and kind, so
 * that a restart file's history is handed only to a fix of that layout. */
std::string PairMbc::history_key() const
{
    return history_id + "_W" + std::to_string(laws->width) +
           (laws->classic_orient ? "_C"
            : laws->owner_orient ? "_O"
                                 : "_L");
}

/* FixNeighHistory in the placeholder's place (or in the place of the one
 * of another layout, whose contacts then start anew). */
void PairMbc::make_history()
{
    const std::string id = history_key();
    const std::string args = id + " all NEIGH_HISTORY " + std::to_string(laws->width);
    if (history && id == history->id)
        return;
    Fix *f = nullptr;
    if (history) {
        if (comm->me == 0 && evaluated)
            ML_WARN(error, style + ": the laws' records changed their layout: every contact "
                                   "starts anew");
        f = modify->replace_fix(history->id, args, 1);
    } else if (modify->find_fix(dummy_id) >= 0) {
        f = modify->replace_fix(dummy_id, args, 1);
    } else {
        f = modify->add_fix(args, 1);
    }
    history = view_history(f, laws->width, force->newton_pair);
    if (!history) {
        ML_ALL(error, style + ": this LAMMPS's FixNeighHistory is not laid out as that of 29 "
                              "Sep 2021 (mbc-lammps is built for Debian's LAMMPS)");
        return; /* not reached: Error::all ends the run */
    }
    history->pair = this;
    evaluated = 0;
}

/* The records of atoms whose IDs changed since the last run: kept under
 * the old IDs as LAMMPS 2021's FixNeighHistory keeps them (the styles that
 * stand for LAMMPS's own, by default), or remapped to the new IDs
 * (mbconnect corrected yes; pair_style mbconnect always). The IDs' fix is
 * made at the first run's set-up (after read_restart has read the file's
 * per-atom data, which LAMMPS hands it then). */
void PairMbc::remap_ids()
{
    const int old_ids = lammps2021 && (words_only || classic >= 0);
    if (!ids || modify->find_fix(ids_id) < 0)
        ids = modify->add_fix(ids_id + " all " ML_FIX_IDS_STYLE, 1);
    const int *then = fix_ids_then(ids);
    mbc_error err = {};
    long long moved = 0, dropped = 0;
    const mbc_status st = ml_ids_remap(world, atom->nlocal, atom->tag, then, history->npartner,
                                       history->partner, history->valuepartner, laws->width,
                                       !laws->owner_orient, !old_ids, &moved, &dropped, &err);
    if (ml_agree(world, st, &err) >= 0)
        raise_error(err);
    const std::string why = ": atom IDs were reassigned since the last run (reset_atom_ids, "
                            "delete_atoms compress yes): ";
    if ((moved > 0 || dropped > 0) && comm->me == 0 && old_ids)
        ML_WARN(error, style + why + std::to_string(moved + dropped) +
                           " contact records keep their atoms' old IDs, as LAMMPS 2021's do "
                           "(each goes to the pair that has those IDs now); mbconnect corrected "
                           "yes makes them follow their atoms");
    else if ((moved > 0 || dropped > 0) && comm->me == 0)
        ML_WARN(error, style + why + std::to_string(moved) +
                           " contact records follow their atoms' new IDs, " +
                           std::to_string(dropped) +
                           " were dropped (their partner was deleted, or the records' "
                           "orientation depends on the IDs)");
    fix_ids_refresh(ids);
}

/* The log line that says which law computes the style. */
void PairMbc::announce()
{
    if (comm->me != 0)
        return;
    std::string names;
    for (size_t k = 0; k < laws->law_count; k++) {
        const std::string t = laws->laws[k]->object->type->type_name;
        if (names.find(t) == std::string::npos)
            names += (names.empty() ? "" : ", ") + t;
    }
    const std::string of = words_only     ? "pair_style granular computed by"
                           : classic >= 0 ? "pair_style " + classic_words.at(0) + " computed by"
                                          : "pair laws of";
    const bool words = names.find("ContactGranular") != std::string::npos ||
                       names.find("ContactGranClassic") != std::string::npos;
    std::string mode;
    if (words)
        mode = lammps2021 ? ", LAMMPS 2021's numbers (mbconnect corrected no)"
                          : ", the corrected forms (mbconnect corrected yes)";
    utils::logmesg(lmp, style + ": " + of + " mbconnect's " + (names.empty() ? "none" : names) +
                            " (" + std::to_string(laws->law_count) + " law" +
                            (laws->law_count == 1 ? "" : "s") + ")" + mode + "\n");
}

void PairMbc::init_style()
{
    check_run();
    if (!laws)
        make_laws();
    mix_all();
    mbc_error err = {};
    if (ml_laws_history_run(laws, &err) != MBC_OK || ml_laws_finish(laws, &err) != MBC_OK ||
        ml_step_laws(step, laws, &err) != MBC_OK)
        raise_error(err);
    beyond_contact = laws->beyond_contact;
    const int irequest = neighbor->request(this, instance_me);
    NeighRequestView *rq = view_request(neighbor, irequest, this);
    if (!rq) {
        ML_ALL(error, style + ": this LAMMPS's NeighRequest is not laid out as that of 29 Sep 2021 "
                              "(mbc-lammps is built for Debian's LAMMPS)");
        return; /* not reached: Error::all ends the run */
    }
    rq->size = !laws->cutoff_lists; /* neighbors within r_i + r_j + skin */
    rq->history = 1;                /* marked for FixNeighHistory */
    make_history();
    remap_ids();
    const int ifreeze = modify->find_fix_by_style("^freeze");
    freeze_group_bit = ifreeze < 0 ? 0 : modify->fix[ifreeze]->groupbit;
    /* the first fix of rigid bodies, as LAMMPS 2021's granular styles find it */
    fix_rigid = nullptr;
    for (int k = 0; k < modify->nfix && !fix_rigid; k++)
        if (modify->fix[k]->rigid_flag)
            fix_rigid = modify->fix[k];
    set_radii();
    announce();
}

double PairMbc::init_one(int i, int j)
{
    const double cut = ml_laws_cutoff(laws, i, j, maxrad_dynamic.data(), maxrad_frozen.data());
    if (laws->cut_type[ml_laws_pair(laws, i, j)] < 0.0 && cutoff_global > 0.0)
        return cutoff_global;
    return cut;
}

/* The masses the laws read: rmass, +inf for fix freeze's atoms (the other
 * sphere's mass is then the pair's effective mass, as pair_style
 * granular takes it). */
const double *PairMbc::masses(int nall)
{
    if (!freeze_group_bit && !fix_rigid)
        return atom->rmass;
    if (static_cast<int>(mass_scratch.size()) < nall)
        mass_scratch.resize(atom->nmax);
    const bool rigid = fix_rigid && static_cast<int>(mass_rigid.size()) >= nall;
    for (int i = 0; i < nall; i++) {
        const double body = rigid ? mass_rigid[i] : 0.0;
        mass_scratch[i] = (atom->mask[i] & freeze_group_bit) ? INFINITY
                          : body > 0.0                       ? body
                                                             : atom->rmass[i];
    }
    return mass_scratch.data();
}

/* At a step that rebuilt the neighbor lists: each owned atom's body mass
 * (0 for an atom in no body), then the ghosts' by forward communication,
 * as LAMMPS 2021's granular styles (between rebuilds the masses stay). */
void PairMbc::update_rigid()
{
    if (!fix_rigid || neighbor->ago != 0)
        return;
    int dim = 0;
    const int *body = static_cast<const int *>(fix_rigid->extract("body", dim));
    const double *mass_body = static_cast<const double *>(fix_rigid->extract("masstotal", dim));
    if (static_cast<int>(mass_rigid.size()) < atom->nmax)
        mass_rigid.resize(atom->nmax);
    for (int i = 0; i < atom->nlocal; i++)
        mass_rigid[i] = body && mass_body && body[i] >= 0 ? mass_body[body[i]] : 0.0;
    comm->forward_comm_pair(this);
}

int PairMbc::pack_forward_comm(int n, int *list_, double *buf, int, int *)
{
    for (int k = 0; k < n; k++)
        buf[k] = mass_rigid[list_[k]];
    return n;
}

void PairMbc::unpack_forward_comm(int n, int first, double *buf)
{
    for (int k = 0; k < n; k++)
        mass_rigid[first + k] = buf[k];
}

void PairMbc::tally_xyz(int i, int j, double energy, const double f_i[3], const double del[3])
{
    ev_tally_xyz(i, j, atom->nlocal, force->newton_pair, energy, 0.0, f_i[0], f_i[1], f_i[2],
                 del[0], del[1], del[2]);
}

void PairMbc::compute(int eflag, int vflag)
{
    ev_init(eflag, vflag);
    update_rigid();
    const int nlocal = atom->nlocal, nall = nlocal + atom->nghost;
    ml_step_frame f = {};
    f.inum = list->inum;
    f.ilist = list->ilist;
    f.numneigh = list->numneigh;
    f.firstneigh = list->firstneigh;
    f.touch = history->firstflag;
    f.history = history->firstvalue;
    f.atoms = mbc_pair_atoms{(const double(*)[3])atom->x[0],
                             (const double(*)[3])atom->v[0],
                             (const double(*)[3])atom->omega[0],
                             atom->radius,
                             masses(nall),
                             (double(*)[3])atom->f[0],
                             (double(*)[3])atom->torque[0],
                             force->newton_pair ? nall : nlocal};
    f.type = atom->type;
    f.tag = atom->tag;
    f.nlocal = nlocal;
    f.dt = update->dt;
    f.setup = update->setupflag;
    f.first = !evaluated;
    f.tally = evflag ? tally_pair : nullptr;
    f.ctx = this;
    f.sums = modify->find_fix_by_style("^" ML_FIX_SUMS_STYLE "$") >= 0;
    mbc_error err = {};
    const mbc_status st = nlocal > 0 || f.inum > 0 ? ml_step_run(step, laws, &f, &last, &err)
                                                   : (last = ml_step_report{}, MBC_OK);
    finish_compute(st, err);
}

/* After an evaluation, on every rank: the error agreed on and raised, the
 * warnings of contacts that start without history (the first evaluation)
 * or deep (once). */
void PairMbc::finish_compute(mbc_status st, const mbc_error &e)
{
    /* the partners FixNeighHistory holds at the first evaluation: those a
     * restart file handed it (none when its fix was of another layout) */
    double partners = 0.0;
    for (int i = 0; !evaluated && history && history->npartner && i < atom->nlocal; i++)
        partners += history->npartner[i];
    double mine[4] = {st != MBC_OK ? 1.0 : 0.0, last.fresh, last.deep, partners}, all[4] = {};
    MPI_Allreduce(mine, all, 4, MPI_DOUBLE, MPI_SUM, world);
    const std::string step_text = style + ": step " + std::to_string(update->ntimestep) + ": ";
    if (all[0] > 0.0) {
        mbc_error err = e;
        const int rank = ml_agree(world, st, &err);
        const std::string text = step_text + err.message;
        snprintf(err.message, sizeof err.message, "%s", text.c_str());
        raise_atoms(lmp, err, rank, __FILE__, __LINE__);
    }
    if (!evaluated && (!restored || all[3] == 0.0) && all[1] > 0.0 && comm->me == 0)
        ML_WARN(error, step_text + std::to_string(static_cast<long long>(all[1])) +
                           " contacts start without their history: no contact history to "
                           "continue: a new set-up, or atoms from a data file (restart files keep "
                           "the history, data files do not); docs/lammps.rst, \"Restarts and data "
                           "files\"");
    evaluated = 1;
    if (all[2] > 0.0 && !deep_warned) {
        struct {
            double ratio;
            int rank;
        } me_ratio = {last.deep_ratio, comm->me}, deepest = {0.0, 0};
        MPI_Allreduce(&me_ratio, &deepest, 1, MPI_DOUBLE_INT, MPI_MAXLOC, world);
        double pair[4] = {last.deep_overlap, last.deep_radius, double(last.deep_tag[0]),
                          double(last.deep_tag[1])};
        MPI_Bcast(pair, 4, MPI_DOUBLE, deepest.rank, world);
        char text[400];
        snprintf(text, sizeof text,
                 "atoms %.0f and %.0f start their contact overlapping by %g, %.0f %% of the "
                 "smaller radius %g (%.0f contacts started deeper than %.0f %% of it): atoms "
                 "placed overlapping, or a time step too long for the impacts? (said once)",
                 pair[2], pair[3], pair[0], 100.0 * pair[0] / pair[1], pair[1], all[2],
                 100.0 * ML_STEP_DEEP);
        if (comm->me == 0)
            ML_WARN(error, step_text + text);
        deep_warned = 1;
    }
}

void PairMbc::transfer_history(double *source, double *target)
{
    ml_step_transfer(laws, source, target);
}

/* -------------------------------------------------------------- single */

/* The record of pair (i, j) as seen from i: in i's list, or j's exchanged
 * (copy holds it then); NULL when the pair has none (not in contact). */
const double *PairMbc::find_record(int i, int j, double *copy)
{
    const int width = laws->width;
    auto look = [&](int a, int b) -> const double * {
        if (a >= atom->nlocal || !history->firstvalue)
            return nullptr;
        const int n = list->numneigh[a];
        const int *jl = list->firstneigh[a];
        for (int k = 0; k < n; k++) {
            neighprev = neighprev + 1 >= n ? 0 : neighprev + 1;
            if ((jl[neighprev] & NEIGHMASK) == b)
                return history->firstflag[a][neighprev]
                           ? history->firstvalue[a] + static_cast<size_t>(width) * neighprev
                           : nullptr;
        }
        return nullptr;
    };
    if (const double *rec = look(i, j))
        return rec;
    const double *rec = look(j, i);
    if (!rec) { /* compute pair/local's own list may hold the pair as j's image and i */
        const auto found = records_by_ids().find(id_key(atom->tag[i], atom->tag[j]));
        if (found == by_ids.end())
            return nullptr;
        if (found->second.owner == atom->tag[i])
            return found->second.record;
        rec = found->second.record;
    }
    ml_step_transfer(laws, rec, copy);
    return copy;
}

/* The touching pairs of the pair style's list by their atoms' IDs, made
 * once per step and list (for single(): a compute's list may hold a pair
 * that the pair style's holds as the other atom and an image). */
const std::unordered_map<uint64_t, PairMbc::Held> &PairMbc::records_by_ids()
{
    if (by_ids_step == update->ntimestep && by_ids_list == neighbor->lastcall)
        return by_ids;
    by_ids.clear();
    const int width = laws->width;
    for (int ii = 0; ii < list->inum; ii++) {
        const int i = list->ilist[ii];
        for (int jj = 0; jj < list->numneigh[i]; jj++) {
            if (!history->firstflag[i][jj])
                continue;
            const int j = list->firstneigh[i][jj] & NEIGHMASK;
            by_ids.emplace(
                id_key(atom->tag[i], atom->tag[j]),
                Held{history->firstvalue[i] + static_cast<size_t>(width) * jj, atom->tag[i]});
        }
    }
    by_ids_step = update->ntimestep;
    by_ids_list = neighbor->lastcall;
    return by_ids;
}

/* compute pair/local: the law of (i, j) with the pair's record, without a
 * step: F_n / r (the force along x_i - x_j for a law without a normal
 * force output) and svector as pair_style granular's: the tangential force
 * (3) and its magnitude, the rolling force (3) and its magnitude, the
 * twisting torque, x_i - x_j (3). A pair out of contact gives zeros. */
double PairMbc::single(int i, int j, int itype, int jtype, double rsq, double, double,
                       double &fforce)
{
    fforce = 0.0;
    for (int m = 0; m < single_extra; m++)
        svector[m] = 0.0;
    const int nall = atom->nlocal + atom->nghost;
    if (i >= nall || j >= nall)
        ML_ALL(error, "Not enough atoms for pair " + style + " single function");
    const ml_law *law = ml_laws_of(laws, itype, jtype);
    std::vector<double> copy(laws->width + 1);
    const double *rec = law ? find_record(i, j, copy.data()) : nullptr;
    if (!rec || (law->lammps2021 && !jkr_reported_2021(law, i, j, rsq)))
        return 0.0;
    if (classic >= 0) {
        single_results(i, j, law, rec, rsq, fforce);
        single_classic(i, j, rsq);
        return 0.0; /* LAMMPS's classic styles report no energy */
    }
    for (int d = 0; d < 3; d++)
        svector[9 + d] = atom->x[i][d] - atom->x[j][d];
    if (law->granular)
        return single_granular(i, j, law, rec, rsq, fforce);
    return single_results(i, j, law, rec, rsq, fforce);
}

/* The classic styles' svector[4..9]: the normal and the tangential parts
 * of v_i - v_j (as pair_gran_hooke_history.cpp's single() gives them). */
void PairMbc::single_classic(int i, int j, double rsq)
{
    double del[3], vr[3], vnnr = 0.0;
    for (int d = 0; d < 3; d++) {
        del[d] = atom->x[i][d] - atom->x[j][d];
        vr[d] = atom->v[i][d] - atom->v[j][d];
        vnnr += vr[d] * del[d];
    }
    const double rsqinv = 1.0 / rsq;
    for (int d = 0; d < 3; d++) {
        svector[4 + d] = del[d] * vnnr * rsqinv;
        svector[7 + d] = vr[d] - svector[4 + d];
    }
}

/* LAMMPS 2021's single() reports a jkr pair only while its distance is
 * within r_i + r_j + delta_c, delta_c the (negative) pull-off overlap (its
 * sign error, docs/physics-departures.rst): a contact the pair style holds
 * beyond that gives zeros there. Other laws: reported. */
bool PairMbc::jkr_reported_2021(const ml_law *law, int i, int j, double rsq) const
{
    const double reach = mbc_pair_eval_reach(law->object, atom->radius[i], atom->radius[j]);
    if (!(reach > 0.0))
        return true;
    const double dist = atom->radius[i] + atom->radius[j] - reach;
    return rsq <= dist * dist;
}

double PairMbc::single_granular(int i, int j, const ml_law *law, const double *rec, double rsq,
                                double &fforce)
{
    mbc_object *o = law->object;
    auto *p = static_cast<mbc_contact_granular_params *>(o->params);
    p->spheresRadii[0] = atom->radius[i];
    p->spheresRadii[1] = atom->radius[j];
    for (int s = 0; s < 2; s++) {
        const int a = s == 0 ? i : j;
        p->spheresMasses[s] = (atom->mask[a] & freeze_group_bit) ? INFINITY : atom->rmass[a];
    }
    mbc_rigid_marker mk[2];
    for (int s = 0; s < 2; s++) {
        const int a = s == 0 ? i : j;
        for (int d = 0; d < 3; d++) {
            mk[s].position[d] = atom->x[a][d];
            mk[s].velocity[d] = atom->v[a][d];
            mk[s].angular_velocity_local[d] = atom->omega[a][d];
        }
        for (int d = 0; d < 9; d++)
            mk[s].rotation[d] = (d % 4 == 0) ? 1.0 : 0.0;
    }
    std::vector<double> data(rec, rec + law->data_count);
    mbc_state st = {};
    st.marker[0] = &mk[0];
    st.marker[1] = &mk[1];
    st.data = st.data_start = data.data();
    st.data_count = law->data_count;
    double fn = 0, ft[3] = {}, fr[3] = {}, mt = 0;
    mbc_error err = {};
    const struct {
        const char *name;
        double *out;
        size_t size;
    } want[] = {{"NormalForce", &fn, 1},
                {"TangentialForce", ft, 3},
                {"RollingForce", fr, 3},
                {"TwistingTorque", &mt, 1}};
    for (const auto &w : want) {
        const int k = mbc_type_find_output(o->type, w.name);
        if (k < 0 ||
            mbc_object_output(o, &st, static_cast<size_t>(k), w.out, w.size, &err) != MBC_OK)
            ML_ONE(error, style + " single: " + err.message);
    }
    fforce = fn * (1.0 / std::sqrt(rsq)); /* F_n r^-1, rounded as pair_style granular */
    for (int d = 0; d < 3; d++) {
        svector[d] = ft[d];
        svector[4 + d] = fr[d];
    }
    svector[3] = std::sqrt(ft[0] * ft[0] + ft[1] * ft[1] + ft[2] * ft[2]);
    svector[7] = std::sqrt(fr[0] * fr[0] + fr[1] * fr[1] + fr[2] * fr[2]);
    svector[8] = mt;
    return 0.0; /* pair_style granular reports no energy */
}

/* A law of another type: its forces of the pair (mbc_pair_eval_results,
 * no step, a copy of the record): fforce the force on i along x_i - x_j
 * over r, svector[0..3] the rest of the force on i and its magnitude; the
 * energy its output Energy (0 without one). */
double PairMbc::single_results(int i, int j, const ml_law *law, const double *rec, double rsq,
                               double &fforce)
{
    std::vector<double> data(rec, rec + law->data_count + 1);
    const int lower = laws->owner_orient || atom->tag[i] < atom->tag[j];
    const mbc_pair pair = {{lower ? i : j, lower ? j : i}, data.data()};
    const int nall = atom->nlocal + atom->nghost;
    const mbc_pair_atoms at = {(const double(*)[3])atom->x[0],
                               (const double(*)[3])atom->v[0],
                               (const double(*)[3])atom->omega[0],
                               atom->radius,
                               masses(nall),
                               nullptr,
                               nullptr,
                               nall};
    const mbc_pair_call call = {&at, &pair, 1, law->flags, update->dt, nullptr};
    mbc_pair_result res = {};
    std::vector<double> out(law->output_count + 1);
    std::vector<double> sums_out(law->output_count + 1);
    mbc_pair_sums sums = {};
    sums.outputs = law->outputs;
    sums.output_count = law->output_count;
    sums.output_sums = sums_out.data();
    mbc_error err = {};
    if (mbc_pair_eval_results(law->object, &call, &res, out.data(), &sums, &err) != MBC_OK)
        ML_ONE(error, style + " single: " + err.message);
    const double sign = lower ? -1.0 : 1.0; /* res.force is on sphere b */
    double fi[3], del[3], along = 0.0;
    for (int d = 0; d < 3; d++) {
        fi[d] = sign * res.force[d];
        del[d] = atom->x[i][d] - atom->x[j][d];
        along += fi[d] * del[d];
    }
    fforce = along / rsq;
    for (int d = 0; d < 3; d++)
        svector[d] = fi[d] - fforce * del[d];
    svector[3] =
        std::sqrt(svector[0] * svector[0] + svector[1] * svector[1] + svector[2] * svector[2]);
    return law->energy >= 0 ? out[law->energy] : 0.0;
}

/* ------------------------------------------------------ restart and data */

/* Restart: the format's magic, the laws' forms (2021 or corrected), the
 * global cutoff, then per type pair I <= J its flag and, when set, the
 * words of its pair_coeff line (read back through coeff()). */
void PairMbc::write_restart(FILE *fp)
{
    (void)fwrite(RESTART_MAGIC, 1, sizeof RESTART_MAGIC, fp);
    (void)fwrite(&lammps2021, sizeof(int), 1, fp);
    (void)fwrite(&cutoff_global, sizeof(double), 1, fp);
    for (int i = 1; i <= atom->ntypes; i++)
        for (int j = i; j <= atom->ntypes; j++) {
            (void)fwrite(&setflag[i][j], sizeof(int), 1, fp);
            if (!setflag[i][j])
                continue;
            const char *line = laws->line[ml_laws_pair(laws, i, j)];
            const int n = line ? static_cast<int>(std::strlen(line)) + 1 : 1;
            (void)fwrite(&n, sizeof(int), 1, fp);
            (void)fwrite(line ? line : "", 1, n, fp);
        }
}

void PairMbc::read_restart(FILE *fp)
{
    char magic[sizeof RESTART_MAGIC] = {};
    const int me = comm->me;
    if (me == 0)
        utils::sfread(__FILE__, __LINE__, magic, 1, sizeof magic, fp, nullptr, error);
    MPI_Bcast(magic, sizeof magic, MPI_CHAR, 0, world);
    if (std::memcmp(magic, RESTART_MAGIC, sizeof magic) != 0)
        ML_ALL(error, style + ": the restart file's pair style was not written by mbc-lammps's " +
                          style +
                          " (LAMMPS's own pair_style granular writes another format): read it "
                          "without -sf mbc, or write it again with mbc-lammps");
    if (me == 0) {
        utils::sfread(__FILE__, __LINE__, &lammps2021, sizeof(int), 1, fp, nullptr, error);
        utils::sfread(__FILE__, __LINE__, &cutoff_global, sizeof(double), 1, fp, nullptr, error);
    }
    MPI_Bcast(&lammps2021, 1, MPI_INT, 0, world);
    MPI_Bcast(&cutoff_global, 1, MPI_DOUBLE, 0, world);
    restored = 1; /* the file's contact history continues (a contact of its first step may start) */
    allocate();
    for (int i = 1; i <= atom->ntypes; i++)
        for (int j = i; j <= atom->ntypes; j++) {
            int set = 0, n = 0;
            if (me == 0)
                utils::sfread(__FILE__, __LINE__, &set, sizeof(int), 1, fp, nullptr, error);
            MPI_Bcast(&set, 1, MPI_INT, 0, world);
            if (!set)
                continue;
            if (me == 0)
                utils::sfread(__FILE__, __LINE__, &n, sizeof(int), 1, fp, nullptr, error);
            MPI_Bcast(&n, 1, MPI_INT, 0, world);
            std::vector<char> line(n + 1, '\0');
            if (me == 0)
                utils::sfread(__FILE__, __LINE__, line.data(), 1, n, fp, nullptr, error);
            MPI_Bcast(line.data(), n, MPI_CHAR, 0, world);
            std::istringstream words(line.data());
            std::vector<std::string> args = {std::to_string(i), std::to_string(j)};
            for (std::string w; words >> w;)
                args.push_back(w);
            std::vector<char *> argv;
            argv.reserve(args.size());
            for (std::string &a : args)
                argv.push_back(&a[0]);
            if (classic >= 0 && classic_words.empty()) /* a later pair_coeff I J takes them */
                classic_words.assign(args.begin() + 2, args.end());
            coeff_line(static_cast<int>(argv.size()), argv.data());
        }
}

/* Pair Coeffs: "I WORDS" per type, the words of its pair_coeff line. */
void PairMbc::write_data(FILE *fp)
{
    for (int i = 1; i <= atom->ntypes; i++) {
        const char *line = laws->line[ml_laws_pair(laws, i, i)];
        fprintf(fp, "%d %s\n", i, line ? line : "");
    }
}

/* PairIJ Coeffs: "I J WORDS" per type pair; a pair whose law is mixed has
 * no words of its own. */
void PairMbc::write_data_all(FILE *fp)
{
    for (int i = 1; i <= atom->ntypes; i++)
        for (int j = i; j <= atom->ntypes; j++) {
            const char *line = laws->line[ml_laws_pair(laws, i, j)];
            if (!line) {
                ML_ONE(error, style + ": write_data pair ij: types " + std::to_string(i) + " " +
                                  std::to_string(j) +
                                  " have no pair_coeff line of their own (their law is mixed): "
                                  "write the data file with pair ii (the default)");
                continue; /* not reached: Error::one ends the run */
            }
            fprintf(fp, "%d %d %s\n", i, j, line);
        }
}

double PairMbc::memory_usage()
{
    return static_cast<double>(mass_scratch.size() + mass_rigid.size()) * sizeof(double);
}

} // namespace mbc_lammps
