# SPDX-License-Identifier: BSD-3-Clause
"""mbconnect: multibody-dynamics connectors (contacts and joints) from Python.

Every connector type of the library is a class of this module, created at
import from the library's reflection tables (``mbconnect.types()`` lists
them); parameters are attributes whose assignment goes through the library's
validating setters. ``obj.evaluate(...)`` evaluates one state with the inputs
of an ``mbc eval`` case file, ``obj.evaluate_many(...)`` evaluates N stacked
states in one C loop, ``mbconnect.evaluate_case(path)`` returns what
``mbc eval`` prints, as a dict, and ``mbconnect.load_plugin(path)`` adds the
types of a plugin. See docs/python.rst.
"""
from . import _core
from ._core import *  # noqa: F401,F403  (the classes, types(), Connector, ...)
from ._core import __version__  # noqa: F401  (the library version, as mbc --version)

_FUNCTIONS = ["Connector", "types", "classes", "load_plugin", "evaluate_case"]


def load_plugin(path):
    """Loads a plugin (a shared library with connector types, built e.g. by
    mbconnect_add_connectors(... PLUGIN name)) and makes a class of each of
    its types, here as for the built-in ones; returns the new type names.
    ``path`` is a file (a path with a '/') or a name, looked up as
    ``mbc --plugin`` does: DIR/NAME, DIR/NAME.so, DIR/libNAME.so for each DIR
    of $MBC_PLUGIN_PATH, then of the installed plugin directory
    (``mbconnect._core.plugin_search_path()``; docs/extending.rst).
    All or none: on ImportError (missing file or entry point, a type name
    already registered, an ABI mismatch) or MemoryError nothing changes."""
    return _core.load_plugin(path)


def __getattr__(name):
    """The classes of types loaded from plugins (mbconnect.ContactCircleCircle2D),
    read from the registry, so that nothing here changes when a plugin is
    loaded; and __all__, the public names of the moment."""
    if name == "__all__":
        return _FUNCTIONS + _core.types()
    cls = _core.classes().get(name)
    if cls is None:
        if name[:1].isupper():  # a connector type's name: the library's "did you mean"
            close = _core.suggest_type(name)
            hint = f" (did you mean {close!r}?)" if close else ""
            raise AttributeError(
                f"module 'mbconnect' has no connector type {name!r}{hint} (known: "
                f"{', '.join(_core.types())}); a type from a plugin needs "
                f"mbconnect.load_plugin(PLUGIN) first (plugin search path: "
                f"{_core.plugin_search_path()})")
        raise AttributeError(f"module 'mbconnect' has no attribute {name!r}")
    return cls


def __dir__():
    return sorted(set(globals()) | set(_core.types()))
