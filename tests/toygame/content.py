"""Hideout's content kinds: the places the hider may choose, and the variants that fix the numbers of a game.

Registered by the toy plugin (``register_content_kinds``) exactly as the base game registers its own, and loaded
from the toy's pack (``pack/``) through the same loader and validator: a variant naming an unknown place is SW401,
and a deck too small for the hands is this plugin's own check, HID001.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.models import Id, Item


class Place(Item):
    """A place the hider may choose (its ``name`` is the option's label)."""


class Variant(Item):
    """The numbers of a game of Hideout."""

    rounds: int = Field(ge=1, description="After this many rounds the hider wins.")
    cards: int = Field(ge=1, description="The deck holds the cards 1 to this number.")
    hand: int = Field(ge=1, description="Cards each player draws at the start.")
    die: list[Literal["hit", "blank", "special"]] = Field(min_length=1, description="The die's faces.")
    last_round_dice: int = Field(ge=1, description="Dice the seeker rolls in the last round.")
    places: list[Id] = Field(min_length=2, description="Where the hider may hide, in the order offered.")


def check_decks(catalog):
    """HID001: the deck must hold the cards both hands draw."""
    for entry in catalog.entries("variants").values():
        if entry.item.cards < 2 * entry.item.hand:
            yield entry.diagnostic("HID001", f"the deck holds {entry.item.cards} cards but the hands need "
                                   f"{2 * entry.item.hand}", "/cards", "raise cards or lower hand")


def register(registry) -> None:
    registry.register("places", Place, "Places")
    registry.register("variants", Variant, "Variants", references=[("places/*", "places")], checks=[check_decks])
