/* SPDX-License-Identifier: BSD-3-Clause */
#define _POSIX_C_SOURCE 200809L /* open, read, fstat */
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lualib.h>

struct mbc_sandbox {
    lua_State *L;
    const char *noun;  /* what a file is called in messages: "spec" */
    const char *nouns; /* plural: "specs" */
    unsigned flags;    /* MBC_SANDBOX_SPEC_CONSTRUCTORS */
    mbc_sandbox_limits limits;
    size_t memory_used;
    size_t memory_limit;   /* limits.memory_bytes during a run, else unlimited */
    long instructions;     /* executed in the current run */
    int allocation_failed; /* the C library refused memory (not the limit): MBC_ERR_NOMEM */
    int running;           /* inside mbc_sandbox_pcall: allocations count as instructions */
    int stopping;          /* counted work passed the limit: the hook fires at once */
    long work;             /* of instructions, what allocations and table.move counted */
};

#define UNLIMITED ((size_t)-1)

/* The constructors, in the order of their kind codes (1 + index). */
static const char *const ctor_kinds[] = {"param", "output",   "coordinate", "quantity",
                                         "type",  "standard", "connector",  NULL};
#define NAMED_CTORS 6 /* the first six take a name: param "x" { ... } */

/* What a constructor records about a table lives in two weak-keyed side
 * tables in the registry, out of reach of spec code, so a spec cannot forge
 * or corrupt it: table -> line * 8 + kind code, and table -> name. Plain
 * integers and strings instead of a record table per constructor call: the
 * 400-spec bench makes ~100 000 of them. The addresses of these constants
 * are the registry keys. */
static const char constructed_key = 'c';
static const char names_key = 'n';

/* Records kind (index into ctor_kinds), name (may be nil: pass 0) and line
 * for the table at idx. */
static void record_table(lua_State *L, int idx, int kind, int name_idx, int line)
{
    idx = lua_absindex(L, idx);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &constructed_key);
    lua_pushvalue(L, idx);
    lua_pushinteger(L, (lua_Integer)line * 8 + kind + 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
    if (name_idx) {
        name_idx = lua_absindex(L, name_idx);
        lua_rawgetp(L, LUA_REGISTRYINDEX, &names_key);
        lua_pushvalue(L, idx);
        lua_pushvalue(L, name_idx);
        lua_rawset(L, -3);
        lua_pop(L, 1);
    }
}

/* line * 8 + kind code recorded for the table at idx, or 0. */
static lua_Integer record_of(lua_State *L, int idx)
{
    if (lua_type(L, idx) != LUA_TTABLE)
        return 0;
    idx = lua_absindex(L, idx);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &constructed_key);
    lua_pushvalue(L, idx);
    lua_rawget(L, -2);
    const lua_Integer r = lua_tointeger(L, -1);
    lua_pop(L, 2);
    return r;
}

mbc_sandbox_limits mbc_sandbox_default_limits(void)
{
    mbc_sandbox_limits l = {MBC_SANDBOX_MAX_FILE_BYTES, MBC_SANDBOX_MAX_MEMORY,
                            MBC_SANDBOX_MAX_INSTRUCTIONS};
    return l;
}

#define HOOK_PERIOD 1000

/* One VM instruction can call a C function that works in proportion to
 * what it allocates (string.rep, table.concat, ..): 100 000 calls of
 * string.rep("a", 1e6) kept a case file running for minutes within the
 * instruction limit. Allocated bytes therefore count as instructions, one per
 * BYTES_PER_INSTRUCTION, as does the element count of table.move. */
#define BYTES_PER_INSTRUCTION 64

static void instruction_hook(lua_State *L, lua_Debug *ar);

/* Counts `work` instructions; past the limit the next VM instruction stops the run. */
static void count_work(mbc_sandbox *sb, double work)
{
    const long limit = sb->limits.instructions;
    if (!sb->running || sb->stopping)
        return;
    if (work > (double)(limit - sb->instructions)) {
        sb->work += limit - sb->instructions + 1;
        sb->instructions = limit + 1;
        sb->stopping = 1;
        lua_sethook(sb->L, instruction_hook, LUA_MASKCOUNT, 1); /* safe anywhere */
    } else {
        sb->instructions += (long)work;
        sb->work += (long)work;
    }
}

static void *sandbox_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    mbc_sandbox *sb = ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        sb->memory_used -= old;
        return NULL;
    }
    if (nsize > old && sb->memory_used - old + nsize > sb->memory_limit)
        return NULL; /* Lua raises "not enough memory" */
    void *p = realloc(ptr, nsize);
    if (p) {
        sb->memory_used = sb->memory_used - old + nsize;
        if (nsize > old)
            count_work(sb, (double)(nsize - old) / BYTES_PER_INSTRUCTION);
    } else
        sb->allocation_failed = 1; /* Lua raises "not enough memory" */
    return p;
}

mbc_sandbox *mbc_sandbox_of(lua_State *L)
{
    void *ud = NULL;
    lua_getallocf(L, &ud);
    return ud;
}

lua_State *mbc_sandbox_state(mbc_sandbox *sb)
{
    return sb->L;
}

/* Raises the instruction limit's error at the position of the function
 * `level` up the stack. */
static int instruction_limit_error(lua_State *L, int level)
{
    const mbc_sandbox *sb = mbc_sandbox_of(L);
    luaL_where(L, level);
    if (sb->work > sb->limits.instructions / 2)
        lua_pushfstring(
            L,
            "instruction limit of %d exceeded (work on large strings or tables: every %d "
            "bytes allocated and every table element moved count as an instruction)",
            (int)sb->limits.instructions, BYTES_PER_INSTRUCTION);
    else
        lua_pushfstring(L, "instruction limit of %d exceeded (endless loop?)",
                        (int)sb->limits.instructions);
    lua_concat(L, 2);
    return lua_error(L);
}

static void instruction_hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    mbc_sandbox *sb = mbc_sandbox_of(L);
    if (!sb->stopping)
        sb->instructions += HOOK_PERIOD;
    if (sb->instructions > sb->limits.instructions)
        instruction_limit_error(L, 0);
}

/* table.move(a1, f, e, t [, a2]) for a chunk's environment: Lua's, but the
 * e - f + 1 element copies count as instructions before they start
 * (table.move({}, 1, 1e15, 1) ran for days inside one C call). Tables in a
 * sandbox have no metatables, so a source or destination is a plain table. */
static int table_move(lua_State *L)
{
    const lua_Integer f = luaL_checkinteger(L, 2);
    const lua_Integer e = luaL_checkinteger(L, 3);
    const lua_Integer t = luaL_checkinteger(L, 4);
    const int dst = lua_isnoneornil(L, 5) ? 1 : 5;
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, dst, LUA_TTABLE);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        const lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        mbc_sandbox *sb = mbc_sandbox_of(L);
        count_work(sb, (double)n);
        if (sb->stopping)
            return instruction_limit_error(L, 1);
        /* overlapping ranges in one table: copy from the end when moving up */
        const int up = t > f && t <= e && (dst == 1 || lua_rawequal(L, 1, dst));
        for (lua_Integer i = 0; i < n; i++) {
            const lua_Integer k = up ? n - 1 - i : i;
            lua_geti(L, 1, f + k);
            lua_seti(L, dst, t + k);
        }
    }
    lua_pushvalue(L, dst);
    return 1;
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
    const int k = (int)lua_tointeger(L, lua_upvalueindex(1));
    if (!lua_istable(L, 1))
        return luaL_error(L, "%s \"%s\" must be followed by a table { ... } (given %s)",
                          ctor_kinds[k], lua_tostring(L, lua_upvalueindex(2)), luaL_typename(L, 1));
    lua_settop(L, 1);
    record_table(L, 1, k, lua_upvalueindex(2), (int)lua_tointeger(L, lua_upvalueindex(3)));
    return 1;
}

/* Named constructor: param "x" { ... }, output "y" { ... }, ... */
static int ctor_named(lua_State *L)
{
    const char *kind = ctor_kinds[lua_tointeger(L, lua_upvalueindex(1))];
    if (lua_type(L, 1) != LUA_TSTRING)
        return luaL_error(L, "%s needs a name first, as in %s \"name\" { ... } (given %s)", kind,
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
    const int k = (int)lua_tointeger(L, lua_upvalueindex(1));
    if (!lua_istable(L, 1))
        return luaL_error(L, "%s must be called with a table { ... } (given %s)", ctor_kinds[k],
                          luaL_typename(L, 1));
    lua_settop(L, 1);
    record_table(L, 1, k, 0, caller_line(L));
    return 1;
}

/* the library tables a run gets its own copy of */
static const char *const library_tables[] = {"math", "string", "table", "utf8", NULL};
static const char *const safe_globals[] = {
    "assert",   "error",  "ipairs", "next", "pairs",  "select", "tonumber", "tostring", "type",
    "rawequal", "rawlen", "rawget", "math", "string", "table",  "utf8",     NULL};

static int is_constructor(const char *name)
{
    for (int i = 0; ctor_kinds[i]; i++)
        if (strcmp(name, ctor_kinds[i]) == 0)
            return 1;
    return 0;
}

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
                              "'%s' is not available in a %s: %s are data (no io, os, "
                              "require, dofile, load or debug)",
                              name, mbc_sandbox_of(L)->noun, mbc_sandbox_of(L)->nouns);
    const mbc_sandbox *sb = mbc_sandbox_of(L);
    if (name && !(sb->flags & MBC_SANDBOX_SPEC_CONSTRUCTORS) && is_constructor(name))
        return luaL_error(L,
                          "'%s' is a spec constructor, not available in a %s (%s are plain tables)",
                          name, sb->noun, sb->nouns);
    return luaL_error(L, "unknown name '%s'", name ? name : "?");
}

static int env_newindex(lua_State *L)
{
    const char *name = lua_tostring(L, 2);
    return luaL_error(L, "%s may not set globals (tried to set '%s'); use local",
                      mbc_sandbox_of(L)->nouns, name ? name : "?");
}

static int unavailable_string_function(lua_State *L)
{
    return luaL_error(L, "string.%s is not available in a %s (no bytecode, no pattern matching)",
                      lua_tostring(L, lua_upvalueindex(1)), mbc_sandbox_of(L)->noun);
}

/* Opens the libraries, removes what a chunk must not use and makes the
 * constructor records: run as a protected call (every step allocates). */
static int open_sandbox(lua_State *L)
{
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
    lua_pop(L, 5);
    /* string.dump would expose bytecode; pattern matching can backtrack for
     * hours inside one C call where the instruction limit cannot see it;
     * math.random would make output nondeterministic. */
    static const char *const removed[] = {"dump", "find", "match", "gmatch", "gsub", NULL};
    lua_getglobal(L, LUA_STRLIBNAME);
    for (int i = 0; removed[i]; i++) {
        lua_pushstring(L, removed[i]);
        lua_pushcclosure(L, unavailable_string_function, 1);
        lua_setfield(L, -2, removed[i]);
    }
    lua_pop(L, 1);
    for (int i = 0; i < 2; i++) { /* constructor records, weak keys */
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_rawsetp(L, LUA_REGISTRYINDEX, i ? &names_key : &constructed_key);
    }
    lua_getglobal(L, LUA_MATHLIBNAME);
    lua_pushnil(L);
    lua_setfield(L, -2, "random");
    lua_pushnil(L);
    lua_setfield(L, -2, "randomseed");
    lua_pop(L, 1);
    return 0;
}

mbc_sandbox *mbc_sandbox_new(const char *noun, const char *nouns, unsigned flags)
{
    mbc_sandbox *sb = calloc(1, sizeof *sb);
    if (!sb)
        return NULL;
    sb->noun = noun;
    sb->nouns = nouns;
    sb->flags = flags;
    sb->limits = mbc_sandbox_default_limits();
    sb->memory_limit = UNLIMITED; /* the limits hold while a chunk runs */
    sb->L = lua_newstate(sandbox_alloc, sb);
    if (!sb->L) {
        free(sb);
        return NULL;
    }
    lua_pushcfunction(sb->L, open_sandbox); /* a light C function: allocates nothing */
    if (lua_pcall(sb->L, 0, 0, 0) != LUA_OK) {
        mbc_sandbox_free(sb); /* only memory can fail here */
        return NULL;
    }
    return sb;
}

void mbc_sandbox_free(mbc_sandbox *sb)
{
    if (!sb)
        return;
    if (sb->L)
        lua_close(sb->L);
    free(sb);
}

void mbc_sandbox_set_limits(mbc_sandbox *sb, const mbc_sandbox_limits *limits)
{
    sb->limits = *limits;
}

mbc_sandbox_limits mbc_sandbox_limits_of(const mbc_sandbox *sb)
{
    return sb->limits;
}

/* Pushes a shallow copy of the table at idx. */
static void push_copy(lua_State *L, int idx)
{
    idx = lua_absindex(L, idx);
    lua_createtable(L, 0, 32);
    lua_pushnil(L);
    while (lua_next(L, idx)) {
        lua_pushvalue(L, -2);
        lua_insert(L, -2);
        lua_rawset(L, -4);
    }
}

/* Returns a fresh environment table for one chunk: nothing in it is shared
 * with an earlier chunk except immutable values (functions, strings), so a
 * chunk cannot leave anything behind for the next one. A protected call. */
static int environment(lua_State *L)
{
    const mbc_sandbox *sb = mbc_sandbox_of(L);
    lua_createtable(L, 0, 24);
    for (int i = 0; safe_globals[i]; i++) {
        lua_getglobal(L, safe_globals[i]);
        for (int j = 0; library_tables[j]; j++)
            if (strcmp(safe_globals[i], library_tables[j]) == 0) {
                push_copy(L, -1);
                lua_remove(L, -2);
                if (strcmp(safe_globals[i], LUA_TABLIBNAME) == 0) {
                    lua_pushcfunction(L, table_move);
                    lua_setfield(L, -2, "move");
                }
                break;
            }
        lua_setfield(L, -2, safe_globals[i]);
    }
    if (sb->flags & MBC_SANDBOX_SPEC_CONSTRUCTORS)
        for (int i = 0; ctor_kinds[i]; i++) {
            lua_pushinteger(L, i);
            lua_pushcclosure(L, i < NAMED_CTORS ? ctor_named : ctor_plain, 1);
            lua_setfield(L, -2, ctor_kinds[i]);
        }
    lua_createtable(L, 0, 2); /* metatable */
    lua_pushcfunction(L, env_index);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, env_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_setmetatable(L, -2);
    return 1;
}

/* The line of a Lua error "NAME:LINE: message" (0 when the message does
 * not start so); *rule: where the message after "NAME:LINE: " starts. Lua
 * reports positions only as this text: the sandbox is the one place that
 * turns it into the fields of an mbc_error. */
static int position_of(const char *msg, const char *name, size_t *rule)
{
    const size_t n = strlen(name);
    *rule = 0;
    if (strncmp(msg, name, n) != 0 || msg[n] != ':')
        return 0;
    const char *p = msg + n + 1;
    long line = 0;
    while (*p >= '0' && *p <= '9' && line < 100000000L)
        line = line * 10 + (*p++ - '0');
    if (p == msg + n + 1 || *p != ':')
        return 0;
    *rule = (size_t)(p + 1 - msg) + (p[1] == ' ');
    return (int)line;
}

mbc_status mbc_sandbox_error(mbc_sandbox *sb, int status, const char *name, mbc_error *err)
{
    lua_State *L = sb->L;
    mbc_status st;
    size_t rule = 0;
    const char *msg = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    const int line = msg ? position_of(msg, name, &rule) : 0;
    const size_t n = strlen(name);
    if (sb->allocation_failed)
        st = mbc_fail_nomem(err, name);
    else if (status == LUA_ERRMEM)
        st = mbc_fail_at(err, MBC_ERR_INPUT, name, 0,
                         "not enough memory (a %s may use at most %zu MiB)", sb->noun,
                         sb->limits.memory_bytes / (1024u * 1024u));
    else if (!msg)
        st = mbc_fail_at(err, MBC_ERR_INPUT, name, 0, "error() was called with a %s, not a message",
                         luaL_typename(L, -1));
    else if (line > 0)
        st = mbc_fail_at(err, MBC_ERR_INPUT, name, line, "%s", msg + rule);
    else if (strncmp(msg, name, n) == 0 && msg[n] == ':') /* "NAME: message" */
        st = mbc_fail_at(err, MBC_ERR_INPUT, name, 0, "%s", msg + n + 1 + (msg[n + 1] == ' '));
    else
        st = mbc_fail_at(err, MBC_ERR_INPUT, name, 0, "%s", msg);
    lua_pop(L, 1);
    return st;
}

int mbc_sandbox_pcall(mbc_sandbox *sb, int nargs, int nresults)
{
    lua_State *L = sb->L;
    sb->instructions = 0;
    sb->allocation_failed = 0;
    sb->stopping = 0;
    sb->work = 0;
    sb->memory_limit = sb->limits.memory_bytes;
    lua_sethook(L, instruction_hook, LUA_MASKCOUNT, HOOK_PERIOD);
    sb->running = 1;
    int status = lua_pcall(L, nargs, nresults, 0);
    sb->running = 0;
    lua_sethook(L, NULL, 0, 0);
    /* reading the results allocates (key strings, stack): a chunk that ends
     * just below the limit must not make that fail, so the memory limit
     * ends with the run */
    sb->memory_limit = UNLIMITED;
    return status;
}

int mbc_sandbox_out_of_memory(const mbc_sandbox *sb)
{
    return sb->allocation_failed;
}

mbc_status mbc_sandbox_run_chunk(mbc_sandbox *sb, const char *display_name, const char *buf,
                                 size_t len, mbc_error *err)
{
    lua_State *L = sb->L;
    if (len > sb->limits.file_bytes)
        return mbc_fail_at(err, MBC_ERR_INPUT, display_name, 0,
                           "file is larger than the limit of %zu bytes (%zu bytes)",
                           sb->limits.file_bytes, len);
    char chunkname[512];
    snprintf(chunkname, sizeof chunkname, "@%s", display_name);
    sb->allocation_failed = 0;
    sb->memory_limit = sb->limits.memory_bytes;
    int status = luaL_loadbufferx(L, buf, len, chunkname, "t"); /* protected */
    sb->memory_limit = UNLIMITED;
    if (status == LUA_OK) {
        lua_pushcfunction(L, environment);
        status = lua_pcall(L, 0, 1, 0);
        if (status == LUA_OK && !lua_setupvalue(L, -2, 1))
            lua_pop(L, 1);
        else if (status != LUA_OK)
            lua_remove(L, -2); /* the chunk; the error stays on top */
    }
    if (status == LUA_OK)
        status = mbc_sandbox_pcall(sb, 0, 1);
    if (status != LUA_OK)
        return mbc_sandbox_error(sb, status, display_name, err);
    return MBC_OK;
}

mbc_status mbc_sandbox_call(mbc_sandbox *sb, const char *what, lua_CFunction fn, void *ud,
                            int nargs, mbc_error *err)
{
    lua_State *L = sb->L;
    sb->allocation_failed = 0;
    lua_pushcfunction(L, fn); /* light C function and light userdata: no allocation */
    lua_pushlightuserdata(L, ud);
    lua_rotate(L, -nargs - 2, 2); /* fn, ud, args... */
    const int status = lua_pcall(L, nargs + 1, 0, 0);
    if (status == LUA_OK)
        return MBC_OK;
    mbc_status st;
    if (status == LUA_ERRMEM || sb->allocation_failed || lua_islightuserdata(L, -1))
        st = mbc_fail_nomem(err, what); /* mbc_reader_raise_nomem raises a light userdata */
    else
        st = mbc_fail_at(err, MBC_ERR_INPUT, what, 0, "%s",
                         lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : "error");
    lua_pop(L, 1);
    return st;
}

mbc_status mbc_sandbox_load_file(const char *path, const mbc_sandbox_limits *limits, char **text,
                                 size_t *len, mbc_error *err)
{
    const size_t max = limits ? limits->file_bytes : MBC_SANDBOX_MAX_FILE_BYTES;
    *text = NULL;
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return mbc_fail_at(err, MBC_ERR_IO, path, 0, "cannot open (%s)", strerror(errno));
    /* the buffer holds the file (or one byte beyond the limit, to detect it):
     * its size from fstat, not the limit (a fresh mapping per spec); a file
     * that grows meanwhile is read up to the buffer */
    struct stat st;
    const size_t size = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? (size_t)st.st_size : max + 1;
    const size_t cap = (size <= max ? size : max) + 2;
    char *buf = malloc(cap);
    if (!buf) {
        close(fd);
        return mbc_fail_nomem(err, path);
    }
    size_t n = 0;
    int bad = 0;
    while (n < cap - 1) {
        ssize_t got = read(fd, buf + n, cap - 1 - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            bad = errno ? errno : EIO;
        if (got <= 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (bad) {
        free(buf);
        return mbc_fail_at(err, MBC_ERR_IO, path, 0, "read error (%s)", strerror(bad));
    }
    if (n > max) {
        free(buf);
        return mbc_fail_at(err, MBC_ERR_INPUT, path, 0,
                           "file is larger than the limit of %zu bytes", max);
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return MBC_OK;
}

int mbc_sandbox_table_line(lua_State *L, int idx)
{
    return (int)(record_of(L, idx) / 8);
}

/* The string is kept alive by the names table as long as the table lives. */
const char *mbc_sandbox_table_name(lua_State *L, int idx)
{
    if (!record_of(L, idx))
        return NULL;
    idx = lua_absindex(L, idx);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &names_key);
    lua_pushvalue(L, idx);
    lua_rawget(L, -2);
    const char *s = lua_tostring(L, -1);
    lua_pop(L, 2);
    return s;
}

void mbc_sandbox_table_record(lua_State *L, int idx, const char *kind, const char *name, int line)
{
    int k = 0;
    while (ctor_kinds[k] && strcmp(ctor_kinds[k], kind) != 0)
        k++;
    if (!ctor_kinds[k])
        return;
    idx = lua_absindex(L, idx);
    lua_pushstring(L, name ? name : "");
    record_table(L, idx, k, name ? -1 : 0, line);
    lua_pop(L, 1);
}

const char *mbc_sandbox_table_kind(lua_State *L, int idx)
{
    const lua_Integer r = record_of(L, idx);
    return r ? ctor_kinds[r % 8 - 1] : NULL;
}
