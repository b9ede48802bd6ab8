/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc simulate: the description of a scene (docs/simulate.rst).
 *
 * A scene file (scene.c) fills a sim_model: bodies and nodes with their
 * coordinates, ANCF cable elements, markers, elements (springs, coordinate
 * springs and constraints, loads), connectors (mbc_object of any registered
 * type, driven only through the public evaluation API), sensors and solver
 * settings. sim_model_number then lays out the unknowns, and from there on
 * the description is read only: a run (run.h) keeps everything that changes
 * while integrating (state, workspace) outside of it. The one exception is
 * the library's own objects: PostNewtonStep may update a connector's state
 * parameters (ContactConvexRoll's pContact) and re-link its marker m1, as the
 * library's evaluation API defines.
 *
 * Coordinates: every body or node owns `nq` coordinates q with velocities
 * v = dq/dt of the same count, except the 3D rigid body whose last three
 * coordinates are the rotation vector theta of the increment since the start
 * of the step (A = A_ref exp([theta]x)) and whose last three velocities are
 * the body-frame angular velocity. Equations of motion
 * M q_tt = F(q, v, t) - C_q^T lambda, C(q, lambda) = 0 (index 3). */
#ifndef SIM_MODEL_H
#define SIM_MODEL_H

#include <stddef.h>

#include "ancf_dynamic.h"
#include "mbconnect/object.h"
#include "sparse.h"

#define SIM_NAME_SIZE 64

typedef enum sim_body_kind {
    SIM_GROUND,     /* no coordinates; fixed position */
    SIM_POINT_2D,   /* q = (x, y) */
    SIM_POINT_3D,   /* q = (x, y, z) */
    SIM_RIGID_2D,   /* q = (x, y, phi) */
    SIM_RIGID_3D,   /* q = (x, y, z, theta); v = (v, omega_local) */
    SIM_CABLE_NODE, /* q = (x, y, x', y'): node of a dynamic ANCF cable */
    SIM_ALE_NODE    /* q = (s): ALE coordinate */
} sim_body_kind;

typedef struct sim_body {
    sim_body_kind kind;
    char name[SIM_NAME_SIZE];
    int line;
    int nq;     /* coordinates (= velocities) */
    int offset; /* into q, v (sim_model_number) */
    double mass;
    double inertia[3]; /* RIGID_2D: inertia[2]; RIGID_3D: principal, body frame */
    double q0[6], v0[6];
    double position[3];    /* GROUND */
    double orientation[9]; /* RIGID_3D: initial orientation, row-major, body to global */
} sim_body;

/* One ANCF Cable2D element; dynamic (two SIM_CABLE_NODE bodies) or prescribed
 * (fixed coordinates, no unknowns). */
typedef struct sim_cable {
    int node[2]; /* bodies, or -1 for a prescribed element */
    double q_fixed[8];
    sim_cable_properties props;
    double mass[64]; /* constant mass matrix (sim_model_number) */
} sim_cable;

/* A cable of the scene: consecutive elements and nodes. */
typedef struct sim_cable_group {
    char name[SIM_NAME_SIZE];
    int line;
    int first_element, element_count;
    int first_node; /* body index of node 0 (dynamic), else -1 */
} sim_cable_group;

typedef enum sim_marker_kind {
    SIM_MARKER_BODY,             /* position (+ orientation) of a body or cable node */
    SIM_MARKER_COORDINATE,       /* one coordinate of a body or node */
    SIM_MARKER_CABLE_SHAPE,      /* Cable2DShape: points of a cable element */
    SIM_MARKER_CABLE_COORDINATES /* Cable2DCoordinates: the 8 coordinates of an element */
} sim_marker_kind;

typedef struct sim_marker {
    sim_marker_kind kind;
    char name[SIM_NAME_SIZE];
    int line;
    int body;       /* BODY, COORDINATE */
    int coordinate; /* COORDINATE */
    int cable;      /* CABLE_*: element index */
    int segments;   /* CABLE_SHAPE */
    double vertical_offset;
} sim_marker;

typedef enum sim_element_kind {
    SIM_SPRING_DAMPER,         /* between two position markers */
    SIM_COORDINATE_SPRING,     /* on one coordinate or the difference of two */
    SIM_COORDINATE_CONSTRAINT, /* q0 - factor q1 - offset(t) = 0, Lagrange multiplier */
    SIM_FORCE,                 /* force on a marker, constant or f(t) */
    SIM_TORQUE                 /* torque on a rigid body marker */
} sim_element_kind;

typedef struct sim_element {
    sim_element_kind kind;
    char name[SIM_NAME_SIZE];
    int line;
    int marker[2]; /* -1: none (coordinate elements on one coordinate) */
    double stiffness, damping, reference_length; /* springs */
    double factor, offset;                       /* coordinate constraint / spring offset */
    double value[3];                             /* force / torque */
    int function;                                /* Lua registry reference or LUA_NOREF */
    int z_offset;                                /* constraint: its multiplier */
} sim_element;

typedef struct sim_connector {
    char name[SIM_NAME_SIZE];
    int line;
    mbc_object *object; /* owned */
    int marker[2];      /* as loaded; a run keeps the re-linked m1 */
    int data_offset;
    int data_count;
    int ale_body; /* JointALEMoving2D-like (algebraic equations): ALE node body */
    int *sliding; /* markers of the sliding cables (algebraic types) */
    int sliding_count;
    int z_offset;    /* algebraic types: two multipliers */
    int point_count; /* points of a CableShape marker (segments + 1), else 0 */
} sim_connector;

typedef enum sim_sensor_kind {
    SIM_SENSOR_BODY,      /* body / node position, velocity, coordinates */
    SIM_SENSOR_CONNECTOR, /* an output variable of a connector */
    SIM_SENSOR_ELEMENT,   /* force of an element (spring, constraint multiplier) */
    SIM_SENSOR_ENERGY     /* kinetic + potential (gravity, springs, cable strain) */
} sim_sensor_kind;

typedef enum sim_quantity {
    SIM_Q_POSITION,
    SIM_Q_VELOCITY,
    SIM_Q_COORDINATES,
    SIM_Q_VELOCITIES,
    SIM_Q_ANGULAR_VELOCITY,
    SIM_Q_ORIENTATION /* rotation matrix, 9 values row-major, body to global */
} sim_quantity;

typedef struct sim_sensor {
    sim_sensor_kind kind;
    char name[SIM_NAME_SIZE];
    int line;
    int target; /* body, connector or element */
    sim_quantity quantity;
    size_t output; /* index into the type's outputs */
    int size;      /* values per sample (sim_model_number) */
    int offset;    /* into the run's sensor values (sim_model_number) */
} sim_sensor;

typedef enum sim_method { SIM_GENERALIZED_ALPHA, SIM_NEWMARK, SIM_RK4 } sim_method;

typedef struct sim_settings {
    sim_method method;
    double rho_inf;
    double step, min_step, end_time;
    int honour_recommended_step;
    double newton_tolerance;
    int newton_max_iterations;
    int newton_modified; /* reuse the Jacobian while Newton contracts fast */
    double discontinuous_tolerance;
    int discontinuous_max_iterations;
    int recovery_steps;      /* accepted steps after a redo before the step may double */
    int recovery_iterations; /* ... when it took at most this many Newton + discontinuous
                                iterations */
    double output_step;
    sim_linear_kind linear;
} sim_settings;

typedef struct sim_model {
    const char *scene_name;

    sim_body *bodies;
    int body_count, body_cap;
    sim_cable *cables;
    int cable_count, cable_cap;
    sim_cable_group *groups;
    int group_count, group_cap;
    sim_marker *markers;
    int marker_count, marker_cap;
    sim_element *elements;
    int element_count, element_cap;
    sim_connector *connectors;
    int connector_count, connector_cap;
    sim_sensor *sensors;
    int sensor_count, sensor_cap;
    double gravity[3];
    sim_settings settings;

    /* layout (sim_model_number) */
    int n, nz, nd;     /* coordinates, multipliers, data coordinates */
    int sensor_values; /* values of one sample of every sensor */
} sim_model;

sim_model *sim_model_create(void);
void sim_model_destroy(sim_model *m);
/* Append one item with its defaults; NULL when out of memory. */
sim_body *sim_add_body(sim_model *m);
sim_cable *sim_add_cable(sim_model *m);
sim_cable_group *sim_add_group(sim_model *m);
sim_marker *sim_add_marker(sim_model *m);
sim_element *sim_add_element(sim_model *m);
sim_connector *sim_add_connector(sim_model *m);
sim_sensor *sim_add_sensor(sim_model *m);
void sim_settings_default(sim_settings *s);
/* Lays out the unknowns of a loaded scene: coordinate offsets of the
 * bodies, multipliers of constraints and algebraic connectors, data
 * coordinates of the connectors, cable mass matrices and sensor sizes. */
void sim_model_number(sim_model *m);
/* Translational coordinates of a body (2 or 3; 0 for ground and ALE). */
int sim_body_translations(const sim_body *b);

#endif
