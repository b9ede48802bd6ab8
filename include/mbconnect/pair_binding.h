/* SPDX-License-Identifier: BSD-3-Clause */
/* A type's pair and wall binding by name and in words
 * (runtime/object/pair_binding.c): what `mbc describe`, its JSON and
 * Python's describe() show. The binding itself is in type_info.h. */
#ifndef MBCONNECT_PAIR_BINDING_H
#define MBCONNECT_PAIR_BINDING_H

#include <stdbool.h>
#include <stddef.h>

#include "mbconnect/export.h"
#include "mbconnect/type_info.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The members of t's pair binding by name: kind ("spheres"), the markers at
 * the centers of sphere a and sphere b ("m0", "m1") and the radii parameter;
 * a member out of range (a plugin's hand-written descriptor) is NULL.
 * Returns false, with every member NULL, when t declares no binding. */
typedef struct mbc_pair_binding_names {
    const char *kind;
    const char *centers[2];
    const char *radii;
} mbc_pair_binding_names;
MBC_API bool mbc_pair_binding_get_names(const mbc_type_info *t, mbc_pair_binding_names *out);
/* t's pair binding in words, as `mbc describe` and Python's describe() show
 * it: "spheres, sphere a at m0, sphere b at m1, radii [r_a, r_b] in
 * spheresRadii, masses [m_a, m_b] in spheresMasses (mbc-lammps sets them);
 * in-place kernel; contacts held beyond touching, to the law's reach" (the
 * masses, the kernel and the reach as the binding has them; without a
 * kernel "through the hooks (no in-place kernel)"), or "none". Writes at most size
 * bytes into buf (truncated, NUL-terminated) and returns buf. */
MBC_API const char *mbc_pair_binding_text(const mbc_type_info *t, char *buf, size_t size);
/* t's wall binding in words, as `mbc describe` and Python's describe() show
 * it: "plane, cylinder in sphere b's place (infinite mass, the wall's
 * radius of curvature)", or "none". Writes at most size bytes into buf
 * (truncated, NUL-terminated) and returns buf. */
MBC_API const char *mbc_wall_binding_text(const mbc_type_info *t, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* MBCONNECT_PAIR_BINDING_H */
