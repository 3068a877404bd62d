"""The shapes of the base game's state (``game.state["data"]``), typed for plugin authors and the type checker.

The state is plain JSON-like data so that a game can be copied and saved at any point; these ``TypedDict``s say
what each part holds. Hidden parts are wrapped as secrets (``swrebellion.engine.secret``): rules code reads them
with ``peek``, views show them only to the players allowed.
"""

from __future__ import annotations

from typing import Any, TypedDict

from .models.common import Faction, Theater


class SystemState(TypedDict):
    """``data["systems"][system_id]`` (RB-SYS, RB-LOY, RB-SUB, RB-DST)."""

    loyalty: Faction | None
    subjugated: bool
    sabotage: bool
    destroyed: bool


class LeaderState(TypedDict, total=False):
    """``data["leaders"][leader_id]``. ``at``: ``"pool"``, ``"supply"`` (not recruited), ``"gone"`` (out of the
    game), ``"mission"`` (on an assigned card) or a location (a system id or ``"rebel-base"``). ``ring``: ``None``,
    ``"captured"``, ``"carbonite"`` or a card's ring (``"master-yoda"``, ...). ``detained``: kept on the board
    through the next Refresh step 1 (Detained)."""

    at: str
    ring: str | None
    detained: bool


#: ``data["units"]``: location -> unit type -> count.
Units = dict[str, dict[str, int]]
#: ``data["queue"][faction]``: build-queue space ("1", "2", "3") -> unit type -> count.
Queue = dict[str, dict[str, int]]


class Die(TypedDict):
    """One die of an attack: its colour, the face rolled, and whether a card or action spent it."""

    colour: str
    face: str
    spent: bool


class Attack(TypedDict, total=False):
    """``data["combat"]["attack"]``: the attack in progress (RS-ATK). ``targets``: one ``[unit, damage so far, new
    damage]`` per enemy miniature that can take damage; ``results``: the hits and damage to assign."""

    faction: Faction
    theater: Theater
    dice: list[Die]
    pending: list[dict[str, Any]]
    results: list[dict[str, Any]]
    targets: list[list[Any]]


class CombatState(TypedDict, total=False):
    """``data["combat"]`` while a combat lasts (``None`` otherwise); see ``rules/combat.py`` for each key.
    ``rolled`` (not listed there): ``"{faction}-{theater}"`` -> how many dice that side rolled in its attack this
    round."""

    system: str
    initiator: Faction
    current: Faction
    origins: list[str]
    round: int
    step: Theater | None
    hands: dict[str, dict[str, Any]]
    damage: dict[str, list[int]]
    attacked: list[Faction]
    attack: Attack | None
    effects: list[dict[str, Any]]
    battles: dict[str, str | None]
    retreated: dict[str, bool]
    objective_played: bool
    plans_round: int
    rolled: dict[str, int]
