/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbcgen --check` (argv[1] is the mbcgen executable), run from the source
 * tree: exit status 1 and the expected diagnostic on stderr for a malformed
 * spec; exit status 0 and no output for the real specs; exit status 0
 * and notes for a spec with units in brackets without "SI:". */
#include "gen_test_util.h"

static const char *mbcgen_path;

static void test_bad_spec_fails(void **state)
{
    (void)state;
    char *argv[] = {(char *)mbcgen_path,
                    "--check",
                    "--types",
                    "specs/types.lua",
                    "tests/specs-bad/unknown_type.lua",
                    NULL};
    char *out = NULL, *err = NULL;
    int rc = gt_run(argv, &out, &err);
    char *expected = gt_read_file("tests/specs-bad/unknown_type.expected", NULL);
    assert_non_null(expected);
    assert_non_null(err);
    assert_int_equal(rc, 1);
    if (!strstr(err, expected))
        fail_msg("stderr does not contain the expected line\nexpected: %sstderr: %s", expected,
                 err);
    assert_non_null(strstr(err, "tests/specs-bad/unknown_type.lua:10: parameter "
                                "'contactStiffness': unknown type 'UFloat' (known: "));
    assert_string_equal(out, "");
    free(expected);
    free(out);
    free(err);
}

/* Several bad files: every file's problems are reported, status 1. */
static void test_all_bad_files_reported(void **state)
{
    (void)state;
    char *argv[] = {(char *)mbcgen_path,
                    "--check",
                    "--types",
                    "specs/types.lua",
                    "tests/specs-bad/duplicate_param.lua",
                    "tests/specs-bad/default_nan.lua",
                    NULL};
    char *err = NULL;
    int rc = gt_run(argv, NULL, &err);
    assert_int_equal(rc, 1);
    assert_non_null(err);
    assert_non_null(strstr(err, "tests/specs-bad/duplicate_param.lua:12:"));
    assert_non_null(strstr(err, "tests/specs-bad/default_nan.lua:10:"));
    free(err);
}

/* Every spec in specs/ (types.lua beside them is found automatically). */
static void test_good_specs_pass(void **state)
{
    (void)state;
    gt_names specs = gt_list_files("specs", 0);
    char **argv = calloc(specs.count + 3, sizeof *argv);
    assert_non_null(argv);
    int n = 0;
    argv[n++] = (char *)mbcgen_path;
    argv[n++] = "--check";
    for (size_t i = 0; i < specs.count; i++) {
        size_t len = strlen(specs.items[i]);
        if (len < 5 || strcmp(specs.items[i] + len - 4, ".lua") ||
            !strcmp(specs.items[i], "types.lua"))
            continue;
        char *path = malloc(len + 7);
        assert_non_null(path);
        snprintf(path, len + 7, "specs/%s", specs.items[i]);
        argv[n++] = path;
    }
    argv[n] = NULL;
    assert_true(n >= 6); /* the four seed types at least */
    char *out = NULL, *err = NULL;
    int rc = gt_run(argv, &out, &err);
    for (int i = 2; i < n; i++)
        free(argv[i]);
    free(argv);
    gt_names_free(&specs);
    if (rc != 0)
        fail_msg("mbcgen --check on specs/ exited with %d:\n%s", rc, err ? err : "");
    assert_string_equal(err, "");
    /* one line: every spec file given (n - 2 of them), and at least one
     * parameter each */
    size_t specs_ok = 0, params = 0;
    int used = 0;
    assert_int_equal(sscanf(out, "OK: %zu specs, %zu parameters\n%n", &specs_ok, &params, &used),
                     2);
    assert_int_equal(specs_ok, (size_t)(n - 2));
    assert_true(params >= specs_ok);
    assert_int_equal((size_t)used, strlen(out));
    free(out);
    free(err);
}

/* Units in brackets without "SI:" are text (a 1.0 spec stays accepted):
 * status 0 and the OK line, and on stderr one note per description's
 * bracket that reads as a unit, naming the checked form; "[0]" is no
 * unit and gets none. */
static void test_bare_unit_notes(void **state)
{
    (void)state;
    char *argv[] = {(char *)mbcgen_path,
                    "--check",
                    "--types",
                    "specs/types.lua",
                    "tests/specs-notes/NoteSpec.lua",
                    NULL};
    char *out = NULL, *err = NULL;
    assert_int_equal(gt_run(argv, &out, &err), 0);
    assert_string_equal(out, "OK: 1 spec, 3 parameters\n");
    assert_string_equal(
        err, "tests/specs-notes/NoteSpec.lua:13: note: parameter 'contactStiffness': [N/m] is "
             "text, not a checked unit (describe, JSON, Python and the docs show no unit); "
             "write [SI:N/m]\n"
             "tests/specs-notes/NoteSpec.lua:15: note: parameter 'softStiffness': [N/mm] is "
             "text, not a checked unit (describe, JSON, Python and the docs show no unit); "
             "write it in SI, [SI:N/m] (1 N/mm = 1000 N/m)\n");
    free(out);
    free(err);
}

static void test_bad_argument(void **state)
{
    (void)state;
    char *argv[] = {(char *)mbcgen_path, "--no-such-option", NULL};
    char *err = NULL;
    assert_int_equal(gt_run(argv, NULL, &err), 2);
    assert_non_null(err);
    assert_non_null(strstr(err, "unknown argument '--no-such-option'"));
    free(err);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s PATH-TO-MBCGEN\n", argv[0]);
        return 2;
    }
    mbcgen_path = argv[1];
    gt_enter_source_dir();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_spec_fails),  cmocka_unit_test(test_all_bad_files_reported),
        cmocka_unit_test(test_good_specs_pass), cmocka_unit_test(test_bare_unit_notes),
        cmocka_unit_test(test_bad_argument),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
