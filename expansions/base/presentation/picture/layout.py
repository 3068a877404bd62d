"""Where each system goes on the map: its ``position`` from the content, or a free place in its region.

Positions are in map units (content ``position: {x, y}``, x to the right, y downward); :func:`fit` scales them
into the picture's map area. Everything here is deterministic: ids are taken in sorted order and candidate places
in a fixed order, so the same content always gives the same map.
"""

from __future__ import annotations

import math
from statistics import median

#: Candidate directions around a region's centre, tried in this order (12 o'clock first, clockwise).
ANGLES = tuple(math.radians(a) for a in range(-90, 270, 30))


def map_positions(content) -> dict[str, tuple[float, float]]:
    """Every system's place in map units. A system without a ``position`` goes near the placed systems of its
    region, at the first free spot on rings around their centre; a region with no placed system gets a block of
    its own below the map (and a map with no positions at all is a grid of regions)."""
    systems = content.items("systems")
    placed = {sid: (s.position.x, s.position.y) for sid, s in sorted(systems.items()) if s.position is not None}
    gap = _spacing(placed)
    by_region: dict[str, list[str]] = {}
    for sid, system in sorted(systems.items()):
        if sid not in placed:
            by_region.setdefault(system.region, []).append(sid)
    orphans = []
    for region, members in sorted(by_region.items()):
        anchors = [placed[s] for s, system in systems.items() if system.region == region and s in placed]
        if not anchors:
            orphans.append((region, members))
            continue
        centre = (sum(x for x, _ in anchors) / len(anchors), sum(y for _, y in anchors) / len(anchors))
        for sid in members:
            placed[sid] = _free_spot(centre, placed.values(), gap)
    if orphans:
        _blocks(orphans, placed, gap)
    return placed


def _spacing(placed: dict[str, tuple[float, float]]) -> float:
    """The map's typical distance between neighbouring systems (the median nearest-neighbour distance)."""
    points = list(placed.values())
    if len(points) < 2:
        return 30.0
    nearest = [min(math.dist(p, q) for q in points if q is not p) for p in points]
    return max(median(nearest), 1.0)


def _free_spot(centre, taken, gap: float) -> tuple[float, float]:
    taken = list(taken)
    for ring in range(1, 50):
        for angle in ANGLES:
            spot = (round(centre[0] + ring * gap * 0.5 * math.cos(angle), 1),
                    round(centre[1] + ring * gap * 0.5 * math.sin(angle), 1))
            if all(math.dist(spot, other) >= gap * 0.9 for other in taken):
                return spot
    raise AssertionError("no free spot found")  # unreachable: rings grow without bound past every system


def _blocks(orphans, placed, gap: float) -> None:
    """Regions with no placed system: a row of blocks under the map, each a small grid of its systems."""
    if placed:
        left = min(x for x, _ in placed.values())
        top = max(y for _, y in placed.values()) + gap * 1.5
    else:
        left, top = 0.0, 0.0
    x = left
    for _, members in orphans:
        columns = max(1, math.ceil(math.sqrt(len(members))))
        for n, sid in enumerate(members):
            placed[sid] = (round(x + (n % columns) * gap, 1), round(top + (n // columns) * gap, 1))
        x += (columns + 1) * gap


def fit(points: dict[str, tuple[float, float]], box: tuple[float, float, float, float], stretch: float = 1.0):
    """A function mapping map units into ``box`` (left, top, width, height), centred, keeping proportions except
    that one axis may be stretched up to ``stretch`` times the other to use the box better."""
    if not points:
        return lambda p: (box[0] + box[2] / 2, box[1] + box[3] / 2)
    xs = [x for x, _ in points.values()]
    ys = [y for _, y in points.values()]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    sx = box[2] / width if width else math.inf
    sy = box[3] / height if height else math.inf
    scale = min(sx, sy)
    if scale == math.inf:
        scale = sx = sy = 1.0
    sx, sy = min(sx, scale * stretch), min(sy, scale * stretch)
    left = box[0] + (box[2] - width * sx) / 2
    top = box[1] + (box[3] - height * sy) / 2
    x0, y0 = min(xs), min(ys)
    return lambda p: (round(left + (p[0] - x0) * sx, 1), round(top + (p[1] - y0) * sy, 1))
