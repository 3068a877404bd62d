"""The best play in one theater of Rise of the Empire's cinematic combat, over arrays (issue 34): the values of
every pair of sides solved round by round, :data:`.odds_combat.LOOKAHEAD` rounds ahead, instead of state by state
(``odds_combat.Combat``'s stage-by-stage solve, whose figures it gives to the last survivor).

Why a solve of its own. A special removes a damage from one's own unit (RE-CIN-15), so a round can leave a side
stronger than it began: the values are no longer ordered by the sides' health, and states come back, so the play
looks a fixed number of rounds ahead (``Combat.value``). And the defender's units carry the attacker's damage past
their health until its own roll may save them (units die at the end of the step, RB-CMB-08). So a round from a pair
``(a, d)`` of round-start sides is two choices, each over a roll's repairs of one's own side times the ways to place
its damage on the enemy's:

1. the attacker's roll (of ``a``'s pool): it chooses ``a1`` among its repairs of ``a`` and ``m`` (a *middle* side)
   among the ways to place its hits on ``d``, carried past health, the one best for it (highest ``W``);
2. the defender's roll (of ``d``'s pool: ``m`` has the same units): it chooses ``d2`` among its repairs of ``m``
   and ``a2`` among the ways to place its hits on ``a1``, cut at health (nothing repairs them any more), the one best
   for it; the units at their health die, the end-of-round checks run (they read which sides rolled, RS-ROE-02),
   and the round ends in a pair ``(a', d')``.

With ``k`` rounds to go the values are ``V_k[a, d]`` (the attacker's chance to win less the defender's; ``V_0`` is
who holds the theater) and ``W_k[a1, m]``, the value of the defender's roll to come:

* ``W_k[a1, m]`` = the sum over the defender's rolls of their chance times the least, over its options, of
  ``V_(k-1)`` at the pair the round ends in;
* ``V_k[a, d]`` = the sum over the attacker's rolls of their chance times the most, over its options, of
  ``W_k[a1, m]``.

What a roll can do hangs only on one side and part of the roll: its repairs on the chooser's own side and the
specials it rolled (only of the colours of its damaged units, at most as many as the pool can roll: a *special
key*), its damage on the enemy's side and the hits it rolled (at most what the enemy can take: a *hit key*). So the
options are lists made once (as sets, :mod:`.odds_ways`), a *repair list* for each side and special key, a *damage
list* for each side and hit key; a roll of a pair is a repair list and a damage list, and the rolls of a pair that
ask for the same two are merged (a *plan* of entries: which repairs, which damage, the chance). The plans hang on
the enemy's side and only the *signature* of the chooser's (its pool and the damage on each colour of its units as
far as the pool can repair it): far fewer than the pairs. The best over a repair list times a damage list is the best
over the repairs of the best over the damage, the latter made once a round for each damage list and each side it
may go with (``best[list, a1]``, ``least[flags, list, d2]``), so a pair costs a few lookups a roll
(:func:`.odds_loops.repair_attack`, :func:`.odds_loops.repair_defence`).

A choice among options whose values are within ``Combat.tie`` of the best is the one ``Combat.tie_order`` puts
first (the enemy left least health, then first in the order of its units left, then of the chooser's own side): the
lists are kept in that order, and only the forward pass, which follows the choices, reads it
(:func:`.odds_loops.repair_forward`). The values are the best's, which the chosen is within ``tie`` of.
``tests/test_odds.py`` checks every figure against the stage-by-stage solve.

With no round limit the play is the same each round (it looks :attr:`Lookahead.ahead` rounds past the one it is
in), so its round is made once as sparse rows (:func:`.odds_loops.repair_moves`) and the forward pass steps by them,
instead of making each pair's choices again in each of some 40 rounds. Beside an Ion Cannon the space battle's
values hang on the ground pair beside it: :mod:`.odds_tied_repairs` solves them with the tables made here.

How fast (one core here): the issue's example, 240 pairs of sides in space, 39 ms with the tables; 6 vs 6 on the
ground, 3,600 pairs, 0.69 s; 6 vs 6 in space, 4,500 pairs and 4,722 middle sides, 1.3 s (the stage-by-stage solve
took 6.9 s for the first and could not take on the others). Most of the larger ones' time is making the lists and
the defender's values (docs/odds.md, How fast).
"""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple, Protocol

import numpy as np

from .odds_duel import MOST, Duel, Side, State, TooLarge, _in_health_order, round_ends, starts, theater_forward
from .odds_finals import Finals
from .odds_loops import moved, repair_attack, repair_defence, repair_forward, repair_moves, repair_reply_best
from .odds_ways import Codes, Ways


class Combat(Protocol):
    """What the solve reads of the whole solver (``odds_combat.Combat``), itself and through
    :class:`.odds_duel.Duel`."""

    factions: tuple[str, str]
    kinds: Any
    tie: float

    def cap(self, unit: str, repairable: bool) -> int: ...
    def health(self, unit: str) -> int | None: ...
    def lethal(self, unit: str, damage: int) -> bool: ...
    def colour_rolls(self, colour: str, n: int) -> tuple[tuple[float, tuple[int, int, int]], ...]: ...
    def flag(self, flags: frozenset, state: State, t: int, side: int) -> frozenset: ...
    def checks(self, state: State, flags: frozenset) -> State: ...


def every_side(c: Combat, side: Side) -> list[Side]:
    """Every round-start side ``side`` can come to once repairs may take damage off again: for each unit type no
    more miniatures than it has, each with any damage short of its health (a type that takes no damage stays as it
    is), the empty side among them; in the order of the health they have left (``Combat.tie_order``'s)."""
    groups = []
    for unit in sorted({u for u, _ in side}):
        mine = tuple(x for x in side if x[0] == unit)
        health = c.health(unit)
        if health is None:
            groups.append([mine])
            continue
        groups.append([tuple((unit, d) for d in damage) for k in range(len(mine) + 1)
                       for damage in itertools.combinations_with_replacement(range(health), k)])
    return _in_health_order(c, {()} | {tuple(sorted(x for part in parts for x in part))
                                       for parts in itertools.product(*groups)})


class Lists:
    """Options kept as the compiled loops read them: each list a run of numbers (its entries, in the order of the
    tie rule), given once and numbered as given (equal lists given again share a number)."""

    def __init__(self) -> None:
        self.runs: list[tuple[int, ...]] = []
        self.number: dict[tuple[int, ...], int] = {}

    def add(self, entries: tuple[int, ...]) -> int:
        found = self.number.get(entries)
        if found is None:
            found = self.number[entries] = len(self.runs)
            self.runs.append(entries)
        return found

    def arrays(self) -> tuple[Any, Any]:
        return (starts([len(run) for run in self.runs]),
                np.array([x for run in self.runs for x in run], np.int64))


class Lookahead:
    """Theater ``t`` fought alone with repairs, the other theater's sides standing as ``frame`` has them (the Ion
    Cannons' cut): every round-start side of each force (:func:`every_side`), the defender's middle sides its
    attacker's rolls leave, the options of every roll as lists, the values ``V_k`` and ``W_k`` solved a round at a
    time, and the forward pass that follows the choices."""

    def __init__(self, combat: Combat, t: int, frame: State, attacker: Side, defender: Side, ahead: int,
                 ways: Ways | None = None) -> None:
        self.c, self.t, self.frame = combat, t, frame
        self.ahead = ahead  # the rounds the play looks past the one it is in, with no round limit (Combat.value)
        self.duel = Duel(combat, t, frame)  # its pools and states: this theater's beside the frame
        self.ways = Ways(combat) if ways is None else ways  # (the same sides' sets: shared beside an Ion Cannon)
        self.sides = (every_side(combat, attacker), every_side(combat, defender))
        self.codes = (self.ways.codes(attacker), self.ways.codes(defender))  # (the sides as numbers: the lists')
        self.index = tuple({s: n for n, s in enumerate(sides)} for sides in self.sides)
        self.start = self.index[0][attacker], self.index[1][defender]
        # the place of each round-start side's number, and of what the number of any side leaves at the end of a step
        self.placed = tuple(Numbered(codes, {codes.number(s): n for n, s in enumerate(sides)})
                            for codes, sides in zip(self.codes, self.sides))
        self.health = tuple(np.array([sum((combat.health(u) or 0) - d for u, d in s) for s in sides], float)
                            for sides in self.sides)
        alive = tuple(np.array([bool(s) for s in sides]) for sides in self.sides)
        self.fought = (alive[0][:, None] & alive[1][None, :]).ravel()
        self.won = (alive[0][:, None].astype(float) - alive[1][None, :]) * ~self.fought.reshape(alive[0].size, -1)
        self.colours = sorted({colour for role in (0, 1) for s in self.sides[role] if s
                               for colour, _ in self.duel.pool(role, s)}
                              | {combat.kinds[u].colour for sides in self.sides for s in sides for u, _ in s
                                 if combat.kinds[u].colour})
        self._pools()
        self._attack_tables()
        self._defence_tables()
        self.combo, self.end = round_ends(self.duel, self.sides, tuple(self.pool_of))
        size = self.end.shape[0] * (len(self.defence_damage[0]) - 1) * (len(self.defence.repair_start) - 1)
        if size > MOST:  # the least over each damage list and repair list (odds_loops.repair_defence): never built
            raise TooLarge(f"the {('space', 'ground')[self.t]} battle is too large to solve exactly here: the "
                           f"defender's choices would hold {size:,} numbers; ask about fewer units (docs/odds.md, "
                           "How fast)")
        self.values: list[Any] = [self.won.copy()]
        self.replies: dict[int, Any] = {}
        self.rounds: tuple[Any, Any, Any] | None = None  # the round with no limit as sparse rows (:meth:`step`)

    # -- the pools and their rolls ------------------------------------------------------------------------------

    def _pools(self) -> None:
        """Each force's dice pools (numbered in their order: the order of the sums is fixed), the pool of each of
        its sides, and each pool's rolls as arrays (:meth:`_rolled`)."""
        self.pool_number = []
        self.pool_of = []
        self.rolled = []
        self.kinds: tuple[dict, dict] = ({}, {})  # :meth:`_special_kinds`
        for role in (0, 1):
            numbered, pool_of = self.duel.pools(role, self.sides[role])
            self.pool_number.append(numbered)
            self.pool_of.append(pool_of)
            self.rolled.append([self._rolled(pool) for pool in numbered])

    def _rolled(self, pool: tuple) -> tuple[tuple, Any, Any, Any, Any]:
        """The distinct outcomes of a pool's roll as the best play tells them apart (``Combat.rolls``): the pool, then
        for each outcome the hits of each colour, the direct hits of all colours, the specials of each colour and
        the chance. Made from each colour's outcomes (``Combat.colour_rolls``), a product over the colours."""
        width = len(self.colours)
        hits, specials = np.zeros((1, width), np.int64), np.zeros((1, width), np.int64)
        direct, chance = np.zeros(1, np.int64), np.ones(1)
        for colour, n in pool:
            outcomes = self.c.colour_rolls(colour, n)
            q = np.array([p for p, _ in outcomes])
            h, d, sp = np.array([x for _, x in outcomes], np.int64).T
            hits, specials = np.repeat(hits, len(q), axis=0), np.repeat(specials, len(q), axis=0)
            at = self.colours.index(colour)
            hits[:, at], specials[:, at] = np.tile(h, len(chance)), np.tile(sp, len(chance))
            direct = (direct[:, None] + d[None, :]).ravel()
            chance = (chance[:, None] * q[None, :]).ravel()
        rows, which = _unique_rows(np.column_stack([hits, direct, specials]))
        return pool, rows[:, :width], rows[:, width], rows[:, width + 1:], np.bincount(which, chance)

    def _room(self, side: Side, repairable: bool) -> Any:
        """The damage each health colour of ``side`` can still take (to its health, or beyond while it may still be
        repaired)."""
        room = np.zeros(len(self.colours), np.int64)
        for u, d in side:
            colour = self.c.kinds[u].colour
            if self.c.health(u) is not None and colour:
                room[self.colours.index(colour)] += self.c.cap(u, repairable) - d
        return room

    def _damaged(self, side: Side) -> Any:
        """The damage on each colour of ``side``'s units: at most as many specials of a colour repair anything."""
        out = np.zeros(len(self.colours), np.int64)
        for u, d in side:
            colour = self.c.kinds[u].colour
            if d and colour:
                out[self.colours.index(colour)] += d
        return out

    def _special_kinds(self, q: int, role: int) -> tuple[Any, Any]:
        """The distinct specials the rolls of ``role``'s pool ``q`` come up with (its *kinds* of specials: far fewer
        than its rolls) and each roll's kind."""
        found = self.kinds[role].get(q)
        if found is None:
            found = self.kinds[role][q] = _unique_rows(self.rolled[role][q][3])
        return found

    def _special_keys(self, q: int, role: int, damaged: Any) -> tuple[Any, Any]:
        """The specials of each kind of ``role``'s pool ``q`` (:meth:`_special_kinds`) that can repair a side with
        ``damaged``: the distinct ones and each kind's among them."""
        return _unique_rows(np.minimum(self._special_kinds(q, role)[0], damaged))

    def _hits(self, key: Any) -> dict[str, int]:
        """A hit key's hits of each colour (its direct hits are ``key[-1]``)."""
        return {c: int(n) for c, n in zip(self.colours, key[:-1]) if n}

    def _specials(self, key: Any) -> dict[str, int]:
        return {c: int(n) for c, n in zip(self.colours, key) if n}

    # -- the options of each roll ------------------------------------------------------------------------------

    def _damage(self, role: int, enemies: list[Side], repairable: bool, number: Any) -> tuple[dict, Lists]:
        """The damage lists of ``role``'s rolls on each of ``enemies``: for each of ``role``'s pools and each enemy's
        side, the list of each roll (the sides its damage can leave, numbered by ``number`` in the order of the tie
        rule's first keys). What a roll can do to a side hangs only on its hits cut to what the side can take (its
        *hit key*): each side's keys are worked out once, whatever pool rolled them."""
        rooms = np.array([self._room(side, repairable) for side in enemies]).reshape(len(enemies), -1)
        alive = np.array([bool(side) for side in enemies])
        # a side and a hit key as one number, alike for every pool: the hits of each colour, the direct hits, the side
        base = int(max(rooms.max(initial=0), rooms.sum(axis=1).max(initial=0))) + 1
        powers = base ** np.arange(rooms.shape[1] + 1)
        sides = np.arange(len(enemies))[:, None] * base ** (rooms.shape[1] + 1)
        lists = Lists()
        known: dict[int, int] = {}  # (enemy's side, hit key) as one number -> its list (-1: the side is empty)
        which: dict[tuple[int, int], Any] = {}
        for q, (_, hits, direct, _, _) in enumerate(self.rolled[role]):
            # [side, roll, colour]: each roll's hits cut to what each side can take, then its direct hits
            cut = np.concatenate([np.minimum(hits[None], rooms[:, None]),
                                  np.minimum(direct[None], rooms.sum(axis=1)[:, None])[..., None]], axis=2)
            code = cut @ powers + sides  # [side, roll]
            found, first, back = np.unique(code, return_index=True, return_inverse=True)
            found = found.tolist()
            for n in (n for n, c in enumerate(found) if c not in known):
                e, key = int(first[n]) // code.shape[1], cut.reshape(-1, cut.shape[2])[first[n]]
                known[found[n]] = lists.add(number(self.ways.damage(
                    self.codes[1 - role], enemies[e], self._hits(key), int(key[-1]), repairable))) if alive[e] else -1
            per_roll = np.array([known[c] for c in found], np.int64)[back.reshape(code.shape)]
            for e in np.flatnonzero(alive):
                which[(q, int(e))] = per_roll[e]
        return which, lists

    def _choosers(self, role: int, owners: list[Side], pools: Any, after: Numbered, enemies: list[Side],
                  damage: dict, lists: int) -> Choosers:
        """The choices of ``role``'s rolls for each of ``owners`` (its sides as they roll, each rolling the pool
        ``pools[n]``) against each of ``enemies`` (``damage[(pool, enemy's side)]``: each roll's damage list, of
        ``lists``): each owner's repair list for each of its special keys (the sides they leave, by number, taken
        by ``after``, in the order of the repaired sides' tuples: the tie rule's last key), and a
        plan for each owner's *signature* (its pool, and the damage on each colour of its units, as much as the pool
        can repair) and enemy's side: its rolls merged by special key and damage list."""
        most = [specials.max(axis=0, initial=0) for _, _, _, specials, _ in self.rolled[role]]
        repairs = Lists()
        signatures: dict[tuple[int, bytes], int] = {}
        keyed: list[tuple[int, Any, Any, list]] = []  # for each signature: its pool, special keys, each kind's key,
        # and each special key's specials by colour
        sig_of = np.full(len(owners), -1, np.int64)
        rep_first = np.zeros(len(owners), np.int64)
        reps: list[int] = []
        rep_owner: list[int] = []  # for each of reps: its owner
        for n, own in enumerate(owners):
            if not own:
                continue
            q = int(pools[n])
            damaged = np.minimum(self._damaged(own), most[q])
            sig = signatures.get((q, damaged.tobytes()))
            if sig is None:
                sig = signatures[(q, damaged.tobytes())] = len(keyed)
                keys, key_of = self._special_keys(q, role, damaged)
                keyed.append((q, keys, key_of, [self._specials(key) for key in keys]))
            sig_of[n], rep_first[n] = sig, len(reps)
            reps += [repairs.add(tuple(map(after.__getitem__, left)))
                     for left in self.ways.repairs(self.codes[role], own, keyed[sig][3])]
            rep_owner += [n] * len(keyed[sig][1])
        plans = Plans()
        table = np.full((max(1, len(keyed)), len(enemies)), -1, np.int64)
        alive = [e for e, enemy in enumerate(enemies) if enemy]
        merged = {q: self._merged(role, q, [damage[(q, e)] for e in alive], lists) for q in {k[0] for k in keyed}}
        for sig, (q, keys, key_of, _) in enumerate(keyed):
            # each pool's merged rolls merged again, by (enemy's side, special key, damage list): one number each
            owner, kind, listed, chance = merged[q]
            found, back = np.unique((owner * len(keys) + key_of[kind]) * lists + listed, return_inverse=True)
            chance = np.bincount(back.ravel(), chance, len(found))
            owner, spec, listed = found // (len(keys) * lists), found // lists % len(keys), found % lists
            bounds = np.searchsorted(owner, np.arange(len(alive) + 1))
            for i, e in enumerate(alive):
                part = slice(bounds[i], bounds[i + 1])
                table[sig, e] = plans.add(spec[part], listed[part], chance[part])
        reps_array, owner_array = np.array(reps, np.int64), np.array(rep_owner, np.int64)
        plan_start, plan_special, plan_damage, plan_chance = plans.arrays()
        return Choosers(sig_of, rep_first, reps_array, *repairs.arrays(), table, plan_start, plan_special, plan_damage,
                        plan_chance, _key_runs(plan_start, plan_special, max((len(k[1]) for k in keyed), default=0)),
                        *_shared(sig_of, rep_first, reps_array, owner_array, len(repairs.runs)), owner_array)

    def _merged(self, role: int, q: int, damage: list[Any], lists: int) -> tuple[Any, Any, Any, Any]:
        """The rolls of ``role``'s pool ``q`` against each of the enemy's sides alive (``damage[i]``: each roll's
        damage list on the ``i``-th, of ``lists``), merged by (that side, kind of specials, damage list): each
        merged roll's side (its place in ``damage``), kind, list and chance. Made once for the pool, and merged
        again for each signature rolling it, by its special keys (:meth:`_choosers`): far fewer than the rolls."""
        kinds, kind_of = self._special_kinds(q, role)
        stacked = np.stack(damage).reshape(len(damage), -1)  # [enemy's side alive, roll] -> damage list
        code = (np.arange(len(damage))[:, None] * len(kinds) + kind_of[None]) * lists + stacked
        found, back = np.unique(code, return_inverse=True)
        chance = np.bincount(back.ravel(), np.tile(self.rolled[role][q][4], len(damage)), len(found))
        return found // (len(kinds) * lists), found // lists % len(kinds), found % lists, chance

    def _attack_tables(self) -> None:
        """The attacker's options: its repairs of its sides (round-start sides), its damage on the defender's sides
        carried past health (middle sides, in the order of their units left, then of their tuples). Numbers the
        middle sides."""
        sa, sd = self.sides
        middles: set[int] = set()
        which, found = self._damage(0, sd, True, lambda ways: (middles.update(ways), tuple(ways))[1])
        by_tuple = sorted((self.codes[1].side(m), m) for m in middles)
        self.middle = [m for m, _ in by_tuple]
        size = len(sa) * len(self.middle)
        if size > MOST:  # the memory guard, as odds_duel.Battle's: never built
            raise TooLarge(f"the {('space', 'ground')[self.t]} battle is too large to solve exactly here: the "
                           f"values of its defender's rolls would hold {size:,} numbers; ask about fewer units "
                           "(docs/odds.md, How fast)")
        index_m = {m: n for n, (_, m) in enumerate(by_tuple)}  # by number
        index_d = self.index[1]
        self.left_of = np.array([index_d[self.duel.survive(m)] for m in self.middle], np.int64)
        self.middle_pool = np.array([self.pool_number[1][self.duel.pool(1, m)] for m in self.middle], np.int64)
        damage = Lists()  # the lists again, of the middle sides' numbers in the tie rule's order: (units left, number)
        rank = np.empty(len(self.middle), np.int64)
        rank[np.lexsort((np.arange(len(self.middle)), self.left_of))] = np.arange(len(self.middle))
        in_order = rank.tolist().__getitem__
        renumber = np.array([damage.add(tuple(sorted((index_m[m] for m in ways), key=in_order)))
                             for ways in found.runs], np.int64)
        self.attack_damage = damage.arrays()
        self.attack = self._choosers(0, sa, self.pool_of[0], self.placed[0], sd,
                                     {key: renumber[lists] for key, lists in which.items()}, len(damage.runs))

    def _defence_tables(self) -> None:
        """The defender's options: its repairs of the middle sides, as the round-start sides they leave at the end of
        the step, its damage on the attacker's sides cut at health, as the sides left at the end of the step (in
        their order: the tie rule's first)."""
        left_a = self.placed[0]
        which, damage = self._damage(1, self.sides[0], False, lambda ways: tuple(sorted({left_a[s] for s in ways})))
        self.defence_damage = damage.arrays()
        self.defence = self._choosers(1, self.middle, self.middle_pool, self.placed[1], self.sides[0], which,
                                      len(damage.runs))

    def state(self, a: Side, d: Side) -> State:
        return self.duel.state(a, d)

    # -- the solve ---------------------------------------------------------------------------------------------

    @property
    def values_shape(self) -> tuple[int, int]:
        """How many round-start sides each force has: the shape of the values and of the pairs' chances."""
        return len(self.sides[0]), len(self.sides[1])

    def solve(self, k: int) -> tuple[Any, Any]:
        """``W_k`` and ``V_(k-1)``: what the choices of a round with ``k`` rounds to go read."""
        values = self.margins(k - 1)
        return self._replies(k), values

    def margins(self, k: int) -> Any:
        """``V_k``, solved (with those before it) the first time it is asked."""
        while len(self.values) <= k:
            self.values.append(self.attack_values(self._replies(len(self.values))))
        return self.values[k]

    def _replies(self, k: int) -> Any:
        found = self.replies.get(k)
        if found is None:
            found = self.replies[k] = self.reply(self.margins(k - 1))
        return found

    def reply(self, values: Any) -> Any:
        """``W[a1, m]``: the values of the defender's rolls to come, from those of the pairs a round ends in
        (``values``, ``[a, d]``: ``V_(k-1)``, or beside an Ion Cannon their mean over where the ground goes,
        :mod:`.odds_tied_repairs`)."""
        return repair_defence(values.ravel(), self.end, self.combo, self.pool_of[0], self.middle_pool,
                              *self.defence_damage, self.defence, len(self.sides[1]))

    def attack_values(self, replies: Any) -> Any:
        """``V[a, d]`` from the defender's replies ``W[a1, m]``: the attacker's best over its options."""
        return repair_attack(repair_reply_best(replies, *self.attack_damage), self.won, self.fought, self.attack)

    # -- the forward pass ---------------------------------------------------------------------------------------

    def step(self, now: Any, left: int | None) -> Any:
        """The chance of each pair after a round from the chances ``now`` (``[a, d]``) with ``left`` rounds to go
        (``None``: until the end, the play looking :attr:`ahead` rounds past this one, the same each round: its
        round is made once as sparse rows, :meth:`moves`)."""
        if left is not None:
            return self.follow(now, *self.solve(left))
        if self.rounds is None:
            self.rounds = self.moves([self.solve(self.ahead + 1)])
        out = now.reshape(1, -1).copy()
        one = np.zeros(1, np.intp)
        moved(out, one, one, *self.rounds)
        return out.reshape(now.shape)

    def moves(self, plays: list[tuple[Any, Any]]) -> tuple[Any, Any, Any]:
        """The rounds of ``plays`` (each ``W_k`` and what its round's ends are worth) as sparse rows, a row for each
        play and pair (:func:`.odds_loops.repair_moves`)."""
        return repair_moves(len(self.sides[0]), self.fought, np.stack([w for w, _ in plays]),
                            np.stack([v.ravel() for _, v in plays]), self.c.tie, self.end, self.combo,
                            self.pool_of[0], self.middle_pool, self.left_of, self.attack, *self.attack_damage,
                            self.defence, *self.defence_damage)

    def follow(self, now: Any, replies: Any, values: Any) -> Any:
        """:meth:`step` by the choices ``replies`` (``W_k``) and ``values`` (what the round's ends are worth)
        make."""
        out = now.reshape(1, -1).copy()
        one = np.zeros(1, np.intp)
        self.follow_rows(out, one, one, replies[None], values.reshape(1, -1))
        return out.reshape(now.shape)

    def follow_rows(self, now: Any, rows: Any, play: Any, replies: Any, values: Any) -> None:
        """:meth:`follow` for each of ``rows`` of ``now`` (``[row, pair]``, changed in place), each by its own play
        (``replies[play[row]]``, ``values[play[row]]``): :mod:`.odds_tied_repairs`, a row a ground pair."""
        repair_forward(now, rows, play, len(self.sides[0]), self.fought, replies, values, self.c.tie, self.end,
                       self.combo, self.pool_of[0], self.middle_pool, self.left_of, self.attack, *self.attack_damage,
                       self.defence, *self.defence_damage)

    def forward(self, rounds: int | None, limit: int, negligible: float) -> tuple[Finals, list[tuple[float, ...]]]:
        """``Combat.forward``: the chance of each state the combat ends in (or stands in after ``rounds``) and each
        side's expected health lost after each round, as :func:`.odds_duel.theater_forward` follows a theater
        alone."""
        return theater_forward(self.step, self.start, self.fought, self.health, self.sides, self.frame, self.t,
                               rounds, limit, negligible)


def _unique_rows(rows: Any) -> tuple[Any, Any]:
    """``np.unique(rows, axis=0, return_inverse=True)`` for rows of small counts (none negative), the inverse flat:
    each row taken as one number, its first column the most significant, so they come in the same order. numpy
    compares rows through a structured view, some 80 microseconds a call where the numbers take 12, and the lists
    ask it for each pool and each signature (6 vs 6 on the ground, 490 times)."""
    base = int(rows.max(initial=0)) + 1
    _, first, which = np.unique(rows @ base ** np.arange(rows.shape[1] - 1, -1, -1), return_index=True,
                                return_inverse=True)
    return rows[first], which.ravel()


class Numbered(dict):
    """The place among the round-start sides (``places``: by their numbers, :class:`.odds_ways.Codes`) of what a
    side of a number leaves at the end of the step, its units at their health gone: found the first time it is
    asked. The lists are made of sides as numbers, and the compiled loops read each as a side's place."""

    def __init__(self, codes: Codes, places: dict[int, int]) -> None:
        super().__init__(places)
        self.codes, self.places = codes, places

    def __missing__(self, number: int) -> int:
        found = self[number] = self.places[self.codes.survivors(number)]
        return found


class Choosers(NamedTuple):
    """One side's choices as the compiled loops read them (:meth:`Lookahead._choosers`): for each of its sides the
    signature and where its repair lists begin in ``reps`` (one for each special key of the signature), the repair
    lists (``repair_start``, ``repair_to``), the plan of each signature and enemy's side (``plan``), the plans'
    entries (where each plan's begin, their special keys, damage lists and chances: in the order of their keys),
    where each key's entries begin in each plan (:func:`_key_runs`), and the *shares* of the plans
    (:func:`_shared`): each by a side and special key that has it, the share of each of ``reps``, and the side of each
    of ``reps``."""

    sig_of: Any
    rep_first: Any
    reps: Any
    repair_start: Any
    repair_to: Any
    plan: Any
    plan_start: Any
    plan_special: Any
    plan_damage: Any
    plan_chance: Any
    plan_key: Any
    share_owner: Any
    share_key: Any
    share_of: Any
    rep_owner: Any


def _key_runs(plan_start: Any, plan_special: Any, keys: int) -> Any:
    """Where the entries of each special key begin in each plan, ``[plan, key]`` for the keys 0 to ``keys`` (the
    most a signature has; the last is where the plan ends): a plan's entries are in the order of their keys, and
    :func:`.odds_loops.repair_defence` sums the entries of one key of a plan for each attacker's side and share."""
    plans = len(plan_start) - 1
    at = np.repeat(np.arange(plans), np.diff(plan_start)) * (keys + 1) + plan_special  # ascending: plan, then key
    return np.searchsorted(at, np.arange(plans * (keys + 1))).reshape(plans, keys + 1)


def _shared(sig_of: Any, rep_first: Any, reps: Any, rep_owner: Any, lists: int) -> tuple[Any, Any, Any]:
    """The plans' *shares*: a share is the entries of one special key of a signature's plans, read with one repair
    list. A side's sum over its plan against an enemy's side is the sum of its shares' (one for each of its special
    keys), and sides of one signature often repair alike, so the shares are far fewer than the sides times their
    keys: in 6 vs 6 in space 15,582 of the middle sides' 63,158 (:func:`.odds_loops.repair_defence` sums each once
    for each enemy's side). Each share by a side and a key that has it, and the share of each of ``reps``."""
    key = np.arange(len(reps)) - rep_first[rep_owner]
    code = (sig_of[rep_owner] * (int(key.max(initial=0)) + 1) + key) * max(1, lists) + reps
    _, first, share_of = np.unique(code, return_index=True, return_inverse=True)
    return rep_owner[first], key[first], share_of.ravel()


class Plans:
    """The plans of the pairs (their rolls merged by the lists they ask for: repair list, damage list, chance),
    each given once and numbered as given (equal plans share a number)."""

    def __init__(self) -> None:
        self.parts: list[tuple[Any, Any, Any]] = []
        self.number: dict[bytes, int] = {}

    def add(self, repairs: Any, damage: Any, chance: Any) -> int:
        code = repairs.tobytes() + b"|" + damage.tobytes() + b"|" + chance.tobytes()
        found = self.number.get(code)
        if found is None:
            found = self.number[code] = len(self.parts)
            self.parts.append((repairs, damage, chance))
        return found

    def arrays(self) -> tuple[Any, Any, Any, Any]:
        return (starts([len(p[0]) for p in self.parts]),
                np.concatenate([np.zeros(0, np.int64)] + [p[0] for p in self.parts]),
                np.concatenate([np.zeros(0, np.int64)] + [p[1] for p in self.parts]),
                np.concatenate([np.zeros(0)] + [p[2] for p in self.parts]))
