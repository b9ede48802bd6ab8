/* SPDX-License-Identifier: BSD-3-Clause */
/* Python type stubs (PEP 484 .pyi) for the mbconnect module. The module
 * creates its classes at run time from the reflection tables; the stubs
 * give editors and type checkers the same classes from the specs: keyword
 * parameters of the constructor, one property per parameter (read-only for
 * derived and state parameters) with type, symbol, default, value rules and
 * description,
 * and the visualization parameters under obj.visualization. The docstrings
 * are plain text (rst_text.h, plain_text.h), as the module's own help(). */
#include "emit_pyi.h"

#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "plain_text.h"
#include "rst_text.h"

/* Text inside a """...""" string: backslashes and quotes escaped, one line
 * per input line. */
static void put_doc_text(strbuf *out, const char *s)
{
    for (; s && *s; s++) {
        if (*s == '\\' || *s == '"')
            sb_putc(out, '\\');
        sb_putc(out, *s);
    }
}

/* put_doc_text of the plain text of a description (or a LaTeX symbol). */
static void put_doc_plain(strbuf *out, const char *text, rst_text_kind kind)
{
    char *plain = rst_text_dup(text, kind);
    put_doc_text(out, plain);
    free(plain);
}

/* The Python type a getter returns. */
static const char *get_type(const spec_param *p)
{
    int scalar = p->shape == SPEC_SCALAR;
    switch (p->type->value) {
    case SPEC_BOOL:
        return scalar ? "bool" : "npt.NDArray[np.bool_]";
    case SPEC_INT:
    case SPEC_INDEX:
        return scalar ? "int" : "npt.NDArray[np.int64]";
    case SPEC_STRING:
        return "str";
    case SPEC_REAL:
        break;
    }
    return scalar ? "float" : "npt.NDArray[np.float64]";
}

/* The Python type a setter and the constructor accept. */
static const char *set_type(const spec_param *p)
{
    if (p->type->value == SPEC_STRING)
        return "str";
    if (p->shape != SPEC_SCALAR)
        return "ArrayLike";
    return get_type(p);
}

static void put_param_doc(strbuf *out, const spec_param *p, const char *indent)
{
    sb_printf(out, "%s\"\"\"%s", indent, p->type->name);
    if (p->symbol) {
        sb_puts(out, ", symbol ");
        put_doc_plain(out, p->symbol, RST_TEXT_MATH);
    }
    sb_puts(out, ", default ");
    strbuf def;
    sb_init(&def);
    plain_text_default(p, &def);
    put_doc_text(out, sb_str(&def));
    sb_free(&def);
    strbuf rules;
    sb_init(&rules);
    plain_text_rules(p, &rules);
    if (rules.len) {
        sb_puts(out, ", rules ");
        put_doc_text(out, sb_str(&rules));
    }
    sb_free(&rules);
    if (p->role == SPEC_DERIVED)
        sb_puts(out, " (derived, read-only)");
    else if (p->role == SPEC_STATE)
        sb_puts(out, " (state, read-only)");
    sb_puts(out, ": ");
    put_doc_plain(out, p->description, RST_TEXT_PROSE);
    sb_puts(out, "\"\"\"\n");
}

static void put_property(strbuf *out, const spec_param *p)
{
    sb_printf(out, "    @property\n    def %s(self) -> %s:\n", p->name, get_type(p));
    put_param_doc(out, p, "        ");
    sb_puts(out, "        ...\n");
    if (p->role == SPEC_INPUT)
        sb_printf(out, "    @%s.setter\n    def %s(self, value: %s) -> None: ...\n", p->name,
                  p->name, set_type(p));
}

static void put_connector(strbuf *out, const spec_connector *c)
{
    if (c->vparam_count) {
        sb_printf(out, "class _%sVisualization:\n", c->type_name);
        sb_printf(out, "    \"\"\"Visualization parameters of %s.\"\"\"\n", c->type_name);
        for (size_t i = 0; i < c->vparam_count; i++)
            put_property(out, &c->vparams[i]);
        sb_puts(out, "\n");
    }
    sb_printf(out, "class %s(Connector):\n    \"\"\"", c->type_name);
    put_doc_plain(out, c->description, RST_TEXT_PROSE);
    sb_puts(out, "\n\n    Output variables: ");
    for (size_t i = 0; i < c->output_count; i++)
        sb_printf(out, "%s%s", i ? ", " : "", c->outputs[i].name);
    if (!c->output_count)
        sb_puts(out, "none");
    sb_puts(out, ".\n    \"\"\"\n");
    sb_puts(out, "    def __init__(\n        self,\n        *,\n");
    for (size_t i = 0; i < c->param_count; i++)
        if (c->params[i].role == SPEC_INPUT)
            sb_printf(out, "        %s: %s = ...,\n", c->params[i].name, set_type(&c->params[i]));
    if (c->vparam_count)
        sb_puts(out, "        visualization: Mapping[str, Any] = ...,\n");
    sb_puts(out, "    ) -> None: ...\n");
    for (size_t i = 0; i < c->param_count; i++)
        put_property(out, &c->params[i]);
    if (c->vparam_count)
        sb_printf(out, "    @property\n    def visualization(self) -> _%sVisualization: ...\n",
                  c->type_name);
    sb_puts(out, "\n");
}

void emit_pyi(const spec_connector *items, size_t count, strbuf *out)
{
    sb_puts(out, "\"\"\"Type stubs of the mbconnect Python module, written by mbcgen from the "
                 "specs (do not edit).\"\"\"\n"
                 "import os\n"
                 "from typing import Any, Literal, Mapping, Sequence, Union, overload\n\n"
                 "import numpy as np\n"
                 "import numpy.typing as npt\n\n"
                 "ArrayLike = Union[Sequence[float], npt.NDArray[Any]]\n"
                 "StrPath = Union[str, os.PathLike[str]]\n\n"
                 "__version__: str\n\n"
                 "class Connector:\n"
                 "    \"\"\"A connector object (base class of every connector type).\"\"\"\n"
                 "    type_name: str\n"
                 "    class_name: str\n"
                 "    marker_types: tuple[str, str]\n"
                 "    marker_kinds: tuple[str, str]\n"
                 "    plugin: str | None\n"
                 "    hooks: tuple[str, ...]\n"
                 "    parameter_info: tuple[dict[str, Any], ...]\n"
                 "    visualization_info: tuple[dict[str, Any], ...]\n"
                 "    output_info: tuple[dict[str, Any], ...]\n"
                 "    data_info: tuple[dict[str, Any], ...]\n"
                 "    pair_binding: dict[str, Any] | None\n"
                 "    wall_binding: dict[str, Any] | None\n"
                 "    @property\n    def visualization(self) -> Any: ...\n"
                 "    @property\n    def data_count(self) -> int: ...\n"
                 "    @property\n    def initial_data(self) -> npt.NDArray[np.float64]: ...\n"
                 "    @property\n    def output_sizes(self) -> dict[str, int]: ...\n"
                 "    @classmethod\n    def describe(cls) -> str: ...\n"
                 "    def initialize(self) -> None: ...\n"
                 "    def validate(self) -> list[str]: ...\n"
                 "    def parameters(self) -> dict[str, Any]: ...\n"
                 "    def evaluate(\n        self,\n"
                 "        markers: Sequence[Mapping[str, Any]] = ...,\n"
                 "        data: ArrayLike | None = ...,\n"
                 "        dataStartOfStep: ArrayLike | None = ...,\n"
                 "        cables: Sequence[Mapping[str, Any]] | None = ...,\n"
                 "        ale: Mapping[str, float] | None = ...,\n"
                 "        lagrangeMultipliers: ArrayLike | None = ...,\n"
                 "        dt: float = ...,\n"
                 "    ) -> dict[str, Any]: ...\n"
                 "    def evaluate_many(\n        self,\n"
                 "        position: npt.ArrayLike | None = ...,\n"
                 "        velocity: npt.ArrayLike | None = ...,\n"
                 "        rotation: npt.ArrayLike | None = ...,\n"
                 "        angularVelocityLocal: npt.ArrayLike | None = ...,\n"
                 "        data: npt.ArrayLike | None = ...,\n"
                 "        dataStartOfStep: npt.ArrayLike | None = ...,\n"
                 "        *,\n"
                 "        cablePoints: npt.ArrayLike | None = ...,\n"
                 "        cablePointVelocities: npt.ArrayLike | None = ...,\n"
                 "        cableLength: npt.ArrayLike | None = ...,\n"
                 "        aleCoordinate: npt.ArrayLike | None = ...,\n"
                 "        cableQ: npt.ArrayLike | None = ...,\n"
                 "        cableQ_t: npt.ArrayLike | None = ...,\n"
                 "        verticalOffset: npt.ArrayLike | None = ...,\n"
                 "        cableAle: npt.ArrayLike | None = ...,\n"
                 "        cablesQ: npt.ArrayLike | None = ...,\n"
                 "        cablesQ_t: npt.ArrayLike | None = ...,\n"
                 "        cableLengths: npt.ArrayLike | None = ...,\n"
                 "        ale: npt.ArrayLike | None = ...,\n"
                 "        lagrangeMultipliers: npt.ArrayLike | None = ...,\n"
                 "        segments: int | None = ...,\n"
                 "        forces: bool | None = ...,\n"
                 "        outputs: bool | Sequence[str] | None = ...,\n"
                 "        postNewtonStep: bool | None = ...,\n"
                 "        algebraicEquations: bool | None = ...,\n"
                 "        out: Mapping[str, Any] | None = ...,\n"
                 "    ) -> dict[str, Any]: ...\n\n"
                 "def types() -> list[str]: ...\n"
                 "def classes() -> dict[str, type[Connector]]: ...\n"
                 "def load_plugin(path: StrPath) -> list[str]: ...\n"
                 "@overload\n"
                 "def evaluate_case(path: StrPath, text: Literal[False] = ...) -> dict[str, Any]: "
                 "...\n"
                 "@overload\n"
                 "def evaluate_case(path: StrPath, text: Literal[True]) -> str: ...\n\n");
    for (size_t i = 0; i < count; i++)
        put_connector(out, &items[i]);
}

mbc_status mbcgen_write_pyi(const mbcgen_project *p, const char *path, diag_list *diag)
{
    strbuf sb;
    sb_init(&sb);
    emit_pyi(p->items, p->count, &sb);
    mbc_status st = mbcgen_write_buffer(path, &sb, diag);
    sb_free(&sb);
    return st;
}
