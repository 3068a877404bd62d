"""Effect ops of action cards (RS-ACT-01..15): when a Special or Start of Combat card may be played, what it changes
in the mission or combat it is played in, and the few things only action cards do.

*When a card may be played is data.* A Special card (RS-ACT-07), and a Start of Combat card with a condition of
its own, begins with a ``trigger`` step: the moment it answers (``actions.MOMENTS``), where its pictured leader must
be (RS-ACT-08: in the system, unless the card brings him) and conditions on the system and the mission. The rules
code (``actions.special_window``) offers the card at that moment only when the trigger holds for one of its
pictured leaders; when the card is played the step itself does nothing.

The context of a card played at a moment (besides ``faction``, ``player``, ``card``, ``actor``): ``moment``;
``system`` (the mission's or combat's system); ``mission`` (``{faction, card, leaders, mode}`` of the mission being
resolved); ``leader`` (the leader about to be captured); ``dice`` (the dice about to be rolled, by colour).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.engine import peek
from swrebellion.i18n import N_

from .. import board
from ..cards import deck, hand
from ..names import card_prompt, die, label, text
from ..rules import combat
from ..rules.actions import actor_ok
from ..rules.leaders import recruitable
from ..rules.missions import mission_frame
from ..rules.moves import ACTIVATE, move_units
from ..tables import OPPONENT, tables
from .conditions import OpTable, Strict, Where, matches, op, pick, systems_where

OPS: OpTable = {}

Moment = Literal["start-of-combat", "mission-reveal", "mission-attempt", "before-roll", "mission-success",
                 "mission-failed", "capture",
                 "battle-won", "retreat", "assignment-end"]
Who = Literal["self", "opponent"]


def side(ctx, who: str) -> str:
    """The card's side (``self``) or the other one (``opponent``)."""
    return ctx["faction"] if who == "self" else OPPONENT[ctx["faction"]]


# -- trigger: when a card may be played ------------------------------------------------------------------------------


class MissionIs(Strict):
    """A condition on the mission being resolved."""

    side: Who | None = Field(default=None, description="self: the card's side carries it out; opponent: the other.")
    skill: str | None = Field(default=None, description="The card requires this skill (special-ops, ...).")
    mode: Literal["attempt", "resolve"] | None = None


class Trigger(Strict):
    """When the card may be played: at ``moment``, with a pictured leader (RS-ACT-08) who is ``actor``:
    ``in-system`` (free in the system, the default rule), ``on-mission`` (assigned to the mission), ``on-board``
    (free in another system or on the Rebel Base space: the card brings him), ``pool`` (in the leader pool: the card
    brings him) or ``target`` (the leader the moment is about: the one about to be captured); and while the system
    meets ``system`` and the mission meets ``mission``."""

    moment: Moment | None = Field(default=None, description="None: at the card's timing word (Start of Combat).")
    actor: Literal["in-system", "on-mission", "on-board", "pool", "target"] = "in-system"
    system: Where | None = None
    mission: MissionIs | None = None


def _mission_ok(game, wanted: MissionIs, ctx) -> bool:
    mission = ctx.get("mission")
    if mission is None:
        return False
    card = tables(game).missions[mission["card"]]
    if wanted.side is not None and mission["faction"] != side(ctx, wanted.side):
        return False
    return (wanted.skill is None or wanted.skill in card.requires) and (wanted.mode is None or wanted.mode == card.mode)


def _triggered(game, params: Trigger, ctx) -> bool:
    if params.moment is not None and ctx.get("moment") != params.moment:
        return False
    if not actor_ok(game, params.actor, ctx.get("actor"), ctx):
        return False
    if params.system is not None:
        where = ctx.get("system")
        if where not in game.state["data"]["systems"] or not matches(game, where, params.system, ctx):
            return False
    return params.mission is None or _mission_ok(game, params.mission, ctx)


@op(OPS, "trigger", Trigger, _triggered)
def trigger(game, frame, params: Trigger, ctx) -> None:
    """Nothing, when run: says when the card may be played, which is checked when it is offered (RS-ACT-07/08)."""
    game.pop()


# -- in a mission ----------------------------------------------------------------------------------------------------


class FailMission(Strict):
    """The mission being resolved fails at once, without dice (Wookiee Guardian)."""


@op(OPS, "fail_mission", FailMission)
def fail_mission(game, frame, params: FailMission, ctx) -> None:
    """Make the mission being resolved fail without dice (Wookiee Guardian; read by ``missions._roll``)."""
    mission = mission_frame(game)
    if mission is not None:
        mission["fails"] = ctx.get("card")
        game.log("mission-fails", card=ctx.get("card"), mission=mission.get("card"))
    game.pop()


# -- dice ---------------------------------------------------------------------------------------------------------


class SetDice(Strict):
    """Up to ``count`` of the dice about to be rolled are not rolled: the player sets each to the face he wants,
    one die at a time (One in a Million). The roll (``actions.roll``) reads them from the context's ``fixed``."""

    count: int = Field(default=2, ge=1)


@op(OPS, "set_dice", SetDice)
def set_dice(game, frame, params: SetDice, ctx) -> None:
    """Set up to ``count`` dice about to be rolled to chosen faces (One in a Million; Death Star Plans too, SU)."""
    fixed = ctx.setdefault("fixed", [])
    chosen = frame.pop("choice", None)
    if chosen is not None:
        if chosen["id"] == "done":
            game.pop()
            return
        fixed.append(chosen["data"])
    left = dict(ctx.get("dice", {}))
    for colour, _ in fixed:
        left[colour] -= 1
    faces = game.state["dice"]
    options = [{"id": f"{colour}:{face}", "label": text(game, N_("Set a die: {die}"), die=die(game, colour, face)),
                "data": [colour, face]}
               for colour, n in sorted(left.items()) if n > 0 for face in sorted(set(faces[colour]))]
    if len(fixed) >= params.count or not options:
        game.pop()
        return
    game.ask(ctx["player"], "set-die", options + [{"id": "done", "label": N_("Roll the other dice")}],
             text(game, N_("{card}: set a die ({n} left)"), card=ctx["card"], n=params.count - len(fixed)))


# -- a system closed to the opponent's leaders ----------------------------------------------------------------------


class BarSystem(Strict):
    """For the rest of this round ``who``'s leaders may not carry out missions in the system nor use action cards
    there (Boba Fett? Where?); rings already attached still work (RS-ACT-09, SU)."""

    who: Who = "opponent"


@op(OPS, "bar_system", BarSystem)
def bar_system(game, frame, params: BarSystem, ctx) -> None:
    """Bar the system to the opponent's leaders this round (Boba Fett? Where?; read by ``actions.barred``)."""
    data = game.state["data"]
    faction = side(ctx, params.who)
    data.setdefault("barred", []).append({"system": ctx["system"], "faction": faction, "round": data["round"]})
    game.log("system-barred", system=ctx["system"], faction=faction, card=ctx.get("card"))
    game.pop()


# -- leaders --------------------------------------------------------------------------------------------------------


class RecruitLeader(Strict):
    """Recruit ``leader`` from the supply if he still can be (RB-REC-06/07, RS-LDR-06), into the ``pool`` or into
    the context's ``system``; with ``where``, only when the context's system meets it (An Old Friend: Lando at
    Bespin, Chewbacca at Kashyyyk). Without ``leader``, the card's player picks one of his side's recruitable
    leaders, only those with (``tactics: true``) or without (``false``) tactic values if ``tactics`` is set."""

    leader: str | None = None
    to: Literal["pool", "system"] = "pool"
    where: Where | None = None
    tactics: bool | None = Field(default=None, description="Without leader: only leaders with (or without) tactics.")


def _recruit_candidates(game, params: RecruitLeader, ctx) -> list[str]:
    if params.leader is not None:
        return [params.leader] if recruitable(game, params.leader) else []
    out = []
    for lid, info in tables(game).leaders.items():
        if info.faction == ctx["faction"] and lid in game.state["data"]["leaders"] and recruitable(game, lid) and (
                params.tactics is None or params.tactics == info.has_tactics):
            out.append(lid)
    return sorted(out)


@op(OPS, "recruit_leader", RecruitLeader)
def recruit_leader(game, frame, params: RecruitLeader, ctx) -> None:
    """Recruit a named leader, or one the player picks, into the pool or the system (An Old Friend)."""
    where = ctx.get("system")
    systems = game.state["data"]["systems"]
    wanted = params.where is None or (where in systems and matches(game, where, params.where, ctx))
    candidates = _recruit_candidates(game, params, ctx) if wanted else []
    if not candidates:
        game.pop()
        return
    chosen = pick(game, frame, ctx["player"], "recruit-leader", [{"id": l, "label": label(game, l)} for l in candidates],
                  card_prompt(game, ctx, N_("{card}: recruit which leader?"), N_("Recruit which leader?")))
    if chosen is None:
        return
    at = where if params.to == "system" else "pool"
    board.leader(game, chosen["id"])["at"] = at
    game.log("recruited", faction=ctx["faction"], leader=chosen["id"], at=at, card=ctx.get("card"))
    game.pop()


# -- cards ----------------------------------------------------------------------------------------------------------


class TakeFromDeck(Strict):
    """The side searches its mission deck for one of ``cards``, takes it into hand unseen by the opponent
    (RS-ACT-11) and shuffles the deck (Son of Skywalker)."""

    cards: list[str] = Field(min_length=1)


def _found(game, params: TakeFromDeck, ctx) -> list[str]:
    return sorted({c for c in deck(game, f"missions-{ctx['faction']}") if c in params.cards})


@op(OPS, "take_from_deck", TakeFromDeck, lambda game, params, ctx: bool(_found(game, params, ctx)))
def take_from_deck(game, frame, params: TakeFromDeck, ctx) -> None:
    """Take one of the named cards from the mission deck into hand (Son of Skywalker)."""
    faction = ctx["faction"]
    found = _found(game, params, ctx)
    if not found:
        game.pop()
        return
    chosen = pick(game, frame, ctx["player"], "take-card", [{"id": c, "label": label(game, c)} for c in found],
                  "Take which card from your mission deck?")
    if chosen is None:
        return
    name = f"missions-{faction}"
    deck(game, name).remove(chosen["id"])
    hand(game, faction, "missions").append(chosen["id"])
    game.shuffle(game.state["data"]["decks"][name], name)
    game.log("card-taken", faction=faction, deck=name, card=board.team_secret(game, chosen["id"], faction))
    game.pop()


class OpenHand(Strict):
    """``who`` plays the rest of this combat with his tactic cards face up: the hand and the cards he draws are
    shown to both sides (Good Intel)."""

    who: Who = "opponent"


@op(OPS, "open_hand", OpenHand)
def open_hand(game, frame, params: OpenHand, ctx) -> None:
    """Turn the opponent's combat hand face up for this combat (Good Intel; ``combat.draw_tactics`` then logs
    draws openly)."""
    faction = side(ctx, params.who)
    hands = combat.state(game)["hands"]
    hands[faction] = list(peek(hands[faction]))
    game.log("tactics-shown", faction=faction, cards=list(hands[faction]), card=ctx.get("card"))
    game.pop()


# -- units ----------------------------------------------------------------------------------------------------------


class RelocateUnits(Strict):
    """``who`` moves all its units of ``theater`` out of the system, ignoring adjacency and transport, to one
    other system of its choice that meets ``to`` (Independent Operation). Immobile units and captured leaders stay
    (FAQ errata, SU); with nowhere to go nothing moves."""

    who: Who = "opponent"
    theater: Literal["space", "ground"] = "ground"
    to: Where = Where()


@op(OPS, "relocate_units", RelocateUnits)
def relocate_units(game, frame, params: RelocateUnits, ctx) -> None:
    """Move all of a side's units of a theater out of the system to one system it picks (Independent Operation)."""
    t = tables(game)
    faction, source = side(ctx, params.who), ctx["system"]
    units = {u: n for u, n in board.faction_units(game, source, faction, params.theater).items()
             if not t.units[u].immobile}
    targets = [s for s in systems_where(game, params.to, ctx) if s != source]
    if not units or not targets:
        if units:
            game.log("no-target", card=ctx.get("card"), wanted="system")
        game.pop()
        return
    chosen = pick(game, frame, board.decider(game, faction, "general"), "choose-system",
                  [{"id": s, "label": label(game, s)} for s in targets],
                  text(game, N_("{card}: move your units from {source} to which system?"), card=ctx.get("card", ""),
                       source=source))
    if chosen is None:
        return

    move_units(game, faction, source, chosen["id"], units, [], event="moved")
    board.check_base_reveal(game)
    game.pop()


class MoveIn(Strict):
    """The side's units move into the system from its neighbours as in an activation by the card's leader, who is
    already there: every adjacent system once, transport, pinning and the Rebel Base space as usual (RB-MOV-03..12,
    RULINGS C-02); then the base reveal and the combat (RB-BAS-11, RB-CMB-02), at once."""


@op(OPS, "move_in", MoveIn)
def move_in(game, frame, params: MoveIn, ctx) -> None:
    """Move units in from the neighbours as an activation does (Catch Them by Surprise; ``movement``)."""

    game.pop()
    game.push(ACTIVATE, faction=ctx["faction"], system=ctx["system"], leader=ctx["actor"], used=[], origins=[],
              group=None)

