/* SPDX-License-Identifier: BSD-3-Clause */
/* Setting up and tearing down the bridge (bridge.h). Every function runs on
 * every rank with the same arguments; LAMMPS settings read here are the
 * same on every rank, so the errors they raise are found everywhere. The
 * set-up's LAMMPS commands come after every check of an mbconnect command,
 * so that LAMMPS's "Last command" of its error is the user's line. */
#include "bridge.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lammps/library.h>

#include "cutoff.h"
#include "granular.h"
#include "host.h"
#include "mbconnect/pair_eval.h"
#include "restore.h"
#include "wall.h"

/* Ghost velocities (what: the command, for the message). Newton on for
 * pairs is LAMMPS's default and fine: the callback then adds the forces on
 * ghost atoms and returns them to their owners (step.c). */
static int check_comm(ml_run *r, const char *what)
{
    if (!ml_host_ghost_velocity(r))
        return ml_error_at(r,
                           "%s: needs the velocities of ghost atoms (`comm_modify vel yes`): the "
                           "laws read the velocities of both spheres",
                           what);
    return 0;
}

/* What the bridge needs of the run (what: the command, for the message). */
static int check_settings(ml_run *r, const char *what)
{
    void *h = r->lmp;
    if (lammps_extract_setting(h, "box_exist") != 1)
        return ml_error_at(r, "%s: no simulation box yet (create_box or read_data first)", what);
    if (lammps_extract_setting(h, "radius_flag") != 1 ||
        lammps_extract_setting(h, "omega_flag") != 1 ||
        lammps_extract_setting(h, "torque_flag") != 1)
        return ml_error_at(r,
                           "%s: needs atom_style sphere (per-atom radius, omega and torque); the "
                           "atom style is %s",
                           what, ml_host_atom_style(r));
    if (lammps_extract_setting(h, "tagint") != (int)sizeof(int))
        return ml_error_at(r,
                           "%s: this LAMMPS has 64-bit atom IDs; mbc-lammps is built for the "
                           "32-bit IDs of Debian's LAMMPS (-DLAMMPS_SMALLBIG)",
                           what);
    return check_comm(r, what);
}

int ml_bridge_check_run(ml_run *r, const char *what)
{
    const double cut = ml_host_neighbor_cutoff(r);
    if (cut < r->bridge->cutoff * (1.0 - 1e-12))
        return ml_error_at(r,
                           "%s: the neighbor lists are built for a cutoff of %g, less than the %g "
                           "of the latest mbconnect pair line (given in `run N pre no every M`: "
                           "without `pre no`, LAMMPS sets them up anew)",
                           what, cut, r->bridge->cutoff);
    return check_comm(r, what);
}

/* fix ML_FIX_STATE with the current capacity and width (again when they
 * changed before the first run), out of data files, with the records that
 * ml_restore_begin kept (those of the fix it replaces or of the restart
 * file: restore.h). */
static void state_fix(ml_run *r, ml_bridge *b, int exists, ml_restore *keep)
{
    if (exists)
        ml_bridge_lammps(r, "unfix %s", ML_FIX_STATE);
    const int hot = ml_bridge_hot(b);
    if (hot == b->capacity)
        ml_bridge_lammps(r, "fix %s all property/atom %s %s %d %s %d %s %d ghost yes", ML_FIX_STATE,
                         ML_STAMP, ML_SIGN, ML_SIGN_WORDS, ML_PARTNER, b->capacity, ML_STATE,
                         hot * b->width);
    else
        ml_bridge_lammps(r, "fix %s all property/atom %s %s %d %s %d %s %d %s %d ghost yes",
                         ML_FIX_STATE, ML_STAMP, ML_SIGN, ML_SIGN_WORDS, ML_PARTNER, b->capacity,
                         ML_STATE, hot * b->width, ML_STATE_MORE, (b->capacity - hot) * b->width);
    b->fix_capacity = b->capacity;
    b->fix_width = b->width;
    if (r->status == 0)
        ml_host_no_data_file(r, ML_FIX_STATE);
    (void)ml_restore_end(r, b, keep);
}

/* Pair style, fixes, callback, fix vector and energy. The fix external is
 * made once and then kept (and given its new vector length), so that it
 * stays where it is in LAMMPS's list of fixes: an `mbconnect pair` in `run
 * N pre no every M` (no set-up of the fixes between the parts of the run)
 * changes the laws, not which fix LAMMPS calls. */
static void setup_fixes(ml_run *r, ml_bridge *b, int width_changed)
{
    /* the records to keep, checked before the first LAMMPS command of the
     * set-up (so that an error's "Last command" is the user's line) */
    const int remake = !b->fixes || width_changed;
    ml_restore keep;
    if (remake && ml_restore_begin(r, b, b->fixes, &keep) != 0) {
        ml_restore_free(&keep);
        return;
    }
    const char *style = ml_host_pair_style(r);
    if (style[0] && strcmp(style, "zero") != 0 && strcmp(style, "none") != 0) {
        char text[128];
        (void)snprintf(text, sizeof text, "mbconnect pair replaces pair_style %s", style);
        ml_host_warning(r, __FILE__, __LINE__, text);
    }
    ml_bridge_lammps(r, "pair_style zero %.17g", b->cutoff);
    ml_bridge_lammps(r, "pair_coeff * *");
    if (r->status == 0)
        ml_host_no_data_file(r, ML_FIX_STATE);
    if (remake)
        state_fix(r, b, b->fixes, &keep);
    if (!b->fixes)
        ml_bridge_lammps(r, "fix %s all external pf/callback 1 1", ML_FIX);
    ml_bridge_atoms_fix(r, b);
    b->extensive[ML_VECTOR_CONTACTS] = 1; /* a count: the more atoms, the more contacts */
    b->extensive[ML_VECTOR_OVERLAP] = 0;  /* a mean */
    for (size_t k = 0; k < b->sum_count + 1; k++)
        b->extensive[ML_VECTOR_FIXED + k] = 1; /* sums over the pairs; the dissipated energy */
    if (r->status == 0 &&
        ml_host_fix_setup(r, ML_FIX, ml_bridge_vector_length(b), b->extensive) != 0)
        ml_error_at(r, "mbconnect: fix %s is missing after its set-up", ML_FIX);
    if (b->energy >= 0)
        ml_bridge_lammps(r, "fix_modify %s energy yes", ML_FIX);
    ml_bridge_lammps(r, "fix_modify %s virial yes", ML_FIX);
    if (r->status == 0) {
        const double zero[6] = {0.0, 0.0, 0.0, 0.0, 0.0, 0.0};
        lammps_fix_external_set_energy_global(r->lmp, ML_FIX, 0.0); /* read before the first step */
        lammps_fix_external_set_virial_global(r->lmp, ML_FIX, (double *)zero);
    }
    b->fixes = 1;
}

/* The law for the type pairs lo..hi, named by an mbconnect pair line (no
 * mixing, no granular words until the caller sets them); whether a pair
 * changed its type. */
static int assign(ml_bridge *b, const int lo[2], const int hi[2], int law)
{
    const int n = b->ntypes + 1;
    int changed = 0;
    for (int i = lo[0]; i <= hi[0]; i++) {
        for (int j = lo[1]; j <= hi[1]; j++) {
            changed |= ml_bridge_assign_one(b, i, j, law);
            b->pair_set[i * n + j] = b->pair_set[j * n + i] = 1;
            b->mixed[i * n + j] = b->mixed[j * n + i] = 0;
            b->words_set[i * n + j] = b->words_set[j * n + i] = 0;
            b->cut_type[i * n + j] = b->cut_type[j * n + i] = -1.0;
        }
    }
    ml_bridge_find_uniform(b);
    return changed;
}

int ml_bridge_energy(ml_run *r, int on)
{
    ml_bridge *b = ml_bridge_get(r);
    if (!b)
        return r->status;
    if (b->law_count > 0)
        return ml_error_at(r, "mbconnect energy: give it before the first mbconnect pair line "
                              "(the laws' summed outputs are fixed when a line adds them)");
    b->energy_books = on;
    b->dissipated = 0.0;
    return 0;
}

int ml_bridge_pair(ml_run *r, const int lo[2], const int hi[2], ml_law *law,
                   const ml_granular_law *words)
{
    ml_bridge *b = ml_bridge_get(r);
    if (!b || check_settings(r, "mbconnect pair") != 0 ||
        !ml_all(r, ml_bridge_grow(r, b, law) == 0) ||
        ml_bridge_add_sums(r, b, law, b->sum_slot[b->law_count]) != 0) {
        ml_law_destroy(law);
        return r->status;
    }
    const int width_changed = (int)law->data_count > b->width;
    if (width_changed && b->ran)
        ml_error_at(r,
                    "mbconnect pair: %s needs %zu data coordinates per contact, more than the %d "
                    "of the contact records in use; give every mbconnect pair line before the "
                    "first run",
                    law->object->type->type_name, law->data_count, b->width);
    else if (law->masses && lammps_extract_setting(r->lmp, "rmass_flag") != 1)
        ml_error_at(r,
                    "mbconnect pair: %s needs the atoms' masses (per-atom rmass, atom_style "
                    "sphere)",
                    law->object->type->type_name);
    if (r->status != 0) {
        ml_law_destroy(law); /* after the message, which names it */
        return r->status;
    }
    if (width_changed)
        b->width = (int)law->data_count;
    b->laws[b->law_count++] = law;
    b->pending_slot = NULL; /* the law's now */
    const int changed = assign(b, lo, hi, (int)b->law_count - 1);
    const int laws = ml_restore_laws(b);
    b->resign |= laws != b->laws_fingerprint;
    b->laws_fingerprint = laws;
    if (words)
        ml_granular_set_words(b, lo, hi, words);
    b->masses |= law->masses;
    ml_cutoffs(r, b); /* as known now; again at each run's set-up */
    setup_fixes(r, b, width_changed);
    if (r->status != 0)
        return r->status;
    if (changed && b->ran) {
        ml_bridge_clear_records(r, b);
        ml_host_warning(r, __FILE__, __LINE__,
                        "mbconnect pair: a type pair changed its connector type or data count: "
                        "every contact starts anew");
    }
    char text[256];
    (void)snprintf(text, sizeof text,
                   "mbconnect pair: %s, neighbor cutoff %g, %d contacts per atom\n",
                   law->object->type->type_name, b->cutoff, b->capacity);
    ml_host_print(r, text);
    return 0;
}

void ml_bridge_init(ml_run *r)
{
    ml_bridge *b = r->bridge;
    if (!b || !b->fixes || !b->law_of)
        return;
    if (ml_granular_mix_all(r, b) != 0)
        return;
    ml_cutoffs(r, b);
    b->warned_large = 0;
    if (r->status == 0 && ml_host_set_cutoffs(r, b->cut) != 0)
        ml_error_at(r,
                    "mbconnect: the pair style is '%s', not the zero of mbconnect pair (was "
                    "pair_style given after mbconnect pair? give `mbconnect off` first)",
                    ml_host_pair_style(r));
}

void ml_bridge_atom_created(ml_run *r, int i)
{
    const ml_bridge *b = r->bridge;
    if (!b)
        return;
    if (b->fixes) {
        int **partner = lammps_extract_atom(r->lmp, ML_PARTNER);
        int *stamp = lammps_extract_atom(r->lmp, ML_STAMP);
        int **sign = lammps_extract_atom(r->lmp, ML_SIGN);
        if (partner)
            memset(partner[i], 0, (size_t)b->capacity * sizeof(int));
        if (stamp)
            stamp[i] = 0;
        if (sign)
            memset(sign[i], 0, ML_SIGN_WORDS * sizeof(int));
    }
    for (size_t k = 0; k < b->wall_count; k++)
        ml_wall_atom_created(b->walls[k], i);
}

int ml_bridge_capacity(ml_run *r, int capacity)
{
    ml_bridge *b = ml_bridge_get(r);
    if (!b)
        return r->status;
    if (b->ran)
        return ml_error_at(r, "mbconnect capacity: contact records are in use; give it before "
                              "the first run");
    b->capacity = capacity;
    b->capacity_given = 1;
    ml_restore keep;
    if (b->fixes && ml_restore_begin(r, b, 1, &keep) == 0)
        state_fix(r, b, 1, &keep);
    else if (b->fixes)
        ml_restore_free(&keep);
    return r->status;
}

void ml_bridge_forget_cleared(ml_run *r)
{
    const ml_bridge *b = r->bridge;
    if (!b)
        return;
    int cleared = b->fixes && !ml_host_fix_is(r, ML_FIX, b->extensive);
    for (size_t k = 0; k < b->wall_count && !cleared; k++)
        cleared = !ml_wall_alive(b->walls[k]) && !ml_host_fix_exists(r, ML_FIX_ATOMS);
    if (cleared)
        ml_bridge_free(r); /* `clear` (or an unfix) deleted the fixes */
}

int ml_bridge_off(ml_run *r)
{
    ml_bridge *b = r->bridge;
    if (b && b->fixes) {
        ml_bridge_lammps(r, "unfix %s", ML_FIX);
        ml_bridge_lammps(r, "unfix %s", ML_FIX_STATE);
    }
    for (size_t k = 0; b && k < b->wall_count; k++)
        ml_wall_unfix(b->walls[k]);
    if (b && b->atoms_fix && ml_host_fix_exists(r, ML_FIX_ATOMS))
        ml_bridge_lammps(r, "unfix %s", ML_FIX_ATOMS);
    ml_bridge_free(r);
    return 0;
}

void ml_bridge_free(ml_run *r)
{
    ml_bridge *b = r->bridge;
    if (!b)
        return;
    for (size_t k = 0; k < b->law_count; k++) {
        ml_law_destroy(b->laws[k]);
        free(b->sum_slot[k]);
    }
    free(b->laws);
    free(b->sum_slot);
    free(b->pending_slot);
    free(b->law_of);
    free(b->pair_set);
    free(b->mixed);
    free(b->words_set);
    free(b->words);
    free(b->cut);
    free(b->cut_type);
    free(b->radius_dynamic);
    free(b->radius_frozen);
    free(b->type_radius);
    free(b->mass);
    for (size_t k = 0; k < b->wall_count; k++)
        ml_wall_destroy(b->walls[k]);
    free(b->walls);
    free(b->used);
    free(b);
    r->bridge = NULL;
}
