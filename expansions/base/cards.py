"""Decks, discard piles and hands.

Decks are secret lists nobody sees (their order is hidden, their size is public); discard piles are public lists
(RS-ACT-15); hands are secrets of the owning team. An empty deck is refilled from its discard pile (RB-SUP-05),
except the probe deck, whose drawn cards stay with the Empire (RS-PRB-05), and the objective deck, whose played
cards cannot be used again (RS-OBJ-01).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swrebellion.engine import peek

from .board import team_secret

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

NO_REFILL = {"probes", "objectives"}


def deck(game: Game, name: str) -> list[str]:
    return peek(game.state["data"]["decks"][name])


def hand(game: Game, faction: str, kind: str) -> list[str]:
    """A faction's hand of one kind: missions, actions, objectives (Rebel) or probes (Empire)."""
    return peek(game.state["data"]["hands"][faction][kind])


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
    game.state["data"]["discards"].setdefault(name, []).append(card)
