"""A careless or hostile agent at the kernel (issue 16, "Hidden information"): what the game hands out (views,
decisions, their options' data) is a copy, so changing it changes neither the game nor its state hash; errors
from apply() name no other side's options; an option from an earlier decision is refused (DESIGN principle 3:
the engine never trusts an answer it did not offer)."""

from __future__ import annotations

import pytest

from swrebellion.engine import Game, IllegalChoice


def _played(game: Game, decisions: int) -> Game:
    for _ in range(decisions):
        decision = game.pending[0]
        game.apply(decision.options[0].id, player=decision.player)
    return game


@pytest.mark.parametrize("player", ["hider", "seeker", None])
def test_changing_a_view_changes_nothing_in_the_game(toy_rules, bounded, player):
    game = Game.new(toy_rules, seed=3)
    game.apply("barn")
    before = game.state_hash()
    with bounded(10):
        view = game.view(player)
        view["options"]["sneaky"] = True
        view["players"].append("ghost")
        view["data"]["score"]["seeker"] = 99
        view["log"].clear()
        for pending in view["pending"]:
            pending["player"] = "ghost"
            for option in pending.get("options", []):
                option["data"] = "changed"
    assert game.state_hash() == before
    assert game.view(player)["players"] == ["hider", "seeker"]


def test_changing_the_result_in_a_view_changes_nothing(toy_rules, bounded):
    game = Game.new(toy_rules, seed=3)
    while not game.over:
        _played(game, 1)
    before = game.state_hash()
    with bounded(10):
        game.view("seeker")["result"]["winner"] = "nobody"
    assert game.state_hash() == before and game.state["result"]["winner"] != "nobody"


def test_changing_an_options_data_changes_nothing(base_rules, bounded):
    """Base game options carry dicts ({unit: at-at} for a starting unit): an agent may scribble on them."""
    game = Game.new(base_rules, seed=3)
    before = game.state_hash()
    with bounded(10):
        decision = game.pending[0]
        data = decision.options[0].data
        assert isinstance(data, dict)
        data["unit"] = "death-star"
        decision.to_json()["options"][0]["data"]["unit"] = "death-star"
        game.view(decision.player)["pending"][0]["options"][0]["data"]["unit"] = "death-star"
    assert game.state_hash() == before
    assert game.pending[0].options[0].data != {"unit": "death-star"}


def test_an_option_from_an_earlier_decision_is_refused(toy_rules, bounded):
    game = Game.new(toy_rules, seed=1)
    old = game.pending[0].options[0]  # hider: choose-hideout, "attic"
    game.apply(game.pending[0].options[1])
    before = game.state_hash()
    with bounded(10), pytest.raises(IllegalChoice, match="belongs to decision hider.1, which is no longer open"):
        game.apply(old)
    assert game.state_hash() == before


def test_an_option_of_the_open_decision_is_still_accepted(toy_rules):
    game = Game.new(toy_rules, seed=1)
    option = game.pending[0].options[2]
    game.apply(option)
    assert list(game.state["choices"]) == [["hider", option.id]]


def test_apply_without_a_player_names_no_other_sides_options(toy_rules, bounded):
    """The hider has answered a simultaneous decision; a caller that does not say who it is must not learn the
    seeker's hand from the error (the play-card options are the seeker's secret cards)."""
    game = Game.new(toy_rules, seed=1)
    game.apply("barn")
    game.apply(game.pending[0].options[0].id, player="hider")
    [seeker] = game.pending
    hand = [o.id for o in seeker.options]
    with bounded(10), pytest.raises(IllegalChoice) as refused:
        game.apply("nonsense")
    message = str(refused.value)
    assert "'nonsense' was not offered to seeker" in message
    assert not any(f"'{card}'" in message or f" {card}," in message or message.endswith(f" {card}")
                   for card in hand), message
    assert "offered" not in message.split("not offered", 1)[1]


def test_several_deciding_names_only_who(toy_rules, bounded):
    game = Game.new(toy_rules, seed=1)
    game.apply("barn")
    with bounded(10), pytest.raises(IllegalChoice) as refused:
        game.apply("1")
    assert str(refused.value) == "several players are deciding at once (hider, seeker); say which"


def test_the_named_player_is_told_their_own_options(toy_rules):
    game = Game.new(toy_rules, seed=1)
    with pytest.raises(IllegalChoice, match="offered: attic, barn, cellar, dock, erie"):
        game.apply("moon", player="hider")
