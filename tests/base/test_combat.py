"""Combat rules that scenario files cannot express: who acts first when the turn's owner did not start the combat
(RULINGS D-03, RS-CMB-03), the order of destruction (RULINGS C-03), hidden tactic hands (RB-TAC-04), the decks
after a combat (RB-TAC-05), team roles (RS-CMB-09) and the values Rise of the Empire adjusts (``game.modify``)."""

from __future__ import annotations

import pytest

from swrebellion.engine import Game, scenario
from swrebellion.engine.secrets import peek
from swrebellion.expansions.base.rules import combat
from swrebellion.expansions.base.tables import tables


def start(rules, state: dict, dice=()) -> Game:
    spec = scenario.Scenario.model_validate({"name": "test", "state": state})
    game = scenario.start(spec, rules)
    game.state["forced_dice"].extend(dice)
    return game


def choose(game: Game, kind: str, option: str) -> None:
    [decision] = [d for d in game.pending if d.kind == kind]
    game.apply(option, player=decision.player)


def activate(game: Game, faction: str, target: str, source: str, *picks: str) -> None:
    choose(game, "command-action", f"activate:{target}")
    choose(game, "move-from", source)
    for pick in picks:
        choose(game, "move-units", pick)


BLANK_DECKS = {"tactics-space": [], "tactics-ground": []}


def test_the_current_player_acts_first_even_when_the_opponent_started_the_combat(base_rules):
    """RULINGS D-03, RS-CMB-03/05: a combat caused during the Rebel's turn by an Imperial card is fought with the
    Rebel (the current player) deciding and attacking first; the Empire is its initiator (RS-BTL-05)."""
    game = start(base_rules, {
        "phase": "command", "current": "rebel",
        "leaders": {"darth-vader": "pool", "jan-dodonna": "pool"},
        "units": {"hoth": {"x-wing": 1, "star-destroyer": 1}},
        "decks": BLANK_DECKS,
    })
    game.state["pending"] = []
    assert combat.start_combat(game, "hoth", "empire")
    game.state["forced_dice"].extend(["blank"] * 4)
    game.run()
    assert game.state["data"]["combat"]["current"] == "rebel"
    assert game.state["data"]["combat"]["initiator"] == "empire"
    [decision] = game.pending
    assert (decision.player, decision.kind) == ("rebel", "add-leader")
    choose(game, "add-leader", "none")
    choose(game, "add-leader", "none")
    rolls = [e["who"] for e in game.state["log"] if e["type"] == "roll"]
    assert rolls[:2] == ["rebel", "empire"]


def test_no_combat_without_a_shared_theater(base_rules):
    """RB-CMB-02, FAQ-38: start_combat refuses when no theater holds both sides."""
    game = start(base_rules, {"phase": "command", "units": {"hoth": {"x-wing": 1, "stormtrooper": 1}}})
    assert not combat.start_combat(game, "hoth", "empire")
    assert game.state["data"]["combat"] is None


def test_units_whose_side_attacked_die_at_once_the_others_at_the_end_of_the_step(base_rules):
    """RULINGS C-03: the second attacker's lethal hit kills the first attacker's unit at once, before the end of
    the step destroys the second attacker's own set-aside unit."""
    game = start(base_rules, {
        "phase": "command", "current": "empire",
        "leaders": {"darth-vader": "pool"},
        "units": {"hoth": {"x-wing": 1}, "bespin": {"tie-fighter": 1, "assault-carrier": 1}},
        "decks": BLANK_DECKS,
    }, dice=["blank", "direct-hit", "blank", "direct-hit"])
    activate(game, "empire", "hoth", "bespin", "unit:assault-carrier", "unit:tie-fighter")
    choose(game, "assign-damage", "tie-fighter:0:0")
    order = [e["unit"] for e in game.state["log"] if e["type"] == "destroyed"]
    assert order == ["tie-fighter", "x-wing"]


def test_tactic_hands_are_hidden_from_the_opponent_and_reshuffled_after_combat(base_rules):
    """RB-TAC-04: a side's tactic cards are its team's secret; RB-TAC-05, RS-END-02: at the end every card is back
    in its deck, the discard piles empty."""
    game = start(base_rules, {
        "phase": "command", "current": "empire",
        "leaders": {"darth-vader": "pool", "jan-dodonna": "hoth"},
        "units": {"hoth": {"x-wing": 1}, "bespin": {"star-destroyer": 1}},
    }, dice=["blank"] * 4)
    activate(game, "empire", "hoth", "bespin", "unit:star-destroyer")
    view = game.view("empire")["data"]["combat"]["hands"]
    assert view["empire"] == peek(game.state["data"]["combat"]["hands"]["empire"])
    assert "value" not in view["rebel"] and view["rebel"]["count"] == 2
    drawn = [e for e in game.view("empire")["log"] if e["type"] == "tactics-drawn" and e["faction"] == "rebel"]
    assert drawn and "value" not in drawn[0]["cards"]
    while game.state["data"]["combat"] is not None:
        decision = game.pending[0]
        game.state["forced_dice"].extend(["direct-hit"] * 5)
        game.apply(decision.options[-1].id if decision.kind != "retreat" else "stay", player=decision.player)
    copies = {th: sum(c.copies for c in tables(game).tactics.values() if c.theater == th) for th in ("space", "ground")}
    for theater, count in copies.items():
        assert len(peek(game.state["data"]["decks"][f"tactics-{theater}"])) == count
        assert game.state["data"]["discards"][f"tactics-{theater}"] == []


def test_team_play_the_admiral_fights_in_space_and_the_general_on_the_ground(base_rules):
    """RS-CMB-09: the Admiral decides the space battle, the General the ground battle. The Imperial Admiral's
    turn comes first, and he activates with his own (admiral) leader (RB-TEAM-02, RS-CMD-09)."""
    game = start(base_rules, {
        "players": 4, "phase": "command", "current": "empire",
        "leaders": {"emperor-palpatine": "pool", "jan-dodonna": "hoth"},
        "units": {"hoth": {"x-wing": 1, "rebel-trooper": 1}, "bespin": {"star-destroyer": 1, "stormtrooper": 1}},
        "decks": {"tactics-space": ["space-critical-hit"] * 2 + ["space-no-escape"] * 2,
                  "tactics-ground": ["ground-critical-hit"] * 5},
    }, dice=["blank"] * 3)
    choose(game, "command-action", "activate:hoth")
    choose(game, "move-from", "bespin")
    choose(game, "move-units", "everything")
    assert [(d.player, d.kind) for d in game.pending] == [("empire-admiral", "combat-action")]
    choose(game, "combat-action", "done")
    game.state["forced_dice"].extend(["blank"] * 3)
    assert [(d.player, d.kind) for d in game.pending] == [("rebel-admiral", "combat-action")]
    choose(game, "combat-action", "done")
    assert [(d.player, d.kind) for d in game.pending] == [("empire-general", "combat-action")]


@pytest.mark.parametrize("name, value, expect_roll", [
    ("dice-limits", {"red": 10, "black": 10}, {"red": ["blank"] * 6, "black": ["blank"] * 2}),
    ("combat-dice", {"red": 1}, {"red": ["blank"]}),
])
def test_dice_pool_and_cap_go_through_modify(base_rules, name, value, expect_roll):
    """RS-ATK-01, RULINGS D-01: the pool ("combat-dice", before the cap) and the cap ("dice-limits") are values an
    expansion adjusts (green dice, RE-DIE)."""
    game = start(base_rules, {
        "phase": "command", "current": "empire",
        "leaders": {"darth-vader": "pool"},
        "units": {"hoth": {"x-wing": 1}, "bespin": {"death-star": 1, "assault-carrier": 2}},
        "decks": BLANK_DECKS,
    }, dice=["blank"] * 20)
    original = game.modify
    game.modify = lambda n, v, **ctx: value if n == name and ctx.get("faction") == "empire" else original(n, v, **ctx)
    activate(game, "empire", "hoth", "bespin", "everything")
    roll = next(e for e in game.state["log"] if e["type"] == "roll")
    assert roll["dice"] == expect_roll


def test_can_retreat_goes_through_modify(base_rules):
    """The Interdictor (Rise of the Empire) forbids retreats through "can-retreat"."""
    game = start(base_rules, {
        "phase": "command", "current": "empire",
        "leaders": {"darth-vader": "pool", "jan-dodonna": "hoth"},
        "units": {"hoth": {"x-wing": 1}, "bespin": {"star-destroyer": 1}},
        "decks": BLANK_DECKS,
    }, dice=["blank"] * 4)
    original = game.modify
    game.modify = lambda n, v, **ctx: False if n == "can-retreat" and ctx["faction"] == "rebel" else original(n, v, **ctx)
    activate(game, "empire", "hoth", "bespin", "unit:star-destroyer")
    game.state["forced_dice"].extend(["blank"] * 4)
    choose(game, "retreat", "stay")
    assert [(d.player, d.kind) for d in game.pending] == [("empire", "retreat")]
    assert game.state["data"]["combat"]["round"] == 2
