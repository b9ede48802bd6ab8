/* SPDX-License-Identifier: BSD-3-Clause */
/* The granular law (runtime/granular_inline.h) instantiated for every
 * combination of models, and the lookup that picks the instance of a law
 * once per call.
 *
 * Two stages evaluate a contact: stage A (normal model x damping x
 * tangential model: 4 x 4 x 6 = 96 instances; hertz/material runs hertz's
 * kernel) gives the force and the friction torques, stage B (rolling x
 * twisting: 5 instances) adds the rolling and twisting torques. Each
 * instance is a loop over `count` contacts with the model choices
 * compile-time constants: no branch on a model inside, and the per-contact
 * law inlined. The ContactGranular hooks call them with count 1; an engine
 * fills contacts from its arrays and calls each stage once per block.
 * Code size and build time: docs/physics-granular.rst ("Kernels").
 *
 * Internal to the runtime (not installed, not exported). */
#ifndef MBC_RUNTIME_GRANULAR_KERNELS_H
#define MBC_RUNTIME_GRANULAR_KERNELS_H

#include <stdbool.h>
#include <stddef.h>

#include "granular_inline.h"

/* Stage A over contacts c[0..count-1] with records rec[i] (read and
 * written in place; `update`: one history step): res[i] gets the force on
 * a, the friction torques and what stage B and the outputs read;
 * res[i].touching tells whether the contact holds (else res[i] is zero and
 * the record cleared). Returns the number in touch. */
typedef size_t (*mbc_granular_stage_a_fn)(const mbc_granular_law *law, size_t count,
                                          const mbc_granular_contact *c, double *const *rec,
                                          bool update, mbc_granular_result *res);

/* Stage B over the contacts of stage A (those in touch): adds the twisting
 * and rolling torques to res[i] and updates their history. */
typedef void (*mbc_granular_stage_b_fn)(const mbc_granular_law *law, size_t count,
                                        const mbc_granular_contact *c, double *const *rec,
                                        bool update, mbc_granular_result *res);

/* The instances of one law: stage_b is NULL without rolling and twisting. */
typedef struct mbc_granular_kernels {
    mbc_granular_stage_a_fn stage_a;
    mbc_granular_stage_b_fn stage_b;
} mbc_granular_kernels;

/* The instances for law's model choices, which must be in range (the
 * type's one_of rules); resolve once per law, not per contact. */
mbc_granular_kernels mbc_granular_kernels_for(const mbc_granular_law *law);

/* Stage A instances of one normal kernel, [damping][tangential]
 * (runtime/granular_kernels_<normal>.c). */
extern const mbc_granular_stage_a_fn mbc_granular_kernels_hooke[MBC_GRANULAR_DAMPING_COUNT]
                                                               [MBC_GRANULAR_TANGENTIAL_COUNT];
extern const mbc_granular_stage_a_fn mbc_granular_kernels_hertz[MBC_GRANULAR_DAMPING_COUNT]
                                                               [MBC_GRANULAR_TANGENTIAL_COUNT];
extern const mbc_granular_stage_a_fn mbc_granular_kernels_dmt[MBC_GRANULAR_DAMPING_COUNT]
                                                             [MBC_GRANULAR_TANGENTIAL_COUNT];
extern const mbc_granular_stage_a_fn mbc_granular_kernels_jkr[MBC_GRANULAR_DAMPING_COUNT]
                                                             [MBC_GRANULAR_TANGENTIAL_COUNT];

#endif /* MBC_RUNTIME_GRANULAR_KERNELS_H */
