/* SPDX-License-Identifier: BSD-3-Clause */
/* Stage A of the granular law with the jkr normal model, for every damping
 * and tangential model (runtime/granular_kernels.h). */
#define MBC_GRANULAR_KERNEL_NORMAL MBC_GRANULAR_JKR
#define MBC_GRANULAR_KERNEL_TABLE  mbc_granular_kernels_jkr
#include "granular_kernels_stage_a.h"
