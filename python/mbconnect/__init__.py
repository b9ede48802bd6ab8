"""mbconnect: multibody-dynamics connectors (contacts and joints) from Python.

Every connector type of the library is a class of this module, created at
import from the library's reflection tables (``mbconnect.types()`` lists
them); parameters are attributes whose assignment goes through the library's
validating setters. ``obj.evaluate(...)`` evaluates one state with the inputs
of an ``mbc eval`` case file, ``obj.evaluate_many(...)`` evaluates N stacked
states in one C loop, ``mbconnect.evaluate_case(path)`` returns what
``mbc eval`` prints, as a dict. See docs/python.rst.
"""
from . import _core
from ._core import *  # noqa: F401,F403  (the classes, types(), Connector, ...)

__all__ = ["Connector", "types", "classes"] + list(_core.types())
