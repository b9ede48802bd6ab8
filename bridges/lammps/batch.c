/* SPDX-License-Identifier: BSD-3-Clause */
/* A law's chunk of pairs through mbc_pair_eval (batch.h). */
#include "batch.h"

#include "bridge.h"
#include "law.h"

int ml_batch_run(ml_run *r, ml_law *law, step_atoms *a, double *totals)
{
    ml_batch *bt = law->batch;
    if (bt->count == 0)
        return 0;
    const mbc_pair_call call = {&a->atoms, bt->pair,   bt->count, bt->flags | law->flags,
                                a->dt,     bt->contact};
    mbc_pair_sums sums = {.contacts = totals[ML_VECTOR_CONTACTS],
                          .overlap = totals[ML_VECTOR_OVERLAP],
                          .outputs = law->outputs,
                          .output_count = law->output_count,
                          .output_sums = law->output_sums};
    for (int c = 0; c < 6; c++)
        sums.virial[c] = a->virial[c];
    mbc_error err = {0};
    const mbc_status st = mbc_pair_eval(law->object, &call, &sums, &err);
    if (st != MBC_OK) {
        const mbc_pair *p = &bt->pair[sums.failed < bt->count ? sums.failed : 0];
        bt->count = 0;
        return ml_error_atoms(r, "mbconnect: atoms %d and %d: %s", a->tag[p->atom[0]],
                              a->tag[p->atom[1]], err.message);
    }
    totals[ML_VECTOR_CONTACTS] = sums.contacts;
    totals[ML_VECTOR_OVERLAP] = sums.overlap;
    for (int c = 0; c < 6; c++)
        a->virial[c] = sums.virial[c];
    for (size_t k = 0; k < bt->count; k++)
        if (!bt->contact[k]) /* the law ended the contact: no record */
            ml_contacts_drop(&a->contacts, bt->owner[k][0], bt->owner[k][1]);
    bt->count = 0;
    return 0;
}
