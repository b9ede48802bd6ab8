/* SPDX-License-Identifier: BSD-3-Clause */
/* The loaded spec model: one C structure per connector type, built from the
 * Lua spec files and the parameter-type registry (specs/types.lua).
 *
 * Data flows one way: spec files -> spec_model (loaded and validated here)
 * -> emitters (emit_rst.c, emit_c.c) -> files. Emitters only read the model.
 */
#ifndef MBCGEN_SPEC_MODEL_H
#define MBCGEN_SPEC_MODEL_H

#include <stddef.h>

#include "arena.h"
#include "mbconnect/hooks.h"
#include "diag.h"
#include "spec_invariants.h"
#include "spec_pair_binding.h"
#include "strbuf.h"

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

typedef struct spec_type_registry {
    arena mem;
    char *file;
    spec_type *types;
    size_t count;
    const spec_type *visualization; /* the type of the implicit `visualization` parameter */
} spec_type_registry;

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
    char *description;
    spec_param_role role;
    spec_rules rules;
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
    spec_count size;
    int line;
} spec_output;

/* One block of the data-coordinate layout: `per` coordinates with one name and initial value. */
typedef struct spec_data_block {
    char *name;
    double initial;
    char *description;
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

extern const spec_hook_info spec_hooks[SPEC_HOOK_COUNT];
extern const char *const spec_hook_names[SPEC_HOOK_COUNT];

/* What a marker of a connector is, from the marker type names a spec lists
 * (include/mbconnect/object.h: mbc_marker_kind, same order). */
typedef enum spec_marker_kind {
    SPEC_MARKER_POSITION,            /* { "Position" } */
    SPEC_MARKER_RIGID,               /* { "Position", "Orientation" } */
    SPEC_MARKER_CABLE2D_SHAPE,       /* { "BodyCable2DShape" } */
    SPEC_MARKER_CABLE2D_COORDINATES, /* { "BodyCable2DCoordinates" } */
    SPEC_MARKER_KIND_COUNT
} spec_marker_kind;

/* The C enumerator of each kind ("MBC_MARKER_RIGID"). */
extern const char *const spec_marker_kind_c[SPEC_MARKER_KIND_COUNT];

typedef struct spec_string_list {
    char **items;
    size_t count;
} spec_string_list;

typedef struct spec_connector {
    arena mem;
    char *file;        /* path as given, used in messages */
    char *type_name;   /* "ContactSphereSphere" */
    char *class_name;  /* "ObjectContactSphereSphere" */
    char *python_name; /* short name for Python, NULL if none */
    char *python_visualization_name;
    char *description;
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
    spec_invariants invariants; /* the `invariants` block (spec_invariants.h) */
    /* the `pair_binding` block (spec_pair_binding.h) */
    spec_pair_binding pair_binding;
} spec_connector;

/* Loads the type registry from a Lua file. Returns 0 on success; problems go to diag. */
int spec_types_load(spec_type_registry *reg, const char *path, diag_list *diag);
void spec_types_free(spec_type_registry *reg);
const spec_type *spec_types_find(const spec_type_registry *reg, const char *name);

/* Loads and validates one connector spec from a file (display_name is used in
 * messages) or from a buffer. Returns 0 when the spec is valid; otherwise the
 * problems are in diag and *out is left empty. */
int spec_connector_load(spec_connector *out, const spec_type_registry *reg, const char *path,
                        diag_list *diag);
int spec_connector_load_buffer(spec_connector *out, const spec_type_registry *reg,
                               const char *display_name, const char *buf, size_t len,
                               diag_list *diag);
void spec_connector_free(spec_connector *c);

/* Many specs in one sandbox (mbcgen_load): a sandbox made by spec_sandbox_new
 * runs spec after spec, each in a fresh environment (sandbox.h), which saves
 * a Lua state per spec. spec_connector_load_file with box NULL is
 * spec_connector_load. */
struct mbc_sandbox *spec_sandbox_new(void);
int spec_connector_load_in(spec_connector *out, struct mbc_sandbox *box,
                           const spec_type_registry *reg, const char *display_name,
                           const char *buf, size_t len, diag_list *diag);
int spec_connector_load_file(spec_connector *out, struct mbc_sandbox *box,
                             const spec_type_registry *reg, const char *path, diag_list *diag);

const spec_param *spec_find_param(const spec_connector *c, const char *name);

/* Writes a value the way the docs write defaults of this type (e.g. "0.", "[-1.,-1.]"). */
void spec_format_default(const spec_param *p, const spec_value *v, struct strbuf *out);

#endif
