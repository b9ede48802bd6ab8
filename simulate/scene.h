/* SPDX-License-Identifier: BSD-3-Clause */
/* Scene files of `mbc simulate` (docs/simulate.rst): a Lua chunk, run in the
 * sandbox (sandbox/sandbox.h, without the spec constructors), returning a
 * table, or a function that receives the `--set name=value` parameters and
 * returns the table. */
#ifndef SIM_SCENE_H
#define SIM_SCENE_H

#include "mbconnect/object.h"
#include "model.h"

struct mbc_sandbox;

/* Reads SCENE.lua into m and numbers it (sim_model_number). Errors are one
 * line "SCENE:LINE: PATH: RULE (given VALUE)" in err (the table reader's
 * form, sandbox/reader.h), MBC_ERR_INPUT, or MBC_ERR_IO for a file that
 * cannot be read; out of memory is MBC_ERR_NOMEM with "SCENE: out of
 * memory". *sandbox receives the
 * scene's sandbox (its Lua functions run during the simulation; free it
 * with mbc_sandbox_free after the run, also on error). */
mbc_status sim_scene_load(sim_model *m, const char *path, const mbc_registry *registry,
                          const char *const *params, int param_count, struct mbc_sandbox **sandbox,
                          mbc_error *err);

#endif
