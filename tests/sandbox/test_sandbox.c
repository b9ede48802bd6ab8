/* SPDX-License-Identifier: BSD-3-Clause */
/* The sandbox unit (sandbox/sandbox.h): one sandbox runs many chunks and no
 * chunk sees what an earlier one changed; the spec constructors exist only
 * in spec sandboxes; the limits API sets what the limits say, per run and
 * per call (mbc_sandbox_pcall). Messages are compared byte for byte. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <lua.h>

#include "sandbox.h"

/* Runs a chunk: 0 (its value on the stack) or -1 and the message in err. */
static int run(mbc_sandbox *sb, const char *name, const char *text, char *err, size_t size)
{
    mbc_error e = {0};
    if (mbc_sandbox_run_chunk(sb, name, text, strlen(text), &e) == MBC_OK)
        return 0;
    snprintf(err, size, "%s", e.message);
    return -1;
}

/* A chunk that changes the library tables, and one after it that must see
 * them untouched (the state is reused; each run has its own copies). */
static void test_runs_are_isolated(void **state)
{
    (void)state;
    mbc_sandbox *sb = mbc_sandbox_new("spec", "specs", MBC_SANDBOX_SPEC_CONSTRUCTORS);
    assert_non_null(sb);
    lua_State *L = mbc_sandbox_state(sb);
    char err[512] = "";
    assert_int_equal(run(sb, "a.lua",
                         "math.leak = 42; math.pi = 3; string.upper = nil; table.insert = nil;"
                         " utf8.char = nil; return 1",
                         err, sizeof err),
                     0);
    lua_pop(L, 1);
    assert_int_equal(
        run(sb, "b.lua",
            "return math.leak == nil and math.pi > 3.14 and string.upper('x') == 'X'"
            " and ('y'):upper() == 'Y' and table.insert ~= nil and utf8.char(65) == 'A'",
            err, sizeof err),
        0);
    assert_true(lua_toboolean(L, -1));
    lua_pop(L, 1);
    /* setting a global fails, and so leaves nothing behind either */
    assert_int_equal(run(sb, "c.lua", "leaked = 1\nreturn 1", err, sizeof err), -1);
    assert_string_equal(err,
                        "c.lua:1: specs may not set globals (tried to set 'leaked'); use local");
    assert_int_equal(run(sb, "d.lua", "return leaked", err, sizeof err), -1);
    assert_string_equal(err, "d.lua:1: unknown name 'leaked'");
    assert_int_equal(lua_gettop(L), 0);
    mbc_sandbox_free(sb);
}

/* Spec sandboxes record what a constructor built; case and scene sandboxes
 * have no constructors and say so in one line. */
static void test_constructors_only_for_specs(void **state)
{
    (void)state;
    char err[512] = "";
    mbc_sandbox *spec = mbc_sandbox_new("spec", "specs", MBC_SANDBOX_SPEC_CONSTRUCTORS);
    assert_int_equal(run(spec, "s.lua", "\n\nreturn param \"x\" { default = 1 }", err, sizeof err),
                     0);
    lua_State *L = mbc_sandbox_state(spec);
    assert_string_equal(mbc_sandbox_table_kind(L, -1), "param");
    assert_string_equal(mbc_sandbox_table_name(L, -1), "x");
    assert_int_equal(mbc_sandbox_table_line(L, -1), 3);
    mbc_sandbox_free(spec);

    mbc_sandbox *cases = mbc_sandbox_new("case file", "case files", 0);
    assert_int_equal(run(cases, "c.lua", "return param \"x\" { default = 1 }", err, sizeof err),
                     -1);
    assert_string_equal(err, "c.lua:1: 'param' is a spec constructor, not available in a case "
                             "file (case files are plain tables)");
    assert_int_equal(run(cases, "c.lua", "\nreturn connector { }", err, sizeof err), -1);
    assert_string_equal(err, "c.lua:2: 'connector' is a spec constructor, not available in a case "
                             "file (case files are plain tables)");
    assert_int_equal(run(cases, "c.lua", "return { x = 1 }", err, sizeof err), 0);
    assert_null(mbc_sandbox_table_kind(mbc_sandbox_state(cases), -1));
    mbc_sandbox_free(cases);

    mbc_sandbox *scenes = mbc_sandbox_new("scene", "scenes", 0);
    assert_int_equal(run(scenes, "sc.lua", "return output \"y\" { }", err, sizeof err), -1);
    assert_string_equal(err, "sc.lua:1: 'output' is a spec constructor, not available in a scene "
                             "(scenes are plain tables)");
    mbc_sandbox_free(scenes);
}

static void test_default_limits(void **state)
{
    (void)state;
    const mbc_sandbox_limits d = mbc_sandbox_default_limits();
    assert_int_equal(d.file_bytes, 1048576);
    assert_int_equal(d.memory_bytes, 64u * 1048576u);
    assert_int_equal(d.instructions, 20000000);
    mbc_sandbox *sb = mbc_sandbox_new("spec", "specs", 0);
    const mbc_sandbox_limits l = mbc_sandbox_limits_of(sb);
    assert_memory_equal(&l, &d, sizeof l);
    mbc_sandbox_free(sb);
}

/* Limits set through the API are the ones enforced, with the values named. */
static void test_limits_api(void **state)
{
    (void)state;
    char err[512] = "";
    mbc_sandbox *sb = mbc_sandbox_new("scene", "scenes", 0);
    mbc_sandbox_limits l = mbc_sandbox_default_limits();
    l.instructions = 100000;
    l.memory_bytes = 2u * 1048576u;
    l.file_bytes = 64;
    mbc_sandbox_set_limits(sb, &l);
    assert_int_equal(mbc_sandbox_limits_of(sb).instructions, 100000);

    assert_int_equal(run(sb, "loop.lua", "while true do end", err, sizeof err), -1);
    assert_string_equal(err, "loop.lua:1: instruction limit of 100000 exceeded (endless loop?)");
    assert_int_equal(run(sb, "mem.lua", "return string.rep('x', 3e6)", err, sizeof err), -1);
    assert_string_equal(err, "mem.lua: not enough memory (a scene may use at most 2 MiB)");
    char big[66];
    memset(big, ' ', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    assert_int_equal(run(sb, "big.lua", big, err, sizeof err), -1);
    assert_string_equal(err, "big.lua: file is larger than the limit of 64 bytes (65 bytes)");

    /* a function the chunk returned: the limits hold per call, afresh each time */
    lua_State *L = mbc_sandbox_state(sb);
    assert_int_equal(
        run(sb, "f.lua", "return function(n) for i = 1, n do end return n end", err, sizeof err),
        0);
    for (int k = 0; k < 4; k++) { /* 30000 loop steps per call, 120000 in all: each call is fine */
        lua_pushvalue(L, -1);
        lua_pushinteger(L, 30000);
        assert_int_equal(mbc_sandbox_pcall(sb, 1, 1), LUA_OK);
        assert_int_equal(lua_tointeger(L, -1), 30000);
        lua_pop(L, 1);
    }
    lua_pushinteger(L, 10000000);
    assert_int_not_equal(mbc_sandbox_pcall(sb, 1, 1), LUA_OK);
    assert_string_equal(lua_tostring(L, -1),
                        "f.lua:1: instruction limit of 100000 exceeded (endless loop?)");
    lua_pop(L, 1);
    assert_ptr_equal(mbc_sandbox_of(L), sb);
    mbc_sandbox_free(sb);
}

/* mbc_sandbox_error: what a function called with mbc_sandbox_pcall raised,
 * as the record mbc_sandbox_run_chunk would give, the error value popped;
 * the memory limit is an input error, not out of memory. */
static void test_call_errors(void **state)
{
    (void)state;
    char err[512] = "";
    mbc_sandbox *sb = mbc_sandbox_new("scene", "scenes", 0);
    mbc_sandbox_limits l = mbc_sandbox_default_limits();
    l.memory_bytes = 2u * 1048576u;
    mbc_sandbox_set_limits(sb, &l);
    lua_State *L = mbc_sandbox_state(sb);
    assert_int_equal(run(sb, "g.lua",
                         "return function(k)\n"
                         "  if k == 1 then error('bad k') end\n"
                         "  if k == 2 then error({}) end\n"
                         "  if k == 3 then error('plain', 0) end\n"
                         "  return string.rep('x', 3e6)\n"
                         "end",
                         err, sizeof err),
                     0);
    static const char *const expected[] = {
        "g.lua:2: bad k", "g.lua: error() was called with a table, not a message", "g.lua: plain",
        "g.lua: not enough memory (a scene may use at most 2 MiB)"};
    static const int lines[] = {2, 0, 0, 0};
    for (int k = 1; k <= 4; k++) {
        lua_pushvalue(L, -1);
        lua_pushinteger(L, k);
        const int status = mbc_sandbox_pcall(sb, 1, 1);
        assert_int_equal(status, k == 4 ? LUA_ERRMEM : LUA_ERRRUN);
        assert_int_equal(mbc_sandbox_out_of_memory(sb), 0);
        mbc_error e = {0};
        assert_int_equal(mbc_sandbox_error(sb, status, "g.lua", &e), MBC_ERR_INPUT);
        assert_string_equal(e.message, expected[k - 1]);
        assert_int_equal(e.line, lines[k - 1]);
        assert_string_equal(e.message + e.rule_offset, expected[k - 1] + (k == 1 ? 9 : 7));
        assert_int_equal(lua_gettop(L), 1); /* the error value is popped */
    }
    mbc_sandbox_free(sb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_runs_are_isolated),
        cmocka_unit_test(test_constructors_only_for_specs),
        cmocka_unit_test(test_default_limits),
        cmocka_unit_test(test_limits_api),
        cmocka_unit_test(test_call_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
