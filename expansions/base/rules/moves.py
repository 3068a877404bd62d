"""Moving units (RB-MOV-06..16): what may move from a system as a group of ships and cargo, and carrying a group
over. Activation, the Command Phase action that moves units, is a step (``phases/movement.py``); retreats and
cards move units with these primitives too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from swrebellion.i18n import N_

from .. import board
from ..names import text
from ..tables import tables

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

ACTIVATE = "base.activate"  # the step of an activation (``phases/movement.py``)
CARGO_LOSS = "base.cargo-loss"  # the step losing cargo stranded in a destroyed system


def base_hidden(game) -> bool:
    data = game.state["data"]
    return data.get("base") is not None and board.base_system(game) is not None and not board.base_revealed(game)


def needs_transport(game, unit: str, faction: str, purpose: str) -> bool:
    """RB-MOV-06..08, RS-UNT-02; an effect may lift the restriction (RB-MOV-15, Escape Plan)."""
    return game.modify("needs-transport", tables(game).units[unit].needs_transport, unit=unit, faction=faction,
                       purpose=purpose)


class Group:
    """Units chosen to move from one source: ships with their cargo (RB-MOV-06..09, RB-MOV-16). Retreats use it
    too (RB-RET-07), with ``purpose="retreat"``."""

    def __init__(self, game, faction: str, source: str, chosen: dict, leaders: list, purpose: str = "move"):
        printed = tables(game).units
        self.game, self.faction, self.source, self.chosen, self.leaders = game, faction, source, chosen, leaders
        self.available = {u: n for u, n in board.faction_units(game, source, faction).items()
                          if not printed[u].immobile}
        # unless an effect adjusts transport (none in the base game and the expansion), the printed units say
        adjusted = game.answered("needs-transport")
        self.cargo = {u for u in self.available
                      if (needs_transport(game, u, faction, purpose) if adjusted else printed[u].needs_transport)}
        self.purpose = purpose

    def capacity(self, units: dict | None = None) -> int:
        printed = tables(self.game).units
        return sum([printed[u].transport_capacity * n for u, n in (self.chosen if units is None else units).items()
                    if u not in self.cargo])

    def room(self, unit: str, free: int | None = None) -> int:
        """How many more of ``unit`` may join the group. ``free``: the chosen ships' room left for cargo
        (:meth:`free_room`) when the caller has found it, once for every unit it asks about."""
        left = self.available.get(unit, 0) - self.chosen.get(unit, 0)
        if unit not in self.cargo:
            return left
        return min(left, self.free_room() if free is None else free)

    def free_room(self) -> int:
        """The room the chosen ships have left for cargo (RB-MOV-07)."""
        loaded = 0
        for u, n in self.chosen.items():
            if u in self.cargo:
                loaded += n
        return self.capacity() - loaded

    def captives(self, any_ship: bool = False) -> list[str]:
        """Captured Rebel leaders the Empire may carry: they need a ship able to carry units (among those chosen, or
        among all that could be), not its room (RS-CAP-05, FAQ-35); never in a retreat (RB-RET-08)."""
        if self.faction != "empire" or self.purpose == "retreat" or not self.capacity(self.available if any_ship else None):
            return []
        found = []
        for lid in board.leaders_at(self.game, self.source, "rebel", captured=True):  # a loop, not a comprehension
            if lid not in self.leaders:
                found.append(lid)
        return found

    def everything_fits(self) -> bool | None:
        """Whether every unit here can move in one group: ``None`` when none can move alone (ground units with no
        ship: "everything" means nothing), else whether the ships' room takes all the cargo."""
        cargo, movers = 0, False  # movers: units needing no transport (ships, or cargo freed by an effect)
        for u, n in self.available.items():
            if u in self.cargo:
                cargo += n
            else:
                movers = True
        return cargo <= self.capacity(self.available) if movers else None

    def options(self) -> list[dict]:
        out = []
        free = self.free_room() if self.cargo else 0  # the same for every unit needing transport
        for unit in sorted(self.available):
            room = self.room(unit, free)
            if room >= 1:
                out.append(_add_option(self.game, "unit", unit, 1))
            if room >= 2:
                out.append(_add_option(self.game, "all", unit, room))
        for lid in self.captives():
            out.append({"id": f"leader:{lid}", "label": text(self.game, N_("Carry the captured {leader}"), leader=lid)})
        left = 0  # what is not chosen yet: unit types, then captives
        for unit, n in self.available.items():
            if n > self.chosen.get(unit, 0):
                left += 1
        if left < 2:  # only then can the captives (who need a ship among all, not among the chosen) matter
            left += len(self.captives(any_ship=True))
        fits = self.everything_fits() if left > 1 and self.more_fits(free) else None
        if fits is not None:  # in every group that has ships and more than one thing left (issue 35 #11)
            out.append(_EVERYTHING if fits else _AS_MUCH_AS_FITS)
        return out

    def more_fits(self, free: int) -> bool:
        """Whether moving everything that can would add anything to the group (``free``: the room its ships have
        left): a ship not chosen yet, room for cargo not chosen yet, or a captive. Once the ships and as much cargo
        as they carry are chosen, offering them again would add nothing (a bot that liked the option took it again
        and again, and its game never ended)."""
        for unit, n in self.available.items():
            if n > self.chosen.get(unit, 0) and (unit not in self.cargo or free > 0):
                return True
        return bool(self.captives())

    def take(self, option: str) -> None:
        kind, _, arg = option.partition(":")
        if kind in ("everything", "ships-and-cargo"):  # the ships, then what cargo their room takes, by unit id
            self.chosen.update({u: n for u, n in self.available.items() if u not in self.cargo})
            free = self.free_room()
            for unit in sorted(self.cargo):
                joins = min(self.available[unit] - self.chosen.get(unit, 0), free)
                if joins > 0:
                    self.chosen[unit] = self.chosen.get(unit, 0) + joins
                    free -= joins
            self.leaders.extend(self.captives())
        elif kind == "leader":
            self.leaders.append(arg)
        else:
            self.chosen[arg] = self.chosen.get(arg, 0) + (1 if kind == "unit" else self.room(arg))


#: Moving every unit of the source at once: all of them, or, when the ships cannot carry all the cargo, the ships
#: and as much cargo as they can carry (one option dict each for every question, as :func:`_add_option` says).
_EVERYTHING = {"id": "everything", "label": N_("Everything that can move from here"), "data": None}
_AS_MUCH_AS_FITS = {"id": "ships-and-cargo", "label": N_("Every ship here, with as much cargo as they can carry"),
                    "data": None}


def _add_option(game, kind: str, unit: str, count: int) -> dict:
    """The option adding ``count`` of ``unit`` to a group (``unit:x-wing`` one more, ``all:x-wing`` as many as fit),
    made once per rules and handed out again, as every movement and retreat asks them. Never changed: the kernel
    stores an option dict having its three keys as it is, and nothing changes one after asking."""
    try:
        made = game.rules.cache[_ADD_OPTIONS]
    except KeyError:
        made = game.rules.cache[_ADD_OPTIONS] = {}
    option = made.get((kind, unit, count))
    if option is None:
        option = made[(kind, unit, count)] = {
            "id": f"{kind}:{unit}", "label": text(game, N_("Add {units}"), units={unit: count}), "data": None}
    return option


_ADD_OPTIONS = "base.add-unit-options"


def can_leave(game, faction: str, source: str) -> bool:
    """A source is usable when something of the side there can move on its own (a ship, or cargo freed from
    transport by an effect, RB-MOV-15; immobile units never move, RB-MOV-09) and its units are not pinned
    (RB-MOV-10..12). That is exactly when a group with nothing chosen yet offers something (:meth:`Group.options`):
    cargo only fills the room of ships already chosen, and captives ride only with them (RS-CAP-05). Asked of every
    system next to a target at each choice of source, so the units there are read directly (most systems hold none
    of the side's units), with no Group made, and pinning is asked only where something could move."""
    here = board.units_at(game, source)
    if not here:  # most sources hold no unit at all: no tables read
        return False
    units = tables(game).units
    adjusted = None  # whether an effect adjusts transport: asked once, and only where the side has a unit
    for unit in here:
        info = units[unit]
        if info.faction != faction or info.immobile:
            continue
        if adjusted is None:
            adjusted = game.answered("needs-transport")
        if not (needs_transport(game, unit, faction, "move") if adjusted else info.needs_transport):
            return not board.pins(game, source, faction)
    return False


def move_units(game: Game, faction: str, source: str, target: str, units: dict[str, int], leaders: list[str],
               event: str = "move", card: str | None = None, player: str | None = None) -> None:
    """Carry a group over: captured leaders first, so that their guards leaving never frees them on the way
    (RB-LDR-05), then the units. Its event: ``move`` whoever moves them, an activation or a card (``card``, and in
    team play the ``role`` of the seat ``player`` who played it, so the account names him: RB-TEAM-02), or
    ``retreat``."""
    for lid in leaders:
        board.leader(game, lid)["at"] = target
    for unit, n in sorted(units.items()):
        if n:
            board.remove_units(game, source, unit, n, check=False)
            board.add_units(game, target, unit, n, check=False)
    seat_side, _, role = (player or "").partition("-")  # a team seat is "rebel-admiral"; a side's one player "rebel"
    role = role if seat_side == faction else ""  # a card moving the other side's units: that side moved them
    game.log(event, faction=faction, **{"from": source}, to=target, units={u: n for u, n in units.items() if n},
             leaders=list(leaders), **({"card": card} if card else {}), **({"role": role} if card and role else {}))
    for where in (source, target):  # the move is whole before its consequences (subjugation, victory) follow
        board.after_units_change(game, where)
