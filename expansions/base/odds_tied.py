"""The best play when Ion Cannons tie the space battle to the ground battle (issue 34), over arrays: a Rebel base
with an Ion Cannon, the combat players most often weigh, instead of the stage-by-stage solve over whole states,
whose states are the space battle's times the ground battle's.

Why it comes apart. While an Ion Cannon stands, the Empire rolls 2 red dice fewer in space (RS-UNT-04), so the
space battle hangs on the ground one; but nothing in space changes the ground battle's dice or checks, and each
side plays each theater for its margin there (ties alike, ``Combat.tie_order``). So the ground battle is a duel
of its own (:class:`.odds_duel.Duel`), a fixed chain of pairs of ground sides under its best play; and the space
margin, from a space pair ``s`` and a ground pair ``g``, is ``W[g][s]``: the space round of the dice ``g``'s Ion
Cannons leave, whose end ``s2`` is worth ``sum(P(g, g2) * W[g2][s2])``. The ground chain only goes to weaker
pairs or stays, so the ground pairs are solved weakest first: a pair with no Ion Cannon left is worth the plain
space duel's values, a ground battle that is over (with cannons standing) the space duel with their cut, and any
other ``g`` is a space duel whose round ends in its own values with the chance ``P(g, g)`` that the ground stays
as it is, and in known values otherwise (``Battle._solve_beside``); the pairs whose other ends are solved are
solved together, as one more axis of the arrays. With a round limit the values are solved a round at a time, each
from the last.

The forward pass follows the chance of each space pair beside each ground pair (``[g, s]``, a row a ground pair),
a round at a time: each ground pair's space round by its own best play (every row with as many cannons standing
in one compiled call, their plays stacked: :meth:`Tied._plays`), then the ground round (the chain). The whole
combat's figures need the two battles together, which is why the chances are kept beside each other.

The heuristic's play needs no solve, and its space round hangs on the ground only through how many cannons stand:
its forward pass follows the two battles apart, in a branch for each set of rounds the cannons may have fallen in
(:meth:`Tied._follow_branches`), a few dozen vectors instead of a row for each ground pair. With Rise of the Empire's
repairs its chains are those of :mod:`.odds_cinematic` (:meth:`Tied._cinematic`), the branches followed alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from .odds_duel import (FAINT, MOST, Battle, Chain, Combat, Duel, Side, Solution, State, _in_health_order,
                        reached, starts)
from .odds_finals import Branched, Finals
from .odds_loops import carried, follow, settle


class Tied:
    """The space and ground battles of ``start``, tied together by Rebel Ion Cannons: the ground battle as a duel,
    and a space :class:`Battle` for each number of Ion Cannons that may stand (their sides numbered alike)."""

    def __init__(self, combat: Combat, start: State) -> None:
        self.rebel = combat.factions.index("rebel")
        self.solved: dict[tuple[int | None, int], tuple[Battle, Solution]] = {}
        self.moves_memo: dict[tuple[int, int | None], dict[int, float]] = {}
        self.ends_memo: dict[tuple[int, int | None], tuple[Any, Any]] = {}
        self.row: dict[int, int] = {}  # the forward pass's row of each ground pair it can come to
        self.plays_memo: tuple[int | None, tuple[Any, dict]] | None = None  # (_plays)
        if combat.rules.repair or combat.rules.structures_kept_if_rolled:
            self._cinematic(combat, start)
            return
        ground = Duel(combat, 1, ((), (), (), ()))
        self.duels = [ground]  # kept while their battles are used: a battle points at its duel only weakly
        self.ground, ga, gd = ground.battle(start[2], start[3])
        self.first = ga * self.ground.values_shape[1] + gd
        self.space: dict[int, Battle] = {}
        self.chains: dict[int, Chain] = {}  # the heuristic's space chain for each number of cannons standing
        duels = [Duel(combat, 0, frame) for frame in self._frames(combat, start)]
        sides = None
        if combat.policy == "heuristic":
            # the sides the heuristic's play comes to hang on the dice the cannons leave the Empire: the space
            # battles with each number of cannons standing are made over the sides any of them comes to, so that
            # they are numbered alike, as the branches need (as _cinematic's chains)
            found = [reached(space, start[0], start[1]) for space in duels]
            sides = (_in_health_order(combat, set().union(*(f[0] for f in found))),
                     _in_health_order(combat, set().union(*(f[1] for f in found))))
        for k, space in enumerate(duels):
            self.duels.append(space)
            self.space[k], sa, sd = space.battle(start[0], start[1], sides)
            if combat.policy == "heuristic":
                self.chains[k] = Chain(space, start[0], start[1])
        self.ground_chain = Chain(ground, start[2], start[3]) if combat.policy == "heuristic" else None
        self.here = sa * self.space[0].values_shape[1] + sd

    def _cinematic(self, combat: Combat, start: State) -> None:
        """The heuristic's play with repairs (Rise of the Empire's cinematic combat, :mod:`.odds_cinematic`): the
        ground battle's chain, and a space chain for each number of cannons standing, over the sides any of them
        comes to (so that they are numbered alike, as the branches need)."""
        from .odds_cinematic import CinematicChain

        ground = CinematicChain(combat, 1, ((), (), (), ()), start[2], start[3])
        self.ground, self.ground_chain = ground, ground  # (read as a battle and stepped as a chain)
        self.first = ground.start[0] * ground.values_shape[1] + ground.start[1]
        frames = self._frames(combat, start)
        chains = [CinematicChain(combat, 0, frame, start[0], start[1]) for frame in frames]
        reach = tuple(set().union(*(chain.reach[i] for chain in chains)) for i in range(3))
        if any(chain.reach != reach for chain in chains):
            chains = [CinematicChain(combat, 0, frame, start[0], start[1], reach) for frame in frames]  # type: ignore
        self.chains = dict(enumerate(chains))  # type: ignore[arg-type]
        self.space = dict(self.chains)  # type: ignore[arg-type]
        self.here = chains[0].start[0] * chains[0].values_shape[1] + chains[0].start[1]

    def _frames(self, combat: Combat, start: State) -> list[State]:
        """:func:`cannon_frames`, and (:attr:`cannons`) how many cannons stand in each of the Rebel's ground
        sides."""
        self.cannons, frames = cannon_frames(combat, start, self.ground.sides[self.rebel])
        return frames

    # -- the values ----------------------------------------------------------------------------------------------

    def moves(self, g: int, left: int | None) -> dict[int, float]:
        """The ground pairs a round from ground pair ``g`` ends in, with their chances (``g`` itself when the
        ground battle is over)."""
        found = self.moves_memo.get((g, left))
        if found is None:
            nd = self.ground.values_shape[1]
            a, d = divmod(g, nd)
            ends = self.ground.outcomes(a, d, left)
            found = self.moves_memo[(g, left)] = {a2 * nd + d2: p for (a2, d2), p in ends.items()}
        return found

    def ends(self, g: int, left: int | None) -> tuple[Any, Any]:
        """:meth:`moves` as two arrays, as the forward pass reads them: the rows of the ground pairs, their
        chances."""
        found = self.ends_memo.get((g, left))
        if found is None:
            moves = self.moves(g, left)
            found = self.ends_memo[(g, left)] = (np.array([self.row[g2] for g2 in moves], np.intp),
                                                 np.array(list(moves.values())))
        return found

    def cannons_at(self, g: int) -> int:
        """How many Ion Cannons stand in ground pair ``g``."""
        return int(self.cannons[divmod(g, self.ground.values_shape[1])[self.rebel]])

    def _plain(self, g: int, left: int | None) -> tuple[Battle, Solution] | None:
        """The space duel's own play beside ``g``, where the ground no longer changes it: no cannon left, or the
        ground battle over."""
        k = self.cannons_at(g)
        a, d = divmod(g, self.ground.values_shape[1])
        if k == 0 or self.ground.terminal[a, d]:
            return self.space[k], self.space[k].solution(left)
        return None

    def _levels(self, rounds: int) -> list[set[int]]:
        """The ground pairs the combat can stand in after 0, 1, ... ``rounds`` rounds, each round by the play with
        as many rounds to go as are left."""
        levels = [{self.first}]
        for played in range(rounds):
            levels.append({g2 for g in levels[-1] for g2 in self.moves(g, rounds - played)})
        return levels

    def _reach(self, rounds: int | None) -> list[int]:
        """The ground pairs a combat from the start can come to, in ``rounds`` or until it ends, the weakest
        first."""
        if rounds is not None:
            seen = set().union(*self._levels(rounds))
        else:
            seen, todo = {self.first}, [self.first]
            while todo:
                g = todo.pop()
                for g2 in self.moves(g, None):
                    if g2 not in seen:
                        seen.add(g2)
                        todo.append(g2)
        health = self.ground.health[0][:, None] + self.ground.health[1][None, :]
        return sorted(seen, key=lambda g: health.flat[g])

    def _solve_free(self) -> None:
        """The values until the combat ends beside every ground pair the combat can come to: in waves, each of
        the pairs whose other ends are all solved (those where the ground no longer changes space first), a wave's
        pairs with as many cannons standing solved together (``Battle._solve_beside``)."""
        wave: dict[int, int] = {}
        waves: dict[tuple[int, int], list[int]] = {}
        for g in self._reach(None):  # the weakest first: a pair's other ends come before it
            found = self._plain(g, None)
            if found is not None:
                self.solved[(None, g)] = found
                wave[g] = 0
            else:
                wave[g] = 1 + max((wave[g2] for g2 in self.moves(g, None) if g2 != g), default=0)
                waves.setdefault((wave[g], self.cannons_at(g)), []).append(g)
        chunks = []  # no more solves at once than keep their replies under MOST numbers
        size = 0  # the most replies of a chunk
        for (_, k), pairs in sorted(waves.items()):
            each = len(self.space[k].pool_number[1]) * self.space[k].values_shape[0] * self.space[k].values_shape[1]
            most = max(1, MOST // each)
            chunks += [(k, pairs[n:n + most]) for n in range(0, len(pairs), most)]
            size = max(size, each * min(most, len(pairs)))
        room = np.empty(size)  # the replies of each chunk, read only as it is solved: the same array for each
        for k, pairs in chunks:
            battle = self.space[k]
            stay = np.array([self.moves(g, None).get(g, 0.0) for g in pairs])
            elsewhere = np.stack([self._settled_after(g, None, None, staying=False) for g in pairs], axis=-1)
            for g, solution in zip(pairs, battle._solve_beside(stay, elsewhere, room)):
                self.solved[(None, g)] = battle, _lean(solution)

    def _solve_rounds(self, rounds: int) -> None:
        """The values with 1 to ``rounds`` rounds to go beside every ground pair the combat can come to."""
        levels = self._levels(rounds)
        for left in range(1, rounds + 1):
            for g in levels[rounds - left]:
                if (left, g) in self.solved:
                    continue
                found = self._plain(g, left)
                if found is None:
                    battle = self.space[self.cannons_at(g)]
                    then = np.where(battle.fixed, battle.fixed_value, battle.won) if left == 1 else \
                        self._settled_after(g, left, left - 1, staying=True)
                    found = battle, _lean(battle._solve_round(then))
                self.solved[(left, g)] = found

    def _settled_after(self, g: int, left: int | None, then: int | None, staying: bool) -> Any:
        """The space margins a round beside ground pair ``g`` (its ground play with ``left`` rounds to go) leaves,
        weighted by where the ground goes: the sum, over each ground pair it ends in, of its chance times the space
        margins settled beside that pair with ``then`` rounds to go (solved already); ``g`` itself only if
        ``staying`` (without a round limit its values are those being solved: ``Battle._solve_beside``'s
        ``stay``)."""
        out = np.zeros(self.space[0].values_shape)
        for g2, p in self.moves(g, left).items():
            if g2 != g or staying:
                out += p * self.solved[(then, g2)][1].settled
        return out

    # -- the forward pass ----------------------------------------------------------------------------------------

    def forward(self, rounds: int | None, limit: int,
                negligible: float) -> tuple[Finals | Branched, list[tuple[float, ...]]]:
        """``Combat.forward`` for both battles together: the chance of each state the combat ends in (or stands in
        after ``rounds``) and each side's expected health lost in each theater after each round."""
        if self.ground_chain is not None:  # the heuristic's play is fixed: nothing to solve
            return self._follow_branches(self.ground_chain, rounds, limit, negligible)
        if rounds is None:
            self._solve_free()
        else:
            self._solve_rounds(rounds)
        pairs = np.array(self._reach(rounds), np.intp)  # a row each, not each of the ground battle's pairs
        self.row = {int(g): n for n, g in enumerate(pairs)}
        self.ends_memo.clear()  # (its rows are this pass's)
        self.plays_memo = None
        return tied_forward(lambda now, rows, left: self._space_round(now, rows, pairs, left),
                            lambda now, rows, left: self._ground_round(now, rows, pairs, left),
                            self.space[0], self.ground, self.here, self.first, pairs, rounds, limit, negligible)

    def _follow_branches(self, ground_chain: Chain, rounds: int | None, limit: int,
                         negligible: float) -> tuple[Branched, list[tuple[float, ...]]]:
        """:meth:`forward` for the heuristic's play, by *branches*: its space round hangs on the ground only
        through how many cannons stand (a chain for each number, :attr:`chains`), and nothing in space changes the
        ground. So once it is known in which rounds the cannons fell (a branch), the two battles go their own
        ways: the chance of a space pair beside a ground pair is, summed over the branches, the chance of the space
        pair in the branch times the chance of the ground pair and the branch. A branch is a space vector and a
        ground vector, stepped by their chains; after each ground round the chance of the ground pairs with fewer
        cannons standing starts a branch of its own, with a copy of the space vector. The branches are a few more
        than the rounds in which a cannon may fall, far fewer than the ground pairs a combat comes to (which the
        best play's pass follows a row each). A pair of a branch whose chance beside the whole of its other battle is
        :data:`.odds_duel.FAINT` or less, shared among the branches, is dropped, as the duel's pass drops faint
        pairs."""
        space, ground = self.space[0], self.ground
        ns, ng = space.values_shape[0] * space.values_shape[1], ground.values_shape[0] * ground.values_shape[1]
        standing = np.repeat(self.cannons, ground.values_shape[1]) if self.rebel == 0 else \
            np.tile(self.cannons, ground.values_shape[0])  # the cannons standing in each ground pair
        fought = (space.fought, ground.fought)
        # what each round's figures read of each battle's pairs, in one product a battle: the health each side has
        # lost, whether the battle is over, and 1 (a row's whole)
        read = [np.stack([*(health_lost(battle, first, role).ravel() for role in (0, 1)), ~battle.fought,
                          np.ones(len(battle.fought))], axis=1)
                for battle, first in ((space, self.here), (ground, self.first))]
        fell_at = [standing == k for k in range(int(standing.max()))]  # the ground pairs with k cannons standing
        # the branches, a row each: the cannons standing, the space pairs' chances (given the branch), the ground
        # pairs' (and the branch's); the branch that starts with the cannons standing first, and each branch made
        # later after those made before, so that the rows of as many cannons run together (with one cannon)
        cannons, spaces, grounds = np.array([standing[self.first]]), np.zeros((1, ns)), np.zeros((1, ng))
        spaces[0, self.here] = grounds[0, self.first] = 1.0
        damage: list[tuple[float, ...]] = []
        played = 0
        while fought[0][self.here] or fought[1][self.first]:
            if played == (rounds if rounds is not None else limit):
                break
            for k, chain in self.chains.items():  # the space round, the branches with as many cannons together
                mine = np.flatnonzero(cannons == k)
                if len(mine):
                    rows = slice(mine[0], mine[-1] + 1) if mine[-1] - mine[0] + 1 == len(mine) else mine
                    spaces[rows] = chain.step(spaces[rows].reshape(len(mine), *space.values_shape)).reshape(-1, ns)
            grounds = ground_chain.step(grounds.reshape(len(grounds), *ground.values_shape)).reshape(-1, ng)
            for k in range(int(cannons.max())):  # the cannons fallen in this round: a branch for each number left
                was = np.flatnonzero(cannons > k)
                fell = grounds[was] * fell_at[k]
                new = fell.any(axis=1)
                if new.any():
                    grounds[was] -= fell
                    grounds = np.concatenate([grounds, fell[new]])
                    spaces = np.concatenate([spaces, spaces[was[new]]])
                    cannons = np.concatenate([cannons, np.full(int(new.sum()), k)])
            played += 1
            (space_lost, over_s, whole), (ground_lost, over_g, weight) = \
                ((x[:, :2], x[:, 2], x[:, 3]) for x in (spaces @ read[0], grounds @ read[1]))
            # (each branch's chance is its ground row's whole; its space row's is under 1 by what was dropped)
            damage.append(tuple((weight @ space_lost).tolist() + (whole @ ground_lost).tolist()))
            still = float(weight @ whole - over_s @ over_g)
            # the faint pairs still fought, dropped: of FAINT shared among the branches, so that a round drops no
            # more than the duel's pass may (FAINT for each of at most MOST pairs, and a battle has no more)
            faint = FAINT / len(cannons)
            with np.errstate(divide="ignore"):  # (a branch of no chance: every pair dropped)
                np.putmask(spaces, fought[0][None, :] & (spaces <= (faint / weight)[:, None]), 0.0)
                np.putmask(grounds, fought[1][None, :] & (grounds <= (faint / whole)[:, None]), 0.0)
            kept = spaces.any(axis=1) & grounds.any(axis=1)
            if not kept.all():
                cannons, spaces, grounds = cannons[kept], spaces[kept], grounds[kept]
            if still == 0.0 or (rounds is None and still < negligible):  # over before any round limit: as staged
                break
        return Branched((*space.sides, *ground.sides), spaces, grounds), damage

    def _space_round(self, now: Any, rows: Any, pairs: Any, left: int | None) -> Any:
        """The space round beside each ground pair of ``rows`` (a row of ``now``: those whose space battle holds a
        chance over :data:`.odds_duel.FAINT`; ``pairs``: the ground pair of each row), by its play (a space battle
        over stays as it is): the best play's rows in one compiled call for each number of cannons standing."""
        k_of = self.cannons[np.divmod(pairs[rows], self.ground.values_shape[1])[self.rebel]]
        play, stacked = self._plays(pairs, left)
        for k, (attack, ends) in stacked.items():
            battle = self.space[k]
            A, D = battle.targets
            mine = rows[k_of == k]
            assert (play[mine] >= 0).all(), "a row the solve did not reach"  # (-1 would read another's play)
            follow(now, mine, play[mine], FAINT, battle.fought, battle.end.ravel(), battle.pool_of, D.rolled, attack,
                   A.rolled, ends)
        return now

    def _plays(self, pairs: Any, left: int | None) -> tuple[Any, dict[int, tuple[Any, Any]]]:
        """The space plays of the rows with ``left`` rounds to go (those of the ground pairs the solve reached
        with as many): each row's play (-1: none), and for each number of cannons standing its battle's plays'
        choices stacked, as :func:`.odds_loops.follow` reads them (``attack[play]``, ``ends[play]``). Ground pairs
        that share a play (every one the ground no longer changes space beside) share its number. Kept for the
        next round when it has as many to go (``left`` ``None``: every round)."""
        if self.plays_memo is not None and self.plays_memo[0] == left:
            return self.plays_memo[1]
        play = np.full(len(pairs), -1, np.intp)
        found: dict[int, dict[int, tuple[int, Solution]]] = {}  # for each number of cannons: its plays, numbered
        for r, g in enumerate(pairs.tolist()):
            solved = self.solved.get((left, g))
            if solved is not None:
                plays = found.setdefault(self.cannons_at(g), {})
                play[r] = plays.setdefault(id(solved[1]), (len(plays), solved[1]))[0]
        stacked = {k: (np.stack([p.attack for _, p in plays.values()]), np.stack([p.ends for _, p in plays.values()]))
                   for k, plays in found.items()}
        self.plays_memo = left, (play, stacked)
        return play, stacked

    def _ground_round(self, now: Any, rows: Any, pairs: Any, left: int | None) -> Any:
        """The ground round: the chances of each ground pair of ``rows`` (the rows that hold any; ``pairs``: the
        ground pair of each row) go where its chain leads (a ground battle over stays), a compiled loop over their
        moves (:func:`.odds_loops.carried`), not one product with the chain's matrix: it is mostly zeros."""
        ends = [self.ends(int(pairs[r]), left) for r in rows]
        start = starts([len(targets) for targets, _ in ends])
        return carried(now, rows, start, np.concatenate([targets for targets, _ in ends]),
                       np.concatenate([chances for _, chances in ends]))


def tied_forward(space_round: Any, ground_round: Any, space: Any, ground: Any, here: int, first: int, pairs: Any,
                 rounds: int | None, limit: int, negligible: float) -> tuple[Finals, list[tuple[float, ...]]]:
    """The forward pass of the space and ground battles an Ion Cannon ties (:meth:`Tied.forward`, and
    :mod:`.odds_tied_repairs`'s): the chance of each space pair beside each ground pair of ``pairs`` (``now``,
    ``[row, space pair]``, a row a ground pair), from the space pair ``here`` beside the ground pair ``first``, a
    round at a time: ``space_round(now, rows, left)`` plays each of ``rows``' space round by its own play (``left``
    rounds to go, ``None``: until the end), then ``ground_round(now, rows, left)`` carries the rows that hold a
    chance where the ground's round leads; both give the chances after. The whole combat's figures need the two
    battles together, which is why the chances are kept beside each other. ``space`` and ``ground`` are the
    battles' sides, health and pairs fought, as :func:`health_lost` reads them. Gives the chance of each state the
    combat ends in (or stands in after ``rounds``) and each side's expected health lost in each theater after each
    round; pairs of chance :data:`.odds_duel.FAINT` or less are dropped as it goes (:func:`.odds_loops.settle`)."""
    ns, ng = space.values_shape[0] * space.values_shape[1], len(pairs)
    start = int(np.flatnonzero(pairs == first)[0])
    now = np.zeros((ng, ns))
    now[start, here] = 1.0
    fought = (space.fought, ground.fought[pairs])
    lost = (np.stack([health_lost(space, here, role).ravel() for role in (0, 1)]),
            np.stack([health_lost(ground, first, role).ravel()[pairs] for role in (0, 1)]))
    finals = np.zeros((ng, ns))
    ended = np.zeros(4)
    space_live, held = np.zeros(ng, bool), np.zeros(ng, bool)  # the rows to follow (settle)
    space_live[start], held[start] = fought[0][here], True
    damage: list[tuple[float, ...]] = []
    played = 0
    while (fought[0][here] or fought[1][start]) and played < (rounds if rounds is not None else limit):
        left = None if rounds is None else rounds - played
        now = space_round(now, np.flatnonzero(space_live), left)
        now = ground_round(now, np.flatnonzero(held), left)
        played += 1
        over, going, still, space_live, held = settle(now, finals, FAINT, *fought, *lost)
        ended += over
        damage.append(tuple((ended + going).tolist()))
        if still == 0.0 or (rounds is None and still < negligible):  # over before any round limit: as staged
            break
    finals += now
    rows, cols = np.nonzero(finals)
    at = np.stack([*np.divmod(cols, space.values_shape[1]), *np.divmod(pairs[rows], ground.values_shape[1])], 1)
    return Finals((*space.sides, *ground.sides), at, finals[rows, cols]), damage


def cannon_frames(combat: Combat, start: State, rebel_sides: Sequence[Side]) -> tuple[Any, list[State]]:
    """How many Rebel Ion Cannons stand in each of ``rebel_sides`` (the Rebel's ground sides), and the space
    battle's frame for each number of them standing, none first: it holds only the cannons, all the space dice read
    of the ground."""
    def cannon(unit: str) -> bool:
        return "ion-cannon" in combat.kinds[unit].abilities

    rebel = combat.factions.index("rebel")
    standing = np.array([sum(1 for u, _ in side if cannon(u)) for side in rebel_sides])
    cannons = tuple(x for x in start[2 + rebel] if cannon(x[0]))
    frames = []
    for k in range(len(cannons) + 1):
        frame: list[Side] = [(), (), (), ()]
        frame[2 + rebel] = cannons[:k]
        frames.append((frame[0], frame[1], frame[2], frame[3]))
    return standing, frames


def health_lost(battle: Battle, start: int, role: int) -> Any:
    """The health ``role``'s side has lost in each pair of ``battle`` since the pair numbered ``start``."""
    a, d = divmod(start, battle.values_shape[1])
    health = battle.health[role]
    gone = (health[a] if role == 0 else health[d]) - health
    return np.broadcast_to(gone[:, None] if role == 0 else gone[None, :], battle.values_shape)


def _lean(solution: Solution) -> Solution:
    """A ground pair's space play as the forward pass needs it: the values and choices, not the replies the solve
    read them from (those of every ground pair together would not fit in memory)."""
    solution.replies = None
    return solution
