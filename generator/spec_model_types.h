/* SPDX-License-Identifier: BSD-3-Clause */
/* The types of the spec model (one C structure per connector type, built
 * from the Lua spec files and the parameter-type registry specs/types.lua)
 * and the one lookup every reader of the model needs. Data only: the
 * loaders are spec_model.c (the connector) and spec_invariants.c (its
 * `invariants` block), which both include this header; spec_model.c calls
 * spec_invariants.c, never the other way round.
 *
 * Data flows one way: spec files -> spec_model (loaded and validated)
 * -> emitters (emit_rst.c, emit_c.c) -> files. Emitters only read the model.
 */
#ifndef MBCGEN_SPEC_MODEL_TYPES_H
#define MBCGEN_SPEC_MODEL_TYPES_H

#include <stddef.h>
#include <string.h>

#include "arena.h"
#include "mbconnect/hooks.h"
#include "mbconnect/suggest.h"

/* ------------------------------------------------------ the invariants block */

/* The invariants, in the order of enum mbc_invariant (names: spec_invariant_names). */
#define SPEC_INVARIANT_COUNT 6

typedef struct spec_sample_value {
    char *name; /* parameter name */
    double *values;
    size_t count;
} spec_sample_value;

typedef struct spec_output_frame {
    char *name; /* output, or state parameter (is_param) */
    int is_param;
    int kind; /* 0 scalar, 1 vector, 2 point (mbc_frame_kind) */
} spec_output_frame;

/* Blocks of a spec that had an error (spec_invariants.broken): names the
 * invariants block refers to there are not checked again, so that one
 * mistake gives one line. */
enum {
    SPEC_BROKEN_PARAMS = 1u,  /* the `parameters` list */
    SPEC_BROKEN_OUTPUTS = 2u, /* `outputs` */
    SPEC_BROKEN_DATA = 4u,    /* `data` */
    SPEC_BROKEN_HOOKS = 8u,   /* `hooks` */
    SPEC_BROKEN_MARKERS = 16u /* `markers` */
};

/* How a particle solver binds the type to a pair of spheres (the
 * `pair_binding` block, spec_pair_binding.c). */
typedef struct spec_pair_binding {
    int declared;        /* the spec has a `pair_binding` block */
    int centers[2];      /* marker of sphere a's center, of sphere b's */
    size_t radii_param;  /* index into the connector's params */
    size_t masses_param; /* 1 + index into the connector's params (`masses`); 0: none */
    int kernel;          /* `kernel = true`: the type defines mbc_<type>_pair_evaluate */
    int reach;           /* `reach = true`: the type defines mbc_<type>_pair_reach */
    /* the `wall_binding` block (spec_wall_binding.c): the type defines
     * mbc_<type>_wall_evaluate; the wall shapes it takes (MBC_WALL_* bits) */
    int walls;
    unsigned wall_shapes;
} spec_pair_binding;

typedef struct spec_invariants {
    unsigned broken; /* SPEC_BROKEN_*, set by the spec loader before spec_invariants_load */
    int declared;    /* the spec has an `invariants` block */
    unsigned holds;
    unsigned not_holding;
    char *reasons[SPEC_INVARIANT_COUNT];
    int planar;
    unsigned at_rest; /* bit m: marker m is held at rest by the sampler */
    spec_sample_value *sample;
    size_t sample_count;
    spec_sample_value *passive;
    size_t passive_count;
    char **rigid_zero_outputs;
    size_t rigid_zero_output_count;
    char **rigid_zero_data;
    size_t rigid_zero_data_count;
    int rigid_forces_nonzero; /* rigid_zero.forces = false */
    char *rigid_reason;       /* rigid_zero.reason: what does not vanish and why */
    char *unbalanced_moment;  /* why the moments do not balance (action_reaction checks the
                                 forces only), or NULL */
    spec_output_frame *frames;
    size_t frame_count;
} spec_invariants;

/* ------------------------------------------------------------ the connector */

/* What one element of a parameter value is. */
typedef enum spec_value_kind {
    SPEC_BOOL,
    SPEC_INT,    /* signed integer */
    SPEC_REAL,   /* double or float, see spec_type.c_type */
    SPEC_STRING, /* UTF-8 text */
    SPEC_INDEX   /* marker or node index; -1 means invalid (unset) */
} spec_value_kind;

/* How many elements a parameter value has. */
typedef enum spec_shape {
    SPEC_SCALAR, /* exactly one element */
    SPEC_FIXED,  /* a fixed number of elements (type size or parameter size) */
    SPEC_VECTOR  /* any number of elements (owned pointer + count in C) */
} spec_shape;

/* One entry of the parameter-type registry (specs/types.lua). */
typedef struct spec_type {
    char *name; /* "UReal" */
    spec_value_kind value;
    spec_shape shape;
    int size;    /* element count for SPEC_FIXED types, 1 for scalars, 0 for vectors */
    int has_min; /* value rule: element >= min (or > min when min_exclusive) */
    double min;
    int min_exclusive;
    char *rule;        /* the rule as a person reads it: ">= 0", "> 0"; NULL if none */
    char *c_type;      /* C element type: "double", "float", "int", "bool", "char *", "mbc_index" */
    char *size_doc;    /* printf format for the documented size, e.g. "size = %d" */
    char *description; /* one line for docs/spec-language.rst and `mbc describe` */
    int line;          /* line in types.lua */
} spec_type;

/* One key of a standard parameter (types.lua): a string, a number, a
 * boolean or a list of numbers. */
typedef enum spec_field_kind {
    SPEC_FIELD_STRING,
    SPEC_FIELD_NUMBER,
    SPEC_FIELD_BOOL,
    SPEC_FIELD_LIST
} spec_field_kind;

typedef struct spec_standard_field {
    char *key;
    spec_field_kind kind;
    char *text;    /* SPEC_FIELD_STRING */
    double number; /* SPEC_FIELD_NUMBER; SPEC_FIELD_BOOL: 0 or 1 */
    double *list;  /* SPEC_FIELD_LIST: count numbers */
    size_t count;
} spec_standard_field;

/* A standard parameter (types.lua's param "name" { ... }): the keys a spec
 * takes with standard "name" { ... }, whose keys override them. */
typedef struct spec_standard {
    char *name;
    int line; /* in types.lua */
    spec_standard_field *fields;
    size_t field_count;
} spec_standard;

typedef struct spec_type_registry {
    arena mem;
    char *file;
    spec_type *types;
    size_t count;
    const spec_type *visualization; /* the type of the implicit `visualization` parameter */
    spec_standard *standards;
    size_t standard_count;
} spec_type_registry;

typedef struct spec_string_list {
    char **items;
    size_t count;
} spec_string_list;

/* A parameter value: `count` numbers, or one string. */
typedef struct spec_value {
    size_t count;
    double *num; /* count elements (bool: 0/1, index: -1 for invalid) */
    char *str;   /* SPEC_STRING only */
} spec_value;

/* Role of a parameter in the C API. */
typedef enum spec_param_role {
    SPEC_INPUT,   /* set by the user; public setter */
    SPEC_DERIVED, /* computed by the initialize hook from input parameters; getter only */
    SPEC_STATE    /* updated by the runtime (e.g. PostNewtonStep); getter only */
} spec_param_role;

/* Cross-field and extra value rules beyond the type's own rule. */
typedef struct spec_rules {
    int must_be_set;      /* index parameters: every element must be a valid index (>= 0) */
    int min_length;       /* vectors: at least this many elements (0: no rule) */
    char *same_length_as; /* vectors: same element count as that parameter */
    int non_decreasing;   /* real vectors: v[i] <= v[i+1] */
    char *positive_when;  /* reals: must be > 0 when that Bool parameter is true */
    char *check_hook;     /* runtime hook validating this parameter (e.g. hull convexity) */
    char *check_text;     /* what check_hook requires, one line (rules.check_text) */
    /* physical validity (docs/spec-language.rst, "Rules"): checked by the setters and by
     * validate(), carried by the descriptor table */
    double *one_of; /* numbers: every element is one of these (one_of_count > 0) */
    size_t one_of_count;
    int has_range;                      /* numbers: every element in the interval below */
    double range_min, range_max;        /* -inf / inf for an unbounded side */
    int range_min_open, range_max_open; /* "(" / ")" */
    char *range_rule;                   /* the rule as messages say it: "> 0", "in [0, 1)" */
    char *required; /* the default is a placeholder that breaks the rule: how to set the value */
} spec_rules;

typedef struct spec_param {
    char *name;
    char *symbol; /* LaTeX, NULL if none */
    const spec_type *type;
    spec_shape shape;  /* the type's shape, or SPEC_FIXED when the parameter fixes the size */
    int size;          /* element count when shape != SPEC_VECTOR */
    int size_in_docs;  /* print "size = N" in the docs */
    spec_value def;    /* default value */
    char *doc_default; /* the default as written in the docs */
    char *description; /* RST subset (rst_text.h renders it as plain text) */
    char *seed_text;   /* the reference page's text, shown instead of description
                        * on the RST item page only; NULL: description */
    spec_param_role role;
    spec_rules rules;
    /* `choices`: the names of the values 0 .. count - 1 of an integer scalar
     * (rules.one_of lists those values); empty for other parameters */
    spec_string_list choices;
    int line;
} spec_param;

/* A count that is either a constant or factor * (an integer parameter). */
typedef struct spec_count {
    int factor;
    const spec_param *per; /* NULL: the count is `factor` */
} spec_count;

typedef struct spec_output {
    char *name;   /* OutputVariableType name, e.g. "Coordinates_t" */
    char *symbol; /* LaTeX, NULL if none */
    char *description;
    char *seed_text; /* as spec_param.seed_text */
    spec_count size;
    int in_reference; /* 0: added after the reference page, which leaves it out (reference =
                         false); the site's page lists every output */
    int line;
} spec_output;

/* One block of the data-coordinate layout: `per` coordinates with one name and initial value. */
typedef struct spec_data_block {
    char *name;
    double initial;
    char *description;
    char *seed_text;              /* as spec_param.seed_text */
    const spec_param *index_into; /* the list parameter the coordinate indexes, or NULL */
} spec_data_block;

typedef struct spec_data {
    const spec_param *per; /* each block has this many coordinates (NULL: one) */
    spec_data_block *blocks;
    size_t block_count;
} spec_data;

/* A row of the "Definition of quantities" table. */
typedef struct spec_quantity {
    char *name;
    char *symbol; /* may be empty */
    char *description;
    char *seed_text; /* as spec_param.seed_text */
} spec_quantity;

/* A literature reference of the theory text (`references` key): the site
 * build (mbcgen --rst-site) cites it as [key]_ right after the first
 * occurrence of `after` in the theory and lists it on the bibliography page. */
typedef struct spec_reference {
    char *key;   /* citation label, e.g. "HuntCrossley1975" */
    char *after; /* text of the theory the citation follows */
    char *text;  /* the bibliography entry */
} spec_reference;

typedef struct spec_example {
    char *file;   /* "newtonsCradle.py" */
    char *folder; /* "Examples" or "TestModels" */
} spec_example;

/* Runtime hooks a connector type may need; the C emitter declares one
 * prototype each. The list is the one table of include/mbconnect/hooks.h. */
typedef enum spec_hook {
#define SPEC_HOOK_ID(ID, NAME, FIELD, WRITES, ARGS, CALL) SPEC_HOOK_##ID,
    MBC_HOOKS(SPEC_HOOK_ID)
#undef SPEC_HOOK_ID
        SPEC_HOOK_COUNT
} spec_hook;

/* Per hook: its name in specs, the mbc_type_info member, which parameter
 * role it may write ("reads", "derived", "state"), its arguments after the
 * parameters and their names (the columns of MBC_HOOKS as text). */
typedef struct spec_hook_info {
    const char *name;
    const char *field;
    const char *writes;
    const char *args; /* "(const mbc_state *s, mbc_forces *out, mbc_error *err)" */
    const char *call; /* "(s, out, err)" */
} spec_hook_info;

/* What a marker of a connector is, from the marker type names a spec lists
 * (include/mbconnect/object.h: mbc_marker_kind, same order). */
typedef enum spec_marker_kind {
    SPEC_MARKER_POSITION,            /* { "Position" } */
    SPEC_MARKER_RIGID,               /* { "Position", "Orientation" } */
    SPEC_MARKER_CABLE2D_SHAPE,       /* { "BodyCable2DShape" } */
    SPEC_MARKER_CABLE2D_COORDINATES, /* { "BodyCable2DCoordinates" } */
    SPEC_MARKER_KIND_COUNT
} spec_marker_kind;

typedef struct spec_connector {
    arena mem;
    char *file;        /* path as given, used in messages */
    char *type_name;   /* "ContactSphereSphere" */
    char *class_name;  /* "ObjectContactSphereSphere" */
    char *python_name; /* short name for Python, NULL if none */
    char *python_visualization_name;
    char *description;
    char *seed_text; /* as spec_param.seed_text (the type's description) */
    spec_string_list authors;
    spec_string_list provides;        /* "Connector", "Constraint" */
    spec_string_list marker_types[2]; /* requested marker types of m0 and m1 */
    spec_marker_kind marker_kinds[2]; /* what they are together */
    spec_string_list node_types;      /* requested node types */
    spec_param *params;
    size_t param_count;
    spec_param *vparams; /* visualization parameters */
    size_t vparam_count;
    spec_output *outputs;
    size_t output_count;
    spec_data data;
    spec_quantity *quantities;
    size_t quantity_count;
    char *theory; /* RST text carried verbatim */
    spec_example *examples;
    size_t example_count;
    spec_reference *references;
    size_t reference_count;
    int hooks[SPEC_HOOK_COUNT];          /* 1 when the type needs that hook */
    const spec_type *visualization_type; /* the registry's visualization type */
    int line;
    spec_invariants invariants;     /* the `invariants` block (spec_invariants.c) */
    spec_pair_binding pair_binding; /* the `pair_binding` block (spec_pair_binding.c) */
} spec_connector;

/* The parameter called name, or NULL. */
static inline const spec_param *spec_find_param(const spec_connector *c, const char *name)
{
    for (size_t i = 0; name && i < c->param_count; i++)
        if (strcmp(c->params[i].name, name) == 0)
            return &c->params[i];
    return NULL;
}

/* The parameter whose name is closest to `name`, which c does not have (the
 * "did you mean" of a message, mbconnect/suggest.h), or NULL. */
static inline const spec_param *spec_suggest_param(const spec_connector *c, const char *name)
{
    mbc_suggestion s;
    mbc_suggest_begin(&s, name);
    const spec_param *best = NULL;
    for (size_t i = 0; name && i < c->param_count; i++) {
        const char *before = s.best;
        mbc_suggest_offer(&s, c->params[i].name);
        if (s.best != before)
            best = &c->params[i];
    }
    return best;
}

/* p counts something: the data layout's `per` or an output size's. */
static inline int spec_is_count(const spec_connector *c, const spec_param *p)
{
    for (size_t i = 0; p && i < c->output_count; i++)
        if (c->outputs[i].size.per == p)
            return 1;
    return p && c->data.per == p;
}

#endif
