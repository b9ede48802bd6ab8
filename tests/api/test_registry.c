/* SPDX-License-Identifier: BSD-3-Clause */
/* Registry objects (include/mbconnect/object.h): the built-in types, adding
 * types defined elsewhere (all or none, duplicate names refused with a
 * message, fixed capacity), lookup and creation by name, generic parameter
 * access on an added type; the immutable built-in functions unchanged; the
 * version header; the umbrella header includes every public header. */
#include "spec_names.h"

#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mbconnect/mbconnect.h"

/* ---------------------------------------------------------- a type defined here */

typedef struct spring_params {
    double stiffness;
    bool activeConnector;
    struct {
        bool show;
    } visualization;
} spring_params;

static const double default_stiffness[] = {2.5};
static const double default_active[] = {1};
static const double default_show[] = {0};

static const mbc_param_info spring_param_table[] = {
    {
        .name = "stiffness",
        .type = "UReal",
        .description = "spring stiffness",
        .default_text = "2.5",
        .kind = MBC_VALUE_REAL,
        .shape = MBC_SCALAR,
        .size = 1,
        .offset = offsetof(spring_params, stiffness),
        .default_values = default_stiffness,
        .default_count = 1,
        .has_min = true,
        .min = 0.0,
        .rule = ">= 0",
        .role = MBC_ROLE_INPUT,
    },
    {
        .name = "activeConnector",
        .type = "Bool",
        .description = "active",
        .default_text = "True",
        .kind = MBC_VALUE_BOOL,
        .shape = MBC_SCALAR,
        .size = 1,
        .offset = offsetof(spring_params, activeConnector),
        .default_values = default_active,
        .default_count = 1,
        .role = MBC_ROLE_INPUT,
    },
};

static const mbc_param_info spring_vparam_table[] = {
    {
        .name = "show",
        .type = "Bool",
        .description = "shown",
        .default_text = "False",
        .kind = MBC_VALUE_BOOL,
        .shape = MBC_SCALAR,
        .size = 1,
        .offset = offsetof(spring_params, visualization.show),
        .default_values = default_show,
        .default_count = 1,
        .role = MBC_ROLE_INPUT,
    },
};

static const mbc_type_info spring_type = {
    .type_name = "AaaSpring",
    .class_name = "ObjectAaaSpring",
    .description = "a test type",
    .marker_types = {"Position", "Position"},
    .params_size = sizeof(spring_params),
    .params = spring_param_table,
    .param_count = 2,
    .vparams = spring_vparam_table,
    .vparam_count = 1,
    .data_per = -1,
};

static mbc_type_info named(const char *name)
{
    mbc_type_info t = spring_type;
    t.type_name = name;
    return t;
}

/* The built-in types: one per spec in specs/, sorted by name. */
static spec_names builtin;

/* "unknown connector type 'NAME' (known: <every built-in type>)" */
static void unknown_message(const char *name, char *buf, size_t size)
{
    char list[2048];
    spec_names_join(&builtin, list, sizeof list);
    snprintf(buf, size, "unknown connector type '%s' (known: %s)", name, list);
}

/* ---------------------------------------------------------- tests */

static void test_init_holds_the_builtin_types(void **state)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    assert_int_equal(mbc_registry_size(&r), mbc_registry_size(&builtin_types));
    assert_true(builtin.count >= 4);
    assert_int_equal(mbc_registry_size(&r), builtin.count);
    for (size_t i = 0; i < builtin.count; i++) {
        assert_ptr_equal(mbc_registry_entry(&r, i), mbc_registry_entry(&builtin_types, i));
        assert_string_equal(mbc_registry_entry(&r, i)->type_name, builtin.names[i]);
        assert_ptr_equal(mbc_registry_lookup(&r, builtin.names[i]),
                         mbc_registry_entry(&builtin_types, i));
    }
    assert_null(mbc_registry_entry(&r, builtin.count));
    assert_null(mbc_registry_lookup(&r, "ContactSphere"));
    assert_null(mbc_registry_lookup(&r, NULL));
    assert_ptr_equal(mbc_registry_lookup(&r, "ContactSphereSphere"),
                     &mbc_contact_sphere_sphere_type);

    mbc_registry_init_empty(&r);
    assert_int_equal(mbc_registry_size(&r), 0);
    assert_null(mbc_registry_lookup(&r, "ContactSphereSphere"));
}

static void test_duplicate_name_is_refused(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    mbc_error err = {0};
    assert_int_equal(mbc_registry_add(&r, &mbc_contact_sphere_sphere_type, &err), MBC_ERR_NAME);
    assert_string_equal(err.message, "connector type 'ContactSphereSphere' is already registered");
    /* another descriptor with a taken name: the same */
    mbc_type_info clash = named("JointALEMoving2D");
    assert_int_equal(mbc_registry_add(&r, &clash, &err), MBC_ERR_NAME);
    assert_string_equal(err.message, "connector type 'JointALEMoving2D' is already registered");
    assert_int_equal(mbc_registry_size(&r), builtin.count);

    assert_int_equal(mbc_registry_add(&r, &spring_type, &err), MBC_OK);
    assert_int_equal(mbc_registry_add(&r, &spring_type, &err), MBC_ERR_NAME);
    assert_string_equal(err.message, "connector type 'AaaSpring' is already registered");
    assert_int_equal(mbc_registry_size(&r), builtin.count + 1);

    assert_int_equal(mbc_registry_add(&r, NULL, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, "cannot register a connector type without a name");
    mbc_type_info empty = named("");
    assert_int_equal(mbc_registry_add(&r, &empty, &err), MBC_ERR_VALUE);
    assert_int_equal(mbc_registry_add(&r, &spring_type, NULL), MBC_ERR_NAME); /* err optional */
    assert_int_equal(mbc_registry_size(&r), builtin.count + 1);
}

static void test_add_keeps_names_sorted(void **state)
{
    mbc_registry builtin_types; /* the built-in types */
    mbc_registry_init(&builtin_types);
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    mbc_type_info mid = named("ContactMiddle"), last = named("Zzz");
    mbc_error err = {0};
    assert_int_equal(mbc_registry_add(&r, &last, &err), MBC_OK);
    assert_int_equal(mbc_registry_add(&r, &mid, &err), MBC_OK);
    assert_int_equal(mbc_registry_add(&r, &spring_type, &err), MBC_OK);
    /* the built-in names and the three added ones, sorted independently */
    spec_names expected = builtin;
    snprintf(expected.names[expected.count++], sizeof expected.names[0], "AaaSpring");
    snprintf(expected.names[expected.count++], sizeof expected.names[0], "ContactMiddle");
    snprintf(expected.names[expected.count++], sizeof expected.names[0], "Zzz");
    qsort(expected.names, expected.count, sizeof expected.names[0], spec_names_cmp);
    assert_int_equal(mbc_registry_size(&r), expected.count);
    for (size_t i = 0; i < expected.count; i++) {
        assert_string_equal(mbc_registry_entry(&r, i)->type_name, expected.names[i]);
        assert_ptr_equal(mbc_registry_lookup(&r, expected.names[i]), mbc_registry_entry(&r, i));
    }
    /* the immutable built-in table is untouched */
    assert_int_equal(mbc_registry_size(&builtin_types), builtin.count);
    assert_null(mbc_registry_lookup(&builtin_types, "AaaSpring"));
}

static void test_add_all_is_all_or_none(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    mbc_type_info a = named("NewA"), b = named("NewB");
    mbc_error err = {0};
    const mbc_type_info *with_dup[] = {&a, &b, &mbc_joint_ale_moving2d_type};
    assert_int_equal(mbc_registry_add_all(&r, with_dup, 3, &err), MBC_ERR_NAME);
    assert_string_equal(err.message, "connector type 'JointALEMoving2D' is already registered");
    assert_int_equal(mbc_registry_size(&r), builtin.count);
    assert_null(mbc_registry_lookup(&r, "NewA"));

    const mbc_type_info *twice[] = {&a, &b, &a};
    assert_int_equal(mbc_registry_add_all(&r, twice, 3, &err), MBC_ERR_NAME);
    assert_string_equal(err.message, "connector type 'NewA' is listed twice");
    assert_int_equal(mbc_registry_size(&r), builtin.count);

    const mbc_type_info *good[] = {&b, &a};
    assert_int_equal(mbc_registry_add_all(&r, good, 2, &err), MBC_OK);
    assert_int_equal(mbc_registry_size(&r), builtin.count + 2);
    assert_ptr_equal(mbc_registry_lookup(&r, "NewA"), &a);
    assert_ptr_equal(mbc_registry_lookup(&r, "NewB"), &b);
    assert_int_equal(mbc_registry_add_all(&r, NULL, 0, &err), MBC_OK);
    assert_int_equal(mbc_registry_add_all(NULL, good, 2, &err), MBC_ERR_STATE);
}

static void test_capacity(void **state)
{
    (void)state;
    static char names[MBC_REGISTRY_CAPACITY + 1][8];
    static mbc_type_info types[MBC_REGISTRY_CAPACITY + 1];
    mbc_registry r;
    mbc_registry_init_empty(&r);
    mbc_error err = {0};
    for (int i = 0; i <= MBC_REGISTRY_CAPACITY; i++) {
        snprintf(names[i], sizeof names[i], "T%03d", MBC_REGISTRY_CAPACITY - i);
        types[i] = named(names[i]);
    }
    for (int i = 0; i < MBC_REGISTRY_CAPACITY; i++)
        assert_int_equal(mbc_registry_add(&r, &types[i], &err), MBC_OK);
    assert_int_equal(mbc_registry_add(&r, &types[MBC_REGISTRY_CAPACITY], &err), MBC_ERR_STATE);
    assert_string_equal(err.message,
                        "cannot register connector type 'T000': the registry is full (64 types)");
    assert_int_equal(mbc_registry_size(&r), MBC_REGISTRY_CAPACITY);
    assert_string_equal(mbc_registry_entry(&r, 0)->type_name, "T001");
    assert_string_equal(mbc_registry_entry(&r, 63)->type_name, "T064");
    assert_ptr_equal(mbc_registry_lookup(&r, "T033"), &types[MBC_REGISTRY_CAPACITY - 33]);
}

static void test_create_by_name(void **state)
{
    (void)state;
    mbc_registry r;
    mbc_registry_init(&r);
    mbc_error err = {0};
    char unknown[4096];
    unknown_message("AaaSpring", unknown, sizeof unknown);
    assert_null(mbc_registry_create(&r, "AaaSpring", &err));
    if (strlen(unknown) < sizeof err.message) /* else the message is cut */
        assert_string_equal(err.message, unknown);
    assert_int_equal(mbc_registry_add(&r, &spring_type, &err), MBC_OK);

    mbc_object *o = mbc_registry_create(&r, "AaaSpring", &err);
    assert_non_null(o);
    assert_ptr_equal(o->type, &spring_type);
    double v[2];
    size_t n = 0;
    assert_int_equal(mbc_object_get(o, "stiffness", v, 2, &n, &err), MBC_OK);
    assert_int_equal(n, 1);
    assert_true(v[0] == 2.5);
    assert_int_equal(mbc_object_set(o, "stiffness", -1, &err), MBC_ERR_VALUE);
    assert_string_equal(err.message, "AaaSpring.stiffness: must be >= 0 (UReal), given -1");
    assert_int_equal(mbc_object_set(o, "stiffness", 7, &err), MBC_OK);
    assert_int_equal(mbc_object_set(o, "visualization.show", 1, &err), MBC_OK);
    const spring_params *p = o->params;
    assert_true(p->stiffness == 7.0);
    assert_true(p->activeConnector);
    assert_true(p->visualization.show);
    size_t violations = 1;
    assert_int_equal(mbc_object_initialize(o, NULL, 0, &violations), MBC_OK);
    assert_int_equal(violations, 0);
    mbc_object_destroy(o);

    /* built-in types through the registry object, and the old entry point */
    o = mbc_registry_create(&r, "ContactSphereSphere", &err);
    assert_non_null(o);
    assert_ptr_equal(o->type, &mbc_contact_sphere_sphere_type);
    mbc_object_destroy(o);
    o = mbc_object_create("ContactSphereSphere", &err);
    assert_non_null(o);
    mbc_object_destroy(o);
    assert_null(mbc_object_create("AaaSpring", &err));
    if (strlen(unknown) < sizeof err.message)
        assert_string_equal(err.message, unknown);

    /* straight from a descriptor */
    o = mbc_object_create_type(&spring_type, &err);
    assert_non_null(o);
    mbc_object_destroy(o);
    assert_null(mbc_object_create_type(NULL, &err));
    assert_int_equal(err.status, MBC_ERR_VALUE);
    assert_string_equal(err.message,
                        "mbc_object_create_type: the type must be a type descriptor (given NULL)");
    mbc_type_info nameless = spring_type;
    nameless.type_name = NULL;
    assert_null(mbc_object_create_type(&nameless, &err));
    assert_string_equal(
        err.message,
        "mbc_object_create_type: the type descriptor must have a type_name (given NULL)");
    mbc_type_info empty = spring_type;
    empty.params_size = 0;
    assert_null(mbc_object_create_type(&empty, &err));
    assert_string_equal(err.message,
                        "mbc_object_create_type: AaaSpring: params_size must be > 0 (given 0)");
    assert_null(mbc_registry_create(NULL, "AaaSpring", &err));
}

static void test_version_header(void **state)
{
    (void)state;
    char text[64];
    snprintf(text, sizeof text, "%d.%d.%d", MBC_VERSION_MAJOR, MBC_VERSION_MINOR,
             MBC_VERSION_PATCH);
    assert_string_equal(text, MBC_VERSION_STRING);
    assert_int_equal(MBC_VERSION_NUMBER,
                     10000 * MBC_VERSION_MAJOR + 100 * MBC_VERSION_MINOR + MBC_VERSION_PATCH);
}

/* Every header of dir (relative to the source tree) but `self` and `other`
 * (NULL: none) appears in the umbrella text as #include "prefix<name>". */
static int missing_from_umbrella(const char *umbrella, const char *dir, const char *prefix,
                                 const char *self, const char *other)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", MBC_SOURCE_DIR, dir);
    DIR *d = opendir(path);
    assert_non_null(d);
    int missing = 0, seen = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".h") || !strcmp(e->d_name, self) ||
            (other && !strcmp(e->d_name, other)))
            continue;
        seen++;
        char line[512];
        snprintf(line, sizeof line, "#include \"%s%s\"", prefix, e->d_name);
        if (!strstr(umbrella, line)) {
            fprintf(stderr, "%s lacks %s\n", self, line);
            missing++;
        }
    }
    closedir(d);
    assert_true(seen > 0);
    return missing;
}

static void read_text(const char *rel, char *text, size_t size)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", MBC_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    size_t n = fread(text, 1, size - 1, f);
    fclose(f);
    text[n] = '\0';
}

/* mbconnect.h includes every public header of the core and the generated
 * builtin.h, which includes every generated type header (so a new spec needs
 * no edit); not the harness's header (its functions are in the cmocka-linked
 * libmbconnect_invariants) and not case.h (the Lua front end's, a layer
 * above: a C solver that links libmbconnect alone never sees Lua). */
static void test_umbrella_header_is_complete(void **state)
{
    (void)state;
    static char text[1 << 16], builtin[1 << 16];
    read_text("include/mbconnect/mbconnect.h", text, sizeof text);
    read_text("generated/include/mbconnect/generated/builtin.h", builtin, sizeof builtin);
    int missing =
        missing_from_umbrella(text, "include/mbconnect", "mbconnect/", "mbconnect.h", "case.h") +
        missing_from_umbrella(builtin, "generated/include/mbconnect/generated",
                              "mbconnect/generated/", "builtin.h", NULL);
    assert_non_null(strstr(text, "#include \"mbconnect/version.h\""));
    assert_non_null(strstr(text, "#include \"mbconnect/generated/builtin.h\""));
    assert_null(strstr(text, "#include \"mbconnect/invariants.h\""));
    assert_null(strstr(text, "#include \"mbconnect/case.h\""));
    assert_int_equal(missing, 0);
}

int main(void)
{
    if (spec_names_load(&builtin) == 0) {
        fprintf(stderr, "no specs in %s/specs\n", MBC_SOURCE_DIR);
        return 1;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_init_holds_the_builtin_types),
        cmocka_unit_test(test_duplicate_name_is_refused),
        cmocka_unit_test(test_add_keeps_names_sorted),
        cmocka_unit_test(test_add_all_is_all_or_none),
        cmocka_unit_test(test_capacity),
        cmocka_unit_test(test_create_by_name),
        cmocka_unit_test(test_version_header),
        cmocka_unit_test(test_umbrella_header_is_complete),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
