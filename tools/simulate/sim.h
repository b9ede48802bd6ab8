/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc simulate: the model of a scene and the simulator that integrates it.
 *
 * A scene (scene.c) fills a sim_model: bodies and nodes with their
 * coordinates, ANCF cable elements, markers, elements (springs, coordinate
 * springs and constraints, loads), connectors (mbc_object of any registered
 * type, driven only through the public evaluation API), sensors and solver
 * settings. assembly.c numbers the coordinates, builds the Jacobian pattern
 * and evaluates forces, constraints and PostNewtonStep; integrator_genalpha.c
 * and integrator_rk4.c advance the state; sensors.c writes the results.
 *
 * Coordinates: every body or node owns `nq` coordinates q with velocities
 * v = dq/dt of the same count, except the 3D rigid body whose last three
 * coordinates are the rotation vector theta of the increment since the start
 * of the step (A = A_ref exp([theta]x), folded into A_ref when a step is
 * accepted) and whose last three velocities are the body-frame angular
 * velocity. Equations of motion M q_tt = F(q, v, t) - C_q^T lambda,
 * C(q, lambda) = 0 (index 3). */
#ifndef SIM_H
#define SIM_H

#include <stddef.h>
#include <stdio.h>

#include <lua.h>

#include "ancf_dynamic.h"
#include "mbconnect/object.h"
#include "sparse.h"

#define SIM_NAME_SIZE    64
#define SIM_MESSAGE_SIZE 1024

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
    int offset; /* into q, v */
    double mass;
    double inertia[3]; /* RIGID_2D: inertia[2]; RIGID_3D: principal, body frame */
    double q0[6], v0[6];
    double position[3];     /* GROUND */
    double rotation_ref[9]; /* RIGID_3D: orientation at the start of the step */
} sim_body;

/* One ANCF Cable2D element; dynamic (two SIM_CABLE_NODE bodies) or prescribed
 * (fixed coordinates, no unknowns). */
typedef struct sim_cable {
    int node[2]; /* bodies, or -1 for a prescribed element */
    double q_fixed[8];
    sim_cable_properties props;
    double mass[64];
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
    double force;                                /* last evaluated force (sensor) */
} sim_element;

typedef struct sim_connector {
    char name[SIM_NAME_SIZE];
    int line;
    mbc_object *object; /* owned */
    int marker[2];
    int data_offset;
    int data_count;
    int ale_body; /* JointALEMoving2D-like (algebraic equations): ALE node body */
    int *sliding; /* markers of the sliding cables (algebraic types) */
    int sliding_count;
    int z_offset; /* algebraic types: two multipliers */
    /* scratch */
    double *points, *point_velocities, *point_forces, *point_jacobian;
    mbc_cable_element *cables;
    double *post_data;
    double last_error;
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
    int size;
    double *values; /* last sample, size values */
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
    double output_step;
    sim_linear_kind linear;
} sim_settings;

typedef struct sim_stats {
    long steps, step_reductions, newton_failures, newton_iterations, jacobians;
    long discontinuous_iterations, discontinuous_unconverged;
    double smallest_step;
} sim_stats;

typedef struct sim_model {
    const char *scene_name;
    lua_State *L; /* the scene's sandbox (Lua functions); not owned */
    char message[SIM_MESSAGE_SIZE];

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
    sim_stats stats;

    /* assembly (assembly.c) */
    int n, nz, nd; /* coordinates, multipliers, data coordinates */
    double t;
    double *q, *v, *acc, *a; /* accepted: coordinates, velocities, accelerations, alpha-accel. */
    double *z;
    double *data, *data_start;
    double *mass_diag; /* body masses per coordinate (0 for cable nodes) */
    sim_matrix jac;
    struct sim_block *blocks;
    int block_count;
    int *mass_map; /* cable mass blocks: 64 positions per cable */
    int *constraint_map;
    double *work;
} sim_model;

/* model.c */
sim_model *sim_model_create(void);
void sim_model_destroy(sim_model *m);
/* Frees the Jacobian blocks (assembly.c). */
void sim_blocks_free(sim_model *m);
sim_body *sim_add_body(sim_model *m);
sim_cable *sim_add_cable(sim_model *m);
sim_cable_group *sim_add_group(sim_model *m);
sim_marker *sim_add_marker(sim_model *m);
sim_element *sim_add_element(sim_model *m);
sim_connector *sim_add_connector(sim_model *m);
sim_sensor *sim_add_sensor(sim_model *m);
void sim_settings_default(sim_settings *s);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int sim_fail(sim_model *m, const char *fmt, ...);

/* scene.c: reads SCENE.lua into m (m->message "SCENE:LINE: ..." on error).
 * sandbox_out is an mbc_sandbox ** (sandbox.h): the scene's sandbox, which
 * the caller frees with mbc_sandbox_free after the run. */
int sim_scene_load(sim_model *m, const char *path, const mbc_registry *registry,
                   const char *const *params, int param_count, void *sandbox_out);

/* assembly.c */
int sim_assemble(sim_model *m);
/* Forces F(q, v, t) (n values). */
int sim_forces(sim_model *m, const double *q, const double *v, double t, double *F);
/* Newton matrix of the implicit step: dR/dx for R = M acc - F + C_q^T z,
 * C / beta_h2, with dq = beta_h2 dacc, dv = gamma_h dacc. Also C (nz). */
int sim_jacobian(sim_model *m, const double *q, const double *v, const double *z, double t,
                 double beta_h2, double gamma_h);
/* Residual of the implicit step at (q, v, acc, z). */
int sim_residual(sim_model *m, const double *q, const double *v, const double *acc, const double *z,
                 double t, double beta_h2, double *R);
/* Fills the matrix with M only (and the constraint blocks when with_constraints). */
int sim_mass_matrix(sim_model *m, const double *q, int with_constraints);
/* PostNewtonStep of every connector: new data, summed error, smallest
 * recommended step (< 0 none). */
int sim_post_newton(sim_model *m, const double *q, const double *v, const double *z, double *error,
                    double *recommended);
/* One discontinuous iteration after a solved step of size h: sim_post_newton
 * at (q, v, z), then -1 on error; 0 when the iteration ends, either with the
 * summed error within the discontinuous tolerance or with *redo = 1 and the
 * connectors' recommended step in *h_new (honoured, at least
 * solver.minStepSize, below 0.99 h: the step is redone with it); 1 when
 * another iteration is needed. */
int sim_discontinuous_check(sim_model *m, const double *q, const double *v, const double *z,
                            double h, double *h_new, int *redo);
/* Folds 3D rotation increments into the reference orientation. */
void sim_accept_rotations(sim_model *m, double *q);
/* Accepts a step of size h whose new m->q (and m->v) are in place: folds the
 * rotations, makes the data the start-of-step data, advances the time and
 * the statistics; *h_done = h. */
void sim_step_accepted(sim_model *m, double h, double *h_done);
/* Marker kinematics (position markers fill position/velocity, rigid ones also
 * rotation and angular velocity) at (q, v). */
void sim_body_marker(const sim_model *m, int body, const double *q, const double *v,
                     mbc_rigid_marker *out);
/* Connector output by variable at the accepted state. */
int sim_connector_output(sim_model *m, int connector, size_t output, double *out, size_t size);
double sim_energy(sim_model *m);
/* Calls the Lua function ref with nargs numbers; stores up to nres results. */
int sim_call(sim_model *m, int ref, const double *args, int nargs, double *res, int nres,
             const char *what, const char *name, int line);

/* integrators */
int sim_genalpha_init(sim_model *m);
int sim_genalpha_step(sim_model *m, double h, double *h_done);
int sim_rk4_step(sim_model *m, double h, double *h_done);

/* sensors.c */
int sim_sensors_setup(sim_model *m);
int sim_sensors_sample(sim_model *m);

#endif
