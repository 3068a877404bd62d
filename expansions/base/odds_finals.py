"""The ends of a combat's forward pass (issue 34), as the figures read them: each state the combat ends in (or stands
in after the rounds asked about) with its chance, kept as numbered sides rather than as a dict of states.

Why numbers. The forward passes over arrays (:mod:`.odds_duel`, :mod:`.odds_tied`) have their ends as numbers
already, and every figure of an answer counts them by side, not by state: beside an Ion Cannon a combat ends in some
30,000 states (a space pair beside each ground pair), made of a few hundred distinct sides. Counted by side number
in numpy, the three summaries of such a combat take milliseconds; as a dict of states they took a fifth of a
second (every state's sides hashed again for each figure).
"""

from __future__ import annotations

import math
from typing import Any, Callable, Mapping, Sequence

import numpy as np

Side = tuple  # one side's units of a theater (odds_duel.Side, not imported: odds_duel imports this module)
State = tuple  # four sides (odds_duel.State)
Units = tuple[tuple[str, int], ...]  # how many of each unit type, in the order of the types (:func:`counts`)


class Finals:
    """The chance of each end: end ``n`` is the state whose ``k``-th side (space attacker, space defender, ground
    attacker, ground defender) is ``sides[k][at[n, k]]``, with the chance ``chance[n]``. Each end is listed once."""

    def __init__(self, sides: Sequence[Sequence[Side]], at: Any, chance: Any) -> None:
        self.sides = tuple(sides)
        self.at = np.asarray(at, np.int64).reshape(-1, 4)
        self.chance = np.asarray(chance, float)

    @classmethod
    def of(cls, states: Mapping[State, float]) -> Finals:
        """The ends of a forward pass that kept whole states (the stage-by-stage solve), numbered."""
        number: list[dict[Side, int]] = [{}, {}, {}, {}]
        at = [[number[k].setdefault(side, len(number[k])) for k, side in enumerate(state)] for state in states]
        return cls([list(n) for n in number], at, list(states.values()))

    def states(self) -> dict[State, float]:
        """The ends as whole states (to read or compare them, not to count them: :meth:`by_units`)."""
        return {tuple(self.sides[k][i] for k, i in enumerate(row)): p  # type: ignore[misc]
                for row, p in zip(self.at.tolist(), self.chance.tolist())}

    def _empty(self, k: int) -> Any:
        """Whether each end's ``k``-th side has no unit left."""
        return np.array([not side for side in self.sides[k]], bool)[self.at[:, k]]

    def empty(self, ks: Sequence[int]) -> float:
        """The chance that the ends leave no unit in any of the sides ``ks``."""
        return float(self.chance[np.logical_and.reduce([self._empty(k) for k in ks])].sum())

    def undecided(self, theaters: Sequence[int]) -> float:
        """The chance that the ends leave both sides units in one of ``theaters`` (0 space, 1 ground) at least."""
        fought = np.logical_or.reduce([~self._empty(2 * t) & ~self._empty(2 * t + 1) for t in theaters])
        return float(self.chance[fought].sum())

    def by_units(self, ks: Sequence[int]) -> dict[Units, float]:
        """The chance of each set of units the ends leave in the sides ``ks`` together (one side's in each
        theater asked about), a set as ``((unit type, how many), ...)`` in the order of the types. Each side's
        units are counted once, and the ends grouped by the numbers of their counts (the largest forces of a real
        game end in some 90,000 pairs of a space side and a ground side, of a few thousand sets of units)."""
        code, listed = _codes(self.sides, ks, lambda k: self.at[:, k], len(self.chance))
        found, which = np.unique(code, return_inverse=True)
        chances = np.bincount(which.ravel(), weights=self.chance, minlength=len(found))
        return {_together(_decoded(c, listed)): p for c, p in zip(found.tolist(), chances.tolist())}


def counts(units: Sequence[tuple[str, int]]) -> Units:
    """How many miniatures of each unit type ``units`` (``(unit, damage)``) hold, in the order of the types."""
    found: dict[str, int] = {}
    for u, _ in units:
        found[u] = found.get(u, 0) + 1
    return tuple(sorted(found.items()))


def _codes(sides: Sequence[Sequence[Side]], ks: Sequence[int], numbers: Callable[[int], Any],
           size: int) -> tuple[Any, list[list[Units]]]:
    """For each of ``size`` ends (or pairs), a code of the sets of units its sides ``ks`` leave (``numbers(k)``: the
    number of each one's ``k``-th side); and for each of ``ks``, its sides' sets of units, numbered."""
    code = np.zeros(size, np.int64)
    listed = []
    for k in ks:
        found: dict[Units, int] = {}
        number = np.array([found.setdefault(counts(side), len(found)) for side in sides[k]], np.int64)
        code = code * len(found) + number[numbers(k)]
        listed.append(list(found))
    return code, listed


def _decoded(code: int, listed: list[list[Units]]) -> Units:
    """The units of the code :func:`_codes` gave, each of ``ks``' in turn."""
    units: Units = ()
    for sets in reversed(listed):
        code, n = divmod(code, len(sets))
        units += sets[n]
    return units


def _together(units: Units) -> Units:
    """A side's units in both theaters as one set, in the order of the types (no unit type fights in both)."""
    return tuple(sorted(units))


class Branched:
    """The ends of the heuristic's play beside an Ion Cannon (``odds_tied.Tied._follow_branches``), kept as its
    branches: the chance of a space pair ``s`` (``sides[0][s // nd]``, ``sides[1][s % nd]``) beside a ground pair
    ``g`` is ``sum(spaces[b, s] * grounds[b, g])`` over the branches ``b``. Every figure of an answer asks about a
    side of each theater (whether it is empty, its units) or whether a theater is fought, so it is a sum over the
    branches of a space factor times a ground factor, each a sum over one battle's pairs: the ends are never
    listed pair by pair (after a round of the largest forces of a real game, some 450 million of them)."""

    def __init__(self, sides: Sequence[Sequence[Side]], spaces: Any, grounds: Any) -> None:
        self.sides = tuple(sides)
        self.rows = (spaces, grounds)  # the branches' rows, of each theater

    def _pairs(self, t: int) -> tuple[Any, Any]:
        """The number of each side of theater ``t``'s pairs: the attacker's, the defender's."""
        n = len(self.sides[2 * t + 1])
        pairs = np.arange(self.rows[t].shape[1])
        return pairs // n, pairs % n

    def _factor(self, t: int, holds: Any) -> Any:
        """For each branch, the chance of theater ``t``'s pairs where ``holds`` (a mask of its pairs)."""
        return self.rows[t] @ holds.astype(float)

    def _empty(self, k: int) -> Any:
        """Whether each pair of side ``k``'s theater leaves it no unit."""
        t, role = divmod(k, 2)
        return np.array([not side for side in self.sides[k]], bool)[self._pairs(t)[role]]

    def empty(self, ks: Sequence[int]) -> float:
        """:meth:`Finals.empty`, a sum over the branches of a factor of each theater."""
        factors = [self._factor(t, np.logical_and.reduce([self._empty(k) for k in ks if k // 2 == t]
                                                         + [np.ones(self.rows[t].shape[1], bool)]))
                   for t in (0, 1)]
        return float(factors[0] @ factors[1])

    def undecided(self, theaters: Sequence[int]) -> float:
        """:meth:`Finals.undecided`: all the chance less that of neither theater fought, over the branches."""
        whole = [self.rows[t].sum(axis=1) for t in (0, 1)]
        quiet = [self._factor(t, ~(~self._empty(2 * t) & ~self._empty(2 * t + 1))) if t in theaters else whole[t]
                 for t in (0, 1)]
        return float(whole[0] @ whole[1] - quiet[0] @ quiet[1])

    def by_units(self, ks: Sequence[int]) -> dict[Units, float]:
        """:meth:`Finals.by_units`: for each branch, the chance of each set of units in each theater, their products
        summed over the branches."""
        parts = []  # for each theater: its sets of units (of the sides ks has there), and each branch's chances
        for t in (0, 1):
            pairs = self.rows[t].shape[1]
            code, listed = _codes(self.sides, [k for k in ks if k // 2 == t], lambda k: self._pairs(t)[k % 2], pairs)
            size = math.prod(len(sets) for sets in listed)
            chances = np.stack([np.bincount(code, weights=row, minlength=size) for row in self.rows[t]])
            parts.append(([_decoded(n, listed) for n in range(size)], chances))
        (space_keys, space), (ground_keys, ground) = parts
        joint = space.T @ ground  # [space set, ground set]
        return {_together(space_keys[i] + ground_keys[j]): float(joint[i, j]) for i, j in zip(*np.nonzero(joint))}
