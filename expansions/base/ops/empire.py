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
from .conditions import OpTable, Strict, op, pick

OPS: OpTable = {}


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
