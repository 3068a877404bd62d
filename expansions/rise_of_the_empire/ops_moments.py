"""The rules moments of the last Rise of the Empire cards, and their ops (issue 7).

* **Start of each Refresh Phase, for target markers** (Rebel Cell, Show No Fear): a marker placed with
  ``place_target_markers(each_refresh=[...])`` runs those steps at the start of every Refresh Phase while it stays
  on the board. The step ``base.refresh.objective`` (Refresh part 0) is overridden: it first runs the markers'
  steps (``roe.markers.refresh``), then the base step (the start-of-Refresh objective), so a marker that trades for
  the objective slot (Rebel Cell, ``trade_objective``) leaves none for the objective, and one placed by a
  start-of-Refresh objective (Show No Fear) first scores in the next Refresh (FAQ-ES p.7-8).
* **The Rebel base relocates**: a marker placed with ``until_base_moves`` leaves the old base's system, with its
  removal effect (Show No Fear).
* **After a retreat** (Track Them): the base rules' ``retreat`` moment of Special cards (``actions.MOMENTS``);
  the card's ``move_leaders`` (``which: choose``, ``source: system``, ``to: pool``) acts there.
* **Good Intel** (RoE printing): with it in play the Rebel picks and reveals his advanced tactic card first in
  each battle of the combat, and the Empire then picks knowing it (``battle_effect`` with ``effect: pick-first``
  records it; ``cinematic`` asks through :func:`pick_first`).
"""

from __future__ import annotations

from swrebellion.engine.effects import run_effect
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.board import OPPONENT, decider
from swrebellion.expansions.base.api.cards import discard, hand
from swrebellion.expansions.base.api.combat import ROLE, effects as combat_effects
from swrebellion.expansions.base.api.ops import OpTable, Strict, answer, op, pick, uses
from swrebellion.expansions.base.api.words import card_prompt, text
from swrebellion.i18n import N_

from .flow import after_current
from .markers import markers, remove

OPS: OpTable = {}
REFRESH_MARKERS = "roe.markers.refresh"
BASE_MOVED = "roe.markers.base-moved"


# -- start of the Refresh Phase ------------------------------------------------------------------------------------


def refresh_markers_step(game, frame) -> None:
    """At the ``refresh.start`` moment (RE-MRK): run the start-of-Refresh steps of each marker on the board, one marker after the other, with the marker's
    owner as the side acting (its General deciding) and its system as the context's system."""
    done = frame.setdefault("done", [])
    for entry in markers(game):
        key = [entry["marker"], entry["system"]]
        if not entry.get("each_refresh") or key in done:
            continue
        done.append(key)
        game.log("target-marker-refresh", marker=entry["marker"], system=entry["system"], card=entry["card"])
        run_effect(game, entry["each_refresh"], {"faction": entry["faction"], "card": entry["card"],
                                                 "player": decider(game, entry["faction"], "general"),
                                                 "system": entry["system"], "marker": entry["marker"]})
        return
    game.pop()


class TradeObjective(Strict):
    """The Rebel may discard one objective card from his hand to gain ``reputation``; doing so uses up the Refresh
    Phase's objective slot (RB-OBJ-07) unless ``uses_refresh_slot`` is false. Declining is always possible."""

    model_config = uses(reads=("card", "player"), writes=(), group="target markers")

    reputation: int = 1
    uses_refresh_slot: bool = True


@op(OPS, "trade_objective", TradeObjective)
def trade_objective(game, frame, params: TradeObjective, ctx) -> None:
    """Primitive: spends the Rebel's start-of-Refresh objective slot (RB-REF-02) on a trade: a rule of the Refresh
    Phase.

    Let the Rebel discard an objective from hand for reputation (Rebel Cell)."""
    chosen = answer(frame)  # the answer: the objectives offered are not listed again
    if chosen is None:
        cards = sorted(set(hand(game, "rebel", "objectives")))
        if not cards or (params.uses_refresh_slot and not api.cards.slot_free(game, "start-of-refresh")):
            return
        options = [{"id": c, "label": text(game, N_("Discard {card} for {n} reputation"), card=c, n=params.reputation)}
                   for c in cards]
        options.append({"id": "keep", "label": N_("Discard nothing")})
        chosen = pick(game, frame, ctx["player"], "trade-objective", options,
                      card_prompt(game, ctx, N_("{card}: discard an objective for reputation?"),
                                  N_("Discard an objective for reputation?")))
        if chosen is None:
            return
    game.pop()
    if chosen["id"] == "keep":
        return
    api.cards.take_from_hand(game, "rebel", "objectives", chosen["id"])
    discard(game, "objectives", chosen["id"])
    if params.uses_refresh_slot:
        api.cards.take_slot(game, "start-of-refresh")
    game.log("objective-traded", card=chosen["id"], by=ctx.get("card"), reputation=params.reputation)
    api.board.change_reputation(game, params.reputation, cause=ctx.get("card", "effect"))


# -- the Rebel base relocates ----------------------------------------------------------------------------------------


def base_moved_step(game, frame) -> None:
    """Markers placed ``until_base_moves`` in the old base's system go, one after the other, with their effect."""
    for index, entry in enumerate(markers(game)):
        if entry.get("until_base_moves") and entry["system"] == frame["system"]:
            remove(game, index, OPPONENT[entry["faction"]], cause="base relocated")
            return
    game.pop()


def on_base_relocated(game, event) -> None:
    if any(m.get("until_base_moves") and m["system"] == event["old"] for m in markers(game)):
        after_current(game, BASE_MOVED, system=event["old"])


# -- Good Intel: one side picks its advanced tactic card first, openly --------------------------------------------

PICK_FIRST = "pick-first"


def pick_first(game, frame, eligible: list[str], asks: list) -> bool:
    """Called by ``cinematic`` when both sides have a tactic card to choose: if one must pick first (Good Intel),
    ask him alone now and keep the other's question for stage ``first``; True when it did so."""

    first = [f for f in eligible if combat_effects(game, PICK_FIRST, f)]
    if len(first) != 1:  # nobody, or both (then they choose at once, as usual)
        return False
    index = eligible.index(first[0])
    frame.update(stage="first", first=first[0], later=[list(a) for i, a in enumerate(asks) if i != index])
    player, kind, options, prompt = asks[index]
    game.ask(player, kind, options, text(game, N_("{prompt} (you choose first, face up)"), prompt=prompt),
             key="first_pick")
    return True


def picked_first(game, frame) -> None:
    """Stage ``first`` of the cinematic card step: the first side's card is shown, then the other side chooses."""
    first = frame.pop("first")
    chosen = frame.pop("first_pick")
    player = decider(game, first, ROLE[frame["theater"]])
    frame["picks"][player] = {"id": chosen["id"]}
    game.log("advanced-tactic-shown", faction=first, theater=frame["theater"], card=chosen["id"])
    frame["stage"] = "reveal"
    game.ask_simultaneous([tuple(a) for a in frame.pop("later")], key="answers")


# -- registration ----------------------------------------------------------------------------------------------------


STEPS = {REFRESH_MARKERS: refresh_markers_step, BASE_MOVED: base_moved_step}
REACTIONS = {"base-relocated": on_base_relocated}
