/* SPDX-License-Identifier: BSD-3-Clause */
/* The granular contact law of LAMMPS's pair_style granular (Debian's LAMMPS
 * 20220106, the 29 Sep 2021 update 2) as per-pair inline kernels, private to
 * the runtime: the ContactGranular hooks (runtime/connector_contact_granular.c)
 * and every engine path call these, and nothing else computes the law.
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
 * with constants (runtime/granular_kernels.c instantiates every combination),
 * the compiler removes every branch on them: one straight kernel per
 * combination, no per-pair branching on the model choice. */
#ifndef MBC_RUNTIME_GRANULAR_INLINE_H
#define MBC_RUNTIME_GRANULAR_INLINE_H

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

/* ----------------------------------------------------------------- helpers */

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

/* ------------------------------------------------------------ contact test */

/* The JKR pull-off overlap delta_c < 0 at which a contact that touched
 * breaks: a_c = (9 pi gamma R^2 / (4 E))^(1/3), delta_c = a_c^2/R -
 * 2 sqrt(pi gamma a_c / E). The neighbor cutoff of a jkr pair is
 * r_a + r_b - delta_c. */
MBC_GRANULAR_INLINE double mbc_granular_jkr_pulloff(const mbc_granular_law *law, double reff)
{
    const double e = law->e_jkr;
    const double coh = law->cohesion;
    const double r2 = reff * reff;
    const double a = cbrt(9.0 * MBC_GRANULAR_PI * coh * r2 / (4 * e));
    return a * a / reff - 2 * sqrt(MBC_GRANULAR_PI * coh * a / e);
}

/* ------------------------------------------------------------ normal force */

/* The contact radius a of the JKR law: the root of delta = a^2/R -
 * 2 sqrt(pi gamma a/E), in closed form (pair_granular.cpp's t0..t6). */
/* Out of line (one copy per jkr file, size). */
static __attribute__((noinline, unused)) double mbc_granular_jkr_radius(const mbc_granular_law *law,
                                                                        double reff, double dR)
{
    const double e = law->e_jkr;
    const double coh = law->cohesion;
    const double r2 = reff * reff;
    const double dR2 = dR * dR;
    const double t0 = coh * coh * r2 * r2 * e;
    const double t1 = MBC_GRANULAR_PI27SQ * t0;
    const double t2 = 8 * dR * dR2 * e * e * e;
    const double t3 = 4 * dR2 * e;
    const double sqrt1 = mbc_granular_max0(t0 * (t1 + 2 * t2));
    const double t4 = cbrt(t1 + t2 + MBC_GRANULAR_THREEROOT3 * MBC_GRANULAR_PI * sqrt(sqrt1));
    const double t5 = t3 / t4 + t4 / e;
    const double sqrt2 = mbc_granular_max0(2 * dR + t5);
    const double t6 = sqrt(sqrt2);
    const double sqrt3 = mbc_granular_max0(
        4 * dR - t5 + MBC_GRANULAR_SIXROOT6 * coh * MBC_GRANULAR_PI * r2 / (e * t6));
    return MBC_GRANULAR_INVROOT6 * (t6 + sqrt(sqrt3));
}

/* Elastic normal force F_ne, contact radius a and the stiffness knfac that
 * tsuji damping reads:
 *   hooke  F = k_n delta,            knfac = k_n,   a = sqrt(R delta)
 *   hertz  F = k_n a delta,          knfac = k_n a  (hertz/material: k_n = 4/3 E*)
 *   dmt    F = k_n a delta - 4 pi gamma R
 *   jkr    F = k_n a^3/R - 2 pi a^2 sqrt(4 gamma E/(pi a)), knfac = k_n a. */
typedef struct mbc_granular_normal_force {
    double fne, a, knfac;
} mbc_granular_normal_force;

MBC_GRANULAR_INLINE mbc_granular_normal_force mbc_granular_normal(const mbc_granular_law *law,
                                                                  int normal, double delta,
                                                                  double reff)
{
    const double dR = delta * reff;
    mbc_granular_normal_force f;
    if (normal == MBC_GRANULAR_JKR) {
        const double e = law->e_jkr;
        f.a = mbc_granular_jkr_radius(law, reff, dR);
        const double a2 = f.a * f.a;
        f.knfac = law->k_n * f.a;
        f.fne = f.knfac * a2 / reff -
                MBC_GRANULAR_2PI * a2 * sqrt(4 * law->cohesion * e / (MBC_GRANULAR_PI * f.a));
    } else {
        f.knfac = law->k_n;
        f.fne = f.knfac * delta;
        f.a = sqrt(dR);
        if (normal != MBC_GRANULAR_HOOKE) {
            f.fne *= f.a;
            f.knfac *= f.a;
        }
        if (normal == MBC_GRANULAR_DMT)
            f.fne -= 4 * MBC_GRANULAR_PI * law->cohesion * reff;
    }
    return f;
}

/* The damping prefactor eta_n (the normal damping force is -eta_n v_n):
 * velocity eta_n0; mass_velocity eta_n0 m*; viscoelastic eta_n0 a m*;
 * tsuji alpha sqrt(m* knfac). `family`: MBC_GRANULAR_DAMPING_*, the
 * model within the linear family law->damping. */
MBC_GRANULAR_INLINE double mbc_granular_damping(const mbc_granular_law *law, const int family,
                                                double meff, double a, double knfac, double lane)
{
    int velocity = 0;
    double damp;
    if (family == MBC_GRANULAR_DAMPING_TSUJI) {
        damp = sqrt(meff * knfac);
    } else {
        velocity = mbc_granular_lane(lane, law->velocity);
        const int mass = mbc_granular_lane(lane, law->mass_velocity);
        damp = velocity ? 1.0 : mass ? meff : a * meff;
    }
    /* two frozen atoms (infinite masses, which do not move): no damping of
     * a model that weighs it by the mass (LAMMPS takes one atom's finite
     * mass; at rest the forces are the same) */
    return law->eta_n0 * ((meff > DBL_MAX && !velocity) ? 0.0 : damp);
}

/* -------------------------------------------------------- tangential force */

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

/* The tangential force f_t for the relative tangential velocity vtr at the
 * contact point, with the Coulomb limit fscrit, and the new history h (and
 * the contact radius of the rescale models): history models update h when
 * `update` (a step; a force evaluation without a step leaves it) and
 * rescale it when the contact slides. k: the tangential stiffness in effect
 * (k_t, or k_t a for the mindlin models), which twisting marshall reads. */
typedef struct mbc_granular_tangential_force {
    mbc_granular_v3 fs, h;
    double a_prev, k;
} mbc_granular_tangential_force;

MBC_GRANULAR_INLINE mbc_granular_tangential_force
mbc_granular_tangential(const mbc_granular_law *law, const int family, mbc_granular_v3 n,
                        mbc_granular_v3 vtr, double vrel, double a, double fscrit, double damp_t,
                        mbc_granular_v3 h, double a_prev, int update, double lane)
{
    mbc_granular_tangential_force t;
    t.a_prev = a_prev;
    if (family == MBC_GRANULAR_T_NONE) {
        /* -min(mu F_n0, damp_t |vtr|) vtr/|vtr| */
        const double fsmag = damp_t * vrel;
        const double ft = (vrel != 0.0) ? mbc_granular_min(fscrit, fsmag) / vrel : 0.0;
        for (int i = 0; i < 3; i++)
            t.fs.v[i] = -ft * vtr.v[i];
        t.h = h;
        t.k = 0.0; /* no tangential spring (LAMMPS sets k_t = 0) */
        return t;
    }
    const int force_history = family == MBC_GRANULAR_T_FORCE;
    const int rescale = mbc_granular_lane(lane, law->rescale);
    const int linear = mbc_granular_lane(lane, law->linear_history);
    const double k = linear ? law->k_t : law->k_t * a;
    /* unloading: a rescale model's history shrinks with the contact radius */
    const double factor = a / a_prev;
    mbc_granular_v3 shrunk;
    for (int i = 0; i < 3; i++)
        shrunk.v[i] = h.v[i] * factor;
    h = mbc_granular_pick(rescale && a < a_prev, shrunk, h);
    /* the step: the frame update, then the increment (Thornton et al. 2013,
     * eq. 18, for the elastic force: -k a vtr dt) */
    const double rsht = mbc_granular_dot(h, n);
    const int frame = force_history ? fabs(rsht) > MBC_GRANULAR_EPSILON * fscrit
                                    : fabs(rsht) * k > MBC_GRANULAR_EPSILON * fscrit;
    const mbc_granular_v3 framed = mbc_granular_pick(frame, mbc_granular_projected(h, n, rsht), h);
    mbc_granular_v3 stepped;
    for (int i = 0; i < 3; i++)
        stepped.v[i] =
            force_history ? framed.v[i] - k * vtr.v[i] * law->dt : framed.v[i] + vtr.v[i] * law->dt;
    h = mbc_granular_pick(update, stepped, h);
    t.a_prev = (rescale && update) ? a : a_prev;
    for (int i = 0; i < 3; i++)
        t.fs.v[i] = force_history ? h.v[i] - damp_t * vtr.v[i] : -k * h.v[i] - damp_t * vtr.v[i];
    const double mag = sqrt(mbc_granular_dot(t.fs, t.fs));
    const mbc_granular_slid s =
        mbc_granular_slide(h, t.fs, mag, fscrit, damp_t, vtr, k, force_history);
    const int slides = mag > fscrit;
    t.h = mbc_granular_pick(slides, s.h, h);
    t.fs = mbc_granular_pick(slides, s.fs, t.fs);
    t.k = k;
    return t;
}

/* ------------------------------------------------------ rolling, twisting */

/* Rolling sds: the pseudo-force f_r = -k_roll xi_roll - gamma_roll v_roll,
 * v_roll = R* (w_a - w_b) x n (Wang et al. 2015), at most mu_roll F_n0,
 * and the new history. */
typedef struct mbc_granular_rolling_force {
    mbc_granular_v3 fr, h;
} mbc_granular_rolling_force;

MBC_GRANULAR_INLINE mbc_granular_rolling_force
mbc_granular_rolling(const mbc_granular_law *law, mbc_granular_v3 n, mbc_granular_v3 relrot,
                     double reff, double fncrit, mbc_granular_v3 h, const int update)
{
    mbc_granular_v3 vrl;
    vrl.v[0] = reff * (relrot.v[1] * n.v[2] - relrot.v[2] * n.v[1]);
    vrl.v[1] = reff * (relrot.v[2] * n.v[0] - relrot.v[0] * n.v[2]);
    vrl.v[2] = reff * (relrot.v[0] * n.v[1] - relrot.v[1] * n.v[0]);
    const double k = law->k_roll;
    const double damp = law->gamma_roll;
    const double frcrit = law->mu_roll * fncrit;
    const double rolldotn = mbc_granular_dot(h, n);
    const int frame = fabs(rolldotn) * k > MBC_GRANULAR_EPSILON * frcrit;
    const mbc_granular_v3 framed =
        mbc_granular_pick(frame, mbc_granular_projected(h, n, rolldotn), h);
    mbc_granular_v3 stepped;
    for (int i = 0; i < 3; i++)
        stepped.v[i] = framed.v[i] + vrl.v[i] * law->dt;
    h = mbc_granular_pick(update, stepped, h);
    mbc_granular_rolling_force r;
    for (int i = 0; i < 3; i++)
        r.fr.v[i] = -k * h.v[i] - damp * vrl.v[i];
    const double mag = sqrt(mbc_granular_dot(r.fr, r.fr));
    /* the same rescale as the tangential displacement's */
    const mbc_granular_slid s = mbc_granular_slide(h, r.fr, mag, frcrit, damp, vrl, k, 0);
    const int slides = mag > frcrit;
    r.h = mbc_granular_pick(slides, s.h, h);
    r.fr = mbc_granular_pick(slides, s.fs, r.fr);
    return r;
}

/* Twisting: the torque M_t = -k_tw xi_tw - gamma_tw Omega_t along n,
 * Omega_t = (w_a - w_b) . n, at most mu_tw F_n0, and the new history;
 * marshall takes k_tw = k a^2/2, gamma_tw = damp_t a^2/2, mu_tw = 2/3 a mu_t
 * (Marshall 2009, eqs. 32-33) from the tangential stiffness k in effect. */
typedef struct mbc_granular_twisting_torque {
    double m, h;
} mbc_granular_twisting_torque;

MBC_GRANULAR_INLINE mbc_granular_twisting_torque mbc_granular_twisting(
    const mbc_granular_law *law, const int twisting, mbc_granular_v3 n, mbc_granular_v3 relrot,
    double a, double k_t, double damp_t, double fncrit, double h, const int update)
{
    const double magtwist = mbc_granular_dot(relrot, n);
    double k, damp, mu;
    if (twisting == MBC_GRANULAR_TWIST_MARSHALL) {
        k = 0.5 * k_t * a * a;
        damp = 0.5 * damp_t * a * a;
        mu = 2.0 / 3.0 * a * law->mu_t;
    } else {
        k = law->k_twist;
        damp = law->gamma_twist;
        mu = law->mu_twist;
    }
    const double stepped = h + magtwist * law->dt;
    h = update ? stepped : h;
    const double m = -k * h - damp * magtwist;
    const double sign = (double)((magtwist > 0) - (magtwist < 0));
    const double mtcrit = mu * fncrit;
    const int clamped = fabs(m) > mtcrit;
    mbc_granular_twisting_torque t;
    t.h = clamped ? 1.0 / k * (mtcrit * sign - damp * magtwist) : h;
    t.m = clamped ? -mtcrit * sign : m;
    return t;
}

/* ------------------------------------------------------------------ the law */

/* Stage A's view of one contact (mbc_granular_contact's fields) and the
 * record values it reads, by value. */
typedef struct mbc_granular_a_in {
    mbc_granular_v3 del, vr, wr;
    double rsq, radsum, reff, meff, r_a, r_b, shift;
    double touch, a_prev; /* the record: the contact flag, the contact radius */
    mbc_granular_v3 h;    /* the record: the tangential history */
} mbc_granular_a_in;

/* Stage A's results: the force on a, the friction torques, what stage B
 * and the outputs read, and the record values it writes. */
typedef struct mbc_granular_a_out {
    mbc_granular_v3 force, torque_a, torque_b, n, f_t, h;
    double delta, a, f_n, fncrit, k_t, damp_t, touch, a_prev;
    int touching;
} mbc_granular_a_out;

/* Stage A of the law, specialized by the normal model and the damping and
 * tangential families (`damping`: MBC_GRANULAR_DAMPING_*, `tangential`:
 * MBC_GRANULAR_T_*; the model within them selected): the contact test against the record's flag,
 * then, in touch, the normal force with damping, the tangential force (history update when
 * `update`: one time step law->dt; the sliding rescale), the force on a and
 * the friction torques -(r - shift delta) n x f_t. Out of touch the record
 * is cleared (the history forgotten) and the result is zero. Every branch
 * on the contact's values is a select: the value taken is computed with
 * pair_granular.cpp's operations, so the results are its bits. */
MBC_GRANULAR_INLINE mbc_granular_a_out mbc_granular_stage_a(const mbc_granular_law *law,
                                                            const int normal, const int damping,
                                                            const int tangential,
                                                            const mbc_granular_a_in in)
{
    int touching;
    if (normal == MBC_GRANULAR_JKR) {
        /* a jkr contact that touched holds until the pull-off distance */
        const double dist = in.radsum - mbc_granular_jkr_pulloff(law, in.reff);
        touching = in.touch != 0.0 ? in.rsq < dist * dist : in.rsq < in.radsum * in.radsum;
    } else {
        touching = in.rsq < in.radsum * in.radsum;
    }
    const int step = mbc_granular_lane(in.rsq, law->step);
    const double r = sqrt(in.rsq);
    const double rinv = 1.0 / r;
    mbc_granular_v3 n;
    for (int i = 0; i < 3; i++)
        n.v[i] = in.del.v[i] * rinv;
    const double vnnr = in.vr.v[0] * n.v[0] + in.vr.v[1] * n.v[1] + in.vr.v[2] * n.v[2];
    const double delta = in.radsum - r;
    const mbc_granular_normal_force nf = mbc_granular_normal(law, normal, delta, in.reff);
    const double damp_n = mbc_granular_damping(law, damping, in.meff, nf.a, nf.knfac, in.rsq);
    const double fdamp = -damp_n * vnnr;
    double fntot = nf.fne + fdamp;
    fntot = (fntot < law->limit_floor) ? law->limit_floor : fntot;

    /* relative tangential velocity at the contact point: v_t - (r_a w_a + r_b w_b) x n */
    mbc_granular_v3 vtr;
    const double vt0 = in.vr.v[0] - n.v[0] * vnnr, vt1 = in.vr.v[1] - n.v[1] * vnnr,
                 vt2 = in.vr.v[2] - n.v[2] * vnnr;
    vtr.v[0] = vt0 - (n.v[2] * in.wr.v[1] - n.v[1] * in.wr.v[2]);
    vtr.v[1] = vt1 - (n.v[0] * in.wr.v[2] - n.v[2] * in.wr.v[0]);
    vtr.v[2] = vt2 - (n.v[1] * in.wr.v[0] - n.v[0] * in.wr.v[1]);
    const double vrel = sqrt(mbc_granular_dot(vtr, vtr));

    /* F_n0: |F_n|; the cohesive models |F_ne + 2 F_pulloff| (Marshall 2009, eq. 43) */
    double fncrit;
    if (normal == MBC_GRANULAR_JKR)
        fncrit = fabs(nf.fne + 2 * (3 * MBC_GRANULAR_PI * law->cohesion * in.reff));
    else if (normal == MBC_GRANULAR_DMT)
        fncrit = fabs(nf.fne + 2 * (4 * MBC_GRANULAR_PI * law->cohesion * in.reff));
    else
        fncrit = fabs(fntot);
    const double fscrit = law->mu_t * fncrit;
    const double damp_t = law->x_gamma_t * damp_n;
    const mbc_granular_tangential_force tf = mbc_granular_tangential(
        law, tangential, n, vtr, vrel, nf.a, fscrit, damp_t, in.h, in.a_prev, step, in.rsq);

    mbc_granular_a_out o;
    const double dist_a = in.r_a - in.shift * delta, dist_b = in.r_b - in.shift * delta;
    const double tor[3] = {n.v[1] * tf.fs.v[2] - n.v[2] * tf.fs.v[1],
                           n.v[2] * tf.fs.v[0] - n.v[0] * tf.fs.v[2],
                           n.v[0] * tf.fs.v[1] - n.v[1] * tf.fs.v[0]};
    for (int i = 0; i < 3; i++) {
        o.force.v[i] = touching ? n.v[i] * fntot + tf.fs.v[i] : 0.0;
        o.torque_a.v[i] = touching ? 0.0 - dist_a * tor[i] : 0.0;
        o.torque_b.v[i] = touching ? 0.0 - dist_b * tor[i] : 0.0;
        o.n.v[i] = touching ? n.v[i] : 0.0;
        o.f_t.v[i] = touching ? tf.fs.v[i] : 0.0;
        o.h.v[i] = touching ? tf.h.v[i] : 0.0;
    }
    o.delta = touching ? delta : 0.0;
    o.a = touching ? nf.a : 0.0;
    o.f_n = touching ? fntot : 0.0;
    o.fncrit = touching ? fncrit : 0.0;
    o.k_t = touching ? tf.k : 0.0;
    o.damp_t = touching ? damp_t : 0.0;
    o.touch = touching ? 1.0 : 0.0;
    o.a_prev = touching ? tf.a_prev : 0.0;
    o.touching = touching;
    return o;
}

/* Stage B's view of a contact after stage A, and its record values. */
typedef struct mbc_granular_b_in {
    mbc_granular_v3 n, relrot, h_roll;
    double reff, fncrit, a, k_t, damp_t, h_twist;
    int touching;
} mbc_granular_b_in;

typedef struct mbc_granular_b_out {
    mbc_granular_v3 twist, roll, f_roll, h_roll;
    double m_twist, h_twist;
} mbc_granular_b_out;

/* Stage B of the law, specialized by the rolling and twisting models, for a
 * contact after stage A: the twisting torque M_t n and the rolling torque
 * R* n x f_r on a (their negatives on b), with their history; out of touch
 * zero, and the record's values as they are (stage A cleared them). */
MBC_GRANULAR_INLINE mbc_granular_b_out mbc_granular_stage_b(const mbc_granular_law *law,
                                                            const int rolling, const int twisting,
                                                            const mbc_granular_b_in in)
{
    const int on = in.touching;
    const int step = mbc_granular_lane(in.reff, law->step);
    mbc_granular_b_out o;
    for (int i = 0; i < 3; i++)
        o.twist.v[i] = o.roll.v[i] = o.f_roll.v[i] = 0.0;
    o.h_roll = in.h_roll;
    o.m_twist = 0.0;
    o.h_twist = in.h_twist;
    if (rolling == MBC_GRANULAR_ROLL_SDS) {
        const mbc_granular_rolling_force rf =
            mbc_granular_rolling(law, in.n, in.relrot, in.reff, in.fncrit, in.h_roll, step);
        const mbc_granular_v3 fr = rf.fr;
        const double rr[3] = {in.reff * (in.n.v[1] * fr.v[2] - in.n.v[2] * fr.v[1]),
                              in.reff * (in.n.v[2] * fr.v[0] - in.n.v[0] * fr.v[2]),
                              in.reff * (in.n.v[0] * fr.v[1] - in.n.v[1] * fr.v[0])};
        for (int i = 0; i < 3; i++) {
            o.roll.v[i] = on ? rr[i] : 0.0;
            o.f_roll.v[i] = on ? fr.v[i] : 0.0;
            o.h_roll.v[i] = on ? rf.h.v[i] : in.h_roll.v[i];
        }
    }
    if (twisting != MBC_GRANULAR_TWIST_NONE) {
        const mbc_granular_twisting_torque tt = mbc_granular_twisting(
            law, twisting, in.n, in.relrot, in.a, in.k_t, in.damp_t, in.fncrit, in.h_twist, step);
        for (int i = 0; i < 3; i++)
            o.twist.v[i] = on ? tt.m * in.n.v[i] : 0.0;
        o.m_twist = on ? tt.m : 0.0;
        o.h_twist = on ? tt.h : in.h_twist;
    }
    return o;
}

/* The whole torques on a and b: the friction torque, then the twisting,
 * then the rolling one added (LAMMPS's order). */
MBC_GRANULAR_INLINE void mbc_granular_total_torques(const mbc_granular_result *r, double ta[3],
                                                    double tb[3])
{
    for (int i = 0; i < 3; i++) {
        ta[i] = r->torque_a[i] + r->twist[i] + r->roll[i];
        tb[i] = r->torque_b[i] - r->twist[i] - r->roll[i];
    }
}

/* ------------------------------------------------------------- front ends */

/* One sphere as the pair front end reads it (pointers into the engine's
 * arrays or a marker): center, velocity and global angular velocity,
 * radius, mass (+inf: an atom that does not move, LAMMPS's frozen atom). */
typedef struct mbc_granular_sphere {
    const double *x, *v, *omega;
    double radius;
    double mass;
} mbc_granular_sphere;

/* One sphere by value: center, velocity, global angular velocity, radius,
 * mass. */
typedef struct mbc_granular_ball {
    mbc_granular_v3 x, v, w;
    double r, m;
} mbc_granular_ball;

/* The contact of two spheres, as pair_granular.cpp forms it (by value: an
 * engine forms a block's contacts in a vectorized loop). */
MBC_GRANULAR_INLINE mbc_granular_contact mbc_granular_pair_contact_of(const mbc_granular_ball a,
                                                                      const mbc_granular_ball b)
{
    mbc_granular_contact c;
    for (int i = 0; i < 3; i++)
        c.del[i] = a.x.v[i] - b.x.v[i];
    c.rsq = c.del[0] * c.del[0] + c.del[1] * c.del[1] + c.del[2] * c.del[2];
    c.radsum = a.r + b.r;
    c.reff = mbc_granular_reff(a.r, b.r);
    c.meff = mbc_granular_meff(a.m, b.m);
    for (int i = 0; i < 3; i++) {
        c.vr[i] = a.v.v[i] - b.v.v[i];
        c.wr[i] = a.r * a.w.v[i] + b.r * b.w.v[i];
        c.relrot[i] = a.w.v[i] - b.w.v[i];
    }
    c.r_a = a.r;
    c.r_b = b.r;
    c.shift = 0.5;
    return c;
}

/* The same from two spheres given by pointers. */
MBC_GRANULAR_INLINE void mbc_granular_pair_contact(const mbc_granular_sphere *sa,
                                                   const mbc_granular_sphere *sb,
                                                   mbc_granular_contact *c)
{
    const mbc_granular_sphere *s[2] = {sa, sb};
    mbc_granular_ball ball[2];
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < 3; i++) {
            ball[k].x.v[i] = s[k]->x[i];
            ball[k].v.v[i] = s[k]->v[i];
            ball[k].w.v[i] = s[k]->omega[i];
        }
        ball[k].r = s[k]->radius;
        ball[k].m = s[k]->mass;
    }
    *c = mbc_granular_pair_contact_of(ball[0], ball[1]);
}

/* The contact of a sphere with a wall, as fix_wall_gran.cpp forms it: the
 * same law with sphere b of infinite mass, radius r_wall (+inf: a flat
 * wall; a cylinder: LAMMPS's rwall) and angular velocity 0, moving with the
 * wall's velocity, the friction torque at r_a from the center (as LAMMPS
 * applies it) and none on the wall. del: x_a minus the closest point of the
 * wall. */
MBC_GRANULAR_INLINE void mbc_granular_wall_contact(const mbc_granular_sphere *sa,
                                                   const double del[3], const double vwall[3],
                                                   double r_wall, mbc_granular_contact *c)
{
    for (int i = 0; i < 3; i++)
        c->del[i] = del[i];
    c->rsq = del[0] * del[0] + del[1] * del[1] + del[2] * del[2];
    c->radsum = sa->radius;
    c->reff = mbc_granular_reff(sa->radius, r_wall);
    c->meff = mbc_granular_meff(sa->mass, INFINITY);
    for (int i = 0; i < 3; i++) {
        c->vr[i] = sa->v[i] - vwall[i];
        c->wr[i] = sa->radius * sa->omega[i];
        c->relrot[i] = sa->omega[i];
    }
    c->r_a = sa->radius;
    c->r_b = r_wall;
    c->shift = 0.0;
}

/* The record of a pair seen from the other sphere (the engine evaluates
 * (b, a) where it kept (a, b)): the tangential history is odd under the
 * exchange (v_t,rel changes sign), the rolling and twisting histories are
 * even (v_roll = R* (w_a - w_b) x n and Omega_t = (w_a - w_b) . n keep
 * theirs), the flag and the contact radius are scalars. LAMMPS negates all
 * but the contact radius: docs/physics-departures.rst. */
MBC_GRANULAR_INLINE void mbc_granular_record_exchange(double *rec)
{
    for (int i = 0; i < 3; i++)
        rec[MBC_GRANULAR_XI_T + i] = -rec[MBC_GRANULAR_XI_T + i];
}

#endif /* MBC_RUNTIME_GRANULAR_INLINE_H */
