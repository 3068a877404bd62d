"""Target markers and Immediate objectives (RE-MRK-01..04, RE-IMM-01..03, RULINGS D-06, RS-ROE-01, FAQ-119/121).

``data["roe"]["markers"]`` lists the markers on the board, each ``{"marker", "system", "card", "faction",
"on_removal"}``: the marker kind (``markers.yaml``; its ``faction`` owns it), where it is, the card that placed it
and the effect steps its removal triggers when the other side clears it (given by the card's
``place_target_markers`` step, so each card says what removal does, RE-MRK-02).

* Placing: the op ``place_target_markers`` (a card's effect), at most the box's supply of each kind (RE-MRK-04).
* Removing (RE-MRK-02, FAQ-119): any side with a ground unit in the system while the other side has none there
  may remove the marker, its owner included (to deny the other side its removal effect: the effect is the card's
  reward for the other side, so it runs only when the other side removes it). It is offered when units in that
  system change outside a combat (the events ``move``, ``deployed``, ``destroyed``, ``gained-units`` ...), and for
  every marker when a combat ends.
* A destroyed system loses its markers, and their removal effects trigger (RE-MRK-03).
* An Immediate objective (``timing: immediate``) is revealed and resolved as soon as the Rebel draws it
  (RE-IMM-01/02); it stays in play while one of its markers is on the board and is discarded when the last goes
  (RE-IMM-03), or at once if it placed none.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.engine.effects import run_effect
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.board import OPPONENT, decider
from swrebellion.expansions.base.api.ops import MarkerRef, OpTable, Strict, SystemFilter, op, pick, systems_where, uses
from swrebellion.expansions.base.api.words import Marker, card_prompt, label, text
from swrebellion.i18n import N_
from swrebellion.models.effects import Steps

from .flow import after_current
from .tables import tables

CHECK = "roe.markers.check"
DESTROYED = "roe.markers.destroyed"
IMMEDIATE = "roe.immediate"
UNIT_EVENTS = ("retreat", "deployed", "destroyed", "gained-units", "combat-end", "move")

OPS: OpTable = {}


def markers(game) -> list[dict]:
    return game.state["data"]["roe"]["markers"]


def on_board(game, kind: str) -> int:
    return sum(1 for m in markers(game) if m["marker"] == kind)


# -- placing -------------------------------------------------------------------------------------------------------


class PlaceTargetMarkers(Strict):
    """Place target markers (RE-MRK-01): ``count`` markers of kind ``marker`` in systems meeting ``where``, each in
    a different system unless ``same_system``; ``chooser`` says which side picks the systems. ``on_removal`` are
    the steps run when one of them is removed (by units, RE-MRK-02, a card, or with its system, RE-MRK-03), with
    the remover's side as ``faction``."""

    model_config = uses(reads=("faction", "player", "card", "system", "markers_placed"), writes=("markers_placed",), group="target markers")

    marker: MarkerRef
    count: int = Field(default=1, ge=1)
    where: SystemFilter = SystemFilter()
    chooser: Literal["self", "opponent"] = "self"
    same_system: bool = False
    on_removal: Steps = Field(default_factory=list)
    here: bool = Field(default=False, description="Only in the context's system (a mission's own system).")
    each_refresh: Steps = Field(
        default_factory=list,
        description="Steps run at the start of each Refresh Phase that begins while the marker stays (ops_moments).")
    until_base_moves: bool = Field(
        default=False, description="The marker also goes (with its removal effect) when the Rebel base relocates.")


@op(OPS, "place_target_markers", PlaceTargetMarkers)
def place_target_markers(game, frame, params: PlaceTargetMarkers, ctx) -> None:
    """Put target markers on the board, as the card's steps say (RE-MRK-01, RE-IMM-02)."""
    side = ctx["faction"] if params.chooser == "self" else OPPONENT[ctx["faction"]]
    placed = frame.setdefault("placed", [])
    chosen = frame.pop("choice", None)
    if chosen is not None:
        _place(game, params, ctx, chosen["id"])
        placed.append(chosen["id"])
    supply = tables(game).marker_supply.get(params.marker)
    while len(placed) < params.count and (supply is None or on_board(game, params.marker) < supply):
        candidates = [s for s in systems_where(game, params.where, ctx) if params.same_system or s not in placed]
        if params.here:
            candidates = [s for s in candidates if s == ctx.get("system")]
        if not candidates:
            break
        options = [{"id": s, "label": label(game, s)} for s in candidates]
        prompt = card_prompt(game, ctx, N_("{card}: place a target marker"), N_("Place a target marker"))
        if len(options) > 1:
            game.ask(decider(game, side, "admiral"), "place-target-marker", options, prompt)
            return
        game.answer_alone(decider(game, side, "admiral"), "place-target-marker", options[0], prompt)
        _place(game, params, ctx, candidates[0])
        placed.append(candidates[0])
    ctx["markers_placed"] = ctx.get("markers_placed", 0) + len(placed)


def _place(game, params: PlaceTargetMarkers, ctx, system: str) -> None:
    owner = tables(game).marker_faction.get(params.marker, ctx["faction"])
    entry = {"marker": params.marker, "system": system, "card": ctx.get("card"), "faction": owner,
             "on_removal": [dict(s) for s in params.on_removal]}
    if params.each_refresh or params.until_base_moves:  # only then: old games' markers keep their old shape
        entry.update(each_refresh=[dict(s) for s in params.each_refresh], round=api.board.round_number(game),
                     until_base_moves=params.until_base_moves)
    markers(game).append(entry)
    game.log("target-marker-placed", marker=params.marker, system=system, card=ctx.get("card"))


# -- removing ------------------------------------------------------------------------------------------------------


def remove(game, index: int, by: str, cause: str) -> None:
    """Take a marker off the board, then run its removal effect and retire an Immediate objective that has no
    marker left (RE-IMM-03). The effect runs as frames on top of the caller's."""
    entry = markers(game).pop(index)
    game.log("target-marker-removed", marker=entry["marker"], system=entry["system"], card=entry["card"], by=by,
             cause=cause)
    card = entry["card"]
    immediate = game.state["data"]["roe"]["immediate"]
    if card in immediate and not any(m["card"] == card for m in markers(game)):
        _retire(game, card)
    if entry["on_removal"] and by != entry["faction"]:  # the reward of the side clearing the other's marker
        player = decider(game, by, "general")
        run_effect(game, entry["on_removal"], {"faction": by, "player": player, "card": card,
                                               "system": entry["system"], "marker": entry["marker"]})


def _retire(game, card: str) -> None:
    game.state["data"]["roe"]["immediate"].remove(card)
    api.cards.discard(game, "objectives", card)
    game.log("objective-discarded", card=card, cause="its last target marker is gone")


def remover(game, entry: dict) -> str | None:
    """RE-MRK-02, FAQ-119: the side that may remove the marker: the one with a ground unit there while the other
    side has none (either side, the owner too); nobody while a combat is being fought in that system."""
    combat = api.combat.state(game)
    where = entry["system"]
    if combat is not None and combat["system"] == where:
        return None
    for side in (OPPONENT[entry["faction"]], entry["faction"]):
        if (api.board.has_units(game, where, side, "ground")
                and not api.board.has_units(game, where, OPPONENT[side], "ground")):
            return side
    return None


def removable(game, entry: dict) -> bool:
    return remover(game, entry) is not None


def check_step(game, frame) -> None:
    """Offer the removal of each marker that may be removed now, one at a time (declining keeps it for now)."""
    declined = frame.setdefault("declined", [])
    if "choice" in frame:
        index = frame.pop("index")
        if frame.pop("choice")["id"] == "remove":
            remove(game, index, frame.pop("remover"), cause="ground units")
            return
        frame.pop("remover")
        declined.append([markers(game)[index]["marker"], markers(game)[index]["system"]])
    for index, entry in enumerate(markers(game)):
        if [entry["marker"], entry["system"]] in declined or not removable(game, entry):
            continue
        if frame.get("systems") is not None and entry["system"] not in frame["systems"]:
            continue
        frame["index"], frame["remover"] = index, remover(game, entry)
        game.ask(decider(game, frame["remover"], "general"), "remove-target-marker",
                 [{"id": "remove", "label": text(game, N_("Remove the {marker} from {system}"),
                                                 marker=Marker(entry["marker"]), system=entry["system"])},
                  {"id": "keep", "label": N_("Leave it")}],
                 N_("Remove a target marker?"))  # RE-MRK-02
        return
    game.pop()


def destroyed_step(game, frame) -> None:
    """RE-MRK-03: every marker in the destroyed system goes, each with its removal effect."""
    for index, entry in enumerate(markers(game)):
        if entry["system"] == frame["system"]:
            remove(game, index, OPPONENT[entry["faction"]], cause="system destroyed")
            return
    game.pop()


class RemoveTargetMarker(Strict):
    """Take one target marker off the context's system (the player's choice if several), with its removal effect
    (Rogue One); with ``every``, all of them, whoever owns them, one after the other."""

    model_config = uses(reads=("faction", "player", "card", "system"), writes=(), group="target markers")

    every: bool = False


@op(OPS, "remove_target_marker", RemoveTargetMarker)
def remove_target_marker(game, frame, params: RemoveTargetMarker, ctx) -> None:
    """Remove a target marker from this system, or every one there (Rogue One's top ability)."""
    here = [i for i, m in enumerate(markers(game)) if m["system"] == ctx.get("system")]
    if not here:
        return
    if params.every:  # one at a time: after a removal effect (pushed frames) this op runs again for the next
        remove(game, here[0], ctx["faction"], cause=ctx.get("card", "effect"))
        if game.state["stack"][-1] is frame:  # no removal effect pushed: the next marker at once
            remove_target_marker(game, frame, params, ctx)
        return
    options = [{"id": str(i), "label": text(game, "{marker}", marker=Marker(markers(game)[i]["marker"]))} for i in here]
    chosen = pick(game, frame, ctx["player"], "remove-target-marker", options, N_("Remove which target marker?"))
    if chosen is None:
        return
    game.pop()
    remove(game, int(chosen["id"]), ctx["faction"], cause=ctx.get("card", "effect"))


# -- Immediate objectives ------------------------------------------------------------------------------------------


def immediate_step(game, frame) -> None:
    """RE-IMM-02, FAQ-121: each Immediate objective in the Rebel's hand is revealed and resolved now."""
    if "ctx" in frame:
        ctx = frame.pop("ctx")
        card = ctx["card"]
        if card in game.state["data"]["roe"]["immediate"] and not any(m["card"] == card for m in markers(game)):
            _retire(game, card)  # it placed no marker (Rebel Cell with no Rebel system): gone at once
    hand = api.cards.hand(game, "rebel", "objectives")
    immediate = tables(game).immediate
    card = next((c for c in hand if c in immediate), None)
    if card is None:
        game.pop()
        return
    api.cards.take_from_hand(game, "rebel", "objectives", card)
    game.state["data"]["roe"]["immediate"].append(card)
    game.log("objective-revealed", card=card, timing="immediate")
    steps = [{"op": s.op, **s.params} for s in api.content.objective(game, card).effect]
    run_effect(game, steps, {"faction": "rebel", "player": decider(game, "rebel", "general"), "card": card},
               into="ctx")


# -- reactions -----------------------------------------------------------------------------------------------------


def on_event(game, event) -> None:
    kind = event["type"]
    if kind == "drew-objectives":
        if not tables(game).immediate.isdisjoint(api.cards.hand(game, "rebel", "objectives")):
            after_current(game, IMMEDIATE)
    elif not game.state["data"]["roe"]["markers"] or api.board.phase(game) == "setup":
        return
    elif kind == "system-destroyed":
        if any(m["system"] == event["system"] for m in markers(game)):
            after_current(game, DESTROYED, system=event["system"])
    elif kind == "combat-end":  # what changed during the combat, in its system or where units retreated to
        if any(removable(game, m) for m in markers(game)):
            after_current(game, CHECK, systems=None)
    elif kind in UNIT_EVENTS and api.combat.state(game) is None:
        touched = (event.get("to"), event.get("at"), event.get("from"), event.get("system"))  # the places it names
        systems = sorted([m["system"] for m in markers(game) if m["system"] in touched and removable(game, m)])
        if systems:
            after_current(game, CHECK, systems=systems)


STEPS = {CHECK: check_step, DESTROYED: destroyed_step, IMMEDIATE: immediate_step}
