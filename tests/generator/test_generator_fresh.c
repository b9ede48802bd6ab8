/* SPDX-License-Identifier: BSD-3-Clause */
/* Freshness: the committed generated files are exactly what mbcgen makes
 * from specs/ now. Runs the real mbcgen (argv[1]) from the source tree into
 * a fresh temporary directory and compares byte by byte with every file of
 * docs/items/, docs/index.rst and, once the C emitter exists, generated/
 * (recursively).
 * A stale, missing or extra committed file fails with its name (hidden
 * files such as generated/.clang-format are not generated and are ignored). */
#include "gen_test_util.h"

static const char *mbcgen_path;
static char tmp_dir[] = "/tmp/mbcgen-fresh-XXXXXX";

/* Compares one generated file with its committed copy; returns 1 when they differ. */
static int compare_file(const char *generated, const char *committed)
{
    size_t gen_len = 0, com_len = 0;
    char *gen = gt_read_file(generated, &gen_len);
    char *com = gt_read_file(committed, &com_len);
    int bad = 0;
    if (!gen) {
        fprintf(stderr, "%s: mbcgen did not write it\n", generated);
        bad = 1;
    } else if (!com) {
        fprintf(stderr, "%s: missing (mbcgen produces it; rebuild and commit it)\n", committed);
        bad = 1;
    } else if (gt_compare_text(committed, gen, gen_len, com, com_len)) {
        fprintf(stderr, "%s: stale (differs from what mbcgen writes now; rebuild and commit it)\n",
                committed);
        bad = 1;
    }
    free(gen);
    free(com);
    return bad;
}

/* Compares every file under gen_dir with committed_dir and reports extra
 * committed files. Returns the number of problems. */
static int compare_tree(const char *gen_dir, const char *committed_dir, int recursive)
{
    int bad = 0;
    gt_names gen = gt_list_files(gen_dir, recursive);
    gt_names com = gt_list_files(committed_dir, recursive);
    for (size_t i = 0; i < gen.count; i++) {
        char a[4096], b[4096];
        snprintf(a, sizeof a, "%s/%s", gen_dir, gen.items[i]);
        snprintf(b, sizeof b, "%s/%s", committed_dir, gen.items[i]);
        bad += compare_file(a, b);
    }
    for (size_t i = 0; i < com.count; i++) {
        /* hidden files (e.g. generated/.clang-format) are handwritten settings */
        const char *base = strrchr(com.items[i], '/');
        base = base ? base + 1 : com.items[i];
        if (base[0] == '.')
            continue;
        if (!gt_names_has(&gen, com.items[i])) {
            fprintf(stderr, "%s/%s: extra file that mbcgen does not produce (remove it)\n",
                    committed_dir, com.items[i]);
            bad++;
        }
    }
    gt_names_free(&gen);
    gt_names_free(&com);
    return bad;
}

/* Does this mbcgen know --c-out? (the usage text lists it) */
static int mbcgen_has_c_out(void)
{
    char *argv[] = {(char *)mbcgen_path, "--help", NULL};
    char *out = NULL;
    int rc = gt_run(argv, &out, NULL);
    int has = rc == 0 && out && strstr(out, "--c-out") != NULL;
    free(out);
    return has;
}

static int setup(void **state)
{
    (void)state;
    gt_enter_source_dir();
    if (!mkdtemp(tmp_dir)) {
        fprintf(stderr, "mkdtemp: %s\n", strerror(errno));
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    gt_remove_tree(tmp_dir);
    return 0;
}

static void test_committed_files_are_fresh(void **state)
{
    (void)state;
    char items[4200], index[4200], gen[4200];
    snprintf(items, sizeof items, "%s/items", tmp_dir);
    snprintf(index, sizeof index, "%s/index.rst", tmp_dir);
    snprintf(gen, sizeof gen, "%s/generated", tmp_dir);
    int with_c = gt_is_dir("generated") && mbcgen_has_c_out();
    char *argv[12];
    int n = 0;
    argv[n++] = (char *)mbcgen_path;
    argv[n++] = "--specs";
    argv[n++] = "specs";
    argv[n++] = "--rst-out";
    argv[n++] = items;
    argv[n++] = "--index";
    argv[n++] = index;
    if (with_c) {
        argv[n++] = "--c-out";
        argv[n++] = gen;
    }
    argv[n] = NULL;
    char *err = NULL;
    int rc = gt_run(argv, NULL, &err);
    if (rc != 0)
        fail_msg("mbcgen exited with %d:\n%s", rc, err ? err : "");
    free(err);

    int bad = 0;
    gt_names produced = gt_list_files(items, 0);
    if (produced.count == 0) {
        fprintf(stderr, "mbcgen wrote no RST item\n");
        bad++;
    }
    gt_names_free(&produced);
    bad += compare_tree(items, "docs/items", 0);
    bad += compare_file(index, "docs/index.rst");
    if (with_c) {
        /* until the C emitter writes anything, both sides are empty */
        bad += compare_tree(gen, "generated", 1);
    }
    if (bad)
        fail_msg("%d generated file(s) are stale, missing or extra; run the build "
                 "(it regenerates them) and commit docs/ and generated/",
                 bad);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s PATH-TO-MBCGEN\n", argv[0]);
        return 2;
    }
    mbcgen_path = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_committed_files_are_fresh),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
