"""Driving `rebellion serve` from outside, as a browser does: the create form, a seat's panel, moves, the socket.

Every helper goes through the real HTTP/WebSocket interface (Starlette's test client, or HTTP to a running
server process); nothing reads the server's state behind its back."""

from __future__ import annotations

import html
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass


def new_store(url: str):
    from swrebellion.tools.serve import Store, connect

    return Store(connect(url))


def create(client, players: int = 2, expansions: tuple[str, ...] = (), options: dict[str, str] | None = None,
           **seats: str) -> dict[str, str]:
    """Create a game through the form; returns the links' paths by seat ("rebel", "empire" ...), "spectator" and
    "creator". ``expansions``: the ones ticked besides the base game; ``options``: game options chosen (name ->
    value); ``seats``: an agent name for a seat an agent plays (``empire="random"``)."""
    page = client.get("/")
    assert page.status_code == 200, page.text
    form: dict[str, str | list[str]] = {"csrf": csrf_of(page.text), "players": str(players),
                                        "expansion": list(expansions),
                                        **{f"option-{name}": value for name, value in (options or {}).items()}}
    for seat, agent in seats.items():
        form[f"seat-{seat.replace('_', '-')}"] = agent
    made = client.post("/games", data=form)
    assert made.status_code == 200, made.text
    return links_of(made.text)


@contextmanager
def twin_games(tmp_path, monkeypatch, seed: int, expansions: tuple[str, ...] = (), **hall):
    """Two games created through the form while the server's ``secrets.randbelow`` gives ``seed`` (so both are
    dealt alike): the test client, the links of each and the server's rooms of each (for what the test itself plays;
    what a seat receives is read over HTTP). ``hall``: the server's settings; the card windows' time is short
    (``window=``, 0.05 s unless said) for tests that wait for it (:func:`settle`)."""
    import secrets as secrets_module

    from starlette.testclient import TestClient

    from swrebellion.tools.serve import Hall, create_app

    monkeypatch.setattr(secrets_module, "randbelow", lambda n: seed)
    server = Hall(new_store(f"sqlite:///{tmp_path / 'games.sqlite3'}"), **{"window": 0.05, **hall})
    with TestClient(create_app(server)) as client:
        twins = [create(client, expansions=expansions), create(client, expansions=expansions)]
        monkeypatch.undo()
        yield client, twins, [server.rooms[links["rebel"].split("/")[2]] for links in twins]


def settle(rooms, timeout: float = 60) -> None:
    """Wait until, in each of these rooms, the server has answered the card windows it answers alone for a seat
    (:func:`swrebellion.tools.serve.rooms.answered_alone`, once the window time is up): then the game waits for
    somebody's move, as the test's own copy of it expects."""
    from swrebellion.tools.serve.rooms import answered_alone

    deadline = time.monotonic() + timeout
    while any(any(answered_alone(room.game, d) for d in room.game.pending) for room in rooms):
        assert time.monotonic() < deadline, "a card window the server answers alone stayed open"
        time.sleep(0.02)


def told(socket, moves: int) -> dict:
    """A socket's messages up to the one telling version ``moves`` of the game: that one (a card window the
    server answered alone is a version of its own, told apart or with the next)."""
    while True:
        message = socket.receive_json()
        if message["moves"] >= moves:
            return message


def links_of(page: str) -> dict[str, str]:
    """The links a created page shows, by seat (its ``data-seat``, whatever the page's language), "spectator"
    and "creator" (the two links after the seats')."""
    found = {}
    urls = [re.sub(r"^https?://[^/]+", "", html.unescape(url)) for url in re.findall(r'<dd><a href="([^"]+)"', page)]
    seats = re.findall(r'<dt data-seat="([^"]+)">', page)
    for key, url in zip([*seats, "spectator", "creator"], urls, strict=True):
        found[key] = url
    return found


def csrf_of(page: str) -> str:
    return re.search(r'<meta name="csrf" content="([^"]+)"', page).group(1)


@dataclass
class Open:
    """A seat's open decision as its panel shows it: the decision id and the options' ids (None: nothing open)."""

    decision: str | None
    options: list[str]
    moves: int
    over: bool


def read_panel(text: str) -> Open:
    moves = int(re.search(r'data-moves="(\d+)"', text).group(1))
    decision = re.search(r'data-decision="([^"]+)"', text)
    options = [html.unescape(v) for v in re.findall(r'<button type="submit" name="option" value="([^"]*)"', text)]
    return Open(html.unescape(decision.group(1)) if decision else None, options, moves, "<h2 data-over>" in text)


def move(client, link: str, decision: str, option: str, csrf: str | None = None):
    """POST a move as the page's script does (JSON, the CSRF header from the cookie)."""
    token = client.cookies.get("csrf") if csrf is None else csrf
    return client.post(link + "move", json={"decision": decision, "option": option},
                       headers={"X-CSRF-Token": token or "", "Accept": "application/json"})


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


#: `rebellion serve` with the seed of every game it creates pinned (the server draws it from secrets.randbelow), so
#: that a test can play the same game beside it and choose its moves; everything else is the real command.
PINNED = ("import secrets, sys; secrets.randbelow = lambda n: {seed}; sys.argv[0] = 'rebellion'; "
          "from swrebellion.tools.cli import main; main()")


class Server:
    """`rebellion serve` in its own process on a free localhost port, over the database ``db`` (a URL); started
    again (:meth:`start` after :meth:`stop`) it listens on the same port, as a restarted server does. ``seed``: the
    seed of every game it creates (see :data:`PINNED`)."""

    def __init__(self, db: str, seed: int | None = None) -> None:
        self.db = db
        self.seed = seed
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None
        self.log = tempfile.TemporaryFile()

    def start(self) -> None:
        # its messages go to a file: a pipe nobody reads fills up and then stops the server mid-write
        command = ["-m", "swrebellion.tools"] if self.seed is None else ["-c", PINNED.format(seed=self.seed)]
        self.process = subprocess.Popen(
            [sys.executable, *command, "serve", "--port", str(self.port), "--db", self.db],
            stdout=subprocess.DEVNULL, stderr=self.log)
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(self.url + "/", timeout=2).read()
                return
            except OSError:
                assert self.process.poll() is None, self.messages()
                assert time.monotonic() < deadline, "the server did not start"
                time.sleep(0.2)

    def messages(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)
