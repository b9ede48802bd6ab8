/* SPDX-License-Identifier: BSD-3-Clause */
/* Everything a connector type offers at one state, in one struct: forces
 * (with cable point forces), PostNewtonStep, every output variable by name,
 * algebraic equations and their Jacobians; and that result as the JSON
 * document `mbc eval` prints (docs/eval.rst describes every key).
 *
 *     mbc_result r;
 *     if (mbc_result_evaluate(&r, object, state, &err) != MBC_OK) ... err ...
 *     printf("%g\n", r.outputs[0].values[0]);
 *     char *json;
 *     if (mbc_result_json(&r, &json, &err) == MBC_OK) { puts(json); free(json); }
 *     mbc_result_free(&r);
 *
 * Errors are one line "FIELD: what is wrong (what was given)": FIELD is the
 * part of the result that failed ("forces", "postNewtonStep",
 * "outputs.Force", "algebraicEquations") or, for a result that is not
 * finite, its JSON path ("outputs.Force[1]: result is not finite (got
 * nan)"). `mbc eval` prefixes the case file name. */
#ifndef MBCONNECT_RESULT_H
#define MBCONNECT_RESULT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "mbconnect/connector.h"
#include "mbconnect/export.h"
#include "mbconnect/object.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One output variable: its name (the type's, not owned) and values (owned). */
typedef struct mbc_result_output {
    const char *name;
    double *values;
    size_t count;
} mbc_result_output;

typedef struct mbc_result {
    const mbc_type_info *type;
    /* forces (types with the forces hook): force[m] and torque[m] on marker
     * m where marker_has_force[m] (rigid and position markers); for a
     * Cable2DShape marker forces.cable_point_forces (owned) holds 2(n+1)
     * values, forces.cable_point_count = n+1 */
    bool has_forces;
    bool marker_has_force[2];
    mbc_forces forces;
    /* PostNewtonStep (types with the hook): post_newton.data (owned) holds
     * data_count values; marker_number1 is meaningful when
     * has_marker_number1 (a BodyCable2DCoordinates marker m1) */
    bool has_post_newton;
    bool has_marker_number1;
    mbc_post_newton post_newton;
    size_t data_count;
    /* every output variable of the type, in the type's order (owned array) */
    mbc_result_output *outputs;
    size_t output_count;
    /* algebraic equations and Jacobians (types with the hook) */
    bool has_algebraic;
    mbc_algebraic algebraic;
} mbc_result;

/* Evaluates, in this order, forces, PostNewtonStep (which updates the
 * object's state parameters, as in a solver step, and so may change what
 * follows), every output variable and the algebraic equations, through the
 * checked dispatch of mbconnect/evaluate.h. On success r holds everything
 * (free it with mbc_result_free); on failure r is empty (freeing it is
 * harmless) and err names the part that failed. */
MBC_API mbc_status mbc_result_evaluate(mbc_result *r, mbc_object *o, const mbc_state *s,
                                       mbc_error *err);
/* The same with a state of 1.1's layout (the step included), called through
 * the macro; the symbol mbc_result_evaluate is 1.0's (mbconnect/evaluate.h). */
MBC_API mbc_status mbc_result_evaluate_v2(mbc_result *r, mbc_object *o, const mbc_state *s,
                                          mbc_error *err);
#define mbc_result_evaluate(r, o, s, err) mbc_result_evaluate_v2(r, o, s, err)
MBC_API void mbc_result_free(mbc_result *r);

/* The name under which results list one PostNewtonStep warning flag
 * ("aleIndexClamped", "hullNotConverged", "axisVertical", "stickOutOfRange"
 * for MBC_WARN_ALE_INDEX_CLAMPED ... MBC_WARN_STICK_OUT_OF_RANGE), or NULL
 * for any other value. The JSON document and the Python module list set
 * flags by these names, lowest bit first, and the rest as "unknown(0x..)". */
MBC_API const char *mbc_result_warning_name(unsigned flag);

/* The result as the JSON document of `mbc eval` (pretty-printed, one key
 * per line, real numbers with 17 significant digits, a final newline), in a
 * malloc'd NUL-terminated string (*json; the caller frees it). A non-finite
 * number is an error naming its JSON path; nothing is returned then. */
MBC_API mbc_status mbc_result_json(const mbc_result *r, char **json, mbc_error *err);
/* The same document written to f (nothing is written on error; a write
 * error is MBC_ERR_IO "result: cannot write the JSON document", a NULL f
 * MBC_ERR_VALUE). */
MBC_API mbc_status mbc_result_write_json(const mbc_result *r, FILE *f, mbc_error *err);

#ifdef __cplusplus
}
#endif

#endif
