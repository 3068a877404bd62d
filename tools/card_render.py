"""Drawing a card :class:`~.card_layout.Layout` as SVG, PNG or onto a PDF page (reportlab), from the same shapes.

Text from packs is untrusted: in SVG it is written as escaped character data and attribute values, so a name
holding ``<script>`` or ``&`` is drawn as those letters. Pictures were checked when read
(``swrebellion.imagefile``); PNG output decodes them with Pillow only after that check.
"""

from __future__ import annotations

import base64
import io
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from .card_layout import PT, Box, Layout, Line, Picture, Text, font_name, font_path

#: The font the SVG names; its viewers draw it with the same metrics the layout measured when it is installed.
SVG_FONT = "'DejaVu Sans', sans-serif"


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def svg(layout: Layout) -> str:
    """The card as an SVG document, sized in millimetres (bleed included)."""
    b = layout.bleed
    w, h = layout.width + 2 * b, layout.height + 2 * b
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(w)}mm" height="{_n(h)}mm" '
           f'viewBox="{_n(-b)} {_n(-b)} {_n(w)} {_n(h)}">']
    for shape in layout.shapes:
        if isinstance(shape, Box):
            paint = f'fill="{shape.fill}"' if shape.fill else 'fill="none"'
            if shape.stroke:
                paint += f' stroke="{shape.stroke}" stroke-width="{_n(shape.line)}"'
            out.append(f'<rect x="{_n(shape.x)}" y="{_n(shape.y)}" width="{_n(shape.w)}" height="{_n(shape.h)}" '
                       f'rx="{_n(shape.radius)}" {paint}/>')
        elif isinstance(shape, Text):
            weight = ' font-weight="bold"' if shape.font == "bold" else ""
            out.append(f'<text x="{_n(shape.x)}" y="{_n(shape.y)}" font-family={quoteattr(SVG_FONT)}{weight} '
                       f'font-size="{_n(shape.size * PT)}" fill="{shape.colour}" xml:space="preserve">'
                       f'{escape(shape.text)}</text>')
        elif isinstance(shape, Picture):
            data = base64.b64encode(shape.image.data).decode("ascii")
            out.append(f'<image x="{_n(shape.x)}" y="{_n(shape.y)}" width="{_n(shape.w)}" height="{_n(shape.h)}" '
                       f'href="data:image/{shape.image.format};base64,{data}"/>')
        elif isinstance(shape, Line):
            out.append(f'<line x1="{_n(shape.x1)}" y1="{_n(shape.y1)}" x2="{_n(shape.x2)}" y2="{_n(shape.y2)}" '
                       f'stroke="{shape.colour}" stroke-width="{_n(shape.width)}"/>')
    out.append("</svg>\n")
    return "\n".join(out)


def png(layout: Layout, dpi: int = 300) -> bytes:
    """The card as a PNG image at ``dpi`` (bleed included)."""
    from PIL import Image as PILImage
    from PIL import ImageDraw, ImageFont

    px = dpi / 25.4
    b = layout.bleed

    def at(x: float, y: float) -> tuple[float, float]:
        return (x + b) * px, (y + b) * px

    canvas = PILImage.new("RGB", (round((layout.width + 2 * b) * px), round((layout.height + 2 * b) * px)), "white")
    draw = ImageDraw.Draw(canvas)
    fonts: dict[tuple[str, float], Any] = {}
    for shape in layout.shapes:
        if isinstance(shape, Box):
            box = [*at(shape.x, shape.y), *at(shape.x + shape.w, shape.y + shape.h)]
            draw.rounded_rectangle(box, radius=shape.radius * px, fill=shape.fill, outline=shape.stroke,
                                   width=max(1, round(shape.line * px)) if shape.stroke else 0)
        elif isinstance(shape, Text):
            key = (shape.font, shape.size)
            if key not in fonts:
                fonts[key] = ImageFont.truetype(str(font_path(shape.font)), shape.size / 72 * dpi)
            draw.text(at(shape.x, shape.y), shape.text, font=fonts[key], fill=shape.colour, anchor="ls")
        elif isinstance(shape, Picture):
            with PILImage.open(io.BytesIO(shape.image.data)) as picture:
                size = (max(1, round(shape.w * px)), max(1, round(shape.h * px)))
                canvas.paste(picture.convert("RGB").resize(size), tuple(round(v) for v in at(shape.x, shape.y)))
        elif isinstance(shape, Line):
            draw.line([*at(shape.x1, shape.y1), *at(shape.x2, shape.y2)], fill=shape.colour,
                      width=max(1, round(shape.width * px)))
    out = io.BytesIO()
    canvas.save(out, "PNG", dpi=(dpi, dpi))
    return out.getvalue()


def draw_pdf(canvas: Any, layout: Layout, left: float, top: float, page_height: float) -> None:
    """Draw the card on a reportlab ``canvas`` with its trimmed top left corner at (``left``, ``top``) mm from the
    page's top left corner. Coordinates are written out absolute (no transformation), so the geometry can be read
    back from the PDF as it is."""
    from reportlab.lib.colors import HexColor
    from reportlab.lib.utils import ImageReader

    mm = 1 / PT

    def x(value: float) -> float:
        return (left + value) * mm

    def y(value: float) -> float:
        return (page_height - top - value) * mm

    for shape in layout.shapes:
        if isinstance(shape, Box):
            canvas.setFillColor(HexColor(shape.fill) if shape.fill else HexColor("#ffffff"))
            if shape.stroke:
                canvas.setStrokeColor(HexColor(shape.stroke))
                canvas.setLineWidth(shape.line * mm)
            args = (x(shape.x), y(shape.y + shape.h), shape.w * mm, shape.h * mm)
            paint = {"fill": 1 if shape.fill else 0, "stroke": 1 if shape.stroke else 0}
            if shape.radius:
                canvas.roundRect(*args, shape.radius * mm, **paint)
            else:
                canvas.rect(*args, **paint)
        elif isinstance(shape, Text):
            canvas.setFillColor(HexColor(shape.colour))
            canvas.setFont(font_name(shape.font), shape.size)
            canvas.drawString(x(shape.x), y(shape.y), shape.text)
        elif isinstance(shape, Picture):
            canvas.drawImage(ImageReader(io.BytesIO(shape.image.data)), x(shape.x), y(shape.y + shape.h),
                             shape.w * mm, shape.h * mm)
        elif isinstance(shape, Line):
            canvas.setStrokeColor(HexColor(shape.colour))
            canvas.setLineWidth(shape.width * mm)
            canvas.line(x(shape.x1), y(shape.y1), x(shape.x2), y(shape.y2))
