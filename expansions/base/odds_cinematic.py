"""The heuristic's play in one theater of Rise of the Empire's cinematic combat, over arrays (issue 34): a fixed
Markov chain over pairs of sides, as :class:`.odds_duel.Chain` is for the base game, instead of the stage-by-stage
solve over whole states.

Why a chain of its own. A special removes a damage from one's own unit (RE-CIN-15), so a round can leave a side
stronger than it began, and the defender's units carry the attacker's damage past their health until the
defender's own roll may save them (units die at the end of the step, RB-CMB-08). The base game's chain follows
only damage; this one follows both. A round from a pair ``(a, d)``:

1. the attacker's roll (of ``a``'s pool): its specials repair ``a`` at random (the heuristic's ``prefer_acting``:
   every repair alike), ``a1``; its hits and direct hits go where the heuristic puts them, on ``d``, the damage
   carried past health (``d1``, a *middle* side);
2. the defender's roll (of ``d``'s pool: ``d1`` has the same units): its specials repair ``d1`` (a unit past its
   health may be saved), its hits and direct hits go on ``a1``, cut at health (nothing repairs them any more);
3. the units at their health die, and the end-of-round checks run (RS-CMB-15..17; with Rise of the Empire, lone
   structures whose side rolled stay, RS-ROE-02: the checks read which sides rolled, which hangs on their pools).

A roll's repairs hang only on its specials and its damage only on its hits, so each pool's rolls are summed by their
specials (a *class*) and a round is, for each class, the repairs of one side times the damage on the other: tables
of sparse rows (:class:`Sparse`), made once. The play is fixed, so the round is the same each round: one compiled
loop makes it once as sparse rows of the pairs each pair ends it in (:func:`.odds_loops.cinematic_moves`), and each
round of the forward pass is a sparse product (:func:`.odds_loops.moved`). The sides are those the play comes to
from the start (:meth:`CinematicChain._closure`), found side by side, not pair by pair. Beside an Ion Cannon,
:mod:`.odds_tied` follows a chain for the ground battle and one for the space battle with each number of cannons
standing, made over the same sides (``reach``).
``tests/test_odds.py`` checks every figure against the stage-by-stage solve.
"""

from __future__ import annotations

from typing import Any, Protocol

import numpy as np

from .odds_duel import MOST, Duel, Side, State, TooLarge, _in_health_order, round_ends, starts, theater_forward
from .odds_finals import Finals
from .odds_greedy import heuristic_placements, random_repairs
from .odds_loops import cinematic_moves, moved


class Combat(Protocol):
    """What the chain reads of the whole solver (``odds_combat.Combat``), itself and through :mod:`.odds_greedy` and
    :class:`.odds_duel.Duel`."""

    kinds: Any
    dice: Any
    stage_memo: dict

    def cap(self, unit: str, repairable: bool) -> int: ...

    def pool(self, side: int, units: Side, cut_red: int) -> tuple: ...
    def rolls(self, pool: tuple) -> list[tuple[tuple, float]]: ...
    def _cut(self, state: State, t: int, side: int) -> int: ...
    def health(self, unit: str) -> int | None: ...
    def lethal(self, unit: str, damage: int) -> bool: ...
    def flag(self, flags: frozenset, state: State, t: int, side: int) -> frozenset: ...
    def checks(self, state: State, flags: frozenset) -> State: ...


class Sparse:
    """Rows of chances, kept as the compiled loop reads them: where each of ``rows`` rows' entries begin (one more:
    the end), the numbers they lead to, their chances. Each row is given once, in any order; a row never given is
    empty."""

    def __init__(self, rows: int) -> None:
        self.rows = rows
        self.parts: list[tuple[int, Any, Any]] = []

    def put(self, ns: list[int], entries: dict[int, float]) -> None:
        """Rows ``ns``, each the same ``entries`` (number led to: chance)."""
        ordered = sorted(entries.items())
        to, chance = np.array([to for to, _ in ordered], np.int64), np.array([p for _, p in ordered])
        self.parts += [(n, to, chance) for n in ns]

    def given(self, n: int, to: Any, chance: Any) -> None:
        """Row ``n`` from arrays: the numbers it leads to (each once, in order) and their chances; those of no
        chance left out."""
        kept = chance != 0.0
        self.parts.append((n, to[kept], chance[kept]))

    def arrays(self) -> tuple[Any, Any, Any]:
        self.parts.sort(key=lambda part: part[0])
        counts = np.zeros(self.rows, np.int64)
        for n, to, _ in self.parts:
            counts[n] = len(to)
        return (starts(counts), np.concatenate([np.zeros(0, np.int64)] + [to for _, to, _ in self.parts]),
                np.concatenate([np.zeros(0)] + [p for _, _, p in self.parts]))


class CinematicChain:
    """Theater ``t`` fought alone with repairs, the other theater's sides standing as ``frame`` has them (the Ion
    Cannons' cut): the sides each force comes to (:attr:`sides`, round-start sides in the order of their health,
    the empty one first; the defender's middle sides apart), the tables of a round, and its forward pass."""

    def __init__(self, combat: Combat, t: int, frame: State, attacker: Side, defender: Side,
                 reach: tuple[set[Side], set[Side], set[Side]] | None = None) -> None:
        self.c, self.t, self.frame = combat, t, frame
        self.duel = Duel(combat, t, frame)  # its states and pools: this theater's beside the frame
        self.classes: tuple[dict[tuple, list], dict[tuple, list]] = ({}, {})  # for each pool: (specials, rolls)
        self.repaired: tuple[dict[Side, list], dict[Side, list]] = ({}, {})  # (:meth:`_repairs`)
        self.blocks: tuple[dict[tuple, tuple], dict[tuple, tuple]] = ({}, {})  # for each pool: its rolls' blocks
        found = self._closure(attacker, defender) if reach is None else reach
        self.reach = found  # (another frame's chain may be made over the same sides: odds_tied)
        self.sides = tuple(_in_health_order(combat, s) for s in found[:2])
        self.middle = sorted(found[2])
        self.index = tuple({s: n for n, s in enumerate(sides)} for sides in (*self.sides, self.middle))
        self.start = self.index[0][attacker], self.index[1][defender]
        self.health = tuple(np.array([sum((combat.health(u) or 0) - d for u, d in s) for s in sides], float)
                            for sides in self.sides)
        alive = tuple(np.array([bool(s) for s in sides]) for sides in self.sides)
        self.fought = (alive[0][:, None] & alive[1][None, :]).ravel()
        self._made: tuple | None = None  # the tables, made when a round is first stepped (:attr:`tables`)
        self._moves: tuple[Any, Any, Any] | None = None  # (:attr:`moves`)

    @property
    def tables(self) -> tuple:
        """The tables of a round (:meth:`_tables`), made the first time they are read: beside an Ion Cannon a chain
        whose sides are then taken together with another's is never stepped, and its tables never made."""
        if self._made is None:
            self._made = self._tables()
        return self._made

    @property
    def values_shape(self) -> tuple[int, int]:
        """How many round-start sides each force has: the shape of the pairs' chances."""
        return len(self.sides[0]), len(self.sides[1])

    # -- the sides ------------------------------------------------------------------------------------------------

    def state(self, a: Side, d: Side) -> State:
        return self.duel.state(a, d)

    def pool(self, role: int, side: Side) -> tuple:
        """The dice ``side`` rolls as the attacker (``role`` 0) or the defender (1) (:meth:`.odds_duel.Duel.pool`)."""
        return self.duel.pool(role, side)

    def _pool_classes(self, role: int, pool: tuple) -> list[tuple[tuple, list[tuple[tuple, float]]]]:
        """The pool's rolls by their specials (a class each): ``[(specials, [(blocks, chance), ...]), ...]``."""
        found = self.classes[role].get(pool)
        if found is None:
            by: dict[tuple, list[tuple[tuple, float]]] = {}
            for (blocks, specials), p in self.c.rolls(pool):
                by.setdefault(specials, []).append((blocks, p))
            found = self.classes[role][pool] = sorted(by.items())
            self.blocks[role][pool] = tuple(sorted({b for _, rolls in found for b, _ in rolls}))
        return found

    def _repairs(self, role: int, side: Side) -> list[tuple[list[int], dict[Side, float]]]:
        """The heuristic's repairs of ``side`` by the specials of each class of the pool it rolls as ``role``
        (:func:`.odds_greedy.random_repairs`), the classes that repair it alike together: ``[(classes, repairs),
        ...]``, the classes numbered in their pool's order. Specials of a colour repair no more than the damage on
        that colour's units: 6 vs 6 on the ground, the middle sides' 10,606 classes repair as 5,300."""
        found = self.repaired[role].get(side)
        if found is None:
            damage: dict[str | None, int] = {}
            for u, d in side:
                colour = self.c.kinds[u].colour
                damage[colour] = damage.get(colour, 0) + d
            alike: dict[tuple, list[int]] = {}
            for k, (specials, _) in enumerate(self._pool_classes(role, self.pool(role, side))):
                alike.setdefault(tuple((c, min(n, damage[c])) for c, n in specials if damage.get(c)), []).append(k)
            found = self.repaired[role][side] = [(ks, random_repairs(self.c, side, dict(used)))
                                                 for used, ks in alike.items()]
        return found

    def _placed(self, enemy: Side, role: int, pool: tuple, repairable: bool) -> tuple[list[Side], Any]:
        """What the rolls of ``role``'s pool leave of ``enemy``, the heuristic placing its damage: the sides they
        can leave, and ``[roll, side]`` their chances, the rolls in the order of :attr:`blocks`
        (:func:`.odds_greedy.heuristic_placements`)."""
        self._pool_classes(role, pool)
        return heuristic_placements(self.c, enemy, self.blocks[role][pool], repairable)

    def _closure(self, attacker: Side, defender: Side) -> tuple[set[Side], set[Side], set[Side]]:
        """The attacker's and the defender's round-start sides and the defender's middle sides the play comes to
        from the start, side by side: each force's sides grown by its own repairs and by what the rolls of the
        enemy's pools (those of the enemy's sides found so far) leave of it, until nothing new is found. The empty
        side is among each force's (what the end-of-round checks may leave)."""
        sides: tuple[set[Side], set[Side]] = ({attacker, ()}, {defender, ()})
        middle: set[Side] = set()
        done: tuple[set, set] = (set(), set())  # (side, pool) pairs grown already
        grown = True
        while grown:
            grown = False
            pools = tuple({self.pool(role, s) for s in sides[role] if s} for role in (0, 1))
            found: tuple[set[Side], set[Side]] = (set(), set())
            for a in list(sides[0]):
                if not a:
                    continue
                for _, repairs in self._repairs(0, a):
                    found[0].update(repairs)
                for pool in pools[1]:
                    if (a, pool) not in done[0]:
                        done[0].add((a, pool))
                        found[0].update(self.duel.survive(s) for s in self._placed(a, 1, pool, False)[0])
            for d in list(sides[1]):
                if not d:
                    continue
                for pool in pools[0]:
                    if (d, pool) not in done[1]:
                        done[1].add((d, pool))
                        for d1 in self._placed(d, 0, pool, True)[0]:
                            if d1 not in middle:
                                middle.add(d1)
                                for _, repairs in self._repairs(1, d1):
                                    found[1].update(self.duel.survive(s) for s in repairs)
            for role in (0, 1):
                new = found[role] - sides[role]
                if new:
                    sides[role].update(new)
                    grown = True
        return sides[0], sides[1], middle

    # -- the tables of a round ----------------------------------------------------------------------------------

    def _tables(self) -> tuple:
        """What :func:`.odds_loops.cinematic_moves` reads: each side's pool, each pool's classes, the four tables
        of sparse rows (the attacker's repairs ``[a, class]`` and its damage ``[class, d]`` to a middle side, the
        defender's repairs ``[middle, class]`` and its damage ``[class, a1]``, both to sides at the end of the
        step), and the pair each pair ends the round as, for each set of the checks' flags."""
        (sa, sd), sm = self.sides, self.middle
        index_a, index_d, index_m = self.index
        na, nd = len(sa), len(sd)
        (numbered_a, pool_a), (numbered_d, pool_d) = self.duel.pools(0, sa), self.duel.pools(1, sd)
        numbered, pool_of = [numbered_a, numbered_d], [pool_a, pool_d]
        by_pool = [list(numbered[role].items()) for role in (0, 1)]
        classes = [[self._pool_classes(role, pool) for pool, _ in by_pool[role]] for role in (0, 1)]
        class_start = [starts([len(c) for c in cs]) for cs in classes]
        count = [int(c[-1]) for c in class_start]
        nm = len(sm)
        repair_a, damage_a = Sparse(na * count[0]), Sparse(count[0] * nd)
        repair_d, damage_d = Sparse(nm * count[1]), Sparse(count[1] * na)
        for n, a in enumerate(sa):  # [a, class]: the attacker's repairs, to round-start sides
            if a:
                first = n * count[0] + int(class_start[0][pool_of[0][n]])
                for ks, repairs in self._repairs(0, a):
                    repair_a.put([first + k for k in ks], {index_a[s]: p for s, p in repairs.items()})
        self._damage_rows(damage_a, 0, [pool for pool, _ in by_pool[0]], class_start[0], sd, index_m, lambda s: s)
        for n, m in enumerate(sm):  # [middle, class]: the defender's repairs, to the sides left at the end of the step
            first = n * count[1] + int(class_start[1][numbered[1][self.pool(1, m)]])
            for ks, repairs in self._repairs(1, m):
                row: dict[int, float] = {}
                for s, p in repairs.items():
                    to = index_d[self.duel.survive(s)]
                    row[to] = row.get(to, 0.0) + p
                repair_d.put([first + k for k in ks], row)
        self._damage_rows(damage_d, 1, [pool for pool, _ in by_pool[1]], class_start[1], sa, index_a, self.duel.survive)
        combo, end = round_ends(self.duel, (sa, sd), (pool_a, pool_d))
        # the middles of a round, gathered by the defender's pool: zeros, and left so by each round
        size = max(1, len(by_pool[1])) * na * max(1, nm)
        if size > MOST:  # the memory guard, as odds_duel.Battle's: never built
            raise TooLarge(f"the {('space', 'ground')[self.t]} battle is too large to solve exactly here: its "
                           f"middles of a round would hold {size:,} numbers; ask about fewer units (docs/odds.md, "
                           "How fast)")
        middle = np.zeros(size)
        return (pool_of[0], pool_of[1], class_start[0], *repair_a.arrays(), *damage_a.arrays(), class_start[1],
                *repair_d.arrays(), *damage_d.arrays(), combo, end, middle, np.empty(len(middle), np.int64))

    def _damage_rows(self, out: Sparse, role: int, pools: list[tuple], class_start: Any, enemies: list[Side],
                     index: dict[Side, int], after: Any) -> None:
        """``[class, enemy side]``: what the rolls of each class of each of ``role``'s ``pools`` leave of each of
        ``enemies`` (the attacker's damage carried past health: the defender may yet repair it), their chances
        summed (a product of the classes' chances of each roll and the rolls' of each side left), each side left
        taken by ``after`` and numbered by ``index``."""
        for pool, first in zip(pools, class_start):
            classes = self._pool_classes(role, pool)
            place = {blocks: n for n, blocks in enumerate(self.blocks[role][pool])}
            weight = np.zeros((len(classes), len(place)))  # [class, roll]: the chance of each roll of the class
            for k, (_, rolls) in enumerate(classes):
                for blocks, p in rolls:
                    weight[k, place[blocks]] += p
            for n, e in enumerate(enemies):
                if e:
                    left, chances = self._placed(e, role, pool, role == 0)
                    # the sides left, taken by ``after`` and numbered: sides alike after it summed, by a product
                    numbers, which = np.unique(np.array([index[after(s)] for s in left], np.int64),
                                               return_inverse=True)
                    merged = np.zeros((len(left), len(numbers)))
                    merged[np.arange(len(left)), which.ravel()] = 1.0
                    for k, row in enumerate(weight @ chances @ merged, start=int(first)):
                        out.given(k * len(enemies) + n, numbers, row)

    # -- the forward pass ---------------------------------------------------------------------------------------

    def step(self, now: Any) -> Any:
        """The chance of each pair after a round from the chances ``now`` (``[a, d]``, or a stack of such:
        ``[row, a, d]``, each row a battle of its own, as ``odds_tied``'s branches are), as
        :meth:`.odds_duel.Chain.step` gives them: by the round made once as sparse rows (:attr:`moves`)."""
        stack = np.array(now, dtype=float).reshape(-1, self.fought.size)  # (a copy: stepped in place)
        rows = np.arange(len(stack))
        moved(stack, rows, np.zeros(len(stack), np.intp), *self.moves)
        return stack.reshape(now.shape)

    @property
    def moves(self) -> tuple[Any, Any, Any]:
        """The round (the same each round: the play is fixed) as sparse rows of the pairs each pair ends it in
        (:func:`.odds_loops.cinematic_moves`), made the first time a round is stepped: a round from every pair once,
        instead of from the pairs holding a chance again in each of some 50 rounds."""
        if self._moves is None:
            self._moves = cinematic_moves(len(self.sides[0]), self.fought, *self.tables)
        return self._moves

    def forward(self, rounds: int | None, limit: int, negligible: float) -> tuple[Finals, list[tuple[float, ...]]]:
        """``Combat.forward``: the chance of each state the combat ends in (or stands in after ``rounds``) and each
        side's expected health lost after each round (the other theater loses none), as
        :func:`.odds_duel.theater_forward` follows a theater alone."""
        return theater_forward(lambda now, left: self.step(now), self.start, self.fought, self.health, self.sides,
                               self.frame, self.t, rounds, limit, negligible)
