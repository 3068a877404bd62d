"""Decks, discard piles and hands.

Decks are secret lists nobody sees (their order is hidden, their size is public); discard piles are public lists
(RS-ACT-15); hands are secrets of the owning team. An empty deck is refilled from its discard pile (RB-SUP-05),
except the probe deck, whose drawn cards stay with the Empire (RS-PRB-05), and the objective deck, whose played
cards cannot be used again (RS-OBJ-01).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swrebellion.engine import peek, secret
from swrebellion.engine.determinize import hidden_from

from .board import team_secret

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

NO_REFILL = {"probes", "objectives"}


def deck(game: Game, name: str) -> list[str]:
    """The cards of the deck ``name``, top first."""
    return peek(game.state["data"]["decks"][name])


def hand(game: Game, faction: str, kind: str) -> list[str]:
    """A faction's hand of one kind: missions, actions, objectives (Rebel) or probes (Empire)."""
    return peek(game.state["data"]["hands"][faction][kind])


def hidden_hand(game: Game, player: str, faction: str, kind: str) -> list[str] | None:
    """``faction``'s hand of ``kind`` (the list itself, to change in place: a search agent's ``determinize`` redeals
    it), or None if ``player`` may see it."""
    held = game.state["data"]["hands"][faction].get(kind)
    return peek(held) if hidden_from(held, player) else None


def new_hand(game, faction: str, cards: list) -> dict:
    return team_secret(game, list(cards), faction)


def draw(game: Game, name: str, count: int = 1) -> list[str]:
    """Draw from the top, refilling from the discard pile when the deck runs out (RB-SUP-05)."""
    data = game.state["data"]
    drawn = game.draw(data["decks"][name], count)
    if len(drawn) < count and name not in NO_REFILL and data["discards"].get(name):
        deck(game, name).extend(data["discards"][name])
        data["discards"][name] = []
        game.shuffle(data["decks"][name], name)
        drawn += game.draw(data["decks"][name], count - len(drawn))
    return drawn


def discard(game: Game, name: str, card: str) -> None:
    """Put ``card`` on the discard pile of the deck ``name``."""
    game.state["data"]["discards"].setdefault(name, []).append(card)


def discard_pile(game: Game, name: str) -> list[str]:
    """A deck's discard pile, face up (an empty one made for a deck that has none yet)."""
    pile: list[str] = game.state["data"]["discards"].setdefault(name, [])
    return pile


def new_deck(game: Game, name: str, cards: list[str], seen_by: str | None = None) -> None:
    """Make the deck ``name`` holding ``cards`` (top first) with an empty discard pile: hidden from everyone, or
    seen by the side ``seen_by`` (both its players in team play). The caller shuffles it if the rules say so."""
    data = game.state["data"]
    data["decks"][name] = team_secret(game, list(cards), seen_by) if seen_by else secret(list(cards))
    data["discards"][name] = []


def set_deck(game: Game, name: str, cards: list[str]) -> None:
    """Replace the cards of the deck ``name`` (top first), keeping it hidden as it was: a setup choosing which
    cards stay in it."""
    deck(game, name)[:] = cards


def put_on_deck(game: Game, name: str, cards: list[str], top: bool = True) -> None:
    """Put ``cards`` on the top (in their order) or at the bottom of the deck ``name``."""
    held = deck(game, name)
    if top:
        held[0:0] = cards
    else:
        held.extend(cards)


def remove_from_deck(game: Game, name: str, card: str) -> None:
    """Take one copy of ``card`` out of the deck ``name`` (back to the box, or to wherever the caller puts it)."""
    deck(game, name).remove(card)


def take_from_hand(game: Game, faction: str, kind: str, card: str) -> None:
    """Take one copy of ``card`` from the side's hand of ``kind`` (a card played, traded or discarded)."""
    hand(game, faction, kind).remove(card)


def add_to_hand(game: Game, faction: str, kind: str, card: str) -> None:
    """Put ``card`` in the side's hand of ``kind``."""
    hand(game, faction, kind).append(card)
