/* SPDX-License-Identifier: BSD-3-Clause */
/* The plugin search path (mbconnect/plugin.h): a plugin name without '/'
 * is looked up in the directories of MBC_PLUGIN_PATH, then the installed
 * plugin directory, as DIR/NAME, DIR/NAME.so, DIR/libNAME.so, DIR/libNAME
 * (NAME ending in .so); the first directory with a match wins; a name found
 * nowhere goes to dlopen's own search (LD_LIBRARY_PATH, set by CMake to the
 * build's lib/) and else fails with one line naming the directories.
 *
 * The test makes two directories of links to the test plugins under
 * SEARCH_ROOT (a build directory):
 *   a/libwalton.so -> circles (ContactCircleCircle2D)
 *   a/broken.so    -> the plugin without an entry point
 *   b/walton       -> the ABI 2 plugin (OldPairSpring)
 * The type a load adds tells which file it found. */
#define _POSIX_C_SOURCE 200809L /* setenv, symlink */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "mbconnect/mbconnect.h"

#define DIR_A SEARCH_ROOT "/a"
#define DIR_B SEARCH_ROOT "/b"

static void make_dir(const char *dir)
{
    assert_true(mkdir(dir, 0755) == 0 || errno == EEXIST);
}

static void make_link(const char *target, const char *link)
{
    unlink(link); /* a link of an earlier run */
    assert_int_equal(symlink(target, link), 0);
}

static int make_dirs(void **state)
{
    (void)state;
    make_dir(SEARCH_ROOT);
    make_dir(DIR_A);
    make_dir(DIR_B);
    make_link(PLUGIN_CIRCLES, DIR_A "/libwalton.so");
    make_link(PLUGIN_NO_ENTRY, DIR_A "/broken.so");
    make_link(PLUGIN_ABI2, DIR_B "/walton");
    return 0;
}

/* Loads name into a fresh registry of no types; returns its status, and
 * the one type it added in *type (NULL on failure). */
static mbc_status load(const char *name, const char **type, const char **origin, mbc_error *err)
{
    static mbc_registry r; /* plugins stay loaded: their registry may as well */
    mbc_registry_init_empty(&r);
    mbc_status st = mbc_registry_load_plugin(&r, name, err);
    *type =
        st == MBC_OK && mbc_registry_size(&r) == 1 ? mbc_registry_entry(&r, 0)->type_name : NULL;
    *origin = st == MBC_OK ? mbc_registry_origin(&r, 0) : NULL;
    return st;
}

/* `walton`, `walton.so` and `libwalton.so` all find a/libwalton.so; a name
 * with '/' is a path as before. Runs first: the file the loader keeps for
 * the circles plugin is then a/libwalton.so. */
static void test_names_found_in_a_directory(void **state)
{
    (void)state;
    assert_int_equal(setenv("MBC_PLUGIN_PATH", DIR_A, 1), 0);
    const char *names[] = {"walton", "walton.so", "libwalton.so", DIR_A "/libwalton.so"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        mbc_error err = {0};
        const char *type, *origin;
        assert_int_equal(load(names[i], &type, &origin, &err), MBC_OK);
        assert_string_equal(type, "ContactCircleCircle2D");
        assert_string_equal(origin, DIR_A "/libwalton.so");
    }
}

/* The first directory with a match wins, whatever the form: a/libwalton.so
 * before b/walton, and b/walton before a/libwalton.so. Empty entries are
 * skipped. */
static void test_first_directory_wins(void **state)
{
    (void)state;
    mbc_error err = {0};
    const char *type, *origin;
    assert_int_equal(setenv("MBC_PLUGIN_PATH", DIR_A ":" DIR_B, 1), 0);
    assert_int_equal(load("walton", &type, &origin, &err), MBC_OK);
    assert_string_equal(type, "ContactCircleCircle2D");
    assert_int_equal(setenv("MBC_PLUGIN_PATH", "::" DIR_B "::" DIR_A ":", 1), 0);
    assert_int_equal(load("walton", &type, &origin, &err), MBC_OK);
    assert_string_equal(type, "OldPairSpring");
    assert_string_equal(origin, DIR_B "/walton");
    /* b has no libwalton.so: the name form goes on to a */
    assert_int_equal(load("libwalton.so", &type, &origin, &err), MBC_OK);
    assert_string_equal(type, "ContactCircleCircle2D");
}

/* A file found but not a plugin: the error names the file found. */
static void test_found_file_named_in_errors(void **state)
{
    (void)state;
    mbc_error err = {0};
    const char *type, *origin;
    assert_int_equal(setenv("MBC_PLUGIN_PATH", DIR_B ":" DIR_A, 1), 0);
    assert_int_equal(load("broken", &type, &origin, &err), MBC_ERR_NAME);
    assert_string_equal(err.message, DIR_A "/broken.so: not an mbconnect plugin (no entry point "
                                           "mbc_plugin_entry)");
}

/* A name in no directory: dlopen's own search (LD_LIBRARY_PATH has the
 * build's lib/, where the step plugin is), else one line naming the
 * directories searched and the loader's reason. */
static void test_name_found_nowhere(void **state)
{
    (void)state;
    mbc_error err = {0};
    const char *type, *origin;
    assert_int_equal(setenv("MBC_PLUGIN_PATH", DIR_A ":" DIR_B, 1), 0);
    assert_int_equal(load("libmbc_test_step_plugin.so", &type, &origin, &err), MBC_OK);
    assert_string_equal(type, "StepProbe");

    assert_int_equal(load("no_such_plugin", &type, &origin, &err), MBC_ERR_NAME);
    assert_string_equal(err.message,
                        "no_such_plugin: cannot load plugin (not in the plugin search path " DIR_A
                        ":" DIR_B ":" INSTALLED_PLUGIN_DIR "; the dynamic loader: cannot open "
                        "shared object file: No such file or directory)");
    assert_null(strchr(err.message, '\n'));

    /* a name is not looked up in the current directory; the line says how
     * to load the file there */
    char cwd[4096];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(DIR_A), 0);
    assert_int_equal(setenv("MBC_PLUGIN_PATH", DIR_B, 1), 0);
    assert_int_equal(load("broken.so", &type, &origin, &err), MBC_ERR_NAME);
    assert_int_equal(chdir(cwd), 0);
    assert_string_equal(err.message,
                        "broken.so: cannot load plugin (not in the plugin search path " DIR_B
                        ":" INSTALLED_PLUGIN_DIR "; the dynamic loader: cannot open shared object "
                        "file: No such file or directory); the file of the current directory is "
                        "./broken.so");
}

/* mbc_plugin_search_path: MBC_PLUGIN_PATH's non-empty entries, then the
 * installed directory; snprintf's contract for the buffer. */
static void test_search_path_text(void **state)
{
    (void)state;
    char buf[256];
    const char *dir = INSTALLED_PLUGIN_DIR;
    size_t n = strlen(dir);
    assert_int_equal(unsetenv("MBC_PLUGIN_PATH"), 0);
    assert_int_equal(mbc_plugin_search_path(buf, sizeof buf), n);
    assert_string_equal(buf, dir);
    assert_int_equal(setenv("MBC_PLUGIN_PATH", "", 1), 0);
    assert_int_equal(mbc_plugin_search_path(buf, sizeof buf), n);
    assert_string_equal(buf, dir);

    assert_int_equal(setenv("MBC_PLUGIN_PATH", ":/x::/yy:", 1), 0);
    assert_int_equal(mbc_plugin_search_path(buf, sizeof buf), 7 + n);
    char want[256];
    snprintf(want, sizeof want, "/x:/yy:%s", dir);
    assert_string_equal(buf, want);
    /* truncated: at most size - 1 characters and a '\0'; the whole length */
    assert_int_equal(mbc_plugin_search_path(NULL, 0), 7 + n);
    memset(buf, '#', sizeof buf);
    assert_int_equal(mbc_plugin_search_path(buf, 0), 7 + n);
    assert_int_equal(buf[0], '#');
    assert_int_equal(mbc_plugin_search_path(buf, 1), 7 + n);
    assert_string_equal(buf, "");
    assert_int_equal(mbc_plugin_search_path(buf, 3), 7 + n);
    assert_string_equal(buf, "/x");
    assert_int_equal(buf[3], '#');
    assert_int_equal(mbc_plugin_search_path(buf, 4), 7 + n);
    assert_string_equal(buf, "/x:");
    assert_int_equal(mbc_plugin_search_path(buf, 8), 7 + n);
    assert_memory_equal(buf, want, 7);
    assert_int_equal(buf[7], '\0');
    assert_int_equal(mbc_plugin_search_path(buf, 7 + n), 7 + n);
    assert_int_equal(strlen(buf), 6 + n);
    assert_memory_equal(buf, want, 6 + n);
    assert_int_equal(mbc_plugin_search_path(buf, 8 + n), 7 + n);
    assert_string_equal(buf, want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_found_in_a_directory),
        cmocka_unit_test(test_first_directory_wins),
        cmocka_unit_test(test_found_file_named_in_errors),
        cmocka_unit_test(test_name_found_nowhere),
        cmocka_unit_test(test_search_path_text),
    };
    return cmocka_run_group_tests(tests, make_dirs, NULL);
}
