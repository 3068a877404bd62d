"""A card window must not show through the other side's views (issue 16, "Hidden information"; issue 33; RB-TAC-04,
RS-ACT-07: a hand is secret).

Twin games of Rise of the Empire, whose cards answer every window kind: the same seed, and once setup has dealt the
starting action cards, one side's hand swapped in one twin for as many cards that answer no window, in the other
for its Special cards that answer them (One in a Million, Son of Skywalker, Undercover ... for the Rebel;
Blindside, Post Bounty, Track Them, It Is Your Destiny for the Empire). That side never plays an action card, so
the games run alike. The other side's whole view (phase, board, log, the questions it may see pending) is taken at
every question anyone is asked, and the two twins must give the same sequence: a window the rules opened in one twin
only would show there as a pause the other twin lacks (the phase still ``assignment`` while the other twin has
moved on to ``command``). Every window kind of the side must have opened in these games, or the test proves
nothing."""

from __future__ import annotations

import hashlib
import json

import pytest

from windowkit import DESTINY, ROE, PlaysNoActionCard, hands, swap_hand

from swrebellion.engine import Game, RandomAgent
from swrebellion.expansions.base.moments import CARD_WINDOWS, MOMENTS
from swrebellion.expansions.base.rules.actions import _answering
from swrebellion.expansions.base.tables import tables
from swrebellion.games import rules_for

MOMENT_OF = {MOMENTS[moment].prompt: moment for moment in CARD_WINDOWS}


def window_kinds(game, side: str) -> set[str]:
    """The windows a card printed for ``side`` answers: the moments of its Special cards, and It Is Your Destiny."""
    t = tables(game)
    kinds = {moment for moment in CARD_WINDOWS if any(t.actions[c].faction == side for c in _answering(game, moment))}
    return kinds | ({"play-destiny"} if side == "empire" and DESTINY in t.actions else set())


def digest(view: dict) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()


def views_of_the_other_side(seed: int, side: str, special: bool) -> tuple[list[str], set[str], set[str]]:
    """The other side's view at every question anyone is asked, and at the end; the window kinds the side was
    asked; the kinds its cards answer. Once setup has dealt the action cards, the side's hand is swapped for as many
    cards that answer windows (``special``) or answer none: the other side sees its size only."""
    game = Game.new(rules_for(ROE), seed)
    other = "empire" if side == "rebel" else "rebel"
    agents = {side: PlaysNoActionCard(seed), other: RandomAgent(seed + 1)}
    views, asked, swapped = [], set(), False
    specials, dull = hands(game, side)
    while not game.over and game.pending:
        if not swapped and game.state["data"]["phase"] != "setup":
            swap_hand(game, side, specials if special else dull)
            swapped = True
        for decision in game.pending:
            views.append(digest(game.view(other)))
            if decision.player == side and decision.kind == "special-action":
                asked.add(MOMENT_OF[decision.prompt])
            elif decision.player == side and decision.kind == "play-destiny":
                asked.add(decision.kind)
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    return views + [digest(game.view(other))], asked, window_kinds(game, side)


def covering_seeds(side: str, seeds=range(100)) -> tuple[int, ...]:
    """Seeds whose games, together, open every window kind of the side (the Empire's retreat and It Is Your Destiny
    are rare): walking ``seeds`` in order, each seed whose game opens a kind not yet opened is kept, until all are.
    :data:`SEEDS` is what it found; a rules change that alters these games finds them again
    (``PYTHONPATH=tests python tests/base/test_windows_leak.py``)."""
    found, opened = [], set()
    for seed in seeds:
        _, asked, kinds = views_of_the_other_side(seed, side, special=True)
        if asked - opened:
            found.append(seed)
            opened |= asked
        if opened == kinds:
            return tuple(found)
    raise LookupError(f"no seed among {seeds} opens the {side}'s window kinds {sorted(kinds - opened)}")


#: :func:`covering_seeds` of each side.
SEEDS = {"rebel": (0, 4), "empire": (0, 7, 10)}


@pytest.mark.parametrize("side", ["rebel", "empire"])
def test_the_other_side_sees_the_same_game_whatever_the_hand_holds(side):
    """RB-TAC-04, RS-ACT-07, RS-ACT-03: the other side's whole view, at every question, is the same whether the
    side's hand holds cards answering the windows or none; every window kind of the side opened."""
    asked, kinds = set(), set()
    for seed in SEEDS[side]:
        plain, _, _ = views_of_the_other_side(seed, side, special=False)
        specials, windows, kinds = views_of_the_other_side(seed, side, special=True)
        asked |= windows
        assert len(plain) == len(specials), f"seed {seed}: the {side}'s hand shows through the other side's views"
        for n, (a, b) in enumerate(zip(plain, specials)):
            assert a == b, f"seed {seed}, question {n}: the {side}'s hand shows through the other side's view"
    assert kinds and asked == kinds, f"window kinds of the {side} never opened here: {sorted(kinds - asked)}"


if __name__ == "__main__":
    print({side: covering_seeds(side) for side in ("rebel", "empire")})
