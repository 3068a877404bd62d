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

from pydantic import ConfigDict, Field, model_validator

from swrebellion.engine.ops import OpTable, Strict, answer, op, pick, uses
from swrebellion.i18n import N_
from swrebellion.refs import ContextKey

from .. import board
from ..moments import ASKED_AT, SIDES_AT
from ..names import card_prompt, die, text
from ..rules import restrictions
from ..rules.actions import MOMENTS, actor_ok
from ..rules.missions import cancel, mission_frame, return_to_hand, take_assigned
from ..tables import OPPONENT
from .conditions import SIDE, Condition, Side, holds, side_of

OPS: OpTable = {}

#: The moments a Special card may answer (``rules.actions.MOMENTS``), and Start of Combat.
Moment = Literal[("start-of-combat", *MOMENTS)]  # type: ignore[valid-type]
# -- trigger: when a card may be played ------------------------------------------------------------------------------


def _sides(moment: str) -> str:
    """The sides the rules may ask at a card window, in words: a card of another side is never offered there."""
    sides = SIDES_AT[moment]
    return " and ".join(sides) + ("" if len(sides) > 1 else " only")


class Trigger(Condition):
    """When the card may be played: at ``moment``, with a pictured leader (RS-ACT-08) who is ``actor``:
    ``in-system`` (free in the system, the default rule), ``on-mission`` (assigned to the mission), ``on-board``
    (free in another system or on the Rebel Base space: the card brings him), ``pool`` (in the leader pool: the card
    brings him) or ``target`` (the leader the moment is about: the one about to be captured); and while the rest of
    the condition holds (the fields of ``Condition``: ``system``, ``mission`` ...)."""

    model_config = uses(reads=("moment", "actor", "system", "mission", "leader"), group="missions",
                        values={"moment": {"start-of-combat": "a Start of Combat card's moment (RS-ACT-05); "
                                                              "sides asked: rebel and empire",
                                           **{name: f"{when}; asked: {ASKED_AT[name]}; sides asked: {_sides(name)}"
                                              for name, when in MOMENTS.items()}}})

    moment: Moment | None = Field(default=None, description="None: at the card's timing word (Start of Combat).")
    actor: Literal["in-system", "on-mission", "on-board", "pool", "target"] = Field(
        default="in-system", description="Where the pictured leader playing the card must be.")


def _triggered(game, params: Trigger, ctx) -> bool:
    if params.moment is not None and ctx.get("moment") != params.moment:
        return False
    if not actor_ok(game, params.actor, ctx.get("actor"), ctx):
        return False
    return holds(game, params, ctx)


@op(OPS, "trigger", Trigger, _triggered)
def trigger(game, frame, params: Trigger, ctx) -> None:
    """Nothing, when run: says when the card may be played, which is checked when it is offered (RS-ACT-07/08)."""


# -- a mission stopped -----------------------------------------------------------------------------------------------


class StopMission(Strict):
    """Stop a mission before it does what its card says, as ``how`` says:

    * ``fail``: the mission being resolved fails at once, without dice (Wookiee Guardian; read by
      ``missions._roll``);
    * ``cancel``: the revealed mission this card answers ends at once: none of its effect happens, the card goes
      back to its owner's hand and its leaders from the mission's system to their pool. Played in the
      ``mission-revealed`` window (a Special card whose ``trigger`` names it: the opponent has just revealed the
      mission and chosen where it takes place, before anyone opposes it), or by a ``later`` step waiting for
      ``mission.revealed``. Offered only while a revealed mission is being resolved and its effect has not begun;
    * ``return``: one of the opponent's assigned missions, still face down, with exactly ``leaders`` leaders on it,
      goes back to hand unrevealed and its leaders to the pool (False Orders). The card stays hidden: the options
      name only its leaders. Offered only when such a mission is assigned."""

    model_config = uses(reads=("faction", "player", "card", "mission"), writes=(), group="missions")

    how: Literal["fail", "cancel", "return"] = Field(description="fail, cancel or return (see above).")
    leaders: int | None = Field(default=None, ge=1, description="return: how many leaders are on the mission.")

    @model_validator(mode="after")
    def _leaders_for_return(self):
        if (self.how == "return") != (self.leaders is not None):
            raise ValueError("'leaders' goes with how: return, and only with it")
        return self


def _cancellable(game, ctx) -> bool:
    mission = mission_frame(game)
    return mission is not None and mission.get("stage") in ("answer", "oppose", "roll", "rings") \
        and ctx.get("mission", {}).get("card") in (None, mission.get("card"))


def _returnable(game, params: StopMission, ctx) -> list[int]:
    assigned = game.state["data"]["assigned"][OPPONENT[ctx["faction"]]]
    return [n for n, entry in enumerate(assigned)
            if len(entry["leaders"]) == params.leaders
            and all(board.leader(game, lid)["at"] == "mission" for lid in entry["leaders"])]


def _can_stop(game, params: StopMission, ctx) -> bool:
    if params.how == "cancel":
        return _cancellable(game, ctx)
    if params.how == "return":
        return bool(_returnable(game, params, ctx))
    return True


@op(OPS, "stop_mission", StopMission, _can_stop)
def stop_mission(game, frame, params: StopMission, ctx) -> None:
    """Primitive: ends a mission outside the mission rules' own steps (a failure without dice, a cancel, a card
    sent back unrevealed from under its leaders, RB-MIS-23), which no other verb reaches.

    Make the mission being resolved fail, cancel a revealed one, or send an assigned one back to hand."""
    if params.how == "fail":
        mission = mission_frame(game)
        if mission is not None:
            mission["fails"] = ctx.get("card")
            game.log("mission-fails", card=ctx.get("card"), mission=mission.get("card"))
    elif params.how == "cancel":
        if _cancellable(game, ctx):
            cancel(game, mission_frame(game), ctx.get("card"))
    else:
        _send_back(game, frame, params, ctx)


def _send_back(game, frame, params: StopMission, ctx) -> None:
    faction = OPPONENT[ctx["faction"]]
    assigned = game.state["data"]["assigned"][faction]
    chosen = answer(frame)  # the answer: the missions offered are not listed again
    if chosen is None:
        choices = _returnable(game, params, ctx)
        if not choices:
            return
        options = [{"id": f"mission:{n}", "label": text(game, N_("The mission of {leaders}"),
                                                         leaders=assigned[n]["leaders"]),
                    "data": {"index": n}} for n in choices]
        chosen = pick(game, frame, ctx.get("player") or board.decider(game, ctx["faction"], "general"),
                      "return-mission", options, card_prompt(game, ctx, N_("{card}: which mission goes back to hand?"),
                                                             N_("Which mission goes back to hand?")))
        if chosen is None:
            return
    entry = take_assigned(game, faction, chosen["data"]["index"])
    return_to_hand(game, faction, entry, ctx.get("card", "a card"))


# -- dice ---------------------------------------------------------------------------------------------------------


class SetDice(Strict):
    """Up to ``count`` of the dice about to be rolled are not rolled: the player sets each to the face he wants,
    one die at a time (One in a Million). The roll (``rules.dice.roll``, where every die is rolled) reads them from
    the context's ``fixed``."""

    model_config = uses(reads=("card", "player", "dice"), writes=("fixed",), group="combat")

    count: int = Field(default=2, ge=1)


@op(OPS, "set_dice", SetDice)
def set_dice(game, frame, params: SetDice, ctx) -> None:
    """Primitive: fixes dice before they are rolled, a part of the dice rules (RB-MIS-09, RS-ATK).

    Set up to ``count`` dice about to be rolled to chosen faces (One in a Million; Death Star Plans too, SU)."""
    fixed = ctx.setdefault("fixed", [])
    chosen = frame.pop("choice", None)
    if chosen is not None:
        if chosen["id"] == "done":
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
        return
    game.ask(ctx["player"], "set-die", options + [{"id": "done", "label": N_("Roll the other dice")}],
             text(game, N_("{card}: set a die ({n} left)"), card=ctx["card"], n=params.count - len(fixed)))


# -- restrictions that last -----------------------------------------------------------------------------------------


class Restrict(Strict):
    """For a while ``side`` may not do what ``bar`` names in the system (the context's ``system``, or the key
    ``system`` names): ``move_in`` / ``move_out``: move units into or out of it, by an activation or a card (a
    retreat is no movement, RB-RET); ``missions``: carry out missions there; ``cards``: play action cards there. It
    lasts ``until`` the end of the phase (``end-of-phase``), of the round (``end-of-round``) or the start of the next
    Refresh Phase (``refresh``), and with ``while`` only as long as that condition holds, read for the card's side
    each time the rules ask (``until: null`` and a ``while``: as long as it holds). The status and map screens list
    the restrictions in force ("The Rebels may not move units out of Hoth until the end of the round (Blockade)."),
    and a question that would have offered what one bars says why it does not ("not offered: Move units from Hoth
    — The Rebels may not move units out of Hoth until the end of the round (Blockade).")."""

    model_config = ConfigDict(**uses(reads=("faction", "card", "<system>", "the keys its condition reads"),
                                     group="board"), populate_by_name=True)

    bar: list[Literal["move_in", "move_out", "missions", "cards"]] = Field(
        min_length=1, description="What is barred there: move_in, move_out, missions, cards.")
    side: Side = Field(default="opponent", description=f"Who is barred ({SIDE}).")
    until: Literal["end-of-phase", "end-of-round", "refresh"] | None = Field(
        default="end-of-round", description="When it ends: end-of-phase, end-of-round, or refresh (the start of the "
        "next Refresh Phase); null: only when its condition stops holding.")
    while_: Condition | None = Field(
        default=None, alias="while", description="It bars only while this holds (for the card's side).")
    system: ContextKey = Field(default="system", description="Context key of the system.")

    @model_validator(mode="after")
    def _ends(self) -> Restrict:
        if self.until is None and self.while_ is None:
            raise ValueError("a restriction must end: give `until` (end-of-phase, end-of-round, refresh) or a "
                             "`while` condition")
        return self


@op(OPS, "restrict", Restrict)
def restrict(game, frame, params: Restrict, ctx) -> None:
    """Primitive: a restriction is a lasting state the movement, mission and action-card rules read where they offer
    options (``rules.restrictions``), no change to the board; one built-in card plays it (Boba Fett? Where?), fan
    cards the rest of its bars and durations.

    Bar a side from moving units into or out of a system, from missions or from action cards there, until the end
    of the phase or round, the next Refresh Phase, or while a condition holds."""
    faction, system = side_of(ctx, params.side), ctx[params.system]
    record = {"faction": faction, "system": system, "bars": sorted(set(params.bar), key=params.bar.index),
              "until": params.until, "ends": restrictions.ends(game, params.until), "card": ctx.get("card")}
    if params.while_ is not None:
        record.update({"condition": frame["params"]["while"], "context": dict(ctx)})
    restrictions.restrict(game, record)
    game.log("restricted", faction=faction, system=system, bars=record["bars"], until=params.until,
             conditional=params.while_ is not None, card=ctx.get("card"))


# -- a combat the card orders ------------------------------------------------------------------------------------


class Fight(Strict):
    """A combat in the card's system once the card is over, if both sides then share a theater there (RS-MIS-05:
    'then resolve a combat' is fought after every step of the mission, with the normal combat steps)."""

    model_config = uses(reads=("system",), writes=("combat", "origins"), group="missions")


@op(OPS, "fight", Fight)
def fight(game, frame, params: Fight, ctx) -> None:
    """Order a combat in the system once the card is over (Incite Rebellion, Public Uprising, Plan the Assault).

    ``ops_plans.fight_after`` starts it when the mission or action card ends."""
    ctx["combat"] = ctx["system"]
    ctx.setdefault("origins", [])

