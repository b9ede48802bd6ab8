/* SPDX-License-Identifier: BSD-3-Clause */
/* The base of mbc-liggghts's contact-model classes (Model, model.h, and
 * PluginModel, plugin_model.h): LIGGGHTS's pair loop
 * (PairStyles::Granular<CM>, pair_gran_base.h) calls these members of every
 * contact model, and ours do nothing in them: no work before or after a
 * pass over the contacts, no check of an intersection beyond LIGGGHTS's own
 * (every touching contact is the law's), no per-contact tally. */
#ifndef MBC_LIGGGHTS_MODEL_PASSES_H
#define MBC_LIGGGHTS_MODEL_PASSES_H

#include <liggghts/contact_models.h>

namespace mbc_liggghts
{

class ModelPasses : public LIGGGHTS::ContactModels::ContactModelBase
{
  public:
    ModelPasses(LAMMPS_NS::LAMMPS *lmp, bool is_wall) : ContactModelBase(lmp, is_wall) {}

    void beginPass(LIGGGHTS::ContactModels::SurfacesIntersectData &,
                   LIGGGHTS::ContactModels::ForceData &, LIGGGHTS::ContactModels::ForceData &)
    {
    }
    void endPass(LIGGGHTS::ContactModels::SurfacesIntersectData &,
                 LIGGGHTS::ContactModels::ForceData &, LIGGGHTS::ContactModels::ForceData &)
    {
    }
    bool checkSurfaceIntersect(LIGGGHTS::ContactModels::SurfacesIntersectData &)
    {
        return true;
    }
    void endSurfacesIntersect(LIGGGHTS::ContactModels::SurfacesIntersectData &,
                              LAMMPS_NS::TriMesh *, LIGGGHTS::ContactModels::ForceData &,
                              LIGGGHTS::ContactModels::ForceData &)
    {
    }
    void tally_pp(double, int, int, int) {}
    void tally_pw(double, int, int, int) {}
};

} // namespace mbc_liggghts

#endif
