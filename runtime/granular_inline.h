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
    if (isinf(r_b))
        return r_a;
    const double radsum = r_a + r_b;
    return r_a * r_b / radsum;
}

/* Effective mass m_a m_b/(m_a + m_b); a sphere of infinite mass (a wall, or
 * a frozen atom) leaves the other's mass, b checked last as LAMMPS does for
 * frozen atoms (both infinite: m_a). */
MBC_GRANULAR_INLINE double mbc_granular_meff(double m_a, double m_b)
{
    if (isinf(m_b))
        return m_a;
    if (isinf(m_a))
        return m_b;
    return m_a * m_b / (m_a + m_b);
}

/* Removes the component of the history vector h along n and rescales it to
 * its former length (Luding 2008, eq. 17): the frame update. */
/* Out of line: shared by the instances (size; a direct call, not through a
 * pointer, on a data-dependent path). */
static __attribute__((noinline, unused)) void mbc_granular_project(double h[3], const double n[3],
                                                                   double along)
{
    const double mag = sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
    h[0] -= along * n[0];
    h[1] -= along * n[1];
    h[2] -= along * n[2];
    const double prj = sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
    const double scale = (prj > 0) ? mag / prj : 0;
    h[0] *= scale;
    h[1] *= scale;
    h[2] *= scale;
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

/* The law's contact test (LAMMPS's touch): centers closer than r_a + r_b;
 * a jkr contact that touched at the last update (`touched`) holds on until
 * the pull-off distance r_a + r_b - delta_c. */
MBC_GRANULAR_INLINE bool mbc_granular_touching(const mbc_granular_law *law, int normal,
                                               const mbc_granular_contact *c, bool touched)
{
    if (normal == MBC_GRANULAR_JKR && touched) {
        const double dist = c->radsum - mbc_granular_jkr_pulloff(law, c->reff);
        return c->rsq < dist * dist;
    }
    return c->rsq < c->radsum * c->radsum;
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
MBC_GRANULAR_INLINE double mbc_granular_normal(const mbc_granular_law *law, int normal,
                                               double delta, double reff, double *a_out,
                                               double *knfac_out)
{
    const double dR = delta * reff;
    double fne, a, knfac;
    if (normal == MBC_GRANULAR_JKR) {
        const double e = law->e_jkr;
        a = mbc_granular_jkr_radius(law, reff, dR);
        const double a2 = a * a;
        knfac = law->k_n * a;
        fne = knfac * a2 / reff -
              MBC_GRANULAR_2PI * a2 * sqrt(4 * law->cohesion * e / (MBC_GRANULAR_PI * a));
    } else {
        knfac = law->k_n;
        fne = knfac * delta;
        a = sqrt(dR);
        if (normal != MBC_GRANULAR_HOOKE) {
            fne *= a;
            knfac *= a;
        }
        if (normal == MBC_GRANULAR_DMT)
            fne -= 4 * MBC_GRANULAR_PI * law->cohesion * reff;
    }
    *a_out = a;
    *knfac_out = knfac;
    return fne;
}

/* The damping prefactor eta_n (the normal damping force is -eta_n v_n):
 * velocity eta_n0; mass_velocity eta_n0 m*; viscoelastic eta_n0 a m*;
 * tsuji alpha sqrt(m* knfac). */
MBC_GRANULAR_INLINE double mbc_granular_damping(const mbc_granular_law *law, int damping,
                                                double meff, double a, double knfac)
{
    double damp;
    if (damping == MBC_GRANULAR_VELOCITY)
        damp = 1;
    else if (damping == MBC_GRANULAR_MASS_VELOCITY)
        damp = meff;
    else if (damping == MBC_GRANULAR_VISCOELASTIC)
        damp = a * meff;
    else
        damp = sqrt(meff * knfac);
    return law->eta_n0 * damp;
}

/* -------------------------------------------------------- tangential force */

/* A sliding contact (|f_t| > fscrit of magnitude mag): the force at the
 * Coulomb limit, the history at the spring length that gives it (Luding
 * 2008, eq. 20); a history of length 0 gives no force. Rolling's pseudo-force
 * and displacement slide the same way. Out of line: one copy for all
 * instances (size), called only while sliding. */
static __attribute__((noinline, unused)) void
mbc_granular_slide_displacement(double h[3], double fs[3], double mag, double fscrit, double damp_t,
                                const double vtr[3], double k)
{
    const double shrmag = sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
    if (shrmag != 0.0) {
        for (int i = 0; i < 3; i++)
            h[i] = -1.0 / k * (fscrit * fs[i] / mag + damp_t * vtr[i]);
        for (int i = 0; i < 3; i++)
            fs[i] *= fscrit / mag;
    } else {
        fs[0] = fs[1] = fs[2] = 0.0;
    }
}

/* The same for a history of elastic force (the /force models). */
static __attribute__((noinline, unused)) void mbc_granular_slide_force(double h[3], double fs[3],
                                                                       double mag, double fscrit,
                                                                       double damp_t,
                                                                       const double vtr[3])
{
    const double shrmag = sqrt(h[0] * h[0] + h[1] * h[1] + h[2] * h[2]);
    if (shrmag != 0.0) {
        for (int i = 0; i < 3; i++)
            h[i] = fscrit * fs[i] / mag + damp_t * vtr[i];
        for (int i = 0; i < 3; i++)
            fs[i] *= fscrit / mag;
    } else {
        fs[0] = fs[1] = fs[2] = 0.0;
    }
}

/* The tangential force f_t for the relative tangential velocity vtr at the
 * contact point, with the Coulomb limit fscrit. History models update the
 * history h (3 values, and h[A_PREV - XI_T] for the rescale models) when
 * `update` (a step; a force evaluation without a step leaves it) and rescale
 * it when the contact slides. Returns the tangential stiffness in effect
 * (k_t, or k_t a for the mindlin models), which twisting marshall reads. */
MBC_GRANULAR_INLINE double mbc_granular_tangential(const mbc_granular_law *law, int tangential,
                                                   const double n[3], const double vtr[3],
                                                   double vrel, double a, double fscrit,
                                                   double damp_t, double *h, double *a_prev,
                                                   bool update, double fs[3])
{
    double k = law->k_t;
    if (tangential == MBC_GRANULAR_LINEAR_NOHISTORY) {
        /* -min(mu F_n0, damp_t |vtr|) vtr/|vtr| */
        const double fsmag = damp_t * vrel;
        const double ft = (vrel != 0.0) ? mbc_granular_min(fscrit, fsmag) / vrel : 0.0;
        fs[0] = -ft * vtr[0];
        fs[1] = -ft * vtr[1];
        fs[2] = -ft * vtr[2];
        return 0.0; /* no tangential spring (LAMMPS sets k_t = 0) */
    }
    const bool force_history = tangential == MBC_GRANULAR_MINDLIN_FORCE ||
                               tangential == MBC_GRANULAR_MINDLIN_RESCALE_FORCE;
    const bool rescale = tangential == MBC_GRANULAR_MINDLIN_RESCALE ||
                         tangential == MBC_GRANULAR_MINDLIN_RESCALE_FORCE;
    if (tangential != MBC_GRANULAR_LINEAR_HISTORY)
        k *= a;
    if (rescale && a < *a_prev) {
        /* unloading: the history shrinks with the contact radius */
        const double factor = a / *a_prev;
        h[0] *= factor;
        h[1] *= factor;
        h[2] *= factor;
    }
    if (update) {
        const double rsht = h[0] * n[0] + h[1] * n[1] + h[2] * n[2];
        const bool frame = force_history ? fabs(rsht) > MBC_GRANULAR_EPSILON * fscrit
                                         : fabs(rsht) * k > MBC_GRANULAR_EPSILON * fscrit;
        if (frame)
            mbc_granular_project(h, n, rsht);
        if (force_history) {
            /* elastic force increment -k a vtr dt (Thornton et al. 2013, eq. 18) */
            h[0] -= k * vtr[0] * law->dt;
            h[1] -= k * vtr[1] * law->dt;
            h[2] -= k * vtr[2] * law->dt;
        } else {
            h[0] += vtr[0] * law->dt;
            h[1] += vtr[1] * law->dt;
            h[2] += vtr[2] * law->dt;
        }
        if (rescale)
            *a_prev = a;
    }
    if (force_history) {
        fs[0] = h[0] - damp_t * vtr[0];
        fs[1] = h[1] - damp_t * vtr[1];
        fs[2] = h[2] - damp_t * vtr[2];
    } else {
        fs[0] = -k * h[0] - damp_t * vtr[0];
        fs[1] = -k * h[1] - damp_t * vtr[1];
        fs[2] = -k * h[2] - damp_t * vtr[2];
    }
    const double mag = sqrt(fs[0] * fs[0] + fs[1] * fs[1] + fs[2] * fs[2]);
    if (mag > fscrit) {
        if (force_history)
            mbc_granular_slide_force(h, fs, mag, fscrit, damp_t, vtr);
        else
            mbc_granular_slide_displacement(h, fs, mag, fscrit, damp_t, vtr, k);
    }
    return k;
}

/* ------------------------------------------------------ rolling, twisting */

/* Rolling sds: the pseudo-force f_r = -k_roll xi_roll - gamma_roll v_roll,
 * v_roll = R* (w_a - w_b) x n (Wang et al. 2015), at most mu_roll F_n0. */
MBC_GRANULAR_INLINE void mbc_granular_rolling(const mbc_granular_law *law, const double n[3],
                                              const double relrot[3], double reff, double fncrit,
                                              double *h, bool update, double fr[3])
{
    double vrl[3];
    vrl[0] = reff * (relrot[1] * n[2] - relrot[2] * n[1]);
    vrl[1] = reff * (relrot[2] * n[0] - relrot[0] * n[2]);
    vrl[2] = reff * (relrot[0] * n[1] - relrot[1] * n[0]);
    const double k = law->k_roll;
    const double damp = law->gamma_roll;
    const double frcrit = law->mu_roll * fncrit;
    if (update) {
        const double rolldotn = h[0] * n[0] + h[1] * n[1] + h[2] * n[2];
        if (fabs(rolldotn) * k > MBC_GRANULAR_EPSILON * frcrit)
            mbc_granular_project(h, n, rolldotn);
        h[0] += vrl[0] * law->dt;
        h[1] += vrl[1] * law->dt;
        h[2] += vrl[2] * law->dt;
    }
    fr[0] = -k * h[0] - damp * vrl[0];
    fr[1] = -k * h[1] - damp * vrl[1];
    fr[2] = -k * h[2] - damp * vrl[2];
    const double mag = sqrt(fr[0] * fr[0] + fr[1] * fr[1] + fr[2] * fr[2]);
    if (mag > frcrit) /* the same rescale as the tangential displacement's */
        mbc_granular_slide_displacement(h, fr, mag, frcrit, damp, vrl, k);
}

/* Twisting: the torque M_t = -k_tw xi_tw - gamma_tw Omega_t along n,
 * Omega_t = (w_a - w_b) . n, at most mu_tw F_n0; marshall takes
 * k_tw = k a^2/2, gamma_tw = damp_t a^2/2, mu_tw = 2/3 a mu_t (Marshall
 * 2009, eqs. 32-33) from the tangential stiffness k in effect. */
MBC_GRANULAR_INLINE double mbc_granular_twisting(const mbc_granular_law *law, int twisting,
                                                 const double n[3], const double relrot[3],
                                                 double a, double k_t, double damp_t, double fncrit,
                                                 double *h, bool update)
{
    const double magtwist = relrot[0] * n[0] + relrot[1] * n[1] + relrot[2] * n[2];
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
    if (update)
        *h += magtwist * law->dt;
    double m = -k * *h - damp * magtwist;
    const int sign = (magtwist > 0) - (magtwist < 0);
    const double mtcrit = mu * fncrit;
    if (fabs(m) > mtcrit) {
        *h = 1.0 / k * (mtcrit * sign - damp * magtwist);
        m = -mtcrit * sign;
    }
    return m;
}

/* ------------------------------------------------------------------ the law */

/* Stage A of the law, specialized by the normal, damping and tangential
 * models: the contact test against the record's flag, then, in touch, the
 * normal force with damping, the tangential force (history update when
 * `update`: one time step law->dt; the sliding rescale), the force on a and
 * the friction torques -(r - shift delta) n x f_t. Out of touch the record
 * is cleared (the history forgotten) and the result is zero. rec: the
 * pair's record (MBC_GRANULAR_RECORD values), read and written. Returns
 * whether in touch. */
MBC_GRANULAR_INLINE bool mbc_granular_stage_a(const mbc_granular_law *law, int normal, int damping,
                                              int tangential, const mbc_granular_contact *c,
                                              double *rec, bool update, mbc_granular_result *out)
{
    if (!mbc_granular_touching(law, normal, c, rec[MBC_GRANULAR_TOUCH] != 0.0)) {
        for (int i = 0; i < MBC_GRANULAR_RECORD; i++)
            rec[i] = 0.0;
        *out = (mbc_granular_result){.touching = false};
        return false;
    }
    rec[MBC_GRANULAR_TOUCH] = 1.0;
    out->touching = true;
    const double r = sqrt(c->rsq);
    const double rinv = 1.0 / r;
    double *n = out->n;
    n[0] = c->del[0] * rinv;
    n[1] = c->del[1] * rinv;
    n[2] = c->del[2] * rinv;
    const double vnnr = c->vr[0] * n[0] + c->vr[1] * n[1] + c->vr[2] * n[2];
    const double vn[3] = {n[0] * vnnr, n[1] * vnnr, n[2] * vnnr};
    const double delta = c->radsum - r;
    out->delta = delta;

    double a, knfac;
    const double fne = mbc_granular_normal(law, normal, delta, c->reff, &a, &knfac);
    out->a = a;
    const double damp_n = mbc_granular_damping(law, damping, c->meff, a, knfac);
    const double fdamp = -damp_n * vnnr;
    double fntot = fne + fdamp;
    if (fntot < law->limit_floor)
        fntot = law->limit_floor;
    out->f_n = fntot;

    /* relative tangential velocity at the contact point: v_t - (r_a w_a + r_b w_b) x n */
    const double vt[3] = {c->vr[0] - vn[0], c->vr[1] - vn[1], c->vr[2] - vn[2]};
    const double *wr = c->wr;
    const double vtr[3] = {vt[0] - (n[2] * wr[1] - n[1] * wr[2]),
                           vt[1] - (n[0] * wr[2] - n[2] * wr[0]),
                           vt[2] - (n[1] * wr[0] - n[0] * wr[1])};
    const double vrel = sqrt(vtr[0] * vtr[0] + vtr[1] * vtr[1] + vtr[2] * vtr[2]);

    /* F_n0: |F_n|; the cohesive models |F_ne + 2 F_pulloff| (Marshall 2009, eq. 43) */
    double fncrit;
    if (normal == MBC_GRANULAR_JKR)
        fncrit = fabs(fne + 2 * (3 * MBC_GRANULAR_PI * law->cohesion * c->reff));
    else if (normal == MBC_GRANULAR_DMT)
        fncrit = fabs(fne + 2 * (4 * MBC_GRANULAR_PI * law->cohesion * c->reff));
    else
        fncrit = fabs(fntot);
    out->fncrit = fncrit;
    const double fscrit = law->mu_t * fncrit;
    const double damp_t = law->x_gamma_t * damp_n;
    out->damp_t = damp_t;

    double *fs = out->f_t;
    out->k_t =
        mbc_granular_tangential(law, tangential, n, vtr, vrel, a, fscrit, damp_t,
                                &rec[MBC_GRANULAR_XI_T], &rec[MBC_GRANULAR_A_PREV], update, fs);
    for (int i = 0; i < 3; i++)
        out->force[i] = n[i] * fntot + fs[i];
    const double tor[3] = {n[1] * fs[2] - n[2] * fs[1], n[2] * fs[0] - n[0] * fs[2],
                           n[0] * fs[1] - n[1] * fs[0]};
    const double dist_a = c->r_a - c->shift * delta;
    const double dist_b = c->r_b - c->shift * delta;
    for (int i = 0; i < 3; i++) {
        out->torque_a[i] = 0.0 - dist_a * tor[i];
        out->torque_b[i] = 0.0 - dist_b * tor[i];
    }
    for (int i = 0; i < 3; i++)
        out->f_roll[i] = out->twist[i] = out->roll[i] = 0.0;
    out->m_twist = 0.0;
    return true;
}

/* Stage B of the law, specialized by the rolling and twisting models, for a
 * contact in touch after stage A: the twisting torque M_t n and the rolling
 * torque R* n x f_r on a (their negatives on b), with their history. */
MBC_GRANULAR_INLINE void mbc_granular_stage_b(const mbc_granular_law *law, int rolling,
                                              int twisting, const mbc_granular_contact *c,
                                              double *rec, bool update, mbc_granular_result *out)
{
    const double *n = out->n;
    if (rolling == MBC_GRANULAR_ROLL_SDS)
        mbc_granular_rolling(law, n, c->relrot, c->reff, out->fncrit, &rec[MBC_GRANULAR_XI_ROLL],
                             update, out->f_roll);
    if (twisting != MBC_GRANULAR_TWIST_NONE) {
        out->m_twist =
            mbc_granular_twisting(law, twisting, n, c->relrot, out->a, out->k_t, out->damp_t,
                                  out->fncrit, &rec[MBC_GRANULAR_XI_TWIST], update);
        for (int i = 0; i < 3; i++)
            out->twist[i] = out->m_twist * n[i];
    }
    if (rolling != MBC_GRANULAR_ROLL_NONE) {
        const double *fr = out->f_roll;
        out->roll[0] = c->reff * (n[1] * fr[2] - n[2] * fr[1]);
        out->roll[1] = c->reff * (n[2] * fr[0] - n[0] * fr[2]);
        out->roll[2] = c->reff * (n[0] * fr[1] - n[1] * fr[0]);
    }
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

/* The contact of two spheres, as pair_granular.cpp forms it. */
MBC_GRANULAR_INLINE void mbc_granular_pair_contact(const mbc_granular_sphere *sa,
                                                   const mbc_granular_sphere *sb,
                                                   mbc_granular_contact *c)
{
    for (int i = 0; i < 3; i++)
        c->del[i] = sa->x[i] - sb->x[i];
    c->rsq = c->del[0] * c->del[0] + c->del[1] * c->del[1] + c->del[2] * c->del[2];
    c->radsum = sa->radius + sb->radius;
    c->reff = mbc_granular_reff(sa->radius, sb->radius);
    c->meff = mbc_granular_meff(sa->mass, sb->mass);
    for (int i = 0; i < 3; i++) {
        c->vr[i] = sa->v[i] - sb->v[i];
        c->wr[i] = sa->radius * sa->omega[i] + sb->radius * sb->omega[i];
        c->relrot[i] = sa->omega[i] - sb->omega[i];
    }
    c->r_a = sa->radius;
    c->r_b = sb->radius;
    c->shift = 0.5;
}

/* The whole law for one contact (stages A and B); the model arguments are
 * constants where it is instantiated. Returns whether in touch. */
MBC_GRANULAR_INLINE bool mbc_granular_law_inline(const mbc_granular_law *law, int normal,
                                                 int damping, int tangential, int rolling,
                                                 int twisting, const mbc_granular_contact *c,
                                                 double *rec, bool update, mbc_granular_result *out)
{
    if (!mbc_granular_stage_a(law, normal, damping, tangential, c, rec, update, out))
        return false;
    mbc_granular_stage_b(law, rolling, twisting, c, rec, update, out);
    return true;
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
