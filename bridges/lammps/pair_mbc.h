/* SPDX-License-Identifier: BSD-3-Clause */
/* The pair styles of mbc-lammps (docs/lammps.rst): LAMMPS Pairs whose
 * forces are spec laws, registered into LAMMPS's pair styles by host.cpp.
 *
 *   granular/mbc   pair_style granular's words (picked by `-sf mbc` or
 *                  `suffix mbc` for an input's pair_style granular):
 *                  ContactGranular, LAMMPS 2021's numbers by default;
 *   mbconnect      any type with a pair binding: pair_coeff I J TYPE
 *                  [NAME VALUE]..., granular WORDS..., a classic style's
 *                  words (gran/hooke, gran/hooke/history, gran/hertz/history
 *                  WORDS...: ContactGranClassic), or none (`mbconnect pair`
 *                  is its spelled-out form);
 *   gran/hooke/mbc, gran/hooke/history/mbc, gran/hertz/history/mbc
 *                  the classic styles (picked by `-sf mbc` for an input's
 *                  pair_style gran/...): their words Kn Kt gamma_n gamma_t
 *                  xmu dampflag [limit_damping] in pair_style, pair_coeff
 *                  I J with no words, ContactGranClassic for every pair.
 *
 * One class: what the styles read differs (ml_laws.words_only). Each is a
 * genuine Pair: its contact history lives in LAMMPS's own FixNeighHistory
 * (in the neighbor list's order, grown with LAMMPS's pages, carried through
 * atom migration, sorting and restart files as pair_style granular's), its
 * forces come from the laws' kernels through pair_step.h, its per-pair
 * forces tally LAMMPS's per-atom energy and virial, and single() serves
 * compute pair/local. The effective masses are those of LAMMPS 2021's
 * granular pair styles: a rigid body's mass for its atoms (the first fix
 * with rigid_flag, as they find it), the other sphere's for a pair with an
 * atom of fix freeze. */
#ifndef ML_PAIR_MBC_H
#define ML_PAIR_MBC_H

#include "lammps_views.h"

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

extern "C" {
#include "atom_ids.h"
#include "ml.h"
#include "pair_laws.h"
#include "pair_step.h"
}

namespace mbc_lammps
{

class PairMbc : public LAMMPS_NS::Pair
{
  public:
    PairMbc(LAMMPS_NS::LAMMPS *lmp, const char *style, int words_only, int classic = -1);
    ~PairMbc() override;
    void compute(int eflag, int vflag) override;
    void settings(int narg, char **arg) override;
    void coeff(int narg, char **arg) override;
    void init_style() override;
    double init_one(int i, int j) override;
    void write_restart(FILE *fp) override;
    void read_restart(FILE *fp) override;
    void write_data(FILE *fp) override;
    void write_data_all(FILE *fp) override;
    double single(int i, int j, int itype, int jtype, double rsq, double factor_coul,
                  double factor_lj, double &fforce) override;
    void transfer_history(double *source, double *target) override;
    double memory_usage() override;
    int pack_forward_comm(int n, int *list, double *buf, int pbc_flag, int *pbc) override;
    void unpack_forward_comm(int n, int first, double *buf) override;

    static LAMMPS_NS::Pair *create_granular(LAMMPS_NS::LAMMPS *lmp);
    static LAMMPS_NS::Pair *create_mbconnect(LAMMPS_NS::LAMMPS *lmp);
    static LAMMPS_NS::Pair *create_gran_hooke(LAMMPS_NS::LAMMPS *lmp);
    static LAMMPS_NS::Pair *create_gran_hooke_history(LAMMPS_NS::LAMMPS *lmp);
    static LAMMPS_NS::Pair *create_gran_hertz_history(LAMMPS_NS::LAMMPS *lmp);

    /* A pair's tally into LAMMPS's per-atom and global energy and virial
     * (ev_tally_xyz, as pair_style granular tallies its pairs). */
    void tally_xyz(int i, int j, double energy, const double f_i[3], const double del[3]);
    /* This rank's contacts, overlap and output sums of the last evaluation
     * (fix mbconnect's vector); the sums' names. */
    const ml_step_report &last_report() const
    {
        return last;
    }
    const ml_step *steps() const
    {
        return step;
    }
    /* The laws of the type pairs (NULL before the first pair_coeff). */
    const ml_laws *law_table() const
    {
        return laws;
    }

  private:
    std::string style;
    int words_only;
    /* a classic style's model (classic_words.h), -1 for the others; its
     * pair_style words, which pair_coeff I J gives every named pair */
    int classic;
    std::vector<std::string> classic_words;
    ml_run *run = nullptr;
    ml_laws *laws = nullptr;
    ml_step *step = nullptr;
    /* laws and step in the run's holdings (freed at exit if LAMMPS ends
     * the process before it deletes the style) */
    struct Held_c {
        ml_held node;
        PairMbc *self;
    } held_c{};
    static void release_held(ml_held *h);
    int lammps2021 = 1;
    double cutoff_global = -1.0;
    std::string dummy_id, history_id, ids_id;
    FixNeighHistoryView *history = nullptr;
    LAMMPS_NS::Fix *ids = nullptr; /* the atoms' IDs at the end of the last run (fix_ids.cpp) */
    std::vector<double> maxrad_dynamic, maxrad_frozen;
    int freeze_group_bit = 0;
    std::vector<double> mass_scratch;
    LAMMPS_NS::Fix *fix_rigid = nullptr; /* the first fix with rigid_flag, or none */
    std::vector<double> mass_rigid;      /* per atom: its body's mass, 0 for none */
    void update_rigid();
    int evaluated = 0;   /* a force evaluation ran since the history fix was made */
    int restored = 0;    /* made by read_restart, with the file's history */
    int deep_warned = 0; /* the warning of a deep start was given */
    ml_step_report last{};
    int neighprev = 0;

    void place_history();
    void coeff_line(int narg, char **arg);
    void settings_classic(int narg, char **arg);
    void single_classic(int i, int j, double rsq);
    void allocate();
    void make_laws();
    void check_run();
    void mix_all();
    void set_radii();
    std::string history_key() const;
    void make_history();
    void remap_ids();
    void announce();
    const double *masses(int nall);
    void finish_compute(mbc_status st, const mbc_error &err);
    bool jkr_reported_2021(const ml_law *law, int i, int j, double rsq) const;
    double single_granular(int i, int j, const ml_law *law, const double *rec, double rsq,
                           double &fforce);
    double single_results(int i, int j, const ml_law *law, const double *rec, double rsq,
                          double &fforce);
    const double *find_record(int i, int j, double *copy);
    /* a touching pair's record and the ID of the atom that holds it */
    struct Held {
        const double *record;
        int owner;
    };
    static uint64_t id_key(int a, int b)
    {
        const uint64_t lo = static_cast<uint32_t>(a < b ? a : b);
        const uint64_t hi = static_cast<uint32_t>(a < b ? b : a);
        return lo << 32 | hi;
    }
    std::unordered_map<uint64_t, Held> by_ids;
    LAMMPS_NS::bigint by_ids_step = -1, by_ids_list = -1;
    const std::unordered_map<uint64_t, Held> &records_by_ids();
    [[noreturn]] void raise_error(const mbc_error &err);
};

} // namespace mbc_lammps

#endif
