"""Combat (RB-CMB, RB-TAC, RB-RET, RB-DS, RB-DSP; RS-CMB-01..19, RS-ATK-01..10, RS-END-01..05, RS-BTL-01..05,
RS-RET-01..11; RULINGS C-03, D-03, D-05, D-07).

A combat is fought in one system when both sides have units in the same theater (RB-CMB-01/02, RS-CMB-01); it is
started by ``rules.combat.start_combat`` (after an activation, or by a card, RS-MIS-05). Its state lives in
``data["combat"]`` while it lasts; ``rules/combat.py`` lists its fields, with the primitives that act on them.

The flow, each part a step of its own so an expansion can override one (cinematic combat replaces the attack):
``base.combat`` (add leader, Start-of-Combat cards, tactic draws, rounds, end: RS-CMB-04..08, RS-END-02/03),
``base.combat.round`` (space battle, ground battle, retreat, end-of-round checks, next round: RS-CMB-10..18),
``base.combat.battle`` (one battle step: both attacks, then the set-aside units die, RS-ATK-08),
``base.combat.attack`` (roll, combat actions, assign damage, block, destroy: RS-ATK-01..09),
``base.combat.retreat`` (RB-RET, RS-RET), ``base.combat.objectives`` (combat objectives, Death Star Plans).

Values Rise of the Empire changes go through ``game.modify``: ``"combat-dice"`` (the pool, before the cap),
``"dice-limits"`` (the cap, so green dice can be added), ``"combat-damage"`` (the results to assign),
``"unit-health"``, ``"can-retreat"``, ``"retreat-destinations"``, ``"tactic-draws"`` (a leader's draw),
``"tactic-draw"`` (any draw), ``"destroy-at-once"`` (C-03's
immediate destruction), ``"destroyable"`` (how many of the units to destroy may be), ``"structures-lost"``
(RS-CMB-15) and ``"plans-targets"`` (what Death Star Plans may destroy).
"""

from __future__ import annotations

from swrebellion.i18n import N_

from .. import board
from ..board import decider
from ..names import die, label, text
from ..rules import actions, objectives, rings
from ..rules.actions import _play, start_options
from ..rules.combat import (
    ADD_LEADER,
    ATTACK,
    BATTLE,
    COMBAT,
    OBJECTIVES,
    RETREAT,
    ROLE,
    ROUND,
    START_CARDS,
    THEATERS,
    VOLLEY,
    action_options,
    active_effects,
    attack_dice,
    begin_battle_step,
    block_options,
    blocks_allowed,
    check_battles,
    contested,
    destroy,
    destroy_lethal,
    draw_tactics,
    end_combat,
    end_of_round_checks,
    fight_battle,
    is_plans,
    mark_damage,
    may_retreat,
    order,
    plans_window,
    play_tactic,
    push_in_order,
    retreat,
    retreat_destinations,
    retreat_group,
    retreat_leaders,
    specials,
    spend_special,
    state,
    tactic,
    tactic_hand,
    target_labels,
    target_options,
    targets_of,
)
from ..rules.dice import roll, roll_as_is
from ..rules.moves import CARGO_LOSS
from ..tables import FACTIONS, OPPONENT, tables

# -- effects lasting a combat, a round or a step ------------------------------------------------------------------


# -- units, damage, destruction -----------------------------------------------------------------------------------


# -- tactic cards -------------------------------------------------------------------------------------------------


# -- the combat ---------------------------------------------------------------------------------------------------


def _combat_step(game, frame) -> None:
    combat = state(game)
    stage = frame["stage"]
    if stage == "leaders":
        frame["stage"] = "cards"
        push_in_order(game, ADD_LEADER)
    elif stage == "cards":
        frame["stage"] = "draw"
        push_in_order(game, START_CARDS)
    elif stage == "draw":
        frame["stage"] = "objectives"
        theaters = [] if frame.pop("no_draw", False) else [  # a scenario starting with the hands dealt
            th for th in THEATERS if contested(game, combat["system"], th)]
        for faction in order(game):  # RS-CMB-07/08: best tactic values, contested theaters, current player first
            best = board.best_tactics(game, combat["system"], faction)
            for theater in theaters:
                count = game.modify("tactic-draws", best[theater], faction=faction, theater=theater)
                if count:
                    draw_tactics(game, faction, theater, count, cause="leader")
        game.push(ROUND, stage="space")
        game.moment("combat.round-start", system=combat["system"])
        game.moment("combat.start", system=combat["system"])  # pushed last: runs first
    elif stage == "objectives":
        frame["stage"] = "end"
        game.push(OBJECTIVES, moment="end")
    elif not game.moment("combat.end", once_in=frame, system=combat["system"]):
        game.pop()
        end_combat(game)
        game.moment("combat.over", system=combat["system"], battles=dict(combat["battles"]))


def _add_leader_step(game, frame) -> None:
    """RS-CMB-04/05/19, RB-CMB-09, RS-CMD-04: a side without a free leader with tactic values there may bring one
    leader from its pool, even after passing; current player first."""
    faction = frame["faction"]
    system = state(game)["system"]
    if "choice" in frame:
        lid = frame.pop("choice")["id"]
        if lid != "none":
            board.leader(game, lid)["at"] = system
            game.log("leader-added", faction=faction, leader=lid, system=system)
            game.pop()
            return
    t = tables(game)
    present = any(t.leaders[lid].has_tactics for lid in board.leaders_at(game, system, faction, captured=False))
    # RB-TEAM-02, RS-CMB-09: each teammate may add only his own leaders, Admiral first; the team adds one at most.
    done = frame.setdefault("done", [])
    for player in [] if present else board.side_players(game, faction):
        pool = [lid for lid in board.pool(game, faction) if board.leader_player(game, faction, lid) == player]
        if player in done or not pool:
            continue
        done.append(player)
        game.ask(player, "add-leader",
                 [{"id": lid, "label": text(game, N_("Add {leader}"), leader=lid)} for lid in pool]
                 + [{"id": "none", "label": N_("Add no leader")}],
                 text(game, N_("Add a leader to the combat in {system}?"), system=system))
        return
    game.pop()


def _start_cards_step(game, frame) -> None:
    """RS-CMB-06, RS-ACT-05: Start-of-Combat action cards after Add Leader, before the draw, current player first;
    their effects last this combat. Asked whenever the side holds action cards, so that the question itself gives
    nothing away (RB-TAC-04). Which cards and leaders may play: ``actions.start_options`` (RS-ACT-08)."""

    faction = frame["faction"]
    done = frame.setdefault("done", [])  # the teammates who said "play nothing"
    if "choice" in frame:
        chosen = frame.pop("choice")
        if chosen["id"] == "none":
            done.append(frame.pop("asked"))
        else:
            _play(game, faction, chosen["data"]["card"], chosen["data"]["actor"], system=state(game)["system"],
                  moment="start-of-combat")
            return
    # Each card belongs to the player who controls a pictured leader (RS-ACT-14): in team play each teammate
    # holding action cards is asked about his own, Admiral first.
    for player in board.side_players(game, faction):
        if player in done or not actions.held_by(game, faction, player):
            continue
        frame["asked"] = player
        game.ask(player, "start-of-combat-card",
                 start_options(game, faction, player) + [{"id": "none", "label": N_("Play nothing")}],
                 N_("Play a Start of Combat action card?"))
        return
    game.pop()


# -- the combat round ---------------------------------------------------------------------------------------------


def _round_step(game, frame) -> None:
    """RS-CMB-10..14: space battle, ground battle, retreat, then the end-of-round checks and another round while a
    theater still holds both sides (RS-END-01)."""
    combat = state(game)
    system = combat["system"]
    stage = frame["stage"]
    if stage in THEATERS:
        frame["stage"] = "ground" if stage == "space" else "retreat"
        game.push(OBJECTIVES, moment=stage)
        if contested(game, system, stage):
            game.moment("battle.end", system=system, theater=stage)
            game.push(BATTLE, theater=stage, stage="start")
            game.moment("battle.start", system=system, theater=stage)
    elif stage == "retreat":
        frame["stage"] = "checks"
        push_in_order(game, RETREAT, forced=False)
    elif stage == "checks":
        frame["stage"] = "next"
        game.moment("combat.round-end", system=system)  # after any retreat the checks force
        end_of_round_checks(game)
    elif any(contested(game, system, theater) for theater in THEATERS):
        combat["round"] += 1
        combat["rolled"] = {}
        combat["effects"] = [e for e in combat["effects"] if e["until"] == "combat"]
        frame["stage"] = "space"
        game.log("combat-round", system=system, round=combat["round"])
        game.moment("combat.round-start", system=system)
    else:
        game.pop()


# -- a battle step and an attack ----------------------------------------------------------------------------------


def _battle_step(game, frame) -> None:
    """One battle step (RS-CMB-11/12): the current player's attack, then his opponent's; units set aside in the
    first attack die when the step ends (RULINGS C-03, RB-CMB-08, FAQ-41)."""
    combat = state(game)
    theater = frame["theater"]
    if frame["stage"] == "start":
        frame["stage"] = "end"
        begin_battle_step(game, theater)
        fight_battle(game, theater)
        if theater == "ground":  # RS-UNT-05: each Shield Generator draws its owner a ground tactic card
            t = tables(game)
            for faction in order(game):
                generators = sum(n for u, n in board.faction_units(game, combat["system"], faction, "ground").items()
                                 if "shield-generator" in t.units[u].abilities)
                if generators:
                    draw_tactics(game, faction, "ground", generators, cause="shield-generator")
        push_in_order(game, ATTACK, theater=theater, stage="roll")
        return
    game.pop()
    for faction in FACTIONS:
        destroy_lethal(game, faction, theater)
    combat["step"] = None
    if theater == "space" and board.system(game, combat["system"])["destroyed"]:  # RS-DST-05
        for faction in FACTIONS:
            game.push(CARGO_LOSS, location=combat["system"], faction=faction, cause="combat")
    check_battles(game)


def _attack_step(game, frame) -> None:
    """One attack (RS-ATK-01..09): roll, combat actions, assign damage, block, destroy."""
    STAGES[frame["stage"]](game, frame)


def _roll(game, frame) -> None:
    combat = state(game)
    faction, theater = frame["faction"], frame["theater"]
    pool = attack_dice(game, faction, theater)

    if pool and actions.special_window(game, frame, "before-roll", faction, {"system": combat["system"], "dice": pool}):
        return  # One in a Million
    rolled = roll(game, frame, pool, who=faction, purpose=f"{theater} attack") if pool else {}
    combat["rolled"][f"{faction}-{theater}"] = sum(pool.values())
    combat["attack"] = {
        "faction": faction, "theater": theater, "pending": [],
        "dice": [{"colour": c, "face": f, "spent": False} for c, faces in rolled.items() for f in faces],
    }
    frame["stage"] = "actions"


def _actions(game, frame) -> None:
    faction, theater = frame["faction"], frame["theater"]
    attack = state(game)["attack"]
    if "choice" in frame:
        option = frame.pop("choice")["id"]
        if option == "done":
            frame["stage"] = "assign"
            return
        if option == "draw":
            spend_special(attack)
            draw_tactics(game, faction, theater, 1, cause="special")
            return
        if option == rings.YODA:
            rings.use_yoda_in_combat(game, faction, theater, state(game)["system"])
            return
        card = option.partition(":")[2]
        if tactic(game, card).special:
            spend_special(attack)
        play_tactic(game, faction, card, theater)
        return
    yoda = rings.yoda_combat_options(game, faction, state(game)["system"])
    if not tactic_hand(game, faction) and not specials(attack) and not yoda:
        frame["stage"] = "assign"
        return
    game.ask(decider(game, faction, ROLE[theater]), "combat-action",
             action_options(game, faction, theater) + [_DONE],
             N_("Your space attack: combat actions") if theater == "space" else N_("Your ground attack: combat actions"))


#: Ending the combat actions, and the blocks: one option dict each for every question (never changed, as
#: ``names.named_options`` says).
_DONE = {"id": "done", "label": N_("Assign damage"), "data": None}
_BLOCK_DONE = {"id": "done", "label": N_("Block nothing more"), "data": None}


def _assign(game, frame) -> None:
    """RS-ATK-05/06: every result that can be assigned is, one at a time, to a unit the attacker picks (asked only
    when there is a real choice)."""
    attack = state(game)["attack"]
    faction, theater = frame["faction"], frame["theater"]
    if "results" not in attack:
        results = [{"colour": d["colour"] if d["face"] == "hit" else None, "amount": 1} for d in attack["dice"]
                   if not d["spent"] and d["face"] in ("hit", "direct-hit")] + attack["pending"]
        for e in active_effects(game, "recolour-hits", faction, theater):  # Target the Star Destroyers
            for colour in ("red", "black"):
                for result in [r for r in results if r["colour"] == colour][: e.get(colour, 0)]:
                    result["colour"] = None  # a hit that may also go on a unit of the other colour
        attack["results"] = game.modify("combat-damage", results, faction=faction, theater=theater)
        attack["targets"] = targets_of(game, OPPONENT[faction], theater)
        attack["used"] = {}
        attack["next"] = 0
    results = attack["results"]
    while attack["next"] < len(results):
        result = results[attack["next"]]
        options = target_options(game, attack, result)
        if "choice" in frame:
            index = options[frame.pop("choice")["id"]]
        elif len(options) > 1:
            prompt = text(game, N_("Which unit takes a {die}?"), die=die(game, result["colour"], "hit")) \
                if result["colour"] else text(game, N_("Which unit takes {n} damage?"), n=result["amount"])
            game.ask(decider(game, faction, ROLE[theater]), "assign-damage", target_labels(game, options), prompt)
            return
        elif options:
            only = game.answer_alone(decider(game, faction, ROLE[theater]), "assign-damage",
                                     target_labels(game, options)[0])
            index = options[only["id"]]
        else:
            index = None  # nothing can take it: the result is lost
        if index is not None:
            attack["targets"][index][2] += result["amount"]
            if result.get("group"):
                attack["used"].setdefault(result["group"], []).append(index)
        attack["next"] += 1
    frame["stage"] = "block"


def _block(game, frame) -> None:
    """RS-ATK-07: the defender may cancel damage just assigned with block cards (asked whenever he holds cards and
    damage can be blocked, so the question reveals nothing)."""
    attack = state(game)["attack"]
    defender, theater = OPPONENT[frame["faction"]], frame["theater"]
    if "choice" in frame:
        option = frame.pop("choice")["id"]
        if option != "done":
            play_tactic(game, defender, option.partition(":")[2], theater)
            return
    elif (tactic_hand(game, defender) and blocks_allowed(game, defender, theater)
          and any(new for _, _, new in attack["targets"])):
        game.ask(decider(game, defender, ROLE[theater]), "block",
                 block_options(game, defender, theater) + [_BLOCK_DONE],
                 N_("Block damage to your ships?") if theater == "space" else N_("Block damage to your ground units?"))
        return
    frame["stage"] = "apply"


def _apply(game, frame) -> None:
    """RS-ATK-08/09: damage becomes markers; units at or past their health die at once if their side has already
    attacked in this step, else they are set aside and still attack (RULINGS C-03)."""
    combat = state(game)
    faction, theater = frame["faction"], frame["theater"]
    defender = OPPONENT[faction]
    mark_damage(game)
    combat["attacked"].append(faction)
    game.pop()
    if defender in combat["attacked"] and game.modify("destroy-at-once", True, faction=defender, theater=theater):
        destroy_lethal(game, defender, theater)  # cinematic combat waits for the end of the battle (RS-ROE-06)


STAGES = {"roll": _roll, "actions": _actions, "assign": _assign, "block": _block, "apply": _apply}


def _volley_step(game, frame) -> None:
    """A volley (``rules.combat.fire``): dice a card or an ability rolls into the combat outside the battle steps.
    The firing side rolls exactly the dice given (no cap, no card windows), assigns the results as in an attack
    (RS-ATK-05/06) and the units whose damage reaches their health are destroyed at once; nobody may block and it
    is not an attack of a battle step (``attacked`` is untouched)."""
    combat = state(game)
    faction, theater = frame["faction"], frame["theater"]
    if frame["stage"] == "roll":
        rolled = roll_as_is(game, frame["dice"], faction, f"{theater} volley ({frame['cause']})")
        combat["attack"] = {"faction": faction, "theater": theater, "pending": [],
                            "dice": [{"colour": c, "face": f, "spent": False} for c, fs in rolled.items() for f in fs]}
        frame["stage"] = "assign"
    if frame["stage"] == "assign":
        _assign(game, frame)  # asks, or moves on to "block"
        return
    mark_damage(game)
    game.pop()
    destroy_lethal(game, OPPONENT[faction], theater)
    check_battles(game)


# -- retreat ------------------------------------------------------------------------------------------------------


def _retreat_step(game, frame) -> None:
    """RS-CMB-13, RS-RET-01: each side in turn, current player first, may withdraw; a forced retreat (RS-CMB-18)
    offers no 'stay' and destroys the ships that cannot leave."""
    if frame.get("done"):  # retreated: the window for the other side's cards (``_after_retreat``)
        _after_retreat(game, frame)
        return
    combat = state(game)
    faction, system = frame["faction"], combat["system"]
    admiral = decider(game, faction, "admiral")
    if "to" not in frame:
        if "choice" in frame:
            frame["to"] = frame.pop("choice")["id"]
            if frame["to"] == "stay":
                game.pop()
                return
        else:
            destinations = retreat_destinations(game, faction) if may_retreat(game, faction) else []
            if destinations:
                game.ask(admiral, "retreat", [{"id": s, "label": text(game, N_("Retreat to {system}"), system=s)} for s in destinations]
                         + ([] if frame["forced"] else [{"id": "stay", "label": N_("Do not retreat")}]),
                         text(game, N_("Retreat from {system}?"), system=system))
                return
            game.pop()
            if frame["forced"]:
                for unit, n in sorted(board.faction_units(game, system, faction, "space").items()):
                    destroy(game, unit, n)
                check_battles(game)
            return
    if "leader" not in frame:
        free = retreat_leaders(game, faction)
        if "choice" in frame:
            frame["leader"] = frame.pop("choice")["id"]
        elif len(free) > 1:
            game.ask(admiral, "retreat-leader", [{"id": lid, "label": label(game, lid)} for lid in free],
                     N_("Which leader retreats?"))
            return
        else:
            frame["leader"] = game.answer_alone(admiral, "retreat-leader", free[0], "Which leader retreats?")["id"]
        frame["units"] = dict(retreat_group(game, faction).chosen)
    group = retreat_group(game, faction)
    group.chosen = frame["units"]
    option = frame.pop("choice")["id"] if "choice" in frame else None
    if option not in (None, "done"):
        group.take(option)
    options = group.options() if option != "done" else []
    if options:
        game.ask(admiral, "retreat-units", options + [{"id": "done", "label": N_("Retreat with these")}],
                 text(game, N_("Which units retreat to {system}?"), system=frame["to"]))
        return
    frame["done"] = True
    retreat(game, faction, frame["to"], frame["units"], frame["leader"])
    _after_retreat(game, frame)


def _after_retreat(game, frame) -> None:
    """The retreat is made: the ``combat.retreat`` moment, then the other side may play its Special cards for this
    moment (``retreat``: Track Them). The base game has none, so the window stays shut and the step ends at once."""
    faction = frame["faction"]
    system = state(game)["system"]
    if game.moment("combat.retreat", once_in=frame, system=system, faction=faction, to=frame["to"]):
        return
    info = {"system": system, "to": frame["to"], "retreated": faction}
    if actions.special_window(game, frame, "retreat", OPPONENT[faction], info):
        return
    game.pop()


# -- objectives in combat -----------------------------------------------------------------------------------------


def _battle_won_window(game, frame) -> bool:
    """Before the combat objectives, once per battle won in this combat: the ``battle.won`` moment, then the winner
    may play Special cards answering that moment (``battle-won``); True while busy."""
    combat = state(game)
    offered = combat.setdefault("won_windows", [])
    for theater in THEATERS:
        winner = combat["battles"].get(theater)
        if winner not in FACTIONS or theater in offered:
            continue
        reached = combat.setdefault("won_moments", [])
        if theater not in reached:
            reached.append(theater)
            if game.moment("battle.won", system=combat["system"], theater=theater, winner=winner):
                return True
        if actions.special_window(game, frame, "battle-won", winner, {"system": combat["system"], "theater": theater}):
            return True
        offered.append(theater)
    return False


def _objectives_step(game, frame) -> None:
    """Combat objectives (RB-CMB-11, RB-OBJ-04/07, RS-END-04): after each battle step and at the end of the combat
    the Rebel may play one whose requirement is met; Death Star Plans only after the space battle step. Special
    cards answering a battle won come first (``_battle_won_window``)."""

    combat = state(game)
    if "choice" not in frame and _battle_won_window(game, frame):
        return
    if "choice" in frame:
        game.pop()
        choice = frame["choice"]
        if choice["id"] != "none":
            if is_plans(tables(game).objectives[choice["data"]["args"]["card"]]):
                combat["plans_round"] = combat["round"]
            game.push(choice["data"]["step"], **choice["data"]["args"])
        return
    plans = frame["moment"] == "space" and plans_window(game)
    table = tables(game).objectives
    options = [o for o in objectives.options(game, "combat") if plans or not is_plans(table[o["data"]["args"]["card"]])]
    if not options and not plans:
        game.pop()
        return
    game.ask(decider(game, "rebel", "general"), "combat-objective",
             options + [{"id": "none", "label": N_("Play no objective")}], N_("Play a combat objective?"))


STEPS = {
    COMBAT: _combat_step,
    ADD_LEADER: _add_leader_step,
    START_CARDS: _start_cards_step,
    ROUND: _round_step,
    BATTLE: _battle_step,
    ATTACK: _attack_step,
    RETREAT: _retreat_step,
    OBJECTIVES: _objectives_step,
    VOLLEY: _volley_step,
}
