"""A card window the rules open only because a side holds a card that could answer it must not show through the
other side's views (issue 16, "Hidden information"; RB-TAC-04, RS-ACT-07: a hand is secret).

Twin games: the same seed, one side's action cards swapped for Special cards that open windows (One in a Million,
Son of Skywalker, Undercover, Wookiee Guardian for the Rebel; Blindside and It Is Your Destiny for the Empire). That
side never plays an action card, so the games run alike; the other side's view, each time it is asked to decide
(what an agent or a person of that side decides from) and at the end, must be the same in both, though the
swapped side was asked at windows in one twin only."""

from __future__ import annotations

import pytest

from swrebellion.engine import Game, RandomAgent, peek, rng
from swrebellion.games import rules_for

SPECIALS = {
    "rebel": ["one-in-a-million", "son-of-skywalker", "undercover", "wookiee-guardian"],
    "empire": ["blindside", "it-is-your-destiny"],
}
#: options that play an action card, or the answer that plays none, by decision kind
NONE_OF_THEM = {"special-action": "pass", "start-of-combat-card": "none", "play-destiny": "pass"}


class PlaysNoActionCard:
    """Decides from a seeded stream like the random agent, but never plays an action card: at a card window it
    passes, and an action card offered among other choices (the Assignment Phase) is left out."""

    def __init__(self, seed: int) -> None:
        self._rng = rng.seed_state(seed)

    def choose(self, game, decision) -> str:
        if decision.kind in NONE_OF_THEM:
            return NONE_OF_THEM[decision.kind]
        options = [o.id for o in decision.options if not o.id.startswith("action:")]
        self._rng, index = rng.below(self._rng, len(options))
        return options[index]


def views_of_the_other_side(seed: int, side: str, special: bool) -> tuple[list, int]:
    """The other side's view each time it is asked to decide, and at the end; and how many window questions the
    side was asked. With ``special``, once setup has dealt the action cards, the side's hand is swapped for as many
    Special cards: a different card in hand, which the other side cannot know (its size stays the same)."""
    game = Game.new(rules_for(("base",)), seed)
    other = "empire" if side == "rebel" else "rebel"
    agents = {side: PlaysNoActionCard(seed), other: RandomAgent(seed + 1)}
    views, windows, swapped = [], 0, not special
    while not game.over and game.pending:
        if not swapped and game.state["data"]["phase"] != "setup":
            hand = peek(game.state["data"]["hands"][side]["actions"])
            hand[:] = SPECIALS[side][: len(hand)]
            swapped = True
        for decision in game.pending:
            if decision.player == other:
                views.append(game.view(other))
            windows += decision.player == side and decision.kind in ("special-action", "play-destiny")
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    return views + [game.view(other)], windows


@pytest.mark.parametrize("side", ["rebel", "empire"])
def test_the_other_side_sees_the_same_game_whatever_the_hand_holds(side):
    asked = 0
    for seed in range(3):
        plain, _ = views_of_the_other_side(seed, side, special=False)
        specials, windows = views_of_the_other_side(seed, side, special=True)
        asked += windows
        assert plain == specials, f"seed {seed}: the {side}'s hand shows through the other side's views"
    assert asked > 0, f"no window was opened for the {side} in these seeds: the test proves nothing"
