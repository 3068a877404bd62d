"""The readable account of `rebellion play` describes every event of real games for every viewer without failing,
and shows no secret a viewer may not see."""

import pytest

from swrebellion.expansions.base.api.words import label
from swrebellion.engine import Game, RandomAgent, play
from swrebellion.engine.narration import account
from swrebellion.engine.secrets import KEY
from swrebellion.games import rules_for


@pytest.mark.parametrize("expansions", [("base",), ("base", "rise-of-the-empire")])
def test_every_event_of_random_games_can_be_told_to_every_viewer(expansions):
    rules = rules_for(expansions)
    for seed in range(25):
        game = Game.new(rules, seed, {"setup": "rise-of-the-empire"} if len(expansions) > 1 and seed % 2 else {})
        play(game, {p: RandomAgent(seed + n) for n, p in enumerate(game.state["players"])})
        for viewer in (None, *game.state["players"]):
            lines = list(account(game, viewer))
            assert any(line.startswith("Game over") for line in lines)
            assert not any(KEY in line for line in lines)


def test_the_empire_account_never_names_the_hidden_base(base_rules):
    game = Game.new(base_rules, 5)
    agents = {p: RandomAgent(n) for n, p in enumerate(game.state["players"])}
    while game.state["data"]["phase"] == "setup":
        for decision in game.pending:
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    base = game.state["data"]["base"]["value"]
    name = label(game, base)
    assert not any(f"base is revealed in {name}" in line for line in account(game, "empire"))
