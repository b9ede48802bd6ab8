/* SPDX-License-Identifier: BSD-3-Clause */
/* Linear solver of the simulator: a square matrix with a fixed sparsity
 * pattern (compressed sparse columns), factorized either by SuiteSparse KLU
 * (large systems: a chain of ANCF elements is banded) or by LAPACKE dgetrf on
 * a dense copy (small systems). The pattern is built once from the
 * (row, column) pairs the model touches; every later fill writes values only,
 * so nothing is allocated while stepping. */
#ifndef SIM_SPARSE_H
#define SIM_SPARSE_H

#include <stddef.h>

#include "mbconnect/connector.h" /* mbc_status */

/* Which factorization: dense below SIM_DENSE_LIMIT unknowns, else KLU. */
typedef enum sim_linear_kind {
    SIM_LINEAR_AUTO,
    SIM_LINEAR_DENSE,
    SIM_LINEAR_SPARSE
} sim_linear_kind;
#define SIM_DENSE_LIMIT 64

typedef struct sim_matrix {
    int n;
    int nnz;
    int *colptr;    /* n + 1 */
    int *rowind;    /* nnz, sorted within each column */
    double *values; /* nnz */
    int sparse;     /* 1: KLU, 0: dense LAPACKE */
    void *klu;      /* KLU common, symbolic and numeric objects (sparse.c) */
    double *dense;  /* n x n column-major copy (dense) */
    void *pivots;   /* n lapack_int (dense) */
} sim_matrix;

/* Builds the pattern from count (row, column) pairs (duplicates allowed; the
 * diagonal is always included). MBC_ERR_NOMEM when out of memory (free the
 * matrix with sim_matrix_free then too). */
mbc_status sim_matrix_build(sim_matrix *m, int n, const int *rows, const int *cols, size_t count,
                            sim_linear_kind kind);
void sim_matrix_free(sim_matrix *m);
/* Position of (row, col) in values, or -1 when not in the pattern. */
int sim_matrix_find(const sim_matrix *m, int row, int col);
void sim_matrix_zero(sim_matrix *m);
/* Factorizes the current values: MBC_OK, MBC_ERR_VALUE when singular,
 * MBC_ERR_NOMEM when KLU runs out of memory. */
mbc_status sim_matrix_factor(sim_matrix *m);
/* Solves A x = b in place with the last factorization: MBC_OK, or
 * MBC_ERR_VALUE when there is none or it is singular. */
mbc_status sim_matrix_solve(sim_matrix *m, double *b);

#endif
