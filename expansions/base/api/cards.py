"""Cards in play: decks and hands, drawing, discarding and showing; the plan of a card's effect and whether it can
be played; the windows of Special action cards; missions being resolved; objectives."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from ..board import team_secret
from ..cards import (
    add_to_hand,
    deck,
    discard,
    discard_pile,
    draw,
    hand,
    hidden_hand,
    new_deck,
    put_on_deck,
    remove_from_deck,
    set_deck,
    take_from_hand,
)
from ..rules.actions import MOMENTS as SPECIAL_MOMENTS
from ..rules.actions import barred, mission_info, special_window
from ..rules.dice import roll
from ..rules.missions import meets, mission_frame, oppose_mission, return_to_hand, successes, take_assigned
from ..rules.objectives import slot_free, sync_stages, take_slot
from ..rules.plans import feasible, fight_after, plan
from ..shapes import Assignment

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

__all__ = [
    "deck", "hand", "hidden_hand", "discard_pile", "draw", "discard", "reveal", "new_deck", "set_deck", "put_on_deck",
    "remove_from_deck", "take_from_hand", "add_to_hand",
    "plan", "feasible", "barred", "roll", "fight_after", "SPECIAL_MOMENTS", "special_window",
    "Assignment", "assigned", "take_assigned", "oppose_mission", "mission_frame", "mission_info", "meets", "successes",
    "return_to_hand",
    "slot_free", "take_slot", "sync_stages",
]


def reveal(game: Game, cards: list[str], to: str, cause: str) -> None:
    """Show ``cards`` to the side ``to`` (both teams in team play see them; the rest of the table does not):
    logged as ``cards-revealed`` with the cards as that side's secret."""
    game.log("cards-revealed", to=to, count=len(cards), cards=team_secret(game, list(cards), to), cause=cause)


def assigned(game: Game, faction: str) -> Sequence[Assignment]:
    """The missions the side assigned this round, in order, to read (:func:`take_assigned` takes one)."""
    found: Sequence[Assignment] = game.state["data"]["assigned"][faction]
    return found
