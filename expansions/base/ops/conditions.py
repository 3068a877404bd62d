"""Conditions as data, and the plumbing every base-game effect op shares.

A card's effect data names systems and leaders by *conditions*, never by code: ``where`` is a :class:`Where`
(every field given must hold), e.g. ``{populous: true, has_units: {faction: empire}}`` for "a populous system that
contains an Imperial unit" (Rule by Fear). The system types follow RS-SYS-01..03 and RULINGS C-04 through the
``board`` helpers, so a condition means exactly what the rules mean by the word.

Ops read and write the running effect's context (``swrebellion.engine.effects.context``), a plain dict:

``faction``   the side playing the card; ``player`` who decides for it (RB-TEAM-06)
``card``      the card id; ``leaders`` the leaders on the mission; ``actor`` the pictured leader of an action card
``system``    the chosen system (or the Rebel Base space for a mission at the base, RB-MIS-25 exception)
``leader``    the leader a mission is against (RB-MIS-03/17/19)
``barred``    systems the mission may not take place in (Boba Fett? Where?, ``actions.barred_systems``)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from swrebellion.engine.effects import context

from .. import board
from ..models.common import Faction
from ..tables import tables

if TYPE_CHECKING:
    from swrebellion.engine.game import Game
    from swrebellion.effects import OpRegistry


class Strict(BaseModel):
    """Parameters of an op or a condition: unknown keys are errors (a typo in card data fails validation)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class UnitFilter(Strict):
    """Units of one side, optionally of one theater or of some types only; in a system condition, at least
    ``at_least`` of them in all (three Rebel structures: Defensive Position)."""

    faction: Faction
    theater: Literal["space", "ground"] | None = None
    units: list[str] | None = Field(default=None, description="Only these unit types (any of them).")
    at_least: int = Field(default=1, ge=1, description="In a system condition: at least this many such units.")


class Where(Strict):
    """A condition on a system. Every field given must hold; an empty condition matches every system."""

    imperial: bool | None = Field(default=None, description="Imperial loyalty or subjugated (RS-SYS-01).")
    rebel: bool | None = Field(default=None, description="Rebel loyalty and not subjugated (RS-SYS-02).")
    neutral: bool | None = Field(default=None, description="No loyalty marker, subjugated or not (C-04).")
    loyal_to: Faction | None = Field(default=None, description="That side's loyalty marker lies there (RS-LOY-06).")
    subjugated: bool | None = None
    populous: bool | None = Field(default=None, description="Populous and not destroyed (RB-DST-05).")
    remote: bool | None = Field(default=None, description="Remote and not destroyed (RB-DST-05).")
    destroyed: bool | None = None
    sabotaged: bool | None = None
    has_units: UnitFilter | None = Field(default=None, description="Holds at least one such unit (RB-MIS-04).")
    without_units: Faction | None = Field(default=None, description="Holds no unit of that side.")
    without: UnitFilter | None = Field(default=None, description="Holds no such unit (no Rebel ground unit, ...).")
    has_leader: Faction | None = Field(default=None, description="Holds a free leader of that side.")
    same_region_as: str | None = Field(
        default=None, description="In the region of the system held by this context key (e.g. 'system')."
    )
    other_than: str | None = Field(
        default=None, description="Not the system held by this context key (a second, different system)."
    )
    same_as: str | None = Field(
        default=None, description="The system held by this context key itself (a card acting where it was set up)."
    )
    resource: str | None = Field(
        default=None, description="Shows this resource icon, e.g. 'space-square' (none once destroyed, RB-DST-05)."
    )
    systems: list[str] | None = Field(
        default=None, description="One of these systems (a card naming its system: Seek Yoda's Dagobah)."
    )
    revealed_base: bool | None = Field(
        default=None, description="The system of the revealed Rebel base (RB-BAS-13); a hidden base's never is."
    )


def has_matching_units(game, system_id: str, wanted: UnitFilter) -> bool:
    t = tables(game)
    found = 0
    for unit, count in board.units_at(game, system_id).items():
        info = t.units[unit]
        if count and info.faction == wanted.faction and (wanted.theater is None or info.theater == wanted.theater):
            if wanted.units is None or unit in wanted.units:
                found += count
                if found >= wanted.at_least:
                    return True
    return False


def matches(game: Game, system_id: str, where: Where, ctx: dict[str, Any]) -> bool:
    """Whether a system meets a condition (RB-MIS-02..04: 'the card's instructions' for where a mission goes)."""
    s = board.system(game, system_id)
    if where.systems is not None and system_id not in where.systems:
        return False
    if system_id in ctx.get("barred", ()):  # a mission kept out of the system (Boba Fett? Where?)
        return False
    if where.imperial is not None and board.is_imperial(game, system_id) != where.imperial:
        return False
    if where.rebel is not None and board.is_rebel(game, system_id) != where.rebel:
        return False
    if where.neutral is not None and board.is_neutral(game, system_id) != where.neutral:
        return False
    if where.populous is not None and board.is_populous(game, system_id) != where.populous:
        return False
    if where.remote is not None and board.is_remote(game, system_id) != where.remote:
        return False
    for wanted, actual in ((where.subjugated, s["subjugated"]), (where.destroyed, s["destroyed"]),
                           (where.sabotaged, s["sabotage"])):
        if wanted is not None and actual != wanted:
            return False
    if where.loyal_to is not None and s["loyalty"] != where.loyal_to:
        return False
    if where.has_units is not None and not has_matching_units(game, system_id, where.has_units):
        return False
    if where.without_units is not None and board.has_units(game, system_id, where.without_units):
        return False
    if where.without is not None and has_matching_units(game, system_id, where.without):
        return False
    if where.has_leader is not None and not board.leaders_at(game, system_id, where.has_leader, captured=False):
        return False
    if where.other_than is not None and ctx.get(where.other_than) == system_id:
        return False
    if where.same_as is not None and ctx.get(where.same_as) != system_id:
        return False
    if where.revealed_base is not None and (game.state["data"]["base_revealed"] == system_id) != where.revealed_base:
        return False
    if where.resource is not None and (s["destroyed"] or where.resource not in tables(game).systems[system_id].resources):
        return False
    if where.same_region_as is not None:
        other = ctx.get(where.same_region_as)
        t = tables(game)
        if other not in t.systems or t.systems[other].region != t.systems[system_id].region:
            return False
    return True


def any_system(game, where: Where, ctx: dict[str, Any]) -> bool:
    """Whether some system meets the condition (stops at the first)."""
    return any(matches(game, s, where, ctx) for s in game.state["data"]["systems"])


def systems_where(game: Game, where: Where, ctx: dict[str, Any]) -> list[str]:
    """Every system meeting the condition, in id order. The Rebel Base space is not a system and is never among
    them (RB-BAS-03, RB-MIS-25)."""
    return [s for s in sorted(game.state["data"]["systems"]) if matches(game, s, where, ctx)]


# -- op plumbing -------------------------------------------------------------------------------------------------

#: op name -> (parameter model, handler, feasibility test or None)
OpTable = dict[str, tuple[type[Strict], Callable[..., None], Callable[..., bool] | None]]


#: An op's function, ``fn(game, frame, params, ctx)``.
OpFunction = TypeVar("OpFunction", bound=Callable[..., None])


def op(
    table: OpTable, name: str, params: type[Strict], feasible: Callable[..., bool] | None = None
) -> Callable[[OpFunction], OpFunction]:
    """Declare ``fn(game, frame, params, ctx)`` as the op ``name`` in a module's table (registered with
    :func:`register_ops`). ``feasible(game, params, ctx)`` says whether the op, run first, could do anything: a
    mission or action card is offered only then, so players are never offered a card that would stop at once for
    want of a target; objectives test their condition ops with it."""

    def wrap(fn: OpFunction) -> OpFunction:
        def handler(game: Game, frame: dict[str, Any]) -> None:
            fn(game, frame, params.model_validate(frame["params"]), context(game))

        handler.__doc__ = fn.__doc__
        handler.__name__ = fn.__name__
        table[name] = (params, handler, feasible)
        return fn

    return wrap


def register_ops(registry: OpRegistry, *tables: OpTable) -> None:
    """Register the ops of ``tables`` (declared with :func:`op`), with their feasibility tests."""
    for table in tables:
        for name, (params, handler, feasible) in table.items():
            registry.register(name, params, handler, feasible)


def answer(frame: dict[str, Any]) -> dict[str, Any] | None:
    """The answer to the decision this op frame asked, taken out of the frame (None if it has not asked yet)."""
    return frame.pop("choice", None)


def pick(game: Game, frame: dict[str, Any], player: str, kind: str, options: list[dict[str, Any]],
         prompt: str) -> dict[str, Any] | None:
    """The option chosen: the player's answer, or the only option without asking (nothing to decide). None means
    the question was just asked: the op returns and runs again with the answer. ``options`` must not be empty."""
    chosen = answer(frame)
    if chosen is not None:
        return chosen
    if len(options) == 1:
        return game.answer_alone(player, kind, options[0], prompt)
    game.ask(player, kind, options, prompt)
    return None
