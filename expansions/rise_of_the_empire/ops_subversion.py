"""Rise of the Empire cards that answer another mission (issue 7): Subversion, and the Bounty ring of Post Bounty.

Subversion (RS-ROE-04, RS-ASG-10) is assigned like any mission, with up to two leaders, but never revealed on its
own: its effect starts with a ``trigger`` at the ``mission-attempt`` moment against an opponent's attempt, which
never holds when missions are revealed, so ``api.reveal_options`` never offers it. When the opponent attempts
a mission and the owner has had the chance to send a pool leader, the base rules run the ``opposition-steps`` they
are given (:func:`opposition_steps`):
``reveal_opposition`` lets the owner reveal one such card (one per mission, even after passing, costing no turn;
never against a resolve mission, which is not opposed) whose leaders still meet its requirement. The card is
discarded (assumed) and its ``effect`` runs: ``join_opposition`` puts its leaders in the mission's system, where they
oppose it, with the extra dice. It neither succeeds nor fails.

Post Bounty (card-effects-actions-tactics.md §3) is data: a ``trigger`` at the base rules' ``mission-failed``
moment, then ``attach_ring`` (``among: answered``) with the ``bounty-ring`` marker. What the ring does is here
(:func:`on_event`): capturing its wearer replaces it with the captured ring (RS-CAP-03, the base rules log
``ring-replaced`` with ``by: captured``), and that costs the Rebel 1 reputation.

Aggressive Negotiations needs no op: its ``failure`` steps (``MissionCard.failure``) are run by the base rules'
``failure`` mission stage.
"""

from __future__ import annotations

from pydantic import Field

from swrebellion.engine import peek
from swrebellion.engine.effects import insert
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.cards import discard, feasible as card_feasible, plan as card_plan
from swrebellion.expansions.base.api.content import track_length
from swrebellion.expansions.base.api.ops import OpTable, Strict, answer, op, pick, uses
from swrebellion.expansions.base.api.words import text
from swrebellion.i18n import N_

OPS: OpTable = {}

JOIN = "join_opposition"
MOMENT = "mission-attempt"  # the moment a counter-mission's trigger names: an attempt, at its opposition


# -- Subversion ----------------------------------------------------------------------------------------------------


def _counter_missions(game, context: dict) -> list[int]:
    """Indexes of the side's assigned, unrevealed cards whose effect joins an opposition and whose trigger holds
    for this mission, whose leaders are all still on them (RULINGS C-11) and meet the card's requirement
    (RS-MIS-02); none where the side is barred (Boba Fett? Where?)."""

    faction = context["faction"]
    if api.cards.barred(game, faction, context["system"]):
        return []
    out = []
    try:
        joins = game.rules.cache[_JOINS]
    except KeyError:
        joins = game.rules.cache[_JOINS] = {}
    for index, entry in enumerate(api.cards.assigned(game, faction)):
        card = peek(entry["card"])
        joining = joins.get(card)  # asked at every opposition, and most cards join none (their trigger is then
        if joining is None:  # never tried): whether one does is found once per rules
            joining = joins[card] = any(step["op"] == JOIN for step in card_plan(game, card).effect)
        if not joining:
            continue
        if not card_feasible(game, card, {**context, "moment": MOMENT, "card": card}):
            continue
        if all(api.leaders.state(game, l)["at"] == "mission" and not api.leaders.is_captured(game, l) for l in entry["leaders"]) \
                and api.cards.meets(game, card, entry["leaders"]):
            out.append(index)
    return out


_JOINS = "rise-of-the-empire.joins-opposition"  # card -> whether its effect joins an opposition


def opposition_steps(game, value, context):
    """``opposition-steps``: offer Subversion when the side holds one it may reveal (RS-ROE-04)."""
    if not _counter_missions(game, context):
        return None
    return [*value, {"op": "reveal_opposition"}]


class RevealOpposition(Strict):
    """No parameters: the side's player chooses the card, or none."""

    model_config = uses(reads=("faction", "player", "system", "mission"), writes=(), group="missions")


@op(OPS, "reveal_opposition", RevealOpposition)
def reveal_opposition(game, frame, params: RevealOpposition, ctx) -> None:
    """Let the side reveal one assigned Subversion card against the mission being attempted; it is discarded and
    its effect runs with its leaders (RS-ROE-04)."""
    faction = ctx["faction"]
    assigned = api.cards.assigned(game, faction)
    chosen = answer(frame)  # the answer: the cards offered are not listed again
    if chosen is None:
        indexes = _counter_missions(game, ctx)
        options = [{"id": "none", "label": N_("Reveal nothing")}]
        options += [{"id": str(i), "label": text(game, N_("Reveal {card} ({leaders})"), card=peek(assigned[i]["card"]),
                                                 leaders=list(assigned[i]["leaders"]))} for i in indexes]
        chosen = pick(game, frame, ctx["player"], "reveal-opposition", options,
                      text(game, N_("Reveal a mission to oppose {card} in {system}?"), card=ctx["mission"]["card"],
                           system=ctx["system"]))
        if chosen is None:
            return
    game.pop()
    if chosen["id"] == "none":
        return
    entry = api.cards.take_assigned(game, faction, int(chosen["id"]))
    card = peek(entry["card"])
    discard(game, f"missions-{faction}", card)
    game.log("opposition-revealed", faction=faction, card=card, leaders=list(entry["leaders"]), system=ctx["system"],
             against=ctx["mission"]["card"])
    ctx.update(card=card, leaders=list(entry["leaders"]), moment=MOMENT)
    insert(game, card_plan(game, card).effect)


class JoinOpposition(Strict):
    """The card's leaders go to the system of the mission being attempted and oppose it (RS-ROE-04), the opposing
    side rolling ``extra_dice`` more dice there."""

    model_config = uses(reads=("faction", "card", "leaders", "system"), writes=(), group="missions")

    extra_dice: int = Field(default=0, ge=0, description="Dice added to the opposing side's mission roll.")


@op(OPS, JOIN, JoinOpposition)
def join_opposition(game, frame, params: JoinOpposition, ctx) -> None:
    """Put the card's leaders in the attempted mission's system, opposing it with extra dice (Subversion)."""
    game.pop()
    where = ctx["system"]
    for lid in ctx.get("leaders", []):
        api.leaders.place(game, lid, where)
        game.log("opposed", faction=ctx["faction"], leader=lid, system=where, card=ctx.get("card"))
    api.cards.oppose_mission(game, params.extra_dice)


# -- Post Bounty ---------------------------------------------------------------------------------------------------

BOUNTY = "bounty-ring"
#: Rings that may not be put on a leader wearing the Bounty ring (Post Bounty's text, SU): they would replace it.
NOT_ON_BOUNTY = ("master-yoda", "millennium-falcon")
BOUNTY_LOSS = 1  # reputation the Rebel loses when the ringed leader is captured
EVENTS = ("ring-replaced",)


def on_event(game, event) -> None:
    """The Bounty ring's wearer is captured: the Rebel loses 1 reputation (a loss stops at the end of the time
    track, RB-REP-05). Any other ring replacing it just ends it (RS-ACT-13)."""
    if event.get("ring") != BOUNTY or event.get("by") != "captured":
        return
    loss = min(BOUNTY_LOSS, track_length(game) - api.board.reputation(game))
    game.log("bounty-collected", leader=event["leader"], loss=loss)
    if loss:
        api.board.change_reputation(game, -loss, cause="post-bounty")


def ring_bearers(game, leaders: list[str], context: dict) -> list[str]:
    """Post Bounty: the Master Yoda and Millennium Falcon rings never go on a leader wearing the Bounty ring."""
    if context["ring"] not in NOT_ON_BOUNTY:
        return leaders
    return [lid for lid in leaders if api.leaders.state(game, lid)["ring"] != BOUNTY]
