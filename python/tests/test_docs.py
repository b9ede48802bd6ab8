# SPDX-License-Identifier: BSD-3-Clause
"""docs/python.rst: every ``.. code-block:: python`` block runs, in order, in
one namespace, from the repository root (so the quickstart cannot rot)."""
import contextlib
import io
import os
import re

from conftest import SOURCE_DIR

DOC = SOURCE_DIR / "docs" / "python.rst"


def python_blocks(text):
    blocks = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if re.match(r"^\.\. code-block:: python\s*$", lines[i]):
            i += 1
            body = []
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith("   ")):
                body.append(lines[i][3:])
                i += 1
            blocks.append("\n".join(body).strip("\n"))
        else:
            i += 1
    return blocks


def test_python_blocks_run():
    blocks = python_blocks(DOC.read_text())
    assert len(blocks) >= 4 and "import mbconnect" in blocks[0]
    namespace = {}
    old = os.getcwd()
    os.chdir(SOURCE_DIR)
    try:
        for k, block in enumerate(blocks):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(block, f"{DOC}:block{k + 1}", "exec"), namespace)
            # the printed messages the comments promise
            if "contactStiffness = -1" in block:
                assert "ContactSphereSphere.contactStiffness: must be >= 0 (UReal), given -1" \
                    in out.getvalue()
    finally:
        os.chdir(old)
