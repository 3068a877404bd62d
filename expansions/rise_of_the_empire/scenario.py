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

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from swrebellion.expansions.base.api.board import OPPONENT
from swrebellion.expansions.base.api.content import CardId, Faction, ObjectiveId, SystemId, known
from swrebellion.models.common import Id

from .setup import MISSION_SET_MODES
from .state import empty_state
from .tables import tables

KEYS = {"mission_sets", "markers", "immediate"}

MarkerId = Annotated[Id, known("marker", lambda g: tables(g).marker_faction)]


class MarkerPlacement(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    marker: MarkerId
    system: SystemId
    card: CardId | None = None
    faction: Faction | None = None
    on_removal: list[dict] = Field(default_factory=list)


class ScenarioState(BaseModel):
    """The expansion's ``state:`` keys, typed like the base game's (a wrong type or an unknown id is located)."""

    model_config = ConfigDict(extra="ignore", strict=True)

    mission_sets: Literal[MISSION_SET_MODES] = "first-game"  # type: ignore[valid-type]
    markers: list[MarkerPlacement] = Field(default_factory=list)
    immediate: list[ObjectiveId] = Field(default_factory=list)


def build(game, spec: dict) -> set[str]:
    ScenarioState.model_validate(spec, context={"game": game})  # raises pydantic's ValidationError, located
    game.state["options"].setdefault("mission_sets", spec.get("mission_sets", "first-game"))
    roe = game.state["data"]["roe"] = empty_state()
    faction = tables(game).marker_faction
    for entry in spec.get("markers", []):
        owner = entry.get("faction") or faction.get(entry["marker"]) or OPPONENT["rebel"]
        roe["markers"].append({"marker": entry["marker"], "system": entry["system"], "card": entry.get("card"),
                               "faction": owner, "on_removal": list(entry.get("on_removal", []))})
    roe["immediate"] = list(spec.get("immediate", []))
    return KEYS
