/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactSphereSphere beyond its generated API
 * (mbconnect/generated/contact_sphere_sphere.h): the impact-model check that
 * the type's hooks (runtime/connectors/contact_sphere_sphere/connector_contact_sphere_sphere.c) and
 * the batch entry points (mbconnect/sphere_batch.h) share.
 *
 * Internal to the runtime (not installed, not exported): the building
 * blocks of ContactSphereSphere only (docs/versioning.rst, "What counts as API"). */
#ifndef MBC_RUNTIME_CONTACT_SPHERE_SPHERE_H
#define MBC_RUNTIME_CONTACT_SPHERE_SPHERE_H

#include "mbconnect/connector.h"
#include "mbconnect/generated/contact_sphere_sphere.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The parameters of the contact law that the setters cannot check on their
 * own: impactModel is 0 (EAPM), 1 (Hunt-Crossley) or 2 (mixed); with EAPM
 * contactPlasticityRatio is in [0, 1); with models 1 and 2
 * restitutionCoefficient > 0; contactStiffnessExponent > 0. MBC_OK, or
 * MBC_ERR_VALUE naming the parameter, e.g.
 *   "ContactSphereSphere.impactModel: must be 0, 1 or 2, given 3". */
mbc_status mbc_contact_sphere_sphere_check_model(const mbc_contact_sphere_sphere_params *p,
                                                 mbc_error *err);

#ifdef __cplusplus
}
#endif

#endif
