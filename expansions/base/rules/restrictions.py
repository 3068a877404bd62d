"""Restrictions that last (issue 31): a card's ``restrict`` step bars a side from moving units into or out of a
system, from carrying out missions there or from playing action cards there, until the end of the phase, the end of
the round or the next Refresh Phase, or while a condition holds (or both: whichever ends it first).

The rules read them where those are offered: the sources and the system of an activation
(``phases.movement.source_systems``) and a card's moves (``move_units``), the systems a mission may take place in
(:func:`swrebellion.expansions.base.rules.actions.barred_systems`) and where action cards may be played
(:func:`~swrebellion.expansions.base.rules.actions.barred`). Retreats are no movement (RB-RET) and are never barred.
Where a question is asked anyway, a barred option is offered marked (:func:`barred_option`) and withheld with the
restriction's sentence as its reason (:func:`withhold`, ``ValueRegistry.withhold``): the player reads "not offered:
Move units from Hoth — The Rebels may not move units out of Hoth until the end of the round (Blockade)." rather
than miss the option in silence. The options kept, and so the state and its hash, are the same either way.
Each restriction is a record of ``data["restrictions"]`` (docs/state.md): one that has ended is never read, and is
dropped when the next is made. A restriction's condition is the ``require`` op's, read through the op registry
(the rules sit below the ops).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swrebellion.engine.ops import parsed
from swrebellion.i18n import N_

from ..names import Word, text

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
#: What a restriction bars, one sentence per bar and side (the barred side's own): what the account tells when a card
#: makes one, what the status screen shows while it is in force, and why a barred option is withheld.
SENTENCES: dict[str, tuple[str, str]] = {
    "move_in": (N_("The Rebels may not move units into {system} {until}{cause}."),
                N_("The Empire may not move units into {system} {until}{cause}.")),
    "move_out": (N_("The Rebels may not move units out of {system} {until}{cause}."),
                 N_("The Empire may not move units out of {system} {until}{cause}.")),
    "missions": (N_("The Rebels may not carry out missions in {system} {until}{cause}."),
                 N_("The Empire may not carry out missions in {system} {until}{cause}.")),
    "cards": (N_("The Rebels may not play action cards in {system} {until}{cause}."),
              N_("The Empire may not play action cards in {system} {until}{cause}.")),
}
#: A restriction that lasts only while its condition holds.
WHILE = N_("while its condition holds")
#: The card that made it, after the sentence.
CAUSE = N_(" ({cause})")
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


# -- saying why an option is not offered ------------------------------------------------------------------------------

#: The key of an option's data that marks it barred: ``[faction, bar, system]``.
BARRED = "restricted"


def barred_option(option: dict[str, Any], faction: str, bar: str, system: str) -> dict[str, Any]:
    """``option`` (its id and label), offered only to be withheld by :func:`withhold`, which says that ``faction``
    is barred from ``bar`` in ``system``."""
    return {"id": option["id"], "label": option["label"], "data": {BARRED: [faction, bar, system]}}


def shown(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The options of a question the rules answer alone when one option is left (``pick``): the barred ones only
    when at least two others are offered, since a question answered alone is not asked, and shows nothing."""
    free = [o for o in options if not _is_barred(o)]
    return options if len(free) > 1 else free


def _is_barred(option: dict[str, Any]) -> bool:
    data = option.get("data")
    return type(data) is dict and BARRED in data


def withhold(game: Game, kind: str, player: str, options: list[dict[str, Any]]) -> dict[str, str] | None:
    """``ValueRegistry.withhold`` for the questions that offer barred options (:data:`WITHHELD`): each is withheld
    with the sentence of the restriction barring it, in English as the rules store it (the reader's language when
    shown). Nothing to do in a game without restrictions."""
    if not game.state["data"].get("restrictions"):
        return None
    found = {o["id"]: reason(game, *o["data"][BARRED]) for o in options if _is_barred(o)}
    return found or None


#: The decision kinds that may offer barred options: an activation's sources, a card's systems and a mission's, the
#: leader a mission is against, the Command Phase action (a mission with nowhere else to take place) and the
#: action-card windows.
WITHHELD = ("move-from", "choose-system", "choose-leader", "command-action", "special-action", "start-of-combat-card")


def reason(game: Game, faction: str, bar: str, system: str) -> str:
    """Why ``faction`` may not do ``bar`` in ``system``: the first restriction in force barring it, in a sentence
    ("The Rebels may not move units into Kessel until the end of the round (Blockade).")."""
    record = next(r for r in game.state["data"]["restrictions"] if r["faction"] == faction and r["system"] == system
                  and bar in r["bars"] and in_force(game, r))
    until = record["until"]
    return text(game, SENTENCES[bar][0 if faction == "rebel" else 1], system=system,
                until=Word(UNTIL[until] if until is not None else WHILE),
                cause=text(game, CAUSE, cause=record["card"]) if record["card"] else "")
