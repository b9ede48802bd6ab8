/* SPDX-License-Identifier: BSD-3-Clause */
/* The boundary checks that mbc_pair_eval (pair_eval.c) and mbc_wall_eval
 * (wall_eval.c) share (pair_eval_check.c): the type's binding, the object,
 * the engine's arrays, the outputs asked for. `what` names the call in the
 * message ("pair", "wall"), `items` what it evaluates ("pairs",
 * "contacts"). */
#ifndef MBC_PAIR_EVAL_CHECK_H
#define MBC_PAIR_EVAL_CHECK_H

#include <stdbool.h>

#include "mbconnect/object.h"
#include "mbconnect/pair_types.h"

/* The type has a usable pair binding (mbc_pair_eval_binding_ok's rules). */
mbc_status mbc_pair_eval_check_binding(const mbc_type_info *t, mbc_error *err);
/* The object can evaluate forces and has a usable pair binding. */
mbc_status mbc_pair_eval_check_object(const mbc_object *o, mbc_error *err);
/* The atoms' arrays are set (and the items, have_items), with masses when
 * the binding has them; the force and torque arrays unless the call gives
 * per-pair results (results). */
mbc_status mbc_pair_eval_check_atoms(const mbc_object *o, const mbc_pair_atoms *at, bool have_items,
                                     bool results, const char *what, const char *items,
                                     mbc_error *err);
/* The sums' arrays are set and every output asked for is a scalar output. */
mbc_status mbc_pair_eval_check_sums(const mbc_object *o, const mbc_pair_sums *sums,
                                    const char *what, const char *items, mbc_error *err);

#endif
