"""Games in mid-play for the agents' tests: shared by test_agents.py and test_agents_hidden.py (tests/ is on
``sys.path``, see conftest.py, so this imports as ``agentkit`` wherever pytest runs)."""

from __future__ import annotations

from swrebellion import agents
from swrebellion.engine import Game, peek
from swrebellion.expansions.base.knowledge import possible_bases
from swrebellion.expansions.base.tables import tables


def mid_game(rules, seed: int, decisions: int) -> tuple[Game, dict]:
    """A game ``decisions`` choices in, played by heuristic agents (the base stays hidden: they never show it)."""
    game = Game.new(rules, seed)
    seats = {p: agents.make("heuristic", p, seed + n) for n, p in enumerate(game.state["players"])}
    for _ in range(decisions):
        decision = game.pending[0]
        game.apply(seats[decision.player].choose(game, decision), player=decision.player)
    return game, seats


def moved_base(game: Game) -> Game:
    """The hidden base in another system the Empire cannot rule out (its probe card trades places with the base
    card in the probe deck)."""
    twin = game.copy()
    data = twin.state["data"]
    t = tables(twin)
    here, deck = peek(data["base"]), peek(data["decks"]["probes"])
    seen = {c for c in t.probes if c not in deck and c != peek(data["base_card"])}
    others = [s for s in possible_bases(twin, data, twin.state["log"], seen) if s != here and t.probe_of[s] in deck]
    assert others, "no other system could hold the base: the twin cannot be built"
    new_card = t.probe_of[others[0]]
    deck[deck.index(new_card)] = peek(data["base_card"])
    data["base"]["value"], data["base_card"]["value"] = others[0], new_card
    return twin
