"""Effect ops that the Imperial mission and project cards need beyond the shared vocabulary: a branch on the
mission's leaders (the portrait leader's extra on a resolve card, RS-MIS-06), reputation lost, a leader detained
or carried off, build queues sped up or deployed from, loyalty taken away across a region, the base asked about,
an objective sent to the bottom of its deck.

Each op acts on the running effect's context (``ops_conditions``): ``faction`` and ``player`` are the side playing
the card and who decides for it, ``system`` where the mission takes place, ``leader`` the leader it is against,
``leaders`` the leaders assigned to it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.engine import secret

from .. import board
from ..cards import deck, hand
from ..names import label
from ..rules.objectives import sync_stages
from ..tables import OPPONENT, tables
from .conditions import OpTable, Strict, SystemFilter, matches, op, pick

OPS: OpTable = {}


# -- leaders -------------------------------------------------------------------------------------------------------


class Detain(Strict):
    """The context's leader (``key``) stays on the board through the next Refresh Phase's step 1 instead of going
    back to the pool (``refresh.retrieve_leaders_step``); meanwhile he acts normally. A captured leader cannot be
    detained, and capturing a detained leader ends it (card FAQ; ``ops_board.capture_leader``)."""

    key: str = "leader"


@op(OPS, "detain", Detain)
def detain(game, frame, params: Detain, ctx) -> None:
    """Keep a leader on the board through the next Refresh Phase (Detained: a state no other card uses, hence its
    own op)."""
    lid = ctx[params.key]
    if board.is_captured(game, lid):
        game.log("effect-failed", card=ctx.get("card"), reason="a captured leader cannot be detained", leader=lid)
    else:
        board.leader(game, lid)["detained"] = True
        game.log("detained", leader=lid, at=board.leader(game, lid)["at"], card=ctx.get("card"))
    game.pop()


class TakeToNearest(Strict):
    """Move the context's leader (``key``), and the mission's leaders when ``with_mission``, to the nearest system
    meeting ``where``, counting adjacency steps from the context's system (which comes first: if it qualifies,
    nobody moves, RS-CAP-08); the card's player picks among equally near systems. With no such system anywhere
    nobody moves. A captured leader left where the Empire has no unit is rescued at once (RB-LDR-05)."""

    where: SystemFilter
    key: str = "leader"
    with_mission: bool = True


def nearest_systems(game, start: str, where: SystemFilter, ctx) -> list[str]:
    """The qualifying systems fewest adjacency steps away from ``start`` (itself at distance 0), in id order."""
    adjacent = tables(game).adjacent
    seen, ring = {start}, [start]
    while ring:
        found = sorted(s for s in ring if matches(game, s, where, ctx))
        if found:
            return found
        following = sorted({n for s in ring for n in adjacent.get(s, ()) if n not in seen})
        seen.update(following)
        ring = following
    return []


@op(OPS, "take_to_nearest", TakeToNearest)
def take_to_nearest(game, frame, params: TakeToNearest, ctx) -> None:
    """Take a leader, and the mission's leaders, to the nearest system meeting a condition (Collect Bounty: the
    captive and his captors go to the nearest system with an Imperial unit)."""
    lid, start = ctx[params.key], ctx["system"]
    candidates = nearest_systems(game, start, params.where, ctx)
    if candidates and start not in candidates:
        chosen = pick(game, frame, ctx["player"], "choose-system",
                      [{"id": s, "label": label(game, s)} for s in candidates],
                      f"{label(game, ctx.get('card', ''))}: take {label(game, lid)} to which system?")
        if chosen is None:
            return
        captors = ctx.get("leaders", []) if params.with_mission else []
        movers = [lid] + [l for l in captors if board.leader(game, l)["at"] == start]
        for mover in movers:
            board.leader(game, mover)["at"] = chosen["id"]
        game.log("leaders-moved", leaders=movers, source=start, to=chosen["id"], card=ctx.get("card"))
    board.rescue_if_unguarded(game, board.leader(game, lid)["at"])
    game.pop()


# -- the Rebel base and the objectives --------------------------------------------------------------------------------


class TellBase(Strict):
    """The Rebel says truthfully whether his base is in the context's system (``scope: region``: in that system's
    region, Local Rumors); the base is not revealed (RB-BAS-16, RS-BLF-04). Both sides hear the answer."""

    scope: Literal["system", "region"] = "system"
    system: str = Field(default="system", description="Context key of the system asked about.")


@op(OPS, "tell_base", TellBase)
def tell_base(game, frame, params: TellBase, ctx) -> None:
    """The Rebel says whether his base is in the system (or its region), without revealing it (Long-Range Probe,
    Local Rumors: a question no other card asks, hence its own op)."""
    where, base = ctx[params.system], board.base_system(game)
    if params.scope == "region":
        region = tables(game).systems[where].region
        here = base is not None and tables(game).systems[base].region == region
        game.log("base-answer", system=where, region=region, here=here, card=ctx.get("card"))
    else:
        game.log("base-answer", system=where, here=base == where, card=ctx.get("card"))
    game.pop()


class BuryObjective(Strict):
    """The card's player picks one objective card from the Rebel's hand (seen first: ``show_hand``) and it goes to
    the bottom of the objective deck, its public back with it (RS-OBJ-02). With ``at_random`` the card is taken
    at random instead and shown to both sides; with ``top`` it goes on top of the deck."""

    at_random: bool = False
    top: bool = False


@op(OPS, "bury_objective", BuryObjective)
def bury_objective(game, frame, params: BuryObjective, ctx) -> None:
    """Send one objective from the Rebel's hand to the bottom of the objective deck (Retrieve the Plans)."""

    cards = hand(game, "rebel", "objectives")
    if not cards:
        game.pop()
        return
    where = "top" if params.top else "bottom"
    if params.at_random:
        chosen = {"id": cards[game.random_below(len(cards))]}
    else:
        chosen = pick(game, frame, ctx["player"], "bury-objective",
                      [{"id": c, "label": f"Put {label(game, c)} on the {where} of the deck"} for c in sorted(set(cards))],
                      f"Which Rebel objective goes to the {where} of the objective deck?")
    if chosen is None:
        return
    cards.remove(chosen["id"])
    if params.top:
        deck(game, "objectives").insert(0, chosen["id"])
    else:
        deck(game, "objectives").append(chosen["id"])
    sync_stages(game)
    both = board.team(game, "rebel") + board.team(game, OPPONENT["rebel"])
    game.log("objective-buried", card=secret(chosen["id"], *both), by=ctx.get("card"), to=where)
    game.pop()
