"""Effect ops of the advanced tactic cards (RE-CIN, card-effects-actions-tactics.md §0.3 and §5), and the index of
every op the expansion registers (``register``; target markers are in ``markers.py``).

They run in a cinematic card step (``cinematic.py``) and read the effect's context: ``faction`` (who plays the
card), ``player``, ``card``, ``theater`` (the card's), ``system`` and ``additional`` (an extra card, which neither
cancels nor can be cancelled, RE-CIN-21). "Deal damage" places damage markers at once on the opponent's units of
the theater, which die at the end of the round of battle (RS-ROE-06); "destroy" takes a unit out after both cards
(RS-ROE-07); prevention and the other lasting effects hold for this round of battle of the card's theater
(RS-ROE-08).
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.expansions.base import api
from swrebellion.expansions.base.api import RETREAT
from swrebellion.expansions.base.api.board import OPPONENT
from swrebellion.expansions.base.api.combat import state as combat_state
from swrebellion.expansions.base.api.leaders import capture as capture_leader
from swrebellion.expansions.base.api.ops import IconRef, OpTable, Strict, UnitRef, op, pick, uses
from swrebellion.expansions.base.api.words import label, text
from swrebellion.i18n import N_
from swrebellion.models.effects import Steps

from .cinematic import (
    ELIMINATE,
    add_effect,
    cine,
    deck,
    discards,
    half_options,
    label_card,
    play_from_deck,
    played,
    resolve,
)

OPS: OpTable = {}


def _opponent(ctx) -> str:
    return OPPONENT[ctx["faction"]]


def _choose(game, frame, ctx, kind: str, ids: list[str], question: str, name=label):
    """The id the player picks among ``ids`` (taken without asking when there is one); ``None`` while he is asked.
    ``question`` is a template with the card's name as ``{card}``.
    With nothing to pick the op is over: it pops and ``None`` is returned too."""
    if not ids:
        game.pop()
        return None
    chosen = pick(game, frame, ctx["player"], kind, [{"id": i, "label": name(game, i)} for i in ids],
                  text(game, question, card=ctx["card"]))
    return None if chosen is None else chosen["id"]


# -- damage and destruction ------------------------------------------------------------------------------------------


class TacticDamage(Strict):
    """Deal ``amount`` damage to the opponent's units of the card's theater here, point by point where the player
    likes (``spread``) or all on one unit (``single``); ``colour`` only on units with that health colour ("1 red
    damage"); ``kinds``/``units`` only on those units (capital ships; an AT-AT or AT-ST). With ``no_repair`` the
    damaged unit type may not shed damage for the rest of the round (Ion Blast)."""

    model_config = uses(reads=("faction", "player", "card", "theater", "system"), writes=(), group="advanced tactics")

    amount: int = Field(ge=1)
    colour: Literal["red", "black"] | None = None
    mode: Literal["spread", "single"] = "spread"
    kinds: list[str] | None = Field(default=None, description="Only units of these kinds (capital-ship, fighter...).")
    units: list[UnitRef] | None = Field(default=None, description="Only these unit types.")
    no_repair: bool = False


def _damage_options(game, ctx, params: TacticDamage) -> dict[str, tuple[str, int]]:
    enemy = _opponent(ctx)
    out = {}
    damage = combat_state(game)["damage"]
    for unit, n in sorted(api.board.faction_units(game, ctx["system"], enemy, ctx["theater"]).items()):
        info = api.content.unit(game, unit)
        limit = api.combat.health(game, unit)
        if limit is None or (params.colour and info.health_colour != params.colour):
            continue
        if (params.kinds and info.kind not in params.kinds) or (params.units and unit not in params.units):
            continue
        states = list(damage.get(unit, [])) + [0] * (n - len(damage.get(unit, [])))
        for old in sorted(set(states), reverse=True):
            if old < limit:  # a unit already doomed is not a target worth offering
                out[f"{unit}:{old}"] = (unit, old)
    return out


@op(OPS, "tactic_damage", TacticDamage)
def tactic_damage(game, frame, params: TacticDamage, ctx) -> None:
    """Deal damage to the opponent's units of this theater (Overrun, Rogue Squadron Support, Superlaser Blast...)."""
    dealt = frame.setdefault("dealt", {})
    left = params.amount - sum(sum(v) for v in dealt.values()) if params.mode == "spread" else params.amount
    chosen = frame.pop("choice", None)
    while left > 0:
        options = _damage_options(game, ctx, params)
        if chosen is None:
            if not options:
                break
            if len(options) > 1:
                amount = left if params.mode == "single" else 1
                game.ask(ctx["player"], "tactic-damage",
                         [{"id": k, "label": text(game, N_("{unit} (damage {old})"), unit=u, old=old)}
                          for k, (u, old) in options.items()],
                         text(game, N_("{card}: {n} damage on which unit?"), card=ctx["card"], n=amount))
                return
            chosen = {"id": next(iter(options))}
        unit, old = options[chosen["id"]]
        chosen = None
        step = left if params.mode == "single" else 1
        api.combat.add_damage(game, unit, old, step)
        dealt.setdefault(unit, []).append(step)
        left -= step
        if params.no_repair:
            add_effect(game, "no-repair", _opponent(ctx), ctx["theater"], ctx["card"], units=[unit])
        if params.mode == "single":
            break
    if dealt:
        game.log("damage", faction=_opponent(ctx), theater=ctx["theater"], dealt=dealt, card=ctx["card"])


class TacticDestroy(Strict):
    """Destroy one of the opponent's units here of the given build ``icons`` (``ground-triangle``), ``kinds``
    (``structure``) or ``units``, in ``theater`` (the card's by default: Intercept, a space card, reaches the
    ground). It does not roll this round and is removed once both cards are resolved (RS-ROE-07)."""

    model_config = uses(reads=("faction", "player", "card", "theater", "system"), writes=(), group="advanced tactics")

    icons: list[IconRef] | None = None
    kinds: list[str] | None = None
    units: list[UnitRef] | None = None
    theater: Literal["space", "ground"] | None = None


@op(OPS, "tactic_destroy", TacticDestroy)
def tactic_destroy(game, frame, params: TacticDestroy, ctx) -> None:
    """Destroy one enemy unit of a kind (Intercept, Support of the 501st, Target the Generator, Hold Them Back)."""
    doomed = cine(game)["doomed"]
    here = api.board.faction_units(game, ctx["system"], _opponent(ctx), params.theater or ctx["theater"])
    candidates = [
        u for u, n in sorted(here.items())
        if n > doomed.count(u)
        and (params.icons is None or api.content.unit(game, u).build_icon in params.icons)
        and (params.kinds is None or api.content.unit(game, u).kind in params.kinds)
        and (params.units is None or u in params.units)
    ]
    unit = _choose(game, frame, ctx, "tactic-destroy", candidates, N_("{card}: destroy which unit?"))
    if unit is None:
        return
    doomed.append(unit)
    game.log("doomed", faction=_opponent(ctx), unit=unit, card=ctx["card"])


# -- effects lasting the round ----------------------------------------------------------------------------------------


class TacticPrevent(Strict):
    """This round of battle, at the start of assigning the opponent's damage, remove from his roll up to ``red`` red
    dice and ``black`` black dice showing a hit and ``direct`` dice showing a direct hit (RE-CIN-13/14)."""

    model_config = uses(reads=("faction", "player", "card", "theater", "system"), writes=(), group="advanced tactics")

    red: int = Field(default=0, ge=0)
    black: int = Field(default=0, ge=0)
    direct: int = Field(default=0, ge=0)


@op(OPS, "tactic_prevent", TacticPrevent)
def tactic_prevent(game, frame, params: TacticPrevent, ctx) -> None:
    """Prevent damage (Armored Patrol, Take Cover, Escort, Reinforcements, Fleet Logistics, Overwhelming Presence)."""
    add_effect(game, "prevent", ctx["faction"], ctx["theater"], ctx["card"],
               **{k: v for k, v in params.model_dump().items() if v})


class NoParams(Strict):
    """No parameters."""

    model_config = uses(reads=("faction", "player", "card", "theater", "system", "additional"), writes=(), group="advanced tactics")


@op(OPS, "tactic_no_repair", NoParams)
def tactic_no_repair(game, frame, params: NoParams, ctx) -> None:
    """This round the opponent's units of this theater may not spend specials to remove damage (Intercept, Deployment,
    Imposing Presence, Rogue One)."""
    add_effect(game, "no-repair", _opponent(ctx), ctx["theater"], ctx["card"])


@op(OPS, "tactic_attack_last", NoParams)
def tactic_attack_last(game, frame, params: NoParams, ctx) -> None:
    """For the rest of the combat you attack second in this theater's battles; a later such card overrides it
    (Energy Shield, Armored Position, Draw Their Fire, Planetary Shield)."""
    cine(game)["attack_last"][ctx["theater"]] = ctx["faction"]
    game.log("attack-order", theater=ctx["theater"], last=ctx["faction"], card=ctx["card"])


class TacticShed(Strict):
    """Once the opponent's damage of this round's battle is on your units, remove up to ``amount`` damage markers
    from your units of this theater, except ``exclude`` types (Energy Shield, Draw Their Fire)."""

    model_config = uses(reads=("faction", "player", "card", "theater", "system"), writes=(), group="advanced tactics")

    amount: int = Field(ge=1)
    exclude: list[UnitRef] = Field(default_factory=list)


@op(OPS, "tactic_shed", TacticShed)
def tactic_shed(game, frame, params: TacticShed, ctx) -> None:
    """Take damage off your units after the opponent's attack (resolved by cinematic.shed_step)."""
    add_effect(game, "shed", ctx["faction"], ctx["theater"], ctx["card"], amount=params.amount,
               exclude=list(params.exclude))


class TacticRedirect(Strict):
    """After the opponent assigns his damage this round, move up to ``amount`` of it from your other units onto one
    of your ``onto`` units (Armored Position: a Shield Bunker; Planetary Shield: a Shield Generator)."""

    model_config = uses(reads=("faction", "player", "card", "theater", "system"), writes=(), group="advanced tactics")

    amount: int = Field(ge=1)
    onto: UnitRef


@op(OPS, "tactic_redirect", TacticRedirect)
def tactic_redirect(game, frame, params: TacticRedirect, ctx) -> None:
    """Move assigned damage onto a structure (resolved in the opponent's block step, cinematic._redirect)."""
    add_effect(game, "redirect", ctx["faction"], ctx["theater"], ctx["card"], amount=params.amount, onto=params.onto)


# -- the cards themselves: cancel, forbid, one more ---------------------------------------------------------------------


@op(OPS, "tactic_cancel", NoParams)
def tactic_cancel(game, frame, params: NoParams, ctx) -> None:
    """Cancel the opponent's tactic card of this round (RE-CIN-19), unless either card is an additional one
    (RE-CIN-21) or his card has already been resolved (Outrun Them, Air Superiority, Entrapment)."""
    target = played(game, ctx["theater"]).get(_opponent(ctx))
    if ctx.get("additional"):
        game.log("cancel-ignored", faction=ctx["faction"], card=ctx["card"], reason="an additional card cannot cancel")
    elif target and not target["resolved"] and not target.get("resolving"):
        target["cancelled"] = True
        game.log("tactic-cancelled", faction=_opponent(ctx), card=target["card"], by=ctx["card"])


@op(OPS, "tactic_forbid", NoParams)
def tactic_forbid(game, frame, params: NoParams, ctx) -> None:
    """The opponent plays no tactic card of this theater in the next combat round (Outrun Them, Air Superiority,
    Entrapment, Escape Plan)."""
    add_effect(game, "forbid", _opponent(ctx), ctx["theater"], ctx["card"], round_=combat_state(game)["round"] + 1)


@op(OPS, "tactic_extra", NoParams)
def tactic_extra(game, frame, params: NoParams, ctx) -> None:
    """Play one more card of this theater from your deck now: one of its halves, or neither; it cannot cancel or be
    cancelled (RE-CIN-21; Entrapment, Fleet Logistics, Imposing Presence, Confrontation)."""
    faction, theater = ctx["faction"], ctx["theater"]
    if "extra_ctx" in frame:
        return
    if "card" not in frame:
        card = _choose(game, frame, ctx, "additional-tactic", sorted(set(deck(game, faction, theater))),
                       N_("{card}: choose an additional tactic card"), name=label_card)
        if card is None:
            return
        frame["card"] = card
        play_from_deck(game, faction, theater, card)
        game.log("advanced-tactic-extra", faction=faction, card=card, theater=theater)
    chosen = pick(game, frame, ctx["player"], "tactic-ability", half_options(game, faction, frame["card"]),
                  text(game, N_("{card}: which ability?"), card=frame["card"]))
    if chosen is None:
        return
    if chosen["id"] == "none":
        game.log("advanced-tactic-unused", faction=faction, card=frame["card"])
        return
    resolve(game, faction, frame["card"], chosen["id"], theater, additional=True, into="extra_ctx")


@op(OPS, "tactic_leave_game", NoParams)
def tactic_leave_game(game, frame, params: NoParams, ctx) -> None:
    """Primitive: a cinematic combat card's act (RE-CIN): the advanced tactic card itself leaves the game.

    This card leaves the game for good (Confrontation)."""
    card, faction, theater = ctx["card"], ctx["faction"], ctx["theater"]
    for pile in (discards(game, faction, theater), deck(game, faction, theater)):
        if card in pile:
            pile.remove(card)
            game.state["data"]["roe"]["removed_tactics"].append(card)
            game.log("tactic-removed", faction=faction, card=card)
            break


# -- a lasting effect ending with the round -------------------------------------------------------------------


class RoundEndWhen(Strict):
    enemy_absent: Literal["space", "ground"] | None = Field(
        default=None, description="The opponent has no units of this theater left here.")
    own_units: list[UnitRef] | None = Field(default=None, description="One of your units of these types is still here.")
    retreated: bool | None = Field(default=None, description="One of your units retreated this round.")
    enemy_ground_lost: bool | None = Field(
        default=None, description="The opponent had ground units here when the card was used and has none now.")


class TacticAtRoundEnd(Strict):
    """Run ``steps`` when this combat round ends, after the retreat step, if ``when`` holds then (Tractor Beam,
    Rogue One, Confrontation)."""

    model_config = uses(reads=("faction", "player", "card", "theater", "system"), writes=(), group="advanced tactics")

    when: RoundEndWhen = RoundEndWhen()
    steps: Steps


@op(OPS, "tactic_at_round_end", TacticAtRoundEnd)
def tactic_at_round_end(game, frame, params: TacticAtRoundEnd, ctx) -> None:
    """Delay the rest of the ability to the end of the round (cinematic.round_end_step)."""
    system = ctx["system"]
    cine(game)["round_end"].append({
        "round": combat_state(game)["round"], "faction": ctx["faction"], "ctx": dict(ctx),
        "when": params.when.model_dump(exclude_none=True), "steps": frame["params"]["steps"],
        "enemy_ground": api.board.has_units(game, system, _opponent(ctx), "ground"),
    })
    game.log("effect-delayed", card=ctx["card"], until="the end of the combat round")


# -- retreat, leaders ------------------------------------------------------------------------------------------------


@op(OPS, "tactic_retreat", NoParams)
def tactic_retreat(game, frame, params: NoParams, ctx) -> None:
    """Primitive: a cinematic combat card's act (RE-CIN): a retreat in the middle of the battle that cancels the
    opponent's card.

    Retreat at once; if you do, the opponent's card of this round is cancelled (Escape Plan; it counts as a
    cancel for the order of resolution). An Interdictor forbids the Rebel's retreat (RE-UNT-06)."""
    faction = ctx["faction"]
    retreated = combat_state(game)["retreated"]
    if "before" not in frame:
        frame["before"] = retreated[faction]
        game.push(RETREAT, faction=faction, forced=False)
        return
    if retreated[faction] and not frame["before"] and not ctx.get("additional"):
        target = played(game, ctx["theater"]).get(_opponent(ctx))
        if target and not target["resolved"]:
            target["cancelled"] = True
            game.log("tactic-cancelled", faction=_opponent(ctx), card=target["card"], by=ctx["card"])


def _free_leaders_here(game, ctx, faction: str) -> list[str]:
    return api.leaders.at(game, ctx["system"], faction, captured=False)


@op(OPS, "tactic_capture", NoParams)
def tactic_capture(game, frame, params: NoParams, ctx) -> None:
    """Primitive: a cinematic combat card's act (RE-CIN): it captures during the battle, with the card's own timing.

    Capture one of the opponent's free leaders here (Tractor Beam)."""
    lid = _choose(game, frame, ctx, "capture-leader", _free_leaders_here(game, ctx, _opponent(ctx)),
                  N_("{card}: capture which leader?"))
    if lid is None:
        return
    capture_leader(game, lid, ctx["card"])


@op(OPS, "tactic_free_leader", NoParams)
def tactic_free_leader(game, frame, params: NoParams, ctx) -> None:
    """Primitive: a cinematic combat card's act (RE-CIN): a captive freed in the middle of a battle.

    Free one of your captured leaders: he goes to your base (Rogue One; RB-LDR-04)."""
    captive = [l for l in sorted(api.leaders.states(game))
               if api.leaders.is_captured(game, l) and api.content.leader(game, l).faction == ctx["faction"]]
    lid = _choose(game, frame, ctx, "free-leader", captive, N_("{card}: free which leader?"))
    if lid is None:
        return
    api.leaders.rescue(game, lid, ctx["card"])


@op(OPS, "tactic_doom_leader", NoParams)
def tactic_doom_leader(game, frame, params: NoParams, ctx) -> None:
    """Primitive: a cinematic combat card's act (RE-CIN): a damage token under a leader, acted on when the Command Phase
    ends.

    Put a damage token under one of the opponent's leaders here: he is eliminated when the Command Phase ends,
    even if he retreats (Confrontation)."""
    lid = _choose(game, frame, ctx, "doom-leader", _free_leaders_here(game, ctx, _opponent(ctx)), N_("{card}: which leader?"))
    if lid is None:
        return
    api.board.at_end_of_command(game, ELIMINATE, leader=lid, card=ctx["card"])
    game.log("leader-doomed", leader=lid, card=ctx["card"])
