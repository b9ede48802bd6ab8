# SPDX-License-Identifier: BSD-3-Clause
"""The step in the hooks' state (issue 45): evaluate(dt=...) hands the hooks
dt and the phase of an explicit step; without dt they see 0 and no phase.
StepProbe is tests/plugin/plugin_step.c: the force on m0 is (dt, phase,
xi), and PostNewtonStep integrates xi = xi_start + v_x dt."""
import pytest

import mbconnect
from conftest import BINARY_DIR

STEP = BINARY_DIR / "lib" / "libmbc_test_step_plugin.so"
MARKERS = [{"position": [0, 0, 0], "velocity": [0, 0, 0]},
           {"position": [0.9, 0, 0], "velocity": [2, 0, 0]}]
PHASE_EXPLICIT = 3


def test_evaluate_hands_the_step_to_the_hooks():
    assert mbconnect.load_plugin(STEP) == ["StepProbe"]
    probe = mbconnect.StepProbe()
    r = probe.evaluate(markers=MARKERS, data=[0.125], dataStartOfStep=[0.125], dt=0.25)
    assert list(r["forces"]["markers"][0]["force"]) == [0.25, PHASE_EXPLICIT, 0.125]
    assert list(r["postNewtonStep"]["data"]) == [0.125 + 2 * 0.25]
    r = probe.evaluate(markers=MARKERS, data=[0.125])
    assert list(r["forces"]["markers"][0]["force"]) == [0.0, 0.0, 0.125]
    assert list(r["postNewtonStep"]["data"]) == [0.125]  # no step: the history stays
    with pytest.raises(ValueError) as e:
        probe.evaluate(markers=MARKERS, data=[0.125], dt=-1.0)
    assert str(e.value) == "dt: must be a finite time step >= 0 [s] (given -1)"
