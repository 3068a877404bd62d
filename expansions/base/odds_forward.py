"""The forward pass of the best play over a battle's arrays (issue 34, :mod:`.odds_duel`): the chance of each pair
of sides after a round, from the chances at its start, by the choices a solution made.

A round from the pair ``(a, d)`` passes through a *middle*, ``(a, defender's pool, e)``: the attacker's roll and
choice have left ``e`` of the defender, whose answer hangs on the pool it rolls (that of ``d``: units die only at
the end of the step, RB-CMB-08) but not on ``d`` itself; then the defender's roll and choice leave ``a2`` of the
attacker, and the end-of-round checks give the pair the round ends in. So a round is two sparse steps, each read
from a table of moves: out of each pair, the middles its rolls lead to, with their chances (the rolls that leave
the same ``e`` merged); out of each middle, the pairs its rolls end in (likewise).

The tables are built lazily, for the pairs the round starts from with a chance over the faint one (``faint``) and
the middles those reach, the first round they do, and kept for the rounds after: the choices are fixed, so from
one start the rounds reach only some of the pairs (in 8 vs 8 space about 15,000 of 40,500, and a third of their
moves), and a round limited combat, whose every round has a solution of its own, builds for each only what its
round reaches. (A table whose owners all fit in one run is built whole the first time: a run costs some dozens of
calls whatever it holds, which the many small battles beside an Ion Cannon's ground pairs would feel,
:mod:`.odds_tied`.) Only the rolls that can happen are moves: the classes of damage each dice pool can place on each
side are listed once (:meth:`.odds_duel.Targets.placed`), so a pair's moves are a gather of its choices for those,
and the moves to the same side are merged by a count over a span of slots (a side is left no stronger than it
was: the sides are in the order of their health), a chunk of owners at a time (:data:`MERGED`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

#: The most slots :func:`_merged` counts in at a time, and the most moves a round follows at a time (8 bytes each,
#: 1 MB): arrays well under 4 MB, the size from which numpy asks the system for huge pages, whose first touch can
#: cost more than the count itself (on this machine, several times more).
MERGED = 1 << 17


class Moves:
    """The forward pass of one solution of a :class:`.odds_duel.Battle`: its choices for the attacker (``attack``,
    ``[group of the defender's sides, a]``) and the defender (``defence``, ``[group of the attacker's sides, e]``),
    as places in the options (``Targets.cand``)."""

    def __init__(self, battle: Any, attack: Any, defence: Any) -> None:
        self.battle = battle
        self.attack = attack
        self.defence = defence
        na, nd = battle.values_shape
        self.pools = battle.targets[0].zero.shape[1]  # the defender's dice pools
        self.middle = _Numbers()  # the middles, numbered by their key ``(a * pools + pool) * nd + e``
        # What the attacker leaves of d is d or weaker, what the defender leaves of a is a or weaker: the spans.
        self.from_pairs = _Table(lambda: na * nd, lambda pairs: pairs % nd + 1, self._from_pairs,
                                 self.middle.__len__)
        self.from_pairs.count[battle.terminal.ravel()] = 0  # a pair that is not fought is left out
        self.from_middles = _Table(self.middle.__len__, lambda middles: self.middle.keys[middles] // (self.pools * nd)
                                   + 1, self._from_middles, lambda: na * nd)

    def step(self, now: Any, faint: float) -> Any:
        """The chances ``now`` (``[a, d]``) after a round; only the moves out of the pairs fought whose chance is
        over ``faint`` are followed (the others' chance is dropped)."""
        flat = now.ravel()
        pairs = np.flatnonzero(flat > faint)
        middle = self.from_pairs.moved(pairs, flat[pairs])
        reached = np.flatnonzero(middle)
        return self.from_middles.moved(reached, middle[reached]).reshape(now.shape)

    def _from_pairs(self, pairs: Any) -> tuple[Any, Any, Any]:
        """The moves out of a run of ``pairs`` (flat numbers ``a * nd + d``): each middle, with its chance."""
        b = self.battle
        nd = b.values_shape[1]
        pa, pd = b.pool_of
        a, d = np.divmod(pairs, nd)
        owner, e, chance = _rolled(b.targets[1], self.attack, d, pa[a], a)
        return owner, self.middle.numbers((a[owner] * self.pools + pd[d[owner]]) * nd + e), chance

    def _from_middles(self, middles: Any) -> tuple[Any, Any, Any]:
        """The moves out of a run of ``middles`` (their numbers): each pair the round ends in (after the checks),
        with its chance."""
        b = self.battle
        nd = b.values_shape[1]
        a, rest = np.divmod(self.middle.keys[middles], self.pools * nd)
        pool, e = np.divmod(rest, nd)
        owner, a2, chance = _rolled(b.targets[0], self.defence, a, pool, e)
        return owner, b.end[a2, e[owner]], chance


def _rolled(targets: Any, chosen: Any, side: Any, pool: Any, column: Any) -> tuple[Any, Any, Any]:
    """What the rolls of each enemy dice pool ``pool[k]`` leave of each side ``side[k]`` of ``targets``
    (:class:`.odds_duel.Targets`), damage placed by the choices ``chosen[group, column[k]]``: each side left, in
    order, with its chance (the rolls that place nothing leave the side as it was), as three arrays: ``k``, the
    side left, the chance."""
    groups, chance, owner = targets.placed(side, pool)
    return _merged(np.concatenate([owner, np.arange(len(side))]),
                   np.concatenate([targets.cand[chosen.ravel()[groups * chosen.shape[1] + column[owner]]], side]),
                   np.concatenate([chance, targets.zero[side, pool]]), side + 1)


def _merged(owner: Any, value: Any, weight: Any, span: Any) -> tuple[Any, Any, Any]:
    """Each owner's values of weight (each under the owner's ``span``) and their summed weights, in the order of
    the owners and then the values: a count over slots, every owner's span after the one before, not a sort."""
    offset = np.cumsum(span) - span
    sums = np.bincount(offset[owner] + value, weights=weight, minlength=int(offset[-1] + span[-1]))
    found = np.flatnonzero(sums)
    who = np.repeat(np.arange(len(span)), np.diff(np.searchsorted(found, offset), append=len(found)))
    return who, found - offset[who], sums[found]


def runs(span: Any) -> Iterator[slice]:
    """Runs of owners whose spans add up to at most :data:`MERGED` slots (or one owner, if its span is more)."""
    ends = np.cumsum(span)
    lo = 0
    while lo < len(span):
        hi = max(lo + 1, int(np.searchsorted(ends, ends[lo] - span[lo] + MERGED, side="right")))
        yield slice(lo, hi)
        lo = hi


def places(first: Any, counts: Any) -> Any:
    """The places of runs of entries, each ``counts[k]`` long from ``first[k]``, one after the other."""
    return (first - counts.cumsum() + counts).repeat(counts) + np.arange(counts.sum())


class _Table:
    """Moves out of owners (numbers: ``owners()`` of them, a count that grows as the middles are numbered), built
    by ``build`` for a run of owners (their slots, ``span(owners)``, at most :data:`MERGED`) the first time one is
    asked for, and kept: each its owner, a target (one of ``targets()``) and a chance (``owner``, ``target``,
    ``chance``: their first ``size`` places), an owner's together, ``count[owner]`` of them from ``first[owner]``
    (``-1``: not built). The arrays grow to twice their size when full, so that adding the moves of a round's new
    owners does not copy all the others each time."""

    def __init__(self, owners: Callable[[], int], span: Callable[[Any], Any],
                 build: Callable[[Any], tuple[Any, Any, Any]], targets: Callable[[], int]) -> None:
        self.owners = owners
        self.span = span
        self.build = build
        self.targets = targets
        self.first = np.zeros(owners(), np.intp)
        self.count = np.full(owners(), -1, np.intp)
        self.owner = np.zeros(0, np.intp)
        self.target = np.zeros(0, np.intp)
        self.chance = np.zeros(0)
        self.size = 0

    def moved(self, owners: Any, chances: Any) -> Any:
        """The chances of ``owners`` (sorted) carried along their moves: the chance of each target. When they own
        most of the moves, every move is read in order (the others' owners with no chance); else theirs are found.
        A run at a time, so that no array holds more than :data:`MERGED` moves (or one owner's)."""
        counts = self.counts(owners)
        targets = self.targets()
        out = np.zeros(targets)
        if 2 * counts.sum() > self.size:  # a pass over every move costs less than finding theirs
            every = np.zeros(len(self.count))
            every[owners] = chances
            for at in range(0, self.size, MERGED):
                part = slice(at, min(at + MERGED, self.size))
                out += np.bincount(self.target[part], weights=every[self.owner[part]] * self.chance[part],
                                   minlength=targets)
            return out
        first = self.first[owners]
        for part in runs(counts):
            at = places(first[part], counts[part])
            out += np.bincount(self.target[at], weights=chances[part].repeat(counts[part]) * self.chance[at],
                               minlength=targets)
        return out

    def counts(self, owners: Any) -> Any:
        """How many moves each of ``owners`` has, built first where they are not yet; with them every owner not
        built yet, if all of those fit in one run: a small battle's table is then built in one go, not a few
        owners a round (each build a few dozen calls, which a small battle's rounds would feel)."""
        more = self.owners() - len(self.count)
        if more:
            self.first = np.concatenate([self.first, np.zeros(more, np.intp)])
            self.count = np.concatenate([self.count, np.full(more, -1, np.intp)])
        counts = self.count[owners]
        if (counts < 0).any():
            waiting = np.flatnonzero(self.count < 0)
            if self.span(waiting).sum() > MERGED:
                waiting = owners[counts < 0]
            for part in runs(self.span(waiting)):
                self._build(waiting[part])
            counts = self.count[owners]
        return counts

    def _build(self, owners: Any) -> None:
        """Build the moves out of a run of ``owners`` (sorted), after those already built."""
        owner, target, chance = self.build(owners)
        counts = np.bincount(owner, minlength=len(owners))
        self.first[owners] = self.size + np.cumsum(counts) - counts
        self.count[owners] = counts
        self.owner = _grown(self.owner, self.size, owners[owner])
        self.target = _grown(self.target, self.size, target)
        self.chance = _grown(self.chance, self.size, chance)
        self.size += len(target)


def _grown(array: Any, size: int, more: Any) -> Any:
    """``array`` (its first ``size`` places used) with ``more`` after them, twice as large as it was if it is
    full."""
    if size + len(more) > len(array):
        larger = np.empty(max(2 * len(array), size + len(more)), array.dtype)
        larger[:size] = array[:size]
        array = larger
    array[size:size + len(more)] = more
    return array


class _Numbers:
    """Numbers for int keys, given in the order they are first seen: ``keys[number]``, and the keys seen sorted
    (``sorted``, with their numbers ``of_sorted``) to find them."""

    def __init__(self) -> None:
        self.keys = np.zeros(0, np.int64)
        self.sorted = np.zeros(0, np.int64)
        self.of_sorted = np.zeros(0, np.intp)

    def __len__(self) -> int:
        return len(self.keys)

    def numbers(self, keys: Any) -> Any:
        """The number of each of ``keys``, new ones numbered after the others (in the order of their keys)."""
        found, back = np.unique(keys, return_inverse=True)
        at = np.searchsorted(self.sorted, found)
        seen = at < len(self.sorted)
        seen[seen] = self.sorted[at[seen]] == found[seen]
        numbers = np.empty(len(found), np.intp)
        numbers[seen] = self.of_sorted[at[seen]]
        numbers[~seen] = len(self.keys) + np.arange(np.count_nonzero(~seen))
        self.keys = np.concatenate([self.keys, found[~seen]])
        self.sorted = np.insert(self.sorted, at[~seen], found[~seen])
        self.of_sorted = np.insert(self.of_sorted, at[~seen], numbers[~seen])
        return numbers[back]
