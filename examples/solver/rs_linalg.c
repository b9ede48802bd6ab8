/* SPDX-License-Identifier: BSD-3-Clause */
/* LAPACKE wrapper of the reference solver (rs_linalg.h). */
#include "rs_linalg.h"

int rs_solve(int n, double *A, double *b, lapack_int *ipiv)
{
    if (n <= 0)
        return 0;
    const lapack_int info =
        LAPACKE_dgesv(LAPACK_ROW_MAJOR, (lapack_int)n, 1, A, (lapack_int)n, ipiv, b, 1);
    return (int)info;
}
