"""The loops of the exact odds over arrays (issue 34, :mod:`.odds_duel`), compiled by numba: the best play's solve
of a theater fought alone (until it ends, or a round at a time), the rounds of its forward pass, and a round of the
heuristic's chain (:func:`chain_round`; the heuristic's damage is placed in :mod:`.odds_greedy`).

Written as plain loops over the pairs of sides, not as whole-array numpy steps: a class of damage has its own few
options, which numpy could only take padded into blocks, a temporary array for each step, and a health level of
sides at a time, a few dozen calls for each of hundreds of pairs of levels; these loops cost a third of that
(docs/odds.md, How fast). Each function is compiled the first time it is called, and the machine code kept on disk
(:func:`_compiled`), so later processes only load it.

The names are those of :mod:`.odds_duel`: ``a`` an attacker's side, ``d`` a defender's, ``e`` what the attacker's
roll leaves of ``d``, ``a2`` what the defender's leaves of ``a``; a *group* is a side with the classes of damage
an enemy roll can place on it that leave the same *options* (the sides that damage can leave), a *choice* one
made between those options, for every group that asks for it (:class:`Rolled`); ``S`` solves side by side
(``odds_tied``: one for each state of the other theater), a last axis of the values.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from numba import njit


def _compiled(function: Any) -> Any:
    """``function`` compiled by numba the first time it is called, its machine code cached on disk (beside this
    file, else in numba's cache folder in the user's home) so that later processes only load it; where numba finds
    nowhere it may write, compiled afresh in each process instead of failing to import."""
    try:
        return njit(cache=True)(function)
    except RuntimeError:  # numba: "cannot cache function ...: no locator available"
        return njit(function)


class Rolled(NamedTuple):
    """One force's sides as the enemy's rolls find them (:class:`.odds_duel.Targets`), as the loops read them."""

    cand: Any  # the options of every choice, a run for each
    choice_start: Any  # where each choice's options begin in ``cand`` (one more: the end)
    side_start: Any  # where each side's groups begin (one more: the end)
    weight: Any  # [group, enemy's dice pool]: the chance of the group's classes of damage
    choice: Any  # [group]: the choice the group asks for
    zero: Any  # [side, enemy's dice pool]: the chance that a roll places nothing on the side
    by_pool: Any  # the choices of the groups whose chance is over 0, by side and then enemy's pool
    by_pool_chance: Any  # their chances
    by_pool_start: Any  # where those of each (side, pool) begin: ``side * pools + pool`` (one more: the end)
    reached: Any  # [own dice pool, side]: whether an enemy roll may leave the side of a side that rolls the pool


@_compiled
def _code(hits: Any, direct: Any, o: int, room: Any, r: int, base: int, most: int) -> int:
    """The code of the damage outcome ``o`` places on room ``r`` (:func:`classes`), ``most`` the damage it may
    place at all."""
    code, digit, used = 0, 1, 0
    for c in range(room.shape[1]):
        h = min(hits[o, c], room[r, c])
        code += h * digit
        used += h
        digit *= base
    return code + min(direct[o], most - used) * digit


@_compiled
def classes(room: Any, hits: Any, direct: Any, chance: Any, pool_start: Any, dice: Any
            ) -> tuple[Any, Any, Any, Any, Any]:
    """What each enemy dice pool's rolls place on a side with each room (:class:`.odds_duel.Damages`): ``room`` the
    health of each colour each room has (a row a room), the outcomes of every pool one after the other (those of
    pool ``p`` from ``pool_start[p]``): their hits of each colour, direct hits and chances, and how many dice each
    pool rolls. Each outcome's damage is cut to the room (a colour's hits to its health of that colour, the direct
    hits to what is left, and all to the dice rolled) and told by a code: the hits of each colour, then the direct
    hits, digits of a base over any count of dice. Given back: the chance that each pool places nothing
    (``[room, pool]``); and each class of damage that places some, the classes of a room from ``start[room]`` in
    the order of their code: its chance from each pool (a row a class), its hits of each colour, its whole
    damage. Two passes: the first counts each room's classes, the second fills them in."""
    rooms, colours = room.shape
    pools = len(dice)
    base = (dice.max() if pools else 0) + 1
    span = base ** (colours + 1)
    placed = np.zeros((span, pools))  # one room's chance of each code from each pool
    seen = np.zeros(span, np.bool_)
    start = np.zeros(rooms + 1, np.int64)
    for r in range(rooms):
        health = room[r].sum()
        for p in range(pools):
            for o in range(pool_start[p], pool_start[p + 1]):
                seen[_code(hits, direct, o, room, r, base, min(health, dice[p]))] = True
        start[r + 1] = start[r] + seen[1:].sum()
        seen[:] = False
    zero = np.zeros((rooms, pools))
    chances = np.zeros((start[rooms], pools))
    need = np.zeros((start[rooms], colours), np.int64)
    total = np.zeros(start[rooms], np.int64)
    for r in range(rooms):
        health = room[r].sum()
        for p in range(pools):
            for o in range(pool_start[p], pool_start[p + 1]):
                code = _code(hits, direct, o, room, r, base, min(health, dice[p]))
                placed[code, p] += chance[o]
                seen[code] = True
        for p in range(pools):  # (loops, not row assignments: numba compiles their shape check for seconds)
            zero[r, p] = placed[0, p]
        placed[0] = 0.0
        k = start[r]
        for code in range(1, span):
            if seen[code]:
                for p in range(pools):
                    chances[k, p] = placed[code, p]
                placed[code] = 0.0
                rest = code
                for c in range(colours):
                    need[k, c] = rest % base
                    rest //= base
                total[k] = need[k].sum() + rest
                k += 1
        seen[:] = False
    return zero, chances, need, total, start


@_compiled
def find_options(counts: Any, kept: Any, left: Any, first: Any, count: Any, need: Any, total: Any) -> tuple[Any, Any]:
    """The options of each class of damage on each side (:meth:`.odds_duel.Below.options`, which says what the
    arguments are): the sides it can leave, each class's in order, and how many each class has. A class's options
    have exactly the health its side has less the class's damage, and the sides are in the order of their health,
    so only a run of them is compared with each class."""
    # (loops, not whole-array sums and differences: numba compiles their error messages for seconds, once a process)
    health = np.zeros(len(left), np.int64)
    for n in range(len(left)):
        health[n] = left[n].sum()
    groups = count.sum()
    lo, hi = np.empty(groups, np.int64), np.empty(groups, np.int64)  # each group's run of sides to compare
    side, kind = np.empty(groups, np.int64), np.empty(groups, np.int64)
    g = 0
    for n in range(len(count)):
        for k in range(first[n], first[n] + count[n]):
            lo[g] = np.searchsorted(health, health[n] - total[k], side="left")
            hi[g] = np.searchsorted(health, health[n] - total[k], side="right")
            side[g], kind[g] = n, k
            g += 1
    compared = 0
    for g in range(groups):
        compared += hi[g] - lo[g]
    fits = np.zeros(compared, np.bool_)
    sizes = np.zeros(groups, np.int64)
    at = 0
    for g in range(groups):
        n, k = side[g], kind[g]
        for option in range(lo[g], hi[g]):
            ok = kept[option] == kept[n]
            for x in range(counts.shape[1]):
                ok = ok and counts[option, x] <= counts[n, x]
            for colour in range(left.shape[1]):
                ok = ok and left[n, colour] - left[option, colour] >= need[k, colour]
            fits[at] = ok
            sizes[g] += ok
            at += 1
    cand = np.empty(sizes.sum(), np.int64)
    at, placed = 0, 0
    for g in range(groups):
        for option in range(lo[g], hi[g]):
            if fits[at]:
                cand[placed] = option
                placed += 1
            at += 1
    return cand, sizes


@_compiled
def alike(cand: Any, group_start: Any, side_start: Any, weight: Any, rows: Any, pool: Any, key: Any, order: Any
          ) -> tuple[Any, Any, Any, Any, Any]:
    """The classes of damage (groups, each with its options ``cand[group_start[g]:group_start[g + 1]]``) as the
    choices they ask for: a choice hangs only on the options it is between and the dice its side rolls back
    (``pool[side]``), so every group with the same of both, of any side, is answered alike, and a force's many
    classes ask for few choices (8 against 8 in space: the defender's 11,981 classes, 1,546 choices); and the
    groups of a side with the same choice are one, their chances summed (group ``g``'s are the row ``rows[g]`` of
    ``weight``, one for each enemy pool). Only groups of the same ``key`` (a hash of the pool and the options) are
    compared, taken in ``order`` (the groups by key, each key's in their order: a stable sort, made by numpy, whose
    sort compiled here would double this function's compiling). Given back: the choices' options (``cand``) and
    where each begins (``choice_start``), the merged groups' ``side_start`` and ``weight``, and each merged group's
    choice (:class:`Rolled`)."""
    groups = len(group_start) - 1
    side = np.empty(groups, np.int64)
    for n in range(len(side_start) - 1):
        for g in range(side_start[n], side_start[n + 1]):
            side[g] = n
    first = np.arange(groups)  # the first group with each group's pool and options
    i = 0
    while i < groups:
        j = i
        while j < groups and key[order[j]] == key[order[i]]:
            j += 1
        for x in range(i + 1, j):
            g = order[x]
            for y in range(i, x):
                k = order[y]
                if first[k] != k or pool[side[k]] != pool[side[g]] \
                        or group_start[k + 1] - group_start[k] != group_start[g + 1] - group_start[g]:
                    continue
                same = True
                for at in range(group_start[g + 1] - group_start[g]):
                    if cand[group_start[g] + at] != cand[group_start[k] + at]:
                        same = False
                        break
                if same:
                    first[g] = k
                    break
        i = j
    choice = np.empty(groups, np.int64)
    choices = 0
    for g in range(groups):
        if first[g] == g:
            choice[g] = choices
            choices += 1
        else:
            choice[g] = choice[first[g]]
    sizes = np.zeros(choices, np.int64)
    for g in range(groups):
        sizes[choice[g]] = group_start[g + 1] - group_start[g]
    choice_start = np.zeros(choices + 1, np.int64)
    for k in range(choices):
        choice_start[k + 1] = choice_start[k] + sizes[k]
    options = np.empty(choice_start[choices], np.int64)
    for g in range(groups):
        if first[g] == g:
            for j in range(group_start[g + 1] - group_start[g]):
                options[choice_start[choice[g]] + j] = cand[group_start[g] + j]
    merged = np.empty(groups, np.int64)  # each group's merged group, which ...
    held = np.full(choices, -1, np.int64)  # ... a side's first group of each choice starts
    starts = np.empty(len(side_start), np.int64)
    m = 0
    for n in range(len(side_start) - 1):
        starts[n] = m
        for g in range(side_start[n], side_start[n + 1]):
            if held[choice[g]] < starts[n]:  # not yet met on this side
                held[choice[g]] = m
                m += 1
            merged[g] = held[choice[g]]
    starts[-1] = m
    summed = np.zeros((m, weight.shape[1]))
    kept = np.empty(m, np.int64)
    for g in range(groups):
        for p in range(weight.shape[1]):
            summed[merged[g], p] += weight[rows[g], p]
        kept[merged[g]] = choice[g]
    return options, choice_start, starts, summed, kept


@_compiled
def by_pool(side_start: Any, weight: Any, choice: Any) -> tuple[Any, Any, Any]:
    """The groups with a chance as the forward pass and the replies read them (:class:`Rolled`): by side and then
    enemy pool, each as the choice it asks for and its chance; and where those of each (side, pool) begin (one
    more: the end)."""
    pools, given = weight.shape[1], np.count_nonzero(weight)
    choices, chances = np.empty(given, np.int64), np.empty(given)
    start = np.empty((len(side_start) - 1) * pools + 1, np.int64)
    at = 0
    for n in range(len(side_start) - 1):
        for p in range(pools):
            start[n * pools + p] = at
            for g in range(side_start[n], side_start[n + 1]):
                if weight[g, p] != 0.0:
                    choices[at], chances[at] = choice[g], weight[g, p]
                    at += 1
    start[-1] = at
    return choices, chances, start


@_compiled
def _choose(table: Any, rows: Any, first: int, stop: int, sign: float, tie: float, pick: Any, value: Any) -> None:
    """One choice for each column of ``table``: of its options ``rows[first:stop]`` (the sides they leave, each
    worth its row), the first whose value is within ``tie`` of the highest (``sign`` 1) or the lowest (-1), the
    tie rule of ``Combat.tie_order``: the side it leaves into ``pick``, its value into ``value``."""
    width = table.shape[1]
    for c in range(width):
        value[c] = sign * table[rows[first], c]  # the best so far (the lowest is the highest turned round)
        pick[c] = -1
    for k in range(first + 1, stop):
        row = table[rows[k]]
        for c in range(width):
            value[c] = max(value[c], sign * row[c])
    for c in range(width):
        value[c] -= tie  # what an option must reach to be chosen
    for k in range(first, stop):
        row = table[rows[k]]
        for c in range(width):
            if pick[c] < 0 and sign * row[c] >= value[c]:
                pick[c] = rows[k]
                value[c] = row[c]


@_compiled
def _attack(replies: Any, d: int, defender: Rolled, pool_a: Any, tie: float, chosen: Any, made: Any, hit: Any
            ) -> None:
    """The attacker's choices against the defender's side ``d``, for each of its attacker's sides and solves (a
    column ``a * S + s`` of ``replies[e]``, the defender's replies to its pool ``[e, a * S + s]``): for each choice
    ``d``'s groups ask for and no side asked for before (``made``), the option that leaves the defender the best
    reply, into ``chosen[:, choice]`` (``chosen`` is laid out ``[a * S + s, choice]``, as the forward pass reads
    it: an attacker's side's choices along a row); and the sum over the groups of their chance (from ``a``'s pool)
    times the reply chosen, into ``hit``."""
    width = replies.shape[1]
    solves = width // len(pool_a)
    value = np.empty(width)
    hit[:] = 0.0
    for g in range(defender.side_start[d], defender.side_start[d + 1]):
        k = defender.choice[g]
        if not made[k]:
            _choose(replies, defender.cand, defender.choice_start[k], defender.choice_start[k + 1], 1.0, tie,
                    chosen[:, k], value)
            made[k] = True
        for c in range(width):
            hit[c] += defender.weight[g, pool_a[c // solves]] * replies[chosen[c, k], c]


@_compiled
def _replies(after: Any, answered: Any, attacker: Rolled, asked: Any, replies: Any) -> None:
    """The defender's replies for one of its sides left ``e``: for each of its dice pools a side that can be left
    as ``e`` rolls (``asked[pool]``, the others' are never read: a sixth of them, 8 against 8 in space), attacker's
    side and solve, the margin once it has answered each roll at its best (``answered[s, choice]``, of ``e``) or,
    for the rolls that place nothing, the round ended (``after[a, s]``): ``replies[pool, a * S + s]``."""
    pools = attacker.zero.shape[1]
    solves = after.shape[1]
    for a in range(after.shape[0]):
        for q in range(pools):
            if not asked[q]:
                continue
            row = a * pools + q
            for s in range(solves):
                r = attacker.zero[a, q] * after[a, s]
                for j in range(attacker.by_pool_start[row], attacker.by_pool_start[row + 1]):
                    r += attacker.by_pool_chance[j] * answered[s, attacker.by_pool[j]]
                replies[q, a * solves + s] = r


@_compiled
def solve_until_end(attacker: Rolled, defender: Rolled, pools: tuple[Any, Any], levels: tuple[Any, Any],
                    checks: tuple[Any, Any, Any, Any], stay: Any, elsewhere: Any, tie: float, replies: Any
                    ) -> tuple[Any, Any, Any, Any]:
    """The best play until the combat ends, for ``S`` solves side by side (``len(stay)``): in each, a round
    ending in a pair leaves ``stay[s] * settled + elsewhere[a, d * S + s]`` (alone: ``stay`` 1 and ``elsewhere``
    0; beside a theater that moves on its own, :meth:`.odds_duel.Battle._solve_beside`). ``pools`` are each
    side's dice pool, ``levels`` where each run of sides of equal health begins (one more: the end), ``checks``
    the pairs the end-of-round checks settle (``fixed``, their margin ``fixed_value``), the pairs not fought
    (``terminal``) and their margin (``won``). The values ``[a, d * S + s]`` at the start of a round and after
    its checks, the attacker's choices ``[a * S + s, choice]`` and the defender's ``[choice, e * S + s]``; the
    replies ``[defender's pool, e, a * S + s]`` into ``replies``, given (only those of the pools a side that can be
    left as ``e`` rolls are written: the caller may hand the same array to solve after solve).

    Every option leaves a side of less health, so the values are solved a health level of the defender's sides
    at a time, weakest first, and in each a health level of the attacker's: the margins each choice compares are
    known by then, and each choice is made for the whole level of the other side at once. A round that places
    nothing on either side comes back to where it began: its chance is summed as a geometric series (a
    division)."""
    pool_a, pool_d = pools
    fixed, fixed_value, terminal, won = checks
    na, nd, solves = len(pool_a), len(pool_d), len(stay)
    values = np.zeros((na, nd * solves))
    settled = np.zeros((na, nd * solves))
    attack = np.zeros((na * solves, len(defender.choice_start) - 1), np.int32)
    defence = np.zeros((len(attacker.choice_start) - 1, nd * solves), np.int32)
    made = np.zeros(len(defender.choice_start) - 1, np.bool_)  # the attacker's choices made: each once
    widest = 0  # the buffers below hold one level, used again by the next
    for i in range(len(levels[1]) - 1):
        widest = max(widest, levels[1][i + 1] - levels[1][i])
    hit = np.zeros((widest, na * solves))
    answered = np.zeros((widest * solves, len(attacker.choice_start) - 1))  # a column's together: replies read them
    level = np.full(len(attacker.choice_start) - 1, -1, np.int64)  # the level of d each defender's choice was made at
    after = np.zeros((na, widest * solves))  # the margins a round ending in the level's pairs leaves
    for i in range(len(levels[1]) - 1):
        d0, d1 = levels[1][i], levels[1][i + 1]
        for d in range(d0, d1):
            _attack(replies[pool_d[d]], d, defender, pool_a, tie, attack, made, hit[d - d0])
        columns = after[:, :(d1 - d0) * solves]
        for k in range(len(levels[0]) - 1):
            a0, a1 = levels[0][k], levels[0][k + 1]
            for g in range(attacker.side_start[a0], attacker.side_start[a1]):
                x = attacker.choice[g]
                if level[x] < i:  # its options are weaker than a: their columns are known
                    _choose(columns, attacker.cand, attacker.choice_start[x], attacker.choice_start[x + 1], -1.0,
                            tie, defence[x, d0 * solves:d1 * solves], answered[:(d1 - d0) * solves, x])
                    level[x] = i
            for a in range(a0, a1):
                for d in range(d0, d1):
                    q = pool_d[d]
                    p0, q0 = defender.zero[d, pool_a[a]], attacker.zero[a, q]  # each roll places nothing
                    for s in range(solves):
                        c, here = d * solves + s, (d - d0) * solves + s
                        part = 0.0
                        for g in range(attacker.side_start[a], attacker.side_start[a + 1]):
                            part += attacker.weight[g, q] * answered[here, attacker.choice[g]]
                        if terminal[a, d]:
                            v = won[a, d]
                        else:
                            again = 0.0 if fixed[a, d] else p0 * q0 * stay[s]
                            ended = q0 * fixed_value[a, d] if fixed[a, d] else q0 * elsewhere[a, c]
                            v = (hit[d - d0, a * solves + s] + p0 * (part + ended)) / (1.0 - again) \
                                if again < 1.0 else 0.0
                        values[a, c] = v
                        settled[a, c] = fixed_value[a, d] if fixed[a, d] else v
                        columns[a, here] = stay[s] * settled[a, c] + elsewhere[a, c]
        for d in range(d0, d1):
            here = (d - d0) * solves
            _replies(columns[:, here:here + solves], answered[here:here + solves], attacker, defender.reached[:, d],
                     replies[:, d])
    return values, settled, attack, defence


@_compiled
def solve_round(attacker: Rolled, defender: Rolled, pools: tuple[Any, Any], then: Any, tie: float
                ) -> tuple[Any, Any, Any, Any]:
    """The best play with one round more than the margins ``then`` (``[a, d]``, after the round's checks): the
    values at the start of the round (the pairs not fought are left to the caller), the replies
    ``[defender's pool, e, a]``, the attacker's choices ``[a, choice]`` and the defender's ``[choice, e]``.
    Every margin a choice compares is known, so each is made for every side of the other force at once."""
    pool_a, pool_d = pools
    na, nd = then.shape
    replies = np.zeros((attacker.zero.shape[1], nd, na))
    choices = len(attacker.choice_start) - 1
    attack = np.zeros((na, len(defender.choice_start) - 1), np.int32)
    made = np.zeros(len(defender.choice_start) - 1, np.bool_)
    defence = np.zeros((choices, nd), np.int32)
    answered = np.zeros((nd, choices))
    values = np.zeros((na, nd))
    hit = np.zeros(na)
    for x in range(choices):
        _choose(then, attacker.cand, attacker.choice_start[x], attacker.choice_start[x + 1], -1.0, tie, defence[x],
                answered[:, x])
    for e in range(nd):
        _replies(then[:, e:e + 1], answered[e:e + 1], attacker, defender.reached[:, e], replies[:, e])
    for d in range(nd):
        _attack(replies[pool_d[d]], d, defender, pool_a, tie, attack, made, hit)
        for a in range(na):
            values[a, d] = hit[a] + defender.zero[d, pool_a[a]] * replies[pool_d[d], d, a]
    return values, replies, attack, defence


@_compiled
def ends_of(defence: Any, end: Any, nd: int) -> None:
    """In place, each of the defender's choices (``defence[choice, e * S + s]``: the side ``a2`` it leaves of the
    attacker) as the pair the round then ends in, ``end[a2 * nd + e]`` (the end-of-round checks), which the
    forward pass reads: the checks looked up once, not at each of its moves."""
    solves = defence.shape[1] // nd
    for x in range(defence.shape[0]):
        for c in range(defence.shape[1]):
            defence[x, c] = end[defence[x, c] * nd + c // solves]


@_compiled
def follow(now: Any, rows: Any, plays: Any, faint: float, fought: Any, end: Any, pools: tuple[Any, Any],
           defender: Rolled, attack: Any, attacker: Rolled, ends: Any) -> None:
    """In place, the chance of each pair of sides (flat: ``a * nd + d``) in each row ``rows[i]`` of ``now`` after a
    round by the choices of the row's play ``plays[i]`` (a duel: one row, one play; beside an Ion Cannon, a row for
    each ground pair, a play for each ground pair the space play differs beside: ``odds_tied``); only the pairs
    ``fought`` whose chance is over ``faint`` are followed. ``end`` is the pair each pair ends the round as (the
    end-of-round checks), ``pools`` each side's dice pool (the attacker's, the defender's); ``defender`` is what
    the attacker's rolls place on the defender's sides, and ``attack`` each play's choices ``[play, a, choice]``;
    ``attacker`` is what the defender's rolls place on the attacker's sides, and ``ends`` the pair the round ends in
    after each play's choices ``[play, choice, e]`` (:class:`.odds_duel.Solution`).

    A pair not fought stays as it is. A round from ``(a, d)`` passes through a middle ``(a, defender's pool, e)``: the
    attacker's roll and choice have left ``e`` of the defender, whose answer hangs on the pool it rolls (that of ``d``:
    units die only at the end of the step, RB-CMB-08) but not on ``d`` itself; then the defender's roll and choice leave
    ``a2`` of the attacker, and the checks give the pair the round ends in. The middles are gathered an attacker's
    side at a time, in a buffer of one side's (``[defender's pool, e]``, small enough to stay in the cache), and
    followed on a pool at a time, reading the choices along their rows. The rows are followed in one call, not one
    each: beside an Ion Cannon a round has hundreds, each a few hundred pairs."""
    pool_a, pool_d = pools
    na, nd = len(pool_a), len(pool_d)
    # the arrays the loops read, as locals: compiled, they are then known not to change under the loops' stores,
    # not read again from the tuples at each step (a third of the time, 8 vs 8 in space)
    choices_d, weight_d, start_d = defender.by_pool, defender.by_pool_chance, defender.by_pool_start
    choices_a, weight_a, start_a = attacker.by_pool, attacker.by_pool_chance, attacker.by_pool_start
    zero_d, zero_a = defender.zero, attacker.zero
    rolled_a = zero_d.shape[1]  # how many dice pools the attacker's sides roll
    rolled_d = zero_a.shape[1]
    middle = np.zeros(rolled_d * nd)  # one attacker's side's middles, given back as zeros once followed
    # the middles given a chance, by the defender's pool: the first of each pool, and after each the next (-1:
    # none), so that a pool's are followed without looking through those that have none; and the pools met
    after = np.empty(rolled_d * nd, np.int64)
    first = np.full(rolled_d, -1, np.int64)
    met = np.empty(rolled_d, np.int64)
    out = np.zeros(na * nd)  # a row's chances after the round, copied into it once followed
    column = np.empty(nd, np.int64)  # a pool's middles: their e, and their chance
    held = np.empty(nd)
    for i in range(len(rows)):
        chances, chosen, ended = now[rows[i]], attack[plays[i]], ends[plays[i]]
        for a in range(na):
            n = 0
            for d in range(nd):
                chance = chances[a * nd + d]
                if chance <= faint or not fought[a * nd + d]:
                    continue
                q = pool_d[d]
                if first[q] < 0:
                    met[n] = q
                    n += 1
                s = d * rolled_a + pool_a[a]
                for j in range(start_d[s], start_d[s + 1] + 1):  # the classes of damage, then the rolls placing none
                    if j < start_d[s + 1]:
                        at, p = q * nd + chosen[a, choices_d[j]], weight_d[j]
                    else:
                        at, p = q * nd + d, zero_d[d, pool_a[a]]
                    if middle[at] == 0.0 and chance * p != 0.0:
                        after[at] = first[q]
                        first[q] = at
                    middle[at] += chance * p
            for k in range(n):
                q = met[k]
                m, at = 0, first[q]
                while at >= 0:
                    column[m], held[m] = at % nd, middle[at]
                    middle[at] = 0.0
                    m += 1
                    at = after[at]
                first[q] = -1
                for c in range(m):  # the rolls that place nothing
                    out[end[a * nd + column[c]]] += held[c] * zero_a[a, q]
                block = a * rolled_d + q
                for j in range(start_a[block], start_a[block + 1]):
                    x, p = choices_a[j], weight_a[j]
                    for c in range(m):
                        out[ended[x, column[c]]] += held[c] * p
        for pair in range(na * nd):
            chances[pair] = out[pair] + (0.0 if fought[pair] else chances[pair])
            out[pair] = 0.0


@_compiled
def chain_round(now: Any, pool_a: Any, pool_d: Any, attack_start: Any, attack_to: Any, attack_chance: Any,
                defence_start: Any, defence_to: Any, defence_chance: Any, end: Any) -> Any:
    """A round of the heuristic's chain (:class:`.odds_duel.Chain`) from the chances ``now`` (``[row, a, d]``, each
    row a battle of its own): the attacker's roll leaves ``e`` of ``d`` by the sparse row ``pool_a[a] * nd + d`` of
    ``attack_*``, the defender's (of ``d``'s dice) ``a2`` of ``a`` by the row ``pool_d[d] * na + a`` of
    ``defence_*``, and the pair ``(a2, e)`` ends the round as the pair ``end[a2 * nd + e]``. What the attacker's
    roll leaves is gathered for each ``a`` by the defender's pool first, so each defender's roll is taken once for
    every ``e`` it meets, not once for every ``d``."""
    rows, na, nd = now.shape
    pools = pool_d.max() + 1
    out = np.zeros(now.shape)
    middle = np.zeros(pools * nd)  # for one ``a``: [defender's pool * nd + e]
    held = np.empty(pools * nd, np.int64)  # the entries of ``middle`` that hold a chance
    for r in range(rows):
        flat = out[r].reshape(-1)
        for a in range(na):
            m = 0
            for d in range(nd):
                x = now[r, a, d]
                if x == 0.0:
                    continue
                q, row = pool_d[d], pool_a[a] * nd + d
                for j in range(attack_start[row], attack_start[row + 1]):
                    at = q * nd + attack_to[j]
                    if middle[at] == 0.0:
                        held[m] = at
                        m += 1
                    middle[at] += x * attack_chance[j]
            for k in range(m):
                q, e = held[k] // nd, held[k] % nd
                y, row = middle[held[k]], q * na + a
                middle[held[k]] = 0.0
                for j in range(defence_start[row], defence_start[row + 1]):
                    flat[end[defence_to[j] * nd + e]] += y * defence_chance[j]
    return out


@_compiled
def carried(now: Any, rows: Any, start: Any, target: Any, chance: Any) -> Any:
    """The chances ``now`` (``[row, column]``) carried along moves between rows (a sparse product): each listed
    row ``rows[k]`` moves to the rows ``target[j]`` with the chances ``chance[j]``, ``j`` from ``start[k]`` to
    ``start[k + 1]``; the others' chances are dropped. (``odds_tied``: the ground round, the rows the ground pairs,
    the columns the space pairs.) A row's columns that hold a chance are found once for all its moves: most hold
    none (a sixth of them, a Rebel base of 5 and 5)."""
    out = np.zeros(now.shape)
    held = np.empty(now.shape[1], np.int64)
    for k in range(len(rows)):
        row = now[rows[k]]
        m = 0
        for c in range(len(row)):
            if row[c] != 0.0:
                held[m] = c
                m += 1
        for j in range(start[k], start[k + 1]):
            to, p = out[target[j]], chance[j]
            for i in range(m):
                to[held[i]] += row[held[i]] * p
    return out


@_compiled
def settle(now: Any, finals: Any, faint: float, column_fought: Any, row_fought: Any, column_lost: Any,
           row_lost: Any) -> tuple[Any, Any, float, Any, Any]:
    """After a round, the chances ``now[row, column]`` of a pair of one battle (a column) beside a pair of another
    (a row): ``odds_tied``, the space and the ground battles, a row a ground pair; a duel, its pairs in one row
    beside nothing fought. The chances of the pairs where neither is fought any more moved to ``finals``, and the
    health each side is expected to have lost in each battle (``column_lost[role, column]``,
    ``row_lost[role, row]``): of the chances just moved, and of those still fought, each ``[column's attacker,
    column's defender, row's attacker, row's defender]``; the chance still fought; then the chances of ``faint``
    or less dropped (the next round follows no pair held by one, as the duel's forward pass), and the rows whose
    column battle has a chance to follow, and those that hold any chance. One pass, the pairs with no chance
    skipped."""
    over, going, still = np.zeros(4), np.zeros(4), 0.0
    column_live = np.zeros(now.shape[0], np.bool_)
    held = np.zeros(now.shape[0], np.bool_)
    for g in range(now.shape[0]):
        for s in range(now.shape[1]):
            x = now[g, s]
            if x == 0.0:
                continue
            lost = (x * column_lost[0, s], x * column_lost[1, s], x * row_lost[0, g], x * row_lost[1, g])
            if column_fought[s] or row_fought[g]:
                still += x
                for i in range(4):
                    going[i] += lost[i]
                if x <= faint:
                    now[g, s] = 0.0
                    continue
                held[g] = True
                column_live[g] = column_live[g] or column_fought[s]
            else:
                finals[g, s] += x
                now[g, s] = 0.0
                for i in range(4):
                    over[i] += lost[i]
    return over, going, still, column_live, held


@_compiled
def _not_fought(now: Any, fought: Any) -> Any:
    """The chances after a round of the pairs ``now`` (``[a, d]``) holds that are not fought (they stay as they
    are), flat; the rounds of the chains with repairs add the others'."""
    out = np.zeros(now.size)
    flat = now.ravel()
    for n in range(now.size):
        if not fought[n]:
            out[n] = flat[n]
    return out


@_compiled
def cinematic_moves(na: int, fought: Any, pool_a: Any, pool_d: Any, class_a: Any, repair_a_start: Any,
                    repair_a_to: Any, repair_a_chance: Any, damage_a_start: Any, damage_a_to: Any,
                    damage_a_chance: Any, class_d: Any, repair_d_start: Any, repair_d_to: Any, repair_d_chance: Any,
                    damage_d_start: Any, damage_d_to: Any, damage_d_chance: Any, combo: Any, end: Any, middle: Any,
                    held: Any) -> tuple[Any, Any, Any]:
    """The round of the heuristic's chain in Rise of the Empire's cinematic combat
    (:class:`.odds_cinematic.CinematicChain`; the same each round: its play is fixed) as sparse rows, a row for each
    pair ``a * nd + d`` (a pair not fought: itself), the pairs it ends in each once with their chances, as
    :func:`moved` reads them. From a pair fought, each class of the attacker's pool (``pool_a[a]``; its classes
    ``class_a[pool]`` to ``class_a[pool + 1]``) takes ``a`` to ``a1`` by the sparse row ``a * classes + class`` of
    ``repair_a_*`` and ``d`` to a middle side ``m`` by the row ``class * nd + d`` of ``damage_a_*``; the middles are
    gathered by the defender's pool (``d``'s, as ``m`` has its units) in ``middle`` (``[pool, a1, m]``, flat, zeros;
    ``held`` as long: the entries given a chance), then each class of the defender's pool takes ``m`` to ``d2`` by
    the row ``m * classes + class`` of ``repair_d_*`` and ``a1`` to ``a2`` by the row ``class * na + a1`` of
    ``damage_d_*`` (both sides as the step leaves them, units at their health gone), and the pair ends the round as
    ``end[flags, a2 * nd + d2]``, the flags those of the pools rolled (``combo[a's pool, d's pool]``)."""
    pairs = len(fought)
    nd = pairs // na
    middles = len(middle) // (max(1, len(class_d) - 1) * na)
    out, touched = np.zeros(pairs), np.empty(pairs, np.int64)
    start = np.zeros(pairs + 1, np.int64)
    to, chance = np.empty(4 * pairs, np.int64), np.empty(4 * pairs)
    for n in range(pairs):
        if not fought[n]:
            touched[0], out[n], count = n, 1.0, 1
        else:
            m = _cinematic_attack(n // nd, n % nd, na, nd, middles, middle, held, pool_a, pool_d, class_a,
                                  repair_a_start, repair_a_to, repair_a_chance, damage_a_start, damage_a_to,
                                  damage_a_chance)
            count = _cinematic_defence(middle, held, m, out, touched, na, nd, middles, pool_a, class_d,
                                       repair_d_start, repair_d_to, repair_d_chance, damage_d_start, damage_d_to,
                                       damage_d_chance, combo, end)
        to, chance = _sparse_row(n, count, touched, out, start, to, chance)
    return start, to[:start[-1]], chance[:start[-1]]


# The loops that gather a round's chances add to an entry and list it the first time each in their own lines, not
# through a shared compiled helper: numba did not inline it, and cinematic_moves took three times as long (6 vs 6
# in space, 133 -> 410 ms).
@_compiled
def _cinematic_attack(a: int, d: int, na: int, nd: int, middles: int, middle: Any, held: Any, pool_a: Any,
                      pool_d: Any, class_a: Any, repair_a_start: Any, repair_a_to: Any, repair_a_chance: Any,
                      damage_a_start: Any, damage_a_to: Any, damage_a_chance: Any) -> int:
    """The attacker's roll of :func:`cinematic_moves` from pair ``(a, d)``: its chances gathered in ``middle`` (zeros)
    by each class's repairs of ``a`` and damage on ``d``, the entries given a chance listed in ``held``; how many."""
    ka = class_a[-1]
    m = 0
    qa, qd = pool_a[a], pool_d[d]
    for k in range(class_a[qa], class_a[qa + 1]):
        row, block = a * ka + k, k * nd + d
        for i in range(repair_a_start[row], repair_a_start[row + 1]):
            base, y = (qd * na + repair_a_to[i]) * middles, repair_a_chance[i]
            for j in range(damage_a_start[block], damage_a_start[block + 1]):
                at = base + damage_a_to[j]
                if middle[at] == 0.0:
                    held[m] = at
                    m += 1
                middle[at] += y * damage_a_chance[j]
    return m


@_compiled
def _cinematic_defence(middle: Any, held: Any, m: int, out: Any, touched: Any, na: int, nd: int, middles: int,
                       pool_a: Any, class_d: Any, repair_d_start: Any, repair_d_to: Any, repair_d_chance: Any,
                       damage_d_start: Any, damage_d_to: Any, damage_d_chance: Any, combo: Any, end: Any) -> int:
    """The defender's roll of :func:`cinematic_moves` from the ``m`` middles ``held`` lists (each set back to zero
    in ``middle``), its chances added to the pairs the round ends in, ``out``; the pairs of ``out`` given a chance
    (that had none) listed in ``touched``; how many."""
    kd = class_d[-1]
    ends = 0
    for h in range(m):
        at = held[h]
        y = middle[at]
        middle[at] = 0.0
        qd, rest = at // (na * middles), at % (na * middles)
        a1, d1 = rest // middles, rest % middles
        flags = combo[pool_a[a1], qd]
        for k in range(class_d[qd], class_d[qd + 1]):
            row, block = d1 * kd + k, k * na + a1
            for i in range(repair_d_start[row], repair_d_start[row + 1]):
                d2, z = repair_d_to[i], y * repair_d_chance[i]
                for j in range(damage_d_start[block], damage_d_start[block + 1]):
                    pair = end[flags, damage_d_to[j] * nd + d2]
                    if out[pair] == 0.0:
                        touched[ends] = pair
                        ends += 1
                    out[pair] += z * damage_d_chance[j]
    return ends


# -- the best play with repairs (odds_repairs.Lookahead) ----------------------------------------------------------
# A chooser's tables (``odds_repairs.Choosers``, ``own``): for its side ``n`` and an entry ``e`` of its plan against
# the enemy's side ``x`` (``own.plan[own.sig_of[n], x]``), the repair list is
# ``own.reps[own.rep_first[n] + own.plan_special[e]]`` and the damage list ``own.plan_damage[e]``.


@_compiled
def _repair_list(own: Any, n: int, e: int) -> tuple[int, int]:
    """Where the repair list of side ``n``'s plan entry ``e`` begins and ends in ``own.repair_to``."""
    r = own.reps[own.rep_first[n] + own.plan_special[e]]
    return own.repair_start[r], own.repair_start[r + 1]


@_compiled
def repair_defence(values: Any, end: Any, combo: Any, pool_a: Any, middle_pool: Any, damage_start: Any,
                   damage_to: Any, own: Any, nd: int) -> Any:
    """``W[a1, m]`` of :mod:`.odds_repairs`: for each attacker's side ``a1`` and middle side ``m``, the sum over the
    entries of ``m``'s plan against ``a1`` of their chance times the least, over the repairs of ``m`` (the
    defender's sides they leave) and the sides its damage leaves of ``a1`` (``damage_to`` of the entry's damage
    list), of ``values`` (``V_(k-1)``, flat) at the pair the round ends in (``end[flags, a2 * nd + d2]``, the flags
    ``combo[a1's pool, m's pool]``). The least over the damage is made first, once for each damage list and
    defender's side (``least[flags, list, d2]``), then the least of that over the repairs once for each damage list
    and repair list (``worst[flags, repair list, list]``): the middle sides' plans, 10,000 of them with 90 entries
    each in 6 vs 6 on the ground, ask for the same few hundred repair lists again and again (a share's entries read
    one repair list's row, with their damage lists: kept so, they are near each other, 6 vs 6 in space 45 -> 33 ms
    a round where they were a repair list apart). And each sum over a plan
    is summed from its shares (``odds_repairs._shared``), each share summed once: middle sides of one signature
    often repair alike (in 6 vs 6 in space a share serves 4 keys of middle sides on average, and the values take half
    the time they took summing each side's plan whole)."""
    worst = _worst(values, end, damage_start, damage_to, own, nd)
    na, nm = len(pool_a), len(middle_pool)
    shares = np.zeros((len(own.share_owner), na))  # each share's sum, for each attacker's side
    for t in range(len(own.share_owner)):
        m, s = own.share_owner[t], own.share_key[t]
        r = own.reps[own.rep_first[m] + s]
        for a1 in range(na):
            if pool_a[a1] < 0:
                continue
            f = combo[pool_a[a1], middle_pool[m]]
            plan = own.plan[own.sig_of[m], a1]
            total = 0.0
            for e in range(own.plan_key[plan, s], own.plan_key[plan, s + 1]):
                total += own.plan_chance[e] * worst[f, r, own.plan_damage[e]]
            shares[t, a1] = total
    out = np.zeros((na, nm))
    for i in range(len(own.reps)):
        m, t = own.rep_owner[i], own.share_of[i]
        for a1 in range(na):
            out[a1, m] += shares[t, a1]
    return out


@_compiled
def _worst(values: Any, end: Any, damage_start: Any, damage_to: Any, own: Any, nd: int) -> Any:
    """``worst[flags, repair list, list]`` of :func:`repair_defence`: the least of ``values`` over the pairs a
    defender's damage list and repair list can end the round in."""
    nf = end.shape[0]
    lists, repairs = len(damage_start) - 1, len(own.repair_start) - 1
    least = np.empty(nd)
    worst = np.empty((nf, repairs, lists))
    for f in range(nf):
        for g in range(lists):
            for d2 in range(nd):
                low = np.inf
                for j in range(damage_start[g], damage_start[g + 1]):
                    low = min(low, values[end[f, damage_to[j] * nd + d2]])
                least[d2] = low
            for r in range(repairs):
                low = np.inf
                for i in range(own.repair_start[r], own.repair_start[r + 1]):
                    low = min(low, least[own.repair_to[i]])
                worst[f, r, g] = low
    return worst


@_compiled
def repair_reply_best(replies: Any, damage_start: Any, damage_to: Any) -> Any:
    """For each of the attacker's damage lists (middle sides) and each attacker's side ``a1``, the most of
    ``replies`` (``W[a1, m]``) over the list: ``[list, a1]``. Made from the replies by middle side, each list's
    middles read with every ``a1`` beside each other (6 vs 6 in space 7.0 -> 1.8 ms a round, read a side at a
    time)."""
    lists = len(damage_start) - 1
    na, nm = replies.shape
    by_middle = np.empty((nm, na))
    for a1 in range(na):
        for m in range(nm):
            by_middle[m, a1] = replies[a1, m]
    out = np.empty((lists, na))
    for g in range(lists):
        for a1 in range(na):
            out[g, a1] = -np.inf
        for j in range(damage_start[g], damage_start[g + 1]):
            m = damage_to[j]
            for a1 in range(na):
                out[g, a1] = max(out[g, a1], by_middle[m, a1])
    return out


@_compiled
def repair_attack(best: Any, won: Any, fought: Any, own: Any) -> Any:
    """``V_k[a, d]`` of :mod:`.odds_repairs`: for each pair fought, the sum over the entries of ``a``'s plan against
    ``d`` of their chance times the most, over the repairs of ``a``, of ``best[damage list, a1]``
    (:func:`repair_reply_best`); a pair not fought keeps who holds the theater (``won``)."""
    na, nd = won.shape
    out = won.copy()
    for a in range(na):
        for d in range(nd):
            if not fought[a * nd + d]:
                continue
            plan = own.plan[own.sig_of[a], d]
            total = 0.0
            for e in range(own.plan_start[plan], own.plan_start[plan + 1]):
                g = own.plan_damage[e]
                r0, r1 = _repair_list(own, a, e)
                high = -np.inf
                for i in range(r0, r1):
                    high = max(high, best[g, own.repair_to[i]])
                total += own.plan_chance[e] * high
            out[a, d] = total
    return out


@_compiled
def repair_forward(now: Any, rows: Any, play: Any, na: int, fought: Any, replies: Any, values: Any, tie: float,
                   end: Any, combo: Any, pool_a: Any, middle_pool: Any, left_of: Any, attack: Any,
                   attack_damage_start: Any, attack_damage_to: Any, defence: Any, defence_damage_start: Any,
                   defence_damage_to: Any) -> None:
    """A round of the best play with repairs (:mod:`.odds_repairs`) from the chances of each of ``rows`` of ``now``
    (``[row, a * nd + d]``, changed in place), each row by its own play: the replies ``replies[play[row]]``
    (``W[a1, m]``) and values ``values[play[row]]`` (``V_(k-1)`` at the pair the round ends in, flat); one row a
    theater fought alone, beside an Ion Cannon a row a ground pair (:mod:`.odds_tied_repairs`). Each roll's choice as
    the tie rule makes it (``Combat.tie_order``), of the options within ``tie`` of the best. The attacker's: the
    first by the defender's units left (``left_of[m]``), then the repaired side's place in its list, then the middle
    side's in its; the defender's: the first by the attacker's side left (its number), then the repaired side's
    place in its list. A pair not fought stays as it is."""
    nd = now.shape[1] // na
    middle = np.zeros(na * len(middle_pool))
    held, touched = np.empty(len(middle), np.int64), np.empty(now.shape[1], np.int64)
    # the defender's choices of the play of the row followed (_defence_choices), made again for another play
    chosen = np.empty((end.shape[0], len(defence_damage_start) - 1, len(defence.repair_start) - 1), np.int64)
    for k in range(len(rows)):
        r = rows[k]
        if k == 0 or play[r] != play[rows[k - 1]]:
            chosen[:] = -1
        out = _not_fought(now[r], fought)
        _repair_round(now[r], out, na, nd, middle, held, touched, fought, replies[play[r]], values[play[r]], chosen,
                      tie, end, combo, pool_a, middle_pool, left_of, attack, attack_damage_start, attack_damage_to,
                      defence, defence_damage_start, defence_damage_to)
        for c in range(len(out)):  # a loop, not a slice: numba compiles a slice's shape check for seconds
            now[r, c] = out[c]


@_compiled
def repair_moves(na: int, fought: Any, replies: Any, values: Any, tie: float, end: Any, combo: Any, pool_a: Any,
                 middle_pool: Any, left_of: Any, attack: Any, attack_damage_start: Any, attack_damage_to: Any,
                 defence: Any, defence_damage_start: Any, defence_damage_to: Any) -> tuple[Any, Any, Any]:
    """The rounds of plays that stay the same from round to round (no round limit) as sparse rows, made once
    rather than the choices made again each round: for each play ``p`` (``replies[p]``, ``values[p]``, as
    :func:`repair_forward` reads them) and pair ``n`` (``a * nd + d``), the row ``p * pairs + n`` of the pairs a
    round from ``n`` ends in, each once, with their chances (a pair not fought: itself). :func:`moved` follows
    them."""
    pairs = len(fought)
    nd = pairs // na
    middle = np.zeros(na * len(middle_pool))
    held, touched, out = np.empty(len(middle), np.int64), np.empty(pairs, np.int64), np.zeros(pairs)
    start = np.zeros(len(values) * pairs + 1, np.int64)
    to, chance = np.empty(4 * pairs, np.int64), np.empty(4 * pairs)
    for p in range(len(values)):
        # each choice's best, made once for the play (every pair of it is followed): the most over each attacker's
        # damage list, the least over each defender's damage list and repair list
        best = repair_reply_best(replies[p], attack_damage_start, attack_damage_to)
        worst = _worst(values[p], end, defence_damage_start, defence_damage_to, defence, nd)
        # the defender's choices ([flags, list, repair list]), each made the first time it is met
        chosen = np.full((worst.shape[0], worst.shape[2], worst.shape[1]), -1, np.int64)
        for n in range(pairs):
            row = p * pairs + n
            if not fought[n]:
                touched[0], out[n], count = n, 1.0, 1
            else:
                a, d = n // nd, n % nd
                count = _defence_choices(middle, held, _attack_choices(a, d, 1.0, middle, held, 0, replies[p], best,
                                                                       tie, left_of, attack, attack_damage_start,
                                                                       attack_damage_to),
                                         out, touched, nd, values[p], worst, chosen, tie, end, combo, pool_a,
                                         middle_pool, defence, defence_damage_start, defence_damage_to)
            to, chance = _sparse_row(row, count, touched, out, start, to, chance)
    return start, to[:start[-1]], chance[:start[-1]]


@_compiled
def _sparse_row(row: int, count: int, touched: Any, out: Any, start: Any, to: Any, chance: Any) -> tuple[Any, Any]:
    """Row ``row`` of sparse rows (:func:`repair_moves`, :func:`cinematic_moves`): the ``count`` entries of ``out``
    that ``touched`` lists (each set back to zero), after the rows before it (``start[row]``); ``to`` and ``chance``,
    grown here when full (once a row at most), given back."""
    if start[row] + count > len(to):
        to, chance = longer(to, start[row] + count), longer(chance, start[row] + count)
    for i in range(count):
        to[start[row] + i], chance[start[row] + i] = touched[i], out[touched[i]]
        out[touched[i]] = 0.0
    start[row + 1] = start[row] + count
    return to, chance


@_compiled
def moved(now: Any, rows: Any, play: Any, start: Any, to: Any, chance: Any) -> None:
    """A round for each of ``rows`` of ``now`` (``[row, pair]``, changed in place) by the sparse rows of its play
    (``play[row]``) that :func:`repair_moves` made."""
    pairs = now.shape[1]
    out = np.zeros(pairs)
    for k in range(len(rows)):
        r = rows[k]
        base = play[r] * pairs
        for n in range(pairs):
            x = now[r, n]
            if x != 0.0:
                for j in range(start[base + n], start[base + n + 1]):
                    out[to[j]] += x * chance[j]
        for n in range(pairs):
            now[r, n] = out[n]
            out[n] = 0.0


@_compiled
def _repair_round(now: Any, out: Any, na: int, nd: int, middle: Any, held: Any, touched: Any, fought: Any,
                  replies: Any, values: Any, chosen: Any, tie: float, end: Any, combo: Any, pool_a: Any,
                  middle_pool: Any, left_of: Any, attack: Any, attack_damage_start: Any, attack_damage_to: Any,
                  defence: Any, defence_damage_start: Any, defence_damage_to: Any) -> None:
    """The round of :func:`repair_forward` from the chances ``now`` (flat), added to ``out``; ``middle`` (zeros,
    and left so), ``held`` and ``touched`` are room for the round's middles and ends, ``chosen`` the defender's
    choices of this play made so far (:func:`_defence_choices`)."""
    count = 0
    for a in range(na):
        for d in range(nd):
            x = now[a * nd + d]
            if x != 0.0 and fought[a * nd + d]:
                count = _attack_choices(a, d, x, middle, held, count, replies, np.empty((0, 0)), tie, left_of,
                                        attack, attack_damage_start, attack_damage_to)
    _defence_choices(middle, held, count, out, touched, nd, values, np.empty((0, 0, 0)), chosen, tie, end, combo,
                     pool_a, middle_pool, defence, defence_damage_start, defence_damage_to)


@_compiled
def _attack_choices(a: int, d: int, x: float, middle: Any, held: Any, count: int, replies: Any, best: Any,
                    tie: float, left_of: Any, attack: Any, attack_damage_start: Any, attack_damage_to: Any) -> int:
    """The attacker's choice of each roll from pair ``(a, d)`` (of chance ``x``), as :func:`repair_forward` makes
    it: its chance added to the middle ``middle[a1 * nm + m]`` it chooses, the middles newly given a chance listed
    in ``held`` after its ``count`` first; how many it holds then. The best it is within ``tie`` of is read from
    ``best`` (:func:`repair_reply_best`) where that is given (not empty), else from ``replies``."""
    nm = replies.shape[1]
    plan = attack.plan[attack.sig_of[a], d]
    for e in range(attack.plan_start[plan], attack.plan_start[plan + 1]):
        g = attack.plan_damage[e]
        r0, r1 = _repair_list(attack, a, e)
        g0, g1 = attack_damage_start[g], attack_damage_start[g + 1]
        high = -np.inf
        for i in range(r0, r1):
            if best.shape[0]:
                high = max(high, best[g, attack.repair_to[i]])
            else:
                for j in range(g0, g1):
                    high = max(high, replies[attack.repair_to[i], attack_damage_to[j]])
        high -= tie
        chosen = -1
        j0 = g0
        while chosen < 0:  # a run of middle sides with the same units left, each repair against it
            j1 = j0 + 1
            while j1 < g1 and left_of[attack_damage_to[j1]] == left_of[attack_damage_to[j0]]:
                j1 += 1
            for i in range(r0, r1):
                for j in range(j0, j1):
                    if replies[attack.repair_to[i], attack_damage_to[j]] >= high:
                        chosen = attack.repair_to[i] * nm + attack_damage_to[j]
                        break
                if chosen >= 0:
                    break
            j0 = j1
        if middle[chosen] == 0.0:
            held[count] = chosen
            count += 1
        middle[chosen] += x * attack.plan_chance[e]
    return count


@_compiled
def _defence_choices(middle: Any, held: Any, count: int, out: Any, touched: Any, nd: int, values: Any, worst: Any,
                     chosen: Any, tie: float, end: Any, combo: Any, pool_a: Any, middle_pool: Any, defence: Any,
                     defence_damage_start: Any, defence_damage_to: Any) -> int:
    """The defender's choice of each roll from each of the ``count`` middles ``held`` lists, as
    :func:`repair_forward` makes it: the middle's chance (then set back to zero) added to the pair the round ends
    in, ``out[a2 * nd + d2]``; the pairs of ``out`` given a chance (that had none) listed in ``touched``; how
    many. The best it is within ``tie`` of is read from ``worst`` (:func:`_worst`) where that is given (not
    empty), else from ``values``. A choice hangs only on the flags, the damage list and the repair list: where
    ``chosen`` is given (``[flags, list, repair list]``, -1 where not made yet) each is made once and kept there
    (:func:`repair_moves`: the middles of every pair ask for the same few again and again)."""
    nm = len(middle_pool)
    ends = 0
    for h in range(count):
        at = held[h]
        y = middle[at]
        middle[at] = 0.0
        a1, m = at // nm, at % nm
        f = combo[pool_a[a1], middle_pool[m]]
        plan = defence.plan[defence.sig_of[m], a1]
        for e in range(defence.plan_start[plan], defence.plan_start[plan + 1]):
            g = defence.plan_damage[e]
            r = defence.reps[defence.rep_first[m] + defence.plan_special[e]]
            pair = chosen[f, g, r] if chosen.shape[0] else -1
            if pair < 0:
                pair = _defence_choice(f, g, r, nd, values, worst, tie, end, defence, defence_damage_start,
                                       defence_damage_to)
                if chosen.shape[0]:
                    chosen[f, g, r] = pair
            if out[pair] == 0.0:
                touched[ends] = pair
                ends += 1
            out[pair] += y * defence.plan_chance[e]
    return ends


@_compiled
def _defence_choice(f: int, g: int, r: int, nd: int, values: Any, worst: Any, tie: float, end: Any, defence: Any,
                    defence_damage_start: Any, defence_damage_to: Any) -> int:
    """The pair the defender's choice ends the round in, with the flags ``f``, the damage list ``g`` and the repair
    list ``r`` (:func:`_defence_choices`): the first, in the order of the damage list then of the repair list, within
    ``tie`` of the least."""
    r0, r1 = defence.repair_start[r], defence.repair_start[r + 1]
    g0, g1 = defence_damage_start[g], defence_damage_start[g + 1]
    if worst.shape[0]:
        low = worst[f, r, g]
    else:
        low = np.inf
        for j in range(g0, g1):
            for i in range(r0, r1):
                low = min(low, values[end[f, defence_damage_to[j] * nd + defence.repair_to[i]]])
    low += tie
    for j in range(g0, g1):
        for i in range(r0, r1):
            pair = end[f, defence_damage_to[j] * nd + defence.repair_to[i]]
            if values[pair] <= low:
                return pair
    return -1  # (never: the least is among them)


@_compiled
def longer(a: Any, need: int) -> Any:
    """``a`` with room for ``need`` (twice as much as it had, or more)."""
    out = np.empty(max(need, 2 * len(a)), a.dtype)
    for i in range(len(a)):  # a loop, not a slice: numba compiles a slice's shape check for seconds
        out[i] = a[i]
    return out
