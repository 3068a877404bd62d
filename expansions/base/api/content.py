"""The enabled packs' content, by id: what a unit, leader or card *is* (the state says where it is now), the content
models handed out (to read, and to name in type hints), and the typed ids of a plugin's scenario keys."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..models import ActionCard, Leader, MissionCard, ObjectiveCard, Setup, Unit
from ..models.cards import Card
from ..models.common import Faction, Theater
from ..scenario import CardId, ObjectiveId, SystemId, known
from ..tables import tables as _tables
from ..tables import the_setup as game_setup
from ..tables import track_length

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

__all__ = [
    "unit", "units", "leader", "mission", "action", "objective", "setup", "game_setup", "probe_card", "probe_system",
    "dice_limit", "track_length",
    "Unit", "Leader", "MissionCard", "ActionCard", "ObjectiveCard", "Setup", "Card", "Faction", "Theater",
    "SystemId", "CardId", "ObjectiveId", "known",
]


def unit(game: Game, unit_id: str) -> Unit:
    """A unit type as the content defines it: side, kind (``space``, ``ground``, ``structure``), attack dice by
    colour, health and the die colour that damages it, abilities, build icon (RB-UNT, RB-BLD). ``KeyError`` for an
    id the enabled packs do not define."""
    return _tables(game).units[unit_id]


def units(game: Game) -> Mapping[str, Unit]:
    """Every unit type of the enabled packs, by id (to read: it is shared by every game of the same rules)."""
    return _tables(game).units


def leader(game: Game, leader_id: str) -> Leader:
    """A leader as the content defines it: side, skills and secondary skills, tactic values, team-play role
    (RB-LDR, RB-TEAM). Where a leader is now is the state: :func:`swrebellion.expansions.base.api.leaders.state`."""
    return _tables(game).leaders[leader_id]


def mission(game: Game, card_id: str) -> MissionCard:
    """A mission card (or starting mission, or project): side, deck, skills required, portrait, Vader icon, effect
    steps (RB-MIS, RB-PRJ, RE-MSS-03)."""
    card: MissionCard = _tables(game).missions[card_id]
    return card


def action(game: Game, card_id: str) -> ActionCard:
    """An action card: side, timing, pictured and recruited leaders, effect steps (RB-REC)."""
    card: ActionCard = _tables(game).actions[card_id]
    return card


def objective(game: Game, card_id: str) -> ObjectiveCard:
    """A Rebel objective card: stage, reputation, timing, target markers, effect steps (RB-OBJ, RE-IMM)."""
    card: ObjectiveCard = _tables(game).objectives[card_id]
    return card


def setup(game: Game, setup_id: str) -> Setup | None:
    """The setup ``setup_id`` (its objective deck, starting units, leader pool limit ...), or ``None`` when the
    enabled packs define no such setup (an expansion's setup with its pack disabled). The game's own setup is
    :func:`game_setup`."""
    found: Setup | None = _tables(game).setups.get(setup_id)
    return found


def probe_card(game: Game, system_id: str) -> str | None:
    """The id of the probe card that names ``system_id`` (RB-PRB), or ``None`` for a system without one."""
    return _tables(game).probe_of.get(system_id)


def probe_system(game: Game, card_id: str) -> str:
    """The id of the system the probe card ``card_id`` names (RB-PRB)."""
    return _tables(game).probes[card_id]


def dice_limit(game: Game, die: str) -> int | None:
    """The most dice of the colour ``die`` one combat attack may roll, as its content sets it (``limit_per_roll``:
    RB-CMB-05, RE-DIE-03, RULINGS D-01), or ``None`` when it sets none. The rules may change it for one roll through
    the ``dice-limits`` value."""
    return _tables(game).dice_limits.get(die)
