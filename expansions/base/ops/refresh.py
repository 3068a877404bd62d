"""Effect ops for objectives (RB-OBJ): the conditions printed on objective cards, and what scoring one does.

A *condition op* is a test written as data. Run as an effect step it lets the effect go on when it holds, and when
it does not it ends the effect and the objective goes back to hand unscored. Objectives are offered only when they
can be played (a decision offers legal options only), so each condition op also has a feasibility test (the
``op`` table's third member, as for missions), which ``objectives.conditions_met`` evaluates without running
anything. Systems are described with the shared :class:`~.ops_conditions.Where` vocabulary (RS-SYS-01..03,
RULINGS C-04); units on the Rebel Base space are in no system (RB-BAS-03).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from swrebellion.engine import secret
from swrebellion.engine.effects import stop

from .. import board
from ..board import team
from ..cards import hand
from ..rules.objectives import keep_in_hand, return_to_hand_after_scoring
from ..tables import tables
from .conditions import Faction, OpTable, Strict, UnitFilter, Where, matches, op

OPS: OpTable = {}


class SystemCount(Strict):
    """Systems meeting ``where`` and, when ``any_of`` is given, at least one of its conditions; ``systems``
    narrows the search to the systems named."""

    where: Where = Field(default_factory=Where)
    any_of: list[Where] = Field(default_factory=list)
    systems: list[str] | None = Field(default=None, description="Only these systems (Heart of the Empire: coruscant).")


def counted_systems(game, params: SystemCount, ctx: dict[str, Any]):
    """The qualifying systems, in id order, found lazily (a condition stops counting once it has enough)."""
    candidates = sorted(params.systems) if params.systems is not None else sorted(game.state["data"]["systems"])
    for s in candidates:
        if matches(game, s, params.where, ctx) and (
                not params.any_of or any(matches(game, s, w, ctx) for w in params.any_of)):
            yield s


def condition(name: str, params: type[Strict]):
    """Register ``test(game, params, ctx) -> bool`` as the condition op ``name``: run as a step, the effect goes on
    when it holds, or stops with the objective kept in hand, unscored; offered cards are checked with the same
    test beforehand (its feasibility test)."""

    def wrap(test):
        def handler(game, frame, parsed, ctx) -> None:
            if test(game, parsed, ctx):
                game.pop()
                return
            keep_in_hand(game)
            stop(game)

        handler.__doc__ = params.__doc__
        handler.__name__ = name
        op(OPS, name, params, test)(handler)
        return test

    return wrap


class RequireSystems(SystemCount):
    """Condition: at least ``at_least`` systems qualify (Popular Support, Defend the People, Cut Supply Lines,
    Establish Outposts, Heart of the Empire, Inspire Sympathy); with ``units``, at least ``at_least`` such units in
    all the qualifying systems together (units on the Rebel Base space are in no system, RB-BAS-03)."""

    at_least: int = Field(ge=1)
    units: UnitFilter | None = Field(default=None, description="Count these units in the systems, not the systems "
                                     "(the filter's own at_least is not used).")


def _units_in(game, system: str, wanted: UnitFilter) -> int:
    t = tables(game)
    return sum(n for unit, n in board.units_at(game, system).items()
               if t.units[unit].faction == wanted.faction
               and (wanted.theater is None or t.units[unit].theater == wanted.theater)
               and (wanted.units is None or unit in wanted.units))


@condition("require_systems", RequireSystems)
def _enough_systems(game, params: RequireSystems, ctx) -> bool:
    found = 0
    for s in counted_systems(game, params, ctx):
        found += 1 if params.units is None else _units_in(game, s, params.units)
        if found >= params.at_least:
            return True
    return False


class RequireRegion(Strict):
    """Condition: some region's populous systems all meet ``every_populous`` (Regional Support). A region with no
    populous system left does not qualify: destroyed systems are not populous (RB-DST-05), and the card needs at
    least one Rebel system there (FAQ, card-effects reference)."""

    every_populous: Where


@condition("require_region", RequireRegion)
def _region_qualifies(game, params: RequireRegion, ctx) -> bool:
    for systems in tables(game).regions.values():
        populous = [s for s in systems if board.is_populous(game, s)]
        if populous and all(matches(game, s, params.every_populous, ctx) for s in populous):
            return True
    return False


class RequireNoCaptured(Strict):
    """Condition: none of the side's leaders is captured (Leave No One Behind; carbonite counts, RS-CAP-03)."""

    faction: Faction = "rebel"


@condition("require_no_captured", RequireNoCaptured)
def _none_captured(game, params: RequireNoCaptured, ctx) -> bool:
    t = tables(game)
    return not any(t.leaders[lid].faction == params.faction and board.is_captured(game, lid)
                   for lid in game.state["data"]["leaders"])


# -- combat objectives --------------------------------------------------------------------------------------------


def combat_events(game) -> list[dict] | None:
    """The events of the combat being fought (since its ``combat`` event), or None outside a combat: combat
    objectives are met only by what happens in a combat (RB-OBJ-04/05, FAQ-76)."""
    if game.state["data"]["combat"] is None:
        return None
    log = game.state["log"]
    for n in range(len(log) - 1, -1, -1):
        if log[n]["type"] == "combat":
            return log[n + 1:]
    return None


class RequireCombatLosses(Strict):
    """Condition: in this combat (one ``initiated_by`` that side, when given: 'a combat you initiated', RS-BTL-05)
    the side lost units of the given theater or types, at least ``count`` of them, or units whose printed health adds
    up to ``health`` or more (Crippling Blow, Major Victory, Rebel Assault). Printed health counts (RS-UNT-06); units
    destroyed by cards during the combat count, units destroyed outside it never do (RB-OBJ-05)."""

    faction: Faction = "empire"
    theater: Literal["space", "ground"] | None = None
    units: list[str] | None = None
    count: int = Field(default=1, ge=1)
    health: int | None = Field(default=None, ge=1)
    initiated_by: Faction | None = None


@condition("require_combat_losses", RequireCombatLosses)
def _combat_losses(game, params: RequireCombatLosses, ctx) -> bool:
    events = combat_events(game)
    combat = game.state["data"]["combat"]
    if events is None or (params.initiated_by and combat.get("initiator") != params.initiated_by):
        return False
    t = tables(game)
    count = health = 0
    for event in events:
        if event["type"] != "destroyed" or event["at"] != combat["system"]:
            continue
        info = t.units[event["unit"]]
        if (info.faction == params.faction and (params.theater is None or info.theater == params.theater)
                and (params.units is None or event["unit"] in params.units)):
            count += event["count"]
            health += (info.health or 0) * event["count"]
    return health >= params.health if params.health is not None else count >= params.count


class RequireBattleWon(Strict):
    """Condition: the side won a battle of this combat (of ``theater`` when given, RS-BTL-01..03), in a system that
    was subjugated when the combat began if ``subjugated_at_start`` (Liberation), and where one of ``leaders`` is, or
    was until he retreated in this combat (Return of the Jedi: Vader or the Emperor, FAQ). With ``initiated_by``
    only in a combat that side started (RS-BTL-05); with ``where``/``any_of`` only if the combat's system meets
    ``where`` and one of ``any_of``."""

    faction: Faction = "rebel"
    theater: Literal["space", "ground"] | None = None
    subjugated_at_start: bool = False
    leaders: list[str] | None = None
    initiated_by: Faction | None = None
    where: Where | None = Field(default=None, description="The combat's system meets this.")
    any_of: list[Where] = Field(default_factory=list, description="The combat's system meets one of these.")


@condition("require_battle_won", RequireBattleWon)
def _battle_won(game, params: RequireBattleWon, ctx) -> bool:
    events = combat_events(game)
    if events is None:
        return False
    combat = game.state["data"]["combat"]
    system = combat["system"]
    if params.initiated_by and combat.get("initiator") != params.initiated_by:
        return False
    if params.where is not None and not matches(game, system, params.where, ctx):
        return False
    if params.any_of and not any(matches(game, system, w, ctx) for w in params.any_of):
        return False
    if not any(e["type"] == "battle-won" and e["winner"] == params.faction and e["system"] == system
               and (params.theater is None or e["theater"] == params.theater) for e in events):
        return False
    if params.leaders is not None and not any(
            game.state["data"]["leaders"][l]["at"] == system
            or any(e["type"] == "retreat" and e["from"] == system and l in e["leaders"] for e in events)
            for l in params.leaders):
        return False
    if not params.subjugated_at_start:
        return True
    changes = [e["subjugated"] for e in events if e["type"] == "subjugation" and e["system"] == system]
    return not changes[0] if changes else board.system(game, system)["subjugated"]


# -- scoring ---------------------------------------------------------------------------------------------------------


class ReputationPerSystem(SystemCount):
    """The Rebel gains 1 reputation for each qualifying system (Inspire Sympathy: each destroyed system), one
    space at a time (RB-REP-04)."""


@op(OPS, "reputation_per_system", ReputationPerSystem)
def reputation_per_system(game, frame, params: ReputationPerSystem, ctx) -> None:
    """Reputation counted from the board (RB-REP-03)."""
    count = sum(1 for _ in counted_systems(game, params, ctx))
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
