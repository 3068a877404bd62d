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

The sets are of sides as numbers (:class:`Codes`): the lists are made from tens of thousands of them (6 vs 6 in space:
63,000 repairs and 11,000 damages), and as tuples of units each side had to be built, sorted and hashed, most of
the time the lists took; as numbers, a side's is the sum of its parts'.
"""

from __future__ import annotations

import itertools
from typing import Any, Mapping, Protocol, Sequence

Unit = tuple[str, int]  # a miniature: (unit type, damage), as ``odds_duel.Unit``
Side = tuple[Unit, ...]


class Combat(Protocol):
    """What the sets read of the solver (``odds_combat.Combat``)."""

    kinds: Any

    def health(self, unit: str) -> int | None: ...
    def cap(self, unit: str, repairable: bool) -> int: ...
    def lethal(self, unit: str, damage: int) -> bool: ...


class Codes:
    """The sides of one force as numbers: a digit for each unit type, the first type in the order of the sides'
    tuples the most significant, each digit numbering the type's damages (sorted) by how many miniatures, then as
    tuples. So a side's number is the sum of its parts' (:meth:`number`: each part's units of types of their own),
    and of sides of the same miniatures (what one roll's damage or repairs leave of one side) the numbers are in the
    order of their tuples: the first type whose damages differ, its damages compared as tuples (the tie rule's order
    of one's own sides, ``Combat.tie_order``). Every side of the force whose damage goes to its units' caps, with
    repairs to come (``Combat.cap``), has a number."""

    def __init__(self, combat: Combat, force: Side) -> None:
        counts: dict[str, int] = {}
        top: dict[str, int] = {}
        for unit, damage in force:
            counts[unit] = counts.get(unit, 0) + 1
            top[unit] = max(top.get(unit, 0), damage)
        self.types = sorted(counts)
        self.damages: list[list[tuple[int, ...]]] = []  # for each type, its damages by digit
        for unit in self.types:
            high = max(top[unit], combat.cap(unit, True))
            self.damages.append([d for k in range(counts[unit] + 1)
                                 for d in itertools.combinations_with_replacement(range(high + 1), k)])
        self.digit = [{d: n for n, d in enumerate(damages)} for damages in self.damages]
        self.weight = [1] * len(self.types)
        for i in range(len(self.types) - 2, -1, -1):
            self.weight[i] = self.weight[i + 1] * len(self.damages[i + 1])
        self.place = {unit: i for i, unit in enumerate(self.types)}
        # for each type and digit, the digit of its miniatures left at the end of the step (those at health die)
        self.alive = [[self.digit[i][tuple(d for d in damages if not combat.lethal(unit, d))]
                       for damages in self.damages[i]]
                      for i, unit in enumerate(self.types)]
        self.numbers: dict[Side, int] = {}
        self.lists: dict[tuple, Any] = {}  # :class:`Ways`'s sets as numbers, kept

    def number(self, units: Side) -> int:
        """The number of a side, or a part of one's (its units sorted, all of each type it holds)."""
        found = self.numbers.get(units)
        if found is None:
            by_type: dict[str, list[int]] = {}
            for unit, damage in units:
                by_type.setdefault(unit, []).append(damage)
            found = self.numbers[units] = sum(self.weight[self.place[u]] * self.digit[self.place[u]][tuple(d)]
                                              for u, d in by_type.items())
        return found

    def survivors(self, number: int) -> int:
        """The number of what is left of a side at the end of the step (``odds_duel.Duel.survive``)."""
        return sum(self.weight[i] * alive[number // self.weight[i] % len(alive)] for i, alive in enumerate(self.alive))

    def side(self, number: int) -> Side:
        """The side of a number."""
        return tuple((unit, d) for i, unit in enumerate(self.types)
                     for d in self.damages[i][number // self.weight[i] % len(self.damages[i])])


class Ways:
    """The sets of one query's solver, kept: the same parts of sides are asked about again and again."""

    def __init__(self, combat: Combat) -> None:
        self.c = combat
        self.coded: dict[Side, Codes] = {}
        self.groups: dict[tuple, dict[int, list[Side]]] = {}
        self.adds: dict[tuple, list[Side]] = {}
        self.hit: dict[tuple, list[Side]] = {}
        self.finals: dict[tuple, list[list[tuple[Side, bool]]]] = {}
        self.split: dict[Side, tuple[list[Unit], dict[str | None, Side]]] = {}

    def codes(self, force: Side) -> Codes:
        """The numbers of ``force``'s sides, made once (the space battles beside an Ion Cannon share them)."""
        found = self.coded.get(force)
        if found is None:
            found = self.coded[force] = Codes(self.c, force)
        return found

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

    def damage(self, codes: Codes, side: Side, hits: Mapping[str, int], direct: int,
               repairable: bool) -> frozenset[int]:
        """Every side ``side`` can be left as by ``hits`` of each colour, then ``direct`` hits: the sides
        ``odds_combat._assignments`` finds for those results, as numbers (``codes``)."""
        fixed, parts = self.parts(side)
        base = codes.number(tuple(fixed))
        if not parts:  # no unit to aim at: the direct hits are lost
            return frozenset((base,))
        every, _ = self._summed(codes, tuple((part, hits.get(colour, 0)) for colour, part in parts.items()), direct,
                                repairable)
        return every if not base else frozenset(base + n for n in every)

    def _summed(self, codes: Codes, parts: tuple[tuple[Side, int], ...], direct: int,
                repairable: bool) -> tuple[frozenset[int], frozenset[int]]:
        """What ``parts`` (each with its colour's hits) can be left as, as the sums of their numbers: by their hits
        then ``direct`` direct hits, and by their hits then fewer direct hits placed. The first part's ways
        (:meth:`_finals`) for each ``k`` of the direct hits, each with the rest's for ``direct - k``: any of the
        rest's placing them all or left with a unit at its cap, or, when the first part's is left so, any of the
        rest's placing fewer. Kept: sides share their colours' parts."""
        key = ("summed", parts, direct, repairable)
        found = codes.lists.get(key)
        if found is not None:
            return found
        (part, hits), rest = parts[0], parts[1:]
        every: set[int] = set()
        fewer: set[int] = set()
        ways = codes.lists.get(("finals", part, hits, direct, repairable))
        if ways is None:  # the first part's ways by the direct hits they took, as numbers, those at a cap apart
            ways = codes.lists[("finals", part, hits, direct, repairable)] = [
                ([codes.number(p) for p, _ in f], [codes.number(p) for p, at_cap in f if at_cap])
                for f in self._finals(part, hits, direct, repairable)]
        for k, (numbers, capped) in enumerate(ways):
            if not rest:
                (every if k == direct else fewer).update(numbers)
                if k < direct:
                    every.update(capped)
                continue
            rest_every, rest_fewer = self._summed(codes, rest, direct - k, repairable)
            every.update(a + b for a in numbers for b in rest_every)
            every.update(a + b for a in capped for b in rest_fewer)
            fewer.update(a + b for a in numbers for b in rest_fewer)
        found = codes.lists[key] = frozenset(every), frozenset(fewer)
        return found

    def repairs(self, codes: Codes, side: Side, rolled: Sequence[Mapping[str, int]]) -> list[list[int]]:
        """For each of ``rolled`` (specials of each colour), every side one's own ``side`` can be left as by them,
        each special taking a damage off one of its units of its colour while any is damaged:
        ``odds_combat._repairs``'s sides, as numbers (``codes``), in the order of their tuples. A colour's repairs
        change only its part, so they are kept as what they add to the side's number (:meth:`_mended`)."""
        _, parts = self.parts(side)
        number = codes.number(side)
        mended = [(colour, self._mended(codes, part)) for colour, part in parts.items()]
        out = []
        for specials in rolled:
            shifts = []
            for colour, by_specials in mended:
                n = specials.get(colour, 0)
                if n:
                    found = by_specials.get(n)
                    if found is None:
                        found = by_specials[n] = self._shifts(codes, parts[colour], n)
                    if found != [0]:
                        shifts.append(found)
            if len(shifts) <= 1:
                out.append([number + shift for shift in (shifts[0] if shifts else (0,))])
            else:
                out.append(sorted(number + sum(chosen) for chosen in itertools.product(*shifts)))
        return out

    def _mended(self, codes: Codes, part: Side) -> dict[int, list[int]]:
        """What ``n`` specials of a part's colour add to the number of a side holding it (:meth:`_shifts`), by ``n``:
        kept for the part, filled as they are asked."""
        key = ("repairs", part)
        found = codes.lists.get(key)
        if found is None:
            found = codes.lists[key] = {}
        return found

    def _shifts(self, codes: Codes, part: Side, n: int) -> list[int]:
        """What ``n`` specials can add to the number of a side holding ``part`` (each takes a damage off one of its
        units while any is damaged), in order."""
        was = codes.number(part)
        k = min(n, sum(d for _, d in part))
        return sorted(codes.number(p) - was for p in self.added(part, k, False, -1))


def _splits(total: int, most: list[int]) -> list[tuple[int, ...]]:
    """Every way to share ``total`` among places that take no more than ``most`` each."""
    return [split for split in itertools.product(*(range(min(m, total) + 1) for m in most)) if sum(split) == total]
