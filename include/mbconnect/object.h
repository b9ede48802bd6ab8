/* SPDX-License-Identifier: BSD-3-Clause */
/* Reflection over connector types: the descriptor tables mbcgen generates for
 * every spec, the table-driven parameter access they share (defaults,
 * checked setters, getters, validation), the registry of all types, and a
 * generic object handle a solver front-end can use for any type by name.
 *
 * Parameter values travel as doubles (bool 0/1, int and index values exact)
 * or as strings; the per-type headers add typed setters and getters. */
#ifndef MBCONNECT_OBJECT_H
#define MBCONNECT_OBJECT_H

#include <stdbool.h>
#include <stddef.h>

#include "mbconnect/connector.h"
#include "mbconnect/export.h"
#include "mbconnect/format_number.h"
#include "mbconnect/hooks.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What one element of a parameter is, in C. */
typedef enum mbc_value_kind {
    MBC_VALUE_BOOL,   /* bool */
    MBC_VALUE_INT,    /* int */
    MBC_VALUE_REAL,   /* double */
    MBC_VALUE_FLOAT,  /* float */
    MBC_VALUE_STRING, /* char * (owned; NULL reads as "") */
    MBC_VALUE_INDEX   /* mbc_index; -1 is invalid */
} mbc_value_kind;

typedef enum mbc_shape {
    MBC_SCALAR, /* one element */
    MBC_FIXED,  /* `size` elements in a C array */
    MBC_VECTOR  /* owned pointer + size_t count (field `count_offset`) */
} mbc_shape;

typedef enum mbc_param_role {
    MBC_ROLE_INPUT,   /* public setter */
    MBC_ROLE_DERIVED, /* computed by initialize; getter only */
    MBC_ROLE_STATE    /* updated by the runtime; getter only */
} mbc_param_role;

typedef mbc_status (*mbc_check_fn)(const void *params, mbc_error *err);

/* One parameter: name, documentation, C layout, value rule and extra rules. */
typedef struct mbc_param_info {
    const char *name;
    const char *type;   /* spec type name, e.g. "UReal" */
    const char *symbol; /* LaTeX or NULL */
    const char *description;
    const char *default_text; /* the default as documented */
    mbc_value_kind kind;
    mbc_shape shape;
    size_t size;         /* elements for MBC_SCALAR (1) and MBC_FIXED */
    size_t offset;       /* offsetof the field in the params struct */
    size_t count_offset; /* MBC_VECTOR: offsetof the element count */
    const double *default_values;
    size_t default_count;
    bool has_min; /* value rule: x >= min, or x > min when min_exclusive */
    bool min_exclusive;
    double min;
    const char *rule; /* ">= 0", "> 0" or NULL */
    mbc_param_role role;
    /* extra rules checked by validate() */
    bool must_be_set;      /* every index element >= 0 */
    size_t min_length;     /* vectors */
    size_t same_length_as; /* 1-based number of a parameter in the type's params; 0 = none */
    bool non_decreasing;
    size_t positive_when; /* 1-based number of a Bool parameter; 0 = none */
    mbc_check_fn check;   /* runtime check hook, or NULL */
    /* physical validity (spec rules one_of, range, required), checked by the
     * setters and by validate() for every element */
    const double *one_of; /* allowed values (an enumeration such as impactModel), or NULL */
    size_t one_of_count;
    bool has_range;                      /* range_min <(=) x <(=) range_max */
    bool range_min_open, range_max_open; /* strict inequality at that end */
    double range_min, range_max;         /* -HUGE_VAL / HUGE_VAL for an unbounded end */
    const char *range_rule;              /* the rule in messages, e.g. "> 0", "in [0, 1)" */
    /* the documented default is a placeholder that breaks the rule (e.g.
     * spheresRadii = [-1, -1]): validate() asks to set the value, with this
     * hint ("set both radii"); NULL otherwise */
    const char *required;
} mbc_param_info;

/* What a marker is; which members of mbc_state carry it:
 * - MBC_MARKER_POSITION (spec { "Position" }) and MBC_MARKER_RIGID
 *   ({ "Position", "Orientation" }): state.marker[m], a mbc_rigid_marker
 *   (a position marker has the identity rotation and zero angular velocity);
 * - MBC_MARKER_CABLE2D_SHAPE ({ "BodyCable2DShape" }): state.cable, the
 *   n+1 points of n contact segments along an ANCF cable;
 * - MBC_MARKER_CABLE2D_COORDINATES ({ "BodyCable2DCoordinates" }):
 *   state.cables / cable_count (the ANCF elements an ALE joint slides
 *   along) and state.ale_q / ale_q_t (the ALE node).
 * The list is closed: mbcgen --check rejects other marker type names. */
typedef enum mbc_marker_kind {
    MBC_MARKER_POSITION,
    MBC_MARKER_RIGID,
    MBC_MARKER_CABLE2D_SHAPE,
    MBC_MARKER_CABLE2D_COORDINATES
} mbc_marker_kind;

/* One output variable of a type. Outputs are identified per type by their
 * index in mbc_type_info.outputs (spec order; the generated header of a type
 * has MBC_<TYPE>_OUTPUT_<NAME> constants) or by name (mbc_type_find_output):
 * there is no global list of output names, any spec may declare any name. */
typedef struct mbc_output_info {
    const char *name; /* as in the spec, e.g. "Coordinates_t" */
    const char *symbol;
    const char *description;
    size_t factor; /* size = factor * params[per] (or factor) */
    int per;       /* index into params, or -1 */
} mbc_output_info;

typedef struct mbc_data_info {
    const char *name;
    double initial;
    const char *description;
    /* 1-based number of the variable-size parameter this coordinate is an
     * index into (spec key index_into): the state check requires a whole
     * number in [0, count - 1] in the current data; 0 = none */
    size_t index_into;
} mbc_data_info;

struct mbc_invariant_info; /* mbconnect/invariant_info.h */

/* How a type binds to a pair of particles of a particle solver (spec key
 * `pair_binding`, docs/spec-language.rst "Pair binding"; used by
 * mbc_pair_eval, mbconnect/pair_eval.h, and mbc-lammps, docs/lammps.rst).
 * The list of kinds is closed:
 * - MBC_PAIR_BINDING_SPHERES: two spheres of radii r_a, r_b whose centers
 *   are the markers center_markers[0] (sphere a) and center_markers[1]
 *   (sphere b), both Position or Position+Orientation markers; the solver
 *   writes [r_a, r_b] into the 2-element real parameter params[radii_param]
 *   (and, with masses, [m_a, m_b] into params[masses_param - 1]) before it
 *   evaluates the pair through the hooks, and treats the pair as touching
 *   while the center distance is below r_a + r_b (+ the reach, below). */
typedef enum mbc_pair_binding_kind { MBC_PAIR_BINDING_SPHERES } mbc_pair_binding_kind;

struct mbc_pair_call; /* mbconnect/pair_eval.h */
struct mbc_pair_sums;

/* A type's in-place evaluation of a list of pairs (spec key `kernel =
 * true`): what mbc_pair_eval calls for the type, once per call (the
 * generated thunk to mbc_<type>_pair_evaluate; mbconnect/pair_kernel.h). */
typedef mbc_status (*mbc_pair_evaluate_fn)(const void *params, const struct mbc_pair_call *call,
                                           struct mbc_pair_sums *sums, mbc_error *err);
/* A type's contact reach (spec key `reach = true`): the distance beyond
 * r_a + r_b (m, >= 0, not decreasing in either radius) up to which a pair in
 * contact may stay in contact (mbc_<type>_pair_reach). */
typedef double (*mbc_pair_reach_fn)(const void *params, double r_a, double r_b);

struct mbc_wall_call; /* mbconnect/wall_eval.h */

/* A type's in-place evaluation of a list of sphere-wall contacts (spec key
 * `wall_binding`): what mbc_wall_eval calls for the type, once per call
 * (the generated thunk to mbc_<type>_wall_evaluate). */
typedef mbc_status (*mbc_wall_evaluate_fn)(const void *params, const struct mbc_wall_call *call,
                                           struct mbc_pair_sums *sums, mbc_error *err);

/* The wall shapes a wall binding takes (spec key wall_binding.shapes):
 * a plane (the wall as a sphere of infinite radius) and a cylinder (a
 * finite radius of curvature). */
enum { MBC_WALL_PLANE = 1u << 0, MBC_WALL_CYLINDER = 1u << 1 };

/* The revision of mbc_pair_binding that these headers define: which
 * members a binding has. 0: a binding written against mbconnect 1.0 (plugin
 * ABI 2), which ends at radii_param; `revision` was padding there, which
 * static initialization zeroes. 1: masses_param, evaluate and reach too.
 * 2: wall_evaluate and wall_shapes too. The library reads a member only when
 * the binding's revision has it (mbc_pair_binding_masses and friends). */
#define MBC_PAIR_BINDING_REVISION 2

typedef struct mbc_pair_binding {
    mbc_pair_binding_kind kind;
    int center_markers[2]; /* marker (0 or 1) at the center of sphere a, of sphere b */
    int revision;          /* MBC_PAIR_BINDING_REVISION of the headers it was built with */
    size_t radii_param;    /* index into mbc_type_info.params: Vector2D [r_a, r_b], m */
    /* revision >= 1 */
    size_t masses_param;           /* 1 + index of the Vector2D [m_a, m_b] (kg); 0: none */
    mbc_pair_evaluate_fn evaluate; /* the in-place kernel, or NULL: through the hooks */
    mbc_pair_reach_fn reach;       /* or NULL: contact ends at touching (reach 0) */
    /* revision >= 2: the wall binding (spec key wall_binding): sphere a of
     * the pair binding against a wall in sphere b's place */
    mbc_wall_evaluate_fn wall_evaluate; /* mbc_<type>_wall_evaluate, or NULL: no walls */
    unsigned wall_shapes;               /* MBC_WALL_PLANE, MBC_WALL_CYLINDER */
} mbc_pair_binding;

/* The members of revision 1, read as "none" from a binding of revision 0. */
static inline size_t mbc_pair_binding_masses(const mbc_pair_binding *b)
{
    return b->revision >= 1 ? b->masses_param : 0;
}
static inline mbc_pair_evaluate_fn mbc_pair_binding_evaluate(const mbc_pair_binding *b)
{
    return b->revision >= 1 ? b->evaluate : (mbc_pair_evaluate_fn)0;
}
static inline mbc_pair_reach_fn mbc_pair_binding_reach(const mbc_pair_binding *b)
{
    return b->revision >= 1 ? b->reach : (mbc_pair_reach_fn)0;
}
/* The members of revision 2, read as "no walls" from an older binding. */
static inline mbc_wall_evaluate_fn mbc_pair_binding_wall(const mbc_pair_binding *b)
{
    return b->revision >= 2 ? b->wall_evaluate : (mbc_wall_evaluate_fn)0;
}
static inline unsigned mbc_pair_binding_wall_shapes(const mbc_pair_binding *b)
{
    return b->revision >= 2 && b->wall_evaluate ? b->wall_shapes : 0u;
}

/* Everything known about one connector type. */
typedef struct mbc_type_info {
    const char *type_name;  /* "ContactSphereSphere" */
    const char *class_name; /* "ObjectContactSphereSphere" */
    const char *description;
    const char *marker_types[2];     /* requested types of m0 and m1, e.g. "Position+Orientation" */
    mbc_marker_kind marker_kinds[2]; /* what m0 and m1 are (from marker_types) */
    size_t params_size;              /* sizeof the params struct */
    const mbc_param_info *params;
    size_t param_count;
    const mbc_param_info *vparams; /* visualization parameters (offsets into params struct) */
    size_t vparam_count;
    const mbc_output_info *outputs;
    size_t output_count;
    const mbc_data_info *data; /* data-coordinate blocks */
    size_t data_block_count;
    int data_per; /* each block has params[data_per] coordinates, or 1 if -1 */
    /* runtime hooks (mbconnect/hooks.h); NULL when the type has none:
     *   mbc_status (*initialize)(void *params, mbc_error *err);
     *   mbc_status (*forces)(const void *params, const mbc_state *s, mbc_forces *out,
     *                        mbc_error *err);
     *   mbc_status (*post_newton_step)(void *params, const mbc_state *s,
     *                                  mbc_post_newton *out, mbc_error *err);
     *       (may update state parameters, e.g. ContactConvexRoll.pContact)
     *   mbc_status (*output)(const void *params, const mbc_state *s, size_t output,
     *                        double *out, size_t size, mbc_error *err);
     *       (output: an index into outputs; size == mbc_output_size(t, params, output))
     *   mbc_status (*algebraic_equations)(const void *params, const mbc_state *s,
     *                                     mbc_algebraic *out, mbc_error *err); */
/* (FIELD names a member: it cannot be parenthesised) */
/* clang-format off */
#define MBC_HOOK_MEMBER(ID, NAME, FIELD, WRITES, ARGS, CALL) \
    mbc_status (*FIELD)(MBC_HOOK_PARAMS(WRITES) params, MBC_HOOK_UNPAREN ARGS); /* NOLINT(bugprone-macro-parentheses) */
    /* clang-format on */
    MBC_HOOKS(MBC_HOOK_MEMBER)
#undef MBC_HOOK_MEMBER
    /* the spec's `invariants` block (mbconnect/invariant_info.h); NULL when absent */
    const struct mbc_invariant_info *invariants;
    /* the spec's `pair_binding` block; NULL when the type declares none */
    const mbc_pair_binding *pair_binding;
} mbc_type_info;

/* ---- table-driven parameter access (used by the generated code) ---- */

/* Sets every parameter to its documented default (owned memory: none). */
MBC_API void mbc_params_init(const mbc_type_info *t, void *params);
/* Frees owned strings and vectors and resets to defaults. */
MBC_API void mbc_params_free(const mbc_type_info *t, void *params);
/* Checked setters. On failure the value is unchanged and err reads e.g.
 * "ContactSphereSphere.contactStiffness: must be >= 0 (UReal), given -1". */
MBC_API mbc_status mbc_param_set_values(const mbc_type_info *t, const mbc_param_info *p,
                                        void *params, const double *values, size_t count,
                                        mbc_error *err);
MBC_API mbc_status mbc_param_set_indices(const mbc_type_info *t, const mbc_param_info *p,
                                         void *params, const mbc_index *values, size_t count,
                                         mbc_error *err);
MBC_API mbc_status mbc_param_set_string(const mbc_type_info *t, const mbc_param_info *p,
                                        void *params, const char *value, mbc_error *err);
/* Reads up to `capacity` values; *count receives the parameter's element count. */
MBC_API mbc_status mbc_param_get_values(const mbc_type_info *t, const mbc_param_info *p,
                                        const void *params, double *values, size_t capacity,
                                        size_t *count, mbc_error *err);
MBC_API const char *mbc_param_get_string(const mbc_param_info *p, const void *params);
/* Element count of a parameter's current value. */
MBC_API size_t mbc_param_count(const mbc_param_info *p, const void *params);
/* The value rules of p in words (docs/mbc.rst, "mbc describe"): the spec's
 * one_of and range (physical validity), the type's rule when they do not
 * imply it, and the spec's required hint, e.g. ">= 0", "one of 0, 1, 2",
 * "in [0, 1)", "> 0 (required: set both radii)"; "" when p has none. Writes
 * at most size bytes into buf (truncated, NUL-terminated) and returns buf. */
MBC_API const char *mbc_param_rules_text(const mbc_param_info *p, char *buf, size_t size);
/* Checks every type rule and cross-field rule; writes up to max_errors
 * messages and returns the number of violations (all of them). */
MBC_API size_t mbc_params_validate(const mbc_type_info *t, const void *params, mbc_error *errors,
                                   size_t max_errors);
/* Data-coordinate count and initial data (e.g. [0.1]*n + [-2]*n + [0]*n). */
MBC_API size_t mbc_data_count(const mbc_type_info *t, const void *params);
MBC_API void mbc_initial_data(const mbc_type_info *t, const void *params, double *data);
/* Number of values of output t->outputs[output] for these parameters; 0 when
 * output >= t->output_count. */
MBC_API size_t mbc_output_size(const mbc_type_info *t, const void *params, size_t output);
/* Index of the output called `name` in t->outputs, or -1 when t has none of
 * that name (or t or name is NULL). */
MBC_API int mbc_type_find_output(const mbc_type_info *t, const char *name);

/* The members of t's pair binding by name: kind ("spheres"), the markers at
 * the centers of sphere a and sphere b ("m0", "m1") and the radii parameter;
 * a member out of range (a plugin's hand-written descriptor) is NULL.
 * Returns false, with every member NULL, when t declares no binding. */
typedef struct mbc_pair_binding_names {
    const char *kind;
    const char *centers[2];
    const char *radii;
} mbc_pair_binding_names;
MBC_API bool mbc_pair_binding_get_names(const mbc_type_info *t, mbc_pair_binding_names *out);
/* t's pair binding in words, as `mbc describe` and Python's describe() show
 * it: "spheres, sphere a at m0, sphere b at m1, radii [r_a, r_b] in
 * spheresRadii, masses [m_a, m_b] in spheresMasses (mbc-lammps sets them);
 * in-place kernel; contacts held beyond touching, to the law's reach" (the
 * masses, the kernel and the reach as the binding has them; without a
 * kernel "through the hooks (no in-place kernel)"), or "none". Writes at most size
 * bytes into buf (truncated, NUL-terminated) and returns buf. */
MBC_API const char *mbc_pair_binding_text(const mbc_type_info *t, char *buf, size_t size);
/* t's wall binding in words, as `mbc describe` and Python's describe() show
 * it: "plane, cylinder in sphere b's place (infinite mass, the wall's
 * radius of curvature)", or "none". Writes at most size bytes into buf
 * (truncated, NUL-terminated) and returns buf. */
MBC_API const char *mbc_wall_binding_text(const mbc_type_info *t, char *buf, size_t size);

/* ---- parameters by name ---- */
MBC_API const mbc_param_info *mbc_type_find_param(const mbc_type_info *t, const char *name);
/* The parameter of t (not a visualization parameter) whose name is closest
 * to `name`, which t does not have: the "did you mean" of a message about an
 * unknown parameter (mbconnect/suggest.h says what is close); NULL when
 * none is close, or t or name is NULL. */
MBC_API const mbc_param_info *mbc_type_suggest_param(const mbc_type_info *t, const char *name);

/* ---- registry objects: built-in plus out-of-tree types ----
 *
 * A caller-owned table of type descriptors, kept sorted by type name. It
 * holds pointers to the (static, immutable) mbc_type_info of each type and
 * never allocates; there is no process-wide registry to modify. Types
 * generated out of tree (mbcgen --registry-name NAME) add themselves with
 * NAME_register_types(&registry, &err):
 *
 *     mbc_registry r;
 *     mbc_registry_init(&r);                      (the built-in types)
 *     if (mytypes_register_types(&r, &err) != MBC_OK) ... err.message ...
 *     mbc_object *o = mbc_registry_create(&r, "ContactCircleCircle2D", &err);
 */
#define MBC_REGISTRY_CAPACITY 64
typedef struct mbc_registry {
    const mbc_type_info *types[MBC_REGISTRY_CAPACITY]; /* sorted by type_name */
    size_t count;
    /* where types[i] came from: the file of the plugin that added it
     * (mbc_registry_load_plugin), NULL for the built-in types and types the
     * program added itself (mbc_registry_add) */
    const char *origins[MBC_REGISTRY_CAPACITY];
} mbc_registry;

/* Fills r with the built-in types (those generated from specs/). */
MBC_API void mbc_registry_init(mbc_registry *r);
/* An empty registry. */
MBC_API void mbc_registry_init_empty(mbc_registry *r);
/* Adds a type. A name already registered is MBC_ERR_NAME ("connector type
 * 'X' is already registered"); a full registry, a NULL type or one without a
 * name are MBC_ERR_STATE / MBC_ERR_VALUE. r is unchanged on failure. */
MBC_API mbc_status mbc_registry_add(mbc_registry *r, const mbc_type_info *t, mbc_error *err);
/* Adds n types, all or none (same checks, also among the n). */
MBC_API mbc_status mbc_registry_add_all(mbc_registry *r, const mbc_type_info *const *types,
                                        size_t n, mbc_error *err);
/* Number of types, and the i-th in name order (NULL when out of range). */
MBC_API size_t mbc_registry_size(const mbc_registry *r);
MBC_API const mbc_type_info *mbc_registry_entry(const mbc_registry *r, size_t i);
/* The plugin file the i-th type came from (as the dynamic loader names the
 * loaded library), or NULL for a built-in type, a type the program added
 * itself and i out of range. */
MBC_API const char *mbc_registry_origin(const mbc_registry *r, size_t i);
/* The type of that name, or NULL. */
MBC_API const mbc_type_info *mbc_registry_lookup(const mbc_registry *r, const char *type_name);
/* The type names in name order, "A, B, C", into buf (cut to fit size bytes;
 * size > 0): how every "unknown connector type" message lists the known ones. */
MBC_API void mbc_registry_names(const mbc_registry *r, char *buf, size_t size);
/* Creates an object of a type in r with every default set (as
 * mbc_object_create); an unknown name is reported as
 * "unknown connector type 'X' (known: A, B, ...)". */
MBC_API struct mbc_object *mbc_registry_create(const mbc_registry *r, const char *type_name,
                                               mbc_error *err);

/* ---- generic objects ---- */
typedef struct mbc_object {
    const mbc_type_info *type;
    void *params;     /* the type's params struct */
    bool initialized; /* initialize() succeeded since the last parameter change */
} mbc_object;

/* Creates an object of a built-in type with every default set (see
 * mbc_registry_create for built-in and out-of-tree types). */
MBC_API mbc_object *mbc_object_create(const char *type_name, mbc_error *err);
/* Creates an object of the given type (any type, registered or not). */
MBC_API mbc_object *mbc_object_create_type(const mbc_type_info *t, mbc_error *err);
MBC_API void mbc_object_destroy(mbc_object *o);
/* By-name access, same checks and messages as the typed setters. Names of
 * visualization parameters are written "visualization.show". */
MBC_API mbc_status mbc_object_set(mbc_object *o, const char *name, double value, mbc_error *err);
MBC_API mbc_status mbc_object_set_array(mbc_object *o, const char *name, const double *values,
                                        size_t count, mbc_error *err);
MBC_API mbc_status mbc_object_set_string(mbc_object *o, const char *name, const char *value,
                                         mbc_error *err);
MBC_API mbc_status mbc_object_get(const mbc_object *o, const char *name, double *values,
                                  size_t capacity, size_t *count, mbc_error *err);
MBC_API const mbc_param_info *mbc_object_find_param(const mbc_object *o, const char *name);
/* Validates (all violations are reported in errors, up to max_errors; the
 * return value of validation is in *violations) and runs the initialize hook. */
MBC_API mbc_status mbc_object_initialize(mbc_object *o, mbc_error *errors, size_t max_errors,
                                         size_t *violations);
/* Sets the index parameters a solver fills in from its model (inputs of
 * kind MBC_VALUE_INDEX that must be set and have a fixed size, such as
 * markerNumbers or nodeNumber) to 0, 1, ...: what `mbc eval` and the Python
 * module do, having no model to number markers and nodes. */
MBC_API void mbc_object_set_default_indices(mbc_object *o);

#ifdef __cplusplus
}
#endif

#endif
