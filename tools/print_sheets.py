"""Print-ready sheets: cards of one size in a grid on A4 or Letter, with crop marks, an optional bleed, and backs
placed behind their fronts (docs/printing.md).

Cards touch each other (bleed to bleed), so one cut serves two cards when there is no bleed; the crop marks stand
in the margin around the grid, one at every cut line, never over a card. Backs:

* ``long``: double-sided, the sheet turning over its long edge (portrait pages: the backs mirrored left to right);
* ``short``: double-sided, turning over its short edge (portrait pages: the backs mirrored top to bottom);
* ``fold``: fronts and backs on one page, on either side of a fold line, each back the mirror of its front across
  it; fold the sheet on the line and glue;
* ``none``: fronts only.

Double-sided sheets are always portrait so the flip is unambiguous; ``none`` and ``fold`` take whichever
orientation holds more cards.
"""

from __future__ import annotations

from dataclasses import dataclass

from .card_layout import Line

PAPER = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
BACKS = ("none", "long", "short", "fold")
#: Room kept around a grid for the crop marks: a gap, then the mark.
MARK_GAP, MARK_LENGTH = 1.5, 4.5
MARGIN = MARK_GAP + MARK_LENGTH + 1.0
MARK_WIDTH, MARK_COLOUR = 0.2, "#000000"


@dataclass(frozen=True)
class Slot:
    """Where a card's trimmed top left corner goes on a page, in mm from the page's top left corner."""

    left: float
    top: float


@dataclass(frozen=True)
class Sheet:
    """The pages of one card size: page size, the front slots, each front's back slot, the marks."""

    width: float
    height: float
    fronts: tuple[Slot, ...]
    backs: tuple[Slot, ...]
    front_marks: tuple[Line, ...]
    back_marks: tuple[Line, ...]
    fold: Line | None


def sheet(paper: str, card_w: float, card_h: float, bleed: float, backs: str) -> Sheet:
    """The page plan for cards of ``card_w`` x ``card_h`` mm: the orientation holding most cards (portrait for
    double-sided printing). ValueError when not even one card fits."""
    short, long_ = PAPER[paper]
    options = [(short, long_)] if backs in ("long", "short") else [(short, long_), (long_, short)]
    plans = [_plan(w, h, card_w, card_h, bleed, backs) for w, h in options]
    best = max(plans, key=lambda p: len(p.fronts))
    if not best.fronts:
        raise ValueError(f"a {card_w} x {card_h} mm card with {bleed} mm bleed does not fit on {paper} paper")
    return best


def _plan(width: float, height: float, card_w: float, card_h: float, bleed: float, backs: str) -> Sheet:
    cell_w, cell_h = card_w + 2 * bleed, card_h + 2 * bleed
    # The area the fronts are laid out in: the whole page, or its first half (the fold across the long side).
    if backs == "fold":
        vertical = width > height
        area_w, area_h = (width / 2, height) if vertical else (width, height / 2)
    else:
        area_w, area_h = width, height
    cols = max(0, int((area_w - 2 * MARGIN + 1e-9) // cell_w))
    rows = max(0, int((area_h - 2 * MARGIN + 1e-9) // cell_h))
    left0 = (area_w - cols * cell_w) / 2 + bleed
    top0 = (area_h - rows * cell_h) / 2 + bleed
    fronts = tuple(Slot(left0 + c * cell_w, top0 + r * cell_h) for r in range(rows) for c in range(cols))
    fold = None
    if backs == "fold":
        if width > height:
            fold = Line(width / 2, 0, width / 2, height, MARK_WIDTH, "#888888")
            back_slots = tuple(Slot(width - s.left - card_w, s.top) for s in fronts)
        else:
            fold = Line(0, height / 2, width, height / 2, MARK_WIDTH, "#888888")
            back_slots = tuple(Slot(s.left, height - s.top - card_h) for s in fronts)
    elif backs == "short":
        back_slots = tuple(Slot(s.left, height - s.top - card_h) for s in fronts)
    else:  # long; for "none" the backs are never drawn
        back_slots = tuple(Slot(width - s.left - card_w, s.top) for s in fronts)
    front_marks = crop_marks(fronts, card_w, card_h, bleed)
    back_marks = crop_marks(back_slots, card_w, card_h, bleed)
    if backs == "fold":
        front_marks, back_marks = front_marks + back_marks, ()
    return Sheet(width, height, fronts, back_slots, front_marks, back_marks, fold)


def crop_marks(slots: tuple[Slot, ...], card_w: float, card_h: float, bleed: float) -> tuple[Line, ...]:
    """A short line in the margin at each cut: above and below the grid (beyond its bleed) for every card's left
    and right edge, left and right of it for every top and bottom edge."""
    if not slots:
        return ()
    xs = sorted({round(v, 4) for s in slots for v in (s.left, s.left + card_w)})
    ys = sorted({round(v, 4) for s in slots for v in (s.top, s.top + card_h)})
    near = bleed + MARK_GAP
    far = near + MARK_LENGTH
    top, bottom, left, right = ys[0], ys[-1], xs[0], xs[-1]
    marks = []
    for x in xs:
        marks += [Line(x, top - far, x, top - near, MARK_WIDTH, MARK_COLOUR),
                  Line(x, bottom + near, x, bottom + far, MARK_WIDTH, MARK_COLOUR)]
    for y in ys:
        marks += [Line(left - far, y, left - near, y, MARK_WIDTH, MARK_COLOUR),
                  Line(right + near, y, right + far, y, MARK_WIDTH, MARK_COLOUR)]
    return tuple(marks)
