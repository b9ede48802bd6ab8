# SPDX-License-Identifier: BSD-3-Clause
"""Shared fixtures of the Python tests (run by ctest: PYTHONPATH=build/python,
MBC_BINARY_DIR and MBC_SOURCE_DIR set; see python/CMakeLists.txt)."""
import os
import pathlib

import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("MBC_SOURCE_DIR", pathlib.Path(__file__).parents[2]))
BINARY_DIR = pathlib.Path(os.environ.get("MBC_BINARY_DIR", SOURCE_DIR / "build"))


@pytest.fixture(scope="session")
def source_dir():
    return SOURCE_DIR


@pytest.fixture(scope="session")
def binary_dir():
    return BINARY_DIR


def shortest(x):
    """A number as the library writes it in messages (mbc_format_number):
    the shortest %g text that reads back exactly."""
    if x != x:
        return "nan"
    if x in (float("inf"), float("-inf")):
        return "inf" if x > 0 else "-inf"
    for prec in range(1, 18):
        s = "%.*g" % (prec, x)
        if float(s) == x:
            return s
    return repr(x)
