/* SPDX-License-Identifier: BSD-3-Clause */
/* The force callback of fix ML_FIX (docs/lammps.rst, "What each step
 * does"): main.c hands it to the bridge as r->step_callback. */
#ifndef ML_STEP_H
#define ML_STEP_H

#include <stdint.h>

/* run is the ml_run; the other arguments are fix external's. */
void ml_step_callback(void *run, int64_t step, int nlocal, int *ids, double **x, double **f);

#endif
