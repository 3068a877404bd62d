"""The best play in one theater fought alone, without repairs (issue 34): the common case of the exact odds, solved
a round at a time over numbered sides instead of a stage at a time over whole states (``odds.Combat`` solves the
rest: repairs, Ion Cannons tying the theaters together, the heuristic policy).

Why a round at a time is enough here: in a step both sides roll the dice of the units they had when it began
(units die only at its end, RB-CMB-08), so the attacker's damage never changes the defender's roll, and what the
defender's damage depends on is only which of the attacker's units survive it. A round from ``(a, d)`` is then: the
attacker's roll, its choice of what is left of the defender (``e``), the defender's roll, its choice of what is
left of the attacker, the end-of-round checks. The defender's answer to ``e`` depends on ``d`` only through its
dice pool, so it is solved once for every ``(a, pool of d, e)``, whatever ``d`` and the attacker's roll that led
there. Each distinct side is numbered once, so the memos are keyed by small tuples of numbers.

Choices are compared as ``Combat.choose`` compares them (one's own chance to win the theater, then the enemy's
lowest, then the first in order), over the same options (``Combat.options``), so the figures, and the choices
:meth:`Duel.decide` gives the engine's cross-check, are those of the stage-by-stage solve.
"""

from __future__ import annotations

from typing import Any, Protocol

Unit = tuple[str, int]  # a miniature: (unit type, damage)
Side = tuple[Unit, ...]  # one side's units of a theater, sorted
State = tuple[Side, Side, Side, Side]  # space: attacker, defender; ground: attacker, defender


class Combat(Protocol):
    """What a duel reads of the whole solver (``odds.Combat``)."""

    rules: Any
    factions: tuple[str, str]

    def pool(self, side: int, units: Side, cut_red: int) -> tuple[tuple[str, int], ...]: ...
    def _cut(self, state: State, t: int, side: int) -> int: ...
    def health(self, unit: str) -> int | None: ...
    def lethal(self, unit: str, damage: int) -> bool: ...
    def checks(self, state: State, flags: frozenset) -> State: ...
    def attack_options(self, pool: tuple, own: Side, enemy: Side,
                       repairable: bool) -> list[tuple[float, list[tuple[float, tuple[Side, Side]]]]]: ...


Pair = tuple[float, float]  # the chance that the attacker, and that the defender, wins the theater
EPS = 1e-12


class Duel:
    """Theater ``t`` fought alone: the other theater's sides (``frame``) stay as they are, not fought."""

    def __init__(self, combat: Combat, t: int, frame: State) -> None:
        self.c = combat
        self.t = t
        self.frame = frame
        self.sides: list[Side] = []
        self.ids: dict[Side, int] = {}
        self.pools: list[tuple] = []  # of each numbered side, as the attacker's and as the defender's pool
        self.values: dict[tuple[int, int, int | None], Pair] = {}
        self.rolls: dict[tuple[int, int, int], list[tuple[float, list[int]]]] = {}
        self.defences: dict[tuple[int, tuple], list[tuple[float, list[int]]]] = {}
        self.replies: dict[tuple, tuple[Pair, float, dict[tuple[int, int], float]]] = {}
        self.chosen: dict[tuple[int, int, int | None], list[tuple[float, int]]] = {}
        self.ends: dict[tuple, tuple[int, int]] = {}
        self.rounds: dict[tuple[int, int, int | None], dict[tuple[int, int], float]] = {}
        self.survivors: dict[Side, int] = {}

    # -- numbered sides and states ------------------------------------------------------------------------------

    def number(self, side: Side) -> int:
        found = self.ids.get(side)
        if found is None:
            found = self.ids[side] = len(self.sides)
            self.sides.append(side)
            c, t = self.c, self.t
            state = list(self.frame)
            state[2 * t] = state[2 * t + 1] = side
            self.pools.append(tuple(c.pool(i, side, c._cut(tuple(state), t, i)) for i in (0, 1)))  # type: ignore[arg-type]
        return found

    def survive(self, side: Side) -> int:
        """The number of what is left of ``side`` at the end of the step (units at their health die)."""
        found = self.survivors.get(side)
        if found is None:
            found = self.survivors[side] = self.number(tuple(x for x in side if not self.c.lethal(*x)))
        return found

    def state(self, a: int, d: int) -> State:
        out = list(self.frame)
        out[2 * self.t], out[2 * self.t + 1] = self.sides[a], self.sides[d]
        return tuple(out)  # type: ignore[return-value]

    # -- values -----------------------------------------------------------------------------------------------

    def value(self, a: int, d: int, left: int | None) -> Pair:
        """The chance that each side wins the theater from the start of a round, ``left`` rounds to go (``None``:
        until the combat ends; a round in which nothing changes, every die missing, is summed as a geometric
        series)."""
        sa, sd = self.sides[a], self.sides[d]
        if not (sa and sd) or left == 0:
            return (float(bool(sa) and not sd), float(bool(sd) and not sa))
        key = (a, d, left)
        found = self.values.get(key)
        if found is not None:
            return found
        pool_d = self.pools[d][1]
        acc_a = acc_d = again = 0.0
        chosen = []
        for p, options in self.roll(0, a, d):
            e = options[0] if len(options) == 1 else self._best(a, pool_d, options, left, d)
            (va, vd), back, _ = self.reply(a, pool_d, e, left, e == d)
            acc_a += p * va
            acc_d += p * vd
            again += p * back
            chosen.append((p, e))
        scale = 1.0 / (1.0 - again) if again < 1.0 else 0.0
        found = self.values[key] = (acc_a * scale, acc_d * scale)
        self.chosen[key] = chosen
        return found

    def roll(self, side: int, own: int, enemy: int) -> list[tuple[float, list[int]]]:
        """Each distinct roll of ``side`` (0: the attacker) with its chance, and the numbers of what it can leave of
        the enemy at the end of the step, in the order ``Combat.options`` lists them."""
        key = (side, own, enemy)
        found = self.rolls.get(key)
        if found is None:
            options = self.c.attack_options(self.pools[own][side], self.sides[own], self.sides[enemy], False)
            found = self.rolls[key] = [(p, _firsts([self.survive(e) for _, (_, e) in opts])) for p, opts in options]
        return found

    def _best(self, a: int, pool_d: tuple, options: list[int], left: int | None, d: int) -> int:
        """The attacker's best option: its chance to win, then the defender's lowest, then the first. (Only a
        roll that changes nothing can leave the defender as it was, and such a roll has one option: so no value
        compared here has the round's return left out of it.)"""
        best, (ba, bd) = options[0], self.reply(a, pool_d, options[0], left, options[0] == d)[0]
        for e in options[1:]:
            va, vd = self.reply(a, pool_d, e, left, e == d)[0]
            if va > ba + EPS or (va > ba - EPS and vd < bd - EPS):
                best, ba, bd = e, va, vd
        return best

    def reply(self, a: int, pool_d: tuple, e: int, left: int | None,
              fresh: bool) -> tuple[Pair, float, dict[tuple[int, int], float]]:
        """Once the attacker has left the defender ``e``: the values with the defender answering each roll of
        ``pool_d`` at its best, the chance the round comes back to where it began (``fresh``: the defender was
        left as it was; counted out of the values when no round limit is given), and the round's ends with their
        chances."""
        key = (a, pool_d, e, left, fresh)
        found = self.replies.get(key)
        if found is not None:
            return found
        nxt = None if left is None else left - 1
        ends: dict[tuple[int, int], float] = {}
        for p, options in self._answers(a, pool_d, e):
            end = options[0] if len(options) == 1 else self._best_answer(options, nxt)
            ends[end] = ends.get(end, 0.0) + p
        acc_a = acc_d = again = 0.0
        for (a2, d2), p in ends.items():
            if fresh and left is None and a2 == a and d2 == e:
                again += p
                continue
            va, vd = self.value(a2, d2, nxt)
            acc_a += p * va
            acc_d += p * vd
        found = self.replies[key] = ((acc_a, acc_d), again, ends)
        return found

    def _answers(self, a: int, pool_d: tuple, e: int) -> list[tuple[float, list[tuple[int, int]]]]:
        """The defender's rolls (its pool against ``a``) and, for each, the round's ends its options lead to."""
        flags = self._flags(self.pools[a][0], pool_d)
        return [(p, _firsts([self._end(o, e, flags) for o in options])) for p, options in self._defence(a, pool_d)]

    def _defence(self, a: int, pool_d: tuple) -> list[tuple[float, list[int]]]:
        """The defender's rolls and what each can leave of ``a``: the same whatever the attacker left of it."""
        key = (a, pool_d)
        found = self.defences.get(key)
        if found is None:
            options = self.c.attack_options(pool_d, (), self.sides[a], False)
            found = self.defences[key] = [(p, _firsts([self.survive(o) for _, (_, o) in opts])) for p, opts in options]
        return found

    def _best_answer(self, ends: list[tuple[int, int]], left: int | None) -> tuple[int, int]:
        """The defender's best among the round's ends its options lead to: its chance to win, then the attacker's
        lowest, then the first. (None of them is where the round began: with a choice to make the defender has
        damage to put on the attacker, none of whose units was at its health when the round began.)"""
        best, (ba, bd) = ends[0], self.value(*ends[0], left)
        for end in ends[1:]:
            va, vd = self.value(*end, left)
            if vd > bd + EPS or (vd > bd - EPS and va < ba - EPS):
                best, ba, bd = end, va, vd
        return best

    def _flags(self, pool_a: tuple, pool_d: tuple) -> frozenset:
        """What the end-of-round checks read of the round's rolls (``Combat.flag``), from the two pools."""
        c, t = self.c, self.t
        flags: set = set()
        for side, pool in ((0, pool_a), (1, pool_d)):
            rolled = sum(k for _, k in pool)
            if t == 1 and c.rules.structures_kept_if_rolled and rolled:
                flags.add(("ground", side))
            if t == 0 and c.factions[side] == "empire" and not rolled:
                flags.add(("silent", side))
        return frozenset(flags)

    def _end(self, a: int, d: int, flags: frozenset) -> tuple[int, int]:
        """The round's end from what is left of both sides: the end-of-round checks (RS-CMB-15..18)."""
        key = (a, d, flags)
        found = self.ends.get(key)
        if found is None:
            checked = self.c.checks(self.state(a, d), flags)
            found = self.ends[key] = (self.number(checked[2 * self.t]), self.number(checked[2 * self.t + 1]))
        return found

    # -- what the rest of the solver asks --------------------------------------------------------------------------

    def outcomes(self, a: int, d: int, left: int | None) -> dict[tuple[int, int], float]:
        """The ends of a round from ``(a, d)`` under the best play, with their chances."""
        key = (a, d, left)
        found = self.rounds.get(key)
        if found is None:
            self.value(a, d, left)
            pool_d = self.pools[d][1]
            found = self.rounds[key] = {}
            for p, e in self.chosen.get(key, ()):
                for end, q in self.reply(a, pool_d, e, left, e == d)[2].items():
                    found[end] = found.get(end, 0.0) + p * q
        return found

    def round_outcomes(self, state: State, left: int | None) -> dict[State, float]:
        """:meth:`outcomes` of whole states (``Combat.round_outcomes``)."""
        a, d = self.number(state[2 * self.t]), self.number(state[2 * self.t + 1])
        return {self.state(a2, d2): p for (a2, d2), p in self.outcomes(a, d, left).items()}

    def forward(self, start: State, rounds: int | None,
                limit: int, negligible: float) -> tuple[dict[State, float], list[tuple[float, ...]]]:
        """``Combat.forward`` over numbered sides: the chance of each state the combat ends in (or stands in after
        ``rounds``) and each side's expected health lost after each round (the other theater loses none)."""
        c, t = self.c, self.t
        now = {(self.number(start[2 * t]), self.number(start[2 * t + 1])): 1.0}
        full = [sum(max(0, (c.health(u) or 0) - d) for u, d in start[2 * t + i]) for i in (0, 1)]
        health: dict[int, int] = {}

        def lost(side: int, i: int) -> float:
            if side not in health:
                health[side] = sum(max(0, (c.health(u) or 0) - d) for u, d in self.sides[side])
            return full[i] - health[side]

        finals: dict[tuple[int, int], float] = {}
        ended = [0.0, 0.0]
        damage: list[tuple[float, ...]] = []
        played = 0
        while now and played < (rounds if rounds is not None else limit):
            left = None if rounds is None else rounds - played
            after: dict[tuple[int, int], float] = {}
            for here, p in now.items():
                for end, q in self.outcomes(*here, left).items():
                    after[end] = after.get(end, 0.0) + p * q
            played += 1
            now = {}
            going = [0.0, 0.0]
            for (a, d), p in after.items():
                fought = bool(self.sides[a] and self.sides[d])
                target = going if fought else ended
                target[0] += p * lost(a, 0)
                target[1] += p * lost(d, 1)
                if fought:
                    now[(a, d)] = p
                else:
                    finals[(a, d)] = finals.get((a, d), 0.0) + p
            row = [0.0, 0.0, 0.0, 0.0]
            row[2 * t], row[2 * t + 1] = ended[0] + going[0], ended[1] + going[1]
            damage.append(tuple(row))
            if rounds is None and sum(now.values()) < negligible:
                break
        for here, p in now.items():
            finals[here] = finals.get(here, 0.0) + p
        return {self.state(a, d): p for (a, d), p in finals.items()}, damage

    def pair(self, state: State, left: int | None) -> Pair:
        return self.value(self.number(state[2 * self.t]), self.number(state[2 * self.t + 1]), left)

    def decide(self, state: State, side: int, options: list[Side], left: int | None) -> int:
        """The index of the best of ``options`` (what each option of ``Combat.options`` leaves of the enemy) for
        ``side`` attacking in ``state`` (when the defender attacks, its units carry the attacker's damage: they
        roll as they did at the start of the step)."""
        t = self.t
        a, d = self.number(state[2 * t]), self.number(state[2 * t + 1])
        survived = [self.survive(e) for e in options]
        if side == 0:
            return survived.index(self._best(a, self.pools[d][1], _firsts(survived), left, d))
        e = self.survive(state[2 * t + 1])
        flags = self._flags(self.pools[a][0], self.pools[d][1])
        ends = [self._end(s, e, flags) for s in survived]
        return ends.index(self._best_answer(_firsts(ends), None if left is None else left - 1))


def _firsts(items: list) -> list:
    """The distinct items in the order first met."""
    return list(dict.fromkeys(items))
