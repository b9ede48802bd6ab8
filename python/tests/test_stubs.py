# SPDX-License-Identifier: BSD-3-Clause
"""The type stubs mbcgen writes from the specs (mbconnect/__init__.pyi)
against the module: they parse, every type and every parameter is there
with the Python type the getter returns, constructors take exactly the
settable parameters, and read-only parameters have no setter."""
import ast
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
