/* SPDX-License-Identifier: BSD-3-Clause */
/* Reference solver: a small multibody system driving libmbconnect exactly as a
 * downstream solver would (docs/solver-integration.rst).
 *
 * Bodies: ground, mass points (2D/3D), rigid bodies in 2D (x, y, phi) and 3D
 * (position + incremental rotation vector, rs_rotation.h), fixed ANCF Cable2D
 * elements with prescribed coordinates, and ALE coordinate nodes (one ODE2
 * coordinate). Markers refer to bodies; data nodes hold connector data
 * coordinates in two copies (current, start of step). Connectors are
 * mbc_object handles of any registered type; the system reads their marker
 * and node numbers from the parameters.
 *
 * Equations: ODE2 in first-order form q' = K(q) u, M u' = F(q, u) - C_q^T z,
 * C(q) = 0 (index 3, JointALEMoving2D, z = the joint force on marker m0).
 * Integrators: implicit trapezoidal rule with Newton (finite-difference
 * Jacobian of the ODE part, constraint Jacobians from mbc_algebraic) and an
 * explicit RK4 for systems without constraints; both run the discontinuous
 * iteration with PostNewtonStep and honour recommended step sizes.
 *
 * Not part of the library API. No globals; every buffer is owned by the
 * rs_system and freed by rs_system_destroy. */
#ifndef RS_SYSTEM_H
#define RS_SYSTEM_H

#include "rs_linalg.h"

#include "mbconnect/connector.h"
#include "mbconnect/object.h"

#include <stddef.h>

#define RS_MAX_BODIES     32
#define RS_MAX_MARKERS    64
#define RS_MAX_NODES      32
#define RS_MAX_CONNECTORS 32

typedef enum rs_body_kind {
    RS_GROUND,
    RS_MASS_POINT_2D, /* q = (x, y), u = (vx, vy) */
    RS_MASS_POINT_3D, /* q = (x, y, z), u = v */
    RS_RIGID_2D,      /* q = (x, y, phi), u = (vx, vy, omega) */
    RS_RIGID_3D,      /* q = (x, y, z, theta), u = (v, omega_local) */
    RS_CABLE2D_FIXED, /* no coordinates; prescribed ANCF Cable2D element */
    RS_ALE_NODE       /* q = (s), u = (s_t) */
} rs_body_kind;

typedef struct rs_body {
    rs_body_kind kind;
    int nq, nu;             /* number of coordinates / velocities */
    int q_offset, u_offset; /* into the system vectors */
    double mass;
    double inertia[3];       /* RIGID_2D: inertia[2]; RIGID_3D: principal, body frame */
    double q_init[6];        /* initial coordinates (RIGID_3D: theta = 0) */
    double u_init[6];        /* initial velocities */
    double position[3];      /* GROUND: fixed position */
    double rotation_ref[9];  /* RIGID_3D: orientation at the start of the step */
    mbc_cable_element cable; /* CABLE2D_FIXED: q, q_t = 0, length */
} rs_body;

typedef enum rs_marker_kind {
    RS_MARKER_BODY,               /* position (+ orientation) of a body's reference point */
    RS_MARKER_CABLE2D_SHAPE,      /* Cable2DShape: segment points of a cable element */
    RS_MARKER_CABLE2D_COORDINATES /* the coordinates of a cable element (ALE joint m1) */
} rs_marker_kind;

typedef struct rs_marker {
    rs_marker_kind kind;
    int body;
    int segments;           /* CABLE2D_SHAPE */
    double vertical_offset; /* CABLE2D_SHAPE */
} rs_marker;

typedef enum rs_node_kind { RS_NODE_DATA, RS_NODE_ODE2 } rs_node_kind;

typedef struct rs_node {
    rs_node_kind kind;
    int body;           /* ODE2: the RS_ALE_NODE body */
    size_t count;       /* DATA: number of data coordinates */
    size_t offset;      /* DATA: offset into the data vectors */
    int has_initial;    /* DATA: initial values given (else the type's defaults) */
    double initial[96]; /* DATA: initial values */
} rs_node;

typedef enum rs_connector_kind {
    RS_CON_SPHERE_SPHERE,
    RS_CON_CONVEX_ROLL,
    RS_CON_CIRCLE_CABLE,
    RS_CON_ALE_JOINT
} rs_connector_kind;

typedef struct rs_connector {
    mbc_object *object; /* owned */
    rs_connector_kind kind;
    mbc_index marker[2]; /* marker[1] of the ALE joint is re-linked by PostNewtonStep */
    int data_node;
    int ale_node;    /* ALE joint: ODE2 node of the ALE coordinate */
    size_t z_offset; /* ALE joint: its 2 algebraic variables */
    mbc_index *sliding_markers;
    size_t sliding_count;
    /* scratch owned by the connector */
    double *points, *point_velocities, *point_forces, *point_jacobian;
    size_t segments;
    mbc_cable_element *cables;
    double *post_data;
    /* diagnostics */
    double cable_generalized_force[8]; /* circle-cable: J^T f on the fixed element */
    unsigned warnings;                 /* or of PostNewtonStep warnings */
    double last_error;                 /* last PostNewtonStep error */
} rs_connector;

typedef enum rs_integrator { RS_TRAPEZOIDAL, RS_RK4 } rs_integrator;

typedef struct rs_settings {
    rs_integrator integrator;
    double h_max;                   /* nominal step size [s] */
    double h_min;                   /* smallest step the recommended step may impose [s] */
    int honour_recommended_step;    /* reduce the step to PostNewtonStep's recommendation */
    double newton_tolerance;        /* relative update tolerance */
    int newton_max_iterations;      /* per Newton solve */
    double discontinuous_tolerance; /* summed PostNewtonStep error [force units] */
    int discontinuous_max_iterations;
    double fd_epsilon; /* relative finite-difference perturbation */
} rs_settings;

typedef struct rs_stats {
    long steps;                     /* accepted steps */
    long step_reductions;           /* steps redone with a recommended (smaller) step */
    long newton_failures;           /* steps halved because Newton did not converge */
    long newton_iterations;         /* total Newton iterations */
    long discontinuous_iterations;  /* total Newton solves (>= steps) */
    long discontinuous_repeats;     /* steps that needed more than one Newton solve */
    long discontinuous_unconverged; /* steps accepted with error > tolerance */
    int max_discontinuous_iterations;
    double h_smallest; /* smallest accepted step */
} rs_stats;

typedef struct rs_system {
    rs_body bodies[RS_MAX_BODIES];
    int body_count;
    rs_marker markers[RS_MAX_MARKERS];
    int marker_count;
    rs_node nodes[RS_MAX_NODES];
    int node_count;
    rs_connector connectors[RS_MAX_CONNECTORS];
    int connector_count;
    double gravity[3];
    rs_settings settings;
    rs_stats stats;

    /* set by rs_system_finalize */
    int finalized;
    int nq, nu, nz;
    size_t nd;
    double t;
    double *q, *u, *z;         /* accepted state at t */
    double *data, *data_start; /* data coordinates: current / start of step */
    double *mass;              /* nu x nu */
    double *work;              /* integrator scratch */
    lapack_int *pivots;
    char message[512]; /* last error */
} rs_system;

/* Allocation and setup. rs_system_create returns NULL when out of memory. */
rs_system *rs_system_create(void);
void rs_system_destroy(rs_system *s);
void rs_settings_default(rs_settings *settings);

/* Bodies; each returns the body index or -1 (message in s->message). */
int rs_add_ground(rs_system *s, const double position[3]);
int rs_add_mass_point_2d(rs_system *s, double mass, const double p[2], const double v[2]);
int rs_add_mass_point_3d(rs_system *s, double mass, const double p[3], const double v[3]);
/* q = (x, y, phi), u = (vx, vy, omega). */
int rs_add_rigid_2d(rs_system *s, double mass, double inertia, const double q[3],
                    const double u[3]);
/* inertia: principal moments in the body frame; A0 the initial orientation;
 * omega_local the body-frame angular velocity. */
int rs_add_rigid_3d(rs_system *s, double mass, const double inertia[3], const double p[3],
                    const double A0[9], const double v[3], const double omega_local[3]);
int rs_add_cable2d_fixed(rs_system *s, const double q[8], double length);

/* Markers; return the marker number or -1. */
int rs_add_body_marker(rs_system *s, int body);
int rs_add_cable_shape_marker(rs_system *s, int cable_body, int segments, double vertical_offset);
int rs_add_cable_coordinates_marker(rs_system *s, int cable_body);

/* Nodes; return the node number or -1. initial may be NULL (type defaults). */
int rs_add_data_node(rs_system *s, size_t count, const double *initial);
/* An ALE coordinate: ODE2 node with coordinate s0, velocity v0 and mass
 * (0: massless, as for an ALE joint on fixed cables). Returns the node number. */
int rs_add_ale_node(rs_system *s, double s0, double v0, double mass);

/* Adds a connector; the system takes ownership of o (also on failure). */
int rs_add_connector(rs_system *s, mbc_object *o);

/* Allocates the vectors, checks connectors against markers and nodes, sets
 * the initial state and initializes the data by one PostNewtonStep at t = 0.
 * Returns 0 or -1 (message in s->message). */
int rs_system_finalize(rs_system *s);

/* One accepted step of at most h (may be reduced). *h_taken receives the
 * step done. Returns 0 or -1 (message). */
int rs_step(rs_system *s, double h, double *h_taken);

/* Integrates to t_end; after every accepted step calls observer (if not
 * NULL); a non-zero return value of the observer stops the run.
 * Returns 0, or -1 on failure. */
typedef int (*rs_observer)(const rs_system *s, void *user);
int rs_simulate(rs_system *s, double t_end, rs_observer observer, void *user);

/* Kinematics of a body's reference point from the accepted state. */
void rs_body_marker_state(const rs_system *s, int body, mbc_rigid_marker *m);

/* Data coordinates of a node (current copy). */
const double *rs_node_data(const rs_system *s, int node);

/* The connector's state (marker kinematics, data, ...) at the accepted state
 * and its outputs (mbc_object_output). Returns the library status. */
mbc_status rs_connector_output(rs_system *s, int connector, size_t output, double *out, size_t size,
                               mbc_error *err);
/* Algebraic equations of an ALE joint at the accepted state. */
mbc_status rs_connector_algebraic(rs_system *s, int connector, mbc_algebraic *out, mbc_error *err);

#endif
