"""What the heuristic agent thinks a unit is worth and how it scores one more damage on a unit: read by the agent
(``agents/heuristic/``) and by the combat odds' ``policy="heuristic"`` (``odds.py``), which must follow the same rule."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .models import Unit

#: Stations are worth more than their health and dice say (the Death Star ends the Rebel base's systems).
EXTRA_VALUE = {"death-star": 8, "death-star-under-construction": 4}


def unit_worth(unit: str, info: Unit) -> float:
    """Health, dice, half the transport room, and more for the stations."""
    dice = sum(info.attack.values())
    return (info.health or 2) + dice + info.transport_capacity / 2 + EXTRA_VALUE.get(unit, 0)


def damage_score(value: float, health: int, old: int, new: int) -> float:
    """One more damage on a unit worth ``value`` with ``old`` damage and ``new`` from this attack: finish the most
    valuable unit the damage can, else pile damage on the closest to dying; never on one already finished."""
    total = old + new + 1
    if old + new >= health:
        return -1.0  # already destroyed by this attack: damage wasted
    if total >= health:
        return 10.0 + value
    return value * total / health
