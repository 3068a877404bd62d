"""Printing speed and size (issue 29, "Measured"): every card of both boxes (the base game and Rise of the Empire,
copies included) plus a generated fan pack, to one PDF with backs; the time and the file's size.

Goal: under 10 seconds on this machine, and under 10 MB without fan art. The run is repeated with a picture on
every fan card (one 750 x 1050 JPEG, the size of a card at 300 dpi) to show what fan art costs.

    python benchmarks/print_bench.py [--fan-cards 40] [--repeat 3] [--backs long] [--lang en]

Times are wall-clock seconds in one process after start-up (imports, plugin discovery, loading the packs are
left out and reported apart), the best of ``--repeat`` runs.
"""

from __future__ import annotations

import argparse
import io
import tempfile
import time
from pathlib import Path

import yaml


def fan_pack(folder: Path, cards: int, art: bool) -> Path:
    """A fan pack of ``cards`` missions, actions and tactics (Russian names on every other card)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(yaml.safe_dump({
        "kind": "pack", "id": "bench-fan", "name": {"en": "Bench fan pack"}, "version": "1.0.0",
        "requires": ["base>=1.0,<2"]}), encoding="utf-8")
    if art:
        from PIL import Image

        picture = io.BytesIO()
        Image.effect_noise((750, 1050), 60).convert("RGB").save(picture, "JPEG", quality=85)
        (folder / "art.jpg").write_bytes(picture.getvalue())
    items: dict[str, list] = {"missions": [], "actions": [], "tactics": []}
    for n in range(cards):
        name = {"en": f"Fan Card {n}", **({"ru": f"Карта фанатов {n}"} if n % 2 else {})}
        summary = {"en": "Move up to three units into an adjacent system, then roll two dice and keep the best."}
        common = {"id": f"fan-card-{n}", "name": name, "set": "fan", "summary": summary,
                  **({"art": "art.jpg"} if art else {})}
        kind = ("missions", "actions", "tactics")[n % 3]
        if kind == "missions":
            items[kind].append({**common, "faction": "rebel", "deck": "regular", "requires": {"logistics": 2},
                                "mode": "attempt"})
        elif kind == "actions":
            items[kind].append({**common, "faction": "empire", "starting": False, "timing": "special"})
        else:
            items[kind].append({**common, "theater": "ground"})
    for kind, listed in items.items():
        (folder / f"{kind}.yaml").write_text(yaml.safe_dump({"kind": kind, "items": listed}, allow_unicode=True),
                                             encoding="utf-8")
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fan-cards", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--backs", default="long", choices=["none", "long", "short", "fold"])
    parser.add_argument("--lang", default="en", choices=["en", "ru", "tr"])
    args = parser.parse_args()

    started = time.perf_counter()
    from swrebellion.i18n import using
    from swrebellion.loader import load
    from swrebellion.plugins import activate
    from swrebellion.tools.printing import card_kinds, faces, pdf

    active = activate(["rise-of-the-empire"], [])
    print(f"start-up (imports, plugins): {time.perf_counter() - started:.2f} s")
    with tempfile.TemporaryDirectory() as tmp:
        for art in (False, True):
            pack = fan_pack(Path(tmp) / ("art" if art else "plain"), args.fan_cards, art)
            loaded = time.perf_counter()
            catalog = load(active, [pack], all_enabled=True).catalog
            print(f"\nloading the packs: {time.perf_counter() - loaded:.2f} s"
                  + ("  (fan cards with a 750 x 1050 JPEG each)" if art else ""))
            best, size, cards, pages = float("inf"), 0, 0, 0
            for _ in range(args.repeat):
                start = time.perf_counter()
                with using(args.lang):
                    printed, _ = faces(active, catalog, card_kinds(catalog, None), None)
                    data, pages = pdf(printed, "a4", args.backs, 0.0, True)
                best = min(best, time.perf_counter() - start)
                size, cards = len(data), sum(p.copies for p in printed)
            print(f"{cards} cards ({len(printed)} different; {args.fan_cards} fan cards) on {pages} pages, "
                  f"backs {args.backs}, --lang {args.lang}: {best:.2f} s (best of {args.repeat}), "
                  f"{size / 1e6:.2f} MB")
            if not art:
                print(f"goal: under 10 s and under 10 MB: {'met' if best < 10 and size < 10e6 else 'NOT met'}")


if __name__ == "__main__":
    main()
