/* SPDX-License-Identifier: BSD-3-Clause */
/* The table reader (sandbox/reader.h) and the sandbox's error records: each
 * getter's rule and message in both namings, key checks (one message form,
 * sorted), list shapes, key lines found in the text, errors collected or
 * kept, and out of memory raised inside mbc_sandbox_call. Messages are
 * compared byte for byte with hand-written ones. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <lua.h>

#include "reader.h"
#include "sandbox.h"

/* A chunk, run in a sandbox, its result read by fn inside mbc_sandbox_call. */
typedef struct fixture {
    mbc_sandbox *sb;
    mbc_reader r;
    const char *text;
    int called;
    void (*read)(struct fixture *f, int idx);
    /* what the read functions found */
    const char *s;
    double x;
    long n;
    int b;
    double numbers[4];
    double *list;
    size_t count;
    char errors[8][MBC_ERROR_SIZE]; /* collected messages */
    size_t error_count;
} fixture;

static void collect(void *ctx, const mbc_error *e)
{
    fixture *f = ctx;
    if (f->error_count < 8)
        snprintf(f->errors[f->error_count++], MBC_ERROR_SIZE, "%s", e->message);
}

static int call_read(lua_State *L)
{
    fixture *f = lua_touserdata(L, 1);
    f->called = 1;
    f->read(f, 2);
    return 0;
}

/* Runs text as "t.lua" and reads its result with read; flags of the reader
 * (without MBC_READER_FIELD_LOCATION it knows the text, for lines; with it,
 * as case files, not); errors collected when collect_all. Returns the
 * status of the call. */
static mbc_status read_text(fixture *f, const char *text, unsigned flags, int collect_all,
                            void (*read)(fixture *f, int idx))
{
    memset(f, 0, sizeof *f);
    f->sb = mbc_sandbox_new("case file", "case files", 0);
    assert_non_null(f->sb);
    f->text = text;
    f->read = read;
    mbc_error err = {0};
    assert_int_equal(mbc_sandbox_run_chunk(f->sb, "t.lua", text, strlen(text), &err), MBC_OK);
    const int lines = !(flags & MBC_READER_FIELD_LOCATION);
    assert_int_equal(mbc_reader_init(&f->r, mbc_sandbox_state(f->sb), "t.lua", lines ? text : NULL,
                                     lines ? strlen(text) : 0, flags),
                     MBC_OK);
    if (collect_all)
        mbc_reader_set_report(&f->r, collect, f);
    mbc_status st = mbc_sandbox_call(f->sb, "t.lua", call_read, f, 1, &err);
    assert_true(f->called);
    return st;
}

/* The collected messages are exactly want[0..n). */
static void assert_errors(const fixture *f, const char *const *want, size_t n)
{
    assert_int_equal(f->error_count, n);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(f->errors[i], want[i]);
}

static void done(fixture *f)
{
    free(f->list);
    mbc_reader_free(&f->r);
    mbc_sandbox_free(f->sb);
}

/* ------------------------------------------------------------------ paths */

static void read_paths(fixture *f, int idx)
{
    mbc_reader *r = &f->r;
    mbc_reader_table root, m;
    mbc_reader_table_at(r, &root, idx, MBC_READER_PATH, 0, "%s", "");
    assert_int_equal(mbc_reader_string(r, &root, "object", MBC_READER_REQUIRED, &f->s), MBC_OK);
    assert_int_equal(mbc_reader_subtable(r, &root, "m", MBC_READER_REQUIRED, NULL, &m), MBC_OK);
    assert_string_equal(m.name, "m");
    assert_int_equal(mbc_reader_number(r, &m, "x", MBC_READER_FINITE, NULL, &f->x), MBC_OK);
    assert_int_equal(mbc_reader_integer(r, &m, "n", 0, 1, 10, &f->n), MBC_OK);
    assert_int_equal(mbc_reader_boolean(r, &m, "b", 0, &f->b), MBC_OK);
    assert_int_equal(mbc_reader_numbers(r, &m, "v", MBC_READER_FINITE, 3, f->numbers), MBC_OK);
    assert_int_equal(mbc_reader_number_list(r, &m, "list", 0, NULL, &f->list, &f->count), MBC_OK);
    /* absent and optional: nothing changes */
    double keep = 7.0;
    assert_int_equal(mbc_reader_number(r, &m, "absent", 0, NULL, &keep), MBC_OK);
    assert_true(keep == 7.0);
    /* the errors, each kept as the first one (no report function) */
    assert_int_equal(mbc_reader_number(r, &m, "inf", MBC_READER_FINITE, NULL, &keep),
                     MBC_ERR_INPUT);
    assert_string_equal(r->first.message, "t.lua:m.inf: must be finite (given inf)");
    assert_int_equal(r->first.rule_offset, strlen("t.lua:m.inf: "));
    assert_int_equal(r->first.status, MBC_ERR_INPUT);
}

/* Path naming (case files): "FILE:PATH: rule (given VALUE)". */
static void test_getters_with_paths(void **state)
{
    (void)state;
    fixture f;
    const char *text = "return { object = 'Sphere', m = { x = 1.5, n = 4, b = true,\n"
                       "  v = {1, 2, 3}, list = {4, 5}, inf = 1/0 } }";
    assert_int_equal(read_text(&f, text, MBC_READER_FIELD_LOCATION, 0, read_paths), MBC_OK);
    assert_string_equal(f.s, "Sphere");
    assert_true(f.x == 1.5);
    assert_int_equal(f.n, 4);
    assert_int_equal(f.b, 1);
    assert_true(f.numbers[0] == 1.0 && f.numbers[1] == 2.0 && f.numbers[2] == 3.0);
    assert_int_equal(f.count, 2);
    assert_true(f.list[0] == 4.0 && f.list[1] == 5.0);
    assert_int_equal(f.r.errors, 1);
    assert_int_equal(mbc_reader_status(&f.r), MBC_ERR_INPUT);
    done(&f);
}

static void read_wrong_values(fixture *f, int idx)
{
    mbc_reader *r = &f->r;
    mbc_reader_table root, m;
    mbc_reader_table_at(r, &root, idx, MBC_READER_PATH, 0, "%s", "");
    mbc_reader_string(r, &root, "missing", MBC_READER_REQUIRED, &f->s);
    mbc_reader_subtable(r, &root, "m", 0, NULL, &m);
    mbc_reader_string(r, &m, "s", 0, &f->s);
    mbc_reader_boolean(r, &m, "b", 0, &f->b);
    mbc_reader_integer(r, &m, "n", 0, 1, 10, &f->n);
    mbc_reader_numbers(r, &m, "v", 0, 3, f->numbers);
    mbc_reader_numbers(r, &m, "w", 0, 3, f->numbers);
    mbc_reader_number_list(r, &m, "holes", 0, "a list of numbers", &f->list, &f->count);
}

/* Each rule once, collected in order. */
static void test_rules_and_values(void **state)
{
    (void)state;
    fixture f;
    const char *text = "return { m = { s = 12, b = 'yes', n = 2.5, v = {1, 2},\n"
                       "  w = {1, 'x', 3}, holes = {1, 2, [5] = 3} } }";
    assert_int_equal(read_text(&f, text, MBC_READER_FIELD_LOCATION, 1, read_wrong_values), MBC_OK);
    const char *want[] = {
        "t.lua:missing: missing",
        "t.lua:m.s: must be a string (given 12)",
        "t.lua:m.b: must be true or false (given 'yes')",
        "t.lua:m.n: must be a whole number in [1, 10] (given 2.5)",
        "t.lua:m.v: must have 3 numbers (given 2)",
        "t.lua:m.w[2]: must be a number (given 'x')",
        "t.lua:m.holes: must be a list of numbers (given a table with the key 5)",
    };
    assert_errors(&f, want, sizeof want / sizeof want[0]);
    assert_null(f.list);
    done(&f);
}

/* ----------------------------------------------------------------- labels */

static void read_labels(fixture *f, int idx)
{
    mbc_reader *r = &f->r;
    mbc_reader_table p, rules, list;
    mbc_reader_table_at(r, &p, idx, MBC_READER_LABEL, 2, "%s", "parameter 'k'");
    mbc_reader_string(r, &p, "description", MBC_READER_REQUIRED, &f->s);
    mbc_reader_string(r, &p, "symbol", 0, &f->s);
    mbc_reader_string(r, &p, "empty", MBC_READER_NONEMPTY, &f->s);
    static const char *const allowed[] = {"symbol", "empty", "rules", "names", NULL};
    mbc_reader_check_keys(r, &p, allowed, 0);
    mbc_reader_subtable(r, &p, "rules", 0, NULL, &rules);
    static const char *const rule_keys[] = {"min", NULL};
    mbc_reader_check_keys(r, &rules, rule_keys, 0);
    lua_pop(r->L, 1);
    size_t n = 0;
    mbc_reader_list(r, &p, "names", 0, NULL, &list, &n);
    for (size_t i = 1; i <= n; i++)
        mbc_reader_string_at(r, &list, i, &f->s);
}

/* Label naming (spec entries): "FILE:LINE: LABEL: 'key' rule", the table's
 * line for getters, the key's own line for unknown keys, sorted. */
static void test_getters_with_labels(void **state)
{
    (void)state;
    fixture f;
    const char *text = "return {\n"
                       "  symbol = 1, empty = '',\n"
                       "  zeta = 1, alpha = 2,\n"
                       "  rules = { max = 3 },\n"
                       "  names = { 'a', 4 },\n"
                       "}";
    assert_int_equal(read_text(&f, text, 0, 1, read_labels), MBC_OK);
    const char *want[] = {
        "t.lua:2: parameter 'k': missing 'description'",
        "t.lua:2: parameter 'k': 'symbol' must be a string (given 1)",
        "t.lua:2: parameter 'k': 'empty' must not be empty (given '')",
        "t.lua:3: parameter 'k': unknown key 'alpha' (allowed: symbol, empty, rules, names)",
        "t.lua:3: parameter 'k': unknown key 'zeta' (allowed: symbol, empty, rules, names)",
        "t.lua:4: parameter 'k': rules: unknown key 'max' (allowed: min)",
        "t.lua:5: parameter 'k': names[2] must be a string (given 4)",
    };
    assert_errors(&f, want, sizeof want / sizeof want[0]);
    done(&f);
}

/* ----------------------------------------------------------- key lines */

static void read_nothing(fixture *f, int idx)
{
    (void)f;
    (void)idx;
}

static void test_key_lines(void **state)
{
    (void)state;
    fixture f;
    const char *text = "local mass_x = 1 -- mass = 0 in a comment is a match\n"
                       "return {\n"
                       "  name = \"ball\", mass == 2,\n"
                       "  mass = 3,\n"
                       "  list = { \"mass\" },\n"
                       "}";
    assert_int_equal(read_text(&f, "return {}", 0, 0, read_nothing), MBC_OK);
    mbc_reader_free(&f.r);
    assert_int_equal(mbc_reader_init(&f.r, mbc_sandbox_state(f.sb), "t.lua", text, strlen(text), 0),
                     MBC_OK);
    /* `mass =`: not inside mass_x, not `==`; from line 2 on */
    assert_int_equal(mbc_reader_key_line(&f.r, "mass", 1), 1);
    assert_int_equal(mbc_reader_key_line(&f.r, "mass", 2), 4);
    assert_int_equal(mbc_reader_key_line(&f.r, "nowhere", 3), 3);
    /* a list entry "mass": the whole word */
    assert_int_equal(mbc_reader_word_line(&f.r, "mass", 5), 5);
    /* the line of name = "ball" */
    assert_int_equal(mbc_reader_value_line(&f.r, "ball", 1), 3);
    /* without a text: the line given */
    mbc_reader bare;
    assert_int_equal(mbc_reader_init(&bare, mbc_sandbox_state(f.sb), "t.lua", NULL, 0, 0), MBC_OK);
    assert_int_equal(mbc_reader_key_line(&bare, "mass", 6), 6);
    mbc_reader_free(&bare);
    done(&f);
}

/* --------------------------------------------------- element lines */

static void read_elements(fixture *f, int idx)
{
    mbc_reader *r = &f->r;
    mbc_reader_table root, ball;
    mbc_reader_table_at(r, &root, idx, MBC_READER_PATH, 1, "%s", "");
    mbc_reader_subtable(r, &root, "ball", MBC_READER_REQUIRED, NULL, &ball);
    mbc_reader_numbers(r, &ball, "position", MBC_READER_FINITE, 3, f->numbers);
    mbc_reader_number_list(r, &ball, "path", MBC_READER_FINITE, NULL, &f->list, &f->count);
    mbc_reader_numbers(r, &ball, "velocity", 0, 2, f->numbers);
    mbc_reader_number(r, &ball, "mass", MBC_READER_FINITE, NULL, &f->x);
    lua_pop(r->L, 1);
}

/* With MBC_READER_KEY_LINES an element's error ("position[3]") points at
 * the line of `position =`, like the list's own errors, not at the line of
 * the table that holds it (the source has no line of an element). */
static void test_element_errors_point_at_the_key(void **state)
{
    (void)state;
    fixture f;
    const char *text = "return {\n"                      /* 1 */
                       "  ball = {\n"                    /* 2 */
                       "    mass = 0 / 0,\n"             /* 3 */
                       "\n"                              /* 4 */
                       "    position = {0, 0, 1 / 0},\n" /* 5 */
                       "    path = {1, 2,\n"             /* 6 */
                       "            3, 'x'},\n"          /* 7 */
                       "    velocity = {1, true},\n"     /* 8 */
                       "  },\n"                          /* 9 */
                       "}";
    assert_int_equal(read_text(&f, text, MBC_READER_KEY_LINES, 1, read_elements), MBC_OK);
    const char *want[] = {
        "t.lua:5: ball.position[3]: must be finite (given inf)",
        "t.lua:6: ball.path[4]: must be a number (given 'x')",
        "t.lua:8: ball.velocity[2]: must be a number (given true)",
        "t.lua:3: ball.mass: must be finite (given nan)",
    };
    assert_errors(&f, want, sizeof want / sizeof want[0]);
    assert_null(f.list);
    done(&f);
}

/* ------------------------------------------------------------ out of memory */

static void read_raises(fixture *f, int idx)
{
    (void)idx;
    char *owned_by_caller = malloc(16); /* freed by the test: raising leaks nothing */
    f->list = (double *)(void *)owned_by_caller;
    mbc_reader_raise_nomem(&f->r);
}

/* mbc_reader_raise_nomem leaves the protected call: MBC_ERR_NOMEM, one
 * record "FILE: out of memory". */
static void test_out_of_memory(void **state)
{
    (void)state;
    fixture f;
    assert_int_equal(read_text(&f, "return {}", 0, 1, read_raises), MBC_ERR_NOMEM);
    assert_int_equal(mbc_reader_status(&f.r), MBC_ERR_NOMEM);
    assert_int_equal(f.error_count, 1);
    assert_string_equal(f.errors[0], "t.lua: out of memory");
    assert_int_equal(f.r.first.status, MBC_ERR_NOMEM);
    done(&f);
}

/* --------------------------------------------------- the sandbox's records */

static void test_run_errors_are_records(void **state)
{
    (void)state;
    mbc_sandbox *sb = mbc_sandbox_new("spec", "specs", MBC_SANDBOX_SPEC_CONSTRUCTORS);
    assert_non_null(sb);
    mbc_error err = {0};
    const char *text = "local x = 1\nerror('broken')";
    assert_int_equal(mbc_sandbox_run_chunk(sb, "s.lua", text, strlen(text), &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "s.lua:2: broken");
    assert_int_equal(err.line, 2);
    assert_string_equal(err.file, "s.lua");
    assert_string_equal(err.message + err.rule_offset, "broken");
    text = "error('no position', 0)";
    assert_int_equal(mbc_sandbox_run_chunk(sb, "s.lua", text, strlen(text), &err), MBC_ERR_INPUT);
    assert_string_equal(err.message, "s.lua: no position");
    assert_int_equal(err.line, 0);
    char *buf = NULL;
    size_t len = 0;
    assert_int_equal(
        mbc_sandbox_load_file(MBC_SOURCE_DIR "/no/such/file.lua", NULL, &buf, &len, &err),
        MBC_ERR_IO);
    assert_null(buf);
    assert_string_equal(err.message, MBC_SOURCE_DIR "/no/such/file.lua: cannot open (No such "
                                                    "file or directory)");
    mbc_sandbox_free(sb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_getters_with_paths),
        cmocka_unit_test(test_rules_and_values),
        cmocka_unit_test(test_getters_with_labels),
        cmocka_unit_test(test_key_lines),
        cmocka_unit_test(test_element_errors_point_at_the_key),
        cmocka_unit_test(test_out_of_memory),
        cmocka_unit_test(test_run_errors_are_records),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
