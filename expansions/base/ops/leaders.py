"""Effect ops on leaders: moved or placed by a card, recruited, captured and rescued, eliminated or replaced, given
a ring or an effect for the round, detained. Leaders are in ``data["leaders"]`` as ``{at, ring}``: ``at`` is a
system, ``rebel-base`` (the Rebel Base space), ``pool``, ``mission`` (on a face-down card), ``supply`` or ``gone``
(RB-LDR, RS-LDR); the ``board`` helpers keep captures, rescues and their consequences (RB-LDR-05) in step.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from swrebellion.engine.ops import OpTable, Strict, answer, op, pick, uses
from swrebellion.i18n import N_

from .. import board
from ..names import Marker, card_prompt, label, text
from ..rules.actions import offer_destiny, pictured, play_destiny, window
from ..rules.leaders import capture_leader, recruitable
from ..tables import tables
from swrebellion.refs import ContextKey, NotRef, Ref

from .conditions import SIDE, LeaderRef, RingRef, Side, SystemFilter, matches, side_of

OPS: OpTable = {}

OUT_OF_PLAY = ("supply", "gone")


def _system(game, ctx, key: str) -> str:
    """A context key holding a system, or else a system named by its id (``coruscant``)."""
    return ctx[key] if key in ctx else key


# -- moving and placing leaders --------------------------------------------------------------------------------------


class MoveLeaders(Strict):
    """Move leaders, as the card says.

    Which leaders (``which``): ``actor``, the card's pictured leader (RS-ACT-08); ``named``, the leader ``leader`` if
    he is in play for ``side``, free (otherwise nothing happens); ``key``, the leader an earlier step wrote under the
    context key ``key``; ``mission``, the mission's leaders free in its system; ``choose``, one leader of ``side``
    the card's player picks among those free in ``source`` (the pool, the context's system, or anywhere on the
    board).

    Where to (``to``): ``system``, the system held by the context key ``system`` (or named by its id), where he stays
    until Refresh step 1 (RB-REF-03) unless ``until: end-of-combat`` (he joins the combat being fought, cannot
    retreat, and goes back to the pool when it ends); ``pins: false``: this round he does not hold his side's units
    there (Public Support). ``pool``: back to the leader pool, ready to be used again (RB-MIS-06). ``nearest``: the
    nearest system meeting ``where``, counting adjacency steps from the context's system (which comes first: if it
    qualifies, nobody moves, RS-CAP-08), the card's player picking among equally near ones; ``with_mission``: the
    mission's leaders there go along (Collect Bounty: the captive and his captors). A captured leader left where his
    captors have no unit is then rescued at once (RB-LDR-05)."""

    model_config = uses(reads=("faction", "player", "card", "actor", "leaders", "<key>", "<system>"), group="leaders")

    which: Literal["actor", "named", "key", "mission", "choose"] = Field(default="actor", description="Which leaders.")
    leader: LeaderRef | None = Field(default=None, description="which: named: the leader.")
    key: str = Field(default="leader", description="which: key: the context key holding the leader.")
    side: Side = Field(default="self", description=f"which: named or choose: whose leader ({SIDE}).")
    source: Literal["pool", "system", "board"] = Field(
        default="pool", description="which: choose: where he is (the pool, the context's system, anywhere).")
    to: Literal["system", "pool", "nearest"] = Field(default="system", description="Where they go.")
    system: Annotated[str, NotRef("a context key holding the system, or its id")] = Field(
        default="system", description="to: system: a context key holding the system, or its id.")
    where: SystemFilter | None = Field(default=None, description="to: nearest: the condition on the system.")
    with_mission: bool = Field(default=False, description="to: nearest: the mission's leaders there go along.")
    pins: bool = Field(default=True, description="to: system: false: this round he holds no units there.")
    until: Literal["refresh", "end-of-combat"] = Field(
        default="refresh", description="to: system: how long he stays (end-of-combat: he joins the combat).")

    @model_validator(mode="after")
    def _shape(self):
        if self.which == "named" and self.leader is None:
            raise ValueError("which: named needs the 'leader'")
        if (self.to == "nearest") != (self.where is not None):
            raise ValueError("give 'where' exactly when 'to' is 'nearest'")
        return self


def _choosable(game, params: MoveLeaders, ctx) -> list[str]:
    side = side_of(ctx, params.side)
    lent = (game.state["data"].get("combat") or {}).get("lent", ())  # brought into a combat for its length only
    if params.source == "pool":
        return board.pool(game, side)
    if params.source == "system":
        where = ctx.get("system")
        return sorted(lid for lid, info in game.state["data"]["leaders"].items()
                      if info["at"] == where and board.leader_faction(game, lid) == side
                      and not board.is_captured(game, lid) and lid not in lent)
    systems = game.state["data"]["systems"]
    return sorted(lid for lid, info in game.state["data"]["leaders"].items()
                  if info["at"] in systems and board.leader_faction(game, lid) == side and not board.is_captured(game, lid))


@op(OPS, "move_leaders", MoveLeaders)
def move_leaders(game, frame, params: MoveLeaders, ctx) -> None:
    """Place or move leaders: Assignment cards' leaders (RS-ASG-08), Undercover, Ready for Action, Draw Them Out,
    Track Them, Message from High Command, Collect Bounty."""
    if params.which == "choose":
        chosen = answer(frame)  # the answer: the leaders offered are not listed again
        if chosen is None:
            candidates = _choosable(game, params, ctx)
            if not candidates:
                return
            kind = "leader-to-pool" if params.to == "pool" else "place-leader"
            prompt = card_prompt(game, ctx, N_("{card}: which leader goes back to the pool?"),
                                 N_("Which leader goes back to the pool?")) if params.to == "pool" else \
                text(game, N_("{card}: which leader goes to {system}?"), card=ctx.get("card", ""),
                     system=_system(game, ctx, params.system))
            chosen = pick(game, frame, ctx.get("player") or board.decider(game, side_of(ctx, params.side), "general"),
                          kind, [{"id": lid, "label": label(game, lid)} for lid in candidates], prompt)
            if chosen is None:
                return
        movers = [chosen["id"]]
    elif params.which == "mission":
        where = ctx.get("system")
        movers = [lid for lid in ctx.get("leaders", [])
                  if board.leader(game, lid)["at"] == where and not board.is_captured(game, lid)]
    elif params.which == "named":
        lid = params.leader
        if (board.leader(game, lid)["at"] in OUT_OF_PLAY or board.is_captured(game, lid)
                or board.leader_faction(game, lid) != side_of(ctx, params.side)):
            return
        movers = [lid]
    else:
        movers = [ctx["actor"] if params.which == "actor" else ctx[params.key]]
    if params.to == "nearest":
        _to_nearest(game, frame, params, ctx, movers[0])
    elif params.to == "pool" and params.which == "choose":  # one leader sent back, ready to be used again
        board.leader(game, movers[0])["at"] = "pool"
        game.log("leaders-to-pool", faction=board.leader_faction(game, movers[0]), leaders=movers, card=ctx.get("card"))
    elif params.to == "pool":
        _move(game, ctx, movers, "pool")
    elif params.which in ("mission",):
        _move(game, ctx, movers, _system(game, ctx, params.system))
    else:
        _place(game, ctx, params, movers[0])


def _move(game, ctx, movers: list[str], to: str) -> None:
    """Leaders of the card's side moved together (back to the pool, or to a system)."""
    for lid in movers:
        board.leader(game, lid)["at"] = to
    if movers:
        game.log("leaders-moved", faction=board.leader_faction(game, movers[0]), leaders=movers, to=to,
                 card=ctx.get("card"))


def _place(game, ctx, params: MoveLeaders, lid: str) -> None:
    """A leader placed in a system, where he stays until Refresh step 1 (RB-REF-03)."""
    data = game.state["data"]
    where = _system(game, ctx, params.system)
    board.leader(game, lid)["at"] = where
    if not params.pins:
        data.setdefault("unpinned", {})[lid] = data["round"]
    if params.until == "end-of-combat" and data.get("combat"):
        data["combat"].setdefault("lent", []).append(lid)
    game.log("leader-placed", leader=lid, at=where, card=ctx.get("card"))


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


def _to_nearest(game, frame, params: MoveLeaders, ctx, lid: str) -> None:
    start = ctx["system"]
    chosen = answer(frame)  # the answer: the nearest systems are not searched again
    if chosen is None:
        candidates = nearest_systems(game, start, params.where, ctx)
        if candidates and start not in candidates:
            chosen = pick(game, frame, ctx["player"], "choose-system",
                          [{"id": s, "label": label(game, s)} for s in candidates],
                          text(game, N_("{card}: take {leader} to which system?"), card=ctx.get("card", ""), leader=lid))
            if chosen is None:
                return
    if chosen is not None:
        captors = ctx.get("leaders", []) if params.with_mission else []
        movers = [lid] + [other for other in captors if board.leader(game, other)["at"] == start]
        for mover in movers:
            board.leader(game, mover)["at"] = chosen["id"]
        game.log("leaders-moved", leaders=movers, source=start, to=chosen["id"], card=ctx.get("card"))
    board.rescue_if_unguarded(game, board.leader(game, lid)["at"])


# -- recruiting --------------------------------------------------------------------------------------------------


class Recruit(Strict):
    """The card's player picks one of ``leaders`` who can still be recruited (in the supply, his other form not in
    play: RB-REC-06/07, RS-LDR-06), or without ``leaders`` one of his side's recruitable leaders (only those with,
    or without, tactic values if ``tactics`` is set), and recruits him into the leader ``pool`` or straight into the
    context's ``system``. Nobody left to recruit: nothing happens."""

    model_config = uses(reads=("faction", "player", "card", "<system>"), group="leaders")

    leaders: list[LeaderRef] | None = Field(default=None, min_length=1, description="The leaders offered, in order.")
    tactics: bool | None = Field(default=None, description="Without leaders: only leaders with (or without) tactics.")
    to: Literal["pool", "system"] = Field(default="pool", description="Into the pool, or into the system.")
    system: ContextKey = Field(default="system", description="to: system: the context key of the system.")


def _recruit_candidates(game, params: Recruit, ctx) -> list[str]:
    if params.leaders is not None:
        return [lid for lid in params.leaders if recruitable(game, lid)]
    out = []
    for lid, info in tables(game).leaders.items():
        if info.faction == ctx["faction"] and lid in game.state["data"]["leaders"] and recruitable(game, lid) and (
                params.tactics is None or params.tactics == info.has_tactics):
            out.append(lid)
    return sorted(out)


@op(OPS, "recruit", Recruit)
def recruit(game, frame, params: Recruit, ctx) -> None:
    """Recruit a leader the player picks (An Old Friend, Early Promotion, My Only Hope, Hire Mercenaries)."""
    chosen = answer(frame)  # the answer: the leaders offered are not listed again
    if chosen is None:
        candidates = _recruit_candidates(game, params, ctx)
        if not candidates:
            return
        chosen = pick(game, frame, ctx["player"], "recruit-leader",
                      [{"id": l, "label": label(game, l)} for l in candidates],
                      card_prompt(game, ctx, N_("{card}: recruit which leader?"), N_("Recruit which leader?")))
        if chosen is None:
            return
    at = ctx[params.system] if params.to == "system" else "pool"
    board.leader(game, chosen["id"])["at"] = at
    game.log("recruited", faction=ctx["faction"], leader=chosen["id"], at=at, card=ctx.get("card"))


# -- capture and rescue ------------------------------------------------------------------------------------------------


class Capture(Strict):
    """Capture the leader in the context (``key``). The game has one captured ring: capturing a second leader
    frees the first, who is rescued (RS-CAP-01, RS-CAP-02). A new ring replaces any other ring (RS-CAP-03). His side
    may first answer with a Special card (Noble Sacrifice: he is eliminated instead)."""

    model_config = uses(reads=("card", "<key>"), group="leaders")

    key: str = Field(default="leader", description="The context key holding the leader.")


@op(OPS, "capture", Capture)
def capture(game, frame, params: Capture, ctx) -> None:
    """Capture a leader: he takes the captured ring and stays where he is (RS-CAP-01/02; Capture Rebel Operative,
    It Is Your Destiny)."""
    lid = ctx[params.key]
    info = {"system": board.leader(game, lid)["at"], "leader": lid}
    if window(game, frame, "capture", board.leader_faction(game, lid), info):
        return
    if board.leader(game, lid)["at"] != "gone":
        capture_leader(game, lid, ctx.get("card", ""))


class Rescue(Strict):
    """Rescue the captured leader in the context (``key``): he goes to the Rebel base (RB-LDR-04). With ``escort``
    the leaders of the mission may go with him (RB-LDR-06, RS-CAP-07); For the Greater Good says they stay. With
    ``to: base-region`` the Rebel instead puts him in a system of his choice in the Rebel base's region, which tells
    the Empire the region (Homing Beacon); nobody goes with him."""

    model_config = uses(reads=("card", "system", "leaders", "<key>"), group="leaders")

    key: str = Field(default="leader", description="The context key holding the leader.")
    escort: bool = Field(default=True, description="The mission's leaders may go with him.")
    to: Literal["base", "base-region"] = Field(default="base", description="To the base, or its region (Homing Beacon).")


def _subsets(leaders: list[str]) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for lid in leaders:
        out += [s + [lid] for s in out]
    return out


@op(OPS, "rescue", Rescue)
def rescue(game, frame, params: Rescue, ctx) -> None:
    """Rescue a captured leader to the Rebel base; the mission's leaders may go with him (RB-LDR-04/06, RS-CAP-07).
    The Rebel picks who goes with him, then the Empire may answer with It Is Your Destiny (Vader in the system:
    capture one of the mission's leaders, who then stays), then they move."""
    if params.to == "base-region":
        _rescue_in_base_region(game, frame, ctx[params.key], ctx)
        return
    stage = frame.setdefault("stage", "rescue")
    where = ctx["system"]
    mission = [l for l in ctx.get("leaders", []) if board.leader(game, l)["at"] == where and not board.is_captured(game, l)]
    if stage == "rescue":
        lid = ctx[params.key]
        if not board.is_captured(game, lid):
            return
        board.rescue(game, lid, ctx.get("card", ""))
        frame["stage"] = "escort"
        frame["movers"] = []
        if params.escort and mission:
            subsets = _subsets(mission)
            game.ask(board.decider(game, "rebel", "general"), "escort",
                     [{"id": "+".join(s) or "none", "label": text(game, N_("{leaders}"), leaders=list(s)) if s else N_("Nobody"),
                       "data": s} for s in subsets], N_("Which leaders of the mission go with the rescued leader?"))
            return
    if frame["stage"] == "escort":
        chosen = answer(frame)
        if chosen is not None:
            frame["movers"] = chosen["data"]
        frame["stage"] = "destiny"
        if offer_destiny(game, where, mission):
            return
    if frame["stage"] == "destiny":
        frame["stage"] = "move"
        if play_destiny(game, answer(frame)):
            return
    for lid in frame["movers"]:
        if not board.is_captured(game, lid):
            board.leader(game, lid)["at"] = board.rebel_base_location(game)
            game.log("leader-moved", leader=lid, to=board.rebel_base_location(game), cause="escorted the rescued leader")


def _rescue_in_base_region(game, frame, lid: str, ctx) -> None:
    """Homing Beacon: the Rebel (his General, who keeps the base's secret, RB-TEAM-06) picks the system."""
    if not board.is_captured(game, lid):
        return
    region = tables(game).systems[board.base_system(game)].region
    options = [{"id": s, "label": label(game, s)} for s in tables(game).regions[region]]
    chosen = pick(game, frame, board.decider(game, "rebel", "general"), "place-rescued-leader", options,
                  text(game, N_("Put the rescued {leader} in a system of your base's region"), leader=lid))
    if chosen is None:
        return
    info = board.leader(game, lid)
    info["ring"] = None
    info["at"] = chosen["id"]
    game.log("rescued", leader=lid, to=chosen["id"], cause=ctx.get("card", ""), region=region)


# -- eliminated, replaced, detained --------------------------------------------------------------------------------


class EliminateLeader(Strict):
    """The card's player eliminates one leader of ``side`` in the system of the combat being fought (else the
    context's system): he leaves the game (RS-LDR-05). With ``if_present``, only when that leader is there as
    well, captured or not (Return of the Jedi: Luke Skywalker (Jedi), FAQ). A leader who retreated is no longer
    there and cannot be chosen (FAQ). With ``key``, the leader held in the context under that key is eliminated,
    wherever he is, with no choice (Noble Sacrifice: ``actor``)."""

    model_config = uses(reads=("faction", "player", "card", "system", "<key>"), group="leaders")

    side: Side = Field(default="opponent", description=f"Whose leader ({SIDE}).")
    if_present: LeaderRef | None = Field(default=None, description="Only if this leader is there too.")
    key: str | None = Field(default=None, description="Eliminate the leader this context key holds, no choice.")


@op(OPS, "eliminate_leader", EliminateLeader)
def eliminate_leader(game, frame, params: EliminateLeader, ctx) -> None:
    """Eliminate a leader: one where the combat is (Return of the Jedi), or a given one (Noble Sacrifice)."""
    if params.key is not None:
        lid = ctx[params.key]
        if board.leader(game, lid)["at"] in ("gone", "supply"):  # out of play since it was decided (a delayed step)
            return
        board.leader(game, lid).update(at="gone", ring=None)
        game.log("leader-eliminated", leader=lid, card=ctx.get("card"))
        return
    combat = game.state["data"]["combat"]
    where = combat["system"] if combat is not None else ctx["system"]
    chosen = answer(frame)  # the answer: the leaders there are not listed again
    if chosen is None:
        if params.if_present is not None and board.leader(game, params.if_present)["at"] != where:
            return
        candidates = board.leaders_at(game, where, side_of(ctx, params.side))
        if not candidates:
            return
        player = ctx.get("player") or board.decider(game, ctx["faction"], "general")
        chosen = pick(game, frame, player, "eliminate-leader", [{"id": l, "label": label(game, l)} for l in candidates],
                      card_prompt(game, ctx, N_("{card}: eliminate which leader?"), N_("Eliminate which leader?")))
        if chosen is None:
            return
    board.leader(game, chosen["id"]).update(at="gone", ring=None)
    game.log("leader-eliminated", leader=chosen["id"], at=where, card=ctx.get("card"))


class ReplaceLeader(Strict):
    """If ``leader`` is on this mission, ``by`` takes his place: same spot, same ring. The replaced figure goes back
    to the supply, where it cannot be recruited while its other form is in play (RS-LDR-06, Seek Yoda: Luke
    Skywalker becomes Luke Skywalker (Jedi))."""

    model_config = uses(reads=("card", "leaders"), writes=("leaders",), group="leaders")

    leader: LeaderRef = Field(description="The leader replaced, if he is on the mission.")
    by: LeaderRef = Field(description="The figure that takes his place.")


@op(OPS, "replace_leader", ReplaceLeader)
def replace_leader(game, frame, params: ReplaceLeader, ctx) -> None:
    """Primitive: one figure becomes another form of the same leader, keeping his place and ring (RS-LDR-06), which
    no move or recruit expresses.

    Replace a leader of the mission by another figure (Seek Yoda's portrait clause)."""
    leaders = game.state["data"]["leaders"]
    if params.leader in ctx.get("leaders", []) and leaders[params.by]["at"] == "supply":
        leaders[params.by] = dict(leaders[params.leader])
        leaders[params.leader] = {"at": "supply", "ring": None}
        ctx["leaders"] = [params.by if l == params.leader else l for l in ctx["leaders"]]
        game.log("leader-replaced", leader=params.leader, by=params.by, at=leaders[params.by]["at"],
                 card=ctx.get("card"))


# -- rings and effects for the round ----------------------------------------------------------------------------------


class AttachRing(Strict):
    """Put an attachment ring on one of the side's free leaders in play who wears none (RS-ACT-13: one ring per
    leader; a ring replaced or removed ends its effect). With ``among: mission`` the ring goes to one of the
    mission's leaders in its system instead, replacing any ring he wears (Seek Yoda: 'this leader'); with ``among:
    target`` to the leader the mission is against, replacing his ring (RS-CAP-03: Carbon Freezing, Lure of the Dark
    Side); with ``among: pictured`` only to a leader pictured on the card, or one counting as him (RS-LDR-06), who
    wears none (The Millennium Falcon: Han or Chewbacca); with ``among: answered`` to one of the leaders of the
    mission a Special card answers (``mission`` in the context, either side's), free in its system, who wears none
    (Post Bounty)."""

    model_config = uses(reads=("faction", "player", "card", "leader", "leaders", "system", "mission"),
                        group="leaders")

    ring: RingRef = Field(description="The ring (a marker id: c-3po, master-yoda, carbonite ...).")
    among: Literal["any", "mission", "target", "pictured", "answered"] = Field(
        default="any", description="Who may wear it.")


def _ring_bearers(game, params: AttachRing, ctx) -> list[str]:
    t = tables(game)
    leaders = game.state["data"]["leaders"]
    if params.among == "target":
        return [ctx["leader"]]
    if params.among == "mission":
        return [l for l in ctx.get("leaders", [])
                if leaders[l]["at"] == ctx.get("system") and not board.is_captured(game, l)]
    if params.among == "answered":
        return [l for l in (ctx.get("mission") or {}).get("leaders", []) if leaders[l]["at"] == ctx.get("system")
                and not board.is_captured(game, l) and leaders[l]["ring"] is None]
    allowed = pictured(game, ctx["card"]) if params.among == "pictured" else None
    return [l for l, info in sorted(leaders.items())
            if t.leaders[l].faction == ctx["faction"] and info["at"] not in OUT_OF_PLAY and info["ring"] is None
            and (allowed is None or l in allowed)]


@op(OPS, "attach_ring", AttachRing)
def attach_ring(game, frame, params: AttachRing, ctx) -> None:
    """Put an attachment ring on a leader: Human-Cyborg Relations (C-3PO), Resourceful Astromech (R2-D2), Seek Yoda
    (Master Yoda); Carbon Freezing, Lure of the Dark Side."""
    chosen = answer(frame)  # the answer: the leaders offered are not listed again
    if chosen is None:
        leaders = game.modify("ring-bearers", _ring_bearers(game, params, ctx), faction=ctx["faction"],
                              ring=params.ring, card=ctx.get("card"))
        if not leaders:
            return
        chosen = pick(game, frame, ctx["player"], "attach-ring", [{"id": l, "label": label(game, l)} for l in leaders],
                      text(game, N_("Which leader takes the {ring}?"), ring=Marker(params.ring)))
        if chosen is None:
            return
    info = board.leader(game, chosen["id"])
    if info["ring"] is not None:
        game.log("ring-replaced", ring=info["ring"], leader=chosen["id"], by=params.ring)
    info["ring"] = params.ring
    game.log("ring-attached", ring=params.ring, leader=chosen["id"], card=ctx.get("card"))


class LeaderEffect(Strict):
    """A leader of the side gets an effect. Until the end of the round: ``no-opposition``, the opponent may send
    no leader from his pool to oppose a mission he is on (RB-MIS-06; Misdirection), or ``extra-successes``,
    ``amount`` more successes when he attempts a mission (Contingency Plan's Lando, under ``if: {mission_leader:
    ...}``). Or ``detained``: he stays on the board through the next Refresh Phase's step 1 instead of going back
    to the pool (``refresh.retrieve_leaders_step``), acting normally meanwhile; a captured leader cannot be
    detained, and capturing a detained leader ends it (Detained, card FAQ). ``leader``: ``choose`` (the player
    picks one of his free leaders in play), ``actor`` (the action card's leader: Blindside) or a leader id; or
    ``key``, a context key holding the leader an earlier step chose (Detained's target).

    ``spent``: the leader cannot be used until the next Refresh Phase begins (RB-REF-01): wherever he is, he stays;
    while in his pool he is not offered to assign to a mission (RB-ASG), to oppose one (RB-MIS-05), to activate a
    system (RB-MOV-01), to join a combat, as an action card's pictured leader, nor to a card moving leaders from the
    pool; `rebellion play` shows him so under `leaders`. Any side's leader may be spent: ``key: leader`` is the
    context's leader (a mission against a leader, or one a ``choose`` picked), and ``choose`` with ``side`` picks
    among that side's leaders in play (``{op: leader_effect, kind: spent, leader: choose, side: opponent}``,
    tests/fan_packs/round-two)."""

    model_config = uses(reads=("faction", "player", "card", "actor", "<key>"), group="leaders")

    kind: Literal["no-opposition", "extra-successes", "detained", "spent"] = Field(description="The effect.")
    leader: Annotated[str, Ref("leaders", words=("choose", "actor"))] = Field(
        default="choose", description="choose, actor, or a leader id.")
    key: ContextKey | None = Field(default=None, description="The context key holding the leader, instead of leader.")
    amount: int = Field(default=0, ge=0, description="extra-successes: how many.")
    side: Side = Field(default="self", description=f"choose: whose leader ({SIDE}).")

    @model_validator(mode="after")
    def _sided(self):
        if self.kind != "spent" and self.side != "self":
            raise ValueError("an effect on another side's leader is 'kind: spent'; the other effects concern the "
                             "card's own leaders")
        return self

    @model_validator(mode="after")
    def _one_leader(self):
        if self.key is not None and "leader" in self.model_fields_set:
            raise ValueError("give the leader by 'leader' or by 'key', not both")
        return self


@op(OPS, "leader_effect", LeaderEffect)
def leader_effect(game, frame, params: LeaderEffect, ctx) -> None:
    """Give a leader an effect until the end of the round (Misdirection, Contingency Plan, Blindside), detain him
    (Detained), or spend him until the next Refresh Phase."""
    data = game.state["data"]
    faction = side_of(ctx, params.side)
    if params.key is not None:
        lid = ctx[params.key]
    elif params.leader == "choose":
        chosen = answer(frame)  # the answer: the leaders offered are not listed again
        if chosen is None:
            leaders = [l for l, info in sorted(data["leaders"].items())
                       if board.leader_faction(game, l) == faction and info["at"] not in OUT_OF_PLAY
                       and not board.is_captured(game, l)]
            options = [{"id": l, "label": label(game, l)} for l in leaders]
            prompt = card_prompt(game, ctx, N_("{card}: choose one of your leaders"), N_("Choose one of your leaders")) \
                if faction == ctx["faction"] else \
                card_prompt(game, ctx, N_("{card}: choose one of the other side's leaders"),
                            N_("Choose one of the other side's leaders"))
            chosen = pick(game, frame, ctx["player"], "choose-leader", options, prompt) if leaders else {"id": None}
            if chosen is None:
                return
        lid = chosen["id"]
    else:
        lid = ctx["actor"] if params.leader == "actor" else params.leader
    if lid is None:
        return
    if params.kind == "detained":
        _detain(game, lid, ctx)
        return
    if params.kind == "spent":
        spent = data.setdefault("spent", [])
        if lid not in spent:
            spent.append(lid)
        game.log("leader-effect", kind="spent", leader=lid, amount=0, until="refresh", card=ctx.get("card"))
        return
    effects = [e for e in data["limits"].get("leader-effects", []) if e["round"] == data["round"]]
    effects.append({"kind": params.kind, "leader": lid, "round": data["round"], "amount": params.amount})
    data["limits"]["leader-effects"] = effects
    game.log("leader-effect", kind=params.kind, leader=lid, amount=params.amount, until="end of round",
             card=ctx.get("card"))


def _detain(game, lid: str, ctx) -> None:
    """Detained is a leader state no other rule has: he skips the next Refresh's return to the pool."""
    if board.is_captured(game, lid):
        game.log("effect-failed", card=ctx.get("card"), reason="a captured leader cannot be detained", leader=lid)
    else:
        board.leader(game, lid)["detained"] = True
        game.log("detained", leader=lid, at=board.leader(game, lid)["at"], card=ctx.get("card"))
