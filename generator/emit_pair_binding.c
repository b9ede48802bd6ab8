/* SPDX-License-Identifier: BSD-3-Clause */
/* The mbc_pair_binding table of a type (emit_pair_binding.h). */
#include "emit_pair_binding.h"

void emit_c_pair_binding(const spec_connector *c, strbuf *out)
{
    const spec_pair_binding *b = &c->pair_binding;
    if (!b->declared)
        return;
    sb_printf(out,
              "/* spec key pair_binding: sphere a at m%d, sphere b at m%d, radii in %s */\n"
              "static const mbc_pair_binding pair_binding = {\n"
              "    .kind = MBC_PAIR_BINDING_SPHERES,\n"
              "    .center_markers = {%d, %d},\n"
              "    .radii_param = %zu,\n"
              "};\n\n",
              b->centers[0], b->centers[1], c->params[b->radii_param].name, b->centers[0],
              b->centers[1], b->radii_param);
}
