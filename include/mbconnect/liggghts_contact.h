/* SPDX-License-Identifier: BSD-3-Clause */
/* ContactLiggghts for an engine that forms its own contacts: LIGGGHTS's
 * pair and wall loops (mbc-liggghts, docs/liggghts.rst), or any DEM code
 * that finds the touching pairs, the normal and the overlap itself and
 * keeps each contact's history in its own store.
 *
 * The engine makes the law of each pair of materials once
 * (mbc_liggghts_law_of, from the type's checked parameters,
 * specs/ContactLiggghts.lua), then hands every touching contact to the
 * law's kernel as it formed it: the vector between the centers, the normal,
 * the distance, the velocities, the masses and, for a wall, the overlap it
 * found. The kernel is the instance of the law's model combination (no
 * per-contact branch on a model); it reads and writes the contact's
 * history in place and returns the forces and torques ON each body. The
 * same kernels serve the type's hooks and its in-place pair and wall loops
 * (mbconnect/pair_eval.h), so every path computes the same operations in
 * the same order: with liggghts38 the bits of LIGGGHTS 3.8's
 * pair_style gran and fix wall/gran for a contact formed as LIGGGHTS forms
 * it (docs/physics-departures.rst says where the law departs without it).
 *
 * Units: those of the engine's inputs (LIGGGHTS's si, cgs, lj and micro
 * styles alike: the law has no constant with a unit). Reentrant; nothing is
 * allocated. */
#ifndef MBCONNECT_LIGGGHTS_CONTACT_H
#define MBCONNECT_LIGGGHTS_CONTACT_H

#include "mbconnect/error.h"
#include "mbconnect/export.h"
#include "mbconnect/generated/contact_liggghts.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The models, as the parameters normalModel ... rollingModel number them
 * (the same numbers as LIGGGHTS's tangential, cohesion and rolling model
 * identifiers; its normal ones are hooke 0, hertz 3). */
enum { MBC_LIGGGHTS_HOOKE = 0, MBC_LIGGGHTS_HERTZ = 1, MBC_LIGGGHTS_NORMAL_COUNT = 2 };
enum {
    MBC_LIGGGHTS_TANGENTIAL_OFF = 0,
    MBC_LIGGGHTS_NO_HISTORY = 1,
    MBC_LIGGGHTS_HISTORY = 2,
    MBC_LIGGGHTS_TANGENTIAL_COUNT = 3
};
enum {
    MBC_LIGGGHTS_COHESION_OFF = 0,
    MBC_LIGGGHTS_SJKR = 1,
    MBC_LIGGGHTS_SJKR2 = 2,
    MBC_LIGGGHTS_COHESION_COUNT = 3
};
enum {
    MBC_LIGGGHTS_ROLLING_OFF = 0,
    MBC_LIGGGHTS_CDT = 1,
    MBC_LIGGGHTS_EPSD = 2,
    MBC_LIGGGHTS_EPSD2 = 3,
    MBC_LIGGGHTS_EPSD3 = 4,
    MBC_LIGGGHTS_ROLLING_COUNT = 5
};

/* One touching contact of body i (a sphere) with body j (a sphere, or a
 * wall), as the engine formed it. The vectors point into the engine's
 * arrays. */
typedef struct mbc_liggghts_contact {
    /* pair: x_i - x_j; wall: x_i minus the wall's point nearest to it (m) */
    double delta[3];
    double en[3];            /* unit normal towards i: delta * rinv */
    double r, rinv;          /* the center distance |delta| (wall: r_i - wall_overlap) and 1 / r */
    const double *v_i, *v_j; /* velocities (wall: the wall's at that point), m/s */
    const double *omega_i, *omega_j; /* angular velocities, rad/s (wall: omega_j unread) */
    double radius_i, radius_j;       /* m (wall: radius_j unread) */
    double mass_i, mass_j;           /* kg (wall: mass_j unread) */
    /* the effective mass m_i m_j / (m_i + m_j), or the engine's choice (a
     * frozen partner: the other's mass; a wall: m_i), kg */
    double meff;
    double wall_overlap; /* wall: the overlap the engine found (m); pair: unread */
    double area_ratio;   /* wall: the share of the contact, 1 for a sphere; pair: unread */
    int wall;            /* 1: j is a wall */
} mbc_liggghts_contact;

/* What the kernel returns for one contact: the forces and torques ON i and
 * ON j (j: pairs only), and the quantities LIGGGHTS's models leave for the
 * engine's other readers (LIGGGHTS's SurfacesIntersectData: Fn, kn, kt,
 * gamman, gammat, vn, deltan, cri, crj, wr, vtr). */
typedef struct mbc_liggghts_result {
    double force_i[3], torque_i[3], force_j[3], torque_j[3];
    double fn;     /* the normal force the Coulomb limits see, N */
    double f_coh;  /* the cohesion force along en (< 0 attractive), N */
    double kn, kt; /* stiffnesses */
    double gamman, gammat;
    double vn, deltan; /* normal velocity (v_i - v_j).en, overlap */
    double cri, crj;   /* lever arms */
    double wr[3];      /* the rotation term of the sliding velocity */
    double vtr[3];     /* the relative tangential velocity at the contact point */
    double f_t[3];     /* the tangential force on i */
    double m_roll[3];  /* the rolling torque M_r (on i: -M_r) */
} mbc_liggghts_result;

typedef struct mbc_liggghts_law mbc_liggghts_law;

/* A kernel: one instance of a model combination. history: the contact's
 * history in the engine's store (law->shear_at, law->roll_at say where),
 * read, and written when law->update is set. */
typedef void (*mbc_liggghts_kernel)(const mbc_liggghts_law *law, const mbc_liggghts_contact *c,
                                    double *history, mbc_liggghts_result *out);

/* The law of one pair of materials, with what an engine sets per call. */
struct mbc_liggghts_law {
    mbc_liggghts_kernel evaluate;              /* the instance of the model combination below */
    int normal, tangential, cohesion, rolling; /* MBC_LIGGGHTS_* */
    int tangential_damping, limit_force, tangential_reduce, torsion_torque, viscous;
    int liggghts38;        /* 3.8's code where it contradicts its documentation */
    double kt_factor;      /* hooke: k_t / k_n (1, or 2/7 with ktToKn) */
    double inertia_factor; /* rolling inertia (I + m r^2) / (m r^2): 1.4 spheres, 1.5 discs */
    /* the pair of materials: Y*, G*, ln e, beta = ln e / sqrt(ln^2 e + pi^2),
     * mu, v_c, k_c, mu_r, eta_r, k_r0; viscous: mu_f, ln e_max, St_c */
    double y_eff, g_eff, log_e, beta, mu, char_vel, cohesion_density, roll_mu, roll_damping,
        roll_stiffness;
    double viscosity, log_e_max, critical_stokes;
    /* per call: the time step (s), and whether the history advances
     * (LIGGGHTS's computeflag && shearupdate; 0 in a run's set-up) */
    double dt;
    int update;
    /* where a contact's history holds the tangential displacement (3
     * values) and the rolling spring torque (3), or -1: the type's data
     * layout (mbc_liggghts_law_of), or the engine's own (LIGGGHTS: the
     * slots its sub-models ask for, in their order) */
    int shear_at, roll_at;
};

/* The law of the parameters p, which have passed
 * mbc_contact_liggghts_validate (the law trusts them, as a typed hook
 * does): the effective values as LIGGGHTS's global_properties.cpp forms
 * them, the kernel of the model combination, dt = timeStep, update = 1,
 * the type's history layout. */
MBC_API void mbc_liggghts_law_of(const mbc_contact_liggghts_params *p, mbc_liggghts_law *law);

/* Whether the law keeps a tangential displacement or a rolling spring
 * torque in a contact's history (tangential history; epsd, epsd2, epsd3). */
MBC_API int mbc_liggghts_law_has_shear(const mbc_liggghts_law *law);
MBC_API int mbc_liggghts_law_has_roll(const mbc_liggghts_law *law);

/* One contact: law->evaluate (the forces and torques on i and j, history
 * read and, with law->update, written). */
static inline void mbc_liggghts_evaluate(const mbc_liggghts_law *law, const mbc_liggghts_contact *c,
                                         double *history, mbc_liggghts_result *out)
{
    law->evaluate(law, c, history, out);
}

#ifdef __cplusplus
}
#endif

#endif
