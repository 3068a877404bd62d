"""``odds SYSTEM`` at the terminal (issue 34, docs/odds.md): the exact odds of the combat in a system, or of the one
the person would start there by moving in every unit of theirs from the neighbouring systems. Read from the
asking side's view only, like every screen. Where the best play is too large to work out, the odds of the heuristic
agent's way of assigning damage, which are answered for far larger forces, or else of one theater alone, said so."""

from __future__ import annotations

from swrebellion.i18n import N_, gettext

from ...odds import OddsError, answerable_odds, system_damage, system_forces
from ...tables import OPPONENT
from ..odds_answer import as_text
from .screens import Screen, _adjacent, _resolve, _unknown

_ = gettext

#: Seconds a query runs before the terminal says on stderr that the odds are being worked out (``odds``'s
#: ``patience``): the first query after installing also compiles the solver, about 12 s (docs/odds.md, How fast).
PATIENCE = 2.0
#: What the screen says when it shows one theater alone, the whole combat being too large to work out.
ALONE = {"space": N_("Too many units to work out the whole combat: its space battle alone."),
         "ground": N_("Too many units to work out the whole combat: its ground battle alone.")}


def odds_screen(game, player: str | None, argument: str = "") -> list[str]:
    if not argument:
        return ["  " + _("SYSTEM") + ": " + _("the exact odds of a combat in a system")]
    screen = Screen(game, player)
    found = _resolve(screen, argument, ["systems"])
    if not isinstance(found, tuple):
        return _unknown(argument, found)
    sid = found[1]
    side = screen.faction
    damage: dict[str, list[int]] = {}
    try:
        attacker, defender = system_forces(game, sid, side)
        damage = system_damage(game, sid, side)
        title = _("The combat in {system}:").format(system=screen.name(sid))
    except OddsError:
        attacker, defender = _moving_in(screen, sid, side) if side else ({}, {})
        if not attacker or not defender:
            return ["  " + _("No combat in {system}, and none you could start there from the neighbouring "
                             "systems.").format(system=screen.name(sid))]
        title = _("If you moved every unit of yours from the neighbouring systems into {system} (transport not "
                  "checked):").format(system=screen.name(sid))
    try:  # as much as is worked out in time: the heuristic agent's play, or one theater alone, said so
        answer, theater = answerable_odds(game, attacker, defender, damage=damage, patience=PATIENCE)
    except OddsError as exc:
        return ["  " + str(exc)]
    if theater != "both":
        title += "\n  " + _(ALONE[theater])
    if answer.policy == "heuristic":
        title += "\n  " + _("Too many units to work out the best play here: these odds have both sides assign "
                             "damage as the heuristic agent does.")
    return title.split("\n") + ["  " + line if line else "" for line in as_text(answer).splitlines()]


def _moving_in(screen: Screen, sid: str, side: str) -> tuple[dict[str, int], dict[str, int]]:
    """The side's units in the systems next to ``sid``, and the enemy's units in it."""
    units = screen.content.items("units")
    mine: dict[str, int] = {}
    for other in sorted(_adjacent(screen, sid)):
        for unit, n in screen.data["units"].get(other, {}).items():
            if isinstance(n, int) and n > 0 and units[unit].faction == side and not units[unit].immobile:
                mine[unit] = mine.get(unit, 0) + n
    theirs = {u: n for u, n in screen.data["units"].get(sid, {}).items()
              if isinstance(n, int) and n > 0 and units[u].faction == OPPONENT[side]}
    return mine, theirs
