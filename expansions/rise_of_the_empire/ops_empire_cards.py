"""Effect ops of the Rise of the Empire Imperial missions and projects (card-effects-missions-objectives.md §4).

They run in a mission's target or effect steps and read its context: ``faction``, ``player``, ``card``,
``system`` and ``leaders`` (the leaders on the mission). Registered by the plugin (``__init__.register_effect_ops``).
"""

from __future__ import annotations

from pydantic import Field

from swrebellion.engine.effects import insert
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.board import OPPONENT
from swrebellion.expansions.base.api.ops import LeaderRef, OpTable, Strict, op, uses

OPS: OpTable = {}


class ReputationRoll(Strict):
    """The opponent rolls ``dice`` red dice, ``extra`` more if ``leader`` is on the mission; if any die shows
    ``face``, the Rebel's reputation changes by ``amount`` (``reputation``)."""

    model_config = uses(reads=("faction", "card", "leaders"), writes=(), group="board")

    dice: int = Field(default=1, ge=1)
    leader: LeaderRef | None = None
    extra: int = Field(default=0, ge=0)
    face: str = "special"
    amount: int = -1


@op(OPS, "reputation_roll", ReputationRoll)
def reputation_roll(game, frame, params: ReputationRoll, ctx) -> None:
    """Primitive: a roll whose faces move the reputation marker, a dice rule no verb has.

    Have the opponent roll dice that cost or give reputation on a given face."""
    count = params.dice + (params.extra if params.leader and params.leader in ctx.get("leaders", []) else 0)
    who = OPPONENT[ctx["faction"]]
    faces = api.cards.roll(game, frame, {"red": count}, who, f"card {ctx.get('card', '')}").get("red", [])
    hit = params.face in faces
    game.log("reputation-roll", card=ctx.get("card"), faces=faces, face=params.face, hit=hit)
    game.pop()
    if hit:
        insert(game, [{"op": "reputation", "amount": params.amount}])
