"""`rebellion serve` makes the exact odds ready while it starts (issue 34: the odds beside a move that starts a
combat): their compiled loops are loaded in a thread of their own, so the first page beside a move into combat does
not wait for them (compiling them the first time ever takes some 20 s), and the server never waits for that nor
stops for it. Processes making them ready at once take turns, so that they are compiled once, not once each."""

from __future__ import annotations

import logging
import subprocess
import sys
import threading
import time

import uvicorn
from click.testing import CliRunner

from swrebellion.expansions.base import odds
from swrebellion.expansions.base.api import combat
from swrebellion.tools import serve_cmd
from swrebellion.tools.cli import main


def test_the_server_loads_the_odds_loops_in_the_background_as_it_starts(tmp_path, monkeypatch):
    started, release = threading.Event(), threading.Event()
    seen: dict[str, object] = {}

    def warm_up(game, policies=("best", "heuristic")):
        seen["thread"] = threading.current_thread()
        started.set()
        release.wait(30)
        seen["done"] = True

    def run(app, **settings):  # the server starts serving while the loops are still being loaded
        assert started.wait(30), "nothing was made ready"
        seen["serving while loading"] = "done" not in seen
        release.set()

    monkeypatch.setattr(combat, "odds_warm_up", warm_up)
    monkeypatch.setattr(uvicorn, "run", run)
    result = CliRunner().invoke(main, ["serve", "--db", f"sqlite:///{tmp_path / 'games.sqlite3'}", "--port", "0"])
    assert result.exit_code == 0, result.output
    assert seen["serving while loading"] and seen["thread"] is not threading.main_thread()
    assert seen["thread"].daemon, "a server stopped meanwhile must not wait for it"


def test_a_failure_to_make_the_odds_ready_is_logged_and_the_odds_stay_askable(monkeypatch, caplog):
    def broken(game, policies=("best", "heuristic")):
        raise RuntimeError("no room on the disk for the compiled loops")

    monkeypatch.setattr(combat, "odds_warm_up", broken)
    with caplog.at_level(logging.ERROR, logger="swrebellion.serve"):
        serve_cmd.warm_up_odds()  # returns: the server serves on
    assert "could not be made ready ahead" in caplog.text and "no room on the disk" in caplog.text

    def unavailable(game, policies=("best", "heuristic")):
        raise combat.OddsUnavailable(odds.MISSING_EXTRA)

    caplog.clear()
    monkeypatch.setattr(combat, "odds_warm_up", unavailable)
    serve_cmd.warm_up_odds()  # without numpy or numba pages show no odds: nothing to say
    assert caplog.text == ""


def test_processes_making_the_odds_ready_at_once_take_turns(tmp_path, monkeypatch):
    """While another process makes the odds ready (holding the lock), a warm-up waits, doing nothing (the first
    time ever, the other is compiling the loops), and goes on once it is done (then loading what it kept)."""
    lock = tmp_path / "warm-up.lock"
    monkeypatch.setattr(odds, "WARM_UP_LOCK", lock)
    asked: list[tuple] = []
    monkeypatch.setattr(odds, "odds", lambda game, attacker, defender, **how: asked.append((attacker, defender)))
    monkeypatch.setattr(odds, "_warm_up_repairs", lambda game, policies: asked.append("repairs"))
    other = subprocess.Popen(
        [sys.executable, "-c", f"import fcntl, sys; f = open({str(lock)!r}, 'a'); fcntl.flock(f, fcntl.LOCK_EX); "
                               "print('held', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline() == "held\n"
        waiting = threading.Thread(target=odds.warm_up, args=(None,))
        waiting.start()
        time.sleep(0.5)
        assert waiting.is_alive() and not asked, "it did not wait for the other process"
    finally:
        other.stdin.close()
        other.wait(10)
    waiting.join(10)
    assert not waiting.is_alive() and len(asked) == 2 * len(odds.WARM_UP) + 1 and asked[-1] == "repairs"
