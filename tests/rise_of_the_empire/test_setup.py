"""Setup with Rise of the Empire (RE-SET-01..11, RE-MSS-01..07, RE-CRD-01, RE-USE-01/02, RE-CIN-01/02; FAQ-133,
FAQ-134, FAQ-136, FAQ-137; RULINGS D-06)."""

from collections import Counter

import pytest

from swrebellion.engine import Game, RandomAgent, peek
from swrebellion.expansions.base.board import has_units
from swrebellion.expansions.base.tables import tables
from swrebellion.games import rules_for

EXPANSIONS = ("base", "rise-of-the-empire")


@pytest.fixture(scope="module")
def roe_rules():
    return rules_for(EXPANSIONS)


def deck(game, name):
    return peek(game.state["data"]["decks"][name])


def finish_setup(game, seed=1):
    agent = RandomAgent(seed)
    while game.state["data"]["phase"] == "setup":
        decision = game.pending[0]
        game.apply(agent.choose(game, decision), player=decision.player)
    return game


def answer_until(game, kind, agent=None):
    """Answer every decision with a random agent until one of ``kind`` is pending."""
    agent = agent or RandomAgent(1)
    while not any(d.kind == kind for d in game.pending):
        decision = game.pending[0]
        game.apply(agent.choose(game, decision), player=decision.player)
    return next(d for d in game.pending if d.kind == kind)


@pytest.mark.parametrize("setup", ["base", "rise-of-the-empire"])
def test_objective_deck_five_per_stage_with_death_star_plans_in_stages_two_and_three(roe_rules, setup):
    """RE-SET-03, FAQ-134, RULINGS D-06 / RS-ROE-12: 15 cards, 5 per stage, Death Star Plans in stages II and III,
    whichever starting units are used; the Rebel still draws one."""
    for seed in range(5):
        game = Game.new(roe_rules, seed, {"setup": setup})
        objectives = tables(game).objectives
        drawn = peek(game.state["data"]["hands"]["rebel"]["objectives"])
        cards = drawn + deck(game, "objectives")
        assert len(drawn) == 1 and len(cards) == 15
        stages = [objectives[c].stage for c in cards]
        assert stages == sorted(stages) and Counter(stages) == {1: 5, 2: 5, 3: 5}
        assert "death-star-plans-2" in cards[5:10] and "death-star-plans-3" in cards[10:]
        assert game.state["data"]["objective_stages"] == stages[1:]
        # the pools mix both packs: every one of these seeds draws cards of each (the `or seed` here once let
        # seeds 1-4 pass unchecked)
        assert {objectives[c].set for c in cards} == {"base", "rise-of-the-empire"}, seed


def test_objective_decks_differ_between_seeds(roe_rules):
    """RE-SET-03: random cards per stage; unused cards are out of the game unseen."""
    decks = {tuple(deck(Game.new(roe_rules, seed), "objectives")) for seed in range(6)}
    assert len(decks) > 1


def test_advanced_tactic_decks_replace_the_base_ones(roe_rules):
    """RE-SET-04, RE-CIN-01, RE-CIN-02, FAQ-136: the base tactic cards are boxed; each player has his own space and
    ground decks of 8 cards, in card order, never shuffled, visible to his team."""
    game = Game.new(roe_rules, 3)
    data = game.state["data"]
    assert deck(game, "tactics-space") == [] and deck(game, "tactics-ground") == []
    for faction in ("rebel", "empire"):
        for theater in ("space", "ground"):
            name = f"advanced-tactics-{faction}-{theater}"
            cards = deck(game, name)
            assert len(cards) == 8 and cards == sorted(cards)
            assert all(c.startswith(f"{faction}-{theater}-") for c in cards)
            assert data["decks"][name]["$secret"] == [faction]
            assert data["discards"][name] == []
    shuffled = {e["deck"] for e in game.state["log"] if e["type"] == "shuffle"}
    assert not any(name.startswith("advanced-tactics") for name in shuffled)


def test_replaced_base_cards(roe_rules):
    """RE-CRD-01, FAQ-136: Sabotage, Son of Skywalker, Good Intel and both copies of Construct Super Star Destroyer are
    the expansion's printings."""
    t = tables(Game.blank(roe_rules, 0))
    for kind, card in (("missions", "sabotage"), ("actions", "son-of-skywalker"), ("actions", "good-intel"),
                       ("missions", "construct-super-star-destroyer")):
        assert getattr(t, kind)[card].set == "rise-of-the-empire"
    assert t.missions["construct-super-star-destroyer"].copies == 2
    base = tables(Game.blank(rules_for(("base",)), 0))
    assert base.missions["sabotage"].set == "base"


def test_first_game_mission_set(roe_rules):
    """RE-SET-05, RE-SET-06, RE-USE-01, RE-USE-02, FAQ-137: the first game uses only Vader-icon and leader-icon
    missions; starting missions and every project (the expansion's shuffled in) stay."""
    game = finish_setup(Game.new(roe_rules, 2))
    t = tables(game)
    for faction in ("rebel", "empire"):
        hand = peek(game.state["data"]["hands"][faction]["missions"])
        remaining = deck(game, f"missions-{faction}") + hand
        regular = [c for c in remaining if t.missions[c].deck == "regular"]
        assert regular and all(t.missions[c].vader_icon or t.missions[c].portrait for c in regular)
        assert any(t.missions[c].set == "base" for c in regular)  # base leader-icon cards stay
        starting = sorted(c for c in hand if t.missions[c].deck == "starting")
        assert starting == sorted(game.state["data"]["starting_missions"][faction])
    projects = deck(game, "projects")
    assert sorted(projects) == sorted(m.id for m in t.missions.values() if m.deck == "project" for _ in range(m.copies))
    assert any(t.missions[p].set == "rise-of-the-empire" for p in projects)
    actions = deck(game, "actions-rebel")
    assert any(t.actions[a].set == "rise-of-the-empire" for a in actions)  # RE-USE-01


def test_chosen_mission_sets(roe_rules):
    """RE-SET-11, RE-MSS-01, RE-MSS-02, RE-MSS-03, RE-MSS-04, RE-MSS-05, RE-MSS-06, FAQ-133: at the end of setup
    step 7 each player secretly picks a card of his deck (a simultaneous decision); a Vader card selects the
    expansion set, any other card the base set; the other set's cards are out of the game, while every starting
    mission and every project stays in."""
    game = Game.new(roe_rules, 4, {"mission_sets": "choose"})
    t = tables(game)
    asks = {d.player: d for d in game.pending}
    assert set(asks) == {"rebel", "empire"} and all(d.kind == "mission-set" for d in asks.values())
    vader = next(o.id for o in asks["rebel"].options if t.missions[o.id].vader_icon)
    plain = next(o.id for o in asks["empire"].options if not t.missions[o.id].vader_icon)
    game.apply(vader, player="rebel")
    assert game.view("empire")["pending"][0] == {"player": "rebel", "kind": "mission-set", "answered": True}
    game.apply(plain, player="empire")
    sets = {e["faction"]: e for e in game.state["log"] if e["type"] == "mission-set"}
    assert sets["rebel"]["set"] == "rise-of-the-empire" and sets["empire"]["set"] == "base"
    finish_setup(game)  # step 8 and on go ahead
    rebel = deck(game, "missions-rebel") + peek(game.state["data"]["hands"]["rebel"]["missions"])
    empire = deck(game, "missions-empire") + peek(game.state["data"]["hands"]["empire"]["missions"])
    assert all(t.missions[c].vader_icon or t.missions[c].portrait for c in rebel if t.missions[c].deck == "regular")
    assert not any(t.missions[c].vader_icon for c in empire)
    assert any(t.missions[c].portrait and t.missions[c].set == "rise-of-the-empire" for c in empire)
    for faction, cards in (("rebel", rebel), ("empire", empire)):  # RE-MSS-06
        starting = {c for c, m in t.missions.items() if m.deck == "starting" and m.faction == faction}
        assert starting <= set(cards), (faction, starting - set(cards))
    projects = {c for c, m in t.missions.items() if m.deck == "project"}
    assert projects == set(deck(game, "projects")) | {c for c in empire if t.missions[c].deck == "project"}


def test_team_play_generals_choose_the_mission_set(roe_rules):
    """RE-MSS-07: in team play the General chooses."""
    game = Game.new(roe_rules, 4, {"mission_sets": "choose", "players": 4})
    assert {d.player for d in game.pending} == {"rebel-general", "empire-general"}


def test_unknown_mission_set_option(roe_rules):
    with pytest.raises(ValueError, match="mission_sets"):
        Game.new(roe_rules, 1, {"mission_sets": "all"})


def test_alternative_starting_units(roe_rules):
    """RE-SET-07, RE-SET-08, RE-SET-09, RE-SET-10, RS-DSU-08: the Death Star Under Construction with 4 TIE Fighters and a Stormtrooper in a remote system the
    Empire chooses (its probe card leaves the game), the Death Star on queue space 3, the rest of the army in
    Imperial systems or the DSUC's system, the Rebel's 13 units."""
    game = Game.new(roe_rules, 6, {"setup": "rise-of-the-empire"})
    decision = answer_until(game, "fixed-placement")
    t = tables(game)
    remote = sorted(s for s, info in t.systems.items() if not info.populous)
    assert decision.player == "empire" and [o.id for o in decision.options] == remote
    game.apply("hoth")
    data = game.state["data"]
    assert data["units"]["hoth"] == {"death-star-under-construction": 1, "stormtrooper": 1, "tie-fighter": 4}
    assert "probe-hoth" not in deck(game, "probes")
    assert data["queue"]["empire"]["3"] == {"death-star": 1}
    placing = answer_until(game, "place-starting-unit")
    imperial = [s for s in data["systems"] if data["systems"][s]["loyalty"] == "empire" or data["systems"][s]["subjugated"]]
    assert {o.id for o in placing.options} <= set(imperial) | {"hoth"}
    finish_setup(game, 2)
    totals = Counter()
    for where, units in data["units"].items():
        for unit, n in units.items():
            totals[unit] += n
    assert totals["death-star-under-construction"] == 1
    assert sum(n for u, n in totals.items() if t.units[u].faction == "empire") == 41  # + the queued Death Star
    assert sum(n for u, n in totals.items() if t.units[u].faction == "rebel") == 13
    assert totals["u-wing"] == 1 and totals["rebel-vanguard"] == 1 and totals["tie-striker"] == 2


@pytest.mark.parametrize("seed", range(3))
def test_the_rebel_starting_system_is_rebel_or_neutral(roe_rules, seed):
    """RE-SET-10, RULINGS D-11, RB-LOY-06: the expansion's Rebel army goes to the Rebel Base space and/or one Rebel
    or neutral system: never Coruscant (always Imperial, and given no starting unit) nor a system with an Imperial
    loyalty marker, nor one holding Imperial units."""
    game = Game.new(roe_rules, seed, {"setup": "rise-of-the-empire"})
    decision = answer_until(game, "rebel-start-system", RandomAgent(seed))
    systems = game.state["data"]["systems"]
    offered = [o.id for o in decision.options]
    assert "coruscant" not in offered and not has_units(game, "coruscant", "empire")
    assert offered == ["none"] + [s for s in sorted(systems)
                                  if systems[s]["loyalty"] in ("rebel", None) and not has_units(game, s, "empire")]


def test_base_setup_keeps_the_base_starting_units(roe_rules):
    """RE-SET-07: the base-game starting units remain the default choice with the expansion."""
    game = Game.new(roe_rules, 6)
    assert not any(d.kind == "fixed-placement" for d in game.pending)
    assert game.state["data"]["queue"]["empire"]["3"] == {}


def test_the_new_units_play_under_the_normal_rules(roe_rules):
    """RE-SET-01 (the additional faction sheets' values are used under the normal rules), RE-CMP-02, RE-MRK-04: the
    new units are built with their icons (the Interdictor only by its project), the box holds 5 target markers and
    3 green dice."""
    t = tables(Game.blank(roe_rules, 0))
    assert "shield-bunker" in t.builds["empire"]["ground-circle"] and "tie-striker" in t.builds["empire"]["space-triangle"]
    assert "golan-arms-turret" in t.builds["rebel"]["ground-circle"] and "u-wing" in t.builds["rebel"]["space-triangle"]
    assert not any("interdictor" in units for units in t.builds["empire"].values())
    markers = roe_rules.content.items("markers")
    targets = ("secure-the-plans", "raid-outposts", "rebel-cell", "show-no-fear")
    assert sum(markers[m].supply for m in targets) == 5
    assert t.dice_limits["green"] == 3 and sorted(t.dice["green"]).count("direct-hit") == 2


def test_mission_set_rule_for_cards_without_the_vader_icon(roe_rules):
    """RS-ROE-11: a revealed card with the Vader icon selects the expansion set; any other card (leader icon or not)
    selects the base set."""
    from swrebellion.expansions.rise_of_the_empire.tables import tables as roe_tables

    game = Game.blank(roe_rules, 0)
    t = tables(game)
    vader = next(c for c, m in t.missions.items() if m.vader_icon)
    portrait = next(c for c, m in t.missions.items() if m.portrait and m.deck == "regular")
    plain = next(c for c, m in t.missions.items() if not m.portrait and not m.vader_icon and m.deck == "regular")
    kept = roe_tables(game).set_missions  # True: the expansion set; False: the base set
    assert vader in kept[True] and portrait in kept[True] and plain not in kept[True]
    assert vader not in kept[False] and portrait in kept[False] and plain in kept[False]
