"""Effect ops first needed by Rebel cards: a combat a card orders, units destroyed on a build queue, leaders
reassigned, replaced or eliminated, effects on a leader until the end of the round, probe cards planted back in the
deck; and the Master Yoda ring that Seek Yoda attaches (a reroll once per round in a mission or a combat).

Effects lasting the round are kept in ``data["limits"]["leader-effects"]`` as ``{kind, leader, round, amount}``
(entries of past rounds are dropped when one is added); the rules read them through :func:`leader_effects`
(``missions``: opposition, successes). The Master Yoda ring's use this round is ``data["limits"]["master-yoda"]``
(the round it was used in).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from swrebellion.engine import secret
from swrebellion.i18n import N_

from .. import board
from ..cards import deck, hand
from ..names import card_prompt, label, text
from ..rules import missions
from ..rules.plans import playable
from ..tables import OPPONENT, tables
from .conditions import Faction, OpTable, Strict, answer, op, pick

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


# -- the build queue ------------------------------------------------------------------------------------------------


class DestroyQueued(Strict):
    """The card's player destroys units on the build queue of ``faction``, his choice, one at a time: units whose
    printed health adds up to ``health`` at most (Rogue Squadron Raid), or (``resources``) for each resource icon of
    the system one unit showing that icon (Demolition). Units without health or build icon (the Death Star, the
    Super Star Destroyer) can never be picked (FAQ: never the Death Star)."""

    faction: Faction = "empire"
    health: int | None = Field(default=None, ge=1)
    resources: bool = False

    @model_validator(mode="after")
    def _one_way(self):
        if (self.health is None) == (not self.resources):
            raise ValueError("give either 'health' or 'resources: true'")
        return self


@op(OPS, "destroy_queued", DestroyQueued)
def destroy_queued(game, frame, params: DestroyQueued, ctx) -> None:
    """Destroy units on a build queue (Demolition, Rogue Squadron Raid)."""
    t = tables(game)
    chosen = answer(frame)
    if chosen is not None and chosen["id"] != "done":
        space, _, unit = chosen["id"].partition(":")
        board.unqueue_unit(game, params.faction, space, unit, ctx.get("card", ""))
        frame["spent"] = frame.get("spent", 0) + (t.units[unit].health or 0)
        if params.resources:
            frame["icons"].pop(0)
    if params.resources:
        if "icons" not in frame:
            where = ctx["system"]
            frame["icons"] = [] if board.system(game, where)["destroyed"] else list(t.systems[where].resources)
        while frame["icons"]:
            icon = frame["icons"].pop(0)
            options = [f"{s}:{u}" for s, u in board.queued(game, params.faction) if t.units[u].build_icon == icon]
            if len(options) > 1:
                frame["icons"].insert(0, icon)
                _ask_queued(game, ctx, options,
                            text(game, N_("Destroy which unit on the build queue for the {icon} icon?"), icon=icon))
                return
            for key in options:
                space, _, unit = key.partition(":")
                board.unqueue_unit(game, params.faction, space, unit, ctx.get("card", ""))
        game.pop()
        return
    left = params.health - frame.get("spent", 0)
    options = [f"{s}:{u}" for s, u in board.queued(game, params.faction)
               if t.units[u].health is not None and t.units[u].health <= left]
    if options and (chosen is None or chosen["id"] != "done"):
        _ask_queued(game, ctx, options + ["done"],
                    text(game, N_("Destroy units on the build queue worth up to {n} health"), n=left))
        return
    game.pop()


def _ask_queued(game, ctx, options: list[str], prompt: str) -> None:
    def show(key: str) -> str:
        space, _, unit = key.partition(":")
        return N_("Destroy nothing more") if key == "done" else \
            text(game, N_("{unit} on build-queue space {space}"), unit=unit, space=int(space))

    game.ask(ctx["player"], "destroy-queued", [{"id": o, "label": show(o)} for o in options], prompt)


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
                  text(game, N_("Assign {leaders} to which starting mission?"), leaders=list(leaders)))
    if chosen is None:
        return
    hand(game, ctx["faction"], "missions").remove(chosen["id"])
    missions.assign(game, ctx["faction"], chosen["id"], leaders)
    game.pop()


class LeaderEffect(Strict):
    """Until the end of the round a leader of the side gets an effect: ``no-opposition``, the opponent may send no
    leader from his pool to oppose a mission he is on (RB-MIS-06; Misdirection), or ``extra-successes``, ``amount``
    more successes when he attempts a mission (Contingency Plan's Lando, under ``if: {mission_leader: ...}``).
    ``leader``: ``choose`` (the player picks one of his free leaders in play), ``actor`` (the action card's leader:
    Blindside) or a leader id."""

    kind: Literal["no-opposition", "extra-successes"]
    leader: str = "choose"
    amount: int = Field(default=0, ge=0)


@op(OPS, "leader_effect", LeaderEffect)
def leader_effect(game, frame, params: LeaderEffect, ctx) -> None:
    """Give a leader an effect until the end of the round (Misdirection, Contingency Plan, Blindside)."""
    data = game.state["data"]
    faction = ctx["faction"]
    if params.leader == "choose":
        leaders = [l for l, info in sorted(data["leaders"].items())
                   if board.leader_faction(game, l) == faction and info["at"] not in ("supply", "gone")
                   and not board.is_captured(game, l)]
        options = [{"id": l, "label": label(game, l)} for l in leaders]
        prompt = card_prompt(game, ctx, N_("{card}: choose one of your leaders"), N_("Choose one of your leaders"))
        chosen = pick(game, frame, ctx["player"], "choose-leader", options, prompt) if leaders else {"id": None}
        if chosen is None:
            return
        lid = chosen["id"]
    else:
        lid = ctx["actor"] if params.leader == "actor" else params.leader
    if lid is not None:
        effects = [e for e in data["limits"].get("leader-effects", []) if e["round"] == data["round"]]
        effects.append({"kind": params.kind, "leader": lid, "round": data["round"], "amount": params.amount})
        data["limits"]["leader-effects"] = effects
        game.log("leader-effect", kind=params.kind, leader=lid, amount=params.amount, until="end of round",
                 card=ctx.get("card"))
    game.pop()


class ReplaceLeader(Strict):
    """If ``leader`` is on this mission, ``by`` takes his place: same spot, same ring. The replaced figure goes back
    to the supply, where it cannot be recruited while its other form is in play (RS-LDR-06,
    ``refresh.recruitable``). Seek Yoda: Luke Skywalker becomes Luke Skywalker (Jedi)."""

    leader: str
    by: str


@op(OPS, "replace_leader", ReplaceLeader)
def replace_leader(game, frame, params: ReplaceLeader, ctx) -> None:
    """Replace a leader of the mission by another figure (Seek Yoda's portrait clause, RS-MIS-06)."""
    leaders = game.state["data"]["leaders"]
    if params.leader in ctx.get("leaders", []) and leaders[params.by]["at"] == "supply":
        leaders[params.by] = dict(leaders[params.leader])
        leaders[params.leader] = {"at": "supply", "ring": None}
        ctx["leaders"] = [params.by if l == params.leader else l for l in ctx["leaders"]]
        game.log("leader-replaced", leader=params.leader, by=params.by, at=leaders[params.by]["at"],
                 card=ctx.get("card"))
    game.pop()


class EliminateLeader(Strict):
    """The card's player eliminates one leader of ``faction`` in the system of the combat being fought (else the
    context's system): he leaves the game (RS-LDR-05). With ``if_present``, only when that leader is there as
    well, captured or not (Return of the Jedi: Luke Skywalker (Jedi), FAQ). A leader who retreated is no longer
    there and cannot be chosen (FAQ). With ``key``, the leader held in the context under that key is eliminated,
    wherever he is, with no choice (Noble Sacrifice: ``actor``)."""

    faction: Faction = "empire"
    if_present: str | None = None
    key: str | None = None


@op(OPS, "eliminate_leader", EliminateLeader)
def eliminate_leader(game, frame, params: EliminateLeader, ctx) -> None:
    """Eliminate a leader: one where the combat is (Return of the Jedi), or a given one (Noble Sacrifice)."""
    if params.key is not None:
        lid = ctx[params.key]
        board.leader(game, lid).update(at="gone", ring=None)
        game.log("leader-eliminated", leader=lid, card=ctx.get("card"))
        game.pop()
        return
    combat = game.state["data"]["combat"]
    where = combat["system"] if combat is not None else ctx["system"]
    if params.if_present is not None and board.leader(game, params.if_present)["at"] != where:
        game.pop()
        return
    candidates = board.leaders_at(game, where, params.faction)
    if not candidates:
        game.pop()
        return
    player = ctx.get("player") or board.decider(game, ctx["faction"], "general")
    chosen = pick(game, frame, player, "eliminate-leader", [{"id": l, "label": label(game, l)} for l in candidates],
                  card_prompt(game, ctx, N_("{card}: eliminate which leader?"), N_("Eliminate which leader?")))
    if chosen is None:
        return
    board.leader(game, chosen["id"]).update(at="gone", ring=None)
    game.log("leader-eliminated", leader=chosen["id"], at=where, card=ctx.get("card"))
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
        options = [{"id": f"{where}:{c}", "label": text(game, N_("Put {system} on the top") if where == "top" else N_("Put {system} on the bottom"),
                                    system=tables(game).probes[c])}
                   for c in sorted(frame["taken"]) for where in ("top", "bottom")]
        game.ask(ctx["player"], "plant-probe", options, N_("Put which probe card where? (the next on top lies above)"))
        return
    game.log("probes-planted", faction="rebel", top=frame["top"], bottom=frame["bottom"], card=ctx.get("card"))
    game.pop()


# -- the Master Yoda ring ---------------------------------------------------------------------------------------------


