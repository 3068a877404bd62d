"""The order of things that require each other: expansions (their hooks run in it) and packs (they load in it).

One rule for both, so that a reader learns it once: requirements first, ties broken by id (never by discovery or
command-line order), and names that require each other in a cycle found together, every member named, so that
one message can report the whole cycle. The ordering itself is the standard library's :mod:`graphlib`; it finds
only one cycle, so the cycles are found first as the graph's strongly connected components (Tarjan's algorithm).
"""

from __future__ import annotations

import graphlib
import heapq
from typing import Iterable, Mapping


def dependency_order(requires: Mapping[str, Iterable[str]]) -> tuple[list[str], list[list[str]]]:
    """The names of ``requires`` (each mapped to the names it requires; requirements that are not keys are ignored),
    requirements first, ties broken by id; and the cycles among them, each a sorted list of names that require each
    other (a name that requires itself is a cycle of one). A cycle's members are placed together, in id order, where
    its first member would go."""
    edges = {name: sorted({r for r in needs if r in requires}) for name, needs in requires.items()}
    components = strongly_connected(edges)
    component_of = {name: index for index, members in enumerate(components) for name in members}
    sorter = graphlib.TopologicalSorter(
        {index: {component_of[r] for m in members for r in edges[m]} - {index}
         for index, members in enumerate(components)})
    sorter.prepare()
    ready: list[tuple[str, int]] = []
    order: list[str] = []
    while True:
        for index in sorter.get_ready():
            heapq.heappush(ready, (components[index][0], index))
        if not ready:
            break
        _, index = heapq.heappop(ready)
        order += components[index]
        sorter.done(index)
    cycles = [members for members in components if len(members) > 1 or members[0] in edges[members[0]]]
    return order, cycles


def strongly_connected(edges: Mapping[str, list[str]]) -> list[list[str]]:
    """The strongly connected components of the graph ``edges`` (every target must be a key), each sorted by id:
    Tarjan's algorithm, iterative so that a long chain cannot exhaust the recursion limit."""
    index_of: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    for start in sorted(edges):
        if start in index_of:
            continue
        work = [(start, iter(edges[start]))]
        index_of[start] = low[start] = len(index_of)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index_of:
                    index_of[child] = low[child] = len(index_of)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index_of[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index_of[node]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == node:
                        break
                components.append(sorted(members))
    return components
