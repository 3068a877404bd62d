"""The hostile-input tally (issue 16): every case runs under :func:`limits` (the ``bounded`` fixture), so a hang
or a memory blow-up fails the case instead of stalling the suite. The tally itself (cases tried, handled cleanly, the slowest) is printed at
the end of a run by ``pytest_terminal_summary`` in tests/conftest.py."""

from __future__ import annotations

import signal
import time
from contextlib import contextmanager

import pytest

resource = pytest.importorskip("resource", reason="the tally's limits need POSIX signals and resource limits")

#: How much CPU time one case may take, and how much memory it may use beyond what the process already holds.
SECONDS = 20
MEMORY = 768 * 1024 * 1024
#: A case blocked without using CPU (a read that never returns) fails after this many times its CPU limit in wall
#: time. The limit is on CPU time first because wall time is not the case's own: on a machine at load 20, a
#: validation that takes 5 s alone took over 20 s, and the alarm cut its report short (a JSONDecodeError, not a hang).
WALL_FACTOR = 6


class Hang(Exception):
    """The case ran past its time limit."""


def _address_space() -> int | None:
    try:
        with open("/proc/self/statm", encoding="ascii") as handle:
            return int(handle.read().split()[0]) * resource.getpagesize()
    except OSError:  # not Linux: no address-space limit (RLIMIT_AS is not enforced elsewhere anyway)
        return None


@contextmanager
def limits(seconds: float = SECONDS, memory: int = MEMORY, wall_seconds: float | None = None):
    """Run the block with a time limit (SIGPROF after ``seconds`` of this process's CPU time interrupts a Python
    loop that would never end; SIGALRM after ``wall_seconds`` on the clock, by default ``WALL_FACTOR`` times as
    long, one blocked for ever) and a memory limit (RLIMIT_AS above the current address space: a blow-up raises
    MemoryError instead of exhausting the machine). Yields a dict that holds the elapsed seconds afterwards."""
    if wall_seconds is None:
        wall_seconds = seconds * WALL_FACTOR

    def cpu(signum, frame):
        raise Hang(f"still running after {seconds} s of CPU time")

    def wall(signum, frame):
        raise Hang(f"still running after {wall_seconds} s")

    used = _address_space()
    old_limit = resource.getrlimit(resource.RLIMIT_AS)
    old_cpu, old_wall = signal.signal(signal.SIGPROF, cpu), signal.signal(signal.SIGALRM, wall)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    signal.setitimer(signal.ITIMER_REAL, wall_seconds)
    if used is not None:
        resource.setrlimit(resource.RLIMIT_AS, (used + memory, old_limit[1]))
    measured: dict[str, float] = {}
    started = time.perf_counter()
    try:
        yield measured
    finally:
        measured["seconds"] = time.perf_counter() - started
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGPROF, old_cpu)
        signal.signal(signal.SIGALRM, old_wall)
        if used is not None:
            resource.setrlimit(resource.RLIMIT_AS, old_limit)


@pytest.fixture
def bounded():
    """:func:`limits`, for the cases: ``with bounded(): ...`` or ``with bounded(5, 64 << 20) as measured: ...``."""
    return limits


@pytest.fixture
def world(tmp_path, monkeypatch):
    """An empty current folder with no expansion selection from the environment."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SWREBELLION_EXPANSIONS", raising=False)
    return tmp_path
