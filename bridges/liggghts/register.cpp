/* SPDX-License-Identifier: BSD-3-Clause */
/* Puts mbc-liggghts's contact model in place of LIGGGHTS's native ones.
 *
 * `pair_style gran model M tangential T ...` and `fix wall/gran ... model M
 * ...` pick their implementation in two steps: the variant selector "gran"
 * (ContactModels::Factory::select, contact_models.cpp) turns the words into
 * a hash of sub-model identifiers, then PairStyles::Factory and
 * Walls::Factory map ("gran", hash) to a creator (utils.h,
 * AbstractFactory). Both maps are public and the last entry wins, so a
 * creator registered under the hash of a native combination makes every
 * input that names it, and every restart file that stores it, build
 * mbc-liggghts's model: the words, the hash and the history layout stay
 * LIGGGHTS's own.
 *
 * Why not LIGGGHTS's -sf / -suffix: it renames the style (pair_style gran
 * -> gran/mbc), and LIGGGHTS finds its granular pair style by the exact
 * name "gran" (FixContactHistory::init, fix_contact_history.cpp:218: a
 * gran/mbc pair style crashes there). So mbc-liggghts takes `-sf mbc` out of
 * the arguments (host.cpp) and replaces the models one level down.
 *
 * With or without -sf mbc, one more hash is registered, that of `model mbc`
 * (plugin_model.h): a connector type's pair law, whose words the selector
 * takes.
 *
 * AbstractFactory::addStyle reports a replaced entry on std::cerr ("Style
 * collision detected"), which here is intended: that stream is muted while
 * the entries are replaced. */
#include "register.h"

/* fix_insert_stream_predefined.h, which pair_gran_base.h includes, names
 * FixInsertStream without including its header: include it first */
#include <liggghts/fix_insert_stream.h>
/* (keep the line above first) */
#include <liggghts/comm.h>
#include <liggghts/error.h>
#include <liggghts/fix_wall_gran_base.h>
#include <liggghts/lammps.h>
#include <liggghts/pair_gran_base.h>

#include <cstdio>
#include <iostream>
#include <set>
#include <utility>
#include <string>

#include "model.h"
#include "plugin_model.h"

namespace mbc_liggghts
{
namespace
{
using namespace LIGGGHTS;

LIGGGHTS::PairStyles::IGranularPairStyle *create_pair(LAMMPS_NS::LAMMPS *lmp,
                                                      LAMMPS_NS::PairGran *parent, int64_t hash)
{
    return new PairStyles::Granular<Model>(lmp, parent, hash);
}

LIGGGHTS::PairStyles::IGranularPairStyle *
create_plugin_pair(LAMMPS_NS::LAMMPS *lmp, LAMMPS_NS::PairGran *parent, int64_t hash)
{
    return new PairStyles::Granular<PluginModel>(lmp, parent, hash);
}

LIGGGHTS::Walls::IGranularWall *create_wall(LAMMPS_NS::LAMMPS *lmp, LAMMPS_NS::FixWallGran *parent,
                                            int64_t hash)
{
    return new Walls::Granular<Model>(lmp, parent, hash);
}

/* The one LIGGGHTS instance of the process, for the note of a selector
 * (LIGGGHTS hands a variant selector no instance). */
LAMMPS_NS::LAMMPS *host = 0;
/* -sf mbc: the native combinations are replaced (register_models) */
bool replaced = false;

/* The hash LIGGGHTS selects, with a note (once per combination) when
 * ContactLiggghts does not compute it. */
int64_t note_native(const char *what, int &narg, char **&args, LAMMPS_NS::Custom_contact_models ccm)
{
    const int64_t hash = ContactModels::Factory::select(narg, args, std::move(ccm));
    static std::set<int64_t> noted;
    if (covered(hash) || !host || !noted.insert(hash).second || host->comm->me != 0)
        return hash;
    const std::string line = std::string("mbc-liggghts: ") + what + ": model hash " +
                             std::to_string(hash) +
                             " is computed by LIGGGHTS itself (ContactLiggghts has normal hertz "
                             "and hooke, tangential off, no_history and history, cohesion off, "
                             "sjkr and sjkr2, rolling_friction off, cdt, epsd, epsd2 and epsd3, "
                             "surface default)\n";
    if (host->screen)
        fputs(line.c_str(), host->screen);
    if (host->logfile)
        fputs(line.c_str(), host->logfile);
    return hash;
}

/* `model mbc ...`: every word is the plugin model's (plugin_model.h), none
 * is left for LIGGGHTS's settings parser. */
int64_t select_pair(int &narg, char **&args, LAMMPS_NS::Custom_contact_models ccm)
{
    if (is_plugin_words(narg, args)) {
        narg = 0;
        return PLUGIN_HASH;
    }
    if (!replaced)
        return ContactModels::Factory::select(narg, args, std::move(ccm));
    return note_native("pair gran", narg, args, std::move(ccm));
}

int64_t select_wall(int &narg, char **&args, LAMMPS_NS::Custom_contact_models ccm)
{
    if (is_plugin_words(narg, args) && host)
        host->error->all(FLERR, "fix wall/gran: model mbc (a connector type's pair law) runs "
                                "between spheres only (pair_style gran model mbc law TYPE ...); "
                                "give the wall one of LIGGGHTS's models (model hertz tangential "
                                "history ...)");
    if (!replaced)
        return ContactModels::Factory::select(narg, args, std::move(ccm));
    return note_native("fix wall/gran", narg, args, std::move(ccm));
}

} // namespace

void register_plugin_model(LAMMPS_NS::LAMMPS *lmp)
{
    host = lmp;
    std::streambuf *cerr = std::cerr.rdbuf(0);
    PairStyles::Factory::instance().addStyle(
        "gran", static_cast<int>(PLUGIN_HASH),
        &create_plugin_pair); // NOLINT(bugprone-narrowing-conversions)
    PairStyles::Factory::instance().addVariantSelector("gran", &select_pair);
    Walls::Factory::instance().addVariantSelector("gran", &select_wall);
    std::cerr.rdbuf(cerr);
    std::cerr.clear();
}

int register_models(LAMMPS_NS::LAMMPS *lmp)
{
    using namespace LIGGGHTS::ContactModels;
    static const int normals[] = {HOOKE, HERTZ};
    static const int tangentials[] = {TANGENTIAL_OFF, TANGENTIAL_NO_HISTORY, TANGENTIAL_HISTORY};
    static const int cohesions[] = {COHESION_OFF, COHESION_SJKR, COHESION_SJKR2};
    static const int rollings[] = {ROLLING_OFF, ROLLING_CDT, ROLLING_EPSD, ROLLING_EPSD2,
                                   ROLLING_EPSD3};
    host = lmp;
    replaced = true;
    PairStyles::Factory &pairs = PairStyles::Factory::instance();
    Walls::Factory &walls = Walls::Factory::instance();
    std::streambuf *cerr = std::cerr.rdbuf(0);
    int n = 0;
    for (int normal : normals)
        for (int tangential : tangentials)
            for (int cohesion : cohesions)
                for (int rolling : rollings) {
                    const int64_t hash = Utils::generate_gran_hashcode(normal, tangential, cohesion,
                                                                       rolling, SURFACE_DEFAULT);
                    pairs.addStyle("gran", static_cast<int>(hash),
                                   &create_pair); // NOLINT(bugprone-narrowing-conversions)
                    walls.addStyle("gran", static_cast<int>(hash),
                                   &create_wall); // NOLINT(bugprone-narrowing-conversions)
                    n++;
                }
    pairs.addVariantSelector("gran", &select_pair);
    walls.addVariantSelector("gran", &select_wall);
    std::cerr.rdbuf(cerr);
    std::cerr.clear();
    return n;
}

} // namespace mbc_liggghts
