# SPDX-License-Identifier: BSD-3-Clause
"""The type stubs mbcgen writes from the specs (mbconnect/__init__.pyi)
against the module: they parse, every type and every parameter is there
with the Python type the getter returns, constructors take exactly the
settable parameters, and read-only parameters have no setter; every public
name of the module is in them, and every function and method has the
module's signature (names, kinds, defaults: inspect.signature, which reads
the C functions' __text_signature__, itself checked against the keywords
the C parser takes)."""
import ast
import inspect
import pathlib

import numpy as np
import pytest

import mbconnect

STUB = pathlib.Path(mbconnect.__file__).with_name("__init__.pyi")


@pytest.fixture(scope="module")
def stub():
    return ast.parse(STUB.read_text(), filename=str(STUB))


def classes(tree):
    return {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}


def members(cls):
    """name -> (getter return annotation, has setter) of the properties."""
    props = {}
    for n in cls.body:
        if not isinstance(n, ast.FunctionDef):
            continue
        decos = [ast.unparse(d) for d in n.decorator_list]
        if "property" in decos:
            props[n.name] = [ast.unparse(n.returns), False]
        elif f"{n.name}.setter" in decos:
            props[n.name][1] = True
    return props


def python_type(annotation):
    return {"float": float, "int": int, "bool": bool, "str": str}.get(annotation, np.ndarray)


def test_stub_parses_and_lists_every_type(stub):
    cls = classes(stub)
    public = {n for n in cls if not n.startswith("_") and n != "Connector"}
    # the stubs hold the types of specs/; plugin types are known at run time only
    assert public == {t for t in mbconnect.types() if getattr(mbconnect, t).plugin is None}
    functions = {n.name for n in stub.body if isinstance(n, ast.FunctionDef)}
    for f in functions:
        assert callable(getattr(mbconnect, f)), f
    for m in members(cls["Connector"]):
        assert hasattr(mbconnect.Connector, m), m


@pytest.mark.parametrize("t", [t for t in mbconnect.types() if getattr(mbconnect, t).plugin is None])
def test_every_parameter(stub, t):
    cls = classes(stub)
    runtime = getattr(mbconnect, t)
    props = members(cls[t])
    obj = runtime()
    for p in runtime.parameter_info:
        assert p["name"] in props, f"{t}.{p['name']} missing in the stubs"
        annotation, has_setter = props[p["name"]]
        assert has_setter == (p["role"] == "input"), p["name"]
        assert isinstance(getattr(obj, p["name"]), python_type(annotation)), (p["name"], annotation)
    params = {p["name"] for p in runtime.parameter_info}
    assert set(props) - {"visualization"} == params
    init = next(n for n in cls[t].body if isinstance(n, ast.FunctionDef) and n.name == "__init__")
    kwonly = [a.arg for a in init.args.kwonlyargs]
    settable = [p["name"] for p in runtime.parameter_info if p["role"] == "input"]
    if runtime.visualization_info:
        settable.append("visualization")
    assert kwonly == settable
    if runtime.visualization_info:
        view = members(cls[f"_{t}Visualization"])
        assert set(view) == {p["name"] for p in runtime.visualization_info}
        for p in runtime.visualization_info:
            assert isinstance(getattr(obj.visualization, p["name"]), python_type(view[p["name"]][0]))


def test_docstrings_carry_the_descriptions(stub):
    cls = classes(stub)
    for t in [t for t in mbconnect.types() if getattr(mbconnect, t).plugin is None]:
        props = {n.name: ast.get_docstring(n) for n in cls[t].body
                 if isinstance(n, ast.FunctionDef) and n.decorator_list
                 and ast.unparse(n.decorator_list[0]) == "property"}
        for p in getattr(mbconnect, t).parameter_info:
            if p["name"] in props and props[p["name"]]:
                assert p["description"] in props[p["name"]]
                assert props[p["name"]].startswith(p["type"])
                # the value rules, as the module's docstrings and parameter_info say them
                head = props[p["name"]].split(p["description"])[0]
                if p["rules_text"] is not None:
                    assert f", rules {p['rules_text']}" in head, (head, p["rules_text"])
                else:
                    assert ", rules " not in head, head


# ---- signatures: the stubs against what the module accepts ----------------

KINDS = {"posonlyargs": inspect.Parameter.POSITIONAL_ONLY,
         "args": inspect.Parameter.POSITIONAL_OR_KEYWORD,
         "kwonlyargs": inspect.Parameter.KEYWORD_ONLY}


def stub_parameters(fn):
    """[(name, kind, has default)] of a stub's def, without self/cls."""
    a = fn.args
    positional = [(x, "posonlyargs") for x in a.posonlyargs] + [(x, "args") for x in a.args]
    first_default = len(positional) - len(a.defaults)
    out = [(x.arg, KINDS[k], i >= first_default) for i, (x, k) in enumerate(positional)]
    out += [(x.arg, KINDS["kwonlyargs"], d is not None) for x, d in zip(a.kwonlyargs, a.kw_defaults)]
    return [p for p in out if p[0] not in ("self", "cls")]


def module_parameters(obj):
    """The same of the module's function or method (inspect.signature: the
    __text_signature__ of C functions)."""
    return [(p.name, p.kind, p.default is not inspect.Parameter.empty)
            for p in inspect.signature(obj).parameters.values() if p.name not in ("self", "cls")]


def defs(body):
    """name -> [FunctionDef, ...] (several for @overload)."""
    out = {}
    for n in body:
        if isinstance(n, ast.FunctionDef):
            out.setdefault(n.name, []).append(n)
    return out


def same_signature(stubs, runtime, where):
    want = module_parameters(runtime)
    for fn in stubs:
        got = stub_parameters(fn)
        assert [p[:2] for p in got] == [p[:2] for p in want], (where, got, want)
    # a parameter has a default in the module iff in some overload of the stubs
    defaults = [any(stub_parameters(fn)[i][2] for fn in stubs) for i in range(len(want))]
    assert defaults == [p[2] for p in want], (where, defaults, want)


def test_module_functions_match(stub):
    functions = defs(stub.body)
    assert set(functions) == {"types", "classes", "load_plugin", "evaluate_case"}
    for name, fns in functions.items():
        same_signature(fns, getattr(mbconnect, name), name)
    # evaluate_case(..., text=...) gives the text; its overloads say so
    overloads = [ast.unparse(f.returns) for f in functions["evaluate_case"]]
    assert overloads == ["dict[str, Any]", "str"]


def test_every_public_name_is_in_the_stubs(stub):
    names = set(defs(stub.body)) | set(classes(stub))
    names |= {n.target.id for n in stub.body if isinstance(n, ast.AnnAssign)}
    builtin = [t for t in mbconnect.types() if getattr(mbconnect, t).plugin is None]
    public = (set(mbconnect.__all__) - set(mbconnect.types())) | set(builtin) | {"__version__"}
    assert public <= names, public - names
    version = next(n for n in stub.body if isinstance(n, ast.AnnAssign)
                   and n.target.id == "__version__")
    assert ast.unparse(version.annotation) == "str"
    assert isinstance(mbconnect.__version__, str) and mbconnect.__version__.count(".") == 2


def test_connector_members_match(stub):
    cls = classes(stub)["Connector"]
    methods = {n: f for n, f in defs(cls.body).items()
               if "property" not in [ast.unparse(d) for d in f[0].decorator_list]}
    attributes = {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign)}
    for t in mbconnect.types():  # what every class has besides its parameters
        runtime = getattr(mbconnect, t)
        parameters = {p["name"] for p in runtime.parameter_info}
        public = {n for n in dir(runtime) if not n.startswith("_")} - parameters
        assert set(members(cls)) | set(methods) | attributes == public, t
    for name, fns in methods.items():
        same_signature(fns, getattr(mbconnect.Connector, name), name)


@pytest.mark.parametrize("method", ["evaluate", "evaluate_many"])
def test_text_signatures_are_what_the_parser_takes(method):
    """Each keyword the docstring's signature lists is taken by the C
    parser (any other error may follow), and another keyword is not."""
    obj = mbconnect.ContactSphereSphere()
    for p in inspect.signature(getattr(obj, method)).parameters.values():
        try:
            getattr(obj, method)(**{p.name: p.default})
        except TypeError as e:
            assert "keyword" not in str(e), (method, p.name, str(e))
        except (ValueError, RuntimeError):
            pass
    with pytest.raises(TypeError, match="keyword"):
        getattr(obj, method)(noSuchArgument=1)
