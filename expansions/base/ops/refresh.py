"""Effect ops for objectives (RB-OBJ): what scoring one does. Their conditions are ``require`` steps (``flow``,
``conditions.Condition``): objectives are offered only when they can be played, so ``objectives.conditions_met``
evaluates them beforehand without running anything."""

from __future__ import annotations

from pydantic import Field

from swrebellion.engine import secret

from .. import board
from ..board import team
from ..cards import hand
from ..rules.objectives import return_to_hand_after_scoring
from .conditions import OpTable, Strict, SystemFilter, counted_systems, op

OPS: OpTable = {}


# -- scoring ---------------------------------------------------------------------------------------------------------


class ReputationPerSystem(Strict):
    """The Rebel gains 1 reputation for each system meeting ``where`` (Inspire Sympathy: each destroyed system),
    one space at a time (RB-REP-04)."""

    where: SystemFilter = Field(default_factory=SystemFilter)


@op(OPS, "reputation_per_system", ReputationPerSystem)
def reputation_per_system(game, frame, params: ReputationPerSystem, ctx) -> None:
    """Reputation counted from the board (RB-REP-03)."""
    count = sum(1 for _ in counted_systems(game, params.where, ctx))
    game.pop()
    if count:
        board.change_reputation(game, count, cause=ctx.get("card", "effect"))


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
