"""Unit types (RB-UNT): miniatures with theater, health, attack dice, transport and supply."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.models import MAX_COUNT, MAX_LIST, MAX_SPACES, Count, Id, Item, Model, Text

from .common import Faction, Theater

UnitKind = Literal["capital-ship", "fighter", "station", "ground-unit", "structure"]


class Unit(Item):
    """A unit type. Health ``null`` means the unit cannot be damaged (the Death Star, RB-DS)."""

    faction: Faction
    set: Id = Field(description="Which product the unit comes from (base, or the id of the expansion or fan pack adding it).")
    theater: Theater
    kind: UnitKind
    health: int | None = Field(ge=1, le=MAX_COUNT, description="Damage needed to destroy it; null = cannot be damaged.")
    health_colour: Id | None = Field(description="Die id whose plain hits damage it (red, black); null if no health.")
    attack: dict[Id, Count] = Field(
        max_length=MAX_LIST, default_factory=dict, description="Attack dice by die id, e.g. {red: 2, black: 1}."
    )
    transport_capacity: int = Field(default=0, ge=0, le=MAX_COUNT, description="Units of the other kinds it may carry.")
    transport_restricted: bool = Field(
        default=False, description="Bears the transport icon: may only move in space when carried (TIE Fighter)."
    )
    immobile: bool = Field(default=False, description="Can never move (structures, stations under construction).")
    build_icon: Id | None = Field(description="Resource icon that builds it; null = enters play only by cards.")
    supply: int = Field(ge=0, le=MAX_COUNT, description="Miniatures in the box: the most that can be in play (RB-SUP).")
    abilities: list[Id] = Field(
        max_length=MAX_LIST, default_factory=list,
        description="Ids of rules abilities the plugins implement for it (e.g. shield-bunker)."
    )
    summary: Text | str | None = Field(
        default=None, description="One line in our own words on what is special about it: English, or {en, ru, tr}."
    )

    @property
    def needs_transport(self) -> bool:
        """Mobile ground units and transport-restricted ships move only when carried (RB-MOV-06..08, RS-UNT-02)."""
        return not self.immobile and (self.theater == "ground" or self.transport_restricted)

    @property
    def is_ship(self) -> bool:
        return self.theater == "space"


class ResourceIcon(Item):
    """A resource icon printed on systems (and the base space); units name the icon that builds them."""

    theater: Theater


class Die(Item):
    """A die and its faces (RULINGS C-01). Faces are listed once each, so a face listed twice is twice as likely."""

    faces: list[Literal["hit", "direct-hit", "special", "blank"]] = Field(max_length=MAX_LIST, min_length=1)
    limit_per_roll: int | None = Field(
        default=None, ge=1, le=MAX_COUNT, description="Most dice of this colour in one combat attack (RULINGS D-01)."
    )
    supply: int | None = Field(default=None, ge=1, le=MAX_COUNT, description="Dice of this colour in the box.")


class Marker(Item):
    """A token with a limited supply: loyalty, subjugation, sabotage, damage, target markers and the like."""

    supply: int | None = Field(
        default=None, ge=0, le=MAX_COUNT, description="How many the box holds; null = unlimited."
    )
    faction: Faction | None = None


class TrackSpace(Model):
    space: int = Field(ge=1, le=MAX_SPACES)
    icons: list[Literal["recruit", "build"]] = Field(max_length=MAX_LIST, default_factory=list)


class TimeTrack(Item):
    """The time track (RB-REP): where the time and reputation markers start and the icons on its spaces."""

    length: int = Field(ge=1, le=MAX_SPACES)
    time_start: int = Field(ge=1, le=MAX_SPACES)
    reputation_start: int = Field(ge=1, le=MAX_SPACES)
    spaces: list[TrackSpace] = Field(max_length=MAX_LIST, default_factory=list, description="Spaces that carry icons.")
