"""What a printed card face shows, as plugins describe it (the ``card_face`` hook) and printers draw it.

The kernel knows no card kind: a plugin turns one of its cards into a :class:`CardFace` (words already in the
reader's language, colours, a picture) and ``rebellion cards render`` / ``rebellion print`` lay it out. Keeping the
face to plain data lets every output (SVG, PNG, PDF) share one layout, and lets a plugin that adds a card kind (or
a field to one) print it without touching the printer.
"""

from __future__ import annotations

from dataclasses import dataclass

from .imagefile import Image


@dataclass(frozen=True)
class Badge:
    """A small label on the face (a required skill, a timing word, a die symbol), on a coloured ground."""

    text: str
    colour: str = "#555555"


@dataclass(frozen=True)
class CardFace:
    """One card's face and back. Colours are ``#rrggbb``; text is in the language the hook was called in.

    ``translated`` is False when a name or text the face shows had no translation and English stood in."""

    title: str
    subtitle: str
    colour: str
    badges: tuple[Badge, ...] = ()
    #: Short lines under the badges (the leader the card pictures, what it recruits).
    notes: tuple[str, ...] = ()
    #: The card's text: paragraphs in our own words, each optionally headed (``("Top", "Deal 2 damage.")``).
    sections: tuple[tuple[str, str], ...] = ()
    #: Small print at the foot (where the card comes from).
    footer: str = ""
    art: Image | None = None
    back_title: str = ""
    back_subtitle: str = ""
    translated: bool = True
