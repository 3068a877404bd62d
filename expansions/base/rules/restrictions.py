"""Restrictions that last (issue 31): a card's ``restrict`` step bars a side from moving units into or out of a
system, from carrying out missions there or from playing action cards there, until the end of the phase, the end of
the round or the next Refresh Phase, or while a condition holds (or both: whichever ends it first).

The rules read them where those are offered: the sources and the system of an activation
(``phases.movement.source_systems``) and a card's moves (``move_units``), the systems a mission may take place in
(:func:`swrebellion.expansions.base.rules.actions.barred_systems`) and where action cards may be played
(:func:`~swrebellion.expansions.base.rules.actions.barred`). Retreats are no movement (RB-RET) and are never barred.
Each restriction is a record of ``data["restrictions"]`` (docs/state.md): one that has ended is never read, and is
dropped when the next is made. A restriction's condition is the ``require`` op's, read through the op registry
(the rules sit below the ops).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swrebellion.engine.ops import parsed
from swrebellion.i18n import N_

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

#: What a restriction may bar, and what it bars in words (docs/effects.md).
BARS: dict[str, str] = {
    "move_in": "units moving into the system, by an activation or a card",
    "move_out": "units moving out of the system, by an activation or a card (retreats are no movement, RB-RET)",
    "missions": "missions taking place in the system",
    "cards": "action cards played in the system",
}
#: How long a restriction lasts, in the words of the account and the status screen.
UNTIL: dict[str, str] = {
    "end-of-phase": N_("until the end of the phase"),
    "end-of-round": N_("until the end of the round"),
    "refresh": N_("until the next Refresh Phase"),
}
#: The phases of a round in order (RB-RND-01), for telling whether a restriction's end has come.
PHASES = ("setup", "assignment", "command", "refresh")


def ends(game: Game, until: str | None) -> list[int] | None:
    """The ``[round, phase]`` a restriction made now ends at (``None``: it ends only with its condition)."""
    data = game.state["data"]
    now, phase = data["round"], _phase(data)
    if until == "end-of-phase":
        return [now, phase + 1]
    if until == "end-of-round":
        return [now + 1, 0]
    if until == "refresh":  # the next Refresh Phase: this round's, or the next round's during one
        return [now, 3] if phase < 3 else [now + 1, 3]
    return None


def restrict(game: Game, record: dict[str, Any]) -> None:
    """Keep a new restriction (``{faction, system, bars, until, ends, card}``, and ``condition`` with its
    ``context``), dropping those that have ended."""
    data = game.state["data"]
    data["restrictions"] = [r for r in data.get("restrictions", ()) if not over(data, r)] + [record]


def over(data: dict[str, Any], record: dict[str, Any]) -> bool:
    """Whether the restriction's time has ended, in ``data`` (the state's, or a view's)."""
    end = record["ends"]
    return end is not None and [data["round"], _phase(data)] >= end


def _phase(data: dict[str, Any]) -> int:
    return PHASES.index(data["phase"]) if data["phase"] in PHASES else 0


def in_force(game: Game, record: dict[str, Any]) -> bool:
    """Whether the restriction bars now: its time has not ended and its condition (if any) holds, for the card that
    made it."""
    if over(game.state["data"], record):
        return False
    if record.get("condition") is None:
        return True
    spec = game.rules.ops["require"]
    return bool(spec.feasible(game, parsed(spec.params, {"condition": record["condition"]}), record["context"]))


def restricted(game: Game, faction: str, system: str | None, bar: str) -> bool:
    """Whether ``faction`` is barred from ``bar`` (:data:`BARS`) in ``system`` now."""
    found = game.state["data"].get("restrictions")  # none at all in most games: nothing to read
    return bool(found) and any(r["faction"] == faction and r["system"] == system and bar in r["bars"]
                               and in_force(game, r) for r in found)


def restricted_systems(game: Game, faction: str, bar: str) -> list[str]:
    """The systems where ``faction`` is barred from ``bar`` now, in id order."""
    found = game.state["data"].get("restrictions")
    return sorted({r["system"] for r in found if r["faction"] == faction and bar in r["bars"]
                   and in_force(game, r)}) if found else []
