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

from pydantic import Field, field_validator

from swrebellion.engine import secret
from swrebellion.engine.effects import insert
from swrebellion.i18n import N_
from swrebellion.models.effects import Steps

from .. import board
from ..cards import deck, hand
from ..names import label, text
from ..rules.objectives import sync_stages
from ..tables import DEATH_STAR, DSUC, OPPONENT, tables, track_length
from .conditions import Faction, OpTable, Strict, Where, matches, op, pick, systems_where
from .flow import When, _holds

OPS: OpTable = {}


# -- a branch on the game -------------------------------------------------------------------------------------------


class If(Strict):
    """Run ``then`` when ``when`` holds, otherwise ``otherwise``, in the same context: nobody chooses (unlike
    ``choose_one``). E.g. ``when: {mission_leader: admiral-ozzel}`` for a portrait leader's extra on a resolve card
    (RS-MIS-06), ``when: {leader_in: [luke-skywalker]}`` for a clause about one leader."""

    when: When
    then: Steps = Field(default_factory=list, description="Effect steps run when it holds.")
    otherwise: Steps = Field(default_factory=list, description="Effect steps run when it does not.")


@op(OPS, "if", If)
def if_(game, frame, params: If, ctx) -> None:
    """Run one of two lists of steps by a condition on the game, nobody choosing (Probe Droid Initiative, Double
    Our Efforts, Lure of the Dark Side)."""
    steps = frame["params"].get("then" if _holds(game, params.when, ctx) else "otherwise", [])
    game.pop()
    insert(game, steps)


# -- reputation ----------------------------------------------------------------------------------------------------


class ChangeReputation(Strict):
    """The Rebel gains (``amount`` > 0) or loses (``amount`` < 0) reputation, one space at a time (RB-REP-03..05); a
    loss stops at the end of the time track."""

    amount: int

    @field_validator("amount")
    @classmethod
    def _not_zero(cls, value: int) -> int:
        if value == 0:
            raise ValueError("a reputation change of 0 does nothing")
        return value


@op(OPS, "change_reputation", ChangeReputation)
def change_reputation(game, frame, params: ChangeReputation, ctx) -> None:
    """The Rebel gains or loses reputation (Carbon Freezing; Lure of the Dark Side on Luke Skywalker)."""
    amount = params.amount
    if amount < 0:
        amount = -min(-amount, track_length(game) - game.state["data"]["reputation"])
    game.pop()
    if amount:
        board.change_reputation(game, amount, cause=ctx.get("card", "effect"))


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

    where: Where
    key: str = "leader"
    with_mission: bool = True


def nearest_systems(game, start: str, where: Where, ctx) -> list[str]:
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
                      text(game, N_("{card}: take {leader} to which system?"), card=ctx.get("card", ""), leader=lid))
        if chosen is None:
            return
        captors = ctx.get("leaders", []) if params.with_mission else []
        movers = [lid] + [l for l in captors if board.leader(game, l)["at"] == start]
        for mover in movers:
            board.leader(game, mover)["at"] = chosen["id"]
        game.log("leaders-moved", leaders=movers, source=start, to=chosen["id"], card=ctx.get("card"))
    board.rescue_if_unguarded(game, board.leader(game, lid)["at"])
    game.pop()


# -- build queues ----------------------------------------------------------------------------------------------------


class AdvanceQueue(Strict):
    """The side picks ``count`` different units on its build queue's ``spaces`` and moves each one space closer to
    deployment, one at a time (Double Our Efforts: space 3 to 2 or 2 to 1)."""

    count: int = Field(default=1, ge=1)
    spaces: list[Literal[2, 3]] = Field(default=[2, 3], min_length=1, description="Build-queue spaces (2 and 3).")


@op(OPS, "advance_queue", AdvanceQueue)
def advance_queue(game, frame, params: AdvanceQueue, ctx) -> None:
    """Move units on the build queue one space closer to deployment (Double Our Efforts)."""
    faction = ctx["faction"]
    queue = game.state["data"]["queue"][faction]
    moved = frame.setdefault("moved", {})  # "space:unit" -> units moved onto that space by this op
    while frame.setdefault("done", 0) < params.count:
        options = []
        for space in sorted(params.spaces, reverse=True):
            for unit, n in sorted(queue.get(str(space), {}).items()):
                if n > moved.get(f"{space}:{unit}", 0):
                    options.append({"id": f"{space}:{unit}",
                                    "label": text(game, N_("{unit} from space {space} to {to}"), unit=unit,
                                                  space=space, to=space - 1)})
        if not options:
            break
        chosen = pick(game, frame, ctx["player"], "advance-unit", options, N_("Move which unit one space closer?"))
        if chosen is None:
            return
        space, unit = _take_from_queue(game, faction, chosen["id"])
        board.queue_unit(game, faction, unit, space - 1)
        key = f"{space - 1}:{unit}"
        moved[key] = moved.get(key, 0) + 1
        frame["done"] += 1
        game.log("queue-moved", faction=faction, unit=unit, source=space, to=space - 1, card=ctx.get("card"))
    game.pop()


def _take_from_queue(game, faction: str, option_id: str) -> tuple[int, str]:
    """Take one unit off the build queue, by an option id ``"space:unit"``; returns its space and type."""
    space, _, unit = option_id.partition(":")
    here = game.state["data"]["queue"][faction][space]
    here[unit] -= 1
    if not here[unit]:
        del here[unit]
    return int(space), unit


class DeployFromQueue(Strict):
    """The side picks one unit on its build queue's ``spaces`` and deploys it straight into the context's system
    (Oversee Project). A Death Star can go only into the system of the Death Star Under Construction, which it
    replaces (RS-DSU-02, RS-DSU-07); other deployment limits are the target's business (RS-DEP-09)."""

    spaces: list[Literal[1, 2, 3]] = Field(default=[1, 2], min_length=1, description="Build-queue spaces.")
    count: int = Field(default=1, ge=1, description="Up to this many units, one at a time; after the first the "
                       "player may stop.")


@op(OPS, "deploy_from_queue", DeployFromQueue)
def deploy_from_queue(game, frame, params: DeployFromQueue, ctx) -> None:
    """Deploy a unit from the build queue straight into the system (Oversee Project)."""

    faction, where = ctx["faction"], ctx["system"]
    queue = game.state["data"]["queue"][faction]
    options = []
    for space in sorted(params.spaces):
        for unit in sorted(queue.get(str(space), {})):
            if unit != DEATH_STAR or board.units_at(game, where).get(DSUC):
                options.append({"id": f"{space}:{unit}", "label": text(game, N_("{unit} from build-queue space {space}"),
                                                                        unit=unit, space=space)})
    done = frame.get("deployed", 0)
    if not options:
        if not done:
            game.log("effect-failed", card=ctx.get("card"), reason="no unit on the build queue can be deployed here")
        game.pop()
        return
    if done:
        options.append({"id": "stop", "label": N_("Deploy no more")})
    chosen = pick(game, frame, ctx["player"], "deploy-unit", options,
                  text(game, N_("Deploy which unit to {system}?"), system=where))
    if chosen is None:
        return
    if chosen["id"] == "stop":
        game.pop()
        return
    _, unit = _take_from_queue(game, faction, chosen["id"])
    if unit == DEATH_STAR:
        board.remove_units(game, where, DSUC)
    board.add_units(game, where, unit, check=False)
    game.log("deployed", faction=faction, unit=unit, to=where, card=ctx.get("card"))
    board.after_units_change(game, where)
    board.check_base_reveal(game)
    frame["deployed"] = done + 1
    frame.pop("choice", None)
    if frame["deployed"] >= params.count:
        game.pop()


# -- loyalty ---------------------------------------------------------------------------------------------------------


class LoseLoyalty(Strict):
    """Every system meeting ``where`` loses ``faction``'s loyalty marker and turns neutral (RS-LOY-05)."""

    faction: Faction
    where: Where


@op(OPS, "lose_loyalty", LoseLoyalty)
def lose_loyalty(game, frame, params: LoseLoyalty, ctx) -> None:
    """Take a side's loyalty away from every system meeting a condition (Imperial Propaganda)."""
    for system_id in systems_where(game, params.where, ctx):
        board.lose_loyalty(game, params.faction, system_id)
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
                      [{"id": c, "label": text(game, N_("Put {card} on the top of the deck") if where == "top" else
                                                N_("Put {card} on the bottom of the deck"), card=c)}
                       for c in sorted(set(cards))],
                      N_("Which Rebel objective goes to the top of the objective deck?") if where == "top" else
                      N_("Which Rebel objective goes to the bottom of the objective deck?"))
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
