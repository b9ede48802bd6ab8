/* SPDX-License-Identifier: BSD-3-Clause */
/* mbcgen --compat: for each kind of spec change a small old/new pair of spec
 * directories (a base spec ContactDemo and one edit of it, with the real
 * specs/types.lua or an edit of it) is written under the build tree and
 * compared; the exact report lines and the counts of breaking changes and
 * compatible additions are asserted. argv[1] is the mbcgen executable, whose
 * exit status and summary line are checked for a breaking, a compatible and
 * an invalid pair. Runs from the source tree (reads specs/types.lua). */
#include "generator/gen_test_util.h"

#include "compat.h"

static const char *mbcgen_path;

static const char base_spec[] =
    "return connector {\n"
    "  type = \"ContactDemo\",\n"
    "  description = \"A demo connector.\",\n"
    "  provides = { \"Connector\" },\n"
    "  markers = { { \"Position\" }, { \"Position\" } },\n"
    "  nodes = { \"GenericData\" },\n"
    "  hooks = { \"initialize\", \"forces\", \"post_newton_step\", \"outputs\" },\n"
    "  parameters = {\n"
    "    param \"markerNumbers\" { type = \"ArrayMarkerIndex\", size = 2, rules = { must_be_set = "
    "true }, description = \"markers\" },\n"
    "    param \"nodeNumber\" { type = \"NodeIndex\", description = \"data node\" },\n"
    "    param \"stiffness\" { type = \"UReal\", default = 1, description = \"stiffness\" },\n"
    "    param \"damping\" { type = \"UReal\", default = 0, description = \"damping\" },\n"
    "    param \"offset\" { type = \"Vector3D\", default = {0, 0, 0}, description = \"offset\" },\n"
    "    param \"table\" { type = \"NumpyVector\", default = {}, description = \"table\" },\n"
    "    param \"friction\" { type = \"UReal\", default = 0, description = \"friction\" },\n"
    "    param \"useFriction\" { type = \"Bool\", default = false, description = \"use\" },\n"
    "  },\n"
    "  visualization = {\n"
    "    param \"show\" { type = \"Bool\", default = true, description = \"show\" },\n"
    "  },\n"
    "  outputs = {\n"
    "    output \"Force\" { size = 3, description = \"force\" },\n"
    "    output \"Distance\" { size = 1, description = \"distance\" },\n"
    "  },\n"
    "  data = {\n"
    "    coordinate \"gap\" { initial = 0.1, description = \"gap\" },\n"
    "  },\n"
    "  theory = [[x]],\n"
    "}\n";

/* text with the first occurrence of from replaced by to (from must occur); caller frees. */
static char *replaced(const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    if (!at)
        fail_msg("edit target not found: %s", from);
    size_t n = strlen(text) - strlen(from) + strlen(to) + 1;
    char *out = malloc(n);
    assert_non_null(out);
    snprintf(out, n, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
    return out;
}

static void write_text(const char *dir, const char *name, const char *text)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(text, 1, strlen(text), f), strlen(text));
    assert_int_equal(fclose(f), 0);
}

/* Writes ROOT/NAME/{old,new}/ : types.lua (types_edit applied to the new one
 * when given) and the spec files. new_spec NULL: no spec in new/; new_name is
 * the new spec's type (file stem). */
static void write_pair(const char *name, const char *new_spec, const char *new_name,
                       const char *types_from, const char *types_to, char *old_dir, char *new_dir,
                       size_t size)
{
    char root[1024];
    snprintf(root, sizeof root, "%s/compat-test/%s", MBC_BINARY_DIR, name);
    gt_remove_tree(root);
    snprintf(old_dir, size, "%s/old", root);
    snprintf(new_dir, size, "%s/new", root);
    char cmd[16384];
    snprintf(cmd, sizeof cmd, "mkdir -p '%s' '%s'", old_dir, new_dir);
    assert_int_equal(system(cmd), 0);
    char *types = gt_read_file("specs/types.lua", NULL);
    assert_non_null(types);
    write_text(old_dir, "types.lua", types);
    if (types_from) {
        char *t = replaced(types, types_from, types_to);
        write_text(new_dir, "types.lua", t);
        free(t);
    } else {
        write_text(new_dir, "types.lua", types);
    }
    free(types);
    write_text(old_dir, "ContactDemo.lua", base_spec);
    if (new_spec) {
        char file[256];
        snprintf(file, sizeof file, "%s.lua", new_name);
        write_text(new_dir, file, new_spec);
    }
}

/* Compares the spec directories old_dir and new_dir; asserts the report and
 * the counts (diagnostics are printed). */
static void check_dirs(const char *old_dir, const char *new_dir, const char *report,
                       size_t breaking, size_t compatible)
{
    compat_result r = {99, 99};
    strbuf out;
    diag_list diag;
    sb_init(&out);
    diag_init(&diag);
    mbc_status st = compat_compare_dirs(old_dir, new_dir, &r, &out, &diag);
    for (size_t i = 0; i < diag.count; i++)
        print_error("%s\n", diag.lines[i]);
    assert_int_equal(st, MBC_OK);
    assert_string_equal(sb_str(&out), report);
    assert_int_equal(r.breaking, breaking);
    assert_int_equal(r.compatible, compatible);
    sb_free(&out);
    diag_free(&diag);
}

/* Compares base_spec with one edit of it; asserts the report and the counts. */
static void check_edit(const char *name, const char *from, const char *to, const char *report,
                       size_t breaking, size_t compatible)
{
    char old_dir[4096], new_dir[4096];
    char *spec = from ? replaced(base_spec, from, to) : strdup(base_spec);
    assert_non_null(spec);
    write_pair(name, spec, "ContactDemo", NULL, NULL, old_dir, new_dir, sizeof old_dir);
    free(spec);
    check_dirs(old_dir, new_dir, report, breaking, compatible);
}

static void test_unchanged(void **state)
{
    (void)state;
    check_edit("unchanged", NULL, NULL, "", 0, 0);
}

static void test_type_removed_or_renamed(void **state)
{
    (void)state;
    char old_dir[4096], new_dir[4096];
    char *spec = replaced(base_spec, "\"ContactDemo\"", "\"ContactDemoRenamed\"");
    write_pair("type_renamed", spec, "ContactDemoRenamed", NULL, NULL, old_dir, new_dir,
               sizeof old_dir);
    free(spec);
    check_dirs(old_dir, new_dir,
               "ContactDemo: connector type removed or renamed\n"
               "ContactDemoRenamed: connector type added (compatible)\n",
               1, 1);
}

static void test_parameter_removed_or_renamed(void **state)
{
    (void)state;
    check_edit("param_renamed", "param \"damping\"", "param \"dampingCoefficient\"",
               "ContactDemo: parameter 'damping' removed or renamed\n"
               "ContactDemo: parameter 'dampingCoefficient' added with default 0. (compatible)\n",
               1, 1);
    check_edit("vparam_removed",
               "    param \"show\" { type = \"Bool\", default = true, description = \"show\" },\n",
               "", "ContactDemo: visualization parameter 'show' removed or renamed\n", 1, 0);
}

static void test_output_removed_or_resized(void **state)
{
    (void)state;
    check_edit("output_removed",
               "    output \"Distance\" { size = 1, description = \"distance\" },\n", "",
               "ContactDemo: output 'Distance' removed or renamed\n", 1, 0);
    check_edit("output_size", "output \"Force\" { size = 3", "output \"Force\" { size = 2",
               "ContactDemo: output 'Force': size changed (3 -> 2)\n", 1, 0);
}

static void test_parameter_type_size_default_role(void **state)
{
    (void)state;
    check_edit("param_type", "param \"damping\" { type = \"UReal\"",
               "param \"damping\" { type = \"Real\"",
               "ContactDemo: parameter 'damping': type changed (UReal -> Real)\n", 1, 0);
    check_edit("param_size", "type = \"ArrayMarkerIndex\", size = 2",
               "type = \"ArrayMarkerIndex\", size = 3",
               "ContactDemo: parameter 'markerNumbers': size changed (2 -> 3)\n", 1, 0);
    check_edit("param_default", "type = \"UReal\", default = 1", "type = \"UReal\", default = 2",
               "ContactDemo: parameter 'stiffness': default changed (1. -> 2.)\n", 1, 0);
    check_edit("vector_default", "default = {0, 0, 0}", "default = {0, 0, 1}",
               "ContactDemo: parameter 'offset': default changed ([0.,0.,0.] -> [0.,0.,1.])\n", 1,
               0);
    check_edit("param_role", "default = 0, description = \"damping\"",
               "default = 0, role = \"derived\", description = \"damping\"",
               "ContactDemo: parameter 'damping': role changed (input -> derived)\n", 1, 0);
}

static void test_rules_tightened(void **state)
{
    (void)state;
    check_edit("must_be_set", "param \"nodeNumber\" { type = \"NodeIndex\",",
               "param \"nodeNumber\" { type = \"NodeIndex\", rules = { must_be_set = true },",
               "ContactDemo: parameter 'nodeNumber': rule tightened (must_be_set added)\n", 1, 0);
    check_edit("positive_when", "default = 0, description = \"friction\"",
               "default = 0, rules = { positive_when = \"useFriction\" }, description = "
               "\"friction\"",
               "ContactDemo: parameter 'friction': rule tightened (positive_when 'none' -> "
               "'useFriction')\n",
               1, 0);
    check_edit("min_length", "default = {}, description = \"table\"",
               "default = {}, rules = { min_length = 2, non_decreasing = true }, "
               "description = \"table\"",
               "ContactDemo: parameter 'table': rule tightened (min_length 0 -> 2)\n"
               "ContactDemo: parameter 'table': rule tightened (non_decreasing added)\n",
               2, 0);
    check_edit("check_hook", "default = 1, description = \"stiffness\"",
               "default = 1, rules = { check = \"demo_check_stiffness\", check_text = \"k > "
               "0\" }, description = \"stiffness\"",
               "ContactDemo: parameter 'stiffness': rule tightened (check 'none' -> "
               "'demo_check_stiffness')\n",
               1, 0);
    check_edit("range", "default = 1, description = \"stiffness\"",
               "default = 1, rules = { range = \"(0, 10]\" }, description = \"stiffness\"",
               "ContactDemo: parameter 'stiffness': rule tightened (range none -> in (0, 10])\n", 1,
               0);
    check_edit("one_of", "default = 0, description = \"damping\"",
               "default = 0, rules = { one_of = { 0, 1 } }, description = \"damping\"",
               "ContactDemo: parameter 'damping': rule tightened (one_of changed)\n", 1, 0);
    check_edit("required", "default = 0, description = \"friction\"",
               "default = 0, rules = { range = \"(0, inf)\", required = \"set it\" }, "
               "description = \"friction\"",
               "ContactDemo: parameter 'friction': rule tightened (range none -> > 0)\n"
               "ContactDemo: parameter 'friction': rule tightened (required added: the default "
               "must be set)\n",
               2, 0);
    check_edit("marker_type", "markers = { { \"Position\" }, { \"Position\" } }",
               "markers = { { \"Position\" }, { \"Position\", \"Orientation\" } }",
               "ContactDemo: rule tightened (marker m1 must also be 'Orientation')\n", 1, 0);
}

/* types.lua: UReal becomes > 0 (as PReal): the registry entry and every
 * UReal parameter of the spec are reported; damping and friction then need a
 * default > 0 too, which is a default change. */
static void test_type_rule_tightened(void **state)
{
    (void)state;
    char old_dir[4096], new_dir[4096];
    char *s1 = replaced(base_spec, "default = 0, description = \"damping\"",
                        "default = 1, description = \"damping\"");
    char *s2 = replaced(s1, "default = 0, description = \"friction\"",
                        "default = 1, description = \"friction\"");
    write_pair("type_rule", s2, "ContactDemo", "type \"UReal\" { value = \"real\", min = 0,",
               "type \"UReal\" { value = \"real\", min = 0, exclusive = true,", old_dir, new_dir,
               sizeof old_dir);
    free(s1);
    free(s2);
    check_dirs(
        old_dir, new_dir,
        "types.lua: parameter type 'UReal': value rule tightened (>= 0 -> > 0)\n"
        "ContactDemo: parameter 'stiffness': rule tightened (value >= 0 -> > 0, type UReal in "
        "types.lua)\n"
        "ContactDemo: parameter 'damping': default changed (0. -> 1.)\n"
        "ContactDemo: parameter 'damping': rule tightened (value >= 0 -> > 0, type UReal in "
        "types.lua)\n"
        "ContactDemo: parameter 'friction': default changed (0. -> 1.)\n"
        "ContactDemo: parameter 'friction': rule tightened (value >= 0 -> > 0, type UReal in "
        "types.lua)\n",
        6, 0);
}

static void test_data_layout_changed(void **state)
{
    (void)state;
    check_edit("data", "coordinate \"gap\" { initial = 0.1, description = \"gap\" },\n",
               "coordinate \"gap\" { initial = 0.1, description = \"gap\" },\n"
               "    coordinate \"slip\" { initial = 0, description = \"slip\" },\n",
               "ContactDemo: data coordinates changed (gap -> gap, slip)\n", 1, 0);
}

/* Additions: a parameter with a valid default and an output are compatible;
 * a new parameter that must be set breaks existing users. */
static void test_additions(void **state)
{
    (void)state;
    check_edit("additions", "  },\n  visualization",
               "    param \"restitution\" { type = \"UReal\", default = 0.5, description = \"e\" "
               "},\n  },\n  visualization",
               "ContactDemo: parameter 'restitution' added with default 0.5 (compatible)\n", 0, 1);
    check_edit("output_added", "  outputs = {\n",
               "  outputs = {\n    output \"Velocity\" { size = 3, description = \"v\" },\n",
               "ContactDemo: output 'Velocity' added (compatible)\n", 0, 1);
    check_edit("needs_setting", "  },\n  visualization",
               "    param \"bodyNumber\" { type = \"NodeIndex\", rules = { must_be_set = true }, "
               "description = \"b\" },\n  },\n  visualization",
               "ContactDemo: parameter 'bodyNumber' added without a valid default (must_be_set)\n",
               1, 0);
}

/* The command line: exit status 1 and the summary for a breaking pair, 0 for
 * a compatible one, 2 with the loader's message for an invalid one. */
static void test_command_line(void **state)
{
    (void)state;
    char old_dir[4096], new_dir[4096];
    char *out = NULL, *err = NULL;

    check_edit("cli_breaking", "output \"Force\" { size = 3", "output \"Force\" { size = 2",
               "ContactDemo: output 'Force': size changed (3 -> 2)\n", 1, 0);
    snprintf(old_dir, sizeof old_dir, "%s/compat-test/cli_breaking/old", MBC_BINARY_DIR);
    snprintf(new_dir, sizeof new_dir, "%s/compat-test/cli_breaking/new", MBC_BINARY_DIR);
    char *argv[] = {(char *)mbcgen_path, "--compat", old_dir, new_dir, NULL};
    assert_int_equal(gt_run(argv, &out, &err), 1);
    char want[16384];
    snprintf(want, sizeof want,
             "ContactDemo: output 'Force': size changed (3 -> 2)\n"
             "mbcgen --compat %s %s: 1 breaking change, 0 compatible additions\n",
             old_dir, new_dir);
    assert_string_equal(out, want);
    assert_string_equal(err, "");
    free(out);
    free(err);

    check_edit("cli_compatible", "  outputs = {\n",
               "  outputs = {\n    output \"Velocity\" { size = 3, description = \"v\" },\n",
               "ContactDemo: output 'Velocity' added (compatible)\n", 0, 1);
    snprintf(old_dir, sizeof old_dir, "%s/compat-test/cli_compatible/old", MBC_BINARY_DIR);
    snprintf(new_dir, sizeof new_dir, "%s/compat-test/cli_compatible/new", MBC_BINARY_DIR);
    assert_int_equal(gt_run(argv, &out, &err), 0);
    snprintf(want, sizeof want,
             "ContactDemo: output 'Velocity' added (compatible)\n"
             "mbcgen --compat %s %s: 0 breaking changes, 1 compatible addition\n",
             old_dir, new_dir);
    assert_string_equal(out, want);
    free(out);
    free(err);

    /* an invalid new spec: the loader's message, status 2, no report */
    write_pair("cli_invalid", "return connector { type = \"ContactDemo\" }\n", "ContactDemo", NULL,
               NULL, old_dir, new_dir, sizeof old_dir);
    assert_int_equal(gt_run(argv, &out, &err), 2);
    assert_string_equal(out, "");
    assert_non_null(strstr(err, "/new/ContactDemo.lua:1: connector: missing 'description'"));
    snprintf(want, sizeof want,
             "mbcgen --compat: cannot compare %s with %s: both must load without errors "
             "(given 1 error, above)\n",
             old_dir, new_dir);
    assert_non_null(strstr(err, want));
    free(out);
    free(err);

    char *usage_argv[] = {(char *)mbcgen_path, "--compat", old_dir, NULL};
    assert_int_equal(gt_run(usage_argv, NULL, NULL), 2);
}

/* The real specs compared with themselves: nothing to report. */
static void test_real_specs_unchanged(void **state)
{
    (void)state;
    check_dirs("specs", "specs", "", 0, 0);
}

/* A directory that does not exist: MBC_ERR_IO, one record naming it and the
 * system's reason (ENOENT), the invalid one an MBC_ERR_INPUT record. */
static void test_status_of_failures(void **state)
{
    (void)state;
    compat_result r = {99, 99};
    strbuf out;
    diag_list diag;
    sb_init(&out);
    diag_init(&diag);
    char missing[4096];
    snprintf(missing, sizeof missing, "%s/compat-test/no-such-dir", MBC_BINARY_DIR);
    assert_int_equal(compat_compare_dirs(missing, "specs", &r, &out, &diag), MBC_ERR_IO);
    assert_int_equal(diag.count, 1);
    assert_int_equal(diag.errors[0].status, MBC_ERR_IO);
    char want[4200];
    snprintf(want, sizeof want, "%s: cannot open directory (No such file or directory)", missing);
    assert_string_equal(diag.lines[0], want);
    assert_int_equal(r.breaking, 99); /* untouched */
    diag_free(&diag);

    char old_dir[4096], new_dir[4096];
    diag_init(&diag);
    write_pair("status_invalid", "return connector { type = \"ContactDemo\" }\n", "ContactDemo",
               NULL, NULL, old_dir, new_dir, sizeof old_dir);
    assert_int_equal(compat_compare_dirs(old_dir, new_dir, &r, &out, &diag), MBC_ERR_INPUT);
    assert_true(diag.count >= 1);
    assert_int_equal(diag.errors[0].status, MBC_ERR_INPUT);
    assert_int_equal(diag.errors[0].line, 1);
    assert_string_equal(sb_str(&out), "");
    sb_free(&out);
    diag_free(&diag);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: test_compat MBCGEN\n");
        return 2;
    }
    mbcgen_path = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unchanged),
        cmocka_unit_test(test_type_removed_or_renamed),
        cmocka_unit_test(test_parameter_removed_or_renamed),
        cmocka_unit_test(test_output_removed_or_resized),
        cmocka_unit_test(test_parameter_type_size_default_role),
        cmocka_unit_test(test_rules_tightened),
        cmocka_unit_test(test_type_rule_tightened),
        cmocka_unit_test(test_data_layout_changed),
        cmocka_unit_test(test_additions),
        cmocka_unit_test(test_command_line),
        cmocka_unit_test(test_real_specs_unchanged),
        cmocka_unit_test(test_status_of_failures),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
