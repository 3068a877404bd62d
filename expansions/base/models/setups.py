"""Setups: starting units, loyalty procedure, decks and hands (RB-SET, RE-SET)."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.models import MAX_COUNT, MAX_LIST, MAX_SPACES, Count, Id, Item, Model, Text

from .common import Faction


class QueuedUnit(Model):
    unit: Id
    count: int = Field(default=1, ge=1, le=MAX_COUNT)
    space: int = Field(ge=1, le=MAX_SPACES, description="Build-queue space.")


class FixedPlacement(Model):
    """Units that go somewhere the setup names rather than where the player spreads the army."""

    where: Literal["chosen-remote-system"] = Field(
        description="chosen-remote-system: one remote system the player picks; its probe card leaves the game."
    )
    units: dict[Id, Count]


class FactionSetup(Model):
    units: dict[Id, Count] = Field(
        max_length=MAX_LIST, description="Starting units the player places (RB-SET-09, RB-SET-10)."
    )
    fixed: list[FixedPlacement] = Field(max_length=MAX_LIST, default_factory=list)
    build_queue: list[QueuedUnit] = Field(max_length=MAX_LIST, default_factory=list)
    starting_action_cards: int = Field(
        default=2, ge=0, le=MAX_COUNT, description="Random starting action cards (RB-SET-11)."
    )
    mission_draws: int = Field(
        default=2, ge=0, le=MAX_COUNT, description="Mission cards drawn into the starting hand (RB-SET-13)."
    )


class LoyaltyProcedure(Model):
    """Starting loyalty from probe draws (RB-SET-08)."""

    rebel_systems: int = Field(ge=0, le=MAX_COUNT)
    imperial_systems: int = Field(ge=0, le=MAX_COUNT)
    subjugated_first: int = Field(
        ge=0, le=MAX_COUNT, description="The first this many Imperial systems drawn are subjugated."
    )


class ObjectiveStage(Model):
    stage: Literal[1, 2, 3]
    fixed: list[Id] = Field(
        max_length=MAX_LIST, default_factory=list, description="Objective cards always in this stage."
    )
    random: int | None = Field(
        default=None, ge=0, le=MAX_COUNT,
        description="Random cards added to the fixed ones; null = every card of the stage."
    )


class BaseSpace(Model):
    """The Rebel Base space of the board (RB-BAS): what it builds and onto which build-queue space."""

    resources: list[Id] = Field(max_length=MAX_LIST, default_factory=list)
    build_queue: int = Field(default=1, ge=1, le=MAX_SPACES)


class Setup(Item):
    """A way to set up a game. A pack may add alternatives (Rise of the Empire's starting units)."""

    description: Text | None = None
    default: bool = Field(
        default=False, description="Used when a game names no setup; the pack loaded last wins (an expansion's or a "
        "fan pack's default over the base game's).")
    empire: FactionSetup
    rebel: FactionSetup
    loyalty: LoyaltyProcedure
    objective_deck: list[ObjectiveStage] = Field(max_length=MAX_LIST, min_length=1)
    rebel_objective_draws: int = Field(default=1, ge=0, le=MAX_COUNT, description="RB-SET-04.")
    time_track: Id
    rebel_base: BaseSpace = Field(default_factory=BaseSpace)
    mission_dice_limit: int = Field(
        default=10, ge=1, le=MAX_COUNT, description="Most dice a side rolls for a mission (D-01)."
    )
    leader_pool_limit: int | None = Field(
        default=None, ge=1, le=MAX_COUNT, description="RE-LDR: most leaders in a pool."
    )

    def faction(self, faction: Faction) -> FactionSetup:
        return self.empire if faction == "empire" else self.rebel
