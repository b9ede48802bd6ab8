/* SPDX-License-Identifier: BSD-3-Clause */
/* The records of an in-place pair evaluation (types only): the engine's
 * per-atom arrays, a pair with its contact record, one call, and the sums
 * over the pairs in contact. mbc_pair_eval (mbconnect/pair_eval.h, with the
 * conventions of signs, ownership and records) takes them, and so do the
 * kernels of mbconnect/pair_kernel.h. */
#ifndef MBCONNECT_PAIR_TYPES_H
#define MBCONNECT_PAIR_TYPES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The engine's per-atom arrays (array of structs, indexed by atom). */
typedef struct mbc_pair_atoms {
    const double (*position)[3];         /* m */
    const double (*velocity)[3];         /* m/s */
    const double (*angular_velocity)[3]; /* global, rad/s */
    const double *radius;                /* m */
    /* kg; read only for a binding with masses (spec key `masses`; NULL is
     * then an error), else may be NULL */
    const double *mass;
    double (*force)[3];  /* N, added into */
    double (*torque)[3]; /* N m, added into */
    int owned;           /* atoms 0 .. owned-1 receive forces and torques */
} mbc_pair_atoms;

/* One pair: its two atoms (sphere a, sphere b) and its contact record. */
typedef struct mbc_pair {
    int atom[2];
    double *data; /* data coordinates: start of step in, new out; NULL without data */
} mbc_pair;

/* mbc_pair_call.flags */
enum {
    /* PostNewtonStep first (new data from the record as start data), then
     * the forces with the new data; without it, the forces of the record's
     * data, which stays as it is (a repeated force call at the same step:
     * no state advances twice) */
    MBC_PAIR_POST_NEWTON = 1u << 0,
    /* through the type's hooks even when its binding has a kernel */
    MBC_PAIR_HOOKS = 1u << 1,
    /* the engine's set-up force evaluation of a run (LAMMPS's: before the
     * first step of every `run`, at the state of the last step, or of the
     * input before the first run): no time step is taken. A kernel whose
     * law writes its record in a force evaluation without a step (a
     * contact flag set, a history clamped at its Coulomb limit:
     * ContactGranular, as pair_style granular and fix wall/gran do in
     * their set-up) evaluates every pair of the call without a step and
     * writes the record, with or without MBC_PAIR_POST_NEWTON. Other types
     * and the hooks path ignore the flag. Without it, a call without
     * MBC_PAIR_POST_NEWTON leaves every record as it is. */
    MBC_PAIR_SETUP = 1u << 2,
    /* set by mbc_pair_eval_results only (mbconnect/pair_eval.h): the call
     * is the first member of an mbc_pair_call_results
     * (mbconnect/pair_kernel.h), and each pair's forces and torques go into
     * its mbc_pair_result instead of the atoms' arrays */
    MBC_PAIR_RESULTS = 1u << 3
};

/* One call: count pairs of one law. */
typedef struct mbc_pair_call {
    const mbc_pair_atoms *atoms;
    const mbc_pair *pairs;
    size_t count;
    unsigned flags;         /* MBC_PAIR_* */
    double dt;              /* time step since the records' data (s); laws with history use it */
    unsigned char *contact; /* count entries or NULL; out: 1 in contact, 0 drop the record */
} mbc_pair_call;

/* One pair's forces and torques, for an engine that adds them to its atoms
 * itself (mbc_pair_eval_results): in the order of its own pair loop, or
 * with a per-atom tally of its own (LAMMPS's per-atom energy and virial).
 * The torque on each sphere is given in the parts that the law adds one
 * after the other, so that an engine that adds them in the same order gets
 * the sums of the in-place path to the bit:
 *   torque on a: += torque[0], then += couple[0], then += couple[1];
 *   torque on b: += torque[1], then -= couple[0], then -= couple[1].
 * (ContactGranular: the friction torques, then the twisting and the rolling
 * torque, as LAMMPS's pair_style granular adds them; other types: the whole
 * torques, couple zero.) Zero for a pair out of contact. */
typedef struct mbc_pair_result {
    double force[3];     /* on sphere b, N; on a: -force */
    double torque[2][3]; /* on a, on b, N m */
    double couple[2][3]; /* N m, added to a and subtracted from b after torque */
} mbc_pair_result;

/* Sums over the pairs in contact, each with its weight w (1, or 1/2 with an
 * atom at or above `owned`), ADDED to what the fields hold (an engine sums
 * a whole step over several calls, in the order of its pairs). */
typedef struct mbc_pair_sums {
    double contacts; /* sum of w */
    double overlap;  /* sum of w (r_a + r_b - |d|), m */
    /* sum of w d_i F_j (xx, yy, zz, xy, xz, yz; d = x_b - x_a, F on b), N m:
     * the pair's virial */
    double virial[6];
    /* scalar outputs (size 1) to sum, as indices into the type's outputs
     * (e.g. the index of "Energy"); output_sums[q] += w * output outputs[q] */
    const size_t *outputs;
    size_t output_count;
    double *output_sums;
    size_t failed; /* out: the pair (index into pairs) a failing call names */
} mbc_pair_sums;

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_PAIR_TYPES_H */
