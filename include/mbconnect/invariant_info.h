/* SPDX-License-Identifier: BSD-3-Clause */
/* What a spec's `invariants` block declares (docs/spec-language.rst), as the
 * descriptor data mbcgen generates for it: mbc_type_info.invariants points
 * to one mbc_invariant_info (mbconnect/object.h). Data only; the harness
 * that checks these invariants on random states is the separate library
 * libmbconnect_invariants (its header mbconnect/invariants.h, cmocka-linked,
 * not part of libmbconnect). */
#ifndef MBCONNECT_INVARIANT_INFO_H
#define MBCONNECT_INVARIANT_INFO_H

#include <stdbool.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum mbc_invariant {
    MBC_INVARIANT_ACTION_REACTION,
    MBC_INVARIANT_FRAME_INVARIANCE,
    MBC_INVARIANT_FRAME_INVARIANCE_Z,
    MBC_INVARIANT_JACOBIAN_FD,
    MBC_INVARIANT_PASSIVITY,
    MBC_INVARIANT_RIGID_MOTION,
    MBC_INVARIANT_COUNT
} mbc_invariant;

/* How an output transforms under a change of frame x -> R x + c. */
typedef enum mbc_frame_kind {
    MBC_FRAME_SCALAR, /* unchanged (gaps, local coordinates, indices) */
    MBC_FRAME_VECTOR, /* each 3-block rotates: R v (forces, velocities, directions) */
    MBC_FRAME_POINT   /* each 3-block moves: R p + c (positions) */
} mbc_frame_kind;

/* A parameter value for the sampler: `count` numbers (bool 0/1). */
typedef struct mbc_sample_value {
    const char *name;
    const double *values;
    size_t count;
} mbc_sample_value;

typedef struct mbc_output_frame {
    const char *name; /* output name, or state parameter name (is_param) */
    mbc_frame_kind kind;
    bool is_param; /* a state parameter PostNewtonStep updates (e.g. pContact) */
} mbc_output_frame;

/* What a spec's `invariants` block declares (generated, immutable). */
typedef struct mbc_invariant_info {
    unsigned holds;                           /* bit 1u << mbc_invariant */
    unsigned not_holding;                     /* declared not to hold, with a reason */
    const char *reasons[MBC_INVARIANT_COUNT]; /* NULL unless in not_holding */
    bool planar;      /* motion in the x-y plane (z = 0, rotations about z) */
    unsigned at_rest; /* bit m: the model assumes marker m at rest (e.g. a fixed ground); the
                         sampler holds it still, except for rigid_motion */
    const mbc_sample_value *sample; /* parameter values of the random states */
    size_t sample_count;
    const mbc_sample_value *passive; /* applied on top of sample for passivity/rigid_motion */
    size_t passive_count;
    /* outputs that vanish under rigid motion: "Name" (all values) or
     * "Name[start::step]" (values start, start + step, ...) */
    const char *const *rigid_zero_outputs;
    size_t rigid_zero_output_count;
    const char *const *rigid_zero_data; /* data blocks that vanish under rigid motion */
    size_t rigid_zero_data_count;
    bool rigid_forces_nonzero;      /* damping/friction forces need not vanish (see rigid_reason) */
    const char *rigid_reason;       /* what does not vanish under rigid motion and why, or NULL */
    const mbc_output_frame *frames; /* every output, then state parameters */
    size_t frame_count;
    /* why the type's moments balance only up to a couple (its torque takes
     * another arm than the force's point of application), or NULL; then
     * action_reaction checks the force sum only and reports the moment sum */
    const char *unbalanced_moment;
} mbc_invariant_info;

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_INVARIANT_INFO_H */
