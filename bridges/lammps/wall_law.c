/* SPDX-License-Identifier: BSD-3-Clause */
/* Walls with a law (wall_law.h). */
#include "wall_law.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "granular.h"
#include "granular_wall_motion.h"

#define WALL_USAGE                                                                                 \
    "granular WORDS... STYLE ARGS [KEYWORD VALUES], hooke|hooke/history|hertz/history WORDS... "   \
    "STYLE ARGS [KEYWORD VALUES], or TYPE [NAME VALUE]... STYLE ARGS [KEYWORD VALUES]"
#define WALL_PI 3.14159265358979323846

void ml_wall_destroy(ml_wall *w)
{
    if (!w)
        return;
    ml_law_destroy(w->law);
    free(w);
}

/* The message of the translator without its "granular: " (the named form). */
static const char *plain(const char *msg)
{
    return strncmp(msg, "granular: ", 10) == 0 ? msg + 10 : msg;
}

/* fix wall/gran's classic models (argv[0]: hooke, hooke/history or
 * hertz/history, model its number): a ContactGranClassic and the wall. */
static mbc_status classic_wall_law(ml_wall *w, const mbc_registry *reg, int model, int argc,
                                   char *const *argv, double nktv2p, int lammps2021, int books,
                                   mbc_error *err)
{
    mbc_error why = {0}; /* the words' line, put in this style's context */
    ml_classic_law words;
    int used = 0;
    if (ml_classic_parse(model, argc - 1, argv + 1, nktv2p, true, &words, &used, &why) != MBC_OK)
        return mbc_fail(err, MBC_ERR_VALUE,
                        "%s: %s (the arguments of fix wall/gran after the group)", w->what,
                        why.message);
    if (ml_granular_parse_wall_geometry(argc - 1 - used, argv + 1 + used, &w->geo, &why) != MBC_OK)
        return mbc_fail(err, MBC_ERR_VALUE,
                        "%s: %s (the arguments of fix wall/gran after the model words Kn Kt "
                        "gamma_n gamma_t xmu dampflag [limit_damping])",
                        w->what, plain(why.message));
    return ml_classic_law_create(reg, w->what, &words, lammps2021, books, &w->law, err);
}

/* The law and the geometry of the words after the group. */
static mbc_status wall_law(ml_wall *w, const mbc_registry *reg, int argc, char *const *argv,
                           int granular_only, double nktv2p, int lammps2021, int books,
                           mbc_error *err)
{
    const int classic = argc < 1 ? -1 : ml_classic_wall_model(argv[0]);
    if (classic >= 0)
        return classic_wall_law(w, reg, classic, argc, argv, nktv2p, lammps2021, books, err);
    mbc_error why = {0}; /* the words' line, put in this style's context */
    if (argc < 1 || strcmp(argv[0], "granular") != 0) {
        if (granular_only == 1)
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: takes fix wall/gran's words: granular, hooke, hooke/history "
                            "or hertz/history, then its parameters (given '%s')",
                            w->what, argc ? argv[0] : "none");
        if (granular_only == 2)
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: takes fix wall/gran's models granular, hooke, hooke/history or "
                            "hertz/history (given '%s')",
                            w->what, argc ? argv[0] : "none");
    } else {
        ml_granular_law words;
        if (ml_granular_parse_wall(argc - 1, argv + 1, &words, &w->geo, &why) != MBC_OK)
            return mbc_fail(err, MBC_ERR_VALUE,
                            "%s: %s (the arguments of fix wall/gran after the group)", w->what,
                            why.message);
        return ml_granular_law_create(reg, w->what, &words, lammps2021, books, &w->law, err);
    }
    int i = 1;
    while (i < argc && ml_granular_wall_word(argv[i]) == -1)
        i += 2;
    if (i >= argc)
        return mbc_fail(err, MBC_ERR_VALUE,
                        "%s: no wall style after the parameters of %s (one of xplane, yplane, "
                        "zplane, zcylinder, region; " WALL_USAGE ")",
                        w->what, argv[0]);
    if (ml_granular_parse_wall_geometry(argc - i, argv + i, &w->geo, &why) != MBC_OK)
        return mbc_fail(err, MBC_ERR_VALUE,
                        "%s: %s (the arguments of fix wall/gran after granular and the model "
                        "words)",
                        w->what, plain(why.message));
    return ml_law_create(reg, w->what, argv[0], i - 1, argv + 1, books, &w->law, err);
}

/* What the wall needs of its law and words. */
static mbc_status wall_check(const ml_wall *w, mbc_error *err)
{
    const mbc_type_info *t = w->law->object->type;
    const int style = w->geo.style;
    /* a region's surfaces are flat and curved */
    const unsigned need = style == ML_GRANULAR_REGION      ? MBC_WALL_PLANE | MBC_WALL_CYLINDER
                          : style == ML_GRANULAR_ZCYLINDER ? MBC_WALL_CYLINDER
                                                           : MBC_WALL_PLANE;
    if ((mbc_wall_eval_shapes(t) & need) != need)
        return mbc_fail(err, MBC_ERR_VALUE,
                        "%s: connector type '%s' takes no %s walls (spec key wall_binding, "
                        "docs/spec-language.rst)",
                        w->what, t->type_name,
                        style == ML_GRANULAR_REGION      ? "region (plane and cylinder)"
                        : style == ML_GRANULAR_ZCYLINDER ? "cylinder"
                                                         : "plane");
    if (w->geo.contacts)
        return mbc_fail(err, MBC_ERR_VALUE,
                        "%s: keyword 'contacts' (fix wall/gran's per-atom contact array) is not "
                        "supported",
                        w->what);
    return MBC_OK;
}

mbc_status ml_wall_create(const mbc_registry *reg, const char *what, int argc, char *const *argv,
                          int granular_only, double nktv2p, int lammps2021, int books,
                          ml_wall **out, mbc_error *err)
{
    *out = NULL;
    ml_wall *w = calloc(1, sizeof *w);
    if (!w)
        return mbc_fail_nomem(err, what);
    w->what = what;
    mbc_status st = wall_law(w, reg, argc, argv, granular_only, nktv2p, lammps2021, books, err);
    if (st == MBC_OK)
        st = wall_check(w, err);
    if (st != MBC_OK) {
        ml_wall_destroy(w);
        return st;
    }
    w->width = 1 + (int)w->law->data_count;
    w->omega = w->geo.wiggle ? 2.0 * WALL_PI / w->geo.period : 0.0;
    *out = w;
    return MBC_OK;
}

/* ----------------------------------------------------------- each step */

/* The chunk through the library; records of contacts that ended forgotten. */
static mbc_status wall_chunk(ml_wall *w, const ml_wall_frame *f, ml_wall_report *rep,
                             mbc_error *err)
{
    if (w->count == 0)
        return MBC_OK;
    const mbc_wall_call call = {&f->atoms, w->chunk,  w->count, w->flags | w->law->flags,
                                f->dt,     w->contact};
    size_t books[2] = {0, 0};
    double book_sums[2] = {0.0, 0.0};
    const int with_books = w->law->books;
    if (with_books) {
        books[0] = w->law->outputs[w->law->book_outputs[0]];
        books[1] = w->law->outputs[w->law->book_outputs[1]];
    }
    mbc_pair_sums sums = {
        .outputs = books, .output_count = with_books ? 2 : 0, .output_sums = book_sums};
    mbc_error e = {0};
    if (mbc_wall_eval(w->law->object, &call, &sums, &e) != MBC_OK) {
        const int atom = w->chunk[sums.failed < w->count ? sums.failed : 0].atom;
        rep->bad_atom = f->tag[atom];
        w->count = 0;
        return mbc_fail(err, e.status, "atom %d: %s", f->tag[atom], e.message);
    }
    rep->contacts += sums.contacts;
    rep->stored += book_sums[0];
    rep->power += book_sums[1];
    for (size_t k = 0; k < w->count; k++) {
        double *mark = w->chunk[k].data - 1; /* the flag, then the law's data */
        if (w->contact[k])
            mark[0] = 1.0;
        else
            memset(mark, 0, (1 + w->law->data_count) * sizeof *mark);
    }
    w->count = 0;
    return MBC_OK;
}

mbc_status ml_wall_flush(ml_wall *w, const ml_wall_frame *f, ml_wall_report *rep, mbc_error *err)
{
    return wall_chunk(w, f, rep, err);
}

mbc_status ml_wall_push(ml_wall *w, const ml_wall_frame *f, const mbc_wall_contact *c,
                        unsigned flags, ml_wall_report *rep, mbc_error *err)
{
    if (w->count == ML_WALL_CHUNK || (w->count > 0 && w->flags != flags)) {
        const mbc_status st = wall_chunk(w, f, rep, err);
        if (st != MBC_OK)
            return st;
    }
    if (c->data[-1] == 0.0)
        memcpy(c->data, w->law->initial, w->law->data_count * sizeof *c->data);
    w->chunk[w->count] = *c;
    w->flags = flags;
    w->count++;
    return MBC_OK;
}

mbc_status ml_wall_run(ml_wall *w, const ml_wall_frame *f, ml_wall_report *rep, mbc_error *err)
{
    memset(rep, 0, sizeof *rep);
    w->count = 0;
    /* the wall at this step; a sheared cylinder of a lammps2021 law takes
     * the atoms in LAMMPS's order (granular_wall_motion.h) */
    ml_granular_wall_now now = ml_granular_wall_at(&w->geo, w->omega, f->steps, f->dt);
    const mbc_object *o = w->law->object;
    const unsigned step = f->setup ? MBC_PAIR_SETUP : MBC_PAIR_POST_NEWTON;
    mbc_status st = MBC_OK;
    for (int i = 0; i < f->atoms.owned && st == MBC_OK; i++) {
        if (!(f->mask[i] & f->groupbit))
            continue;
        double *rec = f->records[i];
        const double rad = f->atoms.radius[i];
        mbc_wall_contact c = {.atom = i};
        const int near =
            ml_granular_wall_atom(&w->geo, &now, w->law->lammps2021, f->atoms.position[i], rad,
                                  c.del, c.velocity, &c.radius);
        const double rsq = c.del[0] * c.del[0] + c.del[1] * c.del[1] + c.del[2] * c.del[2];
        const int known = rec[0] != 0.0;
        /* a cylinder's contact is asked as a plane's too: LAMMPS 2021's jkr
         * walls hold theirs by the sphere's radius alone */
        const double reach = known ? fmax(mbc_pair_eval_reach(o, rad, c.radius),
                                          mbc_pair_eval_reach(o, rad, INFINITY))
                                   : 0.0;
        if (!near || !(rsq < (rad + reach) * (rad + reach))) {
            if (known)
                memset(rec, 0, (size_t)w->width * sizeof *rec);
            continue;
        }
        if (!known && w->law->data_count > 0)
            rep->fresh += 1.0;
        c.data = rec + 1;
        st = ml_wall_push(w, f, &c, known ? step : (step | MBC_PAIR_POST_NEWTON), rep, err);
    }
    if (st == MBC_OK)
        st = wall_chunk(w, f, rep, err);
    return st;
}
