"""The shapes of the base game's state (``game.state["data"]``), typed for plugin authors and the type checker.

The state is plain JSON-like data so that a game can be copied and saved at any point; these ``TypedDict``s say
what each part holds. Hidden parts are wrapped as secrets (``swrebellion.engine.secret``): rules code reads them
with ``peek``, views show them only to the players allowed.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from .models.common import Faction, Theater


class SystemState(TypedDict):
    """``data["systems"][system_id]`` (RB-SYS, RB-LOY, RB-SUB, RB-DST)."""

    loyalty: Faction | None
    """The side the system is loyal to, or ``null`` (neutral)."""
    subjugated: bool
    """Imperial ground units hold it against its loyalty (RB-SUB)."""
    sabotage: bool
    """A sabotage marker is on it (RB-LOY)."""
    destroyed: bool
    """The Death Star destroyed it (RB-DST)."""


class LeaderState(TypedDict, total=False):
    """``data["leaders"][leader_id]``. ``at``: ``"pool"``, ``"supply"`` (not recruited), ``"gone"`` (out of the
    game), ``"mission"`` (on an assigned card) or a location (a system id or ``"rebel-base"``). ``ring``: ``None``,
    ``"captured"``, ``"carbonite"`` or a card's ring (``"master-yoda"``, ...). ``detained``: kept on the board
    through the next Refresh step 1 (Detained)."""

    at: str
    """``pool``, ``supply`` (not recruited), ``gone`` (out of the game), ``mission`` (on an assigned card) or a
    location (a system id or ``rebel-base``)."""
    ring: str | None
    """``null``, ``captured``, ``carbonite`` or a card's ring (``master-yoda`` ...)."""
    detained: bool
    """Kept on the board through the next Refresh step 1 (Detained); absent otherwise."""


#: ``data["units"]``: location -> unit type -> count.
Units = dict[str, dict[str, int]]
#: ``data["queue"][faction]``: build-queue space ("1", "2", "3") -> unit type -> count.
Queue = dict[str, dict[str, int]]


class Die(TypedDict):
    """One die of an attack: its colour, the face rolled, and whether a card or action spent it."""

    colour: str
    """The die's colour."""
    face: str
    """The face rolled."""
    spent: bool
    """A card or an action spent it."""


class Attack(TypedDict, total=False):
    """``data["combat"]["attack"]``: the attack in progress (RS-ATK). ``targets``: one ``[unit, damage so far, new
    damage]`` per enemy miniature that can take damage; ``results``: the hits and damage to assign."""

    faction: Faction
    """The attacking side."""
    theater: Theater
    """The battle it is made in."""
    dice: list[Die]
    """The dice rolled."""
    pending: list[dict[str, Any]]
    """Damage cards add, still to assign."""
    results: list[dict[str, Any]]
    """The hits and damage to assign."""
    targets: list[list[Any]]
    """One ``[unit, damage so far, new damage]`` per enemy miniature that can take damage."""
    used: dict[str, list[int]]
    """A group of results (a card's damage) -> the targets it went on."""
    next: int
    """The next result to assign."""


class CombatState(TypedDict, total=False):
    """``data["combat"]`` while a combat lasts (``None`` otherwise; ``api.combat.state`` reads it): each key is
    described below. A plugin reads it and changes it only through ``api.combat``; its own part of a combat is
    ``api.combat.part``."""

    system: str
    """Where it is fought."""
    initiator: Faction
    """Whose turn or card started it (RS-BTL-05)."""
    current: Faction
    """The player whose turn it is: every step goes current player first (RS-CMB-03, RULINGS D-03)."""
    origins: list[str]
    """The systems the initiator moved units in from: no retreat there (RB-RET-04)."""
    round: int
    """The combat round, from 1."""
    step: Theater | None
    """``space`` or ``ground`` during a battle step."""
    hands: dict[str, dict[str, Any]]
    """Each side's tactic cards, hidden from the other (RB-TAC-04)."""
    damage: dict[str, list[int]]
    """Unit type -> the damage of each damaged unit, highest first (RB-CMB-07)."""
    attacked: list[Faction]
    """The sides that have attacked in this battle step (RULINGS C-03)."""
    attack: Attack | None
    """The attack in progress (RS-ATK)."""
    effects: list[dict[str, Any]]
    """Card effects lasting the combat, a round or a step (the ``combat_effect`` op)."""
    battles: dict[str, str | None]
    """Theater -> ``null`` while fought, then the winner or ``none`` (RS-BTL-01..03)."""
    retreated: dict[str, bool]
    """Side -> ``True`` once it has retreated in this combat (its leader and the units it chose moved out,
    RS-RET-03): a side retreats at most once per combat (RS-RET-02), so it is not offered a retreat again, and the
    ``can-retreat`` value is not asked for it."""
    objective_played: bool
    """An objective was scored in this combat (RB-OBJ-07, RB-CMB-11)."""
    plans_round: int
    """The round Death Star Plans was last revealed in (RB-DSP-05)."""
    rolled: dict[str, int]
    """``{faction}-{theater}`` -> how many dice that side rolled in its attack this round."""
    won_windows: list[Theater]
    """The battles won whose Special-card window was offered (``battle-won``)."""
    won_moments: list[Theater]
    """The battles won whose ``battle.won`` moment was reached."""


#: A hidden value as the state holds it: ``{"$secret": [players who may see it], "value": ...}``
#: (``swrebellion.engine.secret``; rules code reads it with ``peek``).
Secret = dict[str, Any]


class Assignment(TypedDict):
    """``data["assigned"][faction][n]``: a mission assigned face down this round (RB-MIS-05), in order."""

    card: Secret
    """The mission card, hidden from the other side until revealed."""
    leaders: list[str]
    """The leaders assigned to it."""


class Restriction(TypedDict, total=False):
    """``data["restrictions"][i]``: a side barred from something in a system for a while (``restrict``)."""

    faction: Faction
    """The side barred."""
    system: str
    """The system."""
    bars: list[str]
    """What is barred: ``move_in``, ``move_out`` (units, by an activation or a card), ``missions``, ``cards``."""
    until: str | None
    """``end-of-phase``, ``end-of-round``, ``refresh`` (the next Refresh Phase), or ``null`` (only its condition)."""
    ends: list[int] | None
    """``[round, phase]`` it ends at (phases counted setup 0, assignment 1, command 2, refresh 3), or ``null``."""
    card: str | None
    """The card that made it."""
    condition: dict[str, Any]
    """It bars only while this condition holds (only when the card gave one)."""
    context: dict[str, Any]
    """The card's context the condition is read in (only with a condition)."""


class BaseData(TypedDict):
    """The base game's section of the state: the top of ``game.state["data"]``, every key no other plugin declares
    (``Expansion.state``). Another plugin reads and changes it through ``swrebellion.expansions.base.api`` only."""

    phase: str
    """The phase being played: ``setup``, ``assignment``, ``command`` or ``refresh`` (RB-RND)."""
    round: int
    """The game round, from 1 (0 during setup)."""
    time: int
    """The time marker's space on the time track (RB-WIN)."""
    reputation: int
    """The reputation marker's space: the Rebels win when time reaches it (RB-WIN-02)."""
    current: Faction
    """The side taking its turn in the Command Phase (RB-CMD)."""
    teams: dict[Faction, list[str]]
    """Each side's players (one, or two in team play: RB-TEAM)."""
    roles: dict[Faction, dict[str, str]]
    """Each side's team roles, ``admiral`` and ``general``, to the player holding them (the same player in a
    two-player game)."""
    systems: dict[str, SystemState]
    """Every system of the map by id: loyalty, subjugation, sabotage, destroyed. E.g. ``/data/systems/hoth/loyalty``."""
    units: Units
    """The units on the board: location (a system id, or ``rebel-base``) -> unit type -> count. E.g.
    ``/data/units/rebel-base/rebel-trooper``."""
    queue: dict[Faction, Queue]
    """Each side's build queue: space (``"1"``, ``"2"``, ``"3"``) -> unit type -> count (RB-BLD)."""
    leaders: dict[str, LeaderState]
    """Every leader by id: where it is, its ring. E.g. ``/data/leaders/luke-skywalker/at``."""
    base: str | Secret
    """The Rebel base's system: hidden from the Empire until revealed (RB-BAS)."""
    base_revealed: str | None
    """The revealed base's system, or ``null`` while it is hidden."""
    decks: dict[str, Secret]
    """Each deck by name (``missions-rebel``, ``actions-empire``, ``probes``, ``objectives``, ``tactics-space`` ...):
    its cards, top first, hidden from everyone (its size is public)."""
    discards: dict[str, list[str]]
    """Each deck's discard pile, face up. E.g. ``/data/discards/missions-empire``."""
    hands: dict[Faction, dict[str, Secret]]
    """Each side's hands by kind (``missions``, ``actions``, ``objectives``, ``probes``), hidden from the other side.
    E.g. ``/data/hands/rebel/missions``."""
    assigned: dict[Faction, list[Assignment]]
    """The missions each side assigned this round, in order (RB-MIS-05)."""
    passed: dict[str, bool]
    """Each seat (a side, or ``side:role`` in team play) that has passed this Command Phase (RB-CMD-03)."""
    combat: CombatState | None
    """The combat being fought, or ``null``."""
    limits: dict[str, Any]
    """Once-per-round uses: a key (``refresh-objective``, a ring's id ...) -> the round it was used
    (``phase-end-objective``: ``[round, phase]``, the phase's end where an ``any-time`` objective was played), or the
    effects kept for this round (``leader-effects``)."""
    objective_stages: NotRequired[list[int]]
    """The stages of the objective deck's cards, top first: public (RB-OBJ-12)."""
    starting_missions: NotRequired[dict[Faction, list[str]]]
    """Each side's starting mission cards, dealt during setup (RB-SET)."""
    base_card: NotRequired[Secret]
    """The probe card of the base's system, hidden from the Empire."""
    seat_role: NotRequired[str | None]
    """In team play, the role of the seat taking its turn (``admiral``, ``general``), else ``null``."""
    end_of_command: NotRequired[list[list[Any]]]
    """Steps kept for the end of the Command Phase, each ``[step, {its frame's values}]``."""
    later: NotRequired[list[dict[str, Any]]]
    """Card effects waiting for a later rule moment (the ``later`` op): moment, side, steps, context."""
    spent: NotRequired[list[str]]
    """Leaders a card made unusable until the next Refresh Phase begins (``leader_effect``'s ``spent``), in the
    order spent; gone once the Refresh Phase begins."""
    restrictions: NotRequired[list[Restriction]]
    """Restrictions that last (the ``restrict`` op), in the order they were made; an ended one is dropped when the
    next is made (``rules.restrictions``)."""
    unpinned: NotRequired[dict[str, int]]
    """Leader -> the round a card placed him without pinning units (Public Support's Janus, RB-MOV-10)."""
