"""The content kind only Rise of the Empire defines: advanced tactic cards (RE-CIN). Its other content (units,
leaders, missions with target markers ...) is of the base game's kinds."""

from __future__ import annotations

from .models import AdvancedTacticCard


def register(registry) -> None:
    registry.register("advanced-tactics", AdvancedTacticCard, "Advanced tactic cards",
                      references=[("units/*", "units"), ("target_marker", "markers")], tags=["card"])
