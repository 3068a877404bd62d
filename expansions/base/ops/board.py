"""Effect ops that change the board: loyalty, sabotage, units gained, queued, moved; leaders placed, captured and
rescued; a system destroyed; the Rebel base relocated. Each acts on the context's "system" (or the key it names)
and uses the ``board`` helpers, which keep subjugation, base reveals and victory checks in step.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from swrebellion.engine import peek
from swrebellion.i18n import N_

from .. import board
from ..cards import deck, draw, hand
from ..names import label, text
from ..rules.actions import offer_destiny, play_destiny, special_window
from ..rules.combat import destroy
from ..rules.leaders import capture_leader
from ..tables import BASE_SPACE, OPPONENT, tables
from .conditions import Faction, OpTable, Strict, answer, op, pick

OPS: OpTable = {}


# -- loyalty and sabotage ------------------------------------------------------------------------------------------


class GainLoyalty(Strict):
    """The card's side gains ``amount`` loyalty in the system (RB-LOY-02..05: 1 neutralises the opponent's marker,
    2 flips it)."""

    amount: int = Field(default=1, ge=1, le=2)
    system: str = Field(default="system", description="Context key of the system.")


@op(OPS, "gain_loyalty", GainLoyalty)
def gain_loyalty(game, frame, params: GainLoyalty, ctx) -> None:
    """Gain loyalty (Rule by Fear, Build Alliance, Superlaser Online's second part)."""
    board.gain_loyalty(game, ctx["faction"], ctx[params.system], params.amount)
    game.pop()


class PlaceSabotage(Strict):
    """Put a sabotage marker in the system; at most one per system (RB-SAB-01, RB-SAB-03)."""


@op(OPS, "place_sabotage", PlaceSabotage)
def place_sabotage(game, frame, params: PlaceSabotage, ctx) -> None:
    """RB-SAB-01..03: the marker blocks building from and deploying into the system (refresh reads it)."""
    s = board.system(game, ctx["system"])
    if not s["sabotage"] and board.is_populous(game, ctx["system"]):
        s["sabotage"] = True
        game.log("sabotage", system=ctx["system"], placed=True)
    game.pop()


class RemoveSabotage(Strict):
    """Take the system's sabotage marker away (RB-SAB-05: only Imperial missions do); with ``everywhere``, every
    sabotage marker on the board."""

    everywhere: bool = False


@op(OPS, "remove_sabotage", RemoveSabotage)
def remove_sabotage(game, frame, params: RemoveSabotage, ctx) -> None:
    """Remove the sabotage marker from the system, or every one on the board (RB-SAB-05).
    RB-SAB-05 (Research and Development's second option)."""
    where = sorted(game.state["data"]["systems"]) if params.everywhere else [ctx["system"]]
    for system in where:
        s = board.system(game, system)
        if s["sabotage"]:
            s["sabotage"] = False
            game.log("sabotage", system=system, placed=False)
    game.pop()


# -- units -----------------------------------------------------------------------------------------------------------


class GainUnits(Strict):
    """Take units from the supply straight into the system (``to: base``: the Rebel Base space, or the base's system
    once revealed, RB-BAS-15), as many as the supply holds (RB-SUP-01): either ``units``, or one unit per entry of
    ``icons``, of the player's choice among the side's units showing that build icon (``space-triangle``) or, for a
    bare shape (``circle``), that shape in either theater (Public Uprising)."""

    units: dict[str, int] = Field(default_factory=dict)
    icons: list[str] = Field(default_factory=list)
    to: Literal["system", "base"] = "system"
    free_from_board: bool = Field(default=False, description=(
        "When the supply holds fewer of a unit than ``units`` gives, the side may first destroy its own units of "
        "that type elsewhere on the board, one at a time, to free them (Incite Rebellion, FAQ-ES)."))

    @model_validator(mode="after")
    def _one_way(self):
        if bool(self.units) == bool(self.icons):
            raise ValueError("give either 'units' or 'icons'")
        return self


@op(OPS, "gain_units", GainUnits)
def gain_units(game, frame, params: GainUnits, ctx) -> None:
    """Gain units from the supply (Construct Death Star, Base Defenses, Incite Rebellion, Public Uprising)."""
    where = ctx["system"] if params.to == "system" else board.rebel_base_location(game)

    def gain(unit: str, count: int = 1) -> None:
        n = min(count, board.supply_left(game, unit))
        if n:
            board.add_units(game, where, unit, n, check=False)
            game.log("gained-units", faction=ctx["faction"], unit=unit, count=n, at=where)
            board.after_units_change(game, where)

    if params.units:
        if params.free_from_board and not _free_from_board(game, frame, params.units, where, ctx):
            return
        for unit, count in sorted(params.units.items()):
            gain(unit, count)
    else:
        frame.setdefault("icons", list(params.icons))
        if not one_per_icon(game, frame, ctx, gain, N_("Which unit for the {icon} icon gained in {system}?"), where):
            return
    board.check_base_reveal(game)
    game.pop()


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


def icon_units(game, faction: str, icon: str) -> list[str]:
    """The side's units still in the supply (RB-SUP-01) that show a build icon: ``space-triangle``, or a bare shape
    (``triangle``) in either theater."""
    t = tables(game)
    icons = [icon] if "-" in icon else [f"space-{icon}", f"ground-{icon}"]
    return [u for i in icons for u in t.builds[faction].get(i, []) if board.supply_left(game, u) > 0]


def one_per_icon(game, frame, ctx, place, prompt: str, where: str) -> bool:
    """One unit for each icon left in ``frame["icons"]``, taken in order: the player picks when several units fit
    (asked for the first icon only, the op runs again with the answer), an icon nothing fits is skipped. ``place``
    gets each unit; ``prompt`` (a template with ``{icon}`` and ``{system}``) asks about the icon of ``where``. False
    while a question is open."""
    chosen = answer(frame)
    if chosen is not None:
        frame["icons"].pop(0)
        place(chosen["id"])
    while frame["icons"]:
        choices = icon_units(game, ctx["faction"], frame["icons"][0])
        if len(choices) > 1:
            game.ask(ctx["player"], "choose-unit", [{"id": u, "label": label(game, u)} for u in choices],
                     text(game, prompt, icon=frame["icons"][0], system=where))
            return False
        frame["icons"].pop(0)
        if choices:
            place(choices[0])
    return True


class QueueUnits(Strict):
    """Put units on the side's build queue: either ``units`` on queue space ``space``, or (``resources``) one unit
    per resource icon of the system on the space of its build number, as if building there. Neither needs loyalty
    nor is stopped by sabotage (RB-SAB-04, RB-SYS-10); both need the units in the supply (RB-SUP-01)."""

    units: dict[str, int] = Field(default_factory=dict)
    space: int | None = Field(default=None, ge=1, le=3)
    resources: bool = False

    @model_validator(mode="after")
    def _one_way(self):
        if self.resources == bool(self.units) or (self.units and self.space is None):
            raise ValueError("give either 'resources: true', or 'units' with their queue 'space'")
        return self


@op(OPS, "queue_units", QueueUnits)
def queue_units(game, frame, params: QueueUnits, ctx) -> None:
    """Queue units (Construct Death Star's Death Star on space 3; Brilliant Administrator, Temporary Alliance)."""
    faction = ctx["faction"]
    if not params.resources:
        for unit, count in sorted(params.units.items()):
            n = min(count, board.supply_left(game, unit))
            if n:
                board.queue_unit(game, faction, unit, params.space, n)
                game.log("queued", faction=faction, unit=unit, count=n, space=params.space)
        game.pop()
        return
    t = tables(game)
    where = ctx["system"]
    if "icons" not in frame:
        destroyed = board.system(game, where)["destroyed"]
        frame["icons"] = [] if destroyed else list(t.systems[where].resources)  # RB-DST-05
    if one_per_icon(game, frame, ctx, lambda unit: _queue_one(game, faction, unit, t.systems[where].build_queue),
                    N_("Which unit for the {icon} icon of {system}?"), where):
        game.pop()


def _queue_one(game, faction: str, unit: str, space: int) -> None:
    board.queue_unit(game, faction, unit, space)
    game.log("queued", faction=faction, unit=unit, count=1, space=space)


class MoveUnits(Strict):
    """The side moves units of its choice, ignoring adjacency, from ``source`` to ``to``, following the other
    movement rules (RB-MOV-14): immobile units stay, units needing transport go only with room on the ships moving
    with them (RB-MOV-06..08), and a free leader of the side in the source holds its units there (RB-MOV-10..12).

    ``source``: ``base`` (the Rebel Base space, or the base's system once revealed, RB-BAS-15), ``one-system``
    (a system the player picks) or ``anywhere`` (system after system as the player picks, until he stops or ``max``
    units have moved in all: Scouting Mission). ``to``: the context's ``system`` or the ``base``. ``max``: at most that many.
    ``limits``: only these unit types, at most so many of each (Planetary Conquest); ``ignore_transport``: units
    needing transport move without it (the card says so, RB-MOV-15); ``theater``: only ships or only ground units
    (Plan the Assault, Lead the Strike Team); ``leaders_pin: false``: the side's leaders in the source do not hold
    its units there (the card says so: Hidden Fleet, Plan the Assault). ``side: opponent``: the card's player
    moves the opponent's units; ``health``: their printed health adds up to that at most."""

    source: str = Field(pattern="^(base|one-system|anywhere)$")
    to: str = Field(default="system", pattern="^(system|base)$")
    max: int | None = Field(default=None, ge=1)
    limits: dict[str, int] | None = Field(default=None, description="Only these unit types, at most so many each.")
    ignore_transport: bool = False
    theater: Literal["space", "ground"] | None = None
    leaders_pin: bool = True
    side: Literal["self", "opponent"] = Field(
        default="self", description="Whose units move: the card's side, or the opponent's (the card's player picks).")
    health: int | None = Field(default=None, ge=1, description="Printed health of the units moved, at most in all.")


def _movable(game, where: str, faction: str, limits: dict[str, int] | None = None,
             params: MoveUnits | None = None) -> dict[str, int]:
    t = tables(game)
    if (params is None or params.leaders_pin) and board.pins(game, where, faction):
        return {}
    theater = params.theater if params is not None else None
    return {u: n for u, n in board.faction_units(game, where, faction, theater).items()
            if not t.units[u].immobile and (limits is None or limits.get(u, 0) > 0)}


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
    """Move units the player picks between a system and the Rebel base, or from anywhere, under the movement rules 
    (RB-MOV-14).
    Move units to or from the Rebel base (Start the Evacuation; Rapid Mobilization's first option)."""
    faction = ctx["faction"] if params.side == "self" else OPPONENT[ctx["faction"]]
    to = ctx["system"] if params.to == "system" else board.rebel_base_location(game)
    chosen = None if "from" not in frame else answer(frame)
    if "from" not in frame:
        if params.source == "base":
            frame["from"] = board.rebel_base_location(game)
        else:
            sources = [s for s in sorted(game.state["data"]["units"]) if s != to and s not in frame.get("used", ())
                       and _movable(game, s, faction, params.limits, params)]
            if not sources or (params.max is not None and frame.get("moved", 0) >= params.max):
                _moved_all(game)
                return
            stop = [{"id": "done", "label": N_("Move no more units")}] if params.source == "anywhere" else []
            source = pick(game, frame, ctx["player"], "choose-system",
                          [{"id": s, "label": label(game, s)} for s in sources] + stop,
                          N_("Move units out of which system?"))
            if source is None:
                return
            if source["id"] == "done":
                _moved_all(game)
                return
            frame["from"] = source["id"]
        frame["picked"] = {}
    picked = frame["picked"]
    if chosen is not None and chosen["id"] != "done":
        picked[chosen["id"]] = picked.get(chosen["id"], 0) + 1
    t = tables(game)
    room = float("inf") if params.ignore_transport else sum(t.units[u].transport_capacity * n for u, n in picked.items()) - sum(
        n for u, n in picked.items() if t.units[u].needs_transport
    )
    left = _movable(game, frame["from"], faction, params.limits, params) if frame["from"] != to else {}
    options = _unit_options(game, left, picked, room, params.limits)
    if params.health is not None:
        spare = params.health - sum(t.units[u].health * n for u, n in picked.items())
        options = [o for o in options if t.units[o["id"]].health <= spare]
    if chosen is None or chosen["id"] != "done":
        if options and (params.max is None or sum(picked.values()) < params.max - frame.get("moved", 0)):
            game.ask(ctx["player"], "move-unit", options + [{"id": "done", "label": N_("Move the units chosen")}],
                     text(game, N_("Move a unit from {source} to {system}"), source=frame["from"], system=to))
            return
    for unit, n in sorted(picked.items()):
        board.remove_units(game, frame["from"], unit, n, check=False)
        board.add_units(game, to, unit, n, check=False)
    if picked:
        game.log("moved", faction=faction, units=picked, source=frame["from"], to=to, card=ctx.get("card"))
        for where in (frame["from"], to):
            board.after_units_change(game, where)
        if board.units_at(game, to) != board.faction_units(game, to, faction):  # a combat once the card is over
            ctx.update(combat=to, origins=sorted({*ctx.get("origins", ()), frame["from"]}))  # (RS-MIS-05)
    if params.source == "anywhere":  # runs again: another system, or stop
        frame["moved"] = frame.get("moved", 0) + sum(picked.values())
        frame.setdefault("used", []).append(frame.pop("from"))
        return
    _moved_all(game)


def _moved_all(game) -> None:
    """The card's movement is over: now the base reveal, after all movement (RB-BAS-11)."""
    game.pop()
    board.check_base_reveal(game)


class DestroyUnits(Strict):
    """The card's player picks units of ``faction`` in the system whose printed health adds up to ``health`` at
    most, one at a time, and they are destroyed at once (RS-UNT-06); units without health (the Death Star, RB-DS-02)
    can never be picked. ``count``: at most that many units; ``theater`` / ``kind`` (``structure``, ``fighter``,
    ...) / ``units``: only such units (Ambush, Fully Operational, Target the Generator). In a combat in that system
    they are destroyed as in combat (``combat.destroy``)."""

    faction: Faction
    health: int | None = Field(default=None, ge=1, description="Printed health in all, at most (unset: no limit).")
    count: int | None = Field(default=None, ge=1)
    theater: Literal["space", "ground"] | None = None
    kind: str | None = None
    units: list[str] | None = Field(default=None, description="Only these unit types (any of them).")
    every: bool = Field(default=False, description="Destroy every such unit there, nobody choosing.")


def _destroyable(game, params: DestroyUnits, where: str, picked: list[str]) -> dict[str, int]:
    """Units that may still be picked: type -> how many are left there."""
    t = tables(game)
    if params.count is not None and len(picked) >= params.count:
        return {}
    left = None if params.health is None else params.health - sum(t.units[u].health for u in picked)
    here = board.faction_units(game, where, params.faction, params.theater)
    return {u: n - picked.count(u) for u, n in sorted(here.items())
            if t.units[u].health and (left is None or t.units[u].health <= left) and n > picked.count(u)
            and (params.kind is None or t.units[u].kind == params.kind)
            and (params.units is None or u in params.units)}


@op(OPS, "destroy_units", DestroyUnits,
    lambda game, params, ctx: ctx.get("system") in game.state["data"]["systems"]
    and bool(_destroyable(game, params, ctx["system"], [])))
def destroy_units(game, frame, params: DestroyUnits, ctx) -> None:
    """Destroy units the player picks in the system (Hit and Run, Hunt Them Down, Ambush, Target the Generator)."""
    t = tables(game)
    where = ctx["system"]
    chosen = answer(frame)
    picked = frame.setdefault("picked", [])
    if params.every:
        picked.extend(u for u, n in _destroyable(game, params, where, []).items() for _ in range(n))
        chosen = {"id": "done"}
    if chosen is not None and chosen["id"] != "done":
        picked.append(chosen["id"])
    if chosen is None or chosen["id"] != "done":
        options = [{"id": u, "label": text(game, N_("{unit} (health {health})"), unit=u, health=t.units[u].health)}
                   for u in _destroyable(game, params, where, picked)]
        if options:
            options.append({"id": "done", "label": N_("Destroy the units chosen")})
            spent = sum(t.units[u].health for u in picked)
            prompt = N_("Destroy units") if params.health is None else \
                text(game, N_("Destroy units worth up to {n} health"), n=params.health - spent)
            game.ask(ctx["player"], "destroy-unit", options, prompt)
            return
    fighting = game.state["data"].get("combat")
    for unit in picked:
        if fighting and fighting["system"] == where:

            destroy(game, unit, 1)
        else:
            board.destroy_units(game, where, unit, 1, cause=ctx.get("card", ""))
    game.pop()


# -- a destroyed system ------------------------------------------------------------------------------------------------


class DestroySystem(Strict):
    """Destroy the system (RB-DST-01..05, RS-DS-07): Rebel ground units there are destroyed, leaders unharmed, and
    the Empire chooses which of its units beyond its ships' capacity are destroyed (RB-DST-02, RS-DST-02). An
    already destroyed system stays as it is (RS-DS-05)."""


@op(OPS, "destroy_system", DestroySystem)
def destroy_system(game, frame, params: DestroySystem, ctx) -> None:
    """Destroy the system: marker, Rebel ground units lost, Imperial cargo beyond capacity chosen and lost (RB-DST, RS-
    DS-06).
    Superlaser Online's first part; destroying the base's system wins for the Empire (RS-DS-06, C-05)."""
    where = ctx["system"]
    chosen = answer(frame)
    if chosen is not None:
        board.destroy_units(game, where, chosen["id"], 1, cause="no transport in a destroyed system")
    elif not board.system(game, where)["destroyed"]:
        board.destroy_system(game, where, cause=ctx.get("card", ""))
    if game.over:
        game.pop()
        return
    if board.cargo_surplus(game, where, "empire"):
        t = tables(game)
        cargo = sorted(u for u in board.faction_units(game, where, "empire") if t.units[u].needs_transport)
        game.ask(board.decider(game, "empire", "admiral"), "destroy-unit",
                 [{"id": u, "label": label(game, u)} for u in cargo],
                 text(game, N_("Too little transport in the destroyed {system}: destroy a unit"), system=where))
        return
    game.pop()


# -- leaders -------------------------------------------------------------------------------------------------------------


class PlaceLeader(Strict):
    """Put the card's leader (the pictured leader playing it, RS-ACT-08) in the system; he stays there until
    Refresh step 1 (RB-REF-03). ``pins: false``: this round he does not hold his side's units there (Public
    Support). ``until: end-of-combat``: he joins the combat being fought, cannot retreat, and goes back to the pool
    when it ends (Ready for Action). ``leader``: that named leader instead, if he is in play for the side, free
    (not captured); otherwise nothing happens."""

    pins: bool = True
    until: Literal["refresh", "end-of-combat"] = "refresh"
    leader: str | None = Field(default=None, description="A named leader instead of the card's.")


@op(OPS, "place_leader", PlaceLeader)
def place_leader(game, frame, params: PlaceLeader, ctx) -> None:
    """Place the card's leader in the system (Assignment cards, RS-ASG-08; Undercover, Ready for Action)."""
    data = game.state["data"]
    lid = params.leader or ctx["actor"]
    if params.leader is not None and (board.leader(game, lid)["at"] in ("supply", "gone")
                                      or board.is_captured(game, lid)
                                      or board.leader_faction(game, lid) != ctx["faction"]):
        game.pop()
        return
    board.leader(game, lid)["at"] = ctx["system"]
    if not params.pins:
        data.setdefault("unpinned", {})[lid] = data["round"]
    if params.until == "end-of-combat" and data.get("combat"):
        data["combat"].setdefault("lent", []).append(lid)
    game.log("leader-placed", leader=lid, at=ctx["system"], card=ctx.get("card"))
    game.pop()


class Capture(Strict):
    """Capture the leader in the context (``key``). The game has one captured ring: capturing a second leader
    frees the first, who is rescued (RS-CAP-01, RS-CAP-02). A new ring replaces any other ring (RS-CAP-03)."""

    key: str = "leader"


@op(OPS, "capture", Capture)
def capture(game, frame, params: Capture, ctx) -> None:
    """Capture a Rebel leader: he takes the captured ring and stays where he is (RS-CAP-01/02).
    Capture Rebel Operative; It Is Your Destiny. His side may first answer with a Special card (Noble
    Sacrifice: he is eliminated instead, ``actions.special_window``)."""

    lid = ctx[params.key]
    info = {"system": board.leader(game, lid)["at"], "leader": lid}
    if special_window(game, frame, "capture", board.leader_faction(game, lid), info):
        return
    if board.leader(game, lid)["at"] != "gone":
        capture_leader(game, lid, ctx.get("card", ""))
    game.pop()


class Rescue(Strict):
    """Rescue the captured leader in the context (``key``): he goes to the Rebel base (RB-LDR-04). With ``escort``
    the leaders of the mission may go with him (RB-LDR-06, RS-CAP-07); For the Greater Good says they stay. With
    ``to: base-region`` the Rebel instead puts him in a system of his choice in the Rebel base's region, which tells
    the Empire the region (Homing Beacon); nobody goes with him."""

    key: str = "leader"
    escort: bool = True
    to: Literal["base", "base-region"] = "base"


def _subsets(leaders: list[str]) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for lid in leaders:
        out += [s + [lid] for s in out]
    return out


@op(OPS, "rescue", Rescue)
def rescue(game, frame, params: Rescue, ctx) -> None:
    """Rescue a captured leader to the Rebel base; the mission's leaders may go with him (RB-LDR-04/06, RS-CAP-07).
    Rescue by mission; then the Rebel picks who goes with him, then the Empire may answer with It Is Your
    Destiny (Vader in the system: capture one of the mission's leaders, who then stays), then they move."""
    if params.to == "base-region":
        _rescue_in_base_region(game, frame, ctx[params.key], ctx)
        return
    stage = frame.setdefault("stage", "rescue")
    where = ctx["system"]
    mission = [l for l in ctx.get("leaders", []) if board.leader(game, l)["at"] == where and not board.is_captured(game, l)]
    if stage == "rescue":
        lid = ctx[params.key]
        if not board.is_captured(game, lid):
            game.pop()
            return
        board.rescue(game, lid, ctx.get("card", ""))
        frame["stage"] = "escort"
        frame["movers"] = []
        if params.escort and mission:
            subsets = _subsets(mission)
            game.ask(board.decider(game, "rebel", "general"), "escort",
                     [{"id": "+".join(s) or "none", "label": text(game, N_("{leaders}"), leaders=list(s)) if s else N_("Nobody"),
                       "data": s} for s in subsets], N_("Which leaders of the mission go with the rescued leader?"))
            return
    if frame["stage"] == "escort":
        chosen = answer(frame)
        if chosen is not None:
            frame["movers"] = chosen["data"]
        frame["stage"] = "destiny"

        if offer_destiny(game, where, mission):
            return
    if frame["stage"] == "destiny":

        frame["stage"] = "move"
        if play_destiny(game, answer(frame)):
            return
    for lid in frame["movers"]:
        if not board.is_captured(game, lid):
            board.leader(game, lid)["at"] = board.rebel_base_location(game)
            game.log("leader-moved", leader=lid, to=board.rebel_base_location(game), cause="escorted the rescued leader")
    game.pop()


def _rescue_in_base_region(game, frame, lid: str, ctx) -> None:
    """Homing Beacon: the Rebel (his General, who keeps the base's secret, RB-TEAM-06) picks the system."""
    if not board.is_captured(game, lid):
        game.pop()
        return
    region = tables(game).systems[board.base_system(game)].region
    options = [{"id": s, "label": label(game, s)} for s in tables(game).regions[region]]
    chosen = pick(game, frame, board.decider(game, "rebel", "general"), "place-rescued-leader", options,
                  text(game, N_("Put the rescued {leader} in a system of your base's region"), leader=lid))
    if chosen is None:
        return
    info = board.leader(game, lid)
    info["ring"] = None
    info["at"] = chosen["id"]
    game.log("rescued", leader=lid, to=chosen["id"], cause=ctx.get("card", ""), region=region)
    game.pop()


# -- the Rebel base ----------------------------------------------------------------------------------------------------------


class RelocateBase(Strict):
    """Set up a new Rebel base (RB-RLC-01..09): draw ``draw`` probe cards (``draw_two_leaders`` when two leaders
    are on the mission), pick one whose system has no Imperial loyalty, no Imperial unit and is not destroyed, or
    keep the old base; unchosen cards go to the bottom of the probe deck, shuffled."""

    draw: int = Field(default=4, ge=1)
    draw_two_leaders: int | None = Field(default=None, ge=1)


def _can_hold_base(game, system_id: str) -> bool:
    """RB-RLC-05, RB-DST-07."""
    s = board.system(game, system_id)
    return not s["destroyed"] and s["loyalty"] != "empire" and not board.has_units(game, system_id, "empire")


@op(OPS, "relocate_base", RelocateBase)
def relocate_base(game, frame, params: RelocateBase, ctx) -> None:
    """Move the hidden Rebel base to a probe card drawn now, revealing the old location (RB-RLC-01..09).
    Rapid Mobilization's second option."""
    t = tables(game)
    general = board.decider(game, "rebel", "general")  # the base location is the General's (RB-TEAM-06)
    if "drawn" not in frame:
        count = params.draw_two_leaders if params.draw_two_leaders and len(ctx.get("leaders", [])) == 2 else params.draw
        frame["drawn"] = draw(game, "probes", count)
        game.log("drew-probes", faction="rebel", count=len(frame["drawn"]),
                 cards=board.team_secret(game, list(frame["drawn"]), "rebel"))
        valid = [c for c in frame["drawn"] if _can_hold_base(game, t.probes[c])]
        if valid:
            options = [{"id": "stay", "label": N_("Keep the present base")}]
            options += [{"id": c, "label": text(game, N_("New base in {system}"), system=t.probes[c])} for c in valid]
            game.ask(general, "relocate-base", options,
                     text(game, N_("{card}: choose a new base, or keep it"), card=ctx["card"]) if ctx.get("card")
                     else N_("Choose a new base, or keep the present one"))
            return
        game.log("relocation-impossible", reason="no drawn system can hold the base")  # RB-RLC-06
    chosen = answer(frame)
    rest = list(frame["drawn"])
    if chosen is not None and chosen["id"] != "stay":
        rest.remove(chosen["id"])
        _move_base(game, chosen["id"])
    bottom = board.team_secret(game, rest, "rebel")
    game.shuffle(bottom, "relocation-cards")
    deck(game, "probes").extend(peek(bottom))
    game.pop()


def _move_base(game, card: str) -> None:
    """RB-RLC-02/03/09: the old base's location is made known (units and leaders on the Rebel Base space go into
    it), its probe card goes to the Empire, and the new card lies face down; the space is left empty."""
    data = game.state["data"]
    t = tables(game)
    old = board.base_system(game)
    units, leaders = {}, []
    if not board.base_revealed(game):
        game.log("base-revealed", system=old, how="relocation")  # made known, not taken: no victory check (C-05)
        units, leaders = dict(board.units_at(game, BASE_SPACE)), board.leaders_at(game, BASE_SPACE)
        for unit, n in sorted(units.items()):
            board.remove_units(game, BASE_SPACE, unit, n)
            board.add_units(game, old, unit, n)
        for lid in leaders:
            board.leader(game, lid)["at"] = old
    if old in t.probe_of:
        hand(game, "empire", "probes").append(t.probe_of[old])
    new = t.probes[card]
    data["base"] = board.team_secret(game, new, "rebel")
    data["base_card"] = board.team_secret(game, card, "rebel")
    data["base_revealed"] = None
    game.log("base-relocated", old=old, new=board.team_secret(game, new, "rebel"), units=units, leaders=leaders)
