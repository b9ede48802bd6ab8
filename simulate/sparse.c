/* SPDX-License-Identifier: BSD-3-Clause */
/* Linear solver of the simulator (sparse.h). */
#include "sparse.h"

#include <lapacke.h>
#include <klu.h>

#include <stdlib.h>
#include <string.h>

typedef struct klu_state {
    klu_common common;
    klu_symbolic *symbolic;
    klu_numeric *numeric;
} klu_state;

static int compare_pairs(const void *a, const void *b)
{
    const long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

mbc_status sim_matrix_build(sim_matrix *m, int n, const int *rows, const int *cols, size_t count,
                            sim_linear_kind kind)
{
    memset(m, 0, sizeof *m);
    m->n = n;
    const size_t total = count + (size_t)n;
    long long *keys = malloc((total + 1) * sizeof *keys);
    m->colptr = calloc((size_t)n + 1, sizeof *m->colptr);
    if (keys == NULL || m->colptr == NULL) {
        free(keys);
        return MBC_ERR_NOMEM;
    }
    /* key = column * n + row: sorting groups by column, rows ascending */
    for (size_t k = 0; k < count; ++k)
        keys[k] = (long long)cols[k] * n + rows[k];
    for (int i = 0; i < n; ++i)
        keys[count + (size_t)i] = (long long)i * n + i;
    qsort(keys, total, sizeof *keys, compare_pairs);
    size_t unique = 0;
    for (size_t k = 0; k < total; ++k)
        if (unique == 0 || keys[k] != keys[unique - 1])
            keys[unique++] = keys[k];
    m->nnz = (int)unique;
    m->rowind = malloc((unique + 1) * sizeof *m->rowind);
    m->values = calloc(unique + 1, sizeof *m->values);
    if (m->rowind == NULL || m->values == NULL) {
        free(keys);
        return MBC_ERR_NOMEM;
    }
    for (size_t k = 0; k < unique; ++k) {
        const int c = (int)(keys[k] / n);
        m->rowind[k] = (int)(keys[k] % n);
        m->colptr[c + 1]++;
    }
    for (int c = 0; c < n; ++c)
        m->colptr[c + 1] += m->colptr[c];
    free(keys);
    m->sparse = kind == SIM_LINEAR_SPARSE || (kind == SIM_LINEAR_AUTO && n > SIM_DENSE_LIMIT);
    if (m->sparse) {
        klu_state *k = calloc(1, sizeof *k);
        if (k == NULL)
            return MBC_ERR_NOMEM;
        klu_defaults(&k->common);
        m->klu = k;
        k->symbolic = klu_analyze(n, m->colptr, m->rowind, &k->common);
        if (k->symbolic == NULL)
            return MBC_ERR_NOMEM;
    } else {
        m->dense = malloc(((size_t)n * (size_t)n + 1) * sizeof *m->dense);
        m->pivots = malloc(((size_t)n + 1) * sizeof(lapack_int));
        if (m->dense == NULL || m->pivots == NULL)
            return MBC_ERR_NOMEM;
    }
    return MBC_OK;
}

void sim_matrix_free(sim_matrix *m)
{
    if (m->klu != NULL) {
        klu_state *k = m->klu;
        if (k->numeric != NULL)
            klu_free_numeric(&k->numeric, &k->common);
        if (k->symbolic != NULL)
            klu_free_symbolic(&k->symbolic, &k->common);
        free(k);
    }
    free(m->colptr);
    free(m->rowind);
    free(m->values);
    free(m->dense);
    free(m->pivots);
    memset(m, 0, sizeof *m);
}

int sim_matrix_find(const sim_matrix *m, int row, int col)
{
    if (row < 0 || col < 0 || row >= m->n || col >= m->n)
        return -1;
    int lo = m->colptr[col], hi = m->colptr[col + 1] - 1;
    while (lo <= hi) {
        const int mid = (lo + hi) / 2;
        if (m->rowind[mid] == row)
            return mid;
        if (m->rowind[mid] < row)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

void sim_matrix_zero(sim_matrix *m)
{
    memset(m->values, 0, (size_t)m->nnz * sizeof *m->values);
}

mbc_status sim_matrix_factor(sim_matrix *m)
{
    const int n = m->n;
    if (m->sparse) {
        /* refactorize with the previous pivot order (no allocation); a full
         * factorization with partial pivoting when that is ill-conditioned */
        klu_state *k = m->klu;
        if (k->numeric != NULL &&
            klu_refactor(m->colptr, m->rowind, m->values, k->symbolic, k->numeric, &k->common) &&
            klu_rcond(k->symbolic, k->numeric, &k->common) && k->common.rcond > 1e-12)
            return MBC_OK;
        if (k->numeric != NULL)
            klu_free_numeric(&k->numeric, &k->common);
        k->numeric = klu_factor(m->colptr, m->rowind, m->values, k->symbolic, &k->common);
        if (k->common.status == KLU_OUT_OF_MEMORY)
            return MBC_ERR_NOMEM;
        return k->numeric == NULL || k->common.status != KLU_OK ? MBC_ERR_VALUE : MBC_OK;
    }
    memset(m->dense, 0, (size_t)n * (size_t)n * sizeof *m->dense);
    for (int c = 0; c < n; ++c)
        for (int p = m->colptr[c]; p < m->colptr[c + 1]; ++p)
            m->dense[(size_t)c * (size_t)n + (size_t)m->rowind[p]] = m->values[p];
    const lapack_int info =
        LAPACKE_dgetrf(LAPACK_COL_MAJOR, n, n, m->dense, n, (lapack_int *)m->pivots);
    return info != 0 ? MBC_ERR_VALUE : MBC_OK;
}

mbc_status sim_matrix_solve(sim_matrix *m, double *b)
{
    if (m->sparse) {
        klu_state *k = m->klu;
        if (k->numeric == NULL)
            return MBC_ERR_VALUE;
        return klu_solve(k->symbolic, k->numeric, m->n, 1, b, &k->common) ? MBC_OK : MBC_ERR_VALUE;
    }
    const lapack_int info = LAPACKE_dgetrs(LAPACK_COL_MAJOR, 'N', m->n, 1, m->dense, m->n,
                                           (const lapack_int *)m->pivots, b, m->n);
    return info != 0 ? MBC_ERR_VALUE : MBC_OK;
}
