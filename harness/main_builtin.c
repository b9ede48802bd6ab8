/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-invariants: the invariant harness over the built-in connector types
 * (the registry generated from specs/). */
#include "mbconnect/invariants.h"

int main(int argc, char **argv)
{
    const mbc_type_info *types[MBC_REGISTRY_CAPACITY];
    size_t n = 0;
    for (size_t i = 0; i < mbc_registry_count() && n < MBC_REGISTRY_CAPACITY; i++)
        types[n++] = mbc_registry_at(i);
    return mbc_invariants_main(argc, argv, types, n);
}
