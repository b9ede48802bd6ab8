/* SPDX-License-Identifier: BSD-3-Clause */
/* The contact model LIGGGHTS runs under mbc-liggghts -sf mbc.
 *
 * LIGGGHTS's pair loop (PairStyles::Granular<CM>, pair_gran_base.h) and wall
 * loop (Walls::Granular<CM>, fix_wall_gran_base.h) are header templates over
 * a contact-model class CM. Model is such a class, for every model
 * combination of ContactLiggghts: LIGGGHTS keeps its loops (neighbor lists,
 * relax, freeze groups, rigid-body masses, the mesh walls' force and stress
 * bookkeeping, stored contact forces, compute pair/gran/local), and a
 * touching contact is one call of the law's kernel
 * (mbconnect/liggghts_contact.h) on the contact as LIGGGHTS formed it, with
 * the history in LIGGGHTS's own store.
 *
 * Everything LIGGGHTS sees of a model is the native one's: the model hash
 * (written to restart files), the history slots with their names and
 * newton flags, the settings words, the fix property/global tables and the
 * contact flags. So inputs, restart files and the other fixes that read a
 * model work as under liggghts. */
#ifndef MBC_LIGGGHTS_MODEL_H
#define MBC_LIGGGHTS_MODEL_H

#include <liggghts/contact_models.h>
#include <liggghts/global_properties.h>
#include <liggghts/settings.h>

#include <string>
#include <vector>

#include "mbconnect/liggghts_contact.h"

#include "model_passes.h"

namespace mbc_liggghts
{

/* The sub-models of a LIGGGHTS model hash (utils.h,
 * generate_gran_hashcode), as ContactLiggghts numbers them; normal < 0:
 * a normal model ContactLiggghts does not have. */
struct Models {
    int normal, tangential, cohesion, rolling, surface;
};
Models models_of(int64_t hash);

/* Whether ContactLiggghts computes the model of this hash. */
bool covered(int64_t hash);

/* "model hertz tangential history cohesion off rolling_friction off" */
std::string model_words(int64_t hash);

/* The bridge's options (host.cpp sets them once, before the input runs). */
struct Options {
    bool liggghts38; /* LIGGGHTS 3.8's code where it contradicts its documentation */
};
extern Options options;

class Model : public ModelPasses
{
  public:
    Model(LAMMPS_NS::LAMMPS *lmp, LIGGGHTS::IContactHistorySetup *hsetup, bool is_wall,
          int64_t hash);

    int64_t hashcode()
    {
        return hash_;
    }
    void registerSettings(Settings &settings);
    void postSettings(LIGGGHTS::IContactHistorySetup *hsetup);
    void connectToProperties(PropertyRegistry &registry);
    double stressStrainExponent()
    {
        return models_.normal == MBC_LIGGGHTS_HERTZ ? 1.5 : 1.0;
    }
    bool contact_match(const std::string &mtype, const std::string &model);

    /* One touching contact: the law's forces and torques into i_forces and
     * j_forces, and what LIGGGHTS's models leave in sd for its other readers. */
    void surfacesIntersect(LIGGGHTS::ContactModels::SurfacesIntersectData &sd,
                           LIGGGHTS::ContactModels::ForceData &i_forces,
                           LIGGGHTS::ContactModels::ForceData &j_forces)
    {
        if (sd.contact_flags)
            *sd.contact_flags |= touch_flags_;
        mbc_liggghts_law &law = laws_[sd.itype * stride_ + sd.jtype];
        law.update = sd.computeflag && sd.shearupdate;
        law.dt = *dt_;
        mbc_liggghts_contact c;
        for (int k = 0; k < 3; k++) {
            c.delta[k] = sd.delta[k];
            c.en[k] = sd.en[k];
        }
        c.r = sd.r;
        c.rinv = sd.rinv;
        c.v_i = sd.v_i;
        c.v_j = sd.v_j;
        c.omega_i = sd.omega_i;
        c.omega_j = sd.omega_j;
        c.radius_i = sd.radi;
        c.radius_j = sd.radj;
        c.mass_i = sd.mi;
        c.mass_j = sd.mj;
        c.meff = sd.meff;
        c.wall_overlap = sd.deltan; /* a wall's, from the wall fix; a pair's is not read */
        c.area_ratio = sd.area_ratio;
        c.wall = sd.is_wall;
        mbc_liggghts_result r;
        mbc_liggghts_evaluate(&law, &c, sd.contact_history, &r);
        for (int k = 0; k < 3; k++) {
            i_forces.delta_F[k] += r.force_i[k];
            i_forces.delta_torque[k] += r.torque_i[k];
            j_forces.delta_F[k] += r.force_j[k];
            j_forces.delta_torque[k] += r.torque_j[k];
        }
        publish(r, sd);
    }

    /* Near but not touching (neigh_modify contact_distance_factor > 1): as
     * LIGGGHTS's sub-models, the contact keeps its normal flag and loses
     * the others and its springs. */
    void surfacesClose(LIGGGHTS::ContactModels::SurfacesCloseData &sc,
                       LIGGGHTS::ContactModels::ForceData &, LIGGGHTS::ContactModels::ForceData &)
    {
        if (sc.contact_flags)
            *sc.contact_flags =
                (*sc.contact_flags | LIGGGHTS::ContactModels::CONTACT_NORMAL_MODEL) &
                ~close_clears_;
        if (!sc.contact_history)
            return;
        for (int at : {shear_at_, roll_at_})
            if (at >= 0)
                sc.contact_history[at] = sc.contact_history[at + 1] = sc.contact_history[at + 2] =
                    0.0;
    }

  private:
    static void publish(const mbc_liggghts_result &r,
                        LIGGGHTS::ContactModels::SurfacesIntersectData &sd)
    {
        sd.Fn = r.fn;
        sd.kn = r.kn;
        sd.kt = r.kt;
        sd.gamman = r.gamman;
        sd.gammat = r.gammat;
        sd.vn = r.vn;
        sd.deltan = r.deltan;
        sd.cri = r.cri;
        sd.crj = r.crj;
        sd.wr1 = r.wr[0];
        sd.wr2 = r.wr[1];
        sd.wr3 = r.wr[2];
        sd.vtr1 = r.vtr[0];
        sd.vtr2 = r.vtr[1];
        sd.vtr3 = r.vtr[2];
        sd.P_diss = 0.;
    }
    void connect_native(PropertyRegistry &registry);
    void announce();

    LAMMPS_NS::LAMMPS *lmp_;
    std::string owner_; /* "pair gran", "fix ID" */
    int64_t hash_;
    Models models_;
    int touch_flags_;  /* the contact flags a touching contact sets */
    int close_clears_; /* those a close one clears */
    int shear_at_, roll_at_;
    const double *dt_;                   /* LIGGGHTS's update->dt */
    std::vector<mbc_liggghts_law> laws_; /* (max_type + 1)^2: row i, column j */
    int stride_;
    bool announced_;
    bool settings_given_; /* postSettings ran: the words of a pair_style or fix line */
    /* the settings words (the native models' defaults: a model rebuilt from
     * a restart file gets no settings() call, and runs with these) */
    bool tangential_damping_, limit_force_, kt_to_kn_, viscous_, tangential_reduce_,
        torsion_torque_;
    bool heating_normal_, heating_tangential_, tracking_, elastic_energy_, dissipated_energy_,
        bonded_normal_, bonded_tangential_;
    /* the fix property/global tables, as LIGGGHTS's registry connects them */
    double *youngs_, *poisson_, **restitution_, **friction_, **cohesion_, **roll_friction_,
        **roll_damping_, **viscosity_, **restitution_max_, **critical_stokes_;
    double char_vel_, roll_stiffness_;
    double **native_matrix_; /* Yeff, ...: connected as the native models do */
    double native_scalar_;
};

} // namespace mbc_liggghts

#endif
