/* SPDX-License-Identifier: BSD-3-Clause */
/* Export control of libmbconnect.
 *
 * The library is built with -fvisibility=hidden: a function or variable is
 * exported from libmbconnect.so exactly when an installed header declares it
 * with MBC_API (include/mbconnect/ and the generated headers of the built-in
 * types). Everything else, the algorithm internals under runtime/ included,
 * stays inside the library. dev/exports.sh --check compares the two lists,
 * both ways (docs/versioning.rst, "What counts as API").
 *
 * For a program that uses the library MBC_API only states default
 * visibility, which changes nothing; code generated for types out of tree
 * (mbcgen --registry-name) carries it too, so a plugin exports its typed API
 * the same way. */
#ifndef MBCONNECT_EXPORT_H
#define MBCONNECT_EXPORT_H

#if defined(__GNUC__) || defined(__clang__)
#define MBC_API __attribute__((visibility("default")))
#else
#define MBC_API
#endif

#endif /* MBCONNECT_EXPORT_H */
