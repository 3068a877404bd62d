"""Card windows in Rise of the Empire, whose cards answer every window kind (issue 33): a side's action hands that
answer the windows or none, and a player who never plays an action card. Shared by the tests that compare twin
games differing only in such a hand (tests/base/test_windows_leak.py, tests/serve/test_serve_windows.py)."""

from __future__ import annotations

from swrebellion.engine import peek, rng
from swrebellion.expansions.base.moments import CARD_WINDOWS
from swrebellion.expansions.base.rules.actions import _answering
from swrebellion.expansions.base.tables import tables

ROE = ("base", "rise-of-the-empire")
DESTINY = "it-is-your-destiny"
#: the answer that plays no action card, by decision kind
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


def hands(game, side: str) -> tuple[list[str], list[str]]:
    """The side's action cards that answer a window, and as many that answer none (the same for every game)."""
    t = tables(game)
    answering = set().union(*(_answering(game, m) for m in CARD_WINDOWS)) | {DESTINY}
    mine = sorted(c for c, info in t.actions.items() if info.faction == side and info.starting is False)
    return sorted(c for c in answering if c in t.actions and t.actions[c].faction == side), \
        [c for c in mine if c not in answering]


def swap_hand(game, side: str, cards: list[str]) -> None:
    """Replace the side's action hand by as many of ``cards`` (in turn): what the other side sees is its size."""
    hand = peek(game.state["data"]["hands"][side]["actions"])
    hand[:] = [cards[n % len(cards)] for n in range(len(hand))]
