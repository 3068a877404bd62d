"""Effect ops of combat: what tactic cards (RB-TAC, RS-ATK-02..07), Start-of-Combat action cards (RS-CMB-06,
RS-ACT-05) and Death Star Plans (RB-DSP, RS-DSP-01) do, as data.

They run inside a combat (``data["combat"]``, see ``combat.py``) and read the effect's context: ``faction`` (who
plays the card), ``player`` (who decides for him), ``card``, ``system`` and, for tactic cards, ``theater``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from swrebellion.engine.ops import OpTable, Strict, op, uses
from swrebellion.i18n import N_

from .. import board, cards
from ..names import DICE_COLOURS, Word, die, made_options, ntext, text
from ..rules import actions, combat, objectives, rings
from ..rules.dice import roll, roll_as_is
from ..tables import FACTIONS, OPPONENT, tables
from .conditions import UnitKinds, unit_fits


OPS: OpTable = {}


class DrawTactics(Strict):
    """Draw tactic cards into your combat hand (More Dangerous Than You Realize, Brilliant Strategy)."""

    model_config = uses(reads=("faction", "player", "card", "theater"), writes=(), group="combat")

    count: int = Field(ge=1)
    theater: Literal["current", "choose", "each"] = Field(
        default="current",
        description="current: the theater being fought; choose: all from one deck of your choice; each: pick the "
        "deck for every card.",
    )


class RerollDice(Strict):
    """Reroll up to ``count`` of your own dice in this attack, together (Concentrate Fire, RS-ATK-04)."""

    model_config = uses(reads=("faction", "player"), writes=(), group="combat")

    count: int = Field(ge=1)


class AddDamage(Strict):
    """Damage of any colour to enemy units of this theater, assigned with the dice (Critical Hit, Take It Down,
    Onslaught, Bombardment; RS-ATK-04/05)."""

    model_config = uses(reads=("faction", "player", "system"), writes=(), group="combat")

    amount: int = Field(default=0, ge=0, description="Damage points (ignored with from_ship).")
    mode: Literal["spread", "single", "different"] = Field(
        default="spread", description="spread: each point anywhere; single: all on one unit; different: each point "
        "on a different unit."
    )
    from_ship: Literal["red", "black"] | None = Field(
        default=None, description="The amount is this colour of attack dice of one of your ships here, your choice."
    )
    only: UnitKinds | None = Field(
        default=None, description="The damage goes only on such units (a kind, types, printed health at most so "
        "much); a point no such unit can take is lost, as a hit no unit can take (RS-ATK-05).")


class Block(Strict):
    """Cancel damage just assigned to your units of this theater (Defensive Formation, Outmaneuver, Dig In;
    RS-ATK-07). Played in the Block step of the opponent's attack."""

    model_config = uses(reads=("faction", "player", "card", "theater"), writes=(), group="combat")

    amount: int = Field(ge=1)
    discard: int = Field(default=0, ge=0, description="Other tactic cards of this theater to discard as the cost.")


class CombatEffect(Strict):
    """An effect lasting this combat, round or battle step (RS-CMB-06; No Escape, Escape Plan, Unstoppable Assault,
    According to My Design, It's a Trap, Keep Them from Escaping, Point-Blank Assault, Target the Star Destroyers)."""

    model_config = uses(reads=("faction",), writes=(), group="combat")

    kind: Literal["dice", "no-retreat", "no-block", "no-tactics", "ignore-transport", "health",
                  "recolour-hits"] = Field(
        description="dice: change attack dice before the cap; no-retreat; no-block; no-tactics: play no tactic "
        "cards; ignore-transport: retreat without transport (RB-MOV-15); health: units' health changes by "
        "``amount``, never below 1; recolour-hits: up to ``red``/``black`` hits of that colour per attack may go on "
        "a unit of either health colour."
    )
    who: Literal["self", "opponent", "both"]
    until: Literal["combat", "round", "step"]
    theater: Literal["space", "ground"] | None = Field(default=None, description="Only this theater (all if unset).")
    red: int = 0
    black: int = 0
    amount: int = 0


class DeathStarPlans(Strict):
    """Roll dice; a direct hit destroys a Death Star (or DSUC) in the combat's system, otherwise the objective stays
    in hand (RB-DSP-02..04, RB-DSP-06, RS-DSP-01)."""

    model_config = uses(reads=("card", "faction", "player"), writes=(), group="combat")

    count: int = Field(default=3, ge=1)


@op(OPS, "draw_tactics", DrawTactics)
def draw_tactics(game, frame, params: DrawTactics, ctx) -> None:
    """Draw tactic cards: from the theater being fought, all from one deck chosen, or a deck chosen per card."""
    if params.theater == "current":
        combat.draw_tactics(game, ctx["faction"], ctx["theater"], params.count, cause=ctx["card"])
        return
    if "choice" in frame:
        theater = frame.pop("choice")["id"]
        if params.theater == "choose":
            combat.draw_tactics(game, ctx["faction"], theater, params.count, cause=ctx["card"])
            return
        combat.draw_tactics(game, ctx["faction"], theater, 1, cause=ctx["card"])
        frame["drawn"] = frame.get("drawn", 0) + 1
        if frame["drawn"] == params.count:
            return
    left = params.count - frame.get("drawn", 0)
    game.ask(ctx["player"], "tactic-deck", [{"id": th, "label": N_("The space tactic deck") if th == "space" else N_("The ground tactic deck")}
                  for th in combat.THEATERS],
             ntext(game, "Draw {n} card from which deck?", "Draw {n} cards from which deck?",
                   left if params.theater == "choose" else 1))


@op(OPS, "reroll_dice", RerollDice)
def reroll_dice(game, frame, params: RerollDice, ctx) -> None:
    """Choose up to ``count`` unspent dice of this attack, then reroll them together (RS-ATK-04)."""
    attack = combat.state(game)["attack"]
    chosen = frame.setdefault("chosen", [])
    roll = False
    if "choice" in frame:
        option = frame.pop("choice")["id"]
        roll = option == "roll"
        if not roll:
            chosen.append(_free_dice(attack, chosen)[option])
    free = _free_dice(attack, chosen)
    if not roll and free and len(chosen) < params.count:
        game.ask(ctx["player"], "reroll",
                 made_options(game, _REROLL_OPTIONS, free, _reroll_label)
                 + [{"id": "roll", "label": ntext(game, "Reroll the {n} chosen die", "Reroll the {n} chosen dice",
                                                  len(chosen)) if chosen else N_("Reroll no dice")}],
                 ntext(game, "Choose up to {n} die to reroll", "Choose up to {n} dice to reroll", params.count))
        return
    game.pop()
    if chosen:
        colours: dict[str, int] = {}
        for i in chosen:
            colours[attack["dice"][i]["colour"]] = colours.get(attack["dice"][i]["colour"], 0) + 1
        faces = {colour: iter(rolled) for colour, rolled in roll_as_is(game, colours, ctx["faction"], "reroll").items()}
        for i in chosen:
            attack["dice"][i]["face"] = next(faces[attack["dice"][i]["colour"]])


def _reroll_label(game, key: str) -> str:
    return text(game, N_("Reroll a {die}"), die=die(game, *key.split(":")))


_REROLL_OPTIONS = "base.reroll-options"


def _free_dice(attack: dict, chosen: list[int]) -> dict[str, int]:
    """Unspent dice not chosen yet, one per colour and face."""
    out: dict[str, int] = {}
    for i, rolled in enumerate(attack["dice"]):
        if not rolled["spent"] and i not in chosen:
            out.setdefault(f"{rolled['colour']}:{rolled['face']}", i)
    return out


@op(OPS, "add_damage", AddDamage)
def add_damage(game, frame, params: AddDamage, ctx) -> None:
    """Add card damage to this attack's results, to be assigned with the dice (RS-ATK-04/05)."""
    amount = params.amount
    if params.from_ship:
        colour = params.from_ship
        t = tables(game)
        ships = {u: t.units[u].attack.get(colour, 0) for u in board.faction_units(game, ctx["system"], ctx["faction"], "space")}
        ships = {u: k for u, k in ships.items() if k}
        if "choice" in frame:
            amount = ships[frame.pop("choice")["id"]]
        elif len(ships) > 1:
            game.ask(ctx["player"], "choose-ship", [{"id": u, "label": text(game, N_("{unit} ({n} {colour})"), unit=u, n=k, colour=Word(DICE_COLOURS[colour]))}
                                                       for u, k in sorted(ships.items())],
                     N_("Which ship's red dice give the damage?") if colour == "red" else
                     N_("Which ship's black dice give the damage?"))
            return
        else:
            amount = max(ships.values(), default=0)
    pending = combat.state(game)["attack"]["pending"]
    only = {} if params.only is None else {"only": _fitting(game, params.only)}
    if params.mode == "single":
        pending.append({"colour": None, "amount": amount, **only})
    else:
        group = f"{ctx['card']}-{len(pending)}" if params.mode == "different" else None
        pending.extend({"colour": None, "amount": 1, "group": group, **only} for _ in range(amount))


def _fitting(game, only: UnitKinds) -> list[str]:
    """The unit types ``only`` takes, whoever's: a result keeps them (``target_options`` reads them)."""
    return sorted(unit for unit, info in tables(game).units.items() if unit_fits(info, unit, only))


@op(OPS, "block", Block)
def block(game, frame, params: Block, ctx) -> None:
    """Pay the discard cost, then cancel damage assigned in this attack, one point at a time (RS-ATK-07)."""
    t = tables(game)
    attack = combat.state(game)["attack"]
    held = combat.tactic_hand(game, ctx["faction"])
    if frame.setdefault("paid", 0) < params.discard:
        if "choice" in frame:
            card = frame.pop("choice")["id"]
            held.remove(card)
            cards.discard(game, combat.tactic_pile(game, card), card)
            game.log("tactic-discarded", faction=ctx["faction"], card=card)
            frame["paid"] += 1
        else:
            others = sorted({c for c in held if t.tactics[c].theater == ctx["theater"]})
            game.ask(ctx["player"], "discard-tactic", [{"id": c, "label": text(game, N_("Discard {card}"), card=c)} for c in others],
                     N_("Discard a tactic card to pay for the block"))
            return
    blocked = frame.setdefault("blocked", 0)
    if "choice" in frame:
        index = combat.block_targets(attack)[frame.pop("choice")["id"]]
        attack["targets"][index][2] -= 1
        frame["blocked"] = blocked = blocked + 1
    while blocked < params.amount:
        options = combat.block_targets(attack)
        if len(options) > 1:
            game.ask(ctx["player"], "block-damage", combat.target_labels(game, options),
                     N_("Cancel 1 damage on which unit?"))
            return
        if not options:
            break
        attack["targets"][next(iter(options.values()))][2] -= 1
        frame["blocked"] = blocked = blocked + 1
    game.log("blocked", faction=ctx["faction"], amount=blocked, card=ctx["card"])


@op(OPS, "combat_effect", CombatEffect)
def combat_effect(game, frame, params: CombatEffect, ctx) -> None:
    """Record an effect on the player or his opponent for the combat, the round or the step (RS-CMB-06)."""
    factions = {"self": [ctx["faction"]], "opponent": [OPPONENT[ctx["faction"]]], "both": list(FACTIONS)}
    values = {k: getattr(params, k) for k in ("theater", "red", "black", "amount") if getattr(params, k)}
    for faction in factions[params.who]:
        combat.add_effect(game, params.kind, faction, params.until, **values)


@op(OPS, "death_star_plans", DeathStarPlans)
def death_star_plans(game, frame, params: DeathStarPlans, ctx) -> None:
    """Roll for Death Star Plans: 3 dice, a direct hit destroys a Death Star or DSUC there (RB-DSP-02..04/06).
    RB-DSP-02..04/06: 3 dice (red; C-01 gives both colours the same faces); a direct hit destroys one Death Star
    or DSUC there (the Rebel's choice when both are) and the objective is scored by the play step; otherwise the
    card goes back to hand unscored."""

    if "hit" not in frame:
        if "faces" not in frame:

            dice = {"red": params.count}
            info = {"system": combat.state(game)["system"], "dice": dice}
            if actions.special_window(game, frame, "before-roll", "rebel", info):
                return  # One in a Million may set a die to a direct hit (FAQ via SU)
            frame["faces"] = roll(game, frame, dice, who="rebel", purpose="death-star-plans")["red"]
        if rings.yoda_reroll(game, frame, {"red": frame["faces"]}, combat.state(game)["system"]):
            return  # the Master Yoda ring may reroll one of these dice (RS-DSP-02)
        faces = frame["faces"]
        frame["hit"] = "direct-hit" in faces
        if not frame["hit"]:
            game.log("death-star-plans", card=ctx["card"], hit=False)
            objectives.keep_in_hand(game)
            return
    system = combat.state(game)["system"]
    stations = combat.plans_targets(game, system)
    if "choice" in frame:
        target = frame.pop("choice")["id"]
    elif len(stations) > 1:
        game.ask(board.decider(game, "rebel", "general"), "death-star-target",
                 [{"id": u, "label": text(game, N_("Destroy the {unit}"), unit=u)} for u in stations],
                 N_("Which station do the plans destroy?"))
        return
    else:
        target = stations[0]
    game.log("death-star-plans", card=ctx["card"], hit=True, destroyed=target)
    combat.destroy(game, target, 1)
