"""A morale track, the plugin issue 30 was found with, written as a third-party author would: importing only the
public modules (docs/plugins.md, "The public API"), it uses each extension point issue 30 added.

* MOR-1: each side starts with the morale the option ``morale`` gives (2 by default).
* MOR-2: a side at zero morale is not offered a mission assignment nor a mission reveal (withheld, with the reason
  shown: ``ValueRegistry.withhold``).
* MOR-3: each mission a side assigns in the Assignment Phase is noted on the track (the moment
  ``mission.assigned``); every assignment is heard by a reaction to the ``assigned`` event.
* MOR-4: "Rally" is a Command Phase action (the value ``command-actions``): +1 morale, and the turn is over.
  "Cheer" is a free act at the start of a turn (``turn-start-acts`` with ``free: true``): it logs a cheer, and
  the same turn goes on.
* MOR-5: once a combat is over and cleared (the moment ``combat.over``), a side that lost a battle and won none
  loses 1 morale, said after "The combat in X is over".
"""

from __future__ import annotations

from typing import Any, TypedDict

from swrebellion.engine import peek
from swrebellion.expansions.base import api
from swrebellion.hookspecs import hookimpl
from swrebellion.i18n import N_
from swrebellion.plugins import Expansion


class MoraleState(TypedDict):
    """The keys this expansion owns."""

    morale: dict[str, int]
    """Each side's morale."""
    morale_assigned: list[list[Any]]
    """``[faction, card, leaders]`` of each mission assigned in the Assignment Phase (the moment's locals)."""
    morale_heard: int
    """How many ``assigned`` events the reaction heard (every assignment, by a card's effect too)."""


EXPANSION = Expansion(id="morale", name="Morale (issue 30's test plugin)", version="1.0.0", requires=("base",),
                      description="A morale track for each side.", state=MoraleState)

AT_ZERO = N_("{side} morale is at zero (MOR-2)")


def _morale(game) -> dict[str, int]:
    return game.state["data"]["morale"]


@hookimpl
def setup_game(game):
    start = game.state["options"].setdefault("morale", 2)
    game.state["data"].update(morale={side: start for side in api.board.FACTIONS}, morale_assigned=[],
                              morale_heard=0)


def withhold_missions(game, kind, player, options):
    """MOR-2."""
    side = player.split("-")[0]  # a player's id is his side's, or his seat's in team play ("rebel-admiral")
    if _morale(game)[side] > 0:
        return None
    prefix = "assign:" if kind == "assign-card" else "reveal:"
    reason = api.words.text(game, AT_ZERO, side=side.capitalize())
    return {o["id"]: reason for o in options if o["id"].startswith(prefix)}


def assigned_step(game, frame):
    """MOR-3, at ``mission.assigned``."""
    game.state["data"]["morale_assigned"].append([frame["faction"], frame["card"], list(frame["leaders"])])
    game.pop()


def heard(game, event):
    game.state["data"]["morale_heard"] += 1


def acts(game, value, context):
    """MOR-4: Cheer, a free act (``free: true``), offered at every Command Phase question."""
    return [*value, {"id": "morale:cheer", "label": N_("Cheer"),
                     "data": {"step": "morale.cheer", "args": {"faction": context["faction"]}, "free": True}}]


def actions(game, value, context):
    """MOR-4: Rally, the turn's action."""
    return [*value, {"id": "morale:rally", "label": N_("Rally (+1 morale)"),
                     "data": {"step": "morale.rally", "args": {"faction": context["faction"]}}}]


def cheer_step(game, frame):
    game.log("morale-cheer", faction=frame["faction"])
    game.pop()


def rally_step(game, frame):
    _morale(game)[frame["faction"]] += 1
    game.log("morale", faction=frame["faction"], morale=_morale(game)[frame["faction"]], cause="rally")
    game.pop()


def combat_over_step(game, frame):
    """MOR-5, at ``combat.over``."""
    won = {winner for winner in frame["battles"].values() if winner in api.board.FACTIONS}
    for side in api.board.FACTIONS:
        if api.board.OPPONENT[side] in won and side not in won and _morale(game)[side] > 0:
            _morale(game)[side] -= 1
            game.log("morale", faction=side, morale=_morale(game)[side], cause=f"lost in {frame['system']}")
    game.pop()


@hookimpl
def register_steps(registry):
    registry.register("morale.assigned", assigned_step)
    registry.at("mission.assigned", "morale.assigned")
    registry.register("morale.cheer", cheer_step)
    registry.register("morale.rally", rally_step)
    registry.register("morale.combat-over", combat_over_step)
    registry.at("combat.over", "morale.combat-over")


@hookimpl
def register_values(registry):
    registry.withhold("assign-card", withhold_missions)
    registry.withhold("command-action", withhold_missions)
    registry.modify("turn-start-acts", acts)
    registry.modify("command-actions", actions)


@hookimpl
def register_reactions(registry):
    registry.react("assigned", heard)


@hookimpl
def describe_event(game, event):
    if event["type"] == "morale":
        return f"  Morale: {event['faction']} {event['morale']} ({event['cause']})"
    if event["type"] == "morale-cheer":
        return f"  The {event['faction']} cheers."
    return None


@hookimpl
def state_lines(game, view):
    morale = view["data"]["morale"]
    return ["Morale: " + ", ".join(f"{side} {morale[side]}" for side in sorted(morale))]


def assigned_cards(game, faction) -> list[str]:
    """The cards the side has assigned, read through the public API (``api.cards.assigned``)."""
    return [peek(entry["card"]) for entry in api.cards.assigned(game, faction)]
