/* SPDX-License-Identifier: BSD-3-Clause */
/* Hostile spec, case and scene files (issue 25): thousands of variants of
 * valid files, each with one mistake, must be either accepted or rejected
 * with exactly one line that names the file (and line), the field and the
 * value given; never a crash, a second line or silent garbage.
 *
 * - Derived variants (hostile.h): every value of tests/fuzz/hostile/
 *   FullConnector.lua (a spec with every block and key) and of the built-in
 *   specs, of every case in
 *   examples/cases/ and of every scene in examples/scenes/ and
 *   tests/fuzz/corpus/fuzz_scene/ (a scene with every remaining key) gets a value of
 *   every other Lua type, out-of-range numbers, typos, emptied, nested and
 *   duplicated tables, renamed and removed keys. They are loaded the way
 *   mbcgen --check (mbcgen_load, then the emitters of a valid spec), mbc
 *   eval (mbc_case_run_buffer) and mbc simulate (sim_scene_load) load them.
 * - Hand-written tables: variants whose exact message is asserted (field,
 *   rule and value): the typo in a parameter type named by the
 *   invariants, huge and negative sizes, duplicate names of every block, a
 *   cycle of same_length_as, strings where tables go, deep nesting.
 * - The tools: mbcgen --check, mbc eval and mbc simulate on some of them,
 *   for the exit status (1, 2, 2), one line on stderr and nothing on stdout.
 */
#include "../generator/gen_test_util.h"

#include <ctype.h>

#include "compat.h"
#include "emit_c.h"
#include "emit_invariants.h"
#include "emit_pyi.h"
#include "emit_rst.h"
#include "emit_rst_site.h"
#include "hostile.h"
#include "mbconnect/case.h"
#include "project.h"
#include "sandbox.h"
#include "scene.h"

static char tmp_dir[] = "/tmp/mbc-hostile-XXXXXX";

/* What went wrong over all variants of one file format. */
typedef struct tally {
    const char *what; /* "spec" */
    long variants, accepted, rejected, bad;
    long by_kind[HOSTILE_KIND_COUNT][2]; /* accepted, rejected */
    int verbose;                         /* HOSTILE_VERBOSE=1: list accepted variants */
} tally;

/* Under valgrind (the memcheck CI step; its preload library is in
 * LD_PRELOAD) every 16th derived variant: all of them would take an hour. */
static unsigned stride(void)
{
    const char *preload = getenv("LD_PRELOAD");
    return preload && strstr(preload, "vgpreload") ? 16u : 1u;
}

/* 1 for the variants this run skips. */
static int skipped(void)
{
    static unsigned long seen; /* the one counter of this test program */
    return seen++ % stride() != 0;
}

static const char *const kind_names[HOSTILE_KIND_COUNT] = {"wrong type", "number", "typo", "table",
                                                           "key"};

static int setup(void **state)
{
    (void)state;
    gt_enter_source_dir();
    if (!mkdtemp(tmp_dir))
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    gt_remove_tree(tmp_dir);
    return 0;
}

static void write_text(const char *path, const char *text, size_t len)
{
    assert_int_equal(hostile_write(path, text, len), 0);
}

/* One of the '|'-separated words of alternatives occurs in s. */
static int has_any(const char *s, const char *alternatives)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", alternatives);
    for (char *w = strtok(buf, "|"); w; w = strtok(NULL, "|"))
        if (strstr(s, w))
            return 1;
    return 0;
}

/* "FILE:LINE: ...", "FILE: ..." (specs, scenes) or "CASE:FIELD: ..." (cases:
 * a path into the case table) for the file given as name. */
static int names_file(const char *line, const char *name)
{
    size_t n = strlen(name);
    if (strncmp(line, name, n) != 0 || line[n] != ':')
        return 0;
    const char *p = line + n + 1;
    while (*p && *p != ' ' && *p != ':')
        p++;
    return *p == ' ' || (*p == ':' && p[1] == ' ');
}

/* Checks one rejection; returns 0 or prints why it breaks the contract
 * (an entry of the returned list itself has no field name):
 * one line naming the file; for a value of another type, a number, a typo
 * or a renamed key also the field (or, for a typo in a name, the name it
 * was: a reference to it broke) and what was given. An emptied, duplicated
 * or shortened table or a removed key may surface where the file refers to
 * it, once per reference (a spec reports every problem), so only the form
 * of its first line is checked. A non-finite result names the JSON
 * path of the result (docs/eval.rst); running out of memory (a count of a
 * billion) names what it was allocating; a rule across parameters (the
 * hull against the roll's length) may name the other parameter. */
static int check_message(tally *t, const hostile_variant *v, const char *name, size_t lines,
                         const char *msg)
{
    const char *why = NULL;
    const int named = v->kind != HOSTILE_TABLE && !(v->kind == HOSTILE_KEY && !v->value);
    if (lines == 0 || (lines > 1 && named) || strpbrk(msg, "\n\r"))
        why = lines ? "more than one line" : "no message";
    else if (!names_file(msg, name))
        why = "does not start with FILE:LINE:";
    else if (named && v->field && v->field[0] && strcmp(v->field, "return") != 0 &&
             !strstr(msg, v->field) &&
             !(v->kind == HOSTILE_TYPO && v->original[0] && strstr(msg, v->original)) &&
             !strstr(msg, "not finite") && !strstr(msg, "out of memory") &&
             !(strncmp(v->path, "parameters.", 11) == 0 && strstr(msg, ":parameters.")) &&
             !(strncmp(v->path, "connectors[", 11) == 0 && strstr(msg, ": connectors.")))
        why = "does not name the field";
    else if (named && v->value && !has_any(msg, v->value) && !strstr(msg, "given") &&
             !(v->kind == HOSTILE_NUMBER && strstr(msg, " = ")) &&
             !(v->kind == HOSTILE_TYPO && v->original[0] && strstr(msg, v->original)))
        why = "does not show the value given";
    if (!why)
        return 0;
    t->bad++;
    fprintf(stderr, "%s variant %s: %s (%s): %s\n", t->what, v->label, why,
            v->value ? v->value : "-", msg ? msg : "");
    return 1;
}

static void count(tally *t, const hostile_variant *v, int accepted)
{
    t->variants++;
    *(accepted ? &t->accepted : &t->rejected) += 1;
    t->by_kind[v->kind][accepted ? 0 : 1]++;
    if (accepted && t->verbose)
        fprintf(stderr, "%s variant accepted: %s\n", t->what, v->label);
}

static void report(const tally *t, long min_variants)
{
    fprintf(stderr, "%s: %ld variants, %ld accepted, %ld rejected", t->what, t->variants,
            t->accepted, t->rejected);
    for (int k = 0; k < HOSTILE_KIND_COUNT; k++)
        fprintf(stderr, "; %s %ld/%ld", kind_names[k], t->by_kind[k][1],
                t->by_kind[k][0] + t->by_kind[k][1]);
    fprintf(stderr, " (rejected/all)\n");
    assert_true(t->variants >= min_variants / (long)stride());
    if (t->bad)
        fail_msg("%ld %s variants broke the one-line contract (listed above)", t->bad, t->what);
}

static tally new_tally(const char *what)
{
    tally t;
    memset(&t, 0, sizeof t);
    t.what = what;
    const char *v = getenv("HOSTILE_VERBOSE");
    t.verbose = v && v[0] == '1';
    return t;
}

/* ------------------------------------------------------------------ specs */

#define SPEC_BASE "tests/fuzz/hostile/FullConnector.lua"

typedef struct spec_ctx {
    tally t;
    char path[512];          /* tmp/FullConnector.lua: the file name is the type name */
    mbcgen_project original; /* the unchanged spec, for mbcgen --compat */
} spec_ctx;

/* Every emitter and mbcgen --compat against the original on a valid spec:
 * each writes something (the invariants' C without an invariants block
 * excepted). */
static void emit_all(const mbcgen_project *p, const mbcgen_project *original)
{
    const spec_connector *c = &p->items[0];
    const spec_connector *items[] = {c};
    strbuf out;
    sb_init(&out);
    void (*const one[])(const spec_connector *, strbuf *) = {
        emit_rst_item, emit_c_header, emit_c_source, emit_rst_site_item, emit_rst_site_api};
    for (size_t k = 0; k < sizeof one / sizeof one[0]; k++, out.len = 0) {
        one[k](c, &out);
        assert_true(out.len > 0);
    }
    void (*const all[])(const spec_connector *, size_t, strbuf *) = {emit_pyi, emit_c_registry,
                                                                     emit_c_builtin_header};
    for (size_t k = 0; k < sizeof all / sizeof all[0]; k++, out.len = 0) {
        all[k](p->items, p->count, &out);
        assert_true(out.len > 0);
    }
    emit_c_invariants(c, &out); /* empty without an invariants block */
    emit_c_registration_header(p->items, p->count, "hostile", &out);
    emit_c_registration_source(p->items, p->count, "hostile", &out);
    emit_rst_site_types(items, 1, &out);
    emit_rst_site_api_index(items, 1, &out);
    diag_list diag;
    diag_init(&diag);
    assert_int_equal(emit_rst_site_bibliography(items, 1, &out, &diag), 0);
    diag_free(&diag);
    assert_true(out.len > 0);
    out.len = 0;
    if (original)
        compat_compare(original, p, &out);
    sb_free(&out);
}

/* mbcgen --check's load (mbcgen_load) and, for a valid spec, every emitter. */
static int load_spec(const char *path, diag_list *diag, const mbcgen_project *original)
{
    mbcgen_project p;
    char *paths[] = {(char *)path};
    if (mbcgen_load(&p, "specs/types.lua", paths, 1, diag) != MBC_OK)
        return -1;
    emit_all(&p, original);
    mbcgen_free(&p);
    return 0;
}

static void check_spec_variant(const hostile_variant *v, void *ctx)
{
    spec_ctx *s = ctx;
    if (skipped())
        return;
    write_text(s->path, v->text, v->len);
    diag_list diag;
    diag_init(&diag);
    int rc = load_spec(s->path, &diag, &s->original);
    count(&s->t, v, rc == 0);
    if (rc == 0)
        assert_int_equal(diag.count, 0);
    else if (check_message(&s->t, v, s->path, diag.count, diag.count ? diag.lines[0] : NULL))
        for (size_t i = 1; i < diag.count; i++)
            fprintf(stderr, "    and: %s\n", diag.lines[i]);
    diag_free(&diag);
}

/* The variants of one spec file, written as tmp/<its name> (the file name
 * is the type name). */
static void spec_file_variants(spec_ctx *s, const char *path)
{
    const char *base = strrchr(path, '/');
    snprintf(s->path, sizeof s->path, "%s/%s", tmp_dir, base ? base + 1 : path);
    size_t len = 0;
    char *text = gt_read_file(path, &len);
    assert_non_null(text);
    write_text(s->path, text, len);
    diag_list diag;
    diag_init(&diag);
    char *paths[] = {s->path};
    assert_int_equal(mbcgen_load(&s->original, "specs/types.lua", paths, 1, &diag), MBC_OK);
    diag_free(&diag);
    assert_true(hostile_variants(path, text, len, 1, check_spec_variant, s) > 0);
    mbcgen_free(&s->original);
    free(text);
}

/* FullConnector.lua and the built-in specs. */
static void test_spec_variants(void **state)
{
    (void)state;
    spec_ctx s;
    s.t = new_tally("spec");
    spec_file_variants(&s, SPEC_BASE);
    gt_names files = gt_list_files("specs", 0);
    size_t specs = 0;
    for (size_t i = 0; i < files.count; i++) {
        size_t n = strlen(files.items[i]);
        if (n < 4 || strcmp(files.items[i] + n - 4, ".lua") != 0 ||
            strcmp(files.items[i], "types.lua") == 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "specs/%s", files.items[i]);
        spec_file_variants(&s, path);
        specs++;
    }
    gt_names_free(&files);
    assert_true(specs >= 4);
    report(&s.t, 5000);
}

/* Variants of the type registry (mbcgen --types FILE): specs/types.lua
 * changed, then FullConnector.lua loaded against it and, when both load,
 * every emitter. A message names the registry or the spec. */
typedef struct types_ctx {
    tally t;
    char types[512], spec[512];
} types_ctx;

static void check_types_variant(const hostile_variant *v, void *ctx)
{
    types_ctx *s = ctx;
    if (skipped())
        return;
    write_text(s->types, v->text, v->len);
    mbcgen_project p;
    diag_list diag;
    diag_init(&diag);
    char *paths[] = {s->spec};
    mbc_status st = mbcgen_load(&p, s->types, paths, 1, &diag);
    count(&s->t, v, st == MBC_OK);
    if (st == MBC_OK) {
        emit_all(&p, NULL);
        mbcgen_free(&p);
    } else if (diag.count) {
        const char *name =
            strncmp(diag.lines[0], s->spec, strlen(s->spec)) == 0 ? s->spec : s->types;
        /* the spec names what the registry lost (a type, a rule): each
         * reference one line, in the spec's own words */
        hostile_variant in_spec = {v->text, v->len, v->label, v->path, NULL, NULL, "", v->kind};
        check_message(&s->t, name == s->spec ? &in_spec : v, name, name == s->spec ? 1 : diag.count,
                      diag.lines[0]);
    } else {
        check_message(&s->t, v, s->types, 0, NULL);
    }
    diag_free(&diag);
}

static void test_types_variants(void **state)
{
    (void)state;
    types_ctx s;
    s.t = new_tally("types.lua");
    snprintf(s.types, sizeof s.types, "%s/types.lua", tmp_dir);
    snprintf(s.spec, sizeof s.spec, "%s/FullConnector.lua", tmp_dir);
    size_t len = 0;
    char *text = gt_read_file(SPEC_BASE, &len);
    assert_non_null(text);
    write_text(s.spec, text, len);
    free(text);
    text = gt_read_file("specs/types.lua", &len);
    assert_non_null(text);
    assert_true(hostile_variants("specs/types.lua", text, len, 1, check_types_variant, &s) > 0);
    free(text);
    report(&s.t, 600);
}

/* ------------------------------------------------------------------ cases */

typedef struct case_ctx {
    tally t;
    const char *name;
    mbc_registry registry;
} case_ctx;

static void check_case_variant(const hostile_variant *v, void *ctx)
{
    case_ctx *c = ctx;
    if (skipped())
        return;
    char *json = NULL;
    mbc_error err;
    memset(&err, 0, sizeof err);
    mbc_status st = mbc_case_run_buffer(&c->registry, c->name, v->text, v->len, &json, &err);
    count(&c->t, v, st == MBC_OK);
    if (st == MBC_OK) {
        assert_non_null(json);
        assert_int_equal(err.message[0], '\0');
    } else {
        assert_null(json);
        check_message(&c->t, v, c->name, strchr(err.message, '\n') ? 2 : err.message[0] != 0,
                      err.message);
    }
    free(json);
}

/* Runs the variants of every *.lua file of dir through check; *name (when
 * not NULL) is set to each file's path first. Returns the files. */
static size_t dir_variants(const char *dir, void (*check)(const hostile_variant *, void *),
                           void *ctx, const char **name)
{
    gt_names files = gt_list_files(dir, 0);
    size_t count = 0;
    for (size_t i = 0; i < files.count; i++) {
        size_t n = strlen(files.items[i]), len = 0;
        if (n < 4 || strcmp(files.items[i] + n - 4, ".lua") != 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, files.items[i]);
        char *text = gt_read_file(path, &len);
        assert_non_null(text);
        if (name)
            *name = path;
        assert_true(hostile_variants(path, text, len, 0, check, ctx) > 0);
        free(text);
        count++;
    }
    gt_names_free(&files);
    return count;
}

static void test_case_variants(void **state)
{
    (void)state;
    case_ctx c;
    c.t = new_tally("case");
    mbc_registry_init(&c.registry);
    assert_true(dir_variants("examples/cases", check_case_variant, &c, &c.name) >= 11);
    report(&c.t, 3000);
}

/* ----------------------------------------------------------------- scenes */

typedef struct scene_ctx {
    tally t;
    char path[512];
    mbc_registry registry;
} scene_ctx;

static void check_scene_variant(const hostile_variant *v, void *ctx)
{
    scene_ctx *s = ctx;
    if (skipped())
        return;
    write_text(s->path, v->text, v->len);
    sim_model *m = sim_model_create();
    assert_non_null(m);
    mbc_sandbox *box = NULL;
    mbc_error err = {0};
    mbc_status st = sim_scene_load(m, s->path, &s->registry, NULL, 0, &box, &err);
    count(&s->t, v, st == MBC_OK);
    if (st == MBC_OK)
        assert_int_equal(err.message[0], '\0');
    else
        check_message(&s->t, v, s->path, err.message[0] != 0, err.message);
    sim_model_destroy(m);
    mbc_sandbox_free(box);
}

static void test_scene_variants(void **state)
{
    (void)state;
    scene_ctx s;
    s.t = new_tally("scene");
    mbc_registry_init(&s.registry);
    snprintf(s.path, sizeof s.path, "%s/scene.lua", tmp_dir);
    size_t scenes = dir_variants("examples/scenes", check_scene_variant, &s, NULL) +
                    dir_variants("tests/fuzz/corpus/fuzz_scene", check_scene_variant, &s, NULL);
    assert_true(scenes >= 13);
    report(&s.t, 5000);
}

/* ------------------------------------------------------- hand-written tables */

/* One hostile variant written by hand: the base file with `anchor` (which
 * occurs exactly once) replaced, and the words its one line must contain
 * (the field, the rule and the value given). */
typedef struct hand_variant {
    const char *base;
    const char *anchor;
    const char *replacement;
    const char *expect[4];
} hand_variant;

#define FULL  "tests/fuzz/hostile/FullConnector.lua"
#define SS    "tests/fuzz/corpus/fuzz_case/every_key_sphere_sphere.lua"
#define CABLE "tests/fuzz/corpus/fuzz_case/every_key_cable_element_ale.lua"
#define ALE   "examples/cases/ale_joint_curved.lua"
#define SCENE "tests/fuzz/corpus/fuzz_scene/every_key.lua"

static const hand_variant spec_table[] = {
    /* issue 25: a typo in the type of a parameter that the invariants sample */
    {FULL,
     "type = \"UReal\", symbol = \"k_c\"",
     "type = \"UReel\", symbol = \"k_c\"",
     {":30: parameter 'contactStiffness': unknown type 'UReel' (known: "}},
    {FULL,
     "type = \"UReal\", symbol = \"k_c\"",
     "symbol = \"k_c\"",
     {":30: parameter 'contactStiffness': missing 'type'"}},
    /* typos in every name-bearing field */
    {FULL,
     "  theory = [[",
     "  theroy = [[",
     {":130: connector: unknown key 'theroy' (did you mean 'theory'? allowed: "}},
    {FULL,
     "\"forces\", \"post_newton_step\"",
     "\"forcse\", \"post_newton_step\"",
     {"hooks: unknown hook 'forcse' (known: initialize, forces"}},
    {FULL,
     "description = \"normal contact damping",
     "descripton = \"normal contact damping",
     {":33: parameter 'contactDamping': unknown key 'descripton' (did you mean "
      "'description'? allowed: type, "}},
    {FULL,
     "positive_when = \"useFriction\"",
     "positive_when = \"useFrition\"",
     {"parameter 'regularizationVelocity': positive_when must name a Bool parameter",
      "(given 'useFrition'; did you mean 'useFriction'?)"}},
    {FULL,
     "same_length_as = \"hullCoefficients\"",
     "same_length_as = \"hullCoeficients\"",
     {"parameter 'hullWeights': same_length_as must name another variable-size parameter",
      "(given 'hullCoeficients'; did you mean 'hullCoefficients'?)"}},
    {FULL,
     "per = \"numberOfSegments\"",
     "per = \"numberOfSegmens\"",
     {"data: 'per' must name an integer parameter",
      "(given 'numberOfSegmens'; did you mean 'numberOfSegments'?)"}},
    {FULL,
     "size = { 2, \"numberOfSegments\" },\n      description = \"gap and slip",
     "size = { 2, \"numberOfSegmets\" },\n      description = \"gap and slip",
     {"output 'Coordinates': 'size' = {factor, \"param\"} must name an integer parameter",
      "(given 'numberOfSegmets'; did you mean 'numberOfSegments'?)"}},
    {FULL,
     "contactStiffness = 1e4",
     "contactStifness = 1e4",
     {"invariants.sample: unknown parameter 'contactStifness' (did you mean "
      "'contactStiffness'?)"}},
    {FULL,
     "\"passivity\", \"rigid_motion\" }",
     "\"pasivity\", \"rigid_motion\" }",
     {"invariants.hold: unknown invariant 'pasivity' (known: action_reaction"}},
    {FULL,
     "Force = \"vector\"",
     "Forse = \"vector\"",
     {"invariants.frames: unknown output or state parameter 'Forse'"}},
    {FULL,
     "Displacement = \"vector\"",
     "Displacement = \"vectr\"",
     {"invariants.frames.Displacement: must be \"scalar\", \"vector\" or \"point\"",
      "(given 'vectr')"}},
    {FULL,
     "\"Coordinates_t[1::2]\"",
     "\"Coordinate_t[1::2]\"",
     {"invariants.rigid_zero.outputs: unknown output 'Coordinate_t[1::2]'"}},
    {FULL,
     "data = { \"slipVelocity\" }",
     "data = { \"slipVelocty\" }",
     {"invariants.rigid_zero.data: unknown data coordinate 'slipVelocty'"}},
    {FULL,
     "at_rest = { \"m0\" }",
     "at_rest = { \"m2\" }",
     {"invariants.at_rest: unknown marker 'm2' (known: m0, m1)"}},
    {FULL,
     "{ \"Position\" } },",
     "{ \"Positon\" } },",
     {"markers[2]: unknown marker type 'Positon' (known: Position, Orientation"}},
    {FULL,
     "role = \"state\"",
     "role = \"stat\"",
     {"parameter 'pContact': 'role' must be input, derived or state (given 'stat')"}},
    {FULL,
     "\"TestModels\" }, {",
     "\"TestModel\" }, {",
     {"examples[1][2] must be the folder \"Examples\" or \"TestModels\" (given 'TestModel')"}},
    {FULL,
     "python_name = \"FullContact\"",
     "python_name = \"Full Contact\"",
     {"connector: 'python_name' must be an identifier (given 'Full Contact')"}},
    {FULL,
     "planar = false,",
     "planer = false,",
     {"invariants: unknown key 'planer' (did you mean 'planar'? allowed: hold"}},
    /* wrong Lua types */
    {FULL,
     "size = 2,\n      rules = { must_be_set",
     "size = \"2\",\n      rules = { must_be_set",
     {"parameter 'markerNumbers': 'size' must be a whole number in [1, 4096] (given '2')"}},
    {FULL,
     "provides = { \"Connector\" }",
     "provides = \"Connector\"",
     {"connector: 'provides' must be a list of strings (given 'Connector')"}},
    {FULL,
     "default = 0.01,",
     "default = \"0.01\",",
     {"parameter 'regularizationVelocity': default does not fit type UReal (given '0.01')"}},
    {FULL,
     "planar = false,",
     "planar = \"false\",",
     {"invariants.planar: must be true or false (given 'false')"}},
    {FULL,
     "contactDamping = 20,",
     "contactDamping = true,",
     {"invariants.sample.contactDamping: must be a finite number for type UReal (given true)"}},
    {FULL,
     "useFriction = true,",
     "useFriction = 1,",
     {"invariants.sample.useFriction: must be true or false for type Bool (given 1)"}},
    {FULL,
     "offset = { 0, 0, 0.1 }",
     "offset = { 0, 0.1 }",
     {"invariants.sample.offset: needs 3 values (given 2)"}},
    {FULL,
     "type = \"PInt\", symbol = \"n_s\"",
     "type = \"Int\", symbol = \"n_s\"",
     {"output 'Coordinates': 'size' = {factor, \"param\"} must name an integer parameter of a "
      "type >= 0",
      "(given 'numberOfSegments')"}},
    {FULL,
     "one_of = { 0, 1, 2 }",
     "one_of = { 0, 1, \"2\" }",
     {"parameter 'contactModel': rules: one_of[3] must be a value of type UInt (given '2')"}},
    {FULL,
     "range = \"(0, inf)\"",
     "range = \"(1, 0)\"",
     {"parameter 'radius': rules: range must be an interval like \"[0, 1)\" or \"(0, inf)\" "
      "(given '(1, 0)')"}},
    {FULL,
     "param \"radius\" { type = \"Real\", default = -1,",
     "param \"radius\" { type = \"Real\", default = 1,",
     {"parameter 'radius': rules: required marks a default that breaks the rule, but the default "
      "satisfies it (given 1.)"}},
    /* huge and negative sizes */
    {FULL,
     "output \"Force\" { size = 3,",
     "output \"Force\" { size = 1e9,",
     {"output 'Force': 'size' must be a whole number in [1, 1048576] (given 1e+09)"}},
    {FULL,
     "size = 2,\n      rules = { must_be_set",
     "size = -2,\n      rules = { must_be_set",
     {"parameter 'markerNumbers': 'size' must be a whole number in [1, 4096] (given -2)"}},
    {FULL,
     "min_length = 1,",
     "min_length = 1e12,",
     {"rules: 'min_length' must be a whole number in [1, 1000000] (given 1e+12)"}},
    {FULL,
     "default = 0.01,",
     "default = 0/0,",
     {"parameter 'regularizationVelocity': default must be finite (given "}},
    {FULL,
     "param \"numberOfSegments\" { type = \"PInt\", symbol = \"n_s\", default = 4,",
     "param \"numberOfSegments\" { type = \"PInt\", symbol = \"n_s\", default = 1e9,",
     {"output 'Coordinates': the default of the count 'numberOfSegments' must be at most 1000000 "
      "(given 1000000000)"}},
    {FULL,
     "hullWeights = { 1, 1 }",
     "hullWeights = { 1, 1 }, numberOfSegments = 1e7",
     {"invariants.sample.numberOfSegments: a count (data or output size) must be at most 1000000 "
      "(given 1e+07)"}},
    {FULL,
     "passive = { contactStiffness = 0 }",
     "passive = { contactStiffness = 0, markerNumbers = { -1, 0 } }",
     {"invariants.passive.markerNumbers[1]: must be an index >= 0 (must_be_set) for type "
      "ArrayMarkerIndex (given -1)"}},
    {FULL,
     "{ \"fullContactDemo.py\", \"Examples\" }",
     "{ \"fullContact.py\", \"TestModels\" }",
     {"examples[2]: {\"fullContact.py\", \"TestModels\"} is listed twice (first at examples[1])"}},
    /* duplicate names of every block */
    {FULL,
     "param \"contactDamping\"",
     "param \"contactStiffness\"",
     {":32: parameter 'contactStiffness': duplicate name (first at line 30)"}},
    {FULL,
     "output \"Force\"",
     "output \"Displacement\"",
     {"output 'Displacement': duplicate name (first at line 79)"}},
    {FULL,
     "coordinate \"slipVelocity\"",
     "coordinate \"gap\"",
     {"coordinate 'gap': duplicate name"}},
    {FULL, "quantity \"segment\"", "quantity \"gap\"", {"quantity 'gap': duplicate name"}},
    {FULL,
     "param \"drawSize\"",
     "param \"show\"",
     {"visualization parameter 'show': duplicate name"}},
    {FULL,
     "\"post_newton_step\", \"outputs\" }",
     "\"post_newton_step\", \"outputs\", \"forces\" }",
     {"connector: 'hooks'[5]: 'forces' is listed twice"}},
    {FULL,
     "hold = { \"action_reaction\",",
     "hold = { \"action_reaction\", \"action_reaction\",",
     {"invariants.hold: 'action_reaction' listed twice"}},
    {FULL,
     "references = {\n",
     "references = {\n    { key = \"Doe2001\", after = \"used\", text = \"x\" },\n",
     {"references[2]: duplicate key 'Doe2001' (first at references[1])"}},
    /* cycles in references */
    {FULL,
     "rules = { min_length = 1,",
     "rules = { same_length_as = \"hullWeights\", min_length = 1,",
     {"parameter 'hullCoefficients': same_length_as forms a cycle (hullCoefficients -> "
      "hullWeights -> hullCoefficients)"}},
    {FULL,
     "same_length_as = \"hullCoefficients\"",
     "same_length_as = \"hullWeights\"",
     {"parameter 'hullWeights': same_length_as must name another variable-size parameter "
      "(given 'hullWeights')"}},
    /* empty tables, strings where tables go, deep nesting */
    {FULL,
     "markers = { { \"Position\", \"Orientation\" }, { \"Position\" } },",
     "markers = {},",
     {"'markers' must list the requested types of marker m0 and m1", "(given a table)"}},
    {FULL,
     "hooks = { \"initialize\", \"forces\", \"post_newton_step\", \"outputs\" },",
     "hooks = {},",
     {"hooks: a connector needs 'forces' or 'algebraic_equations' (given neither)"}},
    {FULL,
     "rules = { positive_when = \"useFriction\" }",
     "rules = \"positive_when\"",
     {"parameter 'regularizationVelocity': 'rules' must be a table (given 'positive_when')"}},
    {FULL,
     "  invariants = {",
     "  invariants = \"all\" or {",
     {"invariants: must be a table { hold = {...}, ... } (given 'all')"}},
    {FULL,
     "default = 0.01,",
     "default = {{{{{{{{{{0.01}}}}}}}}}},",
     {"parameter 'regularizationVelocity': default does not fit type UReal (given a table)"}},
    {FULL,
     "frames = {",
     "frames = {{{{{{{{{{}}}}}}}}}} or {",
     {"invariants.frames: unknown output or state parameter 1"}},
};

static const hand_variant case_table[] = {
    /* typos in every name-bearing field */
    {SS,
     "object = \"ContactSphereSphere\"",
     "object = \"ContactSphereSpere\"",
     {":object: unknown connector type (given 'ContactSphereSpere'; did you mean "
      "'ContactSphereSphere'?; known: "}},
    {SS,
     "object = \"ContactSphereSphere\"",
     "objekt = \"ContactSphereSphere\"",
     {":return: unknown key 'objekt' (did you mean 'object'? allowed: object, parameters"}},
    {SS,
     "contactStiffness = 1e5",
     "contactStifness = 1e5",
     {":parameters.contactStifness: unknown parameter (ContactSphereSphere has no parameter "
      "'contactStifness'; did you mean 'contactStiffness'?)"}},
    {SS,
     "angularVelocityLocal = {0, 0, 1}",
     "angularVelocityLokal = {0, 0, 1}",
     {":markers[1]: unknown key 'angularVelocityLokal' (did you mean 'angularVelocityLocal'? "
      "allowed: position, velocity, rotation, angularVelocityLocal)"}},
    {SS,
     "dataStartOfStep =",
     "dataStartofStep =",
     {":return: unknown key 'dataStartofStep' (did you mean 'dataStartOfStep'? allowed: "}},
    {SS,
     "visualization = { show = true }",
     "visualization = { shwo = true }",
     {":parameters.visualization: unknown key 'shwo' (did you mean 'show'? allowed: show, "
      "color)"}},
    {CABLE,
     "verticalOffset = 0,",
     "verticalOfset = 0,",
     {":markers[2].cable: unknown key 'verticalOfset' (did you mean 'verticalOffset'? allowed: "
      "q, q_t, length, verticalOffset, ale)"}},
    {ALE,
     "ale = { q = s, q_t = s_t }",
     "ale = { q = s, qt = s_t }",
     {":ale: unknown key 'qt' (did you mean 'q_t'? allowed: q, q_t)"}},
    /* wrong Lua types */
    {SS,
     "contactStiffness = 1e5",
     "contactStiffness = \"1e5\"",
     {":parameters.contactStiffness: must be a number (UReal), given '1e5' "
      "(ContactSphereSphere.contactStiffness)"}},
    {SS,
     "contactStiffness = 1e5",
     "contactStiffness = true",
     {":parameters.contactStiffness: must be a number (UReal), given true "
      "(ContactSphereSphere.contactStiffness)"}},
    {SS,
     "activeConnector = true",
     "activeConnector = \"yes\"",
     {":parameters.activeConnector: must be true or false (Bool), given 'yes'"}},
    {SS,
     "name = \"contact\"",
     "name = 7",
     {":parameters.name: must be a string (String), given 7"}},
    {SS,
     "  markers = {",
     "  markers = \"m0\" or {",
     {":markers: must be a list of 2 markers: m0 (Position+Orientation), m1 "
      "(Position+Orientation) (given 'm0')"}},
    {SS,
     "  parameters = {",
     "  parameters = 5 or {",
     {":parameters: must be a table of parameters by name (given 5)"}},
    /* huge, negative, non-finite, wrong lengths, empty, deep */
    {CABLE,
     "numberOfContactSegments = 2,",
     "numberOfContactSegments = 1e9,",
     {":parameters.numberOfContactSegments: must be at most 1000000 in a case file, given 1e+09"}},
    {SS, "impactModel = 2,", "impactModel = -1,", {":parameters.impactModel: must be >= 0 (UInt)"}},
    {SS,
     "position = {0, 0, 0}, velocity = {0, 0, 0},\n      rotation",
     "position = {0/0, 0, 0}, velocity = {0, 0, 0},\n      rotation",
     {":markers[1].position[1]: must be finite (given nan)"}},
    {SS,
     "rotation = {1,0,0, 0,1,0, 0,0,1}",
     "rotation = {1,0,0, 0,1,0, 0,0}",
     {":markers[1].rotation: must have 9 numbers (given 8)"}},
    {SS, "data = {0.1, 0, 0, 0},", "data = {},", {":data: ", "ContactSphereSphere", "(given 0"}},
    {SS,
     "spheresRadii = {0.5, 0.5}",
     "spheresRadii = {{{{0.5}}}, 0.5}",
     {":parameters.spheresRadii[1]: must be a number (given a table)"}},
    {CABLE, "segments = 2 }", "segments = 3 }", {":markers[2].segments: must equal "}},
};

static const hand_variant scene_table[] = {
    /* typos in every name-bearing field */
    {SCENE,
     "type = \"RigidBody2D\"",
     "type = \"RigidBody2d\"",
     {"bodies.disc.type: unknown body type \"RigidBody2d\" (known: Ground"}},
    {SCENE,
     "mass = 1, inertia = 0.01",
     "mas = 1, inertia = 0.01",
     {"bodies.disc: unknown key 'mas' (did you mean 'mass'? allowed: name, type, mass, "}},
    {SCENE,
     "type = \"Rigid\", body = \"disc\"",
     "type = \"Rigid\", body = \"dsc\"",
     {"markers.mDisc.body: no body or cable is called \"dsc\""}},
    {SCENE,
     "type = \"CableShape\"",
     "type = \"CabelShape\"",
     {"markers.mShape.type: unknown marker type \"CabelShape\""}},
    {SCENE,
     "type = \"SpringDamper\"",
     "type = \"Springdamper\"",
     {"elements.pin.type: unknown element type \"Springdamper\""}},
    {SCENE,
     "contactStiffness = 1e4",
     "contactStifness = 1e4",
     {"connectors.contact: unknown key 'contactStifness' (did you mean 'contactStiffness'? "
      "allowed: "}},
    {SCENE,
     "output = \"Coordinates\"",
     "output = \"Coordinate\"",
     {"sensors.f.output: ContactFrictionCircleCable2D has no output \"Coordinate\""}},
    {SCENE,
     "element = \"pin\"",
     "element = \"pn\"",
     {"sensors.s.element: no spring-damper, coordinate spring or constraint is called \"pn\""}},
    {SCENE,
     "method = \"newmark\"",
     "method = \"Newmark\"",
     {"solver.method: unknown method \"Newmark\" (known: generalizedAlpha, newmark, RK4)"}},
    {SCENE,
     "markers = {\"mx\"}",
     "markers = {\"mz\"}",
     {"elements.hold.markers: element 1: no marker is called \"mz\""}},
    {SCENE,
     "{ name = \"x\", type = \"Body\", body = \"disc\", quantity = \"coordinates\" }",
     "{ name = \"x\", typ = \"Body\", body = \"disc\", quantity = \"coordinates\" }",
     {"sensors.x.type: missing (the item's keys: "}},
    /* wrong Lua types */
    {SCENE,
     "mass = 1, position = {0, 1, 0}",
     "mass = \"1\", position = {0, 1, 0}",
     {"bodies.ball.mass: must be a number (given '1')"}},
    {SCENE,
     "contactDamping = 10,",
     "contactDamping = true,",
     {"connectors.contact.contactDamping: must be a number or a list of numbers (given true)"}},
    {SCENE, "  solver = {", "  solver = \"fast\" or {", {"solver: must be a table (given 'fast')"}},
    {SCENE, "  sensors = {", "  sensors = 3 or {", {"sensors: must be a list of tables (given 3)"}},
    /* huge, negative, non-finite, duplicates, empty, deep */
    {SCENE,
     "nodes = { {0, 0, 1, 0}, {0.5, 0, 1, 0}, {1, 0, 1, 0} },\n      lengths = {0.5, 0.5}, "
     "velocities = {0, 0.1},",
     "from = {0, 0}, to = {1, 0}, elements = 1e9,",
     {"bodies.cable.elements: must be a whole number in [1, 100000] (given 1e+09)"}},
    {SCENE,
     "numberOfContactSegments = 4,",
     "numberOfContactSegments = 1e9,",
     {"connectors.contact.numberOfContactSegments: must be at most 1000000 (given 1000000000)"}},
    {SCENE,
     "stiffness = 1e3,",
     "stiffness = -1e3,",
     {"elements.pin.stiffness: must be >= 0 (given -1e+03)"}},
    {SCENE,
     "steps = 10,",
     "steps = 1e300,",
     {"solver.steps: must be a whole number in [0, 1000000000] (given 1e+300)"}},
    {SCENE,
     "gravity = {0, -9.81, 0}",
     "gravity = {0, -1/0, 0}",
     {"gravity[2]: must be finite (given -inf)"}},
    {SCENE,
     "{ name = \"ball\", type",
     "{ name = \"disc\", type",
     {"bodies.disc: the name \"disc\" is used twice"}},
    {SCENE,
     "{ name = \"mBall\", type",
     "{ name = \"mNode\", type",
     {"markers.mNode: the name \"mNode\" is used twice"}},
    {SCENE,
     "{ name = \"e\", type = \"Energy\" }",
     "{ name = \"x\", type = \"Energy\" }",
     {"sensors.x: the name \"x\" is used twice"}},
    {SCENE,
     "segments = 4,",
     "segments = 0,",
     {"markers.mShape.segments: must be a whole number in [1, 1000] (given 0)"}},
    {SCENE,
     "position = {0, 1, 0}",
     "position = {{{{0}}}, 1, 0}",
     {"bodies.ball.position[1]: must be a number (given a table)"}},
    {SCENE,
     "markers = {\"mDisc\", \"mShape\"},",
     "markers = {},",
     {"connectors.contact.markers: must be a list of 2 marker names (given 0 names)"}},
};

static char *replace_once(const hand_variant *h, size_t *len)
{
    size_t n = 0;
    char *base = gt_read_file(h->base, &n);
    assert_non_null(base);
    char *text = hostile_replace(base, n, h->anchor, h->replacement, len);
    if (!text)
        fail_msg("%s: the anchor must occur exactly once: %s", h->base, h->anchor);
    free(base);
    return text;
}

/* The one line of a hand variant must contain every expected word. */
static int check_hand(const hand_variant *h, const char *name, size_t lines, const char *msg)
{
    int bad = lines != 1 || !msg || strpbrk(msg, "\n\r") || !names_file(msg, name);
    for (int k = 0; k < 4 && h->expect[k] && !bad; k++)
        bad = !strstr(msg, h->expect[k]);
    if (bad)
        fprintf(stderr, "%s with '%s' -> '%s': %zu line(s), expected %s...: %s\n", h->base,
                h->anchor, h->replacement, lines, h->expect[0], msg ? msg : "");
    return bad;
}

static void test_spec_table(void **state)
{
    (void)state;
    char path[512];
    snprintf(path, sizeof path, "%s/FullConnector.lua", tmp_dir);
    int bad = 0;
    for (size_t i = 0; i < sizeof spec_table / sizeof spec_table[0]; i++) {
        size_t len = 0;
        char *text = replace_once(&spec_table[i], &len);
        write_text(path, text, len);
        free(text);
        diag_list diag;
        diag_init(&diag);
        int rc = load_spec(path, &diag, NULL);
        bad += rc == 0 ||
               check_hand(&spec_table[i], path, diag.count, diag.count ? diag.lines[0] : NULL);
        diag_free(&diag);
    }
    assert_int_equal(bad, 0);
}

static void test_case_table(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    int bad = 0;
    for (size_t i = 0; i < sizeof case_table / sizeof case_table[0]; i++) {
        size_t len = 0;
        char *text = replace_once(&case_table[i], &len);
        char *json = NULL;
        mbc_error err;
        memset(&err, 0, sizeof err);
        mbc_status st = mbc_case_run_buffer(&r, case_table[i].base, text, len, &json, &err);
        bad += st == MBC_OK || check_hand(&case_table[i], case_table[i].base,
                                          strchr(err.message, '\n') ? 2 : 1, err.message);
        free(json);
        free(text);
    }
    assert_int_equal(bad, 0);
}

static void test_scene_table(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    char path[512];
    snprintf(path, sizeof path, "%s/scene.lua", tmp_dir);
    int bad = 0;
    for (size_t i = 0; i < sizeof scene_table / sizeof scene_table[0]; i++) {
        size_t len = 0;
        char *text = replace_once(&scene_table[i], &len);
        write_text(path, text, len);
        free(text);
        sim_model *m = sim_model_create();
        assert_non_null(m);
        mbc_sandbox *box = NULL;
        mbc_error err = {0};
        mbc_status st = sim_scene_load(m, path, &r, NULL, 0, &box, &err);
        bad += st == MBC_OK || check_hand(&scene_table[i], path, 1, err.message);
        sim_model_destroy(m);
        mbc_sandbox_free(box);
    }
    assert_int_equal(bad, 0);
}

/* ------------------------------------------------------------------ tools */

static const char *mbcgen_exe, *mbc_exe;

/* Runs argv; the exit status must be `status`, stdout empty and stderr
 * exactly one line holding every expected word of h. */
static int check_tool(char *const argv[], int status, const hand_variant *h, const char *name)
{
    char *out = NULL, *err = NULL;
    int rc = gt_run(argv, &out, &err);
    size_t lines = 0;
    for (const char *p = err; p && *p; p++)
        lines += *p == '\n';
    int bad = rc != status || !out || out[0] != '\0' || !err;
    if (!bad && lines == 1) {
        err[strlen(err) - 1] = '\0';
        bad = check_hand(h, name, lines, err);
    } else {
        bad = 1;
    }
    if (bad)
        fprintf(stderr, "%s %s: exit status %d (expected %d), stdout '%s', stderr '%s'\n", argv[0],
                argv[1], rc, status, out ? out : "", err ? err : "");
    free(out);
    free(err);
    return bad;
}

/* mbcgen --check exits 1, mbc eval and mbc simulate exit 2, each with the
 * one line on stderr and nothing on stdout: every hand variant. */
static void test_tools(void **state)
{
    (void)state;
    char spec[512], scene[512], cases[512];
    snprintf(spec, sizeof spec, "%s/FullConnector.lua", tmp_dir);
    snprintf(scene, sizeof scene, "%s/scene.lua", tmp_dir);
    snprintf(cases, sizeof cases, "%s/case.lua", tmp_dir);
    int bad = 0;
    size_t len = 0;
    for (size_t i = 0; i < sizeof spec_table / sizeof spec_table[0]; i++) {
        char *text = replace_once(&spec_table[i], &len);
        write_text(spec, text, len);
        free(text);
        char *argv[] = {(char *)mbcgen_exe, "--check", "--types", "specs/types.lua", spec, NULL};
        bad += check_tool(argv, 1, &spec_table[i], spec);
    }
    for (size_t i = 0; i < sizeof case_table / sizeof case_table[0]; i++) {
        char *text = replace_once(&case_table[i], &len);
        write_text(cases, text, len);
        free(text);
        char *argv[] = {(char *)mbc_exe, "eval", cases, NULL};
        bad += check_tool(argv, 2, &case_table[i], cases);
    }
    for (size_t i = 0; i < sizeof scene_table / sizeof scene_table[0]; i++) {
        char *text = replace_once(&scene_table[i], &len);
        write_text(scene, text, len);
        free(text);
        char *argv[] = {(char *)mbc_exe, "simulate", scene, "--quiet", NULL};
        bad += check_tool(argv, 2, &scene_table[i], scene);
    }
    assert_int_equal(bad, 0);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s MBCGEN MBC\n", argv[0]);
        return 2;
    }
    mbcgen_exe = argv[1];
    mbc_exe = argv[2];
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spec_variants), cmocka_unit_test(test_types_variants),
        cmocka_unit_test(test_case_variants), cmocka_unit_test(test_scene_variants),
        cmocka_unit_test(test_spec_table),    cmocka_unit_test(test_case_table),
        cmocka_unit_test(test_scene_table),   cmocka_unit_test(test_tools),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
