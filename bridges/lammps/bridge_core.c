/* SPDX-License-Identifier: BSD-3-Clause */
/* The bridge's core (bridge_core.h): the bridge made on first use, its
 * LAMMPS commands, the laws of the type pairs and the slots of their sums.
 * Every function runs on every rank with the same arguments. */
#include "bridge_core.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lammps/library.h>

#include "host.h"

/* MBC_LAMMPS_HOT_RECORDS (bridge.h), else ML_HOT_AUTO; 0 when it is not
 * a whole number from 1 to 1000 (said on every rank that has it). */
static int hot_records(ml_run *r)
{
    const char *text = getenv("MBC_LAMMPS_HOT_RECORDS");
    if (!text)
        return ML_HOT_AUTO;
    char *end = NULL;
    const long n = strtol(text, &end, 10);
    if (end != text && *end == '\0' && n >= 1 && n <= 1000)
        return (int)n;
    ml_error_at(r,
                "mbconnect: MBC_LAMMPS_HOT_RECORDS must be a whole number from 1 to 1000 (given "
                "'%s')",
                text);
    return 0;
}

ml_bridge *ml_bridge_get(ml_run *r)
{
    if (!r->bridge) { /* on every rank alike */
        r->bridge = calloc(1, sizeof *r->bridge);
        if (!ml_all(r, r->bridge != NULL)) {
            if (!r->bridge)
                ml_error_nomem(r);
            free(r->bridge);
            r->bridge = NULL;
            return NULL;
        }
        r->bridge->capacity = ML_CAPACITY;
        r->bridge->hot_records = hot_records(r);
        if (!ml_all(r, r->bridge->hot_records != 0)) {
            free(r->bridge); /* nothing else is made yet */
            r->bridge = NULL;
            return NULL;
        }
        r->bridge->last_step = -1;
        r->bridge->width = 1; /* fix property/atom needs a column, for laws without data too */
        r->bridge->energy = -1;
        r->bridge->power_slot = -1;
        r->bridge->uniform = -1;
    }
    return r->bridge;
}

void ml_bridge_lammps(ml_run *r, const char *fmt, ...)
{
    char cmd[ML_MESSAGE_SIZE];
    va_list ap;
    va_start(ap, fmt);
    const int n = vsnprintf(cmd, sizeof cmd, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof cmd)
        ml_error_at(r, "mbconnect: a LAMMPS command of the set-up is too long (%d characters)", n);
    (void)ml_host_command(r, cmd);
}

/* The slots of the law's scalar outputs in the fix vector (by name). */
int ml_bridge_add_sums(ml_run *r, ml_bridge *b, const ml_law *law, int *slots)
{
    const mbc_type_info *t = law->object->type;
    for (size_t k = 0; k < law->output_count; k++) {
        const char *name = t->outputs[law->outputs[k]].name;
        size_t s = 0;
        while (s < b->sum_count && strcmp(b->sum_names[s], name) != 0)
            s++;
        if (s == b->sum_count) {
            if (s == ML_SUM_CAPACITY)
                return ml_error_at(r, "mbconnect pair: more than %d distinct scalar outputs",
                                   ML_SUM_CAPACITY);
            b->sum_names[b->sum_count++] = name;
        }
        slots[k] = (int)s;
        if (strcmp(name, "Energy") == 0)
            b->energy = (int)s;
        if (strcmp(name, "DissipatedPower") == 0)
            b->power_slot = (int)s;
    }
    return 0;
}

/* Forgets every contact record, of the owned atoms and of the ghosts
 * (their copies, which a pair that starts to cross ranks would read). */
void ml_bridge_clear_records(ml_run *r, const ml_bridge *b)
{
    int **partner = lammps_extract_atom(r->lmp, ML_PARTNER);
    const int nall = lammps_extract_setting(r->lmp, "nall");
    for (int i = 0; partner && i < nall; i++)
        memset(partner[i], 0, (size_t)b->capacity * sizeof(int));
}

/* The law of the type pair (i, j), and whether it changed its connector type
 * or data count. */
int ml_bridge_assign_one(ml_bridge *b, int i, int j, int law)
{
    const int n = b->ntypes + 1;
    const int old = b->law_of[i * n + j];
    b->law_of[i * n + j] = b->law_of[j * n + i] = law;
    return old >= 0 && law >= 0 &&
           (b->laws[old]->object->type != b->laws[law]->object->type ||
            b->laws[old]->data_count != b->laws[law]->data_count);
}

/* Whether every type pair has the same law (b->uniform). */
void ml_bridge_find_uniform(ml_bridge *b)
{
    const int n = b->ntypes + 1;
    b->uniform = b->law_of[n + 1];
    for (int i = 1; i < n; i++)
        for (int j = 1; j < n; j++)
            if (b->law_of[i * n + j] != b->uniform)
                b->uniform = -1;
}

/* The per type and per type pair arrays, for ntypes types. */
static int grow_types(ml_bridge *b, int ntypes)
{
    const size_t n = (size_t)ntypes + 1, nn = n * n;
    b->ntypes = ntypes;
    b->law_of = malloc(nn * sizeof *b->law_of);
    b->pair_set = calloc(nn, 1);
    b->mixed = calloc(nn, 1);
    b->words_set = calloc(nn, 1);
    b->words = calloc(nn, sizeof *b->words);
    b->cut = calloc(nn, sizeof *b->cut);
    b->cut_type = malloc(nn * sizeof *b->cut_type);
    b->radius_dynamic = calloc(n, sizeof(double));
    b->radius_frozen = calloc(n, sizeof(double));
    b->type_radius = calloc(n, sizeof(double));
    if (!b->law_of || !b->pair_set || !b->mixed || !b->words_set || !b->words || !b->cut ||
        !b->cut_type || !b->radius_dynamic || !b->radius_frozen || !b->type_radius)
        return -1;
    for (size_t k = 0; k < nn; k++) {
        b->law_of[k] = -1;
        b->cut_type[k] = -1.0;
    }
    return 0;
}

/* Room for one more law and its output slots. */
int ml_bridge_grow(ml_run *r, ml_bridge *b, const ml_law *law)
{
    if (!b->law_of && grow_types(b, lammps_extract_setting(r->lmp, "ntypes")) != 0)
        return ml_error_nomem(r);
    ml_law **laws = realloc(b->laws, (b->law_count + 1) * sizeof *laws);
    if (laws)
        b->laws = laws;
    int **slots = realloc(b->sum_slot, (b->law_count + 1) * sizeof *slots);
    if (slots) {
        b->sum_slot = slots;
        slots[b->law_count] = calloc(law->output_count + 1, sizeof **slots);
        b->pending_slot = slots[b->law_count];
    }
    if (!b->law_of || !laws || !slots || !slots[b->law_count])
        return ml_error_nomem(r);
    return 0;
}

void ml_bridge_atoms_fix(ml_run *r, ml_bridge *b)
{
    if (b->atoms_fix && ml_host_fix_exists(r, ML_FIX_ATOMS))
        return;
    if (r->status == 0)
        ml_host_register_atoms_fix(r);
    ml_bridge_lammps(r, "fix %s all %s", ML_FIX_ATOMS, ML_FIX_ATOMS_STYLE);
    b->atoms_fix = r->status == 0;
}

int ml_bridge_mixed(ml_run *r, int i, int j, ml_law *law)
{
    ml_bridge *b = r->bridge;
    const size_t sums = b->sum_count; /* the laws of I I and J J have the same outputs */
    if (!ml_all(r, ml_bridge_grow(r, b, law) == 0) ||
        ml_bridge_add_sums(r, b, law, b->sum_slot[b->law_count]) != 0 || b->sum_count != sums) {
        b->sum_count = sums;
        ml_law_destroy(law);
        return r->status ? r->status
                         : ml_error_at(r,
                                       "mbconnect: the mixed law of types %d and %d has an "
                                       "output that neither of theirs has",
                                       i, j);
    }
    b->laws[b->law_count++] = law;
    b->pending_slot = NULL;
    const int n = b->ntypes + 1;
    if (ml_bridge_assign_one(b, i, j, (int)b->law_count - 1) && b->ran)
        ml_bridge_clear_records(r, b);
    b->mixed[i * n + j] = b->mixed[j * n + i] = 1;
    ml_bridge_find_uniform(b);
    b->masses |= law->masses;
    return 0;
}

void ml_bridge_unmix(ml_bridge *b, int i, int j)
{
    const int n = b->ntypes + 1;
    b->law_of[i * n + j] = b->law_of[j * n + i] = -1;
    b->mixed[i * n + j] = b->mixed[j * n + i] = 0;
    b->words_set[i * n + j] = b->words_set[j * n + i] = 0;
    b->cut_type[i * n + j] = b->cut_type[j * n + i] = -1.0;
    ml_bridge_find_uniform(b);
}
