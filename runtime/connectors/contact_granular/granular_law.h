/* SPDX-License-Identifier: BSD-3-Clause */
/* The granular contact law of LAMMPS's pair_style granular (Debian's LAMMPS
 * 20220106, the 29 Sep 2021 update 2) as per-pair inline kernels, private to
 * the runtime: the ContactGranular hooks
 * (runtime/connectors/contact_granular/connector_contact_granular.c) and every engine path call
 * these, and nothing else computes the law.
 *
 * Physics: docs/physics-granular.rst; where mbconnect corrects that version
 * (mixing, walls, history symmetry), docs/physics-departures.rst.
 *
 * Conventions (those of pair_style granular): sphere a is LAMMPS's atom i,
 * sphere b atom j; n = (x_a - x_b)/|x_a - x_b| points from b to a; the overlap
 * delta = r_a + r_b - |x_a - x_b| is > 0 in contact; a normal force F_n > 0
 * pushes a along +n. Forces and torques are the physical ones on each sphere.
 *
 * Operation order: every quantity is computed with the operations of
 * pair_granular.cpp (compute()) in the same order, so that with
 * -ffp-contract=off (no fused multiply-add, as Debian's x86-64 baseline
 * build) the results are the same bits as LAMMPS's.
 *
 * Specialization: the model choices are the arguments `normal`, `damping`,
 * `tangential`, `rolling` and `twisting` of the always-inline kernels. Called
 * with constants (runtime/connectors/contact_granular/granular_kernels.c instantiates every
 * combination), the compiler removes every branch on them: one straight kernel per combination, no
 * per-pair branching on the model choice.
 *
 * This header: the model choices, the per-pair record, the constants, the
 * law and the contact as the sub-models see them, and the helpers they
 * share; the sub-models are granular_normal.h, granular_damping.h,
 * granular_tangential.h, granular_rolling.h and granular_twisting.h, the
 * law's two stages granular_stages.h, the contacts of spheres and walls
 * granular_contact.h. */
#ifndef MBC_RUNTIME_GRANULAR_LAW_H
#define MBC_RUNTIME_GRANULAR_LAW_H

#include <float.h>
#include <math.h>
#include <stdbool.h>

#if defined(__GNUC__) || defined(__clang__)
#define MBC_GRANULAR_INLINE static inline __attribute__((always_inline))
#else
#define MBC_GRANULAR_INLINE static inline
#endif

/* Normal models (ContactGranular.normalModel); hertz/material is hertz with
 * k_n = 4/3 E* and shares its kernel. */
enum {
    MBC_GRANULAR_HOOKE = 0,
    MBC_GRANULAR_HERTZ = 1,
    MBC_GRANULAR_HERTZ_MATERIAL = 2,
    MBC_GRANULAR_DMT = 3,
    MBC_GRANULAR_JKR = 4,
    MBC_GRANULAR_NORMAL_COUNT = 5
};
/* Damping models (dampingModel). */
enum {
    MBC_GRANULAR_VELOCITY = 0,
    MBC_GRANULAR_MASS_VELOCITY = 1,
    MBC_GRANULAR_VISCOELASTIC = 2,
    MBC_GRANULAR_TSUJI = 3,
    MBC_GRANULAR_DAMPING_COUNT = 4
};
/* Tangential models (tangentialModel). */
enum {
    MBC_GRANULAR_LINEAR_NOHISTORY = 0,
    MBC_GRANULAR_LINEAR_HISTORY = 1,
    MBC_GRANULAR_MINDLIN = 2,
    MBC_GRANULAR_MINDLIN_RESCALE = 3,
    MBC_GRANULAR_MINDLIN_FORCE = 4,
    MBC_GRANULAR_MINDLIN_RESCALE_FORCE = 5,
    MBC_GRANULAR_TANGENTIAL_COUNT = 6
};
/* The families the stage A instances are specialized for: damping (tsuji,
 * or the three others) and tangential force (none, a displacement history,
 * an elastic force history). The model within a family is the law's, a
 * constant of the call that the kernel selects on, without a branch. */
enum {
    MBC_GRANULAR_DAMPING_LINEAR = 0, /* velocity, mass_velocity, viscoelastic */
    MBC_GRANULAR_DAMPING_TSUJI = 1,
    MBC_GRANULAR_DAMPING_FAMILIES = 2
};
enum {
    MBC_GRANULAR_T_NONE = 0,         /* linear_nohistory */
    MBC_GRANULAR_T_DISPLACEMENT = 1, /* linear_history, mindlin, mindlin_rescale */
    MBC_GRANULAR_T_FORCE = 2,        /* mindlin/force, mindlin_rescale/force */
    MBC_GRANULAR_TANGENTIAL_FAMILIES = 3
};
/* Rolling models (rollingModel). */
enum { MBC_GRANULAR_ROLL_NONE = 0, MBC_GRANULAR_ROLL_SDS = 1, MBC_GRANULAR_ROLLING_COUNT = 2 };
/* Twisting models (twistingModel), LAMMPS's order. */
enum {
    MBC_GRANULAR_TWIST_NONE = 0,
    MBC_GRANULAR_TWIST_SDS = 1,
    MBC_GRANULAR_TWIST_MARSHALL = 2,
    MBC_GRANULAR_TWISTING_COUNT = 3
};

/* The per-pair record (ContactGranular's data coordinates, same order):
 * the contact flag, then the history. History vectors are global. */
enum {
    MBC_GRANULAR_TOUCH = 0,    /* 1: in contact at the last update (LAMMPS's touch) */
    MBC_GRANULAR_XI_T = 1,     /* 3: tangential displacement [m] or elastic force [N] */
    MBC_GRANULAR_XI_ROLL = 4,  /* 3: rolling displacement [m] */
    MBC_GRANULAR_XI_TWIST = 7, /* twisting angle [rad] */
    MBC_GRANULAR_A_PREV = 8,   /* contact radius of the last update [m] (rescale models) */
    MBC_GRANULAR_RECORD = 9
};

/* Constants with the digits pair_granular.cpp uses (the same doubles). */
#define MBC_GRANULAR_PI         3.14159265358979323846
#define MBC_GRANULAR_2PI        6.28318530717958647692
#define MBC_GRANULAR_PI27SQ     266.47931882941264802866 /* 27 pi^2 */
#define MBC_GRANULAR_THREEROOT3 5.19615242270663202362   /* 3 sqrt(3) */
#define MBC_GRANULAR_SIXROOT6   14.69693845669906728801  /* 6 sqrt(6) */
#define MBC_GRANULAR_INVROOT6   0.40824829046386307274   /* 1/sqrt(6) */
#define MBC_GRANULAR_EPSILON    1e-10 /* history frame update threshold, relative */

/* A law: the model choices and the coefficients of one pair of particle
 * types, resolved once (mixing, NULL stiffness, tsuji's alpha) and the same
 * for every pair evaluated with it. */
typedef struct mbc_granular_law {
    int normal, damping, tangential, rolling, twisting; /* the enumerations above */
    double k_n;         /* hooke [N/m]; hertz [N/m^2]; hertz/material, dmt, jkr: 4/3 E* */
    double e_jkr;       /* jkr: the E of the JKR equations, 3/4 k_n (LAMMPS's rounding) */
    double eta_n0;      /* damping coefficient; tsuji: alpha(e) */
    double cohesion;    /* dmt, jkr: surface energy gamma [N/m] */
    double limit_floor; /* limit_damping: 0 (F_n >= 0); else -inf (no limit) */
    double k_t;         /* tangential stiffness [N/m] (mindlin: [N/m^2]; /force: the same) */
    double x_gamma_t;   /* tangential damping as a multiple of the normal damping [1] */
    double mu_t;        /* sliding friction coefficient [1] */
    double k_roll, gamma_roll, mu_roll;    /* rolling sds */
    double k_twist, gamma_twist, mu_twist; /* twisting sds */
    double dt;                             /* history time step [s] */
    /* the models within the families of the instances and whether the
     * call takes a history step, as 1.0 or 0.0: read by each lane
     * (mbc_granular_lane), never as a condition of the whole loop */
    double velocity, mass_velocity, linear_history, rescale, step;
    /* Values where LAMMPS 2021's code departs from its documentation
     * (ContactGranular.lammps2021; docs/physics-departures.rst), read by
     * the kernels of dmt and jkr only. dmt: the gamma of F_n0's pull-off
     * force is cohesion_crit + cohesion_crit_rsq |del|^2 (gamma + 0; 2021's
     * fix wall/gran: 0 + 1 |del|^2, what Debian's build leaves in the
     * variable it never sets). */
    double cohesion_crit, cohesion_crit_rsq;
    double jkr_2pi;       /* jkr: the 2 pi of F_ne (2021's fix wall/gran: its 6.28318530717959) */
    double jkr_wall_2021; /* jkr: 1.0: the contact test of 2021's fix wall/gran; 0.0: the pair's */
} mbc_granular_law;

/* One contact as the law sees it; the front ends below fill it from two
 * spheres or from a sphere and a wall. */
typedef struct mbc_granular_contact {
    double del[3];    /* x_a - x_b, or x_a minus its closest wall point [m] */
    double rsq;       /* |del|^2 */
    double radsum;    /* r_a + r_b; a wall: r_a */
    double reff;      /* effective radius r_a r_b/(r_a + r_b); a flat wall: r_a */
    double meff;      /* effective mass m_a m_b/(m_a + m_b); a wall: m_a */
    double vr[3];     /* v_a - v_b */
    double wr[3];     /* r_a w_a + r_b w_b; a wall: r_a w_a */
    double relrot[3]; /* w_a - w_b; a wall: w_a */
    double r_a, r_b;  /* radii: the friction torque acts at r - shift delta from each center */
    double shift;     /* 0.5: two spheres (the middle of the overlap); 0: a wall (at r_a) */
} mbc_granular_contact;

/* What the law returns for a contact in touch: the forces and torques and
 * the quantities the outputs and the rolling and twisting stage read. */
typedef struct mbc_granular_result {
    bool touching;   /* in contact; all else is 0 when not */
    double force[3]; /* on a [N] (on b: the negative) */
    /* The torques in three parts, each added to the atoms separately (in
     * this order, as LAMMPS adds them), so that an engine's sums round as
     * LAMMPS's; mbc_granular_total_torques adds them up. */
    double torque_a[3]; /* friction torque on a, -(r_a - shift delta) n x f_t [N m] */
    double torque_b[3]; /* friction torque on b (a wall: not used) [N m] */
    double twist[3];    /* twisting torque on a, M_t n [N m]; on b its negative */
    double roll[3];     /* rolling torque on a, R* n x f_r [N m]; on b its negative */
    double n[3];        /* unit normal from b to a */
    double delta;       /* overlap [m] */
    double a;           /* contact radius [m] */
    double f_n;         /* normal force along n [N], after limit_damping */
    double fncrit;      /* F_n0 of the Coulomb limits [N] */
    double k_t;         /* tangential stiffness in effect (mindlin: k_t a) */
    double damp_t;      /* tangential damping prefactor [N s/m] */
    double f_t[3];      /* tangential force on a [N] */
    double f_roll[3];   /* rolling pseudo-force [N] (0 without rolling) */
    double m_twist;     /* twisting torque on a along n [N m] (0 without twisting) */
} mbc_granular_result;

/* LAMMPS's MAX(0, x) and MIN(a, b) (NaN and signed zeros as the macros). */
MBC_GRANULAR_INLINE double mbc_granular_max0(double x)
{
    return (0 > x) ? 0.0 : x;
}

MBC_GRANULAR_INLINE double mbc_granular_min(double x, double y)
{
    return (x < y) ? x : y;
}

/* Effective radius r_a r_b/(r_a + r_b); r_b = +inf (a flat wall): r_a. */
MBC_GRANULAR_INLINE double mbc_granular_reff(double r_a, double r_b)
{
    const double radsum = r_a + r_b;
    return (r_b > DBL_MAX) ? r_a : r_a * r_b / radsum;
}

/* Effective mass m_a m_b/(m_a + m_b); a sphere of infinite mass (a wall, or
 * a frozen atom) leaves the other's mass, b checked last as LAMMPS does for
 * frozen atoms (both infinite: m_a). */
MBC_GRANULAR_INLINE double mbc_granular_meff(double m_a, double m_b)
{
    const double both = m_a * m_b / (m_a + m_b);
    return (m_b > DBL_MAX) ? m_a : (m_a > DBL_MAX) ? m_b : both;
}

/* A vector by value: the kernels take and return them so that a loop over
 * contacts vectorizes (no local whose address is taken; pair_kernel.h). */
typedef struct mbc_granular_v3 {
    double v[3];
} mbc_granular_v3;

MBC_GRANULAR_INLINE double mbc_granular_dot(mbc_granular_v3 a, mbc_granular_v3 b)
{
    return a.v[0] * b.v[0] + a.v[1] * b.v[1] + a.v[2] * b.v[2];
}

/* The history vector h with its component `along` n removed, rescaled to
 * its former length (Luding 2008, eq. 17): the frame update. */
MBC_GRANULAR_INLINE mbc_granular_v3 mbc_granular_projected(mbc_granular_v3 h, mbc_granular_v3 n,
                                                           double along)
{
    const double mag = sqrt(mbc_granular_dot(h, h));
    mbc_granular_v3 p;
    for (int i = 0; i < 3; i++)
        p.v[i] = h.v[i] - along * n.v[i];
    const double prj = sqrt(mbc_granular_dot(p, p));
    const double scale = (prj > 0) ? mag / prj : 0;
    for (int i = 0; i < 3; i++)
        p.v[i] *= scale;
    return p;
}

/* A constant of the call (flag: 1.0 or 0.0, a member of the law) as a
 * condition of the lane whose
 * value x (finite in touch) it is computed with: gcc 12 vectorizes a select
 * on a lane's comparison, but not one on a condition that does not change
 * over a large loop (it would have to unswitch the loop, which it does for
 * small loops only). x * 0.0 is not folded (x may be a NaN), so each lane
 * compares; a lane whose x is not finite takes the else branch (such a lane
 * is out of touch: its results are dropped). */
MBC_GRANULAR_INLINE int mbc_granular_lane(double x, double flag)
{
    return x * 0.0 + flag > 0.5;
}

/* a where c holds, else b, component by component (a select). */
MBC_GRANULAR_INLINE mbc_granular_v3 mbc_granular_pick(int c, mbc_granular_v3 a, mbc_granular_v3 b)
{
    mbc_granular_v3 r;
    for (int i = 0; i < 3; i++)
        r.v[i] = c ? a.v[i] : b.v[i];
    return r;
}

/* A history at the Coulomb limit (Luding 2008, eq. 20): for a force fs of
 * magnitude mag > crit, the force scaled to crit and the history that gives
 * it, -(crit fs/mag + damp vtr)/k (a displacement) or crit fs/mag + damp
 * vtr (an elastic force, `force_history`); a history of length 0 gives no
 * force. Rolling's pseudo-force and displacement slide the same way. */
typedef struct mbc_granular_slid {
    mbc_granular_v3 h, fs;
} mbc_granular_slid;

MBC_GRANULAR_INLINE mbc_granular_slid mbc_granular_slide(mbc_granular_v3 h, mbc_granular_v3 fs,
                                                         double mag, double crit, double damp,
                                                         mbc_granular_v3 vtr, double k,
                                                         const int force_history)
{
    const double shrmag = sqrt(mbc_granular_dot(h, h));
    const int nonzero = shrmag != 0.0;
    mbc_granular_slid s;
    for (int i = 0; i < 3; i++) {
        const double limit = crit * fs.v[i] / mag + damp * vtr.v[i];
        const double held = force_history ? limit : -1.0 / k * limit;
        s.h.v[i] = nonzero ? held : h.v[i];
        s.fs.v[i] = nonzero ? fs.v[i] * (crit / mag) : 0.0;
    }
    return s;
}

#endif /* MBC_RUNTIME_GRANULAR_LAW_H */
