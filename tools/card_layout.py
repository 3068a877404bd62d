"""Card layout: a :class:`~swrebellion.cardface.CardFace` made into boxes, lines of text and a picture, in
millimetres, for one card of a given size. SVG, PNG and PDF are drawn from this one layout (card_render.py), so a
card looks the same in each.

Text is measured with the fonts that are drawn (DejaVu Sans, which holds Cyrillic and Turkish letters; Debian's
``fonts-dejavu-core``), wrapped at word boundaries (a word too long for its line is split between letters) and
shrunk step by step until it fits its box. Nothing is ever cut: a card whose text cannot fit even at the smallest
size is a :class:`FitError` naming the card.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from swrebellion.cardface import CardFace
from swrebellion.imagefile import Image

PT = 25.4 / 72  # one typographic point in millimetres
#: Where the fonts are looked for: $SWREBELLION_FONTS, then where Debian's fonts-dejavu-core puts them.
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/dejavu", "/usr/local/share/fonts/dejavu")
FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf"}
#: The smallest text printed: below this a card's text is not readable at arm's length.
SMALLEST = 4.5
STEP = 0.25
WHITE, INK, GREY = "#ffffff", "#1d1d1f", "#6b6b70"
GAP = "gap"  # the style of the space between two paragraphs


class FitError(ValueError):
    """A card whose text does not fit its box even at the smallest size."""


class FontError(RuntimeError):
    """The fonts are not installed."""


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    fill: str | None
    stroke: str | None = None
    radius: float = 0.0
    line: float = 0.0


@dataclass(frozen=True)
class Text:
    """One line of text; ``y`` is its baseline, ``size`` in points, ``width`` its measured width in mm."""

    x: float
    y: float
    text: str
    font: str
    size: float
    colour: str
    width: float


@dataclass(frozen=True)
class Picture:
    x: float
    y: float
    w: float
    h: float
    image: Image


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    width: float
    colour: str


Shape = Box | Text | Picture | Line


@dataclass(frozen=True)
class Layout:
    """A card's shapes; (0, 0) is the top left corner of the trimmed card, the bleed lies outside it."""

    width: float
    height: float
    bleed: float
    shapes: tuple[Shape, ...]


def font_path(style: str) -> Path:
    """The font file of ``style`` (regular, bold); :class:`FontError` telling how to install it when missing."""
    dirs = [d for d in (os.environ.get("SWREBELLION_FONTS"), *FONT_DIRS) if d]
    for folder in dirs:
        path = Path(folder) / FONT_FILES[style]
        if path.is_file():
            return path
    raise FontError(f"the font {FONT_FILES[style]} was not found in {', '.join(dirs)}: install Debian's "
                    "fonts-dejavu-core (apt-get install fonts-dejavu-core), or set SWREBELLION_FONTS to a folder "
                    "holding the DejaVu Sans fonts")


@lru_cache(maxsize=None)
def font_name(style: str) -> str:
    """The reportlab name of the font of ``style``, registered on first use (reportlab embeds a subset)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    name = f"SwrDejaVu-{style}"
    pdfmetrics.registerFont(TTFont(name, str(font_path(style))))
    return name


@lru_cache(maxsize=65536)
def measure(text: str, style: str, size: float) -> float:
    """The width of ``text`` in mm."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return float(stringWidth(text, font_name(style), size)) * PT


def wrap(text: str, style: str, size: float, width: float) -> list[str]:
    """``text`` in lines no wider than ``width`` mm: broken between words, a word too long for a line between
    letters. Never drops a character (other than the spaces where lines break)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split():
            candidate = f"{line} {word}" if line else word
            if measure(candidate, style, size) <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while measure(word, style, size) > width:
                cut = max(1, max(i for i in range(1, len(word) + 1) if i == 1 or measure(word[:i], style, size)
                                 <= width))
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


@dataclass(frozen=True)
class _Block:
    """Paragraphs of one style: (style, text) pairs, set together at one size."""

    parts: tuple[tuple[str, str], ...]

    def set(self, size: float, width: float) -> list[tuple[str, str]]:
        """The lines at ``size``; a ``gap`` part is half a line of space between paragraphs."""
        return [(style, line) for style, text in self.parts
                for line in ([""] if style == GAP else wrap(text, style, size, width))]


def _height(lines: list[tuple[str, str]], size: float) -> float:
    return sum(0.5 if style == GAP else 1.0 for style, _ in lines) * size * 1.2 * PT


def _fit(block: _Block, width: float, height: float, largest: float, smallest: float, what: str,
         max_lines: int | None = None) -> tuple[float, list[tuple[str, str]]]:
    """The largest size (in STEP points, from ``largest`` down to ``smallest``) at which ``block`` fits."""
    size = largest
    while size >= smallest - 1e-9:
        lines = block.set(size, width)
        if _height(lines, size) <= height + 1e-9 and (max_lines is None or len(lines) <= max_lines):
            return size, lines
        size = round(size - STEP, 2)
    raise FitError(f"{what} does not fit on the card even at {smallest} pt; shorten it")


def front(face: CardFace, width: float, height: float, bleed: float, card: str) -> Layout:
    """The face side of a ``width`` x ``height`` mm card. ``card`` names it in a :class:`FitError`."""
    scale = min(1.0, (width / 63.5) ** 0.5)
    pad = max(2.5, width * 0.05)
    inner = width - 2 * pad
    shapes: list[Shape] = [Box(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, WHITE)]
    # The band: the title (up to 3 lines) and the kind and side, on the side's colour.
    title_size, title = _fit(_Block((("bold", face.title),)), inner, 3 * 11 * 1.2 * PT, 10.5 * scale, SMALLEST,
                             f"the name of card {card}", max_lines=3)
    sub_size, subtitle = _fit(_Block((("regular", face.subtitle),)), inner, 2 * 7 * 1.2 * PT, 6.5 * scale,
                              SMALLEST, f"the kind of card {card}", max_lines=2)
    band = pad * 0.8 + (len(title) * title_size + len(subtitle) * sub_size) * 1.2 * PT + pad * 0.5
    shapes.append(Box(-bleed, -bleed, width + 2 * bleed, band + bleed, face.colour))
    y = pad * 0.8
    y = _lines(shapes, title, pad, y, title_size, WHITE)
    _lines(shapes, subtitle, pad, y, sub_size, WHITE)
    y = band + pad * 0.6
    # The footer first: the text box ends above it.
    foot_size, foot = _fit(_Block((("regular", face.footer),)), inner, 2 * 4 * 1.2 * PT, 4.0, 3.5,
                           f"the footer of card {card}", max_lines=2)
    foot_top = height - pad * 0.7 - len(foot) * foot_size * 1.2 * PT
    _lines(shapes, foot, pad, foot_top, foot_size, GREY)
    if face.art is not None:
        y = _picture(shapes, face.art, pad, y, inner, height * 0.3) + pad * 0.5
    y = _badges(shapes, face, pad, y, inner, 6.0 * scale, card)
    if face.notes:
        size, lines = _fit(_Block(tuple(("regular", n) for n in face.notes)), inner, height, 6.0 * scale, SMALLEST,
                           f"the notes of card {card}")
        y = _lines(shapes, lines, pad, y, size, GREY) + pad * 0.3
    room = foot_top - pad * 0.4 - y
    if room < 0:
        raise FitError(f"the badges and notes of card {card} leave no room for its text; shorten them")
    if face.sections:
        parts: list[tuple[str, str]] = []
        for heading, text in face.sections:
            parts += [(GAP, "")] if parts else []
            parts += [("bold", heading)] if heading else []
            parts.append(("regular", text))
        size, lines = _fit(_Block(tuple(parts)), inner, room, 9.0 * scale, SMALLEST, f"the text of card {card}")
        _lines(shapes, lines, pad, y, size, INK)
    return Layout(width, height, bleed, tuple(shapes))


def back(face: CardFace, width: float, height: float, bleed: float, card: str) -> Layout:
    """The back of a card: its kind and side on the side's colour, framed."""
    pad = max(2.5, width * 0.05)
    inner = width - 4 * pad
    shapes: list[Shape] = [Box(-bleed, -bleed, width + 2 * bleed, height + 2 * bleed, face.colour),
                           Box(pad, pad, width - 2 * pad, height - 2 * pad, None, WHITE, pad, 0.4)]
    scale = min(1.0, (width / 63.5) ** 0.5)
    title_size, title = _fit(_Block((("bold", face.back_title),)), inner, height / 3, 14 * scale, SMALLEST,
                             f"the back of card {card}", max_lines=3)
    sub_size, sub = _fit(_Block((("regular", face.back_subtitle),)), inner, height / 4, 9 * scale, SMALLEST,
                         f"the back of card {card}", max_lines=2) if face.back_subtitle else (0.0, [])
    total = (len(title) * title_size + len(sub) * sub_size) * 1.2 * PT
    y = (height - total) / 2
    y = _lines(shapes, title, None, y, title_size, WHITE, width)
    _lines(shapes, sub, None, y, sub_size, WHITE, width)
    return Layout(width, height, bleed, tuple(shapes))


def _lines(shapes: list[Shape], lines: list[tuple[str, str]], x: float | None, top: float, size: float,
           colour: str, centre_in: float = 0.0) -> float:
    """Add ``lines`` from ``top`` down (left at ``x``, or centred in ``centre_in`` when ``x`` is None); the y
    below them."""
    step = size * 1.2 * PT
    for style, text in lines:
        if style == GAP:
            top += step * 0.5
            continue
        top += step
        w = measure(text, style, size)
        left = (centre_in - w) / 2 if x is None else x
        shapes.append(Text(left, top - step * 0.25, text, style, size, colour, w))
    return top


def _badges(shapes: list[Shape], face: CardFace, x0: float, top: float, width: float, size: float,
            card: str) -> float:
    """The badges as pills, left to right, onto as many rows as they need; the y below them."""
    if not face.badges:
        return top
    gap, pad_x, h = 1.0, size * 0.5 * PT, size * 1.6 * PT
    x, y = x0, top
    for badge in face.badges:
        label = badge.text
        while measure(label, "bold", size) + 2 * pad_x > width and size > SMALLEST:
            size = max(SMALLEST, size - STEP)
        w = measure(label, "bold", size) + 2 * pad_x
        if w > width:
            raise FitError(f"the badge {label!r} of card {card} does not fit even at {SMALLEST} pt")
        if x > x0 and x + w > x0 + width:
            x, y = x0, y + h + gap
        shapes.append(Box(x, y, w, h, badge.colour, radius=h / 2))
        shapes.append(Text(x + pad_x, y + h * 0.7, label, "bold", size, WHITE, measure(label, "bold", size)))
        x += w + gap
    return y + h + gap * 1.5


def _picture(shapes: list[Shape], image: Image, x: float, top: float, width: float, height: float) -> float:
    """The picture fitted into ``width`` x ``height`` keeping its proportions, centred; the y below it."""
    ratio = min(width / image.width, height / image.height)
    w, h = image.width * ratio, image.height * ratio
    shapes.append(Picture(x + (width - w) / 2, top, w, h, image))
    return top + h
