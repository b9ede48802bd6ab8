/* SPDX-License-Identifier: BSD-3-Clause */
/* Plain text of the spec texts where a user reads text, not RST: the
 * reflection tables (`mbc describe`, Python help()), the Python stubs. The
 * specs write descriptions in a subset of reStructuredText (the RST pages
 * carry them verbatim); this module renders that subset at generation time:
 *
 *   \ :math:`n_\mathrm{exp}=1`\      ->  n_exp=1        (math as readable text)
 *   :ref:`sec-physics-coulomb`       ->  Regularized Coulomb friction
 *                                        (physics.html#sec-physics-coulomb)
 *   :ref:`ODE2 <ODE2>`               ->  ODE2
 *   ``literal``, *emphasis*, **strong**  ->  their text
 *   `text <https://...>`_            ->  text (https://...)
 *   "\ " (escaped space) -> nothing, "\x" -> x, runs of spaces -> one space
 *
 * Math (a LaTeX subset: the symbols and formulas the specs use) becomes
 * Unicode text: Greek letters, \tp -> ^T, \frac{a}{b} -> a/b, \dot x -> x
 * with a combining dot, subscripts x_{t,0} -> x_(t,0), \mathrm{} and
 * \mathbf{} -> their text, \LU{0}{p} -> p (the frame index of the reference
 * documentation's notation is left out). */
#ifndef MBCGEN_RST_TEXT_H
#define MBCGEN_RST_TEXT_H

#include <stddef.h>

#include "strbuf.h"

/* Appends the plain text of the RST-subset text `rst` to out. */
void rst_text_plain(const char *rst, strbuf *out);
/* Appends the plain text of the LaTeX math `tex` (a symbol or a formula). */
void rst_text_math(const char *tex, strbuf *out);
/* What a text is: a description (RST subset) or a symbol (LaTeX math). */
typedef enum rst_text_kind { RST_TEXT_PROSE, RST_TEXT_MATH } rst_text_kind;
/* rst_text_plain or rst_text_math as a malloc'd string (NULL in, NULL out;
 * NULL when out of memory); the caller frees. */
char *rst_text_dup(const char *text, rst_text_kind kind);

/* A label of the hand-written docs that :ref: may name: its title and the
 * page of the HTML site that holds it (a local link: the site is installed
 * in share/doc/mbconnect/html and built in build/docs/html). */
typedef struct rst_text_label {
    const char *label; /* "sec-physics-coulomb" */
    const char *title; /* "Regularized Coulomb friction" */
    const char *page;  /* "physics": docs/physics.rst, physics.html */
    int top;           /* the label opens the page: no #anchor in the link */
} rst_text_label;

/* The labels rst_text_plain resolves (tests check them against docs/). */
extern const rst_text_label rst_text_labels[];
extern const size_t rst_text_label_count;

#endif
