"""Golden logs: seeded random-agent games whose every event is pinned, byte for byte (issues 11 and 15).

Refactoring and optimising must not change what the game does, nor the state a save is checked against. These
games (the base game with 2, 3 and 4 players, Rise of the Empire with 2 and 4) are replayed from their seeds and
compared event by event with the logs stored in ``tests/golden/``. A rules fix that changes them regenerates them in the same commit, and says why:

    pytest tests/test_golden_logs.py --update-golden
"""

from __future__ import annotations

from pathlib import Path

import pytest

from swrebellion import testing
from swrebellion.engine import Game, RandomAgent
from swrebellion.games import rules_for

GOLDEN = Path(__file__).parent / "golden"
ROE = ("base", "rise-of-the-empire")
#: (file stem, expansions, players, seeds)
SETS = [
    ("base-2p", ("base",), 2, range(10)),
    ("base-3p", ("base",), 3, range(3)),
    ("base-4p", ("base",), 4, range(5)),
    ("roe-2p", ROE, 2, range(10)),
    ("roe-4p", ROE, 4, range(3)),
]
CASES = [(stem, expansions, players, seed) for stem, expansions, players, seeds in SETS for seed in seeds]


#: The whole state's hash is pinned every this many decisions.
HASH_EVERY = 20


def played(expansions, players: int, seed: int) -> list[str]:
    """The game's events, one canonical JSON line each, then its result, the number of choices made and the whole
    state's hash every :data:`HASH_EVERY` decisions (``swrebellion.testing.played``, which expansion authors use for
    their own golden logs). The hashes pin what the log does not show (the steps' frames, the open decision): a save
    is loaded by replaying its choices and comparing the state hash (``swrebellion.engine.save``), so a change to
    them would stop saves made by earlier versions from loading."""
    return testing.played(rules_for(expansions), seed, players, hash_every=HASH_EVERY)


@pytest.mark.parametrize(("stem", "expansions", "players", "seed"), CASES,
                         ids=[f"{c[0]}-seed{c[3]}" for c in CASES])
def test_seeded_games_play_exactly_as_pinned(request, stem, expansions, players, seed):
    path = GOLDEN / f"{stem}-seed{seed}.jsonl.gz"
    update = request.config.getoption("--update-golden")
    assert update or path.exists(), f"{path.name} is missing: run pytest {__file__} --update-golden"
    testing.check_golden(path, played(expansions, players, seed), update=update)


@pytest.mark.parametrize("expansions", [("base",), ROE], ids=["base", "roe"])
def test_a_game_does_not_depend_on_the_games_played_before_it(expansions):
    """Determinism across games: a set of rules is shared by every game made from it, and its caches hand out the
    same option dicts at every question (the kernel stores them as they are, issue 15). Were any game to change one
    (an answer's data, say), every later game would see it. So a seeded game played on rules that have already played
    others must be the very game played on fresh rules, its whole state (the options asked included) the same at
    every question."""
    from swrebellion.games import rules_from_active
    from swrebellion.plugins import activate

    used = rules_for(expansions)
    for seed in range(20, 26):  # other games first, on the shared rules
        played(expansions, 2, seed)
    fresh = rules_from_active(activate(env=",".join(expansions)))
    game_on = {}
    for name, rules in (("used", used), ("fresh", fresh)):  # the whole state at every question, options and all
        game = Game.new(rules, 3, {"players": 2})
        agents = {p: RandomAgent(21 + n) for n, p in enumerate(game.state["players"])}
        hashes = []
        while not game.over:
            for decision in game.pending:
                hashes.append(game.state_hash())
                game.apply(agents[decision.player].choose(game, decision), decision.player)
        game_on[name] = hashes
    assert game_on["used"] == game_on["fresh"]
