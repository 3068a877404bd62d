"""What Rise of the Empire adds to the board picture (``board_annotations``): its target markers on their systems
(RE-MRK-01) and short labels for its units' chips. Reads only the viewer's view and the content."""

from __future__ import annotations

import re

UNIT_LABELS = {
    "tie-striker": "Striker",
    "assault-tank": "Tank",
    "shield-bunker": "Bunker",
    "interdictor": "Intdr",
    "u-wing": "U-wing",
    "nebulon-b-frigate": "Nebul",
    "rebel-vanguard": "Vangd",
    "golan-arms-turret": "Golan",
}


def annotations(game, view) -> dict:
    content = game.rules.content.items("markers")
    tokens: dict[str, list[dict]] = {}
    for marker in view["data"].get("roe", {}).get("markers", []):
        if not isinstance(marker, dict) or not isinstance(marker.get("system"), str):
            continue
        item = content.get(marker["marker"])
        name = item.name.en if item is not None else marker["marker"].replace("-", " ")
        short = re.sub(r"\s+target marker$", "", name, flags=re.I)
        tokens.setdefault(marker["system"], []).append(
            {"label": f"\u25ce {short}", "title": name, "faction": marker.get("faction")})
    return {"systems": tokens, "unit_labels": UNIT_LABELS}
