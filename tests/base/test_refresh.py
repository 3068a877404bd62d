"""Refresh Phase, objectives, loyalty, victory and setup cases that scenarios cannot express: views of hidden
information, direct calls to the board helpers, and properties of a whole setup (FAQ_CASES I, K, L, M)."""

from __future__ import annotations

import json

import pytest

from swrebellion.engine import Game, peek
from swrebellion.engine.effects import run_effect
from swrebellion.engine.scenario import Scenario, start
from swrebellion.expansions.base import board
from swrebellion.expansions.base.phases import refresh
from swrebellion.expansions.base.rules import objectives

from swrebellion.expansions.base.tables import BASE_SPACE, tables, the_setup


def scenario(rules, **state) -> Game:
    state.setdefault("base", "dantooine")
    state.setdefault("time", 6)
    return start(Scenario(name="t", state=state), rules)


# -- objectives (FAQ I) -------------------------------------------------------------------------------------------


def test_faq_79_forced_to_show_objectives_shows_all_then_hides_them_again(base_rules):
    """RB-OBJ-10, RB-OBJ-09: the op shows every card to the Empire in the log; the hand itself stays secret."""
    game = scenario(base_rules, phase="command",
                    hands={"rebel": {"objectives": ["popular-support", "liberation", "major-victory"]}})
    run_effect(game, [{"op": "reveal", "what": "hand", "side": "rebel", "kind": "objectives"}],
               {"faction": "empire"})  # as Interrogation's success would
    for step in ("effect", "effect-op"):  # run by hand: the Command Phase decision is still pending below
        game.rules.steps[step](game, game.state["stack"][-1])
    held = ["popular-support", "liberation", "major-victory"]
    shown = [e for e in game.view("empire")["log"] if e["type"] == "hand-shown"]
    assert shown == [{"type": "hand-shown", "faction": "rebel", "kind": "objectives", "cards": held}]
    assert game.view("empire")["data"]["hands"]["rebel"]["objectives"] == {"$secret": ["rebel"], "count": 3}
    assert peek(game.state["data"]["hands"]["rebel"]["objectives"]) == held


def test_objectives_in_hand_are_hidden_and_asking_tells_the_empire_nothing(base_rules):
    """RB-OBJ-09: a playable and an unplayable objective look the same to the Empire, decision included."""
    views = []
    for card in ("popular-support", "regional-support"):
        game = scenario(base_rules, phase="refresh",
                        systems={s: {"loyalty": "rebel"} for s in
                                 ("naboo", "sullust", "kashyyyk", "malastare", "felucia", "kessel")},
                        hands={"rebel": {"objectives": [card]}})
        assert game.pending[0].kind == "refresh-objective"
        views.append(json.dumps(game.view("empire"), sort_keys=True))
    assert views[0] == views[1]


def test_faq_76_combat_objectives_only_in_a_combat_and_one_per_combat(base_rules):
    """RB-OBJ-04/05, RB-OBJ-07, FAQ-76: outside a combat (units destroyed by a mission) no combat objective can be
    played; in a combat, only while no objective has been played in it yet."""
    game = scenario(base_rules, phase="command", hands={"rebel": {"objectives": ["crippling-blow"]}})
    data = game.state["data"]
    assert data["combat"] is None and not objectives.slot_free(game, "combat")
    assert objectives.playable(game, "combat") == []
    data["combat"] = {}
    assert objectives.slot_free(game, "combat")
    data["combat"]["objective_played"] = True
    assert not objectives.slot_free(game, "combat")


def test_a_card_whose_condition_is_not_data_is_never_offered(base_rules):
    """Offering a combat objective with no condition steps would score it for free: it is not offered."""
    game = scenario(base_rules, phase="command", hands={"rebel": {"objectives": ["return-of-the-jedi"]}})
    game.state["data"]["combat"] = {}
    assert objectives.playable(game, "combat") == []


def in_combat(game, system="corellia", initiator="rebel"):
    game.state["data"]["combat"] = {"system": system, "initiator": initiator, "objective_played": False}
    game.log("combat", system=system, initiator=initiator, current=initiator)


COMBAT_OBJECTIVES = ["crippling-blow", "major-victory", "rebel-assault", "liberation"]


def test_faq_76_units_destroyed_outside_the_combat_do_not_count(base_rules):
    """RB-OBJ-05, FAQ-76: losses from a mission before the combat, or with no combat at all, meet nothing."""
    game = scenario(base_rules, phase="command", units={"corellia": {"at-at": 2, "star-destroyer": 2, "x-wing": 1}},
                    hands={"rebel": {"objectives": COMBAT_OBJECTIVES}})
    board.destroy_units(game, "corellia", "at-at", 1, cause="mission")
    board.destroy_units(game, "corellia", "star-destroyer", 1, cause="mission")
    assert objectives.playable(game, "combat") == []
    in_combat(game)
    assert objectives.playable(game, "combat") == []
    board.destroy_units(game, "corellia", "star-destroyer", 1, cause="combat")
    assert objectives.playable(game, "combat") == ["major-victory", "rebel-assault"]


def test_crippling_blow_counts_printed_health_in_a_combat_the_rebel_initiated(base_rules):
    """Crippling Blow: Imperial ground units worth 3 health or more (RS-UNT-06), in a Rebel-initiated combat
    (RS-BTL-05)."""
    units = {"corellia": {"at-st": 1, "stormtrooper": 2, "x-wing": 1}}
    game = scenario(base_rules, phase="command", units=units, hands={"rebel": {"objectives": COMBAT_OBJECTIVES}})
    in_combat(game)
    board.destroy_units(game, "corellia", "at-st", 1, cause="combat")  # health 2
    assert objectives.playable(game, "combat") == []
    board.destroy_units(game, "corellia", "stormtrooper", 1, cause="combat")  # health 1
    assert objectives.playable(game, "combat") == ["crippling-blow"]
    other = scenario(base_rules, phase="command", units=units, hands={"rebel": {"objectives": COMBAT_OBJECTIVES}})
    in_combat(other, initiator="empire")
    board.destroy_units(other, "corellia", "at-st", 1, cause="combat")
    board.destroy_units(other, "corellia", "stormtrooper", 2, cause="combat")
    assert objectives.playable(other, "combat") == []


def test_liberation_needs_a_ground_battle_won_where_the_system_was_subjugated(base_rules):
    """Liberation: the Rebel wins the ground battle (RS-BTL-02) in a system subjugated when the combat began."""
    game = scenario(base_rules, phase="command", units={"naboo": {"stormtrooper": 1, "rebel-trooper": 1}},
                    hands={"rebel": {"objectives": COMBAT_OBJECTIVES}})
    assert board.system(game, "naboo")["subjugated"]
    in_combat(game, "naboo", initiator="empire")
    board.destroy_units(game, "naboo", "stormtrooper", 1, cause="combat")
    assert objectives.playable(game, "combat") == []
    game.log("battle-won", system="naboo", theater="ground", winner="rebel")
    assert objectives.playable(game, "combat") == ["liberation"]
    free = scenario(base_rules, phase="command", units={"naboo": {"rebel-trooper": 1}},
                    hands={"rebel": {"objectives": COMBAT_OBJECTIVES}})
    in_combat(free, "naboo")
    free.log("battle-won", system="naboo", theater="ground", winner="rebel")
    assert objectives.playable(free, "combat") == []


def test_a_combat_objective_uses_up_the_combat(base_rules):
    """RB-OBJ-07, RB-CMB-11: once scored, no other objective in this combat."""
    game = scenario(base_rules, phase="command", units={"corellia": {"star-destroyer": 2, "x-wing": 1}},
                    hands={"rebel": {"objectives": COMBAT_OBJECTIVES}})
    in_combat(game)
    board.destroy_units(game, "corellia", "star-destroyer", 2, cause="combat")
    game.state["pending"] = []  # play it outside the Command Phase decision, as the combat step would
    game.push(objectives.PLAY, card="rebel-assault", timing="combat")
    game.run()
    assert game.state["data"]["combat"]["objective_played"] is True
    assert game.state["data"]["reputation"] == 13
    assert objectives.playable(game, "combat") == []


def test_one_objective_per_refresh_phase(base_rules):
    """RB-OBJ-07: once one is scored in this Refresh Phase, no other refresh objective is playable."""
    game = scenario(base_rules, phase="refresh", hands={"rebel": {"objectives": ["leave-no-one-behind"]}})
    assert objectives.playable(game, "start-of-refresh") == ["leave-no-one-behind"]
    game.state["data"]["limits"]["refresh-objective"] = game.state["data"]["round"]
    assert objectives.playable(game, "start-of-refresh") == []


def test_faq_83_losing_reputation_moves_the_marker_away(base_rules):
    """RB-REP-05, FAQ-83."""
    game = scenario(base_rules, phase="command", reputation=10)
    board.change_reputation(game, -1, cause="test")
    assert game.state["data"]["reputation"] == 11 and not game.over


# -- refresh helpers --------------------------------------------------------------------------------------------


def test_time_track_icons_come_from_content(base_rules):
    """RS-TIME-01/02/03/04: 16 spaces, time on 1 and reputation on 14; recruit on 2-5, build on even spaces 2-14."""
    game = scenario(base_rules, phase="command")
    track = tables(game).time_tracks[the_setup(game).time_track]
    assert (track.length, track.time_start, track.reputation_start) == (16, 1, 14)
    icons = {space: refresh.time_icons(game, space) for space in range(1, 17)}
    assert [s for s, i in icons.items() if "recruit" in i] == [2, 3, 4, 5]
    assert [s for s, i in icons.items() if "build" in i] == [2, 4, 6, 8, 10, 12, 14]


def test_faq_104_cards_count_every_icon_building_uses_the_leftmost(base_rules):
    """RB-SYS-10, RB-SUB-05, FAQ-104: subjugated Rebel-loyal Mygeeto has two icons; the Empire builds from one,
    the Rebel from none (C-04), and a card counting its icons sees both."""
    game = scenario(base_rules, phase="command", systems={"mygeeto": {"loyalty": "rebel"}},
                    units={"mygeeto": {"stormtrooper": 1}})
    assert board.system(game, "mygeeto")["subjugated"]
    assert tables(game).systems["mygeeto"].resources == ["space-triangle", "ground-square"]
    assert refresh.build_icons(game, "empire", "mygeeto") == ["space-triangle"]
    assert refresh.build_icons(game, "rebel", "mygeeto") == []


def test_units_without_a_build_icon_are_never_built(base_rules):
    """RS-BLD-04, RS-DS-09: Super Star Destroyers and both Death Star pieces come only from projects, so no icon
    offers them, not even as a unit to destroy and rebuild."""
    game = scenario(base_rules, phase="command", units={"corellia": {"death-star": 2, "super-star-destroyer": 2}})
    icons = tables(game).builds["empire"]
    offered = {o["data"]["unit"] for icon in icons for o in refresh.unit_options(game, "empire", icon)}
    assert offered == {"tie-fighter", "assault-carrier", "star-destroyer", "stormtrooper", "at-st", "at-at"}


def test_rebel_base_space_builds_onto_its_own_queue_space(base_rules):
    """RS-BLD-06: the base space's icons come from the setup content (one blue and one orange triangle, space 1)."""
    game = scenario(base_rules, phase="command")
    spec = the_setup(game).rebel_base
    assert [s for s in refresh.build_sources(game, "rebel") if s[0] == BASE_SPACE] == [
        [BASE_SPACE, icon, spec.build_queue] for icon in spec.resources
    ]


# -- loyalty and subjugation (FAQ K) ------------------------------------------------------------------------------


def test_faq_98_rebel_loyalty_stays_under_subjugation(base_rules):
    """RB-SUB-06, RB-SUB-07, RULINGS C-10."""
    game = scenario(base_rules, phase="command", systems={"naboo": {"loyalty": "rebel"}})
    board.add_units(game, "naboo", "stormtrooper")
    assert board.system(game, "naboo") == {**board.system(game, "naboo"), "loyalty": "rebel", "subjugated": True}
    assert board.is_imperial(game, "naboo") and not board.is_rebel(game, "naboo")
    board.remove_units(game, "naboo", "stormtrooper")
    assert board.system(game, "naboo")["subjugated"] is False and board.is_rebel(game, "naboo")


def test_faq_100_one_loyalty_neutralises_two_flip(base_rules):
    """RB-LOY-02..05."""
    game = scenario(base_rules, phase="command",
                    systems={"naboo": {"loyalty": "empire"}, "sullust": {"loyalty": "empire"}})
    board.gain_loyalty(game, "rebel", "naboo", 1)
    assert board.system(game, "naboo")["loyalty"] is None
    board.gain_loyalty(game, "rebel", "naboo", 1)
    assert board.system(game, "naboo")["loyalty"] == "rebel"
    board.gain_loyalty(game, "rebel", "sullust", 2)
    assert board.system(game, "sullust")["loyalty"] == "rebel"


def test_faq_101_coruscant_and_remote_systems(base_rules):
    """RB-LOY-06, RB-LOY-07, RB-SYS-05, RB-SUB-11, RB-PRB-01."""
    game = scenario(base_rules, phase="command")
    board.gain_loyalty(game, "rebel", "coruscant", 2)
    assert board.system(game, "coruscant")["loyalty"] == "empire"
    board.gain_loyalty(game, "empire", "tatooine", 1)
    board.add_units(game, "tatooine", "stormtrooper")
    assert board.system(game, "tatooine")["loyalty"] is None and not board.system(game, "tatooine")["subjugated"]
    assert "coruscant" not in tables(game).probe_of
    assert sorted(tables(game).probe_of) == sorted(s for s in tables(game).systems if s != "coruscant")


# -- systems and victory (FAQ L) ------------------------------------------------------------------------------------


def test_faq_106_no_imperial_victory_while_the_base_is_hidden(base_rules):
    """RB-WIN-02, RB-BAS-09, RB-BAS-03: Imperial ships alone in the hidden base's system win nothing."""
    game = scenario(base_rules, phase="command", units={"rebel-base": {"rebel-trooper": 2}})
    board.add_units(game, "dantooine", "star-destroyer")
    assert not game.over and not board.base_revealed(game)
    board.add_units(game, "dantooine", "stormtrooper")  # ground units force the reveal (RB-BAS-08, RB-BAS-11) ...
    board.check_base_reveal(game)
    assert board.base_revealed(game) and not game.over  # ... and the Rebel units moved in still hold it


# -- setup (FAQ M) -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_faq_107_starting_loyalty_follows_the_probe_draw_order(base_rules, seed):
    """RB-SET-08, FAQ-107: the first 3 Rebel and 5 Imperial cards revealed; the first 2 Imperial ones subjugated;
    the Imperial cards leave the probe deck, the others are shuffled back."""
    game = Game.new(base_rules, seed)
    t = tables(game)
    revealed = next(e for e in game.state["log"] if e["type"] == "setup-probes")["revealed"]
    rebel, imperial = [], []
    for card in revealed:
        side = t.probe_setup[card]
        if side == "rebel" and len(rebel) < 3:
            rebel.append(t.probes[card])
        elif side == "empire" and len(imperial) < 5:
            imperial.append(t.probes[card])
    assert len(rebel) == 3 and len(imperial) == 5
    placed = next(e for e in game.state["log"] if e["type"] == "setup-loyalty")
    assert placed["rebel"] == rebel
    assert placed["subjugated"] == imperial[:2] and placed["imperial"] == imperial[2:]
    probes = set(peek(game.state["data"]["decks"]["probes"]))
    assert not probes & {t.probe_of[s] for s in imperial}
    assert {t.probe_of[s] for s in rebel} <= probes | {peek(game.state["data"].get("base_card"))}


@pytest.mark.parametrize("seed", range(5))
def test_faq_109_rebel_starting_units_offer_the_base_space_and_one_system(base_rules, seed):
    """RB-SET-10, RULINGS D-04, D-11, RB-LOY-06, FAQ-109: once a system is chosen, every placement offers only it and
    the base space; the systems offered are every Rebel or neutral one without Imperial units, never Coruscant
    (printed Imperial loyalty, and empty since D-09) nor a system given an Imperial loyalty marker."""
    game = Game.new(base_rules, seed)
    while game.pending and game.pending[0].kind != "rebel-start-system":
        decision = game.pending[0]
        game.apply(decision.options[0].id, player=decision.player)
    offered = [o.id for o in game.pending[0].options]
    systems = game.state["data"]["systems"]
    assert offered == ["none"] + [s for s in sorted(systems)
                                  if systems[s]["loyalty"] != "empire" and not board.has_units(game, s, "empire")]
    assert "coruscant" not in offered and not board.has_units(game, "coruscant", "empire")
    chosen = offered[1]
    game.apply(chosen, player="rebel")
    while game.pending and game.pending[0].kind == "place-starting-unit":
        assert sorted(o.id for o in game.pending[0].options) == sorted([BASE_SPACE, chosen])
        game.apply(chosen, player="rebel")
    assert sum(board.units_at(game, chosen).values()) == 14


def play_setup(game):
    while game.state["data"]["phase"] == "setup":
        decision = game.pending[0]
        game.apply(decision.options[0].id, player=decision.player)


def test_faq_110_and_112_starting_cards_hand_and_markers(base_rules):
    """RB-SET-03/04/11/13, RB-REP-01, FAQ-110, FAQ-112: 2 starting action cards, 4 starting + 2 missions, 1
    objective; time 1, reputation 14."""
    game = Game.new(base_rules, 3)
    play_setup(game)
    data, t = game.state["data"], tables(game)
    for faction in ("rebel", "empire"):
        actions = peek(data["hands"][faction]["actions"])
        assert len(actions) == 2 and all(t.actions[a].starting for a in actions)
        missions = peek(data["hands"][faction]["missions"])
        assert len(missions) == 6 and sum(t.missions[m].deck == "starting" for m in missions) == 4
    assert len(peek(data["hands"]["rebel"]["objectives"])) == 1
    assert data["time"] == 1 and data["reputation"] == 14


def test_probe_cards_are_seen_by_the_imperial_team_only(base_rules):
    """RB-PRB-03/04, RS-PRB-01, RULINGS C-08: both Imperial players see the drawn probes, no Rebel does."""
    game = scenario(base_rules, phase="refresh", players=4, decks={"probes": ["probe-hoth", "probe-endor"]})
    event = next(e for e in game.state["log"] if e["type"] == "drew-probes")
    assert event["cards"] == {"$secret": ["empire-admiral", "empire-general"], "value": ["probe-hoth", "probe-endor"]}
    for player in ("rebel-admiral", "rebel-general"):
        assert game.view(player)["data"]["hands"]["empire"]["probes"] == {
            "$secret": ["empire-admiral", "empire-general"], "count": 2}
