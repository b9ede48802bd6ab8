/* SPDX-License-Identifier: BSD-3-Clause */
/* Loads and validates the `wall_binding` block of a connector spec:
 *
 *   wall_binding = { shapes = { "plane", "cylinder" } },
 *
 * shapes: the walls the type's wall kernel takes, a non-empty list of
 * "plane" (sphere b of infinite radius) and "cylinder" (a finite radius of
 * curvature), each once. The type needs a pair binding: the wall takes the
 * place of its sphere b (infinite mass, the wall's velocity, no rotation).
 * Every problem names the file, the line of `wall_binding`, the field, the
 * rule and the value given. */
#include "spec_wall_binding.h"

#include <string.h>

#include <lua.h>

#include "reader.h"
#include "sandbox.h"

/* The bit of a shape name (MBC_WALL_PLANE = 1, MBC_WALL_CYLINDER = 2), 0 for
 * another. */
static unsigned shape_bit(const char *name)
{
    if (strcmp(name, "plane") == 0)
        return 1u;
    if (strcmp(name, "cylinder") == 0)
        return 2u;
    return 0u;
}

/* shapes = { "plane", ... }: the bits, or 0 after an error (a missing list
 * after a misspelled key, which the key check reported, is not reported
 * again). */
static unsigned load_shapes(mbc_reader *r, int b, int line, int misspelled)
{
    lua_State *L = r->L;
    char buf[96];
    unsigned bits = 0;
    lua_getfield(L, b, "shapes");
    const int v = lua_gettop(L);
    const size_t n = lua_istable(L, v) && !mbc_sandbox_table_kind(L, v) ? lua_rawlen(L, v) : 0;
    if (n == 0 && lua_isnil(L, v) && misspelled) {
        lua_pop(L, 1);
        return 0;
    }
    if (n == 0) {
        mbc_reader_fail(r, line, NULL,
                        "wall_binding.shapes: must list the walls the type takes, e.g. { "
                        "\"plane\", \"cylinder\" } (given %s)",
                        mbc_reader_describe(L, v, buf, sizeof buf));
        lua_pop(L, 1);
        return 0;
    }
    for (size_t i = 1; i <= n; i++) {
        lua_rawgeti(L, v, (lua_Integer)i);
        const unsigned bit = lua_type(L, -1) == LUA_TSTRING ? shape_bit(lua_tostring(L, -1)) : 0u;
        if (!bit || (bits & bit)) {
            mbc_reader_fail(r, line, NULL,
                            "wall_binding.shapes: entry %zu must be \"plane\" or \"cylinder\", "
                            "each once (given %s)",
                            i, mbc_reader_describe(L, -1, buf, sizeof buf));
            bits = 0;
            lua_pop(L, 1);
            break;
        }
        bits |= bit;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return bits;
}

int spec_wall_binding_load(mbc_reader *r, const mbc_reader_table *ct, spec_connector *c)
{
    static const char *const keys[] = {"shapes", NULL};
    lua_State *L = r->L;
    lua_getfield(L, ct->idx, "wall_binding");
    const int b = lua_gettop(L);
    if (lua_isnil(L, b)) {
        lua_pop(L, 1);
        return 0;
    }
    const size_t before = r->errors;
    const int line = mbc_reader_word_line(r, "wall_binding", ct->line);
    char buf[96];
    if (!lua_istable(L, b) || mbc_sandbox_table_kind(L, b)) {
        mbc_reader_fail(r, line, NULL,
                        "wall_binding: must be a table { shapes = { \"plane\", \"cylinder\" } } "
                        "(given %s)",
                        mbc_reader_describe(L, b, buf, sizeof buf));
    } else if (!c->pair_binding.declared) {
        /* not when an error came before (a misspelled pair_binding is its
         * unknown key already) */
        if (before == 0)
            mbc_reader_fail(r, line, NULL,
                            "wall_binding: needs a pair_binding (the wall takes the place of its "
                            "sphere b)");
    } else {
        mbc_reader_table bt;
        mbc_reader_table_at(r, &bt, b, MBC_READER_LABEL, line, "wall_binding");
        mbc_reader_check_keys(r, &bt, keys, 0);
        const unsigned shapes = load_shapes(r, b, line, r->errors > before);
        if (r->errors == before) {
            c->pair_binding.walls = 1;
            c->pair_binding.wall_shapes = shapes;
        }
    }
    lua_pop(L, 1);
    return (int)(r->errors - before);
}
