"""The content model Rise of the Empire adds: the advanced tactic card (RE-CIN)."""

from __future__ import annotations

from pydantic import Field

from swrebellion.expansions.base.api.content import Card, Faction, Theater
from swrebellion.models import MAX_LIST, Id, Model, Text
from swrebellion.models.effects import Effect


class Ability(Model):
    summary: Text | None = None
    effect: Effect = Field(default_factory=list)


class AdvancedTacticCard(Card):
    """A Rise of the Empire advanced tactic card (RE-CIN): one of two abilities is used each round."""

    faction: Faction
    theater: Theater
    units: list[Id] = Field(
        max_length=MAX_LIST, default_factory=list,
        description="Units pictured: the top ability needs one of them in the system."
    )
    top: Ability
    bottom: Ability
