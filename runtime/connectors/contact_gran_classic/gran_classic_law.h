/* SPDX-License-Identifier: BSD-3-Clause */
/* The law of LAMMPS's classic granular styles (pair_style gran/hooke,
 * gran/hooke/history, gran/hertz/history and fix wall/gran hooke,
 * hooke/history, hertz/history; Debian's LAMMPS 20220106, the 29 Sep 2021
 * update 2) as one per-contact inline kernel, private to the runtime: the
 * ContactGranClassic hooks (connector_contact_gran_classic.c), the pair and
 * wall loops of an engine (contact_gran_classic_pairs.c) and the tests call
 * it, and nothing else computes the law.
 *
 * Physics: specs/ContactGranClassic.lua (the theory) and
 * docs/physics-gran-classic.rst.
 *
 * Conventions (those of the LAMMPS styles): sphere a is LAMMPS's atom i,
 * sphere b atom j or the wall; del = x_a - x_b (a wall: x_a minus its
 * closest point of the wall) points from b to a; the force returned is the
 * one on a, the torques those on a and b.
 *
 * Operation order: every quantity is computed with the operations of
 * pair_gran_hooke.cpp, pair_gran_hooke_history.cpp,
 * pair_gran_hertz_history.cpp and fix_wall_gran.cpp (hooke(),
 * hooke_history(), hertz_history()) in the same order, so that with
 * -ffp-contract=off (no fused multiply-add, as Debian's x86-64 baseline
 * build) the results are the same bits as LAMMPS's. Every branch on a
 * contact's values is a select whose value is computed with those
 * operations, so that a loop over contacts vectorizes.
 *
 * Specialization: the model (`model`: MBC_GRAN_CLASSIC_*), whether the
 * contact is a wall's (`wall`) and whether the call takes a history step
 * (`step`) are `const int` arguments of the always-inline kernel: called
 * with constants, each combination is one straight kernel. */
#ifndef MBC_RUNTIME_GRAN_CLASSIC_LAW_H
#define MBC_RUNTIME_GRAN_CLASSIC_LAW_H

#include <float.h>
#include <math.h>

#if defined(__GNUC__) || defined(__clang__)
#define MBC_GRAN_CLASSIC_INLINE static inline __attribute__((always_inline))
#else
#define MBC_GRAN_CLASSIC_INLINE static inline
#endif

/* The models (ContactGranClassic.model): LAMMPS's style names. */
enum {
    MBC_GRAN_CLASSIC_HOOKE = 0,         /* gran/hooke: no shear history */
    MBC_GRAN_CLASSIC_HOOKE_HISTORY = 1, /* gran/hooke/history */
    MBC_GRAN_CLASSIC_HERTZ_HISTORY = 2, /* gran/hertz/history */
    MBC_GRAN_CLASSIC_MODELS = 3
};

/* The per-contact record (ContactGranClassic's data coordinates, same
 * order): the contact flag, then the shear history (global). */
enum {
    MBC_GRAN_CLASSIC_TOUCH = 0, /* 1: in contact at the last update */
    MBC_GRAN_CLASSIC_SHEAR = 1, /* 3: the shear history [m] */
    MBC_GRAN_CLASSIC_RECORD = 4
};

/* A law: the coefficients of one parameter set, resolved once (the
 * tangential damping of dampflag 0, limit_damping) and the same for every
 * contact evaluated with it. */
typedef struct mbc_gran_classic_law {
    double kn;          /* hooke [N/m]; hertz [N/m^2] */
    double kt;          /* shear spring: hooke [N/m]; hertz [N/m^2] */
    double gamman;      /* normal damping: hooke [1/s]; hertz [1/(m s)] */
    double gammat;      /* tangential damping (0 with dampflag 0), as gamman */
    double xmu;         /* Coulomb friction coefficient [1] */
    double limit_floor; /* limit_damping: 0 (the normal force >= 0); else -inf */
    double dt;          /* history time step [s] */
    /* 1.0: LAMMPS 2021's rescale of a sliding contact (none for a history
     * of length 0, a division by k_t); 0.0: the documented one. Read by
     * each lane (mbc_gran_classic_lane), as a value, not as a condition of
     * a whole loop */
    double lammps2021;
} mbc_gran_classic_law;

/* One contact as the law sees it; the front ends fill it from two spheres
 * or from a sphere and a wall. */
typedef struct mbc_gran_classic_in {
    double del[3];  /* x_a - x_b [m] */
    double vr[3];   /* v_a - v_b [m/s] */
    double wsum[3]; /* r_a w_a + r_b w_b; a wall: r_a w_a [m/s] */
    double r_a;     /* radius of a [m] */
    /* radius of b [m]; a wall: its radius of curvature (+inf: flat; a
     * cylinder: LAMMPS's rwall, 2 R outside and -2 R inside), which only
     * hertz/history reads */
    double r_b;
    double meff;     /* effective mass [kg]; a wall: the sphere's */
    double shear[3]; /* the record's shear history [m] */
    /* |del|^2 as the engine found it [m^2], or 0: from del (a LAMMPS
     * region's contact: mbc_wall_contact's distance squared) */
    double rsq;
} mbc_gran_classic_in;

/* What the law gives for a contact: out of touch every value but the
 * overlap is 0 (the record cleared). */
typedef struct mbc_gran_classic_out {
    double force[3];    /* on a [N] (on b: the negative) */
    double torque_a[3]; /* -r_a n x F_t [N m] */
    double torque_b[3]; /* -r_b n x F_t [N m] (a wall: not used) */
    double shear[3];    /* the new shear history [m] */
    double ft[3];       /* the tangential force on a [N] */
    double fn;          /* the normal force along n [N] (> 0 repulsive) */
    double overlap;     /* r_a + r_b - r; a wall: r_a - r [m] */
    double touch;       /* 1.0 in touch, else 0.0 */
    /* for the energy books (gran_classic_energy.h); an engine's loop that
     * does not read them leaves them uncomputed */
    double vtr[3]; /* the relative tangential velocity at the contact [m/s] */
    double vn;     /* (v_a - v_b) . n [m/s] (< 0 approaching) */
    double scale;  /* sqrt(delta R*) (hertz/history) [m], else 1 */
    /* the spring energy the Coulomb limit took in a history step that slid
     * (k_t s (|xi stepped|^2 - |xi truncated|^2)/2) [J]; else 0 */
    double slip;
} mbc_gran_classic_out;

/* LAMMPS's MIN(a, b). */
MBC_GRAN_CLASSIC_INLINE double mbc_gran_classic_min(double x, double y)
{
    return (x < y) ? x : y;
}

/* A law's flag (1.0 or 0.0) as a condition of the lane whose value x it
 * goes with (finite in touch): gcc vectorizes a select on a lane's
 * comparison, not on a condition that is the same for a whole loop. A lane
 * whose x is not finite takes the else branch (it is out of touch and its
 * results are dropped). */
MBC_GRAN_CLASSIC_INLINE int mbc_gran_classic_lane(double x, double flag)
{
    return x * 0.0 + flag > 0.5;
}

/* The effective mass of LAMMPS's classic styles: m_a m_b/(m_a + m_b); an
 * atom of infinite mass (frozen, fix freeze) leaves the other's mass, b
 * checked last as LAMMPS does; two such atoms (which do not move): 0, no
 * damping (LAMMPS takes one atom's finite mass, with the same forces for
 * atoms at rest). */
MBC_GRAN_CLASSIC_INLINE double mbc_gran_classic_meff(double m_a, double m_b)
{
    const double both = m_a * m_b / (m_a + m_b);
    const int frozen_a = m_a > DBL_MAX, frozen_b = m_b > DBL_MAX;
    return (frozen_a && frozen_b) ? 0.0 : frozen_b ? m_a : frozen_a ? m_b : both;
}

/* The law for one contact. model: MBC_GRAN_CLASSIC_*; wall: 1 for a wall
 * contact (fix_wall_gran.cpp: sphere b is the wall, the contact distance is
 * r_a, hertz/history's normal velocity divides by r^2 and its R* is r_a for
 * a flat wall); step: 1 for a history step (LAMMPS's shearupdate, a force
 * computation in a time step), 0 for none (a run's set-up; the rescale of a
 * sliding contact still writes the history). */
MBC_GRAN_CLASSIC_INLINE mbc_gran_classic_out
mbc_gran_classic_contact(const mbc_gran_classic_law *law, const int model, const int wall,
                         const int step, const mbc_gran_classic_in in)
{
    const double delx = in.del[0], dely = in.del[1], delz = in.del[2];
    const double rsq = in.rsq > 0.0 ? in.rsq : delx * delx + dely * dely + delz * delz;
    const double radsum = wall ? in.r_a : in.r_a + in.r_b;
    /* pair: rsq < radsum^2; a wall: !(rsq > radius^2) */
    const int touching = wall ? !(rsq > radsum * radsum) : rsq < radsum * radsum;
    const double r = sqrt(rsq);
    const double rinv = 1.0 / r;
    const double rsqinv = 1.0 / rsq;
    const int hertz_wall = wall && model == MBC_GRAN_CLASSIC_HERTZ_HISTORY;

    /* normal and tangential components of the relative velocity */
    const double vr1 = in.vr[0], vr2 = in.vr[1], vr3 = in.vr[2];
    const double vnnr = vr1 * delx + vr2 * dely + vr3 * delz;
    const double vn1 = hertz_wall ? delx * vnnr / rsq : delx * vnnr * rsqinv;
    const double vn2 = hertz_wall ? dely * vnnr / rsq : dely * vnnr * rsqinv;
    const double vn3 = hertz_wall ? delz * vnnr / rsq : delz * vnnr * rsqinv;
    const double vt1 = vr1 - vn1, vt2 = vr2 - vn2, vt3 = vr3 - vn3;
    const double wr1 = in.wsum[0] * rinv, wr2 = in.wsum[1] * rinv, wr3 = in.wsum[2] * rinv;

    /* normal force = spring + damping (Hertz: times sqrt(delta R*)) */
    const double meff = in.meff;
    const double damp = meff * law->gamman * vnnr * rsqinv;
    double ccel = law->kn * (radsum - r) * rinv - damp;
    double polyhertz = 1.0;
    if (model == MBC_GRAN_CLASSIC_HERTZ_HISTORY) {
        const double dr = (radsum - r) * in.r_a;
        const int flat = in.r_b > DBL_MAX; /* a plane wall: R* = r_a */
        polyhertz = flat ? sqrt(dr) : sqrt(dr * in.r_b / (wall ? in.r_b + in.r_a : radsum));
        ccel *= polyhertz;
    }
    ccel = (ccel < law->limit_floor) ? law->limit_floor : ccel;

    /* relative tangential velocity at the contact */
    const double vtr1 = vt1 - (delz * wr2 - dely * wr3);
    const double vtr2 = vt2 - (delx * wr3 - delz * wr1);
    const double vtr3 = vt3 - (dely * wr1 - delx * wr2);
    const double vrel = sqrt(vtr1 * vtr1 + vtr2 * vtr2 + vtr3 * vtr3);
    const double fn = law->xmu * fabs(ccel * r);

    double fs1, fs2, fs3;
    double sh1 = in.shear[0], sh2 = in.shear[1], sh3 = in.shear[2];
    double slip = 0.0;
    if (model == MBC_GRAN_CLASSIC_HOOKE) {
        /* tangential damping limited by Coulomb: no spring */
        const double fsd = meff * law->gammat * vrel;
        const double ft = (vrel != 0.0) ? mbc_gran_classic_min(fn, fsd) / vrel : 0.0;
        fs1 = -ft * vtr1;
        fs2 = -ft * vtr2;
        fs3 = -ft * vtr3;
    } else {
        /* the step: the increment, then the component along n removed */
        if (step) {
            sh1 += vtr1 * law->dt;
            sh2 += vtr2 * law->dt;
            sh3 += vtr3 * law->dt;
        }
        /* LAMMPS's shrmag = sqrt(shrsq) serves only its test shrmag != 0,
         * which is shrsq != 0 (shrsq >= 0 or NaN): no square root */
        const double shrsq = sh1 * sh1 + sh2 * sh2 + sh3 * sh3;
        double rsht = sh1 * delx + sh2 * dely + sh3 * delz;
        rsht *= rsqinv;
        if (step) {
            sh1 -= rsht * delx;
            sh2 -= rsht * dely;
            sh3 -= rsht * delz;
        }
        /* shear spring + tangential damping (Hertz: times sqrt(delta R*)) */
        const double mgt = meff * law->gammat;
        const double kt = law->kt;
        if (model == MBC_GRAN_CLASSIC_HERTZ_HISTORY) {
            fs1 = -polyhertz * (kt * sh1 + mgt * vtr1);
            fs2 = -polyhertz * (kt * sh2 + mgt * vtr2);
            fs3 = -polyhertz * (kt * sh3 + mgt * vtr3);
        } else {
            fs1 = -(kt * sh1 + mgt * vtr1);
            fs2 = -(kt * sh2 + mgt * vtr2);
            fs3 = -(kt * sh3 + mgt * vtr3);
        }
        /* sliding: the force scaled to the Coulomb limit, the history
         * truncated to the spring that gives it (2021: none for a history
         * of length 0, whose force is then 0) */
        const double fs = sqrt(fs1 * fs1 + fs2 * fs2 + fs3 * fs3);
        const int slides = fs > fn;
        const int as2021 = mbc_gran_classic_lane(fs, law->lammps2021);
        const int rescale = slides && (shrsq != 0.0 || !as2021);
        /* no spring (documented form): nothing to truncate */
        const int truncate = rescale && (as2021 || kt != 0.0);
        const double ratio = fn / fs;
        const double g1 = mgt * vtr1 / kt, g2 = mgt * vtr2 / kt, g3 = mgt * vtr3 / kt;
        const double t1 = ratio * (sh1 + g1) - g1, t2 = ratio * (sh2 + g2) - g2,
                     t3 = ratio * (sh3 + g3) - g3;
        const double stepped2 = sh1 * sh1 + sh2 * sh2 + sh3 * sh3;
        const double held2 = t1 * t1 + t2 * t2 + t3 * t3;
        slip = (step && truncate) ? 0.5 * kt * polyhertz * (stepped2 - held2) : 0.0;
        sh1 = truncate ? t1 : sh1;
        sh2 = truncate ? t2 : sh2;
        sh3 = truncate ? t3 : sh3;
        fs1 = rescale ? fs1 * ratio : slides ? 0.0 : fs1;
        fs2 = rescale ? fs2 * ratio : slides ? 0.0 : fs2;
        fs3 = rescale ? fs3 * ratio : slides ? 0.0 : fs3;
    }

    /* forces and torques: the friction's lever arms are the radii */
    const double tor1 = rinv * (dely * fs3 - delz * fs2);
    const double tor2 = rinv * (delz * fs1 - delx * fs3);
    const double tor3 = rinv * (delx * fs2 - dely * fs1);
    mbc_gran_classic_out o;
    o.force[0] = touching ? delx * ccel + fs1 : 0.0;
    o.force[1] = touching ? dely * ccel + fs2 : 0.0;
    o.force[2] = touching ? delz * ccel + fs3 : 0.0;
    o.torque_a[0] = touching ? -(in.r_a * tor1) : 0.0;
    o.torque_a[1] = touching ? -(in.r_a * tor2) : 0.0;
    o.torque_a[2] = touching ? -(in.r_a * tor3) : 0.0;
    o.torque_b[0] = touching ? -(in.r_b * tor1) : 0.0;
    o.torque_b[1] = touching ? -(in.r_b * tor2) : 0.0;
    o.torque_b[2] = touching ? -(in.r_b * tor3) : 0.0;
    o.ft[0] = touching ? fs1 : 0.0;
    o.ft[1] = touching ? fs2 : 0.0;
    o.ft[2] = touching ? fs3 : 0.0;
    o.shear[0] = touching ? sh1 : 0.0;
    o.shear[1] = touching ? sh2 : 0.0;
    o.shear[2] = touching ? sh3 : 0.0;
    o.fn = touching ? ccel * r : 0.0;
    o.overlap = radsum - r;
    o.touch = touching ? 1.0 : 0.0;
    o.vtr[0] = touching ? vtr1 : 0.0;
    o.vtr[1] = touching ? vtr2 : 0.0;
    o.vtr[2] = touching ? vtr3 : 0.0;
    o.vn = touching ? vnnr * rinv : 0.0;
    o.scale = polyhertz;
    o.slip = touching ? slip : 0.0;
    return o;
}

#endif /* MBC_RUNTIME_GRAN_CLASSIC_LAW_H */
