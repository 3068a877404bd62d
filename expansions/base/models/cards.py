"""Cards: missions (with starting missions and projects), objectives, actions, tactics, probes.

Cards carry facts and structured effects, never printed rules text; ``summary`` is one line in our own words.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from swrebellion.models import MAX_COUNT, MAX_LIST, Count, Id, Item, Model, Text
from swrebellion.models.effects import Effect

from .common import Faction, Skill, Theater


def _art() -> Any:
    return Field(default=None, description="A picture for the printed face (fan art): a PNG or JPEG file inside the "
                 "pack, as a path relative to the pack folder with / between folders (`rebellion print`).")


class Card(Item):
    """Fields every card shares."""

    set: Id = Field(description="Product the card comes from (base, or the id of the expansion or fan pack adding it).")
    copies: int = Field(default=1, ge=1, le=MAX_COUNT, description="Copies of this card in its deck.")
    summary: Text | None = Field(default=None, description="What the card does, in one line of our own words.")
    effect: Effect = Field(default_factory=list, description="What the card does, as effect steps.")
    target_marker: Id | None = Field(
        default=None, description="Marker kind the card places or scores (Rise of the Empire target markers)."
    )
    art: str | None = _art()


class MissionCard(Card):
    """A mission card (RB-MIS), a starting mission (RB-MIS-26) or a project (RB-PRJ)."""

    faction: Faction
    deck: Literal["starting", "regular", "project"] = Field(
        description="starting: in hand from setup and returns after use; project: the Imperial project deck."
    )
    requires: dict[Skill, Count] = Field(
        max_length=MAX_LIST, min_length=1,
        description="Skill icons the assigned leaders must have between them, by skill."
    )
    mode: Literal["attempt", "resolve"] = Field(description="attempt: may be opposed (RB-MIS-05); resolve: may not.")
    portrait: Id | None = Field(default=None, description="Leader pictured on the card (RB-MIS-12).")
    vader_icon: bool = Field(
        default=False, description="Marks the Rise of the Empire mission set (RE-MSS-03)."
    )
    count_all_skills: bool = Field(
        default=False, description="Every skill icon rolls a die during this attempt (RB-MIS-14)."
    )
    target: Effect = Field(
        default_factory=list,
        description="Steps run when the mission is revealed to choose where it happens (RB-MIS-02..04). A mission "
        "with none takes place nowhere: its leaders go back to the pool, nobody opposes it and no dice are rolled "
        "(even for an attempt), and its effect happens at once.",
    )
    failure: Effect = Field(
        default_factory=list,
        description="Steps run when an attempt of the mission fails (Aggressive Negotiations); none by default.",
    )


class ObjectiveCard(Card):
    """A Rebel objective (RB-OBJ)."""

    stage: Literal[1, 2, 3]
    reputation: int | None = Field(ge=0, le=MAX_COUNT, description="Reputation gained; null when the card computes it.")
    timing: Literal["combat", "start-of-refresh", "refresh", "any-time", "immediate"] = Field(
        description="When it may be played (RB-OBJ-03): combat: during a combat, once its condition holds "
        "(RB-OBJ-04); start-of-refresh: before Refresh step 1 (RB-OBJ-06); refresh: at the end of the Refresh "
        "Phase, sharing its one objective with start-of-refresh (RB-OBJ-07); any-time: at the end of any phase "
        "(Assignment, Command, Refresh), one at each phase's end; immediate: as soon as it is drawn (Rise of the "
        "Empire, RE-IMM-01)."
    )
    target_markers: int = Field(
        default=0, ge=0, le=MAX_COUNT,
        description="How many target markers the card places (Rise of the Empire, RE-IMM, RE-MRK)."
    )


class ActionCard(Card):
    """An action card (RB-REC): starting cards, and recruit cards that bring leaders."""

    faction: Faction
    starting: bool = Field(description="A starting action card (no recruit icon), RB-SET-11.")
    timing: Literal["assignment", "start-of-combat", "immediate", "special"]
    leaders: list[Id] = Field(
        max_length=MAX_LIST, default_factory=list, description="Leaders pictured: the recruit choice it offers."
    )
    recruits: list[Id] = Field(
        max_length=MAX_LIST, default_factory=list,
        description="Leaders the card brings into play without picturing them (Early Promotion)."
    )


class TacticCard(Card):
    """A base-game tactic card (RB-TAC): the printed cards are shared by both sides; a fan's card may belong to one."""

    theater: Theater
    faction: Faction | None = Field(
        default=None, description="The side the card belongs to: only that side ever draws it (its own deck of "
        "the theater, drawn together with the shared deck, as if shuffled into it). None: shared, like the "
        "printed cards (RB-TAC-01)."
    )
    requires_special: bool = Field(
        default=False, description="May only be played together with a special die result."
    )


class ProbeCard(Item):
    """A probe card names one system (RB-PRB)."""

    set: Id
    system: Id
    setup_loyalty: Faction | None = Field(
        default=None, description="Side the system counts for when starting loyalty is drawn (RB-SET-08)."
    )
    art: str | None = _art()


class CardSize(Model):
    """The size a card kind is printed at (`rebellion print`): the real cards' size, portrait. A fan plugin that
    registers a card kind gives its size in its pack the same way."""

    id: Id = Field(description="The card kind printed at this size (missions, tactics, a fan plugin's kind ...).")
    format: str | None = Field(default=None, description="The trade name of the size, for people (standard, mini).")
    width: float = Field(gt=20, le=200, description="Width in millimetres (the shorter side).")
    height: float = Field(gt=20, le=280, description="Height in millimetres (the longer side).")
    notes: str | None = Field(default=None, description="Where the size comes from.")
