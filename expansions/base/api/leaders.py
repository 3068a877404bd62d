"""Leaders on the board: where each is (its state), who serves whom, capture and rescue. What a leader *is* (skills,
tactic values) is content: :func:`swrebellion.expansions.base.api.content.leader`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..board import best_tactics, controlled_by, is_captured, pool, rescue
from ..board import leaders_at as at
from ..board import leader as state
from ..board import leader_faction as faction
from ..board import place_leader as place
from ..board import remove_leader as remove
from ..rules.leaders import capture_leader as capture
from ..rules.leaders import recruitable
from ..shapes import LeaderState

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

__all__ = ["LeaderState", "state", "states", "at", "pool", "faction", "controlled_by", "is_captured", "recruitable",
           "place", "remove", "capture", "rescue", "best_tactics"]


def states(game: Game) -> Mapping[str, LeaderState]:
    """Every leader's state by id, to read (:func:`place`, :func:`remove`, :func:`capture` and :func:`rescue` change
    it)."""
    found: Mapping[str, LeaderState] = game.state["data"]["leaders"]
    return found
