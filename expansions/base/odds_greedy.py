"""The heuristic agent's damage as the exact odds follow it (issue 34, ``policy="heuristic"``): each result of a roll
on the best target by :func:`.worth.damage_score`, equals at random, for every roll a side can take at once, in a
loop compiled by numba (:func:`placements`; :func:`chain_moves` for all of a force's sides, the heuristic's chain in
``odds_duel``; the stage-by-stage solve and the chain with repairs ask :func:`heuristic_damage` for one side); and its
repairs (:func:`random_repairs`), which Rise of the Empire's specials make.

The engine offers a result's targets as the distinct (unit, old damage, this attack's damage) of the enemy's
miniatures of the result's colour (any colour for a direct hit), and the heuristic agent
(``agents.heuristic.choices.assign_damage``) takes the best-scoring, equals at random. Each colour's results come
in a random order (every arrangement of its hits and direct hits alike), the colours in the pool's order. So what a
roll leaves of a side is a chance over *placements* (each miniature's damage from this attack), followed here result
by result.

A colour's block of ``h`` hits and ``d`` direct hits is a path through the lattice of (hits placed, direct hits
placed), every path to ``(h, d)`` alike: the chances summed over the paths to each point, divided by their number,
give every block of that colour at once from one walk of the lattice (a *job*). Rolls that begin with the same
blocks share the walks after them: the rolls are a trie of blocks (:class:`Rolls`), a *node* the placements after
some first blocks.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping, Protocol, Sequence

import numpy as np

from .odds_loops import _compiled, longer
from .worth import damage_score

Side = tuple[tuple[str, int], ...]  # a side's miniatures, (unit type, damage) sorted, as ``odds_duel.Side``


class Combat(Protocol):
    """What the heuristic's damage and repairs read of the solver (``odds_combat.Combat``); this module sits below
    the solvers that use it, ``odds_combat``, ``odds_duel`` and ``odds_cinematic``."""

    kinds: Any
    dice: Any
    stage_memo: dict  # what :func:`heuristic_damage` and :func:`random_repairs` keep for the query

    def health(self, unit: str) -> int | None: ...
    def cap(self, unit: str, repairable: bool) -> int: ...
    def lethal(self, unit: str, damage: int) -> bool: ...

#: A roll's dice as the heuristic places them: ``((colour, hits, direct hits), ...)`` in the pool's order.
Blocks = tuple[tuple[str, int, int], ...]


def colours(combat: Combat) -> dict[str | None, int]:
    """The health colours numbered as :func:`placements` reads them: a result of a colour hits a unit of that
    colour; a unit of none (``None``) takes only direct hits, which are numbered last (``len(colours)``)."""
    names = set(combat.dice.faces) | {k.colour for k in combat.kinds.values() if k.colour}
    out: dict[str | None, int] = {name: n for n, name in enumerate(sorted(names))}
    out[None] = len(out)
    return out


class Rolls:
    """Rolls (each a :data:`Blocks`) as the trie :func:`placements` walks: its nodes numbered parents first (the
    root 0: nothing placed), each node's children of one colour under one *job* (a walk of that colour's lattice
    from the node, as far as its children's blocks go), each roll ending at a *leaf*."""

    def __init__(self, rolls: Sequence[Blocks], colours: Mapping[str, int]) -> None:
        tree: dict = {}
        for blocks in rolls:
            node = tree
            for block in blocks:
                node = node.setdefault(block, {})
        self.most = max((sum(h + d for _, h, d in blocks) for blocks in rolls), default=0)  # results in a roll
        jobs: list[tuple[int, int, int, int, int]] = []  # (node, colour, most hits, direct hits, results)
        children: list[tuple[int, int, int]] = []  # (job, hits, direct hits): node 1 + its place here
        number: dict[int, int] = {id(tree): 0}
        queue = [tree]
        for node in queue:  # breadth first: a node's dist is made before any job walks from it
            by_colour: dict[str, list] = {}
            for block in sorted(node):
                by_colour.setdefault(block[0], []).append(block)
            for colour, blocks in by_colour.items():
                job = len(jobs)
                jobs.append((number[id(node)], colours[colour], max(h for _, h, _ in blocks),
                             max(d for _, _, d in blocks), max(h + d for _, h, d in blocks)))
                for block in blocks:
                    child = node[block]
                    number[id(child)] = len(children) + 1
                    children.append((job, block[1], block[2]))
                    queue.append(child)
        self.jobs = np.array(jobs, np.int64).reshape(-1, 5)
        self.children = np.array(children, np.int64).reshape(-1, 3)
        leaf = []
        for blocks in rolls:
            node = tree
            for block in blocks:
                node = node[block]
            leaf.append(number[id(node)])
        self.leaf = np.array(leaf, np.int64)


class Cells:
    """The (unit, damage) a force's units can be left with, numbered: a side is a count for each (``row``). What
    it reads of the combat's rules it keeps, not the combat: a force's cells are kept in the combat's memo
    (:func:`heuristic_placements`), and a way back would make a cycle holding the query's memos, some 75,000
    objects, until the garbage collector walked them (56 ms after 6 vs 6 on the ground)."""

    def __init__(self, combat: Combat, units: Side, repairable: bool) -> None:
        self.repairable = repairable
        types = sorted({u for u, _ in units})
        self.health = {u: combat.health(u) for u in types}
        self.cap = {u: combat.cap(u, repairable) for u in types}
        self.kinds = {u: combat.kinds[u] for u in types}
        self.cells: list[tuple[str, int]] = []
        for unit in types:
            most = max([self.cap[unit]] + [d for u, d in units if u == unit])
            self.cells += [(unit, d) for d in range(most + 1)]
        self.index = {cell: n for n, cell in enumerate(self.cells)}
        self.lethal = np.array([combat.lethal(u, d) for u, d in self.cells])
        self.colours = colours(combat)
        self.room = 128  # the placements :func:`placements` makes room for (doubled when it is not enough)
        self.groups: dict[tuple, tuple[int, Any, int, Any]] = {}  # :meth:`_group`

    def row(self, side: Side) -> Any:
        out = np.zeros(len(self.cells), np.int64)
        for x in side:
            out[self.index[x]] += 1
        return out

    def side(self, row: Any) -> Side:
        return self.sides(row[None])[0]

    def sides(self, rows: Any) -> list[Side]:
        """The sides of ``rows`` (``[side, cell]``: counts, as :meth:`row` makes them), read as Python lists
        (numpy's calls for each row took most of the time)."""
        out = []
        for counts in rows.tolist():
            side: list[tuple[str, int]] = []
            for cell, n in zip(self.cells, counts):
                if n:
                    side += [cell] * n
            out.append(tuple(side))
        return out

    def _group(self, group: tuple[str, int], most: int) -> tuple[int, Any, int, Any]:
        """What :func:`placements` reads of a group of alike miniatures (unit, damage) that can take ``most``
        results: its colour, the heuristic's score and the cell of each damage it may be given, the damage past
        which more changes nothing. Made once for each group."""
        key = (group, most)
        found = self.groups.get(key)
        if found is None:
            unit, old = group
            health, cap, kind = self.health[unit], self.cap[unit], self.kinds[unit]
            # With no repairs to come, more damage on a unit at its health changes nothing (it dies at the end of
            # the step): it is no target, and a result that finds only such is lost, as it would be on them. The
            # sides left are the same, and far fewer placements are followed. A unit that may yet be repaired
            # carries its damage past its health, and stays a target.
            found = self.groups[key] = (
                self.colours[kind.colour], [damage_score(kind.worth, health, old, n) for n in range(most + 1)],
                most + 1 if self.repairable else health - old,
                [self.index[(unit, min(old + n, cap))] for n in range(most + 1)])
        return found

    def targets(self, sides: Sequence[Side], most: int) -> tuple[Any, ...]:
        """What :func:`placements` and :func:`chain_moves` read of ``sides`` against rolls of up to ``most``
        results: where each side's groups of alike miniatures begin (one more: the end), each group's miniatures,
        colour, scores, spent damage and cells (:meth:`_group`), and each side's untouchable units as a row."""
        health = self.health.__getitem__
        sizes: list[int] = []
        made: list[tuple[int, Any, int, Any]] = []
        group_start = [0]
        for side in sides:
            groups = sorted({x for x in side if health(x[0]) is not None})  # targets, alike miniatures grouped
            sizes += [side.count(g) for g in groups]
            made += [self._group(g, most) for g in groups]
            group_start.append(len(made))
        colour, spent = (np.array([m[i] for m in made], np.int64) for i in (0, 2))
        score = np.array([m[1] for m in made], np.float64).reshape(len(made), most + 1)
        cell = np.array([m[3] for m in made], np.int64).reshape(len(made), most + 1)
        base = np.array([self.row(tuple(x for x in side if health(x[0]) is None)) for side in sides],  # untouchable
                        np.int64).reshape(len(sides), len(self.cells))
        return np.array(group_start, np.int64), np.array(sizes, np.int64), colour, score, spent, cell, base

    def place(self, side: Side, rolls: Rolls) -> tuple[Any, Any]:
        """What each of ``rolls`` leaves of ``side`` when the heuristic places its damage: the sides it can leave,
        as rows of this force's cells (this attack's damage on them, cut to what a unit can carry; units at their
        health still there), and ``[roll, side left]`` the chance of each."""
        return next(self.place_all([side], rolls))

    def place_all(self, sides: Sequence[Side], rolls: Rolls) -> Iterator[tuple[Any, Any]]:
        """:meth:`place` for each of ``sides`` in turn, what the loop reads of them made at once."""
        targets = self.targets(sides, rolls.most)
        for n in range(len(sides)):
            found, left, self.room = placements(*targets, n, len(self.colours), rolls.jobs, rolls.children,
                                                rolls.leaf, self.room)
            yield found, left


def heuristic_damage(combat: Combat, enemy: Side, rolls: tuple, repairable: bool) -> dict[tuple, dict[Side, float]]:
    """What each of the heuristic's ``rolls`` (:data:`Blocks`) leaves of ``enemy``, with the chances (a side at a
    time, for the stage-by-stage solve): :func:`heuristic_placements` as a dict for each roll."""
    key = ("damage", enemy, rolls, repairable)
    found = combat.stage_memo.get(key)
    if found is None:
        sides, chances = heuristic_placements(combat, enemy, rolls, repairable)
        found = combat.stage_memo[key] = {dice: {sides[e]: float(chances[u, e]) for e in chances[u].nonzero()[0]}
                                          for u, dice in enumerate(rolls)}
    return found  # type: ignore[return-value]


def heuristic_placements(combat: Combat, enemy: Side, rolls: tuple, repairable: bool) -> tuple[list[Side], Any]:
    """What the heuristic's ``rolls`` (:data:`Blocks`) leave of ``enemy``: the sides they can leave, and
    ``[roll, side]`` the chance of each (the chain with repairs, :class:`.odds_cinematic.CinematicChain`, sums
    them as arrays)."""
    key = ("placements", enemy, rolls, repairable)
    found = combat.stage_memo.get(key)
    if found is None:
        # a force's sides share its cells (its unit types, each to its cap), made again only for damage past them
        types = ("cells", tuple(sorted({u for u, _ in enemy})), repairable)
        cells = combat.stage_memo.get(types)
        if cells is None or not all(x in cells.index for x in enemy):
            cells = combat.stage_memo[types] = Cells(combat, enemy, repairable)
        trie = combat.stage_memo.get(("rolls", rolls))
        if trie is None:
            trie = combat.stage_memo[("rolls", rolls)] = Rolls(rolls, cells.colours)
        rows, chances = cells.place(enemy, trie)
        found = combat.stage_memo[key] = (cells.sides(rows), chances)
    return found  # type: ignore[return-value]


def random_repairs(combat: Combat, own: Side, specials: Mapping[str, int]) -> dict[Side, float]:
    """The heuristic's repairs: while a special can repair, one of the offered (colour, unit, damage) repairs at
    random (cinematic ``combat-action``: every repair scores alike, 'done' lower). The colours repair apart: an
    offer taken at random among all is, once its colour is known, taken at random among its colour's, and each
    colour's repairs go on until its specials or its damaged units run out, whatever the others do. So the chance
    of each side left is the product of each colour's (:func:`_colour_repairs`, kept for the units of that colour
    and its specials, which many sides share); kept for the side and the specials too."""
    key = ("repairs", own, tuple(sorted(specials.items())))
    found = combat.stage_memo.get(key)
    if found is None:
        untouched = tuple(x for x in own if combat.kinds[x[0]].colour not in specials)
        parts: dict[tuple, float] = {untouched: 1.0}
        for colour, n in sorted(specials.items()):
            repaired = _colour_repairs(combat, tuple(x for x in own if combat.kinds[x[0]].colour == colour), n)
            parts = {a + b: p * q for a, p in parts.items() for b, q in repaired.items()}
        found = combat.stage_memo[key] = {}
        for units, p in parts.items():
            side = tuple(sorted(units))
            found[side] = found.get(side, 0.0) + p  # type: ignore[index, attr-defined]
    return found  # type: ignore[return-value]


def _colour_repairs(combat: Combat, units: Side, n: int) -> dict[Side, float]:
    """:func:`random_repairs` of one colour: ``n`` specials on ``units`` (all of that colour), one damage off one
    of the distinct damaged (unit, damage) at random, while both last."""
    key = ("colour repairs", units, n)
    found = combat.stage_memo.get(key)
    if found is not None:
        return found  # type: ignore[return-value]
    states = {units: 1.0}
    done: dict[Side, float] = {}
    for left in range(n, -1, -1):
        nxt: dict[Side, float] = {}
        for st, p in states.items():
            offers = sorted({x for x in st if x[1] > 0}) if left else []
            if not offers:
                done[st] = done.get(st, 0.0) + p
                continue
            for u, d in offers:
                out = list(st)
                out.remove((u, d))
                out.append((u, d - 1))
                after = tuple(sorted(out))
                nxt[after] = nxt.get(after, 0.0) + p / len(offers)
        states = nxt
    combat.stage_memo[key] = done
    return done


@_compiled
def _hash(row: Any) -> int:
    """A hash of a row of small numbers (FNV-1a over its entries, wrapping round 64 bits), its high bits folded into
    the low ones, which place it in a table (:func:`_find`)."""
    h = -3750763034362895579
    for v in row:
        h = (h ^ v) * 1099511628211
    return h ^ (h >> 29) ^ (h >> 47)


@_compiled
def _find(rows: Any, hashes: Any, table: Any, row: Any) -> tuple[int, int, int]:
    """Where ``row`` is among ``rows`` by the hash table ``table`` (a power of 2 long, at least twice the room of
    ``rows``: the numbers of the rows, -1 where none, each where its hash in ``hashes`` leads or at the next free
    place after): its number (-1: not there), the free place it would take, its hash."""
    h = _hash(row)
    mask = len(table) - 1
    i = h & mask
    while table[i] >= 0:
        n = table[i]
        if hashes[n] == h and _same(rows[n], row):
            return n, i, h
        i = (i + 1) & mask
    return -1, i, h


@_compiled
def _numbered(rows: Any, hashes: Any, table: Any, count: int, row: Any) -> tuple[int, int]:
    """The number of ``row`` among the first ``count`` of ``rows`` (:func:`_find`), added as the next if it is not
    there, and the count after; -1 if it is not there and ``rows`` is full."""
    n, i, h = _find(rows, hashes, table, row)
    if n >= 0:
        return n, count
    if count == len(rows):
        return -1, count
    for j in range(len(row)):
        rows[count, j] = row[j]
    hashes[count], table[i] = h, count
    return count, count + 1


@_compiled
def _table(size: int) -> Any:
    """An empty hash table for :func:`_find` with room for ``size`` rows."""
    length = 1
    while length < 2 * size:
        length *= 2
    return np.full(length, -1, np.int64)


@_compiled
def _same(a: Any, b: Any) -> bool:
    for i in range(len(a)):
        if a[i] != b[i]:
            return False
    return True


@_compiled
def _placed(slot: Any, colour: Any, direct: int, score: Any, spent: Any, cell: Any, base: Any, jobs: Any,
            children: Any, leaf: Any, room: int) -> tuple[bool, Any, Any]:
    """What each roll (a leaf of the trie ``jobs``, ``children``: :class:`Rolls`) leaves of a side when the
    heuristic places its damage: the distinct sides (rows of counts of cells, ``base`` those of the side's
    untouchable units) and ``[roll, side left]`` their chances.

    The side's targets are miniatures in *groups* of alike ones (``slot[g]`` to ``slot[g + 1]``), each of a health
    ``colour[g]``; a *placement* is the damage this attack put on each, kept in descending order within a group
    (a numbered row of ``rows``). A result of colour ``k`` (``direct``: a direct hit) goes on the distinct
    (group, damage) with the highest ``score[g, damage]``, equals at random, or is lost if none can take it; a
    miniature so damaged is the cell ``cell[g, damage]``. One with ``spent[g]`` damage or more is no target: more
    would change nothing (:meth:`Cells.place`).

    The arrays are made once, ``room`` placements and some multiples of it for the rest; past that, it gives up
    (first ``False``: :func:`placements` asks again with more room). An array grown in the loops would have numba
    count its references at every turn of them, which cost twice the work."""
    slots, kinds = slot[-1], direct + 1
    nothing = np.zeros((0, len(base)), np.int64), np.zeros((0, 0))
    rows, hashes, table = np.zeros((room, slots), np.int64), np.zeros(room, np.int64), _table(room)
    _, count = _numbered(rows, hashes, table, 0, np.zeros(slots, np.int64))  # none yet placed: the first
    # each placement's moves by a result of each colour: from ``first[row, k]``, ``many[row, k]`` of them (-1:
    # not made yet) to the placements ``to`` with the chances ``chance``
    first, many = np.full((room, kinds), -1, np.int64), np.zeros((room, kinds), np.int64)
    to, chance, moves = np.empty(4 * room, np.int64), np.empty(4 * room), 0
    top, top_score = np.empty(max(slots, 1), np.int64), np.empty(max(slots, 1))  # a result's targets
    after = np.empty(slots, np.int64)
    # the chance of each placement at each node, ``node_start[node]`` to ``node_start[node + 1]``
    node_row, node_chance = np.zeros(8 * room, np.int64), np.ones(8 * room)
    node_start = np.zeros(len(children) + 2, np.int64)
    node_start[1] = 1
    made = 1  # nodes with their chances
    # where each placement's chance is in the point being made: at ``place[row]`` if ``stamp[row]`` is ``now``
    stamp, place, now = np.zeros(room, np.int64), np.zeros(room, np.int64), 0
    # a job's lattice: the chances at point ``p = hits * width + direct hits`` from ``point_start[p]`` to
    # ``point_start[p + 1]``
    points = 1
    for job in range(len(jobs)):
        points = max(points, (jobs[job, 2] + 1) * (jobs[job, 3] + 1))
    point_start = np.zeros(points + 1, np.int64)
    point_row, point_chance = np.zeros(8 * room, np.int64), np.zeros(8 * room)
    for job in range(len(jobs)):
        node, k, most_hits, most_direct, most = jobs[job]
        # the lattice of the job's colour: the chances summed over the paths to each (hits, direct hits) placed,
        # as far as its children's blocks go
        width = most_direct + 1
        at = node_start[node + 1] - node_start[node]
        for n in range(at):
            point_row[n], point_chance[n] = node_row[node_start[node] + n], node_chance[node_start[node] + n]
        point_start[0], point_start[1] = 0, at
        for p in range(1, (most_hits + 1) * width):
            i, j = p // width, p % width
            if i + j > most:
                point_start[p + 1] = at
                continue
            # the moves into (i, j): a hit from (i - 1, j), a direct hit from (i, j - 1); made once for each
            # placement and colour of result
            now += 1
            for source, kind in ((p - width, k), (p - 1, direct)):
                if (kind == k and i == 0) or (kind == direct and j == 0):
                    continue
                for n in range(point_start[source], point_start[source + 1]):
                    r = point_row[n]
                    if first[r, kind] < 0:
                        tops, best = 0, -np.inf
                        for g in range(len(colour)):
                            if kind != direct and colour[g] != kind:
                                continue
                            for s in range(slot[g], slot[g + 1]):
                                if s > slot[g] and rows[r, s] == rows[r, s - 1] or rows[r, s] >= spent[g]:
                                    continue  # the same (group, damage) as the slot before, or spent
                                top[tops], top_score[tops] = s, score[g, rows[r, s]]
                                best = max(best, top_score[tops])
                                tops += 1
                        kept = 0  # the best to 1e-9, equals at random
                        for t in range(tops):
                            if top_score[t] >= best - 1e-9:
                                top[kept] = top[t]
                                kept += 1
                        if moves + max(kept, 1) > len(to):
                            return False, *nothing
                        first[r, kind], many[r, kind] = moves, max(kept, 1)
                        if kept == 0:  # nothing can take it: lost
                            to[moves], chance[moves] = r, 1.0
                            moves += 1
                        for t in range(kept):
                            for s in range(slots):
                                after[s] = rows[r, s]
                            after[top[t]] += 1  # the first of its run: the order stays descending
                            to[moves], count = _numbered(rows, hashes, table, count, after)
                            if to[moves] < 0:
                                return False, *nothing
                            chance[moves] = 1.0 / kept
                            moves += 1
                    for x in range(first[r, kind], first[r, kind] + many[r, kind]):
                        m = to[x]
                        if stamp[m] != now:
                            if at == len(point_row):
                                return False, *nothing
                            stamp[m], place[m], point_row[at], point_chance[at] = now, at, m, 0.0
                            at += 1
                        point_chance[place[m]] += point_chance[n] * chance[x]
            point_start[p + 1] = at
        # the job's children: its lattice at their blocks, over the number of paths there
        while made <= len(children) and children[made - 1, 0] == job:
            _, hits, direct_hits = children[made - 1]
            p = hits * width + direct_hits
            paths = 1.0
            for n in range(1, direct_hits + 1):
                paths = paths * (hits + n) / n
            a, b = point_start[p], point_start[p + 1]
            at = node_start[made]
            if at + b - a > len(node_row):
                return False, *nothing
            for n in range(a, b):
                node_row[at + n - a], node_chance[at + n - a] = point_row[n], point_chance[n] / paths
            node_start[made + 1] = at + b - a
            made += 1
    # the sides the leaves' placements leave, numbered, then each leaf's chances of them
    sides, side_hashes, side_table = np.zeros((count, len(base)), np.int64), np.zeros(count, np.int64), _table(count)
    side_of = np.full(count, -1, np.int64)
    row = np.empty(len(base), np.int64)
    nsides = 0
    for node in leaf:
        for n in range(node_start[node], node_start[node + 1]):
            r = node_row[n]
            if side_of[r] < 0:
                for c in range(len(base)):
                    row[c] = base[c]
                for g in range(len(colour)):
                    for s in range(slot[g], slot[g + 1]):
                        row[cell[g, rows[r, s]]] += 1
                side_of[r], nsides = _numbered(sides, side_hashes, side_table, nsides, row)
    out = np.zeros((len(leaf), nsides))
    for roll in range(len(leaf)):
        for n in range(node_start[leaf[roll]], node_start[leaf[roll] + 1]):
            out[roll, side_of[node_row[n]]] += node_chance[n]
    return True, sides[:nsides], out


@_compiled
def placements(group_start: Any, size: Any, colour: Any, score: Any, spent: Any, cell: Any, base: Any, n: int,
               direct: int, jobs: Any, children: Any, leaf: Any, room: int) -> tuple[Any, Any, int]:
    """What each roll leaves of side ``n`` of :meth:`Cells.targets` (:func:`_placed`), asked again with twice the
    room until it is enough; and the room that was (for the next side: the sides of a force are alike in size).
    (One way in, from :meth:`Cells.place` and :func:`chain_moves` alike: numba compiles a function again for each
    kind of array it is given, some seconds each.)"""
    first, last = group_start[n], group_start[n + 1]
    slot = np.zeros(last - first + 1, np.int64)
    for g in range(first, last):
        slot[g - first + 1] = slot[g - first] + size[g]
    while True:
        done, sides, out = _placed(slot, colour[first:last], direct, score[first:last], spent[first:last],
                                   cell[first:last], base[n], jobs, children, leaf, room)
        if done:
            return sides, out, room
        room *= 2


@_compiled
def chain_moves(group_start: Any, size: Any, colour: Any, score: Any, spent: Any, cell: Any, base: Any, direct: int,
                jobs: Any, children: Any, leaf: Any, room: int, pool_start: Any, roll: Any, roll_chance: Any,
                known: Any, lethal: Any) -> tuple[Any, Any, Any]:
    """For each dice pool and each of a force's sides ``known`` (rows of counts of cells), the chance that the
    pool's roll, damage placed by the heuristic (:func:`placements`), leaves the side as each other once its units
    at their health (the cells ``lethal``) are gone: ``(row, side after, chance)`` entries, a row for each (pool,
    side), ``pool * len(known) + side``. Side ``n``'s groups are ``group_start[n]`` to ``group_start[n + 1]`` of
    ``size`` (their miniatures), ``colour``, ``score``, ``spent``, ``cell``, its untouchable units ``base[n]``; pool
    ``p`` rolls ``roll[j]`` with the chance ``roll_chance[j]``, ``j`` from ``pool_start[p]`` to ``pool_start[p +
    1]``. (The moves of the heuristic's chain, :class:`.odds_duel.Chain`, all in one call: one for each side cost
    more in numpy calls than the placing.)"""
    sides, pools = len(known), len(pool_start) - 1
    hashes, table = np.zeros(sides, np.int64), _table(sides)
    for n in range(sides):
        _numbered(known, hashes, table, n, known[n])
    out_row, out_to, out_chance = np.empty(pools * sides * 4, np.int64), np.empty(pools * sides * 4, np.int64), \
        np.empty(pools * sides * 4)
    entries = 0
    acc = np.zeros(sides)
    held = np.empty(sides, np.int64)
    for n in range(sides):
        ends, left, room = placements(group_start, size, colour, score, spent, cell, base, n, direct, jobs, children,
                                      leaf, room)
        into = np.empty(len(ends), np.int64)
        for e in range(len(ends)):
            for c in range(len(lethal)):
                if lethal[c]:
                    ends[e, c] = 0
            into[e] = _find(known, hashes, table, ends[e])[0]
            assert into[e] >= 0, "a side the heuristic leaves that the battle does not list"
        # each roll's sides left, as sparse rows: most rolls leave only a few
        nonzero = 0
        for u in range(len(left)):
            for e in range(len(ends)):
                nonzero += left[u, e] != 0.0
        start, side_to, side_chance = np.zeros(len(left) + 1, np.int64), np.empty(nonzero, np.int64), \
            np.empty(nonzero)
        for u in range(len(left)):
            start[u + 1] = start[u]
            for e in range(len(ends)):
                if left[u, e] != 0.0:
                    side_to[start[u + 1]], side_chance[start[u + 1]] = into[e], left[u, e]
                    start[u + 1] += 1
        for p in range(pools):
            m = 0
            for j in range(pool_start[p], pool_start[p + 1]):
                u, w = roll[j], roll_chance[j]
                for x in range(start[u], start[u + 1]):
                    t = side_to[x]
                    if acc[t] == 0.0:
                        held[m] = t
                        m += 1
                    acc[t] += w * side_chance[x]
            if entries + m > len(out_row):  # grown only here, once a side and pool at most
                out_row, out_to, out_chance = longer(out_row, entries + m), longer(out_to, entries + m), \
                    longer(out_chance, entries + m)
            for k in range(m):
                out_row[entries], out_to[entries], out_chance[entries] = p * sides + n, held[k], acc[held[k]]
                acc[held[k]] = 0.0
                entries += 1
    return out_row[:entries], out_to[:entries], out_chance[:entries]
