/* SPDX-License-Identifier: BSD-3-Clause */
/* The ANCF Cable2D shape functions written from the physics notes, test-side
 * and independent of runtime/mechanics/ancf_cable2d.c, for the tests that check the
 * runtime against them (test_connector_ale.c, test_eval.c). Test-only; not
 * part of the library. */
#ifndef MBC_TEST_HERMITE_H
#define MBC_TEST_HERMITE_H

/* Cubic Hermite shape functions of an element of length L at x in [0, L]
 * (xi = x / L): S, dS = dS/dx and, unless ddS is NULL, ddS = d2S/dx2, in the
 * order (r_0, r_0', r_1, r_1') of the coordinates. */
static inline void rt_hermite(double x, double L, double S[4], double dS[4], double ddS[4])
{
    const double xi = x / L;
    S[0] = 1 - 3 * xi * xi + 2 * xi * xi * xi;
    S[1] = L * (xi - 2 * xi * xi + xi * xi * xi);
    S[2] = 3 * xi * xi - 2 * xi * xi * xi;
    S[3] = L * (-xi * xi + xi * xi * xi);
    dS[0] = (-6 * xi + 6 * xi * xi) / L;
    dS[1] = 1 - 4 * xi + 3 * xi * xi;
    dS[2] = (6 * xi - 6 * xi * xi) / L;
    dS[3] = -2 * xi + 3 * xi * xi;
    if (ddS != NULL) {
        ddS[0] = (-6 + 12 * xi) / (L * L);
        ddS[1] = (-4 + 6 * xi) / L;
        ddS[2] = (6 - 12 * xi) / (L * L);
        ddS[3] = (-2 + 6 * xi) / L;
    }
}

#endif
