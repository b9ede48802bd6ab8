/* SPDX-License-Identifier: BSD-3-Clause */
/* JointALEMoving2D: hooks algebraic_equations, post_newton_step, outputs.
 *
 * Seed: ObjectJointALEMoving2D ("Geometric relations", "Connector constraint
 * equations", "Post Newton Step"); physics-notes.md, section JointALEMoving2D.
 *
 * Units: SI (m, m/s, N). Marker m0 is a position marker (state.marker[0]);
 * the cable elements are state.cables[0 .. sn-1], one per entry of
 * slidingMarkerNumbers; the current one is cables[x_data0]. q_ALE and its
 * velocity are state.ale_q, state.ale_q_t; z = [lambda_0, lambda_1] are
 * state.lagrange (the global joint forces).
 *
 * Element sliding coordinate: s_el = q_ALE + s_off - d[x_data0] (m).
 *
 * No allocation, no globals, no printing; reentrant.
 */
#include "mbconnect/generated/joint_ale_moving2d.h"

#include "mechanics/ale.h"

#include <assert.h>
#include <math.h>
#include <string.h>

typedef mbc_joint_ale_moving2d_params jale_params;

/* What every hook assumes (mbconnect/state_check.h) and returns: the current
 * sliding index x_data0. The dispatch has checked marker m0, one cable
 * element of length > 0 per entry of slidingMarkerNumbers, the finite data
 * coordinate x_data0 as a whole number in [0, sn - 1] (spec: index_into)
 * and the Lagrange multipliers once, and the parameters passed validation
 * (sn >= 1 sliding markers with as many offsets; penaltyStiffness > 0 with
 * usePenaltyFormulation); a direct caller of a typed hook guarantees the
 * same. Asserted, not checked again. */
static int jale_index(const jale_params *p, const mbc_state *s)
{
    assert(p != NULL && s != NULL);
    const size_t sn = p->slidingMarkerNumbers_count;
    assert(sn >= 1 && p->slidingMarkerNumbers != NULL && p->slidingMarkerOffsets != NULL &&
           p->slidingMarkerOffsets_count == sn);
    assert(s->marker[0] != NULL && s->cables != NULL && s->cable_count == sn);
    assert(s->data != NULL && s->data_count == 1);
    assert(s->data[0] >= 0.0 && s->data[0] <= (double)(sn - 1) && s->data[0] == floor(s->data[0]));
    assert(s->lagrange != NULL);
    (void)sn;
    return (int)s->data[0];
}

/* Algebraic equations and Jacobians (seed "Connector constraint equations";
 * notes JointALEMoving2D). With e = cables[x_data0], s_el as above:
 *   index 3 (position):  Delta p = r(s_el) - p_m0                       (m)
 *   index 2 (velocity):  Delta v = S(s_el) q_t + q_ALE_t r'(s_el) - v_m0 (m/s)
 *   penalty:             Delta p - z / k AT BOTH LEVELS                 (m)
 *   inactive:            z AT BOTH LEVELS                               (N)
 * The seed says the equations "are changed to" the penalty (inactive) form
 * with no exception for the velocity level, and the reference code evaluates
 * Delta p - z / k there too (issue #18): the velocity-level residual and its
 * Jacobian are then the position-level ones.
 * Position-level Jacobians (row-major, rows x and y):
 *   d_marker0  = [-I2 | 0]  (2x3: x, y of p_m0; the z column is 0)
 *   d_cable    = S(s_el) (x) I2            (2x8)
 *   d_ale      = r'(s_el)                  (d s_el / d q_ALE = 1)
 *   d_lagrange = 0 (index 3), -I/k (penalty), I (inactive)
 * Velocity-level Jacobians, index-2 form:
 *   dv_marker0 = 0,  dv_marker0_t = [-I2 | 0],  dv_cable_t = S(s_el) (x) I2
 *   dv_cable   = q_ALE_t S'(s_el) (x) I2   (2x8)
 *   dv_ale     = S'(s_el) q_t + q_ALE_t r''(s_el)
 *   dv_ale_t   = r'(s_el),  dv_lagrange = 0
 * penalty form: dv_marker0 = [-I2 | 0], dv_cable = S (x) I2, dv_ale = r',
 *   dv_lagrange = -I/k, and dv_marker0_t = dv_cable_t = dv_ale_t = 0;
 * inactive: dv_lagrange = I, everything else 0.
 * r, r', r'' and S from the ANCF Cable2D shape functions (ancf_cable2d.h). */
mbc_status mbc_joint_ale_moving2d_algebraic_equations(const jale_params *p, const mbc_state *s,
                                                      mbc_algebraic *out, mbc_error *err)
{
    (void)err; /* no error: the boundary checked the inputs */
    assert(out != NULL);
    const int index = jale_index(p, s);
    *out = (mbc_algebraic){0};
    if (!p->activeConnector) {
        for (int k = 0; k < 2; ++k) {
            out->position[k] = s->lagrange[k];
            out->velocity[k] = s->lagrange[k];
        }
        out->d_lagrange[0] = 1.0;
        out->d_lagrange[3] = 1.0;
        out->dv_lagrange[0] = 1.0;
        out->dv_lagrange[3] = 1.0;
        return MBC_OK;
    }
    assert(!p->usePenaltyFormulation || p->penaltyStiffness > 0.0);

    const mbc_cable_element *el = &s->cables[index];
    const double s_el =
        mbc_ale_element_coordinate(s->ale_q, p->slidingOffset, p->slidingMarkerOffsets, index);
    const double *pm = s->marker[0]->position;
    const double *vm = s->marker[0]->velocity;
    struct mbc_ale_equations eq;
    mbc_ale_equations(el->q, el->q_t, el->length, s_el, s->ale_q_t, pm, vm, &eq);
    memcpy(out->position, eq.position, sizeof eq.position);
    memcpy(out->d_cable, eq.d_dq, sizeof eq.d_dq);
    memcpy(out->d_ale, eq.d_ds, sizeof eq.d_ds);
    out->d_marker0[0] = -1.0;
    out->d_marker0[4] = -1.0;
    if (p->usePenaltyFormulation) {
        /* Delta p - z / k at both levels; the velocity level copies the
         * position-level residual and Jacobian */
        const double k = p->penaltyStiffness;
        out->position[0] -= s->lagrange[0] / k;
        out->position[1] -= s->lagrange[1] / k;
        out->d_lagrange[0] = -1.0 / k;
        out->d_lagrange[3] = -1.0 / k;
        memcpy(out->velocity, out->position, sizeof out->position);
        memcpy(out->dv_marker0, out->d_marker0, sizeof out->d_marker0);
        memcpy(out->dv_cable, out->d_cable, sizeof out->d_cable);
        memcpy(out->dv_ale, out->d_ale, sizeof out->d_ale);
        memcpy(out->dv_lagrange, out->d_lagrange, sizeof out->d_lagrange);
        return MBC_OK;
    }
    memcpy(out->velocity, eq.velocity, sizeof eq.velocity);
    memcpy(out->dv_marker0_t, out->d_marker0, sizeof out->d_marker0);
    memcpy(out->dv_cable_t, eq.d_dq, sizeof eq.d_dq);
    memcpy(out->dv_cable, eq.dv_dq, sizeof eq.dv_dq);
    memcpy(out->dv_ale, eq.dv_ds, sizeof eq.dv_ds);
    memcpy(out->dv_ale_t, eq.dv_dst, sizeof eq.dv_dst);
    return MBC_OK;
}

/* PostNewtonStep (seed "Post Newton Step"; notes JointALEMoving2D):
 *   s_el < 0 -> x_data0 - 1, error |s_el|;  s_el > L -> x_data0 + 1,
 *   error |s_el - L| (m, as in the notes); the new index is clamped to
 *   [0, sn - 1] with MBC_WARN_ALE_INDEX_CLAMPED (the error is still reported).
 *   marker_number1 = slidingMarkerNumbers[new index] so the solver re-links m1.
 *   The seed's "x_data1 += s" names a coordinate that does not exist: ignored.
 * activeConnector == false: data copied unchanged, error 0, marker_number1 =
 * the current sliding marker. No recommended step size (-1). */
mbc_status mbc_joint_ale_moving2d_post_newton_step(const jale_params *p, const mbc_state *s,
                                                   mbc_post_newton *out, mbc_error *err)
{
    (void)err; /* no error: the boundary checked the inputs */
    assert(out != NULL && out->data != NULL);
    const int index = jale_index(p, s);
    out->error = 0.0;
    out->recommended_step = -1.0;
    out->warnings = 0u;
    int next = index;
    if (p->activeConnector) {
        const double s_el =
            mbc_ale_element_coordinate(s->ale_q, p->slidingOffset, p->slidingMarkerOffsets, index);
        double error = 0.0;
        unsigned warn = 0;
        next = mbc_ale_update_index(s_el, s->cables[index].length, index,
                                    (int)p->slidingMarkerNumbers_count, &error, &warn);
        if (warn != 0)
            out->warnings |= MBC_WARN_ALE_INDEX_CLAMPED;
        out->error = error;
    }
    out->data[0] = (double)next;
    out->marker_number1 = p->slidingMarkerNumbers[next];
    return MBC_OK;
}

/* Output variables (seed outputs):
 *   Position          p_m0 (3, m);   Velocity v_m0 (3, m/s);
 *   SlidingCoordinate q_ALE + s_off (1, m);
 *   Coordinates       [x_data0, q_ALE] (2);   Coordinates_t [q_ALE_t] (1, m/s);
 *   Force             [lambda_0, lambda_1, 0] (3, N) = z. */
mbc_status mbc_joint_ale_moving2d_outputs(const jale_params *p, const mbc_state *s, size_t var,
                                          double *out, size_t size, mbc_error *err)
{
    (void)err; /* no error: mbc_object_output checked the variable and the size */
    const int index = jale_index(p, s);
    assert(var < MBC_JOINT_ALE_MOVING2D_OUTPUT_COUNT && out != NULL);
    assert(size == ((var == MBC_JOINT_ALE_MOVING2D_OUTPUT_COORDINATES) ? 2u
                    : (var == MBC_JOINT_ALE_MOVING2D_OUTPUT_POSITION ||
                       var == MBC_JOINT_ALE_MOVING2D_OUTPUT_VELOCITY ||
                       var == MBC_JOINT_ALE_MOVING2D_OUTPUT_FORCE)
                        ? 3u
                        : 1u));
    (void)size;
    switch (var) {
    case MBC_JOINT_ALE_MOVING2D_OUTPUT_POSITION:
    case MBC_JOINT_ALE_MOVING2D_OUTPUT_VELOCITY: {
        const double *v = (var == MBC_JOINT_ALE_MOVING2D_OUTPUT_POSITION) ? s->marker[0]->position
                                                                          : s->marker[0]->velocity;
        for (int k = 0; k < 3; ++k)
            out[k] = v[k];
        break;
    }
    case MBC_JOINT_ALE_MOVING2D_OUTPUT_SLIDING_COORDINATE:
        out[0] = s->ale_q + p->slidingOffset;
        break;
    case MBC_JOINT_ALE_MOVING2D_OUTPUT_COORDINATES:
        out[0] = (double)index;
        out[1] = s->ale_q;
        break;
    case MBC_JOINT_ALE_MOVING2D_OUTPUT_COORDINATES_T:
        out[0] = s->ale_q_t;
        break;
    default: /* MBC_JOINT_ALE_MOVING2D_OUTPUT_FORCE */
        out[0] = s->lagrange[0];
        out[1] = s->lagrange[1];
        out[2] = 0.0;
        break;
    }
    return MBC_OK;
}
