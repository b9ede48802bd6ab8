/* SPDX-License-Identifier: BSD-3-Clause */
/* Granular and classic words as laws (granular.h). */
#include "granular.h"

#include <stdio.h>

mbc_status ml_params_law_create(const mbc_registry *reg, const char *what, const char *type,
                                const ml_granular_param *p, int n, int lammps2021, int books,
                                ml_law **out, mbc_error *err)
{
    char values[ML_GRANULAR_MAX_PARAMS][64];
    char *argv[2 * ML_GRANULAR_MAX_PARAMS + 2];
    if (n > ML_GRANULAR_MAX_PARAMS)
        n = ML_GRANULAR_MAX_PARAMS;
    for (int k = 0; k < n; k++) {
        if (p[k].count == 2)
            (void)snprintf(values[k], sizeof values[k], "%.17g,%.17g", p[k].value[0],
                           p[k].value[1]);
        else
            (void)snprintf(values[k], sizeof values[k], "%.17g", p[k].value[0]);
        argv[2 * k] = (char *)p[k].name;
        argv[2 * k + 1] = values[k];
    }
    argv[2 * n] = "lammps2021";
    argv[2 * n + 1] = lammps2021 ? "true" : "false";
    return ml_law_create(reg, what, type, 2 * n + 2, argv, books, out, err);
}

mbc_status ml_granular_law_create(const mbc_registry *reg, const char *what,
                                  const ml_granular_law *words, int lammps2021, int books,
                                  ml_law **out, mbc_error *err)
{
    ml_granular_param p[ML_GRANULAR_MAX_PARAMS];
    const int n = ml_granular_params(words, p);
    return ml_params_law_create(reg, what, ML_GRANULAR_TYPE, p, n, lammps2021, books, out, err);
}

mbc_status ml_classic_law_create(const mbc_registry *reg, const char *what,
                                 const ml_classic_law *words, int lammps2021, int books,
                                 ml_law **out, mbc_error *err)
{
    ml_granular_param p[ML_GRANULAR_MAX_PARAMS];
    const int n = ml_classic_params(words, p);
    return ml_params_law_create(reg, what, ML_CLASSIC_TYPE, p, n, lammps2021, books, out, err);
}
