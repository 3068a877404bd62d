"""Objectives (RB-OBJ-01..15, RS-OBJ-01/02): the objective deck, drawing, and playing a card for reputation.

The deck is a secret list (``data["decks"]["objectives"]``) built by setup in stage order, I on top of II on top
of III (RB-OBJ-12, RB-SET-04); ``data["objective_stages"]`` is the public list of the stages of the cards still in
it, top first, because card backs are open information (RS-OBJ-02). Code that reorders the deck calls
:func:`sync_stages` afterwards. The hand is a secret of the Rebel team (RB-OBJ-09) and does not count toward the
mission hand limit (RB-OBJ-11).

Playing a card (step ``base.objective.play``): the card is revealed, its effect runs (its condition ops first, then
anything else the card does), then the reputation printed on it is scored with ``board.change_reputation`` (one
space at a time, winning the moment it meets the time marker: RB-REP-03/04, RB-WIN-01) and the card goes to the
objective discard pile (RULINGS D-08, RS-OBJ-01: the FAQ changed RB-OBJ-02's 'back to the box' to 'discarded'; no
rule lets its owner play it again and the pile never refills this deck, but an ability that takes cards from it,
Something to Fight For, may). An op may
instead keep the card in hand unscored (a condition that fails, a Death Star Plans roll without a direct hit,
RB-DSP-04) or send it back to hand after scoring (Heart of the Empire).

Limits (RB-OBJ-07): one objective per combat, recorded by the combat rules in ``data["combat"]["objective_played"]``
(set here when a combat objective is scored), and one per Refresh Phase, recorded in
``data["limits"]["refresh-objective"]`` as the round it was played in. Objectives are never compulsory (RB-OBJ-08):
every offer comes with a way to decline.

Every timing the objective model accepts is read here (RB-OBJ-03: the card says when it is played):

* ``combat``: during a combat, once its condition holds (RB-OBJ-04, the combat rules ask);
* ``start-of-refresh``: before Refresh step 1 (RB-OBJ-06, RB-REF-02, the Refresh Phase asks);
* ``refresh``: at the end of the Refresh Phase, after its last step; it shares the Refresh Phase's one objective
  with ``start-of-refresh`` (RB-OBJ-07);
* ``any-time``: at the end of any phase, Assignment, Command or Refresh, at most one at each phase's end;
* ``immediate``: as soon as it is drawn (Rise of the Empire, RE-IMM-01, its own rules).

The end of a phase (step ``base.objective.phase-end``, pushed with the phase's ``*.end`` moment by
:func:`push_phase_end`) asks the Rebel only when the loaded content has objectives of those timings and he holds an
objective (the hand's size is public), whatever they are: being asked tells the Empire nothing, and a game without
such cards has not even the step's frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from swrebellion.engine.effects import run_effect
from swrebellion.i18n import N_

from .. import board
from ..board import team_secret
from ..cards import deck, discard, hand
from ..cards import draw as draw_cards
from ..names import text
from ..tables import tables
from .plans import feasibility

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

PLAY = "base.objective.play"
PHASE_END = "base.objective.phase-end"
#: Timings whose objectives share the Refresh Phase's single slot (RB-OBJ-07).
REFRESH_TIMINGS = ("start-of-refresh", "refresh")
#: Each phase -> the timings offered at its end (``any-time`` at every phase's end).
PHASE_ENDS = {"assignment": ("any-time",), "command": ("any-time",), "refresh": ("refresh", "any-time")}


def sync_stages(game: Game) -> None:
    """Recompute the public stage list from the deck (RS-OBJ-02), after any draw or rearrangement."""
    objectives = tables(game).objectives
    game.state["data"]["objective_stages"] = [objectives[card].stage for card in deck(game, "objectives")]


def draw(game, count: int = 1) -> list[str]:
    """The Rebel draws objectives (RB-OBJ-01, RB-REF-09); the General holds them in team play (RB-OBJ-14). An
    empty deck gives nothing: played objectives are out of the game, not a pile to reshuffle (RS-OBJ-01)."""
    drawn = draw_cards(game, "objectives", count)
    sync_stages(game)
    hand(game, "rebel", "objectives").extend(drawn)
    game.log("drew-objectives", faction="rebel", count=len(drawn), cards=team_secret(game, drawn, "rebel"))
    return drawn


def _conditions(game, card: str) -> list:
    """The card's condition ops as (feasibility test, parsed parameters), built once per set of rules: every step
    whose op has a feasibility test, whichever plugin registered it (``plans.feasibility``)."""
    cache = game.rules.cache.get("base.objective-conditions")
    if cache is None:
        cache = game.rules.cache["base.objective-conditions"] = {}
    if card not in cache:
        steps = [{"op": s.op, **s.params} for s in tables(game).objectives[card].effect]
        cache[card] = [test for test in (feasibility(game, step) for step in steps) if test]
    return cache[card]


def context(game, card: str, timing: str | None = None) -> dict:
    """The effect context of an objective: the Rebel plays it (his General decides, RB-TEAM-06); during a combat
    its ``system`` is the combat's (a combat objective acts there)."""
    ctx = {"faction": "rebel", "card": card}
    if timing is not None:
        ctx["timing"] = timing
    combat = game.state["data"].get("combat")
    if combat and combat.get("system"):
        ctx["system"] = combat["system"]
    return ctx


def conditions_met(game, card: str) -> bool:
    """Every condition of the card holds now (the feasibility tests of its steps, evaluated without running
    anything: its ``require`` steps, and any other op with a test)."""
    ctx = context(game, card)
    return all(feasible(game, params, ctx) for feasible, params in _conditions(game, card))


def slot_free(game: Game, timing: str) -> bool:
    """RB-OBJ-07: no objective yet in this combat / in this Refresh Phase."""
    data = game.state["data"]
    if timing == "combat":
        return data["combat"] is not None and not data["combat"].get("objective_played")
    if timing in REFRESH_TIMINGS:
        return data["limits"].get("refresh-objective") != data["round"]
    if timing == "any-time":
        return data["limits"].get("phase-end-objective") != [data["round"], data["phase"]]
    return True


def take_slot(game: Game, timing: str) -> None:
    """RB-OBJ-07: an objective was played (or the slot spent otherwise, as by a trade) with this timing: no other
    in this combat / in this Refresh Phase."""
    data = game.state["data"]
    if timing == "combat" and data["combat"] is not None:
        data["combat"]["objective_played"] = True
    elif timing in REFRESH_TIMINGS:
        data["limits"]["refresh-objective"] = data["round"]
    elif timing == "any-time":
        data["limits"]["phase-end-objective"] = [data["round"], data["phase"]]


def playable(game, timing: str) -> list[str]:
    """The objectives in the Rebel's hand with this timing (RB-OBJ-03) whose conditions are met now, if the
    timing's slot is still free. A card whose conditions are not yet data (no effect steps) is never offered: it
    would score without its condition being checked."""
    if not slot_free(game, timing):
        return []
    objectives = tables(game).objectives
    return sorted({c for c in hand(game, "rebel", "objectives")
                   if objectives[c].timing == timing and objectives[c].effect and conditions_met(game, c)})


def options(game, timing: str) -> list[dict]:
    """Decision options for playing an objective now: ``data`` is ``{"step", "args"}`` like command actions."""
    return [
        {"id": f"objective:{card}", "label": text(game, N_("Play {card}"), card=card),
         "data": {"step": PLAY, "args": {"card": card, "timing": timing}}}
        for card in playable(game, timing)
    ]


def answered(game, frame) -> bool:
    """A step that offered objectives (``options``, and ``pass``) got its answer: it ends, and the objective chosen
    is played. False while it has not asked yet."""
    if "choice" not in frame:
        return False
    choice = frame.pop("choice")
    game.pop()
    if choice["data"]:
        game.push(choice["data"]["step"], **choice["data"]["args"])
    return True


#: The question at each phase's end.
PHASE_END_PROMPTS = {"assignment": N_("Play an objective at the end of the Assignment Phase?"),
                     "command": N_("Play an objective at the end of the Command Phase?"),
                     "refresh": N_("Play an objective at the end of the Refresh Phase?")}


def push_phase_end(game: Game, phase: str) -> None:
    """Push the step offering objectives at the end of ``phase``, to run once the phase is over (the caller pushes
    it under the phase's step), if the loaded content has objectives of a timing played there."""
    if tables(game).phase_end_timings & set(PHASE_ENDS[phase]):
        game.push(PHASE_END, phase=phase)


def _phase_end_step(game, frame) -> None:
    """The end of a phase (``PHASE_ENDS``): the Rebel may play one objective whose timing allows it there
    (RB-OBJ-03, RB-OBJ-08: declining is always possible)."""
    phase = frame["phase"]
    timings = PHASE_ENDS[phase]
    if answered(game, frame):
        return
    if not hand(game, "rebel", "objectives"):
        game.pop()
        return
    offered = [option for timing in timings for option in options(game, timing)]
    offered.append({"id": "pass", "label": N_("Play no objective"), "data": None})
    game.ask(board.decider(game, "rebel", "general"), "phase-end-objective", offered, PHASE_END_PROMPTS[phase])


def _play_step(game, frame) -> None:
    card = frame["card"]
    info = tables(game).objectives[card]
    if "started" not in frame:
        frame["started"] = True
        hand(game, "rebel", "objectives").remove(card)
        game.log("objective-played", card=card, timing=frame["timing"])
        steps = [{"op": s.op, **s.params} for s in info.effect]
        run_effect(game, steps, context(game, card, frame["timing"]), into="ctx")
        return
    game.pop()
    if frame.pop("ctx", {}).get("stopped"):  # an effect that ended early: a condition not met, nothing scored
        frame["kept"] = True
    if frame.get("kept"):
        hand(game, "rebel", "objectives").append(card)
        game.log("objective-kept", faction="rebel", card=card)
        return
    take_slot(game, frame["timing"])
    if frame.get("back_to_hand"):
        hand(game, "rebel", "objectives").append(card)
    else:
        discard(game, "objectives", card)  # RULINGS D-08: the discard pile, not the box
    game.log("objective-scored", card=card, reputation=info.reputation)
    if info.reputation:
        board.change_reputation(game, info.reputation, cause=card)


def _play_frame(game) -> dict | None:
    for frame in reversed(game.state["stack"]):
        if frame["step"] == PLAY:
            return frame
    return None


def keep_in_hand(game) -> None:
    """The objective being played goes back to hand unscored and uses up no slot (a failed condition; Death Star
    Plans without a direct hit, RB-DSP-04). Outside an objective (a condition op in another card) nothing to do."""
    frame = _play_frame(game)
    if frame is not None:
        frame["kept"] = True


def return_to_hand_after_scoring(game) -> None:
    """The objective being played is scored and then returns to hand (Heart of the Empire)."""
    frame = _play_frame(game)
    if frame is not None:
        frame["back_to_hand"] = True


def objective_played(game, ctx: dict) -> bool:
    """Whether the effect with context ``ctx`` is that of an objective being played."""
    frame = _play_frame(game)
    return frame is not None and frame["card"] == ctx.get("card")


def keep_card_in_hand(game, ctx: dict, on: str = "always") -> None:
    """The card being played goes back to its owner's hand instead of its discard pile: a mission when it ends
    (``on: failure``: only if its attempt fails; ``missions._finish`` reads ``to_hand``), an objective after it is
    scored, an action card at once (it would otherwise leave the game, RS-ACT-02)."""
    card = ctx.get("card")
    t = tables(game)
    if card in t.missions and "leaders" in ctx:
        ctx["to_hand"] = on
    elif card in t.objectives and objective_played(game, ctx):
        return_to_hand_after_scoring(game)
    elif card in t.actions:
        hand(game, ctx["faction"], "actions").append(card)


STEPS = {PLAY: _play_step, PHASE_END: _phase_end_step}
