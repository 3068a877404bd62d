"""Views leak nothing: two games that differ only in what one player cannot know look the same to that player at
every step, while both sides make the same choices (DESIGN §5, issue 4 "Views", issue 5).

Each twin is made by changing one hidden fact of a game in progress; the same choices are then applied to both
until a choice is no longer legal in one of them (the hidden fact has legitimately shaped the game) or the game
ends. The test requires a real stretch of play in common, so it cannot pass vacuously.
"""

import json

import pytest

from swrebellion.engine import Game, RandomAgent, peek


class DiscreetAgent(RandomAgent):
    """A random agent that never reveals the base of its own accord, so secrets stay secret long enough to test."""

    def choose(self, game, decision):
        choice = super().choose(game, decision)
        if choice == "reveal-base":
            others = [o.id for o in decision.options if o.id != "reveal-base"]
            return others[self._rng % len(others)]
        return choice


#: Events after which the Empire legitimately knows something of the base: found, or moved by Rapid Mobilization
#: (which shows the old location); Long-Range Probe's answer; Interrogation Droid's three systems.
TELL_THE_BASE = ("base-revealed", "base-answer", "systems-named")


def advance_past_setup(rules, seed):
    game = Game.new(rules, seed)
    agents = {p: DiscreetAgent(seed + n) for n, p in enumerate(game.state["players"])}
    while game.state["data"]["phase"] == "setup":
        for decision in game.pending:
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    return game, agents


def same_views(a, b, observer, agents, limit=400, deck=None):
    """Apply the same choices to both games; return how many steps the observer's views were compared (until the
    swapped bottom cards of ``deck``, if given, may be drawn or shuffled: then the difference is legitimately seen;
    a card may draw up to 8 at once, Intercept Transmissions)."""
    compared, start = 0, len(a.state["log"])
    while not (a.over or b.over) and compared < limit:
        if deck is not None and (len(peek(a.state["data"]["decks"][deck])) < 10 or any(
                e["type"] == "shuffle" and e["deck"] == deck for e in a.state["log"][start:])):
            return compared
        assert json.dumps(a.view(observer), sort_keys=True) == json.dumps(b.view(observer), sort_keys=True), (
            f"{observer}'s view differs after {compared} steps"
        )
        decision = a.pending[0]
        option = agents[decision.player].choose(a, decision)
        twin = [d for d in b.pending if d.player == decision.player and d.kind == decision.kind]
        if not twin or option not in [o.id for o in twin[0].options]:
            return compared
        a.apply(option, player=decision.player)
        b.apply(option, player=decision.player)
        if any(e["type"] in TELL_THE_BASE for g in (a, b) for e in g.state["log"][start:]):
            return compared  # found, or moved by Rapid Mobilization (which shows the old location): no longer secret
        compared += 1
    return compared


def hidden_base_twin(game):
    """Move the hidden base to another system the Empire has no probe of (and no unit in)."""
    twin = game.copy()
    data = twin.state["data"]
    here = peek(data["base"])
    probes_seen = set(peek(data["hands"]["empire"]["probes"]))
    for system_id, s in sorted(data["systems"].items()):
        card = "probe-" + system_id
        if system_id != here and card not in probes_seen and system_id not in data["units"] and s["loyalty"] != "empire":
            data["base"]["value"] = system_id
            data["base_card"]["value"] = card
            return twin
    raise AssertionError("no other system could hold the base: the twin cannot be built")


def deck_order_twin(game, deck):
    twin = game.copy()
    cards = peek(twin.state["data"]["decks"][deck])
    cards[-1], cards[-2] = cards[-2], cards[-1]
    return twin


@pytest.mark.parametrize("seed", range(6))
def test_the_empire_cannot_tell_where_the_hidden_base_is(base_rules, seed):
    game, agents = advance_past_setup(base_rules, seed)
    assert game.state["data"]["base_revealed"] is None
    twin = hidden_base_twin(game)
    assert same_views(game, twin, "empire", agents) >= 20


@pytest.mark.parametrize("deck", ["probes", "missions-rebel", "missions-empire", "objectives", "actions-empire"])
def test_nobody_sees_the_order_of_a_deck(base_rules, deck):
    for observer in ("rebel", "empire"):
        compared = 0
        for seed in (3, 4, 5):  # a card that reshuffles the deck may end one comparison early
            game, agents = advance_past_setup(base_rules, seed)
            twin = deck_order_twin(game, deck)
            assert twin.state != game.state
            compared += same_views(game, twin, observer, agents, deck=deck)
        assert compared >= 60


@pytest.mark.parametrize("faction, observer", [("rebel", "empire"), ("empire", "rebel")])
def test_the_other_side_cannot_see_a_hand(base_rules, faction, observer):
    game, agents = advance_past_setup(base_rules, 5)
    twin = game.copy()
    hand = peek(twin.state["data"]["hands"][faction]["actions"])
    hand[0] = "swapped-in-card"
    assert json.dumps(game.view(observer), sort_keys=True) == json.dumps(twin.view(observer), sort_keys=True)
    assert json.dumps(game.view(faction), sort_keys=True) != json.dumps(twin.view(faction), sort_keys=True)
