"""Leaders (RB-LDR): skills, tactic values, starting or recruited, team-play role."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.models import MAX_COUNT, MAX_LIST, Count, Id, Item, Model

from .common import Faction, Skill


class Tactics(Model):
    space: int = Field(default=0, ge=0, le=MAX_COUNT)
    ground: int = Field(default=0, ge=0, le=MAX_COUNT)


class Leader(Item):
    """A leader token. ``skills`` are the large icons; ``secondary_skills`` the small Rise of the Empire icons."""

    faction: Faction
    set: Id
    skills: dict[Skill, Count] = Field(
        max_length=MAX_LIST, default_factory=dict, description="Large skill icons by skill."
    )
    secondary_skills: dict[Skill, Count] = Field(
        max_length=MAX_LIST, default_factory=dict,
        description="Small skill icons (Rise of the Empire, RE-SKL): green dice in missions."
    )
    tactics: Tactics = Field(default_factory=Tactics)
    starting: bool = Field(description="No recruit icon: starts in the leader pool (RULINGS C-09).")
    role: Literal["admiral", "general"] = Field(description="Who controls it in team play (RB-TEAM).")
    replaces: Id | None = Field(
        default=None, description="Leader this one stands in for when a card swaps them (Luke as a Jedi)."
    )

    @property
    def has_tactics(self) -> bool:
        """Tactic values of either theater: he may lead a combat (RB-CMB-09) and activate a system (RB-ACT)."""
        return self.tactics.space > 0 or self.tactics.ground > 0
