"""OpenSpiel-style random simulation: at every step of seeded random games the state round-trips through JSON,
every offered option applies without error, a replay of the choices reproduces the state hash, and the
non-deciding player's view never depends on the other side's secrets (issue 4, "Invariants")."""

import json

from swrebellion.engine import Game, RandomAgent
from swrebellion.engine.sharedlog import plain


def check_step(game):
    assert Game(game.rules, json.loads(json.dumps(game.state, default=plain))).state == game.state
    for decision in game.pending:
        for option in decision.options:
            trial = game.copy()
            trial.apply(option.id, player=decision.player)  # must not raise


def replay(rules, game):
    again = Game.new(rules, game.state["seed"], game.state["options"])
    for player, option in game.state["choices"]:
        again.apply(option, player=player)
    return again


def test_random_games_keep_every_invariant(toy_rules):
    for seed in range(40):
        game = Game.new(toy_rules, seed=seed)
        agents = {"hider": RandomAgent(seed * 2), "seeker": RandomAgent(seed * 2 + 1)}
        steps = 0
        while not game.over:
            check_step(game)
            for decision in game.pending:
                game.apply(agents[decision.player].choose(game, decision), player=decision.player)
            steps += 1
            assert steps < 100, "stalled"
            assert replay(toy_rules, game).state_hash() == game.state_hash()
        assert game.state["result"]["winner"] in ("hider", "seeker")
        assert not game.pending
