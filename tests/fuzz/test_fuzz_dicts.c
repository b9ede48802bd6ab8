/* SPDX-License-Identifier: BSD-3-Clause */
/* The fuzz dictionaries (tests/fuzz/dict/fuzz_{spec,case,scene}.dict) name
 * every key and name the readers accept. The accepted names are asked from
 * the readers themselves, not from their source: each reader is given a
 * file with an unknown key (or name) in one table, and its one-line message
 * lists what that table allows ("(allowed: ...)", "(known: ...)", "must be
 * a, b or c"). Every table of the spec language (connector, param, rules,
 * doc, output, coordinate, data, quantity, references, invariants,
 * rigid_zero, the type registry), of case files (top level of each marker
 * kind, parameters of every registered type, visualization, markers,
 * cables, ale) and of scene files (top level, solver, every body, marker,
 * element and sensor type, connectors) is asked. A missing entry fails the
 * test and is printed in the dictionary's syntax, ready to paste. The case
 * and scene checks read the dictionaries the build writes (the committed
 * file and the registry's type, parameter and output names: registry_dict.c),
 * so a format key is missing from tests/fuzz/dict/ and a type's name from
 * the registry. */
#include "../generator/gen_test_util.h"

#include "hostile.h"
#include "mbconnect/case.h"
#include "project.h"
#include "sandbox.h"
#include "scene.h"
#include "spec_types_load.h"

#define FULL   "tests/fuzz/hostile/FullConnector.lua"
#define SS     "tests/fuzz/corpus/fuzz_case/every_key_sphere_sphere.lua"
#define CABLE  "tests/fuzz/corpus/fuzz_case/every_key_cable_element_ale.lua"
#define POINTS "tests/fuzz/corpus/fuzz_case/every_key_cable_points.lua"
#define ALE    "examples/cases/ale_joint_curved.lua"

static char tmp_dir[] = "/tmp/mbc-dicts-XXXXXX";

/* The build's directory of the case and scene dictionaries (argv[1]): the
 * committed format keys and the registry's names (registry_dict.c). */
static const char *built_dicts;

static int setup(void **state)
{
    (void)state;
    gt_enter_source_dir();
    return mkdtemp(tmp_dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    gt_remove_tree(tmp_dir);
    return 0;
}

/* ------------------------------------------------------------ dictionaries */

typedef struct dict {
    const char *file;
    char **words;
    size_t count;
    size_t missing;
} dict;

/* Reads the "..." entries (with \" and \\ escapes) of a libFuzzer dictionary. */
static dict dict_load(const char *path)
{
    dict d = {path, NULL, 0, 0};
    size_t len = 0;
    char *text = gt_read_file(path, &len);
    assert_non_null(text);
    d.words = calloc(len + 1, sizeof *d.words);
    assert_non_null(d.words);
    for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
        char *q = strchr(line, '"');
        if (line[0] == '#' || !q)
            continue;
        char *w = malloc(strlen(q) + 1), *o = w;
        assert_non_null(w);
        for (char *p = q + 1; *p && *p != '"'; p++)
            *o++ = *p == '\\' && p[1] ? *++p : *p;
        *o = '\0';
        d.words[d.count++] = w;
    }
    free(text);
    return d;
}

/* The path of a dictionary the build wrote (fuzz_case.dict, fuzz_scene.dict). */
static const char *built_path(char *path, size_t size, const char *name)
{
    snprintf(path, size, "%s/%s", built_dicts, name);
    return path;
}

static void dict_free(dict *d)
{
    for (size_t i = 0; i < d->count; i++)
        free(d->words[i]);
    free(d->words);
}

/* Every word must be in the dictionary; `from` says where it came from. */
static void need(dict *d, const char *word, const char *from)
{
    if (!word[0])
        return;
    for (size_t i = 0; i < d->count; i++)
        if (strcmp(d->words[i], word) == 0)
            return;
    d->missing++;
    fprintf(stderr, "%s misses \"%s\" (from %s)\n", d->file, word, from);
}

/* The names a message lists after `head` up to `end` ("a, b or c"), each
 * without quotes and without " and the parameters of the type". */
static size_t need_list(dict *d, const char *msg, const char *head, const char *end,
                        const char *from)
{
    const char *p = msg ? strstr(msg, head) : NULL;
    if (!p)
        fail_msg("%s: no '%s' list in: %s", from, head, msg ? msg : "(no message)");
    p += strlen(head);
    const char *q = strstr(p, end);
    assert_non_null(q);
    char buf[2048];
    snprintf(buf, sizeof buf, "%.*s", (int)(q - p), p);
    size_t n = 0;
    for (char *item = buf; item && *item;) {
        char *next = strstr(item, ", ");
        char *alt = strstr(item, " or ");
        if (alt && (!next || alt < next))
            next = alt;
        if (next) {
            *next = '\0';
            next += next[1] == 'o' ? 4 : 2;
        }
        char *more = strstr(item, " and the parameters");
        if (more)
            *more = '\0';
        while (*item == '"' || *item == '\'')
            item++;
        size_t len = strlen(item);
        while (len && (item[len - 1] == '"' || item[len - 1] == '\''))
            item[--len] = '\0';
        need(d, item, from);
        n++;
        item = next;
    }
    return n;
}

static char *with(const char *path, const char *anchor, const char *replacement, size_t *len)
{
    size_t n = 0;
    char *text = gt_read_file(path, &n);
    assert_non_null(text);
    char *out = hostile_replace(text, n, anchor, replacement, len);
    if (!out)
        fail_msg("%s: '%s' must occur exactly once", path, anchor);
    free(text);
    return out;
}

static void write_text(const char *path, const char *text, size_t len)
{
    assert_int_equal(hostile_write(path, text, len), 0);
}

/* ------------------------------------------------------------------ specs */

/* The first diagnostic of FullConnector.lua with anchor replaced. */
static char *spec_message(const char *anchor, const char *replacement)
{
    size_t len = 0;
    char *text = with(FULL, anchor, replacement, &len);
    char path[512];
    snprintf(path, sizeof path, "%s/FullConnector.lua", tmp_dir);
    write_text(path, text, len);
    free(text);
    mbcgen_project p;
    diag_list diag;
    diag_init(&diag);
    char *paths[] = {path};
    mbc_status st = mbcgen_load(&p, "specs/types.lua", paths, 1, &diag);
    assert_int_equal(st, MBC_ERR_INPUT);
    char *msg = strdup(diag.count ? diag.lines[0] : "");
    diag_free(&diag);
    return msg;
}

static const struct {
    const char *anchor, *replacement, *head, *end;
} spec_probes[] = {
    {"  type = \"FullConnector\",", "  type = \"FullConnector\", zzz = 1,", "(allowed: ", ")"},
    {"param \"contactDamping\" {", "param \"contactDamping\" { zzz = 1,", "(allowed: ", ")"},
    {"rules = { positive_when", "rules = { zzz = 1, positive_when", "(allowed: ", ")"},
    {"doc = { default = \"1e-3\" }", "doc = { zzz = 1, default = \"1e-3\" }", "(allowed: ", ")"},
    {"output \"Force\" {", "output \"Force\" { zzz = 1,", "(allowed: ", ")"},
    {"coordinate \"gap\" {", "coordinate \"gap\" { zzz = 1,", "(allowed: ", ")"},
    {"quantity \"gap\" {", "quantity \"gap\" { zzz = 1,", "(allowed: ", ")"},
    {"per = \"numberOfSegments\",", "zzz = 1, per = \"numberOfSegments\",", "(allowed: ", ")"},
    {"{ key = \"Doe2001\",", "{ zzz = 1, key = \"Doe2001\",", "(allowed: ", ")"},
    {"hold = {", "zzz = 1, hold = {", "(allowed: ", ")"},
    {"rigid_zero = {", "rigid_zero = { zzz = 1,", "(allowed: ", ")"},
    {"hold = { \"action_reaction\",", "hold = { \"zzz\", \"action_reaction\",", "(known: ", ")"},
    {"hooks = { \"initialize\",", "hooks = { \"zzz\", \"initialize\",", "(known: ", ")"},
    {"{ \"Position\" } },", "{ \"zzz\" } },", "(known: ", ")"},
    {"type = \"UReal\", symbol = \"d_c\"", "type = \"zzz\", symbol = \"d_c\"", "(known: ", ")"},
    {"role = \"state\"", "role = \"zzz\"", "must be ", " (given"},
    {"Force = \"vector\"", "Force = \"zzz\"", "must be ", " (given"},
    {"at_rest = { \"m0\" }", "at_rest = { \"zzz\" }", "(known: ", ")"},
    {"\"TestModels\" }, {", "\"zzz\" }, {", "the folder ", " (given"},
    {"kind = \"spheres\",", "zzz = 1, kind = \"spheres\",", "(allowed: ", ")"},
    {"shapes = {", "zzz = 1, shapes = {", "(allowed: ", ")"},
};

/* The type registry's entries: a types.lua with an unknown key, an unknown
 * value kind and an unknown shape. */
static void type_registry_probes(dict *d)
{
    static const struct {
        const char *anchor, *replacement, *head, *end;
    } probes[] = {
        {"type \"UReal\" {", "type \"UReal\" { zzz = 1,", "(allowed: ", ")"},
        {"value = \"bool\"", "value = \"zzz\"", "one of ", " (given"},
        {"shape = \"vector\"", "shape = \"zzz\"", "one of ", " (given"},
    };
    char path[512];
    snprintf(path, sizeof path, "%s/types.lua", tmp_dir);
    for (size_t i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        size_t n = 0, len = 0;
        char *base = gt_read_file("specs/types.lua", &n);
        assert_non_null(base);
        /* the first occurrence: one entry is enough */
        char *at = strstr(base, probes[i].anchor);
        assert_non_null(at);
        size_t head = (size_t)(at - base), a = strlen(probes[i].anchor);
        char *text = malloc(n + strlen(probes[i].replacement) + 1);
        assert_non_null(text);
        memcpy(text, base, head);
        len = head + (size_t)sprintf(text + head, "%s", probes[i].replacement);
        memcpy(text + len, at + a, n - head - a);
        len += n - head - a;
        write_text(path, text, len);
        free(text);
        free(base);
        spec_type_registry reg;
        diag_list diag;
        diag_init(&diag);
        assert_int_not_equal(spec_types_load(&reg, path, &diag), 0);
        need_list(d, diag.count ? diag.lines[0] : NULL, probes[i].head, probes[i].end,
                  probes[i].anchor);
        diag_free(&diag);
    }
}

static void test_spec_dict(void **state)
{
    (void)state;
    dict d = dict_load("tests/fuzz/dict/fuzz_spec.dict");
    size_t names = 0;
    for (size_t i = 0; i < sizeof spec_probes / sizeof spec_probes[0]; i++) {
        char *msg = spec_message(spec_probes[i].anchor, spec_probes[i].replacement);
        names += need_list(&d, msg, spec_probes[i].head, spec_probes[i].end, spec_probes[i].anchor);
        free(msg);
    }
    type_registry_probes(&d);
    static const char *const constructors[] = {"connector",  "param",    "output",
                                               "coordinate", "quantity", "type"};
    for (size_t i = 0; i < 6; i++)
        need(&d, constructors[i], "the spec constructors");
    fprintf(stderr, "fuzz_spec.dict: %zu entries; %zu names asked from the reader\n", d.count,
            names);
    size_t missing = d.missing;
    dict_free(&d);
    assert_int_equal(missing, 0);
}

/* ------------------------------------------------------------------ cases */

static char *case_message(const mbc_registry *r, const char *path, const char *anchor,
                          const char *replacement)
{
    size_t len = 0;
    char *text = with(path, anchor, replacement, &len);
    char *json = NULL;
    mbc_error err;
    memset(&err, 0, sizeof err);
    assert_int_not_equal(mbc_case_run_buffer(r, path, text, len, &json, &err), MBC_OK);
    free(text);
    return strdup(err.message);
}

static const struct {
    const char *path, *anchor, *replacement, *head;
} case_probes[] = {
    {SS, "object = ", "zzz = 1, object = ", "(allowed: "},
    {ALE, "object = ", "zzz = 1, object = ", "(allowed: "},
    {SS, "object = \"ContactSphereSphere\"", "object = \"zzz\"", "known: "},
    {SS, "visualization = { show = true }", "visualization = { zzz = true }", "(allowed: "},
    {SS, "angularVelocityLocal = {0, 0, 1}", "zzz = 1, angularVelocityLocal = {0, 0, 1}",
     "(allowed: "},
    {CABLE, "segments = 2", "zzz = 1, segments = 2", "(allowed: "},
    {CABLE, "verticalOffset = 0,", "zzz = 1, verticalOffset = 0,", "(allowed: "},
    {POINTS, "aleCoordinate = 0.1", "zzz = 1, aleCoordinate = 0.1", "(allowed: "},
    {ALE, "ale = { q = s", "ale = { zzz = 1, q = s", "(allowed: "},
};

static void test_case_dict(void **state)
{
    (void)state;
    char path[1024];
    dict d = dict_load(built_path(path, sizeof path, "fuzz_case.dict"));
    mbc_registry r;
    mbc_registry_init(&r);
    size_t names = 0;
    for (size_t i = 0; i < sizeof case_probes / sizeof case_probes[0]; i++) {
        char *msg = case_message(&r, case_probes[i].path, case_probes[i].anchor,
                                 case_probes[i].replacement);
        names += need_list(&d, msg, case_probes[i].head, ")", case_probes[i].anchor);
        free(msg);
    }
    /* every parameter of every registered type, by name */
    for (size_t i = 0; mbc_registry_entry(&r, i); i++) {
        const mbc_type_info *t = mbc_registry_entry(&r, i);
        for (size_t k = 0; k < t->param_count; k++, names++)
            need(&d, t->params[k].name, t->type_name);
        for (size_t k = 0; k < t->vparam_count; k++, names++)
            need(&d, t->vparams[k].name, t->type_name);
    }
    fprintf(stderr, "fuzz_case.dict: %zu entries; %zu names asked from the reader\n", d.count,
            names);
    size_t missing = d.missing;
    dict_free(&d);
    assert_int_equal(missing, 0);
}

/* ----------------------------------------------------------------- scenes */

static char *scene_message(const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/scene.lua", tmp_dir);
    write_text(path, text, strlen(text));
    mbc_registry r;
    mbc_registry_init(&r);
    sim_model *m = sim_model_create();
    assert_non_null(m);
    mbc_sandbox *box = NULL;
    mbc_error err = {0};
    assert_int_not_equal(sim_scene_load(m, path, &r, NULL, 0, &box, &err), MBC_OK);
    char *msg = strdup(err.message);
    sim_model_destroy(m);
    mbc_sandbox_free(box);
    return msg;
}

#define GROUND "{ name = \"g\", type = \"Ground\" }, "
#define POINT  "{ name = \"p\", type = \"MassPoint3D\", mass = 1, position = {1, 0, 0} }, "
#define CBL                                                                                        \
    "{ name = \"c\", type = \"Cable2D\", from = {0, 0}, to = {1, 0}, elements = 2, "               \
    "massPerLength = 1, axialStiffness = 1 }, "
#define MARKS                                                                                      \
    "markers = { { name = \"mg\", type = \"Position\", body = \"g\" }, "                           \
    "{ name = \"mp\", type = \"Position\", body = \"p\" }, "                                       \
    "{ name = \"mx\", type = \"Coordinate\", body = \"p\", coordinate = 0 } }, "
#define BODIES "bodies = { " GROUND POINT CBL "}, "

static const char *const scene_probes[] = {
    "return { zzz = 1 }",
    "return { solver = { zzz = 1 } }",
    "return { solver = { newton = { zzz = 1 } } }",
    "return { solver = { discontinuous = { zzz = 1 } } }",
    "return { solver = { method = \"zzz\" } }",
    "return { solver = { linearSolver = \"zzz\" } }",
    "return { bodies = { { name = \"b\", type = \"zzz\" } } }",
    "return { bodies = { { name = \"b\", type = \"Ground\", zzz = 1 } } }",
    "return { bodies = { { name = \"b\", type = \"MassPoint2D\", zzz = 1 } } }",
    "return { bodies = { { name = \"b\", type = \"RigidBody2D\", zzz = 1 } } }",
    "return { bodies = { { name = \"b\", type = \"RigidBody3D\", zzz = 1 } } }",
    "return { bodies = { { name = \"b\", type = \"Cable2D\", zzz = 1 } } }",
    "return { bodies = { { name = \"b\", type = \"ALENode\", zzz = 1 } } }",
    "return { " BODIES "markers = { { name = \"m\", type = \"zzz\" } } }",
    "return { " BODIES "markers = { { name = \"m\", type = \"Position\", zzz = 1 } } }",
    "return { " BODIES "markers = { { name = \"m\", type = \"Coordinate\", zzz = 1 } } }",
    "return { " BODIES "markers = { { name = \"m\", type = \"CableShape\", zzz = 1 } } }",
    "return { " BODIES "markers = { { name = \"m\", type = \"CableCoordinates\", zzz = 1 } } }",
    "return { " BODIES MARKS "elements = { { name = \"e\", type = \"zzz\" } } }",
    "return { " BODIES MARKS "elements = { { name = \"e\", type = \"SpringDamper\", zzz = 1 } } }",
    "return { " BODIES MARKS
    "elements = { { name = \"e\", type = \"CoordinateSpringDamper\", zzz = 1 } } }",
    "return { " BODIES MARKS
    "elements = { { name = \"e\", type = \"CoordinateConstraint\", zzz = 1 } } }",
    "return { " BODIES MARKS "elements = { { name = \"e\", type = \"Force\", zzz = 1 } } }",
    "return { " BODIES MARKS
    "connectors = { { name = \"k\", type = \"ContactSphereSphere\", zzz = 1 } } }",
    "return { " BODIES MARKS "sensors = { { name = \"s\", type = \"zzz\" } } }",
    "return { " BODIES MARKS "sensors = { { name = \"s\", type = \"Body\", zzz = 1 } } }",
    "return { " BODIES MARKS
    "sensors = { { name = \"s\", type = \"Body\", body = \"p\", quantity = \"zzz\" } } }",
    "return { " BODIES MARKS "sensors = { { name = \"s\", type = \"Connector\", zzz = 1 } } }",
    "return { " BODIES MARKS "sensors = { { name = \"s\", type = \"Element\", zzz = 1 } } }",
    "return { " BODIES MARKS "sensors = { { name = \"s\", type = \"Energy\", zzz = 1 } } }",
};

static void test_scene_dict(void **state)
{
    (void)state;
    char path[1024];
    dict d = dict_load(built_path(path, sizeof path, "fuzz_scene.dict"));
    size_t names = 0;
    for (size_t i = 0; i < sizeof scene_probes / sizeof scene_probes[0]; i++) {
        char *msg = scene_message(scene_probes[i]);
        names += need_list(&d, msg, strstr(msg, "(known: ") ? "(known: " : "(allowed: ", ")",
                           scene_probes[i]);
        free(msg);
    }
    fprintf(stderr, "fuzz_scene.dict: %zu entries; %zu names asked from the reader\n", d.count,
            names);
    size_t missing = d.missing;
    dict_free(&d);
    assert_int_equal(missing, 0);
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: test_fuzz_dicts BUILD/tests/fuzz\n");
        return 2;
    }
    built_dicts = argv[1];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_dict),
        cmocka_unit_test(test_case_dict),
        cmocka_unit_test(test_scene_dict),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
