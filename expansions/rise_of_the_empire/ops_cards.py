"""Effect ops of the Rise of the Empire objective and action cards (card-effects-missions-objectives.md §7,
card-effects-actions-tactics.md §3).

Most of those cards are made of base ops (``require_systems``, ``require_battle_won``, ``destroy_units``,
``take_from_deck``...); the ops here do what no base card does. They read the effect's context: ``faction`` (who
plays the card), ``player`` when the card has one (an objective has none: the Rebel General decides, RB-TEAM-06)
and ``card``.
"""

from __future__ import annotations


from pydantic import Field

from swrebellion.engine import secret
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api import (
    OpTable,
    Strict,
    deck,
    discard,
    hand,
    label,
    op,
    pick,
    sync_stages,
    tables,
    team_secret,
)

from .leaders import limit

OPS: OpTable = {}


def _player(game, ctx) -> str:
    return ctx.get("player") or api.decider(game, ctx["faction"], "general")


class DrawStartingActions(Strict):
    """How many starting action cards to draw."""

    count: int = Field(default=1, ge=1)


@op(OPS, "draw_starting_actions", DrawStartingActions)
def draw_starting_actions(game, frame, params: DrawStartingActions, ctx) -> None:
    """The card's side draws more of its starting action cards at random from those left in the box (RB-SET-11:
    the ones neither dealt nor played, unseen); the cards drawn are secret to the side. An Immediate one is
    resolved next, like the others in hand (RS-ACT-06)."""
    faction = ctx["faction"]
    held = hand(game, faction, "actions")
    actions = tables(game).actions
    played = {e["card"] for e in game.state["log"] if e["type"] == "action-played"} | {ctx.get("card")}
    box = secret(sorted(c for c, a in actions.items()
                        if a.faction == faction and a.starting and c not in held and c not in played))
    game.shuffle(box, f"starting-actions-{faction}")
    drawn = game.draw(box, params.count)
    held.extend(drawn)
    game.log("drew-actions", faction=faction, count=len(drawn), cards=team_secret(game, drawn, faction),
             card=ctx.get("card"))
    game.pop()


class DiscardObjectives(Strict):
    """How many of his other objective cards the Rebel discards."""

    count: int = Field(default=1, ge=1)


def _other_objectives(game, ctx) -> list[str]:
    held = list(hand(game, "rebel", "objectives"))
    if ctx.get("card") in held:  # still in hand while the card is only being offered
        held.remove(ctx["card"])
    return held


@op(OPS, "discard_objectives", DiscardObjectives,
    lambda game, params, ctx: len(_other_objectives(game, ctx)) >= params.count)
def discard_objectives(game, frame, params: DiscardObjectives, ctx) -> None:
    """The Rebel discards objective cards of his choice from his hand, one at a time, as the cost of the card
    being played; they go face up to the objective discard pile (RS-OBJ-01). Too few in hand: the card is not
    offered (its feasibility test)."""
    chosen = frame.pop("choice", None)
    if chosen is not None:
        hand(game, "rebel", "objectives").remove(chosen["id"])
        discard(game, "objectives", chosen["id"])
        game.log("objective-discarded", faction="rebel", card=chosen["id"], cause=ctx.get("card"))
        frame["done"] = frame.get("done", 0) + 1
    left = _other_objectives(game, ctx)
    if frame.get("done", 0) >= params.count or not left:
        game.pop()
        return
    game.ask(api.decider(game, "rebel", "general"), "discard-objective",
             [{"id": c, "label": label(game, c)} for c in sorted(set(left))],
             f"{label(game, ctx.get('card', ''))}: discard which objective?")


class RaiseLeaderLimit(Strict):
    """By how much the side's leader limit rises."""

    amount: int = Field(default=1, ge=1)


@op(OPS, "raise_leader_limit", RaiseLeaderLimit)
def raise_leader_limit(game, frame, params: RaiseLeaderLimit, ctx) -> None:
    """Raise the card's side's leader limit (RE-LDR-01) for the rest of the game; a card whose effect starts with
    this op is offered by the limit check itself when the side would go over (``leaders.limit_step``)."""
    bonus = game.state["data"]["roe"].setdefault("leader_limit_bonus", {})
    bonus[ctx["faction"]] = bonus.get(ctx["faction"], 0) + params.amount
    game.log("leader-limit-raised", faction=ctx["faction"], limit=limit(game, ctx["faction"]), card=ctx.get("card"))
    game.pop()


class ObjectiveFromDiscard(Strict):
    """No parameters: the card's side picks the objective."""


@op(OPS, "objective_from_discard", ObjectiveFromDiscard,
    lambda game, params, ctx: bool(game.state["data"]["discards"].get("objectives")))
def objective_from_discard(game, frame, params: ObjectiveFromDiscard, ctx) -> None:
    """The card's side takes an objective card of its choice from the objective discard pile (public, RS-OBJ-01)
    and puts it on top of the objective deck; its stage back goes with it (RS-OBJ-02)."""

    pile = game.state["data"]["discards"].get("objectives") or []
    if not pile:
        game.pop()
        return
    chosen = pick(game, frame, _player(game, ctx), "objective-from-discard",
                  [{"id": c, "label": label(game, c)} for c in sorted(set(pile))],
                  f"{label(game, ctx.get('card', ''))}: which discarded objective goes on top of the deck?")
    if chosen is None:
        return
    pile.remove(chosen["id"])
    deck(game, "objectives").insert(0, chosen["id"])
    sync_stages(game)
    game.log("objective-returned", faction=ctx["faction"], card=chosen["id"], to="objective deck top",
             cause=ctx.get("card"))
    game.pop()
