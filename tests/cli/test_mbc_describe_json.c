/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc list --json` and `mbc describe --json TYPE` against the reflection
 * tables of every type, read here from a registry holding the same plugins
 * (built-in types, the downstream example's ContactCircleCircle2D, the
 * scaffolded ConnectorBaz and ContactQux, whose binding is a plugin's): names, kinds, shapes,
 * sizes, default values and texts, units (the "[SI:...]" of the description), symbols, rules (the
 * type's, and the spec's oneOf, range and required), roles,
 * descriptions, outputs with their sizes, data blocks, hooks, origins, the
 * pair binding (JSON and text). And
 * every text `mbc describe` prints, as text and in JSON, is plain: no RST or
 * LaTeX markup.
 *
 *   test_mbc_describe_json MBC PLUGIN...
 *
 * The JSON is read by tests/eval/json_mini.c, which shares no code with the
 * writer. */
#include "gen_test_util.h"

#include <math.h>

#include "json_mini.h"
#include "mbconnect/mbconnect.h"

#define MAX_PLUGINS 4

typedef struct setup {
    const char *mbc;
    const char *plugins[MAX_PLUGINS];
    int plugin_count;
    mbc_registry registry;
} setup;

static setup the_setup; /* argv, read once in main */

/* Runs mbc with the plugins and args; returns its stdout (status 0 required). */
static char *run_mbc(const char *a, const char *b, const char *c)
{
    char *argv[3 + 2 * MAX_PLUGINS + 3];
    int n = 0;
    argv[n++] = (char *)the_setup.mbc;
    for (int i = 0; i < the_setup.plugin_count; i++) {
        argv[n++] = "--plugin";
        argv[n++] = (char *)the_setup.plugins[i];
    }
    argv[n++] = (char *)a;
    if (b)
        argv[n++] = (char *)b;
    if (c)
        argv[n++] = (char *)c;
    argv[n] = NULL;
    char *out = NULL, *err = NULL;
    int rc = gt_run(argv, &out, &err);
    if (rc != 0)
        fail_msg("mbc %s %s %s: status %d: %s", a, b ? b : "", c ? c : "", rc, err ? err : "");
    free(err);
    assert_non_null(out);
    return out;
}

static jm_value *parse(const char *text)
{
    char err[256];
    jm_value *v = jm_parse(text, err, sizeof err);
    if (!v)
        fail_msg("not JSON: %s", err);
    return v;
}

static const char *str(const jm_value *v, const char *key)
{
    const jm_value *m = jm_member(v, key);
    if (!m)
        fail_msg("no member '%s'", key);
    return m->type == JM_NULL ? NULL : m->text;
}

static void expect_str(const jm_value *v, const char *key, const char *want, const char *where)
{
    const char *got = str(v, key);
    if ((got == NULL) != (want == NULL) || (got && strcmp(got, want) != 0))
        fail_msg("%s.%s: JSON %s, registry %s", where, key, got ? got : "null",
                 want ? want : "null");
}

static void expect_int(const jm_value *v, const char *key, double want, const char *where)
{
    const jm_value *m = jm_member(v, key);
    if (!m || m->type != JM_NUMBER || m->number != want)
        fail_msg("%s.%s: JSON %s, registry %g", where, key, m && m->text ? m->text : "?", want);
}

/* The text between "[SI:" and "]" in a description, trimmed; NULL if none. */
static char *unit_in(const char *description)
{
    const char *at = description ? strstr(description, "[SI:") : NULL;
    if (!at)
        return NULL;
    at += 4;
    while (*at == ' ')
        at++;
    const char *end = strchr(at, ']');
    return end ? strndup(at, (size_t)(end - at)) : NULL;
}

/* No RST role, literal, escape or LaTeX command in a text a user reads. */
static void expect_plain(const char *text, const char *where)
{
    static const char *const markup[] = {":math:", ":ref:", ":doc:", "``",      "`_",
                                         "\\",     "**",    "\\tp",  "\\mathrm"};
    for (size_t i = 0; text && i < sizeof markup / sizeof markup[0]; i++)
        if (strstr(text, markup[i]))
            fail_msg("%s: markup '%s' in: %s", where, markup[i], text);
}

/* A range end in JSON: null when unbounded, else the registry's number. */
static void expect_end(const jm_value *range, const char *key, double want, const char *where)
{
    const jm_value *m = jm_member(range, key);
    if (!m)
        fail_msg("%s.range: no member '%s'", where, key);
    if (isinf(want) ? m->type != JM_NULL : m->type != JM_NUMBER || m->number != want)
        fail_msg("%s.range.%s: JSON %s, registry %g", where, key, m->text ? m->text : "null", want);
}

static void expect_bool(const jm_value *v, const char *key, bool want, const char *where)
{
    const jm_value *m = jm_member(v, key);
    if (!m || m->type != JM_BOOL || m->boolean != want)
        fail_msg("%s.%s: JSON not %s", where, key, want ? "true" : "false");
}

/* The spec's physical-validity rules: oneOf, range, required, every value
 * rule in words (rulesText, the text form's "rules:" line) and the check's
 * statement (checkText). */
static void check_rules(const jm_value *j, const mbc_param_info *p, const char *where)
{
    const jm_value *one_of = jm_member(j, "oneOf");
    assert_non_null(one_of);
    if (p->one_of_count == 0) {
        assert_int_equal(one_of->type, JM_NULL);
    } else {
        assert_int_equal(one_of->type, JM_ARRAY);
        if (one_of->count != p->one_of_count)
            fail_msg("%s.oneOf: %zu values in JSON, %zu in the registry", where, one_of->count,
                     p->one_of_count);
        for (size_t k = 0; k < one_of->count; k++)
            if (one_of->items[k]->type != JM_NUMBER || one_of->items[k]->number != p->one_of[k])
                fail_msg("%s.oneOf[%zu]: JSON %s, registry %g", where, k, one_of->items[k]->text,
                         p->one_of[k]);
    }
    const jm_value *range = jm_member(j, "range");
    assert_non_null(range);
    if (!p->has_range) {
        assert_int_equal(range->type, JM_NULL);
    } else {
        assert_int_equal(range->type, JM_OBJECT);
        expect_str(range, "text", p->range_rule, where);
        expect_end(range, "min", p->range_min, where);
        expect_bool(range, "minOpen", p->range_min_open, where);
        expect_end(range, "max", p->range_max, where);
        expect_bool(range, "maxOpen", p->range_max_open, where);
    }
    expect_str(j, "required", p->required, where);
    char rules[512];
    mbc_param_rules_text(p, rules, sizeof rules);
    expect_str(j, "rulesText", rules[0] ? rules : NULL, where);
    /* "checkText": the spec's statement of the parameter's check, or null */
    expect_str(j, "checkText", mbc_param_info_check_text(p), where);
    /* "choices": the names of the values 0, 1, ... (the type's table), or null */
    size_t n = 0;
    const char *const *names = mbc_param_info_choices(p, &n);
    const jm_value *choices = jm_member(j, "choices");
    assert_non_null(choices);
    if (!names) {
        assert_int_equal(choices->type, JM_NULL);
        return;
    }
    assert_int_equal(choices->type, JM_ARRAY);
    assert_int_equal(choices->count, n);
    assert_int_equal(n, p->one_of_count);
    for (size_t k = 0; k < n; k++) {
        assert_int_equal(p->one_of[k], (double)k);
        if (choices->items[k]->type != JM_STRING || strcmp(choices->items[k]->text, names[k]))
            fail_msg("%s.choices[%zu]: JSON %s, registry %s", where, k, choices->items[k]->text,
                     names[k]);
    }
}

static void check_param(const jm_value *j, const mbc_type_info *t, const mbc_param_info *p)
{
    const char *type = t->type_name;
    static const char *const kinds[] = {"bool", "int", "real", "float", "string", "index"};
    static const char *const shapes[] = {"scalar", "fixed", "vector"};
    static const char *const roles[] = {"input", "derived", "state"};
    char where[256];
    snprintf(where, sizeof where, "%s.%s", type, p->name);
    expect_str(j, "name", p->name, where);
    expect_str(j, "type", p->type, where);
    expect_str(j, "kind", kinds[p->kind], where);
    expect_str(j, "shape", shapes[p->shape], where);
    if (p->shape == MBC_VECTOR)
        assert_int_equal(jm_member(j, "size")->type, JM_NULL);
    else
        expect_int(j, "size", (double)p->size, where);
    expect_str(j, "defaultText", p->default_text, where);
    expect_str(j, "symbol", p->symbol, where);
    expect_str(j, "rule", p->rule, where);
    check_rules(j, p, where);
    expect_str(j, "role", roles[p->role], where);
    expect_str(j, "description", p->description, where);
    char *unit = unit_in(p->description);
    expect_str(j, "unit", unit, where);
    free(unit);
    const jm_value *def = jm_member(j, "default");
    assert_non_null(def);
    if (p->kind == MBC_VALUE_STRING) {
        assert_int_equal(def->type, JM_STRING);
        char quoted[300];
        snprintf(quoted, sizeof quoted, "'%s'", def->text);
        if (strcmp(quoted, p->default_text) != 0)
            fail_msg("%s: default '%s', documented %s", where, def->text, p->default_text);
        return;
    }
    assert_int_equal(def->type, JM_ARRAY);
    if (def->count != p->default_count)
        fail_msg("%s: %zu default values in JSON, %zu in the registry", where, def->count,
                 p->default_count);
    for (size_t k = 0; k < def->count; k++)
        if (def->items[k]->number != p->default_values[k])
            fail_msg("%s: default[%zu] %s, registry %.17g", where, k, def->items[k]->text,
                     p->default_values[k]);
    expect_plain(p->description, where);
    expect_plain(p->symbol, where);
    expect_plain(p->default_text, where);
}

static void check_params(const jm_value *list, const mbc_type_info *t, const mbc_param_info *p,
                         size_t n)
{
    const char *type = t->type_name;
    assert_non_null(list);
    assert_int_equal(list->type, JM_ARRAY);
    if (list->count != n)
        fail_msg("%s: %zu parameters in JSON, %zu in the registry", type, list->count, n);
    for (size_t i = 0; i < n; i++)
        check_param(list->items[i], t, &p[i]);
}

static void check_outputs_and_data(const jm_value *v, const mbc_type_info *t)
{
    const jm_value *outputs = jm_member(v, "outputs");
    assert_int_equal(outputs->count, t->output_count);
    for (size_t i = 0; i < t->output_count; i++) {
        const mbc_output_info *o = &t->outputs[i];
        const jm_value *j = outputs->items[i];
        expect_str(j, "name", o->name, t->type_name);
        expect_str(j, "symbol", o->symbol, o->name);
        expect_str(j, "description", o->description, o->name);
        expect_int(jm_member(j, "size"), "factor", (double)o->factor, o->name);
        expect_str(jm_member(j, "size"), "per", o->per >= 0 ? t->params[o->per].name : NULL,
                   o->name);
        expect_plain(o->description, o->name);
        expect_plain(o->symbol, o->name);
    }
    const jm_value *data = jm_member(v, "data");
    expect_str(data, "per", t->data_per >= 0 ? t->params[t->data_per].name : NULL, "data");
    const jm_value *blocks = jm_member(data, "blocks");
    assert_int_equal(blocks->count, t->data_block_count);
    for (size_t i = 0; i < t->data_block_count; i++) {
        expect_str(blocks->items[i], "name", t->data[i].name, "data");
        expect_str(blocks->items[i], "description", t->data[i].description, t->data[i].name);
        assert_true(jm_number(blocks->items[i], "initial") == t->data[i].initial);
        expect_plain(t->data[i].description, t->data[i].name);
    }
}

/* "pairBinding": null without a binding, else the kind, the two center
 * markers and the radii parameter by name; the text form's line says the
 * same. Returns 1 when the type has a binding. */
static int check_pair_binding(const jm_value *v, const char *text, const mbc_type_info *t)
{
    const jm_value *j = jm_member(v, "pairBinding");
    if (!j)
        fail_msg("%s: no member 'pairBinding'", t->type_name);
    const mbc_pair_binding *b = t->pair_binding;
    char line[512];
    if (!b) {
        assert_int_equal(j->type, JM_NULL);
        if (!strstr(text, "\npair binding: none\n"))
            fail_msg("%s: no line 'pair binding: none'", t->type_name);
        return 0;
    }
    assert_int_equal(b->kind, MBC_PAIR_BINDING_SPHERES); /* the closed list's one kind */
    expect_str(j, "kind", "spheres", t->type_name);
    const jm_value *centers = jm_member(j, "centers");
    assert_int_equal(centers->count, 2);
    for (int i = 0; i < 2; i++) {
        char m[4];
        snprintf(m, sizeof m, "m%d", b->center_markers[i]);
        assert_string_equal(centers->items[i]->text, m);
    }
    expect_str(j, "radii", t->params[b->radii_param].name, t->type_name);
    const size_t masses = mbc_pair_binding_masses(b);
    const jm_value *jm = jm_member(j, "masses");
    assert_non_null(jm);
    if (masses > 0)
        expect_str(j, "masses", t->params[masses - 1].name, t->type_name);
    else
        assert_int_equal(jm->type, JM_NULL);
    const jm_value *kernel = jm_member(j, "kernel"), *reach = jm_member(j, "reach");
    assert_non_null(kernel);
    assert_non_null(reach);
    assert_int_equal(kernel->type, JM_BOOL);
    assert_int_equal(reach->type, JM_BOOL);
    assert_int_equal(kernel->boolean, mbc_pair_binding_evaluate(b) != NULL);
    assert_int_equal(reach->boolean, mbc_pair_binding_reach(b) != NULL);
    char mass_words[128] = "";
    if (masses > 0)
        snprintf(mass_words, sizeof mass_words, ", masses [m_a, m_b] in %s",
                 t->params[masses - 1].name);
    snprintf(
        line, sizeof line,
        "\npair binding: spheres, sphere a at m%d, sphere b at m%d, radii [r_a, r_b] in "
        "%s%s (mbc-lammps sets them); %s%s\n",
        b->center_markers[0], b->center_markers[1], t->params[b->radii_param].name, mass_words,
        mbc_pair_binding_evaluate(b) ? "in-place kernel" : "through the hooks (no in-place kernel)",
        mbc_pair_binding_reach(b) ? "; contacts held beyond touching, to the law's reach" : "");
    if (!strstr(text, line))
        fail_msg("%s: no line '%s' in the text of describe", t->type_name, line + 1);
    return 1;
}

/* "wallBinding": null without a wall binding, else its shapes in the
 * order plane, cylinder; the text's line says the same. */
static void check_wall_binding(const jm_value *v, const char *text, const mbc_type_info *t)
{
    const jm_value *j = jm_member(v, "wallBinding");
    if (!j)
        fail_msg("%s: no member 'wallBinding'", t->type_name);
    const unsigned shapes = mbc_wall_eval_shapes(t);
    if (!shapes) {
        assert_int_equal(j->type, JM_NULL);
        if (!strstr(text, "\nwall binding: none\n"))
            fail_msg("%s: no line 'wall binding: none'", t->type_name);
        return;
    }
    const jm_value *list = jm_member(j, "shapes");
    const char *names[2];
    size_t n = 0;
    if (shapes & MBC_WALL_PLANE)
        names[n++] = "plane";
    if (shapes & MBC_WALL_CYLINDER)
        names[n++] = "cylinder";
    assert_int_equal(list->count, n);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(list->items[i]->text, names[i]);
    char line[256];
    snprintf(line, sizeof line,
             "\nwall binding: %s%s%s in sphere b's place (infinite mass, the wall's radius of "
             "curvature)\n",
             n ? names[0] : "", n > 1 ? ", " : "", n > 1 ? names[1] : "");
    if (!strstr(text, line))
        fail_msg("%s: no line '%s' in the text of describe", t->type_name, line + 1);
}

static int check_type(const mbc_registry *r, size_t index)
{
    static const char *const marker_kinds[] = {"position", "rigid", "cable2d_shape",
                                               "cable2d_coordinates"};
    const mbc_type_info *t = mbc_registry_entry(r, index);
    const char *origin = mbc_registry_origin(r, index);
    char *text = run_mbc("describe", "--json", t->type_name);
    jm_value *v = parse(text);
    expect_str(v, "type", t->type_name, "describe");
    expect_str(v, "class", t->class_name, t->type_name);
    expect_str(v, "origin", origin ? "plugin" : "builtin", t->type_name);
    expect_str(v, "plugin", origin, t->type_name);
    expect_str(v, "description", t->description, t->type_name);
    expect_plain(t->description, t->type_name);
    const jm_value *markers = jm_member(v, "markers");
    assert_int_equal(markers->count, 2);
    for (int m = 0; m < 2; m++) {
        expect_str(markers->items[m], "types", t->marker_types[m], t->type_name);
        expect_str(markers->items[m], "kind", marker_kinds[t->marker_kinds[m]], t->type_name);
    }
    const jm_value *hooks = jm_member(v, "hooks");
    size_t k = 0;
#define CHECK_HOOK(ID, NAME, FIELD, WRITES, ARGS, CALL)                                            \
    if (t->FIELD) {                                                                                \
        assert_true(k < hooks->count);                                                             \
        assert_string_equal(hooks->items[k++]->text, #NAME);                                       \
    }
    MBC_HOOKS(CHECK_HOOK)
#undef CHECK_HOOK
    assert_int_equal(k, hooks->count);
    check_params(jm_member(v, "parameters"), t, t->params, t->param_count);
    check_params(jm_member(v, "visualization"), t, t->vparams, t->vparam_count);
    check_outputs_and_data(v, t);

    /* the text form: plain too, with the origin and the pair binding */
    char *json_text = text;
    text = run_mbc("describe", t->type_name, NULL);
    const int bound = check_pair_binding(v, text, t);
    check_wall_binding(v, text, t);
    jm_free(v);
    free(json_text);
    expect_plain(text, t->type_name);
    char line[1200];
    snprintf(line, sizeof line, "\norigin: %s%s\n", origin ? "plugin " : "built in",
             origin ? origin : "");
    if (!strstr(text, line))
        fail_msg("%s: no line '%s' in the text of describe", t->type_name, line + 1);
    /* each parameter's rules on the line after its description */
    for (size_t i = 0; i < t->param_count + t->vparam_count; i++) {
        const mbc_param_info *p =
            i < t->param_count ? &t->params[i] : &t->vparams[i - t->param_count];
        char rules[512], want[4096];
        if (!mbc_param_rules_text(p, rules, sizeof rules)[0])
            continue;
        snprintf(want, sizeof want, "      %s\n      rules: %s\n", p->description, rules);
        if (!strstr(text, want))
            fail_msg("%s.%s: no line 'rules: %s' after its description", t->type_name, p->name,
                     rules);
    }
    free(text);
    return bound;
}

/* ContactSphereSphere's binding as its spec writes it: pair_binding = {
 * kind = "spheres", centers = { "m0", "m1" }, radii = "spheresRadii" }. */
static void test_sphere_sphere_binding(void **state)
{
    (void)state;
    char *text = run_mbc("describe", "--json", "ContactSphereSphere");
    jm_value *v = parse(text);
    const jm_value *j = jm_member(v, "pairBinding");
    assert_non_null(j);
    expect_str(j, "kind", "spheres", "pairBinding");
    const jm_value *centers = jm_member(j, "centers");
    assert_int_equal(centers->count, 2);
    assert_string_equal(centers->items[0]->text, "m0");
    assert_string_equal(centers->items[1]->text, "m1");
    expect_str(j, "radii", "spheresRadii", "pairBinding");
    jm_free(v);
    free(text);
    text = run_mbc("describe", "JointALEMoving2D", NULL);
    assert_non_null(strstr(text, "\npair binding: none\n"));
    free(text);
}

/* The parsed units (mbconnect/unit.h) by hand: ContactGranular's
 * normalDamping states four (N s/m = kg s^-1, 1/s, 1/(m s), 1), the JSON
 * lists each with its SI base form and the text shows them. */
static void test_units_parsed(void **state)
{
    (void)state;
    char *text = run_mbc("describe", "--json", "ContactGranular");
    jm_value *v = parse(text);
    const jm_value *params = jm_member(v, "parameters");
    assert_non_null(params);
    const jm_value *damping = NULL, *stiffness = NULL;
    for (size_t i = 0; i < params->count; i++) {
        if (strcmp(str(params->items[i], "name"), "normalDamping") == 0)
            damping = params->items[i];
        if (strcmp(str(params->items[i], "name"), "youngsModulus") == 0)
            stiffness = params->items[i];
    }
    assert_non_null(damping);
    assert_non_null(stiffness);
    const jm_value *units = jm_member(damping, "units");
    assert_non_null(units);
    static const char *const want[][2] = {
        {"N s/m", "kg s^-1"}, {"1/s", "s^-1"}, {"1/(m s)", "m^-1 s^-1"}, {"1", "1"}};
    assert_int_equal(units->count, 4);
    for (size_t i = 0; i < 4; i++) {
        expect_str(units->items[i], "unit", want[i][0], "normalDamping.units");
        expect_str(units->items[i], "si", want[i][1], "normalDamping.units");
    }
    units = jm_member(stiffness, "units");
    assert_int_equal(units->count, 1);
    expect_str(units->items[0], "si", "kg m^-1 s^-2", "youngsModulus.units"); /* Pa */
    jm_free(v);
    free(text);
    text = run_mbc("describe", "ContactGranular", NULL);
    assert_non_null(
        strstr(text, "\n      unit: N s/m (kg s^-1), 1/s (s^-1), 1/(m s) (m^-1 s^-1), 1 (1)\n"));
    assert_non_null(strstr(text, "\n      unit: Pa (kg m^-1 s^-2)\n"));
    free(text);
}

/* A check's statement (rules.check_text) by hand: ContactGranClassic's
 * tangentialStiffness in the JSON and beside its type rule in the text
 * form; a parameter without a check has null. */
static void test_check_text(void **state)
{
    (void)state;
    static const char want[] = "k_t > 0 with a shear history, tangential damping and lammps2021 "
                               "(LAMMPS 2021 divides by it when sliding)";
    char *text = run_mbc("describe", "--json", "ContactGranClassic");
    jm_value *v = parse(text);
    const jm_value *params = jm_member(v, "parameters");
    assert_non_null(params);
    size_t with = 0;
    for (size_t i = 0; i < params->count; i++) {
        const jm_value *check = jm_member(params->items[i], "checkText");
        assert_non_null(check);
        if (strcmp(str(params->items[i], "name"), "tangentialStiffness") == 0) {
            expect_str(params->items[i], "checkText", want, "tangentialStiffness");
            expect_str(params->items[i], "rule", ">= 0", "tangentialStiffness");
        }
        with += check->type != JM_NULL;
    }
    assert_int_equal(with, 1); /* the spec's one check */
    jm_free(v);
    free(text);
    text = run_mbc("describe", "ContactGranClassic", NULL);
    char line[256];
    snprintf(line, sizeof line, "\n      rules: >= 0; check: %s\n", want);
    assert_non_null(strstr(text, line));
    free(text);
}

static void test_describe_every_type(void **state)
{
    (void)state;
    const mbc_registry *r = &the_setup.registry;
    size_t plugin_types = 0;
    size_t bound = 0;
    for (size_t i = 0; i < mbc_registry_size(r); i++) {
        bound += (size_t)check_type(r, i);
        plugin_types += mbc_registry_origin(r, i) != NULL;
    }
    assert_true(bound >= 2); /* ContactSphereSphere and the pair scaffold's ContactQux */
    /* ContactCircleCircle2D, ConnectorBaz and ContactQux */
    assert_int_equal(plugin_types, (size_t)the_setup.plugin_count);
}

static void test_list_json(void **state)
{
    (void)state;
    const mbc_registry *r = &the_setup.registry;
    char *text = run_mbc("list", "--json", NULL);
    jm_value *v = parse(text);
    const jm_value *types = jm_member(v, "types");
    assert_non_null(types);
    assert_int_equal(types->count, mbc_registry_size(r));
    for (size_t i = 0; i < types->count; i++) {
        const mbc_type_info *t = mbc_registry_entry(r, i);
        const jm_value *j = types->items[i];
        const char *origin = mbc_registry_origin(r, i);
        expect_str(j, "type", t->type_name, "list");
        expect_str(j, "class", t->class_name, t->type_name);
        expect_str(j, "origin", origin ? "plugin" : "builtin", t->type_name);
        expect_str(j, "plugin", origin, t->type_name);
        expect_int(j, "parameters", (double)t->param_count, t->type_name);
        expect_int(j, "visualization", (double)t->vparam_count, t->type_name);
        expect_int(j, "outputs", (double)t->output_count, t->type_name);
    }
    jm_free(v);
    free(text);
    /* the text list marks the plugin types with their file */
    text = run_mbc("list", NULL, NULL);
    for (int p = 0; p < the_setup.plugin_count; p++) {
        char want[1100];
        snprintf(want, sizeof want, "  plugin %s\n", the_setup.plugins[p]);
        if (!strstr(text, want))
            fail_msg("mbc list does not mark the types of %s:\n%s", the_setup.plugins[p], text);
    }
    free(text);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc - 2 > MAX_PLUGINS) {
        fprintf(stderr, "usage: test_mbc_describe_json MBC PLUGIN...\n");
        return 2;
    }
    the_setup.mbc = argv[1];
    mbc_registry_init(&the_setup.registry);
    for (int i = 2; i < argc; i++) {
        mbc_error err = {0};
        the_setup.plugins[the_setup.plugin_count++] = argv[i];
        if (mbc_registry_load_plugin(&the_setup.registry, argv[i], &err) != MBC_OK) {
            fprintf(stderr, "%s\n", err.message);
            return 1;
        }
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_list_json),
        cmocka_unit_test(test_describe_every_type),
        cmocka_unit_test(test_sphere_sphere_binding),
        cmocka_unit_test(test_units_parsed),
        cmocka_unit_test(test_check_text),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
