/* SPDX-License-Identifier: BSD-3-Clause */
/* Stage A of the granular law with the jkr normal model, for every damping
 * and tangential family (runtime/connectors/contact_granular/granular_kernels.h). Scalar loops: the
 * contact radius takes a cube root per contact (libm's, as LAMMPS), which
 * the compiler does not vectorize, so no processor clones either. */
#define MBC_GRANULAR_KERNEL_NORMAL MBC_GRANULAR_JKR
#define MBC_GRANULAR_KERNEL_TABLE  mbc_granular_kernels_jkr
#define MBC_GRANULAR_KERNEL_SCALAR
#include "granular_kernels_stage_a.h"
