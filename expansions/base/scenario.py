"""The base game's scenario vocabulary: the ``state:`` keys a scenario file may use (docs/scenarios.md).

Everything not given starts empty: no units, neutral systems (Coruscant keeps its fixed loyalty), every leader in
the supply, empty hands; decks not listed are built from the content and shuffled with the scenario's seed (the
probe deck without the base system's card, as at setup: RB-SET-12). ``combat`` starts the scenario inside a combat.
"""

from __future__ import annotations

from typing import Annotated, Any, Callable, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, ValidationInfo, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from swrebellion.diagnostics import did_you_mean
from swrebellion.engine import peek, secret
from swrebellion.models.common import Id

from . import board
from .board import team_secret
from .cards import hand, new_hand
from .models.common import Faction
from .phases import rounds, setup
from .rules.combat import start_combat
from .tables import BASE_SPACE, FACTIONS, tables, the_setup

KEYS = {
    "players", "setup", "round", "phase", "current", "time", "reputation", "base", "base_revealed", "systems",
    "units", "queue", "leaders", "hands", "decks", "discards", "assigned", "passed", "combat", "spent",
}
#: Where a scenario may start inside a combat (``combat: {at: ...}``): the combat step's stages.
COMBAT_STAGES = ("leaders", "cards", "draw", "round")


Count = Annotated[int, Field(ge=0, le=999)]
Marker = Annotated[int, Field(ge=0, le=999)]  # round, time, reputation
#: Where a leader can be besides a system: the supply, the leader pool, on a mission, out of the game.
LEADER_PLACES = ("supply", "pool", "mission", "gone", BASE_SPACE)


def known(what: str, ids: Callable[[Any], Any]) -> AfterValidator:
    """A check that an id names something in the loaded content: ``ids(game)`` gives the known ids (the game comes
    in the validation context). An unknown id is reported at its own place, with the closest known one."""
    def check(value: str, info: ValidationInfo) -> str:
        choices = ids(info.context["game"])
        if value not in choices:
            raise ValueError(f"unknown {what} {value!r}" + (f"; {hint}" if (hint := did_you_mean(value, choices))
                                                             else ""))
        return value
    return AfterValidator(check)


def _all_ids(game) -> set[str]:
    catalog = game.rules.content
    return {item for kind in catalog.counts() for item in catalog.items(kind)}


SystemId = Annotated[Id, known("system", lambda g: tables(g).systems)]
UnitPlace = Annotated[Id, known("system", lambda g: {*tables(g).systems, BASE_SPACE})]
UnitId = Annotated[Id, known("unit", lambda g: tables(g).units)]
LeaderId = Annotated[Id, known("leader", lambda g: tables(g).leaders)]
LeaderPlace = Annotated[Id, known("leader location", lambda g: {*tables(g).systems, *LEADER_PLACES})]
MissionId = Annotated[Id, known("mission card", lambda g: tables(g).missions)]
ActionId = Annotated[Id, known("action card", lambda g: tables(g).actions)]
ObjectiveId = Annotated[Id, known("objective card", lambda g: tables(g).objectives)]
ProbeId = Annotated[Id, known("probe card", lambda g: tables(g).probes)]
CardId = Annotated[Id, known("card", _all_ids)]
SetupId = Annotated[Id, known("setup", lambda g: tables(g).setups)]


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class SystemState(_Part):
    loyalty: Faction | None = None
    subjugated: bool = False
    sabotage: bool = False
    destroyed: bool = False


class LeaderPlacement(_Part):
    at: LeaderPlace
    ring: Id | None = None

    @model_validator(mode="before")
    @classmethod
    def _place(cls, value: Any) -> Any:
        """``luke-skywalker: pool`` is short for ``{at: pool}``."""
        if isinstance(value, str):
            return {"at": value}
        if not isinstance(value, dict):
            raise ValueError("place a leader at a location (pool, supply, a system id ...) or {at: ..., ring: ...}")
        return value


class RebelHands(_Part):
    missions: list[MissionId] = Field(default_factory=list)
    actions: list[ActionId] = Field(default_factory=list)
    objectives: list[ObjectiveId] = Field(default_factory=list)


class EmpireHands(_Part):
    missions: list[MissionId] = Field(default_factory=list)
    actions: list[ActionId] = Field(default_factory=list)
    probes: list[ProbeId] = Field(default_factory=list)


class Hands(_Part):
    rebel: RebelHands | None = None
    empire: EmpireHands | None = None


class Decks(BaseModel):
    """Decks or discard piles by name, top first; the objective deck holds objective cards only."""

    model_config = ConfigDict(extra="allow", strict=True)
    __pydantic_extra__: dict[str, list[CardId]]

    objectives: list[ObjectiveId] | None = None


class AssignedMission(_Part):
    card: MissionId
    leaders: list[LeaderId]


Seat = Literal["rebel", "empire", "rebel-admiral", "rebel-general", "empire-admiral", "empire-general"]


class ScenarioState(BaseModel):
    """The base game's ``state:`` keys, typed (docs/scenarios.md): a wrong type or an unknown id is reported at
    its place in the file instead of failing somewhere in the rules or passing silently. Ids are checked against
    the loaded content (validation context ``{"game": game}``); other plugins' keys are left to them."""

    model_config = ConfigDict(extra="ignore", strict=True)

    players: Literal[2, 3, 4] = 2
    setup: SetupId = "base"
    round: Marker = 1
    phase: Literal["assignment", "command", "refresh"] = "assignment"
    current: Faction = "rebel"
    time: Marker = 1  # unset: the start of the setup's time track (1 and 14 on the base game's)
    reputation: Marker = 14
    base: SystemId | None = None
    base_revealed: bool = False
    systems: dict[SystemId, SystemState] = Field(default_factory=dict)
    units: dict[UnitPlace, dict[UnitId, Count]] = Field(default_factory=dict)
    queue: dict[Faction, dict[Literal[1, 2, 3, "1", "2", "3"], dict[UnitId, Count]]] = Field(default_factory=dict)
    leaders: dict[LeaderId, LeaderPlacement] = Field(default_factory=dict)
    hands: Hands = Field(default_factory=Hands)
    decks: Decks = Field(default_factory=Decks)
    discards: Decks = Field(default_factory=Decks)
    assigned: dict[Faction, list[AssignedMission]] = Field(default_factory=dict)
    passed: dict[Seat, bool] = Field(default_factory=dict, description="Who has passed in the Command Phase: "
                                     "'rebel'/'empire', or a team seat such as 'rebel-admiral'.")
    spent: list[LeaderId] = Field(default_factory=list, description="Leaders a card spent: not usable until the next "
                                  "Refresh Phase begins (leader_effect's spent).")


def build(game, spec: dict) -> set[str]:
    ScenarioState.model_validate(spec, context={"game": game})  # raises pydantic's ValidationError, located
    _check_subjugation(game, spec)
    t = tables(game)
    options = game.state["options"]
    options.setdefault("setup", spec.get("setup", "base"))
    options.setdefault("players", spec.get("players", 2))
    teams, roles = setup.teams_for(options["players"])
    game.state["players"] = [p for f in FACTIONS for p in teams[f]]
    game.state["dice"] = {die: list(faces) for die, faces in t.dice.items()}
    data = game.state["data"] = setup.with_earlier(game, "build_scenario", setup.empty_data(game, teams, roles))
    data.update(round=spec.get("round", 1), current=spec.get("current", "rebel"))
    track = t.time_tracks[the_setup(game).time_track]  # the setup's time track gives the markers' start
    data["time"] = spec.get("time", track.time_start)
    data["reputation"] = spec.get("reputation", track.reputation_start)
    for system_id, values in spec.get("systems", {}).items():
        data["systems"][system_id].update(values)
    for location, units in spec.get("units", {}).items():
        data["units"][location] = dict(units)
    for faction, spaces in spec.get("queue", {}).items():
        for space, units in spaces.items():
            data["queue"][faction][str(space)] = dict(units)
    for lid, where in spec.get("leaders", {}).items():
        data["leaders"][lid] = {"at": where, "ring": None} if isinstance(where, str) else {"ring": None, **where}
    data["base"] = team_secret(game, spec.get("base"), "rebel")
    if spec.get("base_revealed"):
        data["base"] = data["base_revealed"] = spec["base"]
    data["hands"]["rebel"] = {k: new_hand(game, "rebel", []) for k in ("missions", "actions", "objectives")}
    data["hands"]["empire"] = {k: new_hand(game, "empire", []) for k in ("missions", "actions", "probes")}
    for faction, kinds in spec.get("hands", {}).items():
        for kind, cards in kinds.items():
            hand(game, faction, kind).extend(cards)
    _decks(game, spec)
    for faction, missions in spec.get("assigned", {}).items():
        data["assigned"][faction] = [
            {"card": team_secret(game, m["card"], faction), "leaders": list(m["leaders"])} for m in missions
        ]
        for m in missions:
            for lid in m["leaders"]:
                data["leaders"][lid]["at"] = "mission"
    data["passed"].update(spec.get("passed", {}))
    if spec.get("spent"):
        data["spent"] = list(spec["spent"])
    data["phase"] = spec.get("phase", "assignment")
    for system_id in sorted(data["systems"]):
        board.update_subjugation(game, system_id)
    enter_phase(game, data["phase"])
    if "combat" in spec:
        start_in_combat(game, spec["combat"])
    return KEYS


def _check_subjugation(game, spec: dict) -> None:
    """A system given ``subjugated: true`` must be one the rules keep subjugated (RULINGS C-10), or the game would
    take the marker off as it starts and the scenario would test another situation than it says: a populous system
    that is neither destroyed nor Imperial (RB-SUB-08, RB-SUB-11), holding an Imperial ground unit (RB-SUB-01,
    RB-SUB-06). Each such system is an error at its own place (``/state/systems/SYSTEM/subjugated``)."""
    t = tables(game)
    problems: list[InitErrorDetails] = []
    for system_id, values in spec.get("systems", {}).items():
        if not values.get("subjugated"):
            continue
        units = spec.get("units", {}).get(system_id, {})
        imperial_ground = [u for u, n in units.items() if n and t.units[u].faction == "empire"
                           and t.units[u].theater == "ground"]
        if system_id not in t.populous or values.get("destroyed"):
            why = "remote and destroyed systems are never subjugated (RB-SUB-11)"
        elif values.get("loyalty") == "empire":
            why = ("an Imperial system is not subjugated: the marker shows its loyalty side (RB-SUB-08); leave "
                   "`subjugated` out")
        elif not imperial_ground:
            why = (f"a system is subjugated only while Imperial ground units are in it (RB-SUB-01, RB-SUB-06): add "
                   f"some (`units: {{{system_id}: {{stormtrooper: 1}}}}`), or leave `subjugated` out")
        else:
            continue
        problems.append({"type": PydanticCustomError("subjugation", why), "loc": ("systems", system_id, "subjugated"),
                         "input": True})
    if problems:
        raise ValidationError.from_exception_data("ScenarioState", problems)


def start_in_combat(game, spec: dict) -> None:
    """``combat: {system, initiator, at, origins, hands, damage}``: the flow starts inside a combat in ``system``
    (started by ``initiator``, default the current player), at one of :data:`COMBAT_STAGES`: ``leaders`` (the
    beginning: Add Leader), ``cards`` (Start of Combat cards), ``draw`` (the leaders' tactic draw) or ``round`` (the
    first combat round, with the tactic hands given in ``hands``, no draw). ``damage``: ``{unit: [damage of each
    damaged unit]}``. The combat's frames go on top of the phase's, so the phase goes on once the combat ends."""
    data = game.state["data"]
    at = spec.get("at", "leaders")
    if at not in COMBAT_STAGES:
        raise ValueError(f"combat: 'at' must be one of {', '.join(COMBAT_STAGES)}, not {at!r}")
    if not start_combat(game, spec["system"], spec.get("initiator", data["current"]), spec.get("origins", ())):
        raise ValueError(f"combat: {spec['system']} holds no units of both sides in one theater")
    combat = data["combat"]
    for faction, held in spec.get("hands", {}).items():
        peek(combat["hands"][faction]).extend(held)
    combat["damage"] = {unit: list(amounts) for unit, amounts in spec.get("damage", {}).items()}
    frame = game.state["stack"][-1]
    frame["stage"] = "draw" if at == "round" else at
    if at == "round":
        frame["no_draw"] = True


def _decks(game, spec: dict) -> None:
    """Listed decks are used top first, as given; the others are built from the content as at setup."""
    data = game.state["data"]
    for part in ("base.setup.action-decks", "base.setup.tactics", "base.setup.missions"):
        game.rules.steps[part](game, game.push(part))
    base_card = tables(game).probe_of.get(spec.get("base"))  # under the Base space, not in the deck (RB-SET-12)
    data["decks"]["probes"] = secret(sorted(c for c in tables(game).probes if c != base_card))
    game.shuffle(data["decks"]["probes"], "probes")
    data["decks"]["objectives"] = secret([])
    data["objective_stages"] = []
    for name, cards in spec.get("decks", {}).items():
        data["decks"][name] = secret(list(cards))
        if name == "objectives":
            data["objective_stages"] = [tables(game).objectives[c].stage for c in cards]
    for name, cards in spec.get("discards", {}).items():
        data["discards"][name] = list(cards)


def enter_phase(game, phase: str) -> None:
    """Start the flow at the beginning of a phase of the current round, just after its start moment (the phase's
    end is still to come, as in ``rounds._phase``: a ``later`` effect made in the phase waits for it)."""
    game.push("base.round", stage={"assignment": 1, "command": 2, "refresh": 0}[phase])
    if phase == "command":
        game.push("base.command-end")
    rounds.phase_end(game, phase)
    game.push({"assignment": "base.assignment", "command": "base.command", "refresh": "base.refresh"}[phase])
