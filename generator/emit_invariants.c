/* SPDX-License-Identifier: BSD-3-Clause */
/* Emits the reflection data of a spec's `invariants` block: the declared
 * invariants as a bit set (symbolic MBC_INVARIANT_* constants, so a name the
 * library does not know fails to compile), the reasons of those that do not
 * hold, the sample and passive parameter values, the outputs and data that
 * vanish under rigid motion, and how each output transforms. */
#include "emit_invariants.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_c_literal.h"

static void put_constant(int inv, strbuf *out)
{
    sb_puts(out, "MBC_INVARIANT_");
    for (const char *s = spec_invariant_names[inv]; *s; s++)
        sb_putc(out, (char)toupper((unsigned char)*s));
}

static void put_bits(unsigned bits, strbuf *out)
{
    int any = 0;
    for (int i = 0; i < SPEC_INVARIANT_COUNT; i++) {
        if (!(bits & (1u << i)))
            continue;
        sb_puts(out, any ? " | (1u << " : "(1u << ");
        put_constant(i, out);
        sb_putc(out, ')');
        any = 1;
    }
    if (!any)
        sb_putc(out, '0');
}

static void put_values(const char *table, const spec_sample_value *v, size_t n, strbuf *out)
{
    for (size_t i = 0; i < n; i++) {
        sb_printf(out, "static const double %s_%zu[] = {", table, i);
        for (size_t k = 0; k < v[i].count; k++) {
            if (k)
                sb_puts(out, ", ");
            emit_c_literal_double(v[i].values[k], out);
        }
        sb_puts(out, "};\n");
    }
    if (!n)
        return;
    sb_printf(out, "static const mbc_sample_value %s[] = {\n", table);
    for (size_t i = 0; i < n; i++)
        sb_printf(out, "    {\"%s\", %s_%zu, %zu},\n", v[i].name, table, i, v[i].count);
    sb_puts(out, "};\n");
}

static void put_names(const char *table, char *const *names, size_t n, strbuf *out)
{
    if (!n)
        return;
    sb_printf(out, "static const char *const %s[] = {", table);
    for (size_t i = 0; i < n; i++)
        sb_printf(out, "%s\"%s\"", i ? ", " : "", names[i]);
    sb_puts(out, "};\n");
}

void emit_c_invariants(const spec_connector *c, strbuf *out)
{
    const spec_invariants *iv = &c->invariants;
    static const char *const kinds[] = {"MBC_FRAME_SCALAR", "MBC_FRAME_VECTOR", "MBC_FRAME_POINT"};
    if (!iv->declared)
        return;
    put_values("sample_values", iv->sample, iv->sample_count, out);
    put_values("passive_values", iv->passive, iv->passive_count, out);
    put_names("rigid_zero_outputs", iv->rigid_zero_outputs, iv->rigid_zero_output_count, out);
    put_names("rigid_zero_data", iv->rigid_zero_data, iv->rigid_zero_data_count, out);
    if (iv->frame_count) {
        sb_puts(out, "static const mbc_output_frame output_frames[] = {\n");
        /* outputs, then state parameters, in declaration order (not the Lua table's) */
        for (size_t i = 0; i < c->output_count; i++)
            for (size_t j = 0; j < iv->frame_count; j++)
                if (!iv->frames[j].is_param && strcmp(iv->frames[j].name, c->outputs[i].name) == 0)
                    sb_printf(out, "    {\"%s\", %s, false},\n", iv->frames[j].name,
                              kinds[iv->frames[j].kind]);
        for (size_t i = 0; i < c->param_count; i++)
            for (size_t j = 0; j < iv->frame_count; j++)
                if (iv->frames[j].is_param && strcmp(iv->frames[j].name, c->params[i].name) == 0)
                    sb_printf(out, "    {\"%s\", %s, true},\n", iv->frames[j].name,
                              kinds[iv->frames[j].kind]);
        sb_puts(out, "};\n");
    }
    sb_puts(out, "static const mbc_invariant_info invariants = {\n    .holds = ");
    put_bits(iv->holds, out);
    sb_puts(out, ",\n    .not_holding = ");
    put_bits(iv->not_holding, out);
    sb_puts(out, ",\n");
    for (int i = 0; i < SPEC_INVARIANT_COUNT; i++) {
        if (!iv->reasons[i])
            continue;
        sb_puts(out, "    .reasons[");
        put_constant(i, out);
        sb_puts(out, "] = ");
        emit_c_literal_string(iv->reasons[i], out);
        sb_puts(out, ",\n");
    }
    sb_printf(out, "    .planar = %s,\n", iv->planar ? "true" : "false");
    if (iv->at_rest)
        sb_printf(out, "    .at_rest = %uu,\n", iv->at_rest);
    if (iv->sample_count)
        sb_printf(out, "    .sample = sample_values,\n    .sample_count = %zu,\n",
                  iv->sample_count);
    if (iv->passive_count)
        sb_printf(out, "    .passive = passive_values,\n    .passive_count = %zu,\n",
                  iv->passive_count);
    if (iv->rigid_zero_output_count)
        sb_printf(out,
                  "    .rigid_zero_outputs = rigid_zero_outputs,\n"
                  "    .rigid_zero_output_count = %zu,\n",
                  iv->rigid_zero_output_count);
    if (iv->rigid_zero_data_count)
        sb_printf(out,
                  "    .rigid_zero_data = rigid_zero_data,\n    .rigid_zero_data_count = %zu,\n",
                  iv->rigid_zero_data_count);
    if (iv->rigid_forces_nonzero)
        sb_puts(out, "    .rigid_forces_nonzero = true,\n");
    if (iv->rigid_reason) {
        sb_puts(out, "    .rigid_reason = ");
        emit_c_literal_string(iv->rigid_reason, out);
        sb_puts(out, ",\n");
    }
    if (iv->frame_count)
        sb_printf(out, "    .frames = output_frames,\n    .frame_count = %zu,\n", iv->frame_count);
    if (iv->unbalanced_moment) {
        sb_puts(out, "    .unbalanced_moment = ");
        emit_c_literal_string(iv->unbalanced_moment, out);
        sb_puts(out, ",\n");
    }
    sb_puts(out, "};\n\n");
}
