"""Effect ops that choose where a card acts and steer the rest of its effect: targets (RB-MIS-02..04), branches,
effects delayed to the end of the Command Phase (RB-RLC-08), conditions that make a card fail.

A target that offers exactly one system or leader is taken without asking (nothing to decide). A target with no
candidate ends the effect (``stop``); missions and action cards are only offered when their first step has a
candidate (the ``feasible`` tests), so that happens only to later steps, e.g. Superlaser Online's loyalty in a
region with no populous system left.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.engine.effects import insert, run_effect, stop
from swrebellion.i18n import N_
from swrebellion.models import Text
from swrebellion.models.effects import Steps

from .. import board
from ..names import card_prompt, content_text, label, text
from ..tables import OPPONENT, tables
from .conditions import Faction, OpTable, Strict, Where, any_system, matches, op, pick, systems_where

OPS: OpTable = {}


# -- choose a system -------------------------------------------------------------------------------------------


class ChooseSystem(Strict):
    """Choose a system meeting ``where`` (never the Rebel Base space, RB-MIS-25); it goes to the context under
    ``key`` ("system" is where a mission takes place, RB-MIS-02)."""

    where: Where = Where()
    key: str = "system"


def _can_choose_system(game, params: ChooseSystem, ctx) -> bool:
    return any_system(game, params.where, ctx)


@op(OPS, "choose_system", ChooseSystem, _can_choose_system)
def choose_system(game, frame, params: ChooseSystem, ctx) -> None:
    """Choose a system meeting a condition (RB-MIS-02, RB-MIS-04)."""
    candidates = systems_where(game, params.where, ctx)
    if not candidates:
        game.log("no-target", card=ctx.get("card"), wanted="system")
        stop(game)
        return
    chosen = pick(game, frame, ctx["player"], "choose-system", [{"id": s, "label": label(game, s)} for s in candidates],
                  card_prompt(game, ctx, N_("{card}: choose a system"), N_("Choose a system")))
    if chosen is None:
        return
    ctx[params.key] = chosen["id"]
    game.log("target", card=ctx.get("card"), system=chosen["id"])
    game.pop()


# -- choose a leader ("against a leader") ----------------------------------------------------------------------


class ChooseLeader(Strict):
    """Choose a leader of ``faction`` who is in a system meeting ``where``; he goes to the context under ``key`` and
    his system becomes the context's "system": a mission against a leader takes place where he is (RB-MIS-03)."""

    faction: Faction
    captured: bool | None = Field(default=None, description="Only captured (true) or only free (false) leaders.")
    where: Where = Where()
    key: str = "leader"


def leaders_where(game, params: ChooseLeader, ctx) -> list[str]:
    """Leaders on the board in a system (not on the Rebel Base space, RB-MIS-25; not on a mission card)."""
    systems = game.state["data"]["systems"]
    out = []
    for lid, info in sorted(game.state["data"]["leaders"].items()):
        if board.leader_faction(game, lid) != params.faction or info["at"] not in systems:
            continue
        if params.captured is not None and board.is_captured(game, lid) != params.captured:
            continue
        if matches(game, info["at"], params.where, ctx):
            out.append(lid)
    return out


def _can_choose_leader(game, params: ChooseLeader, ctx) -> bool:
    return bool(leaders_where(game, params, ctx))


@op(OPS, "choose_leader", ChooseLeader, _can_choose_leader)
def choose_leader(game, frame, params: ChooseLeader, ctx) -> None:
    """Choose the leader a mission is against; the mission takes place in his system (RB-MIS-03, RB-MIS-17)."""
    candidates = leaders_where(game, params, ctx)
    if not candidates:
        game.log("no-target", card=ctx.get("card"), wanted="leader")
        stop(game)
        return
    where = game.state["data"]["leaders"]
    options = [{"id": lid, "label": text(game, N_("{leader} in {system}"), leader=lid, system=where[lid]["at"])}
               for lid in candidates]
    chosen = pick(game, frame, ctx["player"], "choose-leader", options,
                  card_prompt(game, ctx, N_("{card}: choose a leader"), N_("Choose a leader")))
    if chosen is None:
        return
    lid = chosen["id"]
    ctx[params.key] = lid
    ctx["system"] = board.leader(game, lid)["at"]
    game.log("target", card=ctx.get("card"), leader=lid, system=ctx["system"])
    game.pop()


# -- at the Rebel base -------------------------------------------------------------------------------------------


class AtBase(Strict):
    """The card acts at the Rebel Base space, or in the base's system once it is revealed (RB-BAS-13, RB-RLC-07).
    The one kind of target allowed on the Rebel Base space, because the card says so (RB-MIS-25)."""


@op(OPS, "at_base", AtBase, lambda game, params, ctx: True)
def at_base(game, frame, params: AtBase, ctx) -> None:
    """Make the card's system the Rebel base (its system once revealed), for missions played at the base.
    The card's system is the Rebel base (Rapid Mobilization; Rebel Planning's Dodonna)."""
    ctx["system"] = board.rebel_base_location(game)
    game.log("target", card=ctx.get("card"), system=ctx["system"])
    game.pop()


# -- one of several branches ---------------------------------------------------------------------------------------


class When(Strict):
    """A condition on the game for a branch to be offered."""

    base_hidden: bool | None = Field(default=None, description="The Rebel base is (not) still hidden.")
    system: Where | None = Field(default=None, description="The context's system meets this condition.")
    mission_leader: str | None = Field(
        default=None, description="This leader (or one replacing him, RS-LDR-06) is on the mission: a portrait "
        "leader's extra on a resolve card (RS-MIS-06)."
    )
    leader_in: list[str] | None = Field(
        default=None, description="The context's leader is one of these (or replaces one of them, RS-LDR-06)."
    )
    min_leaders: int | None = Field(
        default=None, ge=1, description="At least this many leaders are on the mission (a two-leader clause)."
    )


class Branch(Strict):
    id: str
    label: str | Text = Field(description="What the player reads: English, or {en, ru, tr}.")
    when: When = When()
    steps: Steps = Field(description="Effect steps run if this branch is chosen.")


class ChooseOne(Strict):
    """The player picks one branch among those whose ``when`` holds; its steps run next, in the same context.
    ``chooser: opponent``: the card's opponent picks (his Admiral in team play)."""

    options: list[Branch] = Field(min_length=2)
    chooser: Literal["self", "opponent"] = "self"


def _is_one_of(game, lid: str | None, wanted: list[str]) -> bool:
    """RS-LDR-06: Luke Skywalker (Jedi) counts as Luke Skywalker."""
    return lid is not None and (lid in wanted or tables(game).leaders[lid].replaces in wanted)


def _holds(game, when: When, ctx) -> bool:
    if when.base_hidden is not None and board.base_revealed(game) == when.base_hidden:
        return False
    if when.mission_leader is not None and not any(
            _is_one_of(game, l, [when.mission_leader]) for l in ctx.get("leaders", [])):
        return False
    if when.leader_in is not None and not _is_one_of(game, ctx.get("leader"), when.leader_in):
        return False
    if when.min_leaders is not None and len(ctx.get("leaders", [])) < when.min_leaders:
        return False
    if when.system is not None:
        where = ctx.get("system")
        if where not in game.state["data"]["systems"] or not matches(game, where, when.system, ctx):
            return False
    return True


@op(OPS, "choose_one", ChooseOne)
def choose_one(game, frame, params: ChooseOne, ctx) -> None:
    """Pick one branch of the effect (Research and Development, Rapid Mobilization)."""
    branches = [{"id": b.id, "label": content_text(game, b.label)} for b in params.options if _holds(game, b.when, ctx)]
    if not branches:
        game.pop()
        return
    player = ctx["player"] if params.chooser == "self" else board.decider(game, OPPONENT[ctx["faction"]], "admiral")
    chosen = pick(game, frame, player, "choose-effect", branches,
                  card_prompt(game, ctx, N_("{card}: choose one"), N_("Choose one")))
    if chosen is None:
        return
    branch = next(b for b in params.options if b.id == chosen["id"])
    game.log("effect-chosen", card=ctx.get("card"), option=branch.id)
    game.pop()
    insert(game, branch.steps)


# -- later: at the end of the Command Phase -------------------------------------------------------------------------


class AtEndOfCommand(Strict):
    """Run ``steps`` at the end of the Command Phase, just before the Refresh Phase, with this effect's context;
    nothing about them is decided before then (RB-RLC-08, FAQ-71)."""

    steps: Steps


@op(OPS, "at_end_of_command", AtEndOfCommand)
def at_end_of_command(game, frame, params: AtEndOfCommand, ctx) -> None:
    """Delay the rest of a card to the end of the Command Phase (rounds.command_end_step runs it)."""
    entry = ["base.deferred-effect", {"steps": frame["params"]["steps"], "context": dict(ctx)}]
    game.state["data"].setdefault("end_of_command", []).append(entry)
    game.log("effect-delayed", card=ctx.get("card"), until="end of the Command Phase")
    game.pop()


def deferred_effect_step(game, frame) -> None:
    """An effect delayed by ``at_end_of_command`` runs now."""
    game.pop()
    run_effect(game, frame["steps"], frame["context"])


# -- mission dice ----------------------------------------------------------------------------------------------------


class MissionDice(Strict):
    """Adjust the attempt's dice when the mission's system meets ``where``: ``extra`` dice for the attempting side
    (Build Alliance), or ``unopposed`` to roll even without an opposing leader (RULINGS D-02)."""

    extra: int = Field(default=0, ge=0)
    unopposed: bool = False
    where: Where = Where()


@op(OPS, "mission_dice", MissionDice)
def mission_dice(game, frame, params: MissionDice, ctx) -> None:
    """Adjust the dice of the attempt: extra dice or successes when a condition holds (read when the dice are rolled).
    A target-time note for the attempt (read when the dice are rolled, missions._dice and missions._roll)."""
    where = ctx.get("system")
    if where in game.state["data"]["systems"] and matches(game, where, params.where, ctx):
        ctx["extra_dice"] = ctx.get("extra_dice", 0) + params.extra
        if params.unopposed:
            ctx["roll_unopposed"] = True
    game.pop()


# -- conditions that make the effect fail --------------------------------------------------------------------------


class RequireSupply(Strict):
    """The effect fails unless these units are all in the supply (RS-DSU-06: Construct Death Star needs the one
    Death Star Under Construction)."""

    units: dict[str, int] = Field(min_length=1)


@op(OPS, "require_supply", RequireSupply)
def require_supply(game, frame, params: RequireSupply, ctx) -> None:
    """Stop the effect when a unit it needs is not in the supply (RB-SUP-01)."""
    missing = sorted(u for u, n in params.units.items() if board.supply_left(game, u) < n)
    if missing:
        game.log("effect-failed", card=ctx.get("card"), reason="not in the supply", units=missing)
        stop(game)
        return
    game.pop()


STEPS = {"base.deferred-effect": deferred_effect_step}
