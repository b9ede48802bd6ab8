/* SPDX-License-Identifier: BSD-3-Clause */
/* Dynamic ANCF Cable2D element (Gerstmayr and Irschik 2008; the same
 * coordinates and shape functions as include/mbconnect/ancf_cable2d.h):
 * q = [r0x, r0y, r0'x, r0'y, r1x, r1y, r1'x, r1'y], reference length L.
 *
 *   mass matrix      M = rhoA int_0^L S^T S dx   (constant, 8x8)
 *   axial strain     eps   = |r'| - 1
 *   curvature        kappa = (r'_x r''_y - r'_y r''_x) / |r'|^2
 *   internal force   Q = int_0^L (EA eps + dA eps_t) d eps/dq
 *                          + (EI kappa + dK kappa_t) d kappa/dq dx
 *   strain energy    U = int_0^L EA eps^2 / 2 + EI kappa^2 / 2 dx
 * with eps_t = (d eps/dq) q_t, kappa_t = (d kappa/dq) q_t, dA the axial
 * damping [N s] and dK the bending damping [N m^2 s]. Integrals: Gauss
 * quadrature, 4 points for M (exact), 5 points for Q and U. The equation of
 * motion of the element is M q_tt = -Q + (applied forces). */
#ifndef SIM_ANCF_DYNAMIC_H
#define SIM_ANCF_DYNAMIC_H

typedef struct sim_cable_properties {
    double length;            /* L [m] */
    double mass_per_length;   /* rhoA [kg/m] */
    double axial_stiffness;   /* EA [N] */
    double bending_stiffness; /* EI [N m^2] */
    double axial_damping;     /* dA [N s] */
    double bending_damping;   /* dK [N m^2 s] */
} sim_cable_properties;

/* M (8x8, row-major). */
void sim_cable_mass_matrix(const sim_cable_properties *p, double M[64]);
/* Generalized force of a constant acceleration field g (2): rhoA int S^T g dx. */
void sim_cable_gravity_force(const sim_cable_properties *p, const double g[2], double f[8]);
/* Internal force Q (8), elastic plus damping. */
void sim_cable_internal_force(const sim_cable_properties *p, const double q[8], const double q_t[8],
                              double Q[8]);
/* Strain energy U [J]. */
double sim_cable_strain_energy(const sim_cable_properties *p, const double q[8]);

#endif
