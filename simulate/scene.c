/* SPDX-License-Identifier: BSD-3-Clause */
/* Scene files of `mbc simulate` (scene.h): the file runs in the sandbox;
 * its table is read inside one protected call, so that a Lua memory error
 * anywhere in the reading ends as one "SCENE: out of memory" line. Indices
 * (node, element, coordinate) count from 0, as marker and node numbers in
 * the C API. */
#include "scene.h"

#include "sandbox.h"
#include "scene_reader.h"

#include <stdlib.h>
#include <string.h>

/* The --set parameters as a table: NAME=VALUE, VALUE a number when it reads
 * as one, else a string. */
static mbc_status push_params(scene_ctx *c, const char *const *params, int count)
{
    lua_State *L = c->r.L;
    lua_newtable(L);
    for (int i = 0; i < count; ++i) {
        const char *eq = strchr(params[i], '=');
        if (eq == NULL || eq == params[i])
            return mbc_reader_fail(&c->r, 0, NULL, "--set %s: expected NAME=VALUE", params[i]);
        lua_pushlstring(L, params[i], (size_t)(eq - params[i]));
        char *end = NULL;
        const double x = strtod(eq + 1, &end);
        if (end != eq + 1 && *end == '\0')
            lua_pushnumber(L, x);
        else
            lua_pushstring(L, eq + 1);
        lua_settable(L, -3);
    }
    return MBC_OK;
}

/* Calls the scene's function (on top) with the parameters: its value
 * replaces it. */
static mbc_status call_scene_function(scene_ctx *c, const char *const *params, int count)
{
    lua_State *L = c->r.L;
    if (push_params(c, params, count) != MBC_OK)
        return scene_status(c);
    mbc_sandbox *sb = mbc_sandbox_of(L);
    const int status = mbc_sandbox_pcall(sb, 1, 1);
    if (status == LUA_OK)
        return MBC_OK;
    mbc_error e = {0};
    if (mbc_sandbox_error(sb, status, c->r.file, &e) == MBC_ERR_NOMEM)
        return scene_nomem(c);
    return mbc_reader_fail(&c->r, e.line, NULL, "%s", e.message + e.rule_offset);
}

/* The value on top: the scene table, or the table a scene function returns
 * for the parameters; c->root describes it. */
static mbc_status scene_table(scene_ctx *c, const char *const *params, int count)
{
    lua_State *L = c->r.L;
    if (lua_isfunction(L, -1)) { /* a parameterised scene: function(params) return { ... } end */
        if (call_scene_function(c, params, count) != MBC_OK)
            return scene_status(c);
    } else if (count > 0) {
        return mbc_reader_fail(&c->r, 0, NULL,
                               "--set needs a scene that returns a function(params)");
    }
    if (!lua_istable(L, -1)) {
        char given[96];
        return mbc_reader_fail(&c->r, mbc_reader_word_line(&c->r, "return", 1), NULL,
                               "a scene must return a table (given %s)",
                               mbc_reader_describe(L, -1, given, sizeof given));
    }
    mbc_reader_table_at(&c->r, &c->root, -1, MBC_READER_PATH, 1, "%s", "");
    c->item = c->root;
    return MBC_OK;
}

typedef struct load_args {
    scene_ctx *c;
    const char *const *params;
    int param_count;
} load_args;

/* The protected part (mbc_sandbox_call): argument 1 is the load_args (a
 * light userdata), argument 2 the scene's value. */
static int read_protected(lua_State *L)
{
    load_args *a = lua_touserdata(L, 1);
    scene_ctx *c = a->c;
    sim_model *m = c->m;
    lua_settop(L, 2);
    if (scene_table(c, a->params, a->param_count) != MBC_OK)
        return 0;
    const int failed =
        scene_keys_allowed(c, sim_item_type_find("scene", "scene")->keys, NULL) ||
        mbc_reader_numbers(&c->r, &c->root, "gravity", MBC_READER_FINITE, 3, m->gravity) ||
        scene_read_solver(c) || scene_read_list(c, "bodies", scene_read_body) ||
        scene_read_list(c, "markers", scene_read_marker) ||
        scene_read_list(c, "elements", scene_read_element) ||
        scene_read_list(c, "connectors", scene_read_connector) ||
        scene_read_list(c, "sensors", scene_read_sensor);
    if (!failed && m->settings.output_step > 0.0 && m->settings.output_step < m->settings.step)
        m->settings.output_step = 0.0;
    return 0;
}

/* Reads the file and runs it in a new sandbox; on success the scene's value
 * is on the stack. */
static mbc_status run_file(const char *path, char **text, size_t *len, mbc_sandbox **box,
                           mbc_error *err)
{
    mbc_status st = mbc_sandbox_load_file(path, NULL, text, len, err);
    if (st != MBC_OK)
        return st;
    *box = mbc_sandbox_new("scene", "scenes", 0);
    if (*box == NULL)
        return mbc_fail_nomem(err, path);
    return mbc_sandbox_run_chunk(*box, path, *text, *len, err);
}

/* Reads the scene's value (on top) into c->m, inside a protected call. */
static mbc_status read_scene(scene_ctx *c, mbc_sandbox *box, const char *path, const char *text,
                             size_t len, const char *const *params, int param_count, mbc_error *err)
{
    lua_State *L = mbc_sandbox_state(box);
    mbc_status st = mbc_reader_init(&c->r, L, path, text, len, MBC_READER_KEY_LINES);
    c->r.root = "scene";
    if (st != MBC_OK)
        return mbc_fail_nomem(err, path);
    load_args a = {c, params, param_count};
    st = mbc_sandbox_call(box, path, read_protected, &a, 1, err);
    if (st == MBC_OK && scene_status(c) != MBC_OK) {
        *err = c->r.first;
        st = scene_status(c);
    }
    lua_settop(L, 0);
    return st;
}

mbc_status sim_scene_load(sim_model *m, const char *path, const mbc_registry *registry,
                          const char *const *params, int param_count, mbc_sandbox **sandbox,
                          mbc_error *err)
{
    m->scene_name = path;
    char *text = NULL;
    size_t len = 0;
    *sandbox = NULL;
    mbc_status st = run_file(path, &text, &len, sandbox, err);
    scene_ctx c;
    memset(&c, 0, sizeof c);
    c.m = m;
    c.registry = registry;
    if (st == MBC_OK)
        st = read_scene(&c, *sandbox, path, text, len, params, param_count, err);
    mbc_reader_free(&c.r);
    for (int i = 0; i < SIM_SCENE_SCRATCH; ++i)
        free(c.scratch[i]);
    free(text);
    if (st == MBC_OK)
        sim_model_number(m);
    return st;
}
