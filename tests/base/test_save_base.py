"""Saves of real base games: replay to the same state, and a changed pack is named (issue 4, "Save and load")."""

import json

import pytest

from swrebellion.engine import Game, RandomAgent
from swrebellion.engine.save import SaveError, load_game, save_game
from swrebellion.games import rules_for


def half_played(rules, seed=8, decisions=300):
    game = Game.new(rules, seed)
    agents = {p: RandomAgent(seed + n) for n, p in enumerate(game.state["players"])}
    for _ in range(decisions):
        decision = game.pending[0]
        game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    return game


def test_a_saved_base_game_replays_to_the_same_state(base_rules, tmp_path):
    game = half_played(base_rules)
    save_game(game, tmp_path / "g.json")
    assert load_game(tmp_path / "g.json", rules_for).state == game.state


def test_a_changed_pack_is_named_with_what_to_do(base_rules, tmp_path):
    game = half_played(base_rules)
    path = tmp_path / "g.json"
    save_game(game, path)
    data = json.loads(path.read_text())
    assert data["packs"][0]["id"] == "base" and len(data["packs"][0]["hash"]) == 64
    data["packs"][0]["hash"] = "0" * 64
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="the pack 'base' has changed since the save was made .* pack version"):
        load_game(path, rules_for)
