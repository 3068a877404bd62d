"""Cards as plans: a mission's or action card's effect data read once per rules, whether it can be played now, and
the combat an effect started (RS-MIS-05)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..tables import tables
from .combat import start_combat

if TYPE_CHECKING:
    from swrebellion.engine.game import Game


@dataclass(frozen=True)
class Plan:
    """A card's effect data as plain step lists, and its first step parsed once for the feasibility test."""

    target: list[dict]
    effect: list[dict]
    first: tuple[Any, Any] | None  # (feasible function, parsed params) of the step that picks where it acts
    failure: tuple[dict, ...] = ()  # a mission's steps when its attempt fails

    @property
    def playable(self) -> bool:
        """Cards whose effect is not yet data (no steps at all) are never offered."""
        return bool(self.target or self.effect)


def plan(game: Game, card: str) -> Plan:
    """The plan of a mission, project or action card (cached per rules: content never changes in play)."""
    try:  # the usual case first: every card considered at every Command Phase turn and special window
        return game.rules.cache["base-plans"][card]  # type: ignore[no-any-return]
    except KeyError:
        pass
    t = tables(game)
    model = t.missions[card] if card in t.missions else t.actions[card]
    target = [s.model_dump() for s in getattr(model, "target", [])]
    effect = [s.model_dump() for s in model.effect]
    steps = target or effect
    first = feasibility(game, steps[0]) if steps else None
    failure = tuple(s.model_dump() for s in getattr(model, "failure", []))
    found = game.rules.cache.setdefault("base-plans", {})[card] = Plan(target, effect, first, failure)
    return found


def feasibility(game, step: dict) -> tuple[Any, Any] | None:
    """(feasibility test, parsed parameters) of an effect step whose op has a test, whichever plugin registered
    it (``OpRegistry.register(..., feasible=...)``); ``None`` for an op that is always feasible."""
    spec = game.rules.ops[step["op"]]
    if spec.feasible is None:
        return None
    return spec.feasible, spec.params.model_validate({k: v for k, v in step.items() if k != "op"})


def effect_tests(game, card: str) -> tuple:
    """The feasibility tests of every step of the card's effect that has one, as (test, parsed parameters): built
    once per set of rules (content never changes in play), not parsed again each time the card is considered."""
    cache = game.rules.cache.get("base-effect-tests")
    if cache is None:
        cache = game.rules.cache["base-effect-tests"] = {}
    if card not in cache:
        cache[card] = tuple(test for test in (feasibility(game, step) for step in plan(game, card).effect) if test)
    return cache[card]


def playable(game, card: str) -> bool:
    """Whether the card's effect is data (:attr:`Plan.playable`), remembered per rules: every card in hand is asked
    at every assignment choice."""
    try:
        return game.rules.cache[_PLAYABLE][card]  # type: ignore[no-any-return]
    except KeyError:
        known = game.rules.cache.setdefault(_PLAYABLE, {})
        known[card] = answer = plan(game, card).playable
        return answer


_PLAYABLE = "base-playable"


def feasible(game: Game, card: str, ctx: dict[str, Any]) -> bool:
    """Whether the card's first step has something to act on: a mission with no possible system cannot be
    revealed (it has nowhere to take place), an action card with no possible target is not offered. A card with a
    first step is data (:attr:`Plan.playable`): its test alone says."""
    try:  # the plan made already (every card on the board is asked at every Command Phase turn)
        p = game.rules.cache["base-plans"][card]
    except KeyError:
        p = plan(game, card)
    first = p.first
    if first is not None:
        return first[0](game, first[1], ctx)  # type: ignore[no-any-return]
    return p.playable


def fight_after(game: Game, ctx: dict[str, Any], initiator: str) -> None:
    """RS-MIS-05: a combat started by a card's effect (units moved where the opponent has units) is fought once
    the card is over, with the normal combat steps (``combat.start_combat`` checks that a theater is shared)."""
    if ctx.get("combat") is not None:
        start_combat(game, ctx["combat"], initiator, ctx.get("origins", ()))
