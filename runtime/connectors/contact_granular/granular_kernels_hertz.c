/* SPDX-License-Identifier: BSD-3-Clause */
/* Stage A of the granular law with the hertz normal model (and hertz/material), for every damping
 * and tangential model (runtime/connectors/contact_granular/granular_kernels.h). */
#define MBC_GRANULAR_KERNEL_NORMAL MBC_GRANULAR_HERTZ
#define MBC_GRANULAR_KERNEL_TABLE  mbc_granular_kernels_hertz
#include "granular_kernels_stage_a.h"
