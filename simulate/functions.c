/* SPDX-License-Identifier: BSD-3-Clause */
/* The scene's Lua functions (force laws, loads, constraint offsets), called
 * in the scene's sandbox with its limits per call (run.h). */
#include "run.h"

#include "sandbox.h"

#include <math.h>

#include <lauxlib.h>

/* The nres results on top: finite numbers into res (popped). */
static mbc_status check_results(const sim_run *r, const double *args, int nargs, double *res,
                                int nres, const char *what, const char *name, int line,
                                mbc_error *err)
{
    lua_State *L = r->L;
    for (int i = 0; i < nres; ++i) {
        const int idx = -nres + i;
        if (!lua_isnumber(L, idx) || !isfinite(lua_tonumber(L, idx))) {
            mbc_fail(err, MBC_ERR_VALUE,
                     "%s:%d: elements.%s: %s returned %s as value %d at t = %g (a finite "
                     "number is required)",
                     r->model->scene_name, line, name, what,
                     lua_isnumber(L, idx) ? "a non-finite number" : luaL_typename(L, idx), i + 1,
                     nargs > 0 ? args[0] : 0.0);
            lua_pop(L, nres);
            return MBC_ERR_VALUE;
        }
        res[i] = lua_tonumber(L, idx);
    }
    lua_pop(L, nres);
    return MBC_OK;
}

mbc_status sim_call(const sim_run *r, int ref, const double *args, int nargs, double *res, int nres,
                    const char *what, const char *name, int line, mbc_error *err)
{
    lua_State *L = r->L;
    const char *scene = r->model->scene_name;
    if (!lua_checkstack(L, nargs + nres + 1))
        return mbc_fail_nomem(err, scene);
    lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    for (int i = 0; i < nargs; ++i)
        lua_pushnumber(L, args[i]);
    /* the sandbox's limits hold per call */
    mbc_sandbox *sb = mbc_sandbox_of(L);
    const int status = mbc_sandbox_pcall(sb, nargs, nres);
    if (status == LUA_OK)
        return check_results(r, args, nargs, res, nres, what, name, line, err);
    if (status != LUA_ERRMEM && lua_type(L, -1) != LUA_TSTRING) {
        mbc_fail(err, MBC_ERR_VALUE,
                 "%s:%d: elements.%s: %s raised an error that is not a message (a %s)", scene, line,
                 name, what, luaL_typename(L, -1));
        lua_pop(L, 1);
        return MBC_ERR_VALUE;
    }
    /* out of memory; or the sandbox's memory or instruction limit, or an
     * error() of the function: a run-time error of the scene (status 1),
     * named by the element when Lua gave no line */
    mbc_error e = {0};
    const mbc_status st = mbc_sandbox_error(sb, status, scene, &e);
    if (st == MBC_ERR_NOMEM || e.line > 0) {
        *err = e;
        return st;
    }
    return mbc_fail_at(err, st, scene, line, "elements.%s: %s: %s", name, what,
                       e.message + e.rule_offset);
}
