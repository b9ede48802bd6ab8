/* SPDX-License-Identifier: BSD-3-Clause */
/* Plain text of the specs' RST subset and LaTeX math (rst_text.h). */
#define _POSIX_C_SOURCE 200809L
#include "rst_text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const rst_text_label rst_text_labels[] = {
    {"sec-module-physics", "Friction and contact laws", "physics", 1},
    {"sec-physics-stribeck", "Stribeck friction", "physics", 0},
    {"sec-physics-coulomb", "Regularized Coulomb friction", "physics", 0},
    {"sec-physics-contact-laws", "Normal contact laws", "physics", 0},
    {"sec-physics-granular", "Granular contact laws (LAMMPS's pair_style granular)",
     "physics-granular", 1},
    {"sec-physics-gran-classic",
     "Classic granular contact laws (LAMMPS's gran/hooke, gran/hooke/history, gran/hertz/history)",
     "physics-gran-classic", 1},
    {"sec-physics-departures-liggghts",
     "ContactLiggghts: where LIGGGHTS 3.8's code contradicts its documentation",
     "physics-departures", 0},
    {"sec-liggghts", "mbc-liggghts: LIGGGHTS with its contact models computed by spec laws",
     "liggghts", 1},
};
const size_t rst_text_label_count = sizeof rst_text_labels / sizeof rst_text_labels[0];

/* ------------------------------------------------------------------ math */

typedef struct tex_symbol {
    const char *name; /* command without the backslash */
    const char *text;
} tex_symbol;

/* Commands without arguments. \tp is the transpose of the reference
 * documentation's macros; \LU etc. take arguments (tex_command). */
static const tex_symbol tex_symbols[] = {
    {"alpha", "α"},     {"beta", "β"},       {"gamma", "γ"},   {"delta", "δ"},
    {"epsilon", "ε"},   {"varepsilon", "ε"}, {"zeta", "ζ"},    {"eta", "η"},
    {"theta", "θ"},     {"vartheta", "ϑ"},   {"iota", "ι"},    {"kappa", "κ"},
    {"lambda", "λ"},    {"mu", "μ"},         {"nu", "ν"},      {"xi", "ξ"},
    {"pi", "π"},        {"rho", "ρ"},        {"sigma", "σ"},   {"tau", "τ"},
    {"upsilon", "υ"},   {"phi", "φ"},        {"varphi", "φ"},  {"chi", "χ"},
    {"psi", "ψ"},       {"omega", "ω"},      {"Gamma", "Γ"},   {"Delta", "Δ"},
    {"Theta", "Θ"},     {"Lambda", "Λ"},     {"Xi", "Ξ"},      {"Pi", "Π"},
    {"Sigma", "Σ"},     {"Phi", "Φ"},        {"Psi", "Ψ"},     {"Omega", "Ω"},
    {"tomega", "ω"},    {"ttau", "τ"},       {"tp", "^T"},     {"Rot", "A"},
    {"Rcal", "ℝ"},      {"ra", "→"},         {"pluseq", "+="}, {"cdot", "·"},
    {"times", "×"},     {"neq", "≠"},        {"ne", "≠"},      {"le", "≤"},
    {"leq", "≤"},       {"ge", "≥"},         {"geq", "≥"},     {"approx", "≈"},
    {"pm", "±"},        {"infty", "∞"},      {"in", "∈"},      {"ldots", "…"},
    {"dots", "…"},      {"cdots", "…"},      {"to", "→"},      {"rightarrow", "→"},
    {"leftarrow", "←"}, {"partial", "∂"},    {"nabla", "∇"},   {"sum", "Σ"},
    {"prod", "Π"},      {"int", "∫"},        {"prime", "′"},   {"circ", "°"},
    {"quad", " "},      {"qquad", " "},      {"sin", "sin"},   {"cos", "cos"},
    {"tan", "tan"},     {"exp", "exp"},      {"log", "log"},   {"ln", "ln"},
    {"min", "min"},     {"max", "max"},      {"sqrt", NULL},   {"left", ""},
    {"right", ""},      {"big", ""},         {"Big", ""},      {"bigl", ""},
    {"bigr", ""},       {"Bigl", ""},        {"Bigr", ""},     {"displaystyle", ""},
};

/* Commands whose one argument is shown as it is (fonts, \vec). */
static const char *const tex_fonts[] = {
    "mathrm", "mathbf", "mathit", "mathsf", "mathtt",     "mathcal", "text",
    "textrm", "textbf", "textit", "bm",     "boldsymbol", "vec",     "operatorname",
};

/* Accents: a combining character after the argument. */
static const tex_symbol tex_accents[] = {
    {"dot", "\xcc\x87"},   /* U+0307 combining dot above */
    {"ddot", "\xcc\x88"},  /* U+0308 combining diaeresis */
    {"hat", "\xcc\x82"},   /* U+0302 combining circumflex */
    {"bar", "\xcc\x84"},   /* U+0304 combining macron */
    {"tilde", "\xcc\x83"}, /* U+0303 combining tilde */
};

typedef struct tex_reader {
    const char *s;
    const char *end;
} tex_reader;

static void tex_token(tex_reader *r, strbuf *out);

static void tex_render(tex_reader *r, strbuf *out)
{
    while (r->s < r->end)
        tex_token(r, out);
}

/* The closing brace of the group whose opening brace precedes s (end when
 * unbalanced). */
static const char *group_end(const char *s, const char *end)
{
    int depth = 1;
    for (; s < end; s++)
        if (*s == '\\' && s + 1 < end)
            s++;
        else if (*s == '{')
            depth++;
        else if (*s == '}' && --depth == 0)
            return s;
    return end;
}

/* One argument of a command: a {group}, a command with its arguments, or
 * one character (spaces before it are skipped, as TeX does). */
static void tex_argument(tex_reader *r, strbuf *out)
{
    while (r->s < r->end && isspace((unsigned char)*r->s))
        r->s++;
    if (r->s < r->end)
        tex_token(r, out);
}

/* Text that reads as one unit around "/" (no operator, separator or space
 * in it) or, script set, after "_" or "^" (no nested script either). */
static int is_unit(const char *s, int script)
{
    if (strstr(s, "·") || strstr(s, "×") || strstr(s, "…"))
        return 0;
    return strpbrk(s, script ? " +-*/=,;()[]<>|_^" : " +-*/=,;()[]<>|") == NULL;
}

/* s, in parentheses unless it reads as one unit. */
static void put_unit(strbuf *out, const char *s, int script)
{
    if (is_unit(s, script)) {
        sb_puts(out, s);
    } else {
        sb_putc(out, '(');
        sb_puts(out, s);
        sb_putc(out, ')');
    }
}

/* A subscript or superscript already rendered: x_0, x_(t,0), x^2, x′, x^T. */
static void put_script(strbuf *out, char mark, const char *text)
{
    if (!text[0])
        return;
    if (mark == '^' && (!strcmp(text, "′") || !strcmp(text, "^T") || !strcmp(text, "°"))) {
        sb_puts(out, text);
        return;
    }
    sb_putc(out, mark);
    put_unit(out, text, 1);
}

/* Renders the next argument into a fresh buffer; the caller frees it. */
static void argument_text(tex_reader *r, strbuf *arg)
{
    sb_init(arg);
    tex_argument(r, arg);
}

static const char *find_symbol(const tex_symbol *table, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (!strcmp(table[i].name, name))
            return table[i].text ? table[i].text : "";
    return NULL;
}

static int is_font(const char *name)
{
    for (size_t i = 0; i < sizeof tex_fonts / sizeof tex_fonts[0]; i++)
        if (!strcmp(tex_fonts[i], name))
            return 1;
    return 0;
}

/* \frac, \sqrt, \LU, \LUR, \LURU: commands with a layout of their own.
 * Returns 0 when name is none of them. */
static int tex_layout(tex_reader *r, const char *name, strbuf *out)
{
    strbuf a, b, c;
    if (!strcmp(name, "frac") || !strcmp(name, "dfrac") || !strcmp(name, "tfrac")) {
        argument_text(r, &a);
        argument_text(r, &b);
        put_unit(out, sb_str(&a), 0);
        sb_putc(out, '/');
        put_unit(out, sb_str(&b), 0);
        sb_free(&a);
        sb_free(&b);
    } else if (!strcmp(name, "sqrt")) {
        argument_text(r, &a);
        sb_puts(out, "√");
        put_unit(out, sb_str(&a), 0);
        sb_free(&a);
    } else if (!strcmp(name, "LU") || !strcmp(name, "LUR") || !strcmp(name, "LURU")) {
        /* left upper index (the frame: left out), body, right lower, right upper */
        argument_text(r, &a);
        argument_text(r, &b);
        sb_puts(out, sb_str(&b));
        sb_free(&a);
        sb_free(&b);
        if (strcmp(name, "LU") != 0) {
            argument_text(r, &c);
            put_script(out, '_', sb_str(&c));
            sb_free(&c);
        }
        if (!strcmp(name, "LURU")) {
            argument_text(r, &c);
            put_script(out, '^', sb_str(&c));
            sb_free(&c);
        }
    } else {
        return 0;
    }
    return 1;
}

/* A command at r->s (the backslash). */
static void tex_command(tex_reader *r, strbuf *out)
{
    const char *name = r->s + 1;
    size_t n = 0;
    while (name + n < r->end && isalpha((unsigned char)name[n]))
        n++;
    if (n == 0) { /* \, \; \| \{ ... */
        char c = ' ';
        if (name < r->end)
            c = name[0];
        r->s = name < r->end ? name + 1 : r->end;
        if (c == '|')
            sb_puts(out, "‖");
        else if (c == ',' || c == ';' || c == ':' || c == ' ' || c == '\\' || c == '\n')
            sb_putc(out, ' ');
        else if (c != '!')
            sb_putc(out, c);
        return;
    }
    char cmd[32];
    snprintf(cmd, sizeof cmd, "%.*s", (int)(n < sizeof cmd ? n : sizeof cmd - 1), name);
    r->s = name + n;
    const char *text = find_symbol(tex_symbols, sizeof tex_symbols / sizeof tex_symbols[0], cmd);
    const char *accent = find_symbol(tex_accents, sizeof tex_accents / sizeof tex_accents[0], cmd);
    strbuf a;
    if (tex_layout(r, cmd, out)) {
        return;
    } else if (text) {
        sb_puts(out, text);
    } else if (accent) {
        argument_text(r, &a);
        sb_puts(out, sb_str(&a));
        sb_puts(out, accent);
        sb_free(&a);
    } else if (is_font(cmd) || !strcmp(cmd, "mathbb")) {
        argument_text(r, &a);
        sb_puts(out, !strcmp(cmd, "mathbb") && !strcmp(sb_str(&a), "R") ? "ℝ" : sb_str(&a));
        sb_free(&a);
    } else {
        sb_puts(out, cmd); /* unknown: its name, readable */
    }
}

static void tex_token(tex_reader *r, strbuf *out)
{
    char c = *r->s;
    if (c == '\\') {
        tex_command(r, out);
    } else if (c == '{') {
        const char *close = group_end(r->s + 1, r->end);
        tex_reader inner = {r->s + 1, close};
        tex_render(&inner, out);
        r->s = close < r->end ? close + 1 : close;
    } else if (c == '_' || c == '^') {
        r->s++;
        strbuf a;
        argument_text(r, &a);
        put_script(out, c, sb_str(&a));
        sb_free(&a);
    } else if (c == '}' || c == '~' || c == '&' || isspace((unsigned char)c)) {
        r->s++;
        if (c != '}')
            sb_putc(out, ' ');
    } else {
        size_t n = 1; /* one UTF-8 character */
        while (r->s + n < r->end && ((unsigned char)r->s[n] & 0xC0) == 0x80)
            n++;
        sb_putn(out, r->s, n);
        r->s += n;
    }
}

/* Appends s with every run of white space made one space, trimmed. */
static void put_collapsed(strbuf *out, const char *s)
{
    int space = 0, any = 0;
    for (; *s; s++) {
        if (isspace((unsigned char)*s)) {
            space = any;
            continue;
        }
        if (space)
            sb_putc(out, ' ');
        sb_putc(out, *s);
        space = 0;
        any = 1;
    }
}

void rst_text_math(const char *tex, strbuf *out)
{
    strbuf raw;
    sb_init(&raw);
    tex_reader r = {tex, tex + strlen(tex)};
    tex_render(&r, &raw);
    put_collapsed(out, sb_str(&raw));
    sb_free(&raw);
}

/* ------------------------------------------------------------------- RST */

/* RST inline markup starts only after white space, the start of the text
 * or one of these characters (docutils' rules, ASCII part). */
static int starts_markup(const char *text, const char *at)
{
    return at == text || isspace((unsigned char)at[-1]) || strchr("-:/'\"<([{", at[-1]);
}

/* "title <target>": the title (trimmed) and the target; 0 when not of that form. */
static int split_target(const char *s, size_t n, size_t *title_len, const char **target,
                        size_t *target_len)
{
    if (n < 3 || s[n - 1] != '>')
        return 0;
    const char *lt = NULL;
    for (size_t i = n - 1; i-- > 0;)
        if (s[i] == '<') {
            lt = s + i;
            break;
        }
    if (!lt)
        return 0;
    size_t t = (size_t)(lt - s);
    while (t && s[t - 1] == ' ')
        t--;
    *title_len = t;
    *target = lt + 1;
    *target_len = n - 1 - (size_t)(lt + 1 - s);
    return 1;
}

static void put_ref(const char *s, size_t n, strbuf *out)
{
    size_t title_len = 0, label_len = n;
    const char *label = s;
    int titled = split_target(s, n, &title_len, &label, &label_len);
    const rst_text_label *known = NULL;
    for (size_t i = 0; i < rst_text_label_count; i++)
        if (strlen(rst_text_labels[i].label) == label_len &&
            !strncmp(rst_text_labels[i].label, label, label_len))
            known = &rst_text_labels[i];
    if (titled)
        sb_putn(out, s, title_len);
    else if (known)
        sb_puts(out, known->title);
    else
        sb_putn(out, s, n);
    if (known && known->top)
        sb_printf(out, " (%s.html)", known->page);
    else if (known)
        sb_printf(out, " (%s.html#%s)", known->page, known->label);
}

/* A role :name:`content` at s; returns the text after it, or NULL when s
 * starts none. */
static const char *put_role(const char *text, const char *s, strbuf *out)
{
    if (*s != ':' || !starts_markup(text, s))
        return NULL;
    size_t n = 1;
    while (isalnum((unsigned char)s[n]) || s[n] == '-' || s[n] == '_')
        n++;
    if (n == 1 || s[n] != ':' || s[n + 1] != '`')
        return NULL;
    const char *content = s + n + 2, *close = strchr(content, '`');
    if (!close)
        return NULL;
    size_t len = (size_t)(close - content);
    char *inner = strndup(content, len);
    if (!inner)
        return NULL;
    size_t title_len;
    const char *target;
    size_t target_len;
    if (n == 5 && !strncmp(s, ":math", 5))
        rst_text_math(inner, out);
    else if (n == 4 && !strncmp(s, ":ref", 4))
        put_ref(content, len, out);
    else if (split_target(content, len, &title_len, &target, &target_len))
        sb_putn(out, content, title_len);
    else
        sb_putn(out, content, len);
    free(inner);
    return close + 1;
}

/* ``literal``, `text <url>`_ and `interpreted` at s; NULL when none. */
static const char *put_quoted(const char *text, const char *s, strbuf *out)
{
    if (*s != '`' || !starts_markup(text, s))
        return NULL;
    if (s[1] == '`') {
        const char *close = strstr(s + 2, "``");
        if (!close)
            return NULL;
        sb_putn(out, s + 2, (size_t)(close - s - 2));
        return close + 2;
    }
    const char *close = strchr(s + 1, '`');
    if (!close)
        return NULL;
    size_t len = (size_t)(close - s - 1), title_len, target_len;
    const char *target;
    const char *after = close + 1;
    int link = *after == '_';
    after += link ? (after[1] == '_' ? 2 : 1) : 0;
    if (link && split_target(s + 1, len, &title_len, &target, &target_len))
        sb_printf(out, "%.*s (%.*s)", (int)title_len, s + 1, (int)target_len, target);
    else
        sb_putn(out, s + 1, len);
    return after;
}

/* *emphasis* and **strong** at s; NULL when none. */
static const char *put_emphasis(const char *text, const char *s, strbuf *out)
{
    if (*s != '*' || !starts_markup(text, s))
        return NULL;
    size_t mark = s[1] == '*' ? 2 : 1;
    const char *body = s + mark;
    if (!*body || isspace((unsigned char)*body))
        return NULL;
    const char *close = strstr(body, mark == 2 ? "**" : "*");
    if (!close || isspace((unsigned char)close[-1]))
        return NULL;
    sb_putn(out, body, (size_t)(close - body));
    return close + mark;
}

void rst_text_plain(const char *rst, strbuf *out)
{
    strbuf raw;
    sb_init(&raw);
    for (const char *s = rst; s && *s;) {
        const char *next = NULL;
        if (*s == '\\') {
            /* an escaped space (RST's "\ ") disappears, any other escaped
             * character stands for itself */
            if (s[1] && s[1] != ' ' && s[1] != '\n')
                sb_putc(&raw, s[1]);
            next = s[1] ? s + 2 : s + 1;
        } else if (!(next = put_role(rst, s, &raw)) && !(next = put_quoted(rst, s, &raw)) &&
                   !(next = put_emphasis(rst, s, &raw))) {
            sb_putc(&raw, *s);
            next = s + 1;
        }
        s = next;
    }
    put_collapsed(out, sb_str(&raw));
    sb_free(&raw);
}

char *rst_text_dup(const char *text, rst_text_kind kind)
{
    if (!text)
        return NULL;
    strbuf sb;
    sb_init(&sb);
    if (kind == RST_TEXT_MATH)
        rst_text_math(text, &sb);
    else
        rst_text_plain(text, &sb);
    return sb_take(&sb);
}
