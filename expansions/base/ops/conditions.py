"""One condition model for the base game's effect ops (their plumbing is the kernel's, ``swrebellion.engine.ops``).

A card's effect data names systems, leaders and situations by *conditions*, never by code, and there is one model
for them wherever a condition appears: a :class:`SystemFilter` says which systems (a ``where:``), a
:class:`Condition` says whether the game is in some situation (``if``'s ``when``, ``require``'s ``condition``, a
choice option's ``when``, an action card's ``trigger``, an objective's conditions). Every field given must hold;
an empty condition always holds. The system types follow RS-SYS-01..03 and RULINGS C-04 through the ``board``
helpers, so a condition means exactly what the rules mean by the word.

**Sides are relative.** Wherever a condition or an op names a side, ``self`` is the side playing the card,
``opponent`` the other one; ``rebel`` and ``empire`` still name one side whoever plays the card. So one card
works for either side, and a fan card needs no twin.

Ops read and write the running effect's context (``swrebellion.engine.effects.context``), a plain dict:

``faction``   the side playing the card; ``player`` who decides for it (RB-TEAM-06)
``card``      the card id; ``leaders`` the leaders on the mission; ``actor`` the pictured leader of an action card
``system``    the chosen system (or the Rebel Base space for a mission at the base, RB-MIS-25 exception)
``leader``    the leader a mission is against (RB-MIS-03/17/19)
``barred``    systems the mission may not take place in (Boba Fett? Where?, ``actions.barred_systems``)
``mission``   the mission a Special card answers (``{faction, card, leaders}``); ``moment`` the moment it answers

Each op's parameter model says which context keys it reads and writes (:func:`uses`), and docs/effects.md lists
them.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Annotated, Any, Callable, Literal

from pydantic import ConfigDict, Field

from swrebellion.engine import ops as _plumbing
from swrebellion.engine.ops import Strict as _Strict
from swrebellion.refs import ContextKey, Ref

from .. import board
from ..models.common import Faction
from ..names import SHAPES
from ..tables import BASE_SPACE, OPPONENT, tables

if TYPE_CHECKING:
    from swrebellion.engine.game import Game


#: Ids in op and condition parameters, marked with the kind they name: `rebellion validate` checks each against the
#: loaded content at any depth (``swrebellion.refs``).
UnitRef = Annotated[str, Ref("units")]
LeaderRef = Annotated[str, Ref("leaders")]
SystemRef = Annotated[str, Ref("systems")]
MarkerRef = Annotated[str, Ref("markers")]
ResourceRef = Annotated[str, Ref("resources")]
#: A build icon an effect pays with or gains by: a resource id (``space-triangle``), or a bare shape (``triangle``)
#: for that shape in either theater (RS-BLD-02).
IconRef = Annotated[str, Ref("resources", words=SHAPES)]
CardRef = Annotated[str, Ref(tag="card")]
#: A ring a leader wears: its marker's id, or that id without its ``-ring`` ending (``c-3po``, ``master-yoda``).
RingRef = Annotated[str, Ref("markers", suffix="-ring")]

#: The keys of an effect's context that the rules fill in, and what each holds (docs/effects.md lists them).
CONTEXT = {
    "faction": "the side playing the card (``rebel`` or ``empire``): what ``self`` means",
    "player": "who decides for that side (its Admiral or General in team play, RB-TEAM-06)",
    "card": "the card id",
    "leaders": "the leaders on the mission",
    "actor": "the pictured leader playing an action card",
    "system": "where the card acts: the system its target chose (or the Rebel Base space for a mission at the "
              "base, RB-MIS-25); a combat card's system",
    "leader": "the leader a mission is against (RB-MIS-03)",
    "mission": "the mission a Special card or a ``later`` step answers: ``{faction, card, leaders}``",
    "moment": "the moment a Special card or a ``later`` step answers",
    "theater": "in a combat: ``space`` or ``ground``, the battle being fought",
    "barred": "systems the mission may not take place in (a `restrict` barring missions: Boba Fett? Where?)",
}


#: A side named in card data: relative to the side playing the card, or absolute.
Side = Literal["self", "opponent", "rebel", "empire"]
#: A side, or either.
AnySide = Literal["self", "opponent", "rebel", "empire", "any"]
SIDE = ("``self``: the side playing the card; ``opponent``: the other side; ``rebel`` / ``empire``: that side "
        "whoever plays the card")


def side_of(ctx: dict[str, Any], side: str) -> str:
    """The absolute side (``rebel`` / ``empire``) a side named in card data stands for, for the card playing now
    (``ctx["faction"]``); ``any`` stays ``any``."""
    if side == "self":
        return ctx["faction"]
    if side == "opponent":
        return OPPONENT[ctx["faction"]]
    return side


def _keys(value: str | list[str] | None) -> list[str]:
    return [] if value is None else [value] if isinstance(value, str) else list(value)


class UnitKinds(_Strict):
    """Which units, whoever's they are: of one theater, kind or types only, or with printed health at most so much
    (card damage only on such units: ``add_damage``'s ``only``)."""

    theater: Literal["space", "ground"] | None = Field(default=None, description="Only ships, or only ground units.")
    kind: str | None = Field(default=None, description="Only units of this kind (structure, fighter, capital-ship ...).")
    units: list[UnitRef] | None = Field(default=None, description="Only these unit types (any of them).")
    health_at_most: int | None = Field(
        default=None, ge=1, description="Only units whose printed health is at most this (never one without health, "
        "such as the Death Star).")


class UnitFilter(UnitKinds):
    """Units of one side (or either), optionally of one theater, kind, types or health only; in a system condition,
    at least ``at_least`` of them in all (three Rebel structures: Defensive Position)."""

    side: AnySide = Field(description=f"Whose units: {SIDE}; ``any``: either side's.")
    at_least: int = Field(default=1, ge=1, description="In a system condition: at least this many such units.")


class SystemFilter(_Strict):
    """A condition on a system (a ``where:``). Every field given must hold; an empty filter matches every system.
    Filters compose with ``all_of``, ``any_of`` and ``not`` rather than with a field for each combination.
    Context keys (``same_as``, ``other_than``, ``adjacent_to``, ``same_region_as``) name systems an earlier step
    chose (``system`` by default, or the key a ``choose`` wrote with ``as``)."""

    imperial: bool | None = Field(default=None, description="Imperial loyalty or subjugated (RS-SYS-01).")
    rebel: bool | None = Field(default=None, description="Rebel loyalty and not subjugated (RS-SYS-02).")
    neutral: bool | None = Field(default=None, description="No loyalty marker, subjugated or not (C-04).")
    controlled_by: Side | None = Field(
        default=None, description="That side's system: Imperial for the Empire, Rebel for the Rebel (RS-SYS-01/02).")
    loyal_to: Side | None = Field(default=None, description="That side's loyalty marker lies there (RS-LOY-06).")
    subjugated: bool | None = Field(default=None, description="A subjugation marker lies there (RB-SUB).")
    populous: bool | None = Field(default=None, description="Populous and not destroyed (RB-DST-05).")
    remote: bool | None = Field(default=None, description="Remote and not destroyed (RB-DST-05).")
    destroyed: bool | None = Field(default=None, description="Destroyed by the Death Star (RB-DST).")
    sabotaged: bool | None = Field(default=None, description="A sabotage marker lies there (RB-SAB).")
    has_units: UnitFilter | None = Field(default=None, description="Holds at least one such unit (RB-MIS-04).")
    has_leader: Side | None = Field(default=None, description="Holds a free (not captured) leader of that side.")
    same_region_as: ContextKey | None = Field(
        default=None, description="In the region of the system held by this context key (e.g. 'system'); the Rebel Base "
        "space stands for the base's system, as for adjacent_to."
    )
    other_than: ContextKey | list[ContextKey] | None = Field(
        default=None, description="Not the system held by this context key, nor by any key of a list "
        "(`[system, second]`: a third, different system)."
    )
    same_as: ContextKey | None = Field(
        default=None, description="The system held by this context key itself (a card acting where it was set up)."
    )
    adjacent_to: ContextKey | list[ContextKey] | None = Field(
        default=None, description="Adjacent on the map (RB-MOV-03) to the system held by this context key, or to "
        "one of the systems held by a list of keys. A key holding the Rebel Base space (`choose` with `what: base` "
        "while the base is hidden) stands for the base's system, for the Rebel only."
    )
    resource: ResourceRef | None = Field(
        default=None, description="Shows this resource icon, e.g. 'space-square' (none once destroyed, RB-DST-05)."
    )
    systems: list[SystemRef] | None = Field(
        default=None, description="One of these systems (a card naming its system: Seek Yoda's Dagobah)."
    )
    revealed_base: bool | None = Field(
        default=None, description="The system of the revealed Rebel base (RB-BAS-13); a hidden base's never is."
    )
    any_of: list[SystemFilter] | None = Field(
        default=None, description="At least one of these filters holds too (a sabotage marker or a Rebel unit)."
    )
    all_of: list[SystemFilter] | None = Field(
        default=None, description="Every one of these filters holds too (to combine filters that each use `not` or "
        "`any_of`)."
    )
    not_: SystemFilter | None = Field(
        default=None, alias="not", description="This filter does not hold (`not: {has_units: {side: empire}}`: no "
        "Imperial unit there)."
    )

    model_config = ConfigDict(populate_by_name=True)


#: The name the system filter had before issue 10 (``api.Where``), kept for plugins that import it.
Where = SystemFilter


def units_matching(game, system_id: str, wanted: UnitFilter, ctx: dict[str, Any], enough: int | None = None) -> int:
    """How many units in the system fit ``wanted`` (counting stops at ``enough``)."""
    here = game.state["data"]["units"].get(system_id)
    if not here:  # most systems hold no unit
        return 0
    types = _unit_types(game, wanted, ctx)
    found = 0
    for unit, count in here.items():
        if count and unit in types:
            found += count
            if enough is not None and found >= enough:
                return found
    return found


def _unit_types(game, wanted: UnitFilter, ctx: dict[str, Any]) -> frozenset[str]:
    """The unit types ``wanted`` takes for the card playing (``ctx["faction"]``, which says whose units its
    ``side`` means), found once per rules, filter and playing side among the printed unit types, not tested unit
    by unit in every system, nor the side read again. The filter is kept with its types, so its id is never
    another's while remembered (bounded, as :func:`_check`)."""
    memo = game.rules.cache.get(_UNIT_TYPES)
    if memo is None:
        memo = game.rules.cache[_UNIT_TYPES] = {}
    key = (id(wanted), ctx.get("faction"))
    found = memo.get(key)
    if found is not None and found[0] is wanted:
        return found[1]
    if len(memo) >= _MEMO_MAX:
        memo.clear()
    side = side_of(ctx, wanted.side)
    types = frozenset(unit for unit, info in tables(game).units.items()
                      if (side == "any" or info.faction == side) and unit_fits(info, unit, wanted))
    memo[key] = (wanted, types)
    return types


def unit_fits(info, unit: str, wanted: UnitKinds) -> bool:
    """Whether the printed unit type ``unit`` (``info``) is of the theater, kind, types and health ``wanted`` asks,
    whoever's it is."""
    return ((wanted.theater is None or info.theater == wanted.theater)
            and (wanted.units is None or unit in wanted.units) and (wanted.kind is None or info.kind == wanted.kind)
            and (wanted.health_at_most is None or (info.health is not None and info.health <= wanted.health_at_most)))


_UNIT_TYPES = "base.unit-filter-types"
#: How many filters a memo keeps before it starts afresh (filters made by code at run time could be endless).
_MEMO_MAX = 4096


def _place(game: Game, ctx: dict[str, Any], key: str) -> str | None:
    """The system a context key names for adjacency and regions: the Rebel Base space (``choose`` with ``what:
    base`` while the base is hidden) stands for the base's system, but only for the Rebel, who knows where it is."""
    place = ctx.get(key)
    if place == BASE_SPACE and ctx.get("faction") == "rebel":
        return board.base_system(game)
    return place


def matches(game: Game, system_id: str, where: SystemFilter, ctx: dict[str, Any]) -> bool:
    """Whether a system meets a condition (RB-MIS-02..04: 'the card's instructions' for where a mission goes)."""
    s = game.state["data"]["systems"][system_id]
    if system_id in ctx.get("barred", ()):  # a mission kept out of the system (Boba Fett? Where?)
        return False
    return _check(where)(game, system_id, s, ctx)


#: One field of a filter as a test: ``test(game, system id, the system's state, context)``, true when it holds.
Test = Callable[["Game", str, dict[str, Any], dict[str, Any]], bool]
#: id(filter) -> (the filter, its check): filters are frozen, so they are read once (bounded, see :func:`_check`)
_CHECKS: dict[int, tuple[SystemFilter, Test]] = {}


def _check(where: SystemFilter) -> Test:
    """The whole filter as one test, made once per filter: :func:`matches` is asked of every system many times a
    decision, and a filter gives one or two of its twenty fields, so the test is the one field's test itself, or
    runs the few given (an empty filter matches every system). Barred systems are the caller's to leave out. The
    filter is kept with its test, so its id is never another's while remembered."""
    found = _CHECKS.get(id(where))
    if found is not None and found[0] is where:
        return found[1]
    if len(_CHECKS) >= _MEMO_MAX:
        _CHECKS.clear()
    check = _all(_field_tests(where))
    _CHECKS[id(where)] = (where, check)
    return check


def _all(tests: tuple[Test, ...]) -> Test:
    """One test that holds when all of ``tests`` do (in order, stopping at the first that fails)."""
    if len(tests) == 1:
        return tests[0]
    if not tests:
        return lambda game, sid, s, ctx: True
    if len(tests) == 2:
        first, second = tests
        return lambda game, sid, s, ctx: first(game, sid, s, ctx) and second(game, sid, s, ctx)

    def every(game: Game, sid: str, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
        for test in tests:
            if not test(game, sid, s, ctx):
                return False
        return True

    return every


def _field_tests(where: SystemFilter) -> tuple[Test, ...]:
    """The tests :func:`_check` joins; each test reads the state as the ``board`` system tests do."""
    tests: list[Test] = []
    add = tests.append
    if where.systems is not None:
        systems = where.systems
        add(lambda game, sid, s, ctx: sid in systems)
    if where.imperial is not None:  # board.is_imperial
        imperial = where.imperial
        add(lambda game, sid, s, ctx: (s["loyalty"] == "empire" or s["subjugated"]) == imperial)
    if where.rebel is not None:  # board.is_rebel
        rebel = where.rebel
        add(lambda game, sid, s, ctx: (s["loyalty"] == "rebel" and not s["subjugated"]) == rebel)
    if where.neutral is not None:  # board.is_neutral
        neutral = where.neutral
        add(lambda game, sid, s, ctx: (s["loyalty"] is None) == neutral)
    if where.populous is not None:  # board.is_populous
        populous = where.populous
        add(lambda game, sid, s, ctx: (sid in tables(game).populous and not s["destroyed"]) == populous)
    if where.remote is not None:  # board.is_remote
        remote = where.remote
        add(lambda game, sid, s, ctx: (sid not in tables(game).populous and not s["destroyed"]) == remote)
    for wanted, key in ((where.subjugated, "subjugated"), (where.destroyed, "destroyed"), (where.sabotaged, "sabotage")):
        if wanted is not None:
            add(lambda game, sid, s, ctx, wanted=wanted, key=key: s[key] == wanted)
    if where.loyal_to is not None:
        loyal_to = where.loyal_to
        add(lambda game, sid, s, ctx: s["loyalty"] == side_of(ctx, loyal_to))
    if where.has_units is not None:
        add(_units_test(where.has_units))
    if where.has_leader is not None:
        has_leader = where.has_leader
        add(lambda game, sid, s, ctx: bool(board.leaders_at(game, sid, side_of(ctx, has_leader), captured=False)))
    if where.other_than is not None:
        other_than = _keys(where.other_than)
        add(lambda game, sid, s, ctx: sid not in [ctx.get(key) for key in other_than])
    if where.same_as is not None:
        same_as = where.same_as
        add(lambda game, sid, s, ctx: ctx.get(same_as) == sid)
    if where.revealed_base is not None:
        revealed_base = where.revealed_base
        add(lambda game, sid, s, ctx: (game.state["data"]["base_revealed"] == sid) == revealed_base)
    if where.resource is not None:
        resource = where.resource
        add(lambda game, sid, s, ctx: not s["destroyed"] and resource in tables(game).systems[sid].resources)
    if where.same_region_as is not None:
        same_region_as = where.same_region_as

        def same_region(game: Game, sid: str, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
            other = _place(game, ctx, same_region_as)
            t = tables(game)
            return other in t.systems and t.systems[other].region == t.systems[sid].region

        add(same_region)
    if where.controlled_by is not None:
        controlled_by = where.controlled_by
        add(lambda game, sid, s, ctx: (board.is_imperial if side_of(ctx, controlled_by) == "empire"
                                       else board.is_rebel)(game, sid))
    if where.adjacent_to is not None:
        adjacent_to = _keys(where.adjacent_to)

        def adjacent(game: Game, sid: str, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
            near = tables(game).adjacent.get(sid, ())
            return any(_place(game, ctx, key) in near for key in adjacent_to)

        add(adjacent)
    if where.any_of is not None:
        any_of = [_check(w) for w in where.any_of]  # the caller has left barred systems out already

        def any_holds(game: Game, sid: str, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
            for check in any_of:
                if check(game, sid, s, ctx):
                    return True
            return False

        add(any_holds)
    if where.all_of is not None:
        add(_all(tuple(_check(w) for w in where.all_of)))
    if where.not_ is not None:
        negated = _check(where.not_)
        add(lambda game, sid, s, ctx: not negated(game, sid, s, ctx))
    return tuple(tests)


def _units_test(wanted: UnitFilter) -> Test:
    """Whether a system holds at least ``at_least`` units ``wanted`` takes, as a filter's test, its count read once and one call fewer: objectives count the
    systems holding a side's units over the whole board (Establish Outposts, Defend the People) at every Refresh
    Phase, and missions' feasibility tests look for the opponent's units at every Command Phase turn. Most systems
    hold no unit: they are answered without a call. For one unit wanted (most filters), whether the system holds
    any of the types is one set operation in C (as ``board.has_units``), not :func:`units_matching`'s count."""
    at_least = wanted.at_least
    if at_least == 1:

        def test(game: Game, sid: str, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
            here = game.state["data"]["units"].get(sid)
            return bool(here) and not _unit_types(game, wanted, ctx).isdisjoint(here)

        return test

    def count(game: Game, sid: str, s: dict[str, Any], ctx: dict[str, Any]) -> bool:
        return sid in game.state["data"]["units"] and units_matching(game, sid, wanted, ctx, at_least) >= at_least

    return count


def any_system(game, where: SystemFilter, ctx: dict[str, Any]) -> bool:
    """Whether some system meets the condition (stops at the first)."""
    data = game.state["data"]
    systems = data["systems"]
    barred = ctx.get("barred", ())
    check = _check(where)
    for sid in _candidates(data, where, False):  # matches() written out, for every card considered
        if check(game, sid, systems[sid], ctx) and sid not in barred:  # (seldom any barred: asked of a match only)
            return True
    return False


def systems_where(game: Game, where: SystemFilter, ctx: dict[str, Any]) -> list[str]:
    """Every system meeting the condition, in id order. The Rebel Base space is not a system and is never among
    them (RB-BAS-03, RB-MIS-25)."""
    data = game.state["data"]
    systems = data["systems"]
    barred = ctx.get("barred", ())
    check = _check(where)  # matches() written out; the few found are sorted, not the thirty-odd systems
    found = []
    for sid in _candidates(data, where, False):  # a plain loop, cheaper than a comprehension here
        if check(game, sid, systems[sid], ctx) and sid not in barred:  # (seldom any barred: asked of a match only)
            found.append(sid)
    found.sort()
    return found


def _candidates(data: dict[str, Any], where: SystemFilter, counting_units: bool):
    """The systems that may meet ``where``, in any order: those it names (``systems``), or when it asks for units
    there (``has_units``, or units are counted) only the systems holding units, not every system (most hold
    none). The Rebel Base space is no system and never among them (RB-BAS-03)."""
    systems = data["systems"]
    if where.systems is not None:
        return [sid for sid in where.systems if sid in systems]  # a card's few, if on this map
    if counting_units or where.has_units is not None:
        return data["units"].keys() & systems.keys()
    return systems


# -- conditions on the game ----------------------------------------------------------------------------------------


class MissionIs(_Strict):
    """A condition on the mission a Special card answers (the context's ``mission``)."""

    side: Literal["self", "opponent"] | None = Field(
        default=None, description="self: the card's side carries it out; opponent: the other side does.")
    skill: str | None = Field(default=None, description="The card requires this skill (special-ops, ...).")
    mode: Literal["attempt", "resolve"] | None = Field(default=None, description="An attempt or a resolve mission.")


class SystemCount(_Strict):
    """At least ``at_least`` systems meet ``where``; with ``units``, at least ``at_least`` such units in all the
    systems meeting ``where`` together (units on the Rebel Base space are in no system, RB-BAS-03)."""

    where: SystemFilter = Field(default_factory=SystemFilter, description="The systems counted.")
    at_least: int = Field(ge=1, description="How many systems (or units) at least.")
    units: UnitFilter | None = Field(
        default=None, description="Count these units in the systems, not the systems (its own at_least unused).")


class Count(_Strict):
    """A number read off the board: the systems meeting ``where`` (or, with ``units``, such units in them all), one
    per ``per`` of them, rounded down, at most ``at_most``: "1 per 3 subjugated systems, at most 2" is ``{where:
    {subjugated: true}, per: 3, at_most: 2}``. Units on the Rebel Base space are in no system (RB-BAS-03)."""

    where: SystemFilter = Field(default_factory=SystemFilter, description="The systems counted.")
    units: UnitFilter | None = Field(
        default=None, description="Count these units in the systems, not the systems (its own at_least unused).")
    per: int = Field(default=1, ge=1, description="One for every this many counted, rounded down.")
    at_most: int | None = Field(default=None, ge=0, description="Never more than this.")


def count_of(game: Game, count: Count, ctx: dict[str, Any]) -> int:
    """What ``count`` comes to now, for the card whose context is ``ctx``."""
    found = 0
    for sid in counted_systems(game, count.where, ctx):
        found += 1 if count.units is None else units_matching(game, sid, count.units, ctx)
    found //= count.per
    return found if count.at_most is None else min(found, count.at_most)


class RegionCondition(_Strict):
    """Some region's populous systems all meet ``every_populous``; a region with no populous system left does not
    qualify (destroyed systems are not populous, RB-DST-05)."""

    every_populous: SystemFilter = Field(description="What every populous system of the region must meet.")


class Outnumber(_Strict):
    """In the context's system the card's side has more such units than the opponent."""

    theater: Literal["space", "ground"] | None = Field(default=None, description="Only units of this theater.")
    kind: str | None = Field(default=None, description="Only units of this kind (fighter, ...).")
    units: list[UnitRef] | None = Field(default=None, description="Only these unit types.")


class CombatLosses(_Strict):
    """In this combat (one ``initiated_by`` that side, when given: 'a combat you initiated', RS-BTL-05) ``side``
    lost units of the given theater or types, at least ``count`` of them, or units whose printed health adds up to
    ``health`` or more (RS-UNT-06). Units destroyed by cards during the combat count, units destroyed outside it
    never do (RB-OBJ-05)."""

    side: Side = Field(default="opponent", description=f"Whose units were destroyed: {SIDE}.")
    theater: Literal["space", "ground"] | None = Field(default=None, description="Only units of this theater.")
    units: list[UnitRef] | None = Field(default=None, description="Only these unit types.")
    count: int = Field(default=1, ge=1, description="At least this many units.")
    health: int | None = Field(default=None, ge=1, description="Instead: at least this much printed health.")
    initiated_by: Side | None = Field(default=None, description="Only in a combat that side started.")


class BattleWon(_Strict):
    """``side`` won a battle of this combat (of ``theater`` when given, RS-BTL-01..03), in a system that was
    subjugated when the combat began if ``subjugated_at_start``, and where one of ``leaders`` is, or was until he
    retreated in this combat (Return of the Jedi, FAQ)."""

    side: Side = Field(default="self", description=f"Who won: {SIDE}.")
    theater: Literal["space", "ground"] | None = Field(default=None, description="Only a battle of this theater.")
    subjugated_at_start: bool = Field(default=False, description="The system was subjugated when the combat began.")
    leaders: list[LeaderRef] | None = Field(default=None, description="One of these leaders is (or was) there.")
    initiated_by: Side | None = Field(default=None, description="Only in a combat that side started (RS-BTL-05).")
    where: SystemFilter | None = Field(default=None, description="The combat's system meets this.")


class Condition(_Strict):
    """A condition on the game, for ``if``, ``require``, a choice option's ``when``, an action card's ``trigger``
    and objectives. Every field given must hold; an empty condition always holds. Conditions compose with
    ``all_of``, ``any_of`` and ``not``."""

    system: SystemFilter | None = Field(
        default=None, description="The context's system (``system``) meets this; never true without one.")
    base_hidden: bool | None = Field(default=None, description="The Rebel base is (not) still hidden.")
    mission_leader: LeaderRef | None = Field(
        default=None, description="This leader (or one replacing him, RS-LDR-06) is on the mission: a portrait "
        "leader's extra on a resolve card (RS-MIS-06)."
    )
    leader_in: list[LeaderRef] | None = Field(
        default=None, description="The context's leader (``leader``) is one of these (or replaces one, RS-LDR-06)."
    )
    min_leaders: int | None = Field(
        default=None, ge=1, description="At least this many leaders are on the mission (a two-leader clause)."
    )
    mission: MissionIs | None = Field(
        default=None, description="The mission a Special card answers (the context's ``mission``) is such a one.")
    count: SystemCount | None = Field(default=None, description="Enough systems (or units in them) qualify.")
    region: RegionCondition | None = Field(default=None, description="A whole region qualifies.")
    no_captured: Side | None = Field(
        default=None, description="None of that side's leaders is captured (carbonite counts, RS-CAP-03).")
    supply: dict[UnitRef, int] | None = Field(
        default=None, description="These units, so many of each, are all in the supply (RB-SUP-01).")
    outnumber: Outnumber | None = Field(default=None, description="The card's side outnumbers the opponent here.")
    combat_losses: CombatLosses | None = Field(default=None, description="Losses in the combat being fought.")
    battle_won: BattleWon | None = Field(default=None, description="A battle of the combat being fought was won.")
    all_of: list[Condition] | None = Field(default=None, description="Every one of these conditions holds too.")
    any_of: list[Condition] | None = Field(default=None, description="At least one of these conditions holds too.")
    not_: Condition | None = Field(default=None, alias="not", description="This condition does not hold.")

    model_config = ConfigDict(populate_by_name=True)


def _is_one_of(game, lid: str | None, wanted: list[str]) -> bool:
    """RS-LDR-06: Luke Skywalker (Jedi) counts as Luke Skywalker."""
    return lid is not None and (lid in wanted or tables(game).leaders[lid].replaces in wanted)


def holds(game: Game, condition: Condition, ctx: dict[str, Any]) -> bool:
    """Whether the game meets ``condition`` now, for the card whose context is ``ctx``."""
    c = condition
    if c.base_hidden is not None and board.base_revealed(game) == c.base_hidden:
        return False
    if c.mission_leader is not None and not any(
            _is_one_of(game, lid, [c.mission_leader]) for lid in ctx.get("leaders", [])):
        return False
    if c.leader_in is not None and not _is_one_of(game, ctx.get("leader"), c.leader_in):
        return False
    if c.min_leaders is not None and len(ctx.get("leaders", [])) < c.min_leaders:
        return False
    if c.system is not None:
        where = ctx.get("system")
        if where not in game.state["data"]["systems"] or not matches(game, where, c.system, ctx):
            return False
    if c.mission is not None and not _mission_is(game, c.mission, ctx):
        return False
    if c.supply is not None and missing_from_supply(game, c.supply):
        return False
    if c.count is not None and not _enough(game, c.count, ctx):
        return False
    if c.region is not None and not _region(game, c.region, ctx):
        return False
    if c.no_captured is not None and _any_captured(game, side_of(ctx, c.no_captured)):
        return False
    if c.outnumber is not None and not _outnumbers(game, c.outnumber, ctx):
        return False
    if c.combat_losses is not None and not _combat_losses(game, c.combat_losses, ctx):
        return False
    if c.battle_won is not None and not _battle_won(game, c.battle_won, ctx):
        return False
    if c.all_of is not None and not all(holds(game, each, ctx) for each in c.all_of):
        return False
    if c.any_of is not None and not any(holds(game, each, ctx) for each in c.any_of):
        return False
    return c.not_ is None or not holds(game, c.not_, ctx)


def _mission_is(game, wanted: MissionIs, ctx) -> bool:
    mission = ctx.get("mission")
    if mission is None:
        return False
    card = tables(game).missions[mission["card"]]
    if wanted.side is not None and mission["faction"] != side_of(ctx, wanted.side):
        return False
    return (wanted.skill is None or wanted.skill in card.requires) and (wanted.mode is None or wanted.mode == card.mode)


def missing_from_supply(game, units: dict[str, int]) -> list[str]:
    """The unit types of which the supply holds fewer than ``units`` asks (RB-SUP-01), in id order."""
    return sorted(u for u, n in units.items() if board.supply_left(game, u) < n)


def counted_systems(game, where: SystemFilter, ctx: dict[str, Any]):
    """The systems meeting ``where``, in id order, found lazily (a count stops once it has enough)."""
    systems = game.state["data"]["systems"]
    candidates = sorted(where.systems) if where.systems is not None else sorted(systems)
    barred = ctx.get("barred", ())
    check = _check(where)  # matches() written out: its test found once, not once per system
    return (sid for sid in candidates if sid not in barred and check(game, sid, systems[sid], ctx))


def _enough(game, count: SystemCount, ctx) -> bool:
    """Whether enough systems (or units in them) meet the count. A total does not depend on the order the systems
    are read in, so this is :func:`counted_systems` written out over the state's own order, unsorted and without a
    generator: objectives in hand are checked at every Refresh Phase over every system (RB-OBJ-03). A system
    without units adds nothing when units are counted, and never meets a filter asking for units there
    (``has_units``): then only the systems holding units are read (in any order), not every system."""
    units, at_least, where = count.units, count.at_least, count.where  # read once, not once per system
    data = game.state["data"]
    systems = data["systems"]
    barred = ctx.get("barred", ())
    check = _check(where)
    found = 0
    for sid in _candidates(data, where, units is not None):
        if check(game, sid, systems[sid], ctx) and sid not in barred:  # (as in any_system)
            found += 1 if units is None else units_matching(game, sid, units, ctx)
            if found >= at_least:
                return True
    return False


def _region(game, region: RegionCondition, ctx) -> bool:
    """Some region's populous systems all meet the filter, and it has one: each region is read only up to its
    first populous system that fails (regional objectives are checked at every Refresh Phase, RB-OBJ-03)."""
    systems = game.state["data"]["systems"]
    barred = ctx.get("barred", ())
    check = _check(region.every_populous)  # matches() written out: its test found once, not once per system
    for region_systems in tables(game).regions.values():
        qualifies = False
        for sid in region_systems:
            if board.is_populous(game, sid):
                if sid in barred or not check(game, sid, systems[sid], ctx):
                    qualifies = False
                    break
                qualifies = True
        if qualifies:
            return True
    return False


def _any_captured(game, side: str) -> bool:
    printed = tables(game).leaders
    for lid in game.state["data"]["leaders"]:  # a plain loop, cheaper than any() over a generator
        if printed[lid].faction == side and board.is_captured(game, lid):
            return True
    return False


def _outnumbers(game, wanted: Outnumber, ctx) -> bool:
    where = ctx.get("system")
    if where is None:
        return False

    def count(side: str) -> int:
        return units_matching(game, where, UnitFilter(side=side, **wanted.model_dump()), ctx)

    return count("self") > count("opponent")


def combat_events(game) -> list[dict] | None:
    """The events of the combat being fought (since its ``combat`` event), or None outside a combat: combat
    objectives are met only by what happens in a combat (RB-OBJ-04/05, FAQ-76)."""
    if game.state["data"]["combat"] is None:
        return None
    log = game.state["log"]
    for back, event in enumerate(reversed(log)):  # newest first, read only back to the combat's start
        if event["type"] == "combat":
            return log[len(log) - back:]
    return None


def _combat_losses(game, wanted: CombatLosses, ctx) -> bool:
    events = combat_events(game)
    combat = game.state["data"]["combat"]
    if events is None or (wanted.initiated_by and combat.get("initiator") != side_of(ctx, wanted.initiated_by)):
        return False
    t = tables(game)
    side = side_of(ctx, wanted.side)
    count = health = 0
    for event in events:
        if event["type"] != "destroyed" or event["at"] != combat["system"]:
            continue
        info = t.units[event["unit"]]
        if (info.faction == side and (wanted.theater is None or info.theater == wanted.theater)
                and (wanted.units is None or event["unit"] in wanted.units)):
            count += event["count"]
            health += (info.health or 0) * event["count"]
    return health >= wanted.health if wanted.health is not None else count >= wanted.count


def _battle_won(game, wanted: BattleWon, ctx) -> bool:
    events = combat_events(game)
    if events is None:
        return False
    combat = game.state["data"]["combat"]
    system = combat["system"]
    if wanted.initiated_by and combat.get("initiator") != side_of(ctx, wanted.initiated_by):
        return False
    if wanted.where is not None and not matches(game, system, wanted.where, ctx):
        return False
    winner = side_of(ctx, wanted.side)
    if not any(e["type"] == "battle-won" and e["winner"] == winner and e["system"] == system
               and (wanted.theater is None or e["theater"] == wanted.theater) for e in events):
        return False
    if wanted.leaders is not None and not any(
            game.state["data"]["leaders"][lid]["at"] == system
            or any(e["type"] == "retreat" and e["from"] == system and lid in e["leaders"] for e in events)
            for lid in wanted.leaders):
        return False
    if not wanted.subjugated_at_start:
        return True
    changes = [e["subjugated"] for e in events if e["type"] == "subjugation" and e["system"] == system]
    return not changes[0] if changes else board.system(game, system)["subjugated"]


#: The op plumbing that moved to the kernel (issue 27 §4): its old names here warn for one minor version.
_MOVED = frozenset({"OpTable", "Strict", "answer", "op", "parsed", "pick", "register_ops", "uses"})


def __getattr__(name: str) -> Any:
    if name not in _MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"{__name__}.{name} is deprecated: import it from swrebellion.engine.ops", DeprecationWarning,
                  stacklevel=2)
    return getattr(_plumbing, name)


__all__ = ["AnySide", "Condition", "Faction", "Side", "SystemFilter", "UnitFilter", "Where", "any_system", "holds",
           "matches", "side_of", "systems_where"]
