/* SPDX-License-Identifier: BSD-3-Clause */
/* Dense linear algebra of the reference solver: a thin wrapper around
 * LAPACKE (Debian liblapacke-dev). Row-major storage throughout. */
#ifndef RS_LINALG_H
#define RS_LINALG_H

#include <lapacke.h>

/* Solves A x = b for one right-hand side with LU and partial pivoting
 * (LAPACKE_dgesv). A (n x n, row-major) is overwritten by its factors, b by
 * the solution; ipiv holds n pivot indices of scratch. Returns 0 on success,
 * the LAPACK info value otherwise (> 0: singular matrix). */
int rs_solve(int n, double *A, double *b, lapack_int *ipiv);

#endif
