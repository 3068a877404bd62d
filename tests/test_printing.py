"""Print and play (issue 29, docs/printing.md): `rebellion print` and `rebellion cards render`.

The sheets' geometry is read back from the PDF (pypdf): page size, every card's box, the crop marks at every cut,
and backs behind their fronts for each way of printing backs, to 0.1 mm. Every card of both boxes is laid out in
the three languages with all of its text on the card. Fan content is untrusted: markup in a name stays text in the
SVG, and pictures that are not what they claim, too large, or outside the pack are refused (SW701)."""

from __future__ import annotations

import io
import struct
import zlib
from collections import Counter
from xml.etree import ElementTree

import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from pypdf.generic import ContentStream

from packkit import write_pack
from swrebellion.i18n import using
from swrebellion.plugins import activate
from swrebellion.tools.card_layout import FitError, Text, front
from swrebellion.tools.cli import main

MM = 72 / 25.4
TOL = 0.1  # mm
A4 = (210.0, 297.0)


def run(*args: str, ok: bool = True):
    result = CliRunner().invoke(main, list(args))
    if ok:
        assert result.exit_code == 0, result.output
    return result


def geometry(path) -> list[dict]:
    """Per page: its size (mm), the rectangles drawn with ``re`` (mm, top-left origin) and the straight lines
    stroked on their own (a path of one ``m`` and one ``l``, then ``S``)."""
    reader = PdfReader(path)
    pages = []
    for page in reader.pages:
        width, height = float(page.mediabox.width) / MM, float(page.mediabox.height) / MM
        rects, lines, path = [], [], []
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            values = [float(v) / MM for v in operands] if op in (b"re", b"m", b"l") else None
            if op == b"re":
                x, y, w, h = values
                rects.append((x, height - y - h, w, h))
            elif op in (b"m", b"l", b"c", b"h"):
                path.append((op, values))
                continue
            elif op == b"S" and [o for o, _ in path] == [b"m", b"l"]:
                (_, (x1, y1)), (_, (x2, y2)) = path
                lines.append((x1, height - y1, x2, height - y2))
            path = []
        pages.append({"size": (width, height), "rects": rects, "lines": lines})
    return pages


def cards_on(page: dict, width: float, height: float, bleed: float) -> list[tuple[float, float]]:
    """The trimmed top-left corners of the cards of ``width`` x ``height`` on the page: each card's background
    covers its bleed box exactly."""
    return sorted((x + bleed, y + bleed) for x, y, w, h in page["rects"]
                  if abs(w - width - 2 * bleed) < TOL and abs(h - height - 2 * bleed) < TOL)


def close(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> bool:
    return len(a) == len(b) and all(abs(p - q) <= TOL for u, v in zip(sorted(a), sorted(b)) for p, q in zip(u, v))


def assert_crop_marks(page: dict, corners, width: float, height: float, bleed: float) -> None:
    """A mark at every cut line (each card edge), outside every card's bleed box."""
    vertical = {x1 for x1, y1, x2, y2 in page["lines"] if abs(x1 - x2) < 1e-6}
    horizontal = {y1 for x1, y1, x2, y2 in page["lines"] if abs(y1 - y2) < 1e-6}
    for x, y in corners:
        for edge in (x, x + width):
            assert any(abs(edge - v) <= TOL for v in vertical), f"no crop mark at x={edge:.1f} mm"
        for edge in (y, y + height):
            assert any(abs(edge - h) <= TOL for h in horizontal), f"no crop mark at y={edge:.1f} mm"
    for x1, y1, x2, y2 in page["lines"]:
        for x, y in corners:  # no mark crosses into a card
            inside_x = x - bleed + TOL < max(x1, x2) and min(x1, x2) < x + width + bleed - TOL
            inside_y = y - bleed + TOL < max(y1, y2) and min(y1, y2) < y + height + bleed - TOL
            assert not (inside_x and inside_y and abs(x1 - x2) + abs(y1 - y2) < 20), "a crop mark over a card"


@pytest.fixture
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("backs,bleed", [("none", 0.0), ("long", 0.0), ("short", 3.0), ("fold", 3.0)])
def test_sheets_measure_as_printed_with_crop_marks_and_backs_behind_fronts(in_tmp, backs, bleed):
    # Objective cards are standard size (63.5 x 88 mm, content/base/card-sizes.yaml): 15 of them, one copy each.
    out = in_tmp / "objectives.pdf"
    run("print", "--kinds", "objectives", "--backs", backs, "--bleed", f"{bleed}mm", "-o", str(out))
    pages = geometry(out)
    w, h = 63.5, 88.0
    fronts_total = 0
    step = 2 if backs in ("long", "short") else 1
    for index in range(0, len(pages), step):
        page = pages[index]
        pw, ph = page["size"]
        assert sorted((round(pw, 1), round(ph, 1))) == [210.0, 297.0]
        corners = cards_on(page, w, h, bleed)
        assert corners, f"page {index + 1} holds no 63.5 x 88 mm card"
        assert_crop_marks(page, corners, w, h, bleed)
        if backs == "fold":  # fronts on one half, their backs mirrored across the fold line in the middle
            down = [ln for ln in page["lines"] if abs(ln[0] - pw / 2) < TOL and abs(ln[2] - pw / 2) < TOL
                    and abs(abs(ln[3] - ln[1]) - ph) < TOL]
            across = [ln for ln in page["lines"] if abs(ln[1] - ph / 2) < TOL and abs(ln[3] - ph / 2) < TOL
                      and abs(abs(ln[2] - ln[0]) - pw) < TOL]
            assert len(down + across) == 1, "no fold line across the middle of the page"
            if down:
                half = [c for c in corners if c[0] + w <= pw / 2]
                mirrored = [(pw - x - w, y) for x, y in half]
            else:
                half = [c for c in corners if c[1] + h <= ph / 2]
                mirrored = [(x, ph - y - h) for x, y in half]
            assert close([c for c in corners if c not in half], mirrored), "backs are not behind their fronts"
            fronts_total += len(half)
        else:
            fronts_total += len(corners)
        if backs in ("long", "short"):
            back_page = pages[index + 1]
            assert back_page["size"] == page["size"]
            backs_at = cards_on(back_page, w, h, bleed)
            if backs == "long":  # portrait sheet turned over its long edge: left and right swap
                expected = [(pw - x - w, y) for x, y in corners]
            else:  # turned over its short edge: top and bottom swap
                expected = [(x, ph - y - h) for x, y in corners]
            assert close(backs_at, expected), "backs are not behind their fronts"
            assert_crop_marks(back_page, backs_at, w, h, bleed)
    assert fronts_total == 15


def test_each_card_kind_prints_at_its_size_from_the_packs_and_copies_count(in_tmp):
    # Tactic cards are mini (41 x 63 mm); a fan pack may give a kind another size, as data.
    run("print", "--kinds", "tactics", "-o", "mini.pdf")
    pages = geometry("mini.pdf")
    corners = [c for page in pages for c in cards_on(page, 41, 63, 0)]
    assert len(corners) == 30  # 15 space + 15 ground, copies included (reference: tactics.csv)
    assert len(cards_on(pages[0], 41, 63, 0)) == 18  # 6 x 3 on A4 turned landscape (4 x 4 upright)
    run("print", "--kinds", "tactics", "--one-each", "--paper", "letter", "-o", "one.pdf")
    one = geometry("one.pdf")
    assert sorted((round(v, 1) for v in one[0]["size"])) == [215.9, 279.4]
    assert sum(len(cards_on(p, 41, 63, 0)) for p in one) == 19
    pack = write_pack(in_tmp / "big-tactics", "big-tactics", requires=["base>=1.0,<2"],
                      replaces=["card-sizes/tactics"],
                      content={"sizes.yaml": {"kind": "card-sizes", "items": [
                          {"id": "tactics", "format": "tarot", "width": 70, "height": 120}]},
                               "tactics.yaml": {"kind": "tactics", "items": [
                          {"id": "fan-feint", "name": {"en": "Feint"}, "set": "fan", "theater": "space",
                           "copies": 2, "summary": {"en": "Reroll one die."}}]}})
    run("print", "--pack", str(pack), "-o", "tarot.pdf")  # only the pack's cards, at the pack's size
    assert sum(len(cards_on(p, 70, 120, 0)) for p in geometry("tarot.pdf")) == 2
    result = run("print", "--pack", str(pack), "--kinds", "missions", "-o", "none.pdf", ok=False)
    assert result.exit_code == 1 and "no cards to print" in result.output


def _all_cards():
    active = activate(["rise-of-the-empire"], [])
    from swrebellion.loader import load

    catalog = load(active, [], all_enabled=True).catalog
    sizes = catalog.items("card-sizes")
    for kind in (k.name for k in catalog.kinds.tagged("card")):
        for ident, card in catalog.items(kind).items():
            yield active, catalog, kind, ident, card, sizes[kind]


@pytest.mark.parametrize("lang", ["en", "ru", "tr"])
def test_every_card_of_both_boxes_fits_with_no_text_cut(lang):
    laid = 0
    for active, catalog, kind, ident, card, size in _all_cards():
        with using(lang):
            face = active.pm.hook.card_face(catalog=catalog, kind=kind, card=card)
            layout = front(face, size.width, size.height, 0.0, f"{kind}/{ident}")
        texts = [s for s in layout.shapes if isinstance(s, Text)]
        for shape in texts:  # every line inside the card
            assert 0 <= shape.x and shape.x + shape.width <= size.width + 1e-6, (kind, ident, shape.text)
            assert 0 < shape.y <= size.height, (kind, ident, shape.text)
            assert shape.size >= 3.5
        printed = "".join(s.text for s in texts).replace(" ", "")
        for words in (face.title, face.subtitle, *(t for _, t in face.sections), *face.notes):
            assert words.replace(" ", "") in printed, f"{kind}/{ident} ({lang}): text lost: {words!r}"
        laid += 1
    assert laid > 240  # both boxes: base and Rise of the Empire


def test_text_that_cannot_fit_is_an_error_naming_the_card(in_tmp):
    long_summary = " ".join(["Sabotage every system of the galaxy twice"] * 60)
    pack = write_pack(in_tmp / "wordy", "wordy", requires=["base>=1.0,<2"], content={"m.yaml": {
        "kind": "missions", "items": [{"id": "wordy-mission", "name": {"en": "Wordy"}, "set": "fan",
                                       "summary": {"en": long_summary}, "faction": "rebel", "deck": "regular",
                                       "requires": {"diplomacy": 1}, "mode": "resolve"}]}})
    result = run("print", "--pack", str(pack), "-o", "wordy.pdf", ok=False)
    assert result.exit_code == 1
    assert "missions/wordy-mission" in result.output and "does not fit" in result.output
    assert not (in_tmp / "wordy.pdf").exists()
    with pytest.raises(FitError):
        from swrebellion.cardface import CardFace

        front(CardFace("x", "y", "#000000", sections=(("", long_summary),)), 41, 63, 0, "x")


def _png(width: int, height: int) -> bytes:
    """A PNG whose header declares ``width`` x ``height`` (the pixel data is one grey row per header's word)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\x00" + b"\x80" * width for _ in range(min(height, 4))) if width <= 64 else b"\x00"
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def _fan_pack(folder, art: str, files: dict, name: str = "Hutt Freighter", summary: dict | None = None):
    card = {"id": "hutt-freighter", "name": {"en": name}, "set": "fan", "faction": "rebel", "deck": "regular",
            "requires": {"logistics": 1}, "mode": "resolve", "summary": summary or {"en": "Move one ship."},
            "art": art}
    return write_pack(folder, "hutts", requires=["base>=1.0,<2"],
                      content={"missions.yaml": {"kind": "missions", "items": [card]}, **files})


def test_fan_art_is_printed_and_a_card_without_translation_falls_back_to_english(in_tmp):
    from PIL import Image

    picture = io.BytesIO()
    Image.new("RGB", (60, 40), "#3060a0").save(picture, "PNG")
    pack = _fan_pack(in_tmp / "hutts", "art/freighter.png", {"art/freighter.png": picture.getvalue()})
    assert run("validate", str(pack)).exit_code == 0
    result = run("print", "--pack", str(pack), "--lang", "ru", "-o", "hutts.pdf")
    assert "missions/hutt-freighter" in result.output and "English" in result.output
    reader = PdfReader(in_tmp / "hutts.pdf")
    images = [x for x in reader.pages[0]["/Resources"]["/XObject"].values() if x.get_object()["/Subtype"] == "/Image"]
    assert len(images) == 1
    fonts = reader.pages[0]["/Resources"]["/Font"]
    embedded = [f.get_object() for f in fonts.values() if f.get_object()["/Subtype"] == "/TrueType"]
    assert {str(f["/BaseFont"]).split("+")[1] for f in embedded} == {"DejaVuSans", "DejaVuSans-Bold"}
    assert all(str(f["/BaseFont"])[7] == "+" and "/FontFile2" in f["/FontDescriptor"] for f in embedded)  # subsets
    run("cards", "render", "hutt-freighter", "--pack", str(pack), "-o", "card.png")
    assert Image.open(in_tmp / "card.png").size == (750, 1039)  # 63.5 x 88 mm at 300 dpi


def test_markup_in_names_stays_text_in_the_svg(in_tmp):
    hostile = '<script>alert("x")</script> & <b>Hutt</b> ]]>'
    pack = _fan_pack(in_tmp / "hutts", "a.png", {"a.png": _png(2, 2)}, name=hostile,
                     summary={"en": "<svg onload=alert(1)> & more"})
    run("cards", "render", "hutt-freighter", "--pack", str(pack), "-o", "card.svg")
    root = ElementTree.parse(in_tmp / "card.svg").getroot()
    assert not [e for e in root.iter() if e.tag.endswith(("script", "b", "svg")) and e is not root]
    texts = "".join(e.text or "" for e in root.iter() if e.tag.endswith("text"))
    assert hostile.replace(" ", "") in texts.replace(" ", "")
    assert "<svgonload=alert(1)>&more" in texts.replace(" ", "")


@pytest.mark.parametrize("art,files,reason", [
    ("../outside.png", {}, "not a relative path inside the pack"),
    ("link.png", "symlink", "leads outside the pack"),
    ("bomb.png", {"bomb.png": _png(100_000, 100_000)}, "declares 100000 x 100000 pixels"),
    ("fake.png", {"fake.png": b"GIF89a not a png"}, "not a PNG or JPEG"),
    ("missing.png", {}, "does not exist"),
    ("folder", {"folder/x.txt": "x"}, "a folder"),
])
def test_a_hostile_picture_is_refused_by_validate_and_print(in_tmp, art, files, reason):
    (in_tmp / "outside.png").write_bytes(_png(2, 2))
    pack = _fan_pack(in_tmp / "hutts", art, {} if files == "symlink" else files)
    if files == "symlink":
        (pack / "link.png").symlink_to(in_tmp / "outside.png")
    result = run("validate", str(pack), ok=False)
    assert result.exit_code == 1
    assert "SW701" in result.output and reason in result.output and "missions.yaml" in result.output, result.output
    line = int(result.output.split("missions.yaml:")[1].split(":")[0])  # located at the card's `art` key
    assert (pack / "missions.yaml").read_text().splitlines()[line - 1].strip().startswith("art:")
    printed = run("print", "--pack", str(pack), "-o", "x.pdf", ok=False)
    assert printed.exit_code == 1 and "Traceback" not in printed.output
    assert not (in_tmp / "x.pdf").exists()


def test_print_options_are_checked(in_tmp):
    assert "not a card kind" in run("print", "--kinds", "units", "-o", "x.pdf", ok=False).output
    assert "from 0 to 10 mm" in run("print", "--bleed", "30mm", "-o", "x.pdf", ok=False).output
    assert "not a length" in run("print", "--bleed", "lots", "-o", "x.pdf", ok=False).output
    assert ".svg or .png" in run("cards", "render", "sabotage", "-o", "x.pdf", ok=False).output
    assert not list(in_tmp.iterdir())


def test_backs_name_the_kind_and_side_in_the_language_printed():
    counts = Counter()
    for active, catalog, kind, ident, card, size in _all_cards():
        if kind == "objectives":
            with using("ru"):
                face = active.pm.hook.card_face(catalog=catalog, kind=kind, card=card)
            counts[(face.back_title, face.back_subtitle)] += 1
    assert counts == {("Цель", ""): 27}


def test_faces_show_skills_modes_and_the_mission_set_icon_in_the_language_printed():
    for active, catalog, kind, ident, card, size in _all_cards():
        if kind != "missions":
            continue
        with using("ru"):
            face = active.pm.hook.card_face(catalog=catalog, kind=kind, card=card)
        badges = [b.text for b in face.badges]
        skills = {"diplomacy": "дипломатия", "intelligence": "разведка", "special-ops": "спецоперации",
                  "logistics": "логистика"}
        for skill, count in card.requires.items():  # RB-MIS-28: the skill icons a mission needs, and how many
            assert f"{skills[skill]} {count}" in badges, (ident, badges)
        assert ("значок Вейдера" in badges) == card.vader_icon, ident  # RE-MSS-03: the mission set's mark


def test_missing_fonts_are_a_clear_error(in_tmp, monkeypatch):
    from swrebellion.tools import card_layout

    monkeypatch.setattr(card_layout, "FONT_DIRS", ())
    monkeypatch.setenv("SWREBELLION_FONTS", str(in_tmp))
    result = run("print", "--kinds", "probes", "-o", "x.pdf", ok=False)
    assert result.exit_code == 1 and "fonts-dejavu-core" in result.output and "Traceback" not in result.output
    assert not (in_tmp / "x.pdf").exists()
