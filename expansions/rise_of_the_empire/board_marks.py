"""What Rise of the Empire adds to the board picture (``board_annotations``): its target markers on their systems
(RE-MRK-01) and short labels for its units' chips. Reads only the viewer's view and the content."""

from __future__ import annotations

import re

from swrebellion.i18n import N_, language

#: Marked messages: the picture shows each in the reader's language.
UNIT_LABELS = {
    "tie-striker": N_("Striker"),
    "assault-tank": N_("Tank"),
    "shield-bunker": N_("Bunker"),
    "interdictor": N_("Intdr"),
    "u-wing": N_("U-wing"),
    "nebulon-b-frigate": N_("Nebul"),
    "rebel-vanguard": N_("Vangd"),
    "golan-arms-turret": N_("Golan"),
}


def annotations(game, view) -> dict:
    content = game.rules.content.items("markers")
    tokens: dict[str, list[dict]] = {}
    for marker in view["data"].get("roe", {}).get("markers", []):
        if not isinstance(marker, dict) or not isinstance(marker.get("system"), str):
            continue
        item = content.get(marker["marker"])
        if item is None:
            name = marker["marker"].replace("-", " ")
        else:  # in the reader's language, English where the pack gives none
            name = getattr(item.name, language(), None) or item.name.en
        short = re.sub(r"\s+target marker$", "", name, flags=re.I)
        tokens.setdefault(marker["system"], []).append(
            {"label": f"\u25ce {short}", "title": name, "faction": marker.get("faction")})
    return {"systems": tokens, "unit_labels": UNIT_LABELS}
