"""Activation and movement rules that scenario files cannot express: the options offered (RB-MOV-13, RB-BAS-06,
RS-CMD-05/06), "ignore transport restrictions" through ``game.modify`` (RB-MOV-15, FAQ-37), team roles and what the
Empire sees of a hidden-base move."""

from __future__ import annotations

from packkit import active

from swrebellion.engine import Game, scenario
from swrebellion.expansions.base.phases import movement
from swrebellion.expansions.base.rules.moves import ACTIVATE
from swrebellion.expansions.base.tables import BASE_SPACE, tables
from swrebellion.games import rules_from_active
from swrebellion.hookspecs import hookimpl
from swrebellion.plugins import Expansion


def start(rules, state: dict) -> Game:
    return scenario.start(scenario.Scenario.model_validate({"name": "test", "state": state}), rules)


def choose(game: Game, kind: str, option: str) -> None:
    [decision] = [d for d in game.pending if d.kind == kind]
    game.apply(option, player=decision.player)


def test_every_system_may_be_activated_and_the_base_space_only_by_the_rebel_while_hidden(base_rules):
    """RS-CMD-05/06 (any system, leaders or not), RB-BAS-06 and RB-BAS-13 (the Rebel Base space while hidden)."""
    game = start(base_rules, {"phase": "command", "base": "hoth",
                              "leaders": {"jan-dodonna": "pool", "darth-vader": "pool"}})
    systems = sorted(tables(game).systems)
    rebel = [o["id"] for o in movement.activation_options(game, "rebel")]
    empire = [o["id"] for o in movement.activation_options(game, "empire")]
    assert rebel == [f"activate:{s}" for s in systems] + [f"activate:{BASE_SPACE}"]
    assert empire == [f"activate:{s}" for s in systems]
    option = movement.activation_options(game, "rebel")[0]
    assert option["data"] == {"step": ACTIVATE, "args": {"faction": "rebel", "system": systems[0]}}


def test_no_activation_without_a_leader_with_tactic_values(base_rules):
    """RB-MOV-13, FAQ-31: leaders without tactic values, or none in the pool, activate nothing."""
    game = start(base_rules, {"phase": "command", "leaders": {"mon-mothma": "pool", "jan-dodonna": "hoth"}})
    assert movement.activation_options(game, "rebel") == []


class NoDagobahPlugin:
    """A test expansion taking Dagobah out of the systems the Rebel may activate, through "activation-targets"."""

    EXPANSION = Expansion(id="test-no-dagobah", name="Test: no Dagobah", version="1.0.0")

    @hookimpl
    def register_values(self, registry):
        registry.modify("activation-targets", lambda game, value, context:
                        [s for s in value if s != "dagobah"] if context["faction"] == "rebel" else None)


def test_a_plugin_changing_the_activation_targets_is_asked_each_time():
    """The activation options come from the targets "activation-targets" gives, for each side; the rules keep
    the options made for a list of targets, never those of another list."""
    rules = rules_from_active(active("base", "test-no-dagobah", extra=[(NoDagobahPlugin(), "tests/base")]))
    game = start(rules, {"phase": "command", "base": "hoth",
                         "leaders": {"jan-dodonna": "pool", "darth-vader": "pool"}})
    systems = sorted(tables(game).systems)
    for _ in range(2):  # made, then read again
        rebel = [o["id"] for o in movement.activation_options(game, "rebel")]
        empire = [o["id"] for o in movement.activation_options(game, "empire")]
        assert rebel == [f"activate:{s}" for s in systems if s != "dagobah"] + [f"activate:{BASE_SPACE}"]
        assert empire == [f"activate:{s}" for s in systems]


class NoTransportPlugin:
    """A test expansion lifting every transport restriction through the declared value "needs-transport"."""

    EXPANSION = Expansion(id="test-no-transport", name="Test: no transport", version="1.0.0")

    @hookimpl
    def register_values(self, registry):
        registry.modify("needs-transport", lambda game, value, context: False)


def test_ignoring_transport_restrictions_lets_tie_fighters_move_alone():
    """RB-MOV-15, FAQ-37: an effect that lifts transport restrictions (through "needs-transport") lets TIE
    Fighters leave with no carrier."""
    rules = rules_from_active(active("base", "test-no-transport", extra=[(NoTransportPlugin(), "tests/base")]))
    game = start(rules, {"phase": "command", "current": "empire", "passed": {"rebel": True},
                         "leaders": {"darth-vader": "pool"}, "units": {"bespin": {"tie-fighter": 3}}})
    assert game.answered("needs-transport")
    choose(game, "command-action", "activate:hoth")
    choose(game, "move-from", "bespin")
    choose(game, "move-units", "all:tie-fighter")
    assert game.state["data"]["units"]["hoth"] == {"tie-fighter": 3}


def test_without_the_effect_tie_fighters_alone_stay(base_rules):
    """RB-MOV-08: the same TIE Fighters without the effect cannot move, so their system is no source."""
    game = start(base_rules, {"phase": "command", "current": "empire", "passed": {"rebel": True},
                              "leaders": {"darth-vader": "pool"}, "units": {"bespin": {"tie-fighter": 3}}})
    choose(game, "command-action", "activate:hoth")
    assert game.state["data"]["units"] == {"bespin": {"tie-fighter": 3}}
    assert game.pending[0].kind == "command-action"


def test_team_play_the_admiral_activates_and_moves(base_rules):
    """RB-TEAM-06: the Admiral moves units (and places them, builds, deploys); on his turn he activates with one of
    his own (admiral) leaders only, never the General's Princess Leia (RB-TEAM-02, RS-CMD-09)."""
    game = start(base_rules, {"players": 4, "phase": "command", "current": "rebel",
                              "leaders": {"jan-dodonna": "pool", "admiral-ackbar": "pool", "princess-leia": "pool"},
                              "units": {"bespin": {"x-wing": 1}}})
    assert [(d.player, d.kind) for d in game.pending] == [("rebel-admiral", "command-action")]
    choose(game, "command-action", "activate:hoth")
    [decision] = game.pending
    assert (decision.player, decision.kind) == ("rebel-admiral", "activation-leader")
    assert sorted(o.id for o in decision.options) == ["admiral-ackbar", "jan-dodonna"]
    choose(game, "activation-leader", "jan-dodonna")
    assert [(d.player, d.kind) for d in game.pending] == [("rebel-admiral", "move-from")]


def test_the_empire_sees_the_move_but_not_the_rebel_options(base_rules):
    """RS-BLF-01: a move from the Rebel Base space is public (it shows a system at or next to the base); the
    choices offered to the Rebel (which name the space as a source) are seen by the Rebel only."""
    game = start(base_rules, {"phase": "command", "current": "rebel", "base": "hoth",
                              "leaders": {"jan-dodonna": "pool"}, "units": {BASE_SPACE: {"x-wing": 1}}})
    choose(game, "command-action", "activate:endor")
    assert game.view("empire")["pending"] == [{"player": "rebel", "kind": "move-from", "answered": False}]
    assert "options" in game.view("rebel")["pending"][0]
    choose(game, "move-from", BASE_SPACE)
    choose(game, "move-units", "unit:x-wing")
    moves = [e for e in game.view("empire")["log"] if e["type"] == "move"]
    assert moves == [{"type": "move", "faction": "rebel", "from": BASE_SPACE, "to": "endor",
                      "units": {"x-wing": 1}, "leaders": []}]
    assert game.view("empire")["data"]["base"]["$secret"] == ["rebel"]


def test_a_source_is_usable_exactly_when_its_group_offers_something(base_rules):
    """RB-MOV-06..12: ``can_leave`` must agree with the options a group from there offers (units with room, captured
    leaders to carry, everything at once) where no leader pins the side's units, in every system, for both sides,
    through seeded games from start to end."""
    from swrebellion.engine import RandomAgent
    from swrebellion.expansions.base.board import pins
    from swrebellion.expansions.base.rules.moves import Group, can_leave

    checked = movable = 0
    for seed in range(3):
        game = Game.new(base_rules, seed)
        agents = {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])}
        while not game.over:
            if len(game.state["choices"]) % 25 == 0:
                for where in [*game.state["data"]["units"], BASE_SPACE]:
                    for faction in ("rebel", "empire"):
                        offered = bool(Group(game, faction, where, {}, []).options())
                        usable = can_leave(game, faction, where)
                        assert usable == (offered and not pins(game, where, faction)), (seed, where, faction)
                        checked += 1
                        movable += usable
            decision = game.pending[0]
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    assert checked > 500 and 0 < movable < checked


def test_everything_at_once_is_offered_in_every_group_with_ships_even_when_not_all_cargo_fits(base_rules):
    """RB-MOV-06/07 (issue 35 #11): a corvette (room for 2) with 3 Rebel Troopers: "everything" cannot be offered,
    so the group offers the ship and as much cargo as it can carry, which moves the corvette and 2 troopers; once
    taken it is never offered again; with room for all, "everything" moves all."""
    game = start(base_rules, {"phase": "command", "current": "rebel", "leaders": {"jan-dodonna": "pool"},
                              "units": {"bespin": {"corellian-corvette": 1, "rebel-trooper": 3}}})
    choose(game, "command-action", "activate:hoth")
    choose(game, "move-from", "bespin")
    [decision] = game.pending
    ids = decision.option_ids
    assert "ships-and-cargo" in ids and "everything" not in ids
    assert next(o.label for o in decision.options if o.id == "ships-and-cargo") == \
        "Every ship here, with as much cargo as they can carry"
    choose(game, "move-units", "ships-and-cargo")  # nothing else can join: the move is carried out
    units = game.state["data"]["units"]
    assert units["hoth"] == {"corellian-corvette": 1, "rebel-trooper": 2} and units["bespin"] == {"rebel-trooper": 1}

    # three kinds of cargo, room for the first and some of the second: once taken, the option is not offered again
    # (it would add nothing: a bot that liked it took it again and again, and the game never ended)
    game = start(base_rules, {"phase": "command", "current": "empire", "leaders": {"darth-vader": "pool"},
                              "units": {"bespin": {"assault-carrier": 1, "at-at": 3, "at-st": 2, "stormtrooper": 1}}})
    choose(game, "command-action", "activate:hoth")
    choose(game, "move-from", "bespin")
    choose(game, "move-units", "ships-and-cargo")  # the carrier, 3 AT-ATs and an AT-ST fill its 4 slots
    assert "ships-and-cargo" not in (game.pending[0].option_ids if game.pending else ())
    units = game.state["data"]["units"]
    assert units["hoth"] == {"assault-carrier": 1, "at-at": 3, "at-st": 1}
    assert units["bespin"] == {"at-st": 1, "stormtrooper": 1}

    game = start(base_rules, {"phase": "command", "current": "rebel", "leaders": {"jan-dodonna": "pool"},
                              "units": {"bespin": {"rebel-transport": 1, "rebel-trooper": 3}}})
    choose(game, "command-action", "activate:hoth")
    choose(game, "move-from", "bespin")
    assert "everything" in game.pending[0].option_ids and "ships-and-cargo" not in game.pending[0].option_ids
    choose(game, "move-units", "everything")
    assert game.state["data"]["units"]["hoth"] == {"rebel-transport": 1, "rebel-trooper": 3}
