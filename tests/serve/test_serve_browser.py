"""`rebellion serve` in a real browser (Debian's chromium through Playwright, as tests/test_replay_browser.py):
two people play the Rebel and the Empire with the keyboard alone through three rounds and a combat while a
spectator watches, every move reaching the other pages without a reload; a seat's page is closed and opened again;
the server is restarted mid-game and the pages reconnect and play on; two bots play a whole game, watched on a
phone-sized screen.
The pages load nothing from outside the server and log no error. Screenshots are written to $SWREBELLION_SHOTS
(default: the test's temporary folder) to be looked at."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from servekit import Server

from swrebellion import agents
from swrebellion.engine import Game, narration
from swrebellion.games import rules_for
from swrebellion.tools.options import setup_or_default
from swrebellion.tools.serve.rooms import answered_alone
from test_replay_browser import browser  # noqa: F401 - the same headless chromium, as a fixture

WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
#: The game the people play: the heuristic agents choosing for both sides fight a combat in round 2 (move 102) and
#: end round 3 after 233 moves.
SEED = 112
#: When the Rebel closes the page (the first round's assignments).
CLOSE_AT = 50


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


@pytest.mark.slow
def test_two_people_play_three_rounds_and_a_combat_through_a_server_restart(browser, tmp_path):
    """Two people play the Rebel and the Empire with the keyboard alone (Tab to an option, Enter) through the
    setup and three whole rounds, a combat among them (RB-CMB-01: opposing units in one system fight), while a
    spectator follows every move live; the Rebel closes the page and opens the link again; the server process is
    stopped mid-combat and started again, and every page says the connection is lost, reconnects by itself and
    plays on. The moves are chosen by the heuristic agent on the same game played beside the server (its seed
    pinned, :data:`servekit.PINNED`), and every page must offer exactly the options the engine offers, except the
    card windows with nothing to play, which the server answers for the person while his page waits (issue 33)."""
    folder = shots(tmp_path)
    server = Server(f"sqlite:///{tmp_path / 'games.sqlite3'}", seed=SEED)
    server.start()
    try:
        _play_three_rounds(browser, server, folder)
    finally:
        server.stop()
    assert "Warning" not in server.messages(), server.messages()[-2000:]  # uvicorn's deprecation warnings included


def _play_three_rounds(browser, server, folder: Path) -> None:
    creator, links = create(browser, server)
    creator.page.screenshot(path=str(folder / "created.png"))
    rules = rules_for(("base",))
    beside = Game.new(rules, SEED, {"players": 2, "setup": setup_or_default(rules, None)})  # as the server makes it
    chooser = {side: agents.make("heuristic", side, 5) for side in ("rebel", "empire")}
    seats = {side: Tab(browser, links[side]) for side in ("rebel", "empire")}
    spectator = Tab(browser, links["spectator"])
    pages = {**seats, "spectator": spectator}
    moves, fought, restarted, closed, reopened = 0, None, False, None, False
    boards = {True: 0, False: 0, None: 0}  # after a move, a page's board: kept, drawn anew, or first seen
    while beside.state["data"]["round"] < 4 and not beside.over:
        assert moves < 400, "three rounds took over 400 moves"
        decision = beside.pending[0]
        choice = chooser[decision.player].choose(beside, decision)
        if closed is None and not reopened and moves >= CLOSE_AT:  # the Rebel closes the page, and comes back
            seats["rebel"].page.close()                                # ten moves later (or when asked)
            closed = moves
        if closed is not None and (decision.player == "rebel" or moves >= closed + 10):
            seats["rebel"].open(links["rebel"])
            assert seats["rebel"].moves() == moves
            closed, reopened = None, True
        if fought is not None and not restarted and moves >= fought + 2:  # mid-combat
            _restart(server, pages, folder)
            restarted = True
        _choose(seats[decision.player], decision, choice, moves)
        beside.apply(choice, player=decision.player)
        moves += 1
        while not beside.over and answered_alone(beside, beside.pending[0]):
            # a card window with nothing to play: the server answers it once the window time is up, the pages wait
            lone = beside.pending[0]
            beside.apply(chooser[lone.player].choose(beside, lone), player=lone.player)
            moves += 1
        for name, tab in pages.items():
            if not tab.page.is_closed():
                _follow(name, tab, moves, server)
                try:
                    boards[_board_kept(tab)] += 1
                except Exception as exc:
                    raise AssertionError(f"{name} at move {moves}: {exc}") from None
        if fought is None and beside.state["data"]["combat"]:
            fought = moves
            for name, tab in pages.items():
                tab.page.screenshot(path=str(folder / f"combat-{name}.png"))
    assert fought is not None and restarted, "no combat in three rounds"
    assert boards[True] > 100 and boards[False] > 100, boards  # about half the moves change nobody's board
    assert beside.state["data"]["round"] == 4
    spectator.page.screenshot(path=str(folder / "spectator-round-4.png"))
    seats["rebel"].page.screenshot(path=str(folder / "rebel-round-4.png"), full_page=True)
    # on a wide screen the account sits right under the board, however long the hand beside them (ten missions
    # and five objectives here): it stood below a gap as tall as the hand was long
    gap = seats["rebel"].page.evaluate("() => document.querySelector('.account').getBoundingClientRect().top"
                                       " - document.querySelector('.board').getBoundingClientRect().bottom")
    assert 0 <= gap <= 20, f"a gap of {gap} px between the board and the account"
    account = spectator.page.inner_text(".account")
    assert "Round 3" in account and "combat" in account.lower()
    # the account lists the newest line first, at the top of its box where the eye lands, numbered by its place
    newest = spectator.page.locator(".account li").first
    told = list(narration.account(beside, None))
    assert newest.inner_text() == told[-1].strip() and newest.is_visible()
    assert spectator.page.locator(".account ol").evaluate("list => [list.scrollTop, list.start]") == [0, len(told)]
    for tab in (*pages.values(), creator):
        # the only errors a page may log are the socket's and the fetches' while the server was down
        assert all("WebSocket" in e or "Failed to load" in e or "ERR_CONNECTION" in e or "Failed to fetch" in e
                   for e in tab.errors), tab.errors
        assert all(url.startswith((server.url, "ws://127.0.0.1", "data:")) for url in tab.requests)
    assert "Objectives (" in seats["rebel"].page.inner_text(".screens")  # the seat's own hand
    assert spectator.page.locator(".screens summary").all_inner_texts() == ["Status", "Leaders"]  # no hand


def _choose(tab: Tab, decision, choice: str, moves: int) -> None:
    """Answer ``decision`` on ``tab`` with the keyboard: the first option has the focus, Tab moves to ``choice``,
    Enter chooses it. The page must offer exactly the engine's options."""
    page = tab.page
    page.wait_for_selector(f".panel[data-moves='{moves}'] form[data-decision='{decision.id}'] button:focus",
                           timeout=60000)
    offered = page.locator(".decision button").evaluate_all("buttons => buttons.map(b => b.value)")
    assert sorted(offered) == sorted(decision.option_ids), f"move {moves}: the page offers other options"
    for _ in range(offered.index(choice)):
        page.keyboard.press("Tab")
    assert page.locator(".decision button:focus").get_attribute("value") == choice
    page.keyboard.press("Enter")


def _follow(name: str, tab: Tab, moves: int, server: Server) -> None:
    try:
        tab.wait_for(moves)
    except Exception:
        raise AssertionError(f"{name} at {tab.moves()} of {moves}: {tab.page.inner_text('#notice')} "
                             f"{tab.errors[-3:]} {server.messages()[-800:]}") from None


def _board_kept(tab: Tab) -> bool | None:
    """Whether the page still shows the board element it showed after the last move (marked then), which it
    must exactly when the picture's address is the same (the address names the picture: the browser draws it
    once); None the first time a page is looked at."""
    return tab.page.eval_on_selector(".board img", """img => {
        const kept = img.seen === undefined ? null : true;
        const same = window.lastBoard === img.getAttribute("src");
        const was = ` (${window.lastBoard} before, ${img.getAttribute("src")} now)`;
        const first = window.lastBoard === undefined;
        if (kept === null && !first && same) throw new Error("the same picture drawn anew" + was);
        if (kept && !same) throw new Error("a new picture in the old element" + was);
        window.lastBoard = img.getAttribute("src");
        img.seen = true;
        return first ? null : Boolean(kept);
    }""")


def _restart(server: Server, pages: dict[str, Tab], folder: Path) -> None:
    """Stop the server, see every page say so, start it again, and see every page connected again."""
    server.stop()
    for tab in pages.values():
        tab.page.wait_for_selector("body[data-live='no']", timeout=30000)
    pages["rebel"].page.screenshot(path=str(folder / "server-down.png"))
    assert "lost" in pages["rebel"].page.inner_text("#notice")
    server.start()
    for tab in pages.values():
        tab.page.wait_for_selector("body[data-live='yes']", timeout=60000)
        assert tab.page.inner_text("#notice") == ""


@pytest.mark.slow
def test_two_bots_play_a_whole_game_watched_live_on_a_phone(browser, server, tmp_path):
    """Two bot seats play a whole game (issue 28: "a bot seat plays a whole game"), which a spectator on a
    phone-sized screen follows to its end with no reload and no error: the page shows the game over, the winner,
    and the replay and the download. (Two random bots play their some 600 moves in seconds: the game may be over
    before the page opens; moves reaching a page live are the three-round test's.)"""
    folder = shots(tmp_path)
    _creator, links = create(browser, server, PHONE, rebel="random", empire="random")
    watcher = Tab(browser, links["spectator"], PHONE)
    deadline = time.monotonic() + 300
    # polled from here (the page's CSP rightly refuses evaluated scripts); the bots may move faster than the page
    # fetches, which then shows the newest version each time
    while watcher.page.query_selector("[data-over]") is None:
        assert time.monotonic() < deadline, (f"the game was not over in 300 s; the spectator is at move "
                                             f"{watcher.moves()}: {watcher.errors[-3:]} {server.messages()[-1500:]}")
        watcher.page.wait_for_timeout(250)
    assert watcher.page.inner_text(".result").strip(), "no winner shown"
    assert watcher.page.locator(".decision a").evaluate_all("links => links.map(a => a.getAttribute('href'))") == [
        "replay", "save"]
    watcher.page.screenshot(path=str(folder / "bots-phone-over.png"), full_page=False)
    assert watcher.errors == [], watcher.errors
