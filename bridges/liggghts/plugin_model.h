/* SPDX-License-Identifier: BSD-3-Clause */
/* `pair_style gran model mbc law TYPE [plugin PLUGIN]... [NAME VALUE]...`:
 * a connector type with a pair binding (built in, or from a plugin; a law
 * written as hooks only too) as LIGGGHTS's granular pair model
 * (docs/liggghts.rst, "Plugin laws").
 *
 * PluginModel is a contact-model class of LIGGGHTS's pair loop
 * (PairStyles::Granular<CM>, pair_gran_base.h), as Model (model.h) is for
 * ContactLiggghts. The law's data coordinates are history values of
 * LIGGGHTS's store (one slot each, newton flag "0": the record is that of
 * the pair with its lower atom ID as sphere a, the same from either atom),
 * so they move between ranks with the atoms and go into restart files as
 * the native models' do. Each touching contact is one call of the core's
 * pair evaluation (mbconnect/pair_eval.h, mbc_pair_eval_results) on the
 * contact's record, over LIGGGHTS's time step: the type's kernel, or its
 * hooks with dt and MBC_PHASE_EXPLICIT in the state; in LIGGGHTS's set-up
 * force evaluation no step is taken and the record stays, but for a
 * contact's onset, which takes its step there (as mbc-lammps does).
 *
 * The words after `model mbc` are the variant selector's (register.cpp):
 * LIGGGHTS's settings parser sees none of them, and the model reads them
 * from the command being run (Input::arg, public). A restart file holds the
 * model's hash only (pair_gran_base.h, write_restart_settings): a pair style
 * rebuilt from one has no law, and its set-up asks for the pair_style line
 * again (as LIGGGHTS's own inputs give it after read_restart). */
#ifndef MBC_LIGGGHTS_PLUGIN_MODEL_H
#define MBC_LIGGGHTS_PLUGIN_MODEL_H

#include <liggghts/contact_models.h>
#include <liggghts/global_properties.h>
#include <liggghts/settings.h>

#include <cstdint>
#include <string>

#include "mbconnect/registry.h"
extern "C" {
#include "../lammps/law.h"
}

#include "model_passes.h"

namespace mbc_liggghts
{

/* The model hash of `model mbc` (Utils::generate_gran_hashcode): the
 * normal, tangential, cohesion and rolling fields (6 bits each) 63, an
 * identifier no LIGGGHTS model has, the surface default; it fits the
 * factories' int keys. */
const int64_t PLUGIN_HASH = 0xFFFFFF;

/* The words of `model mbc` (args[0] "model", args[1] "mbc"). */
bool is_plugin_words(int narg, char **args);

class PluginModel : public ModelPasses
{
  public:
    PluginModel(LAMMPS_NS::LAMMPS *lmp, LIGGGHTS::IContactHistorySetup *hsetup, bool is_wall,
                int64_t hash);
    ~PluginModel();
    PluginModel(const PluginModel &) = delete;
    PluginModel &operator=(const PluginModel &) = delete;

    int64_t hashcode()
    {
        return PLUGIN_HASH;
    }
    void registerSettings(Settings &) {}
    void postSettings(LIGGGHTS::IContactHistorySetup *) {}
    void connectToProperties(PropertyRegistry &);
    double stressStrainExponent()
    {
        return 1.0;
    }
    bool contact_match(const std::string &, const std::string &)
    {
        return false;
    }

    /* One touching contact: a contact LIGGGHTS's store has no record of
     * (its flag 0: new since the last neighbor-list build) starts from the
     * law's initial data; then the law's step and forces. */
    void surfacesIntersect(LIGGGHTS::ContactModels::SurfacesIntersectData &sd,
                           LIGGGHTS::ContactModels::ForceData &i_forces,
                           LIGGGHTS::ContactModels::ForceData &j_forces);

    /* Near but not touching (neigh_modify contact_distance_factor > 1):
     * out of contact, so the record is dropped (the next touch starts from
     * the initial data). */
    void surfacesClose(LIGGGHTS::ContactModels::SurfacesCloseData &sc,
                       LIGGGHTS::ContactModels::ForceData &, LIGGGHTS::ContactModels::ForceData &)
    {
        if (sc.contact_flags)
            *sc.contact_flags = 0;
    }

  private:
    void create_law(int narg, char **arg, LIGGGHTS::IContactHistorySetup *hsetup);

    LAMMPS_NS::LAMMPS *lmp_;
    mbc_registry registry_; /* built-in types and the `plugin` words' */
    ml_law *law_;           /* NULL: rebuilt from a restart file, no words */
    std::string words_;     /* "law TYPE plugin ...", for the log */
    bool announced_;
};

} // namespace mbc_liggghts

#endif
