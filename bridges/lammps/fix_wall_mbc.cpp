/* SPDX-License-Identifier: BSD-3-Clause */
/* The wall styles of mbc-lammps (docs/lammps.rst, "Walls"): LAMMPS Fixes
 * whose forces are spec laws, registered by host.cpp.
 *
 *   wall/gran/mbc    fix wall/gran's granular words (picked by `-sf mbc` or
 *                    `suffix mbc` for an input's fix wall/gran): ContactGranular;
 *   wall/gran/region/mbc  fix wall/gran/region's words (granular:
 *                    ContactGranular; hooke, hooke/history, hertz/history:
 *                    ContactGranClassic) and `region ID`: the region's
 *                    surfaces, moving and rotating ones too, as LAMMPS 2021's
 *                    FixWallGranRegion forms them, with a record slot per
 *                    surface touched (wall_region.c);
 *   wall/mbconnect   fix wall/gran's words (granular: ContactGranular; hooke,
 *                    hooke/history, hertz/history: ContactGranClassic), or a
 *                    type with a wall binding and its parameters by name
 *                    (`mbconnect wall` is its spelled-out form).
 *
 * A plain Fix (LAMMPS's FixWallGran is exported but its header is not
 * shipped): one record per atom (a contact flag and the law's data),
 * carried by LAMMPS's per-atom callbacks (grow, copy, exchange, restart);
 * post_force forms each atom's contact as FixWallGran does and the law
 * evaluates it (wall_law.h). A region wall (wall/gran/region/mbc, or
 * wall/mbconnect with `region ID`) asks the region for each atom's
 * contacts, and keeps the region's motion in restart files as LAMMPS's
 * fix does. Its global vector: the contacts, and with the
 * energy books (`mbconnect energy yes`) the stored energy, the dissipated
 * power, the dissipated energy and the work of the wall's motion. */
#include "lammps_views.h"

#include <lammps/domain.h>
#include <lammps/region.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "styles.h"

extern "C" {
#include "wall_law.h"
}

using namespace LAMMPS_NS;
using namespace LAMMPS_NS::FixConst;

namespace mbc_lammps
{

namespace
{

/* A fingerprint of a law's records: its type and width (FNV-1a). */
double layout_of(const ml_wall *w)
{
    unsigned h = 2166136261u;
    for (const char *c = w->law->object->type->type_name; *c; c++)
        h = (h ^ static_cast<unsigned char>(*c)) * 16777619u;
    return static_cast<double>((h ^ static_cast<unsigned>(w->width)) * 16777619u);
}

class FixWallMbc : public Fix
{
  public:
    FixWallMbc(LAMMPS *lmp, int narg, char **arg, const char *style_name, int granular_only);
    ~FixWallMbc() override;
    int setmask() override
    {
        return POST_FORCE;
    }
    void init() override;
    void setup(int vflag) override
    {
        post_force(vflag);
    }
    void post_force(int vflag) override;
    double compute_vector(int n) override;
    double memory_usage() override;
    // the constructor sizes this class's own arrays, as LAMMPS's fixes do
    // cppcheck-suppress virtualCallInConstructor
    void grow_arrays(int nmax) override;
    void copy_arrays(int i, int j, int delflag) override;
    // cppcheck-suppress virtualCallInConstructor
    void set_arrays(int i) override;
    int pack_exchange(int i, double *buf) override;
    int unpack_exchange(int nlocal, double *buf) override;
    int pack_restart(int i, double *buf) override;
    void unpack_restart(int nlocal, int nth) override;
    int size_restart(int nlocal) override;
    int maxsize_restart() override;
    void write_restart(FILE *fp) override;
    void restart(char *buf) override;

  private:
    std::string what;
    ml_wall *wall = nullptr;
    ml_run *run = nullptr;
    /* wall in the run's holdings (freed at exit if LAMMPS ends the process
     * before it deletes the fix) */
    struct Held_c {
        ml_held node;
        FixWallMbc *self;
    } held_c{};
    static void release_held(ml_held *h)
    {
        FixWallMbc *f = reinterpret_cast<Held_c *>(h)->self;
        ml_wall_destroy(f->wall);
        f->wall = nullptr;
    }
    double **records = nullptr;
    int width = 1;
    bigint time_origin = 0;
    int evaluated = 0;
    long long foreign = 0; /* records of a restart file written by another law, dropped */
    int inits = 0;         /* init() calls (LAMMPS 2021's tsuji walls count them) */
    double sums[3] = {0.0, 0.0, 0.0}; /* contacts, stored energy, dissipated power */
    double dissipated = 0.0;
    double work = 0.0; /* the work the wall's motion did on the atoms (J) */
    void check_periodic();
    /* the contacts' masses: a rigid body's for its atoms, as LAMMPS 2021's
     * fix wall/gran takes them (refreshed at the steps that rebuild the
     * neighbor lists, as there) */
    Fix *fix_rigid = nullptr;
    std::vector<double> mass_rigid, mass_wall;
    const double *masses();
    /* region walls: the region (found again at each init, as LAMMPS's fix
     * does, since an input may delete and define it again), what it was
     * when made, whether a restart file's motion did not fit it */
    Region *region = nullptr;
    std::string region_id, region_style;
    int region_count = 0, motion_reset = 0;
    std::vector<ml_region_contact> near;
    void find_region();
    void region_init();
    mbc_status region_force(const ml_wall_frame &f, ml_wall_report &rep, mbc_error &err);
};

const double *FixWallMbc::masses()
{
    if (!fix_rigid)
        return atom->rmass;
    const int nlocal = atom->nlocal;
    if (neighbor->ago == 0) {
        int dim = 0;
        const int *body = static_cast<const int *>(fix_rigid->extract("body", dim));
        const double *mass_body = static_cast<const double *>(fix_rigid->extract("masstotal", dim));
        if (static_cast<int>(mass_rigid.size()) < atom->nmax)
            mass_rigid.resize(atom->nmax);
        for (int i = 0; i < nlocal; i++)
            mass_rigid[i] = body && mass_body && body[i] >= 0 ? mass_body[body[i]] : 0.0;
    }
    if (static_cast<int>(mass_wall.size()) < atom->nmax)
        mass_wall.resize(atom->nmax);
    const int known = std::min(nlocal, static_cast<int>(mass_rigid.size()));
    for (int i = 0; i < nlocal; i++)
        mass_wall[i] = i < known && mass_rigid[i] > 0.0 ? mass_rigid[i] : atom->rmass[i];
    return mass_wall.data();
}

FixWallMbc::FixWallMbc(LAMMPS *lmp, int narg, char **arg, const char *style_name, int granular_only)
    : Fix(lmp, narg, arg), what(style_name)
{
    run = style_run(lmp, style_name);
    held_c.node.release = release_held;
    held_c.self = this;
    ml_hold(run, &held_c.node);
    if (!atom->sphere_flag && !(atom->radius_flag && atom->omega_flag && atom->torque_flag))
        ML_ALL(error, "Fix " + what + " requires atom style sphere");
    if (narg < 5)
        ML_ALL(error, "Illegal fix " + what + " command: fix ID GROUP " + what +
                          (granular_only ? " granular WORDS... STYLE ARGS"
                                         : " granular WORDS... STYLE ARGS, or TYPE [NAME VALUE]... "
                                           "STYLE ARGS"));
    mbc_error err = {};
    if (ml_wall_create(&run->registry, what.c_str(), narg - 3, arg + 3, granular_only,
                       force->nktv2p, !run->corrected, run->books, &wall, &err) != MBC_OK)
        raise_all(lmp, err, __FILE__, __LINE__);
    if (wall->law->masses && !atom->rmass_flag)
        ML_ALL(error, "Fix " + what + ": " + wall->law->object->type->type_name +
                          " needs the atoms' masses (atom_style sphere)");
    const bool on_region = wall->geo.style == ML_GRANULAR_REGION;
    if (on_region && what == "wall/gran/mbc")
        ML_ALL(error, "Fix wall/gran/mbc: wall style region is fix wall/gran/region's (given "
                      "region " +
                          std::string(wall->geo.region) + ")");
    if (!on_region && what == "wall/gran/region/mbc")
        ML_ALL(error, "Fix wall/gran/region/mbc: needs `region ID` as its wall style");
    if (on_region) {
        region_id = wall->geo.region;
        find_region();
        region_style = region->style;
        region_count = region->nregion;
        ml_wall_region_size(wall, region->tmax);
        near.resize(static_cast<size_t>(region->tmax));
        restart_global = 1;
    } else
        check_periodic();
    width = wall->width;
    maxexchange = width; /* an atom's values in Comm::exchange's buffers */
    time_origin = update->ntimestep;
    vector_flag = 1;
    size_vector = wall->law->books ? 5 : 1;
    global_freq = 1;
    extvector = 1;
    create_attribute = 1;
    restart_peratom = 1;
    // NOLINTNEXTLINE(clang-analyzer-optin.cplusplus.VirtualCall): its own arrays
    grow_arrays(atom->nmax);
    atom->add_callback(Atom::GROW);
    atom->add_callback(Atom::RESTART);
    for (int i = 0; i < atom->nlocal; i++)
        // NOLINTNEXTLINE(clang-analyzer-optin.cplusplus.VirtualCall): its own arrays
        set_arrays(i);
}

FixWallMbc::~FixWallMbc()
{
    atom->delete_callback(id, Atom::GROW);
    atom->delete_callback(id, Atom::RESTART);
    memory->destroy(records);
    ml_unhold(run, &held_c.node);
    release_held(&held_c.node);
}

void FixWallMbc::check_periodic()
{
    const int style = wall->geo.style;
    const bool bad = style == ML_GRANULAR_ZCYLINDER ? (domain->xperiodic || domain->yperiodic)
                                                    : (style == 0   ? domain->xperiodic
                                                       : style == 1 ? domain->yperiodic
                                                                    : domain->zperiodic);
    if (bad)
        ML_ALL(error, "Fix " + what + ": cannot use a wall in a periodic dimension");
}

void FixWallMbc::find_region()
{
    const int k = domain->find_region(region_id);
    if (k < 0)
        ML_ALL(error, "Fix " + what + ": region " + region_id + " does not exist");
    region = domain->regions[k];
}

/* The region again (an input may have deleted and defined it); its motion
 * starts anew when it is not the region the fix was made with, or a
 * restart file's motion did not fit it (LAMMPS's FixWallGranRegion::init). */
void FixWallMbc::region_init()
{
    find_region();
    if (region->tmax > wall->tmax)
        ML_ALL(error, "Fix " + what + ": region " + region_id + " now touches " +
                          std::to_string(region->tmax) + " surfaces at once, more than the " +
                          std::to_string(wall->tmax) + " of the region the fix was made with");
    if (region_style != region->style || region_count != region->nregion) {
        ML_WARN(error, "Region properties for region " + region_id +
                           " changed between runs, resetting its motion");
        region->reset_vel();
    }
    if (motion_reset) {
        ML_WARN(error, "Region properties for region " + region_id +
                           " are inconsistent with restart file, resetting its motion");
        region->reset_vel();
    }
}

void FixWallMbc::init()
{
    if (region)
        region_init();
    if (utils::strmatch(update->integrate_style, "^respa"))
        ML_ALL(error, "Fix " + what + ": run_style respa is not supported (use run_style verlet)");
    /* the first fix of rigid bodies, as LAMMPS 2021's fix wall/gran finds it */
    fix_rigid = nullptr;
    for (int k = 0; k < modify->nfix && !fix_rigid; k++)
        if (modify->fix[k]->rigid_flag)
            fix_rigid = modify->fix[k];
    /* LAMMPS 2021's FixWallGran::init() replaces tsuji's restitution
     * coefficient by alpha of it in place, at every init (runs, write_data,
     * ...): the law counts them (ContactGranular's lammps2021WallInits) */
    inits++;
    mbc_error err = {};
    if (wall->law->lammps2021 &&
        ml_law_set(wall->law, what.c_str(), "lammps2021WallInits", inits, &err) != MBC_OK)
        raise_all(lmp, err, __FILE__, __LINE__);
    if (comm->me == 0 && inits == 1)
        utils::logmesg(lmp,
                       what + " " + std::string(id) + ": " +
                           (what == "wall/gran/mbc"          ? "fix wall/gran computed by"
                            : what == "wall/gran/region/mbc" ? "fix wall/gran/region computed by"
                                                             : "the law of") +
                           " mbconnect's " + wall->law->object->type->type_name + "\n");
    if (foreign > 0 && comm->me == 0)
        ML_WARN(error, "fix " + std::string(id) + " " + what + ": " + std::to_string(foreign) +
                           " wall records of the restart file were written by another law: "
                           "their contacts start anew");
    foreign = 0;
}

void FixWallMbc::post_force(int)
{
    const int nlocal = atom->nlocal;
    ml_wall_frame f = {};
    f.atoms = mbc_pair_atoms{nlocal ? (const double(*)[3])atom->x[0] : nullptr,
                             nlocal ? (const double(*)[3])atom->v[0] : nullptr,
                             nlocal ? (const double(*)[3])atom->omega[0] : nullptr,
                             atom->radius,
                             masses(),
                             nlocal ? (double(*)[3])atom->f[0] : nullptr,
                             nlocal ? (double(*)[3])atom->torque[0] : nullptr,
                             nlocal};
    f.mask = atom->mask;
    f.tag = atom->tag;
    f.groupbit = groupbit;
    f.records = records;
    f.steps = static_cast<long long>(update->ntimestep - time_origin);
    f.dt = update->dt;
    f.setup = update->setupflag;
    ml_wall_report rep = {};
    mbc_error err = {};
    const mbc_status st = region       ? region_force(f, rep, err)
                          : nlocal > 0 ? ml_wall_run(wall, &f, &rep, &err)
                                       : MBC_OK;
    double mine[6] =
        {st != MBC_OK ? 1.0 : 0.0, rep.contacts, rep.stored, rep.power, rep.fresh, rep.wall_power},
           all[6] = {};
    MPI_Allreduce(mine, all, 6, MPI_DOUBLE, MPI_SUM, world);
    if (all[0] > 0.0) {
        const int rank = ml_agree(world, st, &err);
        const std::string text = "fix " + std::string(id) + " " + what + ": step " +
                                 std::to_string(update->ntimestep) + ": " + err.message;
        snprintf(err.message, sizeof err.message, "%s", text.c_str());
        raise_atoms(lmp, err, rank, __FILE__, __LINE__);
    }
    if (!evaluated && all[4] > 0.0 && comm->me == 0)
        ML_WARN(error, "fix " + std::string(id) + " " + what + ": step " +
                           std::to_string(update->ntimestep) + ": " +
                           std::to_string(static_cast<long long>(all[4])) +
                           " wall contacts start without their history: no wall records to "
                           "continue: a new wall, or atoms from a data file (restart files keep "
                           "the records, data files do not); docs/lammps.rst, \"Restarts and data "
                           "files\"");
    evaluated = 1;
    sums[0] = all[1];
    sums[1] = all[2];
    sums[2] = all[3];
    if (wall->law->books && !update->setupflag) {
        dissipated += all[3] * update->dt;
        work += all[5] * update->dt;
    }
}

/* The region's contacts of each atom of the group inside it, as LAMMPS
 * 2021's FixWallGranRegion::post_force forms them: a moving or rotating
 * region placed at this step first (on every rank, atoms or none: its
 * velocity is the change since the step before). */
mbc_status FixWallMbc::region_force(const ml_wall_frame &f, ml_wall_report &rep, mbc_error &err)
{
    const int dynamic = region->dynamic_check();
    if (dynamic) {
        region->prematch();
        region->set_velocity();
    }
    ml_wall_region_begin(wall, &rep);
    double **x = atom->x;
    for (int i = 0; i < f.atoms.owned; i++) {
        if (!(f.mask[i] & groupbit) || !region->match(x[i][0], x[i][1], x[i][2]))
            continue;
        const int nc = region->surface(x[i][0], x[i][1], x[i][2],
                                       ml_wall_region_cutoff(wall, atom->radius[i]));
        if (nc > wall->tmax)
            ML_ONE(error, "Too many wall/gran/region contacts for one particle");
        for (int ic = 0; ic < nc; ic++) {
            const Region::Contact &rc = region->contact[ic];
            ml_region_contact &c = near[static_cast<size_t>(ic)];
            c.del[0] = rc.delx;
            c.del[1] = rc.dely;
            c.del[2] = rc.delz;
            c.radius = rc.radius;
            c.distance = rc.r;
            c.iwall = rc.iwall;
            c.velocity[0] = c.velocity[1] = c.velocity[2] = 0.0;
            if (dynamic)
                region->velocity_contact(c.velocity, x[i], ic);
        }
        const mbc_status st = ml_wall_region_atom(wall, &f, i, near.data(), nc, &rep, &err);
        if (st != MBC_OK)
            return st;
    }
    return ml_wall_flush(wall, &f, &rep, &err);
}

/* The region's motion (LAMMPS's FixWallGranRegion::write_restart): its
 * length, then the region's own restart string. */
void FixWallMbc::write_restart(FILE *fp)
{
    if (!region || comm->me)
        return;
    int len = 0;
    region->length_restart_string(len);
    (void)fwrite(&len, sizeof(int), 1, fp);
    region->write_restart(fp);
}

void FixWallMbc::restart(char *buf)
{
    int n = 0;
    if (region && !region->restart(buf, n))
        motion_reset = 1;
}

/* f_ID[1] contacts, [2] stored energy, [3] dissipated power, [4]
 * dissipated energy, [5] the work of the wall's motion (docs/lammps.rst,
 * "Energy books", "Open systems"). */
double FixWallMbc::compute_vector(int n)
{
    return n < 3 ? sums[n] : n == 3 ? dissipated : work;
}

double FixWallMbc::memory_usage()
{
    return static_cast<double>(atom->nmax) * width * sizeof(double);
}

void FixWallMbc::grow_arrays(int nmax)
{
    memory->grow(records, nmax, width, "wall/mbc:records");
}

void FixWallMbc::copy_arrays(int i, int j, int)
{
    std::memcpy(records[j], records[i], width * sizeof(double));
}

void FixWallMbc::set_arrays(int i)
{
    std::memset(records[i], 0, width * sizeof(double));
}

int FixWallMbc::pack_exchange(int i, double *buf)
{
    std::memcpy(buf, records[i], width * sizeof(double));
    return width;
}

int FixWallMbc::unpack_exchange(int nlocal, double *buf)
{
    std::memcpy(records[nlocal], buf, width * sizeof(double));
    return width;
}

/* buf[0]: the count of values with itself (what Modify's readers skip
 * by); then the records' layout (its law's type and width), the record. */
int FixWallMbc::pack_restart(int i, double *buf)
{
    buf[0] = width + 2;
    buf[1] = layout_of(wall);
    std::memcpy(buf + 2, records[i], width * sizeof(double));
    return width + 2;
}

/* A record of another layout (another law under the wall's ID) is
 * dropped and counted (one warning at the next run's set-up). */
void FixWallMbc::unpack_restart(int nlocal, int nth)
{
    const double *row = atom->extra[nlocal];
    int m = 0;
    for (int k = 0; k < nth; k++)
        m += static_cast<int>(row[m]);
    const int n = static_cast<int>(row[m]);
    if (n == width + 2 && row[m + 1] == layout_of(wall)) {
        std::memcpy(records[nlocal], row + m + 2, width * sizeof(double));
        return;
    }
    set_arrays(nlocal);
    foreign += n > 2 && row[m + 2] != 0.0; /* a contact, in the flag of every layout */
}

int FixWallMbc::size_restart(int)
{
    return width + 2;
}

int FixWallMbc::maxsize_restart()
{
    return width + 2;
}

} // namespace

Fix *create_fix_wall_gran(LAMMPS *lmp, int narg, char **arg)
{
    return new FixWallMbc(lmp, narg, arg, "wall/gran/mbc", 1);
}

Fix *create_fix_wall_gran_region(LAMMPS *lmp, int narg, char **arg)
{
    return new FixWallMbc(lmp, narg, arg, "wall/gran/region/mbc", 2);
}

Fix *create_fix_wall_mbconnect(LAMMPS *lmp, int narg, char **arg)
{
    return new FixWallMbc(lmp, narg, arg, "wall/mbconnect", 0);
}

} // namespace mbc_lammps
