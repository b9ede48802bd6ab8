/* SPDX-License-Identifier: BSD-3-Clause */
/* The malformed-spec corpus: every tests/specs-bad/NAME.lua must fail to
 * load, without crashing, with exactly the diagnostics in NAME.expected.
 *
 * Cases are loaded with spec_connector_load (types from specs/types.lua);
 * cases named project_*.lua are checked across files (file stem equals the
 * type name, unique type names) and so go through mbcgen_load. The working
 * directory is the source tree, so messages name tests/specs-bad/NAME.lua.
 *
 * To add a case: write NAME.lua, run
 *   build/bin/mbcgen --check --types specs/types.lua tests/specs-bad/NAME.lua 2>
 * tests/specs-bad/NAME.expected and read the message: it must name the file, the line, the field,
 * the rule and the value given. */
#include "gen_test_util.h"

#include "fileio.h"
#include "loader.h"
#include "project.h"
#include "sandbox.h"
#include "spec_types_load.h"

#define BAD_DIR     "tests/specs-bad"
#define MIN_CASES   24
#define ESCAPE_FILE "/tmp/mbc-sandbox-escaped"

static spec_type_registry types;

static int setup(void **state)
{
    (void)state;
    gt_enter_source_dir();
    diag_list diag;
    diag_init(&diag);
    mbc_status st = spec_types_load(&types, "specs/types.lua", &diag);
    for (size_t i = 0; i < diag.count; i++)
        fprintf(stderr, "%s\n", diag.lines[i]);
    diag_free(&diag);
    return st == MBC_OK ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    spec_types_free(&types);
    return 0;
}

/* The diagnostics as mbcgen prints them: one line each, newline-terminated. */
static char *join_diag(const diag_list *d, size_t *len)
{
    strbuf sb;
    sb_init(&sb);
    for (size_t i = 0; i < d->count; i++) {
        sb_puts(&sb, d->lines[i]);
        sb_putc(&sb, '\n');
    }
    *len = sb.len;
    return sb_take(&sb);
}

static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Loads one case and compares with its .expected; returns 1 on a problem.
 * box: a spec sandbox shared with the other cases (as mbcgen_load shares
 * one), or NULL for a sandbox of its own. */
static int check_case(const char *path, mbc_sandbox *box)
{
    char expected_path[1024];
    size_t n = strlen(path);
    snprintf(expected_path, sizeof expected_path, "%.*s.expected", (int)(n - 4), path);
    size_t exp_len = 0;
    char *expected = gt_read_file(expected_path, &exp_len);
    if (!expected) {
        fprintf(stderr, "%s: missing %s\n", path, expected_path);
        return 1;
    }
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;

    diag_list diag;
    diag_init(&diag);
    mbc_status st;
    if (starts_with(base, "project_")) {
        mbcgen_project project;
        char *paths[] = {(char *)path};
        st = mbcgen_load(&project, "specs/types.lua", paths, 1, &diag);
        if (st == MBC_OK)
            mbcgen_free(&project);
    } else {
        spec_connector c;
        st = box ? spec_connector_load_file(&c, box, &types, path, &diag)
                 : spec_connector_load(&c, &types, path, &diag);
        if (st == MBC_OK)
            spec_connector_free(&c);
    }
    size_t act_len = 0;
    char *actual = join_diag(&diag, &act_len);
    int bad = 0;
    if (st != MBC_ERR_INPUT) { /* a malformed spec is an input error */
        fprintf(stderr, "%s: loading returned status %d, expected MBC_ERR_INPUT (%d)%s\n", path,
                (int)st, (int)MBC_ERR_INPUT,
                st == MBC_OK ? " (the malformed spec was accepted)" : "");
        bad = 1;
    }
    if (diag.count == 0) {
        fprintf(stderr, "%s: no diagnostic\n", path);
        bad = 1;
    }
    if (gt_compare_text(expected_path, expected, exp_len, actual, act_len)) {
        fprintf(stderr, "%s: diagnostics differ from %s; full output:\n%s", path, expected_path,
                actual);
        bad = 1;
    }
    free(actual);
    free(expected);
    diag_free(&diag);
    return bad;
}

/* Every case alone (shared = 0), or all in one sandbox one after another,
 * each followed by a valid spec (shared = 1): a spec that escapes, loops,
 * exhausts memory or sets globals leaves nothing behind that changes the
 * next spec's diagnostics or result. */
static void run_corpus(int shared)
{
    unlink(ESCAPE_FILE);
    file_list cases;
    mbc_error err = {0};
    if (fileio_list_specs(BAD_DIR, &cases, &err) != MBC_OK)
        fail_msg("%s", err.message);
    mbc_sandbox *box = shared ? loader_sandbox_new() : NULL;
    assert_true(!shared || box);
    int bad = 0;
    for (size_t i = 0; i < cases.count; i++) {
        bad += check_case(cases.paths[i], box);
        if (box) {
            diag_list diag;
            diag_init(&diag);
            spec_connector c;
            assert_int_equal(
                spec_connector_load_file(&c, box, &types, "specs/ContactSphereSphere.lua", &diag),
                0);
            assert_string_equal(c.type_name, "ContactSphereSphere");
            spec_connector_free(&c);
            diag_free(&diag);
        }
    }
    mbc_sandbox_free(box);
    size_t count = cases.count;
    fileio_list_free(&cases);
    if (count < MIN_CASES)
        fail_msg("only %zu cases in %s (at least %d expected)", count, BAD_DIR, MIN_CASES);
    if (bad)
        fail_msg("%d of %zu malformed specs were not rejected as expected", bad, count);
    /* os.execute("touch " ESCAPE_FILE) in sandbox_os_execute.lua must not have run */
    assert_int_not_equal(access(ESCAPE_FILE, F_OK), 0);
}

static void test_corpus(void **state)
{
    (void)state;
    run_corpus(0);
}

static void test_corpus_one_sandbox(void **state)
{
    (void)state;
    run_corpus(1);
}

/* Every .expected belongs to a case (no stale expectation left behind). */
static void test_no_orphan_expected(void **state)
{
    (void)state;
    gt_names files = gt_list_files(BAD_DIR, 0);
    int bad = 0;
    for (size_t i = 0; i < files.count; i++) {
        const char *f = files.items[i];
        size_t n = strlen(f);
        if (n > 9 && !strcmp(f + n - 9, ".expected")) {
            char lua[1024];
            snprintf(lua, sizeof lua, "%.*s.lua", (int)(n - 9), f);
            if (!gt_names_has(&files, lua)) {
                fprintf(stderr, "%s/%s has no %s\n", BAD_DIR, f, lua);
                bad++;
            }
        }
    }
    gt_names_free(&files);
    assert_int_equal(bad, 0);
}

/* A file over the size limit is refused before Lua sees it. */
static void test_file_size_limit(void **state)
{
    (void)state;
    size_t len = (size_t)MBC_SANDBOX_MAX_FILE_BYTES + 1;
    char *buf = malloc(len);
    assert_non_null(buf);
    memset(buf, '-', len); /* one long comment line */
    diag_list diag;
    diag_init(&diag);
    spec_connector c;
    assert_int_equal(spec_connector_load_buffer(&c, &types, "big.lua", buf, len, &diag),
                     MBC_ERR_INPUT);
    assert_int_equal(diag.count, 1);
    char want[256];
    snprintf(want, sizeof want, "big.lua: file is larger than the limit of %d bytes (%zu bytes)",
             MBC_SANDBOX_MAX_FILE_BYTES, len);
    assert_string_equal(diag.lines[0], want);
    diag_free(&diag);
    free(buf);
}

/* A missing file is a diagnostic, not a crash. */
static void test_missing_file(void **state)
{
    (void)state;
    diag_list diag;
    diag_init(&diag);
    spec_connector c;
    assert_int_equal(spec_connector_load(&c, &types, BAD_DIR "/does_not_exist.lua", &diag),
                     MBC_ERR_IO);
    assert_int_equal(diag.count, 1);
    assert_string_equal(diag.lines[0],
                        BAD_DIR "/does_not_exist.lua: cannot open (No such file or directory)");
    diag_free(&diag);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_corpus),
        cmocka_unit_test(test_corpus_one_sandbox),
        cmocka_unit_test(test_no_orphan_expected),
        cmocka_unit_test(test_file_size_limit),
        cmocka_unit_test(test_missing_file),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
