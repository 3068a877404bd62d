"""The best play in one theater fought alone, without repairs (issue 34): the common case of the exact odds, solved
a round at a time over numbered sides instead of a stage at a time over whole states (``odds.Combat`` solves the
rest: repairs, Ion Cannons tying the theaters together, the heuristic policy).

Why a round at a time is enough here: in a step both sides roll the dice of the units they had when it began
(units die only at its end, RB-CMB-08), so the attacker's damage never changes the defender's roll, and what the
defender's damage depends on is only which of the attacker's units survive it. A round from ``(a, d)`` is then: the
attacker's roll, its choice of what is left of the defender (``e``), the defender's roll, its choice of what is
left of the attacker, the end-of-round checks. The defender's answer to ``e`` depends on ``d`` only through its
dice pool, so it is solved once for every ``(a, pool of d, e)``, whatever ``d`` and the attacker's roll that led
there; and its choice for one roll depends on the pool only through the damage the roll places, so each choice is
made once for every ``(a, damage placed, e)``, whatever pool rolled it. Each distinct side and dice pool is
numbered once, so the memos are keyed by small tuples of numbers.

The best play is a zero-sum game: the margin (the attacker's chance to win the theater less the defender's) is
what the attacker makes highest and the defender lowest, so both sides want the same thing of their own chance:
to win, and not to lose. Choices are compared as ``Combat.choose`` compares them (the margin, then the first in
order), but only over the ways to place all the damage the dice can place (:func:`placements`): the others are
dominated, so the margin is that of the stage-by-stage solve over every option of the rules.

Why placing all the damage loses nothing. Call a side ``s2`` weaker than ``s`` when its units can be matched into
those of ``s``, unit for like unit, each with at least as much damage (a missing unit: destroyed).

1. The margin is lower when the attacker is weaker and higher when the defender is, round limit or none. By
   induction on the rounds left (without a limit the margin is the limit of these, so it keeps the order): a
   weaker side rolls a part of the dice (its dice are those of its units, cut at 5 a colour, RB-CMB-05), so couple
   the rolls: the stronger side rolls the same dice and some more. Every way the weaker side's enemy can place
   its damage on it is matched by a way to place the same damage on the stronger side (a hit its matched unit
   cannot take goes elsewhere or is lost) that leaves it no weaker than the other; every way the weaker side can
   place its damage is matched by the stronger side placing the same damage and its extra dice's as well, which
   leaves the enemy no stronger. Each choice is the best for the chooser, so it keeps the order; chances average
   it; and the end-of-round checks keep it (a weaker side is the sooner left with nothing but structures or Rebel
   Transports, and lost). Not so with a Death Star the Ion Cannons silence, or a Death Star Under Construction
   that takes no damage (RS-CMB-16/18): destroying its escorts forces the Rebel ships out, so such a battle is
   left to ``odds.Combat`` (``Combat.monotone``).
2. A way that places less damage than another way could is dominated by a way that places it all. If a hit of a
   colour is lost while a unit of that colour has health left, it can go there. If it is lost because the direct
   hits filled its colour, one of those direct hits can move to a unit that still has health left (if none has,
   no way places more). Either way the enemy is left weaker, and by 1 that is no worse for the one who chooses.
3. Every way that places all the damage has the same total, so none is weaker than another: what is left are
   exactly the undominated ways, and the best of all the ways is as good as the best of these.

The choices :meth:`Duel.decide` gives the engine's cross-check are those the solve makes, in the same order.
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
    kinds: Any

    def pool(self, side: int, units: Side, cut_red: int) -> tuple[tuple[str, int], ...]: ...
    def _cut(self, state: State, t: int, side: int) -> int: ...
    def health(self, unit: str) -> int | None: ...
    def lethal(self, unit: str, damage: int) -> bool: ...
    def checks(self, state: State, flags: frozenset) -> State: ...
    def rolls(self, pool: tuple) -> list[tuple[tuple, float]]: ...


EPS = 1e-12


class Duel:
    """Theater ``t`` fought alone: the other theater's sides (``frame``) stay as they are, not fought."""

    def __init__(self, combat: Combat, t: int, frame: State) -> None:
        self.c = combat
        self.t = t
        self.frame = frame
        self.sides: list[Side] = []
        self.ids: dict[Side, int] = {}
        self.pools: list[tuple[int, int]] = []  # of each numbered side, its pool as the attacker's and the defender's
        self.pool_ids: dict[tuple, int] = {}  # each distinct dice pool numbered too
        self.pool_of: list[tuple] = []
        self.flag_memo: dict[tuple[int, int], frozenset] = {}
        self.health: list[int] = []  # the health each numbered side has left
        self.values: dict[tuple[int, int, int | None], float] = {}
        self.rolls: dict[tuple[tuple, int], list[tuple[float, list[int]]]] = {}
        self.placed: dict[tuple, list[int]] = {}
        self.answers: dict[tuple, tuple[int, int]] = {}
        self.hit_memo: dict[tuple[int, tuple], list[tuple[float, tuple]]] = {}
        self.replies: dict[tuple, tuple[float, float, dict[tuple[int, int], float]]] = {}
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
            attack, defence = (c.pool(i, side, c._cut(tuple(state), t, i)) for i in (0, 1))  # type: ignore[arg-type]
            self.pools.append((self._pool(attack), self._pool(defence)))
            self.health.append(sum((c.health(u) or 0) - d for u, d in side))
        return found

    def survive(self, side: Side) -> int:
        """The number of what is left of ``side`` at the end of the step (units at their health die)."""
        found = self.survivors.get(side)
        if found is None:
            found = self.survivors[side] = self.number(tuple(x for x in side if not self.c.lethal(*x)))
        return found

    def _pool(self, pool: tuple) -> int:
        found = self.pool_ids.get(pool)
        if found is None:
            found = self.pool_ids[pool] = len(self.pool_of)
            self.pool_of.append(pool)
        return found

    def state(self, a: int, d: int) -> State:
        out = list(self.frame)
        out[2 * self.t], out[2 * self.t + 1] = self.sides[a], self.sides[d]
        return tuple(out)  # type: ignore[return-value]

    # -- values -----------------------------------------------------------------------------------------------

    def value(self, a: int, d: int, left: int | None) -> float:
        """The attacker's chance to win the theater less the defender's, from the start of a round, ``left`` rounds
        to go (``None``: until the combat ends; a round in which nothing changes, every die missing, is summed as a
        geometric series)."""
        sa, sd = self.sides[a], self.sides[d]
        if not (sa and sd) or left == 0:
            return float(bool(sa) and not sd) - float(bool(sd) and not sa)
        key = (a, d, left)
        found = self.values.get(key)
        if found is not None:
            return found
        pool_d = self.pools[d][1]
        acc = again = 0.0
        chosen = []
        for p, _, options in self.roll(self.pools[a][0], d):
            e = options[0] if len(options) == 1 else self._best(a, pool_d, options, left)
            v, back, _ = self.reply(a, pool_d, e, left, e == d)
            acc += p * v
            again += p * back
            chosen.append((p, e))
        found = self.values[key] = acc / (1.0 - again) if again < 1.0 else 0.0
        self.chosen[key] = chosen
        return found

    def roll(self, pool: int, enemy: int) -> list[tuple[float, tuple, list[int]]]:
        """Each distinct outcome of rolling the numbered ``pool`` against the numbered side ``enemy``: its chance,
        the damage it places (:meth:`_hits`), and the numbers of what it can leave of the enemy at the end of the
        step: every way to place all that damage (:func:`placements`), in the order of the units left."""
        key = (pool, enemy)
        found = self.rolls.get(key)
        if found is None:
            room: dict[str | None, int] = {}
            for u, dmg in self.sides[enemy]:
                if self.c.health(u) is not None:
                    colour = self.c.kinds[u].colour
                    room[colour] = room.get(colour, 0) + (self.c.health(u) or 0) - dmg
            found = self.rolls[key] = [(p, placed, self._placed(enemy, placed))
                                       for p, placed in self._hits(pool, tuple(sorted(room.items(), key=str)))]
        return found

    def _hits(self, pool: int, room: tuple) -> list[tuple[float, tuple]]:
        """The chance of each damage the pool's roll places on an enemy with ``room`` (``(colour, health left)``
        pairs): ``(((colour, hits), ...), direct hits)``, each cut to what the enemy can take."""
        key = (pool, room)
        found = self.hit_memo.get(key)
        if found is None:
            left = dict(room)
            merged: dict[tuple, float] = {}
            for (hits, direct, _), p in self.c.rolls(self.pool_of[pool]):
                used = tuple((c, min(n, left.get(c, 0))) for c, n in hits if min(n, left.get(c, 0)))
                placed = (used, min(direct, sum(left.values()) - sum(n for _, n in used)))
                merged[placed] = merged.get(placed, 0.0) + p
            found = self.hit_memo[key] = [(p, placed) for placed, p in merged.items()]
        return found

    def _placed(self, enemy: int, placed: tuple) -> list[int]:
        key = (enemy, placed)
        found = self.placed.get(key)
        if found is None:
            used, direct = placed
            found = self.placed[key] = [self.number(side) for side in
                                        placements(self.c, self.sides[enemy], dict(used), direct)]
        return found

    def _best(self, a: int, pool_d: int, options: list[int], left: int | None) -> int:
        """The attacker's best option: the highest margin, then the first. (Only a roll that changes nothing can
        leave the defender as it was, and such a roll has one option: so no value compared here has the round's
        return left out of it.)"""
        best, top = options[0], self.reply(a, pool_d, options[0], left, False)[0]
        for e in options[1:]:
            v = self.reply(a, pool_d, e, left, False)[0]
            if v > top + EPS:
                best, top = e, v
        return best

    def reply(self, a: int, pool_d: int, e: int, left: int | None,
              fresh: bool) -> tuple[float, float, dict[tuple[int, int], float]]:
        """Once the attacker has left the defender ``e``: the margin with the defender answering each roll of
        ``pool_d`` at its best, the chance the round comes back to where it began (``fresh``: the defender was
        left as it was; counted out of the margin when no round limit is given), and the round's ends with their
        chances."""
        key = (a, pool_d, e, left, fresh)
        found = self.replies.get(key)
        if found is not None:
            return found
        nxt = None if left is None else left - 1
        ends: dict[tuple[int, int], float] = {}
        flags = self._flags(self.pools[a][0], pool_d)
        for p, placed, options in self.roll(pool_d, a):
            end = self._answer(a, placed, options, e, flags, nxt)
            ends[end] = ends.get(end, 0.0) + p
        acc = again = 0.0
        for (a2, d2), p in ends.items():
            if fresh and left is None and a2 == a and d2 == e:
                again += p
                continue
            acc += p * self.value(a2, d2, nxt)
        found = self.replies[key] = (acc, again, ends)
        return found

    def _answer(self, a: int, placed: tuple, options: list[int], e: int, flags: frozenset,
                left: int | None) -> tuple[int, int]:
        """The defender's answer to the attacker's units ``a`` with the damage ``placed`` (its ``options``), the
        defender left ``e``: the same whatever dice pool rolled it, so solved once for all of them."""
        key = (a, placed, e, flags, left)
        found = self.answers.get(key)
        if found is None:
            ends = _firsts([self._end(o, e, flags) for o in options])
            found = self.answers[key] = ends[0] if len(ends) == 1 else self._best_answer(ends, left)
        return found

    def _best_answer(self, ends: list[tuple[int, int]], left: int | None) -> tuple[int, int]:
        """The defender's best among the round's ends its options lead to: the lowest margin, then the first.
        (None of them is where the round began: with a choice to make the defender has damage to put on the
        attacker, none of whose units was at its health when the round began.)"""
        best, low = ends[0], self.value(*ends[0], left)
        for end in ends[1:]:
            v = self.value(*end, left)
            if v < low - EPS:
                best, low = end, v
        return best

    def _flags(self, pool_a: int, pool_d: int) -> frozenset:
        """What the end-of-round checks read of the round's rolls (``Combat.flag``), from the two pools."""
        found = self.flag_memo.get((pool_a, pool_d))
        if found is not None:
            return found
        c, t = self.c, self.t
        flags: set = set()
        for side, pool in ((0, pool_a), (1, pool_d)):
            rolled = sum(k for _, k in self.pool_of[pool])
            if t == 1 and c.rules.structures_kept_if_rolled and rolled:
                flags.add(("ground", side))
            if t == 0 and c.factions[side] == "empire" and not rolled:
                flags.add(("silent", side))
        found = self.flag_memo[(pool_a, pool_d)] = frozenset(flags)
        return found

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

    def margin(self, state: State, left: int | None) -> float:
        """:meth:`value` of a whole state."""
        return self.value(self.number(state[2 * self.t]), self.number(state[2 * self.t + 1]), left)

    def decide(self, state: State, side: int, options: list[Side], left: int | None) -> int:
        """The index of the best of ``options`` (what each option of ``Combat.options`` leaves of the enemy) for
        ``side`` attacking in ``state`` (when the defender attacks, its units carry the attacker's damage: they
        roll as they did at the start of the step): the choice :meth:`value` makes, among the options that place
        all the damage they can (the fewest health left), in the order of the units left."""
        t = self.t
        a, d = self.number(state[2 * t]), self.number(state[2 * t + 1])
        survived = [self.survive(e) for e in options]
        least = min(self.health[n] for n in survived)
        placed = _firsts(sorted((n for n in survived if self.health[n] == least), key=self.sides.__getitem__))
        if side == 0:
            return survived.index(self._best(a, self.pools[d][1], placed, left))
        e = self.survive(state[2 * t + 1])
        flags = self._flags(self.pools[a][0], self.pools[d][1])
        ends = [self._end(n, e, flags) for n in survived]
        best = self._best_answer(_firsts([self._end(n, e, flags) for n in placed]), None if left is None else left - 1)
        return ends.index(best)


def placements(c: Combat, enemy: Side, used: dict[str, int], direct: int) -> list[Side]:
    """What ``enemy`` can be left at the end of the step (units at their health gone) by ``used[colour]`` hits on
    its units of that health colour and ``direct`` direct hits on any, every one of them placed on a unit with
    health to lose (the roll's hits already cut to the health its colour has, and the direct hits to what is left:
    damage placed no other way is dominated, see the module's docstring). In the order of the units left."""
    fixed: list[Unit] = []
    groups: dict[str | None, dict[Unit, int]] = {}
    for x in enemy:
        if c.health(x[0]) is None:
            fixed.append(x)
        else:
            colour = groups.setdefault(c.kinds[x[0]].colour, {})
            colour[x] = colour.get(x, 0) + 1
    colours = sorted(groups, key=str)
    rooms = {col: sum(((c.health(u) or 0) - dmg) * n for (u, dmg), n in groups[col].items()) for col in colours}
    out: set[Side] = set()

    def spread(i: int, extra: int, acc: list[Unit]) -> None:
        """Colour ``i`` on: its hits and some of the ``extra`` direct hits, every way."""
        if i == len(colours):
            if not extra:
                out.add(tuple(sorted(acc)))
            return
        col = colours[i]
        base = used.get(col, 0)
        for more in range(min(extra, rooms[col] - base) + 1):
            for placed in _share(c, sorted(groups[col].items()), base + more):
                spread(i + 1, extra - more, acc + placed)

    spread(0, direct, list(fixed))
    return sorted(out)


def _share(c: Combat, groups: list[tuple[Unit, int]], damage: int) -> list[list[Unit]]:
    """Every way to put ``damage`` on the units (``(unit, damage) -> count``), none past its health; those at
    their health gone. Miniatures alike share in non-increasing order, so each outcome comes once."""
    if not groups:
        return [[]] if not damage else []
    (unit, had), count = groups[0]
    room = (c.health(unit) or 0) - had
    rest_room = sum(((c.health(u) or 0) - d) * n for (u, d), n in groups[1:])
    out = []
    for mine in range(max(0, damage - rest_room), min(damage, room * count) + 1):
        for parts in _parts(mine, count, room):
            units = [(unit, had + k) for k in parts if k < room]
            for rest in _share(c, groups[1:], damage - mine):
                out.append(units + rest)
    return out


def _parts(total: int, count: int, most: int) -> list[tuple[int, ...]]:
    """``total`` split into ``count`` non-increasing parts of at most ``most`` each."""
    if count == 0:
        return [()] if total == 0 else []
    return [(k,) + rest for k in range(min(most, total), -1, -1) if k * count >= total
            for rest in _parts(total - k, count - 1, k)]


def _firsts(items: list) -> list:
    """The distinct items in the order first met."""
    return list(dict.fromkeys(items))
