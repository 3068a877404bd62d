"""Small helpers for writing SVG text by hand: numbers, escaping, text widths, hexagons and chips.

The pictures are plain strings built in a fixed order, so the same input gives the same bytes; numbers are
rounded to one decimal and written without a trailing ``.0``.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

#: Average advance of a character, in em, for the sans-serif fonts the picture asks for (DejaVu Sans, Verdana):
#: used only to size chips and panels, so a little generous.
CHAR_EM = 0.62


def num(value: float) -> str:
    """A coordinate: one decimal at most, no trailing zeros, never ``-0``."""
    text = f"{round(value, 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def text_width(text: str, size: float, bold: bool = False) -> float:
    return len(text) * size * CHAR_EM * (1.07 if bold else 1.0)


def el(tag: str, body: str = "", **attrs) -> str:
    """An element; ``class_`` becomes ``class`` and other underscores become hyphens. ``None`` values are left out."""
    parts = [tag]
    for key, value in attrs.items():
        if value is None:
            continue
        name = "class" if key == "class_" else key.replace("_", "-")
        parts.append(f'{name}="{attr(num(value) if isinstance(value, float) else str(value))}"')
    head = " ".join(parts)
    return f"<{head}>{body}</{tag}>" if body else f"<{head}/>"


def attr(value: str) -> str:
    """An attribute value escaped for double quotes."""
    if "&" in value or "<" in value or '"' in value:
        value = value.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")
    return value


def text(x: float, y: float, content: str, **attrs) -> str:
    return el("text", escape(content), x=float(x), y=float(y), **attrs)


def title(content: str) -> str:
    """A tooltip for the enclosing element."""
    return f"<title>{escape(content)}</title>"


def hexagon(cx: float, cy: float, r: float) -> str:
    """The points of a flat-topped hexagon (a loyalty marker)."""
    return " ".join(
        f"{num(cx + r * math.cos(math.radians(a)))},{num(cy + r * math.sin(math.radians(a)))}" for a in range(0, 360, 60)
    )


def burst(cx: float, cy: float, outer: float, inner: float, points: int = 8) -> str:
    """The points of a star burst (a sabotage marker)."""
    coords = []
    for n in range(points * 2):
        r = outer if n % 2 == 0 else inner
        a = math.radians(-90 + n * 180 / points)
        coords.append(f"{num(cx + r * math.cos(a))},{num(cy + r * math.sin(a))}")
    return " ".join(coords)


def shape(kind: str, cx: float, cy: float, size: float, **attrs) -> str:
    """A resource icon's shape: ``triangle``, ``circle`` or ``square``, centred, ``size`` across."""
    h = size / 2
    if kind == "circle":
        return el("circle", cx=float(cx), cy=float(cy), r=float(h), **attrs)
    if kind == "square":
        return el("rect", x=float(cx - h * 0.9), y=float(cy - h * 0.9), width=float(h * 1.8), height=float(h * 1.8), **attrs)
    points = f"{num(cx)},{num(cy - h)} {num(cx + h)},{num(cy + h * 0.8)} {num(cx - h)},{num(cy + h * 0.8)}"
    return el("polygon", points=points, **attrs)
