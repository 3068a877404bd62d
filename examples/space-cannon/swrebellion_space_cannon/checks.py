"""Semantic checks of content using the space cannon (``validate_catalog``), with codes of this plugin's own prefix.

* **SC101** a unit with the ability ``space-cannon`` must be a ground unit with at least one attack die: its attack
  dice are what it fires at ships (rules.py, SC-2), and only ground units stay on a planet to fire.
* **SC102** the op ``space_cannon_fire`` needs a combat in progress: an action card may use it only with the
  timing ``start-of-combat``, and a mission card never.

Each diagnostic names the file, line and JSON pointer of the item at fault (``catalog.entry(...).diagnostic``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from .rules import ABILITY

if TYPE_CHECKING:
    from swrebellion.catalog import Catalog
    from swrebellion.diagnostics import Diagnostic

OP = "space_cannon_fire"


def check(catalog: Catalog) -> list[Diagnostic]:
    return [*_units(catalog), *_cards(catalog)]


def _units(catalog: Catalog) -> Iterator[Diagnostic]:
    for ident, unit in sorted(catalog.items("units").items()):
        if ABILITY not in unit.abilities:
            continue
        entry = catalog.entries("units")[ident]
        if unit.theater != "ground":
            yield entry.diagnostic(
                "SC101", f"unit {ident!r} has the ability {ABILITY!r} but is a {unit.theater} unit", "/theater",
                hint="space cannons are ground units firing at ships: set theater: ground, or remove the ability")
        if not any(n > 0 for n in unit.attack.values()):
            yield entry.diagnostic(
                "SC101", f"unit {ident!r} has the ability {ABILITY!r} but no attack dice to fire", "/attack",
                hint="give it the dice it fires, e.g. attack: {red: 1, black: 1}")


def _cards(catalog: Catalog) -> Iterator[Diagnostic]:
    for kind in ("actions", "missions"):
        for ident, card in sorted(catalog.items(kind).items()):
            steps = [n for n, step in enumerate(card.effect) if step.op == OP]
            if not steps or getattr(card, "timing", None) == "start-of-combat":
                continue
            what = f"its timing is {card.timing!r}" if kind == "actions" else "it is a mission card"
            yield catalog.entries(kind)[ident].diagnostic(
                "SC102", f"{ident!r} uses the op {OP!r}, which needs a combat, but {what}", f"/effect/{steps[0]}",
                hint="only a Start of Combat action card may fire space cannons: set timing: start-of-combat")
