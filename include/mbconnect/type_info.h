/* SPDX-License-Identifier: BSD-3-Clause */
/* The descriptor tables of connector types (types only): what mbcgen
 * generates for every spec and what a plugin hands over. A parameter
 * (mbc_param_info), an output (mbc_output_info), a block of data
 * coordinates (mbc_data_info), the pair and wall binding (mbc_pair_binding)
 * and the whole type (mbc_type_info) with its hooks (mbconnect/hooks.h).
 * The functions that read them are declared by params.h (parameters,
 * outputs, data), pair_binding.h, registry.h and object.h. */
#ifndef MBCONNECT_TYPE_INFO_H
#define MBCONNECT_TYPE_INFO_H

#include <stdbool.h>
#include <stddef.h>

#include "mbconnect/connector.h"
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
    size_t size;   /* elements for MBC_SCALAR (1) and MBC_FIXED */
    size_t offset; /* offsetof the field in the params struct */
    union {
        size_t count_offset; /* MBC_VECTOR: offsetof the element count */
        /* an MBC_SCALAR MBC_VALUE_INT parameter with has_choices (spec key
         * `choices`): the names of its values 0 .. one_of_count - 1; read it
         * through mbc_param_info_choices */
        const char *const *choices;
    };
    const double *default_values;
    size_t default_count;
    bool has_min; /* value rule: x >= min, or x > min when min_exclusive */
    bool min_exclusive;
    double min;
    const char *rule; /* ">= 0", "> 0" or NULL */
    mbc_param_role role;
    /* extra rules checked by validate() */
    bool must_be_set; /* every index element >= 0 */
    /* `choices` names the values (in the padding after must_be_set: false in
     * a descriptor written before named choices) */
    bool has_choices;
    /* the check's statement (spec key rules.check_text) follows the NUL of
     * `description` (in the padding after has_choices: false in a
     * descriptor written before statements); read it through
     * mbc_param_info_check_text */
    bool has_check_text;
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

/* The names of p's values, value v called names[v] for v in [0, *count)
 * (ContactGranular.normalModel: "hooke", "hertz", "hertz/material", "dmt",
 * "jkr"), or NULL and *count 0 when p has none. */
static inline const char *const *mbc_param_info_choices(const mbc_param_info *p, size_t *count)
{
    const bool has = p->has_choices && p->shape == MBC_SCALAR && p->kind == MBC_VALUE_INT;
    *count = has ? p->one_of_count : 0;
    return has ? p->choices : (const char *const *)0;
}

/* What p's check (`check`) requires, in one line of the spec's words
 * (rules.check_text: "k_t > 0 where the sliding rescale divides by it"), or
 * NULL when p has no statement. The statement is stored after the NUL of
 * p->description, so that a descriptor keeps 1.0's size: a reader that does
 * not know it reads the description as before. */
static inline const char *mbc_param_info_check_text(const mbc_param_info *p)
{
    if (!p->has_check_text || !p->description)
        return (const char *)0;
    const char *s = p->description;
    while (*s)
        s++;
    return s + 1;
}

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
 * 2: wall_evaluate and wall_shapes too. 3: no new member; its evaluate
 * honours MBC_PAIR_RESULTS (mbc_pair_eval_results, mbconnect/pair_kernel.h).
 * The library reads a member only when the binding's revision has it
 * (mbc_pair_binding_masses and friends). */
#define MBC_PAIR_BINDING_REVISION 3

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
/* The evaluate of revision 3, which gives per-pair results, or NULL. */
static inline mbc_pair_evaluate_fn mbc_pair_binding_evaluate_results(const mbc_pair_binding *b)
{
    return b->revision >= 3 ? b->evaluate : (mbc_pair_evaluate_fn)0;
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

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_TYPE_INFO_H */
