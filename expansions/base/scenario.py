"""The base game's scenario vocabulary: the ``state:`` keys a scenario file may use (docs/scenarios.md).

Everything not given starts empty: no units, neutral systems (Coruscant keeps its fixed loyalty), every leader in
the supply, empty hands; decks not listed are built from the content and shuffled with the scenario's seed (the
probe deck without the base system's card, as at setup: RB-SET-12). ``combat`` starts the scenario inside a combat.
"""

from __future__ import annotations

from swrebellion.engine import peek, secret

from . import board
from .board import team_secret
from .cards import hand, new_hand
from .phases import setup
from .rules.combat import start_combat
from .tables import FACTIONS, tables

KEYS = {
    "players", "setup", "round", "phase", "current", "time", "reputation", "base", "base_revealed", "systems",
    "units", "queue", "leaders", "hands", "decks", "discards", "assigned", "passed", "combat",
}
#: Where a scenario may start inside a combat (``combat: {at: ...}``): the combat step's stages.
COMBAT_STAGES = ("leaders", "cards", "draw", "round")


def build(game, spec: dict) -> set[str]:
    t = tables(game)
    options = game.state["options"]
    options.setdefault("setup", spec.get("setup", "base"))
    options.setdefault("players", spec.get("players", 2))
    teams, roles = setup.teams_for(options["players"])
    game.state["players"] = [p for f in FACTIONS for p in teams[f]]
    game.state["dice"] = {die: list(faces) for die, faces in t.dice.items()}
    data = game.state["data"] = setup.empty_data(game, teams, roles)
    data.update(round=spec.get("round", 1), current=spec.get("current", "rebel"))
    data["time"] = spec.get("time", 1)
    data["reputation"] = spec.get("reputation", 14)
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
    data["phase"] = spec.get("phase", "assignment")
    for system_id in sorted(data["systems"]):
        board.update_subjugation(game, system_id)
    enter_phase(game, data["phase"])
    if "combat" in spec:
        start_in_combat(game, spec["combat"])
    return KEYS


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
    """Start the flow at the beginning of a phase of the current round."""
    game.push("base.round", stage={"assignment": 1, "command": 2, "refresh": 0}[phase])
    if phase == "assignment":
        game.push("base.assignment")
    elif phase == "command":
        game.push("base.command-end")
        game.push("base.command")
    else:
        game.push("base.refresh")
