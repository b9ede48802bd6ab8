/* SPDX-License-Identifier: BSD-3-Clause */
/* The set-up of the contact model of mbc-liggghts (model.h): the history
 * slots, the settings words and the fix property/global tables as the
 * native sub-models have them, and the laws of the pairs of types. */
#include "model.h"

#include <liggghts/comm.h>
#include <liggghts/domain.h>
#include <liggghts/error.h>
#include <liggghts/fix.h>
#include <liggghts/force.h>
#include <liggghts/update.h>

#include <cstdio>

#include "laws.h"

namespace mbc_liggghts
{
using namespace LIGGGHTS::ContactModels;

Options options = {true};

namespace
{

/* LIGGGHTS's identifiers (contact_model_constants.h and the *_MODEL lines
 * of the model headers) as ContactLiggghts's numbers; -1: none. */
int normal_of(int id)
{
    return id == HERTZ ? MBC_LIGGGHTS_HERTZ : id == HOOKE ? MBC_LIGGGHTS_HOOKE : -1;
}

int tangential_of(int id)
{
    return id == TANGENTIAL_OFF          ? MBC_LIGGGHTS_TANGENTIAL_OFF
           : id == TANGENTIAL_NO_HISTORY ? MBC_LIGGGHTS_NO_HISTORY
           : id == TANGENTIAL_HISTORY    ? MBC_LIGGGHTS_HISTORY
                                         : -1;
}

int cohesion_of(int id)
{
    return id == COHESION_OFF     ? MBC_LIGGGHTS_COHESION_OFF
           : id == COHESION_SJKR  ? MBC_LIGGGHTS_SJKR
           : id == COHESION_SJKR2 ? MBC_LIGGGHTS_SJKR2
                                  : -1;
}

int rolling_of(int id)
{
    return id == ROLLING_OFF     ? MBC_LIGGGHTS_ROLLING_OFF
           : id == ROLLING_CDT   ? MBC_LIGGGHTS_CDT
           : id == ROLLING_EPSD  ? MBC_LIGGGHTS_EPSD
           : id == ROLLING_EPSD2 ? MBC_LIGGGHTS_EPSD2
           : id == ROLLING_EPSD3 ? MBC_LIGGGHTS_EPSD3
                                 : -1;
}

/* The models' words, as ContactLiggghts's spec names its choices (the
 * model indices above are the choices' values). */
const char *const normal_names[] = MBC_CONTACT_LIGGGHTS_NORMAL_MODEL_NAMES;
const char *const tangential_names[] = MBC_CONTACT_LIGGGHTS_TANGENTIAL_MODEL_NAMES;
const char *const cohesion_names[] = MBC_CONTACT_LIGGGHTS_COHESION_MODEL_NAMES;
const char *const rolling_names[] = MBC_CONTACT_LIGGGHTS_ROLLING_MODEL_NAMES;

/* The owner of a model, for the log: "pair gran" or "fix ID". */
std::string owner_of(LIGGGHTS::IContactHistorySetup *hsetup, bool is_wall)
{
    if (!is_wall)
        return "pair gran";
    LAMMPS_NS::Fix *fix = dynamic_cast<LAMMPS_NS::Fix *>(hsetup);
    return fix ? std::string("fix ") + fix->id : std::string("fix wall/gran");
}

} // namespace

Models models_of(int64_t hash)
{
    Models m;
    m.normal = normal_of(static_cast<int>(hash & 63));
    m.tangential = tangential_of(static_cast<int>((hash >> 6) & 63));
    m.cohesion = cohesion_of(static_cast<int>((hash >> 12) & 63));
    m.rolling = rolling_of(static_cast<int>((hash >> 18) & 63));
    m.surface = static_cast<int>((hash >> 24) & 63);
    return m;
}

bool covered(int64_t hash)
{
    const Models m = models_of(hash);
    return m.normal >= 0 && m.tangential >= 0 && m.cohesion >= 0 && m.rolling >= 0 &&
           m.surface == SURFACE_DEFAULT;
}

std::string model_words(int64_t hash)
{
    const Models m = models_of(hash);
    if (!covered(hash))
        return "hash " + std::to_string(hash);
    return std::string("model ") + normal_names[m.normal] + " tangential " +
           tangential_names[m.tangential] + " cohesion " + cohesion_names[m.cohesion] +
           " rolling_friction " + rolling_names[m.rolling];
}

Model::Model(LAMMPS_NS::LAMMPS *lmp, LIGGGHTS::IContactHistorySetup *hsetup, bool is_wall,
             int64_t hash)
    : ModelPasses(lmp, is_wall), lmp_(lmp), owner_(owner_of(hsetup, is_wall)), hash_(hash),
      models_(models_of(hash)), touch_flags_(CONTACT_NORMAL_MODEL), close_clears_(0), shear_at_(-1),
      roll_at_(-1), dt_(&lmp->update->dt), stride_(0), announced_(false), settings_given_(false),
      tangential_damping_(false), limit_force_(false), kt_to_kn_(false), viscous_(false),
      tangential_reduce_(false), torsion_torque_(false), heating_normal_(false),
      heating_tangential_(false), tracking_(false), elastic_energy_(false),
      dissipated_energy_(false), bonded_normal_(false), bonded_tangential_(false), youngs_(0),
      poisson_(0), restitution_(0), friction_(0), cohesion_(0), roll_friction_(0), roll_damping_(0),
      viscosity_(0), restitution_max_(0), critical_stokes_(0), char_vel_(0.0), roll_stiffness_(0.0),
      native_matrix_(0), native_scalar_(0.0)
{
    const bool epsd = models_.rolling >= MBC_LIGGGHTS_EPSD;
    if (models_.cohesion != MBC_LIGGGHTS_COHESION_OFF) {
        touch_flags_ |= CONTACT_COHESION_MODEL;
        close_clears_ |= CONTACT_COHESION_MODEL;
    }
    if (models_.tangential != MBC_LIGGGHTS_TANGENTIAL_OFF) {
        touch_flags_ |= CONTACT_TANGENTIAL_MODEL;
        close_clears_ |= CONTACT_TANGENTIAL_MODEL;
    }
    if (epsd) {
        touch_flags_ |= CONTACT_ROLLING_MODEL;
        close_clears_ |= CONTACT_ROLLING_MODEL;
    }
    /* the slots LIGGGHTS's sub-models ask for in their constructors, in
     * their order (tangential before rolling), with their names and newton
     * flags ("1": seen from j the value changes sign) */
    if (models_.tangential == MBC_LIGGGHTS_HISTORY) {
        shear_at_ = hsetup->add_history_value("shearx", "1");
        hsetup->add_history_value("sheary", "1");
        hsetup->add_history_value("shearz", "1");
    }
    if (epsd) {
        roll_at_ = hsetup->add_history_value("r_torquex_old", "1");
        hsetup->add_history_value("r_torquey_old", "1");
        hsetup->add_history_value("r_torquez_old", "1");
    }
}

/* The words of the native sub-models, in their order (the first
 * registration of a word gives its default). */
void Model::registerSettings(Settings &settings)
{
    settings.registerOnOff("computeElasticPotential", elastic_energy_, false);
    settings.registerOnOff("computeDissipatedEnergy", dissipated_energy_, false);
    if (models_.normal == MBC_LIGGGHTS_HOOKE)
        settings.registerOnOff("viscous", viscous_);
    settings.registerOnOff("tangential_damping", tangential_damping_, true);
    settings.registerOnOff("limitForce", limit_force_);
    if (models_.normal == MBC_LIGGGHTS_HOOKE) {
        settings.registerOnOff("ktToKnUser", kt_to_kn_);
        settings.registerOnOff("heating_normal_hooke", heating_normal_, false);
    } else {
        settings.registerOnOff("heating_normal_hertz", heating_normal_, false);
    }
    settings.registerOnOff("heating_tracking", tracking_, false);
    settings.registerOnOff("disableNormalWhenBonded", bonded_normal_, false);
    if (models_.cohesion != MBC_LIGGGHTS_COHESION_OFF)
        settings.registerOnOff("tangential_reduce", tangential_reduce_, false);
    if (models_.tangential == MBC_LIGGGHTS_NO_HISTORY)
        settings.registerOnOff("disableTangentialWhenBonded", bonded_tangential_, false);
    if (models_.tangential == MBC_LIGGGHTS_HISTORY)
        settings.registerOnOff("heating_tangential_history", heating_tangential_, false);
    if (models_.rolling != MBC_LIGGGHTS_ROLLING_OFF)
        settings.registerOnOff("torsionTorque", torsion_torque_, false);
}

/* What ContactLiggghts does not compute is refused here, in one line. */
void Model::postSettings(LIGGGHTS::IContactHistorySetup *)
{
    settings_given_ = true;
    const bool hooke = models_.normal == MBC_LIGGGHTS_HOOKE;
    const char *word = heating_normal_ ? (hooke ? "heating_normal_hooke" : "heating_normal_hertz")
                       : heating_tangential_ ? "heating_tangential_history"
                       : tracking_           ? "heating_tracking"
                       : elastic_energy_     ? "computeElasticPotential"
                       : dissipated_energy_  ? "computeDissipatedEnergy"
                       : bonded_normal_      ? "disableNormalWhenBonded"
                       : bonded_tangential_  ? "disableTangentialWhenBonded"
                                             : 0;
    if (!word)
        return;
    const std::string msg = "mbc-liggghts: " + owner_ + ": '" + word +
                            " on' is not computed by mbconnect's ContactLiggghts (the heat, "
                            "energy and bond terms of LIGGGHTS's models); run without -sf mbc";
    lmp_->error->all(FLERR, msg.c_str());
}

/* The properties the native sub-models connect, in their order and with
 * their callers, so that a missing or out-of-range table gets LIGGGHTS's
 * own message and the registry holds what other fixes read
 * (fix check/timestep/gran: Yeff); and the coarse-graining checks. */
void Model::connect_native(PropertyRegistry &registry)
{
    using namespace MODEL_PARAMS;
    LAMMPS_NS::Force *force = lmp_->force;
    if (models_.normal == MBC_LIGGGHTS_HERTZ) {
        registry.registerProperty("Yeff", &createYeff);
        registry.registerProperty("Geff", &createGeff);
        registry.registerProperty("betaeff", &createBetaEff);
        registry.connect("Yeff", native_matrix_, "model hertz");
        registry.connect("Geff", native_matrix_, "model hertz");
        registry.connect("betaeff", native_matrix_, "model hertz");
    } else {
        registry.registerProperty("Yeff", &createYeff);
        registry.registerProperty("Geff", &createGeff);
        registry.registerProperty("charVel", &createCharacteristicVelocity);
        registry.connect("Yeff", native_matrix_, "model hooke");
        registry.connect("Geff", native_matrix_, "model hooke");
        registry.connect("charVel", char_vel_, "model hooke");
        if (viscous_) {
            registry.registerProperty("coeffMu", &createCoeffMu);
            registry.registerProperty("coeffStc", &createCoeffStc);
            registry.registerProperty("coeffRestMax", &createCoeffRestMax);
            registry.connect("coeffMu", viscosity_, "model hooke viscous");
            registry.connect("coeffStc", critical_stokes_, "model hooke viscous");
            registry.connect("coeffRestMax", restitution_max_, "model hooke viscous");
        } else {
            registry.registerProperty("coeffRestLog", &createCoeffRestLog);
            registry.connect("coeffRestLog", native_matrix_, "model hooke viscous");
        }
        if (force->cg_active())
            lmp_->error->cg(FLERR, "model hooke");
    }
    if (models_.cohesion != MBC_LIGGGHTS_COHESION_OFF) {
        const char *caller =
            models_.cohesion == MBC_LIGGGHTS_SJKR ? "cohesion_model sjkr" : "cohesion_model sjkr2";
        registry.registerProperty("cohEnergyDens", &createCohesionEnergyDensity);
        registry.connect("cohEnergyDens", cohesion_, caller);
        if (force->cg_active())
            lmp_->error->cg(FLERR, models_.cohesion == MBC_LIGGGHTS_SJKR ? "cohesion model sjkr"
                                                                         : "cohesion model sjkr2");
    }
    if (models_.tangential != MBC_LIGGGHTS_TANGENTIAL_OFF) {
        registry.registerProperty("coeffFrict", &createCoeffFrict);
        registry.connect("coeffFrict", friction_, "tangential_model history");
    }
    if (models_.rolling != MBC_LIGGGHTS_ROLLING_OFF) {
        const std::string caller = std::string("rolling_model ") + rolling_names[models_.rolling];
        registry.registerProperty("coeffRollFrict", &createCoeffRollFrict);
        const bool damped =
            models_.rolling == MBC_LIGGGHTS_EPSD || models_.rolling == MBC_LIGGGHTS_EPSD3;
        if (damped)
            registry.registerProperty("coeffRollVisc", &createCoeffRollVisc);
        if (models_.rolling == MBC_LIGGGHTS_EPSD3)
            registry.registerProperty("coeffRollStiffness", &createRollingStiffness);
        registry.connect("coeffRollFrict", roll_friction_, caller.c_str());
        if (damped)
            registry.connect("coeffRollVisc", roll_damping_, caller.c_str());
        if (models_.rolling == MBC_LIGGGHTS_EPSD3)
            registry.connect("coeffRollStiffness", roll_stiffness_, caller.c_str());
        if (force->cg_active())
            lmp_->error->cg(
                FLERR, (std::string("rolling model ") + rolling_names[models_.rolling]).c_str());
    }
}

/* Once per model, on the screen and in the log: which law computes it;
 * and a pair style that LIGGGHTS rebuilt from a restart file, whose words it
 * does not restore (pair_gran_proxy.cpp: only the model hash is in the
 * file), said as a warning: LIGGGHTS 3.8 runs it with every word off. */
void Model::announce()
{
    if (announced_)
        return;
    announced_ = true;
    if (lmp_->comm->me != 0) /* LIGGGHTS's warning() prints on every rank */
        return;
    if (!settings_given_ && !is_wall())
        lmp_->error->warning(FLERR, "mbc-liggghts: pair gran came back from the restart file "
                                    "without its words: as LIGGGHTS 3.8 does, it runs with "
                                    "every word off (tangential_damping off); give the "
                                    "pair_style line again to set them");
    const std::string line = "mbc-liggghts: " + owner_ + ": " + model_words(hash_) +
                             " computed by mbconnect's ContactLiggghts" +
                             (options.liggghts38 ? " (liggghts38: LIGGGHTS 3.8's numbers)\n"
                                                 : " (the documented forms, --corrected)\n");
    if (lmp_->screen)
        fputs(line.c_str(), lmp_->screen);
    if (lmp_->logfile)
        fputs(line.c_str(), lmp_->logfile);
}

/* At every run's set-up (LIGGGHTS's init_granular): the tables, and from
 * them the laws of the pairs of types. */
void Model::connectToProperties(PropertyRegistry &registry)
{
    connect_native(registry);
    registry.connect("youngsModulus", youngs_, "mbc-liggghts");
    registry.connect("poissonsRatio", poisson_, "mbc-liggghts");
    if (!viscous_ || models_.normal != MBC_LIGGGHTS_HOOKE)
        registry.connect("coefficientRestitution", restitution_, "mbc-liggghts");
    if (lmp_->force->nktv2p != 1.0) {
        const std::string msg = "mbc-liggghts: " + owner_ + ": units " + lmp_->update->unit_style +
                                ": ContactLiggghts takes stiffnesses in force per length (si, "
                                "cgs, lj, micro, nano); run without -sf mbc";
        lmp_->error->all(FLERR, msg.c_str());
    }
    Materials m;
    m.normal = models_.normal;
    m.tangential = models_.tangential;
    m.cohesion = models_.cohesion;
    m.rolling = models_.rolling;
    m.tangential_damping = tangential_damping_;
    m.limit_force = limit_force_;
    m.kt_to_kn = kt_to_kn_;
    m.tangential_reduce = tangential_reduce_;
    m.torsion_torque = torsion_torque_;
    m.viscous = viscous_ && models_.normal == MBC_LIGGGHTS_HOOKE;
    m.liggghts38 = options.liggghts38;
    m.dimension = lmp_->domain->dimension;
    m.dt = lmp_->update->dt;
    m.max_type = registry.max_type();
    m.youngs = youngs_;
    m.poisson = poisson_;
    m.restitution = restitution_;
    m.friction = friction_;
    m.cohesion_density = cohesion_;
    m.roll_friction = roll_friction_;
    m.roll_damping = roll_damping_;
    m.viscosity = viscosity_;
    m.restitution_max = restitution_max_;
    m.critical_stokes = critical_stokes_;
    m.char_vel = char_vel_;
    m.roll_stiffness = roll_stiffness_;
    std::string message;
    if (!make_laws(m, laws_, message))
        lmp_->error->all(FLERR, message.c_str());
    stride_ = m.max_type + 1;
    for (mbc_liggghts_law &law : laws_) {
        law.shear_at = shear_at_;
        law.roll_at = roll_at_;
    }
    announce();
}

bool Model::contact_match(const std::string &mtype, const std::string &model)
{
    Factory &f = Factory::instance();
    const int64_t h = hash_;
    if (mtype == "surface")
        return ((h >> 24) & 63) == f.getSurfaceModelId(model);
    if (mtype == "normal")
        return (h & 63) == f.getNormalModelId(model);
    if (mtype == "cohesion")
        return ((h >> 12) & 63) == f.getCohesionModelId(model);
    if (mtype == "tangential")
        return ((h >> 6) & 63) == f.getTangentialModelId(model);
    if (mtype == "rolling_friction")
        return ((h >> 18) & 63) == f.getRollingModelId(model);
    return false;
}

} // namespace mbc_liggghts
