/* SPDX-License-Identifier: BSD-3-Clause */
/* The solver-facing evaluation contract shared by every connector type:
 * status and error reporting (mbconnect/error.h), the marker state a solver
 * fills in, and the results of force evaluation, PostNewtonStep, output
 * variables and algebraic equations.
 *
 * Conventions:
 * - SI units; global coordinates; 3x3 matrices row-major, local -> global.
 * - Forces and torques are the physical ones acting ON each marker / cable point.
 * - Force evaluation never switches: it reads the active set from state.data.
 *   Only PostNewtonStep recomputes data coordinates.
 * - All functions are reentrant; nothing here allocates.
 */
#ifndef MBCONNECT_CONNECTOR_H
#define MBCONNECT_CONNECTOR_H

#include <stdbool.h>
#include <stddef.h>

#include "mbconnect/error.h" /* mbc_status, mbc_error, mbc_fail */
#include "mbconnect/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Marker or node number; -1 means invalid (unset). */
typedef int mbc_index;
#define MBC_INVALID_INDEX (-1)

/* The one family of warning flags (bitwise or; never printed): returned by
 * PostNewtonStep and friends, and by the runtime's geometry functions
 * through their `unsigned *warnings` / `warnings` outputs. */
enum {
    MBC_WARN_ALE_INDEX_CLAMPED = 1u << 0,  /* sliding index clamped to [0, sn-1] */
    MBC_WARN_HULL_NOT_CONVERGED = 1u << 1, /* lowest-point Newton did not reach 1e-14 */
    MBC_WARN_AXIS_VERTICAL = 1u << 2,      /* convex roll axis vertical: model does not apply */
    MBC_WARN_STICK_OUT_OF_RANGE = 1u << 3, /* sticking position had to be renormalized */
    MBC_WARN_ALE_CLAMPED_LOW = 1u << 4,    /* mbc_ale_update_index: index < 0 kept at 0 */
    MBC_WARN_ALE_CLAMPED_HIGH = 1u << 5,   /* mbc_ale_update_index: index >= sn kept at sn-1 */
    MBC_WARN_ALE_NO_ELEMENTS = 1u << 6,    /* mbc_ale_update_index: sn < 1, index 0 returned */
    MBC_WARN_CABLE_ZERO_SLOPE = 1u << 7    /* cable point with |r'| == 0 and h != 0: no offset */
};

/* A rigid (position + orientation) or position marker. */
typedef struct mbc_rigid_marker {
    double position[3];
    double velocity[3];
    double rotation[9];               /* A, row-major, local -> global */
    double angular_velocity_local[3]; /* global angular velocity = A * this */
} mbc_rigid_marker;

/* A Cable2DShape marker: n+1 points of n contact segments along a cable. */
typedef struct mbc_cable_marker {
    size_t segment_count;           /* n */
    const double *points;           /* 2(n+1): x0,y0, x1,y1, ... */
    const double *point_velocities; /* 2(n+1) */
    double length;                  /* reference length L of the cable element */
    double ale_coordinate;          /* total ALE coordinate; 0 for a non-ALE cable */
} mbc_cable_marker;

/* One ANCF Cable2D element: q = [r0x,r0y,r0'x,r0'y,r1x,r1y,r1'x,r1'y]. */
typedef struct mbc_cable_element {
    double q[8];
    double q_t[8];
    double length;
} mbc_cable_element;

/* Everything a connector reads at one evaluation. Unused members may be NULL/0. */
typedef struct mbc_state {
    const mbc_rigid_marker *marker[2]; /* m0, m1 where rigid/position markers */
    const mbc_cable_marker *cable;     /* Cable2DShape marker (m1) */
    const mbc_cable_element *cables;   /* JointALEMoving2D: one per sliding marker */
    size_t cable_count;
    double ale_q, ale_q_t;    /* JointALEMoving2D: ALE node coordinate and velocity */
    const double *lagrange;   /* algebraic variables z */
    const double *data;       /* current data coordinates */
    const double *data_start; /* start-of-step data coordinates */
    size_t data_count;
    /* The step (since 1.1; a hook of a law with history integrates with
     * them, e.g. a tangential spring's xi = xi_start + v_t dt). dt: the
     * time step from data_start to this evaluation [s], 0 where there is no
     * step (MBC_PHASE_NONE). phase: which evaluation of the step this is
     * (MBC_PHASE_*). A 1.0 caller's state ends before dt: the 1.0 entry
     * points (docs/versioning.rst) hand its hooks dt 0 and MBC_PHASE_NONE. */
    double dt;
    unsigned phase;
} mbc_state;

/* The size of mbc_state as mbconnect 1.0 laid it out (the members before dt). */
#define MBC_STATE_SIZE_1_0 offsetof(mbc_state, dt)

/* mbc_state.phase: where in a solver's step an evaluation stands.
 *   NONE       no step: one evaluation on its own (mbc eval without dt, a
 *              1.0 caller); dt is 0; a law with history keeps data_start
 *   ITERATION  an evaluation inside an implicit step's iterations (mbc
 *              simulate's Newton iterations): the step of size dt from
 *              data_start is not accepted yet and may be evaluated again
 *   STEP_END   PostNewtonStep at the end of an implicit step (its Newton
 *              iteration converged): the new data become the start of the
 *              next step once the step is accepted
 *   EXPLICIT   the one evaluation of an explicit step (a DEM engine:
 *              LAMMPS, LIGGGHTS): PostNewtonStep from the last step's data
 *              over dt, then forces, once per pair and step */
enum {
    MBC_PHASE_NONE = 0u,
    MBC_PHASE_ITERATION = 1u,
    MBC_PHASE_STEP_END = 2u,
    MBC_PHASE_EXPLICIT = 3u
};

/* Physical forces on the markers. cable_point_forces is caller-provided. */
typedef struct mbc_forces {
    double force[2][3];
    double torque[2][3];
    double *cable_point_forces; /* 2(n+1) for a Cable2DShape marker, else NULL */
    size_t cable_point_count;   /* n+1 */
} mbc_forces;

/* Result of PostNewtonStep. data is caller-provided (data_count values). */
typedef struct mbc_post_newton {
    double *data;             /* new current data */
    double error;             /* discontinuous error [force units] */
    double recommended_step;  /* < 0: none proposed */
    unsigned warnings;        /* MBC_WARN_* */
    mbc_index marker_number1; /* JointALEMoving2D: new marker m1; else -1 */
} mbc_post_newton;

/* Algebraic equations of a 2D joint with two Lagrange multipliers, and their
 * Jacobians (row-major, 2 rows). position holds the index-3 form (or the
 * penalty / inactive form), velocity the index-2 form (or the penalty /
 * inactive form, which equals the position-level one). The dv_* fields are
 * the complete velocity-level Jacobian; for the index-2 form dv_marker0_t
 * equals d_marker0 and dv_cable_t equals d_cable, for the penalty form
 * dv_marker0 equals d_marker0, dv_cable equals d_cable, dv_ale equals d_ale
 * and dv_lagrange equals d_lagrange. */
typedef struct mbc_algebraic {
    double position[2];
    double velocity[2];
    double d_marker0[2 * 3];    /* d position / d p_m0 */
    double d_cable[2 * 8];      /* d position / d q_cable */
    double d_ale[2];            /* d position / d q_ALE */
    double d_lagrange[2 * 2];   /* d position / d z */
    double dv_cable[2 * 8];     /* d velocity / d q_cable */
    double dv_ale[2];           /* d velocity / d q_ALE */
    double dv_ale_t[2];         /* d velocity / d q_ALE_t */
    double dv_marker0[2 * 3];   /* d velocity / d p_m0 */
    double dv_marker0_t[2 * 3]; /* d velocity / d v_m0 */
    double dv_cable_t[2 * 8];   /* d velocity / d q_t (cable velocities) */
    double dv_lagrange[2 * 2];  /* d velocity / d z */
} mbc_algebraic;

#ifdef __cplusplus
}
#endif

#endif
