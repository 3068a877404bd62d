"""Rise of the Empire's old effect op names and forms (issue 10), known only to `rebellion packs upgrade` (the base
game's ``base_game`` module explains the form of the table).

``FORMS``: old op name -> (old parameter model, ``rewrite(step) -> step``, the new op's name).
"""

from __future__ import annotations

import copy
from typing import Callable, Literal

from pydantic import Field

from swrebellion.engine.ops import Strict
from swrebellion.models.effects import Steps

from .base_game import Faction, NoOldParams, OldWhere, where


class TacticRequire(Strict):
    absent: list[str] = Field(default_factory=list)
    more_than_opponent: str | None = None


def tactic_require(step: dict) -> dict:
    """``absent``: no unit of those types here, either side's; ``more_than_opponent``: the card's side outnumbers
    the opponent here in units of that kind."""
    condition: dict = {}
    if step.get("absent"):
        condition["system"] = {"not": {"has_units": {"side": "any", "units": list(step["absent"])}}}
    if step.get("more_than_opponent"):
        condition["outnumber"] = {"kind": step["more_than_opponent"]}
    return {"op": "require", "condition": condition}


class OldPlaceTargetMarkers(Strict):
    marker: str
    count: int = Field(default=1, ge=1)
    where: OldWhere = OldWhere()
    chooser: Literal["self", "opponent"] = "self"
    same_system: bool = False
    on_removal: Steps = Field(default_factory=list)
    here: bool = False
    each_refresh: Steps = Field(default_factory=list)
    until_base_moves: bool = False


def place_target_markers(step: dict) -> dict:
    return {**step, "where": where(step["where"])} if "where" in step else dict(step)


class LiftCombatSabotage(Strict):
    pass


class PayQueuedUnits(Strict):
    shapes: list[Literal["triangle", "circle", "square"]] = Field(min_length=1)
    faction: Faction = "rebel"


def pay_queued_units(step: dict) -> dict:
    return {"op": "destroy_units", "side": step.get("faction", "rebel"), "at": "queue", "icons": list(step["shapes"]),
            "required": True}


class RecruitOneOf(Strict):
    leaders: list[str] = Field(min_length=1)
    to: Literal["pool", "system"] = "system"


class MoveMissionLeaders(Strict):
    to: str = "pool"


class LeaderToPool(Strict):
    side: Literal["self", "opponent"] = "self"


def recruit_one_of(step: dict) -> dict:
    return {"op": "recruit", "leaders": list(step["leaders"]), "to": step.get("to", "system")}


def move_mission_leaders(step: dict) -> dict:
    to = step.get("to", "pool")
    return {"op": "move_leaders", "which": "mission", "to": "pool"} if to == "pool" else \
        {"op": "move_leaders", "which": "mission", "system": to}


def leader_to_pool(step: dict) -> dict:
    side = {"side": "opponent"} if step.get("side") == "opponent" else {}
    return {"op": "move_leaders", "which": "choose", **side, "source": "system", "to": "pool"}


class Count(Strict):
    count: int = Field(default=1, ge=1)


class KeepCard(Strict):
    on: Literal["always", "failure"] = "always"


class KeepFromDeck(Strict):
    look: int = Field(ge=1)
    keep: int = Field(default=1, ge=1)


def _counted(step: dict, **fields) -> dict:
    count = {"count": step["count"]} if step.get("count", 1) != 1 else {}
    return {"op": "move_cards", **fields, **count}


# -- the advanced tactic acts before issue 27 made them verbs with a timing ------------------------------------------


class TacticPrevent(Strict):
    red: int = Field(default=0, ge=0)
    black: int = Field(default=0, ge=0)
    direct: int = Field(default=0, ge=0)


class TacticShed(Strict):
    amount: int = Field(ge=1)
    exclude: list[str] = Field(default_factory=list)


class TacticRedirect(Strict):
    amount: int = Field(ge=1)
    onto: str


class PickTacticFirst(Strict):
    who: Literal["self", "opponent"] = "opponent"


def battle_effect(effect: str, until: str, who: str = "self") -> Callable[[dict], dict]:
    """The rewrite of an old tactic op into ``battle_effect``: the change, its side and timing, then the old step's
    values (amounts, unit types), which keep their names."""
    side = {"who": who} if who != "self" else {}

    def rewrite(step: dict) -> dict:
        return {"op": "battle_effect", "effect": effect, **side, "until": until,
                **{k: v for k, v in step.items() if k != "op"}}

    return rewrite


def pick_tactic_first(step: dict) -> dict:
    who = {"who": step["who"]} if step.get("who", "opponent") != "self" else {}
    return {"op": "battle_effect", "effect": "pick-first", **who, "until": "combat"}


class RecoverTactics(Strict):
    theater: Literal["space", "ground"] | None = None


class ArrangeTactics(Strict):
    theater: Literal["space", "ground"]
    look: int = Field(default=4, ge=1)


class ReturnMission(Strict):
    leaders: int = Field(default=1, ge=1)


#: Rogue One: one of the side's captured leaders, chosen, is rescued (to the base: RB-LDR-04).
FREE_LEADER = [{"op": "choose", "what": "leader", "side": "self", "captured": True},
               {"op": "rescue", "escort": False}]
#: Confrontation: one of the opponent's free leaders here, chosen now, is eliminated when the Command Phase ends.
DOOM_LEADER = [{"op": "choose", "what": "leader", "side": "opponent", "captured": False, "where": {"same_as": "system"}},
               {"op": "later", "moment": "command.end", "steps": [{"op": "eliminate_leader", "key": "leader"}]}]


#: old op name -> (old parameter model, rewrite, new op)
FORMS: dict[str, tuple[type[Strict], Callable[[dict], dict | list[dict]], str]] = {
    "tactic_require": (TacticRequire, tactic_require, "require"),
    "recruit_one_of": (RecruitOneOf, recruit_one_of, "recruit"),
    "leaders_to_pool": (NoOldParams, lambda step: {"op": "move_leaders", "which": "mission", "to": "pool"}, "move_leaders"),
    "move_mission_leaders": (MoveMissionLeaders, move_mission_leaders, "move_leaders"),
    "place_opponent_leader": (NoOldParams, lambda step: {"op": "move_leaders", "which": "choose", "side": "opponent"},
                              "move_leaders"),
    "leader_to_pool": (LeaderToPool, leader_to_pool, "move_leaders"),
    "draw_starting_actions": (Count, lambda step: _counted(step, **{"from": "starting-actions:self"},
                                                            to="hand:self:actions"), "move_cards"),
    "discard_objectives": (Count, lambda step: _counted(step, **{"from": "hand:rebel:objectives"}, to="discard"),
                           "move_cards"),
    "objective_from_discard": (NoOldParams, lambda step: {"op": "move_cards", "from": "discard:objectives",
                                                       "to": "deck:objectives"}, "move_cards"),
    "take_from_discard": (Count, lambda step: _counted(step, **{"from": "discard:self:missions"},
                                                        to="hand:self:missions"), "move_cards"),
    "keep_from_deck": (KeepFromDeck, lambda step: {"op": "move_cards", "from": "deck:self:missions",
                                                   "to": "hand:self:missions", "look": step["look"],
                                                   "keep": step.get("keep", 1), "rest": "shuffle"}, "move_cards"),
    "discard_mission": (NoOldParams, lambda step: {"op": "move_cards", "from": "hand:opponent:missions", "to": "discard",
                                                "starting": "exclude", "show": True}, "move_cards"),
    "reveal_base_here": (NoOldParams, lambda step: {"op": "reveal", "what": "base", "force": True}, "reveal"),
    "keep_card": (KeepCard, lambda step: {"op": "keep_card", "failure_only": True} if step.get("on") == "failure"
                  else {"op": "keep_card"}, "keep_card"),
    "pay_queued_units": (PayQueuedUnits, pay_queued_units, "destroy_units"),
    "lift_combat_sabotage": (LiftCombatSabotage,
                             lambda step: {"op": "sabotage", "change": "remove", "optional": True}, "sabotage"),
    "place_target_markers": (OldPlaceTargetMarkers, place_target_markers, "place_target_markers"),
    "tactic_prevent": (TacticPrevent, battle_effect("prevent", "round"), "battle_effect"),
    "tactic_no_repair": (NoOldParams, battle_effect("no-repair", "round", who="opponent"), "battle_effect"),
    "tactic_shed": (TacticShed, battle_effect("shed", "round"), "battle_effect"),
    "tactic_redirect": (TacticRedirect, battle_effect("redirect", "round"), "battle_effect"),
    "tactic_forbid": (NoOldParams, battle_effect("forbid", "next-round", who="opponent"), "battle_effect"),
    "tactic_attack_last": (NoOldParams, battle_effect("attack-last", "combat"), "battle_effect"),
    "pick_tactic_first": (PickTacticFirst, pick_tactic_first, "battle_effect"),
    "tactic_cancel": (NoOldParams, lambda step: {"op": "cancel_tactic"}, "cancel_tactic"),
    "tactic_retreat": (NoOldParams, lambda step: {"op": "cancel_tactic", "retreat_first": True}, "cancel_tactic"),
    "tactic_free_leader": (NoOldParams, lambda step: copy.deepcopy(FREE_LEADER), "choose, rescue"),
    "tactic_doom_leader": (NoOldParams, lambda step: copy.deepcopy(DOOM_LEADER), "choose, later"),
    "recover_tactics": (RecoverTactics, lambda step: {"op": "tactic_cards", "move": "recover",
                                                      **{k: v for k, v in step.items() if k != "op"}}, "tactic_cards"),
    "arrange_tactics": (ArrangeTactics, lambda step: {"op": "tactic_cards", "move": "arrange",
                                                      **{k: v for k, v in step.items() if k != "op"}}, "tactic_cards"),
    "return_mission": (ReturnMission, lambda step: {"op": "stop_mission", "how": "return",
                                                    "leaders": step.get("leaders", 1)}, "stop_mission"),
    "tactic_leave_game": (NoOldParams, lambda step: {"op": "tactic_cards", "move": "leave-game"}, "tactic_cards"),
}

