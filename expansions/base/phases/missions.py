"""The Assignment Phase and missions (RB-ASG, RS-ASG, RB-MIS, RS-MIS, RB-PRJ).

Assignment (RS-ASG-01..09): the Rebel makes all his assignments, then the Empire. An assignment is a card from the
hand laid face down with one or two leaders from the pool on it (RS-ASG-02); the card is a team secret, its leaders
are public (RS-ASG-07). An Assignment action card may be played instead of an assignment (RS-ASG-08, ``actions``).
The General decides (he holds the mission hand, RB-TEAM-06, RS-ASG-09).

*Offered assignments.* The rules check a card's skill requirement only at reveal (RS-ASG-05, RS-MIS-02), so a
player may legally put leaders on a card he can never reveal. Nothing can add a leader to a face-down card later in
the round (RS-MIS-07), so such an assignment can only bluff; to keep random play useful we offer only cards and
leaders whose icons together meet the card's requirement (the first leader is offered only if he meets it alone or
with some leader still in the pool). Cards whose effect is not yet data (no ``target`` and no ``effect`` steps) are
never offered.

A mission (RB-MIS-01..27) runs as one ``base.mission`` frame through these stages: ``reveal`` (step 1, RS-MIS-01;
the card's ``target`` steps choose where, RB-MIS-02..04), ``target`` (all its leaders go there; attempt or resolve,
RB-MIS-05), ``oppose`` (one leader from the opponent's pool, RB-MIS-06/07), ``roll`` (RB-MIS-08..16), ``rings``
(R2-D2 and C-3PO, the starting action cards' rings), ``effect`` (step 6, the card's ``effect`` steps, RB-MIS-21),
``success`` (cards answering a success), ``failure`` (after a failed attempt: the card's ``failure`` steps, then
cards answering the failure) and ``finish`` (step 7: back to hand or discarded, RB-MIS-22; a combat the mission
started, RS-MIS-05).
"""

from __future__ import annotations

from swrebellion.engine import peek
from swrebellion.engine.effects import run_effect
from swrebellion.i18n import N_

from .. import board
from ..asked import keep, kept
from ..cards import discard, hand
from ..names import named_options, text, text_ids, texts
from ..rules import actions, missions, rings
from ..rules.actions import _play, mission_info, special_window
from ..rules.dice import roll
from ..rules.missions import (assign, assignable, first_leaders, icons_of, meets, return_to_hand, second_leader_options,
                              successes)
from ..rules.plans import feasible, fight_after, plan, playable
from ..rules.restrictions import barred_option
from ..rules.rings import falcon
from ..tables import FACTIONS, OPPONENT, tables, the_setup

#: Red dice are rolled first, up to 5, then black: the two dice have the same faces (C-01), so the split changes
#: nothing in the base game, and 5 + 5 is also the box's physical limit (RULES_SUPPLEMENT D-01).
RED_FIRST = 5


# -- skill requirements ---------------------------------------------------------------------------------------------


# -- the Assignment Phase ---------------------------------------------------------------------------------------------


def assignment_step(game, frame) -> None:
    """RB-ASG-01, RS-ASG-01..09: Immediate action cards first (RS-ACT-06: they are resolved as soon as they are
    gained, Rebel first; nothing happens between setup or recruiting and this point), then the Rebel assigns, then
    the Empire; in team play each side's Admiral and then its General, each with his own leaders (RS-ASG-09). Each choice is a card (or an Assignment action card, or done), then its first leader, then maybe a
    second. A single possible answer is taken without asking."""
    if "faction" not in frame:
        order = _assignment_order(game)
        frame.update(seat=0, faction=order[0][0], role=order[0][1], stage="card")
        for faction in reversed(FACTIONS):
            game.push("base.immediate-actions", faction=faction)
        return
    if frame["stage"] == "end":  # both sides are done: the cards played at that moment, Rebel first, then it is over
        for side in FACTIONS:
            if actions.special_window(game, frame, "assignment-end", side, {}):
                return
        game.pop()
        return
    faction, role = frame["faction"], frame["role"]
    if "ctx" in frame:  # an Assignment action card just ended; a combat it started is fought now (RS-MIS-05)
        fight_after(game, frame.pop("ctx"), faction)
        return
    choice = frame.pop("choice", None)
    listed = kept(game, frame)  # the pool and icons the question just answered was made from, if any
    options: list[dict] = []
    if choice is not None and frame["stage"] == "card":
        kind, _, card = choice["id"].partition(":")
        if kind == "done":  # RS-ASG-09: in team play the Admiral, then the General, each with his own leaders
            order = _assignment_order(game)
            if frame["seat"] == len(order) - 1:
                frame["stage"] = "end"
            else:
                frame["seat"] += 1
                frame["faction"], frame["role"] = order[frame["seat"]]
            return
        if kind == "action":
            actions.play_assignment_card(game, faction, choice["data"])
            return
        frame["card"], frame["stage"] = card, "first"
        pool, icons = listed or _listed(game, faction, role)
        keep(game, frame, (pool, icons))
        options = named_options(game, first_leaders(game, card, pool, icons))
        prompt = _first_prompt(game, card)
    elif choice is not None and frame["stage"] == "first":
        frame["first"], frame["stage"] = choice["id"], "second"
        if role is None and listed is not None:  # the whole pool, as second_leader_options reads it
            options = second_leader_options(game, faction, frame["card"], choice["id"], *listed)
        else:
            options = second_leader_options(game, faction, frame["card"], choice["id"])
        if listed is not None:  # for the next card question, once the leaders chosen are on the card
            keep(game, frame, listed)
        prompt = SECOND_PROMPT
    elif choice is not None:
        card, first = frame.pop("card"), frame.pop("first")
        frame["stage"] = "card"
        hand(game, faction, "missions").remove(card)
        leaders = [first] if choice["id"] == "none" else [first, choice["id"]]
        assign(game, faction, card, leaders)
        if game.moment("mission.assigned", faction=faction, role=role, card=card, leaders=leaders):
            return  # the next card question is asked once the moment's steps are over (its pool counted anew)
        if listed is not None:  # the seat's pool is the one the card question was made from less these leaders
            pool = [*listed[0]]  # (RS-ASG-02; in team play the second may be his teammate's, RS-ASG-09): nothing
            for lid in leaders:  # else has happened since, and the others' icons are still those counted then
                if lid in pool:
                    pool.remove(lid)
            listed = pool, listed[1]
    if not options:
        pool, icons = listed or _listed(game, faction, role)
        keep(game, frame, (pool, icons))
        made = _card_options(game)  # its keys: the playable cards (and None), those of the hand tried
        options = assignable(game, sorted(made.keys() & hand(game, faction, "missions")), pool, icons, made)
        options += actions.assignment_options(game, faction, role, pool)
        options.append(made[None])
        prompt = CARD_PROMPT
    player = board.decider(game, faction, role or "general")
    if len(options) == 1:
        frame["choice"] = game.answer_alone(player, _KINDS[frame["stage"]], options[0], prompt)
        return
    game.ask(player, _KINDS[frame["stage"]], options, prompt)


#: The kind of each assignment question, by the frame's stage.
_KINDS = {"card": "assign-card", "first": "assign-first", "second": "assign-second"}
#: The card and second-leader questions' prompts, marked once here rather than at every question.
CARD_PROMPT = N_("Assign a mission, play an Assignment action card, or finish")
SECOND_PROMPT = N_("Add a second leader?")


def _card_options(game) -> dict[str | None, dict]:
    """The card question's options, made once per rules and handed out at every card question (never changed, as
    :func:`~..names.named_options` says): "Assign {card}" under each mission or project card whose effect is data
    (:func:`~..rules.plans.playable`), "Done assigning" under None."""
    try:
        return game.rules.cache["base-card-options"]  # type: ignore[no-any-return]
    except KeyError:
        cards = sorted(card for card in tables(game).missions if playable(game, card))
        made: dict[str | None, dict] = {card: {"id": f"assign:{card}", "label": words, "data": None}
                                        for card, words in zip(cards, texts(game, N_("Assign {card}"), "card", cards))}
        made[None] = {"id": "done", "label": N_("Done assigning"), "data": None}
        return game.rules.cache.setdefault("base-card-options", made)  # type: ignore[no-any-return]


def _first_prompt(game, card: str) -> str:
    """"First leader for {card}", made once per rules and card (:func:`~..names.text` is a keyword call and a key
    to build at every first-leader question)."""
    try:
        return game.rules.cache[_FIRST_PROMPTS][card]  # type: ignore[no-any-return]
    except KeyError:
        prompt = text(game, N_("First leader for {card}"), card=card)
        game.rules.cache.setdefault(_FIRST_PROMPTS, {})[card] = prompt
        return prompt


_FIRST_PROMPTS = "base.first-leader-prompts"


def _assignment_order(game) -> list[tuple[str, str | None]]:
    """The seats in assignment order: the Rebel's, then the Empire's (RS-ASG-01, RS-ASG-09)."""
    seats = board.seats(game)
    return [seat for faction in FACTIONS for seat in seats if seat[0] == faction]


def _listed(game, faction: str, role: str | None) -> tuple[list[str], dict[str, dict[str, int]]]:
    """The pool leaders the assigning seat may assign and their requirement icons, counted once for every card and
    pair tried."""
    pool = board.pool(game, faction)
    if role is not None:  # in team play his own leaders alone (RS-ASG-09, RB-TEAM-02)
        pool = [lid for lid in pool if board.controlled_by(game, lid, role)]
    return pool, icons_of(game, pool)


# -- the Command Phase --------------------------------------------------------------------------------------------------


def _sweep(game, faction: str) -> None:
    """RULINGS C-11, RB-MIS-23: a card whose leader was captured, eliminated or moved off it before the reveal goes
    back to hand unrevealed. Run before anything can be revealed, so such a card is never offered. Run at every
    Command Phase turn, where every card usually keeps its leaders: the list is rebuilt only when one goes back."""
    data = game.state["data"]
    assigned, where = data["assigned"][faction], data["leaders"]
    keep = []
    for entry in assigned:
        for lid in entry["leaders"]:  # each still on the card and free (RULINGS C-11)
            if where[lid]["at"] != "mission" or board.is_captured(game, lid):
                return_to_hand(game, faction, entry, "a leader was taken off the card")
                break
        else:
            keep.append(entry)
    if len(keep) != len(assigned):
        assigned[:] = keep


def _context(game, faction: str, card: str, leaders: list[str], barred: list[str] | None = None) -> dict:
    """RS-MIS-08: the player who controls the mission's (first) leader decides for it. ``barred``: the side's barred
    systems (Boba Fett? Where?: no mission there this round), when the caller has listed them for several cards."""
    role = tables(game).leaders[leaders[0]].role if leaders else "general"
    ctx = {"faction": faction, "player": board.decider(game, faction, role), "card": card, "leaders": list(leaders)}
    if barred is None:
        barred = actions.barred_systems(game, faction)
    if barred:
        ctx["barred"] = barred
    return ctx


def reveal_options(game, faction: str) -> list[dict]:
    """RB-MIS-01, RS-MIS-01/02: assigned, unrevealed missions whose leaders meet the requirement and that have
    somewhere to take place. Each option's data is the step that resolves it. Asked at every Command Phase turn:
    the barred systems and the leaders' icons are found once for all the cards, and each option is made once per
    rules (by side, place in the assigned list, card, how many of that card come before and leaders) and handed
    out again, never changed (as :func:`~..names.named_options` says). In team play a teammate's missions are among
    them: :func:`withheld_from_teammate` withholds them, saying why (RS-MIS-08)."""
    _sweep(game, faction)
    assigned = game.state["data"]["assigned"][faction]
    if not assigned:
        return []
    options = []
    seen: dict[str, int] = {}
    barred = actions.barred_systems(game, faction)
    on_cards: list[str] = []
    for entry in assigned:
        on_cards += entry["leaders"]
    icons = icons_of(game, on_cards)
    try:
        made = game.rules.cache[_REVEAL_OPTIONS]
    except KeyError:
        made = game.rules.cache[_REVEAL_OPTIONS] = {}
    for index, entry in enumerate(assigned):
        card, leaders = peek(entry["card"]), entry["leaders"]  # RS-MIS-08 is withheld_from_teammate's
        if not meets(game, card, leaders, icons):
            continue
        closed = None  # the barred system that alone keeps the mission from taking place anywhere
        if not feasible(game, card, _context(game, faction, card, leaders, barred)):
            closed = _only_barred(game, faction, card, leaders, barred)
            if closed is None:
                continue
        n = seen[card] = seen.get(card, 0) + 1
        key = (faction, index, card, n, *leaders)
        option = made.get(key)
        if option is None:
            option = made[key] = {
                "id": f"reveal:{card}" + (f"#{n}" if n > 1 else ""),
                "label": text_ids(game, N_("Reveal {card} ({leaders})"), "card", card, "leaders", leaders),
                "data": {"step": "base.mission", "args": {"faction": faction, "index": index}},
            }
        options.append(option if closed is None else barred_option(option, faction, "missions", closed))
    return options


def _only_barred(game, faction: str, card: str, leaders: list[str], barred: list[str]) -> str | None:
    """For a mission with nowhere to take place: the first system a restriction bars it from whose bar alone keeps
    it from being offered (it is then withheld, saying why), or None (it has nowhere to go, barred or not)."""
    if not barred or not feasible(game, card, _context(game, faction, card, leaders, [])):
        return None
    return next((s for s in barred if feasible(game, card, _context(game, faction, card, leaders,
                                                                    [b for b in barred if b != s]))), barred[0])


_REVEAL_OPTIONS = "base.reveal-options"
#: Why a teammate's mission is not offered (RS-MIS-08), shown to the player asked.
NOT_YOUR_MISSION = N_("only the player with a leader on it reveals it (RS-MIS-08)")


def withheld_from_teammate(game, kind: str, player: str, options: list[dict]) -> dict[str, str] | None:
    """RS-MIS-08: in team play only a player with a leader on a mission card reveals it; the teammate's reveals
    are withheld from the Command Phase action (``ValueRegistry.withhold``), so the player sees why."""
    role = board.acting_role(game)
    if role is None:  # two players: each side's player controls every leader
        return None
    assigned = game.state["data"]["assigned"]
    withheld = {}
    for option in options:
        action = option["data"]
        if action is not None and action.get("step") == "base.mission":
            args = action["args"]
            if not any(board.controlled_by(game, lid, role) for lid in assigned[args["faction"]][args["index"]]["leaders"]):
                withheld[option["id"]] = NOT_YOUR_MISSION
    return withheld


def return_unrevealed(game) -> None:
    """RB-CMD-05, RB-ASG-03, RS-CMD-07 (and Refresh step 1, RB-REF-03): unrevealed cards go back to hand and their
    leaders to the pool."""
    data = game.state["data"]
    for faction in FACTIONS:
        for entry in data["assigned"][faction]:
            return_to_hand(game, faction, entry, "never revealed")
        data["assigned"][faction] = []


# -- resolving a mission ------------------------------------------------------------------------------------------------


def mission_step(game, frame) -> None:
    STAGES[frame.get("stage", "reveal")](game, frame)


def _reveal(game, frame) -> None:
    """Step 1 (RS-MIS-01): the card is turned face up; its target steps choose where (step 2, RB-MIS-02)."""
    faction = frame["faction"]
    entry = game.state["data"]["assigned"][faction][frame["index"]]  # leaves the card once they have a system
    card = peek(entry["card"])
    info = {"mission": {"faction": faction, "card": card, "leaders": list(entry["leaders"])}}
    if actions.special_window(game, frame, "mission-reveal", faction, info):
        return  # Blindside, just before the reveal
    frame.update(card=card, leaders=entry["leaders"], stage="target")
    mode = tables(game).missions[card].mode
    game.log("mission-revealed", faction=faction, card=card, leaders=entry["leaders"], mode=mode)
    run_effect(game, plan(game, card).target, _context(game, faction, card, entry["leaders"]), into="ctx")


def _target(game, frame) -> None:
    """Step 2 (RB-MIS-02): every leader on the card goes to the chosen system. Step 3 (RB-MIS-05): a resolve card
    cannot be opposed and goes straight to its effect."""
    ctx = frame["ctx"]
    del game.state["data"]["assigned"][frame["faction"]][frame.pop("index")]
    stopped = ctx.pop("stopped", False)
    where = None if stopped else ctx.get("system")
    for lid in frame["leaders"]:  # a card that takes place nowhere keeps no leader on it
        board.leader(game, lid)["at"] = where or "pool"
    if stopped:
        frame["stage"] = "finish"
        return
    if where is not None:
        game.log("mission-system", card=frame["card"], system=where, leaders=frame["leaders"])
    attempt = tables(game).missions[frame["card"]].mode == "attempt"
    frame.update(stage="answer", then="oppose" if attempt and where is not None else "effect")
    game.moment("mission.revealed", **_moment_locals(frame))


def _answer(game, frame) -> None:
    """The other side may answer the revealed mission with a Special card whose trigger names the
    ``mission-revealed`` moment (a card that cancels it: ``stop_mission`` ``how: cancel``); then opposition, or the
    effect."""
    info = {"system": frame["ctx"].get("system"), "mission": actions.mission_info(frame)}
    if actions.special_window(game, frame, "mission-revealed", OPPONENT[frame["faction"]], info):
        return
    frame["stage"] = frame.pop("then")
    if frame["stage"] == "effect":  # a resolve card, or one that takes place nowhere: it succeeds with no attempt
        game.log("mission-result", card=frame["card"], faction=frame["faction"], success=True, resolved=True)


def _moment_locals(frame) -> dict:
    """What a mission's moments tell the steps added to them (``moments.MISSION``)."""
    return {**mission_info(frame), "system": frame["ctx"].get("system")}


def _oppose(game, frame) -> None:
    """Step 4 (RB-MIS-06/07, RB-CMD-04): the opponent may send one leader from his pool, even after passing and
    even where his leaders already are (FAQ-04/05). Then the steps ``game.modify("opposition-steps", ...)`` gives
    run for the opponent, who may send more leaders that way (Rise of the Empire's Subversion, RS-ROE-04)."""
    opponent = OPPONENT[frame["faction"]]
    where = frame["ctx"]["system"]
    barred = missions.leader_effects(game, "no-opposition", frame["leaders"])  # Misdirection
    if not frame.get("pool_done"):
        choice = frame.pop("choice", None)
        if choice is None:
            pool = [] if barred else board.pool(game, opponent)
            if pool:
                options = [NO_OPPOSITION, *named_options(game, pool)]
                game.ask(board.decider(game, opponent, "admiral"), "oppose", options,
                         text(game, N_("Send a leader to oppose {card} in {system}?"), card=frame["card"], system=where))
                return
        elif choice["id"] != "none":
            board.leader(game, choice["id"])["at"] = where
            game.log("opposed", faction=opponent, leader=choice["id"], system=where)
        frame["pool_done"] = True
    if not barred and not frame.get("joined"):
        frame["joined"] = True
        info = {"system": where, "mission": actions.mission_info(frame)}
        steps = game.modify("opposition-steps", [], faction=opponent, **info)
        if steps:
            run_effect(game, steps, {"faction": opponent, "player": board.decider(game, opponent, "general"), **info})
            return
    frame["stage"] = "roll"


#: The option of sending nobody to oppose: one dict for every question (never changed, as
#: :func:`~..names.named_options` says of the leaders' own options).
NO_OPPOSITION = {"id": "none", "label": N_("Send nobody"), "data": None}


def _sides(game, faction: str, where: str, target: str | None) -> dict[str, list[str]]:
    """Each side's leaders there, in id order: all take part (RB-MIS-18, RS-LDR-03); captured ones do not, except
    the leader the mission is against (RB-MIS-16/17, RS-CAP-06). The leaders there are listed once, for both
    sides, and told apart by the side each serves."""
    sides: dict[str, list[str]] = {faction: [], OPPONENT[faction]: []}
    for lid in board.leaders_at(game, where):
        if not board.is_captured(game, lid) or lid == target:
            sides[board.leader_faction(game, lid)].append(lid)
    return sides


def _dice(game, frame, faction: str, leaders: list[str], attempting: bool) -> dict[str, int]:
    """One die per matching icon (RB-MIS-09), every icon with 'count all skills' (RB-MIS-14), card bonus dice
    (``extra_dice`` for the attempt, ``opposition_dice`` for its opponent: Subversion), at most 10 (RB-MIS-15);
    then the 'mission-dice' hook (Rise of the Empire adds green dice)."""
    t = tables(game)
    card = t.missions[frame["card"]]
    skills = None if card.count_all_skills else card.requires  # the skills it requires (their counts unused)
    icons = sum(n for l in leaders for s, n in t.leaders[l].skills.items() if skills is None or s in skills)
    limit = the_setup(game).mission_dice_limit  # RB-MIS-15, RULINGS D-01: the setup's limit (10 in the box)
    count = min(limit, icons + frame["ctx"].get("extra_dice" if attempting else "opposition_dice", 0))
    dice = {"red": min(RED_FIRST, count), "black": max(0, count - RED_FIRST)}
    return game.modify("mission-dice", dice, faction=faction, card=frame["card"], system=frame["ctx"]["system"],
                       attempting=attempting, leaders=leaders)


def _roll(game, frame) -> None:
    """Step 5: no opposing leader, automatic success without dice (RB-MIS-08), unless the card rolls anyway
    (RULINGS D-02: it then needs a success, overruling RS-ROE-14's automatic success); otherwise both sides roll,
    the current player first (RB-MIS-09)."""
    faction, ctx = frame["faction"], frame["ctx"]
    opponent = OPPONENT[faction]
    where, target = ctx["system"], ctx.get("leader")
    current = game.state["data"]["current"]
    order = [faction, opponent] if current != opponent else [opponent, faction]
    info = {"system": where, "mission": actions.mission_info(frame)}
    for side in order:  # Undercover, Wookiee Guardian (RS-ACT-03: current player first)
        if actions.special_window(game, frame, "mission-attempt", side, info):
            return
    if frame.get("fails"):
        frame.update(success=False, stage="failure")
        game.log("mission-result", card=frame["card"], faction=faction, success=False, cause=frame["fails"])
        return
    sides = _sides(game, faction, where, target)
    if not sides[opponent] and not ctx.get("roll_unopposed"):
        frame.update(success=True, stage="effect")
        game.log("mission-result", card=frame["card"], faction=faction, success=True, unopposed=True)
        return
    rolls = frame.setdefault("rolls", {})
    for side in order:
        if side in rolls:
            continue
        dice = _dice(game, frame, side, sides[side], side == faction)
        count = sum(dice.values())
        if count and actions.special_window(game, frame, "before-roll", side, {**info, "dice": dice}):
            return  # One in a Million
        rolls[side] = roll(game, frame, dice, side, f"mission {frame['card']}") if count else {}
    frame["stage"] = "rings"


def _rings(game, frame) -> None:
    """The R2-D2 ring may blank one Imperial die (after both rolls); then more successes than the opponent win
    and a tie fails (RB-MIS-10, RB-MIS-13); the C-3PO ring may turn a failed Rebel diplomacy attempt into a
    success. Before R2-D2, the Master Yoda ring may reroll one Rebel die (Seek Yoda)."""
    if rings.yoda_reroll(game, frame, frame["rolls"].get("rebel", {}), frame["ctx"]["system"]):
        return
    if rings.r2d2(game, frame):
        return
    if "success" not in frame:
        faction = frame["faction"]
        ours, theirs = successes(game, frame, faction), successes(game, frame, OPPONENT[faction])
        frame["success"] = ours > theirs
        game.log("mission-result", card=frame["card"], faction=faction, success=frame["success"],
                 successes={faction: ours, OPPONENT[faction]: theirs})
    if rings.c3po(game, frame):
        return
    frame["stage"] = "effect" if frame["success"] else "failure"


def _effect(game, frame) -> None:
    """Step 6 (RB-MIS-21): the card's effect, its choices made now (FAQ-20)."""
    frame["stage"] = "success"
    run_effect(game, plan(game, frame["card"]).effect, frame["ctx"], into="ctx")


def _success(game, frame) -> None:
    """After a success: the ``mission.succeeded`` moment, then Special cards for that moment and the Millennium
    Falcon ring (``after_success``)."""
    if game.moment("mission.succeeded", once_in=frame, **_moment_locals(frame)):
        return
    if not after_success(game, frame):
        frame["stage"] = "finish"


def _failure(game, frame) -> None:
    """After a failed attempt: the card's own ``failure`` steps (Aggressive Negotiations), then each side's Special
    cards for that moment, the current player first (``mission-failed``: Post Bounty, RS-ACT-03). The
    ``mission.failed`` moment comes first."""
    if game.moment("mission.failed", once_in=frame, **_moment_locals(frame)):
        return
    if not frame.get("failure_run"):
        frame["failure_run"] = True
        steps = plan(game, frame["card"]).failure
        if steps:
            run_effect(game, list(steps), frame["ctx"], into="ctx")
            return
    faction = frame["faction"]
    current = game.state["data"]["current"]
    order = [faction, OPPONENT[faction]] if current != OPPONENT[faction] else [OPPONENT[faction], faction]
    info = {"system": frame["ctx"].get("system"), "mission": actions.mission_info(frame)}
    for side in order:
        if actions.special_window(game, frame, "mission-failed", side, info):
            return
    frame["stage"] = "finish"


def _finish(game, frame) -> None:
    """Step 7 (RB-MIS-22, RB-MIS-27, RB-PRJ-02/04): a starting mission goes back to hand, a project to the project
    discard pile, any other card to its mission discard pile. Then a combat the mission's effect started is fought
    (RS-MIS-05)."""
    faction, card = frame["faction"], frame["card"]
    kind = tables(game).missions[card].deck
    back = frame["ctx"].get("to_hand")  # a card's own clause (``keep_card``): "always", or only on "failure"
    to_hand = kind == "starting" or back == "always" or (back == "failure" and frame.get("success") is False)
    if to_hand:
        hand(game, faction, "missions").append(card)
    else:
        discard(game, "projects" if kind == "project" else f"missions-{faction}", card)
    game.log("mission-ended", faction=faction, card=card, to="hand" if to_hand else "discard")
    game.pop()
    fight_after(game, frame["ctx"], faction)


def _cancelled(game, frame) -> None:
    """A card cancelled the mission (``stop_mission`` ``how: cancel``): the card is back in hand, its leaders in the
    pool."""
    game.pop()


STAGES = {
    "reveal": _reveal,
    "target": _target,
    "answer": _answer,
    "cancelled": _cancelled,
    "oppose": _oppose,
    "roll": _roll,
    "rings": _rings,
    "effect": _effect,
    "success": _success,
    "failure": _failure,
    "finish": _finish,
}



def immediate_step(game, frame) -> None:
    """RS-ACT-06: every Immediate card in the faction's hand is resolved, one after another."""
    faction = frame["faction"]
    t = tables(game)
    for card in hand(game, faction, "actions"):  # the first one, in a plain loop: asked for each side every round
        if t.actions[card].timing == "immediate" and playable(game, card):
            break
    else:
        game.pop()
        return
    pictured = [l for l in t.actions[card].leaders if board.leader(game, l)["at"] not in ("supply", "gone")]
    _play(game, faction, card, pictured[0] if pictured else None)


def after_success(game, frame) -> bool:
    """A mission has succeeded and its effect is over: the side's cards for that moment, then the Millennium
    Falcon ring (before any combat the mission causes, SU). True while busy."""
    where = frame["ctx"].get("system")
    info = {"system": where, "mission": mission_info(frame)}
    if special_window(game, frame, "mission-success", frame["faction"], info):
        return True
    return falcon(game, frame)


STEPS = {"base.assignment": assignment_step, "base.mission": mission_step, "base.immediate-actions": immediate_step}
