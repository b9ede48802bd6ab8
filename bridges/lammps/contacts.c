/* SPDX-License-Identifier: BSD-3-Clause */
/* Contact records in per-atom arrays (contacts.h). */
#include "contacts.h"

#include <limits.h>
#include <string.h>

/* Exchanges the records in slots k and u of atom i. */
static void swap_records(const ml_contacts *c, int i, int k, int u)
{
    int *p = c->partner[i];
    const int tag = p[k];
    p[k] = p[u];
    p[u] = tag;
    double *a = ml_contacts_data(c, i, k), *b = ml_contacts_data(c, i, u);
    for (int d = 0; d < c->width; d++) {
        const double x = a[d];
        a[d] = b[d];
        b[d] = x;
    }
}

int ml_contacts_use_scan(const ml_contacts *c, int i, int tag, int *found)
{
    int *p = c->partner[i];
    const int u = c->used[i];
    int k = 0;
    while (k < c->capacity && p[k] != 0 && p[k] != tag)
        k++;
    if (k < u) { /* used already in this step (two images of one partner) */
        *found = 1;
        return k;
    }
    if (k == c->capacity)
        return -1; /* not found, and no free slot */
    *found = p[k] == tag;
    if (!*found)
        p[k] = tag;
    if (k != u) /* the next slot in the order of use (u <= k: unused so far) */
        swap_records(c, i, k, u);
    c->used[i] = u + 1;
    return u;
}

int ml_contacts_stamp(long long step)
{
    return (int)(step % INT_MAX) + 1;
}

/* The layout word: the tag 0x5A5 above 13 bits of capacity and 6 of width
 * (capacity <= ML_CAPACITY_MAX 4096, width <= ML_DATA_MAX 32: they fit). */
#define LAYOUT_TAG 0x5A5u

int ml_contacts_layout(int capacity, int width)
{
    return (int)((LAYOUT_TAG << 19) | ((unsigned)capacity << 6) | (unsigned)width);
}

int ml_contacts_layout_read(int layout, int *capacity, int *width)
{
    const unsigned word = (unsigned)layout; /* a value read from a file: any bits */
    *capacity = (int)((word >> 6) & 0x1FFFu);
    *width = (int)(word & 0x3Fu);
    return layout >= 0 && (word >> 19) == LAYOUT_TAG && *capacity > 0 && *width > 0;
}

const double *ml_contacts_other(const ml_contacts *c, int j, int nlocal, int tag, long long last)
{
    if (j >= nlocal && (last < 0 || c->stamp[j] != ml_contacts_stamp(last)))
        return NULL; /* a ghost, and no reneighboring since the last call: the row is older */
    const int *p = c->partner[j];
    for (int k = 0; k < c->capacity && p[k] != 0; k++)
        if (p[k] == tag)
            return ml_contacts_data(c, j, k);
    return NULL;
}

int ml_contacts_find(const ml_contacts *c, int i, int tag)
{
    const int *p = c->partner[i];
    for (int k = 0; k < c->capacity && p[k] != 0; k++)
        if (p[k] == tag)
            return k;
    return -1;
}

/* Moves atom i's used records that were not ended to the front, in their
 * order; returns how many there are. */
static int compact(const ml_contacts *c, int i)
{
    const int *p = c->partner[i];
    int kept = 0;
    for (int k = 0; k < c->used[i]; k++) {
        if (p[k] == ML_CONTACT_DROPPED)
            continue;
        if (k != kept)
            swap_records(c, i, k, kept);
        kept++;
    }
    return kept;
}

void ml_contacts_sweep(const ml_contacts *c, int nlocal, long long step)
{
    const int stamp = ml_contacts_stamp(step);
    for (int i = 0; i < nlocal; i++) {
        int *p = c->partner[i];
        const int used = c->used[i];
        const int kept = c->dropped ? compact(c, i) : used;
        for (int k = kept; k < c->capacity && (k < used || p[k] != 0); k++)
            p[k] = 0;
        c->used[i] = 0; /* for the next step */
        c->stamp[i] = stamp;
        if (c->resign)
            ml_contacts_sign(c, i);
    }
}
