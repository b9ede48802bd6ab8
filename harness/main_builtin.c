/* SPDX-License-Identifier: BSD-3-Clause */
/* mbc-invariants: the invariant harness over the built-in connector types
 * (the registry generated from specs/). */
#include "mbconnect/invariants.h"

int main(int argc, char **argv)
{
    mbc_registry builtin_types;
    mbc_registry_init(&builtin_types);
    return mbc_invariants_main(argc, argv, builtin_types.types, mbc_registry_size(&builtin_types));
}
