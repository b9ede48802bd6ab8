#include "sandbox.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lualib.h>

/* Hidden keys the constructors store in a table; never valid spec keys. */
#define KEY_KIND "@kind"
#define KEY_NAME "@name"
#define KEY_LINE "@line"

static void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    sandbox *sb = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        sb->memory_used -= old;
        return NULL;
    }
    if (nsize > old && sb->memory_used - old + nsize > sb->memory_limit)
        return NULL; /* Lua raises "not enough memory" */
    void *p = realloc(ptr, nsize);
    if (p)
        sb->memory_used = sb->memory_used - old + nsize;
    return p;
}

static sandbox *sandbox_of(lua_State *L)
{
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

#define HOOK_PERIOD 1000

static void instruction_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    sandbox *sb = sandbox_of(L);
    sb->instructions += HOOK_PERIOD;
    if (sb->instructions > SANDBOX_MAX_INSTRUCTIONS)
        luaL_error(L, "instruction limit of %d exceeded (endless loop?)",
                   (int)SANDBOX_MAX_INSTRUCTIONS);
}

static int caller_line(lua_State *L)
{
    lua_Debug ar;
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "l", &ar))
        return ar.currentline;
    return 0;
}

/* Second stage of a named constructor: stores kind, name and line in the table. */
static int ctor_fill(lua_State *L)
{
    const char *kind = lua_tostring(L, lua_upvalueindex(1));
    if (!lua_istable(L, 1))
        return luaL_error(L, "%s \"%s\" must be followed by a table { ... } (got %s)", kind,
                          lua_tostring(L, lua_upvalueindex(2)), luaL_typename(L, 1));
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setfield(L, 1, KEY_KIND);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_setfield(L, 1, KEY_NAME);
    lua_pushvalue(L, lua_upvalueindex(3));
    lua_setfield(L, 1, KEY_LINE);
    return 1;
}

/* Named constructor: param "x" { ... }, output "y" { ... }, ... */
static int ctor_named(lua_State *L)
{
    const char *kind = lua_tostring(L, lua_upvalueindex(1));
    if (lua_type(L, 1) != LUA_TSTRING)
        return luaL_error(L, "%s needs a name first, as in %s \"name\" { ... } (got %s)", kind,
                          kind, luaL_typename(L, 1));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushinteger(L, caller_line(L));
    lua_pushcclosure(L, ctor_fill, 3);
    return 1;
}

/* Unnamed constructor: connector { ... } */
static int ctor_plain(lua_State *L)
{
    const char *kind = lua_tostring(L, lua_upvalueindex(1));
    if (!lua_istable(L, 1))
        return luaL_error(L, "%s must be called with a table { ... } (got %s)", kind,
                          luaL_typename(L, 1));
    lua_settop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setfield(L, 1, KEY_KIND);
    lua_pushinteger(L, caller_line(L));
    lua_setfield(L, 1, KEY_LINE);
    return 1;
}

static const char *const named_ctors[] = {"param",    "output", "coordinate",
                                          "quantity", "type",   NULL};
static const char *const plain_ctors[] = {"connector", NULL};
static const char *const safe_globals[] = {
    "assert",   "error",  "ipairs", "next", "pairs",  "select", "tonumber", "tostring", "type",
    "rawequal", "rawlen", "rawget", "math", "string", "table",  "utf8",     NULL};

/* __index of the spec environment: any other global is a mistake or an escape attempt. */
static int env_index(lua_State *L)
{
    const char *name = lua_tostring(L, 2);
    static const char *const blocked[] = {
        "io",     "os",      "require",        "dofile",     "load",         "loadfile",
        "debug",  "package", "collectgarbage", "loadstring", "setmetatable", "getmetatable",
        "rawset", NULL};
    for (int i = 0; name && blocked[i]; i++)
        if (strcmp(name, blocked[i]) == 0)
            return luaL_error(L,
                              "'%s' is not available in a spec: specs are data (no io, os, "
                              "require, dofile, load or debug)",
                              name);
    return luaL_error(L, "unknown name '%s'", name ? name : "?");
}

static int env_newindex(lua_State *L)
{
    const char *name = lua_tostring(L, 2);
    return luaL_error(L, "specs may not set globals (tried to set '%s'); use local",
                      name ? name : "?");
}

int sandbox_open(sandbox *sb)
{
    sb->memory_used = 0;
    sb->memory_limit = SANDBOX_MAX_MEMORY;
    sb->instructions = 0;
    sb->L = lua_newstate(sandbox_alloc, sb);
    if (!sb->L)
        return -1;
    lua_State *L = sb->L;
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    lua_pop(L, 5);
    /* string.dump would expose bytecode; math.random would make output nondeterministic. */
    lua_getglobal(L, LUA_STRLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "dump");
    lua_pop(L, 1);
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "random");
    lua_pushnil(L);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 1);
    return 0;
}

void sandbox_close(sandbox *sb)
{
    if (sb->L)
        lua_close(sb->L);
    sb->L = NULL;
}

/* Pushes a fresh environment table for one chunk. */
static void push_environment(lua_State *L)
{
    lua_newtable(L);
    for (int i = 0; safe_globals[i]; i++) {
        lua_getglobal(L, safe_globals[i]);
        lua_setfield(L, -2, safe_globals[i]);
    }
    for (int i = 0; named_ctors[i]; i++) {
        lua_pushstring(L, named_ctors[i]);
        lua_pushcclosure(L, ctor_named, 1);
        lua_setfield(L, -2, named_ctors[i]);
    }
    for (int i = 0; plain_ctors[i]; i++) {
        lua_pushstring(L, plain_ctors[i]);
        lua_pushcclosure(L, ctor_plain, 1);
        lua_setfield(L, -2, plain_ctors[i]);
    }
    lua_newtable(L); /* metatable */
    lua_pushcfunction(L, env_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, env_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_setmetatable(L, -2);
}

static void copy_message(lua_State *L, int idx, char *err, size_t err_size)
{
    const char *msg = lua_tostring(L, idx);
    snprintf(err, err_size, "%s", msg ? msg : "error object is not a string");
}

int sandbox_run(sandbox *sb, const char *display_name, const char *buf, size_t len, char *err,
                size_t err_size)
{
    lua_State *L = sb->L;
    char chunkname[512];
    snprintf(chunkname, sizeof chunkname, "@%s", display_name);
    if (len > SANDBOX_MAX_FILE_BYTES) {
        snprintf(err, err_size, "%s: file is larger than the limit of %d bytes (%zu bytes)",
                 display_name, SANDBOX_MAX_FILE_BYTES, len);
        return -1;
    }
    if (luaL_loadbufferx(L, buf, len, chunkname, "t") != LUA_OK) {
        copy_message(L, -1, err, err_size);
        lua_pop(L, 1);
        return -1;
    }
    push_environment(L);
    if (!lua_setupvalue(L, -2, 1))
        lua_pop(L, 1);
    sb->instructions = 0;
    lua_sethook(L, instruction_hook, LUA_MASKCOUNT, HOOK_PERIOD);
    int status = lua_pcall(L, 0, 1, 0);
    lua_sethook(L, NULL, 0, 0);
    if (status != LUA_OK) {
        copy_message(L, -1, err, err_size);
        lua_pop(L, 1);
        return -1;
    }
    return 0;
}

char *sandbox_read_file(const char *path, size_t *len, char *err, size_t err_size)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, err_size, "%s: cannot open (%s)", path, strerror(errno));
        return NULL;
    }
    char *buf = malloc(SANDBOX_MAX_FILE_BYTES + 2);
    if (!buf) {
        fclose(f);
        snprintf(err, err_size, "%s: out of memory", path);
        return NULL;
    }
    size_t n = fread(buf, 1, SANDBOX_MAX_FILE_BYTES + 1, f);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        snprintf(err, err_size, "%s: read error", path);
        return NULL;
    }
    if (n > SANDBOX_MAX_FILE_BYTES) {
        free(buf);
        snprintf(err, err_size, "%s: file is larger than the limit of %d bytes", path,
                 SANDBOX_MAX_FILE_BYTES);
        return NULL;
    }
    buf[n] = '\0';
    *len = n;
    return buf;
}

int sandbox_table_line(lua_State *L, int idx)
{
    int line = 0;
    if (lua_type(L, idx) == LUA_TTABLE) {
        lua_getfield(L, idx, KEY_LINE);
        line = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    return line;
}

static const char *hidden_string(lua_State *L, int idx, const char *key)
{
    const char *s = NULL;
    if (lua_type(L, idx) == LUA_TTABLE) {
        lua_getfield(L, idx, key);
        s = lua_tostring(L, -1); /* kept alive by the table */
        lua_pop(L, 1);
    }
    return s;
}

const char *sandbox_table_name(lua_State *L, int idx)
{
    return hidden_string(L, idx, KEY_NAME);
}

const char *sandbox_table_kind(lua_State *L, int idx)
{
    return hidden_string(L, idx, KEY_KIND);
}
