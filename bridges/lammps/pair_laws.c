/* SPDX-License-Identifier: BSD-3-Clause */
/* The laws of a pair style's type pairs (pair_laws.h). */
#include "pair_laws.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classic_words.h"
#include "granular.h"
#include "mbconnect/pair_eval.h"

mbc_status ml_laws_create(const mbc_registry *reg, const char *style, int words_only,
                          int lammps2021, int books, int ntypes, ml_laws **out, mbc_error *err)
{
    *out = NULL;
    ml_laws *L = calloc(1, sizeof *L);
    const size_t nn = ((size_t)ntypes + 1) * ((size_t)ntypes + 1);
    if (L) {
        L->law_of = malloc(nn * sizeof *L->law_of);
        L->set = calloc(nn, 1);
        L->mixed = calloc(nn, 1);
        L->worded = calloc(nn, 1);
        L->words = calloc(nn, sizeof *L->words);
        L->line = calloc(nn, sizeof *L->line);
        L->cut_type = malloc(nn * sizeof *L->cut_type);
    }
    if (!L || !L->law_of || !L->set || !L->mixed || !L->worded || !L->words || !L->line ||
        !L->cut_type) {
        ml_laws_destroy(L);
        return mbc_fail_nomem(err, style);
    }
    for (size_t k = 0; k < nn; k++) {
        L->law_of[k] = -1;
        L->cut_type[k] = -1.0;
    }
    L->registry = reg;
    L->style = style;
    L->words_only = words_only;
    L->lammps2021 = lammps2021;
    L->books = books;
    L->ntypes = ntypes;
    L->width = 1;
    L->nktv2p = 1.0;
    *out = L;
    return MBC_OK;
}

void ml_laws_destroy(ml_laws *L)
{
    if (!L)
        return;
    for (size_t k = 0; k < L->law_count; k++)
        ml_law_destroy(L->laws[k]);
    const size_t nn = ((size_t)L->ntypes + 1) * ((size_t)L->ntypes + 1);
    for (size_t k = 0; L->line && k < nn; k++)
        free(L->line[k]);
    free(L->laws);
    free(L->law_of);
    free(L->set);
    free(L->mixed);
    free(L->worded);
    free(L->words);
    free(L->line);
    free(L->cut_type);
    free(L);
}

/* The laws no type pair uses any more, destroyed (the indices renumbered). */
static void drop_unused(ml_laws *L)
{
    const int nn = (L->ntypes + 1) * (L->ntypes + 1);
    size_t kept = 0;
    for (size_t k = 0; k < L->law_count; k++) {
        int used = 0;
        for (int p = 0; p < nn && !used; p++)
            used = L->law_of[p] == (int)k;
        if (!used) {
            ml_law_destroy(L->laws[k]);
            continue;
        }
        for (int p = 0; p < nn; p++)
            if (L->law_of[p] == (int)k)
                L->law_of[p] = (int)kept;
        L->laws[kept++] = L->laws[k];
    }
    L->law_count = kept;
}

/* law (owned from now on) into the list; its index, or -1 out of memory
 * (then destroyed). */
static int add_law(ml_laws *L, ml_law *law)
{
    if (L->law_count == L->law_room) {
        const size_t room = L->law_room ? 2 * L->law_room : 8;
        ml_law **laws = realloc(L->laws, room * sizeof *laws);
        if (!laws) {
            ml_law_destroy(law);
            return -1;
        }
        L->laws = laws;
        L->law_room = room;
    }
    L->laws[L->law_count] = law;
    return (int)L->law_count++;
}

/* The words after I J as one line (words joined by spaces). */
static char *join(int argc, char *const *argv)
{
    size_t n = 1;
    for (int k = 0; k < argc; k++)
        n += strlen(argv[k]) + 1;
    char *s = malloc(n), *p = s;
    for (int k = 0; s && k < argc; k++)
        p += sprintf(p, "%s%s", k ? " " : "", argv[k]);
    if (s)
        *p = '\0';
    return s;
}

/* The law of a classic style's words (argv[0] the style, model its
 * number): ContactGranClassic. */
static mbc_status law_of_classic(const ml_laws *L, int model, int argc, char *const *argv,
                                 ml_law **law, mbc_error *err)
{
    ml_classic_law words;
    mbc_error why = {0}; /* the words' line, put in pair_coeff's context */
    int used = 0;
    if (ml_classic_parse(model, argc - 1, argv + 1, L->nktv2p, false, &words, &used, &why) !=
        MBC_OK)
        return mbc_fail(err, MBC_ERR_VALUE, "pair_coeff: %s (the words after the atom types)",
                        why.message);
    return ml_classic_law_create(L->registry, "pair_coeff", &words, L->lammps2021, L->books, law,
                                 err);
}

/* The law of one line's words: granular words (*words set, *worded 1), a
 * classic style's words, a type by name, or none (*law NULL). */
static mbc_status law_of_words(ml_laws *L, int argc, char *const *argv, ml_law **law,
                               ml_granular_law *words, int *worded, mbc_error *err)
{
    *law = NULL;
    *worded = 0;
    if (argc < 1)
        return mbc_fail(err, MBC_ERR_VALUE,
                        L->words_only ? "pair_coeff: %s needs the words of pair_style granular "
                                        "after the atom types"
                                      : "pair_coeff: %s needs a connector type, granular WORDS, "
                                        "a classic style's words or none after the atom types",
                        L->style);
    if (!L->words_only && strcmp(argv[0], "none") == 0) {
        if (argc > 1)
            return mbc_fail(err, MBC_ERR_VALUE,
                            "pair_coeff: %s: none takes no more words (given %s)", L->style,
                            argv[1]);
        return MBC_OK;
    }
    const int granular = L->words_only || strcmp(argv[0], "granular") == 0;
    const int classic = L->words_only ? -1 : ml_classic_pair_style(argv[0]);
    if (classic >= 0)
        return law_of_classic(L, classic, argc, argv, law, err);
    if (!granular)
        return ml_law_create(L->registry, "pair_coeff", argv[0], argc - 1, argv + 1, L->books, law,
                             err);
    const int skip = L->words_only ? 0 : 1;
    mbc_error why = {0}; /* the words' line, put in this style's context */
    if (ml_granular_parse(argc - skip, argv + skip, words, &why) != MBC_OK)
        return mbc_fail(err, MBC_ERR_VALUE,
                        "pair_coeff: %s (the words of pair_style granular's pair_coeff I J)",
                        why.message);
    *worded = 1;
    return ml_granular_law_create(L->registry, "pair_coeff", words, L->lammps2021, L->books, law,
                                  err);
}

mbc_status ml_laws_coeff(ml_laws *L, const int lo[2], const int hi[2], int argc, char *const *argv,
                         mbc_error *err)
{
    ml_law *law = NULL;
    ml_granular_law words;
    int worded = 0;
    mbc_status st = law_of_words(L, argc, argv, &law, &words, &worded, err);
    if (st != MBC_OK)
        return st;
    const int index = law ? add_law(L, law) : -1;
    if (law && index < 0)
        return mbc_fail_nomem(err, L->style);
    for (int i = lo[0]; i <= hi[0]; i++) {
        for (int j = lo[1]; j <= hi[1]; j++) {
            const int ij = ml_laws_pair(L, i, j), ji = ml_laws_pair(L, j, i);
            const int key = i < j ? ij : ji; /* the line is kept at (lower, higher) */
            char *line = join(argc, argv);
            if (!line)
                return mbc_fail_nomem(err, L->style);
            free(L->line[key]);
            L->line[key] = line;
            L->law_of[ij] = L->law_of[ji] = index;
            L->set[ij] = L->set[ji] = 1;
            L->mixed[ij] = L->mixed[ji] = 0;
            L->worded[ij] = L->worded[ji] = (unsigned char)worded;
            if (worded)
                L->words[ij] = L->words[ji] = words;
            L->cut_type[ij] = L->cut_type[ji] = worded ? words.cutoff : -1.0;
        }
    }
    drop_unused(L);
    return MBC_OK;
}

mbc_status ml_laws_mix(ml_laws *L, int i, int j, int *mixed, mbc_error *err)
{
    *mixed = 0;
    const int ii = ml_laws_pair(L, i, i), jj = ml_laws_pair(L, j, j);
    const int ij = ml_laws_pair(L, i, j), ji = ml_laws_pair(L, j, i);
    if (L->set[ij])
        return MBC_OK;
    if (L->law_of[ii] < 0 || L->law_of[jj] < 0) { /* none, or no line: none */
        L->law_of[ij] = L->law_of[ji] = -1;
        drop_unused(L);
        return MBC_OK;
    }
    if (!L->worded[ii] || !L->worded[jj])
        return mbc_fail(err, MBC_ERR_VALUE,
                        "%s: types %d and %d have no pair_coeff line of their own, and their "
                        "laws (%s, %s) are not granular words, which LAMMPS mixes: give a "
                        "pair_coeff %d %d line",
                        L->style, i, j, L->laws[L->law_of[ii]]->object->type->type_name,
                        L->laws[L->law_of[jj]]->object->type->type_name, i, j);
    ml_granular_law w;
    mbc_error why = {0}; /* the words' line, put in this style's context */
    if (ml_granular_mix(&L->words[ii], &L->words[jj], i, j, &w, &why) != MBC_OK)
        return mbc_fail(err, MBC_ERR_VALUE, "%s: %s", L->style, why.message);
    *mixed = 1;
    if (L->mixed[ij] && L->law_of[ij] >= 0 && ml_granular_law_equal(&L->words[ij], &w))
        return MBC_OK; /* the same mix as in the last run */
    ml_law *law = NULL;
    const mbc_status st =
        ml_granular_law_create(L->registry, L->style, &w, L->lammps2021, L->books, &law, err);
    if (st != MBC_OK)
        return st;
    const int index = add_law(L, law);
    if (index < 0)
        return mbc_fail_nomem(err, L->style);
    L->law_of[ij] = L->law_of[ji] = index;
    L->mixed[ij] = L->mixed[ji] = 1;
    L->worded[ij] = L->worded[ji] = 1;
    L->words[ij] = L->words[ji] = w;
    L->cut_type[ij] = L->cut_type[ji] = w.cutoff;
    drop_unused(L);
    return MBC_OK;
}

static double larger(double a, double b)
{
    return a > b ? a : b;
}

/* The distance a contact of law at radii r_i, r_j reaches beyond r_i + r_j
 * in the neighbor cutoff: the law's reach; LAMMPS 2021's pulloff_distance()
 * (the law's contacts are 2021's: jkr) gives the pull-off overlap itself,
 * -reach (docs/physics-departures.rst). 0 with a radius not known. */
static double cutoff_reach(const ml_law *law, double r_i, double r_j)
{
    if (!law || !(r_i > 0.0) || !(r_j > 0.0))
        return 0.0;
    const double reach = mbc_pair_eval_reach(law->object, r_i, r_j);
    return law->lammps2021 ? -reach : reach;
}

double ml_laws_cutoff(const ml_laws *L, int i, int j, const double *dyn, const double *frz)
{
    const int ij = ml_laws_pair(L, i, j);
    const ml_law *law = ml_laws_of(L, i, j);
    const double ct = L->cut_type[ij];
    if (ct >= 0.0)
        return ct;
    if (!((dyn[i] > 0.0 && dyn[j] > 0.0) || (dyn[i] > 0.0 && frz[j] > 0.0) ||
          (frz[i] > 0.0 && dyn[j] > 0.0))) {
        double cutmax = 0.0; /* LAMMPS: "not to interfere with the neighbor list" */
        for (int k = 1; k <= L->ntypes; k++)
            cutmax = larger(cutmax, larger(2.0 * dyn[k], 2.0 * frz[k]));
        return cutmax;
    }
    /* pair_granular.cpp's order of operations, to its bits */
    double cut = dyn[i] + dyn[j];
    cut += cutoff_reach(law, dyn[i], dyn[j]);
    cut = larger(cut, frz[i] + dyn[j] + cutoff_reach(law, frz[i], dyn[j]));
    return larger(cut, dyn[i] + frz[j] + cutoff_reach(law, dyn[i], frz[j]));
}

/* The transfer a law's records need: 0 any (no data), 1 the same values
 * (lower ID first), 2 ContactGranular's corrected, 3 its LAMMPS 2021's. */
static int transfer_of(const ml_law *law)
{
    if (law->data_count == 0)
        return 0;
    if (!law->granular)
        return 1;
    return law->lammps2021 ? 3 : 2;
}

mbc_status ml_laws_finish(ml_laws *L, mbc_error *err)
{
    static const char *const kinds[] = {"", "a record that reads the same from either atom",
                                        "ContactGranular's corrected transfer",
                                        "LAMMPS 2021's transfer"};
    L->width = 1; /* LAMMPS's history takes at least one value per neighbor */
    L->beyond_contact = L->cutoff_lists = 0;
    const ml_law *first = NULL;
    for (size_t k = 0; k < L->law_count; k++) {
        const ml_law *law = L->laws[k];
        if ((int)law->data_count > L->width)
            L->width = (int)law->data_count;
        const int reach = mbc_pair_eval_reach(law->object, 1.0, 1.0) > 0.0;
        L->beyond_contact |= reach;
        L->cutoff_lists |= reach && !(law->granular && law->lammps2021);
        const int t = transfer_of(law);
        if (t == 0)
            continue;
        if (first && transfer_of(first) != t)
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: the laws %s (%s) and %s (%s) keep their contact histories in "
                            "ways that cannot share one history of the pair style: give them to "
                            "two styles of pair_style hybrid",
                            L->style, first->object->type->type_name, kinds[transfer_of(first)],
                            law->object->type->type_name, kinds[t]);
        first = first ? first : law;
    }
    L->owner_orient = first && first->granular;
    L->transfer_2021 = first && transfer_of(first) == 3;
    L->classic_orient = first != NULL;
    for (size_t k = 0; k < L->law_count; k++)
        if (L->laws[k]->data_count > 0 &&
            strcmp(L->laws[k]->object->type->type_name, ML_CLASSIC_TYPE) != 0)
            L->classic_orient = 0;
    L->owner_orient |= L->classic_orient;
    return MBC_OK;
}

size_t ml_laws_sum_names(const ml_laws *L, const char **names, size_t capacity)
{
    size_t count = 0;
    for (size_t k = 0; k < L->law_count; k++) {
        const ml_law *law = L->laws[k];
        for (size_t q = 0; q < law->output_count; q++) {
            const char *name = law->object->type->outputs[law->outputs[q]].name;
            size_t s = 0;
            while (s < count && s < capacity && strcmp(names[s], name) != 0)
                s++;
            if (s < count)
                continue;
            if (count < capacity)
                names[count] = name;
            count++;
        }
    }
    return count;
}

mbc_status ml_laws_history_run(ml_laws *L, mbc_error *err)
{
    int history = 0;
    for (size_t k = 0; k < L->law_count; k++) {
        const ml_law *law = L->laws[k];
        double model = 0.0;
        size_t got = 0;
        if (law->granular &&
            mbc_object_get(law->object, "tangentialModel", &model, 1, &got, NULL) == MBC_OK)
            history |= got == 1 && model != 0.0;
    }
    mbc_status st = MBC_OK;
    for (size_t k = 0; k < L->law_count && st == MBC_OK; k++)
        if (L->laws[k]->granular && L->laws[k]->lammps2021)
            st = ml_law_set(L->laws[k], L->style, "lammps2021TangentialHistory", history, err);
    return st;
}
