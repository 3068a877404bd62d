"""`rebellion serve` in Firefox (issue 28: "works ... in current Chromium and Firefox"): Debian's Firefox ESR,
driven over WebDriver BiDi (tests/bidikit.py), loads a seat's page, runs its module script (the socket connects,
moves made elsewhere appear without a reload), moves through the options with the keyboard and plays with it
alone (Tab to an option, Enter; then Space), the moves sent by the page's script. The page asks for nothing beyond
the server and logs no error. Its screenshots are written to $SWREBELLION_SHOTS (default: the test's temporary
folder) to be looked at."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from bidikit import Firefox
from servekit import Server, create, move, read_panel


@pytest.fixture
def firefox():
    browser = Firefox()
    yield browser
    browser.close()


@pytest.mark.slow
def test_a_seat_plays_in_firefox(firefox, tmp_path):
    folder = Path(os.environ.get("SWREBELLION_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            links = create(client)
            firefox.navigate(server.url + links["rebel"])
            firefox.wait_for("document.body.dataset.live === 'yes'")  # the module ran and its socket is open
            shown = firefox.evaluate("document.querySelector('.panel').dataset.moves")
            assert shown == "0" and firefox.evaluate("document.querySelector('.decision form') === null")
            moves = 0
            while True:  # the Empire places its starting units (RB-SET-03) over HTTP, until the Rebel is asked
                empire = read_panel(client.get(links["empire"] + "panel").text)
                if empire.decision is None:
                    break
                assert move(client, links["empire"], empire.decision, empire.options[0]).status_code == 200
                moves += 1
            assert read_panel(client.get(links["spectator"] + "panel").text).moves == moves
            firefox.wait_for(f"document.querySelector('.panel').dataset.moves === '{moves}'")  # no reload
            firefox.wait_for("document.activeElement.matches('.decision button')")  # the first option has focus
            firefox.screenshot(folder / "firefox-rebel.png")
            firefox.press("Tab")  # the keyboard moves through the options
            chosen = firefox.evaluate("document.activeElement.value")
            assert chosen == firefox.evaluate("document.querySelectorAll('.decision button')[1].value")
            firefox.press("Enter")  # and chooses one
            firefox.wait_for(f"document.querySelector('.panel').dataset.moves === '{moves + 1}'")
            assert read_panel(client.get(links["spectator"] + "panel").text).moves == moves + 1
            firefox.wait_for("document.activeElement.matches('.decision button')")  # the next question's first option
            firefox.press("Space")  # Space chooses too
            firefox.wait_for(f"document.querySelector('.panel').dataset.moves === '{moves + 2}'")
            assert read_panel(client.get(links["spectator"] + "panel").text).moves == moves + 2
            firefox.screenshot(folder / "firefox-rebel-moved.png")
    finally:
        server.stop()
    errors = [text for level, text in firefox.console if level == "error"]
    assert errors == [], errors
    allowed = (server.url, "ws://127.0.0.1", "data:")
    assert firefox.requests and all(url.startswith(allowed) for url in firefox.requests), firefox.requests
