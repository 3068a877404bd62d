"""What a seat of `rebellion serve` receives is built from its own view only (issue 28; issue 32 §4).

Twin games share the seed and every choice but one the Rebel makes in secret: where the hidden base is (RB-SET-12,
RB-BAS-02: the base is chosen secretly at setup) or which mission card a leader is assigned face down (RB-ASG-02, the cards placed face down). Over the
real HTTP and WebSocket interface, the Empire's and the spectator's pages, boards and messages must be byte for byte
the same in both games for as long as the rules keep the difference hidden from them (their ``Game.view`` is the
same); and nothing a seat is shown lets it find the seed."""

from __future__ import annotations

import re

import pytest

from servekit import move, read_panel, settle, told, twin_games

from swrebellion.engine import Game, rng

SEED = 7_312_049_551_208_113_377
OBSERVERS = ("empire", "spectator")
#: Moves played at most: setup, the assignment and command phases of the first rounds (the twist comes at ~55).
STEPS = 150


def _pick(options: list[str], step: int) -> str:
    """A fixed, varied choice: the same in both twins for the same options."""
    return options[(step * 7 + 3) % len(options)]


def _seen(client, link: str) -> str:
    """What a page of this link shows now: its changing part (the rest of the page is the same for every game)
    and the board picture."""
    return "\n".join(client.get(link + path).text for path in ("panel", "board.svg?v=0"))


@pytest.mark.slow
@pytest.mark.parametrize("differs", ["base", "mission"])
def test_twins_differing_in_a_rebel_secret_look_the_same_to_the_empire_and_the_spectator(tmp_path, monkeypatch,
                                                                                          differs):
    with twin_games(tmp_path, monkeypatch, SEED) as (client, twins, games):
        sockets = [{who: client.websocket_connect(links[who] + "ws") for who in OBSERVERS} for links in twins]
        for twin in sockets:
            for socket in twin.values():
                socket.__enter__()
                socket.receive_json()
        watching, kinds, twisted, shown = set(OBSERVERS), set(), False, []
        try:
            for step in range(STEPS):
                settle(games)
                views = [{who: room.game.view(None if who == "spectator" else who) for who in OBSERVERS}
                         for room in games]
                watching = {who for who in watching if views[0][who] == views[1][who]}
                if not watching or games[0].game.over:
                    break
                pending = games[0].game.pending[0]
                if pending.kind not in kinds or step % 6 == 0:  # each kind of window, and regularly between
                    for who in watching:
                        seen = [_seen(client, links[who]) for links in twins]
                        assert seen[0] == seen[1], f"{who} can tell the twins apart after {step} moves ({kinds})"
                        shown.append(seen[0])
                kinds.add(pending.kind)
                options = [read_panel(client.get(links[pending.player] + "panel").text) for links in twins]
                choice = _pick(options[0].options, step)
                other = choice
                if not twisted and _the_secret(differs, options[0].options):
                    other = next(o for o in options[1].options if o != choice and _the_secret(differs, [o, o]))
                    twisted = True
                for links, open_, option in zip(twins, options, (choice, other)):
                    assert move(client, links[pending.player], open_.decision, option).status_code == 200
                settle(games)
                for twin, room in zip(sockets, games):
                    messages = {who: told(twin[who], room.moves) for who in OBSERVERS}
                    assert len({str(m) for m in messages.values()}) == 1
        finally:
            for twin in sockets:
                for socket in twin.values():
                    socket.__exit__(None, None, None)
    assert twisted, "the twins never differed"
    assert len(kinds) >= 8, f"too few kinds of decision compared: {sorted(kinds)}"
    _no_seed_in(shown, games[0].game)


def _the_secret(differs: str, options: list[str]) -> bool:
    if differs == "base":
        return all(o.startswith("probe-") for o in options)
    return sum(o.startswith("assign:") for o in options) > 1


def _no_seed_in(shown: list[str], game: Game) -> None:
    """No number a seat was shown starts this game's generator (which gives every shuffle and die): the seed
    stays hidden, whole or in parts."""
    text = "\n".join(shown)
    assert str(SEED) not in text
    truth = rng.seed_state(SEED)
    numbers = {int(n) for n in re.findall(r"\d{1,19}", text) if int(n) < 2**63}
    assert numbers and all(rng.seed_state(n) != truth for n in numbers)


#: The deck-order twins' game: the heuristic agents choosing for both sides fight a combat in round 2 (move 102).
DECK_SEED = 112
#: The kinds of decision window the deck-order twins must pass through, compared at each: the assignment of leaders
#: to face-down missions, the command phase's activations and moves, a mission resolved and opposed, a combat's
#: windows, the refresh and the build queues. (The setup's are compared by the twins above: the probe deck is
#: shuffled again once the base is chosen, so these twins part only after the setup.)
WINDOWS = {"assign-card", "assign-first", "command-action", "move-units", "oppose", "start-of-combat-card",
           "combat-action", "assign-damage", "refresh-objective", "deploy-unit"}


@pytest.mark.slow
@pytest.mark.parametrize("deck, holder", [("probes", "empire"), ("missions-rebel", "rebel")])
def test_twins_differing_in_a_deck_order_look_the_same_to_the_other_seat_and_the_spectator(tmp_path, monkeypatch,
                                                                                           deck, holder):
    """Twins whose only difference is the order of a deck (its two bottom cards swapped, as in
    tests/base/test_hidden_information.py; RB-SET-06: the decks are shuffled face down) give the other seat and the
    spectator byte-identical pages, boards and WebSocket messages at every kind of decision window the game passes
    through (:data:`WINDOWS`, a combat's included), until a swapped card may be drawn. The moves are the heuristic
    agent's, the same in both twins."""
    from swrebellion import agents
    from swrebellion.engine import peek

    observers = ("rebel" if holder == "empire" else "empire", "spectator")
    with twin_games(tmp_path, monkeypatch, DECK_SEED) as (client, twins, rooms):
        chooser = {side: agents.make("heuristic", side, 5) for side in ("rebel", "empire")}
        sockets = [{who: client.websocket_connect(links[who] + "ws") for who in observers} for links in twins]
        for twin in sockets:
            for socket in twin.values():
                socket.__enter__()
                socket.receive_json()
        compared, start = {}, None
        try:
            for step in range(400):
                settle(rooms)
                game = rooms[0].game
                if start is None and game.state["data"]["phase"] != "setup":  # the twins part here
                    cards = peek(rooms[1].game.state["data"]["decks"][deck])
                    cards[-1], cards[-2] = cards[-2], cards[-1]
                    assert rooms[0].game.state != rooms[1].game.state
                    start = len(game.state["log"])
                if start is not None and (game.over or len(peek(game.state["data"]["decks"][deck])) < 10 or any(
                        e["type"] == "shuffle" and e["deck"] == deck for e in game.state["log"][start:])):
                    break  # a swapped card may be drawn now: the difference may legitimately show to its holder
                pending = game.pending[0]
                if start is not None and (pending.kind not in compared or step % 10 == 0):
                    for who in observers:
                        seen = [_seen(client, links[who]) for links in twins]
                        assert seen[0] == seen[1], f"{who} can tell the twins apart at move {step} ({pending.kind})"
                    compared.setdefault(pending.kind, step)
                choice = chooser[pending.player].choose(game, pending)
                for links in twins:
                    open_ = read_panel(client.get(links[pending.player] + "panel").text)
                    assert move(client, links[pending.player], open_.decision, choice).status_code == 200
                settle(rooms)
                messages = [{who: told(twin[who], room.moves) for who in observers}
                            for twin, room in zip(sockets, rooms)]
                assert messages[0] == messages[1]
        finally:
            for twin in sockets:
                for socket in twin.values():
                    socket.__exit__(None, None, None)
    assert WINDOWS <= set(compared), f"windows never compared: {sorted(WINDOWS - set(compared))}"
