/* SPDX-License-Identifier: BSD-3-Clause */
/* Stage A of the granular law with the hooke normal model, for every damping
 * and tangential model (runtime/connectors/contact_granular/granular_kernels.h). */
#define MBC_GRANULAR_KERNEL_NORMAL MBC_GRANULAR_HOOKE
#define MBC_GRANULAR_KERNEL_TABLE  mbc_granular_kernels_hooke
#include "granular_kernels_stage_a.h"
