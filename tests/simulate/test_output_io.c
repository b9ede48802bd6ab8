/* SPDX-License-Identifier: BSD-3-Clause */
/* The result files of mbc simulate (simulate/output.c) that cannot be
 * written: each failure is MBC_ERR_IO with one line naming the file, and
 * no temporary file is left behind. A directory that does not exist, a
 * directory given as the file, a device that takes no bytes (/dev/full, a
 * full disk) and a rename that fails (the directory removed during the
 * run). */
#define _POSIX_C_SOURCE 200809L

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"

/* A fresh directory of the test's own under the build tree, and a file in it. */
typedef struct place {
    char dir[512], path[600];
} place;

static place scratch(const char *name, const char *file)
{
    place at;
    snprintf(at.dir, sizeof at.dir, "%s/tests/output-io-%s-%ld", MBC_BINARY_DIR, name,
             (long)getpid());
    snprintf(at.path, sizeof at.path, "%s/%s", at.dir, file);
    mkdir(at.dir, 0777);
    return at;
}

/* st and err are the I/O failure "PATH: RULE". */
static void expect_io(mbc_status st, const mbc_error *err, const char *path, const char *rule)
{
    assert_int_equal(st, MBC_ERR_IO);
    assert_int_equal(err->status, MBC_ERR_IO);
    char want[700];
    snprintf(want, sizeof want, "%s: %s", path, rule);
    assert_string_equal(err->message, want);
}

static void test_missing_directory(void **state)
{
    (void)state;
    const place at = scratch("missing", "no/such/dir/r.csv");
    sim_out_file o;
    mbc_error err = {0};
    expect_io(sim_out_open(&o, at.path, &err), &err, at.path,
              "cannot write (directory missing or not writable)");
    assert_null(o.f);
    rmdir(at.dir);
}

static void test_directory_as_file(void **state)
{
    (void)state;
    const place at = scratch("dir", "");
    sim_out_file o;
    mbc_error err = {0};
    expect_io(sim_out_open(&o, at.dir, &err), &err, at.dir, "cannot write (a directory)");
    rmdir(at.dir);
}

static void test_full_device(void **state)
{
    (void)state;
    if (access("/dev/full", W_OK) != 0) {
        skip();
        return;
    }
    sim_out_file o;
    mbc_error err = {0};
    assert_int_equal(sim_out_open(&o, "/dev/full", &err), MBC_OK);
    assert_true(o.direct);
    for (int i = 0; i < 10000; i++)
        fputs("0.5,0.25,0.125\n", o.f);
    expect_io(sim_out_commit(&o, &err), &err, "/dev/full", "writing failed");
}

static void test_rename_fails(void **state)
{
    (void)state;
    const place at = scratch("rename", "r.json");
    sim_out_file o;
    mbc_error err = {0};
    assert_int_equal(sim_out_open(&o, at.path, &err), MBC_OK);
    assert_false(o.direct);
    fputs("{}\n", o.f);
    /* the directory goes away before the run ends: nothing can be renamed */
    assert_int_equal(remove(o.tmp), 0);
    assert_int_equal(rmdir(at.dir), 0);
    expect_io(sim_out_commit(&o, &err), &err, at.path, "writing failed (disk full?)");
    struct stat st;
    assert_int_not_equal(stat(at.dir, &st), 0); /* nothing was made again */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_missing_directory),
        cmocka_unit_test(test_directory_as_file),
        cmocka_unit_test(test_full_device),
        cmocka_unit_test(test_rename_fails),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
