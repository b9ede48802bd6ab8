/* SPDX-License-Identifier: BSD-3-Clause */
/* mbcgen --jobs N (argv[1] is the mbcgen executable), run from the source
 * tree: the same stdout, stderr, exit status and written files for 1 and 4
 * workers, (a) on the bad-spec corpus tests/specs-bad (whose diagnostics,
 * in input order, are the concatenation of the cases' .expected files) and (b) on 100 renamed
 * copies of the real specs (a smaller cousin of mbc-bench-gen (c)); (c) a bad --jobs value is one
 * clear line and status 2. */
#include "gen_test_util.h"

#define COPIES 25 /* per real spec: 100 specs, 25 per worker at --jobs 4 */

static const char *mbcgen_path;

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* Runs mbcgen with `args` (NULL-terminated) after "--jobs N"; returns rc. */
static int run_jobs(const char *jobs, char *const *args, char **out, char **err)
{
    char *argv[600];
    size_t n = 0;
    argv[n++] = (char *)mbcgen_path;
    argv[n++] = "--jobs";
    argv[n++] = (char *)jobs;
    for (size_t i = 0; args[i] && n + 1 < sizeof argv / sizeof argv[0]; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    return gt_run(argv, out, err);
}

/* (a) every bad spec in one --check run */
static void test_bad_corpus_same_for_1_and_4(void **state)
{
    (void)state;
    gt_names files = gt_list_files("tests/specs-bad", 0);
    char **args = calloc(files.count + 4, sizeof *args);
    assert_non_null(args);
    size_t n = 0;
    args[n++] = "--check";
    args[n++] = "--types";
    args[n++] = "specs/types.lua";
    /* the expected diagnostics: each case's own .expected, in input order */
    size_t exp_cap = 1 << 20, exp_len = 0;
    char *expected = calloc(exp_cap, 1);
    assert_non_null(expected);
    for (size_t i = 0; i < files.count; i++) {
        if (!ends_with(files.items[i], ".lua"))
            continue;
        char path[4096], exp_path[4096];
        snprintf(path, sizeof path, "tests/specs-bad/%s", files.items[i]);
        snprintf(exp_path, sizeof exp_path, "tests/specs-bad/%.*s.expected",
                 (int)(strlen(files.items[i]) - 4), files.items[i]);
        size_t len = 0;
        char *e = gt_read_file(exp_path, &len);
        assert_non_null(e);
        assert_true(exp_len + len < exp_cap);
        memcpy(expected + exp_len, e, len);
        exp_len += len;
        free(e);
        args[n++] = strdup(path);
    }
    args[n] = NULL;
    assert_true(n > 40);
    char *out1 = NULL, *err1 = NULL, *out4 = NULL, *err4 = NULL;
    int rc1 = run_jobs("1", args, &out1, &err1);
    int rc4 = run_jobs("4", args, &out4, &err4);
    assert_int_equal(rc1, 1);
    assert_int_equal(rc4, 1);
    assert_non_null(out1);
    assert_non_null(err1);
    assert_non_null(out4);
    assert_non_null(err4);
    assert_string_equal(out1, "");
    assert_string_equal(out4, "");
    if (gt_compare_text("stderr of --jobs 4 against --jobs 1", err1, strlen(err1), err4,
                        strlen(err4)))
        fail();
    if (gt_compare_text("stderr against the .expected files", expected, exp_len, err1,
                        strlen(err1)))
        fail();
    for (size_t i = 3; i < n; i++)
        free(args[i]);
    free(args);
    free(expected);
    free(out1);
    free(err1);
    free(out4);
    free(err4);
    gt_names_free(&files);
}

/* Writes COPIES renamed copies of specs/STEM.lua (type "STEM" -> "STEM_NNN") to dir. */
static void write_copies(const char *stem, const char *dir)
{
    char path[8400], key[300];
    snprintf(path, sizeof path, "specs/%s.lua", stem);
    char *text = gt_read_file(path, NULL);
    assert_non_null(text);
    snprintf(key, sizeof key, "type = \"%s\"", stem);
    const char *at = strstr(text, key);
    assert_non_null(at);
    for (int k = 0; k < COPIES; k++) {
        snprintf(path, sizeof path, "%s/%s_%03d.lua", dir, stem, k);
        FILE *o = fopen(path, "wb");
        assert_non_null(o);
        fwrite(text, 1, (size_t)(at - text), o);
        fprintf(o, "type = \"%s_%03d\"", stem, k);
        fputs(at + strlen(key), o);
        fclose(o);
    }
    free(text);
}

/* (b) 100 specs written by 1 and by 4 workers: the same files, byte for byte */
static void test_copies_same_for_1_and_4(void **state)
{
    (void)state;
    char dir[] = "/tmp/mbc-test-jobs-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char specs[100], o1[100], o4[100], types[200];
    snprintf(specs, sizeof specs, "%s/specs", dir);
    assert_int_equal(mkdir(specs, 0777), 0);
    gt_names real = gt_list_files("specs", 0);
    size_t stems = 0;
    for (size_t i = 0; i < real.count; i++) {
        if (!ends_with(real.items[i], ".lua") || !strcmp(real.items[i], "types.lua"))
            continue;
        char stem[256];
        snprintf(stem, sizeof stem, "%.*s", (int)(strlen(real.items[i]) - 4), real.items[i]);
        write_copies(stem, specs);
        stems++;
    }
    assert_true(stems >= 4);
    snprintf(types, sizeof types, "%s/types.lua", specs);
    char *types_text = gt_read_file("specs/types.lua", NULL);
    assert_non_null(types_text);
    FILE *t = fopen(types, "wb");
    assert_non_null(t);
    fputs(types_text, t);
    fclose(t);
    free(types_text);

    const char *jobs[2] = {"1", "4"};
    char *outs[2] = {o1, o4};
    for (int r = 0; r < 2; r++) {
        snprintf(outs[r], 100, "%s/out%s", dir, jobs[r]);
        char rst[200], index[200], c[200];
        snprintf(rst, sizeof rst, "%s/rst", outs[r]);
        snprintf(index, sizeof index, "%s/index.rst", outs[r]);
        snprintf(c, sizeof c, "%s/c", outs[r]);
        char *args[] = {"--specs", specs, "--rst-out", rst, "--index", index, "--c-out", c, NULL};
        char *out = NULL, *err = NULL;
        assert_int_equal(run_jobs(jobs[r], args, &out, &err), 0);
        assert_non_null(out);
        assert_non_null(err);
        assert_string_equal(out, "");
        assert_string_equal(err, "");
        free(out);
        free(err);
    }
    gt_names f1 = gt_list_files(o1, 1), f4 = gt_list_files(o4, 1);
    /* an RST page, a header and a source per spec; index, registry.c, builtin.h */
    assert_int_equal(f1.count, 3 * COPIES * stems + 3);
    assert_int_equal(f4.count, f1.count);
    for (size_t i = 0; i < f1.count; i++) {
        assert_string_equal(f1.items[i], f4.items[i]);
        char p1[4400], p4[4400];
        snprintf(p1, sizeof p1, "%s/%s", o1, f1.items[i]);
        snprintf(p4, sizeof p4, "%s/%s", o4, f4.items[i]);
        size_t n1 = 0, n4 = 0;
        char *a = gt_read_file(p1, &n1), *b = gt_read_file(p4, &n4);
        assert_non_null(a);
        assert_non_null(b);
        assert_true(n1 > 0);
        if (gt_compare_text(f1.items[i], a, n1, b, n4))
            fail();
        free(a);
        free(b);
    }
    gt_names_free(&f1);
    gt_names_free(&f4);
    gt_names_free(&real);
    gt_remove_tree(dir);
}

/* (c) --jobs takes a whole number from 1 up */
static void test_bad_jobs_value(void **state)
{
    (void)state;
    char *args[] = {"--check", "tests/specs-bad/unknown_type.lua", NULL};
    const char *bad[] = {"0", "x", "2x", "-3", "100000"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *err = NULL;
        assert_int_equal(run_jobs(bad[i], args, NULL, &err), 2);
        assert_non_null(err);
        char want[200];
        snprintf(want, sizeof want,
                 "mbcgen: --jobs must be a whole number from 1 to 64 (given '%s')\n", bad[i]);
        assert_string_equal(err, want);
        free(err);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s MBCGEN\n", argv[0]);
        return 2;
    }
    mbcgen_path = argv[1];
    gt_enter_source_dir();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_corpus_same_for_1_and_4),
        cmocka_unit_test(test_copies_same_for_1_and_4),
        cmocka_unit_test(test_bad_jobs_value),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
