"""The board: where the game is (phase, round), who plays, units, systems, loyalty and reputation, the Rebel base;
queries and the rule actions that change them. Leaders have their own namespace (:mod:`.leaders`), as do combat
(:mod:`.combat`) and cards (:mod:`.cards`).

The base game owns the top of ``game.state["data"]`` (:class:`BaseData`; docs/state.md). Another plugin reads it
through these functions and changes it only through the rule actions and owner functions of the API, never by
indexing ``state["data"]`` or writing into what a function hands out (tests/test_state_ownership.py, issue 27 §2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..board import (
    add_units,
    after_units_change,
    base_revealed,
    base_system,
    change_reputation,
    check_base_reveal,
    decider,
    destroy_system,
    destroy_units,
    faction_units,
    gain_loyalty,
    has_units,
    is_imperial,
    is_neutral,
    is_populous,
    is_rebel,
    is_remote,
    lose_loyalty,
    queue_unit,
    queued,
    rebel_base_location,
    remove_units,
    reveal_base,
    supply_left,
    system,
    team,
    team_secret,
    units_at,
    unqueue_unit,
)
from ..phases.rounds import at_end_of_command
from ..rules.moves import move_units
from ..rules.rings import player_of
from ..shapes import BaseData, SystemState
from ..tables import BASE_SPACE, DEPLOY_LIMIT, FACTIONS, OPPONENT
from ..tables import tables as _tables

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

__all__ = [
    # the base game's state as a whole (docs/state.md) and where the game is
    "BaseData", "phase", "round_number", "reputation", "at_end_of_command",
    # who plays
    "FACTIONS", "OPPONENT", "team", "decider", "player_of", "team_secret",
    # systems and the map
    "SystemState", "system", "systems", "adjacent", "is_populous", "is_remote", "is_imperial", "is_rebel", "is_neutral",
    "destroy_system",
    # units
    "units_at", "units_by_location", "faction_units", "has_units", "supply_left", "add_units", "remove_units", "destroy_units",
    "move_units", "deploy_unit", "queue_unit", "unqueue_unit", "queued", "DEPLOY_LIMIT",
    # loyalty and reputation
    "gain_loyalty", "lose_loyalty", "change_reputation",
    # the Rebel base
    "BASE_SPACE", "base_system", "base_revealed", "rebel_base_location", "reveal_base", "check_base_reveal",
]


def adjacent(game: Game, system_id: str) -> list[str]:
    """The systems adjacent to ``system_id`` on the map (RB-MOV-03), in id order."""
    return sorted(_tables(game).adjacent.get(system_id, ()))


def deploy_unit(game: Game, faction: str, unit: str, to: str, cause: str) -> None:
    """Put a unit from the side's supply onto the board (a card or ability deploying it), logged as ``deployed``.
    The caller checks that the supply has one (:func:`supply_left`)."""
    add_units(game, to, unit, check=False)
    game.log("deployed", faction=faction, unit=unit, to=to, cause=cause)
    after_units_change(game, to)
    check_base_reveal(game)  # RB-BAS-08


def phase(game: Game) -> str:
    """The phase being played: ``setup``, ``assignment``, ``command`` or ``refresh`` (RB-RND)."""
    value: str = game.state["data"]["phase"]
    return value


def round_number(game: Game) -> int:
    """The game round, from 1 (0 during setup)."""
    value: int = game.state["data"]["round"]
    return value


def reputation(game: Game) -> int:
    """The reputation marker's space on the time track (RB-WIN-02)."""
    value: int = game.state["data"]["reputation"]
    return value


def systems(game: Game) -> Mapping[str, SystemState]:
    """Every system's state by id, to read (the rule actions change it: :func:`gain_loyalty`, ...)."""
    found: Mapping[str, SystemState] = game.state["data"]["systems"]
    return found


def units_by_location(game: Game) -> Mapping[str, Mapping[str, int]]:
    """The units on the board, to read: location -> unit type -> count (:func:`units_at` for one location)."""
    found: Mapping[str, Mapping[str, int]] = game.state["data"]["units"]
    return found
