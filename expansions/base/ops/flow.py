"""Effect ops that choose where a card acts and steer the rest of its effect: targets (RB-MIS-02..04), branches,
effects delayed to the end of the Command Phase (RB-RLC-08), conditions that make a card fail.

A target that offers exactly one system or leader is taken without asking (nothing to decide). A target with no
candidate ends the effect (``stop``); missions and action cards are only offered when their first step has a
candidate (the ``feasible`` tests), so that happens only to later steps, e.g. Superlaser Online's loyalty in a
region with no populous system left.
"""

from __future__ import annotations

from typing import Annotated, Iterator, Literal

from pydantic import Field, model_validator

from swrebellion.engine.effects import insert, run_effect, stop
from swrebellion.engine.ops import OpTable, Strict, answer, op, pick, uses
from swrebellion.i18n import N_
from swrebellion.models import Text
from swrebellion.models.effects import Steps

from .. import board
from ..moments import LATER_MOMENTS, MOMENTS, RULE_MOMENTS, SIDED_MOMENTS
from ..names import card_prompt, content_text, named_options, text
from ..rules.actions import answered_at, window
from ..rules.objectives import keep_card_in_hand, keep_in_hand, objective_played
from ..rules.restrictions import barred_option, shown
from ..tables import OPPONENT, tables
from .conditions import (
    SIDE,
    Condition,
    Count,
    Side,
    SystemFilter,
    UnitFilter,
    any_system,
    count_of,
    holds,
    matches,
    missing_from_supply,
    side_of,
    systems_where,
    unit_fits,
)

OPS: OpTable = {}


# -- choose --------------------------------------------------------------------------------------------------------


class Option(Strict):
    """One option of a ``choose`` of ``what: option``: offered when ``when`` holds; its ``steps`` run if chosen."""

    id: str = Field(description="The option's id (scripts and logs name it).")
    label: str | Text = Field(description="What the player reads: English, or {en, ru, tr}.")
    when: Condition = Field(default_factory=Condition, description="Offered only when this holds.")
    steps: Steps = Field(description="Effect steps run if this option is chosen.")


#: The old name of :class:`Option` (a branch of ``choose_one``).
Branch = Option


class Choose(Strict):
    """Choose where the card acts or what it does, and remember it in the context.

    * ``what: system``: a system meeting ``where`` (never the Rebel Base space, RB-MIS-25), written under ``as``
      (default ``system``: where a mission takes place, RB-MIS-02); the ``choose-system`` decision.
    * ``what: leader``: a leader of ``side``, captured or not as ``captured`` says, in a system meeting ``where``
      (never on the Rebel Base space or on a mission card); written under ``as`` (default ``leader``), and his system
      becomes the context's ``system``: a mission against a leader takes place where he is (RB-MIS-03); the
      ``choose-leader`` decision.
    * ``what: base``: the Rebel Base space, or the base's system once it is revealed (RB-BAS-13, RB-RLC-07): the one
      target allowed on the Rebel Base space, because the card says so (RB-MIS-25). Nobody chooses.
    * ``what: option``: one of ``options`` whose ``when`` holds; its steps run next, in the same context; the
      ``choose-effect`` decision. None holds: nothing happens.

    A choice with one candidate is taken without asking. With no candidate system or leader the effect ends
    (``no-target``); missions and action cards are only offered when their first step has a candidate (the
    feasibility test), so that happens only to later steps. ``chooser: opponent``: the card's opponent chooses (his
    Admiral in team play)."""

    model_config = uses(reads=("faction", "player", "card", "barred", "keys named in where"),
                        writes=("<as>", "system"), group="choose")

    what: Literal["system", "leader", "option", "base"] = Field(description="What is chosen.")
    where: SystemFilter = Field(default_factory=SystemFilter,
                                description="system: the system meets it; leader: the leader's system meets it.")
    side: Side = Field(default="opponent", description=f"leader: whose leader ({SIDE}).")
    captured: bool | None = Field(default=None, description="leader: only captured (true) or only free (false) ones.")
    as_: str | None = Field(default=None, alias="as", description="The context key the choice is written under "
                            "(system: 'system'; leader: 'leader'; base: 'system'); a later step names it.")
    chooser: Literal["self", "opponent"] = Field(default="self", description="Who chooses.")
    options: list[Option] = Field(default_factory=list, description="option: the options (at least 2).")

    @model_validator(mode="after")
    def _options_for_option(self):
        if self.what == "option" and len(self.options) < 2:
            raise ValueError("what: option needs at least 2 'options'")
        if self.what != "option" and self.options:
            raise ValueError("'options' are for what: option")
        return self

    @property
    def key(self) -> str:
        return self.as_ or ("leader" if self.what == "leader" else "system")


def leaders_where(game, params: Choose, ctx) -> list[str]:
    """Leaders on the board in a system (not on the Rebel Base space, RB-MIS-25; not on a mission card), in id
    order."""
    return sorted(_leaders_where(game, params, ctx))


def _leaders_where(game, params: Choose, ctx) -> Iterator[str]:
    """:func:`leaders_where` one at a time, in no particular order: the feasibility test of every mission card at
    every Command Phase turn stops at the first. Only the leaders in a system are tested: most are in a pool, on a
    mission or in the supply. The Rebel's are looked for among those printed on his side (half of them all), and
    the filter's fields are read once (a model's attribute is slow to read). A mission against a leader takes place
    where he is (RB-MIS-03): never one in a system barred to the mission (``barred``: Boba Fett? Where?)."""
    data = game.state["data"]
    systems, leaders = data["systems"], data["leaders"]
    side = side_of(ctx, params.side)
    captured, where = params.captured, params.where
    barred = ctx.get("barred", ())
    for lid in tables(game).leaders_of["rebel"] if side == "rebel" else leaders:
        at = leaders[lid]["at"]
        if at not in systems or board.leader_faction(game, lid) != side or at in barred:
            continue
        if captured is not None and board.is_captured(game, lid) != captured:
            continue
        if matches(game, at, where, ctx):
            yield lid


def _ask_target(game, frame, params: Choose, ctx) -> dict | None:
    """The system or leader chosen (RB-MIS-02..04): the only candidate at once, or None once the question is asked
    (or when there is none: the effect stops, ``no-target``)."""
    barred = ctx.get("barred")  # a mission's: a system or leader where a restriction bars it is shown withheld
    if params.what == "system":
        candidates = systems_where(game, params.where, ctx)
        options = named_options(game, candidates)
        if barred and candidates:
            options = shown([barred_option(o, ctx["faction"], "missions", o["id"]) if o["id"] in barred else o
                             for o in named_options(game, systems_where(game, params.where, {**ctx, "barred": ()}))])
    else:
        candidates = leaders_where(game, params, ctx)
        where = game.state["data"]["leaders"]
        options = [_leader_option(game, lid, where[lid]["at"]) for lid in candidates]
        if barred and candidates:
            options = shown([barred_option(_leader_option(game, lid, at), ctx["faction"], "missions", at)
                             if (at := where[lid]["at"]) in barred else _leader_option(game, lid, at)
                             for lid in leaders_where(game, params, {**ctx, "barred": ()})])
    if not candidates:
        game.log("no-target", card=ctx.get("card"), wanted=params.what)
        stop(game)
        return None
    prompt = card_prompt(game, ctx, N_("{card}: choose a system"), N_("Choose a system")) if params.what == "system" \
        else card_prompt(game, ctx, N_("{card}: choose a leader"), N_("Choose a leader"))
    return pick(game, frame, chooser(game, ctx, params.chooser), f"choose-{params.what}", options, prompt)


def _leader_option(game, lid: str, at: str) -> dict:
    return {"id": lid, "label": text(game, N_("{leader} in {system}"), leader=lid, system=at)}


def _can_choose(game, params: Choose, ctx) -> bool:
    if params.what == "system":
        return any_system(game, params.where, ctx)
    if params.what == "leader":
        return next(_leaders_where(game, params, ctx), None) is not None
    return True


def chooser(game, ctx, who: str) -> str:
    """Who decides a card's choice: the card's player, or (``opponent``) the other side's Admiral."""
    return ctx["player"] if who == "self" else board.decider(game, OPPONENT[ctx["faction"]], "admiral")


@op(OPS, "choose", Choose, _can_choose)
def choose(game, frame, params: Choose, ctx) -> None:
    """Choose a system, a leader, an option or the Rebel base, and remember it (RB-MIS-02..04, RB-MIS-25)."""
    if params.what == "base":
        ctx[params.key] = board.rebel_base_location(game)
        game.log("target", card=ctx.get("card"), system=ctx[params.key])
        return
    if params.what == "option":
        branches = [{"id": b.id, "label": content_text(game, b.label)} for b in params.options
                    if holds(game, b.when, ctx)]
        if not branches:
            return
        chosen = pick(game, frame, chooser(game, ctx, params.chooser), "choose-effect", branches,
                      card_prompt(game, ctx, N_("{card}: choose one"), N_("Choose one")))
        if chosen is None:
            return
        game.log("effect-chosen", card=ctx.get("card"), option=chosen["id"])
        index = next(n for n, b in enumerate(params.options) if b.id == chosen["id"])
        insert(game, frame["params"]["options"][index]["steps"])
        return
    chosen = answer(frame)  # the answer to the question asked: the candidates are not listed again
    if chosen is None:
        chosen = _ask_target(game, frame, params, ctx)
        if chosen is None:
            return
    ctx[params.key] = chosen["id"]
    if params.what == "system":
        game.log("target", card=ctx.get("card"), system=chosen["id"])
        return
    ctx["system"] = board.leader(game, chosen["id"])["at"]
    game.log("target", card=ctx.get("card"), leader=chosen["id"], system=ctx["system"])


# -- conditions ----------------------------------------------------------------------------------------------------


class If(Strict):
    """Run ``then`` when ``when`` holds, otherwise ``otherwise``, in the same context: nobody chooses (unlike
    ``choose``). E.g. ``when: {mission_leader: admiral-ozzel}`` for a portrait leader's extra on a resolve card
    (RS-MIS-06), ``when: {leader_in: [luke-skywalker]}`` for a clause about one leader."""

    model_config = uses(reads=("the keys its condition reads",), group="conditions")

    when: Condition = Field(description="The condition.")
    then: Steps = Field(default_factory=list, description="Effect steps run when it holds.")
    otherwise: Steps = Field(default_factory=list, description="Effect steps run when it does not.")


@op(OPS, "if", If)
def if_(game, frame, params: If, ctx) -> None:
    """Run one of two lists of steps by a condition on the game, nobody choosing (Probe Droid Initiative, Double
    Our Efforts, Lure of the Dark Side)."""
    insert(game, frame["params"].get("then" if holds(game, params.when, ctx) else "otherwise", []))


#: More runs of one ``repeat`` than any card means (a count over the whole board stays well under it).
MAX_TIMES = 20


class Repeat(Strict):
    """Run ``steps`` so many times, one run after another in the same context: ``times`` is a number, or a count
    read off the board when the step runs ("1 reputation per 3 subjugated systems, at most 2": ``times: {where:
    {subjugated: true}, per: 3, at_most: 2}``, the steps ``[{op: reputation, amount: 1}]``). Zero times: nothing
    happens, and the effect goes on."""

    model_config = uses(reads=("faction", "the keys its count reads"), group="conditions")

    times: Annotated[int, Field(ge=0, le=MAX_TIMES)] | Count = Field(
        description="How many times: a number, or a count of systems or units.")
    steps: Steps = Field(description="Effect steps run that many times.")


@op(OPS, "repeat", Repeat)
def repeat(game, frame, params: Repeat, ctx) -> None:
    """Run steps so many times: a number, or one per so many systems or units, at most so many (a count, not
    nested ``if`` steps)."""
    times = params.times if isinstance(params.times, int) else count_of(game, params.times, ctx)
    insert(game, frame["params"]["steps"] * times)


class Did(Strict):
    """What the steps of an ``outcome`` step did, read from what they logged; every field given must hold."""

    destroyed: UnitFilter | None = Field(
        default=None, description="They destroyed such units, at least ``at_least`` of them (on the board or a build "
        "queue).")
    captured: Side | None = Field(default=None, description="They captured a leader of that side (RS-CAP).")

    @model_validator(mode="after")
    def _something(self) -> Did:
        if self.destroyed is None and self.captured is None:
            raise ValueError("an outcome names what the steps must have done: `destroyed: {side: opponent}` or "
                             "`captured: opponent`")
        return self


class OutcomeStep(Strict):
    """Run ``steps``, then ``then`` if they did what ``when`` says (``destroyed``, ``captured``), otherwise
    ``otherwise``: "destroy one of his units; if that destroyed a capital ship, draw a card". The steps run in the
    card's context and what they choose stays in it for the steps after. A step of ``steps`` that ends the effect
    (a ``require`` failing, a choice with nothing to choose) ends only ``steps``: then what they did so far is
    judged."""

    model_config = uses(reads=("the keys its steps read",), writes=("the keys its steps write",),
                        group="conditions")

    steps: Steps = Field(description="Effect steps whose outcome is judged.")
    when: Did = Field(description="What they must have done.")
    then: Steps = Field(default_factory=list, description="Effect steps run when they did.")
    otherwise: Steps = Field(default_factory=list, description="Effect steps run when they did not.")


@op(OPS, "outcome", OutcomeStep)
def outcome(game, frame, params: OutcomeStep, ctx) -> None:
    """Run steps, then branch on what they did (destroyed such units, captured a leader)."""
    if "since" not in frame:
        frame["since"] = len(game.state["log"])
        run_effect(game, frame["params"]["steps"], ctx, into="done")
        return
    ctx.update({key: value for key, value in frame.pop("done").items() if key != "stopped"})
    did = _did(game, params.when, game.state["log"][frame["since"]:], ctx)
    insert(game, frame["params"].get("then" if did else "otherwise", []))


def _did(game, wanted: Did, events: list[dict], ctx) -> bool:
    t = tables(game)
    if wanted.destroyed is not None:
        side = side_of(ctx, wanted.destroyed.side)
        found = sum(e["count"] for e in events if e["type"] == "destroyed" and (
            side == "any" or t.units[e["unit"]].faction == side) and unit_fits(t.units[e["unit"]], e["unit"],
                                                                             wanted.destroyed))
        if found < wanted.destroyed.at_least:
            return False
    if wanted.captured is not None:
        side = side_of(ctx, wanted.captured)
        if not any(e["type"] == "captured" and t.leaders[e["leader"]].faction == side for e in events):
            return False
    return True


class Require(Strict):
    """The rest of the effect happens only if ``condition`` holds. Otherwise the effect ends here and is logged as
    ``effect-failed``: with ``otherwise: stop`` the card is spent as usual (a mission to its discard pile), with
    ``otherwise: keep`` it goes back to its owner's hand. An objective whose condition fails is never scored: it
    stays in the Rebel's hand (RB-OBJ), either way. As the first step of an objective or of an action card that
    starts with a ``trigger``, the condition also decides whether the card is offered at all (its feasibility
    test): the objective conditions of the base game are ``require`` steps."""

    model_config = uses(reads=("the keys its condition reads",), group="conditions")

    condition: Condition = Field(description="What must hold.")
    otherwise: Literal["stop", "keep"] = Field(
        default="stop", description="stop: the effect ends; keep: it ends and the card goes back to hand.")


def _required(game, params: Require, ctx) -> bool:
    return holds(game, params.condition, ctx)


@op(OPS, "require", Require, _required)
def require(game, frame, params: Require, ctx) -> None:
    """Go on only if a condition holds; otherwise end the effect (objectives' conditions, Construct Death Star's
    supply, RS-DSU-06)."""
    if holds(game, params.condition, ctx):
        return
    if objective_played(game, ctx):
        keep_in_hand(game)  # RB-OBJ: an objective whose condition is not met is not scored
    else:
        missing = missing_from_supply(game, params.condition.supply or {})
        if missing:
            game.log("effect-failed", card=ctx.get("card"), reason="not in the supply", units=missing)
        else:
            game.log("effect-failed", card=ctx.get("card"), reason="condition not met")
        if params.otherwise == "keep":
            keep_card_in_hand(game, ctx, "always")
    stop(game)


# -- later: timing as data -----------------------------------------------------------------------------------------

LATER = "base.later"


class Later(Strict):
    """Run ``steps`` once, when the rules next reach ``moment`` (a rule moment of docs/hooks.md), rather than now:
    nothing about them is decided before then (RB-RLC-08, FAQ-71: Rapid Mobilization waits for the end of the
    Command Phase). ``side``: at a moment that belongs to one side (a turn, a mission, an activation), only when
    it is that side's: ``opponent`` waits for the opponent's next turn start or mission reveal, ``self`` for the
    card's side's, ``any`` for the next of either. Effects waiting for the same moment run in the order they were
    made; one made while its moment is being run waits for the next time.

    The steps run with the card's context as it was (who played it, the card, the systems and leaders its earlier
    steps chose), plus ``moment``, the moment's own locals where the context does not hold those keys already,
    and at a mission moment ``mission``: the mission ``{faction, card, leaders, system}`` (what ``stop_mission``
    with ``how: cancel`` and the condition ``mission`` read)."""

    model_config = uses(reads=("faction", "card", "the whole context, kept"),
                        writes=("moment", "mission (at a mission moment)"), group="timing",
                        values={"moment": {name: RULE_MOMENTS[name][0] for name in LATER_MOMENTS}})

    moment: Literal[tuple(LATER_MOMENTS)] = Field(  # type: ignore[valid-type]
        description="The rule moment the steps wait for (docs/hooks.md says when each is reached).")
    steps: Steps = Field(description="Effect steps run then.")
    side: Literal["self", "opponent", "any"] = Field(
        default="any", description="At a moment of one side's turn, mission or activation: whose (self, opponent, "
        "any); only `any` at the other moments.")

    @model_validator(mode="after")
    def _sided(self):
        if self.side != "any" and self.moment not in SIDED_MOMENTS:
            raise ValueError(f"'side' is for a moment that belongs to one side ({', '.join(SIDED_MOMENTS)}); "
                             f"{self.moment} waits for 'any'")
        return self


@op(OPS, "later", Later)
def later(game, frame, params: Later, ctx) -> None:
    """Primitive: timing as data, the one way a card's steps wait for a rule moment (fan cards use it most).

    Keep steps for a later rule moment (Rapid Mobilization: the end of the Command Phase); ``later_step`` runs
    them then."""
    entry = {"moment": params.moment, "side": side_of(ctx, params.side) if params.side != "any" else "any",
             "steps": frame["params"]["steps"], "context": dict(ctx)}
    game.state["data"].setdefault("later", []).append(entry)
    game.log("effect-delayed", card=ctx.get("card"), until=LATER_MOMENTS[params.moment])


def later_step(game, frame) -> None:
    """The base game's step at each rule moment that is a card window or a ``later`` moment (``moments.STEPPED``):
    a card window first asks the sides its declaration names for action cards answering it (``actions.window``; the
    side the moment is about is its ``faction`` local, or the current player: RS-ACT-03); then the ``later`` effects
    waiting for it (and for its side) run, in the order they were made. Its name, ``base.later``, is the one saved
    games hold."""
    moment = frame["moment"]
    # most moments are answered by no card of the game (none of the built-in ones answers a Refresh step): the
    # window, which would ask nobody, is not opened at all
    if MOMENTS[moment].cards is not None and answered_at(game, moment):
        data = game.state["data"]
        acting = frame.get("faction") or data.get("current") or "rebel"
        # what the cards read of the moment: its locals, but the side playing is the card's (``faction``)
        info = {key: value for key, value in _locals(frame).items() if key != "faction"}
        if window(game, frame, moment, acting, info):
            return
    game.pop()
    waiting = game.state["data"].get("later")
    if not waiting:
        return
    moment, faction = frame["moment"], frame.get("faction")
    due = []
    for entry in waiting:  # an effect often waits through many moments not its own: nothing else is made for them
        if entry["moment"] == moment and entry["side"] in ("any", faction):
            due.append(entry)
    if not due:
        return
    local = _locals(frame)
    game.state["data"]["later"] = [e for e in waiting if not any(e is d for d in due)]
    for entry in reversed(due):
        ctx = {**{k: v for k, v in local.items() if k not in entry["context"]}, **entry["context"], "moment": moment}
        if moment.startswith("mission."):
            ctx["mission"] = {key: local.get(key) for key in ("faction", "card", "leaders", "system")}
        run_effect(game, entry["steps"], ctx)


def _locals(frame) -> dict:
    """The moment's own locals in its frame: not the step's name and moment, nor what its card window keeps there."""
    return {key: value for key, value in frame.items() if key not in _NOT_LOCAL}


_NOT_LOCAL = frozenset({"step", "moment", "windows", "special", "special_ctx", "played"})


# -- mission dice ----------------------------------------------------------------------------------------------------


class MissionDice(Strict):
    """Adjust the attempt's dice when the mission's system meets ``where``: ``extra`` dice for the attempting side
    (Build Alliance), or ``unopposed`` to roll even without an opposing leader (RULINGS D-02)."""

    model_config = uses(reads=("system",), writes=("extra_dice", "roll_unopposed"), group="missions")

    extra: int = Field(default=0, ge=0)
    unopposed: bool = False
    where: SystemFilter = SystemFilter()


@op(OPS, "mission_dice", MissionDice)
def mission_dice(game, frame, params: MissionDice, ctx) -> None:
    """Adjust the dice of the attempt: extra dice or successes when a condition holds (read when the dice are rolled).
    A target-time note for the attempt (read when the dice are rolled, missions._dice and missions._roll)."""
    where = ctx.get("system")
    if where in game.state["data"]["systems"] and matches(game, where, params.where, ctx):
        ctx["extra_dice"] = ctx.get("extra_dice", 0) + params.extra
        if params.unopposed:
            ctx["roll_unopposed"] = True


STEPS = {LATER: later_step}
