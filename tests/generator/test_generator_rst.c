/* SPDX-License-Identifier: BSD-3-Clause */
/* The RST emitter reproduces the seed documents byte for byte: loads
 * specs/types.lua and every spec through the mbcgen_core API, emits each
 * item into a buffer and compares it with tests/seeds/<Class>.rst. */
#include "gen_test_util.h"

#include "emit_rst.h"
#include "fileio.h"
#include "project.h"

static mbcgen_project project;
static int loaded;

static int setup(void **state)
{
    (void)state;
    gt_enter_source_dir();
    file_list specs;
    char err[1024];
    if (fileio_list_specs("specs", &specs, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    diag_list diag;
    diag_init(&diag);
    int rc = mbcgen_load(&project, "specs/types.lua", specs.paths, specs.count, &diag);
    for (size_t i = 0; i < diag.count; i++)
        fprintf(stderr, "%s\n", diag.lines[i]);
    diag_free(&diag);
    fileio_list_free(&specs);
    loaded = rc == 0;
    return rc == 0 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    if (loaded)
        mbcgen_free(&project);
    return 0;
}

static const spec_connector *find_item(const char *class_name)
{
    for (size_t i = 0; i < project.count; i++)
        if (!strcmp(project.items[i].class_name, class_name))
            return &project.items[i];
    return NULL;
}

/* Emits one class and compares it with its seed. */
static void check_seed(const char *class_name)
{
    const spec_connector *c = find_item(class_name);
    if (!c)
        fail_msg("no spec defines %s", class_name);
    char path[512];
    snprintf(path, sizeof path, "tests/seeds/%s.rst", class_name);
    size_t seed_len = 0;
    char *seed = gt_read_file(path, &seed_len);
    if (!seed)
        fail_msg("cannot read %s", path);
    strbuf sb;
    sb_init(&sb);
    emit_rst_item(c, &sb);
    size_t line = gt_compare_text(path, seed, seed_len, sb_str(&sb), sb.len);
    sb_free(&sb);
    free(seed);
    if (line)
        fail_msg("%s differs from the emitted RST at line %zu", path, line);
}

static void test_contact_friction_circle_cable_2d(void **state)
{
    (void)state;
    check_seed("ObjectContactFrictionCircleCable2D");
}

static void test_contact_sphere_sphere(void **state)
{
    (void)state;
    check_seed("ObjectContactSphereSphere");
}

static void test_contact_convex_roll(void **state)
{
    (void)state;
    check_seed("ObjectContactConvexRoll");
}

static void test_joint_ale_moving_2d(void **state)
{
    (void)state;
    check_seed("ObjectJointALEMoving2D");
}

/* Every seed has a spec and every spec has a seed: nothing is left unchecked. */
static void test_every_seed_is_covered(void **state)
{
    (void)state;
    gt_names seeds = gt_list_files("tests/seeds", 0);
    assert_int_equal(seeds.count, 4);
    for (size_t i = 0; i < seeds.count; i++) {
        char cls[256];
        snprintf(cls, sizeof cls, "%s", seeds.items[i]);
        char *dot = strstr(cls, ".rst");
        assert_non_null(dot);
        *dot = '\0';
        if (!find_item(cls))
            fail_msg("tests/seeds/%s has no spec", seeds.items[i]);
    }
    assert_int_equal(project.count, seeds.count);
    gt_names_free(&seeds);
}

/* Emitting twice gives the same bytes (no hidden state in the emitter). */
static void test_emit_is_deterministic(void **state)
{
    (void)state;
    for (size_t i = 0; i < project.count; i++) {
        strbuf a, b;
        sb_init(&a);
        sb_init(&b);
        emit_rst_item(&project.items[i], &a);
        emit_rst_item(&project.items[i], &b);
        assert_int_equal(a.len, b.len);
        assert_memory_equal(sb_str(&a), sb_str(&b), a.len);
        sb_free(&a);
        sb_free(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_contact_friction_circle_cable_2d),
        cmocka_unit_test(test_contact_sphere_sphere),
        cmocka_unit_test(test_contact_convex_roll),
        cmocka_unit_test(test_joint_ale_moving_2d),
        cmocka_unit_test(test_every_seed_is_covered),
        cmocka_unit_test(test_emit_is_deterministic),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
