/* SPDX-License-Identifier: BSD-3-Clause */
/* Work the instruction count does not see (issue 25, found by fuzz_case):
 * one VM instruction can call a C function that works for as long as what
 * it allocates is large (100 000 calls of string.rep("a", 1e6) ran for
 * minutes), and table.move({}, 1, 1e15, 1) ran for days inside one call. The
 * sandbox counts allocated bytes (one instruction per 64) and moved table
 * elements as instructions: such chunks stop at the instruction limit, in
 * about a second, with a line that says why; ordinary chunks, and the
 * message of an endless loop, are as before. Messages byte for byte; the
 * limit is 2e6 instructions (a tenth of the default) to be quick under valgrind. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>
#include <lua.h>

#include "sandbox.h"

#define WORK_LIMIT                                                                                 \
    "instruction limit of 2000000 exceeded (work on large strings or tables: every 64 "            \
    "bytes allocated and every table element moved count as an instruction)"

/* Runs a chunk in a fresh case sandbox (2e6 instructions): 0, or -1 and
 * the message in err. */
static int run(const char *text, char *err, size_t size)
{
    mbc_sandbox *sb = mbc_sandbox_new("case file", "case files", 0);
    assert_non_null(sb);
    mbc_sandbox_limits limits = mbc_sandbox_default_limits();
    limits.instructions = 2000000;
    mbc_sandbox_set_limits(sb, &limits);
    mbc_error e = {0};
    const int rc = mbc_sandbox_run_chunk(sb, "w.lua", text, strlen(text), &e) == MBC_OK ? 0 : -1;
    snprintf(err, size, "%s", rc ? e.message : "");
    mbc_sandbox_free(sb);
    return rc;
}

static void expect_error(const char *text, const char *message)
{
    char err[512];
    assert_int_equal(run(text, err, sizeof err), -1);
    assert_string_equal(err, message);
}

static void expect_ok(const char *text)
{
    char err[512];
    if (run(text, err, sizeof err) != 0)
        fail_msg("%s", err);
}

/* Allocation-bound loops stop at the limit, at the line of the loop. */
static void test_allocation_counts(void **state)
{
    (void)state;
    /* the fuzz_case input, shortened */
    expect_error("local t = 0\n"
                 "for _ = 1, 100000 do t = { t } string.rep(\"a\", 1e6) end\n"
                 "return t\n",
                 "w.lua:2: " WORK_LIMIT);
    expect_error("for _ = 1, 1e6 do local x = table.concat({ string.rep('b', 1e6) }) end\n",
                 "w.lua:1: " WORK_LIMIT);
    /* an endless loop that allocates a little keeps its message */
    expect_error("while true do local t = { 1, 2, 3 } end\n",
                 "w.lua:1: instruction limit of 2000000 exceeded (endless loop?)");
    /* ordinary work: 50 000 short strings in a table, 1 MB strings ten times */
    expect_ok("local t = {}\n"
              "for i = 1, 50000 do t[i] = tostring(i) .. 'x' end\n"
              "for _ = 1, 10 do local s = string.rep('c', 1e6) end\n"
              "return #t\n");
}

/* table.move: the element count is known before it starts. */
static void test_table_move(void **state)
{
    (void)state;
    expect_error("table.move({}, 1, 1e15, 1)\n", "w.lua:1: " WORK_LIMIT);
    expect_error("local t = {}\nfor _ = 1, 100 do table.move(t, 1, 1e6, 2) end\n",
                 "w.lua:2: " WORK_LIMIT);
    /* what it does and its errors are Lua's */
    expect_ok("local a = { 1, 2, 3, 4, 5 }\n"
              "table.move(a, 1, 3, 3)\n" /* up, overlapping: from the end */
              "assert(table.concat(a, ',') == '1,2,1,2,3')\n"
              "local b = { 1, 2, 3, 4, 5 }\n"
              "table.move(b, 3, 5, 1)\n" /* down, overlapping */
              "assert(table.concat(b, ',') == '3,4,5,4,5')\n"
              "local c = { 1, 2, 3 }\n"
              "assert(table.move(c, 1, 2, 2, c) == c and table.concat(c, ',') == '1,1,2')\n"
              "local d = table.move({ 7, 8 }, 1, 2, 3, { 0 })\n"
              "assert(d[1] == 0 and d[3] == 7 and d[4] == 8 and d[2] == nil)\n"
              "assert(table.move({ 1 }, 2, 1, 1)[1] == 1)\n" /* nothing to move */
              "return 1\n");
    expect_error("table.move({}, 1, 'x', 1)\n",
                 "w.lua:1: bad argument #3 to 'move' (number expected, got string)");
    expect_error("table.move(nil, 1, 2, 1)\n",
                 "w.lua:1: bad argument #1 to 'move' (table expected, got nil)");
    expect_error("table.move({}, 1, 2, 1, 5)\n",
                 "w.lua:1: bad argument #5 to 'move' (table expected, got number)");
    expect_error("table.move({}, -1, math.maxinteger, 1)\n",
                 "w.lua:1: bad argument #3 to 'move' (too many elements to move)");
    expect_error("table.move({}, 1, 10, math.maxinteger)\n",
                 "w.lua:1: bad argument #4 to 'move' (destination wrap around)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_allocation_counts),
        cmocka_unit_test(test_table_move),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
