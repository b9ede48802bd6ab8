/* SPDX-License-Identifier: BSD-3-Clause */
/* The physics-invariant harness: the header of libmbconnect_invariants, a
 * static library of its own that links cmocka (installed beside
 * libmbconnect, not part of it; mbconnect/mbconnect.h does not include this
 * file). It checks the invariants a connector type declares in its spec (key
 * `invariants`, docs/spec-language.rst; the declared data is
 * mbconnect/invariant_info.h, in libmbconnect) on random states through the
 * generic evaluation API (evaluate.h). Link it before the mbconnect library
 * (static or shared).
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

#include "mbconnect/invariant_info.h"
#include "mbconnect/object.h"

#ifdef __cplusplus
extern "C" {
#endif

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
