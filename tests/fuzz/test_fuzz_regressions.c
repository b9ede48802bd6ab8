/* SPDX-License-Identifier: BSD-3-Clause */
/* Replays the committed fuzz inputs through the fuzz targets' own entry
 * points (fuzz_spec.c, fuzz_case.c, fuzz_eval.c, fuzz_scene.c compiled
 * without libFuzzer)
 * in the normal build, so the default, sanitize and memcheck runs check
 * them too: every reproducer in tests/fuzz/regressions/<target>/ (one file
 * per crash the fuzzers found; see README.md there), every seed in
 * tests/fuzz/corpus/<target>/ and in the directories of seed_dirs.txt. An input fails the test by
 * aborting (a violated invariant, a NaN/Inf result, a sanitizer report). */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <math.h>
#include <setjmp.h>
#include <cmocka.h>

#include "mbconnect/contact_laws.h"

int fuzz_spec_one(const uint8_t *data, size_t size);
int fuzz_case_one(const uint8_t *data, size_t size);
int fuzz_eval_one(const uint8_t *data, size_t size);
int fuzz_scene_one(const uint8_t *data, size_t size);

typedef int (*entry_fn)(const uint8_t *data, size_t size);

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static unsigned char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap)
            break;
        unsigned char *bigger = realloc(buf, cap *= 2);
        if (!bigger)
            free(buf);
        buf = bigger;
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Runs every regular file of dir (sorted; with lua_only, the *.lua ones)
 * through fn; returns the count. */
static size_t replay_dir(const char *dir, entry_fn fn, int lua_only)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    char **names = NULL;
    size_t count = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        if (e->d_name[0] == '.' || strcmp(e->d_name, "README.md") == 0 ||
            (lua_only && (len < 4 || strcmp(e->d_name + len - 4, ".lua") != 0)))
            continue;
        if (count == cap) {
            cap = cap ? 2 * cap : 64;
            char **bigger = realloc(names, cap * sizeof *names);
            assert_non_null(bigger);
            names = bigger;
        }
        names[count] = malloc(strlen(dir) + strlen(e->d_name) + 2);
        assert_non_null(names[count]);
        sprintf(names[count], "%s/%s", dir, e->d_name);
        count++;
    }
    closedir(d);
    if (count)
        qsort(names, count, sizeof *names, by_name);
    for (size_t i = 0; i < count; i++) {
        size_t len = 0;
        unsigned char *buf = read_all(names[i], &len);
        if (!buf)
            fail_msg("cannot read %s", names[i]);
        fprintf(stderr, "replay %s (%zu bytes)\n", names[i], len);
        fn(buf, len);
        free(buf);
        free(names[i]);
    }
    free(names);
    return count;
}

/* The *.lua seeds of the directories tests/fuzz/seed_dirs.txt names for target. */
static size_t replay_seed_dirs(const char *target, entry_fn fn)
{
    FILE *f = fopen(MBC_SOURCE_DIR "/tests/fuzz/seed_dirs.txt", "r");
    assert_non_null(f);
    char line[512], name[64], rel[400];
    size_t count = 0;
    while (fgets(line, sizeof line, f))
        if (line[0] != '#' && sscanf(line, "%63s %399s", name, rel) == 2 &&
            strcmp(name, target) == 0) {
            char dir[1024];
            snprintf(dir, sizeof dir, "%s/%s", MBC_SOURCE_DIR, rel);
            size_t n = replay_dir(dir, fn, 1);
            if (n == 0)
                fail_msg("seed directory %s has no *.lua file", rel);
            count += n;
        }
    fclose(f);
    return count;
}

static void replay(const char *target, entry_fn fn, size_t min_corpus)
{
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/tests/fuzz/corpus/%s", MBC_SOURCE_DIR, target);
    size_t seeds = replay_dir(dir, fn, 0) + replay_seed_dirs(target, fn);
    snprintf(dir, sizeof dir, "%s/tests/fuzz/regressions/%s", MBC_SOURCE_DIR, target);
    size_t reproducers = replay_dir(dir, fn, 0);
    fprintf(stderr, "%s: %zu seeds, %zu reproducers\n", target, seeds, reproducers);
    assert_true(seeds >= min_corpus);
}

static void test_fuzz_spec(void **state)
{
    (void)state;
    replay("fuzz_spec", fuzz_spec_one, 60);
}

static void test_fuzz_case(void **state)
{
    (void)state;
    replay("fuzz_case", fuzz_case_one, 10);
}

static void test_fuzz_eval(void **state)
{
    (void)state;
    replay("fuzz_eval", fuzz_eval_one, 4);
}

static void test_fuzz_scene(void **state)
{
    (void)state;
    replay("fuzz_scene", fuzz_scene_one, 13);
}

/* fuzz_eval finding 1 (regressions/fuzz_eval/sphere_sphere_plastic_overlap_inf.bin,
 * found before exponents were limited to [1, 3] in the physical regime):
 * lambda_p >= 1 with a tiny exponent made lambda_p^(1/n_exp) overflow. */
static void test_plastic_overlap_domain(void **state)
{
    (void)state;
    assert_true(mbc_eapm_plastic_overlap(2.0, 1e-6, 0.01, 0.25) == 0.25);
    assert_true(mbc_eapm_plastic_overlap(1.0, 1e-6, 0.01, 0.25) == 0.25);
    assert_true(isfinite(mbc_eapm_plastic_overlap(0.99, 1e-6, 0.01, 0.0)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fuzz_spec),
        cmocka_unit_test(test_fuzz_case),
        cmocka_unit_test(test_fuzz_eval),
        cmocka_unit_test(test_fuzz_scene),
        cmocka_unit_test(test_plastic_overlap_domain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
