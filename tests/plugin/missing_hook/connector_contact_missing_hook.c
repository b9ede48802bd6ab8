/* SPDX-License-Identifier: BSD-3-Clause */
/* The hooks of ContactMissingHook but `outputs`, which its spec lists: the
 * plugin made of them must fail to link (the linker names
 * mbc_contact_missing_hook_outputs), not load and fail later. The force on
 * m1 is -k (p_m1 - p_m0), on m0 its opposite. */
#include "mbconnect/generated/contact_missing_hook.h"

mbc_status mbc_contact_missing_hook_forces(const mbc_contact_missing_hook_params *p,
                                           const mbc_state *s, mbc_forces *out, mbc_error *err)
{
    (void)err;
    for (int i = 0; i < 3; i++) {
        const double f = -p->stiffness * (s->marker[1]->position[i] - s->marker[0]->position[i]);
        out->force[1][i] = f;
        out->force[0][i] = -f;
        out->torque[0][i] = out->torque[1][i] = 0.0;
    }
    return MBC_OK;
}
