/* SPDX-License-Identifier: BSD-3-Clause */
/* The naming rules of generator/naming.h and `mbcgen --print-names`
 * (argv[1] is mbcgen, argv[2] mbcgen-names, the same code compiled on its
 * own for CMake's configure step). Expected names are written out by hand;
 * the file names are also checked against the committed generated/ and
 * docs/items/ trees, which the build writes with mbcgen's own emitters. */
#include "gen_test_util.h"

#include "naming.h"

static const char *mbcgen_path, *names_path;

static void expect_snake(const char *name, const char *want)
{
    strbuf sb;
    sb_init(&sb);
    naming_snake(name, &sb);
    if (strcmp(sb_str(&sb), want) != 0)
        fail_msg("naming_snake(\"%s\") = \"%s\", want \"%s\"", name, sb_str(&sb), want);
    sb_free(&sb);
}

static void test_snake(void **state)
{
    (void)state;
    expect_snake("ContactFrictionCircleCable2D", "contact_friction_circle_cable2d");
    expect_snake("JointALEMoving2D", "joint_ale_moving2d");
    expect_snake("ContactSphereSphere", "contact_sphere_sphere");
    expect_snake("ALEJoint", "ale_joint");
    expect_snake("fooBar", "foo_bar");
    expect_snake("Foo_bar", "foo_bar");
    expect_snake("X2Y", "x2y");
    expect_snake("ABC", "abc");
    expect_snake("a", "a");
}

static void test_identifier_rules(void **state)
{
    (void)state;
    char longest[NAMING_MAX_NAME + 2];
    memset(longest, 'a', sizeof longest);
    longest[NAMING_MAX_NAME] = '\0';
    assert_true(naming_is_spec_name(longest));
    longest[NAMING_MAX_NAME] = 'a';
    longest[NAMING_MAX_NAME + 1] = '\0';
    assert_false(naming_is_spec_name(longest)); /* 64 characters */
    assert_true(naming_is_identifier(longest)); /* the shape has no length limit */

    assert_true(naming_is_identifier("_x9"));
    assert_true(naming_is_identifier("Contact2D"));
    assert_false(naming_is_identifier("9lives"));
    assert_false(naming_is_identifier("my-connectors"));
    assert_false(naming_is_identifier(""));
    assert_false(naming_is_identifier(NULL));

    assert_true(naming_is_c_keyword("int"));
    assert_true(naming_is_c_keyword("bool"));
    assert_false(naming_is_c_keyword("Int"));
    assert_false(naming_is_spec_name("while"));
    assert_true(naming_is_spec_name("While"));
}

static void test_file_names(void **state)
{
    (void)state;
    static const struct {
        void (*name)(const char *, strbuf *);
        const char *arg, *want;
    } cases[] = {
        {naming_c_source, "JointALEMoving2D", "joint_ale_moving2d.c"},
        {naming_c_header, "JointALEMoving2D", "include/mbconnect/generated/joint_ale_moving2d.h"},
        {naming_rst_page, "JointALEMoving2D", "ObjectJointALEMoving2D.rst"},
        {naming_registry_source, "demo", "demo_types.c"},
        {naming_registry_header, "demo", "include/demo_types.h"},
        {naming_registry_source, NULL, "registry.c"},
        {naming_registry_header, NULL, "include/mbconnect/generated/builtin.h"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        strbuf sb;
        sb_init(&sb);
        cases[i].name(cases[i].arg, &sb);
        assert_string_equal(sb_str(&sb), cases[i].want);
        sb_free(&sb);
    }
}

/* Runs tool --print-names with the given arguments; returns the status. */
static int print_names(const char *tool, const char *const *args, size_t n, char **out, char **err)
{
    char *argv[16];
    assert_true(n + 3 <= sizeof argv / sizeof *argv);
    argv[0] = (char *)tool;
    argv[1] = "--print-names";
    for (size_t i = 0; i < n; i++)
        argv[i + 2] = (char *)args[i];
    argv[n + 2] = NULL;
    return gt_run(argv, out, err);
}

static void test_print_names(void **state)
{
    (void)state;
    const char *args[] = {"--registry-name", "demo", "specs/JointALEMoving2D.lua",
                          "specs/types.lua", "x/ContactSphereSphere.lua"};
    const char *want =
        "type JointALEMoving2D joint_ale_moving2d joint_ale_moving2d.c "
        "include/mbconnect/generated/joint_ale_moving2d.h ObjectJointALEMoving2D.rst\n"
        "type ContactSphereSphere contact_sphere_sphere contact_sphere_sphere.c "
        "include/mbconnect/generated/contact_sphere_sphere.h ObjectContactSphereSphere.rst\n"
        "registry demo demo_types.c include/demo_types.h\n";
    const char *tools[] = {mbcgen_path, names_path};
    for (size_t t = 0; t < 2; t++) {
        char *out = NULL, *err = NULL;
        assert_int_equal(print_names(tools[t], args, 5, &out, &err), 0);
        assert_string_equal(out, want);
        assert_string_equal(err, "");
        free(out);
        free(err);
    }
}

/* The names --print-names gives for specs/ are the files the build wrote. */
static void test_print_names_match_generated(void **state)
{
    (void)state;
    gt_names specs = gt_list_files("specs", 0);
    const char *args[15];
    size_t n = 0;
    char paths[14][300];
    for (size_t i = 0; i < specs.count && n < 14; i++) {
        snprintf(paths[n], sizeof paths[n], "specs/%s", specs.items[i]);
        args[n] = paths[n];
        n++;
    }
    assert_true(n >= 4);
    char *out = NULL, *err = NULL;
    assert_int_equal(print_names(mbcgen_path, args, n, &out, &err), 0);
    size_t types = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        char kind[16], a[128], b[128], c[256], d[256], e[256];
        int got = sscanf(line, "%15s %127s %127s %255s %255s %255s", kind, a, b, c, d, e);
        char path[600];
        if (got == 6 && strcmp(kind, "type") == 0) {
            types++;
            snprintf(path, sizeof path, "generated/%s", c);
            assert_true(access(path, R_OK) == 0);
            snprintf(path, sizeof path, "generated/%s", d);
            assert_true(access(path, R_OK) == 0);
            snprintf(path, sizeof path, "docs/items/%s", e);
            assert_true(access(path, R_OK) == 0);
        } else {
            assert_int_equal(got, 4);
            assert_string_equal(kind, "registry");
            assert_string_equal(a, "-");
            snprintf(path, sizeof path, "generated/%s", b);
            assert_true(access(path, R_OK) == 0);
            snprintf(path, sizeof path, "generated/%s", c);
            assert_true(access(path, R_OK) == 0);
        }
    }
    /* one type per spec (types.lua excluded); generated/ holds one .c per
     * type plus registry.c, so no generated file is left unnamed */
    assert_int_equal(types, n - 1);
    gt_names generated = gt_list_files("generated", 0);
    size_t c_files = 0;
    for (size_t i = 0; i < generated.count; i++)
        c_files += strlen(generated.items[i]) > 2 &&
                   strcmp(generated.items[i] + strlen(generated.items[i]) - 2, ".c") == 0;
    assert_int_equal(c_files, types + 1);
    gt_names_free(&generated);
    gt_names_free(&specs);
    free(out);
    free(err);
}

static void expect_failure(const char *const *args, size_t n, int status, const char *message)
{
    const char *tools[] = {mbcgen_path, names_path};
    for (size_t t = 0; t < 2; t++) {
        char *out = NULL, *err = NULL;
        assert_int_equal(print_names(tools[t], args, n, &out, &err), status);
        assert_string_equal(err, message);
        free(out);
        free(err);
    }
}

/* Bad names: one line naming the file, the rule and the value given. */
static void test_print_names_refusals(void **state)
{
    (void)state;
    const char *bad_stem[] = {"specs/ContactSphereSphere.lua", "my/9Lives.lua"};
    expect_failure(bad_stem, 2, 1,
                   "mbcgen: my/9Lives.lua: the file name must be the connector type name, a C "
                   "identifier (a letter or '_', then letters, digits and '_', at most 63 "
                   "characters, not a C keyword) followed by .lua (given '9Lives')\n");
    const char *keyword[] = {"my/double.lua"};
    expect_failure(keyword, 1, 1,
                   "mbcgen: my/double.lua: the file name must be the connector type name, a C "
                   "identifier (a letter or '_', then letters, digits and '_', at most 63 "
                   "characters, not a C keyword) followed by .lua (given 'double')\n");
    const char *bad_registry[] = {"--registry-name", "my-types", "specs/ContactSphereSphere.lua"};
    expect_failure(bad_registry, 3, 2,
                   "mbcgen: --registry-name must be a C identifier (given 'my-types')\n");
    expect_failure(NULL, 0, 2, "mbcgen: --print-names needs at least one spec file\n");
    const char *option[] = {"--c-out", "x", "specs/ContactSphereSphere.lua"};
    expect_failure(option, 3, 2,
                   "mbcgen: --print-names takes [--registry-name NAME] SPEC... (given "
                   "'--c-out')\n");
}

/* The scaffold takes type names up to the spec's limit and no longer: a
 * 63-character name gives a project whose spec passes --check. */
static void test_scaffold_name_limit(void **state)
{
    (void)state;
    char name[NAMING_MAX_NAME + 2];
    memset(name, 'a', sizeof name);
    name[0] = 'C';
    name[NAMING_MAX_NAME + 1] = '\0'; /* 64 characters */
    char dir[] = "/tmp/mbc-test-naming-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char project[64];
    snprintf(project, sizeof project, "%s/p", dir);
    char *argv[] = {(char *)mbcgen_path, "--new-project", project, name, NULL};
    char *err = NULL;
    assert_int_equal(gt_run(argv, NULL, &err), 1);
    char want[256];
    snprintf(want, sizeof want,
             "mbcgen: the type name must be a capital letter followed by letters and digits, at "
             "most 63 characters, e.g. ConnectorFoo (given '%s')\n",
             name);
    assert_string_equal(err, want);
    free(err);
    assert_false(gt_is_dir(project));

    name[NAMING_MAX_NAME] = '\0'; /* 63 characters */
    assert_int_equal(gt_run(argv, NULL, NULL), 0);
    char spec[256];
    snprintf(spec, sizeof spec, "%s/specs/%s.lua", project, name);
    char *check[] = {(char *)mbcgen_path, "--check", "--types", "specs/types.lua", spec, NULL};
    char *out = NULL;
    assert_int_equal(gt_run(check, &out, NULL), 0);
    assert_string_equal(out, "OK: 1 spec, 6 parameters\n");
    free(out);
    gt_remove_tree(dir);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: %s MBCGEN MBCGEN_NAMES\n", argv[0]);
        return 2;
    }
    mbcgen_path = argv[1];
    names_path = argv[2];
    gt_enter_source_dir();
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_snake),
        cmocka_unit_test(test_identifier_rules),
        cmocka_unit_test(test_file_names),
        cmocka_unit_test(test_print_names),
        cmocka_unit_test(test_print_names_match_generated),
        cmocka_unit_test(test_print_names_refusals),
        cmocka_unit_test(test_scaffold_name_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
