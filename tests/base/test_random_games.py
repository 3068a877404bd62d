"""Seeded random-agent games of the base game finish with a winner by the rules, and every invariant holds after
every decision; the state round-trips through JSON and a replay of the choices reproduces it (issues 4 and 5).
Every game ends with a result, and ``game-over`` is its last event (issue 12)."""

import itertools
import json
import os

import pytest

from invariants import check, check_board_helpers, check_finished
from swrebellion.engine import Game, RandomAgent
from swrebellion.engine.sharedlog import plain

#: 200 games in the everyday run (the suite stays under 5 minutes on 2 cores); SWREBELLION_RANDOM_GAMES=1000 runs the
#: full thousand, as before a release (README, "Tests").
GAMES = int(os.environ.get("SWREBELLION_RANDOM_GAMES", "200"))


def play_checked(rules, seed: int, deep: bool) -> Game:
    game = Game.new(rules, seed)
    agents = {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])}
    steps = 0
    while not game.over:
        pending = game.pending
        assert pending, "the game stalled: no decision and no result"
        if deep:
            assert Game(rules, json.loads(json.dumps(game.state, default=plain))).state == game.state
            check_board_helpers(game)
            for decision in pending:
                for option in decision.options:
                    game.copy().apply(option.id, player=decision.player)  # every offered option applies
        for decision in pending:
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
        check(game)
        steps += 1
        assert steps < 20_000, "no result after 20,000 decisions"
    return game


def replay(rules, game) -> Game:
    again = Game.new(rules, game.state["seed"], game.state["options"])
    for player, option in game.state["choices"]:
        again.apply(option, player=player)
    return again


@pytest.mark.parametrize("block", range(10))
def test_seeded_random_games_finish_with_every_invariant(base_rules, block):
    for seed in range(block * GAMES // 10, (block + 1) * GAMES // 10):
        game = play_checked(base_rules, seed, deep=seed % 50 == 0)
        check_finished(game)
        if seed % 25 == 0:
            assert replay(base_rules, game).state_hash() == game.state_hash()


ROE = ("base", "rise-of-the-empire")
#: The events of a step that runs on after them (a battle, a deployment, a move into the revealed base): a victory
#: they bring is reached in the middle of the step, which once went on to log ``destroyed``, ``battle-won``,
#: ``deployed`` or ``move`` after ``game-over`` (issue 12).
MID_STEP = ("destroyed", "deployed", "move", "damage", "subjugation", "base-revealed", "retreat", "gained-units")


def played(expansions, players: int, seed: int) -> Game:
    from swrebellion.engine import play
    from swrebellion.games import rules_for

    game = Game.new(rules_for(expansions), seed, {"players": players})
    play(game, {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])})
    return game


def ending_mid_step(expansions, players: int, seeds=range(300), count: int = 3) -> list[int]:
    """The first ``count`` seeds whose games end in the middle of a step: ``game-over`` right after one of
    :data:`MID_STEP`'s events (whatever follows it). :data:`ENDED_MID_STEP` is what it found for each game kind; a
    rules change that alters the seeded games finds them again
    (``PYTHONPATH=tests python tests/base/test_random_games.py``)."""
    def mid_step(seed: int) -> bool:
        types = [e["type"] for e in played(expansions, players, seed).state["log"]]
        return types[types.index("game-over") - 1] in MID_STEP

    return list(itertools.islice(filter(mid_step, seeds), count))


#: Seeded games (expansions, players, seed) that end in the middle of a step (:func:`ending_mid_step`).
ENDED_MID_STEP = [(("base",), 2, 31), (("base",), 2, 95), (("base",), 2, 110), (("base",), 4, 9), (("base",), 4, 64),
                  (("base",), 4, 116), (ROE, 4, 9), (ROE, 4, 26), (ROE, 4, 52)]


@pytest.mark.parametrize(("expansions", "players", "seed"), ENDED_MID_STEP)
def test_nothing_happens_after_the_game_is_over(expansions, players, seed):
    """RB-WIN-02, RULINGS C-05: the Empire wins the moment it holds the revealed base; the event that caused it
    (the last move, deployment or destruction) comes before ``game-over``, and nothing after it."""
    game = played(expansions, players, seed)
    check_finished(game)
    assert game.state["log"][-2]["type"] in MID_STEP


if __name__ == "__main__":
    print([(expansions, players, seed) for expansions, players in ((("base",), 2), (("base",), 4), (ROE, 4))
           for seed in ending_mid_step(expansions, players)])
