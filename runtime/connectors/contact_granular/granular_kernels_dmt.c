/* SPDX-License-Identifier: BSD-3-Clause */
/* Stage A of the granular law with the dmt normal model, for every damping
 * and tangential model (runtime/connectors/contact_granular/granular_kernels.h). */
#define MBC_GRANULAR_KERNEL_NORMAL MBC_GRANULAR_DMT
#define MBC_GRANULAR_KERNEL_TABLE  mbc_granular_kernels_dmt
#include "granular_kernels_stage_a.h"
