"""Effect ops of the Rise of the Empire objective and action cards (card-effects-missions-objectives.md §7,
card-effects-actions-tactics.md §3).

Most of those cards are made of base ops (``require_systems``, ``require_battle_won``, ``destroy_units``,
``take_from_deck``...); the ops here do what no base card does. They read the effect's context: ``faction`` (who
plays the card), ``player`` when the card has one (an objective has none: the Rebel General decides, RB-TEAM-06)
and ``card``.
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import Field

from swrebellion.engine import secret
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api import (
    Faction,
    OpTable,
    Strict,
    card_prompt,
    deck,
    discard,
    hand,
    label,
    op,
    pick,
    queued,
    sync_stages,
    tables,
    team_secret,
    text,
)
from swrebellion.i18n import N_

from .leaders import limit

OPS: OpTable = {}


def _player(game, ctx) -> str:
    return ctx.get("player") or api.decider(game, ctx["faction"], "general")


class LiftCombatSabotage(Strict):
    """No parameters: the choice is the player's."""


@op(OPS, "lift_combat_sabotage", LiftCombatSabotage)
def lift_combat_sabotage(game, frame, params: LiftCombatSabotage, ctx) -> None:
    """The card's side may take the sabotage marker off the system of the combat being fought (RB-SAB-05 is
    lifted by the card's own words); nothing happens outside a combat or without a marker there."""
    combat = game.state["data"]["combat"]
    system = combat["system"] if combat else None
    if system is None or not api.system(game, system)["sabotage"]:
        game.pop()
        return
    chosen = pick(game, frame, _player(game, ctx), "lift-sabotage",
                  [{"id": "lift", "label": text(game, N_("Remove the sabotage marker from {system}"), system=system)},
                   {"id": "keep", "label": N_("Leave it")}],
                  card_prompt(game, ctx, N_("{card}: remove the sabotage marker?"), N_("Remove the sabotage marker?")))
    if chosen is None:
        return
    if chosen["id"] == "lift":
        api.system(game, system)["sabotage"] = False
        game.log("sabotage", system=system, placed=False, card=ctx.get("card"))
    game.pop()


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
             card_prompt(game, ctx, N_("{card}: discard which objective?"), N_("Discard which objective?")))


Shape = Literal["triangle", "circle", "square"]


class PayQueuedUnits(Strict):
    """One unit of the side's build queue per shape listed (a build icon of either theater), all of them."""

    shapes: list[Shape] = Field(min_length=1, description="One entry per unit, e.g. [triangle, triangle, circle].")
    faction: Faction = Field(default="rebel", description="Whose build queue.")


def _shape(game, unit: str) -> str | None:
    icon = tables(game).units[unit].build_icon
    return icon.rpartition("-")[2] if icon else None


def _queued_by_shape(game, faction: str) -> Counter:
    counts: Counter = Counter()
    for units in game.state["data"]["queue"][faction].values():
        for unit, n in units.items():
            if n and _shape(game, unit):
                counts[_shape(game, unit)] += n
    return counts


def _can_pay(game, params: PayQueuedUnits, ctx) -> bool:
    have = _queued_by_shape(game, params.faction)
    return all(have[shape] >= n for shape, n in Counter(params.shapes).items())


@op(OPS, "pay_queued_units", PayQueuedUnits, _can_pay)
def pay_queued_units(game, frame, params: PayQueuedUnits, ctx) -> None:
    """Destroy units on a build queue as the cost of a card: one unit showing each listed shape of build icon,
    picked by the card's side where there is a choice; the card is offered only when all can be paid (its
    feasibility test)."""
    todo = frame.setdefault("todo", list(params.shapes))
    chosen = frame.pop("choice", None)
    if chosen is not None:
        space, _, unit = chosen["id"].partition(":")
        api.unqueue_unit(game, params.faction, space, unit, ctx.get("card", ""))
        todo.pop(0)
    while todo:
        options = [f"{sp}:{u}" for sp, u in queued(game, params.faction) if _shape(game, u) == todo[0]]
        if len(options) > 1:
            game.ask(_player(game, ctx), "destroy-queued",
                     [{"id": o, "label": text(game, N_("{unit} on build-queue space {space}"), unit=o.partition(":")[2],
                                              space=int(o.partition(":")[0]))} for o in options],
                     text(game, N_("{card}: destroy which unit with a {icon} icon on the build queue?"),
                          card=ctx.get("card", ""), icon=todo[0]))
            return
        for key in options:
            space, _, unit = key.partition(":")
            api.unqueue_unit(game, params.faction, space, unit, ctx.get("card", ""))
        todo.pop(0)
    game.pop()


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
                  card_prompt(game, ctx, N_("{card}: which discarded objective goes on top of the deck?"),
                              N_("Which discarded objective goes on top of the deck?")))
    if chosen is None:
        return
    pile.remove(chosen["id"])
    deck(game, "objectives").insert(0, chosen["id"])
    sync_stages(game)
    game.log("objective-returned", faction=ctx["faction"], card=chosen["id"], to="objective deck top",
             cause=ctx.get("card"))
    game.pop()
