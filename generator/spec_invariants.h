/* SPDX-License-Identifier: BSD-3-Clause */
/* The `invariants` block of a connector spec: which physics invariants the
 * type satisfies, which it does not (with the reason), and how the harness
 * samples its states (docs/spec-language.rst, "Physics invariants"). Loaded
 * and validated after the rest of the spec, emitted into the type's
 * reflection data (mbc_invariant_info, include/mbconnect/invariants.h). */
#ifndef MBCGEN_SPEC_INVARIANTS_H
#define MBCGEN_SPEC_INVARIANTS_H

#include <stddef.h>

#include "arena.h"
#include "diag.h"

/* The names, in the order of enum mbc_invariant. */
#define SPEC_INVARIANT_COUNT 6
extern const char *const spec_invariant_names[SPEC_INVARIANT_COUNT];

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

typedef struct spec_invariants {
    int declared; /* the spec has an `invariants` block */
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

struct lua_State;
struct spec_connector;

/* Reads and checks t.invariants (t: absolute index of the connector table)
 * into c->invariants; every problem is one "FILE:LINE: invariants.FIELD:
 * what is wrong (given ...)" diagnostic. Returns the number of problems. */
int spec_invariants_load(struct lua_State *L, int t, int line, const char *src, size_t src_len,
                         diag_list *diag, struct spec_connector *c);

#endif
