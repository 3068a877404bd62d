"""The base game's checks of loaded content (README "Validating", tiers 5 and 6): the map holds together and
setups fit in the box. Registered with the kinds they check (kinds.py); codes and messages are stable.

Items that failed their schema check are left out of the catalog but remembered (``catalog.invalid``): the map and
count checks are skipped for a kind with such items, to report each problem once.

The map is undirected by construction (an adjacency entry joins two systems), so it is symmetric; what can go
wrong is an edge from a system to itself (SW501), an edge listed twice (SW502, found while merging), a map in
pieces (SW503) and a region holding a different number of systems than its ``size`` (SW504).
"""

from __future__ import annotations

from collections import Counter, defaultdict

from swrebellion.catalog import Catalog
from swrebellion.diagnostics import Diagnostic
from swrebellion.imagefile import ImageError, read_image
from swrebellion.pointers import escape_token

from .moments import SIDES_AT

#: The hands no side holds (``hand:SIDE:KIND``): the Rebel has no probe cards, the Empire no objectives.
NO_HAND = {("rebel", "probes"), ("empire", "objectives")}
OTHER = {"rebel": "empire", "empire": "rebel"}

SIDES = ("empire", "rebel")

#: The codes these checks report, with their one-line meaning (the README's table lists them too).
CODES: dict[str, str] = {
    "SW402": "unit of the other faction in a setup",
    "SW501": "system adjacent to itself",
    "SW502": "edge listed twice",
    "SW503": "map not connected",
    "SW504": "region holds a different number of systems than its size",
    "SW601": "setup uses more units than the supply",
    "SW701": "card picture unusable",
    "SW702": "card size for a kind that is not a card kind",
    "SW802": "an Assignment action card with no leader to play it (never offered)",
    "SW803": "an action card whose side is never asked at the moment its trigger names (never offered)",
    "SW804": "a card moves cards to or from a hand its side does not hold",
    "SW805": "a Special action card with no first trigger step (never offered)",
}


def edge_id(raw) -> str | None:
    """An adjacency entry's id: the two system ids sorted and joined by '--' (``replaces: [adjacency/a--b]``)."""
    between = raw.get("between") if isinstance(raw, dict) else None
    if isinstance(between, list) and len(between) == 2 and all(isinstance(s, str) for s in between):
        return "--".join(sorted(between))
    return None


def edge_twice(ident: str, place: str) -> tuple[str, str, str]:
    """SW502 rather than SW311 for an edge listed twice, in one pack or across packs."""
    return "SW502", f"edge {ident} is listed twice; first in {place}", "list each pair of adjacent systems once"


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
        for side in SIDES:
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


def check_card_art(catalog: Catalog) -> list[Diagnostic]:
    """A card's picture (``art``) is a stranger's file: inside its pack, regular, a PNG or JPEG of bounded size and
    pixel count (``swrebellion.imagefile``), checked here so `validate` reports what `print` would refuse."""
    found = []
    for kind in catalog.kinds.tagged("card"):
        for entry in catalog.entries(kind.name).values():
            art = getattr(entry.item, "art", None)
            pack = catalog.pack(entry.pack)
            if art is None or pack is None:
                continue
            try:
                read_image(pack.folder, art)
            except ImageError as exc:
                found.append(entry.diagnostic("SW701", f"card picture {exc}", "/art",
                                              "give a PNG or JPEG file inside the pack, or remove `art`"))
    return found


def check_card_sizes(catalog: Catalog) -> list[Diagnostic]:
    """A printed size is given for a card kind of the enabled plugins (a warning: the size is then unused)."""
    cards = {kind.name for kind in catalog.kinds.tagged("card")}
    return [entry.diagnostic("SW702", f"a printed size for {ident!r}, which is not a card kind of the enabled "
                                      f"plugins ({', '.join(sorted(cards))})", "/id", severity="warning")
            for ident, entry in catalog.entries("card-sizes").items() if ident not in cards]


def check_action_cards(catalog: Catalog) -> list[Diagnostic]:
    """Action cards that validate and would never be offered (issue 31: valid means playable). An Assignment card
    is played with a leader it pictures, from the pool (RS-ASG-08, RS-ACT-08): with none, only a first ``trigger``
    step makes it playable (False Orders), SW802. A card whose first ``trigger`` step names a card window where the
    rules never ask its side (``moments.Moment.sides``: only the Rebel at a capture) is never offered, SW803."""
    found = []
    for entry in catalog.entries("actions").values():
        card = entry.item
        first = card.effect[0] if card.effect else None
        trigger = first is not None and first.op == "trigger"
        if card.timing == "assignment" and not card.leaders and not trigger:
            found.append(entry.diagnostic(
                "SW802", "an Assignment card is played by a leader it pictures, from the pool (RS-ASG-08, RS-ACT-08): "
                "with no `leaders` this card is never offered", "/timing",
                "picture the leader who plays it (`leaders: [...]`), or begin its effect with a `trigger` step "
                "naming the moment it is played at (`timing: special`, docs/cards.md)"))
        moment = first.params.get("moment") if trigger and first is not None else None
        sides = SIDES_AT.get(moment, SIDES) if isinstance(moment, str) else SIDES
        if card.faction not in sides:
            asked = sorted(name for name, at in SIDES_AT.items() if card.faction in at)
            found.append(entry.diagnostic(
                "SW803", f"only the {' and '.join(sides)} side is asked at {moment!r}: this {card.faction} card "
                "is never offered", "/effect/0/moment",
                f"name a moment where the {card.faction} side is asked ({', '.join(asked)}; docs/cards.md), or make "
                f"it a card of the {' or '.join(sides)} side"))
    return found


def check_special_cards(catalog: Catalog, base_ops: frozenset[str], offered: frozenset[str]) -> list[Diagnostic]:
    """SW805: a Special card is offered at the moment its first ``trigger`` step names (RS-ACT-07); one with none is
    never offered, unless a rule offers it by itself: a card of ``offered`` (It Is Your Destiny, by the ``rescue``
    op), or one whose first step is not among ``base_ops``, the base game's ops, but another plugin's, whose rules
    may offer it (Rise of the Empire's leader-limit check offers Ambitions of Power by its ``raise_leader_limit``).
    Run by the plugin's ``validate_catalog``, which knows its ops (a layer above the checks)."""
    found = []
    for entry in catalog.entries("actions").values():
        card = entry.item
        first = card.effect[0] if card.effect else None
        if card.timing != "special" or card.id in offered or (first is not None and first.op == "trigger"):
            continue
        if first is None or first.op in base_ops:
            found.append(entry.diagnostic(
                "SW805", "a Special card is played at the moment its first `trigger` step names (RS-ACT-07): with "
                "none, this card is never offered", "/effect/0/op" if first is not None else "/timing",
                "begin its effect with a `trigger` step naming the moment it is played at (`- {op: trigger, moment: "
                "mission-revealed}`; docs/cards.md lists the moments), or give it another timing (`assignment`, "
                "`start-of-combat`, `immediate`)"))
    return found


def check_card_hands(catalog: Catalog) -> list[Diagnostic]:
    """SW804: a ``move_cards`` step naming ``hand:self:KIND`` or ``hand:opponent:KIND`` for a hand the side playing
    the card does not hold (the Rebel holds no probe cards, the Empire no objectives: RB-OBJ-09, RB-PRB). The schema
    takes both forms, since only the card's side tells; an objective is the Rebel's, a card with a ``faction`` its
    side's, and a tactic card may be either side's."""
    found = []
    for kind in ("missions", "actions", "objectives", "tactics", "advanced-tactics"):
        if kind not in catalog.kinds:
            continue
        for entry in catalog.entries(kind).values():
            faction = getattr(entry.item, "faction", None)
            sides = ["rebel"] if kind == "objectives" else [faction] if faction else ["rebel", "empire"]
            for pointer, step in _steps_named(entry.raw, "move_cards", ""):
                for key in ("from", "to"):
                    parts = step.get(key, "").split(":") if isinstance(step.get(key), str) else []
                    if len(parts) != 3 or parts[0] != "hand" or parts[1] not in ("self", "opponent"):
                        continue
                    for side in sides:
                        holder = side if parts[1] == "self" else OTHER[side]
                        if (holder, parts[2]) in NO_HAND:
                            other = "opponent" if parts[1] == "self" else "self"
                            found.append(entry.diagnostic(
                                "SW804", f"played by the {side} side, {step[key]!r} names the {holder} side's hand of "
                                f"{parts[2]}, which it does not hold", f"{pointer}/{key}",
                                f"the Rebel alone holds objectives and the Empire alone probe cards: "
                                f"hand:{other}:{parts[2]}, or hand:{OTHER[holder]}:{parts[2]}"))
                            break
    return found


def _steps_named(value, op: str, pointer: str):
    """(pointer, step) for every effect step ``op`` anywhere in an item as written, nested steps included."""
    if isinstance(value, dict):
        if value.get("op") == op:
            yield pointer, value
        for key, inner in value.items():
            yield from _steps_named(inner, op, f"{pointer}/{escape_token(str(key))}")
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            yield from _steps_named(inner, op, f"{pointer}/{index}")
