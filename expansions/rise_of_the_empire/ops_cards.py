"""Effect ops of the Rise of the Empire objective and action cards (card-effects-missions-objectives.md §7,
card-effects-actions-tactics.md §3).

Most of those cards are made of base ops (``require_systems``, ``require_battle_won``, ``destroy_units``,
``take_from_deck``...); the ops here do what no base card does. They read the effect's context: ``faction`` (who
plays the card), ``player`` when the card has one (an objective has none: the Rebel General decides, RB-TEAM-06)
and ``card``.
"""

from __future__ import annotations

from pydantic import Field

from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.ops import OpTable, Strict, op, uses

from .leaders import limit

OPS: OpTable = {}


def _player(game, ctx) -> str:
    return ctx.get("player") or api.board.decider(game, ctx["faction"], "general")


class RaiseLeaderLimit(Strict):
    """By how much the side's leader limit rises."""

    model_config = uses(reads=("faction", "card"), writes=(), group="leaders")

    amount: int = Field(default=1, ge=1)


@op(OPS, "raise_leader_limit", RaiseLeaderLimit)
def raise_leader_limit(game, frame, params: RaiseLeaderLimit, ctx) -> None:
    """Primitive: Rise of the Empire's leader limit (RE-LDR-01) is a game-long number no verb changes.

    Raise the card's side's leader limit (RE-LDR-01) for the rest of the game; a card whose effect starts with
    this op is offered by the limit check itself when the side would go over (``leaders.limit_step``)."""
    bonus = game.state["data"]["roe"].setdefault("leader_limit_bonus", {})
    bonus[ctx["faction"]] = bonus.get(ctx["faction"], 0) + params.amount
    game.log("leader-limit-raised", faction=ctx["faction"], limit=limit(game, ctx["faction"]), card=ctx.get("card"))
