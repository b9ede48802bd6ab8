# SPDX-License-Identifier: BSD-3-Clause
"""examples/python/newtons_cradle.py, run as a user would: momentum is
conserved, each collision of equal balls passes on (1 + e) / 2 of the speed
(so the last ball leaves at ((1 + e) / 2)^4 times the first one's speed),
kinetic energy only decreases, and the figure is written."""
import runpy

import numpy as np

from conftest import SOURCE_DIR

SCRIPT = SOURCE_DIR / "examples" / "python" / "newtons_cradle.py"


def test_newtons_cradle(tmp_path):
    ns = runpy.run_path(str(SCRIPT), run_name="example")
    t, x, v = ns["simulate"]()
    e, m, speed = ns["RESTITUTION"], ns["MASS"], ns["SPEED"]
    momentum = m * v.sum(axis=1)
    assert np.allclose(momentum, m * speed, rtol=1e-6)
    energy = 0.5 * m * (v ** 2).sum(axis=1)
    # kinetic energy dips while balls are in contact (stored elastically);
    # at the end, with everything apart, it is below the start and
    assert energy[-1] < energy[0]
    last = v[-1]
    assert abs(last[-1] - speed * ((1 + e) / 2) ** 4) < 0.01, last
    assert np.all(np.abs(last[:-1]) < 0.05) and np.all(last[:-1] > 0)
    # the balls no longer touch at the end
    r = ns["RADIUS"]
    assert np.all(np.diff(x[-1]) > 2 * r)
    figure = tmp_path / "cradle.png"
    ns["plot"](t, x, v, figure)
    assert figure.stat().st_size > 10_000


def test_committed_figure_exists():
    assert (SOURCE_DIR / "docs" / "figures" / "newtons_cradle.png").stat().st_size > 10_000
