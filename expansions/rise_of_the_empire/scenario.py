"""The expansion's scenario keys (docs/scenarios.md), read after the base game's:

| key | meaning |
|---|---|
| `mission_sets` | the game option `first-game` or `choose` (RE-MSS) |
| `markers` | `[{marker: raid-outposts, system: hoth, card: raid-outposts, on_removal: [...]}]`: target markers on the board |
| `immediate` | Immediate objectives in play (RE-IMM-03) |

The advanced tactic decks are ordinary decks: `decks: {advanced-tactics-rebel-space: [...]}` and `discards:`
set them (unlisted ones hold every card of the player's theater, in card order).
"""

from __future__ import annotations

from swrebellion.expansions.base.api import OPPONENT

from .setup import empty_state
from .tables import tables

KEYS = {"mission_sets", "markers", "immediate"}


def build(game, spec: dict) -> set[str]:
    game.state["options"].setdefault("mission_sets", spec.get("mission_sets", "first-game"))
    roe = game.state["data"]["roe"] = empty_state()
    faction = tables(game).marker_faction
    for entry in spec.get("markers", []):
        owner = entry.get("faction") or faction.get(entry["marker"]) or OPPONENT["rebel"]
        roe["markers"].append({"marker": entry["marker"], "system": entry["system"], "card": entry.get("card"),
                               "faction": owner, "on_removal": list(entry.get("on_removal", []))})
    roe["immediate"] = list(spec.get("immediate", []))
    return KEYS
