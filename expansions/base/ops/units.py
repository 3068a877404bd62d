"""Effect ops on units: units placed from the supply (on the board or the build queue), moved by a card, destroyed
(on the board or on a build queue), and build queues sped up or deployed from. Each acts where the context says
(``system``, or the key it names) through the ``board`` helpers, which keep subjugation, base reveals and
victory checks in step; a combat a card's movement starts is fought once the card is over (RS-MIS-05).
"""

from __future__ import annotations

from collections import Counter
from typing import Literal

from pydantic import Field, model_validator

from swrebellion.engine.ops import OpTable, Strict, answer, op, pick, uses
from swrebellion.i18n import N_
from swrebellion.models import MAX_COUNT

from .. import board
from ..names import card_prompt, label, text
from ..rules import moves
from ..rules.combat import destroy as destroy_in_combat
from ..rules.missions import mission_frame, successes
from ..rules.restrictions import barred_option, restricted, shown
from ..tables import DEATH_STAR, DSUC, OPPONENT, tables
from swrebellion.refs import ContextKey

from .conditions import SIDE, IconRef, Side, SystemFilter, UnitRef, side_of, systems_where

OPS: OpTable = {}

Theater = Literal["space", "ground"]


def _player(game, ctx) -> str:
    """Who decides for the card: its player, or (an objective, which has none) the side's General (RB-TEAM-06)."""
    return ctx.get("player") or board.decider(game, ctx["faction"], "general")


def _where(game, ctx, key: str) -> str:
    """The place a context key names: ``base`` is the Rebel Base space, or the base's system once revealed
    (RB-BAS-15); any other key is read from the context."""
    return board.rebel_base_location(game) if key == "base" else ctx[key]


# -- placing units from the supply ----------------------------------------------------------------------------------


class PlaceUnits(Strict):
    """Take units from the supply (as many as it holds, RB-SUP-01): either ``units``, or one unit per entry of
    ``icons``, of the player's choice among the side's units showing that build icon (``space-triangle``) or, for a
    bare shape (``circle``), that shape in either theater (the ``choose-unit`` decision).

    ``to: system`` puts them in the context's system (``system``), ``to: base`` on the Rebel Base space, or in the
    base's system once revealed (RB-BAS-15). ``to: queue`` puts them on the side's build queue: ``units`` on queue
    space ``space``, or (``resources``) one unit per resource icon of the system on the space of its build number,
    as if building there; neither needs loyalty nor is stopped by sabotage (RB-SAB-04, RB-SYS-10).

    ``resources`` with ``to: system``: the units the system's own printed resource icons allow (RB-BLD-02: a build
    icon shows which units it builds), straight into the system instead of onto the queue, one per icon, or with
    ``count`` that many in all, the player picking each among every unit an icon still unused allows (``{op:
    place_units, resources: true, count: 1}``: "place a unit this system's build icons allow",
    tests/fan_packs/round-two). A destroyed system has no icons (RB-DST-05). ``count`` with ``icons`` likewise takes
    that many of the listed icons' units."""

    model_config = uses(reads=("faction", "player", "<system>"), group="units")

    units: dict[UnitRef, int] = Field(default_factory=dict, description="Unit type -> how many.")
    icons: list[IconRef] = Field(default_factory=list, description="One unit per build icon or bare shape, chosen.")
    to: Literal["system", "base", "queue"] = Field(default="system", description="Where they go.")
    space: int | None = Field(default=None, ge=1, le=3, description="to: queue: the build-queue space of ``units``.")
    resources: bool = Field(default=False, description="One unit per resource icon of the system (to: queue, on "
                            "the space of its build number; to: system, in it).")
    count: int | None = Field(default=None, ge=1, le=MAX_COUNT, description="icons or resources: only this many "
                              "units in all, each picked among the units any unused icon allows.")
    system: ContextKey = Field(default="system", description="Context key of the system.")
    free_from_board: bool = Field(default=False, description=(
        "When the supply holds fewer of a unit than ``units`` gives, the side may first destroy its own units of "
        "that type elsewhere on the board, one at a time, to free them (Incite Rebellion, FAQ-ES)."))

    @model_validator(mode="after")
    def _one_way(self):
        ways = bool(self.units) + bool(self.icons) + self.resources
        if ways != 1:
            raise ValueError("give exactly one of 'units', 'icons' and 'resources: true'")
        if self.to == "queue" and self.units and self.space is None:
            raise ValueError("units going to the queue need their queue 'space'")
        if self.to != "queue" and self.space is not None:
            raise ValueError("'space' is for 'to: queue'")
        if self.to == "base" and self.resources:
            raise ValueError("'resources' are a system's icons: use 'to: system' or 'to: queue'")
        if self.count is not None and self.units:
            raise ValueError("'count' goes with 'icons' or 'resources' (with 'units', write the numbers there)")
        return self


@op(OPS, "place_units", PlaceUnits)
def place_units(game, frame, params: PlaceUnits, ctx) -> None:
    """Place units from the supply on the board or the build queue (Construct Death Star, Base Defenses, Incite
    Rebellion, Public Uprising, Brilliant Administrator)."""
    faction = ctx["faction"]
    if params.to == "queue":
        _to_queue(game, frame, params, ctx)
        return
    where = _where(game, ctx, "base" if params.to == "base" else params.system)

    def gain(unit: str, count: int = 1) -> None:
        n = min(count, board.supply_left(game, unit))
        if n:
            board.add_units(game, where, unit, n, check=False)
            game.log("gained-units", faction=faction, unit=unit, count=n, at=where)
            board.after_units_change(game, where)

    if params.units:
        if params.free_from_board and not _free_from_board(game, frame, params.units, where, ctx):
            return
        for unit, count in sorted(params.units.items()):
            gain(unit, count)
    else:
        if "icons" not in frame:
            frame["icons"] = list(params.icons) if params.icons else _resources(game, where)
        prompt = N_("Which unit for the {icon} icon gained in {system}?") if params.count is None else \
            N_("Which unit gained in {system}, of those its icons allow?")
        if not one_per_icon(game, frame, ctx, gain, prompt, where, params.count):
            return
    board.check_base_reveal(game)


def _resources(game, where: str) -> list[str]:
    """The printed resource icons of a system, none once it is destroyed (RB-DST-05)."""
    return [] if board.system(game, where)["destroyed"] else list(tables(game).systems[where].resources)


def _to_queue(game, frame, params: PlaceUnits, ctx) -> None:
    faction = ctx["faction"]
    if params.units:
        for unit, count in sorted(params.units.items()):
            n = min(count, board.supply_left(game, unit))
            if n:
                board.queue_unit(game, faction, unit, params.space, n)
                game.log("queued", faction=faction, unit=unit, count=n, space=params.space)
        return
    t = tables(game)
    where = ctx[params.system]
    space = params.space or t.systems[where].build_queue
    if "icons" not in frame:
        frame["icons"] = list(params.icons) if params.icons else _resources(game, where)
    prompt = N_("Which unit for the {icon} icon of {system}?") if params.count is None else \
        N_("Which unit for the build queue, of those the icons of {system} allow?")
    one_per_icon(game, frame, ctx, lambda unit: _queue_one(game, faction, unit, space), prompt, where, params.count)


def _queue_one(game, faction: str, unit: str, space: int) -> None:
    board.queue_unit(game, faction, unit, space)
    game.log("queued", faction=faction, unit=unit, count=1, space=space)


def _free_from_board(game, frame, units: dict[str, int], where: str, ctx) -> bool:
    """While the supply is short of a unit to gain, the side may destroy one of its own of that type elsewhere on
    the board to free it (or stop). True once done; False while a question is open."""
    chosen = answer(frame)
    if chosen is not None:
        if chosen["id"] == "stop":
            frame["stopped"] = True
        else:
            unit, _, source = chosen["id"].partition("@")
            board.destroy_units(game, source, unit, 1, cause=f"freed for {ctx.get('card', 'a card')}")
    if frame.get("stopped"):
        return True
    for unit, count in sorted(units.items()):
        if board.supply_left(game, unit) >= count:
            continue
        sources = sorted(s for s, here in game.state["data"]["units"].items() if s != where and here.get(unit))
        if sources:
            options = [{"id": f"{unit}@{s}", "label": f"Destroy a {label(game, unit)} in {label(game, s)}"}
                       for s in sources]
            game.ask(ctx["player"], "free-from-board", options + [{"id": "stop", "label": "Gain only what the supply holds"}],
                     f"The supply is short of {label(game, unit)}: destroy one of yours on the board to free it?")
            return False
    return True


def icon_matches(game, unit: str, icon: str) -> bool:
    """Whether a unit shows a build icon: ``space-triangle``, or a bare shape (``triangle``) in either theater."""
    shown = tables(game).units[unit].build_icon
    return shown is not None and (shown == icon or ("-" not in icon and shown.rpartition("-")[2] == icon))


def icon_units(game, faction: str, icon: str) -> list[str]:
    """The side's units still in the supply (RB-SUP-01) that show a build icon: ``space-triangle``, or a bare shape
    (``triangle``) in either theater."""
    t = tables(game)
    icons = [icon] if "-" in icon else [f"space-{icon}", f"ground-{icon}"]
    return [u for i in icons for u in t.builds[faction].get(i, []) if board.supply_left(game, u) > 0]


def one_per_icon(game, frame, ctx, place, prompt: str, where: str, count: int | None = None) -> bool:
    """One unit for each icon left in ``frame["icons"]``, taken in order: the player picks when several units fit
    (asked for the first icon only, the op runs again with the answer), an icon nothing fits is skipped. ``place``
    gets each unit; ``prompt`` (a template with ``{icon}`` and ``{system}``) asks about the icon of ``where``. False
    while a question is open.

    With ``count``, only that many units in all, each picked among the units of every icon left, which spends the
    first icon allowing it."""
    faction = ctx["faction"]
    chosen = answer(frame)
    if chosen is not None:
        _spend(game, frame, faction, chosen["id"], count)
        place(chosen["id"])
    while frame["icons"] and (count is None or frame.get("placed", 0) < count):
        icons = frame["icons"] if count is not None else frame["icons"][:1]
        choices = list(dict.fromkeys(unit for icon in icons for unit in icon_units(game, faction, icon)))
        if len(choices) > 1:
            game.ask(ctx["player"], "choose-unit", [{"id": u, "label": label(game, u)} for u in choices],
                     text(game, prompt, icon=frame["icons"][0], system=where))
            return False
        if not choices:
            if count is not None:
                break  # no icon left allows any unit
            frame["icons"].pop(0)
            continue
        _spend(game, frame, faction, choices[0], count)
        place(choices[0])
    return True


def _spend(game, frame, faction: str, unit: str, count: int | None) -> None:
    """The icon a unit taken by :func:`one_per_icon` used: the first one (one per icon), or the first allowing it."""
    if count is None:
        frame["icons"].pop(0)
        return
    frame["icons"].remove(next(icon for icon in frame["icons"] if unit in icon_units(game, faction, icon)))
    frame["placed"] = frame.get("placed", 0) + 1


# -- moving units -----------------------------------------------------------------------------------------------------


#: ``move_units``'s ``from`` for an activation's movement into the card's system.
NEIGHBOURS = "neighbours"


class MoveUnits(Strict):
    """The card moves ``side``'s units, ignoring adjacency, from ``from`` to ``to``, following the other movement
    rules (RB-MOV-14): immobile units stay, units needing transport go only with room on the ships moving with them
    (RB-MOV-06..08), and a free leader of the side in the source holds its units there (RB-MOV-10..12).

    ``from``: ``base`` (the Rebel Base space, or the base's system once revealed, RB-BAS-15), a context key (the
    card's ``system``), or a system filter: the player picks a system meeting it (``sources: one``) or system after
    system until he stops or ``max`` units have moved in all (``sources: many``: Scouting Mission). Or
    ``neighbours``: the side's units move into the card's ``system`` from its neighbours as in an activation by the
    card's leader (``actor``), who is already there: every adjacent system once, transport, pinning and the Rebel
    Base space as usual (RB-MOV-03..12, RULINGS C-02), then the base reveal and the combat, at once (RB-BAS-11,
    RB-CMB-02; Catch Them by Surprise); no other parameter goes with it. ``to``: ``system``
    (the context's), ``base``, another context key, or a system filter: ``chooser`` picks one meeting it (other than
    the source). The player picks the units one at a time (the ``move-unit`` decision), unless ``every``: all the
    side's movable units of the source go, nobody picking (Independent Operation). A combat follows the card where
    the units meet the other side's (RS-MIS-05)."""

    model_config = uses(reads=("faction", "player", "<from>", "<to>", "actor (from: neighbours)"),
                        writes=("combat", "origins"), group="units")

    from_: str | SystemFilter = Field(
        alias="from", description="Where from: base, a context key, a system filter, or neighbours (as an activation).")
    sources: Literal["one", "many"] = Field(
        default="one", description="from a filter: one system, or system after system (the player stops).")
    to: str | SystemFilter = Field(default="system", description="Where to: system, base, a key, or a system filter.")
    side: Side = Field(default="self", description=f"Whose units ({SIDE}); the card's player picks them.")
    chooser: Literal["self", "opponent"] = Field(
        default="self", description="to a filter: who picks the destination (opponent: the other side's General).")
    every: bool = Field(default=False, description="Every movable unit of the source goes, nobody picking.")
    max: int | None = Field(default=None, ge=1, description="At most this many units in all.")
    limits: dict[UnitRef, int] | None = Field(default=None, description="Only these unit types, at most so many each.")
    ignore_transport: bool = Field(default=False, description="Units needing transport move without it (RB-MOV-15).")
    theater: Theater | None = Field(default=None, description="Only ships, or only ground units.")
    leaders_pin: bool = Field(default=True, description="false: the side's leaders in the source hold nothing back.")
    health: int | None = Field(default=None, ge=1, description="Printed health of the units moved, at most in all.")

    @model_validator(mode="after")
    def _shape(self):
        if self.every and not isinstance(self.from_, str):
            raise ValueError("'every' moves the units of one place: give 'from' as base or a context key")
        if self.from_ == NEIGHBOURS and self.model_fields_set - {"from_"}:
            raise ValueError(f"from: neighbours moves as an activation does, into the card's system: no "
                             f"{', '.join(sorted(self.model_fields_set - {'from_'}))}")
        return self


def _movable(game, where: str, faction: str, params: MoveUnits, barring: bool = True) -> dict[str, int]:
    """The side's units a card may move out of ``where``: none out of a system a restriction bars (``restrict``),
    unless ``barring`` is false (to offer it withheld, saying why)."""
    if barring and restricted(game, faction, where, "move_out"):
        return {}
    t = tables(game)
    movable = {u: n for u, n in board.faction_units(game, where, faction, params.theater).items()
               if not t.units[u].immobile and (params.limits is None or params.limits.get(u, 0) > 0)}
    if movable and params.leaders_pin and board.pins(game, where, faction):  # most places hold none: no pins asked
        return {}
    return movable


def _unit_options(game, left: dict[str, int], picked: dict[str, int], room: float,
                  limits: dict[str, int] | None = None) -> list[dict]:
    t = tables(game)
    options = []
    for unit, n in sorted(left.items()):
        if limits is not None and picked.get(unit, 0) >= limits.get(unit, 0):
            continue
        if n > picked.get(unit, 0) and (room > 0 or not t.units[unit].needs_transport):
            options.append({"id": unit, "label": text(game, N_("{unit} ({n} left)"), unit=unit, n=n - picked.get(unit, 0))})
    return options


@op(OPS, "move_units", MoveUnits)
def move_units(game, frame, params: MoveUnits, ctx) -> None:
    """Move units the player picks between places, ignoring adjacency, under the other movement rules (RB-MOV-14):
    Start the Evacuation, Rapid Mobilization, Planetary Conquest, Scouting Mission, Independent Operation; or move
    them in from the neighbours as an activation does (Catch Them by Surprise)."""
    if params.from_ == NEIGHBOURS:  # the activation's own movement step, by the card's leader, in its place
        game.replace(moves.ACTIVATE, faction=ctx["faction"], system=ctx["system"], leader=ctx["actor"], used=[],
                     origins=[], group=None)
        return
    faction = side_of(ctx, params.side)
    source = _where(game, ctx, params.from_) if isinstance(params.from_, str) else None
    if "to" not in frame:
        if isinstance(params.to, str):
            frame["to"] = _where(game, ctx, params.to)
        else:
            chosen = answer(frame)  # the answer: the systems offered are not searched again
            if chosen is None:
                if params.every and not _movable(game, source, faction, params):
                    return
                options = [{"id": s, "label": label(game, s)} for s in systems_where(game, params.to, ctx)
                           if s != source]
                options = shown([barred_option(o, faction, "move_in", o["id"])
                                 if restricted(game, faction, o["id"], "move_in") else o for o in options])
                if not options:
                    game.log("no-target", card=ctx.get("card"), wanted="system")
                    return
                deciding = side_of(ctx, params.chooser)
                chosen = pick(game, frame,
                              ctx["player"] if params.chooser == "self" else board.decider(game, deciding, "general"),
                              "choose-system", options,
                              text(game, N_("{card}: move your units from {source} to which system?"),
                                   card=ctx.get("card", ""), source=source) if source
                              else card_prompt(game, ctx, N_("{card}: move units to which system?"),
                                               N_("Move units to which system?")))
                if chosen is None:
                    return
            frame["to"] = chosen["id"]
    to = frame["to"]
    if restricted(game, faction, to, "move_in"):
        game.log("effect-failed", card=ctx.get("card"), reason=INTO_RESTRICTED)
        return
    if params.every:
        units = _movable(game, source, faction, params)
        if units:
            moves.move_units(game, faction, source, to, units, [], card=ctx.get("card"), player=ctx.get("player"))
            _after_move(game, ctx, faction, source, to)
        board.check_base_reveal(game)
        return
    _pick_units(game, frame, params, ctx, faction, source, to)


#: Why a card moves no units into a system a restriction bars to them (``effect-failed``).
INTO_RESTRICTED = N_("units may not move there")


def _after_move(game, ctx, faction: str, source: str, to: str) -> None:
    """A combat once the card is over where the units met the other side's (RS-MIS-05)."""
    if board.units_at(game, to) != board.faction_units(game, to, faction):
        ctx.update(combat=to, origins=sorted({*ctx.get("origins", ()), source}))


def _pick_units(game, frame, params: MoveUnits, ctx, faction: str, fixed: str | None, to: str) -> None:
    """The player picks a source (unless it is fixed), then the units, one at a time; with ``sources: many`` again
    from another system until he stops or ``max`` have moved."""
    chosen = answer(frame)
    if "from" not in frame:
        if fixed is not None:
            frame["from"] = fixed
        else:
            if chosen is None:  # else the answer: the sources offered are not searched again
                found = [s for s in systems_where(game, params.from_, ctx) if s != to
                         and s not in frame.get("used", ()) and _movable(game, s, faction, params, barring=False)]
                options = [{"id": s, "label": label(game, s)} for s in found]
                options = [barred_option(o, faction, "move_out", o["id"])
                           if restricted(game, faction, o["id"], "move_out") else o for o in options]
                stop = [{"id": "done", "label": N_("Move no more units")}] if params.sources == "many" else []
                options = shown(options + stop)
                if len(options) == len(stop) or (params.max is not None and frame.get("moved", 0) >= params.max):
                    board.check_base_reveal(game)  # after all movement (RB-BAS-11)
                    return
                chosen = pick(game, frame, ctx["player"], "choose-system", options,
                              N_("Move units out of which system?"))
                if chosen is None:
                    return
            if chosen["id"] == "done":
                board.check_base_reveal(game)
                return
            frame["from"] = chosen["id"]
            chosen = None  # the source, not a unit
        frame["picked"] = {}
    picked = frame["picked"]
    if chosen is not None and chosen["id"] != "done":
        picked[chosen["id"]] = picked.get(chosen["id"], 0) + 1
    if chosen is None or chosen["id"] != "done":  # another unit may be picked: the units left are listed
        t = tables(game)
        room = float("inf") if params.ignore_transport else sum(
            t.units[u].transport_capacity * n for u, n in picked.items()) - sum(
            n for u, n in picked.items() if t.units[u].needs_transport)
        left = _movable(game, frame["from"], faction, params) if frame["from"] != to else {}
        options = _unit_options(game, left, picked, room, params.limits)
        if params.health is not None:
            spare = params.health - sum(t.units[u].health * n for u, n in picked.items())
            options = [o for o in options if t.units[o["id"]].health <= spare]
        if options and (params.max is None or sum(picked.values()) < params.max - frame.get("moved", 0)):
            game.ask(ctx["player"], "move-unit", options + [{"id": "done", "label": N_("Move the units chosen")}],
                     text(game, N_("Move a unit from {source} to {system}"), source=frame["from"], system=to))
            return
    if picked:
        moves.move_units(game, faction, frame["from"], to, picked, [], card=ctx.get("card"),
                         player=ctx.get("player"))
        _after_move(game, ctx, faction, frame["from"], to)
    if fixed is None and params.sources == "many":  # another system, or stop
        frame["moved"] = frame.get("moved", 0) + sum(picked.values())
        frame.setdefault("used", []).append(frame.pop("from"))
        _pick_units(game, frame, params, ctx, faction, fixed, to)
        return
    board.check_base_reveal(game)  # the card's movement is over: the base reveal comes after it (RB-BAS-11)


# -- destroying units ---------------------------------------------------------------------------------------------


class DestroyUnits(Strict):
    """Destroy ``side``'s units, on the board in the context's system (``at: board``) or on ``side``'s build queue
    (``at: queue``).

    On the board the card's player picks units one at a time (the ``destroy-unit`` decision, until he is done or
    nothing more fits) whose printed health adds up to ``health`` at most (RS-UNT-06), at most ``count`` of them,
    only such as ``theater`` / ``kind`` / ``units`` allow; units without health (the Death Star, RB-DS-02) never. With
    ``every`` nobody picks: as many as the limits allow go, in the order of ``units`` (else by id). In a combat in
    that system they are destroyed as in combat (Ambush, Fully Operational, Target the Generator).

    On a build queue (the ``destroy-queued`` decision): units whose printed health adds up to ``health`` at most,
    the player picking until he is done (Rogue Squadron Raid); or one unit per entry of ``icons`` (a build icon or a
    bare shape) or, with ``resources``, per resource icon of the context's system (Demolition), the player picking
    when several fit. Units without health or build icon (the Death Star) never. ``required``: the card is offered
    only when every icon can be paid (a cost: A Time for Peace).

    ``margin``: the budget is the mission's success margin (its side's successes minus the opponent's, 0 without
    dice; RULINGS D-02): at most that many units (``count``), or that much printed health (``health``); ``count``
    then caps the number of units (Assault, Plant Explosives)."""

    model_config = uses(reads=("faction", "player", "card", "<system>"), group="units")

    side: Side = Field(description=f"Whose units ({SIDE}).")
    at: Literal["board", "queue"] = Field(default="board", description="In the system, or on the build queue.")
    health: int | None = Field(default=None, ge=1, description="Printed health in all, at most (unset: no limit).")
    count: int | None = Field(default=None, ge=1, description="At most this many units.")
    theater: Theater | None = Field(default=None, description="Only ships, or only ground units.")
    kind: str | None = Field(default=None, description="Only units of this kind (structure, fighter ...).")
    units: list[UnitRef] | None = Field(default=None, description="Only these unit types (any of them).")
    every: bool = Field(default=False, description="Nobody picks: as many as the limits allow are destroyed.")
    icons: list[IconRef] | None = Field(default=None, description="at: queue: one unit per build icon or bare shape.")
    resources: bool = Field(default=False, description="at: queue: one unit per resource icon of the system.")
    required: bool = Field(default=False, description="at: queue with icons: offered only if all can be paid.")
    margin: Literal["count", "health"] | None = Field(
        default=None, description="The mission's success margin is the budget: in units, or in printed health.")
    system: ContextKey = Field(default="system", description="Context key of the system.")

    @model_validator(mode="after")
    def _shape(self):
        per_icon = bool(self.icons) or self.resources
        if self.at == "queue" and per_icon == (self.health is not None):
            raise ValueError("on the queue, give either 'health' or one of 'icons' and 'resources: true'")
        if self.at == "board" and (per_icon or self.required):
            raise ValueError("'icons', 'resources' and 'required' are for 'at: queue'")
        return self


def _destroyable(game, params: DestroyUnits, faction: str, where: str, picked: list[str],
                 health: int | None, count: int | None) -> dict[str, int]:
    """Units that may still be picked: type -> how many are left there."""
    t = tables(game)
    if count is not None and len(picked) >= count:
        return {}
    left = None if health is None else health - sum(t.units[u].health for u in picked)
    here = board.faction_units(game, where, faction, params.theater)
    return {u: n - picked.count(u) for u, n in sorted(here.items())
            if t.units[u].health and (left is None or t.units[u].health <= left) and n > picked.count(u)
            and (params.kind is None or t.units[u].kind == params.kind)
            and (params.units is None or u in params.units)}


def _can_destroy(game, params: DestroyUnits, ctx) -> bool:
    faction = side_of(ctx, params.side)
    if params.at == "queue":
        return not params.required or _can_pay(game, params, faction)
    where = ctx.get(params.system)
    return where in game.state["data"]["systems"] and bool(
        _destroyable(game, params, faction, where, [], params.health, params.count))


def margin(game) -> int:
    """The mission's margin: successes of the side carrying it out minus the opponent's (0 with no dice rolled)."""
    frame = mission_frame(game)
    if frame is None or "rolls" not in frame:
        return 0
    faction = frame["faction"]
    return successes(game, frame, faction) - successes(game, frame, OPPONENT[faction])


@op(OPS, "destroy_units", DestroyUnits, _can_destroy)
def destroy_units(game, frame, params: DestroyUnits, ctx) -> None:
    """Destroy units in the system or on a build queue (Hit and Run, Ambush, Demolition, Rogue Squadron Raid,
    Assault, A Time for Peace)."""
    faction = side_of(ctx, params.side)
    health, count = params.health, params.count
    if params.margin is not None:
        if "margin" not in frame:
            frame["margin"] = margin(game)
            game.log("mission-margin", card=ctx.get("card"), margin=frame["margin"])
        room = frame["margin"]
        if room <= 0:
            return
        if params.margin == "health":
            health = room
        else:
            count = min(room, count or room)
    if params.at == "queue":
        _destroy_queued(game, frame, params, ctx, faction, health)
        return
    where = ctx[params.system]
    if params.every:
        _destroy(game, ctx, where, _every(game, params, faction, where, health, count), at_once=True)
        return
    t = tables(game)
    chosen = answer(frame)
    picked = frame.setdefault("picked", [])
    if chosen is not None and chosen["id"] != "done":
        picked.append(chosen["id"])
    if chosen is None or chosen["id"] != "done":
        options = [{"id": u, "label": text(game, N_("{unit} (health {health})"), unit=u, health=t.units[u].health)}
                   for u in _destroyable(game, params, faction, where, picked, health, count)]
        if options:
            options.append({"id": "done", "label": N_("Destroy the units chosen")})
            spent = sum(t.units[u].health for u in picked)
            prompt = N_("Destroy units") if health is None else \
                text(game, N_("Destroy units worth up to {n} health"), n=health - spent)
            game.ask(ctx["player"], "destroy-unit", options, prompt)
            return
    _destroy(game, ctx, where, picked)


def _every(game, params: DestroyUnits, faction: str, where: str, health: int | None, count: int | None) -> list[str]:
    """Nobody picks: units in the order of ``units`` (else by id), as many as the limits allow."""
    picked: list[str] = []
    order = params.units or sorted(board.faction_units(game, where, faction, params.theater))
    for unit in order:
        while unit in _destroyable(game, params, faction, where, picked, health, count):
            picked.append(unit)
    return picked


def _destroy(game, ctx, where: str, picked: list[str], at_once: bool = False) -> None:
    """Destroy the units picked, one at a time in the order picked (``at_once``: all of a type together, nobody
    having picked them); in a combat in that system as in combat."""
    fighting = game.state["data"].get("combat")
    groups = list(Counter(picked).items()) if at_once else [(unit, 1) for unit in picked]
    for unit, n in groups:
        if fighting and fighting["system"] == where:
            for _ in range(n):
                destroy_in_combat(game, unit, 1)
        else:
            board.destroy_units(game, where, unit, n, cause=ctx.get("card", ""))


def _shape(game, unit: str) -> str | None:
    icon = tables(game).units[unit].build_icon
    return icon.rpartition("-")[2] if icon else None


def _can_pay(game, params: DestroyUnits, faction: str) -> bool:
    """Whether the queue holds a unit for every icon, each unit used once."""
    have = Counter()
    for units in game.state["data"]["queue"][faction].values():
        for unit, n in units.items():
            if n and tables(game).units[unit].build_icon:
                have[unit] += n
    for icon in params.icons or ():
        fits = next((u for u in sorted(have) if have[u] and icon_matches(game, u, icon)), None)
        if fits is None:
            return False
        have[fits] -= 1
    return True


def _destroy_queued(game, frame, params: DestroyUnits, ctx, faction: str, health: int | None) -> None:
    t = tables(game)
    chosen = answer(frame)
    if chosen is not None and chosen["id"] != "done":
        space, _, unit = chosen["id"].partition(":")
        board.unqueue_unit(game, faction, space, unit, ctx.get("card", ""))
        frame["spent"] = frame.get("spent", 0) + (t.units[unit].health or 0)
        if health is None:
            frame["icons"].pop(0)
    if health is None:  # one unit per icon
        if "icons" not in frame:
            if params.icons:
                frame["icons"] = list(params.icons)
            else:
                where = ctx[params.system]
                frame["icons"] = [] if board.system(game, where)["destroyed"] else list(t.systems[where].resources)
        while frame["icons"]:
            icon = frame["icons"][0]
            options = [f"{s}:{u}" for s, u in board.queued(game, faction) if icon_matches(game, u, icon)]
            if len(options) > 1:
                _ask_queued(game, ctx, options,
                            text(game, N_("Destroy which unit on the build queue for the {icon} icon?"), icon=icon))
                return
            frame["icons"].pop(0)
            for key in options:
                space, _, unit = key.partition(":")
                board.unqueue_unit(game, faction, space, unit, ctx.get("card", ""))
        return
    left = health - frame.get("spent", 0)
    options = [f"{s}:{u}" for s, u in board.queued(game, faction)
               if t.units[u].health is not None and t.units[u].health <= left]
    if options and (chosen is None or chosen["id"] != "done"):
        _ask_queued(game, ctx, options + ["done"],
                    text(game, N_("Destroy units on the build queue worth up to {n} health"), n=left))


def _ask_queued(game, ctx, options: list[str], prompt: str) -> None:
    def show(key: str) -> str:
        space, _, unit = key.partition(":")
        return N_("Destroy nothing more") if key == "done" else \
            text(game, N_("{unit} on build-queue space {space}"), unit=unit, space=int(space))

    game.ask(_player(game, ctx), "destroy-queued", [{"id": o, "label": show(o)} for o in options], prompt)


# -- build queues -------------------------------------------------------------------------------------------------


class Queue(Strict):
    """The side's build queue. ``advance``: the player picks ``count`` different units on the queue's ``spaces``
    (2 and 3 by default) and moves each one space closer to deployment, one at a time (the ``advance-unit``
    decision: Double Our Efforts). ``deploy``: the player picks up to ``count`` units on the queue's ``spaces`` (1
    and 2 by default) and deploys each straight into the context's system (the ``deploy-unit`` decision; after
    the first he may stop: Oversee Project); a Death Star only into the system of the Death Star Under
    Construction, which it replaces (RS-DSU-02, RS-DSU-07); other deployment limits are the target's business
    (RS-DEP-09)."""

    model_config = uses(reads=("faction", "player", "card", "<system>"), group="units")

    action: Literal["advance", "deploy"] = Field(description="advance units on the queue, or deploy from it.")
    count: int = Field(default=1, ge=1, description="How many units.")
    spaces: list[Literal[1, 2, 3]] | None = Field(
        default=None, min_length=1, description="Build-queue spaces (advance: 2 and 3; deploy: 1 and 2).")
    system: ContextKey = Field(default="system", description="deploy: context key of the system.")

    @model_validator(mode="after")
    def _spaces(self):
        if self.action == "advance" and self.spaces and 1 in self.spaces:
            raise ValueError("a unit on space 1 cannot advance: it deploys next")
        return self


@op(OPS, "queue", Queue)
def queue(game, frame, params: Queue, ctx) -> None:
    """Advance units on the build queue, or deploy from it straight into a system (Double Our Efforts, Oversee
    Project, Imperial Might, Safe Haven)."""
    if params.action == "advance":
        _advance(game, frame, params, ctx)
    else:
        _deploy(game, frame, params, ctx)


def _advance(game, frame, params: Queue, ctx) -> None:
    faction = ctx["faction"]
    spaces = params.spaces or [2, 3]
    units = game.state["data"]["queue"][faction]
    moved = frame.setdefault("moved", {})  # "space:unit" -> units moved onto that space by this op
    while frame.setdefault("done", 0) < params.count:
        chosen = answer(frame)  # the answer: the units offered are not listed again
        if chosen is None:
            options = []
            for space in sorted(spaces, reverse=True):
                for unit, n in sorted(units.get(str(space), {}).items()):
                    if n > moved.get(f"{space}:{unit}", 0):
                        options.append({"id": f"{space}:{unit}",
                                        "label": text(game, N_("{unit} from space {space} to {to}"), unit=unit,
                                                      space=space, to=space - 1)})
            if not options:
                break
            chosen = pick(game, frame, ctx["player"], "advance-unit", options, N_("Move which unit one space closer?"))
            if chosen is None:
                return
        space, unit = _take_from_queue(game, faction, chosen["id"])
        board.queue_unit(game, faction, unit, space - 1)
        key = f"{space - 1}:{unit}"
        moved[key] = moved.get(key, 0) + 1
        frame["done"] += 1
        game.log("queue-moved", faction=faction, unit=unit, source=space, to=space - 1, card=ctx.get("card"))


def _take_from_queue(game, faction: str, option_id: str) -> tuple[int, str]:
    """Take one unit off the build queue, by an option id ``"space:unit"``; returns its space and type."""
    space, _, unit = option_id.partition(":")
    here = game.state["data"]["queue"][faction][space]
    here[unit] -= 1
    if not here[unit]:
        del here[unit]
    return int(space), unit


def _deploy(game, frame, params: Queue, ctx) -> None:
    faction, where = ctx["faction"], ctx[params.system]
    done = frame.get("deployed", 0)
    chosen = answer(frame)  # the answer: the units offered are not listed again
    if chosen is None:
        units = game.state["data"]["queue"][faction]
        options = []
        for space in sorted(params.spaces or [1, 2]):
            for unit in sorted(units.get(str(space), {})):
                if unit != DEATH_STAR or board.units_at(game, where).get(DSUC):
                    options.append({"id": f"{space}:{unit}",
                                    "label": text(game, N_("{unit} from build-queue space {space}"), unit=unit,
                                                  space=space)})
        if not options:
            if not done:
                game.log("effect-failed", card=ctx.get("card"), reason="no unit on the build queue can be deployed here")
            return
        if done:
            options.append({"id": "stop", "label": N_("Deploy no more")})
        # the Admiral deploys (RB-TEAM-06), whoever played the card (Oversee Project is the General's mission)
        chosen = pick(game, frame, board.decider(game, faction, "admiral"), "deploy-unit", options,
                      text(game, N_("Deploy which unit to {system}?"), system=where))
        if chosen is None:
            return
    if chosen["id"] == "stop":
        return
    _, unit = _take_from_queue(game, faction, chosen["id"])
    if unit == DEATH_STAR:
        board.remove_units(game, where, DSUC)
    board.add_units(game, where, unit, check=False)
    game.log("deployed", faction=faction, unit=unit, to=where, card=ctx.get("card"))
    board.after_units_change(game, where)
    board.check_base_reveal(game)
    frame["deployed"] = done + 1
    if frame["deployed"] < params.count:
        _deploy(game, frame, params, ctx)  # the next unit, or stop
