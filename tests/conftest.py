"""Shared fixtures, and the collector that runs every scenario file under tests/scenarios/ as a test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the toy game plugin (tests/toygame/)


def make_rules(expansions: list[str], packs=()):
    """Rules with exactly ``expansions`` enabled (and the fan pack folders ``packs``). The test-only Hideout game (tests/toygame/) is its own world, its
    content pack loaded the way a game loads any expansion's; everything else is the installed expansions with
    their content packs."""
    if list(expansions) == ["hideout"]:
        from swrebellion.games import rules_from_active

        return rules_from_active(toy_active(), packs)
    from swrebellion.games import rules_for

    return rules_for(tuple(expansions), packs)


def toy_active():
    """Only the Hideout plugin enabled, found as an extra plugin (tests/test_example_plugin.py installs it for real)."""
    import toygame

    from swrebellion.plugins import activate, discover

    return activate(env="hideout", folder=Path("/nonexistent"), discovery=discover(extra=[(toygame, "tests/toygame/")]))


@pytest.fixture
def base_rules():
    """The base game with its content pack."""
    return make_rules(["base"])


@pytest.fixture
def toy_rules():
    return make_rules(["hideout"])


def pytest_collection_modifyitems(items):
    """The tests marked ``slow`` first (in their order), the rest after: xdist hands the workers tests in this
    order, so the slow ones start at once, side by side, instead of one of them starting last and keeping the
    whole run waiting. The exact odds' tests (their files are named for them) come last, by when the loops they
    run are compiled (:func:`pytest_sessionstart`)."""
    items.sort(key=lambda item: (item.get_closest_marker("slow") is None, "odds" in item.path.name))


#: The exact odds' loops compiled (or loaded), for both damage policies.
ODDS_WARMUP = """
from swrebellion.engine import scenario
from swrebellion.expansions.base.odds import warm_up
from swrebellion.games import rules_for
warm_up(scenario.start(scenario.Scenario.model_validate({"name": "warm-up", "state": {}}), rules_for(("base",))))
"""


def pytest_sessionstart(session):
    """On a fresh checkout the exact odds' loops are compiled by numba the first time they run (some 20 s of CPU
    here), and every worker and every server a test starts would compile them for itself until one has kept them
    on disk: so the run compiles them once, in a process of its own, from the start, while the workers run the
    other tests (the odds' come last); it ends by itself. Where they are kept already, it only loads them."""
    if hasattr(session.config, "workerinput"):  # a worker of pytest-xdist: the run's first process starts it
        return
    subprocess.Popen([sys.executable, "-c", ODDS_WARMUP], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                     stderr=subprocess.DEVNULL)


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true",
                     help="rewrite tests/golden/ from the games as they play now (tests/test_golden_logs.py)")


def pytest_collect_file(parent, file_path: Path):
    if file_path.suffix in (".yaml", ".yml") and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    def runtest(self):
        from swrebellion.engine import scenario

        spec = scenario.load_scenario(self.path)
        game = scenario.run(spec, make_rules)
        doubts = scenario.concerns(spec, game)
        if doubts:  # as `rebellion scenario run --strict`: our own scenarios leave nothing in doubt
            raise scenario.ScenarioFailure("; ".join(doubts))

    def repr_failure(self, excinfo):
        from swrebellion.engine.scenario import ScenarioError, ScenarioFailure

        if isinstance(excinfo.value, (ScenarioFailure, ScenarioError)):
            return f"{self.path.name}: {excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario {self.name}"


def pytest_terminal_summary(terminalreporter):
    """The hostile-input tally of issue 16: how many cases ran, how many were handled cleanly, the slowest."""
    reports = [r for key in ("passed", "failed", "error") for r in terminalreporter.stats.get(key, [])
               if getattr(r, "when", "") == "call" and "tests/hostile/" in r.nodeid.replace("\\", "/")
               and "test_limits.py" not in r.nodeid]  # the harness's own tests are not hostile inputs
    if not reports:
        return
    clean = [r for r in reports if r.passed]
    slowest = max(reports, key=lambda r: r.duration)
    terminalreporter.write_line(
        f"hostile inputs: {len(reports)} tried, {len(clean)} handled cleanly; "
        f"slowest {slowest.nodeid.split('::')[-1]} ({slowest.duration:.2f} s)")
