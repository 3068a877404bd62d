"""The board: regions, systems and adjacency."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.models import MAX_COUNT, MAX_LIST, MAX_SPACES, Coordinate, Id, Item, Model

from .common import Faction


class Region(Item):
    """A region of the galaxy. ``size`` is the number of systems it must hold; the validator checks it."""

    size: int = Field(ge=1, le=MAX_COUNT)


class Position(Model):
    """Where a system is drawn on the map, in map units: ``x`` grows to the right, ``y`` downward. Only relative
    placement matters (pictures scale the map to fit); the base pack uses a 320 x 160 frame, the printed board's
    proportions."""

    x: Coordinate
    y: Coordinate


class System(Item):
    """A system (RB-SYS). Remote systems have no resources, no build queue number and cannot gain loyalty."""

    region: Id
    type: Literal["populous", "remote"]
    build_queue: int | None = Field(
        default=None, ge=1, le=MAX_SPACES, description="Build-queue space its units are built on (populous systems)."
    )
    resources: list[Id] = Field(
        max_length=MAX_LIST, default_factory=list,
        description="Resource icons left to right; a subjugated system uses only the first."
    )
    fixed_loyalty: Faction | None = Field(default=None, description="Loyalty that can never change (Coruscant).")
    position: Position | None = Field(
        default=None,
        description="Where the system is drawn on the map (board pictures); without it a place in its region is chosen.",
    )

    @property
    def populous(self) -> bool:
        return self.type == "populous"


class Adjacency(Model):
    """An undirected edge of the map. Its id for ``replaces``/``removes`` is the two ids sorted and joined by '--'."""

    between: tuple[Id, Id]
    notes: str | None = None

    @property
    def id(self) -> str:
        return "--".join(sorted(self.between))
