/* SPDX-License-Identifier: BSD-3-Clause */
/* The defaults of Python objects, as help(), describe(), the parameter
 * docstrings and parameter_info show them. A new object has the spec's
 * defaults except the marker and node numbers: the spec's default there is
 * "invalid" (-1: a model numbers its markers), and the module, like
 * `mbc eval`, numbers them 0, 1, ... (mbc_object_set_default_indices), so
 * that an object can be evaluated as made. What is shown is read from such
 * an object, so it is what a new object has. */
#include "pymbc.h"

#include <stdio.h>
#include <string.h>

mbc_object *pymbc_defaults_object(const mbc_type_info *t)
{
    mbc_error err;
    mbc_object *o = mbc_object_create_type(t, &err);
    if (!o) {
        pymbc_raise(MBC_ERR_NOMEM, err.message);
        return NULL;
    }
    /* markerNumbers, nodeNumber: 0, 1, ... as in `mbc eval` (no model to
     * number them; validation requires them) */
    mbc_object_set_default_indices(o);
    return o;
}

/* Whether o's value of p equals the spec's default. */
static bool is_spec_default(const mbc_object *o, const mbc_param_info *p)
{
    if (p->kind != MBC_VALUE_INDEX)
        return true; /* only marker and node numbers are set for Python objects */
    double v[16];
    size_t n = 0;
    mbc_error err;
    if (mbc_param_count(p, o->params) > 16 ||
        mbc_param_get_values(o->type, p, o->params, v, 16, &n, &err) != MBC_OK)
        return true;
    if (n != p->default_count)
        return false;
    for (size_t i = 0; i < n; i++)
        if (v[i] != p->default_values[i])
            return false;
    return true;
}

const char *pymbc_default_text(const mbc_object *defaults, const mbc_param_info *p, char *buf,
                               size_t size)
{
    const char *spec = p->default_text ? p->default_text : "";
    if (!defaults || is_spec_default(defaults, p))
        return spec;
    double v[16];
    size_t n = 0, at = 0;
    mbc_error err;
    mbc_param_get_values(defaults->type, p, defaults->params, v, 16, &n, &err);
    const bool list = p->shape != MBC_SCALAR;
    at += (size_t)snprintf(buf, size, "%s", list ? "[" : "");
    for (size_t i = 0; i < n && at < size; i++) {
        char number[40];
        mbc_format_number(v[i], number, sizeof number);
        at += (size_t)snprintf(buf + at, size - at, "%s%s", i ? ", " : "", number);
    }
    if (at < size)
        snprintf(buf + at, size - at, "%s (numbered as by mbc eval; a model must set it)",
                 list ? "]" : "");
    return buf;
}
