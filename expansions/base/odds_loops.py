"""The inner loops of the exact odds' best play (issue 34, :mod:`.odds_duel`), compiled by numba: a choice made
for every column of a table at once, and a round followed from the chances of the pairs of sides.

Written as plain loops, not as whole-array numpy steps: a battle's options are ragged (each class of damage has
its own few), and numpy could only take them by padding them into blocks and making a temporary array per step,
which cost 5 to 10 times what these loops do (docs/odds.md, How fast). Each function is compiled the first time it
is called, and the machine code kept beside this file (numba's ``cache``), so later processes only load it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit


@njit(cache=True)
def choose(table: Any, rows: Any, start: Any, high: bool, tie: float) -> tuple[Any, Any]:
    """For each group of options (group ``g``'s are ``start[g]`` to ``start[g + 1]``, at least one; option ``k``
    is worth the row ``rows[k]`` of ``table``, a value per column) and each column: the option chosen, the first
    whose value is within ``tie`` of the highest (``high``) or the lowest (the tie rule, ``Combat.tie_order``),
    and its value: ``(pick[g, column], value[g, column])``, ``pick`` the option's number ``k``."""
    groups, width = len(start) - 1, table.shape[1]
    sign = 1.0 if high else -1.0  # the lowest is the highest of the values turned round
    pick = np.empty((groups, width), np.int32)
    value = np.empty((groups, width))
    near = np.empty(width)
    for g in range(groups):
        first, stop = start[g], start[g + 1]
        for c in range(width):
            near[c] = sign * table[rows[first], c]
        for k in range(first + 1, stop):
            row = table[rows[k]]
            for c in range(width):
                near[c] = max(near[c], sign * row[c])
        for c in range(width):
            near[c] -= tie
            pick[g, c] = -1
        for k in range(first, stop):
            row = table[rows[k]]
            for c in range(width):
                if pick[g, c] < 0 and sign * row[c] >= near[c]:
                    pick[g, c] = k
                    value[g, c] = row[c]
    return pick, value


@njit(cache=True)
def follow(now: Any, faint: float, fought: Any, end: Any, pools: tuple[Any, Any], on_defender: tuple,
           on_attacker: tuple, middle: Any, after: Any) -> Any:
    """The chance of each pair of sides (flat: ``a * nd + d``) after a round from the chances ``now``, by the
    choices of a solution; only the pairs ``fought`` whose chance is over ``faint`` are followed. ``end`` is the
    pair each pair ends the round as (the end-of-round checks), ``pools`` each side's dice pool (the attacker's,
    the defender's); ``on_defender`` is what the attacker's rolls place on the defender's sides and what it
    chose (:meth:`.odds_duel.Targets.rolls`, its choices ``[a, group]``), ``on_attacker`` the defender's on the
    attacker's (its choices ``[group, e]``). ``middle`` is a buffer of zeros, one for each
    ``(a, defender's pool, e)``, given back as zeros, and ``after`` one of as many ints.

    A round from ``(a, d)`` passes through a middle ``(a, defender's pool, e)``: the attacker's roll and choice
    have left ``e`` of the defender, whose answer hangs on the pool it rolls (that of ``d``: units die only at the
    end of the step, RB-CMB-08) but not on ``d`` itself; then the defender's roll and choice leave ``a2`` of the
    attacker, and the checks give the pair the round ends in. The loops run so that the choices are read along
    their rows."""
    pool_a, pool_d = pools
    na, nd = len(pool_a), len(pool_d)
    groups, weight, start, cand, chosen, zero = on_defender
    rolled_a = zero.shape[1]  # how many dice pools the attacker's sides roll
    rolled_d = on_attacker[5].shape[1]
    # The middles given a chance, by block (a, the defender's pool): the first of each block, and after each the
    # next (-1: none), so that the defender's rolls are followed a block at a time, reading its choices along
    # their rows, without looking through the middles that have none.
    first = np.full(na * rolled_d, -1, np.int64)
    blocks = np.empty(na * rolled_d, np.int64)
    n = 0
    for a in range(na):
        for d in range(nd):
            chance = now[a * nd + d]
            if chance <= faint or not fought[a * nd + d]:
                continue
            block = a * rolled_d + pool_d[d]
            if first[block] < 0:
                blocks[n] = block
                n += 1
            s = d * rolled_a + pool_a[a]
            for j in range(start[s], start[s + 1] + 1):  # the classes of damage, then the rolls that place none
                if j < start[s + 1]:
                    at, p = block * nd + cand[chosen[a, groups[j]]], weight[j]
                else:
                    at, p = block * nd + d, zero[d, pool_a[a]]
                if middle[at] == 0.0 and chance * p != 0.0:
                    after[at] = first[block]
                    first[block] = at
                middle[at] += chance * p
    groups, weight, start, cand, chosen, zero = on_attacker
    out = np.zeros(na * nd)
    column = np.empty(nd, np.int64)  # a block's middles: their e, and their chance
    held = np.empty(nd)
    for i in range(n):
        block = blocks[i]
        a, q = block // rolled_d, block % rolled_d
        m, at = 0, first[block]
        while at >= 0:
            column[m], held[m] = at % nd, middle[at]
            middle[at] = 0.0
            m += 1
            at = after[at]
        for k in range(m):  # the rolls that place nothing
            out[end[a * nd + column[k]]] += held[k] * zero[a, q]
        for j in range(start[block], start[block + 1]):
            g, p = groups[j], weight[j]
            for k in range(m):
                e = column[k]
                out[end[cand[chosen[g, e]] * nd + e]] += held[k] * p
    return out
