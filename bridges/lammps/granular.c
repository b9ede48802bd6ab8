/* SPDX-License-Identifier: BSD-3-Clause */
/* Granular words as laws of the bridge (granular.h). */
#include "granular.h"

#include <stdio.h>
#include <string.h>

ml_law *ml_params_law_create(ml_run *r, const char *what, const char *type,
                             const ml_granular_param *p, int n)
{
    char values[ML_GRANULAR_MAX_PARAMS][64];
    char *argv[2 * ML_GRANULAR_MAX_PARAMS];
    for (int k = 0; k < n && k < ML_GRANULAR_MAX_PARAMS; k++) {
        if (p[k].count == 2)
            (void)snprintf(values[k], sizeof values[k], "%.17g,%.17g", p[k].value[0],
                           p[k].value[1]);
        else
            (void)snprintf(values[k], sizeof values[k], "%.17g", p[k].value[0]);
        argv[2 * k] = (char *)p[k].name;
        argv[2 * k + 1] = values[k];
    }
    return ml_law_create(r, what, type, 2 * n, argv);
}

ml_law *ml_granular_law_create(ml_run *r, const char *what, const ml_granular_law *words)
{
    ml_granular_param p[ML_GRANULAR_MAX_PARAMS];
    const int n = ml_granular_params(words, p);
    return ml_params_law_create(r, what, ML_GRANULAR_TYPE, p, n);
}

void ml_granular_set_words(ml_bridge *b, const int lo[2], const int hi[2],
                           const ml_granular_law *words)
{
    const int n = b->ntypes + 1;
    for (int i = lo[0]; i <= hi[0]; i++)
        for (int j = lo[1]; j <= hi[1]; j++) {
            b->words[i * n + j] = b->words[j * n + i] = *words;
            b->words_set[i * n + j] = b->words_set[j * n + i] = 1;
            b->cut_type[i * n + j] = b->cut_type[j * n + i] = words->cutoff;
        }
}

/* The mixed law of types i < j (pair index ij), unless it is unchanged. */
static int mix_one(ml_run *r, ml_bridge *b, int i, int j)
{
    const int n = b->ntypes + 1, ij = i * n + j;
    ml_granular_law w;
    char msg[ML_MESSAGE_SIZE / 2];
    if (ml_granular_mix(&b->words[i * n + i], &b->words[j * n + j], i, j, &w, msg, sizeof msg))
        return ml_error_at(r, "mbconnect: %s", msg);
    if (b->mixed[ij] && b->words_set[ij] && ml_granular_law_equal(&b->words[ij], &w))
        return 0;
    ml_law *law = ml_granular_law_create(r, "mbconnect", &w);
    if (!ml_all(r, law != NULL)) {
        ml_law_destroy(law);
        return r->status ? r->status : ML_EXIT_ERROR;
    }
    if (ml_bridge_mixed(r, i, j, law) != 0)
        return r->status;
    b->words[ij] = b->words[j * n + i] = w;
    b->words_set[ij] = b->words_set[j * n + i] = 1;
    b->cut_type[ij] = b->cut_type[j * n + i] = w.cutoff;
    return 0;
}

int ml_granular_mix_all(ml_run *r, ml_bridge *b)
{
    const int n = b->ntypes + 1;
    for (int i = 1; i < n && r->status == 0; i++)
        for (int j = i + 1; j < n && r->status == 0; j++) {
            if (b->pair_set[i * n + j])
                continue;
            if (b->words_set[i * n + i] && b->words_set[j * n + j])
                mix_one(r, b, i, j);
            else if (b->mixed[i * n + j])
                ml_bridge_unmix(b, i, j);
        }
    return r->status;
}
