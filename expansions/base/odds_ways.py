"""Every side a roll's damage or repairs can leave, worked out as sets (issue 34): the options of the best play with
repairs over arrays (:mod:`.odds_repairs`), thousands of sides times their rolls, each the same set that the
stage-by-stage solve's hit-by-hit search (``odds_combat._assignments`` and ``_repairs``) finds, at a fraction of
its cost. ``tests/test_odds.py`` checks them against that search.

Why the sets can be had at once. A hit of a colour goes on one of the enemy's units of that colour (RS-ATK-05), a
direct hit on any (RS-ATK-06), each taking one damage, up to what its marks are tracked to (its *cap*:
``Combat.cap``); a result whose targets are all at their cap places nothing. So, adding damage unit by unit, what
``k`` results placed anywhere in a *part* (some of a side's units) leave is every way to add exactly ``k``
damage within the caps (:func:`added`), and a result is lost only when no unit of the part has room left, or it
is "placed" on a unit already at its cap, which the results before it may have filled first. Hence:

* ``h`` hits of a colour on the units of that colour (a part of their own: no other result touches them before
  the direct hits) leave those units with ``k`` damage added, for every ``k`` up to ``h`` and their room, where
  ``k == h`` or a unit is left at its cap;
* ``n`` direct hits then leave the side with ``k_c`` damage added on each colour's part, ``sum(k_c) <= n``, where
  ``sum(k_c) == n`` or a unit is left at its cap;
* a colour's ``n`` specials (RE-CIN-15: each takes a damage off one's own damaged unit of its colour) take off
  exactly ``min(n, damage on those units)`` (:func:`repairs`).
"""

from __future__ import annotations

import itertools
from typing import Any, Mapping, Protocol

Unit = tuple[str, int]  # a miniature: (unit type, damage), as ``odds_duel.Unit``
Side = tuple[Unit, ...]


class Combat(Protocol):
    """What the sets read of the solver (``odds_combat.Combat``)."""

    kinds: Any

    def health(self, unit: str) -> int | None: ...
    def cap(self, unit: str, repairable: bool) -> int: ...


class Ways:
    """The sets of one query's solver, kept: the same parts of sides are asked about again and again."""

    def __init__(self, combat: Combat) -> None:
        self.c = combat
        self.groups: dict[tuple, dict[int, list[Side]]] = {}
        self.adds: dict[tuple, list[Side]] = {}
        self.hit: dict[tuple, list[Side]] = {}
        self.mended: dict[tuple, list[Side]] = {}
        self.finals: dict[tuple, list[list[tuple[Side, bool]]]] = {}
        self.split: dict[Side, tuple[list[Unit], dict[str | None, Side]]] = {}

    def parts(self, side: Side) -> tuple[list[Unit], dict[str | None, Side]]:
        """A side's units that take no damage, and the others by their health colour (each part sorted)."""
        found = self.split.get(side)
        if found is None:
            found = self.split[side] = self._parts(side)
        return found

    def _parts(self, side: Side) -> tuple[list[Unit], dict[str | None, Side]]:
        fixed: list[Unit] = []
        parts: dict[str | None, list[Unit]] = {}
        for x in side:
            if self.c.health(x[0]) is None:
                fixed.append(x)
            else:
                parts.setdefault(self.c.kinds[x[0]].colour, []).append(x)
        return fixed, {colour: tuple(units) for colour, units in parts.items()}

    def _group(self, group: Side, top: int, step: int) -> dict[int, list[Side]]:
        """The damage a group of alike miniatures (one unit type) can be left with, each between its own and
        ``top`` (``step`` 1: damage added, up to the cap) or between 0 and its own (``step`` -1: damage taken off),
        by the damage changed: the sorted damages, each matched in order to one no lower (no higher)."""
        key = (group, top, step)
        found = self.groups.get(key)
        if found is None:
            unit = group[0][0]
            old = [d for _, d in group]
            found = {}
            values = range(top + 1) if step > 0 else range(max(old) + 1)
            for new in itertools.combinations_with_replacement(values, len(old)):
                if all((n - o) * step >= 0 for n, o in zip(new, old)):
                    found.setdefault(step * (sum(new) - sum(old)), []).append(tuple((unit, n) for n in new))
            self.groups[key] = found
        return found

    def added(self, part: Side, k: int, repairable: bool, step: int = 1) -> list[Side]:
        """Every way to add exactly ``k`` damage to the units of ``part``, each up to its cap (``step`` -1: to take
        exactly ``k`` off, each down to 0)."""
        key = (part, k, repairable, step)
        found = self.adds.get(key)
        if found is None:
            groups = [tuple(x for x in part if x[0] == unit) for unit in sorted({u for u, _ in part})]
            tables = [self._group(g, self.c.cap(g[0][0], repairable), step) for g in groups]
            found = []
            for split in _splits(k, [max(t) for t in tables]):
                if all(j in t for j, t in zip(split, tables)):
                    found += [tuple(sorted(x for g in chosen for x in g))
                              for chosen in itertools.product(*(t[j] for j, t in zip(split, tables)))]
            self.adds[key] = found
        return found

    def capped(self, part: Side, repairable: bool) -> bool:
        return any(d >= self.c.cap(u, repairable) for u, d in part)

    def _coloured(self, part: Side, hits: int, repairable: bool) -> list[Side]:
        """What ``hits`` hits of a part's colour can leave of it (the module's docstring)."""
        key = (part, hits, repairable)
        found = self.hit.get(key)
        if found is None:
            room = sum(self.c.cap(u, repairable) - d for u, d in part)
            found = [p for k in range(min(hits, room) + 1) for p in self.added(part, k, repairable)
                     if k == hits or self.capped(p, repairable)]
            self.hit[key] = found
        return found

    def _finals(self, part: Side, hits: int, direct: int, repairable: bool) -> list[list[tuple[Side, bool]]]:
        """What a colour's ``hits`` then ``k`` of the direct hits can leave of its part, for each ``k`` up to
        ``direct`` (and the room left): the parts, each with whether a unit is left at its cap. (The union over
        what the colour's hits leave of what ``k`` more leave: each colour's choices are its own.)"""
        key = (part, hits, direct, repairable)
        found = self.finals.get(key)
        if found is None:
            found = []
            for k in range(direct + 1):
                seen = {q for p in self._coloured(part, hits, repairable) for q in self.added(p, k, repairable)}
                if not seen:
                    break
                found.append([(q, self.capped(q, repairable)) for q in sorted(seen)])
            self.finals[key] = found
        return found

    def damage(self, side: Side, hits: Mapping[str, int], direct: int, repairable: bool) -> set[Side]:
        """Every side ``side`` can be left as by ``hits`` of each colour, then ``direct`` hits: the sides
        ``odds_combat._assignments`` finds for those results."""
        fixed, parts = self.parts(side)
        finals = [self._finals(part, hits.get(colour, 0), direct, repairable) for colour, part in parts.items()]
        out: set[Side] = set()
        for split in _splits(direct, [len(f) - 1 for f in finals], at_most=True):
            placed = sum(split) == direct or not parts  # (no unit to aim at: the direct hits are lost)
            for chosen in itertools.product(*(f[k] for f, k in zip(finals, split))):
                if placed or any(capped for _, capped in chosen):
                    out.add(tuple(sorted(fixed + [x for p, _ in chosen for x in p])))
        return out

    def repairs(self, side: Side, specials: Mapping[str, int]) -> set[Side]:
        """Every side one's own ``side`` can be left as by its specials of each colour, each taking a damage off
        one of its units of that colour while any is damaged: ``odds_combat._repairs``'s sides."""
        fixed, parts = self.parts(side)
        choices = []
        for colour, part in parts.items():
            key = (part, specials.get(colour, 0))
            found = self.mended.get(key)
            if found is None:
                k = min(specials.get(colour, 0), sum(d for _, d in part))
                found = self.mended[key] = self.added(part, k, False, -1)
            choices.append(found)
        return {tuple(sorted(fixed + [x for p in chosen for x in p])) for chosen in itertools.product(*choices)}


def _splits(total: int, most: list[int], at_most: bool = False) -> list[tuple[int, ...]]:
    """Every way to share ``total`` (or, ``at_most``, no more than it) among places that take no more than
    ``most`` each."""
    return [split for split in itertools.product(*(range(min(m, total) + 1) for m in most))
            if sum(split) == total or (at_most and sum(split) < total)]
