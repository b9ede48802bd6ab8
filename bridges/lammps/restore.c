/* SPDX-License-Identifier: BSD-3-Clause */
/* Contact records that outlive a set-up (restore.h). */
#include "restore.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lammps/library.h>

#include "host.h"

/* A value of a fix's per-atom data that holds an integer in its bits
 * (LAMMPS's ubuf: an int64_t), and back. */
static int int_of(double v)
{
    int64_t i = 0;
    memcpy(&i, &v, sizeof i);
    return (int)i;
}

static double of_int(int v)
{
    const int64_t i = v;
    double d = 0.0;
    memcpy(&d, &i, sizeof d);
    return d;
}

/* A row of the state fix's per-atom values (in the order of its fix
 * command: bridge.c): the stamp, the sign, the partners, the data of every
 * slot. The words before the partners, and the places of the stamp and
 * the sign's words. */
#define HEAD        (1 + ML_SIGN_WORDS)
#define HEAD_STAMP  0
#define HEAD_LAYOUT (1 + ML_SIGN_LAYOUT)
#define HEAD_LAWS   (1 + ML_SIGN_LAWS)
#define HEAD_ATOM   (1 + ML_SIGN_ATOM)

/* The records of the state fix as this rank holds them. */
static ml_contacts records(ml_run *r, const ml_bridge *b, int capacity, int width)
{
    void *h = r->lmp;
    const int hot = ml_bridge_hot_of(b, capacity, width);
    return (ml_contacts){.partner = lammps_extract_atom(h, ML_PARTNER),
                         .stamp = lammps_extract_atom(h, ML_STAMP),
                         .sign = lammps_extract_atom(h, ML_SIGN),
                         .state = lammps_extract_atom(h, ML_STATE),
                         .more = hot < capacity ? lammps_extract_atom(h, ML_STATE_MORE) : NULL,
                         .tag = lammps_extract_atom(h, "id"),
                         .capacity = capacity,
                         .hot = hot,
                         .width = width,
                         .layout = ml_contacts_layout(capacity, width),
                         .laws = b->laws_fingerprint};
}

/* Atom i's records in c as a row of the fix's per-atom values. */
static void pack(const ml_contacts *c, int i, double *row)
{
    row[HEAD_STAMP] = of_int(c->stamp[i]);
    for (int w = 0; w < ML_SIGN_WORDS; w++)
        row[1 + w] = of_int(c->sign[i][w]);
    double *partner = row + HEAD, *data = partner + c->capacity;
    for (int k = 0; k < c->capacity; k++) {
        partner[k] = of_int(c->partner[i][k]);
        memcpy(data + (size_t)k * (size_t)c->width, ml_contacts_data(c, i, k),
               (size_t)c->width * sizeof *data);
    }
}

/* The layout of atom i's row v of n values; 0 when it holds no records,
 * -1 when it is in no known layout. */
static int row_layout(const double *v, int n, int *capacity, int *width)
{
    if (!v || n <= HEAD)
        return -1;
    const int layout = int_of(v[HEAD_LAYOUT]);
    if (layout == 0 && int_of(v[HEAD]) == 0)
        return 0; /* never signed, and no partner */
    if (!ml_contacts_layout_read(layout, capacity, width) ||
        (long)n != HEAD + (long)*capacity * (1L + *width))
        return -1;
    return 1;
}

/* The row of atom i in what k keeps (n values), or NULL. */
static const double *kept_row(ml_run *r, const ml_restore *k, int i, int *n)
{
    if (k->saved) {
        *n = k->size;
        return i < k->nlocal ? k->saved + (size_t)i * (size_t)k->size : NULL;
    }
    return ml_host_restart_values(r, k->entry, i, n);
}

/* The records of the fix about to be replaced, in its layout. */
static int save(ml_run *r, const ml_bridge *b, ml_restore *k)
{
    const ml_contacts c = records(r, b, b->fix_capacity, b->fix_width);
    k->nlocal = lammps_extract_setting(r->lmp, "nlocal");
    k->size = HEAD + c.capacity * (1 + c.width);
    if (k->nlocal == 0)
        return 0;
    if (!c.partner || !c.stamp || !c.sign || !c.state || (c.hot < c.capacity && !c.more))
        return ml_error_at(r,
                           "mbconnect: the contact records' arrays are missing (fix %s deleted?)",
                           ML_FIX_STATE);
    k->saved = malloc((size_t)k->nlocal * (size_t)k->size * sizeof *k->saved);
    if (!k->saved)
        return ml_error_nomem(r);
    for (int i = 0; i < k->nlocal; i++)
        pack(&c, i, k->saved + (size_t)i * (size_t)k->size);
    return 0;
}

/* Atom i's row v of n values: its record count (0: none), or -1 with the
 * pending error when it is in no known layout or of another atom. */
static int check_row(ml_run *r, const int *tag, int i, const double *v, int n, int *capacity,
                     int *width)
{
    const int layout = row_layout(v, n, capacity, width);
    if (layout < 0) {
        ml_error_at(r,
                    "mbconnect: the contact records of atom %d in the restart file are in no "
                    "layout this mbc-lammps knows (%d values; written by another version?)",
                    tag[i], n);
        return -1;
    }
    if (layout == 0)
        return 0;
    if (int_of(v[HEAD_ATOM]) != tag[i]) {
        ml_error_at(r,
                    "mbconnect: the contact records of atom %d in the restart file belong to atom "
                    "%d: atoms were created or deleted after read_restart (give mbconnect pair "
                    "right after it)",
                    tag[i], int_of(v[HEAD_ATOM]));
        return -1;
    }
    const double *partner = v + HEAD;
    int count = 0;
    while (count < *capacity && int_of(partner[count]) != 0)
        count++;
    return count;
}

/* Every owned atom's row of what k keeps checked: the largest capacity and
 * width, and the atom with the most records (count, ID), over all ranks. */
static void scan(ml_run *r, const ml_restore *k, int most[2], int layout[2])
{
    const int nlocal = lammps_extract_setting(r->lmp, "nlocal");
    const int *tag = lammps_extract_atom(r->lmp, "id");
    int mine[2] = {0, 0}, many[2] = {0, 0};
    for (int i = 0; i < nlocal && r->status == 0; i++) {
        int n = 0, capacity = 0, width = 0;
        const double *row = kept_row(r, k, i, &n);
        const int count = check_row(r, tag, i, row, n, &capacity, &width);
        if (count > 0) {
            mine[0] = capacity > mine[0] ? capacity : mine[0];
            mine[1] = width > mine[1] ? width : mine[1];
        }
        if (count > many[0]) {
            many[0] = count;
            many[1] = tag[i];
        }
    }
    MPI_Allreduce(mine, layout, 2, MPI_INT, MPI_MAX, r->comm);
    MPI_Allreduce(many, most, 1, MPI_2INT, MPI_MAXLOC, r->comm); /* ties: the lowest ID */
}

int ml_restore_begin(ml_run *r, ml_bridge *b, int exists, ml_restore *k)
{
    *k = (ml_restore){.entry = -1};
    if (exists)
        (void)save(r, b, k);
    else /* the same on every rank: LAMMPS's lists of the restart file are */
        k->entry = ml_host_restart_take(r, ML_FIX_STATE, "property/atom");
    if (ml_agree(r) != 0 || (!k->saved && k->entry < 0))
        return r->status;
    int most[2] = {0, 0}, layout[2] = {0, 0};
    scan(r, k, most, layout);
    if (ml_agree(r) != 0)
        return r->status;
    if (k->entry >= 0 && layout[0] > 0 && !b->capacity_given)
        b->capacity = layout[0];
    if (layout[1] > b->width)
        b->width = layout[1];
    if (most[0] > b->capacity)
        ml_error_at(r,
                    "mbconnect: atom %d has %d contact records in the restart file, more than the "
                    "capacity %d (give `mbconnect capacity %d` or more)",
                    most[1], most[0], b->capacity, most[0]);
    return r->status; /* the same on every rank */
}

/* Atom i's records from row v (n values, checked by scan) into c,
 * converted to its layout; returns their count. */
static int unpack(const ml_contacts *c, int i, const double *v, int n)
{
    int capacity = 0, width = 0;
    if (row_layout(v, n, &capacity, &width) <= 0)
        return 0;
    const double *partner = v + HEAD, *data = partner + capacity;
    int count = 0;
    for (; count < capacity && int_of(partner[count]) != 0; count++) {
        c->partner[i][count] = int_of(partner[count]);
        double *d = ml_contacts_data(c, i, count);
        for (int w = 0; w < c->width; w++)
            d[w] = w < width ? data[(size_t)count * (size_t)width + (size_t)w] : 0.0;
    }
    c->stamp[i] = int_of(v[HEAD_STAMP]);
    ml_contacts_sign(c, i);
    c->sign[i][ML_SIGN_LAWS] = int_of(v[HEAD_LAWS]); /* checked at the first evaluation */
    return count;
}

void ml_restore_free(ml_restore *k)
{
    free(k->saved);
    k->saved = NULL;
}

int ml_restore_end(ml_run *r, ml_bridge *b, ml_restore *k)
{
    if (r->status == 0 && (k->saved || k->entry >= 0)) {
        const ml_contacts c = records(r, b, b->capacity, b->width);
        const int nlocal = lammps_extract_setting(r->lmp, "nlocal");
        if (nlocal > 0 && (!c.partner || !c.stamp || !c.sign || !c.state || !c.tag))
            ml_error_at(r, "mbconnect: fix %s has no contact records after its set-up",
                        ML_FIX_STATE);
        for (int i = 0; i < nlocal && r->status == 0; i++) {
            int n = 0;
            const double *row = kept_row(r, k, i, &n);
            k->kept += unpack(&c, i, row, n);
        }
    }
    const int from_file = k->entry >= 0;
    ml_restore_free(k);
    if (ml_agree(r) != 0 || !from_file)
        return r->status;
    long long all = 0;
    MPI_Allreduce(&k->kept, &all, 1, MPI_LONG_LONG, MPI_SUM, r->comm);
    b->restored += all;
    char text[160];
    (void)snprintf(text, sizeof text,
                   "mbconnect: %lld contact records restored from the restart file (%d per atom, "
                   "%d data coordinates each)\n",
                   all, b->capacity, b->width);
    ml_host_print(r, text);
    return 0;
}

/* FNV-1a over the bytes of a string (with its NUL) and of an int (lowest
 * byte first). */
static uint32_t fnv_text(uint32_t h, const char *s)
{
    do
        h = (h ^ (unsigned char)*s) * 16777619u;
    while (*s++);
    return h;
}
static uint32_t fnv_int(uint32_t h, int v)
{
    const uint32_t u = (uint32_t)v;
    for (int k = 0; k < 4; k++)
        h = (h ^ ((u >> (8 * k)) & 0xFFu)) * 16777619u;
    return h;
}

int ml_restore_laws(const ml_bridge *b)
{
    uint32_t h = 2166136261u;
    const int n = b->ntypes + 1;
    for (int i = 1; i < n; i++) {
        for (int j = i; j < n; j++) {
            const int law = b->law_of ? b->law_of[i * n + j] : -1;
            const char *name = law >= 0 ? b->laws[law]->object->type->type_name : "";
            h = fnv_int(fnv_int(h, i), j);
            h = fnv_int(h, law >= 0 ? (int)b->laws[law]->data_count : -1);
            h = fnv_text(h, name);
        }
    }
    return (int)(h & 0x7FFFFFFF) | 1; /* never 0, the word of a row never written */
}

void ml_restore_first_call(ml_run *r, ml_bridge *b, const ml_contacts *c, int nlocal,
                           long long step)
{
    long long mine[2] = {0, 0}, all[2] = {0, 0}; /* atoms stamped at step, records dropped */
    const int stamp = ml_contacts_stamp(step);
    /* the ghosts' rows too: copies of their owners', which a pair that
     * starts to cross ranks reads */
    const int nall = c ? lammps_extract_setting(r->lmp, "nall") : 0;
    for (int i = 0; i < nall; i++) {
        int *p = c->partner[i];
        mine[0] += i < nlocal && c->stamp[i] == stamp;
        if (p[0] == 0 || c->sign[i][ML_SIGN_LAWS] == c->laws)
            continue;
        for (int s = 0; s < c->capacity && p[s] != 0; s++, mine[1] += i < nlocal)
            p[s] = 0;
    }
    MPI_Allreduce(mine, all, 2, MPI_LONG_LONG, MPI_SUM, r->comm);
    if (all[0] > 0)
        b->last_step = step;
    b->dropped += all[1];
}

void ml_restore_warn_fresh(const ml_run *r, const ml_bridge *b, long long step, double fresh)
{
    char text[512];
    const char *why =
        b->dropped > 0 ? "the restart file's records were written by other laws (another "
                         "connector type or data count of a type pair)"
        : b->restored > 0
            ? "no record of theirs in the restart file"
            : "no contact records to continue: a new set-up, or atoms from a data file (restart "
              "files keep the records, data files do not)";
    (void)snprintf(text, sizeof text,
                   "mbconnect: step %lld: %.0f contacts start without their history: %s; "
                   "docs/lammps.rst, \"Restarts and data files\"",
                   step, fresh, why);
    ml_host_warning(r, __FILE__, __LINE__, text);
}
