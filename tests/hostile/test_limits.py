"""The harness every hostile case runs under (tests/hostile/conftest.py): a case that loops for ever and one that
blocks for ever both fail as a hang, and a slow machine alone never does (the limit is on CPU time first)."""

from __future__ import annotations

import time

import pytest


def test_a_case_looping_for_ever_fails_after_its_cpu_time(bounded):
    # the clock's backstop is far off: at load 20 a loop gets a tenth of a core, and 6 x 0.2 s on the clock (the
    # default) could end before 0.2 s of CPU time, which is the alarm this test is about
    with pytest.raises(Exception, match="CPU time") as hang, bounded(0.2, wall_seconds=60):
        while True:
            pass
    assert hang.typename == "Hang"


def test_a_case_blocked_for_ever_fails_on_the_clock(bounded):
    started = time.perf_counter()
    with pytest.raises(Exception, match="still running after") as hang, bounded(0.1):
        time.sleep(30)  # uses no CPU: only the wall-clock alarm ends it
    assert hang.typename == "Hang" and time.perf_counter() - started < 5


def test_waiting_does_not_count_against_the_cpu_limit(bounded):
    """A loaded machine makes a case wait; waiting is not the case's cost (0.5 s asleep under a 0.2 s CPU limit)."""
    with bounded(0.2) as measured:
        time.sleep(0.5)
    assert measured["seconds"] >= 0.5
