/* SPDX-License-Identifier: BSD-3-Clause */
/* Physics invariants a connector type declares in its spec (key
 * `invariants`, docs/spec-language.rst) and the harness that checks them on
 * random states through the generic evaluation API (evaluate.h).
 *
 * The invariants (tolerances are relative to the size of the terms summed):
 *   action_reaction    forces and torques on all markers and cable points sum
 *                      to zero, and so do their moments about any point (1e-12;
 *                      the forces only when the spec states `unbalanced_moment`);
 *   frame_invariance   translating and rotating the whole state (for a planar
 *                      type: rotating about z) rotates forces, torques and
 *                      vector outputs, moves point outputs, and leaves scalar
 *                      outputs, data and the discontinuous error unchanged (1e-9);
 *   frame_invariance_z the same for translations and rotations about the
 *                      global z axis only (e.g. a ground plane z = const);
 *   jacobian_fd        the analytic Jacobians of the algebraic equations match
 *                      central differences (1e-6);
 *   passivity          with the spec's `passive` parameter values (stiffness
 *                      and adhesion off) the connector never does positive
 *                      work: sum of F.v + T.omega over markers and cable
 *                      points <= 0 (within 1e-12 of the terms);
 *   rigid_motion       when the whole system moves as one rigid body (same
 *                      translation and angular velocity about an arbitrary
 *                      point for every marker, cable point and cable
 *                      element; ALE velocity 0), the outputs and data the
 *                      spec names in `rigid_zero` vanish, forces with the
 *                      `passive` values vanish (unless rigid_zero.forces =
 *                      false, with a reason), and a constraint's
 *                      velocity-level residual is omega x its position residual
 *                      (both with the Lagrange multipliers set to 0).
 */
#ifndef MBCONNECT_INVARIANTS_H
#define MBCONNECT_INVARIANTS_H

#include <stdbool.h>
#include <stddef.h>

#include "mbconnect/object.h"

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

/* "action_reaction", ...; NULL out of range. */
const char *mbc_invariant_name(mbc_invariant inv);
/* The invariant of that name, or -1. */
int mbc_invariant_from_name(const char *name);
/* The invariants t declares to hold (0 when it declares none). */
unsigned mbc_type_invariants(const mbc_type_info *t);

/* ---- the harness ---- */

typedef struct mbc_invariant_options {
    unsigned long long seed; /* random states are a function of (seed, type, invariant) */
    size_t states;           /* number of random states (0: 300) */
} mbc_invariant_options;

typedef struct mbc_invariant_report {
    size_t states;                      /* states evaluated */
    size_t failures;                    /* states violating the invariant */
    size_t in_contact;                  /* states with non-zero forces (types with forces) */
    size_t out_of_contact;              /* states with zero forces */
    double worst;                       /* largest violation / tolerance seen (<= 1 passes) */
    char first_failure[MBC_ERROR_SIZE]; /* the first violation, "" if none */
    /* action_reaction of a type with `unbalanced_moment`: states whose moment
     * sum exceeds the tolerance (0 means the stated reason has gone stale) */
    size_t unbalanced_moments;
} mbc_invariant_report;

/* Checks one invariant of type t on random states. Returns MBC_OK when the
 * check ran (rep->failures says whether it held) and an error status with a
 * message when it could not run (the type lacks the hooks the invariant
 * needs, the sample parameters are invalid, an evaluation failed). */
mbc_status mbc_invariant_check(const mbc_type_info *t, mbc_invariant inv,
                               const mbc_invariant_options *opt, mbc_invariant_report *rep,
                               mbc_error *err);

/* The test driver behind `mbc-invariants` and mbconnect_add_connectors(...
 * TESTS): runs as a cmocka test
 *   PROG --type NAME --invariant NAME [--seed N] [--states N]
 * and writes a CTest file with one test per type and declared invariant:
 *   PROG --ctest-file FILE --prefix PREFIX
 * Types are those of `types` (n of them). Returns the process exit status. */
int mbc_invariants_main(int argc, char **argv, const mbc_type_info *const *types, size_t n);

#ifdef __cplusplus
}
#endif

#endif
