"""The base game's old effect op names and forms (issue 10), known only to `rebellion packs upgrade` (issue 27 §4: the
loader reads one language). Each old op is checked by its old parameter model and rewritten into one step of the
current vocabulary.

``FORMS``: old op name -> (old parameter model, ``rewrite(step) -> step``, the new op's name). A name that is
still an op (``if``, ``trigger``, ``mission_dice`` ...) stands for its *old form*: a step the current model refuses
and the old model accepts. Rewrites are pure functions of the step's data; each keeps the keys that hold nested
steps (``steps``, ``then``, ``otherwise``, ``options``), so every JSON pointer into a pack stays valid after the
upgrade. The old models are only for reading old packs: terse, and never used by the rules (so they depend on no
plugin module: the current models check the rewritten steps).
"""

from __future__ import annotations

from typing import Any, Callable, Literal

from pydantic import Field, model_validator

from swrebellion.engine.ops import Strict
from swrebellion.models import Text
from swrebellion.models.effects import Steps


Faction = Literal["rebel", "empire"]


class MissionIs(Strict):
    side: Literal["self", "opponent"] | None = None
    skill: str | None = None
    mode: Literal["attempt", "resolve"] | None = None

# -- the old condition models ----------------------------------------------------------------------------------


class OldUnitFilter(Strict):
    faction: Faction
    theater: Literal["space", "ground"] | None = None
    units: list[str] | None = None
    at_least: int = Field(default=1, ge=1)


class OldWhere(Strict):
    imperial: bool | None = None
    rebel: bool | None = None
    neutral: bool | None = None
    loyal_to: Faction | None = None
    subjugated: bool | None = None
    populous: bool | None = None
    remote: bool | None = None
    destroyed: bool | None = None
    sabotaged: bool | None = None
    has_units: OldUnitFilter | None = None
    without_units: Faction | None = None
    without: OldUnitFilter | None = None
    has_leader: Faction | None = None
    same_region_as: str | None = None
    other_than: str | None = None
    same_as: str | None = None
    resource: str | None = None
    systems: list[str] | None = None
    revealed_base: bool | None = None


class OldWhen(Strict):
    base_hidden: bool | None = None
    system: OldWhere | None = None
    mission_leader: str | None = None
    leader_in: list[str] | None = None
    min_leaders: int | None = Field(default=None, ge=1)


def units(old: dict) -> dict:
    """An old unit filter (``faction``) as a current one (``side``)."""
    new = dict(old)
    if "faction" in new:
        new = {"side": new.pop("faction"), **new}
    return new


def where(old: dict) -> dict:
    """An old system condition (``Where``) as a :class:`~.conditions.SystemFilter`."""
    return negated({key: units(value) if key in ("has_units", "without") and isinstance(value, dict) else value
                    for key, value in old.items()})


def negated(old: dict) -> dict:
    """A system filter's ``without_units: SIDE`` and ``without: UNITS``, combinations of ``has_units`` that issue 27
    replaced with the combinator ``not``, written with it."""
    absent = [{"has_units": {"side": old["without_units"]}}] if "without_units" in old else []
    absent += [{"has_units": old["without"]}] if "without" in old else []
    if not absent or "not" in old:
        return old
    new = {key: value for key, value in old.items() if key not in ("without_units", "without")}
    new["not"] = absent[0] if len(absent) == 1 else {"any_of": absent}
    return new


def negated_anywhere(step: dict) -> dict:
    """``step`` with every filter in it, at any depth, :func:`negated`: the old filter fields in a current op."""
    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return negated({key: walk(inner) for key, inner in value.items()})
        return [walk(inner) for inner in value] if isinstance(value, list) else value

    return walk(step)


def when(old: dict) -> dict:
    """An old branch condition (``When``) as a :class:`~.conditions.Condition`."""
    return {key: where(value) if key == "system" and isinstance(value, dict) else value for key, value in old.items()}


def _step(op: str, *pairs: tuple[str, Any], **fields: Any) -> dict:
    """A new step: ``op``, then ``fields``, then the ``pairs`` whose value is not None (given but optional)."""
    step = {"op": op, **fields}
    step.update({key: value for key, value in pairs if value is not None})
    return step


# -- choose --------------------------------------------------------------------------------------------------------


class ChooseSystem(Strict):
    where: OldWhere = OldWhere()
    key: str = "system"


class ChooseLeader(Strict):
    faction: Faction
    captured: bool | None = None
    where: OldWhere = OldWhere()
    key: str = "leader"


class AtBase(Strict):
    pass


class OldBranch(Strict):
    id: str
    label: str | Text
    when: OldWhen = OldWhen()
    steps: Steps


class ChooseOne(Strict):
    options: list[OldBranch] = Field(min_length=2)
    chooser: Literal["self", "opponent"] = "self"


def choose_system(step: dict) -> dict:
    key = step.get("key")
    return _step("choose", ("where", where(step["where"]) if "where" in step else None),
                 ("as", None if key in (None, "system") else key), what="system")


def choose_leader(step: dict) -> dict:
    key = step.get("key")
    return _step("choose", ("captured", step.get("captured")), ("where", where(step["where"]) if "where" in step else None),
                 ("as", None if key in (None, "leader") else key), what="leader", side=step["faction"])


def choose_one(step: dict) -> dict:
    options = [{**option, "when": when(option["when"])} if "when" in option else dict(option)
               for option in step["options"]]
    return _step("choose", ("chooser", step.get("chooser")), what="option", options=options)


# -- conditions ------------------------------------------------------------------------------------------------------


class OldIf(Strict):
    when: OldWhen
    then: Steps = Field(default_factory=list)
    otherwise: Steps = Field(default_factory=list)


class RequireSystems(Strict):
    where: OldWhere = OldWhere()
    any_of: list[OldWhere] = Field(default_factory=list)
    systems: list[str] | None = None
    at_least: int = Field(ge=1)
    units: OldUnitFilter | None = None


class RequireRegion(Strict):
    every_populous: OldWhere


class RequireNoCaptured(Strict):
    faction: Faction = "rebel"


class RequireCombatLosses(Strict):
    faction: Faction = "empire"
    theater: Literal["space", "ground"] | None = None
    units: list[str] | None = None
    count: int = Field(default=1, ge=1)
    health: int | None = Field(default=None, ge=1)
    initiated_by: Faction | None = None


class RequireBattleWon(Strict):
    faction: Faction = "rebel"
    theater: Literal["space", "ground"] | None = None
    subjugated_at_start: bool = False
    leaders: list[str] | None = None
    initiated_by: Faction | None = None
    where: OldWhere | None = None
    any_of: list[OldWhere] = Field(default_factory=list)


class RequireSupply(Strict):
    units: dict[str, int] = Field(min_length=1)


def _require(**condition: Any) -> dict:
    return {"op": "require", "condition": condition}


def _filter(old: dict, *, systems=None, any_of=None) -> dict:
    new = where(old)
    if systems is not None:
        new["systems"] = systems
    if any_of:
        new["any_of"] = [where(w) for w in any_of]
    return new


def require_systems(step: dict) -> dict:
    count = {"where": _filter(step.get("where", {}), systems=step.get("systems"), any_of=step.get("any_of")),
             "at_least": step["at_least"]}
    if not count["where"]:
        del count["where"]
    if "units" in step:
        count["units"] = units(step["units"])
    return _require(count=count)


def require_region(step: dict) -> dict:
    return _require(region={"every_populous": where(step["every_populous"])})


def require_no_captured(step: dict) -> dict:
    return _require(no_captured=step.get("faction", "rebel"))


def require_combat_losses(step: dict) -> dict:
    losses = {"side": step.get("faction", "empire"), **{k: v for k, v in step.items() if k not in ("op", "faction")}}
    return _require(combat_losses=losses)


def require_battle_won(step: dict) -> dict:
    won = {"side": step.get("faction", "rebel")}
    won.update({k: v for k, v in step.items() if k not in ("op", "faction", "where", "any_of")})
    if "where" in step or step.get("any_of"):
        won["where"] = _filter(step.get("where") or {}, any_of=step.get("any_of"))
    return _require(battle_won=won)


def require_supply(step: dict) -> dict:
    return _require(supply=dict(step["units"]))


def if_(step: dict) -> dict:
    return {**step, "when": when(step["when"])}


# -- missions -----------------------------------------------------------------------------------------------------


class OldTrigger(Strict):
    moment: str | None = None
    actor: Literal["in-system", "on-mission", "on-board", "pool", "target"] = "in-system"
    system: OldWhere | None = None
    mission: MissionIs | None = None


class OldMissionDice(Strict):
    extra: int = Field(default=0, ge=0)
    unopposed: bool = False
    where: OldWhere = OldWhere()


def trigger(step: dict) -> dict:
    return {**step, "system": where(step["system"])} if "system" in step else dict(step)


def mission_dice(step: dict) -> dict:
    return {**step, "where": where(step["where"])} if "where" in step else dict(step)


# -- board ---------------------------------------------------------------------------------------------------------


class GainLoyalty(Strict):
    amount: int = Field(default=1, ge=1, le=2)
    system: str = "system"


class LoseLoyalty(Strict):
    faction: Faction
    where: OldWhere


class PlaceSabotage(Strict):
    pass


class RemoveSabotage(Strict):
    everywhere: bool = False


class ChangeReputation(Strict):
    amount: int


class ReputationPerSystem(Strict):
    where: OldWhere = OldWhere()
    any_of: list[OldWhere] = Field(default_factory=list)
    systems: list[str] | None = None


def gain_loyalty(step: dict) -> dict:
    return _step("loyalty", ("amount", step.get("amount")), ("system", step.get("system")), change="gain")


def lose_loyalty(step: dict) -> dict:
    return _step("loyalty", change="lose", side=step["faction"], where=where(step["where"]))


def remove_sabotage(step: dict) -> dict:
    return _step("sabotage", ("everywhere", step.get("everywhere")), change="remove")


def reputation_per_system(step: dict) -> dict:
    return _step("reputation", amount=1,
                 per=_filter(step.get("where", {}), systems=step.get("systems"), any_of=step.get("any_of")))


# -- units -------------------------------------------------------------------------------------------------------


class GainUnits(Strict):
    units: dict[str, int] = Field(default_factory=dict)
    icons: list[str] = Field(default_factory=list)
    to: Literal["system", "base"] = "system"
    free_from_board: bool = False

    @model_validator(mode="after")
    def _one_way(self):
        if bool(self.units) == bool(self.icons):
            raise ValueError("give either 'units' or 'icons'")
        return self


class QueueUnits(Strict):
    units: dict[str, int] = Field(default_factory=dict)
    space: int | None = Field(default=None, ge=1, le=3)
    resources: bool = False

    @model_validator(mode="after")
    def _one_way(self):
        if self.resources == bool(self.units) or (self.units and self.space is None):
            raise ValueError("give either 'resources: true', or 'units' with their queue 'space'")
        return self


class OldMoveUnits(Strict):
    source: str = Field(pattern="^(base|one-system|anywhere)$")
    to: str = Field(default="system", pattern="^(system|base)$")
    max: int | None = Field(default=None, ge=1)
    limits: dict[str, int] | None = None
    ignore_transport: bool = False
    theater: Literal["space", "ground"] | None = None
    leaders_pin: bool = True
    side: Literal["self", "opponent"] = "self"
    health: int | None = Field(default=None, ge=1)


class RelocateUnits(Strict):
    who: Literal["self", "opponent"] = "opponent"
    theater: Literal["space", "ground"] = "ground"
    to: OldWhere = OldWhere()


class OldDestroyUnits(Strict):
    faction: Faction
    health: int | None = Field(default=None, ge=1)
    count: int | None = Field(default=None, ge=1)
    theater: Literal["space", "ground"] | None = None
    kind: str | None = None
    units: list[str] | None = None
    every: bool = False


class DestroyQueued(Strict):
    faction: Faction = "empire"
    health: int | None = Field(default=None, ge=1)
    resources: bool = False

    @model_validator(mode="after")
    def _one_way(self):
        if (self.health is None) == (not self.resources):
            raise ValueError("give either 'health' or 'resources: true'")
        return self


class DestroyByMargin(Strict):
    faction: Faction
    budget: Literal["count", "health"] = "count"
    cap: int | None = Field(default=None, ge=1)
    theater: Literal["space", "ground"] | None = None
    units: list[str] | None = None


class AdvanceQueue(Strict):
    count: int = Field(default=1, ge=1)
    spaces: list[Literal[2, 3]] = Field(default=[2, 3], min_length=1)


class DeployFromQueue(Strict):
    spaces: list[Literal[1, 2, 3]] = Field(default=[1, 2], min_length=1)
    count: int = Field(default=1, ge=1)


def _keep(step: dict, *keys: str) -> list[tuple[str, Any]]:
    return [(key, step.get(key)) for key in keys]


def gain_units(step: dict) -> dict:
    return _step("place_units", *_keep(step, "units", "icons", "to", "free_from_board"))


def queue_units(step: dict) -> dict:
    return _step("place_units", *_keep(step, "units", "space", "resources"), to="queue")


def move_units(step: dict) -> dict:
    source = step["source"]
    fields = {"from": "base"} if source == "base" else {"from": {}, "sources": "many"} if source == "anywhere" \
        else {"from": {}}
    rest = {k: v for k, v in step.items() if k not in ("op", "source")}
    return {"op": "move_units", **fields, **rest}


def relocate_units(step: dict) -> dict:
    side = step.get("who", "opponent")
    return _step("move_units", ("theater", step.get("theater", "ground")),
                 ("to", where(step["to"]) if "to" in step else {}), **{"from": "system"}, side=side,
                 chooser=side, every=True, ignore_transport=True, leaders_pin=False)


def destroy_units(step: dict) -> dict:
    return {"op": "destroy_units", "side": step["faction"], **{k: v for k, v in step.items() if k not in ("op", "faction")}}


def destroy_queued(step: dict) -> dict:
    return _step("destroy_units", ("health", step.get("health")), ("resources", step.get("resources")),
                 side=step.get("faction", "empire"), at="queue")


def destroy_by_margin(step: dict) -> dict:
    every = {"every": True} if step.get("units") else {}
    return _step("destroy_units", ("count", step.get("cap")), *_keep(step, "theater", "units"),
                 side=step["faction"], margin=step.get("budget", "count"), **every)


def advance_queue(step: dict) -> dict:
    return _step("queue", *_keep(step, "count", "spaces"), action="advance")


def deploy_from_queue(step: dict) -> dict:
    return _step("queue", *_keep(step, "count", "spaces"), action="deploy")


# -- leaders -----------------------------------------------------------------------------------------------------


class PlaceLeader(Strict):
    pins: bool = True
    until: Literal["refresh", "end-of-combat"] = "refresh"
    leader: str | None = None


class TakeToNearest(Strict):
    where: OldWhere
    key: str = "leader"
    with_mission: bool = True


class RecruitLeader(Strict):
    leader: str | None = None
    to: Literal["pool", "system"] = "pool"
    where: OldWhere | None = None
    tactics: bool | None = None


class OldEliminateLeader(Strict):
    faction: Faction = "empire"
    if_present: str | None = None
    key: str | None = None


def place_leader(step: dict) -> dict:
    which = {"which": "named", "leader": step["leader"]} if step.get("leader") else {"which": "actor"}
    return _step("move_leaders", *_keep(step, "pins", "until"), **which, to="system")


def take_to_nearest(step: dict) -> dict:
    key = step.get("key", "leader")
    return _step("move_leaders", ("key", None if key == "leader" else key), which="key", to="nearest",
                 where=where(step["where"]), with_mission=step.get("with_mission", True))


def recruit_leader(step: dict) -> dict:
    new = _step("recruit", ("leaders", [step["leader"]] if step.get("leader") else None),
                *_keep(step, "tactics", "to"))
    if step.get("where") is None:
        return new
    return {"op": "if", "when": {"system": where(step["where"])}, "then": [new]}


def eliminate_leader(step: dict) -> dict:
    return {"op": "eliminate_leader", "side": step.get("faction", "empire"),
            **{k: v for k, v in step.items() if k not in ("op", "faction")}}


# -- cards -------------------------------------------------------------------------------------------------------


class DrawProbes(Strict):
    count: int = Field(default=1, ge=0)
    per_base_units: int | None = Field(default=None, ge=1)
    hand_over: OldWhere | None = None


class DrawProjects(Strict):
    count: int = Field(default=1, ge=1)
    keep: int | None = Field(default=None, ge=1)


class ArrangeObjectives(Strict):
    look: int = Field(default=2, ge=2)
    rest: Literal["bottom", "top"] = "bottom"


class AssignFromDeck(Strict):
    deck: Literal["missions", "projects"] = "missions"


class ShowHand(Strict):
    faction: Faction
    kind: Literal["missions", "actions", "objectives", "probes"]


class NameSystems(Strict):
    count: int = Field(default=3, ge=2)


class TellBase(Strict):
    scope: Literal["system", "region"] = "system"
    system: str = "system"


class BuryObjective(Strict):
    at_random: bool = False
    top: bool = False


class TakeFromDeck(Strict):
    cards: list[str] = Field(min_length=1)


class OpenHand(Strict):
    who: Literal["self", "opponent"] = "opponent"


def draw_probes(step: dict) -> dict:
    if step.get("hand_over") is not None:
        return {"op": "move_cards", "from": "deck:probes", "to": "hand:empire:probes", "look": step.get("count", 1),
                "chooser": "opponent", "keep_where": where(step["hand_over"]), "rest": "shuffle"}
    return _step("move_cards", ("count", step.get("count")), ("per_base_units", step.get("per_base_units")),
                 **{"from": "deck:probes"}, to="hand:empire:probes")


def _draw_into_hand(source: str, hand: str) -> Callable[[dict], dict]:
    def rewrite(step: dict) -> dict:
        count = step.get("count", 1)
        if step.get("keep") is None:
            return _step("move_cards", ("count", step.get("count")), **{"from": source}, to=hand)
        return {"op": "move_cards", "from": source, "to": hand, "look": count, "keep": step["keep"]}

    return rewrite


def arrange_objectives(step: dict) -> dict:
    look = step.get("look", 2)
    if step.get("rest") == "top":
        return {"op": "move_cards", "from": "deck:objectives", "to": "deck:objectives", "look": look, "keep": 0,
                "rest": "top"}
    return {"op": "move_cards", "from": "deck:objectives", "to": "deck:objectives", "look": look, "keep": 1}


def assign_from_deck(step: dict) -> dict:
    source = "deck:projects" if step.get("deck") == "projects" else "deck:self:missions"
    return {"op": "move_cards", "from": source, "to": "mission"}


def bury_objective(step: dict) -> dict:
    return _step("move_cards", ("at_random", step.get("at_random")), **{"from": "hand:rebel:objectives"},
                 to="deck:objectives", position="top" if step.get("top") else "bottom")


# -- where: conditions in ops not renamed yet -------------------------------------------------------------------


def _where_at(key: str) -> Callable[[dict], dict]:
    def rewrite(step: dict) -> dict:
        return {**step, key: where(step[key])} if isinstance(step.get(key), dict) else dict(step)

    return rewrite


class AtEndOfCommand(Strict):
    steps: Steps


#: Rewrites of an old form any current op may be written in (an old field of a condition it takes): a step its
#: op's current model refuses and accepts rewritten is in that old form.
ANY_OP: tuple[Callable[[dict], dict], ...] = (negated_anywhere,)

class NoOldParams(Strict):
    """An old op that took no parameters."""


class Detain(Strict):
    key: str = "leader"


class BarSystem(Strict):
    who: Literal["self", "opponent"] = "opponent"


#: old op name -> (old parameter model, rewrite, new op)
FORMS: dict[str, tuple[type[Strict], Callable[[dict], dict], str]] = {
    "move_in": (NoOldParams, lambda step: {"op": "move_units", "from": "neighbours"}, "move_units"),
    "bar_system": (BarSystem, lambda step: {"op": "restrict", "bar": ["missions", "cards"],
                                            "side": step.get("who", "opponent"), "until": "end-of-round"}, "restrict"),
    "fail_mission": (NoOldParams, lambda step: {"op": "stop_mission", "how": "fail"}, "stop_mission"),
    "cancel_mission": (NoOldParams, lambda step: {"op": "stop_mission", "how": "cancel"}, "stop_mission"),
    "detain": (Detain, lambda step: {"op": "leader_effect", "kind": "detained", "key": step.get("key", "leader")},
               "leader_effect"),
    "choose_system": (ChooseSystem, choose_system, "choose"),
    "choose_leader": (ChooseLeader, choose_leader, "choose"),
    "choose_one": (ChooseOne, choose_one, "choose"),
    "at_base": (AtBase, lambda step: {"op": "choose", "what": "base"}, "choose"),
    "if": (OldIf, if_, "if"),
    "require_systems": (RequireSystems, require_systems, "require"),
    "require_region": (RequireRegion, require_region, "require"),
    "require_no_captured": (RequireNoCaptured, require_no_captured, "require"),
    "require_combat_losses": (RequireCombatLosses, require_combat_losses, "require"),
    "require_battle_won": (RequireBattleWon, require_battle_won, "require"),
    "require_supply": (RequireSupply, require_supply, "require"),
    "trigger": (OldTrigger, trigger, "trigger"),
    "mission_dice": (OldMissionDice, mission_dice, "mission_dice"),
    "gain_loyalty": (GainLoyalty, gain_loyalty, "loyalty"),
    "lose_loyalty": (LoseLoyalty, lose_loyalty, "loyalty"),
    "place_sabotage": (PlaceSabotage, lambda step: {"op": "sabotage", "change": "place"}, "sabotage"),
    "remove_sabotage": (RemoveSabotage, remove_sabotage, "sabotage"),
    "change_reputation": (ChangeReputation, lambda step: {"op": "reputation", "amount": step["amount"]}, "reputation"),
    "reputation_per_system": (ReputationPerSystem, reputation_per_system, "reputation"),
    "draw_probes": (DrawProbes, draw_probes, "move_cards"),
    "draw_projects": (DrawProjects, _draw_into_hand("deck:projects", "hand:empire:missions"), "move_cards"),
    "draw_objectives": (DrawProjects, _draw_into_hand("deck:objectives", "hand:rebel:objectives"), "move_cards"),
    "arrange_objectives": (ArrangeObjectives, arrange_objectives, "move_cards"),
    "assign_from_deck": (AssignFromDeck, assign_from_deck, "move_cards"),
    "bury_objective": (BuryObjective, bury_objective, "move_cards"),
    "take_from_deck": (TakeFromDeck, lambda step: {"op": "move_cards", "from": "deck:self:missions",
                                                   "to": "hand:self:missions", "cards": list(step["cards"])},
                       "move_cards"),
    "reassign_leaders": (AtBase, lambda step: {"op": "move_cards", "from": "hand:self:missions", "to": "mission",
                                               "starting": "only", "leaders": "mission"}, "move_cards"),
    "show_hand": (ShowHand, lambda step: {"op": "reveal", "what": "hand", "side": step["faction"],
                                          "kind": step["kind"]}, "reveal"),
    "show_objectives": (AtBase, lambda step: {"op": "reveal", "what": "hand", "side": "rebel", "kind": "objectives"},
                        "reveal"),
    "open_hand": (OpenHand, lambda step: {"op": "reveal", "what": "hand", "side": step.get("who", "opponent"),
                                          "kind": "tactics"}, "reveal"),
    "tell_base": (TellBase, lambda step: _step("reveal", ("scope", step.get("scope")), ("system", step.get("system")),
                                               what="base"), "reveal"),
    "name_systems": (NameSystems, lambda step: {"op": "reveal", "what": "base", "scope": "named",
                                                "count": step.get("count", 3)}, "reveal"),
    "objective_returns_to_hand": (AtBase, lambda step: {"op": "keep_card"}, "keep_card"),
    "place_leader": (PlaceLeader, place_leader, "move_leaders"),
    "take_to_nearest": (TakeToNearest, take_to_nearest, "move_leaders"),
    "recruit_leader": (RecruitLeader, recruit_leader, "recruit"),
    "eliminate_leader": (OldEliminateLeader, eliminate_leader, "eliminate_leader"),
    "gain_units": (GainUnits, gain_units, "place_units"),
    "queue_units": (QueueUnits, queue_units, "place_units"),
    "move_units": (OldMoveUnits, move_units, "move_units"),
    "relocate_units": (RelocateUnits, relocate_units, "move_units"),
    "destroy_units": (OldDestroyUnits, destroy_units, "destroy_units"),
    "destroy_queued": (DestroyQueued, destroy_queued, "destroy_units"),
    "destroy_by_margin": (DestroyByMargin, destroy_by_margin, "destroy_units"),
    "advance_queue": (AdvanceQueue, advance_queue, "queue"),
    "deploy_from_queue": (DeployFromQueue, deploy_from_queue, "queue"),
    "at_end_of_command": (AtEndOfCommand, lambda step: {"op": "later", "moment": "command.end", "steps": step["steps"]},
                          "later"),
}

