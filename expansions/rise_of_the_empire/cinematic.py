"""Cinematic combat (RE-CIN-01..21, RS-ROE-05..10, FAQ-127/128/130/131): the base combat with its tactic cards
replaced by each player's own advanced tactic decks.

What changes, and where:

* ``base.combat.battle`` is overridden: before each battle step (each space and each ground round of battle) the
  card step ``roe.cinematic.cards`` runs; then the two attacks are pushed in the cinematic order (an "attack
  after" card changes it for the rest of the combat); the end of the step is the base one, which destroys every
  unit whose damage reached its health (RS-ROE-06).
* ``roe.cinematic.cards``: the Shield Generator's card back from the discard pile (RS-ROE-08); both players pick a
  card of the theater in secret, at the same time (RE-CIN-03, RS-ROE-05: a card must be picked, though neither
  half need be used); both are revealed and go to their discard piles, a deck's last card bringing its discards
  back (RE-CIN-07); then, current player first, each resolves the top or the bottom ability or neither. A top
  ability needs a unit of a pictured type in the system (RE-CIN-04). A defender who uses a cancelling half
  resolves first (RE-CIN-20, RS-ROE-10); a cancelled card does nothing (RE-CIN-19). Units a card destroys go
  after both cards, so they still count for unit requirements and never roll (RS-ROE-07).
* ``base.combat.attack`` is overridden in three stages: the combat actions are a leader's reroll (RE-CIN-09..12)
  and spending a special to remove one damage of its colour from one's own unit (RE-CIN-15..18) instead of playing
  or drawing tactic cards (RE-CIN-16); damage prevention removes the opponent's dice at the start of assigning
  damage (RE-CIN-13/14); the block step moves damage onto a structure (Armored Position, Planetary Shield).
  Units are not destroyed during the step (``"destroy-at-once"``) and the base draws no tactic cards
  (``"tactic-draws"``).
* ``base.combat.round`` is overridden at its end-of-round checks: card effects that wait for the end of the round
  (Tractor Beam, Rogue One, Confrontation) resolve first, after the retreat step (RS-ROE-09).

Card effects last until that round of battle ends and concern their own theater in this system (RS-ROE-08); they
live in ``data["combat"]["cinematic"]``, gone with the combat.
"""

from __future__ import annotations

from swrebellion.engine.effects import run_effect
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.board import OPPONENT, decider
from swrebellion.expansions.base.api.combat import ROLE, state as combat_state
from swrebellion.expansions.base.api.words import content_text, ntext, text
from swrebellion.i18n import N_

from . import ops_moments
from .flow import after_current
from .tables import deck_name, tables
from .units import bunker_in, interdicted

CARDS = "roe.cinematic.cards"
SHED = "roe.cinematic.shed"
ROUND_END = "roe.cinematic.round-end"
RETURN = "roe.cinematic.return-cards"
ATTACK = "base.combat.attack"
BATTLE = "base.combat.battle"
ROUND = "base.combat.round"
HALVES = ("top", "bottom")


# -- the combat's cinematic state ------------------------------------------------------------------------------------


def cine(game) -> dict:
    """The cinematic combat's own state, kept in the combat (``api.combat.part``) and gone with it."""
    return api.combat.part(game, "cinematic", _new_cine)


def _new_cine() -> dict:
    return {"effects": [], "played": {}, "round_end": [], "doomed": [], "attack_last": {}, "retreat_round": {}}


def add_effect(game, kind: str, faction: str, theater: str, card: str, round_: int | None = None, **values) -> None:
    """A card effect on ``faction``'s side for one round of battle of ``theater`` (this round unless given)."""
    combat_ = combat_state(game)
    entry = {"kind": kind, "faction": faction, "theater": theater, "round": round_ or combat_["round"], "card": card,
             **values}
    cine(game)["effects"].append(entry)
    game.log("combat-effect", kind=kind, faction=faction, until="round", theater=theater, round=entry["round"],
             card=card, **values)


def effects(game, kind: str, faction: str, theater: str) -> list[dict]:
    wanted = (kind, faction, theater, combat_state(game)["round"])
    return [e for e in cine(game)["effects"] if (e["kind"], e["faction"], e["theater"], e["round"]) == wanted]


def played(game, theater: str) -> dict:
    """This round's cards of a theater: ``{faction: {"card", "cancelled", "resolved"}}``."""
    return cine(game)["played"].setdefault(f"{combat_state(game)['round']}-{theater}", {})


# -- the decks (RE-CIN-02, RE-CIN-07, RE-CIN-08) ------------------------------------------------------------------


def deck(game, faction: str, theater: str) -> list[str]:
    return api.cards.deck(game, deck_name(faction, theater))


def discards(game, faction: str, theater: str) -> list[str]:
    return api.cards.discard_pile(game, deck_name(faction, theater))


def play_from_deck(game, faction: str, theater: str, card: str) -> None:
    """RE-CIN-07: the card goes face up to its discard pile; when it was the deck's last card, the other discards
    come back to the deck (the one just played stays out)."""
    own = deck(game, faction, theater)
    own.remove(card)
    pile = discards(game, faction, theater)
    if not own and pile:
        own.extend(sorted(pile))
        pile.clear()
        game.log("tactics-recycled", faction=faction, theater=theater, count=len(own))
    pile.append(card)


def return_to_deck(game, faction: str, theater: str, card: str, cause: str) -> None:
    discards(game, faction, theater).remove(card)
    own = deck(game, faction, theater)
    own.append(card)
    own.sort()
    game.log("tactic-returned", faction=faction, theater=theater, card=card, cause=cause)


# -- abilities ---------------------------------------------------------------------------------------------------


def usable_halves(game, faction: str, card: str) -> list[str]:
    """The halves a player may resolve: the top one only with a pictured unit of his in the system, in either
    theater (RE-CIN-04); a half without effect data never."""
    info = tables(game).cards[card]
    out = []
    for half in HALVES:
        ability = info.ability(half)
        if not ability.steps:
            continue
        if half == "top" and info.units:  # the side's units read only for a top half that pictures some
            here = api.board.faction_units(game, combat_state(game)["system"], faction)
            if not any(u in here for u in info.units):
                continue
        out.append(half)
    return out


def half_options(game, faction: str, card: str) -> list[dict]:
    """The halves the player may use, and neither (RS-ROE-05). A half's label is made once per rules (asked at
    every card resolved); each option is a new dict."""
    try:
        labels = game.rules.cache[_HALF_LABELS]
    except KeyError:
        labels = game.rules.cache[_HALF_LABELS] = {}
    out = []
    for half in usable_halves(game, faction, card):
        words = labels.get((card, half))
        if words is None:
            summary = getattr(game.rules.content.items("advanced-tactics")[card], half).summary
            ability = content_text(game, summary) if summary else half
            words = labels[card, half] = text(
                game, N_("Top: {ability}") if half == "top" else N_("Bottom: {ability}"), ability=ability)
        out.append({"id": half, "label": words})
    out.append({"id": "none", "label": N_("Use neither ability")})
    return out


_HALF_LABELS = "roe.half-labels"


def resolve(game, faction: str, card: str, half: str, theater: str, additional: bool, into: str) -> None:
    """Run one ability of a card (the effect's context tells the ops who plays it, where, and whether it is an
    additional card that cannot cancel or be cancelled, RE-CIN-21)."""
    info = tables(game).cards[card]
    game.log("advanced-tactic-used", faction=faction, card=card, half=half, additional=additional)
    ctx = {"faction": faction, "player": decider(game, faction, ROLE[theater]), "card": card, "theater": theater,
           "system": combat_state(game)["system"], "half": half, "additional": additional}
    run_effect(game, list(info.ability(half).steps), ctx, into=into)


# -- the card step (RE-CIN-03..08, RE-CIN-19..21) -----------------------------------------------------------------


def forbidden(game, faction: str, theater: str) -> bool:
    return bool(effects(game, "forbid", faction, theater))


def cards_step(game, frame) -> None:
    _CARD_STAGES[frame["stage"]](game, frame)


def _generator(game, frame) -> None:
    """RS-ROE-08: just before ground cards are chosen, each Shield Generator gives its owner one ground card of his
    choice back from his discard pile (not where an Interdictor silences Rebel abilities, RE-UNT-07)."""
    if frame["theater"] != "ground":
        frame["stage"] = "pick"
        return
    system = combat_state(game)["system"]
    if "todo" not in frame:
        frame["todo"] = [f for f in api.combat.order(game) if not interdicted(game, system, f)
                         for u, n in sorted(api.board.faction_units(game, system, f, "ground").items())
                         if "shield-generator" in api.content.unit(game, u).abilities for _ in range(n)]
    if "choice" in frame:
        return_to_deck(game, frame["todo"].pop(0), "ground", frame.pop("choice")["id"], cause="shield-generator")
    while frame["todo"]:
        faction = frame["todo"][0]
        pile = sorted(set(discards(game, faction, "ground")))
        if not pile:
            frame["todo"].pop(0)
            continue
        if len(pile) == 1:
            frame["todo"].pop(0)
            return_to_deck(game, faction, "ground", pile[0], cause="shield-generator")
            continue
        game.ask(decider(game, faction, "general"), "shield-generator",
                 [{"id": c, "label": text(game, N_("Take {card} back"), card=c)} for c in pile],
                 text(game, N_("{unit}: take a ground tactic card back from your discard pile"), unit="shield-generator"))
        return
    frame["stage"] = "pick"


def _pick(game, frame) -> None:
    """RE-CIN-03 step 1, FAQ-127: both players choose a card of the theater at the same time, in secret."""
    theater = frame["theater"]
    eligible = []
    for faction in api.combat.order(game):
        if forbidden(game, faction, theater):
            game.log("tactic-forbidden", faction=faction, theater=theater)
        elif deck(game, faction, theater):
            eligible.append(faction)
    if not eligible:
        frame["stage"] = "doomed"
        return
    frame["eligible"] = eligible
    frame["stage"] = "reveal"
    frame["picks"] = {}
    asks = []
    for faction in eligible:
        player = decider(game, faction, ROLE[theater])
        own = sorted(set(deck(game, faction, theater)))
        if len(own) == 1:  # nothing to choose, and nothing to hide: the deck is known to both
            frame["picks"][player] = {"id": own[0]}
            continue
        asks.append((player, "advanced-tactic", [{"id": c, "label": label_card(game, c)} for c in own],
                     N_("Choose your space tactic card for this round") if theater == "space" else
                     N_("Choose your ground tactic card for this round")))
    if len(asks) == 2 and ops_moments.pick_first(game, frame, eligible, asks):  # Good Intel (RoE printing)
        return
    if asks:
        game.ask_simultaneous(asks, key="answers")


def label_card(game, card: str) -> str:
    """An advanced tactic card's name (its English, remembered by id: base tactic cards share some names)."""
    return text(game, "{card}", card=card)


def _reveal(game, frame) -> None:
    """RE-CIN-03 steps 2-3, RE-CIN-20, RS-ROE-10: both cards face up; the order of resolution."""
    theater = frame["theater"]
    answers = {**frame["picks"], **frame.pop("answers", {})}
    picks = {f: answers[decider(game, f, ROLE[theater])]["id"] for f in frame["eligible"]}
    game.log("advanced-tactics-revealed", theater=theater, cards=picks)
    now = played(game, theater)
    for faction, card in picks.items():
        play_from_deck(game, faction, theater, card)
        now[faction] = {"card": card, "cancelled": False, "resolved": False}
    current, defender = api.combat.order(game)
    frame.update(order=[f for f in (current, defender) if f in picks], halves={}, next=0, stage="resolve")
    if defender in picks and current in picks:
        card = picks[defender]
        cancels = [h for h in usable_halves(game, defender, card) if tables(game).cards[card].ability(h).cancel]
        if cancels:  # the defender says first which half he uses: a cancel goes before the current player
            frame["asking"] = defender
            game.ask(decider(game, defender, ROLE[theater]), "tactic-ability", half_options(game, defender, card),
                     text(game, N_("{card}: which ability (a cancel resolves first)?"), card=card), key="half")


def _resolve(game, frame) -> None:
    theater = frame["theater"]
    now = played(game, theater)
    if "half" in frame:
        faction = frame.pop("asking")
        half = frame.pop("half")["id"]
        frame["halves"][faction] = half
        card = now[faction]["card"]
        if (frame["next"] == 0 and faction != frame["order"][0] and half != "none"
                and tables(game).cards[card].ability(half).cancel):
            frame["order"] = [faction] + [f for f in frame["order"] if f != faction]
    if "ability_ctx" in frame:
        frame.pop("ability_ctx")
        now[frame["order"][frame["next"]]]["resolved"] = True
        frame["next"] += 1
    while frame["next"] < len(frame["order"]):
        faction = frame["order"][frame["next"]]
        entry = now[faction]
        if entry["cancelled"]:  # RE-CIN-19
            entry["resolved"] = True
            frame["next"] += 1
            continue
        half = frame["halves"].get(faction)
        if half is None:
            options = half_options(game, faction, entry["card"])
            if len(options) == 1:
                half = "none"
            else:
                frame["asking"] = faction
                game.ask(decider(game, faction, ROLE[theater]), "tactic-ability", options,
                         text(game, N_("{card}: which ability?"), card=entry["card"]), key="half")
                return
        if half == "none":
            game.log("advanced-tactic-unused", faction=faction, card=entry["card"])
            entry["resolved"] = True
            frame["next"] += 1
            continue
        entry["resolving"] = True
        resolve(game, faction, entry["card"], half, theater, additional=False, into="ability_ctx")
        return
    frame["stage"] = "doomed"


def _doomed(game, frame) -> None:
    """RS-ROE-07: units destroyed by the cards go now, before they could roll."""
    doomed = cine(game)["doomed"]
    while doomed:
        unit = doomed.pop(0)
        if api.board.units_at(game, combat_state(game)["system"]).get(unit):
            api.combat.destroy(game, unit, 1)
    api.combat.check_battles(game)
    game.pop()


#: The stages of :func:`cards_step`, made once (not a dict per run of the step).
_CARD_STAGES = {"generator": _generator, "pick": _pick, "first": ops_moments.picked_first, "reveal": _reveal,
                "resolve": _resolve, "doomed": _doomed}


# -- the battle step -------------------------------------------------------------------------------------------------


def attack_order(game, theater: str) -> tuple[str, str]:
    """The current player attacks first (RE-CIN-05) unless a card made a side attack last for the rest of the
    combat (the last such card resolved wins)."""
    last = cine(game)["attack_last"].get(theater)
    if last:
        return OPPONENT[last], last
    return api.combat.order(game)


def battle_step(game, frame, inner) -> None:
    """Wraps ``base.combat.battle``: the cards first, then the attacks in the cinematic order."""
    theater = frame["theater"]
    if frame["stage"] != "start":
        inner(game, frame)
        return
    if not frame.get("cards_done"):
        frame["cards_done"] = True
        game.push(CARDS, theater=theater, stage="generator")
        return
    frame["stage"] = "end"
    api.combat.begin_battle_step(game, theater)
    if not api.combat.contested(game, combat_state(game)["system"], theater):  # a card ended it (a retreat, a last unit
        inner(game, frame)  # destroyed)
        return
    api.combat.fight_battle(game, theater)
    first, second = attack_order(game, theater)
    game.push(ATTACK, faction=second, theater=theater, stage="roll")
    game.push(ATTACK, faction=first, theater=theater, stage="roll")


# -- the attack ------------------------------------------------------------------------------------------------------


def attack_step(game, frame, inner) -> None:
    """Wraps ``base.combat.attack`` in its combat actions, the start of assigning damage, the block step and
    after the damage is applied; rolling and assigning are the base game's."""
    stage = frame["stage"]
    if stage == "actions":
        _actions(game, frame, inner)
    elif stage == "block":
        _redirect(game, frame)
    else:
        if stage == "assign":
            _prevent(game, frame)
        defender = OPPONENT[frame["faction"]]
        inner(game, frame)
        if stage == "apply":
            _after_damage(game, defender, frame["theater"])


def repair_blocked(game, faction: str, theater: str, unit: str) -> bool:
    return any(not e.get("units") or unit in e["units"] for e in effects(game, "no-repair", faction, theater))


def damaged_states(game, faction: str, theater: str, colour: str | None = None, exclude=()) -> dict[str, tuple]:
    """One option per (unit type, damage) of the side's damaged units of the theater that may shed damage."""
    out = {}
    damage = combat_state(game)["damage"]
    for unit in sorted(api.board.faction_units(game, combat_state(game)["system"], faction, theater)):
        if (unit in exclude or (colour and api.content.unit(game, unit).health_colour != colour)
                or repair_blocked(game, faction, theater, unit)):
            continue
        for old in sorted(set(damage.get(unit, [])), reverse=True):
            if old > 0:
                out[f"{unit}:{old}"] = (unit, old)
    return out


def remove_damage(game, unit: str, old: int, cause: str) -> None:
    api.combat.remove_damage(game, unit, old)
    game.log("damage-removed", unit=unit, amount=1, cause=cause)


def _own_action(option: str) -> bool:
    return option in ("done", "reroll") or option.startswith("repair:")


def _base_actions(game, faction: str, theater: str) -> list[dict]:
    """The base game's combat actions that are not about tactic cards (a ring's reroll): they stay (RE-CIN-16 only
    takes away drawing and playing tactic cards)."""
    return [o for o in api.combat.action_options(game, faction, theater)
            if o["id"] != "draw" and not o["id"].startswith("play:")]


#: Ending the combat actions: one option dict for every question (never changed, as ``names.named_options`` says).
_DONE = {"id": "done", "label": N_("Assign damage"), "data": None}


def _actions(game, frame, inner) -> None:
    """RE-CIN-09..12, RE-CIN-15..18, FAQ-130/131: the attacker's combat actions."""
    combat_ = combat_state(game)
    attack = combat_["attack"]
    faction, theater = frame["faction"], frame["theater"]
    player = decider(game, faction, ROLE[theater])
    if "choice" in frame:
        if not _own_action(frame["choice"]["id"]):
            inner(game, frame)  # a base combat action: the base step carries it out
            return
        option = frame.pop("choice")["id"]
        if option == "done":
            frame["stage"] = "assign"
            return
        if option == "reroll":
            api.combat.mark_attack(game, "rerolled")
            count = api.leaders.best_tactics(game, combat_["system"], faction)[theater]
            game.log("leader-reroll", faction=faction, theater=theater, up_to=count)
            run_effect(game, [{"op": "reroll_dice", "count": count}],
                       {"faction": faction, "player": player, "card": "leader-reroll", "theater": theater,
                        "system": combat_["system"]})
            return
        unit, old = option.partition(":")[2].rsplit(":", 1)
        colour = api.content.unit(game, unit).health_colour
        die = next(d for d in attack["dice"] if d["face"] == "special" and not d["spent"] and d["colour"] == colour)
        die["spent"] = True
        remove_damage(game, unit, int(old), cause="special")
    options = []
    if not attack.get("rerolled") and any(not d["spent"] for d in attack["dice"]):  # the leaders read only then
        best = api.leaders.best_tactics(game, combat_["system"], faction)[theater]
        if best > 0:
            options.append({"id": "reroll", "label": ntext(game, "Reroll up to {n} die (the leader's tactics, once)",
                                                           "Reroll up to {n} dice (the leader's tactics, once)", best)})
    colours = {d["colour"] for d in attack["dice"] if d["face"] == "special" and not d["spent"]}
    for colour in sorted(colours):
        for key, (unit, old) in damaged_states(game, faction, theater, colour).items():
            options.append({"id": f"repair:{key}",
                            "label": text(game, N_("Spend a {die}: remove 1 damage from a {unit} ({old})"),
                                          die=api.words.die(game, colour, "special"), unit=unit, old=int(old))})
    options += _base_actions(game, faction, theater)
    if not options:
        frame["stage"] = "assign"
        return
    options.append(_DONE)
    game.ask(player, "combat-action", options,
             N_("Your space attack: combat actions") if theater == "space" else N_("Your ground attack: combat actions"))


def _prevent(game, frame) -> None:
    """RE-CIN-13/14: at the start of assigning damage, the dice matching the defender's prevented icons are taken
    out of the attacker's roll (hits of a colour, or direct hits)."""
    attack = combat_state(game)["attack"]
    if attack.get("prevented") is not None:
        return
    prevented = api.combat.attack_part(game, "prevented", list)
    defender = OPPONENT[frame["faction"]]
    for e in effects(game, "prevent", defender, frame["theater"]):
        for key, face, colour in (("red", "hit", "red"), ("black", "hit", "black"), ("direct", "direct-hit", None)):
            left = e.get(key, 0)
            for n, die in enumerate(attack["dice"]):
                if left and not die["spent"] and die["face"] == face and (colour is None or die["colour"] == colour):
                    api.combat.spend_die(game, n)
                    prevented.append(f"{die['colour']} {face}")
                    left -= 1
    if prevented:
        game.log("prevented", faction=defender, theater=frame["theater"], dice=prevented)


def _redirect(game, frame) -> None:
    """Armored Position, Planetary Shield: after the attacker assigned his damage, the defender moves up to N of it
    onto one of his units of the named type, cancelling as much on his other units."""
    attack = combat_state(game)["attack"]
    defender, theater = OPPONENT[frame["faction"]], frame["theater"]
    todo = [e for e in effects(game, "redirect", defender, theater) if not e.get("used")]
    if not todo:
        frame["stage"] = "apply"
        return
    e = todo[0]
    player = decider(game, defender, ROLE[theater])
    targets = attack["targets"]
    if "choice" in frame:
        option = frame.pop("choice")["id"]
        if option == "done":
            e["used"] = True
            frame.pop("onto", None)
            frame.pop("moved", None)
            return
        index = int(option.partition(":")[2])
        if option.startswith("onto:"):
            frame["onto"] = index
        else:
            api.combat.redirect_damage(game, index, frame["onto"])
            frame["moved"] = frame.get("moved", 0) + 1
    if "onto" not in frame:
        options = {}
        for i, (unit, old, new) in enumerate(targets):
            if unit == e["onto"]:
                options.setdefault(f"onto:{i}", text(game, N_("Onto a {unit} (damage {old}, +{new})"), unit=unit,
                                                     old=old, new=new))
    else:
        options = {}
        if frame.get("moved", 0) < e["amount"]:
            for i, (unit, old, new) in enumerate(targets):
                if new > 0 and i != frame["onto"]:
                    options.setdefault(f"from:{i}", text(game, N_("Move 1 damage off a {unit} (damage {old}, +{new})"),
                                                         unit=unit, old=old, new=new))
    options = _distinct(targets, options)
    if not options:
        e["used"] = True
        frame.pop("onto", None)
        frame.pop("moved", None)
        return
    game.ask(player, "redirect-damage", [{"id": k, "label": v} for k, v in options.items()]
             + [{"id": "done", "label": N_("Move no more")}], text(game, N_("{card}: move damage"), card=e["card"]))


def _distinct(targets: list, options: dict) -> dict:
    """One option per distinct (unit, damage, new damage) state, so identical miniatures are offered once."""
    seen, out = set(), {}
    for key, words in options.items():
        state_ = tuple(targets[int(key.partition(":")[2])]) + (key.partition(":")[0],)
        if state_ not in seen:
            seen.add(state_)
            out[key] = words
    return out


def _after_damage(game, defender: str, theater: str) -> None:
    """Energy Shield, Draw Their Fire: once the attacker's damage is on the defender's units, the defender may take
    some off."""
    for e in effects(game, "shed", defender, theater):
        if not e.get("used"):
            e["used"] = True
            game.push(SHED, faction=defender, theater=theater, left=e["amount"], exclude=e.get("exclude", []),
                      card=e["card"])
            return


def shed_step(game, frame) -> None:
    faction, theater = frame["faction"], frame["theater"]
    if "choice" in frame:
        option = frame.pop("choice")["id"]
        if option == "done":
            game.pop()
            return
        unit, old = option.rsplit(":", 1)
        remove_damage(game, unit, int(old), cause=frame["card"])
        frame["left"] -= 1
    options = damaged_states(game, faction, theater, exclude=frame["exclude"]) if frame["left"] > 0 else {}
    if not options:
        game.pop()
        return
    game.ask(decider(game, faction, ROLE[theater]), "shed-damage",
             [{"id": k, "label": text(game, N_("Remove 1 damage from a {unit} ({old})"), unit=u, old=old)}
              for k, (u, old) in options.items()]
             + [{"id": "done", "label": N_("Remove no more")}], text(game, N_("{card}: remove damage"), card=frame["card"]))


# -- the end of a round ----------------------------------------------------------------------------------------------


def round_step(game, frame, inner) -> None:
    """Wraps ``base.combat.round`` at its end-of-round checks (after the retreat step)."""
    if frame["stage"] != "checks":
        inner(game, frame)
        return
    if not frame.get("roe_round_end"):
        frame["roe_round_end"] = True
        if any(entry["round"] == combat_state(game)["round"] for entry in cine(game)["round_end"]):
            game.push(ROUND_END, next=0)
            return
    frame.pop("roe_round_end")
    inner(game, frame)
    _lone_protected_dsuc(game)


def _lone_protected_dsuc(game) -> None:
    """units.py: a lone DSUC a Shield Bunker keeps alive cannot fight: the Rebel ships must retreat or die."""
    system = combat_state(game)["system"]
    imperial = api.board.faction_units(game, system, "empire", "space")
    if (imperial and all("death-star-under-construction" in api.content.unit(game, u).abilities for u in imperial)
            and api.board.has_units(game, system, "rebel", "space") and bunker_in(game, system)):
        game.push("base.combat.retreat", faction="rebel", forced=True)


def round_end_holds(game, entry: dict) -> bool:
    when = entry["when"]
    system = combat_state(game)["system"]
    faction = entry["faction"]
    enemy = OPPONENT[faction]
    if when.get("enemy_absent") and api.board.has_units(game, system, enemy, when["enemy_absent"]):
        return False
    if when.get("own_units") and not any(u in api.board.faction_units(game, system, faction) for u in when["own_units"]):
        return False
    if when.get("retreated") and cine(game)["retreat_round"].get(faction) != entry["round"]:
        return False
    if when.get("enemy_ground_lost") and (not entry["enemy_ground"] or api.board.has_units(game, system, enemy, "ground")):
        return False
    return True


def round_end_step(game, frame) -> None:
    """Card effects waiting for the end of this round, in the order they were played."""
    pending = [e for e in cine(game)["round_end"] if e["round"] == combat_state(game)["round"]]
    while frame["next"] < len(pending):
        entry = pending[frame["next"]]
        frame["next"] += 1
        if round_end_holds(game, entry):
            game.log("round-end-effect", faction=entry["faction"], card=entry["ctx"]["card"])
            run_effect(game, entry["steps"], entry["ctx"])
            return
    game.pop()


def on_retreat(game, event) -> None:
    if combat_state(game) is not None:
        cine(game)["retreat_round"][event["faction"]] = combat_state(game)["round"]


# -- values --------------------------------------------------------------------------------------------------------


def no_tactic_draws(game, value, context):
    """RE-CIN-09: tactic values no longer draw cards."""
    return 0 if value else None


def draws_become_returns(game, value, context):
    """RS-ROE-08: where an ability draws tactic cards (More Dangerous Than You Realize), the player instead takes
    that many cards of his choice from his discard pile back into his deck, right after the ability's step."""
    if not value:
        return None
    if combat_state(game) is not None:
        after_current(game, RETURN, faction=context["faction"], theater=context["theater"], left=value,
                      cause=context.get("cause", ""), at=len(game.state["log"]))
    return 0


def return_step(game, frame) -> None:
    faction, theater = frame["faction"], frame["theater"]
    if "choice" in frame:
        return_to_deck(game, faction, theater, frame.pop("choice")["id"], cause=frame["cause"])
        frame["left"] -= 1
    pile = sorted(set(discards(game, faction, theater)))
    if frame["left"] <= 0 or not pile:
        game.pop()
        return
    if len(pile) == 1:
        frame["choice"] = {"id": pile[0]}
        return
    game.ask(decider(game, faction, ROLE[theater]), "return-tactic",
             [{"id": c, "label": text(game, N_("Take {card} back"), card=c)} for c in pile],
             text(game, N_("Take a space tactic card back from your discard pile ({n} to go)") if theater == "space"
                  else N_("Take a ground tactic card back from your discard pile ({n} to go)"), n=frame["left"]))


def not_at_once(game, value, context):
    """RS-ROE-06, RE-CIN-17: units die at the end of the round of battle, so removing damage can save them."""
    return False if value else None


STEPS = {CARDS: cards_step, SHED: shed_step, ROUND_END: round_end_step, RETURN: return_step}
WRAPS = {BATTLE: battle_step, ATTACK: attack_step, ROUND: round_step}
