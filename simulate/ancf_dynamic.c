/* SPDX-License-Identifier: BSD-3-Clause */
/* Dynamic ANCF Cable2D element (ancf_dynamic.h). */
#include "ancf_dynamic.h"

#include "mbconnect/ancf_cable2d.h"

#include <math.h>
#include <string.h>

/* Gauss-Legendre points and weights on [0, 1]. */
static const double gauss4_x[4] = {0.0694318442029737, 0.3300094782075719, 0.6699905217924281,
                                   0.9305681557970263};
static const double gauss4_w[4] = {0.1739274225687269, 0.3260725774312731, 0.3260725774312731,
                                   0.1739274225687269};
static const double gauss5_x[5] = {0.0469100770306680, 0.2307653449471585, 0.5, 0.7692346550528415,
                                   0.9530899229693320};
static const double gauss5_w[5] = {0.1184634425280945, 0.2393143352496832, 0.2844444444444444,
                                   0.2393143352496832, 0.1184634425280945};

void sim_cable_mass_matrix(const sim_cable_properties *p, double M[64])
{
    const double L = p->length;
    memset(M, 0, 64 * sizeof *M);
    for (int g = 0; g < 4; ++g) {
        double S[4];
        mbc_ancf_cable2d_shape_functions(gauss4_x[g] * L, L, S);
        const double w = gauss4_w[g] * L * p->mass_per_length;
        for (int a = 0; a < 4; ++a) {
            for (int b = 0; b < 4; ++b)
                for (int c = 0; c < 2; ++c)
                    M[(2 * a + c) * 8 + 2 * b + c] += w * S[a] * S[b];
        }
    }
}

void sim_cable_gravity_force(const sim_cable_properties *p, const double g[2], double f[8])
{
    /* int_0^L S dx = [L/2, L^2/12, L/2, -L^2/12] */
    const double L = p->length;
    const double s[4] = {0.5 * L, L * L / 12.0, 0.5 * L, -L * L / 12.0};
    for (int a = 0; a < 4; ++a)
        for (int c = 0; c < 2; ++c)
            f[2 * a + c] = p->mass_per_length * s[a] * g[c];
}

/* Strain, curvature and their gradients with respect to q at x. */
static void strain_at(double x, double L, const double q[8], double *eps, double *kappa,
                      double deps[8], double dkappa[8])
{
    double d1[4], d2[4];
    mbc_ancf_cable2d_shape_functions_dx(x, L, d1);
    mbc_ancf_cable2d_shape_functions_dx2(x, L, d2);
    double r1[2] = {0.0, 0.0}, r2[2] = {0.0, 0.0};
    for (int a = 0; a < 4; ++a) {
        for (int c = 0; c < 2; ++c) {
            r1[c] += d1[a] * q[2 * a + c];
            r2[c] += d2[a] * q[2 * a + c];
        }
    }
    const double n2 = r1[0] * r1[0] + r1[1] * r1[1];
    const double n = sqrt(n2);
    const double cross = r1[0] * r2[1] - r1[1] * r2[0];
    *eps = n - 1.0;
    *kappa = n2 > 0.0 ? cross / n2 : 0.0;
    for (int a = 0; a < 4; ++a) {
        /* d r'/d q_{2a+c} = d1[a] e_c, d r''/d q_{2a+c} = d2[a] e_c */
        const double dr1x = d1[a], dr2x = d2[a];
        /* c = 0 (x components) */
        const double dn2_x = 2.0 * r1[0] * dr1x;
        const double dcross_x = dr1x * r2[1] - r1[1] * dr2x;
        /* c = 1 (y components) */
        const double dn2_y = 2.0 * r1[1] * dr1x;
        const double dcross_y = r1[0] * dr2x - dr1x * r2[0];
        if (n > 0.0) {
            deps[2 * a] = 0.5 * dn2_x / n;
            deps[2 * a + 1] = 0.5 * dn2_y / n;
            dkappa[2 * a] = (dcross_x * n2 - cross * dn2_x) / (n2 * n2);
            dkappa[2 * a + 1] = (dcross_y * n2 - cross * dn2_y) / (n2 * n2);
        } else {
            deps[2 * a] = deps[2 * a + 1] = 0.0;
            dkappa[2 * a] = dkappa[2 * a + 1] = 0.0;
        }
    }
}

void sim_cable_internal_force(const sim_cable_properties *p, const double q[8], const double q_t[8],
                              double Q[8])
{
    const double L = p->length;
    memset(Q, 0, 8 * sizeof *Q);
    for (int g = 0; g < 5; ++g) {
        double eps, kappa, deps[8], dkappa[8];
        strain_at(gauss5_x[g] * L, L, q, &eps, &kappa, deps, dkappa);
        double eps_t = 0.0, kappa_t = 0.0;
        for (int k = 0; k < 8; ++k) {
            eps_t += deps[k] * q_t[k];
            kappa_t += dkappa[k] * q_t[k];
        }
        const double w = gauss5_w[g] * L;
        const double axial = p->axial_stiffness * eps + p->axial_damping * eps_t;
        const double bending = p->bending_stiffness * kappa + p->bending_damping * kappa_t;
        for (int k = 0; k < 8; ++k)
            Q[k] += w * (axial * deps[k] + bending * dkappa[k]);
    }
}

double sim_cable_strain_energy(const sim_cable_properties *p, const double q[8])
{
    const double L = p->length;
    double U = 0.0;
    for (int g = 0; g < 5; ++g) {
        double eps, kappa, deps[8], dkappa[8];
        strain_at(gauss5_x[g] * L, L, q, &eps, &kappa, deps, dkappa);
        U += gauss5_w[g] * L *
             (0.5 * p->axial_stiffness * eps * eps + 0.5 * p->bending_stiffness * kappa * kappa);
    }
    return U;
}
