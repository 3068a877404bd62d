"""Card windows at a person's seat of `rebellion serve` (issue 28 with issue 33; RS-ACT-03, RS-ACT-07: a hand is
secret). The rules ask a side at every card window whatever it holds, so that being asked tells the other side
nothing; with nothing to play the window offers only "pass", and the server answers it for a person (as the
terminal and scenarios do) instead of stopping him. That must not show either, in what the other side is sent or
in when: every answer to a card window is made no sooner than the window time after it opened.

Twin games of Rise of the Empire, whose cards answer every window kind, are the same but for the Rebel's action
hand, swapped once setup has dealt it (as in tests/base/test_windows_leak.py): cards that answer windows in one
twin, as many that answer none in the other. Played over the real HTTP and WebSocket interface, the Rebel never
plays a card: where his page offers a window he passes at once, where the server answers it he waits. The
Empire's and the spectator's pages and messages must be byte for byte the same in both twins, and each card window
must close no sooner than the window time after the move that opened it, in both."""

from __future__ import annotations

import contextlib
import queue
import threading
import time

import pytest

from servekit import move, read_panel, twin_games
from windowkit import ROE, PlaysNoActionCard, hands, swap_hand

from swrebellion.engine import Game
from swrebellion.games import default_setup, rules_for
from swrebellion.tools.serve import Hall
from swrebellion.tools.serve.rooms import answered_alone, card_window

#: The twins' seed: of the first 40, the one that reaches :data:`DIFFERING` windows answered alone in one twin only
#: in the fewest moves (:func:`differing_windows`: 258 moves, 17 card windows; seed 3, the first to reach them at
#: all, took 491 and 42, twice the test's time); a rules change that alters the game finds it again
#: (``PYTHONPATH=tests python tests/serve/test_serve_windows.py``).
SEED = 24
OBSERVERS = ("empire", "spectator")
#: The window time of the twins' server (seconds): shorter than a person's, to keep the test short.
WINDOW = 0.4
#: Card windows at which one twin's Rebel was shown options and the other's answered alone, before the test stops.
DIFFERING = 4


class Heard:
    """What a socket is sent, each message with the time it arrived (read in a thread as it comes)."""

    def __init__(self, socket) -> None:
        self.socket = socket
        self.messages: queue.Queue = queue.Queue()
        socket.__enter__()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        with contextlib.suppress(Exception):  # the socket closed at the end of the test
            while True:
                message = self.socket.receive_json()
                self.messages.put((time.monotonic(), message))

    def next(self) -> tuple[float, dict]:
        return self.messages.get(timeout=60)

    def upto(self, moves: int) -> tuple[float, dict]:
        """The first message telling version ``moves`` or a later one (two versions close together may be told in
        one message), and when it came."""
        while True:
            at, message = self.next()
            if message["moves"] >= moves:
                return at, message


@pytest.mark.slow
def test_a_window_with_nothing_to_play_is_answered_alone_and_the_other_side_cannot_tell(tmp_path, monkeypatch):
    with twin_games(tmp_path, monkeypatch, SEED, expansions=ROE[1:], window=WINDOW) as (client, twins, rooms):
        # each version of each twin's game as the server tells it: a window the server answers alone may close
        # before the test looks at it, and the test plays from the game as it was when it opened
        versions: dict[str, dict[int, object]] = {room.id: {0: room.game} for room in rooms}
        told = Hall.notify

        def notify(hall, room) -> None:
            versions[room.id][room.moves] = room.game
            told(hall, room)

        monkeypatch.setattr(Hall, "notify", notify)
        heard = [{who: Heard(client.websocket_connect(links[who] + "ws")) for who in OBSERVERS} for links in twins]
        for twin in heard:
            assert [twin[who].next()[1] for who in OBSERVERS] == [{"moves": 0, "over": False}] * 2
        chooser = PlaysNoActionCard(SEED)
        swapped, differing, checked, waited, compared, held = False, 0, 0, 0, 0, 0
        opened = [None, None]  # when the open question opened at the latest, if the test's own move opened it
        try:
            for step in range(600):
                games = [versions[room.id][step] for room in rooms]
                if games[0].over or differing >= DIFFERING:
                    break
                if not swapped and games[0].state["data"]["phase"] != "setup":
                    assert [room.game for room in rooms] == games  # (no window in the setup: both wait for the test)
                    for game, cards in zip(games, hands(games[0], "rebel")):
                        swap_hand(game, "rebel", cards)
                    swapped = True
                decisions = [game.pending[0] for game in games]
                assert len({(d.player, d.kind) for d in decisions}) == 1, f"the twins parted at move {step}"
                window = card_window(games[0], decisions[0].id)
                alone = [answered_alone(game, d) for game, d in zip(games, decisions)]
                differing += swapped and alone[0] != alone[1]
                choice = chooser.choose(games[0], decisions[0])
                if window:  # what the others are shown while the window is open, unless the server closed it first
                    compared += _compare(client, twins, step)
                moved = [None, None]
                for n, (links, decision) in enumerate(zip(twins, decisions)):
                    shown = read_panel(client.get(links[decision.player] + "panel").text)
                    if alone[n]:  # the person is not stopped: his page shows him waiting, with nothing to press
                        assert shown.decision is None or shown.moves > step  # (or the server has answered)
                        waited += shown.moves == step
                        continue
                    assert shown.decision == decision.id and choice in shown.options
                    moved[n] = time.monotonic()
                    answer = move(client, links[decision.player], decision.id, choice)
                    assert answer.status_code == 200
                    # a held answer says how long it was held (the load benchmark leaves that time out), never
                    # longer than the window time; any other answer is not held
                    timing = answer.headers.get("server-timing", "hold;dur=0")
                    assert timing.startswith("hold;dur=") and 0 <= float(timing[9:]) <= 1000 * WINDOW
                    assert window or timing == "hold;dur=0"
                    held += float(timing[9:]) > 0
                arrived = [{who: twin[who].upto(step + 1) for who in OBSERVERS} for twin in heard]
                said = [{who: message for who, (_at, message) in twin.items()} for twin in arrived]
                assert all(message["moves"] > step for twin in said for message in twin.values())
                if said[0]["empire"]["moves"] == said[1]["empire"]["moves"]:  # (unless one told two versions at once)
                    assert said[0] == said[1]
                for n in (0, 1):
                    # the window stayed open its time, whoever answered it: told no sooner than the window time
                    # after the test's move that opened it
                    if window and opened[n] is not None:
                        assert arrived[n]["empire"][0] - opened[n] >= WINDOW, f"the window at move {step} closed early"
                        checked += 1
                opened = moved
                if not any(answered_alone(r.game, d) for r in rooms for d in r.game.pending):  # (none will move)
                    _compare(client, twins, step + 1)
        finally:
            for twin in heard:
                for listener in twin.values():
                    listener.socket.__exit__(None, None, None)
    assert differing >= DIFFERING, f"only {differing} windows differed between the twins"
    assert checked >= 2 * DIFFERING, f"only {checked} windows were timed"
    assert waited, "no page was seen waiting while the server answered a window"
    assert compared >= DIFFERING, f"only {compared} open windows were compared"
    assert held, "no answer to a window was held"


def _compare(client, twins, moves: int) -> bool:
    """The Empire's and the spectator's pages in the twins, the same byte for byte if both twins are at version
    ``moves``; False if a twin had moved on meanwhile (the server answered a window), and nothing was compared."""
    for who in OBSERVERS:
        seen = [client.get(links[who] + "panel").text for links in twins]
        if {read_panel(text).moves for text in seen} != {moves}:
            return False
        assert seen[0] == seen[1], f"the {who} can tell the twins apart at move {moves}"
    return True


def differing_windows(seed: int, moves: int = 600) -> tuple[int, int]:
    """How many card windows the server answers alone in one twin and not the other (up to :data:`DIFFERING`), in
    the twins the test plays from ``seed`` (the server's default setup, the same chooser), played here without the
    server until the twins part, if they do; and the moves it took."""
    rules = rules_for(ROE)
    games = [Game.new(rules, seed, {"setup": default_setup(rules)}) for _ in range(2)]
    chooser, swapped, differing = PlaysNoActionCard(seed), False, 0
    for step in range(moves):
        if games[0].over or differing >= DIFFERING:
            return differing, step
        if not swapped and games[0].state["data"]["phase"] != "setup":
            for game, cards in zip(games, hands(games[0], "rebel")):
                swap_hand(game, "rebel", cards)
            swapped = True
        decisions = [game.pending[0] for game in games]
        if len({(d.player, d.kind) for d in decisions}) > 1:  # the twins parted: the test could go no further
            return differing, step
        alone = [answered_alone(game, d) for game, d in zip(games, decisions)]
        differing += swapped and alone[0] != alone[1]
        choice = chooser.choose(games[0], decisions[0])
        for game, decision in zip(games, decisions):
            game.apply(choice, player=decision.player)
    return differing, moves


if __name__ == "__main__":
    print(min((steps, seed) for seed in range(1, 41) for found, steps in [differing_windows(seed)]
              if found >= DIFFERING)[1])
