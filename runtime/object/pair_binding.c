/* SPDX-License-Identifier: BSD-3-Clause */
/* A type's pair binding by name and in words (mbc_pair_binding_get_names,
 * mbc_pair_binding_text, mbc_wall_binding_text, include/mbconnect/pair_binding.h): what `mbc
 * describe` (text and JSON) and Python's pair_binding and describe() show, so that every place says
 * it the same way. A plugin's descriptor may be written by hand: a member out of range is named
 * NULL, never read out of bounds. */
#include <stdio.h>

#include "mbconnect/pair_binding.h"

bool mbc_pair_binding_get_names(const mbc_type_info *t, mbc_pair_binding_names *out)
{
    const mbc_pair_binding *b = t ? t->pair_binding : NULL;
    *out = (mbc_pair_binding_names){0};
    if (!b)
        return false;
    out->kind = b->kind == MBC_PAIR_BINDING_SPHERES ? "spheres" : NULL;
    for (int i = 0; i < 2; i++)
        out->centers[i] = b->center_markers[i] == 0   ? "m0"
                          : b->center_markers[i] == 1 ? "m1"
                                                      : NULL;
    out->radii = b->radii_param < t->param_count ? t->params[b->radii_param].name : NULL;
    return true;
}

const char *mbc_pair_binding_text(const mbc_type_info *t, char *buf, size_t size)
{
    mbc_pair_binding_names n;
    if (size == 0)
        return buf;
    if (!mbc_pair_binding_get_names(t, &n)) {
        snprintf(buf, size, "none");
        return buf;
    }
    const mbc_pair_binding *b = t->pair_binding;
    const size_t masses = mbc_pair_binding_masses(b);
    const char *masses_name = masses == 0                   ? NULL
                              : masses - 1 < t->param_count ? t->params[masses - 1].name
                                                            : "no parameter";
    snprintf(
        buf, size,
        "%s, sphere a at %s, sphere b at %s, radii [r_a, r_b] in %s%s%s (mbc-lammps sets "
        "them); %s%s",
        n.kind ? n.kind : "unknown kind", n.centers[0] ? n.centers[0] : "no marker",
        n.centers[1] ? n.centers[1] : "no marker", n.radii ? n.radii : "no parameter",
        masses_name ? ", masses [m_a, m_b] in " : "", masses_name ? masses_name : "",
        mbc_pair_binding_evaluate(b) ? "in-place kernel" : "through the hooks (no in-place kernel)",
        mbc_pair_binding_reach(b) ? "; contacts held beyond touching, to the law's reach" : "");
    return buf;
}

const char *mbc_wall_binding_text(const mbc_type_info *t, char *buf, size_t size)
{
    const unsigned shapes =
        t && t->pair_binding ? mbc_pair_binding_wall_shapes(t->pair_binding) : 0u;
    if (size == 0)
        return buf;
    if (!shapes) {
        snprintf(buf, size, "none");
        return buf;
    }
    snprintf(buf, size,
             "%s%s%s in sphere b's place (infinite mass, the wall's radius of curvature)",
             (shapes & MBC_WALL_PLANE) ? "plane" : "",
             (shapes & MBC_WALL_PLANE) && (shapes & MBC_WALL_CYLINDER) ? ", " : "",
             (shapes & MBC_WALL_CYLINDER) ? "cylinder" : "");
    return buf;
}
