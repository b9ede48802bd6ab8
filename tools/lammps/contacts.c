/* SPDX-License-Identifier: BSD-3-Clause */
/* Contact records in per-atom arrays (contacts.h). */
#include "contacts.h"

#include <string.h>

int ml_contacts_add(ml_contacts *c, int i, int tag)
{
    int *p = c->partner[i];
    for (int k = 0; k < c->capacity; k++) {
        if (p[k] == 0) {
            p[k] = -tag;
            return k;
        }
    }
    return -1;
}

void ml_contacts_sweep(ml_contacts *c, int nlocal)
{
    const size_t row = (size_t)c->width * sizeof(double);
    for (int i = 0; i < nlocal; i++) {
        int *p = c->partner[i];
        int n = 0;
        while (n < c->capacity && p[n] != 0)
            n++;
        for (int k = 0; k < n;) {
            if (p[k] < 0) {
                p[k] = -p[k];
                k++;
                continue;
            }
            /* unused: the last record takes its place */
            n--;
            if (k != n) {
                p[k] = p[n];
                memcpy(ml_contacts_data(c, i, k), ml_contacts_data(c, i, n), row);
            }
            p[n] = 0;
        }
    }
}
