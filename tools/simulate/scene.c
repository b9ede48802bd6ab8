/* SPDX-License-Identifier: BSD-3-Clause */
/* Scene files of `mbc simulate` (scene.h): the file runs in the sandbox;
 * its table is read inside one protected call, so that a Lua memory error
 * anywhere in the reading ends as one "SCENE: out of memory" line. Indices
 * (node, element, coordinate) count from 0, as marker and node numbers in
 * the C API. */
#include "scene.h"

#include "sandbox.h"
#include "scene_reader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>

/* The --set parameters as a table: NAME=VALUE, VALUE a number when it reads
 * as one, else a string. */
static mbc_status push_params(scene_ctx *c, const char *const *params, int count)
{
    lua_State *L = c->L;
    lua_newtable(L);
    for (int i = 0; i < count; ++i) {
        const char *eq = strchr(params[i], '=');
        if (eq == NULL || eq == params[i]) {
            c->status = mbc_fail(c->err, MBC_ERR_VALUE, "%s: --set %s: expected NAME=VALUE",
                                 c->m->scene_name, params[i]);
            return c->status;
        }
        lua_pushlstring(L, params[i], (size_t)(eq - params[i]));
        char *end = NULL;
        const double x = strtod(eq + 1, &end);
        if (end != eq + 1 && *end == '\0') {
            lua_pushnumber(L, x);
        } else {
            lua_pushstring(L, eq + 1);
        }
        lua_settable(L, -3);
    }
    return MBC_OK;
}

/* The value on top: the scene table, or the table a scene function returns
 * for the parameters. */
static mbc_status scene_table(scene_ctx *c, const char *const *params, int count)
{
    lua_State *L = c->L;
    const char *path = c->m->scene_name;
    if (lua_isfunction(L, -1)) {
        /* a parameterised scene: function(params) return { ... } end */
        if (push_params(c, params, count) != MBC_OK) {
            return c->status;
        }
        const int status = mbc_sandbox_pcall(mbc_sandbox_of(L), 1, 1);
        if (status == LUA_ERRMEM) {
            return scene_out_of_memory(c);
        }
        if (status != LUA_OK) {
            if (lua_type(L, -1) != LUA_TSTRING) { /* error({...}), error(nil) */
                c->status = mbc_fail(c->err, MBC_ERR_VALUE,
                                     "%s: the scene function called error() with a %s, not a "
                                     "message",
                                     path, luaL_typename(L, -1));
                return c->status;
            }
            /* one line naming the scene (error(msg, 0) has no position) */
            const char *msg = lua_tostring(L, -1);
            const size_t n = strlen(path);
            const int named = strncmp(msg, path, n) == 0 && msg[n] == ':';
            c->status = mbc_fail(c->err, MBC_ERR_VALUE, "%s%s%s", named ? "" : path,
                                 named ? "" : ": ", msg);
            for (char *p = c->err->message; *p; ++p) {
                if (*p == '\n' || *p == '\r') {
                    *p = ' ';
                }
            }
            return c->status;
        }
    } else if (count > 0) {
        c->status = mbc_fail(c->err, MBC_ERR_VALUE,
                             "%s: --set needs a scene that returns a function(params)", path);
        return c->status;
    }
    if (!lua_istable(L, -1)) {
        char b[80];
        const int line = scene_find_line(c->text, 1, "return", 0);
        scene_describe(L, -1, b, sizeof b);
        return scene_fail_at(c, line ? line : 1, "a scene must return a table (got %s)", b);
    }
    return MBC_OK;
}

typedef struct load_args {
    scene_ctx *c;
    const char *const *params;
    int param_count;
} load_args;

/* The protected part (lua_CFunction): argument 1 is the scene's value,
 * argument 2 the load_args (a light userdata). */
static int read_protected(lua_State *L)
{
    load_args *a = lua_touserdata(L, 2);
    scene_ctx *c = a->c;
    sim_model *m = c->m;
    lua_settop(L, 1);
    if (scene_table(c, a->params, a->param_count) != MBC_OK) {
        return 0;
    }
    c->item_line = 1;
    snprintf(c->path, sizeof c->path, "scene");
    const int failed = scene_check_keys(c, -1, sim_item_type_find("scene", "scene")->keys, NULL) ||
                       scene_vector(c, -1, "gravity", 3, 0, m->gravity) || scene_read_solver(c) ||
                       scene_read_list(c, "bodies", scene_read_body) ||
                       scene_read_list(c, "markers", scene_read_marker) ||
                       scene_read_list(c, "elements", scene_read_element) ||
                       scene_read_list(c, "connectors", scene_read_connector) ||
                       scene_read_list(c, "sensors", scene_read_sensor);
    if (!failed && m->settings.output_step > 0.0 && m->settings.output_step < m->settings.step) {
        m->settings.output_step = 0.0;
    }
    c->status = scene_result(c, failed);
    return 0;
}

/* Runs the file; on success the scene's value is on the stack. */
static mbc_status run_file(const char *path, char **text, mbc_sandbox **box, mbc_error *err)
{
    char msg[MBC_ERROR_SIZE];
    size_t len = 0;
    *text = mbc_sandbox_read_file(path, NULL, &len, msg, sizeof msg);
    if (*text == NULL) {
        return mbc_fail(err, MBC_ERR_VALUE, "%s", msg);
    }
    *box = mbc_sandbox_new("scene", "scenes", 0);
    if (*box == NULL) {
        return mbc_fail(err, MBC_ERR_NOMEM, "%s: out of memory", path);
    }
    if (mbc_sandbox_run(*box, path, *text, len, msg, sizeof msg) != 0) {
        for (char *p = msg; *p; ++p) { /* error("a\nb") is one line */
            if (*p == '\n' || *p == '\r') {
                *p = ' ';
            }
        }
        return mbc_fail(err, MBC_ERR_VALUE, "%s", msg);
    }
    return MBC_OK;
}

mbc_status sim_scene_load(sim_model *m, const char *path, const mbc_registry *registry,
                          const char *const *params, int param_count, mbc_sandbox **sandbox,
                          mbc_error *err)
{
    m->scene_name = path;
    char *text = NULL;
    *sandbox = NULL;
    mbc_status st = run_file(path, &text, sandbox, err);
    if (st != MBC_OK) {
        free(text);
        return st;
    }
    lua_State *L = mbc_sandbox_state(*sandbox);
    scene_ctx c = {m, L, text, registry, err, MBC_OK, "", 1, {NULL}};
    load_args a = {&c, params, param_count};
    /* a light C function and a light userdata: nothing allocated outside */
    lua_pushcfunction(L, read_protected);
    lua_rotate(L, -2, 1);
    lua_pushlightuserdata(L, &a);
    const int status = lua_pcall(L, 2, 0, 0);
    if (status == LUA_ERRMEM) {
        st = mbc_fail(err, MBC_ERR_NOMEM, "%s: out of memory", path);
    } else if (status != LUA_OK) {
        st = mbc_fail(err, MBC_ERR_VALUE, "%s: %s", path,
                      lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "reading failed");
    } else {
        st = c.status;
    }
    lua_settop(L, 0);
    for (int i = 0; i < SIM_SCENE_SCRATCH; ++i) {
        free(c.scratch[i]);
    }
    free(text);
    if (st == MBC_OK) {
        sim_model_number(m);
    }
    return st;
}
