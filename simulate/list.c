/* SPDX-License-Identifier: BSD-3-Clause */
/* `mbc simulate --list [--json]` (list.h). */
#include "list.h"

#include "json_text.h"
#include "scene_catalog.h"

#include <string.h>

static void json_keys(FILE *f, const sim_key *keys, const mbc_type_info *t)
{
    fputs("\"keys\": [", f);
    int first = 1;
    for (int k = 0; keys[k].name; ++k) {
        fputs(first ? "" : ", ", f);
        fputs("{\"name\": ", f);
        sim_json_string(f, keys[k].name);
        fputs(", \"meaning\": ", f);
        sim_json_string(f, keys[k].meaning);
        fputc('}', f);
        first = 0;
    }
    for (size_t k = 0; t != NULL && k < t->param_count; ++k) {
        const mbc_param_info *p = &t->params[k];
        if (p->role != MBC_ROLE_INPUT || strcmp(p->name, "name") == 0 ||
            strcmp(p->name, "markerNumbers") == 0)
            continue;
        fputs(", {\"name\": ", f);
        sim_json_string(f, p->name);
        fputs(", \"meaning\": \"parameter of the type (mbc describe)\"}", f);
    }
    fputc(']', f);
}

static void list_json(FILE *f, const mbc_registry *registry)
{
    size_t count = 0;
    const sim_item_type *types = sim_item_types(&count);
    static const char *const lists[] = {"scene",    "solver",     "bodies", "markers",
                                        "elements", "connectors", "sensors"};
    fputs("{", f);
    for (int l = 0; l < 7; ++l) {
        fputs(l ? ",\n  " : "\n  ", f);
        sim_json_string(f, lists[l]);
        fputs(": [", f);
        int first = 1;
        for (size_t i = 0; i < count; ++i) {
            if (strcmp(types[i].list, lists[l]) != 0)
                continue;
            fputs(first ? "\n    {\"type\": " : ",\n    {\"type\": ", f);
            sim_json_string(f, types[i].type);
            fputs(", \"summary\": ", f);
            sim_json_string(f, types[i].summary);
            fputs(", ", f);
            json_keys(f, types[i].keys, NULL);
            fputc('}', f);
            first = 0;
        }
        for (size_t i = 0; strcmp(lists[l], "connectors") == 0 && i < mbc_registry_size(registry);
             ++i) {
            const mbc_type_info *t = mbc_registry_entry(registry, i);
            fputs(first ? "\n    {\"type\": " : ",\n    {\"type\": ", f);
            sim_json_string(f, t->type_name);
            fputs(", \"summary\": \"a connector of the registry\", ", f);
            json_keys(f, sim_connector_keys(), t);
            fputc('}', f);
            first = 0;
        }
        fputs(first ? "]" : "\n  ]", f);
    }
    fputs("\n}\n", f);
}

static void text_keys(FILE *f, const sim_key *keys)
{
    for (int k = 0; keys[k].name; ++k)
        fprintf(f, "    %-22s %s\n", keys[k].name, keys[k].meaning);
}

static void list_text(FILE *f, const mbc_registry *registry)
{
    size_t count = 0;
    const sim_item_type *types = sim_item_types(&count);
    const char *list = "";
    for (size_t i = 0; i < count; ++i) {
        if (strcmp(types[i].list, list) != 0) {
            list = types[i].list;
            fprintf(f, "%s%s\n", i ? "\n" : "", list);
        }
        fprintf(f, "  %s: %s\n", types[i].type, types[i].summary);
        text_keys(f, types[i].keys);
    }
    fputs("\nconnectors (any registered type; `mbc describe TYPE` lists its parameters)\n", f);
    for (size_t i = 0; i < mbc_registry_size(registry); ++i) {
        const mbc_type_info *t = mbc_registry_entry(registry, i);
        fprintf(f, "  %s\n", t->type_name);
    }
    fputs("  keys of every connector, besides the parameters of its type:\n", f);
    text_keys(f, sim_connector_keys());
}

void sim_list_items(FILE *f, const mbc_registry *registry, int json)
{
    if (json)
        list_json(f, registry);
    else
        list_text(f, registry);
}
