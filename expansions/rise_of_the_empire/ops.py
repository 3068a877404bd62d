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

from pydantic import Field, model_validator

from swrebellion.expansions.base import api
from swrebellion.expansions.base.api import RETREAT
from swrebellion.expansions.base.api.board import OPPONENT
from swrebellion.expansions.base.api.combat import state as combat_state
from swrebellion.expansions.base.api.leaders import capture as capture_leader
from swrebellion.expansions.base.api.ops import IconRef, OpTable, Strict, UnitRef, op, pick, uses
from swrebellion.expansions.base.api.words import label, text
from swrebellion.i18n import N_
from swrebellion.models.effects import Steps

from .ops_moments import PICK_FIRST
from .cinematic import (
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


# -- rules changed for a while: one verb, the change and how long it lasts ------------------------------------------


#: Each change a card makes to the cinematic combat's rules (RS-ROE-08), with the times it can last: ``round`` (this
#: round of battle of the card's theater), ``next-round`` (the next one) and ``combat`` (the rest of the combat).
#: The change and its side are data; how long each lasts is the rule's, and the data says it so that it can be read.
TIMINGS = {
    "prevent": ("round",),       # RE-CIN-13/14: taken out of the opponent's roll at the start of assigning damage
    "no-repair": ("round",),     # RE-CIN-15: specials may not remove damage
    "shed": ("round",),          # damage taken off one's units once the opponent's is on them
    "redirect": ("round",),      # assigned damage moved onto a structure
    "forbid": ("next-round",),   # no tactic card of this theater
    "attack-last": ("combat",),  # attacking second in this theater's battles
    "pick-first": ("combat",),   # choosing and showing one's card first (RE-CIN-03 otherwise: at once, in secret)
}
#: The parameters each change reads; every other one is refused.
FIELDS = {"prevent": {"red", "black", "direct"}, "no-repair": {"units"}, "shed": {"amount", "exclude"},
          "redirect": {"amount", "onto"}, "forbid": set(), "attack-last": set(), "pick-first": set()}


class BattleEffect(Strict):
    """A change to the cinematic combat's rules for ``who`` (the card's side, or its opponent), for as long as
    ``until`` says (RS-ROE-08). ``effect`` is one of:

    * ``prevent``: at the start of assigning the opponent's damage, remove from his roll up to ``red`` red dice and
      ``black`` black dice showing a hit and ``direct`` dice showing a direct hit (RE-CIN-13/14; Armored Patrol,
      Take Cover, Escort, Reinforcements, Fleet Logistics, Overwhelming Presence);
    * ``no-repair``: units of this theater (only ``units`` types, if given) may not spend specials to remove damage
      (RE-CIN-15; Intercept, Deployment, Imposing Presence, Rogue One);
    * ``shed``: once the opponent's damage of the battle is on them, up to ``amount`` damage comes off the side's
      units of this theater, except ``exclude`` types (Energy Shield, Draw Their Fire);
    * ``redirect``: after the opponent assigns his damage, up to ``amount`` of it moves from the side's other units
      onto one of its ``onto`` units (Armored Position: a Shield Bunker; Planetary Shield: a Shield Generator);
    * ``forbid``: the side plays no tactic card of this theater (Outrun Them, Air Superiority, Entrapment, Escape
      Plan);
    * ``attack-last``: the side attacks second in this theater's battles; a later such card overrides it (Energy
      Shield, Armored Position, Draw Their Fire, Planetary Shield);
    * ``pick-first``: before each battle round the side chooses and shows its advanced tactic card first, and the
      other chooses knowing it (Good Intel, RoE printing).

    ``until``: ``round`` (this round of battle), ``next-round`` (the next one) or ``combat`` (the rest of the
    combat). Each change has the timing its rule gives it, and the data says it: ``round`` for prevent, no-repair,
    shed and redirect, ``next-round`` for forbid, ``combat`` for attack-last and pick-first."""

    model_config = uses(reads=("faction", "player", "card", "theater", "system"), writes=(), group="advanced tactics")

    effect: Literal["prevent", "no-repair", "shed", "redirect", "forbid", "attack-last", "pick-first"] = Field(
        description="The rule changed (see above).")
    who: Literal["self", "opponent"] = Field(default="self", description="Whose side the change is on.")
    until: Literal["round", "next-round", "combat"] = Field(
        default="round", description="How long it lasts: this round of battle, the next one, or the combat.")
    red: int = Field(default=0, ge=0, description="prevent: red dice showing a hit.")
    black: int = Field(default=0, ge=0, description="prevent: black dice showing a hit.")
    direct: int = Field(default=0, ge=0, description="prevent: dice showing a direct hit.")
    units: list[UnitRef] | None = Field(default=None, description="no-repair: only these unit types.")
    amount: int | None = Field(default=None, ge=1, description="shed, redirect: how much damage.")
    exclude: list[UnitRef] = Field(default_factory=list, description="shed: not from these unit types.")
    onto: UnitRef | None = Field(default=None, description="redirect: onto a unit of this type.")

    @model_validator(mode="after")
    def _fits_the_effect(self):
        if self.until not in TIMINGS[self.effect]:
            raise ValueError(f"{self.effect} lasts until {' or '.join(TIMINGS[self.effect])}, not {self.until}")
        given = {name for name in self.model_fields_set if name not in ("effect", "who", "until")}
        if given - FIELDS[self.effect]:
            raise ValueError(f"{', '.join(sorted(given - FIELDS[self.effect]))}: not read by {self.effect}")
        if self.effect in ("shed", "redirect") and self.amount is None:
            raise ValueError(f"{self.effect} needs an amount")
        if self.effect == "redirect" and self.onto is None:
            raise ValueError("redirect needs 'onto', the unit type the damage moves onto")
        return self


@op(OPS, "battle_effect", BattleEffect)
def battle_effect(game, frame, params: BattleEffect, ctx) -> None:
    """Change a rule of the cinematic combat for a round of battle or the combat (kept by ``cinematic``: its card
    step, the attack's stages and the resolution order read them)."""
    faction = ctx["faction"] if params.who == "self" else _opponent(ctx)
    card, theater = ctx["card"], ctx.get("theater")
    effect = params.effect
    if effect == "prevent":
        add_effect(game, "prevent", faction, theater, card,
                   **{k: v for k, v in (("red", params.red), ("black", params.black), ("direct", params.direct)) if v})
    elif effect == "no-repair":
        add_effect(game, "no-repair", faction, theater, card, **({"units": params.units} if params.units else {}))
    elif effect == "shed":
        add_effect(game, "shed", faction, theater, card, amount=params.amount, exclude=list(params.exclude))
    elif effect == "redirect":
        add_effect(game, "redirect", faction, theater, card, amount=params.amount, onto=params.onto)
    elif effect == "forbid":
        add_effect(game, "forbid", faction, theater, card, round_=combat_state(game)["round"] + 1)
    elif effect == "attack-last":
        cine(game)["attack_last"][theater] = faction
        game.log("attack-order", theater=theater, last=faction, card=card)
    else:
        api.combat.add_effect(game, PICK_FIRST, faction, "combat", card=ctx.get("card"))


# -- the cards themselves: cancel, one more ---------------------------------------------------------------------------


class CancelTactic(Strict):
    """Cancel the opponent's tactic card of this round (RE-CIN-19), unless either card is an additional one
    (RE-CIN-21) or his card has already been resolved (Outrun Them, Air Superiority, Entrapment). With
    ``retreat_first`` the side first retreats at once, and the card is cancelled only if it did (Escape Plan; an
    Interdictor forbids the Rebel's retreat, RE-UNT-06). Either way the ability counts as a cancel for the order of
    resolution (RE-CIN-20, RS-ROE-10)."""

    model_config = uses(reads=("faction", "player", "card", "theater", "system", "additional"), writes=(),
                        group="advanced tactics")

    retreat_first: bool = Field(default=False, description="Retreat at once; cancel only if the side did.")


@op(OPS, "cancel_tactic", CancelTactic)
def cancel_tactic(game, frame, params: CancelTactic, ctx) -> None:
    """Cancel the opponent's card of this round, after a retreat if the card says so."""
    if params.retreat_first:
        _retreat_then_cancel(game, frame, ctx)
        return
    target = played(game, ctx["theater"]).get(_opponent(ctx))
    if ctx.get("additional"):
        game.log("cancel-ignored", faction=ctx["faction"], card=ctx["card"], reason="an additional card cannot cancel")
    elif target and not target["resolved"] and not target.get("resolving"):
        target["cancelled"] = True
        game.log("tactic-cancelled", faction=_opponent(ctx), card=target["card"], by=ctx["card"])


def _retreat_then_cancel(game, frame, ctx) -> None:
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


class NoParams(Strict):
    """No parameters."""

    model_config = uses(reads=("faction", "player", "card", "theater", "system", "additional"), writes=(), group="advanced tactics")


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


# -- the advanced tactic decks ----------------------------------------------------------------------------------------


class TacticCards(Strict):
    """Move the side's own advanced tactic cards between its decks, its discard piles and the box. The decks belong
    to the cinematic combat: open to their owner, never shuffled (RE-CIN-02), the discard piles public (RE-CIN-07).

    * ``recover``: the discard piles go back into their decks, for both theaters unless ``theater`` is given;
    * ``arrange``: the side looks at the top ``look`` cards of its ``theater`` deck and puts each back on the top or
      on the bottom, in the order it chooses (Prepare for Battle): the first put on top is the new top card, and
      each card put on the bottom goes under those put there before it; the cards are shown to the side only;
    * ``leave-game``: the card being resolved leaves the game for good (Confrontation)."""

    model_config = uses(reads=("faction", "player", "card", "theater"), writes=(), group="advanced tactics")

    move: Literal["recover", "arrange", "leave-game"] = Field(description="What happens to the cards (see above).")
    theater: Literal["space", "ground"] | None = Field(
        default=None, description="recover: only this theater's pile; arrange: the deck arranged.")
    look: int = Field(default=4, ge=1, description="arrange: how many cards from the top.")

    @model_validator(mode="after")
    def _fits_the_move(self):
        if self.move == "arrange" and self.theater is None:
            raise ValueError("arrange needs the 'theater' of the deck arranged")
        if self.move != "arrange" and "look" in self.model_fields_set:
            raise ValueError("'look' is for arrange")
        if self.move == "leave-game" and self.theater is not None:
            raise ValueError("leave-game moves the card being resolved: no 'theater'")
        return self


@op(OPS, "tactic_cards", TacticCards)
def tactic_cards(game, frame, params: TacticCards, ctx) -> None:
    """Primitive: Rise of the Empire's advanced tactic decks and piles belong to its cinematic combat (RE-CIN-02/07),
    not to the card zones of move_cards.

    Recover one's discarded advanced tactic cards, arrange the top of a deck, or take this card out of the game."""
    if params.move == "recover":
        _recover(game, ctx, params.theater)
    elif params.move == "arrange":
        _arrange(game, frame, ctx, params.theater, params.look)
    else:
        _leave_game(game, ctx)


def _recover(game, ctx, theater: str | None) -> None:
    faction = ctx["faction"]
    for each in ("space", "ground") if theater is None else (theater,):
        pile = discards(game, faction, each)
        if pile:
            back = sorted(pile)
            deck(game, faction, each).extend(back)
            pile.clear()
            game.log("tactics-recovered", faction=faction, theater=each, cards=back, card=ctx.get("card"))


def _arrange(game, frame, ctx, theater: str, look: int) -> None:
    faction = ctx["faction"]
    cards = deck(game, faction, theater)
    if "top" not in frame:
        frame.update(top=list(cards[:look]), placed={"top": [], "bottom": []})
        api.cards.reveal(game, frame["top"], faction, cause=ctx.get("card", "effect"))
    chosen = frame.pop("choice", None)
    if chosen is not None:
        where, _, n = chosen["id"].partition(":")
        frame["placed"][where].append(int(n))
    left = [n for n in range(len(frame["top"])) if n not in frame["placed"]["top"] + frame["placed"]["bottom"]]
    if left:
        top = frame["top"]
        options = [{"id": f"top:{n}", "label": text(game, N_("Put {card} next on top"), card=top[n])} for n in left]
        options += [{"id": f"bottom:{n}", "label": text(game, N_("Put {card} on the bottom"), card=top[n])}
                    for n in left]
        game.ask(ctx["player"], "arrange-tactics", options,
                 text(game, N_("Where does each of the top {n} cards go?"), n=len(top)))
        return
    top, placed = frame["top"], frame["placed"]
    del cards[: len(top)]
    cards[:0] = [top[n] for n in placed["top"]]
    cards.extend(top[n] for n in placed["bottom"])
    game.log("tactics-arranged", faction=faction, theater=theater, to_top=len(placed["top"]),
             to_bottom=len(placed["bottom"]), card=ctx.get("card"))


def _leave_game(game, ctx) -> None:
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


# -- leaders ------------------------------------------------------------------------------------------------------


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
