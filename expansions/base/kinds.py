"""The content kinds of the base game (README "Content files"): each kind's item model, the ids its items refer
to, and the checks that need the whole catalog (checks.py).

Reference paths (see ``swrebellion.kinds``): a key; ``*`` each list element; ``~`` each mapping key. Every model
field holding ids is a reference here, or names no catalog item (``id``, ``set``: the product a piece comes from,
``abilities``: rules abilities of plugins); tests/test_semantics.py checks it.
"""

from __future__ import annotations

from . import checks, field_values
from .models import (
    ActionCard,
    Adjacency,
    CardSize,
    Die,
    Leader,
    Marker,
    MissionCard,
    ObjectiveCard,
    ProbeCard,
    Region,
    ResourceIcon,
    Setup,
    System,
    TacticCard,
    TimeTrack,
    Unit,
)

TARGET_MARKER = ("target_marker", "markers")
SETUP_UNITS = tuple((f"{side}/{path}", "units")
                    for side in checks.SIDES for path in ("units/~", "fixed/*/units/~", "build_queue/*/unit"))


def register(registry) -> None:
    """The base kinds, in the order `rebellion packs list` counts them."""
    registry.register("units", Unit, "Unit types",
                      references=[("attack/~", "dice"), ("health_colour", "dice"), ("build_icon", "resources")])
    registry.register("resources", ResourceIcon, "Resource icons")
    registry.register("dice", Die, "Dice")
    registry.register("markers", Marker, "Markers and tokens")
    registry.register("time-tracks", TimeTrack, "Time tracks")
    registry.register("leaders", Leader, "Leaders", references=[("replaces", "leaders")])
    registry.register("regions", Region, "Regions")
    registry.register("systems", System, "Systems", references=[("region", "regions"), ("resources/*", "resources")])
    registry.register("adjacency", Adjacency, "Map adjacency", references=[("between/*", "systems")],
                      checks=[checks.check_map], raw_id=checks.edge_id, duplicate=checks.edge_twice)
    registry.register("missions", MissionCard, "Mission and project cards",
                      references=[("portrait", "leaders"), TARGET_MARKER], tags=["card"])
    registry.register("objectives", ObjectiveCard, "Objective cards", references=[TARGET_MARKER], tags=["card"])
    registry.register("actions", ActionCard, "Action cards",
                      references=[("leaders/*", "leaders"), ("recruits/*", "leaders"), TARGET_MARKER],
                      checks=[checks.check_action_cards, checks.check_card_hands], tags=["card"])
    registry.register("tactics", TacticCard, "Tactic cards", references=[TARGET_MARKER], tags=["card"])
    registry.register("probes", ProbeCard, "Probe cards", references=[("system", "systems")], tags=["card"])
    # Printing (`rebellion print`): the size of each card kind, and the pictures cards may carry.
    registry.register("card-sizes", CardSize, "Printed card sizes",
                      checks=[checks.check_card_sizes, checks.check_card_art])
    registry.register("setups", Setup, "Setups", checks=[checks.check_counts], references=[
        *SETUP_UNITS,
        ("objective_deck/*/fixed/*", "objectives"),
        ("time_track", "time-tracks"),
        ("rebel_base/resources/*", "resources"),
    ])
    field_values.register(registry)
