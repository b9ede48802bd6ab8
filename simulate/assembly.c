/* SPDX-License-Identifier: BSD-3-Clause */
/* Kinematics of a run (run.h): marker positions, velocities and
 * orientations of bodies and cable nodes at (q, v), generalized forces of a
 * force and torque on a body, cable element coordinates, and the 3D rotation
 * update when a step is accepted. */
#include "run.h"

#include "mbconnect/rotation.h"
#include "mbconnect/vec.h"

#include <math.h>
#include <string.h>

/* ------------------------------------------------------------------------ */
/* kinematics                                                               */

static void mat3_mul(const double A[9], const double B[9], double C[9])
{
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            C[3 * i + j] = A[3 * i] * B[j] + A[3 * i + 1] * B[3 + j] + A[3 * i + 2] * B[6 + j];
}

static void rot_z(double phi, double R[9])
{
    const double c = cos(phi), s = sin(phi);
    const double M[9] = {c, -s, 0.0, s, c, 0.0, 0.0, 0.0, 1.0};
    memcpy(R, M, sizeof M);
}
void sim_body_marker(const sim_run *r, int body, const double *q, const double *v,
                     mbc_rigid_marker *out)
{
    const sim_body *b = &r->model->bodies[body];
    memset(out, 0, sizeof *out);
    out->rotation[0] = out->rotation[4] = out->rotation[8] = 1.0;
    const double *bq = q + b->offset, *bv = v + b->offset;
    switch (b->kind) {
    case SIM_GROUND:
        memcpy(out->position, b->position, sizeof out->position);
        break;
    case SIM_POINT_2D:
    case SIM_RIGID_2D:
    case SIM_CABLE_NODE:
        for (int k = 0; k < 2; ++k) {
            out->position[k] = bq[k];
            out->velocity[k] = bv[k];
        }
        if (b->kind == SIM_RIGID_2D) {
            rot_z(bq[2], out->rotation);
            out->angular_velocity_local[2] = bv[2];
        } else if (b->kind == SIM_CABLE_NODE) {
            /* orientation of the node: the slope direction */
            const double n2 = bq[2] * bq[2] + bq[3] * bq[3];
            rot_z(atan2(bq[3], bq[2]), out->rotation);
            out->angular_velocity_local[2] = n2 > 0.0 ? (bq[2] * bv[3] - bq[3] * bv[2]) / n2 : 0.0;
        }
        break;
    case SIM_POINT_3D:
    case SIM_RIGID_3D:
        for (int k = 0; k < 3; ++k) {
            out->position[k] = bq[k];
            out->velocity[k] = bv[k];
        }
        if (b->kind == SIM_RIGID_3D) {
            double E[9];
            mbc_rotation_exp(bq + 3, E);
            mat3_mul(r->state.rotation_ref + 9 * body, E, out->rotation);
            for (int k = 0; k < 3; ++k)
                out->angular_velocity_local[k] = bv[3 + k];
        }
        break;
    case SIM_ALE_NODE:
        break;
    }
}

void sim_body_apply(const sim_run *r, int body, const double *q, const double f[3],
                    const double tau[3], double *F)
{
    const sim_body *b = &r->model->bodies[body];
    double *bf = F + b->offset;
    const double *bq = q + b->offset;
    switch (b->kind) {
    case SIM_POINT_2D:
        bf[0] += f[0];
        bf[1] += f[1];
        break;
    case SIM_RIGID_2D:
        bf[0] += f[0];
        bf[1] += f[1];
        bf[2] += tau[2];
        break;
    case SIM_CABLE_NODE: {
        bf[0] += f[0];
        bf[1] += f[1];
        /* a torque on the slope angle phi = atan2(y', x') */
        const double n2 = bq[2] * bq[2] + bq[3] * bq[3];
        if (n2 > 0.0) {
            bf[2] += -bq[3] / n2 * tau[2];
            bf[3] += bq[2] / n2 * tau[2];
        }
        break;
    }
    case SIM_POINT_3D:
        for (int k = 0; k < 3; ++k)
            bf[k] += f[k];
        break;
    case SIM_RIGID_3D: {
        double E[9], A[9];
        mbc_rotation_exp(bq + 3, E);
        mat3_mul(r->state.rotation_ref + 9 * body, E, A);
        for (int k = 0; k < 3; ++k) {
            bf[k] += f[k];
            /* local torque A^T tau */
            bf[3 + k] += A[k] * tau[0] + A[3 + k] * tau[1] + A[6 + k] * tau[2];
        }
        break;
    }
    case SIM_GROUND:
    case SIM_ALE_NODE:
        break;
    }
}

void sim_cable_state(const sim_run *r, int k, const double *q, const double *v, double eq[8],
                     double ev[8])
{
    const sim_model *m = r->model;
    const sim_cable *c = &m->cables[k];
    if (c->node[0] < 0) {
        memcpy(eq, c->q_fixed, 8 * sizeof *eq);
        memset(ev, 0, 8 * sizeof *ev);
        return;
    }
    for (int j = 0; j < 2; ++j) {
        const sim_body *b = &m->bodies[c->node[j]];
        for (int i = 0; i < 4; ++i) {
            eq[4 * j + i] = q[b->offset + i];
            ev[4 * j + i] = v[b->offset + i];
        }
    }
}

void sim_cable_apply(const sim_run *r, int k, const double f[8], double *F)
{
    const sim_model *m = r->model;
    const sim_cable *c = &m->cables[k];
    if (c->node[0] < 0)
        return;
    for (int j = 0; j < 2; ++j) {
        const int off = m->bodies[c->node[j]].offset;
        for (int i = 0; i < 4; ++i)
            F[off + i] += f[4 * j + i];
    }
}

int sim_marker_dof(const sim_run *r, int marker)
{
    const sim_marker *mk = &r->model->markers[marker];
    const sim_body *b = &r->model->bodies[mk->body];
    return b->nq > mk->coordinate ? b->offset + mk->coordinate : -1;
}

void sim_accept_rotations(sim_run *r, double *q)
{
    for (int i = 0; i < r->model->body_count; ++i) {
        const sim_body *b = &r->model->bodies[i];
        if (b->kind == SIM_RIGID_3D) {
            double E[9], A[9];
            double *th = q + b->offset + 3;
            double *ref = r->state.rotation_ref + 9 * i;
            mbc_rotation_exp(th, E);
            mat3_mul(ref, E, A);
            memcpy(ref, A, sizeof A);
            th[0] = th[1] = th[2] = 0.0;
        }
    }
}
