/* SPDX-License-Identifier: BSD-3-Clause */
/* The fixes the styles of mbc-lammps make for themselves (styles.h):
 *
 * - mbconnect/ids: each atom's ID at the end of the last run, carried with
 *   the atom (migration, sorting, restart files), so that a pair style can
 *   tell which IDs were reassigned since (atom_ids.h);
 * - mbconnect/sums: `mbconnect pair`'s fix mbconnect: its global vector
 *   sums the pair style's contacts, their mean overlap and the laws' scalar
 *   outputs by name, then the dissipated energy of the energy books and the
 *   energy the inserted atoms brought (docs/lammps.rst, "Outputs", "Energy
 *   books", "Open systems"). */
#include "lammps_views.h"

#include <lammps/input.h>

#include <algorithm>

#include <cstring>
#include <vector>

#include "pair_mbc.h"
#include "styles.h"

using namespace LAMMPS_NS;
using namespace LAMMPS_NS::FixConst;

namespace mbc_lammps
{

namespace
{

class FixIds : public Fix
{
  public:
    FixIds(LAMMPS *lmp, int narg, char **arg) : Fix(lmp, narg, arg)
    {
        create_attribute = 1;
        restart_peratom = 1;
        // NOLINTNEXTLINE(clang-analyzer-optin.cplusplus.VirtualCall): its own arrays
        grow_arrays(atom->nmax);
        atom->add_callback(Atom::GROW);
        atom->add_callback(Atom::RESTART);
        for (int i = 0; i < atom->nlocal; i++)
            then[i] = atom->tag[i];
    }
    ~FixIds() override
    {
        atom->delete_callback(id, Atom::GROW);
        atom->delete_callback(id, Atom::RESTART);
        memory->destroy(then);
    }
    int setmask() override
    {
        return 0;
    }
    void post_run() override
    {
        refresh();
    }
    void refresh()
    {
        for (int i = 0; i < atom->nlocal; i++)
            then[i] = atom->tag[i];
    }
    double memory_usage() override
    {
        return static_cast<double>(atom->nmax) * sizeof(int);
    }
    // the constructor sizes this class's own arrays, as LAMMPS's fixes do
    // cppcheck-suppress virtualCallInConstructor
    void grow_arrays(int nmax) override
    {
        memory->grow(then, nmax, "mbconnect/ids:then");
    }
    void copy_arrays(int i, int j, int) override
    {
        then[j] = then[i];
    }
    void set_arrays(int i) override
    {
        then[i] = 0;
    }
    int pack_exchange(int i, double *buf) override
    {
        buf[0] = then[i];
        return 1;
    }
    int unpack_exchange(int nlocal, double *buf) override
    {
        then[nlocal] = static_cast<int>(buf[0]);
        return 1;
    }
    /* the ID at writing: FixNeighHistory writes its partners by the IDs of then */
    int pack_restart(int i, double *buf) override
    {
        buf[0] = 2;
        buf[1] = atom->tag[i];
        return 2;
    }
    void unpack_restart(int nlocal, int nth) override
    {
        const double *row = atom->extra[nlocal];
        int m = 0;
        for (int k = 0; k < nth; k++)
            m += static_cast<int>(row[m]);
        then[nlocal] = static_cast<int>(row[m + 1]);
    }
    int size_restart(int) override
    {
        return 2;
    }
    int maxsize_restart() override
    {
        return 2;
    }

    int *then = nullptr;
};

/* fix mbconnect all mbconnect/sums: the vector of `mbconnect pair`. */
class FixSums : public Fix
{
  public:
    FixSums(LAMMPS *lmp, int narg, char **arg) : Fix(lmp, narg, arg)
    {
        vector_flag = 1;
        global_freq = 1;
        extvector = -1;
        books = style_run(lmp, ML_FIX_SUMS_STYLE)->books;
        const PairMbc *p = pair();
        const char *names[64];
        const size_t sums = p && p->law_table() ? ml_laws_sum_names(p->law_table(), names, 64) : 0;
        size_vector = 2 + static_cast<int>(sums) + (books ? 2 : 0);
        extlist = new int[size_vector];
        extlist[0] = 1; /* a count: the more atoms, the more contacts */
        extlist[1] = 0; /* a mean */
        for (int k = 2; k < size_vector; k++)
            extlist[k] = 1; /* sums over the pairs; the dissipated and inserted energy */
        if (comm->me == 0)
            log_layout(p, names, sums);
    }
    ~FixSums() override
    {
        delete[] extlist;
    }
    int setmask() override
    {
        return END_OF_STEP;
    }
    void init() override
    {
        const PairMbc *p = pair();
        power = p && p->steps() ? ml_step_sum_slot(p->steps(), "DissipatedPower") : -1;
        stamp = -1;
    }
    /* the atoms of the first run's set-up are the system; atoms with a
     * larger ID are inserted later (fix pour, fix deposit) */
    void setup(int) override
    {
        if (books && seen < 0)
            seen = largest_id();
    }
    void end_of_step() override
    {
        if (books && power >= 0 && !update->setupflag) {
            gather();
            dissipated += values[2 + power] * update->dt;
        }
        if (books && seen >= 0 && !update->setupflag)
            take_inserted();
    }
    double compute_vector(int n) override
    {
        if (stamp != update->ntimestep)
            gather();
        if (n == 0)
            return values[0];
        if (n == 1)
            return values[0] > 0 ? values[1] / values[0] : 0.0;
        if (books && n == size_vector - 2)
            return dissipated;
        if (books && n == size_vector - 1)
            return inserted;
        return static_cast<size_t>(n) < values.size() ? values[n] : 0.0;
    }

  private:
    /* The names of the vector's entries, and the outputs no entry carries,
     * in the log (one line each), as `mbconnect pair` sets the vector up. */
    void log_layout(const PairMbc *p, const char *const *names, size_t sums)
    {
        std::string text = "mbconnect pair: f_mbconnect[1] contacts, [2] mean overlap (m)";
        for (size_t k = 0; k < sums && k < 64; k++)
            text += ", [" + std::to_string(k + 3) + "] " + names[k];
        if (books)
            text += ", [" + std::to_string(size_vector - 1) + "] dissipated energy (J), [" +
                    std::to_string(size_vector) + "] energy of the inserted atoms (J)";
        utils::logmesg(lmp, text + "\n");
        char unsummed[512];
        if (p && p->law_table() && ml_laws_unsummed(p->law_table(), unsummed, sizeof unsummed))
            utils::logmesg(lmp, std::string("mbconnect pair: outputs in no f_mbconnect entry (only "
                                            "size 1 is summed; the energy books with mbconnect "
                                            "energy yes): ") +
                                    unsummed + "\n");
    }

    int books = 0, power = -1;
    double dissipated = 0.0;
    double inserted = 0.0; /* the energy the inserted atoms brought (J) */
    tagint seen = -1;      /* the largest atom ID counted (-1: before the first set-up) */
    bigint stamp = -1;
    std::vector<double> values;

    const PairMbc *pair() const
    {
        return dynamic_cast<const PairMbc *>(force->pair_match("^mbconnect$", 0));
    }
    tagint largest_id() const
    {
        tagint mine = 0, all = 0;
        for (int i = 0; i < atom->nlocal; i++)
            mine = std::max(mine, atom->tag[i]);
        MPI_Allreduce(&mine, &all, 1, MPI_LMP_TAGINT, MPI_MAX, world);
        return all;
    }
    /* The gravitational potential of atom i (energy units): -m g . x summed
     * over the fixes of style gravity whose group holds it (their vector
     * "gvec", the acceleration they apply in this step). */
    double gravity_potential(int i, double m) const
    {
        double u = 0.0;
        for (int k = 0; k < modify->nfix; k++) {
            Fix *g = modify->fix[k];
            if (std::strcmp(g->style, "gravity") != 0 || !(atom->mask[i] & g->groupbit))
                continue;
            int dim = 0;
            const double *gvec = static_cast<const double *>(g->extract("gvec", dim));
            if (gvec != nullptr)
                u -= m *
                     (gvec[0] * atom->x[i][0] + gvec[1] * atom->x[i][1] + gvec[2] * atom->x[i][2]);
        }
        return u;
    }
    /* The atoms that appeared in this step (an ID above the largest counted):
     * their kinetic, rotational (solid spheres, 2/5 m r^2) and gravitational
     * energy at the end of the step, the first the balance sees of them. */
    void take_inserted()
    {
        double mine = 0.0, all = 0.0;
        const double mvv2e = force->mvv2e;
        for (int i = 0; i < atom->nlocal; i++) {
            if (atom->tag[i] <= seen)
                continue;
            const double m = atom->rmass_flag ? atom->rmass[i] : atom->mass[atom->type[i]];
            const double *v = atom->v[i];
            mine += 0.5 * mvv2e * m * (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
            if (atom->omega_flag && atom->radius_flag) {
                const double *w = atom->omega[i];
                const double r = atom->radius[i];
                mine += 0.5 * mvv2e * 0.4 * m * r * r * (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]);
            }
            mine += gravity_potential(i, m);
        }
        MPI_Allreduce(&mine, &all, 1, MPI_DOUBLE, MPI_SUM, world);
        inserted += all;
        seen = largest_id();
    }
    /* every rank's contacts, overlap and sums of the last evaluation */
    void gather()
    {
        const PairMbc *p = pair();
        const size_t sums = p && p->steps() ? ml_step_sum_count(p->steps()) : 0;
        std::vector<double> mine(2 + sums, 0.0);
        if (p) {
            mine[0] = p->last_report().contacts;
            mine[1] = p->last_report().overlap;
            const double *s = ml_step_sums(p->steps());
            for (size_t k = 0; k < sums; k++)
                mine[2 + k] = s[k];
        }
        values.assign(mine.size() + 1, 0.0);
        MPI_Allreduce(mine.data(), values.data(), static_cast<int>(mine.size()), MPI_DOUBLE,
                      MPI_SUM, world);
        stamp = update->ntimestep;
    }
};

} // namespace

Fix *create_fix_ids(LAMMPS *lmp, int narg, char **arg)
{
    return new FixIds(lmp, narg, arg);
}

Fix *create_fix_sums(LAMMPS *lmp, int narg, char **arg)
{
    return new FixSums(lmp, narg, arg);
}

const int *fix_ids_then(Fix *ids)
{
    return static_cast<FixIds *>(ids)->then;
}

void fix_ids_refresh(Fix *ids)
{
    static_cast<FixIds *>(ids)->refresh();
}

} // namespace mbc_lammps
