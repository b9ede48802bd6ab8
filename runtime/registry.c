/* The registry of connector types: the built-in types generated from specs/. */
#include <string.h>

#include "mbconnect/object.h"

/* generated/registry.c */
extern const mbc_type_info *const mbc_builtin_types[];
extern const size_t mbc_builtin_type_count;

size_t mbc_registry_count(void)
{
    return mbc_builtin_type_count;
}

const mbc_type_info *mbc_registry_at(size_t i)
{
    return i < mbc_builtin_type_count ? mbc_builtin_types[i] : NULL;
}

const mbc_type_info *mbc_registry_find(const char *type_name)
{
    for (size_t i = 0; type_name && i < mbc_builtin_type_count; i++)
        if (strcmp(mbc_builtin_types[i]->type_name, type_name) == 0)
            return mbc_builtin_types[i];
    return NULL;
}

const mbc_param_info *mbc_type_find_param(const mbc_type_info *t, const char *name)
{
    if (!t || !name)
        return NULL;
    for (size_t i = 0; i < t->param_count; i++)
        if (strcmp(t->params[i].name, name) == 0)
            return &t->params[i];
    static const char vis[] = "visualization.";
    if (strncmp(name, vis, sizeof vis - 1) == 0)
        for (size_t i = 0; i < t->vparam_count; i++)
            if (strcmp(t->vparams[i].name, name + sizeof vis - 1) == 0)
                return &t->vparams[i];
    return NULL;
}
