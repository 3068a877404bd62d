"""Setup (RB-SET-01..13) as the players' decisions make it, and the shape of a game round (RB-RND, RB-CMD)."""

from collections import Counter
from itertools import groupby

import pytest
from invariants import apply_beside_a_copy

from swrebellion.engine import Game, RandomAgent, peek
from swrebellion.expansions.base import board
from swrebellion.expansions.base.tables import BASE_SPACE, tables


@pytest.fixture(params=[1, 2, 3])
def set_up(request, base_rules):
    seed = request.param
    game = Game.new(base_rules, seed)
    agents = {p: RandomAgent(seed * 3 + n) for n, p in enumerate(game.state["players"])}
    while game.state["data"]["phase"] == "setup":
        for decision in game.pending:
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    return game


def test_players_markers_and_leader_pools(set_up):
    """RB-SET-01 (the two sides), RB-SET-02, RB-SET-03, RULINGS C-09."""
    data = set_up.state["data"]
    assert set_up.state["players"] == ["rebel", "empire"]
    assert (data["time"], data["reputation"]) == (1, 14)
    t = tables(set_up)
    assert sorted(board.pool(set_up, "rebel") + board.pool(set_up, "empire")) == sorted(
        lid for lid, info in t.leaders.items() if info.starting)


def test_decks(set_up):
    """RB-SET-04 (stage I on II on III; the Rebel draws 1), RB-SET-05 and RS-ACT-01 (recruit cards only), RB-SET-06,
    RB-SET-07 and RB-PRJ-05 (the shuffled project deck)."""
    data = set_up.state["data"]
    t = tables(set_up)
    assert data["objective_stages"] == sorted(data["objective_stages"]) and len(data["objective_stages"]) == 14
    assert len(peek(data["hands"]["rebel"]["objectives"])) == 1
    for faction in ("rebel", "empire"):
        deck = peek(data["decks"][f"actions-{faction}"])
        assert deck and all(not t.actions[c].starting and t.actions[c].faction == faction for c in deck)
    assert len(peek(data["decks"]["tactics-space"])) == 15 and len(peek(data["decks"]["tactics-ground"])) == 15
    assert len(peek(data["decks"]["projects"])) == 10


def test_starting_loyalty_from_the_setup_probe_cards(set_up):
    """RB-SET-08, RS-SYS-05/06, RB-PRB-02 (FAQ-107): 3 Rebel systems, 2 subjugated and 3 Imperial-loyal ones, all
    from the cards that carry a setup icon; the 5 Imperial cards leave the probe deck."""
    data = set_up.state["data"]
    t = tables(set_up)
    rebel = [s for s, v in data["systems"].items() if v["loyalty"] == "rebel"]
    imperial = [s for s, v in data["systems"].items() if v["loyalty"] == "empire" and s != "coruscant"]
    subjugated = [s for s, v in data["systems"].items() if v["subjugated"]]
    assert (len(rebel), len(imperial), len(subjugated)) == (3, 3, 2)
    assert all(t.probe_setup[t.probe_of[s]] == "rebel" for s in rebel)
    assert all(t.probe_setup[t.probe_of[s]] == "empire" for s in imperial + subjugated)
    deck = set(peek(data["decks"]["probes"]))
    assert not deck & {t.probe_of[s] for s in imperial + subjugated}
    assert len(deck) == 31 - 5 - 1  # and the base card (RB-SET-12)


def test_starting_units(set_up):
    """RB-SET-09, RULINGS D-09: 37 Imperial units only in the systems given an Imperial loyalty or subjugation marker
    at setup, a ground unit in each, none on Coruscant (printed loyalty, no marker); RB-SET-10, RULINGS D-04,
    RS-SET-01: 14 Rebel units on the Rebel Base space and/or in one system without Imperial units."""
    data = set_up.state["data"]
    imperial = [s for s in data["systems"] if board.is_imperial(set_up, s) and s != "coruscant"]
    assert len(imperial) == 5  # 2 subjugated, 3 Imperial-loyal (RB-SET-08)
    assert not board.units_at(set_up, "coruscant")
    empire = Counter()
    for where in data["units"]:
        units = board.faction_units(set_up, where, "empire")
        if units:
            assert where in imperial
            empire.update(units)
    assert sum(empire.values()) == 37
    assert all(board.has_units(set_up, s, "empire", "ground") for s in imperial)
    rebel_places = [w for w in data["units"] if board.faction_units(set_up, w, "rebel")]
    outside = [w for w in rebel_places if w != BASE_SPACE]
    assert len(outside) <= 1 and not any(board.has_units(set_up, w, "empire") for w in outside)
    assert sum(sum(board.faction_units(set_up, w, "rebel").values()) for w in rebel_places) == 14


def test_hands_and_the_secret_base(set_up):
    """RB-SET-11 (2 starting action cards), RB-SET-13 (4 starting missions + 2), RB-SET-12 and RB-BAS-02 (the
    base's card is the Rebel's secret)."""
    data = set_up.state["data"]
    t = tables(set_up)
    for faction in ("rebel", "empire"):
        actions = peek(data["hands"][faction]["actions"])
        assert len(actions) == 2 and all(t.actions[a].starting for a in actions)
        missions = peek(data["hands"][faction]["missions"])
        assert len(missions) == 6
        assert sum(t.missions[m].deck == "starting" for m in missions) >= 4
    assert set_up.view("empire")["data"]["base"] == {"$secret": ["rebel"]}
    assert set_up.view("rebel")["data"]["base"] == peek(data["base"])


def test_a_round_is_assignment_command_refresh_and_the_rebel_acts_first(base_rules):
    """RB-RND-01/02, RB-RND-03, RB-CMD-01/02/03/06, RS-CMD-01/02/03, FAQ-26: phases in order; in the Command Phase the Rebel
    takes the first turn, players alternate one action per turn, and a player who passed takes no more turns."""
    game = Game.new(base_rules, 4)
    agents = {p: RandomAgent(40 + n) for n, p in enumerate(game.state["players"])}
    phases, command = [], []
    while not game.over and game.state["data"]["round"] < 4:
        decision = game.pending[0]
        phases.append(game.state["data"]["phase"])
        choice = agents[decision.player].choose(game, decision)
        if decision.kind == "command-action":
            command.append((game.state["data"]["round"], decision.player, dict(game.state["data"]["passed"]), choice))
        game.apply(choice, player=decision.player)
    order = [phase for phase, _ in groupby(p for p in phases if p != "setup")]
    assert order[:6] == ["assignment", "command", "refresh"] * 2
    for round_no, turns in groupby(command, key=lambda c: c[0]):
        turns = list(turns)
        assert turns[0][1] == "rebel"
        for (_, player, _, choice), (_, following, passed, _) in zip(turns, turns[1:]):
            other = "empire" if player == "rebel" else "rebel"
            if choice == "reveal-base":  # a free act at the start of the turn (RULINGS C-06): the turn goes on
                assert following == player
            else:
                assert following == (player if passed[other] else other)


@pytest.mark.parametrize("expansions,options", [(("base",), {}),
                                                (("base", "rise-of-the-empire"), {"setup": "rise-of-the-empire"})])
def test_each_starting_unit_is_offered_the_same_from_a_copy_or_a_replay(expansions, options, tmp_path):
    """RB-SET-09, RULINGS D-09: every Imperial starting unit is offered the systems given an Imperial marker at
    setup. The list the last question was made from is kept on the game object for the next (swrebellion's
    ``expansions/base/asked.py``), never in the state: a copy made between two placements, which lists them again,
    is asked the same, and a save made in the middle of the placements loads (its replay gives the same state)."""
    from swrebellion.engine.save import load_game, save_game
    from swrebellion.games import rules_for

    rules = rules_for(expansions)
    game = Game.new(rules, 3, options)
    agents = {p: RandomAgent(11 + n) for n, p in enumerate(game.state["players"])}
    placed = 0
    while game.pending[0].kind != "place-starting-unit":
        decision = game.pending[0]
        game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    while game.pending[0].kind == "place-starting-unit":
        decision = game.pending[0]
        apply_beside_a_copy(game, agents[decision.player].choose(game, decision), decision.player)
        placed += 1
        if placed == 3:
            save_game(game, tmp_path / "mid-setup.json")
            loaded = load_game(tmp_path / "mid-setup.json", lambda *a, **k: rules)
            assert loaded.state_hash() == game.state_hash() and loaded.pending == game.pending
    assert placed > 5
