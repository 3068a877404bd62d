"""Effect ops first needed by Rebel cards: a combat a card orders, units destroyed on a build queue, leaders
reassigned, replaced or eliminated, effects on a leader until the end of the round, probe cards planted back in the
deck; and the Master Yoda ring that Seek Yoda attaches (a reroll once per round in a mission or a combat).

Effects lasting the round are kept in ``data["limits"]["leader-effects"]`` as ``{kind, leader, round, amount}``
(entries of past rounds are dropped when one is added); the rules read them through :func:`leader_effects`
(``missions``: opposition, successes). The Master Yoda ring's use this round is ``data["limits"]["master-yoda"]``
(the round it was used in).
"""

from __future__ import annotations


from pydantic import Field

from swrebellion.engine import secret

from .. import board
from ..cards import deck, hand
from ..names import label
from ..rules import missions
from ..rules.plans import playable
from ..tables import OPPONENT, tables
from .conditions import OpTable, Strict, answer, op, pick

OPS: OpTable = {}


# -- a combat the card orders ------------------------------------------------------------------------------------


class Fight(Strict):
    """A combat in the card's system once the card is over, if both sides then share a theater there (RS-MIS-05:
    'then resolve a combat' is fought after every step of the mission, with the normal combat steps)."""


@op(OPS, "fight", Fight)
def fight(game, frame, params: Fight, ctx) -> None:
    """Order a combat in the system once the card is over (Incite Rebellion, Public Uprising, Plan the Assault).

    ``ops_plans.fight_after`` starts it when the mission or action card ends."""
    ctx["combat"] = ctx["system"]
    ctx.setdefault("origins", [])
    game.pop()


# -- leaders ----------------------------------------------------------------------------------------------------------


class ReassignLeaders(Strict):
    """The mission's leaders go, face down, onto a starting mission card from the side's hand, one used earlier this
    round included (starting missions come back to hand, RB-MIS-22). This happens in the Command Phase, so no other
    leader joins them (RS-MIS-07). Only cards they meet are offered (as for assignments, ``missions``)."""


def _reassign_cards(game, ctx) -> list[str]:
    t = tables(game)
    return sorted({c for c in hand(game, ctx["faction"], "missions") if t.missions[c].deck == "starting"
                   and playable(game, c) and missions.meets(game, c, ctx["leaders"])})


@op(OPS, "reassign_leaders", ReassignLeaders, lambda game, params, ctx: bool(_reassign_cards(game, ctx)))
def reassign_leaders(game, frame, params: ReassignLeaders, ctx) -> None:
    """Put the mission's leaders on a starting mission from hand (Contingency Plan)."""

    leaders = [l for l in ctx["leaders"] if board.leader(game, l)["at"] == "pool"]
    cards = _reassign_cards(game, {**ctx, "leaders": leaders}) if leaders else []
    if not cards:
        game.pop()
        return
    chosen = pick(game, frame, ctx["player"], "choose-mission", [{"id": c, "label": label(game, c)} for c in cards],
                  f"Assign {', '.join(label(game, l) for l in leaders)} to which starting mission?")
    if chosen is None:
        return
    hand(game, ctx["faction"], "missions").remove(chosen["id"])
    missions.assign(game, ctx["faction"], chosen["id"], leaders)
    game.pop()


# -- probe cards ------------------------------------------------------------------------------------------------------


class PlantProbes(Strict):
    """Take ``count`` probe cards at random from the Empire's hand; the Rebel puts each on the top or the bottom of
    the probe deck, in the order he likes (a card put on top later lies above one put there earlier). The Empire
    saw the cards taken and learns how many went on top and how many to the bottom, not which (FAQ)."""

    count: int = Field(default=4, ge=1)


@op(OPS, "plant_probes", PlantProbes)
def plant_probes(game, frame, params: PlantProbes, ctx) -> None:
    """Put probe cards taken from the Empire back on the probe deck (Plant False Lead)."""
    if "taken" not in frame:
        held = hand(game, "empire", "probes")
        taken = [held.pop(game.random_below(len(held))) for _ in range(min(params.count, len(held)))]
        frame.update(taken=taken, top=0, bottom=0)
        both = board.team(game, "rebel") + board.team(game, OPPONENT["rebel"])
        game.log("probes-taken", faction="rebel", count=len(taken), cards=secret(list(taken), *both),
                 card=ctx.get("card"))
    chosen = answer(frame)
    if chosen is not None:
        where, _, card = chosen["id"].partition(":")
        frame["taken"].remove(card)
        frame[where] += 1
        cards = deck(game, "probes")
        if where == "top":
            cards.insert(0, card)
        else:
            cards.append(card)
    if frame["taken"]:
        options = [{"id": f"{where}:{c}", "label": f"Put {label(game, tables(game).probes[c])} on the {where}"}
                   for c in sorted(frame["taken"]) for where in ("top", "bottom")]
        game.ask(ctx["player"], "plant-probe", options, "Put which probe card where? (the next on top lies above)")
        return
    game.log("probes-planted", faction="rebel", top=frame["top"], bottom=frame["bottom"], card=ctx.get("card"))
    game.pop()


# -- the Master Yoda ring ---------------------------------------------------------------------------------------------


