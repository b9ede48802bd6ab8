/* SPDX-License-Identifier: BSD-3-Clause */
/* Loads and validates the `invariants` block of a connector spec:
 *
 *   invariants = {
 *     hold = { "action_reaction", "frame_invariance", "rigid_motion" },
 *     not_holding = { passivity = "why it does not hold" },
 *     planar = true,                                 -- optional
 *     at_rest = { "m0" },                            -- e.g. a fixed ground
 *     sample = { contactStiffness = 1e5, spheresRadii = { 0.5, 0.4 } },
 *     passive = { contactStiffness = 0 },            -- stiffness/adhesion off
 *     rigid_zero = { outputs = { "Coordinates_t[1::2]" }, data = { "tangentialVelocity" },
 *                    forces = false, reason = "why the forces do not vanish" },
 *     frames = { Force = "vector", Position = "point", pContact = "vector" },
 *     unbalanced_moment = "why the moments balance only up to a couple",
 *   }
 *
 * Every problem names the file, the line of the key, the field and the value
 * given. Runs after parameters, outputs, data and hooks are loaded. */
#include "spec_invariants.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

#include "loader.h"
#include "mbconnect/input.h"
#include "sandbox.h"

const char *const spec_invariant_names[SPEC_INVARIANT_COUNT] = {
    "action_reaction", "frame_invariance", "frame_invariance_z",
    "jacobian_fd",     "passivity",        "rigid_motion",
};

static const char *const frame_kind_names[] = {"scalar", "vector", "point"};

typedef struct inv_loader {
    lua_State *L;
    mbc_reader *r; /* the spec's table reader: messages, lines */
    struct spec_connector *c;
    int line;                  /* line of `invariants =` */
    size_t errors_before;      /* the reader's errors before the block */
    const char *needs_told[3]; /* hooks invariants.hold was told it needs: once each */
} inv_loader;

static int find_name(const char *s, const char *const names[], int count)
{
    for (int i = 0; i < count; i++)
        if (strcmp(s, names[i]) == 0)
            return i;
    return -1;
}

static const char *known_invariants(void)
{
    return "action_reaction, frame_invariance, frame_invariance_z, jacobian_fd, passivity, "
           "rigid_motion";
}

/* Hooks an invariant needs; NULL when the type has them. */
static const char *missing_hooks(const struct spec_connector *c, int inv)
{
    const int *h = c->hooks;
    switch (inv) {
    case 0: /* action_reaction */
    case 4: /* passivity */
        return h[SPEC_HOOK_FORCES] ? NULL : "the forces hook";
    case 3: /* jacobian_fd */
        return h[SPEC_HOOK_ALGEBRAIC_EQUATIONS] ? NULL : "the algebraic_equations hook";
    default:
        return h[SPEC_HOOK_FORCES] || h[SPEC_HOOK_POST_NEWTON_STEP] || h[SPEC_HOOK_OUTPUTS] ||
                       h[SPEC_HOOK_ALGEBRAIC_EQUATIONS]
                   ? NULL
                   : "an evaluation hook";
    }
}

/* Reads the list of strings at the top of the stack; each entry is passed to
 * `entry` with its line. */
static void each_string(inv_loader *ld, const char *field, int line,
                        void (*entry)(inv_loader *, const char *, int, void *), void *ctx)
{
    lua_State *L = ld->L;
    char buf[96];
    int v = lua_gettop(L);
    if (!lua_istable(L, v) || mbc_sandbox_table_kind(L, v)) {
        mbc_reader_fail(ld->r, line, NULL, "invariants.%s: must be a list of names (given %s)",
                        field, mbc_reader_describe(L, v, buf, sizeof buf));
        return;
    }
    size_t n = lua_rawlen(L, v);
    lua_pushnil(L);
    while (lua_next(L, v)) {
        if (!lua_isinteger(L, -2) || lua_tointeger(L, -2) < 1 ||
            (lua_Unsigned)lua_tointeger(L, -2) > n)
            mbc_reader_fail(ld->r, line, NULL,
                            "invariants.%s: must be a list of names (given the key %s)", field,
                            mbc_reader_describe(L, -2, buf, sizeof buf));
        lua_pop(L, 1);
    }
    for (size_t i = 1; i <= n; i++) {
        lua_rawgeti(L, v, (lua_Integer)i);
        if (lua_type(L, -1) != LUA_TSTRING)
            mbc_reader_fail(ld->r, line, NULL, "invariants.%s[%zu]: must be a name (given %s)",
                            field, i, mbc_reader_describe(L, -1, buf, sizeof buf));
        else
            entry(ld, lua_tostring(L, -1), mbc_reader_word_line(ld->r, lua_tostring(L, -1), line),
                  ctx);
        lua_pop(L, 1);
    }
}

static void hold_entry(inv_loader *ld, const char *name, int line, void *ctx)
{
    (void)ctx;
    spec_invariants *iv = &ld->c->invariants;
    int k = find_name(name, spec_invariant_names, SPEC_INVARIANT_COUNT);
    /* hooks that had an error are reported there, not again here */
    const char *need = k >= 0 && !(iv->broken & SPEC_BROKEN_HOOKS) ? missing_hooks(ld->c, k) : NULL;
    if (k < 0)
        mbc_reader_fail(ld->r, line, NULL, "invariants.hold: unknown invariant '%s' (known: %s)",
                        name, known_invariants());
    else if (iv->holds & (1u << k))
        mbc_reader_fail(ld->r, line, NULL, "invariants.hold: '%s' listed twice", name);
    else if (need) {
        size_t i = 0;
        while (i < 3 && ld->needs_told[i] && ld->needs_told[i] != need)
            i++;
        if (i < 3 && !ld->needs_told[i]) { /* one line per missing hook */
            ld->needs_told[i] = need;
            mbc_reader_fail(
                ld->r, line, NULL,
                "invariants.hold: '%s' needs %s, which the type does not list in 'hooks'", name,
                need);
        }
    } else
        iv->holds |= 1u << k;
}

typedef struct name_list {
    const char *field;
    char **items;
    size_t count;
    int (*known)(const struct spec_connector *, const char *);
    const char *kind; /* "output", "data coordinate" */
    unsigned broken;  /* SPEC_BROKEN_* of the block the names are from */
} name_list;

static void list_entry(inv_loader *ld, const char *name, int line, void *ctx)
{
    name_list *l = ctx;
    if (!l->known(ld->c, name)) {
        if (!(ld->c->invariants.broken & l->broken)) /* else reported in that block */
            mbc_reader_fail(ld->r, line, NULL, "invariants.%s: unknown %s '%s'", l->field, l->kind,
                            name);
    } else
        l->items[l->count++] = arena_strdup(&ld->c->mem, name);
}

/* An output name, optionally with a slice of its components:
 * "Coordinates_t" (all) or "Coordinates_t[1::2]" (1, 3, 5, ...). */
static int is_output(const struct spec_connector *c, const char *name)
{
    size_t len = strcspn(name, "[");
    if (name[len]) {
        /* "[start::step]": two whole numbers, step > 0 */
        const char *p = name + len + 1;
        char *end = NULL;
        (void)strtoul(p, &end, 10);
        if (end == p || strncmp(end, "::", 2) != 0)
            return 0;
        p = end + 2;
        unsigned long step = strtoul(p, &end, 10);
        if (end == p || strcmp(end, "]") != 0 || step == 0)
            return 0;
    }
    for (size_t i = 0; i < c->output_count; i++)
        if (strlen(c->outputs[i].name) == len && strncmp(c->outputs[i].name, name, len) == 0)
            return 1;
    return 0;
}

static int is_data(const struct spec_connector *c, const char *name)
{
    for (size_t i = 0; i < c->data.block_count; i++)
        if (strcmp(c->data.blocks[i].name, name) == 0)
            return 1;
    return 0;
}

static void load_not_holding(inv_loader *ld, int line)
{
    lua_State *L = ld->L;
    spec_invariants *iv = &ld->c->invariants;
    char buf[96];
    int v = lua_gettop(L);
    if (!lua_istable(L, v) || mbc_sandbox_table_kind(L, v)) {
        mbc_reader_fail(ld->r, line, NULL,
                        "invariants.not_holding: must map invariant names to reasons (given %s)",
                        mbc_reader_describe(L, v, buf, sizeof buf));
        return;
    }
    lua_pushnil(L);
    while (lua_next(L, v)) {
        if (lua_type(L, -2) != LUA_TSTRING) {
            mbc_reader_fail(ld->r, line, NULL,
                            "invariants.not_holding: keys must be invariant names (given %s)",
                            mbc_reader_describe(L, -2, buf, sizeof buf));
            lua_pop(L, 1);
            continue;
        }
        const char *name = lua_tostring(L, -2);
        int at = mbc_reader_word_line(ld->r, name, line);
        int k = find_name(name, spec_invariant_names, SPEC_INVARIANT_COUNT);
        if (k < 0)
            mbc_reader_fail(ld->r, at, NULL,
                            "invariants.not_holding: unknown invariant '%s' (known: %s)", name,
                            known_invariants());
        else if (iv->holds & (1u << k))
            mbc_reader_fail(ld->r, at, NULL,
                            "invariants.not_holding: '%s' is also listed in invariants.hold", name);
        else if (lua_type(L, -1) != LUA_TSTRING || lua_rawlen(L, -1) == 0)
            mbc_reader_fail(
                ld->r, at, NULL,
                "invariants.not_holding.%s: the reason must be a non-empty string (given %s)", name,
                mbc_reader_describe(L, -1, buf, sizeof buf));
        else {
            iv->not_holding |= 1u << k;
            iv->reasons[k] = arena_strdup(&ld->c->mem, lua_tostring(L, -1));
        }
        lua_pop(L, 1);
    }
}

/* One element of a sample value at idx: a boolean for a Bool parameter,
 * else a finite number that fits the type (whole for integer and index
 * types, the type's rule). Reports and returns 0 when it does not. */
static int sample_element(inv_loader *ld, const spec_param *p, int idx, const char *where, int at,
                          double *x)
{
    lua_State *L = ld->L;
    const spec_type *ty = p->type;
    char buf[96];
    const char *rule = NULL;
    if (ty->value == SPEC_BOOL) {
        if (lua_type(L, idx) == LUA_TBOOLEAN) {
            *x = lua_toboolean(L, idx);
            return 1;
        }
        rule = "true or false";
    } else if (lua_type(L, idx) != LUA_TNUMBER || !isfinite(lua_tonumber(L, idx))) {
        rule = "a finite number";
    } else {
        *x = lua_tonumber(L, idx);
        if (ty->value != SPEC_REAL && (*x != floor(*x) || fabs(*x) > 2147483647.0))
            rule = "a whole number";
        else if (ty->value == SPEC_INDEX && *x < (p->rules.must_be_set ? 0 : -1))
            rule = p->rules.must_be_set ? "an index >= 0 (must_be_set)" : "an index >= 0 or -1";
        else if (*x > MBC_INPUT_MAX_SEGMENTS && spec_is_count(ld->c, p)) {
            mbc_reader_fail(
                ld->r, at, NULL, "%s: a count (data or output size) must be at most %d (given %s)",
                where, MBC_INPUT_MAX_SEGMENTS, mbc_reader_describe(L, idx, buf, sizeof buf));
            return 0;
        } else if (ty->has_min && (ty->min_exclusive ? !(*x > ty->min) : !(*x >= ty->min))) {
            mbc_reader_fail(ld->r, at, NULL, "%s: must be %s (%s) (given %s)", where,
                            ty->rule ? ty->rule : "in range", ty->name,
                            mbc_reader_describe(L, idx, buf, sizeof buf));
            return 0;
        } else
            return 1;
    }
    mbc_reader_fail(ld->r, at, NULL, "%s: must be %s for type %s (given %s)", where, rule, ty->name,
                    mbc_reader_describe(L, idx, buf, sizeof buf));
    return 0;
}

/* The value of one sampled parameter (the top of the stack) into sv:
 * one element, or a list of them; as many as the parameter has, or for a
 * variable-size one its min_length and non_decreasing rules. */
static int sample_value(inv_loader *ld, const char *field, const spec_param *p, int at,
                        spec_sample_value *sv)
{
    lua_State *L = ld->L;
    char where[160], buf[96];
    snprintf(where, sizeof where, "invariants.%s.%s", field, p->name);
    const int list = lua_istable(L, -1) && !mbc_sandbox_table_kind(L, -1);
    const size_t m = list ? lua_rawlen(L, -1) : 1;
    sv->values = arena_alloc(&ld->c->mem, (m ? m : 1) * sizeof *sv->values);
    for (size_t i = 1; i <= m; i++) {
        char elem[180];
        if (list) {
            snprintf(elem, sizeof elem, "%s[%zu]", where, i);
            lua_rawgeti(L, -1, (lua_Integer)i);
        }
        int ok = sample_element(ld, p, -1, list ? elem : where, at, &sv->values[sv->count++]);
        if (list)
            lua_pop(L, 1);
        if (!ok)
            return 0;
    }
    if (p->shape != SPEC_VECTOR && sv->count != (size_t)p->size) {
        if (list)
            mbc_reader_fail(ld->r, at, NULL, "%s: needs %d value%s (given %zu)", where, p->size,
                            p->size == 1 ? "" : "s", sv->count);
        else
            mbc_reader_fail(ld->r, at, NULL, "%s: needs a list of %d values (given %s)", where,
                            p->size, mbc_reader_describe(L, -1, buf, sizeof buf));
        return 0;
    }
    if (p->shape == SPEC_VECTOR && p->rules.min_length && sv->count < (size_t)p->rules.min_length) {
        mbc_reader_fail(ld->r, at, NULL, "%s: needs at least %d value%s (min_length) (given %zu)",
                        where, p->rules.min_length, p->rules.min_length == 1 ? "" : "s", sv->count);
        return 0;
    }
    for (size_t i = 1; p->rules.non_decreasing && i < sv->count; i++)
        if (sv->values[i] < sv->values[i - 1]) {
            mbc_reader_fail(ld->r, at, NULL,
                            "%s: must be non-decreasing (given [%zu] = %.17g after %.17g)", where,
                            i + 1, sv->values[i], sv->values[i - 1]);
            return 0;
        }
    return 1;
}

static void load_values(inv_loader *ld, const char *field, int line, spec_sample_value **out,
                        size_t *out_count)
{
    lua_State *L = ld->L;
    struct spec_connector *c = ld->c;
    char buf[96];
    int v = lua_gettop(L);
    if (!lua_istable(L, v) || mbc_sandbox_table_kind(L, v)) {
        mbc_reader_fail(ld->r, line, NULL,
                        "invariants.%s: must map parameter names to values (given %s)", field,
                        mbc_reader_describe(L, v, buf, sizeof buf));
        return;
    }
    size_t n = 0;
    lua_pushnil(L);
    while (lua_next(L, v)) {
        n++;
        lua_pop(L, 1);
    }
    *out = arena_alloc(&c->mem, (n ? n : 1) * sizeof **out);
    lua_pushnil(L);
    while (lua_next(L, v)) {
        if (lua_type(L, -2) != LUA_TSTRING) {
            mbc_reader_fail(ld->r, line, NULL,
                            "invariants.%s: keys must be parameter names (given %s)", field,
                            mbc_reader_describe(L, -2, buf, sizeof buf));
            lua_pop(L, 1);
            continue;
        }
        const char *name = lua_tostring(L, -2);
        int at = mbc_reader_word_line(ld->r, name, line);
        const spec_param *p = spec_find_param(c, name);
        if (!p) {
            const spec_param *close = spec_suggest_param(c, name);
            if (c->invariants.broken & SPEC_BROKEN_PARAMS)
                ; /* reported there */
            else if (close)
                mbc_reader_fail(ld->r, at, NULL,
                                "invariants.%s: unknown parameter '%s' (did you mean '%s'?)", field,
                                name, close->name);
            else
                mbc_reader_fail(ld->r, at, NULL, "invariants.%s: unknown parameter '%s'", field,
                                name);
        } else if (!p->type) {
            /* its unknown type is reported already: one line per mistake */
        } else if (p->role != SPEC_INPUT || p->type->value == SPEC_STRING) {
            mbc_reader_fail(ld->r, at, NULL,
                            "invariants.%s.%s: only numeric input parameters can be sampled", field,
                            name);
        } else {
            spec_sample_value *sv = &(*out)[*out_count];
            memset(sv, 0, sizeof *sv); /* the slot of a rejected value is reused */
            sv->name = arena_strdup(&c->mem, name);
            if (sample_value(ld, field, p, at, sv))
                (*out_count)++;
        }
        lua_pop(L, 1);
    }
}

static void load_rigid_zero(inv_loader *ld, int line)
{
    lua_State *L = ld->L;
    spec_invariants *iv = &ld->c->invariants;
    char buf[96];
    int v = lua_gettop(L);
    if (!lua_istable(L, v) || mbc_sandbox_table_kind(L, v)) {
        mbc_reader_fail(
            ld->r, line, NULL,
            "invariants.rigid_zero: must be { outputs = {...}, data = {...} } (given %s)",
            mbc_reader_describe(L, v, buf, sizeof buf));
        return;
    }
    static const char *const rigid_keys[] = {"outputs", "data", "forces", "reason", NULL};
    const size_t before_keys = ld->r->errors;
    mbc_reader_table table = loader_table(ld->r, v, line, "invariants.rigid_zero");
    mbc_reader_check_keys(ld->r, &table, rigid_keys, 0);
    const int unknown = ld->r->errors > before_keys; /* a misspelled `reason` is not also missing */
    struct spec_connector *c = ld->c;
    name_list outs = {"rigid_zero.outputs",
                      arena_alloc(&c->mem, (c->output_count + 1) * sizeof(char *)),
                      0,
                      is_output,
                      "output",
                      SPEC_BROKEN_OUTPUTS};
    name_list data = {"rigid_zero.data",
                      arena_alloc(&c->mem, (c->data.block_count + 1) * sizeof(char *)),
                      0,
                      is_data,
                      "data coordinate",
                      SPEC_BROKEN_DATA};
    lua_getfield(L, v, "outputs");
    if (!lua_isnil(L, -1))
        each_string(ld, "rigid_zero.outputs", mbc_reader_word_line(ld->r, "outputs", line),
                    list_entry, &outs);
    lua_pop(L, 1);
    lua_getfield(L, v, "data");
    if (!lua_isnil(L, -1))
        each_string(ld, "rigid_zero.data", mbc_reader_word_line(ld->r, "data", line), list_entry,
                    &data);
    lua_pop(L, 1);
    if (outs.count > c->output_count || data.count > c->data.block_count)
        mbc_reader_fail(ld->r, line, NULL, "invariants.rigid_zero: a name is listed twice");
    lua_getfield(L, v, "forces");
    if (lua_isboolean(L, -1))
        iv->rigid_forces_nonzero = !lua_toboolean(L, -1);
    else if (!lua_isnil(L, -1))
        mbc_reader_fail(ld->r, mbc_reader_word_line(ld->r, "forces", line), NULL,
                        "invariants.rigid_zero.forces: must be true or false (given %s)",
                        mbc_reader_describe(L, -1, buf, sizeof buf));
    lua_pop(L, 1);
    lua_getfield(L, v, "reason");
    const int reason_given = !lua_isnil(L, -1);
    if (lua_type(L, -1) == LUA_TSTRING && lua_rawlen(L, -1) > 0)
        iv->rigid_reason = arena_strdup(&c->mem, lua_tostring(L, -1));
    else if (reason_given)
        mbc_reader_fail(ld->r, mbc_reader_word_line(ld->r, "reason", line), NULL,
                        "invariants.rigid_zero.reason: must be a non-empty string (given %s)",
                        mbc_reader_describe(L, -1, buf, sizeof buf));
    lua_pop(L, 1);
    if (iv->rigid_forces_nonzero && !reason_given && !unknown)
        mbc_reader_fail(ld->r, line, NULL,
                        "invariants.rigid_zero: forces = false needs a reason (why the damping "
                        "and friction forces do not vanish under rigid motion)");
    iv->rigid_zero_outputs = outs.items;
    iv->rigid_zero_output_count = outs.count;
    iv->rigid_zero_data = data.items;
    iv->rigid_zero_data_count = data.count;
}

static void load_frames(inv_loader *ld, int line)
{
    lua_State *L = ld->L;
    struct spec_connector *c = ld->c;
    spec_invariants *iv = &c->invariants;
    char buf[96];
    int v = lua_gettop(L);
    if (!lua_istable(L, v) || mbc_sandbox_table_kind(L, v)) {
        mbc_reader_fail(ld->r, line, NULL,
                        "invariants.frames: must map output names to \"scalar\", \"vector\" or "
                        "\"point\" (given %s)",
                        mbc_reader_describe(L, v, buf, sizeof buf));
        return;
    }
    iv->frames = arena_alloc(&c->mem, (c->output_count + c->param_count + 1) * sizeof *iv->frames);
    lua_pushnil(L);
    while (lua_next(L, v)) {
        const char *name = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
        int at = name ? mbc_reader_word_line(ld->r, name, line) : line;
        const char *kind = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "";
        int k = find_name(kind, frame_kind_names, 3);
        const spec_output *o = NULL;
        for (size_t i = 0; name && i < c->output_count; i++)
            if (strcmp(c->outputs[i].name, name) == 0)
                o = &c->outputs[i];
        /* or a state parameter that PostNewtonStep updates */
        const spec_param *sp = name && !o ? spec_find_param(c, name) : NULL;
        if (sp && sp->role != SPEC_STATE)
            sp = NULL;
        if (!o && !sp) {
            /* a parameter of unknown type, or a name from a block with an
             * error, is reported where that mistake is */
            const spec_param *q = name ? spec_find_param(c, name) : NULL;
            if (!(iv->broken & (SPEC_BROKEN_OUTPUTS | SPEC_BROKEN_PARAMS)) && !(q && !q->type))
                mbc_reader_fail(ld->r, at, NULL,
                                "invariants.frames: unknown output or state parameter %s",
                                mbc_reader_describe(L, -2, buf, sizeof buf));
        } else if (k < 0)
            mbc_reader_fail(
                ld->r, at, NULL,
                "invariants.frames.%s: must be \"scalar\", \"vector\" or \"point\" (given %s)",
                name, mbc_reader_describe(L, -1, buf, sizeof buf));
        else if (k > 0 && !(iv->broken & SPEC_BROKEN_OUTPUTS) &&
                 (o ? o->size.factor % 3 != 0 : sp->shape == SPEC_VECTOR || sp->size % 3))
            mbc_reader_fail(ld->r, at, NULL,
                            "invariants.frames.%s: a %s needs a size that is a multiple of 3", name,
                            kind);
        else {
            iv->frames[iv->frame_count].name = arena_strdup(&c->mem, name);
            iv->frames[iv->frame_count].is_param = sp != NULL;
            iv->frames[iv->frame_count++].kind = k;
        }
        lua_pop(L, 1);
    }
}

static const char *const block_keys[] = {
    "hold",    "not_holding", "planar", "at_rest",           "sample",
    "passive", "rigid_zero",  "frames", "unbalanced_moment", NULL};

static void rest_entry(inv_loader *ld, const char *name, int line, void *ctx)
{
    (void)ctx;
    if (strcmp(name, "m0") == 0)
        ld->c->invariants.at_rest |= 1u;
    else if (strcmp(name, "m1") == 0)
        ld->c->invariants.at_rest |= 2u;
    else
        mbc_reader_fail(ld->r, line, NULL,
                        "invariants.at_rest: unknown marker '%s' (known: m0, m1)", name);
}

/* Parameter values in the order the parameters are declared (the Lua
 * table's order is not reproducible). */
static void sort_values(const struct spec_connector *c, spec_sample_value *v, size_t n)
{
    for (size_t i = 1; i < n; i++)
        for (size_t j = i; j > 0; j--) {
            const spec_param *a = spec_find_param(c, v[j - 1].name);
            const spec_param *b = spec_find_param(c, v[j].name);
            if (a <= b)
                break;
            spec_sample_value t = v[j - 1];
            v[j - 1] = v[j];
            v[j] = t;
        }
}

int spec_invariants_load(mbc_reader *r, const mbc_reader_table *ct, spec_connector *c)
{
    lua_State *L = r->L;
    const int t = ct->idx;
    int line = ct->line;
    inv_loader ld = {L, r, c, line, r->errors, {NULL, NULL, NULL}};
    spec_invariants *iv = &c->invariants;
    char buf[96];
    for (int i = 0; i < 2; i++)
        for (size_t j = 0; j < c->marker_types[i].count; j++)
            if (strstr(c->marker_types[i].items[j], "Cable2D"))
                iv->planar = 1;
    lua_getfield(L, t, "invariants");
    int b = lua_gettop(L);
    if (lua_isnil(L, b)) {
        lua_pop(L, 1);
        return 0;
    }
    ld.line = line = mbc_reader_word_line(ld.r, "invariants", line);
    iv->declared = 1;
    if (!lua_istable(L, b) || mbc_sandbox_table_kind(L, b)) {
        mbc_reader_fail(ld.r, line, NULL,
                        "invariants: must be a table { hold = {...}, ... } (given %s)",
                        mbc_reader_describe(L, b, buf, sizeof buf));
        lua_pop(L, 1);
        return (int)(r->errors - ld.errors_before);
    }
    const size_t before_keys = r->errors;
    mbc_reader_table table = loader_table(ld.r, b, line, "invariants");
    mbc_reader_check_keys(ld.r, &table, block_keys, 0);
    const int misspelled = r->errors > before_keys; /* e.g. `frams`: not unclassified outputs */
    lua_getfield(L, b, "hold");
    if (!lua_isnil(L, -1))
        each_string(&ld, "hold", mbc_reader_word_line(ld.r, "hold", line), hold_entry, NULL);
    lua_pop(L, 1);
    lua_getfield(L, b, "not_holding");
    if (!lua_isnil(L, -1))
        load_not_holding(&ld, mbc_reader_word_line(ld.r, "not_holding", line));
    lua_pop(L, 1);
    lua_getfield(L, b, "planar");
    if (lua_isboolean(L, -1))
        iv->planar = lua_toboolean(L, -1);
    else if (!lua_isnil(L, -1))
        mbc_reader_fail(ld.r, mbc_reader_word_line(ld.r, "planar", line), NULL,
                        "invariants.planar: must be true or false (given %s)",
                        mbc_reader_describe(L, -1, buf, sizeof buf));
    lua_pop(L, 1);
    lua_getfield(L, b, "at_rest");
    if (!lua_isnil(L, -1))
        each_string(&ld, "at_rest", mbc_reader_word_line(ld.r, "at_rest", line), rest_entry, NULL);
    lua_pop(L, 1);
    lua_getfield(L, b, "sample");
    if (!lua_isnil(L, -1))
        load_values(&ld, "sample", mbc_reader_word_line(ld.r, "sample", line), &iv->sample,
                    &iv->sample_count);
    lua_pop(L, 1);
    lua_getfield(L, b, "passive");
    if (!lua_isnil(L, -1))
        load_values(&ld, "passive", mbc_reader_word_line(ld.r, "passive", line), &iv->passive,
                    &iv->passive_count);
    lua_pop(L, 1);
    sort_values(c, iv->sample, iv->sample_count);
    sort_values(c, iv->passive, iv->passive_count);
    lua_getfield(L, b, "rigid_zero");
    if (!lua_isnil(L, -1))
        load_rigid_zero(&ld, mbc_reader_word_line(ld.r, "rigid_zero", line));
    lua_pop(L, 1);
    lua_getfield(L, b, "frames");
    const size_t frames_errors = r->errors;
    if (!lua_isnil(L, -1))
        load_frames(&ld, mbc_reader_word_line(ld.r, "frames", line));
    const int frames_failed = r->errors > frames_errors;
    lua_pop(L, 1);
    lua_getfield(L, b, "unbalanced_moment");
    if (lua_type(L, -1) == LUA_TSTRING && lua_rawlen(L, -1) > 0)
        iv->unbalanced_moment = arena_strdup(&c->mem, lua_tostring(L, -1));
    else if (!lua_isnil(L, -1))
        mbc_reader_fail(
            ld.r, mbc_reader_word_line(ld.r, "unbalanced_moment", line), NULL,
            "invariants.unbalanced_moment: must be a non-empty string, the reason (given %s)",
            mbc_reader_describe(L, -1, buf, sizeof buf));
    lua_pop(L, 1);
    lua_pop(L, 1);

    /* frame invariance needs to know how every output transforms (unless
     * the frames or the outputs had an error: reported there) */
    if ((iv->holds & ((1u << 1) | (1u << 2))) && !frames_failed &&
        !(iv->broken & SPEC_BROKEN_OUTPUTS) && !misspelled) {
        char names[512] = "";
        size_t missing = 0, len = 0;
        for (size_t i = 0; i < c->output_count; i++) {
            int found = 0;
            for (size_t j = 0; j < iv->frame_count; j++)
                found |= strcmp(iv->frames[j].name, c->outputs[i].name) == 0;
            if (!found && len < sizeof names)
                len += (size_t)snprintf(names + len, sizeof names - len, "%s'%s'",
                                        missing ? ", " : "", c->outputs[i].name);
            missing += !found;
        }
        if (missing) /* one line for all of them */
            mbc_reader_fail(
                ld.r, line, NULL,
                "invariants.frames: output%s %s %s not classified (frame invariance needs "
                "\"scalar\", \"vector\" or \"point\" for every output)",
                missing == 1 ? "" : "s", names, missing == 1 ? "is" : "are");
    }
    return (int)(r->errors - ld.errors_before);
}
