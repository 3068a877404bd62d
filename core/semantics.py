"""Tier 2: what a schema cannot say. References resolve, the map holds together, setups fit in the box.

Runs on the merged Catalog, so a fan pack may refer to the base game's dice and systems. Items that failed their
schema check are left out of the catalog but remembered (``catalog.invalid``): a reference to one of them is not
reported again, and the map and count checks are skipped for a kind with such items, to report each problem once.

The map is undirected by construction (an adjacency entry joins two systems), so it is symmetric; what can go
wrong is an edge from a system to itself (SW501), an edge listed twice (SW502, found while merging), a map in
pieces (SW503) and a region holding a different number of systems than its ``size`` (SW504).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Iterable, Iterator

from .catalog import Catalog, Entry
from .diagnostics import Diagnostic, did_you_mean
from .yaml_full import escape_token

_SIDES = ("empire", "rebel")

#: kind -> (path in an item, kind its ids name). Path steps: a key; ``*`` each list element; ``~`` each mapping
#: key (the ids are the keys). tests/test_semantics.py fails when a model field holding ids is in neither table.
REFERENCES: dict[str, list[tuple[str, str]]] = {
    "units": [("attack/~", "dice"), ("health_colour", "dice"), ("build_icon", "resources")],
    "leaders": [("replaces", "leaders")],
    "systems": [("region", "regions"), ("resources/*", "resources")],
    "adjacency": [("between/*", "systems")],
    "missions": [("portrait", "leaders"), ("target_marker", "markers")],
    "objectives": [("target_marker", "markers")],
    "actions": [("leaders/*", "leaders"), ("recruits/*", "leaders"), ("target_marker", "markers")],
    "tactics": [("target_marker", "markers")],
    "advanced-tactics": [("units/*", "units"), ("target_marker", "markers")],
    "probes": [("system", "systems")],
    "setups": [
        *((f"{side}/{path}", "units")
          for side in _SIDES for path in ("units/~", "fixed/*/units/~", "build_queue/*/unit")),
        ("objective_deck/*/fixed/*", "objectives"),
        ("time_track", "time-tracks"),
        ("rebel_base/resources/*", "resources"),
    ],
}
#: Fields that hold ids but name no catalog item: the product a piece comes from, rules abilities of plugins.
NOT_REFERENCES = frozenset({"id", "set", "abilities"})


def _walk(value: Any, steps: list[str], pointer: str) -> Iterator[tuple[str, Any]]:
    """(pointer, id) for every id at ``steps`` in raw item data."""
    if not steps:
        if isinstance(value, str):
            yield pointer, value
        return
    step, rest = steps[0], steps[1:]
    if step == "*" and isinstance(value, list):
        for index, element in enumerate(value):
            yield from _walk(element, rest, f"{pointer}/{index}")
    elif step == "~" and isinstance(value, dict):
        for key in value:
            yield f"{pointer}/{escape_token(key)}", key
    elif isinstance(value, dict) and step in value:
        yield from _walk(value[step], rest, f"{pointer}/{escape_token(step)}")


def check_references(catalog: Catalog, rejected: Iterable[Entry] = ()) -> list[Diagnostic]:
    """Every id an item names must be in the catalog; ``rejected`` items (failed their schema) are checked too."""
    found = []
    by_kind: dict[str, list[Entry]] = defaultdict(list)
    for entry in rejected:
        by_kind[entry.kind].append(entry)
    for kind, references in REFERENCES.items():
        for entry in [*catalog.entries(kind).values(), *by_kind[kind]]:
            raw = entry.raw
            for path, target in references:
                known = catalog.items(target)
                for pointer, ident in _walk(raw, path.split("/"), ""):
                    if ident in known or ident in catalog.invalid[target]:
                        continue
                    removal = catalog.removed.get((target, ident))
                    hint = (f"pack {removal.by!r} removes it" if removal
                            else did_you_mean(ident, known) or f"no {target} item has this id in the loaded packs")
                    found.append(entry.diagnostic("SW401", f"unknown {target} id {ident!r}", pointer, hint))
    return found


def _complete(catalog: Catalog, *kinds: str) -> bool:
    return not any(catalog.invalid[kind] for kind in kinds)


def check_map(catalog: Catalog) -> list[Diagnostic]:
    found = []
    systems = catalog.entries("systems")
    edges = catalog.entries("adjacency")
    for entry in edges.values():
        a, b = entry.item.between
        if a == b:
            found.append(entry.diagnostic("SW501", f"system {a!r} is listed as adjacent to itself", "/between"))
    if systems and _complete(catalog, "systems", "adjacency"):
        neighbours: dict[str, set[str]] = defaultdict(set)
        for entry in edges.values():
            a, b = entry.item.between
            if a in systems and b in systems:
                neighbours[a].add(b)
                neighbours[b].add(a)
        start = min(systems)
        reached, frontier = {start}, [start]
        while frontier:
            for other in neighbours[frontier.pop()] - reached:
                reached.add(other)
                frontier.append(other)
        cut_off = sorted(set(systems) - reached)
        if cut_off:
            shown = ", ".join(cut_off[:10]) + (f" and {len(cut_off) - 10} more" if len(cut_off) > 10 else "")
            found.append(systems[cut_off[0]].diagnostic(
                "SW503", f"the map is not connected: {len(cut_off)} systems cannot be reached from {start!r}: {shown}",
                hint="add adjacency entries joining them to the rest of the map"))
    if _complete(catalog, "systems", "regions"):
        members: dict[str, list[str]] = defaultdict(list)
        for ident, system in catalog.items("systems").items():
            members[system.region].append(ident)
        for ident, entry in catalog.entries("regions").items():
            held = members.get(ident, [])
            if len(held) != entry.item.size:
                found.append(entry.diagnostic(
                    "SW504", f"region {ident!r} has size {entry.item.size} but holds {len(held)} systems"
                    + (f": {', '.join(sorted(held))}" if held else ""), "/size"))
    return found


def check_counts(catalog: Catalog) -> list[Diagnostic]:
    """Setups may not place more of a unit than the box holds (units + fixed placements + build queue)."""
    if not _complete(catalog, "units", "setups"):
        return []
    found = []
    units = catalog.items("units")
    for entry in catalog.entries("setups").values():
        used: Counter[str] = Counter()
        for side in _SIDES:
            plan = entry.item.faction(side)
            used.update(plan.units)
            for placement in plan.fixed:
                used.update(placement.units)
            placed = {*plan.units, *(u for p in plan.fixed for u in p.units), *(q.unit for q in plan.build_queue)}
            for queued in plan.build_queue:
                used[queued.unit] += queued.count
            for ident in sorted(placed):
                unit = units.get(ident)
                if unit is not None and unit.faction != side:
                    found.append(entry.diagnostic(
                        "SW402", f"the {side} setup uses {ident!r}, a unit of the {unit.faction}", f"/{side}"))
        for ident, count in sorted(used.items()):
            unit = units.get(ident)
            if unit is not None and count > unit.supply:
                found.append(entry.diagnostic(
                    "SW601", f"uses {count} {ident!r} but the supply is {unit.supply}",
                    hint="count the units, fixed placements and build queue together"))
    return found


def check(catalog: Catalog, rejected: Iterable[Entry] = ()) -> list[Diagnostic]:
    """Every tier 2 check."""
    return [*check_references(catalog, rejected), *check_map(catalog), *check_counts(catalog)]
