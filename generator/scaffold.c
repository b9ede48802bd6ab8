/* SPDX-License-Identifier: BSD-3-Clause */
/* mbcgen --new-type / --new-project [--pair [--history]] (scaffold.h): fills the templates of
 * generator/templates/ (embedded at build time, embed_templates.cmake) with
 * the names derived from the type name and writes the files, never over an
 * existing one. Every file that has a comment syntax starts with the SPDX
 * line of mbconnect's license (dev/spdx.sh --check passes on a fresh
 * scaffold); a project of one's own may change it. */
#include "scaffold.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "emit_c.h"
#include "fileio.h"
#include "naming.h"
#include "strbuf.h"

/* scaffold_templates.c */
extern const char scaffold_tpl_spec_lua_in[];
extern const char scaffold_tpl_hooks_c_in[];
extern const char scaffold_tpl_test_c_in[];
extern const char scaffold_tpl_case_lua_in[];
extern const char scaffold_tpl_CMakeLists_txt_in[];
extern const char scaffold_tpl_README_md_in[];
extern const char scaffold_tpl_check_output_cmake_in[];
extern const char scaffold_tpl_mbc_describe_expected_in[];
extern const char scaffold_tpl_mbc_eval_expected_in[];
extern const char scaffold_tpl_spec_pair_lua_in[];
extern const char scaffold_tpl_hooks_pair_c_in[];
extern const char scaffold_tpl_test_pair_c_in[];
extern const char scaffold_tpl_case_pair_lua_in[];
extern const char scaffold_tpl_README_pair_md_in[];
extern const char scaffold_tpl_mbc_describe_pair_expected_in[];
extern const char scaffold_tpl_mbc_eval_pair_expected_in[];
extern const char scaffold_tpl_collide_in_in[];
extern const char scaffold_tpl_lammps_collide_expected_in[];
extern const char scaffold_tpl_lammps_test_cmake_in[];
extern const char scaffold_tpl_spec_history_lua_in[];
extern const char scaffold_tpl_hooks_history_c_in[];
extern const char scaffold_tpl_test_history_c_in[];
extern const char scaffold_tpl_case_history_lua_in[];
extern const char scaffold_tpl_README_history_md_in[];
extern const char scaffold_tpl_mbc_describe_history_expected_in[];
extern const char scaffold_tpl_mbc_eval_history_expected_in[];
extern const char scaffold_tpl_shear_in_in[];
extern const char scaffold_tpl_shear_restart_in_in[];
extern const char scaffold_tpl_lammps_shear_expected_in[];
extern const char scaffold_tpl_lammps_history_test_cmake_in[];

/* The built-in type names (the specs in specs/ at build time, generator/CMakeLists.txt):
 * a project's type must not take one, or registering it fails at run time. */
#ifndef MBCGEN_BUILTIN_TYPES
#define MBCGEN_BUILTIN_TYPES ""
#endif

#define MAX_NAME 64

/* The names a type NAME gives (emit_c.c's rules). */
typedef struct names {
    const char *name;          /* ConnectorFoo */
    char snake[2 * MAX_NAME];  /* connector_foo */
    char macro[2 * MAX_NAME];  /* MBC_CONNECTOR_FOO_ */
    char prefix[2 * MAX_NAME]; /* mbc_connector_foo_ */
    char params[2 * MAX_NAME]; /* mbc_connector_foo_params */
    char hooks[2 * MAX_NAME];  /* connector_foo: the hook file's stem */
    const char *includes;      /* the test's includes */
    char register_call[4 * MAX_NAME];
    const char *lammps_test; /* the project's LAMMPS test (filled), or "" */
} names;

/* "mbcgen: out of memory" (mbcgen exits with 71, as every tool). */
static mbc_status out_of_memory(mbc_error *err)
{
    return mbc_fail_nomem(err, "mbcgen");
}

/* A type name: a letter A-Z, then letters and digits (it becomes a file
 * name, a C identifier and part of every generated symbol). */
static mbc_status check_name(const char *name, mbc_error *err)
{
    size_t n = strlen(name);
    int ok = n > 0 && n <= NAMING_MAX_NAME && isupper((unsigned char)name[0]);
    for (size_t i = 0; ok && i < n; i++)
        ok = isalnum((unsigned char)name[i]) != 0;
    if (ok)
        return MBC_OK;
    return mbc_fail(err, MBC_ERR_INPUT,
                    "mbcgen: the type name must be a capital letter followed by letters and "
                    "digits, at most %d characters, e.g. ConnectorFoo (given '%s')",
                    NAMING_MAX_NAME, name);
}

/* Returns MBC_OK, or MBC_ERR_NOMEM reported in err. */
static mbc_status names_init(names *n, const char *name, int in_tree, mbc_error *err)
{
    memset(n, 0, sizeof *n);
    n->name = name;
    n->lammps_test = "";
    strbuf sb;
    sb_init(&sb);
    naming_snake(name, &sb);
    snprintf(n->snake, sizeof n->snake, "%s", sb_str(&sb));
    const int failed = sb_failed(&sb);
    sb_free(&sb);
    if (failed)
        return out_of_memory(err);
    size_t k = 0;
    for (const char *p = n->snake; *p && k + 1 < sizeof n->macro; p++)
        n->macro[k++] = (char)toupper((unsigned char)*p);
    n->macro[k] = '\0';
    char upper[2 * MAX_NAME];
    snprintf(upper, sizeof upper, "%s", n->macro);
    snprintf(n->macro, sizeof n->macro, "MBC_%.*s_", (int)(sizeof n->macro - 6), upper);
    snprintf(n->prefix, sizeof n->prefix, "mbc_%.*s_", (int)(sizeof n->prefix - 6), n->snake);
    snprintf(n->params, sizeof n->params, "mbc_%.*s_params", (int)(sizeof n->params - 12),
             n->snake);
    if (strncmp(n->snake, "connector_", 10) == 0)
        snprintf(n->hooks, sizeof n->hooks, "%s", n->snake);
    else
        snprintf(n->hooks, sizeof n->hooks, "connector_%.*s", (int)(sizeof n->hooks - 11),
                 n->snake);
    if (in_tree) {
        n->includes = "#include \"mbconnect/mbconnect.h\"\n";
    } else {
        n->includes = NULL; /* built in fill() */
        snprintf(n->register_call, sizeof n->register_call,
                 "    assert_ok(%.*s_register_types(&f->registry, &err), err);\n", MAX_NAME * 2,
                 n->snake);
    }
    return MBC_OK;
}

/* The template with every @KEY@ replaced. */
static void fill(const char *tpl, const names *n, strbuf *out)
{
    char includes[4 * MAX_NAME];
    if (n->includes)
        snprintf(includes, sizeof includes, "%s", n->includes);
    else
        snprintf(includes, sizeof includes,
                 "#include <mbconnect/mbconnect.h>\n\n#include \"%s_types.h\"\n", n->snake);
    char spec_path[2 * MAX_NAME];
    snprintf(spec_path, sizeof spec_path, "specs/%s.lua", n->name);
    const struct {
        const char *key, *value;
    } keys[] = {
        {"@NAME@", n->name},        {"@SNAKE@", n->snake},
        {"@MACRO@", n->macro},      {"@PREFIX@", n->prefix},
        {"@PARAMS@", n->params},    {"@HOOKS@", n->hooks},
        {"@INCLUDES@", includes},   {"@REGISTER@", n->register_call},
        {"@SPEC_PATH@", spec_path}, {"@LAMMPS_TEST@", n->lammps_test},
    };
    for (const char *p = tpl; *p;) {
        size_t k = 0, nk = sizeof keys / sizeof keys[0];
        if (*p == '@')
            for (k = 0; k < nk; k++)
                if (strncmp(p, keys[k].key, strlen(keys[k].key)) == 0)
                    break;
        if (*p == '@' && k < nk) {
            sb_puts(out, keys[k].value);
            p += strlen(keys[k].key);
        } else {
            sb_putc(out, *p++);
        }
    }
}

typedef struct planned {
    char path[512];
    const char *tpl;
} planned;

static int exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

#define MAX_PLANNED 12

/* Writes the made contents, or nothing when a file exists already. */
static mbc_status write_filled(const planned *files, const strbuf *content, size_t count, FILE *out,
                               mbc_error *err)
{
    for (size_t i = 0; i < count; i++)
        if (exists(files[i].path))
            return mbc_fail(err, MBC_ERR_INPUT,
                            "mbcgen: %s exists already; nothing written (remove it or choose "
                            "another type name)",
                            files[i].path);
    for (size_t i = 0; i < count; i++) {
        char dir[512];
        snprintf(dir, sizeof dir, "%s", files[i].path);
        char *slash = strrchr(dir, '/');
        if (slash) {
            *slash = '\0';
            if (fileio_make_dirs(dir) != MBC_OK)
                return mbc_fail(err, MBC_ERR_IO, "mbcgen: %s: cannot create the directory", dir);
        }
        mbc_status st =
            fileio_write_if_changed(files[i].path, sb_str(&content[i]), content[i].len, err);
        if (st != MBC_OK)
            return st;
        fprintf(out, "mbcgen: wrote %s\n", files[i].path);
    }
    return MBC_OK;
}

/* Writes every planned file, or none when one exists already or memory
 * runs out (every content is made before the first file is written). */
static mbc_status write_all(const planned *files, size_t count, const names *n, FILE *out,
                            mbc_error *err)
{
    strbuf content[MAX_PLANNED];
    int failed = 0;
    for (size_t i = 0; i < count; i++) {
        sb_init(&content[i]);
        fill(files[i].tpl, n, &content[i]);
        failed |= sb_failed(&content[i]);
    }
    mbc_status st = failed ? out_of_memory(err) : write_filled(files, content, count, out, err);
    for (size_t i = 0; i < count; i++)
        sb_free(&content[i]);
    return st;
}

mbc_status scaffold_new_type(const char *name, FILE *out, mbc_error *err)
{
    mbc_status st = check_name(name, err);
    if (st != MBC_OK)
        return st;
    if (!exists("specs/types.lua"))
        return mbc_fail(err, MBC_ERR_INPUT,
                        "mbcgen: --new-type runs in the mbconnect project root (there is no "
                        "specs/types.lua here); for a project of your own use --new-project DIR "
                        "NAME");
    names n;
    st = names_init(&n, name, 1, err);
    if (st != MBC_OK)
        return st;
    planned files[4];
    memset(files, 0, sizeof files);
    snprintf(files[0].path, sizeof files[0].path, "specs/%s.lua", name);
    files[0].tpl = scaffold_tpl_spec_lua_in;
    snprintf(files[1].path, sizeof files[1].path, "runtime/connectors/%s/%s.c", n.snake, n.hooks);
    files[1].tpl = scaffold_tpl_hooks_c_in;
    snprintf(files[2].path, sizeof files[2].path, "tests/connectors/test_%s.c", n.hooks);
    files[2].tpl = scaffold_tpl_test_c_in;
    snprintf(files[3].path, sizeof files[3].path, "examples/cases/%s.lua", n.snake);
    files[3].tpl = scaffold_tpl_case_lua_in;
    st = write_all(files, 4, &n, out, err);
    if (st != MBC_OK)
        return st;
    fprintf(out,
            "mbcgen: next: cmake --build build && ctest --test-dir build (the build writes "
            "docs/items/Object%s.rst and generated/; commit them with the new files, laid out "
            "by dev/format.sh --fix)\n",
            name);
    return MBC_OK;
}

/* Whether name is a built-in type (MBCGEN_BUILTIN_TYPES, comma-separated). */
static bool is_builtin(const char *name)
{
    size_t n = strlen(name);
    for (const char *p = MBCGEN_BUILTIN_TYPES; *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && strncmp(p, name, n) == 0)
            return true;
        p += len + (p[len] == ',');
    }
    return false;
}

/* The files of a project and their templates by kind (scaffold.h): the
 * spring-damper, the sphere contact that mbc-lammps runs (and its LAMMPS
 * input), or that contact with a tangential spring's history. */
static size_t plan_project(planned *files, const char *dir, const names *n, int kind)
{
    const struct {
        const char *path;   /* after dir/; %s: the type name, %h: the hooks' stem, %n: snake */
        const char *tpl[3]; /* SCAFFOLD_PLAIN, _PAIR, _HISTORY; NULL: no such file */
    } plan[] = {
        {"CMakeLists.txt",
         {scaffold_tpl_CMakeLists_txt_in, scaffold_tpl_CMakeLists_txt_in,
          scaffold_tpl_CMakeLists_txt_in}},
        {"specs/%s.lua",
         {scaffold_tpl_spec_lua_in, scaffold_tpl_spec_pair_lua_in,
          scaffold_tpl_spec_history_lua_in}},
        {"src/%h.c",
         {scaffold_tpl_hooks_c_in, scaffold_tpl_hooks_pair_c_in, scaffold_tpl_hooks_history_c_in}},
        {"tests/test_%h.c",
         {scaffold_tpl_test_c_in, scaffold_tpl_test_pair_c_in, scaffold_tpl_test_history_c_in}},
        {"cases/%n.lua",
         {scaffold_tpl_case_lua_in, scaffold_tpl_case_pair_lua_in,
          scaffold_tpl_case_history_lua_in}},
        {"README.md",
         {scaffold_tpl_README_md_in, scaffold_tpl_README_pair_md_in,
          scaffold_tpl_README_history_md_in}},
        {"tests/check_output.cmake",
         {scaffold_tpl_check_output_cmake_in, scaffold_tpl_check_output_cmake_in,
          scaffold_tpl_check_output_cmake_in}},
        {"tests/mbc_describe.expected",
         {scaffold_tpl_mbc_describe_expected_in, scaffold_tpl_mbc_describe_pair_expected_in,
          scaffold_tpl_mbc_describe_history_expected_in}},
        {"tests/mbc_eval.expected",
         {scaffold_tpl_mbc_eval_expected_in, scaffold_tpl_mbc_eval_pair_expected_in,
          scaffold_tpl_mbc_eval_history_expected_in}},
        {"lammps/collide.in", {NULL, scaffold_tpl_collide_in_in, NULL}},
        {"tests/lammps_collide.expected", {NULL, scaffold_tpl_lammps_collide_expected_in, NULL}},
        {"lammps/shear.in", {NULL, NULL, scaffold_tpl_shear_in_in}},
        {"lammps/shear_restart.in", {NULL, NULL, scaffold_tpl_shear_restart_in_in}},
        {"tests/lammps_shear.expected", {NULL, NULL, scaffold_tpl_lammps_shear_expected_in}},
    };
    size_t count = 0;
    for (size_t i = 0; i < sizeof plan / sizeof plan[0]; i++) {
        const char *tpl = plan[i].tpl[kind];
        if (!tpl)
            continue;
        const char *p = plan[i].path, *mark = strchr(p, '%');
        const char *what = !mark            ? ""
                           : mark[1] == 's' ? n->name
                           : mark[1] == 'h' ? n->hooks
                                            : n->snake;
        if (mark)
            snprintf(files[count].path, sizeof files[count].path, "%s/%.*s%s%s", dir,
                     (int)(mark - p), p, what, mark + 2);
        else
            snprintf(files[count].path, sizeof files[count].path, "%s/%s", dir, p);
        files[count++].tpl = tpl;
    }
    return count;
}

mbc_status scaffold_new_project(const char *dir, const char *name, int kind, FILE *out,
                                mbc_error *err)
{
    mbc_status st = check_name(name, err);
    if (st != MBC_OK)
        return st;
    if (is_builtin(name))
        return mbc_fail(err, MBC_ERR_INPUT,
                        "mbcgen: %s is a built-in connector type of mbconnect; a project's type "
                        "needs a name of its own (mbc list shows the built-in ones)",
                        name);
    if (!dir[0] || strlen(dir) > 400)
        return mbc_fail(err, MBC_ERR_INPUT,
                        "mbcgen: --new-project needs a directory of at most 400 characters "
                        "(given '%.40s')",
                        dir);
    names n;
    st = names_init(&n, name, 0, err);
    if (st != MBC_OK)
        return st;
    strbuf lammps_test;
    sb_init(&lammps_test);
    if (kind != SCAFFOLD_PLAIN) {
        fill(kind == SCAFFOLD_HISTORY ? scaffold_tpl_lammps_history_test_cmake_in
                                      : scaffold_tpl_lammps_test_cmake_in,
             &n, &lammps_test);
        n.lammps_test = sb_str(&lammps_test);
    }
    planned files[MAX_PLANNED];
    memset(files, 0, sizeof files);
    const size_t count = plan_project(files, dir, &n, kind);
    st = sb_failed(&lammps_test) ? out_of_memory(err) : write_all(files, count, &n, out, err);
    sb_free(&lammps_test);
    if (st != MBC_OK)
        return st;
    fprintf(out,
            "mbcgen: next: see %s/README.md (cmake -S %s -B %s/build "
            "-DCMAKE_PREFIX_PATH=<mbconnect prefix>)\n",
            dir, dir, dir);
    return MBC_OK;
}
