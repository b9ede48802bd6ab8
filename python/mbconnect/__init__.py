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

__all__ = ["Connector", "types", "classes", "load_plugin", "evaluate_case"] + list(_core.types())


def load_plugin(path):
    """load_plugin(path) -> list[str]

    Loads a plugin (a shared library with connector types, built e.g. by
    mbconnect_add_connectors(... PLUGIN name)) and makes a class of each of
    its types, here as for the built-in ones; returns the new type names.
    All or none: on ImportError (missing file or entry point, a type name
    already registered, an ABI mismatch) nothing changes."""
    names = _core.load_plugin(path)
    for name in names:
        globals()[name] = getattr(_core, name)
        __all__.append(name)
    return names
