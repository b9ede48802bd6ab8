/* SPDX-License-Identifier: BSD-3-Clause */
/* The mbc_pair_binding table of a type (emit_pair_binding.h). */
#include "emit_pair_binding.h"

void emit_c_pair_binding_decls(const spec_connector *c, const char *prefix, const char *params,
                               int include, strbuf *out)
{
    const spec_pair_binding *b = &c->pair_binding;
    if (!b->declared || (!b->kernel && !b->reach && !b->walls))
        return;
    if (include) {
        sb_puts(out, "#include \"mbconnect/pair_eval.h\"\n");
        if (b->walls)
            sb_puts(out, "#include \"mbconnect/wall_eval.h\"\n");
        return;
    }
    sb_puts(
        out,
        "\n/* Pair binding (mbconnect/pair_eval.h, mbconnect/pair_kernel.h), handwritten. */\n");
    if (b->kernel)
        sb_printf(out,
                  "/* The in-place kernel: mbc_pair_eval of this type's pairs. */\n"
                  "MBC_API mbc_status %spair_evaluate(const %s *p, const mbc_pair_call *call, "
                  "mbc_pair_sums *sums, mbc_error *err);\n",
                  prefix, params);
    if (b->reach)
        sb_printf(out,
                  "/* How far beyond r_a + r_b (m) a pair in contact stays in contact. */\n"
                  "MBC_API double %spair_reach(const %s *p, double r_a, double r_b);\n",
                  prefix, params);
    if (b->walls)
        sb_printf(out,
                  "/* The wall kernel: mbc_wall_eval of this type's sphere-wall contacts. */\n"
                  "MBC_API mbc_status %swall_evaluate(const %s *p, const mbc_wall_call *call, "
                  "mbc_pair_sums *sums, mbc_error *err);\n",
                  prefix, params);
}

void emit_c_pair_binding(const spec_connector *c, const char *prefix, strbuf *out)
{
    const spec_pair_binding *b = &c->pair_binding;
    if (!b->declared)
        return;
    if (b->kernel)
        sb_printf(out,
                  "static mbc_status pair_evaluate(const void *p, const mbc_pair_call *call, "
                  "mbc_pair_sums *sums, mbc_error *err)\n{\n"
                  "    return %spair_evaluate(p, call, sums, err);\n}\n\n",
                  prefix);
    if (b->reach)
        sb_printf(out,
                  "static double pair_reach(const void *p, double r_a, double r_b)\n{\n"
                  "    return %spair_reach(p, r_a, r_b);\n}\n\n",
                  prefix);
    if (b->walls)
        sb_printf(out,
                  "static mbc_status wall_evaluate(const void *p, const mbc_wall_call *call, "
                  "mbc_pair_sums *sums, mbc_error *err)\n{\n"
                  "    return %swall_evaluate(p, call, sums, err);\n}\n\n",
                  prefix);
    sb_printf(out, "/* spec key pair_binding: sphere a at m%d, sphere b at m%d, radii in %s",
              b->centers[0], b->centers[1], c->params[b->radii_param].name);
    if (b->masses_param)
        sb_printf(out, ", masses in %s", c->params[b->masses_param - 1].name);
    sb_printf(out, "%s%s%s */\n", b->kernel ? ", in-place kernel" : "",
              b->reach ? ", contact reach" : "", b->walls ? ", walls (spec key wall_binding)" : "");
    sb_printf(out,
              "static const mbc_pair_binding pair_binding = {\n"
              "    .kind = MBC_PAIR_BINDING_SPHERES,\n"
              "    .center_markers = {%d, %d},\n"
              "    .revision = MBC_PAIR_BINDING_REVISION,\n"
              "    .radii_param = %zu,\n",
              b->centers[0], b->centers[1], b->radii_param);
    if (b->masses_param)
        sb_printf(out, "    .masses_param = %zu,\n", b->masses_param);
    if (b->kernel)
        sb_puts(out, "    .evaluate = pair_evaluate,\n");
    if (b->reach)
        sb_puts(out, "    .reach = pair_reach,\n");
    if (b->walls)
        sb_printf(out, "    .wall_evaluate = wall_evaluate,\n    .wall_shapes = %s%s%s,\n",
                  (b->wall_shapes & 1u) ? "MBC_WALL_PLANE" : "",
                  (b->wall_shapes & 3u) == 3u ? " | " : "",
                  (b->wall_shapes & 2u) ? "MBC_WALL_CYLINDER" : "");
    sb_puts(out, "};\n\n");
}
