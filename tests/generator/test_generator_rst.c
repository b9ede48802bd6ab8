/* SPDX-License-Identifier: BSD-3-Clause */
/* The RST emitter reproduces the seed documents byte for byte: loads
 * specs/types.lua and every spec through the mbcgen_core API, emits each
 * item into a buffer and compares it with tests/seeds/<Class>.rst. */
#include "gen_test_util.h"

#include <ctype.h>

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
    mbc_error err = {0};
    if (fileio_list_specs("specs", &specs, &err) != MBC_OK) {
        fprintf(stderr, "%s\n", err.message);
        return -1;
    }
    diag_list diag;
    diag_init(&diag);
    mbc_status st = mbcgen_load(&project, "specs/types.lua", specs.paths, specs.count, &diag);
    for (size_t i = 0; i < diag.count; i++)
        fprintf(stderr, "%s\n", diag.lines[i]);
    diag_free(&diag);
    fileio_list_free(&specs);
    loaded = st == MBC_OK;
    return st == MBC_OK ? 0 : -1;
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
    gt_names_free(&seeds);
}

/* Every page, seeded or not (a type added from a spec has no seed): the
 * anchor, the title with its underline, every parameter, visualization
 * parameter and output variable listed, every section underline as long as
 * its title; and the committed docs/items/<Class>.rst is what the emitter
 * writes now (freshness). */
static void check_page(const spec_connector *c, const char *text, size_t len)
{
    char buf[1024];
    char lower[256];
    size_t n = strlen(c->class_name);
    for (size_t i = 0; i <= n && i < sizeof lower; i++)
        lower[i] = (char)tolower((unsigned char)c->class_name[i]);
    snprintf(buf, sizeof buf, "\n\n.. _sec-item-%s:\n\n%s\n", lower, c->class_name);
    if (len < strlen(buf) || memcmp(text, buf, strlen(buf)) != 0)
        fail_msg("%s: the page does not start with its anchor and title", c->class_name);
    const char *underline = text + strlen(buf);
    for (size_t i = 0; i < n; i++)
        if (underline[i] != '=')
            fail_msg("%s: the title underline is not %zu '='", c->class_name, n);
    if (underline[n] != '\n')
        fail_msg("%s: the title underline is longer than the title", c->class_name);
    for (size_t i = 0; i < c->param_count; i++) {
        snprintf(buf, sizeof buf, "* | **%s** [", c->params[i].name);
        if (!strstr(text, buf))
            fail_msg("%s: parameter %s is not listed", c->class_name, c->params[i].name);
    }
    for (size_t i = 0; i < c->vparam_count; i++) {
        snprintf(buf, sizeof buf, "* | **%s** [", c->vparams[i].name);
        if (!strstr(text, buf))
            fail_msg("%s: visualization parameter %s is not listed", c->class_name,
                     c->vparams[i].name);
    }
    for (size_t i = 0; i < c->output_count; i++) {
        if (!c->outputs[i].in_reference)
            continue;   /* the site's page lists it (test_docs_site_pages) */
        char name[256]; /* RST escapes '_' */
        size_t k = 0;
        for (const char *q = c->outputs[i].name; *q && k + 2 < sizeof name; q++) {
            if (*q == '_')
                name[k++] = '\\';
            name[k++] = *q;
        }
        name[k] = '\0';
        snprintf(buf, sizeof buf, "* | ``%s``\\ : ", name);
        if (!strstr(text, buf))
            fail_msg("%s: output %s is not listed", c->class_name, c->outputs[i].name);
    }
    snprintf(buf, sizeof buf, "\nDESCRIPTION of %s\n", c->class_name);
    if (!strstr(text, buf))
        fail_msg("%s: no DESCRIPTION section", c->class_name);
    /* section titles: a line of '-', '=' or '^' right under a text line */
    const char *prev = NULL, *line = text;
    while (line < text + len) {
        const char *end = memchr(line, '\n', (size_t)(text + len - line));
        if (!end)
            end = text + len;
        size_t l = (size_t)(end - line);
        if (prev && l > 0 && strspn(line, "-=^") >= l && (size_t)(line - 1 - prev) > 0 &&
            (size_t)(line - 1 - prev) != l)
            fail_msg("%s: underline of '%.*s' has %zu characters", c->class_name,
                     (int)(line - 1 - prev), prev, l);
        prev = line;
        line = end + 1;
    }
}

static void test_every_page_has_its_structure_and_is_fresh(void **state)
{
    (void)state;
    assert_true(project.count >= 4);
    for (size_t i = 0; i < project.count; i++) {
        const spec_connector *c = &project.items[i];
        strbuf sb;
        sb_init(&sb);
        emit_rst_item(c, &sb);
        check_page(c, sb_str(&sb), sb.len);
        char path[512];
        snprintf(path, sizeof path, "docs/items/%s.rst", c->class_name);
        size_t len = 0;
        char *committed = gt_read_file(path, &len);
        if (!committed)
            fail_msg("%s is missing (build to regenerate docs/items/)", path);
        if (len != sb.len || memcmp(committed, sb_str(&sb), len) != 0)
            fail_msg("%s is stale: rebuild and commit the regenerated page", path);
        free(committed);
        sb_free(&sb);
    }
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
        cmocka_unit_test(test_every_page_has_its_structure_and_is_fresh),
        cmocka_unit_test(test_emit_is_deterministic),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
