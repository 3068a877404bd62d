"""System types, loyalty and subjugation as the board rules keep them (RB-SYS, RB-LOY, RB-SUB, RS-LOY, RS-SYS,
RULINGS C-04, C-10). Each test sets a situation through the scenario builder and changes it through the same
board functions the cards and rules call."""

import pytest

from swrebellion.engine.scenario import Scenario, start
from swrebellion.expansions.base import board


def game_with(rules, **state):
    return start(Scenario(name="systems", state={"phase": "command", **state}), rules)


def marker(game, system):
    s = game.state["data"]["systems"][system]
    return s["loyalty"], s["subjugated"]


def test_system_types(base_rules):
    """RB-SYS-01, RB-SYS-04, RB-LOY-01 and RS-LOY-08: populous systems have icons and take loyalty; remote ones neither;
    RB-SYS-06, RS-SYS-03: neutral means no loyalty marker; RB-SYS-07/08, RS-SYS-01/02: Rebel and Imperial systems."""
    game = game_with(base_rules, systems={"naboo": {"loyalty": "rebel"}, "sullust": {"loyalty": "empire"}})
    assert board.is_populous(game, "naboo") and board.is_remote(game, "hoth")
    assert not board.can_hold_loyalty(game, "hoth")
    assert board.is_rebel(game, "naboo") and not board.is_imperial(game, "naboo")
    assert board.is_imperial(game, "sullust") and board.is_imperial(game, "coruscant")
    assert board.is_neutral(game, "kessel") and not board.is_neutral(game, "naboo")


def test_gaining_loyalty_one_step_and_two(base_rules):
    """RB-LOY-02, RB-LOY-03, RB-LOY-04, RB-LOY-05, RS-LOY-02, RS-LOY-03, RS-LOY-04 (FAQ-100): 1 against the opponent neutralises, 2 flips, on neutral the marker
    goes down, in one's own system nothing changes; RS-LOY-01: one marker at most."""
    game = game_with(base_rules, systems={"naboo": {"loyalty": "empire"}, "ryloth": {"loyalty": "empire"}})
    board.gain_loyalty(game, "rebel", "naboo", 1)
    assert marker(game, "naboo") == (None, False)
    board.gain_loyalty(game, "rebel", "ryloth", 2)
    assert marker(game, "ryloth") == ("rebel", False)
    board.gain_loyalty(game, "rebel", "ryloth", 2)
    assert marker(game, "ryloth") == ("rebel", False)
    board.gain_loyalty(game, "rebel", "kessel", 1)
    assert marker(game, "kessel") == ("rebel", False)


def test_coruscant_and_remote_systems_never_change(base_rules):
    """RB-LOY-06, RB-LOY-07, RB-SYS-05, RS-LOY-08 (FAQ-101)."""
    game = game_with(base_rules)
    board.gain_loyalty(game, "rebel", "coruscant", 2)
    board.gain_loyalty(game, "rebel", "hoth", 1)
    assert marker(game, "coruscant") == ("empire", False) and marker(game, "hoth") == (None, False)


def test_losing_loyalty(base_rules):
    """RS-LOY-05: one's own marker comes off; a system without it cannot lose it."""
    game = game_with(base_rules, systems={"naboo": {"loyalty": "rebel"}})
    board.lose_loyalty(game, "empire", "naboo")
    assert marker(game, "naboo") == ("rebel", False)
    board.lose_loyalty(game, "rebel", "naboo")
    assert marker(game, "naboo") == (None, False)


def test_subjugation_follows_imperial_ground_units_and_never_sets_loyalty(base_rules):
    """RULINGS C-10, C-04, RB-SUB-01/02/03, RB-SUB-06/07, RS-SYS-04, FAQ-97, FAQ-98: an Imperial ground unit subjugates a system
    without Imperial loyalty, Rebel loyalty stays under it, and it ends the moment the last one leaves; ships alone
    do not subjugate; remote systems never are (RB-SUB-11). Having loyalty is having the marker, whatever the units
    and the subjugation marker (RS-LOY-06)."""
    game = game_with(base_rules, systems={"naboo": {"loyalty": "rebel"}})
    board.add_units(game, "naboo", "star-destroyer")
    assert marker(game, "naboo") == ("rebel", False)
    board.add_units(game, "naboo", "stormtrooper")
    assert marker(game, "naboo") == ("rebel", True)
    assert board.is_imperial(game, "naboo") and not board.is_rebel(game, "naboo")
    board.remove_units(game, "naboo", "stormtrooper")
    assert marker(game, "naboo") == ("rebel", False)
    board.add_units(game, "hoth", "stormtrooper")
    assert marker(game, "hoth") == (None, False)


def test_loyalty_changes_under_a_subjugation_marker(base_rules):
    """RB-SUB-08, RB-SUB-09, RB-SUB-10, RS-LOY-09: Imperial loyalty in a neutral subjugated system flips the marker to loyalty;
    Rebel loyalty goes under it; losing it takes it from under the marker, and the system stays subjugated."""
    game = game_with(base_rules, units={"naboo": {"stormtrooper": 1}, "ryloth": {"stormtrooper": 1}})
    assert marker(game, "naboo") == (None, True)
    board.gain_loyalty(game, "empire", "naboo", 1)
    assert marker(game, "naboo") == ("empire", False)
    board.gain_loyalty(game, "rebel", "ryloth", 1)
    assert marker(game, "ryloth") == ("rebel", True)
    board.lose_loyalty(game, "rebel", "ryloth")
    assert marker(game, "ryloth") == (None, True)


def test_a_destroyed_system_is_neither_populous_nor_remote(base_rules):
    """RB-DST-01/03/05, RS-DST-01/03/06: marker, Rebel ground units gone, leaders stay, no loyalty ever again."""
    game = game_with(base_rules, base="dantooine", systems={"naboo": {"loyalty": "rebel", "sabotage": True}},
                     units={"naboo": {"rebel-trooper": 2, "x-wing": 1}}, leaders={"princess-leia": "naboo"})
    board.destroy_system(game, "naboo", cause="test")
    s = game.state["data"]["systems"]["naboo"]
    assert s == {"loyalty": None, "subjugated": False, "sabotage": False, "destroyed": True}
    assert board.units_at(game, "naboo") == {"x-wing": 1}
    assert game.state["data"]["leaders"]["princess-leia"]["at"] == "naboo"
    assert not board.is_populous(game, "naboo") and not board.is_remote(game, "naboo")
    board.gain_loyalty(game, "empire", "naboo", 2)
    assert marker(game, "naboo") == (None, False)


@pytest.mark.parametrize("reveal_first", [True, False])
def test_voluntary_reveal_only_at_the_start_of_a_rebel_turn(base_rules, reveal_first):
    """RULINGS C-06, RB-BAS-10, RS-CMD-08, RB-CMD-07, FAQ-62: offered at the start of the Rebel's turn, before acting;
    never on the Empire's turn, never again once used or after the Rebel acted this turn."""
    game = game_with(base_rules, base="dantooine", current="rebel", leaders={"jan-dodonna": "pool", "darth-vader": "pool"})
    [decision] = game.pending
    assert "reveal-base" in [o.id for o in decision.options]
    if reveal_first:
        game.apply("reveal-base", player="rebel")
        [decision] = game.pending
        assert decision.player == "rebel" and "reveal-base" not in [o.id for o in decision.options]
        assert game.state["data"]["base_revealed"] == "dantooine"
    else:
        game.apply("pass", player="rebel")
        [decision] = game.pending
        assert decision.player == "empire" and "reveal-base" not in [o.id for o in decision.options]


def test_no_imperial_victory_while_the_base_is_hidden(base_rules):
    """FAQ-106, RB-WIN-02, RB-BAS-09, RULINGS C-05: Imperial ships alone in the hidden base's system, Rebel units
    only on the Rebel Base space: no reveal, no victory. Once found with Imperial units and no Rebel units there,
    the Empire wins at once."""
    game = game_with(base_rules, base="dantooine", units={"rebel-base": {"x-wing": 1}})
    board.add_units(game, "dantooine", "star-destroyer")
    assert not game.over and game.state["data"]["base_revealed"] is None
    board.add_units(game, "dantooine", "stormtrooper")
    board.check_base_reveal(game)  # after movement, before combat (RB-BAS-11): a ground unit forces it (RB-BAS-08)
    assert game.state["data"]["base_revealed"] == "dantooine" and not game.over  # the X-wing came with the base
    board.remove_units(game, "dantooine", "x-wing")
    assert game.state["result"] == {"winner": "empire", "reason": "the Empire holds the revealed Rebel base"}
