"""Effect ops for objectives (RB-OBJ): what scoring one does. Their conditions are ``require`` steps (``flow``,
``conditions.Condition``): objectives are offered only when they can be played, so ``objectives.conditions_met``
evaluates them beforehand without running anything."""

from __future__ import annotations

from swrebellion.engine import secret

from ..board import team
from ..cards import hand
from ..rules.objectives import return_to_hand_after_scoring
from .conditions import OpTable, Strict, op

OPS: OpTable = {}


# -- scoring ---------------------------------------------------------------------------------------------------------


class NoParams(Strict):
    """No parameters."""


@op(OPS, "objective_returns_to_hand", NoParams)
def objective_returns_to_hand(game, frame, params: NoParams, ctx) -> None:
    """Once scored, the objective goes back to the Rebel's hand, not the discard pile (Heart of the Empire)."""

    return_to_hand_after_scoring(game)
    game.pop()


@op(OPS, "show_objectives", NoParams)
def show_objectives(game, frame, params: NoParams, ctx) -> None:
    """The Rebel shows every objective in hand to the Empire (RB-OBJ-10, FAQ-79).
    RB-OBJ-10, FAQ-79: the Rebel shows all his objectives to the Empire (a secret both teams now share), then
    keeps them, hidden again (Interrogation)."""
    cards = list(hand(game, "rebel", "objectives"))
    game.log("objectives-shown", count=len(cards), cards=secret(cards, *team(game, "rebel"), *team(game, "empire")))
    game.pop()
