"""What the base game adds to a decision at the terminal (hook ``decision_aside``): while starting units are placed
one question a unit (RB-SET-09/10), what is left to place, and shortcuts that place every unit of the same kind left,
or every unit left, in one system. The rules still judge each unit: the Empire's last ground units may only go
where one is missing (RULINGS D-09), and a shortcut stops there and asks again."""

from __future__ import annotations

from itertools import groupby

from swrebellion.engine.human import Aside, Shortcut
from swrebellion.i18n import gettext, ngettext

from ...names import counted, join, name
from ...phases.setup import units_left

_ = gettext


def aside(game, decision) -> Aside | None:
    if decision.kind != "place-starting-unit":
        return None
    left = units_left(game)
    if len(left) < 2:
        return None
    runs = [(unit, len(list(same))) for unit, same in groupby(left)]
    note = ngettext("Still to place, {n} unit: {units}.", "Still to place, {n} units: {units}.", len(left)).format(
        n=len(left), units=join([counted(game, n, unit) for unit, n in _merged(runs)]))
    unit, same = runs[0]
    shortcuts = []
    for option in decision.options:
        place = name(game, option.id)
        if same > 1:
            shortcuts.append(Shortcut(_("All {units} left to {place}").format(units=counted(game, same, unit),
                                                                              place=place), option.id, same, "same"))
        if len(runs) > 1:
            everything = ngettext("Everything left ({n} unit) to {place}", "Everything left ({n} units) to {place}",
                                  len(left))
            shortcuts.append(Shortcut(everything.format(n=len(left), place=place), option.id, len(left), "all"))
    return Aside((note,), tuple(sorted(shortcuts, key=lambda s: s.group != "same")))


def _merged(runs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The units left, one entry a kind, in order of their first turn."""
    counts: dict[str, int] = {}
    for unit, n in runs:
        counts[unit] = counts.get(unit, 0) + n
    return list(counts.items())
