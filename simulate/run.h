/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc simulate: one run of a loaded scene (model.h) -- its state, its
 * workspace, and the functions that assemble and integrate it.
 *
 * The description is read only here. What changes while integrating is in
 * sim_state (time, coordinates, velocities, accelerations, multipliers, data
 * coordinates, 3D reference orientations, re-linked markers, statistics);
 * sim_work holds the scratch space (Newton matrix and its pattern, force
 * blocks, per-connector buffers, the last element forces and sensor values),
 * allocated once by sim_run_create so that nothing is allocated while
 * stepping.
 *
 * Every function that can fail returns an mbc_status and writes one line
 * into err (mbc_fail): MBC_ERR_NOMEM when out of memory, otherwise the
 * message names the scene, line, item and time. */
#ifndef SIM_RUN_H
#define SIM_RUN_H

#include <lauxlib.h> /* LUA_NOREF */
#include <lua.h>

#include "mbconnect/object.h"
#include "model.h"
#include "sparse.h"

/* Step statistics of a run (JSON "statistics", docs/simulate.rst). */
typedef struct sim_stats {
    long steps, newton_iterations, jacobians;
    long step_reductions; /* steps redone smaller: a connector recommended a shorter step */
    long newton_failures; /* steps redone smaller: Newton not converged */
    long reduced_steps;   /* accepted steps shorter than solver.stepSize (not the last) */
    long discontinuous_iterations;
    long discontinuous_unconverged; /* accepted with the error above tolerance */
    double first_unconverged_time;  /* end time of the first unconverged step; < 0 none */
    double smallest_step, largest_step;
    double largest_error; /* largest discontinuous error of an accepted step */
} sim_stats;

typedef struct sim_state {
    double t;
    double h; /* the step being attempted (the connectors' mbc_state.dt); 0 between steps */
    double *q, *v, *acc, *a; /* accepted: coordinates, velocities, accelerations, alpha-accel. */
    double *z;               /* multipliers */
    double *data;            /* connector data coordinates: current */
    double *data_start;      /* ... and at the start of the step */
    double *data_last;       /* ... at the start of the last accepted step (the sensors' books) */
    double h_last;           /* the last accepted step (s); 0 before the first */
    double *rotation_ref;    /* 9 per body: RIGID_3D orientation at the start of the step */
    int *marker1;            /* per connector: its marker m1 (re-linked by PostNewtonStep) */
    sim_stats stats;
} sim_state;

/* Scratch buffers of one connector. */
typedef struct sim_connector_work {
    double *points, *point_velocities, *point_forces, *point_jacobian;
    mbc_cable_element *cables;
    double *post_data;
} sim_connector_work;

/* A group of coordinates whose forces are evaluated together: the Jacobian
 * gets the dense ndof x ndof block by finite differences. */
typedef enum sim_block_kind {
    SIM_BLOCK_CABLE,
    SIM_BLOCK_ELEMENT,
    SIM_BLOCK_CONNECTOR,
    SIM_BLOCK_GYRO
} sim_block_kind;

typedef struct sim_block {
    sim_block_kind kind;
    int index;
    int ndof;
    int *dofs;
    int *map; /* ndof x ndof positions in the matrix */
} sim_block;

typedef struct sim_work {
    sim_matrix jac;
    sim_block *blocks;
    int block_count;
    int *mass_map;       /* cable mass blocks: 64 positions per dynamic cable element */
    int *constraint_map; /* constraint entries, in the order constraints are filled */
    double *mass_diag;   /* body masses per coordinate (0 for cable nodes) */
    double *work;        /* 24 (n + nz) + 24 doubles (integrators, Jacobian) */
    sim_connector_work *connectors;
    double *element_force; /* per element: the last evaluated force (sensors) */
    double *sensor_values; /* the last sample, model->sensor_values values */
} sim_work;

typedef struct sim_run {
    const sim_model *model;
    lua_State *L; /* the scene's sandbox (its Lua functions); not owned */
    sim_state state;
    sim_work work;
} sim_run;

/* run.c: allocates the state and the workspace of a numbered model and sets
 * the initial state (MBC_ERR_NOMEM when out of memory; *out NULL). Then
 * sim_pattern_build and sim_initial_data make it ready to step. */
mbc_status sim_run_create(const sim_model *m, lua_State *L, sim_run **out, mbc_error *err);
void sim_run_destroy(sim_run *r);

/* pattern.c: the force blocks and the Newton matrix's sparsity pattern. */
mbc_status sim_pattern_build(sim_run *r, mbc_error *err);

/* assembly.c: kinematics of bodies and cables. */
/* Marker kinematics (position markers fill position/velocity, rigid ones also
 * rotation and angular velocity) at (q, v). */
void sim_body_marker(const sim_run *r, int body, const double *q, const double *v,
                     mbc_rigid_marker *out);
/* Adds a global force f and torque tau on a body's reference point to F. */
void sim_body_apply(const sim_run *r, int body, const double *q, const double f[3],
                    const double tau[3], double *F);
/* Element coordinates and velocities of cable element k. */
void sim_cable_state(const sim_run *r, int k, const double *q, const double *v, double eq[8],
                     double ev[8]);
/* Adds element forces f (8) to the dynamic element's coordinates. */
void sim_cable_apply(const sim_run *r, int k, const double f[8], double *F);
/* The coordinate a Coordinate marker names, or -1. */
int sim_marker_dof(const sim_run *r, int marker);
/* Folds 3D rotation increments into the reference orientation. */
void sim_accept_rotations(sim_run *r, double *q);

/* functions.c: calls the Lua function ref with nargs numbers; stores nres
 * finite results (what/name/line name the function in messages). */
mbc_status sim_call(const sim_run *r, int ref, const double *args, int nargs, double *res, int nres,
                    const char *what, const char *name, int line, mbc_error *err);

/* forces.c */
/* Forces F(q, v, t) (n values). */
mbc_status sim_forces(sim_run *r, const double *q, const double *v, double t, double *F,
                      mbc_error *err);
/* Forces of one Jacobian block, added to F. */
mbc_status sim_block_forces(sim_run *r, const sim_block *b, const double *q, const double *v,
                            double t, double *F, mbc_error *err);

/* connectors.c: the connectors through the library's evaluation API. */
typedef struct sim_connector_eval {
    mbc_rigid_marker rigid[2];
    mbc_cable_marker cable;
    mbc_state state;
} sim_connector_eval;
void sim_connector_state(sim_run *r, int i, const double *q, const double *v, const double *z,
                         sim_connector_eval *e);
mbc_status sim_connector_forces(sim_run *r, int i, const double *q, const double *v, double *F,
                                mbc_error *err);
/* Connector output by variable at the accepted state. */
mbc_status sim_connector_output(sim_run *r, int connector, size_t output, double *out, size_t size,
                                mbc_error *err);

/* constraints.c */
/* Evaluates every constraint at (q, v, z, t): writes C / beta_h2 into R[n..]
 * and adds C_q^T z to R[0..n) (when R is not NULL); when fill, adds the
 * constraint entries to the Newton matrix. */
mbc_status sim_constraints(sim_run *r, const double *q, const double *v, const double *z, double t,
                           double beta_h2, double *R, int fill, mbc_error *err);
/* The (row, column) pairs of the constraint entries in the order
 * sim_constraints fills them. Returns the count; rows/cols may be NULL. */
int sim_constraint_pattern(const sim_run *r, int *rows, int *cols);

/* newton_matrix.c */
/* y = M x. */
void sim_mass_times(const sim_run *r, const double *x, double *y);
/* Newton matrix of the implicit step: dR/dx for R = M acc - F + C_q^T z,
 * C / beta_h2, with dq = beta_h2 dacc, dv = gamma_h dacc. */
mbc_status sim_jacobian(sim_run *r, const double *q, const double *v, const double *z, double t,
                        double beta_h2, double gamma_h, mbc_error *err);
/* Residual of the implicit step at (q, v, acc, z). */
mbc_status sim_residual(sim_run *r, const double *q, const double *v, const double *acc,
                        const double *z, double t, double beta_h2, double *R, mbc_error *err);
/* Fills the matrix with M only (and the constraint blocks when with_constraints). */
mbc_status sim_mass_matrix(sim_run *r, const double *q, int with_constraints, mbc_error *err);

/* post_newton.c */
/* PostNewtonStep of every connector at (q, v, z): new data, the largest
 * error of any connector, the smallest recommended step (< 0: none). */
mbc_status sim_post_newton(sim_run *r, const double *q, const double *v, const double *z,
                           double *error, double *recommended, mbc_error *err);
/* The initial data: the types' initial values, then one PostNewtonStep at
 * t = 0 to make them consistent with the initial geometry. */
mbc_status sim_initial_data(sim_run *r, mbc_error *err);
/* Accepts a step of size h whose new q (and v) are in place: folds the
 * rotations, makes the data the start-of-step data, advances the time. */
void sim_step_accepted(sim_run *r, double h);

/* One attempt at a step of size h by an integrator, with the discontinuous
 * iteration (step_control.c decides what to do with it). */
typedef enum sim_attempt {
    SIM_CONVERGED,    /* Newton and the discontinuous iteration converged */
    SIM_UNCONVERGED,  /* the discontinuous error above tolerance after maxIterations:
                         the step is accepted as it is */
    SIM_REDO,         /* a connector recommended a step shorter than this one: redo it */
    SIM_NEWTON_FAILED /* Newton did not converge (or the matrix was singular) */
} sim_attempt;
typedef struct sim_attempt_result {
    sim_attempt outcome;
    double error;          /* the last discontinuous error (max over connectors) */
    double recommended;    /* the smallest recommended step of the last iteration; < 0 none */
    int iterations;        /* discontinuous iterations that reached PostNewtonStep */
    int newton_iterations; /* Newton iterations of the last solve (0 for RK4) */
} sim_attempt_result;

/* integrator_genalpha.c / integrator_rk4.c: the attempt leaves the candidate
 * state in the workspace; *_commit makes it the accepted state. */
mbc_status sim_genalpha_init(sim_run *r, mbc_error *err);
mbc_status sim_genalpha_attempt(sim_run *r, double h, sim_attempt_result *out, mbc_error *err);
void sim_genalpha_commit(sim_run *r, double h);
mbc_status sim_rk4_init(sim_run *r, mbc_error *err);
mbc_status sim_rk4_attempt(sim_run *r, double h, sim_attempt_result *out, mbc_error *err);
void sim_rk4_commit(sim_run *r, double h);
/* Starts an attempt: the data at their start-of-step values, no outcome. */
void sim_attempt_begin(sim_run *r, sim_attempt_result *out);
/* The discontinuous iteration's test after the solve of iteration `it`
 * (from 1) of an attempt of size h, at (q, v, z): PostNewtonStep, then
 * *done = 1 with out->outcome set when the attempt ends here (SIM_CONVERGED,
 * SIM_REDO or SIM_UNCONVERGED, step_control.c has the rule), *done = 0 when
 * the step is to be solved again with the new data. */
mbc_status sim_discontinuous_check(sim_run *r, double h, int it, const double *q, const double *v,
                                   const double *z, sim_attempt_result *out, int *done,
                                   mbc_error *err);

/* step_control.c */
typedef struct sim_step_control {
    double h;                /* the step to try next */
    int steps_since_reduced; /* accepted steps since the step was last shortened */
    double recommended;      /* of the last PostNewtonStep evaluated; < 0 none */
} sim_step_control;
void sim_step_control_init(sim_step_control *sc, const sim_settings *s);
/* Advances the run by one accepted step of at most sc->h (and at most
 * h_max, the distance to the end time). */
mbc_status sim_step(sim_run *r, sim_step_control *sc, double h_max, mbc_error *err);

/* sensors.c */
mbc_status sim_sensors_sample(sim_run *r, mbc_error *err);
/* The values of sensor i in the last sample. */
const double *sim_sensor_values(const sim_run *r, int i);
double sim_energy(sim_run *r);

#endif
