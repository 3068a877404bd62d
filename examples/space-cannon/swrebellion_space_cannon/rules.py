"""The space cannon rule (SC-1..SC-4 below), written against the base game's public API only.

* **SC-1** At the start of a combat, before its first round (the base game's moment ``combat.start``), each side's
  units with the ability ``space-cannon`` in the combat's system fire at the other side's ships there, current
  player first. A side fires only if the enemy has ships in the system (its own ships need not be there).
* **SC-2** A volley rolls the guns' attack dice (value ``space-cannon-dice``); the firing side assigns the results
  as in an attack (hits on units of their colour, direct hits on any ship, RS-ATK-05/06) and ships whose damage
  reaches their health are destroyed at once. Nobody blocks. Damage stays on the survivors for the combat, as
  attack damage does (RB-CMB-07). This is the base game's :func:`api.combat.fire`.
* **SC-3** With a Start of Combat card using the op ``space_cannon_fire`` with ``range: adjacent``, the side's guns
  in the systems adjacent to the combat fire the same way when the card is played. The card is offered only when
  such guns and enemy ships exist (the op's feasibility test).
* **SC-4** A gun's barrels point at the sky: its dice are not added to its side's ground attacks (the answer to the
  base game's ``combat-dice``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field
from swrebellion.expansions.base import api

if TYPE_CHECKING:
    from swrebellion.engine import Game

#: The ability id content gives a unit to make it a space cannon.
ABILITY = "space-cannon"
#: The step run at the moment ``combat.start``.
FIRE_STEP = "space-cannon.fire"
#: The value this plugin declares (``register_values``): the dice of one volley.
DICE_VALUE = "space-cannon-dice"

Range = Literal["system", "adjacent"]


def guns(game: Game, faction: str, system: str, range_: Range) -> dict[str, dict[str, int]]:
    """The side's space-cannon units in range of ``system``: ``{system: {unit: count}}``, systems in id order."""
    where = [system] if range_ == "system" else api.board.adjacent(game, system)
    found: dict[str, dict[str, int]] = {}
    for place in where:
        here = {u: n for u, n in sorted(api.board.faction_units(game, place, faction, "ground").items())
                if n and ABILITY in api.content.unit(game, u).abilities}
        if here:
            found[place] = here
    return found


def dice_of(game: Game, units_by_system: dict[str, dict[str, int]]) -> dict[str, int]:
    """The attack dice of the given units, summed by colour."""
    pool: dict[str, int] = {}
    for here in units_by_system.values():
        for unit, count in here.items():
            for colour, n in api.content.unit(game, unit).attack.items():
                pool[colour] = pool.get(colour, 0) + n * count
    return {colour: n for colour, n in pool.items() if n > 0}


def volley_dice(
    game: Game, faction: str, system: str, range_: Range
) -> tuple[dict[str, dict[str, int]], dict[str, int]]:
    """The guns that would fire into ``system`` and their dice (SC-1, SC-3); no dice when the enemy has no ships
    there. Other plugins adjust the dice through the value ``space-cannon-dice``."""
    if not api.board.has_units(game, system, api.board.OPPONENT[faction], "space"):
        return {}, {}
    found = guns(game, faction, system, range_)
    if not found:
        return {}, {}
    dice = game.modify(DICE_VALUE, dice_of(game, found), faction=faction, system=system, range=range_)
    return found, {colour: n for colour, n in dice.items() if n > 0}


def fire(game: Game, faction: str, system: str, range_: Range) -> bool:
    """Fire the side's guns in range at the enemy ships in ``system`` (SC-2): logged as ``space-cannon``, then the
    base game's volley runs next as a step. False when there is nothing to fire or nothing to fire at."""
    found, dice = volley_dice(game, faction, system, range_)
    if not dice:
        return False
    game.log("space-cannon", faction=faction, system=system, range=range_, guns=found, dice=dice)
    api.combat.fire(game, faction, "space", dice, cause="space cannon")
    return True


def fire_step(game: Game, frame: dict[str, Any]) -> None:
    """SC-1, at ``combat.start``: each side in combat order (current player first, RULINGS D-03) fires its guns in
    the combat's system. One volley at a time: this step runs again once a volley is over."""
    sides = frame.setdefault("sides", list(api.combat.order(game)))
    while sides:
        if fire(game, sides.pop(0), frame["system"], "system"):
            return
    game.pop()


# -- the effect op ---------------------------------------------------------------------------------------------------


class Fire(api.ops.Strict):
    """The side's space cannons fire at the enemy ships in the combat's system (a Start of Combat card)."""

    range: Range = Field(
        default="adjacent",
        description="'adjacent': the guns in the systems adjacent to the combat; 'system': those in its system.",
    )


def can_fire(game: Game, params: Fire, ctx: dict[str, Any]) -> bool:
    """Feasibility (SC-3): a combat is on, the enemy has ships in it and the side has guns in range with dice."""
    combat = api.combat.state(game)
    return combat is not None and bool(volley_dice(game, ctx["faction"], combat["system"], params.range)[1])


OPS: api.ops.OpTable = {}


@api.ops.op(OPS, "space_cannon_fire", Fire, feasible=can_fire)
def space_cannon_fire(game: Game, frame: dict[str, Any], params: Fire, ctx: dict[str, Any]) -> None:
    """Fire the side's space cannons in range at the enemy ships in the combat (SC-3)."""
    game.pop()
    combat = api.combat.state(game)
    if combat is not None:
        fire(game, ctx["faction"], combat["system"], params.range)


def fire_words(phrases: api.words.Phrases, step: dict[str, Any]) -> str:
    """The op in words, for `rebellion show` (the ``effect_words`` hook); English only: this plugin ships no
    catalogs."""
    if step.get("range", "adjacent") == "system":
        return "Your space cannons in the combat's system fire at the enemy ships."
    return "Your space cannons in the systems adjacent to the combat fire at the enemy ships there."


# -- the value answered ------------------------------------------------------------------------------------------------


def no_ground_dice(game: Game, value: dict[str, int], context: dict[str, Any]) -> dict[str, int] | None:
    """SC-4, answering ``combat-dice``: the side's guns in the combat add nothing to its ground attack."""
    if context.get("theater") != "ground":
        return None
    own = dice_of(game, guns(game, context["faction"], context["system"], "system"))
    if not own:
        return None
    return {colour: max(0, n - own.get(colour, 0)) for colour, n in value.items()}


# -- the account of a game -------------------------------------------------------------------------------------------


def describe(game: Game, event: dict[str, Any]) -> str:
    """``space-cannon``: who fires, from where, with what, at whom."""
    def name(thing: object) -> str:
        return api.words.readable(game, thing)

    where = "; ".join(", ".join(f"{n} {name(u)}" for u, n in units.items()) + f" in {name(system)}"
                      for system, units in event["guns"].items())
    dice = ", ".join(f"{n} {colour}" for colour, n in event["dice"].items())
    enemy = name(api.board.OPPONENT[event["faction"]])
    return f"{name(event['faction'])} space cannons ({where}) fire {dice} at the {enemy} ships in {name(event['system'])}."


# -- what people see of it ---------------------------------------------------------------------------------------------


def shown(game: Game, where: str) -> list[str]:
    """The guns on the board: a count per side for ``status`` and the picture, and where they stand for ``map``.
    Nothing when no gun is on the board. Units on the board are public, the same in every viewer's view, so they
    are read through the base game's API (its section of the state is its own)."""
    found: dict[str, dict[str, int]] = {}
    for place, units in sorted(api.board.units_by_location(game).items()):
        for unit, count in units.items():
            kind = api.content.units(game).get(unit)
            if count and kind is not None and ABILITY in kind.abilities:
                here = found.setdefault(kind.faction, {})
                here[place] = here.get(place, 0) + count
    if not found:
        return []
    sides = [side for side in api.board.FACTIONS if side in found]
    if where == "map":
        return [f"Space cannons, {api.words.readable(game, side)}: "
                + ", ".join(f"{n} in {api.words.readable(game, place)}" for place, n in found[side].items())
                for side in sides]
    return ["Space cannons on the board: "
            + ", ".join(f"{api.words.readable(game, side)} {sum(found[side].values())}" for side in sides)]
