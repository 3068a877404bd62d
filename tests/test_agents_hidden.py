"""Agents decide from their side's view only (issue 14, section 1; DESIGN §5).

Two games that differ only in what a side cannot know (where the hidden base is, which cards the other side holds
and which lie in the decks) are played on with the same choices; at every decision of that side, a heuristic agent
(and a search agent, at the decisions it searches) given either game answers the same. The determinization the
search relies on is checked directly too: it keeps the player's view and gives the same world for both games.
"""

from __future__ import annotations

import json

import pytest

from swrebellion import agents
from swrebellion.engine import Game, peek
from swrebellion.engine.determinize import determinize
from swrebellion.engine.rng import Stream
from swrebellion.expansions.base.knowledge import possible_bases
from swrebellion.expansions.base.tables import tables

from agentkit import mid_game, moved_base


def other_hands(game: Game, faction: str) -> Game:
    """The other side's mission and action cards traded with cards of their decks, and the deck orders changed."""
    twin = game.copy()
    data = twin.state["data"]
    t = tables(twin)
    for kind, deck_name in (("missions", f"missions-{faction}"), ("actions", f"actions-{faction}")):
        hand, deck = peek(data["hands"][faction][kind]), peek(data["decks"][deck_name])
        regular = [i for i, c in enumerate(hand) if kind != "missions" or t.missions[c].deck == "regular"]
        recruit = [i for i, c in enumerate(hand) if kind != "actions" or not t.actions[c].starting]
        swappable = [i for i in regular if i in recruit]
        if swappable and deck:
            i = swappable[0]
            hand[i], deck[-1] = deck[-1], hand[i]
        deck.reverse()
    return twin


def same_decisions(a: Game, b: Game, observer: str, make_agent, limit: int, stop=None) -> int:
    """Play both games on with the choices ``a``'s agents make; at each of ``observer``'s decisions a fresh-seeded
    agent per game must answer the same. Stops when the hidden difference legitimately shows (``observer``'s views
    differ) or the game ends. Returns how many of ``observer``'s decisions were compared."""
    seats = {p: agents.make("heuristic", p, 99 + n) for n, p in enumerate(a.state["players"])}
    mine_a, mine_b = make_agent(), make_agent()
    compared = 0
    for _ in range(limit):
        if a.over or b.over or (stop and stop(compared, mine_a)):
            break
        if json.dumps(a.view(observer), sort_keys=True) != json.dumps(b.view(observer), sort_keys=True):
            break
        decision = a.pending[0]
        if decision.player == observer:
            twin = next(d for d in b.pending if d.player == observer)
            choice = mine_a.choose(a, decision)
            assert mine_b.choose(b, twin) == choice, f"{observer} decided differently at {decision.kind}"
            compared += 1
        else:
            choice = seats[decision.player].choose(a, decision)
            twin = [d for d in b.pending if d.player == decision.player and d.kind == decision.kind]
            if not twin or choice not in [o.id for o in twin[0].options]:
                break  # the other side's secret shaped its own options: the games legitimately part here
        a.apply(choice, player=decision.player)
        b.apply(choice, player=decision.player)
    return compared


@pytest.mark.parametrize("seed", [3, 11])
def test_the_heuristic_empire_decides_the_same_wherever_the_hidden_base_is(base_rules, seed):
    game, _ = mid_game(base_rules, seed, 120)
    twin = moved_base(game)
    assert peek(twin.state["data"]["base"]) != peek(game.state["data"]["base"])
    compared = same_decisions(game, twin, "empire", lambda: agents.make("heuristic", "empire", 5), 400)
    assert compared >= 10


@pytest.mark.parametrize("observer, other", [("rebel", "empire"), ("empire", "rebel")])
def test_the_heuristic_decides_the_same_whatever_the_other_side_holds(base_rules, observer, other):
    """Several games, since each twin pair parts (legitimately) once the other side's cards show in play."""
    compared = 0
    for seed in (7, 9, 13):
        game, _ = mid_game(base_rules, seed, 150)
        twin = other_hands(game, other)
        assert twin.state != game.state
        compared += same_decisions(game, twin, observer, lambda: agents.make("heuristic", observer, 5), 300)
    assert compared >= 40


def test_the_search_decides_the_same_wherever_the_hidden_base_is(base_rules):
    """At the decisions it searches, every sampled world is the same for both games, and so is the answer."""
    game, _ = mid_game(base_rules, 3, 120)
    twin = moved_base(game)
    knobs = {"iterations": 3, "horizon": 6, "depth": 1}
    searched = lambda compared, agent: len(agent.timings) >= 2  # noqa: E731 - two searched decisions suffice
    compared = same_decisions(game, twin, "empire", lambda: agents.make("search", "empire", 5, knobs), 200,
                              stop=searched)
    assert compared >= 2


def test_a_sampled_world_keeps_the_view_and_forgets_the_real_secrets(base_rules):
    """determinize (RB-BAS-02, RB-PRB): the player's view of the world is its view of the game, and two games that
    differ only in the hidden base and the other side's hands give the same world from the same stream."""
    game, _ = mid_game(base_rules, 11, 120)
    twin = other_hands(moved_base(game), "rebel")
    for player in ("empire",):
        world_a = determinize(game, player, Stream(1))
        world_b = determinize(twin, player, Stream(1))
        assert world_a.view(player)["data"] == game.view(player)["data"]
        assert world_a.state["data"] == world_b.state["data"]
        assert world_a.state["rng"] == world_b.state["rng"] != game.state["rng"]
    rebel_world = determinize(game, "rebel", Stream(2))
    assert rebel_world.view("rebel")["data"] == game.view("rebel")["data"]
    assert peek(rebel_world.state["data"]["base"]) == peek(game.state["data"]["base"])  # the Rebels know it


def test_the_hidden_base_is_always_among_the_systems_the_empire_cannot_rule_out(base_rules):
    """knowledge.possible_bases reads only public events and the Empire's probe cards, and never rules the real base
    out (RB-BAS-08, RB-PRB); checked at every decision of seeded heuristic games."""
    for seed in (1,):
        game = Game.new(base_rules, seed)
        seats = {p: agents.make("heuristic", p, seed + n) for n, p in enumerate(game.state["players"])}
        checked = 0
        while not game.over and not game.state["data"]["base_revealed"]:
            data = game.state["data"]
            if data["phase"] != "setup":
                seen = set(peek(data["hands"]["empire"]["probes"]))
                assert peek(data["base"]) in possible_bases(game, data, game.state["log"], seen)
                checked += 1
            decision = game.pending[0]
            game.apply(seats[decision.player].choose(game, decision), player=decision.player)
        assert checked > 100


def test_deciding_never_changes_the_game(base_rules):
    """The heuristic reads the state's own data where it holds no secret (``seen.ViewData``), so it must only read:
    a whole game of heuristic agents, and the search's first decisions, leave the game exactly as they found it at
    every decision (DESIGN §5: an agent decides from its view; it never acts on the game but through its choice)."""
    game = Game.new(base_rules, 8)
    seats = {p: agents.make("heuristic", p, 80 + n) for n, p in enumerate(game.state["players"])}
    searcher = agents.make("search", "empire", 3)
    searched = 0
    while not game.over:
        decision = game.pending[0]
        before = game.state_hash()
        choice = seats[decision.player].choose(game, decision)
        if decision.player.startswith("empire") and searched < 3 and len(decision.options) > 1:
            searcher.choose(game, decision)
            searched += 1
        assert game.state_hash() == before, decision.kind
        game.apply(choice, player=decision.player)
    assert searched == 3
