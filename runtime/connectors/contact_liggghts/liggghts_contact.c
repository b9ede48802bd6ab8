/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLiggghts for an engine that forms its own contacts
 * (mbconnect/liggghts_contact.h): the law of a parameter set, and the
 * kernel of every model combination (2 normal x 3 tangential x 3 cohesion
 * x 5 rolling models = 90 instances of lg_contact, liggghts_law.h), so
 * that no contact branches on a model. */
#include "mbconnect/liggghts_contact.h"

#include <math.h>
#include <string.h>

#include "liggghts_law.h"

/* The instance of the models N, T, C, R. */
#define LG_KERNEL(N, T, C, R)                                                                      \
    static void lg_kernel_##N##_##T##_##C##_##R(const mbc_liggghts_law *L,                         \
                                                const mbc_liggghts_contact *c, double *history,    \
                                                mbc_liggghts_result *out)                          \
    {                                                                                              \
        lg_contact(L, c, history, out, N, T, C, R);                                                \
    }
#define LG_KERNELS_R(N, T, C)                                                                      \
    LG_KERNEL(N, T, C, 0)                                                                          \
    LG_KERNEL(N, T, C, 1) LG_KERNEL(N, T, C, 2) LG_KERNEL(N, T, C, 3) LG_KERNEL(N, T, C, 4)
#define LG_KERNELS_C(N, T) LG_KERNELS_R(N, T, 0) LG_KERNELS_R(N, T, 1) LG_KERNELS_R(N, T, 2)
#define LG_KERNELS_T(N)    LG_KERNELS_C(N, 0) LG_KERNELS_C(N, 1) LG_KERNELS_C(N, 2)
LG_KERNELS_T(0)
LG_KERNELS_T(1)

#define LG_ROW_R(N, T, C)                                                                          \
    {                                                                                              \
        lg_kernel_##N##_##T##_##C##_0, lg_kernel_##N##_##T##_##C##_1,                              \
            lg_kernel_##N##_##T##_##C##_2, lg_kernel_##N##_##T##_##C##_3,                          \
            lg_kernel_##N##_##T##_##C##_4                                                          \
    }
#define LG_ROW_C(N, T)                                                                             \
    {                                                                                              \
        LG_ROW_R(N, T, 0), LG_ROW_R(N, T, 1), LG_ROW_R(N, T, 2)                                    \
    }
#define LG_ROW_T(N)                                                                                \
    {                                                                                              \
        LG_ROW_C(N, 0), LG_ROW_C(N, 1), LG_ROW_C(N, 2)                                             \
    }

/* [normal][tangential][cohesion][rolling] */
static const mbc_liggghts_kernel
    lg_kernels[MBC_LIGGGHTS_NORMAL_COUNT][MBC_LIGGGHTS_TANGENTIAL_COUNT]
              [MBC_LIGGGHTS_COHESION_COUNT][MBC_LIGGGHTS_ROLLING_COUNT] = {LG_ROW_T(0),
                                                                           LG_ROW_T(1)};

/* LIGGGHTS 3.8's k_t / k_n of ktToKnUser, and the 2/7 its documentation gives */
#define LG_KT_TO_KN_38 0.285714286
#define LG_KT_TO_KN    (2.0 / 7.0)

int mbc_liggghts_law_has_shear(const mbc_liggghts_law *law)
{
    return law->tangential == MBC_LIGGGHTS_HISTORY;
}

int mbc_liggghts_law_has_roll(const mbc_liggghts_law *law)
{
    return law->rolling >= MBC_LIGGGHTS_EPSD;
}

/* The effective values as global_properties.cpp forms them (createYeff,
 * createGeff, createCoeffRestLog, createBetaEff; pow(x, 2.) is x x). */
static void lg_materials(const mbc_contact_liggghts_params *p, mbc_liggghts_law *law)
{
    const double yi = p->youngsModulus[0], yj = p->youngsModulus[1];
    const double vi = p->poissonsRatio[0], vj = p->poissonsRatio[1];
    law->y_eff = 1. / ((1. - vi * vi) / yi + (1. - vj * vj) / yj);
    law->g_eff = 1. / (2. * (2. - vi) * (1. + vi) / yi + 2. * (2. - vj) * (1. + vj) / yj);
    law->log_e = log(p->coefficientRestitution);
    law->beta = law->log_e / sqrt(law->log_e * law->log_e + LG_PI * LG_PI);
}

void mbc_liggghts_law_of(const mbc_contact_liggghts_params *p, mbc_liggghts_law *law)
{
    memset(law, 0, sizeof *law);
    law->normal = p->normalModel;
    law->tangential = p->tangentialModel;
    law->cohesion = p->cohesionModel;
    law->rolling = p->rollingModel;
    law->evaluate = lg_kernels[law->normal][law->tangential][law->cohesion][law->rolling];
    law->tangential_damping = p->tangentialDamping;
    law->limit_force = p->limitForce;
    law->tangential_reduce = p->tangentialReduce;
    law->torsion_torque = p->torsionTorque;
    law->viscous = p->viscous && p->normalModel == MBC_LIGGGHTS_HOOKE;
    law->liggghts38 = p->liggghts38;
    law->kt_factor = !p->ktToKn ? 1.0 : p->liggghts38 ? LG_KT_TO_KN_38 : LG_KT_TO_KN;
    law->inertia_factor = p->dimension == 2 ? 1.5 : 1.4;
    lg_materials(p, law);
    law->mu = p->coefficientFriction;
    law->char_vel = p->characteristicVelocity;
    law->cohesion_density = p->cohesionEnergyDensity;
    law->roll_mu = p->rollingFriction;
    law->roll_damping = p->rollingDamping;
    law->roll_stiffness = p->rollingStiffness;
    law->viscosity = p->fluidViscosity;
    law->log_e_max = law->viscous ? log(p->maximumRestitution) : 0.0;
    law->critical_stokes = p->criticalStokes;
    law->dt = p->timeStep;
    law->update = 1;
    law->shear_at =
        mbc_liggghts_law_has_shear(law) ? MBC_CONTACT_LIGGGHTS_DATA_TANGENTIAL_DISPLACEMENT_X : -1;
    law->roll_at = mbc_liggghts_law_has_roll(law) ? MBC_CONTACT_LIGGGHTS_DATA_ROLLING_TORQUE_X : -1;
}
