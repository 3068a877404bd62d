"""The best play with repairs when Ion Cannons tie the space battle to the ground battle (issue 34), over arrays:
Rise of the Empire's Rebel base with an Ion Cannon, instead of the stage-by-stage solve over whole states.

Why it comes apart, as in the base game (:mod:`.odds_tied`). While an Ion Cannon stands the Empire rolls 2 red dice
fewer in space (RS-UNT-04), but nothing in space changes the ground battle, and each side plays each theater for
its margin there. So the ground battle is solved alone (:class:`.odds_repairs.Lookahead`, the play looking
:data:`.odds_combat.LOOKAHEAD` rounds ahead), and its play is a chain of pairs of ground sides for each number of
rounds to go, ``P_k``. The space values hang on the ground pair ``g`` the round starts beside: with ``k`` rounds to
go,

* ``V_k[g]`` = the space round of the dice ``g``'s Ion Cannons leave (the space :class:`.odds_repairs.Lookahead` of
  that many cannons standing), whose ends are worth ``C_k[g]``;
* ``C_k[g]`` = ``sum(P_k(g, g2) * V_(k-1)[g2])``, the ground round coming after the space one in the same round;
* ``V_0[g]`` = who holds the space theater.

Beside a ground pair with no cannon left, or whose ground battle is over, the space battle no longer changes with
the ground: its values are those of the space battle alone with that many cannons standing (*plain*). The others
are solved a round to go at a time for every ground pair the play can come to. Unlike the base game's best play,
the play with repairs looks a fixed number of rounds ahead, so nothing is solved weakest first: each ``V_k`` reads
only ``V_(k-1)``.

The forward pass follows the chance of each space pair beside each ground pair (``[g, s]``, a row a ground pair),
a round at a time, as the base game's does (:func:`.odds_tied.tied_forward`): each row's space round by its play,
then the ground round. With no round limit the plays are those with :data:`.odds_combat.LOOKAHEAD` rounds ahead past
the round, the same each round, so each is made once as sparse rows (:meth:`.odds_repairs.Lookahead.moves`).
``tests/test_odds.py`` checks every figure against the stage-by-stage solve.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .odds_duel import MOST, State, TooLarge, places, starts
from .odds_finals import Finals
from .odds_loops import carried, moved
from .odds_repairs import Combat, Lookahead
from .odds_tied import cannon_frames, tied_forward
from .odds_ways import Ways


class TiedRepairs:
    """The space and ground battles of ``start`` with repairs, tied together by Rebel Ion Cannons: the ground
    battle's :class:`Lookahead`, and the space battle's for each number of cannons that may stand (their sides are
    every side of each force, numbered alike whatever the cannons), the play looking ``ahead`` rounds past the one
    it is in."""

    def __init__(self, combat: Combat, start: State, ahead: int) -> None:
        empty: State = ((), (), (), ())
        self.ahead = ahead
        self.rebel = combat.factions.index("rebel")
        ways = Ways(combat)  # (the space battles' sides are the same whatever the cannons: their sets too)
        self.ground = Lookahead(combat, 1, empty, start[2], start[3], ahead, ways)
        self.cannons, frames = cannon_frames(combat, start, self.ground.sides[self.rebel])
        self.space = [Lookahead(combat, 0, frame, start[0], start[1], ahead, ways) for frame in frames]
        self.first = self.ground.start[0] * self.ground.values_shape[1] + self.ground.start[1]
        self.here = self.space[0].start[0] * self.space[0].values_shape[1] + self.space[0].start[1]
        self.space_pairs = self.space[0].values_shape[0] * self.space[0].values_shape[1]
        self.ground_rounds: dict[int, tuple[Any, Any, Any]] = {}  # (:meth:`moves`)
        self.plays: dict[tuple[int, int], tuple[Any, Any]] = {}  # (rounds to go, ground pair) -> (W, C)
        self.stacked: dict[int, tuple[Any, dict]] = {}  # (:meth:`_plays`)

    def cannons_at(self, g: int) -> int:
        """How many Ion Cannons stand in ground pair ``g``."""
        return int(self.cannons[divmod(g, self.ground.values_shape[1])[self.rebel]])

    def plain(self, g: int) -> bool:
        """Whether the space battle beside ground pair ``g`` no longer changes with the ground: no cannon left,
        or the ground battle over (the cannons standing stay)."""
        return self.cannons_at(g) == 0 or not self.ground.fought[g]

    def moves(self, g: int, k: int) -> tuple[Any, Any]:
        """The ground pairs a round from ground pair ``g`` with ``k`` rounds to go ends in, and their chances
        (``g`` itself when the ground battle is over): the ground play's round with ``k`` to go, made once as
        sparse rows for every ground pair (:meth:`.odds_repairs.Lookahead.moves`)."""
        found = self.ground_rounds.get(k)
        if found is None:
            found = self.ground_rounds[k] = self.ground.moves([self.ground.solve(k)])
        start, to, chance = found
        return to[start[g]:start[g + 1]], chance[start[g]:start[g + 1]]

    def _reach(self, top: int) -> list[int]:
        """The ground pairs the combat can come to from the start by the ground's play with any of 1 to ``top``
        rounds to go (more than it comes to with a round limit: a pair the pass never reaches is solved for
        nothing, never read)."""
        seen, todo = {self.first}, [self.first]
        while todo:
            g = todo.pop()
            for k in range(1, top + 1):
                for g2 in self.moves(g, k)[0].tolist():
                    if g2 not in seen:
                        seen.add(g2)
                        todo.append(g2)
        return sorted(seen)

    # -- the values ----------------------------------------------------------------------------------------------

    def _solve(self, pairs: list[int], top: int, kept: set[int]) -> None:
        """``V_k`` beside each ground pair of ``pairs`` that is not :meth:`plain`, ``k`` from 1 to ``top``; the
        plays (``W_k`` and ``C_k``) of the rounds to go in ``kept`` kept for the forward pass."""
        tied = [g for g in pairs if not self.plain(g)]
        size = len(tied) * len(kept) * max(s.values_shape[0] * max(1, len(s.middle)) for s in self.space)
        if size > MOST:  # the memory guard, as odds_duel.Battle's: never built
            raise TooLarge(f"the space and ground battles, tied together by the Ion Cannon, are too large to solve "
                           f"exactly here: the space plays beside each ground pair would hold {size:,} numbers; ask "
                           "about fewer units (docs/odds.md, How fast)")
        row = {g: n for n, g in enumerate(pairs)}
        # V_(k-1) beside each tied pair, flat: first V_0, who holds space (whatever the cannons)
        solved: list[Any] = [self.space[self.cannons_at(g)].margins(0).ravel() for g in tied]
        for k in range(1, top + 1):
            before = np.zeros((len(pairs), self.space_pairs))  # V_(k-1) beside every pair
            for n, g in enumerate(pairs):
                if self.plain(g):
                    before[n] = self.space[self.cannons_at(g)].margins(k - 1).ravel()
            for n, values in zip(map(row.__getitem__, tied), solved):
                before[n] = values
            # C_k beside each tied pair: V_(k-1) carried back along P_k's moves by a compiled loop (a product with a
            # matrix of P_k, mostly zeros, was slower)
            source, target, chance = [], [], []
            for n, g in enumerate(tied):
                to, p = self.moves(g, k)
                source += [row[g2] for g2 in to.tolist()]
                target += [n] * len(to)
                chance.append(p)
            order = np.argsort(source, kind="stable")
            start = np.concatenate([[0], np.cumsum(np.bincount(source, minlength=len(pairs)))])
            worth = carried(before, np.arange(len(pairs)), start, np.array(target, np.intp)[order],
                            np.concatenate([np.zeros(0)] + chance)[order])  # (a row each tied pair, then zeros)
            solved = []
            # ground pairs whose round's ends are worth the same, to the bit, share the space round: beside the base
            # of 6 against 7, a third of them
            made: dict[tuple[int, bytes], tuple[Any, Any]] = {}
            for g, then in zip(tied, worth):
                c = self.cannons_at(g)
                mark = (c, then.tobytes())
                if mark not in made:
                    replies = self.space[c].reply(then)
                    made[mark] = replies, self.space[c].attack_values(replies).ravel()
                replies, values = made[mark]
                solved.append(values)
                if k in kept:
                    self.plays[(k, g)] = replies, then

    def _plays(self, pairs: Any, k: int, whole: bool) -> tuple[Any, dict[int, tuple[Any, ...]]]:
        """The space plays beside the ground pairs ``pairs`` (a row each) with ``k`` rounds to go: each row's play's
        number among those with as many cannons standing, and for each number of cannons their plays, stacked: the
        replies ``W_k`` and what their rounds' ends are worth (:meth:`.odds_repairs.Lookahead.follow_rows`), or
        with no round limit (``whole``), the same each round, their rounds as sparse rows
        (:meth:`.odds_repairs.Lookahead.moves`). The pairs beside which the space battle is plain share its play,
        and so do those whose round's ends are worth the same to the bit, whose replies :meth:`_solve` made once
        (beside the base of 6 against 7, 100 plays are 71). Kept for the next round when it has as many to go."""
        found = self.stacked.get(k)
        if found is None:
            play = np.zeros(len(pairs), np.intp)
            plays: dict[int, list[tuple[Any, Any]]] = {}
            plain: dict[int, int] = {}  # the number of the plain play of each number of cannons
            alike: dict[tuple[int, bytes], int] = {}  # the number of each play given, by its cannons and ends
            for r, g in enumerate(pairs.tolist()):
                c = self.cannons_at(g)
                mine = plays.setdefault(c, [])
                if self.plain(g):
                    if c not in plain:
                        plain[c] = len(mine)
                        mine.append(self.space[c].solve(k))
                    play[r] = plain[c]
                else:
                    replies, then = self.plays.pop((k, g))
                    mark = (c, then.tobytes())  # (the replies are made from them)
                    if mark not in alike:
                        alike[mark] = len(mine)
                        mine.append((replies, then))
                    play[r] = alike[mark]
            found = self.stacked[k] = play, {
                c: self.space[c].moves(mine) if whole else
                (np.stack([w for w, _ in mine]), np.stack([v.ravel() for _, v in mine])) for c, mine in plays.items()}
        return found

    # -- the forward pass ----------------------------------------------------------------------------------------

    def forward(self, rounds: int | None, limit: int, negligible: float) -> tuple[Finals, list[tuple[float, ...]]]:
        """``Combat.forward`` for both battles together: the chance of each state the combat ends in (or stands in
        after ``rounds``) and each side's expected health lost in each theater after each round."""
        top = self.ahead + 1 if rounds is None else rounds
        pairs = np.array(self._reach(top), np.intp)  # a row each, not each of the ground battle's pairs
        self._solve(pairs.tolist(), top, {top} if rounds is None else set(range(1, rounds + 1)))
        row = {int(g): n for n, g in enumerate(pairs)}
        standing = np.array([self.cannons_at(g) for g in pairs.tolist()])

        def space_round(now: Any, live: Any, left: int | None) -> Any:
            play, stacked = self._plays(pairs, top if left is None else left, left is None)
            for c, plays in stacked.items():
                mine = live[standing[live] == c]
                if left is None:  # the same plays each round: made once as sparse rows
                    moved(now, mine, play, *plays)
                else:
                    self.space[c].follow_rows(now, mine, play, *plays)
            return now

        ground_rows: dict[int, tuple[Any, Any, Any]] = {}  # the ground's round of every row, by rounds to go

        def ground_round(now: Any, rows: Any, left: int | None) -> Any:
            k = top if left is None else left
            if k not in ground_rows:  # made once for the rows (with no round limit, once for every round)
                ends = [self.moves(g, k) for g in pairs.tolist()]
                ground_rows[k] = (starts([len(to) for to, _ in ends]),
                                  np.array([row[g2] for to, _ in ends for g2 in to.tolist()], np.intp),
                                  np.concatenate([np.zeros(0)] + [chance for _, chance in ends]))
            start, to, chance = ground_rows[k]
            sizes = start[rows + 1] - start[rows]
            at = places(start[rows], sizes)
            return carried(now, rows, starts(sizes), to[at], chance[at])

        return tied_forward(space_round, ground_round, self.space[0], self.ground, self.here, self.first, pairs,
                            rounds, limit, negligible)
