"""The board picture, drawn from one viewer's view: the galaxy map with loyalty, subjugation, sabotage, destroyed
systems, units and leaders; the Rebel base space, the time track, the build queues, the hands and the leaders off
the board; and what other plugins add through the ``board_annotations`` hook (tokens on systems, unit labels) and
the ``state_lines`` hook (lines about their own state, under the cards and decks).

It reads only ``view = game.view(player)`` (the redacted state: nothing hidden can reach the picture) and the
content catalog (``game.rules.content``). A picture has two layers: ``static``, which depends on the content alone
(background, regions, hyperspace lanes, panel frames), and ``slots``, named parts that change with the state (one
per system, the header, each panel). ``rebellion board`` writes both; ``rebellion replay`` writes ``static`` once
and each step's slots, deduplicated.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

from swrebellion.i18n import gettext, language, pgettext
from swrebellion.presentation import state_lines

from ...board import LURE
from ...knowledge import EVENTS, possible_bases
from ...names import display_names, local_text, localize
from ...tables import tables
from ..narration import seat_title
from ..terminal.screens import HAND_KINDS, PHASES
from . import layout
from .svg import CHAR_EM, burst, el, escape, hexagon, num, shape, text, text_width, title

WIDTH, HEIGHT = 1920, 1080
QUEUE_H = 170
CARDS_Y = 56 + 2 * (QUEUE_H + 8)
#: Planet centres go in this box (left, top, width, height); names stand above them and units hang below.
MAP_BOX = (296, 86, 1330, 744)
LEFT_X, RIGHT_X, PANEL_W = 12, 1708, 200
BOTTOM_Y = 918
KEY_X = 1112
CHIP_H, CHIP_GAP, CHIP_FONT = 20, 3, 13.5
STACK_W = 168  # the widest row of chips under a system

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
STYLE = """
text{fill:#e8ecf4}
.nm{font-size:14px;font-weight:bold}
.nh{font-size:14px;font-weight:bold;fill:#070b16;stroke:#070b16;stroke-width:4px;stroke-linejoin:round}
.dn{fill:#8a8f99}
.sm{font-size:10.5px}
.xs{font-size:9.5px;fill:#aab3c5}
.pt{font-size:12px;font-weight:bold;fill:#ffd866;letter-spacing:.5px}
.ce{fill:#c3cedb}.cr{fill:#d8453a}.ct{font-size:13.5px}
.tce{fill:#111a28}.tcr{fill:#fff}
.ts{fill:#3d9bff}.tg{fill:#f0a030}
.le{fill:#1b2436;stroke:#c3cedb}.lr{fill:#2a1618;stroke:#ff7a6e}
.lt{font-size:10px}
.tk{fill:#2e2608;stroke:#ffd24a}
.pn{fill:#111a2c;stroke:#2f3d5c;stroke-width:1.2}
.lane{stroke:#6f86b5;stroke-width:1.6;opacity:.55}
.pl{fill:#4f74a8;stroke:#a9c4ee;stroke-width:1.5}
.rm{fill:#5b5f6b;stroke:#a6abb5;stroke-width:1.5;stroke-dasharray:3 2}
""".strip()

LOYALTY_FILL = {"rebel": "#d8453a", "empire": "#9fb2c8"}
REGION_HUES = ("#3f7fd0", "#c9a13a", "#4fae7a", "#b5527e", "#7a62c9", "#3fb0b5", "#c46a3a", "#8aa23f")
_ = gettext
TITLES = {"emperor", "darth", "grand", "moff", "general", "admiral", "colonel", "princess", "director", "captain"}


@dataclass(frozen=True)
class Picture:
    """A drawn board: ``static`` never changes during a game; ``slots`` (name -> SVG) follow the state."""

    static: str
    slots: dict[str, str]

    def svg(self) -> str:
        body = "".join(f'<g id="{name}">{content}</g>' for name, content in self.slots.items())
        return svg_document(self.static + body)


def svg_document(body: str) -> str:
    """The picture as a document that scales to its window or box: a viewBox and a width of 100%, no fixed size
    (a browser window of any width shows all of it, keeping its proportions; issue 35 #20)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" '
        f'preserveAspectRatio="xMidYMid meet" font-family="{FONT}" lang="{language()}"><style>{STYLE}</style>'
        f'{body}</svg>\n'
    )


def board_svg(game, player: str | None = None) -> str:
    """The board as ``player`` sees it (``None``: the public view), as an SVG document."""
    return board_picture(game, game.view(player)).svg()


def board_picture(game, view: dict) -> Picture:
    """The picture of ``view`` (``game.view(player)``) with the content of ``game``'s rules, in the current
    language (:mod:`swrebellion.i18n`)."""
    content = game.rules.content
    cache = game.rules.cache
    static = f"picture.static.{language()}"
    if static not in cache:
        cache.setdefault("picture.places", _places(content))
        cache[static] = _static(content, cache["picture.places"])
    marks = _annotations(game, view)
    memo = cache.setdefault("picture.memo", {})
    if len(memo) > 100_000:  # a long-lived process drawing many games: start afresh rather than grow without end
        memo.clear()
    return Picture(cache[static], _Scene(game, view, cache["picture.places"], marks, memo).slots())


# -- what other plugins add --------------------------------------------------------------------------------------


@dataclass
class _Marks:
    tokens: dict[str, list[dict]]
    labels: dict[str, str]
    lines: list[str]


def _annotations(game, view) -> _Marks:
    marks = _Marks({}, {}, state_lines(game, view, "picture"))
    for result in game.rules.call("board_annotations", game=game, view=view):
        if result is not None and not isinstance(result, dict):  # blame the plugin that returned it, not us
            raise game.rules.refuse("board_annotations", result, "a mapping (or None)", game=game, view=view)
        if not result:
            continue
        for system, tokens in sorted(result.get("systems", {}).items()):
            marks.tokens.setdefault(system, []).extend(tokens)
        marks.labels.update(result.get("unit_labels", {}))
    return marks


def unit_label(unit_id: str, name: str, labels: dict[str, str]) -> str:
    """A unit's chip label: a plugin's label (a marked message, shown in the reader's language), else the initials
    of its ``name`` (one-word names: its first 5 letters)."""
    if unit_id in labels:
        return gettext(labels[unit_id])
    words = name.split()
    if len(words) == 1:
        return words[0][:5]
    return "".join(w[0].upper() for w in words if w[0].isalnum())[:4]


def leader_label(name: str, local: str | None = None) -> str:
    """A leader's name without titles ("Darth Vader" -> "Vader", "Princess Leia" -> "Leia"). Titles are known in
    English: a ``local`` name (another language's) loses as many leading words as the English one has titles."""
    words = re.sub(r"\s*\(.*?\)", "", name).split()
    rest = [w for w in words if w.lower() not in TITLES]
    if local is None:
        return " ".join(rest or words)
    titles = len(words) - len(rest) if rest else 0
    mine = re.sub(r"\s*\(.*?\)", "", local).split()
    return " ".join(mine[titles:] if len(mine) > titles else mine)


# -- the static layer ---------------------------------------------------------------------------------------------


def _places(content) -> dict[str, tuple[float, float]]:
    """Each system's planet centre in picture coordinates."""
    points = layout.map_positions(content)
    to_box = layout.fit(points, MAP_BOX, stretch=1.2)
    return {sid: to_box(p) for sid, p in points.items()}


def _static(content, places) -> str:
    parts = [el("rect", width=WIDTH, height=HEIGHT, fill="#070b16"), _stars()]
    parts.append(_regions(content, places))
    lanes = []
    for edge in sorted(content.items("adjacency").values(), key=lambda e: e.id):
        a, b = edge.between
        if a in places and b in places:
            (x1, y1), (x2, y2) = places[a], places[b]
            lanes.append(el("line", x1=x1, y1=y1, x2=x2, y2=y2))
    parts.append(el("g", "".join(lanes), class_="lane"))
    parts.append(el("rect", width=WIDTH, height=46, fill="#0f1628"))
    parts.append(_fitted(20, 30, _("STAR WARS: REBELLION"), 262, 16 * 1.07 + 2 / CHAR_EM, class_="pt",
                         style="font-size:16px;letter-spacing:2px"))
    for x, y, h, label in (
        (LEFT_X, 56, 212, _("REBEL BASE")),
        (LEFT_X, 280, 626, _("TIME AND REPUTATION")),
        (RIGHT_X, 56, QUEUE_H, _("IMPERIAL BUILD QUEUE")),
        (RIGHT_X, 56 + QUEUE_H + 8, QUEUE_H, _("REBEL BUILD QUEUE")),
        (RIGHT_X, CARDS_Y, BOTTOM_Y - 12 - CARDS_Y, _("CARDS AND DECKS")),
        (LEFT_X, BOTTOM_Y, 152, _("LEADERS")),
        (KEY_X, BOTTOM_Y, 152, _("KEY")),
    ):
        width = PANEL_W if x in (LEFT_X, RIGHT_X) and y < BOTTOM_Y else (KEY_X - 24 if x == LEFT_X else 796)
        parts.append(el("rect", x=x, y=y, width=width, height=h, rx=6, class_="pn"))
        parts.append(_fitted(x + 10, y + 18, label, width - 20, 12 * 1.07, class_="pt"))
    parts.append(_track_frame(content))
    parts.append(_key())
    return "".join(parts)


def _stars() -> str:
    """A fixed scatter of faint stars (a linear congruential sequence: the same every time)."""
    seed, dots = 20160, []
    for _star in range(260):
        seed = (seed * 1103515245 + 12345) % 2**31
        x = seed % WIDTH
        seed = (seed * 1103515245 + 12345) % 2**31
        y = 46 + seed % (HEIGHT - 46)
        seed = (seed * 1103515245 + 12345) % 2**31
        dots.append(el("circle", cx=x, cy=y, r=0.6 + (seed % 10) / 10, opacity=f"{0.25 + (seed % 5) / 10:.2f}"))
    return el("g", "".join(dots), fill="#ffffff")


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Convex hull (monotone chain), counter-clockwise."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower, upper = [], []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def _regions(content, places) -> str:
    """Each region as a soft rounded patch around its systems (a hull drawn with a wide round stroke)."""
    parts = []
    for n, region in enumerate(sorted(content.items("regions"))):
        points = [places[s] for s, system in sorted(content.items("systems").items()) if system.region == region]
        if not points:
            continue
        hue = REGION_HUES[n % len(REGION_HUES)]
        hull = _hull(points)
        if len(hull) == 1:
            hull = hull * 2
        poly = " ".join(f"{num(x)},{num(y)}" for x, y in hull)
        name = local_text(content.items("regions")[region].name)
        parts.append(el(
            "g", title(name) + el("polygon", points=poly, fill=hue, stroke=hue, stroke_width=96,
                                  stroke_linejoin="round"), opacity="0.16"))
    return "".join(parts)


def _track_frame(content) -> str:
    """The time track's spaces with their recruit and build icons (they never change)."""
    track = next(iter(content.items("time-tracks").values()), None)
    if track is None:
        return ""
    icons = {space.space: space.icons for space in track.spaces}
    rows, step = [], _track_step(track.length)
    for n in range(1, track.length + 1):
        y = 306 + (n - 1) * step
        rows.append(el("rect", x=LEFT_X + 8, y=y, width=PANEL_W - 16, height=step - 4, rx=3, fill="#18223a"))
        rows.append(text(LEFT_X + 28, y + step / 2 + 2, str(n), text_anchor="middle", style="font-size:12px"))
        x = LEFT_X + 46
        for icon in icons.get(n, ()):
            rows.append(_track_icon(icon, x, y + step / 2 - 2))
            x += 16
    return "".join(rows)


def _track_step(length: int) -> float:
    return min(36.0, 596 / max(length, 1))


def _track_icon(icon: str, x: float, y: float) -> str:
    if icon == "recruit":  # a leader's head and shoulders
        return el("g", title(_("Recruit a leader")) + el("circle", cx=x, cy=y - 3, r=3)
                  + el("path", d=f"M{num(x - 5.5)},{num(y + 6)} a5.5,5 0 0 1 11,0 z"), fill="#ffd24a")
    if icon == "build":  # a cog
        return el("g", title(_("Build units")) + el("polygon", points=burst(x, y + 1, 6.5, 4.6, 8))
                  + el("circle", cx=x, cy=y + 1, r=2, fill="#18223a"), fill="#8fd3ff")
    return text(x, y + 4, icon[:1].upper(), class_="xs")


def _key() -> str:
    """What the markers mean, in one row (the unit labels come with the content, in the ``key`` slot)."""
    x, y, parts = KEY_X + 12, BOTTOM_Y + 38, []
    entries = [
        (el("polygon", points=hexagon(8, 0, 8), fill=LOYALTY_FILL["rebel"]), _("Rebel loyalty")),
        (el("polygon", points=hexagon(8, 0, 8), fill=LOYALTY_FILL["empire"]), _("Imperial loyalty")),
        (_subjugation(8, 0), _("Subjugated")),
        (el("polygon", points=burst(8, 0, 8, 4), fill="#ff8c1a", stroke="#3a1a00"), _("Sabotage")),
        (_destroyed_planet(8, 0, 8), _("Destroyed")),
        (el("circle", cx=8, cy=0, r=7, fill="none", stroke="#ffd24a", stroke_width=2.5), _("Rebel base")),
        (el("rect", x=6, y=-7, width=3, height=14, class_="ts"), _("Space unit")),
        (el("rect", x=6, y=-7, width=3, height=14, class_="tg"), _("Ground unit")),
    ]
    step = [28 + text_width(label, 9.5) for _icon, label in entries]
    squeeze = min(1.0, (796 - 24) / sum(step))  # longer words (Russian, Turkish): the row narrows to the panel
    for (icon, label), width in zip(entries, step):
        parts.append(f'<g transform="translate({num(x)},{num(y)})">{icon}'
                     + _fitted(20, 4, label, (width - 28) * squeeze, 9.5, class_="xs") + "</g>")
        x += width * squeeze
    return "".join(parts)


def _no_base(cx: float, cy: float) -> str:
    """The mark of a system the Empire has ruled out as the base: a small grey "no" sign."""
    return (el("circle", cx=cx, cy=cy, r=5.5, fill="#070b16", stroke="#b8c0cc", stroke_width=1.6)
            + el("line", x1=cx - 3.6, y1=cy + 3.6, x2=cx + 3.6, y2=cy - 3.6, stroke="#b8c0cc", stroke_width=1.6))


def _loyalty_mark(loyalty: str) -> str:
    """The letter on a loyalty marker, in the reader's language."""
    return pgettext("loyalty marker", "R") if loyalty == "rebel" else pgettext("loyalty marker", "E")


def _subjugation(cx: float, cy: float) -> str:
    return el("polygon", points=hexagon(cx, cy, 8), fill="#2a0f12", stroke=LOYALTY_FILL["empire"], stroke_width=2) + \
        text(cx, cy + 3.5, pgettext("subjugated marker", "S"), text_anchor="middle", style="font-size:10px;font-weight:bold;fill:#ff9a8e")


def _destroyed_planet(cx: float, cy: float, r: float) -> str:
    d = r * 0.8
    return (el("circle", cx=cx, cy=cy, r=r, fill="#2b2b30", stroke="#77777f", stroke_width=1.5)
            + el("path", d=f"M{num(cx - d)},{num(cy - d)}L{num(cx + d)},{num(cy + d)}M{num(cx + d)},{num(cy - d)}"
                 f"L{num(cx - d)},{num(cy + d)}", stroke="#ff4a3a", stroke_width=2.5))


# -- the slots: what the state decides ------------------------------------------------------------------------------


class _Scene:
    def __init__(self, game, view: dict, places, marks: _Marks, memo: dict) -> None:
        self.memo = memo
        self.game = game
        self.content = content = game.rules.content
        self.view = view
        self.data = view["data"]
        self.places = places
        self.marks = marks
        self.units = content.items("units")
        self.leaders = content.items("leaders")
        self.base = self._base_system()
        self.labels_key = language() + json.dumps(marks.labels, sort_keys=True)
        self.names = display_names(game, language())
        self.possible: list[str] = []
        self.ruled_out = self._ruled_out()

    def _memo(self, kind: str, inputs, draw) -> str:
        """A slot drawn once per distinct input (a replay draws each system hundreds of times, mostly unchanged).
        ``inputs`` must hold everything the drawing reads besides the content and the unit labels."""
        key = f"{kind}|{self.labels_key}|{json.dumps(inputs, sort_keys=True)}"
        if key not in self.memo:
            self.memo[key] = draw()
        return self.memo[key]

    # -- helpers ------------------------------------------------------------------------------------------------

    def _base_system(self) -> str | None:
        """The base's system if this viewer may see it (his own secret, or revealed), else ``None``."""
        for value in (self.data.get("base_revealed"), self.data.get("base")):
            if isinstance(value, str):
                return value
        return None

    def _ruled_out(self) -> set[str] | None:
        """In the Empire's own view while the base is hidden: the systems its probe droids and what it has seen
        rule out (RB-PRB, RB-BAS-08: :func:`~...knowledge.possible_bases` on the Empire's view and its log), and
        :attr:`possible` the systems that may still hold the base. ``None`` in any other view."""
        viewer = self.view.get("player")
        if viewer is None or _faction(viewer) != "empire" or self.data.get("base_revealed"):
            return None
        probes = self.data.get("hands", {}).get("empire", {}).get("probes")
        seen = set(probes) if isinstance(probes, list) else set()
        discarded = self.data.get("discards", {}).get("probes")
        seen |= set(discarded) if isinstance(discarded, list) else set()
        log = [event for event in self.view.get("log", []) if event.get("type") in EVENTS]
        self.possible = possible_bases(self.game, self.data, log, seen, viewer)
        probed = set(tables(self.game).probe_of) & set(self.places)
        return probed - set(self.possible)

    def leader_side(self, lid: str, info: dict) -> str:
        if info.get("ring") == LURE:  # a lured Rebel serves the Empire (RS-CAP-09)
            return "empire"
        leader = self.leaders.get(lid)
        return leader.faction if leader is not None else "rebel"

    def chips(self, units: dict[str, int], x: float, y: float, width: float, centred: bool = True) -> tuple[str, float]:
        """Unit chips, Imperial row(s) then Rebel row(s), wrapped to ``width``; returns the SVG and the bottom y."""
        rows: list[list[tuple[float, str]]] = []
        for side in ("empire", "rebel"):
            line: list[tuple[float, str]] = []
            used = 0.0
            for unit_id, count in self._ordered(units, side):
                unit = self.units.get(unit_id)
                name = local_text(unit.name) if unit is not None else unit_id
                label = unit_label(unit_id, name, self.marks.labels)
                w = 12 + text_width(f"{label} ", CHIP_FONT) + text_width(str(count), CHIP_FONT, True)
                if line and used + w > width:
                    rows.append(line)
                    line, used = [], 0.0
                theater = unit.theater if unit is not None else "space"
                line.append((w, self._chip(label, count, name, side, theater, w)))
                used += w + CHIP_GAP
            if line:
                rows.append(line)
        return _lay_out(rows, x, y, centred, CHIP_H)

    def _ordered(self, units: dict[str, int], side: str):
        """A side's units: space before ground, then as the content lists them."""
        order = {uid: n for n, uid in enumerate(self.units)}
        mine = [(u, c) for u, c in units.items() if c and self._side(u) == side]
        return sorted(mine, key=lambda uc: (self._theater(uc[0]) != "space", order.get(uc[0], len(order)), uc[0]))

    def _side(self, unit_id: str) -> str:
        unit = self.units.get(unit_id)
        return unit.faction if unit is not None else "rebel"

    def _theater(self, unit_id: str) -> str:
        unit = self.units.get(unit_id)
        return unit.theater if unit is not None else "space"

    @staticmethod
    def _chip(label: str, count: int, name: str, side: str, theater: str, w: float) -> str:
        tone = "e" if side == "empire" else "r"
        return (
            title(f"{count} {name}")
            + el("rect", width=w, height=CHIP_H, rx=3, class_=f"c{tone}")
            + el("rect", width=3, height=CHIP_H, class_="ts" if theater == "space" else "tg")
            + f'<text x="6" y="15" class="ct tc{tone}">{escape(label)} <tspan font-weight="bold">{count}</tspan>'
            "</text>"
        )

    def leader_tags(self, lids: list[str], x: float, y: float, width: float, centred: bool = True) -> tuple[str, float]:
        """Leader name tags, wrapped to ``width``."""
        rows: list[list[tuple[float, str]]] = []
        line: list[tuple[float, str]] = []
        used = 0.0
        for lid in lids:
            info = self.data["leaders"][lid]
            leader = self.leaders.get(lid)
            full = local_text(leader.name) if leader is not None else lid
            label = leader_label(leader.name.en, full) if leader is not None else lid
            ring = info.get("ring")
            if ring:
                label += " (" + self._ring_name(ring) + ")"
            w = 10 + text_width(label, 10)
            if line and used + w > width:
                rows.append(line)
                line, used = [], 0.0
            tone = "e" if self.leader_side(lid, info) == "empire" else "r"
            tip = full + (f", {self._ring_name(ring)}" if ring else "")
            tag = (title(tip) + el("rect", width=w, height=14, rx=7, class_=f"l{tone}")
                   + text(5, 10.5, label, class_="lt"))
            line.append((w, tag))
            used += w + CHIP_GAP
        if line:
            rows.append(line)
        return _lay_out(rows, x, y, centred, 14)

    def _ring_name(self, ring: str) -> str:
        marker = self.content.items("markers").get(ring)
        if marker is not None:
            if language() != "en":
                return local_text(marker.name)
            return re.sub(r"\s+ring$", "", marker.name.en, flags=re.I)
        return ring.replace("-", " ")

    def _leaders_at(self, location: str) -> list[str]:
        return sorted(lid for lid, info in self.data["leaders"].items() if info["at"] == location)

    # -- the slots ------------------------------------------------------------------------------------------------

    def slots(self) -> dict[str, str]:
        slots = {"header": self.header()}
        order = sorted(self.places, key=lambda s: (self.places[s][1], self.places[s][0], s))
        data = self.data
        for sid in order:
            leaders = {lid: info for lid, info in data["leaders"].items() if info["at"] == sid}
            inputs = [sid, data["systems"].get(sid), data["units"].get(sid), leaders, self.marks.tokens.get(sid),
                      self.base == sid, data.get("base_revealed") == sid,
                      self.ruled_out is not None and sid in self.ruled_out]
            slots[f"sys-{sid}"] = self._memo("system", inputs, lambda sid=sid: self.system(sid))
        slots["base"] = self.base_panel()
        slots["track"] = self.track()
        slots["queues"] = self._memo("queues", data.get("queue"), self.queues)
        slots["cards"] = self.cards()
        slots["leaders"] = self._memo("leaders", data["leaders"], self.off_map_leaders)
        slots["key"] = self._memo("key", None, self.unit_key)
        return slots

    def header(self) -> str:
        data, result = self.data, self.view.get("result")
        phase = data.get("phase", "")
        when = gettext(PHASES.get(phase, phase))
        if phase != "setup":
            when = _("Round {round}").format(round=data.get("round", 0)) + f" \u00b7 {when}"
        parts = [text(300, 30, when, style="font-size:17px;font-weight:bold")]
        parts.append(text(640, 30, _("Time {time} \u00b7 Reputation {reputation}").format(
            time=data.get("time"), reputation=data.get("reputation")), style="font-size:15px"))
        if result:
            reason = localize(self.game, str(result.get("reason")))
            line = (_("The Rebels win: {reason}") if result.get("winner") == "rebel"
                    else _("The Empire wins: {reason}")).format(reason=reason)
            parts.append(text(920, 30, line, style="font-size:15px;font-weight:bold;fill:#ffd866"))
        viewer = self.view.get("player")
        if viewer is None:
            who = _("Public view")
        else:
            who = _("Imperial view") if _faction(viewer) == "empire" else _("Rebel view")
            if "-" in viewer:  # team play: whose seat
                who += f" ({seat_title(viewer)})"
        parts.append(text(WIDTH - 20, 30, who, text_anchor="end", style="font-size:15px;font-weight:bold",
                          fill="#ffd866" if viewer else "#e8ecf4"))
        return "".join(parts)

    def system(self, sid: str) -> str:
        system = self.content.items("systems").get(sid)
        state = self.data["systems"].get(sid, {})
        cx, cy = self.places[sid]
        name = local_text(system.name) if system is not None else sid
        destroyed = state.get("destroyed", False)
        remote = system is not None and system.type == "remote"
        parts = [title(_("{system} (destroyed)").format(system=name) if destroyed else name)]
        if destroyed:
            parts.append(_destroyed_planet(cx, cy, 12))
        else:
            parts.append(el("circle", cx=cx, cy=cy, r=9 if remote else 12, class_="rm" if remote else "pl"))
        if sid == self.base:
            parts.append(el("circle", cx=cx, cy=cy, r=17, fill="none", stroke="#ffd24a", stroke_width=3))
        parts.append(text(cx, cy - 19, name, text_anchor="middle", class_="nh"))  # a dark halo under the name
        parts.append(text(cx, cy - 19, name, text_anchor="middle", class_="nm dn" if destroyed else "nm"))
        if system is not None and not destroyed:
            x = cx + (24 if sid == self.base else 20)
            for n, resource in enumerate(system.resources):
                theater, _sep, kind = resource.partition("-")
                dim = state.get("subjugated") and n > 0  # a subjugated system uses only its first icon (RB-SUB)
                parts.append(shape(kind, x, cy, 9, class_="ts" if theater == "space" else "tg",
                                   opacity="0.35" if dim else None))
                x += 11
            if system.build_queue:
                parts.append(text(x, cy + 4, str(system.build_queue), class_="xs"))
        loyalty = state.get("loyalty")
        hx = cx - 23
        if loyalty in LOYALTY_FILL:
            parts.append(el("polygon", points=hexagon(hx, cy, 9), fill=LOYALTY_FILL[loyalty],
                            stroke="#070b16", stroke_width=1))
            parts.append(text(hx, cy + 4, _loyalty_mark(loyalty), text_anchor="middle",
                              style="font-size:10px;font-weight:bold;fill:#070b16"))
            hx -= 19
        if state.get("subjugated"):
            parts.append(_subjugation(hx, cy))
        if state.get("sabotage"):
            parts.append(el("polygon", points=burst(cx + 10, cy - 10, 8, 4), fill="#ff8c1a", stroke="#3a1a00"))
        if self.ruled_out is not None and sid in self.ruled_out:
            parts.append(el("g", title(_("Your probe droids rule this system out: the Rebel base is not here"))
                            + _no_base(cx - 14, cy + 13)))
        y = cy + 19 if sid != self.base else cy + 21
        if destroyed:
            parts.append(text(cx, y + 9, _("destroyed"), text_anchor="middle", class_="xs", fill="#ff8a7a"))
            y += 14
        chips, y = self.chips(self.data["units"].get(sid, {}), cx, y, STACK_W)
        parts.append(chips)
        tags, y = self.leader_tags(self._leaders_at(sid), cx, y, STACK_W)
        parts.append(tags)
        tokens = list(self.marks.tokens.get(sid, ()))
        if sid == self.base:
            revealed = self.data.get("base_revealed") == sid
            tokens.insert(0, {"label": _("Rebel base") if revealed else _("Rebel base (hidden)"), "faction": "rebel",
                              "title": _("The Rebel base, revealed") if revealed
                              else _("The Rebel base, known only to the Rebels")})
        for token in tokens:
            label = str(token.get("label", ""))
            w = 12 + text_width(label, 10)
            edge = LOYALTY_FILL.get(token.get("faction"), "#ffd24a")
            parts.append(f'<g transform="translate({num(cx - w / 2)},{num(y)})">'
                         + title(str(token.get("title") or label))
                         + el("rect", width=w, height=14, rx=3, class_="tk", style=f"stroke:{edge}")
                         + text(6, 10.5, label, class_="lt", fill="#ffe9a8") + "</g>")
            y += 14 + CHIP_GAP
        return "".join(parts)

    def base_panel(self) -> str:
        x, y = LEFT_X + 10, 56 + 38
        base, revealed = self.base, self.data.get("base_revealed")
        systems = self.content.items("systems")
        if revealed:
            where = _("Revealed: {system}").format(system=_name(systems, revealed))
        elif base:
            where = _("Hidden in {system}").format(system=_name(systems, base))
        else:
            where = _("Hidden system")
        parts = [text(x, y, where, style="font-size:12px;font-weight:bold",
                      fill="#ffd866" if revealed or base else "#e8ecf4")]
        units = self.data["units"].get("rebel-base", {})
        if not units and not self._leaders_at("rebel-base"):
            parts.append(text(x, y + 20, _("No units or leaders on the base space"), class_="xs"))
        chips, yy = self.chips(units, x, y + 12, PANEL_W - 20, centred=False)
        parts.append(chips)
        tags, _bottom = self.leader_tags(self._leaders_at("rebel-base"), x, yy + 2, PANEL_W - 20, centred=False)
        parts.append(tags)
        return "".join(parts)

    def track(self) -> str:
        """The time and reputation markers on the track."""
        track = next(iter(self.content.items("time-tracks").values()), None)
        if track is None:
            return ""
        step = _track_step(track.length)
        parts = []
        for value, label, fill, ink, x in (
                (self.data.get("time"), pgettext("time marker", "TIME"), "#f2f4f8", "#070b16", LEFT_X + 110),
                (self.data.get("reputation"), pgettext("reputation marker", "REP"), "#d8453a", "#ffffff",
                 LEFT_X + 154)):
            if not isinstance(value, int) or not 1 <= value <= track.length:
                continue
            y = 306 + (value - 1) * step + step / 2 - 2
            w = max(40.0, 10 + text_width(label, 10.5, True))
            parts.append(el("rect", x=x - w / 2, y=y - 10, width=w, height=20, rx=10, fill=fill, stroke="#070b16"))
            parts.append(text(x, y + 4, label, text_anchor="middle",
                              style=f"font-size:10.5px;font-weight:bold;fill:{ink}"))
        return "".join(parts)

    def queues(self) -> str:
        parts = []
        for side, top in (("empire", 56), ("rebel", 56 + QUEUE_H + 8)):
            spaces = self.data.get("queue", {}).get(side, {})
            for n in (1, 2, 3):
                y = top + 28 + (n - 1) * 46
                parts.append(el("circle", cx=RIGHT_X + 22, cy=y + 10, r=10, fill="#26324d"))
                parts.append(text(RIGHT_X + 22, y + 14, str(n), text_anchor="middle",
                                  style="font-size:12px;font-weight:bold"))
                units = spaces.get(str(n), {})
                if units:
                    chips, _bottom = self.chips(units, RIGHT_X + 38, y + 1, PANEL_W - 46, centred=False)
                    parts.append(chips)
                else:
                    parts.append(text(RIGHT_X + 40, y + 14, _("empty"), class_="xs"))
        return "".join(parts)

    def cards(self) -> str:
        """Hands and decks. A hand this viewer holds (its own side's) is listed card by card; another's shows only
        how many cards of each kind it holds. In the Empire's own view, what its probe droids tell of the hidden
        base (issue 35 #21)."""
        x, y, width = RIGHT_X + 10, CARDS_Y + 38, PANEL_W - 20
        bottom = BOTTOM_Y - 20  # the panel's last line: when more would fall below it, the last one shown ends in "..."
        parts: list[str] = []
        cut = False

        def line(words: str) -> None:
            nonlocal y, cut
            for row in _wrapped(words, width, 10.5):
                if y > bottom:
                    if not cut:
                        parts[-1] = parts[-1].replace("</text>", "\u2026</text>")
                    cut = True
                    return
                parts.append(text(x, y, row, class_="sm"))
                y += 13

        hands = self.data.get("hands", {})
        for side in ("rebel", "empire"):
            parts.append(text(x, y, _("Rebel hand") if side == "rebel" else _("Imperial hand"),
                              style="font-size:11px;font-weight:bold"))
            y += 15
            held = sorted(hands.get(side, {}).items())
            for kind, cards in held:
                label = gettext(HAND_KINDS.get(kind, kind))
                if isinstance(cards, list):
                    named = ", ".join(self.names.get(card, card) for card in cards)
                    line(_("{kind} ({n}): {cards}").format(kind=label, n=len(cards), cards=named or _("none")))
                else:
                    line(_("{kind}: {n}").format(kind=label, n=_count(cards)))
            if not held:
                line(_("none"))
            y += 8
        if self.ruled_out is not None:
            parts.append(text(x, y, _("Probe droids"), style="font-size:11px;font-weight:bold"))
            y += 15
            parts.append(_no_base(x + 5, y - 4))
            x += 14
            line(_("the base is not here: {n} systems").format(n=len(self.ruled_out)))
            x -= 14
            line(_("the base may be in: {systems}").format(
                systems=", ".join(self.names.get(s, s) for s in self.possible)))
            y += 8
        decks = self.data.get("decks", {})
        wanted = [("objectives", _("Objectives")), ("probes", _("Probe droids")), ("projects", _("Projects"))]
        parts.append(text(x, y, _("Decks"), style="font-size:11px;font-weight:bold"))
        y += 15
        for key, label in wanted:
            if key in decks:
                line(_("{deck}: {n} left").format(deck=label, n=_count(decks[key])))
        done = self.data.get("discards", {}).get("objectives")
        if isinstance(done, list):
            line(_("Objective discard pile: {n}").format(n=len(done)))
        if self.marks.lines:  # other plugins' state (``state_lines``), each line wrapped to the panel
            y += 8
            parts.append(text(x, y, _("Expansions"), style="font-size:11px;font-weight:bold"))
            y += 15
            for words in self.marks.lines:
                line(words)
        return "".join(parts)

    def off_map_leaders(self) -> str:
        parts = []
        groups = (("pool", _("Leader pool")), ("mission", _("On missions")), ("captive", _("Captured")))
        for column, side in enumerate(("empire", "rebel")):
            x = LEFT_X + 12 + column * 544
            parts.append(text(x, BOTTOM_Y + 40, _("Imperial leaders") if side == "empire" else _("Rebel leaders"),
                              style="font-size:12px;font-weight:bold"))
            y = BOTTOM_Y + 48
            for key, label in groups:
                lids = [lid for lid, info in sorted(self.data["leaders"].items())
                        if self.leader_side(lid, info) == side and self._group(info) == key]
                parts.append(text(x, y + 11, label, class_="xs"))
                if lids:
                    tags, y2 = self.leader_tags(lids, x + 78, y, 450, centred=False)
                    parts.append(tags)
                    y = max(y2, y + 17) + 2
                else:
                    parts.append(text(x + 78, y + 11, _("none"), class_="xs"))
                    y += 19
        return "".join(parts)

    @staticmethod
    def _group(info: dict) -> str:
        """Pool, on a mission, or captured (wherever he is held: he shows under his system too)."""
        if info.get("ring") in ("captured", "carbonite"):
            return "captive"
        return info["at"] if info["at"] in ("pool", "mission") else "elsewhere"

    def unit_key(self) -> str:
        """The chip labels of the game's units: Imperial then Rebel, in columns."""
        x0, y0, parts = KEY_X + 12, BOTTOM_Y + 66, []
        units = [(u, unit) for side in ("empire", "rebel") for u, unit in self.units.items() if unit.faction == side]
        rows = max(1, math.ceil(len(units) / 4))
        for n, (unit_id, unit) in enumerate(units):
            x, y = x0 + (n // rows) * 196, y0 + (n % rows) * 11.6
            label = unit_label(unit_id, local_text(unit.name), self.marks.labels)
            tone = LOYALTY_FILL[unit.faction] if unit.faction in LOYALTY_FILL else "#e8ecf4"
            parts.append(text(x, y, label, style=f"font-size:9px;font-weight:bold;fill:{tone}"))
            parts.append(_fitted(x + 46, y, local_text(unit.name), 196 - 50, 9.5, class_="xs"))
        return "".join(parts)


def _fitted(x: float, y: float, words: str, width: float, size: float, **attrs) -> str:
    """A text no wider than ``width``: squeezed to it (``textLength``) when its words would run longer, as a
    panel's title or a unit's name may in Russian or Turkish."""
    if text_width(words, size) > width:
        attrs.update(textLength=float(width), lengthAdjust="spacingAndGlyphs")
    return text(x, y, words, **attrs)


def _wrapped(line: str, width: float, size: float) -> list[str]:
    """``line`` broken between words into rows no wider than ``width`` at font ``size``."""
    rows = [""]
    for word in line.split():
        joined = f"{rows[-1]} {word}".strip()
        if rows[-1] and text_width(joined, size) > width:
            rows.append(word)
        else:
            rows[-1] = joined
    return rows


def _faction(player: str) -> str:
    return player.split("-")[0]


def _name(systems, sid: str) -> str:
    system = systems.get(sid)
    return local_text(system.name) if system is not None else sid



def _count(value: Any) -> int:
    if isinstance(value, dict):
        return int(value.get("count", 0))
    return len(value) if isinstance(value, list) else 0


def _lay_out(rows: list[list[tuple[float, str]]], x: float, y: float, centred: bool, height: float) -> tuple[str, float]:
    """Rows of ``(width, svg)`` tags placed from ``y`` down, each row centred on ``x`` or starting at it: the SVG and
    the ``y`` below the last row."""
    parts = []
    for row in rows:
        total = sum(w for w, _ in row) + CHIP_GAP * (len(row) - 1)
        cx = x - total / 2 if centred else x
        for w, tag in row:
            parts.append(f'<g transform="translate({num(cx)},{num(y)})">{tag}</g>')
            cx += w + CHIP_GAP
        y += height + CHIP_GAP
    return "".join(parts), y
