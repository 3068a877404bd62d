"""Printing cards (docs/printing.md): what `rebellion print` and `rebellion cards render` do.

The faces come from the plugins (the ``card_face`` hook), the sizes from the packs (kind ``card-sizes``), the
layout from card_layout.py, the sheets from print_sheets.py, the drawing from card_render.py. This module is the
one place that calls into the rest of the toolkit: it loads the catalog, asks the plugins for faces, and writes
files (atomically: a failed run leaves no half-written file). reportlab (and Pillow, which it brings) are the
optional extra ``print``.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click


BLEED_LIMIT = 10.0  # mm: more is not a bleed, and leaves too little room on a page


@dataclass(frozen=True)
class Printed:
    """One card to print: its kind, id, face, size and how many copies."""

    kind: str
    ident: str
    face: Any
    width: float
    height: float
    copies: int


def need_print_tools() -> None:
    """A usage error saying what to install when the extra ``print`` or the fonts are missing."""
    from .card_layout import FONT_FILES, FontError, font_path

    try:
        import reportlab  # noqa: F401
    except ImportError:
        raise click.ClickException("printing needs the optional extra 'print': pip install 'swrebellion[print]'") \
            from None
    try:
        for style in FONT_FILES:
            font_path(style)
    except FontError as exc:
        raise click.ClickException(str(exc)) from None


def faces(active, catalog, kinds: list[str], only_packs: set[str] | None, ident: str | None = None) -> \
        tuple[list[Printed], list[str]]:
    """The cards to print (by kind, then side, then id), and the cards whose words fell back to English."""
    from swrebellion.imagefile import ImageError

    sizes = catalog.items("card-sizes") if "card-sizes" in catalog.kinds else {}
    out, untranslated = [], []
    for kind in kinds:
        # Side by side: each side's deck prints together (by id within it).
        for card_id, card in sorted(catalog.items(kind).items(),
                                    key=lambda pair: (getattr(pair[1], "faction", "") or "", pair[0])):
            if ident is not None and card_id != ident:
                continue
            if only_packs is not None and catalog.entry(kind, card_id).pack not in only_packs:
                continue
            if kind not in sizes:
                raise click.ClickException(
                    f"card kind {kind!r} has no printed size: add an item {{id: {kind}, width: ..., height: ...}} "
                    f"of kind card-sizes to a pack")
            try:
                face = active.pm.hook.card_face(catalog=catalog, kind=kind, card=card)
            except ImageError as exc:
                raise click.ClickException(f"card {kind}/{card_id}: its picture {exc}") from None
            if face is None:
                raise click.ClickException(f"no enabled plugin prints cards of kind {kind!r}")
            if not face.translated:
                untranslated.append(f"{kind}/{card_id}")
            out.append(Printed(kind, card_id, face, sizes[kind].width, sizes[kind].height,
                               getattr(card, "copies", 1)))
    return out, untranslated


def layouts(printed: Printed, bleed: float):
    from .card_layout import FitError, back, front

    name = f"{printed.kind}/{printed.ident}"
    try:
        return (front(printed.face, printed.width, printed.height, bleed, name),
                back(printed.face, printed.width, printed.height, bleed, name))
    except FitError as exc:
        raise click.ClickException(str(exc)) from None


def pdf(printed: list[Printed], paper: str, backs: str, bleed: float, copies: bool) -> tuple[bytes, int]:
    """The sheets as a PDF document, and how many pages it has. Cards of one size share pages; a size starts a
    new page."""
    from reportlab.pdfgen.canvas import Canvas

    from .card_layout import PT, Layout
    from .card_render import draw_pdf
    from .print_sheets import sheet

    out = io.BytesIO()
    canvas = Canvas(out, pageCompression=1, invariant=1)
    canvas.setTitle("Star Wars: Rebellion cards (swrebellion print)")
    canvas.setCreator("swrebellion")
    pages = 0
    by_size: dict[tuple[float, float], list[Printed]] = {}
    for card in printed:
        by_size.setdefault((card.width, card.height), []).extend([card] * (card.copies if copies else 1))
    for (width, height), cards in by_size.items():
        plan = sheet(paper, width, height, bleed, backs)
        per_page = len(plan.fronts)
        for start in range(0, len(cards), per_page):
            batch = [layouts(card, bleed) for card in cards[start:start + per_page]]
            sides = [(0, plan.fronts, plan.front_marks)]
            if backs in ("long", "short"):
                sides.append((1, plan.backs, plan.back_marks))
            for side, slots, marks in sides:
                canvas.setPageSize((plan.width / PT, plan.height / PT))
                for pair, slot in zip(batch, slots):
                    draw_pdf(canvas, pair[side], slot.left, slot.top, plan.height)
                if backs == "fold":
                    for pair, slot in zip(batch, plan.backs):
                        draw_pdf(canvas, pair[1], slot.left, slot.top, plan.height)
                extra = marks + ((plan.fold,) if plan.fold is not None else ())
                draw_pdf(canvas, Layout(plan.width, plan.height, 0, extra), 0, 0, plan.height)
                canvas.showPage()
                pages += 1
    canvas.save()
    return out.getvalue(), pages


def parse_bleed(ctx, param, value: str) -> float:
    """``3mm``, ``3`` (millimetres) or ``0.125in``, from 0 to :data:`BLEED_LIMIT` mm."""
    text = value.strip().lower()
    factor = 25.4 if text.endswith("in") else 1.0
    number = text.removesuffix("in").removesuffix("mm").strip()
    try:
        bleed = float(number) * factor
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a length: write it like 3mm or 0.125in") from None
    if not 0 <= bleed <= BLEED_LIMIT:
        raise click.BadParameter(f"{value!r}: a bleed is from 0 to {BLEED_LIMIT:g} mm")
    return bleed


def write(path: Path, data: bytes | str) -> None:
    from swrebellion.safefile import UnsafeFileError, write_atomic

    try:
        write_atomic(path, data)
    except (UnsafeFileError, OSError) as exc:
        raise click.ClickException(f"cannot write {path}: {exc}") from None


def card_kinds(catalog, wanted: str | None) -> list[str]:
    kinds = [k.name for k in catalog.kinds.tagged("card")]
    if not wanted:
        return kinds
    chosen = [k.strip() for k in wanted.split(",") if k.strip()]
    unknown = [k for k in chosen if k not in kinds]
    if unknown:
        raise click.BadParameter(f"{', '.join(unknown)}: not a card kind; card kinds: {', '.join(kinds)}",
                                 param_hint="--kinds")
    return chosen


def render(catalog, active, kind: str, ident: str, output: Path, bleed: float) -> None:
    """One card face to ``output`` (.svg or .png), for `rebellion cards render`."""
    from .card_render import png, svg

    need_print_tools()
    suffix = output.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise click.BadParameter(f"{output}: write a .svg or .png file", param_hint="-o")
    (printed,), untranslated = faces(active, catalog, [kind], None, ident)
    layout = layouts(printed, bleed)[0]
    write(output, svg(layout) if suffix == ".svg" else png(layout))
    if untranslated:
        click.echo(f"note: {untranslated[0]} has no translation of every word; English stands in", err=True)
