/* SPDX-License-Identifier: BSD-3-Clause */
/* A connector type's pair law as LIGGGHTS's granular pair model
 * (plugin_model.h): its words, its history slots and one contact. */
#include "plugin_model.h"

#include <liggghts/atom.h>
#include <liggghts/comm.h>
#include <liggghts/error.h>
#include <liggghts/input.h>
#include <liggghts/update.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "mbconnect/pair_eval.h"
#include "mbconnect/plugin.h"

namespace mbc_liggghts
{
using namespace LIGGGHTS::ContactModels;

bool is_plugin_words(int narg, char **args)
{
    return narg > 1 && !std::strcmp(args[0], "model") && !std::strcmp(args[1], "mbc");
}

PluginModel::PluginModel(LAMMPS_NS::LAMMPS *lmp, LIGGGHTS::IContactHistorySetup *hsetup,
                         bool is_wall, int64_t)
    : ModelPasses(lmp, is_wall), lmp_(lmp), law_(0), announced_(false)
{
    mbc_registry_init(&registry_);
    /* the pair_style line being run; anything else is read_restart */
    const LAMMPS_NS::Input *in = lmp->input;
    if (in->narg > 0 && !std::strcmp(in->arg[0], "gran") &&
        is_plugin_words(in->narg - 1, in->arg + 1))
        create_law(in->narg - 3, in->arg + 3, hsetup);
}

PluginModel::~PluginModel()
{
    ml_law_destroy(law_);
}

/* The words after `model mbc`: law TYPE, plugin PLUGIN (any number), the
 * law's NAME VALUE pairs. */
void PluginModel::create_law(int narg, char **arg, LIGGGHTS::IContactHistorySetup *hsetup)
{
    LAMMPS_NS::Error *error = lmp_->error;
    const char *type = 0;
    std::vector<char *> params;
    for (int k = 0; k < narg; k++) {
        const bool keyword = !std::strcmp(arg[k], "law") || !std::strcmp(arg[k], "plugin");
        if (keyword && k + 1 == narg) {
            const std::string line = std::string("pair_style gran model mbc: '") + arg[k] +
                                     "' needs a value (given none)";
            error->all(FLERR, line.c_str());
        }
        if (!std::strcmp(arg[k], "law")) {
            type = arg[++k];
        } else if (!std::strcmp(arg[k], "plugin")) {
            mbc_error e = {};
            if (mbc_registry_load_plugin(&registry_, arg[++k], &e) != MBC_OK) {
                const std::string line = std::string("pair_style gran model mbc: ") + e.message;
                error->all(FLERR, line.c_str());
            }
        } else {
            params.push_back(arg[k]);
        }
        if (keyword)
            words_ += std::string(words_.empty() ? "" : " ") + arg[k - 1] + " " + arg[k];
    }
    if (!type)
        error->all(FLERR, "pair_style gran model mbc: no law named: give `law TYPE`, a "
                          "connector type with a pair binding (mbc list), e.g. `pair_style "
                          "gran model mbc law ContactQuux plugin ./libquux_plugin.so "
                          "contactStiffness 1e5`");
    if (!mbc_registry_lookup(&registry_, type)) {
        char known[512], dirs[256];
        mbc_registry_names(&registry_, known, sizeof known);
        mbc_plugin_search_path(dirs, sizeof dirs);
        const char *close = mbc_registry_suggest_type(&registry_, type);
        const std::string line =
            std::string("pair_style gran model mbc: unknown connector type '") + type + "'" +
            (close ? std::string(" (did you mean '") + close + "'?)" : std::string()) +
            " (known: " + known + "); a type from a plugin needs `plugin PLUGIN` on the line " +
            "(plugin search path: " + dirs + ")";
        error->all(FLERR, line.c_str());
    }
    mbc_error e = {};
    if (ml_law_create(&registry_, "pair_style gran model mbc", type, (int)params.size(),
                      params.data(), 0, &law_, &e) != MBC_OK)
        error->all(FLERR, e.message);
    /* the law's data coordinates, as LIGGGHTS's history values */
    for (size_t k = 0; k < law_->data_count; k++)
        hsetup->add_history_value("mbcData" + std::to_string(k), "0");
}

/* LIGGGHTS's set-up (init_granular): a model without a law came back from
 * a restart file; else the law's line in the log, once. */
void PluginModel::connectToProperties(PropertyRegistry &)
{
    if (!law_)
        lmp_->error->all(FLERR,
                         "pair gran came back from the restart file as model mbc, whose law a "
                         "restart file does not hold (LIGGGHTS keeps the model hash only): give "
                         "the `pair_style gran model mbc law TYPE ...` line again after "
                         "read_restart");
    if (announced_ || lmp_->comm->me != 0)
        return;
    announced_ = true;
    const mbc_type_info *t = law_->object->type;
    const std::string line = std::string("mbc-liggghts: pair gran: model mbc ") + words_ +
                             ": connector type " + t->type_name + " through its " +
                             (mbc_pair_eval_has_kernel(t) ? "kernel" : "hooks") + ", " +
                             std::to_string(law_->data_count) + " history values per contact\n";
    if (lmp_->screen)
        std::fputs(line.c_str(), lmp_->screen);
    if (lmp_->logfile)
        std::fputs(line.c_str(), lmp_->logfile);
}

void PluginModel::surfacesIntersect(SurfacesIntersectData &sd, ForceData &i_forces,
                                    ForceData &j_forces)
{
    const size_t n = law_->data_count;
    double *record = n ? sd.contact_history : 0;
    const bool onset = sd.contact_flags && !*sd.contact_flags;
    if (onset && record)
        std::memcpy(record, law_->initial, n * sizeof *record);
    if (sd.contact_flags)
        *sd.contact_flags |= CONTACT_NORMAL_MODEL | CONTACT_TANGENTIAL_MODEL;
    /* sphere a: the lower atom ID, so that the ranks of a pair across two
     * (newton off) compute the same numbers from the same record */
    const int *tag = lmp_->atom->tag;
    const bool i_first = tag[sd.i] < tag[sd.j];
    double **x = lmp_->atom->x;
    const double *const xs[2] = {x[sd.i], x[sd.j]}, *const vs[2] = {sd.v_i, sd.v_j},
                        *const ws[2] = {sd.omega_i, sd.omega_j};
    const double rs[2] = {sd.radi, sd.radj}, ms[2] = {sd.mi, sd.mj};
    double position[2][3], velocity[2][3], omega[2][3], radius[2], mass[2];
    for (int s = 0; s < 2; s++) {
        const int from = (s == 0) == i_first ? 0 : 1;
        for (int c = 0; c < 3; c++) {
            position[s][c] = xs[from][c];
            velocity[s][c] = vs[from][c];
            omega[s][c] = ws[from][c];
        }
        radius[s] = rs[from];
        mass[s] = ms[from];
    }
    const mbc_pair_atoms atoms = {position, velocity, omega, radius, mass, 0, 0, 2};
    const mbc_pair pair = {{0, 1}, record};
    /* a step of LIGGGHTS's run: PostNewtonStep over dt, then the forces;
     * its set-up and its repeated force calls: the forces of the record,
     * but for a contact's onset, which takes its first step there too (as
     * mbc-lammps's pair_step.c: the data then match the contact, and the
     * two engines give the same numbers) */
    const unsigned step = onset || (sd.computeflag && sd.shearupdate) ? 1u : 0u;
    const mbc_pair_call call = {&atoms, &pair, 1, step * MBC_PAIR_POST_NEWTON, lmp_->update->dt, 0};
    mbc_pair_sums sums = {};
    mbc_pair_result r;
    mbc_error e = {};
    if (mbc_pair_eval_results(law_->object, &call, &r, 0, &sums, &e) != MBC_OK) {
        const std::string line = "pair gran: model mbc: the pair of atoms " +
                                 std::to_string(tag[sd.i]) + " and " + std::to_string(tag[sd.j]) +
                                 ": " + e.message;
        lmp_->error->one(FLERR, line.c_str());
    }
    ForceData &a = i_first ? i_forces : j_forces, &b = i_first ? j_forces : i_forces;
    for (int c = 0; c < 3; c++) {
        a.delta_F[c] = -r.force[c];
        b.delta_F[c] = r.force[c];
        a.delta_torque[c] = r.torque[0][c] + r.couple[0][c] + r.couple[1][c];
        b.delta_torque[c] = r.torque[1][c] - r.couple[0][c] - r.couple[1][c];
    }
    /* what LIGGGHTS's models leave for other readers: the normal force on
     * i (en points from j to i) and the overlap */
    sd.Fn = i_forces.delta_F[0] * sd.en[0] + i_forces.delta_F[1] * sd.en[1] +
            i_forces.delta_F[2] * sd.en[2];
    sd.deltan = sd.radsum - sd.r;
    sd.Ft = sd.kn = sd.kt = sd.gamman = sd.gammat = sd.vn = 0.0;
    sd.P_diss = 0.0;
}

} // namespace mbc_liggghts
