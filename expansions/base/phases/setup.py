"""Setting up a game (RB-SET-01..13), as steps so that every placement is a player's decision.

Each part is its own step (``base.setup.<part>``) so that an expansion can override one part (Rise of the Empire
changes the objective deck, the mission sets and the starting units) without touching the rest.
"""

from __future__ import annotations

from swrebellion.engine import peek, secret
from swrebellion.i18n import N_

from .. import board
from ..asked import keep, kept
from ..board import decider, team_secret
from ..cards import deck, draw, hand, new_deck, new_hand
from ..names import label, named_options, text
from ..tables import BASE_SPACE, FACTIONS, tables, the_setup

PARTS = [
    "base.setup.board",  # RB-SET-01..03, C-09: players, leaders, time and reputation, systems
    "base.setup.objectives",  # RB-SET-04
    "base.setup.action-decks",  # RB-SET-05
    "base.setup.tactics",  # RB-SET-06
    "base.setup.missions",  # RB-SET-07
    "base.setup.loyalty",  # RB-SET-08
    "base.setup.empire-units",  # RB-SET-09
    "base.setup.rebel-units",  # RB-SET-10, RULINGS D-04
    "base.setup.action-cards",  # RB-SET-11
    "base.setup.base-location",  # RB-SET-12
    "base.setup.hands",  # RB-SET-13
    "base.setup.finish",
]


def teams_for(players: int) -> tuple[dict, dict]:
    """Players and who decides what (RB-TEAM-01..03): 2 players, or 3 (the lone Rebel plays both roles) or 4."""
    if players == 2:
        teams = {f: [f] for f in FACTIONS}
    elif players == 3:
        teams = {"rebel": ["rebel"], "empire": ["empire-admiral", "empire-general"]}
    elif players == 4:
        teams = {f: [f"{f}-admiral", f"{f}-general"] for f in FACTIONS}
    else:
        raise ValueError(f"Star Wars: Rebellion is for 2 to 4 players, not {players}")
    roles = {f: {"admiral": ps[0], "general": ps[-1]} for f, ps in teams.items()}
    return teams, roles


def with_earlier(game, hook: str, data: dict) -> dict:
    """The base game's fresh ``data`` with the keys a plugin's ``hook`` wrote before it (an implementation marked
    ``tryfirst``) kept, not silently replaced: a plugin's own keys stay; a key of the base game's written first is
    refused, naming the plugins that run first (they must write only their own keys, docs/hooks.md)."""
    earlier = game.state["data"]
    if not earlier:  # the usual case: the base game sets up first
        return data
    clash = sorted(earlier.keys() & data.keys())
    if clash:
        first = [impl.plugin_name for impl in getattr(game.rules.active.pm.hook, hook).get_hookimpls()
                 if impl.tryfirst and impl.plugin_name != "base"]
        raise ValueError(f"{' and '.join(map(repr, first)) or 'a plugin'} wrote state['data'] key(s) "
                         f"{', '.join(clash)} in {hook} before the base game set it up: those keys are the base "
                         "game's; write only your own keys (or run after the base game: drop tryfirst)")
    data.update(earlier)
    return data


def start(game) -> None:
    """The ``setup_game`` hook: an empty board, then the setup parts as steps."""
    t = tables(game)
    options = game.state["options"]
    options.setdefault("setup", "base")
    options.setdefault("players", 2)
    if options["setup"] not in t.setups:
        raise ValueError(f"unknown setup {options['setup']!r}; the loaded packs define "
                         f"{', '.join(sorted(t.setups)) or 'none'} (`rebellion setups list` shows them)")
    teams, roles = teams_for(options["players"])
    game.state["players"] = [p for f in FACTIONS for p in teams[f]]
    game.state["dice"] = {die: list(faces) for die, faces in t.dice.items()}
    game.state["data"] = with_earlier(game, "setup_game", empty_data(game, teams, roles))
    for part in reversed(PARTS):
        game.push(part)


def empty_data(game, teams: dict, roles: dict) -> dict:
    t = tables(game)
    return {
        "phase": "setup",
        "round": 0,
        "time": 1,
        "reputation": 14,
        "current": "rebel",
        "teams": teams,
        "roles": roles,
        "systems": {
            s: {"loyalty": info.fixed_loyalty, "subjugated": False, "sabotage": False, "destroyed": False}
            for s, info in sorted(t.systems.items())
        },
        "units": {},
        "queue": {f: {"1": {}, "2": {}, "3": {}} for f in FACTIONS},
        "leaders": {lid: {"at": "supply", "ring": None} for lid in sorted(t.leaders)},
        "base": None,
        "base_revealed": None,
        "decks": {},
        "discards": {},
        "hands": {f: {} for f in FACTIONS},
        "assigned": {f: [] for f in FACTIONS},
        "passed": {f: False for f in FACTIONS},
        "combat": None,
        "limits": {},
    }


def _board(game, frame) -> None:
    """RB-SET-02/03, RULINGS C-09: starting leaders in the pool; time and reputation from the time track."""
    data = game.state["data"]
    t = tables(game)
    track = t.time_tracks[the_setup(game).time_track]
    data["time"], data["reputation"] = track.time_start, track.reputation_start
    for lid, info in t.leaders.items():
        if info.starting:
            data["leaders"][lid]["at"] = "pool"
    data["hands"]["rebel"] = {k: new_hand(game, "rebel", []) for k in ("missions", "actions", "objectives")}
    data["hands"]["empire"] = {k: new_hand(game, "empire", []) for k in ("missions", "actions", "probes")}
    game.pop()


def _new_deck(game, name: str, cards: list[str]) -> None:
    new_deck(game, name, sorted(cards))
    game.shuffle(game.state["data"]["decks"][name], name)


def _copies(game, name: str, pick) -> list[str]:
    """The ids of the cards ``pick(tables)`` gives, once per printed copy. Every game's setup makes the same decks
    from the same content, so each list is made once per rules (kept under ``name``) and handed out as a new list."""
    memo = game.rules.cache.setdefault("base-setup-copies", {})
    made = memo.get(name)
    if made is None:
        made = memo[name] = [card.id for card in pick(tables(game)) for _ in range(card.copies)]
    return list(made)


def _objectives(game, frame) -> None:
    """RB-SET-04: stage I on top of II on top of III, each stage shuffled; the Rebel draws 1."""
    data = game.state["data"]
    setup = the_setup(game)
    deck_stages = game.modify("objective-deck", setup.objective_deck)  # an expansion's own deck (RE-SET-03)
    stacks = []
    for stage in sorted(deck_stages, key=lambda s: s.stage):
        stage_cards = _copies(game, f"objectives-{stage.stage}",
                              lambda t: (o for o in t.objectives.values() if o.stage == stage.stage))
        pool = sorted(c for c in stage_cards if c not in stage.fixed)
        chosen = list(stage.fixed)
        if stage.random is None:
            chosen += pool
        else:
            pile = secret(pool)
            game.shuffle(pile, f"objectives-stage-{stage.stage}-pool")
            chosen += game.draw(pile, stage.random)
        stack = secret(sorted(chosen))
        game.shuffle(stack, f"objectives-stage-{stage.stage}")
        stacks.append(peek(stack))
    data["decks"]["objectives"] = secret([card for stack in stacks for card in stack])
    data["discards"]["objectives"] = []
    data["objective_stages"] = [stage for stage, stack in zip(sorted(s.stage for s in deck_stages), stacks) for _ in stack]
    drawn = draw(game, "objectives", setup.rebel_objective_draws)
    data["objective_stages"] = data["objective_stages"][len(drawn):]
    hand(game, "rebel", "objectives").extend(drawn)
    game.log("drew-objectives", faction="rebel", count=len(drawn), cards=team_secret(game, drawn, "rebel"))
    game.pop()


def _action_decks(game, frame) -> None:
    """RB-SET-05: each faction's recruit action cards, shuffled."""
    for faction in FACTIONS:
        _new_deck(game, f"actions-{faction}", _copies(game, f"actions-{faction}", lambda t: (
            a for a in t.actions.values() if a.faction == faction and not a.starting)))
    game.pop()


def _tactics(game, frame) -> None:
    """RB-SET-06: the space and ground tactic decks, shuffled (Rise of the Empire overrides this step); and a side's
    own deck of a theater when the content has tactic cards that belong to that side (a fan's, ``faction``)."""
    for theater in ("space", "ground"):
        _new_deck(game, f"tactics-{theater}", _copies(game, f"tactics-{theater}", lambda t: (
            c for c in t.tactics.values() if c.theater == theater and c.faction is None)))
        for faction in FACTIONS:
            own = _copies(game, f"tactics-{theater}-{faction}", lambda t: (
                c for c in t.tactics.values() if c.theater == theater and c.faction == faction))
            if own:
                _new_deck(game, f"tactics-{theater}-{faction}", own)
    game.pop()


def _missions(game, frame) -> None:
    """RB-SET-07: starting missions beside the sheet (they go to hand in step 10), projects, the rest shuffled."""
    for faction in FACTIONS:
        _new_deck(game, f"missions-{faction}", _copies(game, f"missions-{faction}", lambda t: (
            m for m in t.missions.values() if m.faction == faction and m.deck == "regular")))
        game.state["data"].setdefault("starting_missions", {})[faction] = sorted(_copies(
            game, f"starting-missions-{faction}",
            lambda t: (m for m in t.missions.values() if m.faction == faction and m.deck == "starting")))
    _new_deck(game, "projects", _copies(game, "projects", lambda t: (
        m for m in t.missions.values() if m.deck == "project")))
    game.pop()


def _loyalty(game, frame) -> None:
    """RB-SET-08: reveal probe cards until enough Rebel and Imperial setup systems are drawn; Rebel loyalty on the
    Rebel ones, subjugation on the first Imperial ones, Imperial loyalty on the rest; the Imperial cards leave the
    game and the others go back into the probe deck, shuffled."""
    data = game.state["data"]
    t = tables(game)
    procedure = the_setup(game).loyalty
    probes = t.probes
    _new_deck(game, "probes", sorted(probes))
    wanted = {"rebel": procedure.rebel_systems, "empire": procedure.imperial_systems}
    found: dict[str, list[str]] = {"rebel": [], "empire": []}
    revealed = []
    while any(len(found[f]) < wanted[f] for f in FACTIONS):
        [card] = game.draw(data["decks"]["probes"], 1) or [None]
        if card is None:
            raise ValueError("the probe deck ran out before setup loyalty was complete: check setup_loyalty data")
        revealed.append(card)
        side = t.probe_setup[card]
        if side and len(found[side]) < wanted[side]:
            found[side].append(probes[card])
    game.log("setup-probes", revealed=revealed)
    for n, system_id in enumerate(found["empire"]):
        if n < procedure.subjugated_first:
            data["systems"][system_id]["subjugated"] = True
        else:
            data["systems"][system_id]["loyalty"] = "empire"
    for system_id in found["rebel"]:
        data["systems"][system_id]["loyalty"] = "rebel"
    imperial_cards = {t.probe_of[s] for s in found["empire"]}
    deck(game, "probes").extend(c for c in revealed if c not in imperial_cards)
    game.shuffle(data["decks"]["probes"], "probes")
    game.log("setup-loyalty", rebel=found["rebel"], subjugated=found["empire"][: procedure.subjugated_first],
             imperial=found["empire"][procedure.subjugated_first:])
    game.pop()


def units_left(game) -> list[str]:
    """The starting units still to place, in the order they will be asked for, while a side places them (RB-SET-09,
    RB-SET-10); ``[]`` otherwise. Public: the setup prints them (the terminal shows what is left, issue 35 #9)."""
    frame = game.state["stack"][-1] if game.state["stack"] else {}
    if frame.get("step") in ("base.setup.empire-units", "base.setup.rebel-units"):
        return list(frame.get("todo", ()))
    return []


def _units_to_place(counts: dict[str, int]) -> list[str]:
    return [unit for unit in sorted(counts) for _ in range(counts[unit])]


def _empire_units(game, frame) -> None:
    """RB-SET-09, RULINGS D-09: the Admiral places every starting unit in a system given an Imperial loyalty or
    subjugation marker at setup, at least one ground unit in each (the last ground units are only offered where
    one is still missing). Coruscant's loyalty is printed, not a marker: it gets no starting unit here (a setup's
    fixed placements may still put units there)."""
    t = tables(game)
    data = game.state["data"]
    setup = the_setup(game).empire
    if "todo" not in frame:
        frame["todo"] = _ground_first(game, _units_to_place(setup.units))
        for space in setup.build_queue:
            board.queue_unit(game, "empire", space.unit, space.space, space.count)
    if "choice" in frame:
        unit = frame["todo"].pop(0)
        board.add_units(game, frame.pop("choice")["id"], unit)
    if not frame["todo"]:
        _log_placement(game, "empire")
        game.pop()
        return
    unit = frame["todo"][0]
    # The same for every unit placed: nothing changes a system's loyalty or subjugation while the starting units are
    # placed (subjugation follows units only after setup, RB-SET-08), nor what a plugin adds to them (a DSUC's
    # system, RE-SET-09: fixed placements come first), so the list the last question was made from serves the next
    # (asked.py)
    imperial = kept(game, frame)
    if imperial is None:
        marked = [s for s in sorted(data["systems"]) if board.is_imperial(game, s) and t.systems[s].fixed_loyalty is None]
        imperial = game.modify("starting-unit-systems", marked, faction="empire")
    keep(game, frame, imperial)
    options = imperial
    if t.units[unit].theater == "ground":  # ships go anywhere Imperial: no need to count what lacks ground units
        lacking = []
        for s in imperial:  # a plain loop, not a comprehension: a call fewer at every unit placed
            if not board.has_units(game, s, "empire", "ground"):
                lacking.append(s)
        # the ground units left number no more than the systems lacking one: the list to place is ground units
        # first (_ground_first), so that is whether the unit after that many is a ship, or there is none
        todo, n = frame["todo"], len(lacking)
        if lacking and (len(todo) <= n or t.units[todo[n]].theater != "ground"):
            options = lacking
    game.ask(decider(game, "empire", "admiral"), "place-starting-unit", _starting_options(game, unit, options),
             text(game, N_("Place a {unit}"), unit=unit))


def _starting_options(game, unit: str, systems: list[str]) -> list[dict]:
    """Placing ``unit`` in each of ``systems``: the same few lists at every unit placed (every Imperial system, or
    those lacking a ground unit), so each list is made once per rules, unit and systems, of options made once per
    rules, unit and system (the lists differ from game to game), and handed out as it is: like its options it is
    never changed (the kernel copies the options it is asked with into a list of its own)."""
    cache = game.rules.cache
    lists = cache.setdefault(_STARTING_LISTS, {})  # (unit, *systems) -> the options
    key = (unit, *systems)
    asked = lists.get(key)
    if asked is None:
        if len(lists) >= 1024:  # the lists differ from game to game: start afresh now and then
            lists.clear()
        made = cache.setdefault(_STARTING_OPTIONS, {}).setdefault(unit, {})  # unit -> system -> its option
        asked = lists[key] = []
        for s in systems:
            option = made.get(s)
            if option is None:
                option = made[s] = {"id": s, "label": label(game, s), "data": {"unit": unit}}
            asked.append(option)
    return asked


_STARTING_LISTS = "base.starting-unit-lists"
_STARTING_OPTIONS = "base.starting-unit-options"


def _log_placement(game, faction: str) -> None:
    placed = {
        where: units
        for where in sorted(game.state["data"]["units"])
        if (units := board.faction_units(game, where, faction))
    }
    game.log("starting-units", faction=faction, units=placed)


def _ground_first(game, units: list[str]) -> list[str]:
    t = tables(game)
    return sorted(units, key=lambda u: (t.units[u].theater != "ground", u))


def _rebel_units(game, frame) -> None:
    """RB-SET-10, RULINGS D-04 and D-11: on the Rebel Base space and/or in one Rebel or neutral system with no
    Imperial units. Loyalty is checked as well as units: Coruscant's printed loyalty (RB-LOY-06) gives it no
    starting unit (D-09), yet it is never a Rebel starting system."""
    data = game.state["data"]
    setup = the_setup(game).rebel
    admiral = decider(game, "rebel", "admiral")
    if "system" not in frame:
        if "choice" not in frame:
            free = [s for s, state in sorted(data["systems"].items())
                    if state["loyalty"] != "empire" and not board.has_units(game, s, "empire")]
            game.ask(admiral, "rebel-start-system",
                     [{"id": "none", "label": N_("Only the Rebel Base space")}, *named_options(game, free)],
                     N_("Choose the one system that may take starting units"))
            return
        frame["system"] = frame.pop("choice")["id"]
        frame["todo"] = _units_to_place(setup.units)
    if "choice" in frame:
        board.add_units(game, frame.pop("choice")["id"], frame["todo"].pop(0))
    if not frame["todo"]:
        _log_placement(game, "rebel")
        game.pop()
        return
    places = [BASE_SPACE] + ([frame["system"]] if frame["system"] != "none" else [])
    if len(places) == 1:
        for unit in frame["todo"]:
            board.add_units(game, BASE_SPACE, unit)
        _log_placement(game, "rebel")
        game.pop()
        return
    game.ask(admiral, "place-starting-unit", named_options(game, places),
             text(game, N_("Place a {unit}"), unit=frame["todo"][0]))


def _action_cards(game, frame) -> None:
    """RB-SET-11: two random starting action cards each; the other starting cards leave the game unseen."""
    for faction in FACTIONS:
        starting = secret(sorted(_copies(game, f"starting-actions-{faction}", lambda t: (
            a for a in t.actions.values() if a.faction == faction and a.starting))))
        game.shuffle(starting, f"starting-actions-{faction}")
        count = the_setup(game).faction(faction).starting_action_cards
        drawn = game.draw(starting, count)
        hand(game, faction, "actions").extend(drawn)
        game.log("drew-actions", faction=faction, count=len(drawn), cards=team_secret(game, drawn, faction))
    game.pop()


def _base_location(game, frame) -> None:
    """RB-SET-12: the Rebel (the General in team play) secretly picks a probe card for the base; the probe deck is
    then shuffled. The choice and its options are seen by the Rebel team only."""
    data = game.state["data"]
    t = tables(game)
    if "choice" not in frame:
        cards = sorted(deck(game, "probes"))
        game.ask(decider(game, "rebel", "general"), "choose-base",
                 [{"id": c, "label": label(game, t.probes[c])} for c in cards], N_("Choose the system of your hidden base"))
        return
    card = frame.pop("choice")["id"]
    deck(game, "probes").remove(card)
    data["base"] = team_secret(game, t.probes[card], "rebel")
    data["base_card"] = team_secret(game, card, "rebel")
    game.shuffle(data["decks"]["probes"], "probes")
    game.log("base-chosen", faction="rebel")
    game.pop()


def _hands(game, frame) -> None:
    """RB-SET-13: the four starting missions plus two drawn make the starting hand."""
    data = game.state["data"]
    for faction in FACTIONS:
        cards = list(data["starting_missions"][faction])
        cards += draw(game, f"missions-{faction}", the_setup(game).faction(faction).mission_draws)
        hand(game, faction, "missions").extend(cards)
        game.log("drew-missions", faction=faction, count=len(cards), cards=team_secret(game, cards, faction))
    game.pop()


def _finish(game, frame) -> None:
    """Setup done: subjugation now follows the units placed (RULINGS C-10), then round 1 begins."""
    data = game.state["data"]
    data["phase"] = "assignment"
    for system_id in sorted(data["systems"]):
        board.update_subjugation(game, system_id)
    game.log("setup-complete")
    game.replace("base.round")


STEPS = {
    "base.setup.board": _board,
    "base.setup.objectives": _objectives,
    "base.setup.action-decks": _action_decks,
    "base.setup.tactics": _tactics,
    "base.setup.missions": _missions,
    "base.setup.loyalty": _loyalty,
    "base.setup.empire-units": _empire_units,
    "base.setup.rebel-units": _rebel_units,
    "base.setup.action-cards": _action_cards,
    "base.setup.base-location": _base_location,
    "base.setup.hands": _hands,
    "base.setup.finish": _finish,
}
