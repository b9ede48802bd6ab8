/* SPDX-License-Identifier: BSD-3-Clause */
/* Walls with an mbconnect law (wall.h). */
#include "wall.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lammps/library.h>

#include "bridge_core.h"
#include "granular.h"
#include "granular_wall_motion.h"
#include "granular_words.h"
#include "host.h"
#include "mbconnect/wall_eval.h"

#define WALL_USAGE                                                                                 \
    "mbconnect wall ID GROUP granular WORDS... STYLE ARGS [KEYWORD VALUES], or mbconnect wall "    \
    "ID GROUP TYPE [NAME VALUE]... STYLE ARGS [KEYWORD VALUES]"
#define WALL_CHUNK 128 /* contacts per library call */
#define WALL_PI    3.14159265358979323846

struct ml_wall {
    ml_run *r; /* first: host.cpp's wall callback finds the run here */
    char id[64], group[64];
    char records_fix[96], column[112]; /* the records' fix property/atom and its array */
    ml_law *law;
    ml_granular_wall geo;
    long long time_origin; /* the step of the wall's creation (wiggle's phase 0) */
    double omega;          /* wiggle: 2 pi / period */
    bool lammps2021;       /* the law's lammps2021: a sheared cylinder as LAMMPS 2021 */
    /* per atom: 1 + the law's data count; [0] = 0 without a contact, else
     * 1 + the step of the record's data (1 + the step whose evaluation wrote
     * it: a repeated evaluation at that step, a run's set-up or the first
     * after read_restart, takes no step again) */
    int width;
    int extensive[4]; /* the fix vector's flags: every entry is extensive */
    /* `mbconnect energy yes` when the wall was made, and the law's type has
     * them: the energy books (outputs StoredEnergy, DissipatedPower) summed
     * into entries 2 and 3, the dissipated energy into entry 4 */
    int books;
    size_t book_outputs[2];
    double dissipated;
    long long step; /* of this evaluation */
    int evaluated;  /* the wall had a force evaluation (its first counts fresh contacts) */
    /* the chunk of contacts gathered for the next library call */
    size_t count;
    unsigned flags;
    mbc_wall_contact chunk[WALL_CHUNK];
    unsigned char contact[WALL_CHUNK];
};

void ml_wall_destroy(ml_wall *w)
{
    if (!w)
        return;
    ml_law_destroy(w->law);
    free(w);
}

int ml_wall_alive(const ml_wall *w)
{
    return ml_host_fix_is(w->r, w->id, w->extensive);
}

void ml_wall_unfix(ml_wall *w)
{
    if (!ml_wall_alive(w))
        return;
    ml_bridge_lammps(w->r, "unfix %s", w->id);
    ml_bridge_lammps(w->r, "unfix %s", w->records_fix);
}

void ml_wall_atom_created(ml_wall *w, int i)
{
    double **state = lammps_extract_atom(w->r->lmp, w->column);
    if (state)
        memset(state[i], 0, (size_t)w->width * sizeof(double));
}

/* ---------------------------------------------------------------- the line */

/* The message of the translator without its "granular: " (the named form). */
static const char *plain(const char *msg)
{
    return strncmp(msg, "granular: ", 10) == 0 ? msg + 10 : msg;
}

/* The law and the wall of the words after ID GROUP; NULL with the error. */
static ml_law *wall_law(ml_run *r, int argc, char **argv, ml_granular_wall *geo)
{
    char msg[ML_MESSAGE_SIZE / 2];
    if (strcmp(argv[0], "granular") == 0) {
        ml_granular_law words;
        if (ml_granular_parse_wall(argc - 1, argv + 1, &words, geo, msg, sizeof msg) == 0)
            return ml_granular_law_create(r, "mbconnect wall", &words);
        ml_error_at(r, "mbconnect wall: %s (the arguments of fix wall/gran after the group)", msg);
        return NULL;
    }
    int i = 1;
    while (i < argc && ml_granular_wall_word(argv[i]) == -1)
        i += 2;
    if (i >= argc)
        ml_error_at(r,
                    "mbconnect wall: no wall style after the parameters of %s (one of xplane, "
                    "yplane, zplane, zcylinder; " WALL_USAGE ")",
                    argv[0]);
    else if (ml_granular_parse_wall_geometry(argc - i, argv + i, geo, msg, sizeof msg) != 0)
        ml_error_at(r,
                    "mbconnect wall: %s (the arguments of fix wall/gran after granular and the "
                    "model words)",
                    plain(msg));
    else
        return ml_law_create(r, "mbconnect wall", argv[0], i - 1, argv + 1);
    return NULL;
}

static const char *const style_names[] = {"xplane", "yplane", "zplane", "zcylinder"};

/* What the wall needs of the law, the run and its arguments. */
static int wall_check(ml_run *r, const ml_wall *w, const char *id)
{
    const mbc_type_info *t = w->law->object->type;
    const int style = w->geo.style;
    const unsigned shapes = mbc_wall_eval_shapes(t);
    const unsigned need = style == ML_GRANULAR_ZCYLINDER ? MBC_WALL_CYLINDER : MBC_WALL_PLANE;
    if (!(shapes & need))
        return ml_error_at(r,
                           "mbconnect wall: connector type '%s' takes no %s walls (spec key "
                           "wall_binding, docs/spec-language.rst)",
                           t->type_name, style == ML_GRANULAR_ZCYLINDER ? "cylinder" : "plane");
    if (w->geo.contacts)
        return ml_error_at(r, "mbconnect wall: keyword 'contacts' (fix wall/gran's per-atom "
                              "contact array) is not supported");
    const int *periodic = lammps_extract_global(r->lmp, "periodicity");
    const int bad = periodic && ((style == ML_GRANULAR_ZCYLINDER && (periodic[0] || periodic[1])) ||
                                 (style < ML_GRANULAR_ZCYLINDER && periodic[style]));
    if (bad)
        return ml_error_at(r, "mbconnect wall: %s: cannot use a wall in a periodic dimension",
                           style_names[style]);
    if (!ml_host_group_bit(r, w->group))
        return ml_error_at(r, "mbconnect wall: %s: no group '%s'", id, w->group);
    if (strlen(id) >= sizeof w->id || strspn(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
                                                 "WXYZ0123456789_") != strlen(id))
        return ml_error_at(r,
                           "mbconnect wall: the ID '%s' must be letters, digits and underscores "
                           "(at most %zu)",
                           id, sizeof w->id - 1);
    if (w->law->masses && lammps_extract_setting(r->lmp, "rmass_flag") != 1)
        return ml_error_at(r, "mbconnect wall: %s needs the atoms' masses (atom_style sphere)",
                           t->type_name);
    if (lammps_extract_setting(r->lmp, "radius_flag") != 1 ||
        lammps_extract_setting(r->lmp, "omega_flag") != 1 ||
        lammps_extract_setting(r->lmp, "torque_flag") != 1)
        return ml_error_at(r,
                           "mbconnect wall: needs atom_style sphere (per-atom radius, omega "
                           "and torque); the atom style is %s",
                           ml_host_atom_style(r));
    return 0;
}

/* A Bool parameter of the law's type by name; false when the type has none. */
static bool law_flag(const mbc_object *o, const char *name)
{
    double v = 0.0;
    size_t n = 0;
    mbc_error err = {0};
    return mbc_object_find_param(o, name) && mbc_object_get(o, name, &v, 1, &n, &err) == MBC_OK &&
           n == 1 && v != 0.0;
}

/* The layout of a wall's records: FNV-1a of the type name and the width. */
static unsigned layout_of(const char *type_name, int width)
{
    unsigned h = 2166136261u;
    for (const char *c = type_name; *c; c++)
        h = (h ^ (unsigned char)*c) * 16777619u;
    return (h ^ (unsigned)width) * 16777619u;
}

/* The wall of the checked line, set up in LAMMPS; the one it replaces (same
 * ID) destroyed after its fixes are gone. */
static int wall_setup(ml_run *r, ml_bridge *b, ml_wall *w)
{
    ml_wall **walls = realloc(b->walls, (b->wall_count + 1) * sizeof *walls);
    if (!ml_all(r, walls != NULL)) {
        if (walls)
            b->walls = walls;
        ml_wall_destroy(w);
        return r->status ? r->status : ml_error_nomem(r);
    }
    b->walls = walls;
    size_t k = 0;
    while (k < b->wall_count && strcmp(b->walls[k]->id, w->id) != 0)
        k++;
    ml_wall *old = k < b->wall_count ? b->walls[k] : NULL;
    b->walls[k] = w;
    if (!old)
        b->wall_count++;
    ml_bridge_lammps(r, "fix %s %s external pf/callback 1 1", w->id, w->group);
    ml_bridge_lammps(r, "fix %s all property/atom %s %d ghost no", w->records_fix, w->column,
                     w->width);
    if (r->status == 0)
        ml_host_no_data_file(r, w->records_fix);
    /* fix wall/gran adds no energy or virial; fix external would (its
     * virial unset) */
    ml_bridge_lammps(r, "fix_modify %s energy no virial no", w->id);
    ml_wall_destroy(old);
    ml_bridge_atoms_fix(r, b);
    if (r->status == 0 && (ml_host_fix_setup(r, w->id, w->books ? 4 : 1, w->extensive) != 0 ||
                           ml_host_fix_wall(r, w->id, w) != 0))
        return ml_error_at(r, "mbconnect wall: fix %s is missing after its set-up", w->id);
    /* the records start at 0 (fix property/atom zeroes new rows), or are
     * those of a restart file: LAMMPS gives a fix made after read_restart
     * with the ID and style of one in the file its values; the fix's ID
     * names the law and the width, so that no other layout is read */
    return r->status;
}

int ml_wall_command(ml_run *r, int argc, char **argv)
{
    if (argc < 3)
        return ml_error_at(
            r, "mbconnect wall: expected an ID, a group, a law and a wall (" WALL_USAGE ")");
    if (lammps_extract_setting(r->lmp, "box_exist") != 1)
        return ml_error_at(r,
                           "mbconnect wall: no simulation box yet (create_box or read_data first)");
    ml_bridge *b = ml_bridge_get(r);
    ml_wall *w = b ? calloc(1, sizeof *w) : NULL;
    if (!ml_all(r, w != NULL)) {
        free(w);
        return r->status ? r->status : ml_error_nomem(r);
    }
    w->r = r;
    (void)snprintf(w->id, sizeof w->id, "%s", argv[0]);
    (void)snprintf(w->group, sizeof w->group, "%s", argv[1]);
    (void)snprintf(w->column, sizeof w->column, "d2_mbconnect_wall_%s", w->id);
    for (int k = 0; k < 4; k++)
        w->extensive[k] = 1;
    w->time_origin = (long long)*(int64_t *)lammps_extract_global(r->lmp, "ntimestep");
    w->law = wall_law(r, argc - 2, argv + 2, &w->geo);
    if (!ml_all(r, w->law != NULL) || wall_check(r, w, argv[0]) != 0) {
        ml_wall_destroy(w);
        return r->status ? r->status : ML_EXIT_ERROR;
    }
    w->width = 1 + (int)w->law->data_count;
    (void)snprintf(w->records_fix, sizeof w->records_fix, "%s_mbconnect_%08x", w->id,
                   layout_of(w->law->object->type->type_name, w->width));
    const mbc_type_info *t = w->law->object->type;
    const int stored = mbc_type_find_output(t, "StoredEnergy"),
              power = mbc_type_find_output(t, "DissipatedPower");
    w->books = b->energy_books && stored >= 0 && power >= 0;
    w->book_outputs[0] = (size_t)(stored >= 0 ? stored : 0);
    w->book_outputs[1] = (size_t)(power >= 0 ? power : 0);
    w->omega = w->geo.wiggle ? 2.0 * WALL_PI / w->geo.period : 0.0;
    w->lammps2021 = law_flag(w->law->object, "lammps2021");
    if (wall_setup(r, b, w) != 0)
        return r->status;
    char text[256];
    (void)snprintf(text, sizeof text, "mbconnect wall: %s, %s, %s\n", w->id,
                   w->law->object->type->type_name, style_names[w->geo.style]);
    ml_host_print(r, text);
    return 0;
}

/* ----------------------------------------------------------- each step */

/* The arrays of a callback. */
typedef struct wall_atoms {
    double **x, **v, **omega, *radius, *rmass, **torque, **state;
    int *mask;
    mbc_pair_atoms atoms;
} wall_atoms;

/* The wall's position and velocity at this step (FixWallGran::post_force;
 * granular_wall_motion.h). */
static ml_granular_wall_now wall_position(const ml_wall *w, long long step, double dt)
{
    return ml_granular_wall_at(&w->geo, w->omega, step - w->time_origin, dt);
}

/* Atom i's contact with the wall as FixWallGran forms it: del (from the
 * wall to the center), the wall's velocity there and its radius (+inf: a
 * plane). 0 when the cylinder is farther than the radius. The atoms come
 * in LAMMPS's order (a sheared cylinder of a lammps2021 law accumulates
 * its velocity in now, as 2021 does). */
static int wall_geometry(const ml_wall *w, ml_granular_wall_now *now, const double *x,
                         double radius, mbc_wall_contact *c)
{
    return ml_granular_wall_atom(&w->geo, now, w->lammps2021, x, radius, c->del, c->velocity,
                                 &c->radius);
}

/* The chunk through the library; records of contacts that ended forgotten.
 * tot: the contacts, the stored energy and the dissipated power (added). */
static int wall_run(ml_wall *w, wall_atoms *a, double dt, double *tot)
{
    if (w->count == 0)
        return 0;
    ml_run *r = w->r;
    const mbc_wall_call call = {&a->atoms, w->chunk, w->count, w->flags, dt, w->contact};
    mbc_pair_sums sums = {.contacts = tot[0],
                          .outputs = w->book_outputs,
                          .output_count = w->books ? 2 : 0,
                          .output_sums = tot + 1};
    mbc_error err = {0};
    const mbc_status st = mbc_wall_eval(w->law->object, &call, &sums, &err);
    if (st != MBC_OK) {
        const int *tag = lammps_extract_atom(r->lmp, "id");
        const int atom = w->chunk[sums.failed < w->count ? sums.failed : 0].atom;
        w->count = 0;
        return ml_error_atoms(r, "mbconnect wall %s: atom %d: %s", w->id, tag ? tag[atom] : -1,
                              err.message);
    }
    tot[0] = sums.contacts;
    for (size_t k = 0; k < w->count; k++) {
        double *rec = a->state[w->chunk[k].atom];
        if (w->contact[k])
            rec[0] = (double)w->step + 1.0;
        else
            memset(rec, 0, (size_t)w->width * sizeof *rec);
    }
    w->count = 0;
    return 0;
}

/* Atom i near the wall: its record, then its place in the chunk. */
static int wall_atom(ml_wall *w, wall_atoms *a, const mbc_wall_contact *c, unsigned flags,
                     double dt, double *tot)
{
    if ((w->count == WALL_CHUNK || (w->count > 0 && w->flags != flags)) &&
        wall_run(w, a, dt, tot) != 0)
        return w->r->status;
    double *rec = a->state[c->atom];
    if (rec[0] == 0.0)
        memcpy(rec + 1, w->law->initial, w->law->data_count * sizeof *rec);
    w->chunk[w->count] = *c;
    w->chunk[w->count].data = rec + 1;
    w->flags = flags;
    w->count++;
    return 0;
}

static int wall_gather(ml_wall *w, int nlocal, double **f, wall_atoms *a)
{
    void *h = w->r->lmp;
    a->x = lammps_extract_atom(h, "x");
    a->v = lammps_extract_atom(h, "v");
    a->omega = lammps_extract_atom(h, "omega");
    a->radius = lammps_extract_atom(h, "radius");
    a->rmass = lammps_extract_atom(h, "rmass");
    a->torque = lammps_extract_atom(h, "torque");
    a->mask = lammps_extract_atom(h, "mask");
    a->state = lammps_extract_atom(h, w->column);
    if (nlocal > 0 && (!a->x || !a->v || !a->omega || !a->radius || !a->torque || !a->mask ||
                       !a->state || (w->law->masses && !a->rmass)))
        return ml_error_at(w->r,
                           "mbconnect wall %s: per-atom arrays missing (atom style changed, or "
                           "fix %s deleted?)",
                           w->id, w->records_fix);
    if (nlocal > 0)
        a->atoms = (mbc_pair_atoms){.position = (const double(*)[3])a->x[0],
                                    .velocity = (const double(*)[3])a->v[0],
                                    .angular_velocity = (const double(*)[3])a->omega[0],
                                    .radius = a->radius,
                                    .mass = a->rmass,
                                    .force = (double(*)[3])f[0],
                                    .torque = (double(*)[3])a->torque[0],
                                    .owned = nlocal};
    return 0;
}

/* Every owned atom of the group within reach of the wall (tot: contacts,
 * stored energy, dissipated power); at the wall's first evaluation, the
 * touching ones without a record of a law with data are counted in fresh
 * (their history is not continued). */
static void wall_contacts(ml_wall *w, wall_atoms *a, int nlocal, long long step, double *tot,
                          double *fresh)
{
    ml_run *r = w->r;
    const double dt = *(const double *)lammps_extract_global(r->lmp, "dt");
    const int bit = ml_host_group_bit(r, w->group);
    const unsigned base = ml_host_setup(r) ? MBC_PAIR_SETUP : 0u;
    const double stamp = (double)step + 1.0;
    ml_granular_wall_now now = wall_position(w, step, dt);
    const mbc_object *o = w->law->object;
    for (int i = 0; i < nlocal && r->status == 0; i++) {
        if (!(a->mask[i] & bit))
            continue;
        double *rec = a->state[i];
        const double rad = a->radius[i];
        mbc_wall_contact c = {.atom = i};
        const int near = wall_geometry(w, &now, a->x[i], rad, &c);
        const double rsq = c.del[0] * c.del[0] + c.del[1] * c.del[1] + c.del[2] * c.del[2];
        const int known = rec[0] != 0.0;
        const double reach = known ? mbc_pair_eval_reach(o, rad, c.radius) : 0.0;
        if (!near || !(rsq < (rad + reach) * (rad + reach))) {
            if (known)
                memset(rec, 0, (size_t)w->width * sizeof *rec);
            continue;
        }
        if (!known && !w->evaluated && w->law->data_count > 0 && rsq < rad * rad)
            *fresh += 1.0;
        const unsigned flags = base | (rec[0] != stamp ? MBC_PAIR_POST_NEWTON : 0u);
        wall_atom(w, a, &c, flags, dt, tot);
    }
    if (r->status == 0)
        wall_run(w, a, dt, tot);
}

void ml_wall_callback(void *ctx, int64_t step, int nlocal, int *ids, double **x, double **f)
{
    ml_wall *w = ctx;
    ml_run *r = w->r;
    (void)ids;
    (void)x;
    for (int i = 0; i < nlocal; i++) /* LAMMPS never clears this array */
        f[i][0] = f[i][1] = f[i][2] = 0.0;
    wall_atoms a = {0};
    /* contacts, stored energy, dissipated power, fresh contacts, status */
    double sum[5] = {0.0, 0.0, 0.0, 0.0, 0.0}, total[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
    w->count = 0;
    w->step = (long long)step;
    if (wall_gather(w, nlocal, f, &a) == 0)
        wall_contacts(w, &a, nlocal, (long long)step, sum, &sum[3]);
    sum[4] = r->status != 0;
    MPI_Allreduce(sum, total, 5, MPI_DOUBLE, MPI_SUM, r->comm);
    if (ml_agree_known(r, (int)total[4]) != 0)
        return; /* host.cpp raises it */
    if (total[3] > 0.0) {
        char text[384];
        (void)snprintf(text, sizeof text,
                       "mbconnect wall %s: step %lld: %.0f wall contacts start without their "
                       "history: no wall records to continue: a new wall, or atoms from a data "
                       "file (restart files keep the records, data files do not); "
                       "docs/lammps.rst, \"Restarts and data files\"",
                       w->id, (long long)step, total[3]);
        ml_host_warning(r, __FILE__, __LINE__, text);
    }
    w->evaluated = 1;
    lammps_fix_external_set_vector(r->lmp, w->id, 1, total[0]);
    if (w->books) { /* the power of a step, not of a set-up: no time passes */
        if (!ml_host_setup(r))
            w->dissipated += total[2] * *(const double *)lammps_extract_global(r->lmp, "dt");
        lammps_fix_external_set_vector(r->lmp, w->id, 2, total[1]);
        lammps_fix_external_set_vector(r->lmp, w->id, 3, total[2]);
        lammps_fix_external_set_vector(r->lmp, w->id, 4, w->dissipated);
    }
}
