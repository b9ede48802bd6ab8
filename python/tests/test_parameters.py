# SPDX-License-Identifier: BSD-3-Clause
"""Every parameter of every registered type, from the registry (no type is
named here): set/get round trips through the library's setters, and every
rule of the reflection table gives the library's exact message, with the
value left unchanged."""
import math

import numpy as np
import pytest

import mbconnect
from conftest import shortest

TYPES = mbconnect.types()


def params(kind=None):
    for t in TYPES:
        cls = getattr(mbconnect, t)
        for p in cls.parameter_info:
            yield pytest.param(t, p, id=f"{t}.{p['name']}")


def vparams():
    for t in TYPES:
        cls = getattr(mbconnect, t)
        for p in cls.visualization_info:
            yield pytest.param(t, p, id=f"{t}.visualization.{p['name']}")


def allowed(p, x):
    """Whether the element x satisfies every value rule parameter_info
    states: the type's (min, min_exclusive) and the spec's (one_of, range)."""
    if p["min"] is not None and not (x > p["min"] if p["min_exclusive"] else x >= p["min"]):
        return False
    if p["one_of"] is not None and x not in p["one_of"]:
        return False
    r = p["range"]
    if r is not None:
        if not (x > r["min"] if r["min_open"] else x >= r["min"]):
            return False
        if not (x < r["max"] if r["max_open"] else x <= r["max"]):
            return False
    return True


def sample_element(p, i, default):
    """Element i of a sample value of p: allowed by parameter_info's rules
    and, where the rules leave a choice, different from the default element."""
    kind = p["kind"]
    if kind == "bool":
        return not default if p["shape"] == "scalar" else i % 2 == 0
    if p["one_of"] is not None:
        choices = [x for x in p["one_of"] if x != default] or list(p["one_of"])
        return choices[i % len(choices)]
    lo = p["min"] if p["min"] is not None else 0.0
    r = p["range"]
    if r is not None and math.isfinite(r["min"]):
        lo = max(lo, r["min"])
    hi = r["max"] if r is not None else math.inf
    if math.isfinite(hi):
        # inside the interval, clear of both ends and of the default
        x = lo + (hi - lo) * (i + 1) / 4 if kind in ("real", "float") else None
        if x is None or x == default:
            x = lo + (hi - lo) * (i + 2) / 5
    else:
        x = {"int": 3 + i, "index": 4 + i, "real": 0.25 * (i + 1) + lo + 1.0,
             "float": 0.5 * (i + 1) + lo + 1.0}[kind]
    if kind in ("int", "index"):
        x = int(math.floor(x))
    return x


def sample(p):
    """A value of parameter p that satisfies every value rule its
    parameter_info states (derived from there: no parameter is named here)
    and differs from the default."""
    if p["kind"] == "string":
        return "text 0"
    if p["shape"] == "scalar":
        v = sample_element(p, 0, p["default"])
        assert allowed(p, v), (p["name"], v)
        return v
    n = p["size"] if p["shape"] != "vector" else max(3, p["min_length"])
    defaults = list(np.asarray(p["default"]).ravel())
    v = [sample_element(p, i, defaults[i] if i < len(defaults) else None) for i in range(n)]
    assert all(allowed(p, x) for x in v), (p["name"], v)
    return v


def same(a, b):
    return np.array_equal(np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("t,p", params())
def test_round_trip(t, p):
    cls = getattr(mbconnect, t)
    obj = cls()
    name = p["name"]
    if p["role"] != "input":
        # read-only: derived and state parameters have no setter
        with pytest.raises(AttributeError) as e:
            setattr(obj, name, sample(p))
        what = "derived and computed by initialize" if p["role"] == "derived" else \
            "state updated by the runtime"
        assert str(e.value) == f"{t}.{name}: is {what}; it has no setter ({p['type']}), given a value"
        return
    value = sample(p)
    setattr(obj, name, value)
    got = getattr(obj, name)
    if p["kind"] == "float":
        assert np.allclose(got, np.asarray(value, dtype=np.float32), rtol=0, atol=0)
    else:
        assert same(got, value), (got, value)
    # the Python type follows the parameter's kind
    if p["shape"] == "scalar":
        expected = {"bool": bool, "int": int, "index": int, "real": float, "float": float,
                    "string": str}[p["kind"]]
        assert type(got) is expected
    elif p["kind"] != "string":
        assert isinstance(got, np.ndarray) and got.ndim == 1
    # the same through the constructor, and parameters() agrees
    obj2 = cls(**{name: value})
    assert same(getattr(obj2, name), got)
    assert same(obj2.parameters()[name], got)
    # numpy input works like a list
    if p["shape"] != "scalar" and p["kind"] != "string":
        obj3 = cls()
        setattr(obj3, name, np.asarray(value, dtype=np.float64))
        assert same(getattr(obj3, name), got)


@pytest.mark.parametrize("t,p", params())
def test_defaults(t, p):
    obj = getattr(mbconnect, t)()
    got = getattr(obj, p["name"])
    if p["kind"] == "index" and p["must_be_set"] and p["shape"] != "vector":
        # marker and node numbers default to 0, 1, ... (as in `mbc eval`), and
        # that is the default shown (parameter_info, the docstring, describe())
        expected = list(range(p["size"])) if p["shape"] != "scalar" else 0
        assert same(got, expected)
        text = str(expected)
        assert p["default_text"] == text + " (numbered as by mbc eval; a model must set it)"
        assert p["spec_default_text"].startswith("must be set")
        assert np.all(np.asarray(p["spec_default"]) == -1)  # invalid: a model sets them
        assert getattr(mbconnect, t).__dict__[p["name"]].__doc__.split(", default ")[1].startswith(
            text + " (")
        assert f"  {p['name']}: {p['type']}" in (d := getattr(mbconnect, t).describe())
        assert d.split(f"  {p['name']}: ")[1].split(" = ")[1].startswith(text + " (")
    elif p["role"] == "input":
        assert p["default_text"] == p["spec_default_text"]
        assert same(p["spec_default"], p["default"])
    if p["role"] == "input":
        assert same(got, p["default"]), (got, p["default"])


def with_last(p, good, x):
    """(value, index text of messages): x itself for a scalar parameter, else
    the list good with its last element replaced by x and "[i] "."""
    if p["shape"] == "scalar":
        return x, ""
    v = list(good)
    v[-1] = x
    return v, f"[{len(v) - 1}] "


def expect_error(obj, name, value, exc, message):
    before = getattr(obj, name)
    with pytest.raises(exc) as e:
        setattr(obj, name, value)
    assert str(e.value) == message
    assert same(getattr(obj, name), before), "the value must stay unchanged"


@pytest.mark.parametrize("t,p", params())
def test_type_rules(t, p):
    """The value rule of the parameter's type, element by element."""
    if p["role"] != "input":
        pytest.skip("read-only parameter")
    obj = getattr(mbconnect, t)()
    name, ptype = p["name"], p["type"]
    head = f"{t}.{name}: "
    scalar = p["shape"] == "scalar"
    good = sample(p)

    def with_bad(x):
        return with_last(p, good, x)

    if p["kind"] == "string":
        expect_error(obj, name, 1.5, TypeError, head + f"must be a string ({ptype}), given a number")
        expect_error(obj, name, None, TypeError, head + f"must be a string ({ptype}), given NoneType")
        return
    if p["choices"]:
        # a named choice takes a name: a wrong one is a ValueError listing them
        names = ", ".join(p["choices"])
        last = len(p["choices"]) - 1
        expect_error(obj, name, "x", ValueError,
                     head + f"must be one of {names} or their numbers 0 to {last} ({ptype}), given 'x'")
    else:
        expect_error(obj, name, "x", TypeError, head + f"must be a number ({ptype}), given a string")
    # None and other Python types that are no numbers: TypeError naming the type given
    want = "a number" if scalar else "a list of numbers"
    expect_error(obj, name, {"a": 1}, TypeError, head + f"must be {want} ({ptype}), given dict")
    expect_error(obj, name, None, TypeError, head + f"must be {want} ({ptype}), given NoneType")
    expect_error(obj, name, 1 + 2j, TypeError, head + f"must be {want} ({ptype}), given complex")
    expect_error(obj, name, object(), TypeError, head + f"must be {want} ({ptype}), given object")
    for element, named in ((None, "NoneType"), ("x", "str"), (1j, "complex")):
        bad, at = with_bad(element)
        if not scalar:
            expect_error(obj, name, bad, TypeError,
                         head + f"must be {want} ({ptype}), given list containing {named}")
            expect_error(obj, name, np.array(bad, dtype=object), TypeError,
                         head + f"must be {want} ({ptype}), given numpy.ndarray containing {named}")
    expect_error(obj, name, np.zeros(2, dtype=complex), TypeError,
                 head + f"must be {want} ({ptype}), given numpy.ndarray of dtype complex128")
    bad, at = with_bad(math.nan)
    expect_error(obj, name, bad, ValueError, head + f"{at}must be finite ({ptype}), given nan")
    bad, at = with_bad(math.inf)
    expect_error(obj, name, bad, ValueError, head + f"{at}must be finite ({ptype}), given inf")
    if p["kind"] == "bool":
        bad, at = with_bad(2)
        expect_error(obj, name, bad, ValueError, head + f"{at}must be 0 or 1 ({ptype}), given 2")
    if p["kind"] == "int":
        bad, at = with_bad(1.5)
        expect_error(obj, name, bad, ValueError,
                     head + f"{at}must be a whole number ({ptype}), given 1.5")
    if p["kind"] == "index":
        bad, at = with_bad(1.5)
        expect_error(obj, name, bad, ValueError,
                     head + f"{at}must be a valid index >= 0 or -1 for invalid ({ptype}), given 1.5")
        bad, at = with_bad(-2)
        expect_error(obj, name, bad, ValueError,
                     head + f"{at}must be a valid index >= 0 or -1 for invalid ({ptype}), given -2")
    if p["min"] is not None:
        below = p["min"] if p["min_exclusive"] else p["min"] - 1
        bad, at = with_bad(below)
        expect_error(obj, name, bad, ValueError,
                     head + f"{at}must be {p['rule']} ({ptype}), given {shortest(below)}")
    if p["shape"] == "fixed":
        n = p["size"]
        expect_error(obj, name, [good[0]] * (n + 1), ValueError,
                     head + f"must have {n} value{'s' if n != 1 else ''} ({ptype}), given {n + 1}")
        expect_error(obj, name, np.zeros((n, 2)), ValueError,
                     head + f"must be a list of numbers ({ptype}), given an array with 2 dimensions")
    if scalar:
        expect_error(obj, name, [good, good], ValueError,
                     head + f"must have 1 value ({ptype}), given 2")


@pytest.mark.parametrize("t,p", vparams())
def test_visualization(t, p):
    obj = getattr(mbconnect, t)()
    value = sample(p)
    setattr(obj.visualization, p["name"], value)
    got = getattr(obj.visualization, p["name"])
    if p["kind"] == "float":
        assert np.array_equal(got, np.asarray(value, dtype=np.float32))
    else:
        assert same(got, value)
    assert same(obj.parameters()["visualization." + p["name"]], got)
    obj2 = getattr(mbconnect, t)(visualization={p["name"]: value})
    assert same(getattr(obj2.visualization, p["name"]), got)
    if p["kind"] != "string":
        with pytest.raises(TypeError) as e:
            setattr(obj.visualization, p["name"], "x")
        assert str(e.value) == f"{t}.{p['name']}: must be a number ({p['type']}), given a string"
        assert same(getattr(obj.visualization, p["name"]), got)


@pytest.mark.parametrize("t,p", params())
def test_cross_field_rules(t, p):
    """Rules checked at initialization: validate() lists them in the library's
    words and initialize()/evaluate() raise ValueError with them."""
    cls = getattr(mbconnect, t)
    name, ptype = p["name"], p["type"]
    head = f"{t}.{name}: "
    cases = []
    if p["must_be_set"] and p["role"] == "input":
        if p["shape"] == "scalar":
            cases.append((-1, f"must be set ({ptype} >= 0), given -1"))
        elif p["shape"] == "fixed":
            cases.append(([-1] * p["size"], f"[0] must be set ({ptype} >= 0), given -1"))
        else:
            cases.append(([2, -1, 4], f"[1] must be set ({ptype} >= 0), given -1"))
    if p["min_length"] > 0 and p["role"] == "input":
        k = p["min_length"] - 1
        value = [1] * k if p["kind"] != "real" else [0.5] * k
        n = p["min_length"]
        cases.append((value, f"must have at least {n} value{'s' if n != 1 else ''}, given {k}"))
    if p["non_decreasing"] and p["role"] == "input":
        cases.append(([0.0, 2.0, 1.0], "must be non-decreasing, given [2] = 1 after [1] = 2"))
    if p["positive_when"] and p["role"] == "input":
        flag = p["positive_when"]
        obj_args = {flag: True}
        bad = 0 if p["min"] is None or p["min"] <= 0 else p["min"]
        cases.append(((bad, obj_args), f"must be > 0 when {flag} is True, given {shortest(bad)}"))
    if not cases:
        pytest.skip("no cross-field rule")
    for value, message in cases:
        extra = {}
        if isinstance(value, tuple):
            value, extra = value
        obj = cls(**extra)
        setattr(obj, name, value)
        problems = obj.validate()
        assert head + message in problems, problems
        with pytest.raises(ValueError) as e:
            obj.initialize()
        text = str(e.value)
        assert text.split("; ")[0] in problems
        assert (head + message) == text or len(problems) > 1


def one_of_text(p):
    """"one of 0, 1, 2", or with named choices "one of hooke (0), hertz (1)"."""
    if p["choices"]:
        return "one of " + ", ".join(f"{n} ({shortest(v)})" for n, v in zip(p["choices"], p["one_of"]))
    return "one of " + ", ".join(shortest(x) for x in p["one_of"])


def rules_text(p):
    """The rules in words as this test reads them from parameter_info: the
    spec's one_of and range, the type's rule when those allow a value it
    refuses, then the required hint and the check's statement."""
    spec = []
    if p["one_of"] is not None:
        spec.append(one_of_text(p))
    r = p["range"]
    if r is not None:
        spec.append(r["text"])
    implied = False
    if p["min"] is not None and p["one_of"] is not None:
        implied = all(allowed({**p, "one_of": None, "range": None}, x) for x in p["one_of"])
    elif p["min"] is not None and r is not None:
        implied = r["min"] > p["min"] or (r["min"] == p["min"] and
                                          (r["min_open"] or not p["min_exclusive"]))
    words = [p["rule"]] if p["rule"] is not None and not (spec and implied) else []
    text = " and ".join(words + spec)
    if p["required"] is not None:
        text += (" " if text else "") + f"(required: {p['required']})"
    if p["check_text"] is not None:
        text += ("; " if text else "") + f"check: {p['check_text']}"
    return text or None


def test_check_text():
    """A check's statement (the spec's rules.check_text), by hand: in
    parameter_info, after the type's rule in the docstring and describe(),
    and None for a parameter without a check."""
    cls = mbconnect.ContactGranular
    info = {p["name"]: p for p in cls.parameter_info}
    want = ("k_roll > 0 with rollingModel sds (a sliding contact's history is the "
            "force over it)")
    assert info["rollingStiffness"]["check_text"] == want
    assert info["rollingStiffness"]["rules_text"] == ">= 0; check: " + want
    assert f", rules >= 0; check: {want}" in cls.rollingStiffness.__doc__
    assert f"\n      rules: >= 0; check: {want}\n" in cls.describe()
    assert info["limitDamping"]["rules_text"].startswith("check: false with the cohesive")
    assert info["normalDamping"]["check_text"] is None
    # every check of the type has a statement; the type has five
    checks = [n for n, p in info.items() if p["check_text"] is not None]
    assert checks == ["youngsModulus", "limitDamping", "tangentialStiffness",
                      "rollingStiffness", "twistingModel"]


@pytest.mark.parametrize("t,p", params())
def test_physical_rules(t, p):
    """parameter_info states the spec's physical-validity rules (one_of,
    range with its ends, required) as the library applies them: each value
    it allows is accepted, each end it excludes is refused with the
    library's message; the docstring, describe() and rules_text say them."""
    cls = getattr(mbconnect, t)
    name, ptype = p["name"], p["type"]
    head = f"{t}.{name}: "
    assert set(p) >= {"one_of", "range", "required", "rules_text", "check_text"}
    assert p["rules_text"] == rules_text(p)
    if p["rules_text"] is not None:
        assert f", rules {p['rules_text']}" in getattr(cls, name).__doc__
        assert f"\n      rules: {p['rules_text']}\n" in cls.describe()
    else:
        assert ", rules " not in getattr(cls, name).__doc__.split("\n\n")[0]
    if p["role"] != "input" or p["kind"] == "string":
        assert p["one_of"] is None and p["range"] is None and p["required"] is None
        return
    good = sample(p)
    scalar = p["shape"] == "scalar"

    def with_element(x):
        return with_last(p, good, x)

    def refused_with(x):
        """The rule the library names for x: the type's first, then the spec's."""
        if p["min"] is not None and not allowed({**p, "one_of": None, "range": None}, x):
            return p["rule"]
        if p["range"] is not None and not allowed({**p, "one_of": None}, x):
            return p["range"]["text"]
        return one_of_text(p)

    def refusal(at, x):
        return head + f"{at}must be {refused_with(x)} ({ptype}), given {shortest(x)}"

    if p["one_of"] is not None:
        obj = cls()
        for x in p["one_of"]:
            value, _ = with_element(x)
            setattr(obj, name, value)
            assert same(getattr(obj, name), value)
        outside = max(p["one_of"]) + 1
        value, at = with_element(outside)
        expect_error(obj, name, value, ValueError, refusal(at, outside))
    r = p["range"]
    if r is not None:
        obj = cls()
        for end, is_open, step in ((r["min"], r["min_open"], -1.0), (r["max"], r["max_open"], 1.0)):
            if not math.isfinite(end):
                continue
            for x, ok in ((end, not is_open), (end + step, False)):
                ok = ok and allowed(p, x)
                value, at = with_element(x)
                # the setters take the documented placeholder back (validate() refuses it)
                placeholder = p["required"] is not None and same(value, p["spec_default"])
                if ok or placeholder:
                    setattr(obj, name, value)
                    assert same(getattr(obj, name), value)
                else:
                    expect_error(obj, name, value, ValueError, refusal(at, x))
    if p["required"] is not None:
        # the documented default is a placeholder the rules refuse: a new
        # object must be given a value, and validate() says how
        default = list(np.asarray(p["spec_default"], dtype=float).ravel())
        assert not all(allowed(p, x) for x in default)
        bad = next(x for x in default if not allowed(p, x))
        shown = ", ".join(shortest(x) for x in default)
        got = shown if scalar else f"[{shown}]"
        want = (head + f"must be {refused_with(bad)} before initialize (given {got}, "
                f"the unset default: {p['required']})")
        assert want in cls().validate()
        assert want not in cls(**{name: good}).validate()


@pytest.mark.parametrize("t,p", params())
def test_same_length_rule(t, p):
    other = p["same_length_as"]
    if not other or p["role"] != "input":
        pytest.skip("no same-length rule")
    cls = getattr(mbconnect, t)
    info = {q["name"]: q for q in cls.parameter_info}
    obj = cls()
    setattr(obj, other, sample(info[other]))
    m = len(getattr(obj, other))
    n = m + 1
    setattr(obj, p["name"], [1.0] * n if p["kind"] in ("real", "float") else list(range(n)))
    assert f"{t}.{p['name']}: must have the same length as {other} ({m}), given {n}" \
        in obj.validate()


def osa_distance(a, b):
    """Optimal string alignment distance ignoring case, written here from its
    definition (Levenshtein plus the swap of two neighbors) as the oracle of
    the library's suggestions (mbconnect/suggest.h)."""
    a, b = a.lower(), b.lower()
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[len(a)][len(b)]


def expected_suggestion(names, given):
    """The first of names at the smallest distance that is close: at most 2
    and at most a third of the longer name."""
    close = [(osa_distance(given, n), k, n) for k, n in enumerate(names)
             if n != given and osa_distance(given, n) <= min(2, max(len(n), len(given)) / 3)]
    return min(close)[2] if close else None


def misspellings(name):
    """A swap of two neighbors, a dropped letter and a doubled one, in the
    middle of the name, and the name with its first letter's case changed."""
    m = len(name) // 2
    return [name[:m - 1] + name[m] + name[m - 1] + name[m + 1:], name[:m] + name[m + 1:],
            name[:m] + name[m] + name[m:], name[0].swapcase() + name[1:]]


@pytest.mark.parametrize("t", TYPES)
def test_misspelled_parameter_is_suggested(t):
    """A keyword argument or attribute that misspells a parameter names the
    closest parameter; a name close to none gets the describe() hint."""
    cls = getattr(mbconnect, t)
    names = [p["name"] for p in cls.parameter_info]
    checked = 0
    for name in (n for n in names if len(n) >= 6):
        for typo in misspellings(name):
            if typo in names:
                continue
            want = expected_suggestion(names, typo)
            assert want is not None and osa_distance(typo, want) <= osa_distance(typo, name)
            with pytest.raises(TypeError) as e:
                cls(**{typo: 1})
            assert str(e.value) == f"{t} has no parameter '{typo}' (did you mean '{want}'?)"
            obj = cls()
            with pytest.raises(AttributeError) as e:
                setattr(obj, typo, 1)
            assert str(e.value) == f"{t} has no parameter '{typo}' (did you mean '{want}'?)"
            checked += 1
    assert checked > 0
    far = "q" * 40
    assert expected_suggestion(names, far) is None
    with pytest.raises(TypeError) as e:
        cls(**{far: 1})
    assert str(e.value) == f"{t} has no parameter '{far}' (see mbconnect.{t}.describe())"


def test_misspelled_parameter_examples():
    with pytest.raises(TypeError) as e:
        mbconnect.ContactSphereSphere(contactStifness=1e5)
    assert str(e.value) == ("ContactSphereSphere has no parameter 'contactStifness' "
                            "(did you mean 'contactStiffness'?)")
    with pytest.raises(AttributeError) as e:
        mbconnect.ContactSphereSphere().visualization.colr = [1, 0, 0, 1]
    assert str(e.value) == ("ContactSphereSphere has no visualization parameter 'colr' "
                            "(did you mean 'color'?)")


def test_unknown_and_positional():
    for t in TYPES:
        cls = getattr(mbconnect, t)
        with pytest.raises(TypeError) as e:
            cls(noSuchParameter=1)
        assert str(e.value) == \
            f"{t} has no parameter 'noSuchParameter' (see mbconnect.{t}.describe())"
        with pytest.raises(TypeError):
            cls(1)
        obj = cls()
        with pytest.raises(AttributeError):
            obj.noSuchParameter = 1  # typos do not silently create attributes
        with pytest.raises(AttributeError):
            del obj.parameter_info
    with pytest.raises(TypeError):
        mbconnect.Connector()


def test_describe_and_help():
    for t in TYPES:
        cls = getattr(mbconnect, t)
        text = cls.describe()
        assert text == cls().describe() == cls.__doc__
        assert text.startswith(f"{t} (Object{t})\n")
        for p in cls.parameter_info:
            assert f"  {p['name']}: {p['type']}" in text
            assert p["description"] in text
            if p["symbol"]:
                assert p["symbol"] in text
            if p["unit"]:
                assert "unit " + p["unit"] in text
            doc = getattr(cls, p["name"]).__doc__
            assert p["type"] in doc and p["description"] in doc and p["default_text"] in doc
        for o in cls.output_info:
            assert f"  {o['name']} [" in text
        for d in cls.data_info:
            assert f"  {d['name']} (initial " in text
        import pydoc
        rendered = pydoc.render_doc(cls, renderer=pydoc.plaintext)
        for p in cls.parameter_info:
            assert p["name"] in rendered
    # the library's words for an output (mbc_output_text), as mbc describe
    # prints them: specs/ContactSphereSphere.lua's Force, by hand
    assert "  Force [3]\n      global contact force vector\n" in mbconnect.ContactSphereSphere.describe()


def test_named_choices():
    """An integer parameter with named choices (the spec's `choices`): its
    record lists the names (value i is called names[i]), a name sets its
    value as the number does, a wrong name is refused with the closest one,
    and describe() and help() show the names; a parameter without choices
    has None."""
    cls = mbconnect.ContactGranular
    info = {p["name"]: p for p in cls.parameter_info}
    assert info["normalModel"]["choices"] == ("hooke", "hertz", "hertz/material", "dmt", "jkr")
    assert info["twistingModel"]["choices"] == ("none", "sds", "marshall")
    assert info["normalModel"]["one_of"] == (0, 1, 2, 3, 4)
    assert info["normalStiffness"]["choices"] is None
    assert all(p["choices"] is None for p in mbconnect.ContactSphereSphere.parameter_info)
    c = cls(normalModel="jkr", tangentialModel="mindlin/force")
    assert c.normalModel == 4 and c.tangentialModel == 4
    c.dampingModel = "tsuji"
    assert c.dampingModel == 3
    c.dampingModel = 1  # the number as before
    assert c.dampingModel == 1
    with pytest.raises(ValueError) as e:
        c.normalModel = "hertzz"
    assert str(e.value) == ("ContactGranular.normalModel: must be one of hooke, hertz, "
                            "hertz/material, dmt, jkr or their numbers 0 to 4 (UInt), given "
                            "'hertzz' (did you mean 'hertz'?)")
    assert c.normalModel == 4, "the value must stay unchanged"
    with pytest.raises(ValueError) as e:
        c.normalModel = 5
    assert str(e.value) == ("ContactGranular.normalModel: must be one of hooke (0), hertz (1), "
                            "hertz/material (2), dmt (3), jkr (4) (UInt), given 5")
    text = cls.describe()
    assert "  normalModel: UInt = 1 (hertz)\n" in text
    assert "      rules: one of hooke (0), hertz (1), hertz/material (2), dmt (3), jkr (4)\n" in text
    assert info["normalModel"]["rules_text"] == (
        "one of hooke (0), hertz (1), hertz/material (2), dmt (3), jkr (4)")
    assert cls.normalModel.__doc__.startswith("UInt, default 1 (hertz), rules one of hooke (0)")


def test_pair_binding():
    """Type.pair_binding: None, or the spec's binding (the kind, the markers
    at the two centers, the parameter of two real elements that receives the
    radii); describe() says the same in one line."""
    bound = 0
    for t in TYPES:
        cls = getattr(mbconnect, t)
        b = cls.pair_binding
        text = cls.describe()
        if b is None:
            assert "\npair binding: none\n" in text
            continue
        bound += 1
        assert set(b) == {"kind", "centers", "radii", "masses", "kernel", "reach"}
        assert b["kind"] == "spheres"
        assert sorted(b["centers"]) == ["m0", "m1"]
        radii = {p["name"]: p for p in cls.parameter_info}[b["radii"]]
        assert radii["kind"] == "real" and radii["shape"] == "fixed" and radii["size"] == 2
        assert radii["role"] == "input"
        for m in b["centers"]:  # sphere centers: Position or Position+Orientation markers
            assert cls.marker_kinds[int(m[1])] in ("position", "rigid")
        masses = f", masses [m_a, m_b] in {b['masses']}" if b["masses"] else ""
        kernel = "in-place kernel" if b["kernel"] else "through the hooks (no in-place kernel)"
        reach = "; contacts held beyond touching, to the law's reach" if b["reach"] else ""
        assert (f"\npair binding: spheres, sphere a at {b['centers'][0]}, sphere b at "
                f"{b['centers'][1]}, radii [r_a, r_b] in {b['radii']}{masses} (mbc-lammps sets "
                f"them); {kernel}{reach}\n" in text)
    assert bound >= 1
    # as specs/ContactSphereSphere.lua writes it
    assert mbconnect.ContactSphereSphere.pair_binding == {
        "kind": "spheres", "centers": ("m0", "m1"), "radii": "spheresRadii", "masses": None,
        "kernel": True, "reach": False}
    # specs/ContactGranular.lua: masses, kernel and reach (jkr's pull-off)
    assert mbconnect.ContactGranular.pair_binding == {
        "kind": "spheres", "centers": ("m0", "m1"), "radii": "spheresRadii",
        "masses": "spheresMasses", "kernel": True, "reach": True}
    assert mbconnect.JointALEMoving2D.pair_binding is None
    # specs/ContactGranClassic.lua: masses (a rigid body's, +inf frozen), kernel, no reach
    assert mbconnect.ContactGranClassic.pair_binding == {
        "kind": "spheres", "centers": ("m0", "m1"), "radii": "spheresRadii",
        "masses": "spheresMasses", "kernel": True, "reach": False}


def test_wall_binding():
    """Type.wall_binding: None, or the walls the spec's wall binding takes
    (the wall in sphere b's place); describe() says the same in one line."""
    for t in TYPES:
        cls = getattr(mbconnect, t)
        w = cls.wall_binding
        text = cls.describe()
        if w is None:
            assert "\nwall binding: none\n" in text
            continue
        assert cls.pair_binding is not None  # the wall takes the place of sphere b
        assert w["shapes"] and set(w["shapes"]) <= {"plane", "cylinder"}
        assert (f"\nwall binding: {', '.join(w['shapes'])} in sphere b's place (infinite mass, "
                "the wall's radius of curvature)\n" in text)
    # as specs/ContactGranular.lua writes it
    assert mbconnect.ContactGranular.wall_binding == {"shapes": ("plane", "cylinder")}
    assert mbconnect.ContactGranClassic.wall_binding == {"shapes": ("plane", "cylinder")}
    assert mbconnect.ContactSphereSphere.wall_binding is None


def test_units_are_those_of_the_descriptions():
    for t in TYPES:
        for p in getattr(mbconnect, t).parameter_info:
            if "[SI:" in p["description"]:
                start = p["description"].index("[SI:") + 4
                assert p["unit"] == p["description"][start:p["description"].index("]", start)]
            else:
                assert p["unit"] == ""
def test_units_parsed_by_the_grammar():
    """The unit grammar (mbconnect/unit.h) shows each unit in SI base units,
    worked out by hand: N/m = kg s^-2, Pa = kg m^-1 s^-2, m/s."""
    info = {p["name"]: p for p in mbconnect.ContactSphereSphere.parameter_info}
    assert (info["contactStiffness"]["unit"], info["contactStiffness"]["unit_si"]) == ("N/m", "kg s^-2")
    assert info["frictionProportionalZone"]["unit_si"] == "m s^-1"
    assert info["markerNumbers"]["unit_si"] == ""
    text = mbconnect.ContactSphereSphere.describe()
    assert "unit N/m (kg s^-2)" in text
    granular = {p["name"]: p for p in mbconnect.ContactGranular.parameter_info}
    assert granular["youngsModulus"]["unit_si"] == "kg m^-1 s^-2"
    assert "unit N s/m (kg s^-1), 1/s (s^-1), 1/(m s) (m^-1 s^-1), 1 (1)" in mbconnect.ContactGranular.describe()
    assert "unit N/m (kg s^-2)" in mbconnect.ContactSphereSphere.contactStiffness.__doc__




def test_type_names_found():
    """A typo of a type's name gets the library's "did you mean" (the one rule
    of mbconnect/suggest.h) and names load_plugin for a plugin's type."""
    with pytest.raises(AttributeError, match=r"^module 'mbconnect' has no connector type "
                       r"'ContactSphereSpere' \(did you mean 'ContactSphereSphere'\?\) \(known: "
                       r".*\); a type from a plugin needs mbconnect.load_plugin\(PLUGIN\) first "
                       r"\(plugin search path: [^()]*/mbconnect/plugins\)$"):
        mbconnect.ContactSphereSpere  # noqa: B018
    with pytest.raises(AttributeError, match=r"no connector type 'NoSuchType' \(known: "):
        mbconnect.NoSuchType  # noqa: B018
    assert mbconnect._core.suggest_type("contactgranular") == "ContactGranular"
    assert mbconnect._core.suggest_type("NoSuchType") is None
    with pytest.raises(AttributeError, match=r"^module 'mbconnect' has no attribute 'nothing'$"):
        mbconnect.nothing  # noqa: B018
