/* SPDX-License-Identifier: BSD-3-Clause */
/* obj.evaluate_many(...): the parts of its one path, for every type.
 *
 *   batch_inputs.c   the arguments: which the type takes (by its marker
 *                    kinds), stacked arrays of shape (N, ...) checked once;
 *   batch_state.c    the workspace (allocated once per call) and the state
 *                    of row k, assembled in it without allocating;
 *   batch_results.c  the result arrays (new, or reused through out=) and the
 *                    result dict;
 *   method_evaluate_many.c  the entry point and the loop over the N states: each
 *                    evaluated through the library's checked dispatch into
 *                    row k of the result arrays.
 *
 * Arrows: method_evaluate_many.c uses all three; batch_state.c reads the inputs;
 * the three use only this header (and pymbc.h), never method_evaluate_many.c. */
#ifndef PYMBC_BATCH_H
#define PYMBC_BATCH_H

#include "pymbc.h"

#include "mbconnect/input.h"

#define BATCH_MAX_OUTPUTS 32

/* The arguments, in the order of the signature (kwlist in batch_inputs.c). */
enum batch_input {
    IN_POS,
    IN_VEL,
    IN_ROT,
    IN_OMEGA,
    IN_DATA,
    IN_START,
    IN_POINTS,
    IN_POINT_VEL,
    IN_LENGTH,
    IN_ALE_COORD,
    IN_ELEM_Q,
    IN_ELEM_Q_T,
    IN_OFFSET,
    IN_ELEM_ALE,
    IN_CABLES_Q,
    IN_CABLES_Q_T,
    IN_CABLE_LENGTHS,
    IN_ALE,
    IN_LAGRANGE,
    IN_COUNT
};

/* One stacked input: row k at p + stride * k (stride 0: one row for all). */
typedef struct batch_array {
    PyArrayObject *a; /* owned; NULL: not given */
    const double *p;
    size_t stride;
} batch_array;

/* The call, read and checked once. */
typedef struct batch_call {
    mbc_object *o;
    const mbc_type_info *t;
    batch_array in[IN_COUNT];
    npy_intp n;        /* states */
    int rigid;         /* rigid or position markers (rows of position) */
    bool shape;        /* a Cable2DShape marker */
    bool element;      /* ... given as ANCF elements (cableQ), else as points */
    bool ale;          /* ANCF cable coordinates (an ALE joint) */
    size_t points;     /* cable points n+1 (Cable2DShape) */
    size_t segments;   /* n */
    size_t cables;     /* C (ALE joint) */
    size_t data_count; /* D */
    bool forces, post_newton, algebraic;
    bool outputs[BATCH_MAX_OUTPUTS];
    PyObject *out; /* borrowed: an earlier result to fill again, or NULL */
} batch_call;

/* Parses args/kwargs into call (o set by the caller): inputs the type
 * takes, shapes, options. 0, or -1 with the exception set; call owns its
 * arrays either way (batch_call_release). */
int batch_call_read(batch_call *call, PyObject *args, PyObject *kwargs);
void batch_call_release(batch_call *call);
/* "[k, i]": the numpy index of element `flat` of a ("" for 0-d arrays). */
void batch_index_text(PyArrayObject *a, npy_intp flat, char *buf, size_t size);

/* The state of row k of the inputs, in a workspace allocated once. */
typedef struct batch_work {
    mbc_state state;
    mbc_rigid_marker rigid[2];
    mbc_cable_marker cable;
    mbc_cable_element *cables;
    double *buffer;                    /* element points and velocities, zeros, initial data */
    double *points, *point_velocities; /* of an ANCF element */
    /* row k of input a at base[a] + stride[a] * k; an input not given reads
     * its default (identity rotations, zeros, the object's initial data,
     * start-of-step data = data) with stride 0 */
    const double *base[IN_COUNT];
    size_t stride[IN_COUNT];
    int rigid_markers[2]; /* the markers m of kind position or rigid, in order */
} batch_work;

/* 0, or -1 with MemoryError. */
int batch_work_init(batch_work *w, const batch_call *call);
void batch_work_free(batch_work *w);
/* Assembles row k into w->state; 0, or -1 with ValueError naming the
 * argument and the row (an ANCF element with a value that is not finite or
 * whose offset direction is undefined). */
int batch_work_fill(batch_work *w, const batch_call *call, npy_intp k);

/* The result arrays (numpy, N first) and their data. */
typedef struct batch_results {
    PyObject *force, *torque, *cable;
    PyObject *outputs[BATCH_MAX_OUTPUTS];
    PyObject *pns_data, *pns_error, *pns_step, *pns_warn, *pns_marker;
    PyObject *algebraic[13];
    size_t output_sizes[BATCH_MAX_OUTPUTS];
    size_t selected[BATCH_MAX_OUTPUTS], selected_count; /* the outputs evaluated */
    /* scratch of the dispatch, zeroed once: the hooks write every member */
    mbc_forces forces;
    mbc_algebraic algebraic_scratch;
} batch_results;

/* Creates (or takes from call->out) the arrays of what call evaluates;
 * 0, or -1 with the exception set (res owns what it made: release it). */
int batch_results_create(batch_results *res, const batch_call *call);
void batch_results_release(batch_results *res);
/* Copies algebraic equations and Jacobians into row k of their arrays. */
void batch_results_store_algebraic(batch_results *res, const mbc_algebraic *a, npy_intp k);
/* The result dict {force, torque, cablePointForces, outputs, postNewtonStep,
 * algebraicEquations, jacobian, jacobianVelocity} of what was evaluated. */
PyObject *batch_results_dict(const batch_results *res, const batch_call *call);

#endif
