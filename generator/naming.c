/* SPDX-License-Identifier: BSD-3-Clause */
#include "naming.h"

#include <ctype.h>
#include <string.h>

#include "fileio.h"

bool naming_is_identifier(const char *s)
{
    if (!s || !(isalpha((unsigned char)*s) || *s == '_'))
        return false;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_'))
            return false;
    return true;
}

bool naming_is_c_keyword(const char *s)
{
    static const char *const kw[] = {
        "auto",     "break",  "case",   "char",     "const",    "continue", "default",  "do",
        "double",   "else",   "enum",   "extern",   "float",    "for",      "goto",     "if",
        "inline",   "int",    "long",   "register", "restrict", "return",   "short",    "signed",
        "sizeof",   "static", "struct", "switch",   "typedef",  "union",    "unsigned", "void",
        "volatile", "while",  "bool",   "true",     "false",    NULL};
    for (int i = 0; kw[i]; i++)
        if (strcmp(s, kw[i]) == 0)
            return true;
    return false;
}

bool naming_is_spec_name(const char *s)
{
    return naming_is_identifier(s) && strlen(s) <= NAMING_MAX_NAME && !naming_is_c_keyword(s);
}

const char *naming_spec_name_rule(const char *s)
{
    if (!naming_is_identifier(s))
        return "must be a C identifier (a letter or '_', then letters, digits and '_')";
    if (strlen(s) > NAMING_MAX_NAME)
        return "must be at most 63 characters long";
    return naming_is_c_keyword(s) ? "must not be a C keyword" : NULL;
}

bool naming_is_name(const char *s)
{
    return naming_is_identifier(s) && strlen(s) <= NAMING_MAX_NAME;
}

void naming_snake(const char *name, strbuf *out)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)name[i];
        if (isupper(c) && i > 0) {
            unsigned char prev = (unsigned char)name[i - 1];
            unsigned char next = i + 1 < n ? (unsigned char)name[i + 1] : 0;
            if (islower(prev) || (isupper(prev) && islower(next)))
                sb_putc(out, '_');
        }
        sb_putc(out, (char)tolower(c));
    }
}

void naming_constant(const char *name, strbuf *out)
{
    const size_t start = out->len;
    naming_snake(name, out);
    for (size_t i = start; i < out->len; i++)
        out->data[i] = (char)toupper((unsigned char)out->data[i]);
}

void naming_choice_constant(const char *param, const char *choice, strbuf *out)
{
    naming_constant(param, out);
    sb_putc(out, '_');
    for (const char *p = choice; *p; p++)
        sb_putc(out, isalnum((unsigned char)*p) ? (char)toupper((unsigned char)*p) : '_');
}

void naming_c_source(const char *type_name, strbuf *out)
{
    naming_snake(type_name, out);
    sb_puts(out, ".c");
}

void naming_c_header(const char *type_name, strbuf *out)
{
    sb_puts(out, "include/mbconnect/generated/");
    naming_snake(type_name, out);
    sb_puts(out, ".h");
}

void naming_rst_page(const char *type_name, strbuf *out)
{
    sb_printf(out, "Object%s.rst", type_name);
}

void naming_registry_source(const char *registry_name, strbuf *out)
{
    if (registry_name)
        sb_printf(out, "%s_types.c", registry_name);
    else
        sb_puts(out, "registry.c");
}

void naming_registry_header(const char *registry_name, strbuf *out)
{
    if (registry_name)
        sb_printf(out, "include/%s_types.h", registry_name);
    else
        sb_puts(out, "include/mbconnect/generated/builtin.h");
}

mbc_status naming_check_registry_name(const char *registry_name, mbc_error *err)
{
    if (naming_is_identifier(registry_name))
        return MBC_OK;
    return mbc_fail(err, MBC_ERR_VALUE,
                    "mbcgen: --registry-name must be a C identifier (given '%s')", registry_name);
}

/* One "type ..." line for the spec at path; MBC_ERR_INPUT (reported in err)
 * when its file name is no spec name. */
static mbc_status print_type(const char *path, FILE *out, mbc_error *err)
{
    char stem[256];
    fileio_stem(path, stem, sizeof stem);
    if (!naming_is_spec_name(stem))
        return mbc_fail(err, MBC_ERR_INPUT,
                        "mbcgen: %s: the file name must be the connector type name, a C "
                        "identifier (a letter or '_', then letters, digits and '_', at most %d "
                        "characters, not a C keyword) followed by .lua (given '%s')",
                        path, NAMING_MAX_NAME, stem);
    strbuf line;
    sb_init(&line);
    sb_printf(&line, "type %s ", stem);
    naming_snake(stem, &line);
    sb_putc(&line, ' ');
    naming_c_source(stem, &line);
    sb_putc(&line, ' ');
    naming_c_header(stem, &line);
    sb_putc(&line, ' ');
    naming_rst_page(stem, &line);
    fprintf(out, "%s\n", sb_str(&line));
    sb_free(&line);
    return MBC_OK;
}

int naming_main(int argc, char **argv, FILE *out, FILE *err)
{
    const char *registry_name = NULL;
    int first = 2, specs = 0;
    if (argc >= 4 && strcmp(argv[2], "--registry-name") == 0) {
        registry_name = argv[3];
        first = 4;
    }
    for (int i = first; i < argc; i++) {
        if (argv[i][0] == '-') {
            fprintf(err,
                    "mbcgen: --print-names takes [--registry-name NAME] SPEC... (given '%s')\n",
                    argv[i]);
            return 2;
        }
        specs++;
    }
    if (specs == 0) {
        fputs("mbcgen: --print-names needs at least one spec file\n", err);
        return 2;
    }
    mbc_error e = {0};
    if (registry_name && naming_check_registry_name(registry_name, &e) != MBC_OK) {
        fprintf(err, "%s\n", e.message);
        return 2;
    }
    bool ok = true;
    for (int i = first; i < argc; i++) {
        char stem[256];
        fileio_stem(argv[i], stem, sizeof stem);
        if (strcmp(stem, "types") == 0) /* the type registry is not a connector */
            continue;
        if (print_type(argv[i], out, &e) != MBC_OK) { /* every bad name, one line each */
            fprintf(err, "%s\n", e.message);
            ok = false;
        }
    }
    if (!ok)
        return 1;
    strbuf line;
    sb_init(&line);
    sb_printf(&line, "registry %s ", registry_name ? registry_name : "-");
    naming_registry_source(registry_name, &line);
    sb_putc(&line, ' ');
    naming_registry_header(registry_name, &line);
    fprintf(out, "%s\n", sb_str(&line));
    sb_free(&line);
    return 0;
}
