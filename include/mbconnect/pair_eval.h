/* SPDX-License-Identifier: BSD-3-Clause */
/* In-place evaluation of a pair law over a list of sphere pairs, on a
 * particle engine's own arrays (LAMMPS, a DEM code): for each pair, the
 * law's PostNewtonStep and forces read the positions, velocities, angular
 * velocities, radii (and masses) where the engine keeps them, take the
 * pair's contact record (its data coordinates) in place, and add the forces
 * and torques into the engine's force and torque arrays. Nothing is copied
 * into columns and nothing is allocated.
 *
 * Any type whose spec declares a `pair_binding` (docs/spec-language.rst,
 * "Pair binding") can be evaluated, built in or from a plugin:
 * - a type whose binding has a kernel (spec key `kernel = true`: the type
 *   defines mbc_<type>_pair_evaluate over a per-pair `static inline` kernel,
 *   mbconnect/pair_kernel.h) runs its kernel, specialized once per call for
 *   the parameters fixed for the run (model choices, exponents, flags): no
 *   per-pair branch on them and no per-pair call through a pointer;
 * - any other type runs through its hooks, pair by pair (PostNewtonStep,
 *   forces, outputs, as mbc_object_post_newton_step and mbc_object_forces),
 *   with the same results. MBC_PAIR_HOOKS asks for this path explicitly
 *   (tests compare the two).
 *
 * Conventions (docs/lammps.rst, "Each step"):
 * - Sphere a of a pair is pairs[k].atom[0], sphere b atom[1]: the binding's
 *   center_markers[0] and [1]. An engine that evaluates a pair on two
 *   processes (newton off, a ghost partner) gives both the same order (e.g.
 *   the lower atom ID first), so both compute the same numbers.
 * - Per-atom arrays are arrays of structs, double[][3], indexed by atom;
 *   vectors are global; the angular velocity is the global one (the markers'
 *   rotation is the identity and their local angular velocity omega).
 * - The force on b is F, on a -F; torques on each sphere. They are ADDED to
 *   force[] and torque[] of the atoms below `owned`; an atom at or above
 *   `owned` (a ghost, whose owner evaluates the pair too) receives nothing.
 * - The record pairs[k].data holds the pair's data coordinates
 *   (mbc_data_count of the type): the start-of-step data on entry (also the
 *   solver's current data: an explicit engine runs one PostNewtonStep per
 *   step), the new data on return. A pair that has just come into contact
 *   starts from the type's initial data (mbc_initial_data), which the engine
 *   writes into the record before the call. NULL for a type without data.
 * - Contact: an engine offers a pair without a record only while its
 *   spheres touch (|d| < r_a + r_b, d = x_b - x_a) and a pair with a record
 *   while |d| < r_a + r_b + mbc_pair_eval_reach(o, r_a, r_b) (a law whose
 *   contacts outlive touching, such as JKR adhesion until pull-off, has a
 *   reach > 0). The law then says whether the pair is in contact after the
 *   call: contact[k] = 0 tells the engine to drop the record. A type without
 *   a kernel is in contact while |d| - (r_a + r_b) < reach.
 * - Sums: each pair in contact counts with the weight w = 1 when both atoms
 *   are below `owned`, else 1/2 (the other owner counts the other half).
 *
 * Reentrant: calls on disjoint records and force arrays may run at the same
 * time, except through the hooks, which write the binding's radii (and
 * masses) parameters into the object: one call at a time per object there. */
#ifndef MBCONNECT_PAIR_EVAL_H
#define MBCONNECT_PAIR_EVAL_H

#include <stdbool.h>
#include <stddef.h>

#include "mbconnect/connector.h"
#include "mbconnect/export.h"
#include "mbconnect/object.h"
#include "mbconnect/pair_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Evaluates call->count pairs of the law o (an initialized object of a type
 * with a pair binding, mbc_object_initialize), adding forces, torques and
 * sums (not NULL). Errors, one line each: o without a usable binding, NULL
 * arrays (mass only when the binding has masses), an output that is not
 * scalar, and a pair whose law fails (the law's message; sums->failed is
 * then the pair's index, so that the engine can name its atoms); the
 * forces, records and sums are then partly written. */
MBC_API mbc_status mbc_pair_eval(mbc_object *o, const mbc_pair_call *call, mbc_pair_sums *sums,
                                 mbc_error *err);

/* As mbc_pair_eval, but each pair's forces and torques go into results[k]
 * (call->count entries, mbc_pair_result: the force on b, the torques in the
 * parts the law adds them in) instead of the atoms' arrays, which may be
 * NULL; with outputs (NULL, or call->count x sums->output_count values),
 * pair k's summed scalar outputs go into outputs[k * output_count + q]
 * (0 out of contact). The records, contact flags and sums are written as by
 * mbc_pair_eval. For an engine that adds the forces itself: in the order
 * of its own pair loop across several laws, or with a per-atom tally
 * (LAMMPS's per-atom virial and energy). A kernel of a binding of revision
 * 3 or later gives them (mbconnect/pair_kernel.h, mbc_pair_call_results);
 * an older one's pairs run through the type's hooks. */
MBC_API mbc_status mbc_pair_eval_results(mbc_object *o, const mbc_pair_call *call,
                                         mbc_pair_result *results, double *outputs,
                                         mbc_pair_sums *sums, mbc_error *err);

/* The distance beyond r_a + r_b (m, >= 0) up to which a pair of o that is in
 * contact may stay in contact: the binding's reach function (spec key
 * `reach = true`), else 0. An engine's neighbor cutoff must cover
 * 2 r_max + mbc_pair_eval_reach(o, r_max, r_max). */
MBC_API double mbc_pair_eval_reach(const mbc_object *o, double r_a, double r_b);

/* Whether mbc_pair_eval runs o's type through its kernel (without
 * MBC_PAIR_HOOKS) rather than its hooks. */
MBC_API bool mbc_pair_eval_has_kernel(const mbc_type_info *t);

/* Whether t's pair binding is usable: kind spheres, centers m0/m1 in either
 * order, a radii parameter of two doubles, a masses parameter (when
 * declared) of two doubles, the forces hook. A plugin's binding may be
 * written by hand: mbc_pair_eval refuses one that is not usable. When not
 * usable, writes the reason into err (e.g. "connector type 'X' has an
 * unusable pair binding: the radii parameter must have two real elements"). */
MBC_API bool mbc_pair_eval_binding_ok(const mbc_type_info *t, mbc_error *err);

#ifdef __cplusplus
}
#endif

#endif
