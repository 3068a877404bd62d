"""The best play in one theater fought alone, without repairs (issue 34): the common case of the exact odds, solved
over arrays of both forces' states (numpy) instead of state by state (``odds_combat.Combat`` solves the rest:
repairs, Ion Cannons tying the theaters together). The heuristic policy in such a theater is followed over the same
arrays as a fixed chain (:class:`Chain`).

The states. Each force can be left in a finite set of sides (its units with their damage, alike miniatures merged:
for the best play those its damage leaves on the most damaged miniatures first, :func:`_concentrated`, see below;
for the heuristic those its play can come to, :func:`reached`); a state of the battle is a pair of them, and the
values are a matrix ``[attacker's side, defender's side]``. Sides are in the order of the health they have left,
and damage only takes health away, so a round from a pair ends in pairs no stronger on either side.

A round. In a step both sides roll the dice of the units they had when it began (units die only at its end,
RB-CMB-08), so the defender's roll does not hang on the attacker's: a round from ``(a, d)`` is the attacker's roll,
its choice of what is left of the defender (``e``), the defender's roll (of ``d``'s dice), its choice of what is
left of the attacker (``a2``), and the end-of-round checks. What a roll can leave of a side hangs only on that side
and the damage the roll places (its *class*: hits of each colour and direct hits, each cut to what the side can
take), so the options of a choice are fixed lists of side numbers, made once per (side, class): the attacker
choosing for a defender's side and class chooses for every attacker's side at once (a row of the matrix of
replies), and the defender choosing for an attacker's side and class chooses for every defender's side at once (a
column of the values). A choice hangs only on its options and the dice rolled back, so a side's classes that leave
the same options are one *group*, and a choice is made once for every group, of any side, that asks for it
(:func:`.odds_loops.alike`: 8 against 8 in space, the defender's 11,981 classes ask for 1,546 choices). The
replies ``R[defender's dice pool][e][a]`` (the margin once the attacker has left ``e``, the defender answering every
roll at its best) are made once for each pool, whatever side rolled it.

The order. The defender's sides are solved a health level at a time (a level needs only the weaker ones, whose
replies are made); in a level, the rolls that place damage need nothing of it, and the rolls that place none on the
defender leave a recursion over the attacker's sides, solved a health level of those at a time. A round in which
neither side places damage comes back to where it began: its chance is summed as a geometric series (a division).
With a round limit the values are solved a round at a time, each from the last (no order needed).

The best play is a zero-sum game: the margin (the attacker's chance to win the theater less the defender's) is
what the attacker makes highest and the defender lowest, so both sides want the same thing of their own chance:
to win, and not to lose. A choice takes the first option (in the order of the units left) whose margin is within
``Combat.tie`` of the best (as ``Combat.tie_order`` does), and only the ways to place all the damage the dice can
place are options (what they leave: the sides weaker than the target by exactly that damage, with at least the
roll's hits of each colour lost by that colour, :meth:`Below.options`): the others are dominated, so the margin,
and every figure, is that of the stage-by-stage solve over every option of the rules.

Why placing all the damage, on the most damaged miniatures first, loses nothing. Call a side ``s2`` weaker than
``s`` when, for each unit type and each ``k``, the ``k`` most damaged of its miniatures of that type carry together
at least as much damage as the ``k`` most damaged of those of ``s`` (a miniature destroyed or missing carries its
whole health). A side whose units match into those of ``s``, unit for like unit, each with at least as much
damage, is weaker; so is one with the same damage on a type, but on fewer miniatures. A weaker side has no more
miniatures left of any type (if ``k`` of a type are gone from ``s``, its ``k`` most damaged carry ``k`` healths, and
so must those of ``s2``), so it rolls a part of the dice (its dice are those of its units, cut at 5 a colour,
RB-CMB-05).

1. The margin is lower when the attacker is weaker and higher when the defender is, round limit or none. By
   induction on the rounds left (without a limit the margin is the limit of these, so it keeps the order): couple
   the rolls, the stronger side rolling the same dice as the weaker and some more. Every way the enemy can place
   its damage on the stronger side is matched by a way to place the same damage on the weaker side that leaves it
   no stronger than the other: on each unit type as much (as much as it can take; a hit it cannot take goes
   elsewhere or is lost), on its most damaged miniatures first, so that its ``k`` most damaged carry
   ``min(k healths, what they carried + the damage)``, no less than the other's. Every way the weaker side can
   place its damage is matched by the stronger side placing the same damage and its extra dice's as well, which
   leaves the enemy no stronger. Each choice is the best for the chooser, so it keeps the order; chances average
   it; and the end-of-round checks keep it (a weaker side is the sooner left with nothing but structures or Rebel
   Transports, and lost). Not so with a Death Star the Ion Cannons silence, or a Death Star Under Construction
   that takes no damage (RS-CMB-16/18): destroying its escorts forces the Rebel ships out, so such a battle is
   left to ``odds_combat.Combat`` (``Combat.monotone``).
2. A way that places less damage than another way could is dominated by a way that places it all. If a hit of a
   colour is lost while a unit of that colour has health left, it can go there. If it is lost because the direct
   hits filled its colour, one of those direct hits can move to a unit that still has health left (if none has,
   no way places more). Either way the enemy is left weaker, and by 1 that is no worse for the one who chooses.
3. Of the ways that place the same damage on each unit type, the one that puts it on the most damaged miniatures
   first leaves the enemy weaker than the others (its ``k`` most damaged carry all they can), so by 1 it is no
   worse. The options are therefore the ways that place all the damage, each type's on its most damaged
   miniatures first; the sides a battle can come to are those such ways leave (:func:`_concentrated`: for each unit
   type a chain, one side for each health it loses, far fewer than every side weaker than the first, when a type
   has several miniatures of more than one health); and the best of these is as good as the best of every way.
   The stage-by-stage solve weighs every way, and of equally good ones takes the one that leaves the least
   health, then the first in the order of the units left (``Combat.tie_order``): that is such a way too (it has
   the most miniatures destroyed and the least damage on the others), so the figures of both are the same
   (``tests/test_odds.py`` compares them, and checks the margins on random battles).

The forward pass (the chance of each end and the damage after each round) follows the choices the solve made, a
round at a time, over the same arrays, and only out of the pairs that hold a chance over :data:`FAINT`: after the
first rounds few do (:func:`.odds_loops.follow`). The choices :meth:`Duel.decide` gives the engine's cross-check
are those too.

The options, the solve and the rounds of the forward pass are loops compiled by numba (:mod:`.odds_loops`): a
class's options are a ragged few, which whole-array steps could only take padded into blocks. The sides, their
dice and classes of damage, and the checks are made here, with numpy.
"""

from __future__ import annotations

import gc
import itertools
import math
import weakref
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Iterable, Iterator, Protocol

import numpy as np

from .odds_finals import Finals
from .odds_loops import (Rolled, alike, by_pool, chain_round, classes, ends_of, find_options, follow, settle,
                         solve_round, solve_until_end)

Unit = tuple[str, int]  # a miniature: (unit type, damage)
Side = tuple[Unit, ...]  # one side's units of a theater, sorted
State = tuple[Side, Side, Side, Side]  # space: attacker, defender; ground: attacker, defender


class Combat(Protocol):
    """What a duel reads of the whole solver (``odds_combat.Combat``)."""

    rules: Any
    factions: tuple[str, str]
    kinds: Any
    policy: str
    tie: float  # margins no further apart than this are equally good (``Combat.tie_order`` breaks the tie)
    reach_memo: dict[tuple, tuple[list[Side], list[Side]]]  # (:func:`reached`)

    def pool(self, side: int, units: Side, cut_red: int) -> tuple[tuple[str, int], ...]: ...
    def rolls(self, pool: tuple) -> list[tuple[tuple, float]]: ...
    def _cut(self, state: State, t: int, side: int) -> int: ...
    def health(self, unit: str) -> int | None: ...
    def lethal(self, unit: str, damage: int) -> bool: ...
    def checks(self, state: State, flags: frozenset) -> State: ...
    def colour_rolls(self, colour: str, n: int) -> tuple[tuple[float, tuple[int, int, int]], ...]: ...
    def attack_options(self, pool: tuple, own: Side, enemy: Side, repairable: bool) -> list: ...


#: The most numbers the replies of a battle may hold (its pairs of sides times the defender's dice pools, 8 bytes
#: each): past it the arrays would not fit in memory, and the solve would take minutes anyway (docs/odds.md).
MOST = 20_000_000


#: The forward pass follows no pair whose chance is this or less: the chances it drops add up to less than
#: 4 x 10^-13 in a whole combat (at most :data:`MOST` pairs of sides a round, ``odds_combat.MAX_ROUNDS`` rounds at
#: most: ``tests/test_odds.py`` checks the product), under the undecided chance it stops at
#: (``odds_combat.NEGLIGIBLE``, 10^-12); in a real battle far less (8 vs 8 in space: 10^-16, the figures alike to
#: 10^-15). Once the first few rounds are fought most pairs hold less, so the rounds after them are cheap: 10^-22
#: rather than 10^-30 takes 8 vs 8 in space from 84 to 77 ms, an Ion Cannon base of 6 a side from 0.37 to 0.30 s.
FAINT = 1e-22


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector held off for a while (at once again if it was already): the solver makes
    many small tuples, dicts and arrays, which the collector would walk in vain while they live (a collection in a
    process that has loaded numba walks its whole heap: 20 to 50 ms here); they form no cycles (a duel points back
    at its combat, and a battle at its duel, weakly), so they are freed as soon as they are done with."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


class TooLarge(ValueError):
    """A battle whose arrays would be past :data:`MOST`."""


class Duel:
    """Theater ``t`` fought alone: the other theater's sides (``frame``) stay as they are, not fought. A
    :class:`Battle` is made for the first pair of forces asked about, and serves every state weaker than it."""

    def __init__(self, combat: Combat, t: int, frame: State) -> None:
        # the combat keeps its duels, and a duel its battles; the way back is weak, so that no cycle holds a query's
        # arrays once its answer is given: they are freed at once, and the next query reuses their memory, instead
        # of waiting for the next garbage collection and asking the system for fresh pages meanwhile (8 a side in
        # both theaters, asked again and again: some 4,000 page faults a query before, 2,000 to 3,000 after)
        self.c = weakref.proxy(combat)
        self.t = t
        self.frame = frame
        self.battles: list[Battle] = []
        self.roll_memo: dict[tuple, tuple[Any, Any, Any]] = {}
        self.pool_memo: dict[tuple[int, tuple[str, ...]], tuple] = {}
        self.survivors: dict[Side, Side] = {}  # (survive)

    def battle(self, attacker: Side, defender: Side,
               sides: tuple[list[Side], list[Side]] | None = None) -> tuple[Battle, int, int]:
        """The battle whose sides hold both, and their numbers in it; made over ``sides`` (each force's, in the
        order of their health) where none holds them and they are given (:class:`Battle`)."""
        for b in self.battles:
            i, j = b.index[0].get(attacker), b.index[1].get(defender)
            if i is not None and j is not None:
                return b, i, j
        b = Battle(self, attacker, defender, sides)
        self.battles.append(b)
        return b, b.index[0][attacker], b.index[1][defender]

    def state(self, attacker: Side, defender: Side) -> State:
        out = list(self.frame)
        out[2 * self.t], out[2 * self.t + 1] = attacker, defender
        return tuple(out)  # type: ignore[return-value]

    def pool(self, role: int, side: Side) -> tuple:
        """The dice ``side`` rolls as the attacker (``role`` 0) or the defender (1) of this theater: the same for
        every side of the same units, whatever their damage (``Combat.pool``)."""
        key = (role, tuple(u for u, _ in side))
        found = self.pool_memo.get(key)
        if found is None:
            state = list(self.frame)
            state[2 * self.t] = state[2 * self.t + 1] = side
            cut = self.c._cut(tuple(state), self.t, role)  # type: ignore[arg-type]
            found = self.pool_memo[key] = self.c.pool(role, side, cut)
        return found

    def rolled(self, pool: tuple) -> tuple[Any, Any, Any]:
        """The outcomes of the pool's roll as the best play tells them apart (``Combat.rolls``) as arrays: the
        hits of each colour of the pool (a row an outcome), the direct hits of all colours together, the chances.
        Made from each colour's outcomes (``Combat.colour_rolls``), a product over the colours."""
        found = self.roll_memo.get(pool)
        if found is None:
            hits, direct, chances = np.zeros((1, 0), np.int64), np.zeros(1, np.int64), np.ones(1)
            for colour, n in pool:
                outcomes = self.c.colour_rolls(colour, n)
                q = np.array([p for p, _ in outcomes])
                h, d, _ = np.array([x for _, x in outcomes], np.int64).T
                hits = np.column_stack([np.repeat(hits, len(q), axis=0), np.tile(h, len(chances))])
                direct = (direct[:, None] + d[None, :]).ravel()
                chances = (chances[:, None] * q[None, :]).ravel()
            base = sum(n for _, n in pool) + 1  # more than any count of hits
            code = hits @ base ** np.arange(len(pool)) + direct * base ** len(pool)
            found, merged = np.unique(code, return_index=True, return_inverse=True)[1:]
            found = self.roll_memo[pool] = hits[found], direct[found], np.bincount(merged.ravel(), chances)
        return found

    def survive(self, side: Side) -> Side:
        """What is left of ``side`` at the end of the step (units at their health die), kept: the chains and the
        solve with repairs ask again and again."""
        found = self.survivors.get(side)
        if found is None:
            found = self.survivors[side] = tuple(x for x in side if not self.c.lethal(*x))
        return found

    def pools(self, role: int, sides: list[Side]) -> tuple[dict[tuple, int], Any]:
        """The dice pools ``role``'s ``sides`` roll (:meth:`pool`), numbered in their order (not as found: the order
        of the sums made over them is fixed), and the number of each side's (-1: the empty side rolls none)."""
        numbered = {pool: n for n, pool in enumerate(sorted({self.pool(role, s) for s in sides if s}))}
        return numbered, np.array([numbered[self.pool(role, s)] if s else -1 for s in sides], np.int64)

    # -- what the rest of the solver asks --------------------------------------------------------------------------

    def margin(self, state: State, left: int | None) -> float:
        """The attacker's chance to win the theater less the defender's, from the start of a round in ``state``
        with ``left`` rounds to go (``None``: until the combat ends)."""
        b, i, j = self.battle(state[2 * self.t], state[2 * self.t + 1])
        return float(b.solution(left).values[i, j])

    def round_outcomes(self, state: State, left: int | None) -> dict[State, float]:
        """The ends of a round from ``state`` under the best play, with their chances (``Combat.round_outcomes``)."""
        b, i, j = self.battle(state[2 * self.t], state[2 * self.t + 1])
        return {self.state(b.sides[0][i2], b.sides[1][j2]): p for (i2, j2), p in b.outcomes(i, j, left).items()}

    def forward(self, start: State, rounds: int | None,
                limit: int, negligible: float) -> tuple[Finals, list[tuple[float, ...]]]:
        """``Combat.forward`` over the battle's arrays: the chance of each state the combat ends in (or stands in
        after ``rounds``) and each side's expected health lost after each round (the other theater loses none),
        by the best play's choices or, with the heuristic policy, its :class:`Chain`."""
        b, i, j = self.battle(start[2 * self.t], start[2 * self.t + 1])
        chain = Chain(self, start[2 * self.t], start[2 * self.t + 1]) if self.c.policy == "heuristic" else None

        def step(now: Any, left: int | None) -> Any:
            return np.ascontiguousarray(chain.step(now) if chain is not None else b.step(now, left, FAINT))

        return theater_forward(step, (i, j), b.fought, b.health, b.sides, self.frame, self.t, rounds, limit,
                               negligible)

    def decide(self, state: State, side: int, options: list[Side], left: int | None) -> int:
        """The index of the best of ``options`` (what each option of ``Combat.options`` leaves of the enemy) for
        ``side`` attacking in ``state`` (when the defender attacks, its units carry the attacker's damage: they
        roll as they did at the start of the step): the choice the solve makes, among the options that place all
        the damage they can (the fewest health left), each unit type's on its most damaged miniatures first (the
        battle's sides), in the order of the units left."""
        t = self.t
        attacker = state[2 * t]
        defender = state[2 * t + 1] if side == 0 else self.survive(state[2 * t + 1])
        b, i, j = self.battle(attacker, defender)
        enemy = 1 - side
        survived = [b.index[enemy].get(self.survive(o), -1) for o in options]  # -1: damage not concentrated
        health = b.health[enemy]
        least = min(health[n] for n in survived if n >= 0)
        placed = sorted({n for n in survived if n >= 0 and health[n] == least}, key=b.sides[enemy].__getitem__)
        sol = b.solution(left)
        if side == 0:
            pool = b.pool_number[1][self.pool(1, state[2 * t + 1])]
            # the solve works out only the replies a roll can ask for (Rolled.reached): these are such options
            assert b.targets[1].rolled.reached[pool, placed].all(), "a reply the solve did not work out"
            values = sol.replies[pool, placed, i]
            best = placed[int(np.argmax(values >= values.max() - self.c.tie))]
        else:
            values = sol.then[placed, j]
            best = placed[int(np.argmax(values <= values.min() + self.c.tie))]
        return survived.index(best)


def theater_forward(step: Any, start: tuple[int, int], fought: Any, health: tuple[Any, Any], sides: tuple,
                    frame: State, t: int, rounds: int | None, limit: int,
                    negligible: float) -> tuple[Finals, list[tuple[float, ...]]]:
    """The forward pass of theater ``t`` fought alone, over its pairs of sides (``sides``, each force's ``health``
    left; ``fought`` the pairs still fought, flat), from the pair ``start``: ``step(now, left)`` plays a round from
    the chances ``now`` (``[a, d]``) with ``left`` rounds to go (``None``: until the end), the solvers' own way
    (:class:`Duel`, :class:`.odds_cinematic.CinematicChain`). Gives the chance of each state the combat ends in (or
    stands in after ``rounds``; the other theater's sides as ``frame`` has them) and each side's expected health
    lost after each round; pairs of chance :data:`FAINT` or less are dropped as it goes (``odds_loops.settle``)."""
    i, j = start
    size = (len(health[0]), len(health[1]))
    now = np.zeros(size)
    now[i, j] = 1.0
    # the health each side has lost in each pair, as settle reads a battle's: [role, pair]
    lost = np.stack([np.repeat(health[0][i] - health[0], size[1]), np.tile(health[1][j] - health[1], size[0])])
    beside = np.zeros(1, bool), np.zeros((2, 1))  # nothing fought beside it: settle's one row
    finals = np.zeros(size)
    ended = np.zeros(2)
    damage: list[tuple[float, ...]] = []
    played = 0
    while fought[i * size[1] + j] and played < (rounds if rounds is not None else limit):
        now = step(now, None if rounds is None else rounds - played)
        played += 1
        over, going, still, _, _ = settle(now.reshape(1, -1), finals.reshape(1, -1), FAINT, fought, beside[0], lost,
                                          beside[1])
        ended += over[:2]
        row = [0.0, 0.0, 0.0, 0.0]
        row[2 * t], row[2 * t + 1] = (ended + going[:2]).tolist()
        damage.append(tuple(row))
        if still == 0.0 or (rounds is None and still < negligible):  # over before any round limit: as staged
            break
    finals += now
    a, d = np.nonzero(finals)
    every: list = [[side] for side in frame]  # the other theater's sides: as they stand
    every[2 * t], every[2 * t + 1] = sides
    at = np.zeros((len(a), 4), np.int64)
    at[:, 2 * t], at[:, 2 * t + 1] = a, d
    return Finals(every, at, finals[a, d]), damage


class Battle:
    """Every side each force of a battle can be left with, numbered in the order of their health (the empty side
    first), their dice and the options their enemy's rolls give, and the solved values (:class:`Solution`), a
    round limit at a time. Its sides may be given (``sides``): beside an Ion Cannon the heuristic's space battles
    with each number of cannons standing are numbered alike (``odds_tied.Tied``)."""

    def __init__(self, duel: Duel, attacker: Side, defender: Side,
                 sides: tuple[list[Side], list[Side]] | None = None) -> None:
        self.duel = weakref.proxy(duel)  # (Duel.__init__: no cycle)
        c = duel.c
        with collector_paused():  # the lists of sides and options: many small tuples
            # the heuristic spreads damage its own way
            if sides is not None:
                self.sides = sides
            else:
                self.sides = (_concentrated(c, attacker), _concentrated(c, defender)) if c.policy == "best" else \
                    reached(duel, attacker, defender)
            self.index = tuple({s: n for n, s in enumerate(sides)} for sides in self.sides)
            self.health = tuple(np.array([sum((c.health(u) or 0) - dmg for u, dmg in s) for s in sides], float)
                                for sides in self.sides)
            # where each run of sides of equal health begins (one more: the end), for the loops
            self.levels = tuple(np.flatnonzero(np.diff(h, prepend=-1.0, append=np.inf)) for h in self.health)
            pools = tuple([duel.pool(role, s) for s in sides] for role, sides in enumerate(self.sides))
            self.pool_number = tuple({p: n for n, p in enumerate(dict.fromkeys(ps))} for ps in pools)
            na, nd = (len(sides) for sides in self.sides)
            if na * nd * len(self.pool_number[1]) > MOST:
                raise TooLarge(f"the {('space', 'ground')[duel.t]} battle is too large to solve exactly here: its "
                               f"forces can be left in {na:,} and {nd:,} ways ({na * nd:,} pairs); ask about fewer "
                               "units (docs/odds.md, How fast)")
            self.pool_of = tuple(np.array([numbers[p] for p in ps], np.intp) for numbers, ps in
                                 zip(self.pool_number, pools))
            self.values_shape = (len(self.sides[0]), len(self.sides[1]))
            if c.policy == "best":  # the heuristic's chain (:class:`Chain`) needs no options to choose from
                self.targets = (Targets(self, 0), Targets(self, 1))
            alive = tuple(np.array([bool(s) for s in sides]) for sides in self.sides)
            self.terminal = ~(alive[0][:, None] & alive[1][None, :])
            self.fought = ~self.terminal.ravel()  # as the forward pass reads it, each round: made once
            self.won = alive[0][:, None] * 1.0 - alive[1][None, :] * 1.0
            self.fixed, self.fixed_value, self.end = self._checks()
            self.checked = (self.fixed, self.fixed_value, self.terminal, self.won)  # as the loops read them
        self.solutions: dict[int | None, Solution] = {}

    def _checks(self) -> tuple[Any, Any, Any]:
        """The pairs the end-of-round checks change (RS-CMB-15..17: a lone structure, Death Star Under
        Construction or Rebel Transports; each leaves a side with nothing), their margins then, and the number of
        the pair each pair ends the round as. (What the checks read of the round's rolls never matters in a
        duel: ``Combat.duel``.)"""
        c, duel = self.duel.c, self.duel
        size = self.values_shape
        fixed = np.zeros(size, bool)
        value = np.zeros(size)
        end = np.arange(size[0] * size[1]).reshape(size)
        for a, d in sorted(checked_pairs(c, self.sides)):
            sa, sd = self.sides[0][a], self.sides[1][d]
            checked = c.checks(duel.state(sa, sd), frozenset())
            a2, d2 = checked[2 * duel.t], checked[2 * duel.t + 1]
            if (a2, d2) != (sa, sd):
                fixed[a, d] = True
                value[a, d] = float(bool(a2) and not d2) - float(bool(d2) and not a2)
                end[a, d] = self.index[0][a2] * size[1] + self.index[1][d2]
        return fixed, value, end

    def state(self, a: int, d: int) -> State:
        return self.duel.state(self.sides[0][a], self.sides[1][d])

    # -- solving -----------------------------------------------------------------------------------------------

    def solution(self, left: int | None) -> Solution:
        """The values and choices of the best play with ``left`` rounds to go (``None``: until the end)."""
        found = self.solutions.get(left)
        if found is None:
            with collector_paused():
                if left is None:
                    found = self._solve_free()
                else:
                    then = self.solution(left - 1).settled if left > 1 else np.where(self.fixed, self.fixed_value,
                                                                                        self.won)
                    found = self._solve_round(then)
            self.solutions[left] = found
        return found

    def _solve_free(self) -> Solution:
        """Until the combat ends: the defender's sides a health level at a time (see the module's docstring)."""
        return self._solve_beside(np.ones(1), None)[0]

    def _solve_beside(self, stay: Any, elsewhere: Any, room: Any = None) -> list[Solution]:
        """Until the combat ends, beside another theater that moves on its own (``odds_tied``: the ground battle
        under an Ion Cannon), for several of its states at once, a last axis of the arrays (so that several cost
        the Python of one): for each, the margin a round ending in a pair leaves is ``stay * settled + elsewhere``:
        with chance ``stay`` the other theater is left as it was, so the values are those being solved, and
        otherwise it goes where the values are known already (``elsewhere``: their sum weighted by the chances,
        ``[a, d, state]``; ``None``: alone, :meth:`_solve_free`). ``room``: a flat array the solutions' replies
        are laid in, if given (the caller's to hand to solve after solve, once it has read them: a fresh array for
        each would be touched afresh, page by page, and with many solves that costs more than the solve)."""
        A, D = self.targets
        na, nd = self.values_shape
        solves = len(stay)
        alone = elsewhere is None
        if alone:
            elsewhere = np.zeros(self.values_shape + (solves,))
        shape = (A.rolled.zero.shape[1], nd, na * solves)  # [defender's pool, e, a * S + s]
        replies = np.zeros(shape) if room is None else room[:math.prod(shape)].reshape(shape)
        values, settled, attack, defence = solve_until_end(
            A.rolled, D.rolled, self.pool_of, self.levels, self.checked, stay,
            np.ascontiguousarray(elsewhere).reshape(na, nd * solves), self.duel.c.tie, replies)
        values, settled = values.reshape(na, nd, solves), settled.reshape(na, nd, solves)
        replies = replies.reshape(len(replies), nd, na, solves)
        ends_of(defence, self.end.ravel(), nd)
        attack, ends = attack.reshape(na, solves, D.choices), defence.reshape(A.choices, nd, solves)
        then = settled if alone else stay * settled + elsewhere
        return [Solution(values[..., n], settled[..., n], then[..., n], replies[..., n], attack[:, n],
                         ends[..., n]) for n in range(solves)]

    def _solve_round(self, then: Any) -> Solution:
        """One round more than the margins ``then`` (after the checks) of the round after."""
        A, D = self.targets
        values, replies, attack, defence = solve_round(A.rolled, D.rolled, self.pool_of, np.ascontiguousarray(then),
                                                       self.duel.c.tie)
        values = np.where(self.terminal, self.won, values)
        ends_of(defence, self.end.ravel(), self.values_shape[1])  # (pair numbers fit 32 bits: at most MOST)
        return Solution(values, np.where(self.fixed, self.fixed_value, values), then, replies, attack, defence)

    # -- following the choices ---------------------------------------------------------------------------------

    def step(self, now: Any, left: int | None, faint: float = 0.0) -> Any:
        """The chance of each pair after a round played from the chances ``now`` by the best play (pairs whose
        chance is ``faint`` or less not followed)."""
        return self.solution(left).step(self, now, faint)

    def outcomes(self, a: int, d: int, left: int | None) -> dict[tuple[int, int], float]:
        """The ends of a round from the pair ``(a, d)`` by the best play, with their chances."""
        if self.terminal[a, d]:
            return {(a, d): 1.0}
        now = np.zeros(self.values_shape)
        now[a, d] = 1.0
        after = self.step(now, left)
        return {(int(i), int(j)): float(after[i, j]) for i, j in zip(*np.nonzero(after))}


class Targets:
    """The sides of one role (``role`` 0: the attacker's) as the enemy's rolls find them: for each side, the chance
    that each enemy dice pool places nothing on it (``zero``), and its classes of damage that place some, those
    that leave the same options merged (a *group*: its side, its chance for each enemy pool in ``weight``); each
    group asks for a *choice* (``choice``) between its options, made once for every group of any side with the
    same options and the same dice rolled back (:func:`.odds_loops.alike`): the options of choice ``k`` are
    ``cand[choice_start[k]:choice_start[k + 1]]``, the numbers of the sides it can leave. The groups of side ``n``
    are ``side_start[n]`` to ``side_start[n + 1]``. ``rolled`` holds them as the loops read them
    (:class:`.odds_loops.Rolled`), with the groups by side and then enemy pool, those with a chance only: the
    forward pass reads only these, for a given pool often under half of a side's groups."""

    def __init__(self, battle: Battle, role: int) -> None:
        duel = battle.duel
        sides = battle.sides[role]
        pools = list(battle.pool_number[1 - role])
        below = Below(duel.c, sides)
        rooms, room = np.unique(below.left, axis=0, return_inverse=True)  # sides alike in health alike
        room = room.ravel()
        damages = Damages(duel, pools, rooms, below.colours)
        self.zero = damages.zero[room]
        first, count = damages.start[room], damages.start[room + 1] - damages.start[room]  # each side's classes
        cand, sizes = below.options(first, count, damages.need, damages.total)
        # every class leaves some side (its damage on the most damaged miniatures first); the compiled loops read a
        # group's first option without checking
        assert sizes.all(), "a class of damage with no side it can leave"
        own = battle.pool_of[role]
        group_start = starts(sizes)
        key = _listed(cand, group_start, own[np.repeat(np.arange(len(sides)), count)])
        self.cand, self.choice_start, self.side_start, self.weight, self.choice = alike(
            cand, group_start, starts(count), damages.chances, places(first, count), own, key,
            np.argsort(key, kind="stable"))
        self.choices = len(self.choice_start) - 1
        count = np.diff(self.side_start)
        # the sides a side rolling each of its own pools may be left as: by a roll that places nothing, or any option
        owner = np.repeat(np.arange(len(sides)), count)
        sizes = np.diff(self.choice_start)[self.choice]
        reached = np.zeros((len(battle.pool_number[role]), len(sides)), bool)
        reached[own, np.arange(len(sides))] = True
        reached[own[owner.repeat(sizes)], self.cand[places(self.choice_start[self.choice], sizes)]] = True
        self.rolled = Rolled(self.cand, self.choice_start, self.side_start, self.weight, self.choice, self.zero,
                             *by_pool(self.side_start, self.weight, self.choice), reached)


class Damages:
    """What the rolls of each enemy dice pool place on a side with each of ``rooms`` (a row a room: the damage each
    health colour of ``colours`` can still take, :attr:`Below.left`): the chance that they place nothing
    (``zero[room, pool]``), and each class of damage that places some, the classes of a room from ``start[room]``,
    in the order of a code of their damage: its chance from each pool (``chances``, a row a class), its hits of
    each of ``colours`` (``need``) and its whole damage (``total``). The hits of a colour are cut to the health the
    room has of it, the direct hits to what is left."""

    def __init__(self, duel: Duel, pools: list[tuple], rooms: Any, colours: list[str | None]) -> None:
        hits, direct, chances = [np.zeros((0, len(colours)), np.int64)], [np.zeros(0, np.int64)], [np.zeros(0)]
        for pool in pools:
            pool_hits, pool_direct, pool_chances = duel.rolled(pool)
            by_colour = np.zeros((len(pool_hits), len(colours)), np.int64)  # a colour no unit here has: lost
            for k, (colour, _) in enumerate(pool):
                if colour in colours:
                    by_colour[:, colours.index(colour)] = pool_hits[:, k]
            hits.append(by_colour)
            direct.append(pool_direct)
            chances.append(pool_chances)
        pool_start = starts([len(x) for x in direct[1:]])
        dice = np.array([sum(n for _, n in pool) for pool in pools], np.int64)
        self.zero, self.chances, self.need, self.total, self.start = classes(
            rooms, np.concatenate(hits), np.concatenate(direct), np.concatenate(chances), pool_start, dice)


class Below:
    """Which of ``sides`` (one force's, :func:`_concentrated`) each can be left as by damage,
    and what it costs each health colour. A side ``s2`` is left of ``s`` when its units match into those of ``s``,
    unit for like unit, each with at least as much damage (a missing unit: destroyed): for each unit type and damage
    ``x``, ``s2`` has no more of them with ``x`` damage or less than ``s`` has (``counts``, Hall's condition for such
    a matching), and the same units that take no damage (``kept``: only the empty side, which both always list, has
    fewer)."""

    def __init__(self, c: Combat, sides: list[Side]) -> None:
        health = {u: c.health(u) for s in sides for u, _ in s}
        touched = sorted(u for u, h in health.items() if h is not None)
        self.colours: list[str | None] = sorted({c.kinds[u].colour for u in touched}, key=str)
        first = dict(zip(touched, starts([health[u] for u in touched]).tolist()))
        width = sum(health[u] for u in touched)
        self.kept = np.array([sum(1 for u, _ in side if u not in first) for side in sides])
        colour = {u: self.colours.index(c.kinds[u].colour) for u in touched}
        # each damageable miniature of each side: (side, its column of counts, its colour, its health left)
        units = np.array([(n, first[u] + dmg, colour[u], health[u] - dmg) for n, side in enumerate(sides)
                          for u, dmg in side if u in first], np.int64).reshape(-1, 4)
        n, k = len(sides), len(self.colours)
        self.counts = np.bincount(units[:, 0] * width + units[:, 1], minlength=n * width).reshape(n, width)
        self.left = np.bincount(units[:, 0] * k + units[:, 2], units[:, 3],  # health left of each colour
                                minlength=n * k).reshape(n, k).astype(np.int64)
        for u in touched:
            block = slice(first[u], first[u] + health[u])
            self.counts[:, block] = np.cumsum(self.counts[:, block], axis=1)

    def options(self, first: Any, count: Any, need: Any, total: Any) -> tuple[Any, Any]:
        """What each class of damage (its hits of each colour ``need``, a row a class, and its whole damage
        ``total``) can leave of each side, every damage placed (the module's docstring): the sides weaker than it
        by exactly the class's damage, of each colour at least its hits, each class's in the order of the units
        left; and how many each class has. Side ``n``'s classes are ``count[n]`` from ``first[n]``; the options
        come side after side, class after class (:func:`.odds_loops.find_options`)."""
        return find_options(self.counts, self.kept, self.left, first, count, need, total)


@dataclass
class Solution:
    """The best play with a number of rounds to go: the margins at the start of a round (``values``) and after
    its checks (``settled``), the margins the defender compared (``then``), the replies
    ``[defender's pool, e, a]``, and the options chosen, as the sides they leave: the attacker's for each
    attacker's side and each choice the defender's sides ask for (``attack``, ``[a, choice]``), the defender's for
    each choice the attacker's sides ask for and each ``e``, as the pair the round then ends in (``ends``,
    ``[choice, e]``: the side it leaves of the attacker beside ``e``, after the end-of-round checks)
    (:class:`Targets`)."""

    values: Any
    settled: Any
    then: Any
    replies: Any
    attack: Any
    ends: Any

    def step(self, battle: Battle, now: Any, faint: float = 0.0) -> Any:
        """A round from the chances ``now`` (``[a, d]``) by these choices (:func:`.odds_loops.follow`). Only the
        pairs whose chance is over ``faint`` are followed (the others' chance is dropped): late in a combat few
        pairs hold any chance worth following."""
        A, D = battle.targets
        after = np.array(now, float).reshape(1, -1)
        one = np.zeros(1, np.intp)  # the one row, by the one play
        # (the choices laid out as the compiled loop always reads them, not compiled again for another layout)
        follow(after, one, one, faint, battle.fought, battle.end.ravel(), battle.pool_of, D.rolled,
               np.ascontiguousarray(self.attack)[None], A.rolled, np.ascontiguousarray(self.ends)[None])
        return after.reshape(now.shape)


def _concentrated(c: Combat, side: Side) -> list[Side]:
    """Every side ``side`` can be left with when each damage goes on the most damaged miniature of its unit type
    (the best play's only options, the module's docstring, point 3): for each unit type a chain, one side more for
    each health it loses; the empty one among them (what the end-of-round checks may leave), in the order of the
    health they have left."""
    chains = []
    for unit in sorted({u for u, _ in side}):
        damage = sorted((d for u, d in side if u == unit), reverse=True)
        chain = [tuple((unit, d) for d in damage)]
        while c.health(unit) is not None and damage:
            damage[0] += 1
            if c.lethal(unit, damage[0]):
                damage.pop(0)
            chain.append(tuple((unit, d) for d in damage))
        chains.append(chain)
    return _in_health_order(c, {()} | {tuple(sorted(x for part in parts for x in part))
                                        for parts in itertools.product(*chains)})


def _weaker(c: Combat, side: Side) -> list[Side]:
    """Every side ``side`` can be left with by damage (one hit at a time, units at their health gone), the empty
    one among them, in the order of the health they have left."""
    seen = {side, ()}
    todo = [side]
    while todo:
        s = todo.pop()
        for x in set(s):
            if c.health(x[0]) is None:
                continue
            rest = list(s)
            rest.remove(x)
            if not c.lethal(x[0], x[1] + 1):
                rest.append((x[0], x[1] + 1))
            nxt = tuple(sorted(rest))
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return _in_health_order(c, seen)


def reached(duel: Duel, attacker: Side, defender: Side) -> tuple[list[Side], list[Side]]:
    """Every side of each force the heuristic's play can come to, round after round (the sides of its
    :class:`Chain`), in the order of the health they have left: what the rolls of the dice pools the enemy's sides
    roll leave of its start, the damage placed as the heuristic places it (:func:`_left_by`). The heuristic piles
    its damage up, so they are few of the sides weaker than the start (:func:`_weaker`): the 8 Imperial ships of
    the benchmark's largest forces, 153 of 1,890. The enemy's pools are those of its sides found so far, taken
    again until no pool brings a new roll (fewer dice of the same colours bring none, but the colours' order may
    change). Kept by the combat for each duel's frame, since the bounds ask before the battle is made
    (``odds_combat.Combat.refuse_too_large``)."""
    from .odds_greedy import Cells, Rolls

    c = duel.c
    key = (duel.t, duel.frame, attacker, defender)
    found = c.reach_memo.get(key)
    if found is None:
        starts_ = (attacker, defender)
        sides: tuple[set[Side], set[Side]] = ({attacker, ()}, {defender, ()})
        used: tuple[set[tuple], set[tuple]] = (set(), set())  # the rolls each force's sides were rolled at by
        cells = tuple(Cells(c, side, False) for side in starts_)
        grown = True
        while grown:
            grown = False
            for role in (0, 1):
                pools = {duel.pool(1 - role, s) for s in sides[1 - role] if s}
                # (a colour's block with no result places nothing: left out, the rolls of fewer dice are among these)
                rolls = {tuple(b for b in dice if b[1] or b[2]) for pool in pools for (dice, _), p in c.rolls(pool)
                         if p > 0.0}
                if rolls <= used[role]:
                    continue
                used[role].update(rolls)
                left = _left_by(cells[role], starts_[role], Rolls(sorted(used[role]), cells[role].colours))
                grown = grown or bool(left - sides[role])
                sides[role].update(left)
        found = c.reach_memo[key] = (_in_health_order(c, sides[0]), _in_health_order(c, sides[1]))
    return found


def _left_by(cells: Any, start: Side, rolls: Any) -> set[Side]:
    """Every side ``start`` can be left as by rolls of ``rolls`` (an :class:`.odds_greedy.Rolls`), one after another,
    the heuristic placing their damage on the units of ``cells`` (an :class:`.odds_greedy.Cells`), units at their
    health gone at the end of each step; the empty side among them (what the end-of-round checks may leave). Found
    a wave of new sides at a time, each kept as its row's bytes: most rows a side's rolls leave were found before."""
    found = {start, ()}
    seen = {cells.row(side).tobytes() for side in found}
    wave = [start]
    while wave:
        after = []
        for ends, chances in cells.place_all(wave, rolls):
            ends[:, cells.lethal] = 0
            for row in ends[chances.any(axis=0)]:
                code = row.tobytes()
                if code not in seen:
                    seen.add(code)
                    side = cells.side(row)
                    found.add(side)
                    after.append(side)
        wave = after
    return found


def _in_health_order(c: Combat, sides: Iterable[Side]) -> list[Side]:
    """``sides`` in the order of the health they have left (the empty side first), alike by their units."""
    return sorted(sides, key=lambda s: (sum((c.health(u) or 0) - dmg for u, dmg in s), s))


def _listed(cand: Any, starts: Any, pool: Any) -> Any:
    """A hash of each run of options ``cand[starts[g]:starts[g + 1]]`` (none empty) and of the dice pool ``pool[g]``
    that goes with it (:func:`.odds_loops.alike`): a polynomial in the options, wrapping round 64 bits."""
    sizes = np.diff(starts)
    at = np.arange(len(cand)) - np.repeat(starts[:-1], sizes)  # each option's place in its run
    powers = np.cumprod(np.full(int(sizes.max(initial=0)) + 1, 1_000_003, np.uint64))  # wraps round: a hash
    terms = (cand.astype(np.uint64) + np.uint64(1)) * powers[at]
    return np.add.reduceat(terms, starts[:-1]) + (pool.astype(np.uint64) + np.uint64(1)) * powers[sizes]


def starts(sizes: Any) -> Any:
    """Where each of runs of these sizes begins, one after the other (one more: the end)."""
    return np.concatenate([np.zeros(1, np.intp), np.cumsum(sizes, dtype=np.intp)])


def places(first: Any, counts: Any) -> Any:
    """The places of runs of entries, each ``counts[k]`` long from ``first[k]``, one after the other."""
    return (first - counts.cumsum() + counts).repeat(counts) + np.arange(counts.sum())


def checked_pairs(c: Combat, sides: tuple[list[Side], list[Side]]) -> set[tuple[int, int]]:
    """The pairs of two forces' ``sides`` (numbers) the end-of-round checks may change: those where a side is made
    only of units that may be lost when alone (:func:`_may_be_lost`) or of Death Stars (RS-CMB-18: Rebel ships
    facing one the Ion Cannons silence leave). The checks are asked of these only."""
    lone = [[n for n, s in enumerate(force) if s and all(_may_be_lost(c, u) or "death-star" in c.kinds[u].abilities
                                                        for u, _ in s)] for force in sides]
    na, nd = len(sides[0]), len(sides[1])
    return {(a, d) for a in lone[0] for d in range(nd)} | {(a, d) for a in range(na) for d in lone[1]}


def round_ends(duel: Duel, sides: tuple[list[Side], list[Side]], pool_of: tuple[Any, Any]) -> tuple[Any, Any]:
    """How a round of the duel's theater ends, for the chains and the solve with repairs (their sides ``sides``,
    each force's pool numbers ``pool_of``, :meth:`Duel.pools`): the end-of-round checks read whether each side
    rolled (RS-ROE-02), which hangs on its pool, so a set of the checks' flags for each pair of pools (``combo[a's
    pool, d's pool]``), and the pair each pair of sides left at the end of the step ends the round as, for each set
    of flags (``end[flags, a * nd + d]``)."""
    c, t = duel.c, duel.t
    sa, sd = sides
    index_a, index_d = ({s: n for n, s in enumerate(force)} for force in sides)
    counts = [int(pools.max(initial=-1)) + 1 for pools in pool_of]
    flags: dict[frozenset, int] = {}
    combo = np.zeros((max(1, counts[0]), max(1, counts[1])), np.int64)
    for qa in range(counts[0]):
        for qd in range(counts[1]):
            rolling = [force[int(np.flatnonzero(pools == q)[0])] for force, pools, q in zip(sides, pool_of, (qa, qd))]
            state = duel.state(*rolling)
            f = c.flag(c.flag(frozenset(), state, t, 0), state, t, 1)
            combo[qa, qd] = flags.setdefault(f, len(flags))
    nd = len(sd)
    end = np.tile(np.arange(len(sa) * nd, dtype=np.int64), (max(1, len(flags)), 1))
    pairs = checked_pairs(c, sides)
    for f, k in flags.items():
        for a, d in pairs:
            checked = c.checks(duel.state(sa[a], sd[d]), f)
            end[k, a * nd + d] = index_a[checked[2 * t]] * nd + index_d[checked[2 * t + 1]]
    return combo, end


def _may_be_lost(c: Combat, unit: str) -> bool:
    """Whether a side of such units alone may be lost at the end of a round (RS-CMB-15..17)."""
    kind = c.kinds[unit]
    return kind.kind == "structure" or bool({"death-star-under-construction", "rebel-transport"} & kind.abilities)


class Chain:
    """The heuristic policy in theater ``t`` fought alone, without repairs (issue 34): what the heuristic leaves of
    a side hangs only on that side and the enemy's roll (:mod:`.odds_greedy`: it never reads the chooser's
    own units), so a round is a fixed Markov chain over the pairs of sides of a :class:`Battle`: the attacker's
    roll takes the defender's side ``d`` to ``e`` by ``hit[attacker's pool][d, e]``, the defender's roll (of
    ``d``'s dice: units die at the end of the step) takes the attacker's ``a`` to ``a2`` by
    ``hit[defender's pool][a, a2]``, then the end-of-round checks."""

    def __init__(self, duel: Duel, attacker: Side, defender: Side) -> None:
        self.duel = duel
        self.b, _, _ = duel.battle(attacker, defender)
        self.hits = tuple(self._moves(role) for role in (0, 1))

    def _moves(self, role: int) -> tuple[Any, Any, Any]:
        """For each dice pool of ``role``'s sides: the chance that its roll, damage placed as the heuristic does,
        leaves each side of the enemy as each other (units at their health gone), as sparse rows, a row for each
        (pool, enemy's side) in that order: where its entries begin (one more: the end), the sides after, their
        chances. What each roll leaves of a side is worked out once for all the pools (:mod:`.odds_greedy`), and
        each pool's row is its rolls' chances times those."""
        from .odds_greedy import Cells, Rolls, chain_moves

        b, c = self.b, self.duel.c
        enemy = 1 - role
        sides, pools = b.sides[enemy], b.pool_number[role]
        numbered: dict[tuple, int] = {}  # the rolls of every pool, numbered
        chances = [(number, numbered.setdefault(dice, len(numbered)), p)
                   for pool, number in pools.items() for (dice, _), p in c.rolls(pool)]
        chances.sort()  # by pool
        pool_start = np.searchsorted([number for number, _, _ in chances], np.arange(len(pools) + 1))
        cells = Cells(c, tuple(x for side in sides for x in side), False)
        rolls = Rolls(list(numbered), cells.colours)
        known = np.array([cells.row(side) for side in sides], np.int64)
        row, to, chance = chain_moves(*cells.targets(sides, rolls.most), len(cells.colours), rolls.jobs,
                                      rolls.children, rolls.leaf, cells.room, pool_start,
                                      np.array([k for _, k, _ in chances]), np.array([p for _, _, p in chances]),
                                      known, cells.lethal)
        order = np.argsort(row, kind="stable")
        return np.searchsorted(row[order], np.arange(len(pools) * len(sides) + 1)), to[order], chance[order]

    def step(self, now: Any) -> Any:
        """The chance of each pair after a round from the chances ``now`` (``[a, d]``, or a stack of such:
        ``[row, a, d]``, stepped together, as ``odds_tied`` does the space battle beside each ground pair)."""
        stack = np.ascontiguousarray(now).reshape(-1, *self.b.end.shape)
        return chain_round(stack, self.b.pool_of[0], self.b.pool_of[1], *self.hits[0], *self.hits[1],
                           self.b.end.ravel()).reshape(now.shape)
