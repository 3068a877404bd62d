"""`rebellion serve` in a real browser (Debian's chromium through Playwright, as tests/test_replay_browser.py):
two people play the Rebel and the Empire with the keyboard alone while a spectator watches, every move reaching
the other pages without a reload; a seat's page is closed and opened again; two bots play a whole game seen on a phone-sized
screen. The pages
load nothing from outside the server and log no error. Screenshots are written to $SWREBELLION_SHOTS (default: the
test's temporary folder) to be looked at."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from servekit import Server
from test_replay_browser import browser  # noqa: F401 - the same headless chromium, as a fixture

WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: Moves the two people make: the whole setup (the Empire's and the Rebel's starting units).
MOVES = 40


@pytest.fixture
def server(tmp_path):
    running = Server(f"sqlite:///{tmp_path / 'games.sqlite3'}")
    running.start()
    yield running
    running.stop()


def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("SWREBELLION_SHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Tab:
    """A page of one browser context, recording console errors and every URL it asks for."""

    def __init__(self, browser, url: str, viewport=WIDE) -> None:
        self.context = browser.new_context(viewport=viewport)
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.open(url)

    def open(self, url: str) -> None:
        self.page = self.context.new_page()
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(url)

    def moves(self) -> int:
        return int(self.page.get_attribute(".panel", "data-moves"))

    def wait_for(self, moves: int) -> None:
        self.page.wait_for_selector(f".panel[data-moves='{moves}']", timeout=60000)

    def asked(self) -> bool:
        return self.page.query_selector(".decision form") is not None


def create(browser, server, viewport=WIDE, **agents) -> tuple[Tab, dict[str, str]]:
    """Fill the create page with the keyboard (Tab, arrows, Enter) and return it with the links it shows."""
    tab = Tab(browser, server.url + "/", viewport)
    page = tab.page
    for seat, agent in agents.items():
        page.focus(f"select[name=seat-{seat}]")
        page.select_option(f"select[name=seat-{seat}]", agent)
    page.focus("button[type=submit]")
    page.keyboard.press("Enter")
    page.wait_for_selector(".links dl")
    found = page.eval_on_selector_all(".links dd a", "links => links.map(a => a.href)")
    words = page.eval_on_selector_all(".links dt", "terms => terms.map(t => t.textContent)")
    links = {}
    for term, url in zip(words, found):
        links[{"Rebel": "rebel", "Empire": "empire"}.get(term, term.split(" ")[0].lower())] = url
    return tab, links


def test_two_people_play_with_the_keyboard_while_a_spectator_watches(browser, server, tmp_path):
    """The setup's placements and the hidden base (RB-SET-12) and the first assignments, played by pressing Tab
    and Enter (the page focuses the first option of each new question); the other pages follow through the
    WebSocket."""
    folder = shots(tmp_path)
    creator, links = create(browser, server)
    creator.page.screenshot(path=str(folder / "created.png"))
    seats = {side: Tab(browser, links[side]) for side in ("rebel", "empire")}
    spectator = Tab(browser, links["spectator"])
    moves = 0
    for n in range(MOVES):
        if n == 12:  # the Rebel closes the page, and comes back later
            seats["rebel"].page.close()
        if n == 18:
            seats["rebel"].open(links["rebel"])
            assert seats["rebel"].moves() == moves
        turn = next((side for side, tab in seats.items() if not tab.page.is_closed() and tab.asked()), None)
        if turn is None:
            break
        tab = seats[turn]
        tab.page.wait_for_selector(".decision button:focus")
        if n == 8:
            tab.page.screenshot(path=str(folder / f"{turn}-wide.png"))
        tab.page.keyboard.press("Tab" if n % 3 == 0 and tab.page.locator(".decision button").count() > 1 else "Shift")
        tab.page.keyboard.press("Enter")
        moves += 1
        for name, other in (*seats.items(), ("spectator", spectator)):
            if not other.page.is_closed():
                try:
                    other.wait_for(moves)
                except Exception:
                    raise AssertionError(f"{name} at {other.moves()}, mover {turn}: {other.page.inner_text('#notice')} "
                                         f"{other.errors[-3:]} {server.messages()[-800:]}")
    assert moves == MOVES
    spectator.page.screenshot(path=str(folder / "spectator-wide.png"))
    seats["rebel"].page.screenshot(path=str(folder / "rebel-later.png"), full_page=True)
    for tab in (*seats.values(), spectator, creator):
        assert tab.errors == [] or all("WebSocket" in e or "Failed to load" in e or "ERR_CONNECTION" in e
                                       for e in tab.errors), tab.errors
        assert all(url.startswith((server.url, "ws://127.0.0.1", "data:")) for url in tab.requests)
    assert "Objectives (" in seats["rebel"].page.inner_text(".screens")  # the seat's own hand
    assert spectator.page.locator(".screens summary").all_inner_texts() == ["Status", "Leaders"]  # no hand


def test_two_bots_play_live_watched_on_a_phone(browser, server, tmp_path):
    """A spectator on a phone-sized screen follows two bots' game live, with no reload and no error. (A whole bot
    game and its replay are played over HTTP in test_serve_play.py: in a browser one took minutes on two cores.)"""
    folder = shots(tmp_path)
    _creator, links = create(browser, server, PHONE, rebel="random", empire="random")
    watcher = Tab(browser, links["spectator"], PHONE)
    first, deadline = watcher.moves(), time.monotonic() + 120
    while watcher.moves() < first + 40:  # polled from here: the page's CSP rightly refuses evaluated scripts
        assert time.monotonic() < deadline, f"the spectator saw {watcher.moves() - first} moves in 120 s"
        watcher.page.wait_for_timeout(250)
    watcher.page.screenshot(path=str(folder / "bots-phone.png"), full_page=False)
    assert watcher.errors == [], watcher.errors
