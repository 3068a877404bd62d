"""The ends of a combat's forward pass (issue 34), as the figures read them: each state the combat ends in (or stands
in after the rounds asked about) with its chance, kept as numbered sides rather than as a dict of states.

Why numbers. The forward passes over arrays (:mod:`.odds_duel`, :mod:`.odds_tied`) have their ends as numbers
already, and every figure of an answer counts them by side, not by state: beside an Ion Cannon a combat ends in some
30,000 states (a space pair beside each ground pair), made of a few hundred distinct sides. Counted by side number
in numpy, the three summaries of such a combat take milliseconds; as a dict of states they took a fifth of a
second (every state's sides hashed again for each figure).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import numpy as np

Side = tuple  # one side's units of a theater (odds_duel.Side, not imported: odds_duel imports this module)
State = tuple  # four sides (odds_duel.State)


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

    def gone(self, ks: Sequence[int]) -> Any:
        """Whether each end leaves no unit in any of the sides ``ks``."""
        return np.logical_and.reduce([self._empty(k) for k in ks])

    def fought(self, theaters: Sequence[int]) -> Any:
        """Whether each end leaves both sides units in one of ``theaters`` (0 space, 1 ground) at least."""
        return np.logical_or.reduce([~self._empty(2 * t) & ~self._empty(2 * t + 1) for t in theaters])

    def total(self, where: Any) -> float:
        """The chance of the ends ``where`` holds (a mask: :meth:`gone`, :meth:`fought`)."""
        return float(self.chance[where].sum())

    def by_units(self, ks: Sequence[int]) -> list[tuple[list, float]]:
        """The chance of each set of units the ends leave in the sides ``ks`` together (one side's in each
        theater asked about): the units (a list of miniatures), the chance. The ends are counted by their sides'
        numbers, and each set's units listed once."""
        code = np.zeros(len(self.chance), np.int64)
        for k in ks:
            code = code * len(self.sides[k]) + self.at[:, k]
        found, which = np.unique(code, return_inverse=True)
        chances = np.bincount(which.ravel(), weights=self.chance, minlength=len(found))
        out = []
        for code_, p in zip(found.tolist(), chances.tolist()):
            units: list = []
            for k in reversed(ks):
                code_, n = divmod(code_, len(self.sides[k]))
                units += self.sides[k][n]
            out.append((units, p))
        return out
