"""The Refresh Phase (RB-REF-01..13, FAQ-86): recruiting (RB-REC), building (RB-BLD, RS-BLD), deploying (RS-DEP),
probe droids (RB-PRB) and the supply limits (RB-SUP).

Each part is its own step, ``base.refresh.<part>``, so that an expansion can override one part alone:

0. ``objective``         the Rebel may play one start-of-Refresh objective, and only now (RB-REF-02, RB-OBJ-06);
1. ``retrieve-leaders``  leaders on the board and on mission cards go back to the pool (RB-REF-03, RS-LDR-04);
2. ``draw-missions``     2 missions each, then discard down to 10 (RB-REF-04..07, RB-MIS-27);
3. ``probes``            the Empire draws 2 probe cards (RB-REF-08, RB-PRB-03);
4. ``draw-objective``    the Rebel draws 1 objective (RB-REF-09);
5. ``advance-time``      the time marker moves on; then ``recruit`` and ``build`` if the new space shows their icons
                         (RB-REF-10, RS-TIME-03..05);
6. ``deploy``            build queues move down, Rebel first, and ready units deploy (RB-REF-12, RS-DEP).

Who decides follows RB-TEAM-06: the General discards missions and plays objectives, the Admiral recruits, builds
and deploys.
"""

from __future__ import annotations

from swrebellion.engine import peek
from swrebellion.i18n import N_

from .. import board
from ..board import decider, team_secret
from ..cards import deck, discard, draw, hand
from ..names import label, named_options, ntext, text
from ..rules import objectives
from ..rules.leaders import recruitable
from ..tables import BASE_SPACE, DEATH_STAR, DEPLOY_LIMIT, DSUC, FACTIONS, OPPONENT, tables, the_setup
from .missions import return_unrevealed

PARTS = [
    "base.refresh.objective",
    "base.refresh.retrieve-leaders",
    "base.refresh.draw-missions",
    "base.refresh.probes",
    "base.refresh.draw-objective",
    "base.refresh.advance-time",
    "base.refresh.deploy",
]
HAND_LIMIT = 10  # RB-REF-04
MISSION_DRAWS = 2  # RB-REF-04
PROBE_DRAWS = 2  # RB-PRB-03
ACTION_DRAWS = 2  # RB-REC-02


def refresh_step(game, frame) -> None:
    """RB-REF-01: the parts in order (FAQ-86), each after its moment (``refresh.<part>``). Leaders a card spent
    until this Refresh Phase (``board.is_spent``) may be used again from now on."""
    game.pop()
    spent = game.state["data"].pop("spent", None)
    if spent:
        game.log("leaders-ready", leaders=sorted(spent))
    for part in reversed(PARTS):
        push_part(game, part)


def push_part(game, part: str) -> None:
    """A Refresh step, with its moment (``base.refresh.build`` -> ``refresh.build``) reached just before it."""
    game.push(part)
    game.moment(part.removeprefix("base."))


# -- 0. start-of-Refresh objective -----------------------------------------------------------------------------


def objective_step(game, frame) -> None:
    """RB-REF-02, RB-OBJ-06, FAQ-77: one objective 'at the start of the Refresh Phase', before step 1 and never
    later. Asked whenever the Rebel holds an objective (the hand size is public), so that being asked tells the
    Empire nothing about whether one can be played; declining is always possible (RB-OBJ-08)."""
    if objectives.answered(game, frame):
        return
    if not hand(game, "rebel", "objectives"):
        game.pop()
        return
    options = objectives.options(game, "start-of-refresh")
    options.append({"id": "pass", "label": N_("Play no objective")})
    game.ask(decider(game, "rebel", "general"), "refresh-objective", options,
             N_("Play an objective at the start of the Refresh Phase?"))


# -- 1. retrieve leaders ---------------------------------------------------------------------------------------


def retrieve_leaders_step(game, frame) -> None:
    """RB-REF-03, RS-LDR-04: unrevealed mission cards go back to hand with their leaders (RB-ASG-03, via
    ``missions.return_unrevealed``); every other leader on the board returns to the pool, except captured ones,
    who stay where they are held (RS-LDR-04), and a leader Detained this round, who stays this once (card effect,
    ``leader_effect`` with ``kind: detained``)."""

    return_unrevealed(game)
    returned = []
    for lid, info in game.state["data"]["leaders"].items():
        if "detained" in info and info.pop("detained"):  # seldom there: no call for the others
            game.log("leader-detained", leader=lid, at=info["at"])  # Detained: he stays this once (card effect)
            continue
        if info["at"] not in ("pool", "supply", "gone") and not board.is_captured(game, lid):
            info["at"] = "pool"
            returned.append(lid)
    game.log("leaders-retrieved", leaders=sorted(returned))
    game.pop()


# -- 2. draw missions, hand limit -------------------------------------------------------------------------------


def _discardable(game, cards: list[str]) -> list[str]:
    """Starting missions are never discarded (RB-MIS-27, RB-REF-05, FAQ-25); projects may be (they count). The
    starting missions are listed once per rules, so a set difference leaves them out (no printed card read for each
    card in hand at each card discarded)."""
    try:
        starting = game.rules.cache[_STARTING]
    except KeyError:
        starting = game.rules.cache[_STARTING] = frozenset(
            c for c, info in tables(game).missions.items() if info.deck == "starting")
    return sorted(set(cards).difference(starting))


_STARTING = "base.starting-missions"


def _mission_pile(game, faction: str, card: str) -> str:
    return "projects" if tables(game).missions[card].deck == "project" else f"missions-{faction}"


def draw_missions_step(game, frame) -> None:
    """RB-REF-04..07: each player draws 2 missions (an empty deck is refilled from its discards, RB-SUP-05), then
    whoever holds more than 10 mission cards discards down to 10, one card at a time, chosen by the General. Only
    mission cards count: projects do, objectives do not (RB-REF-05, RB-OBJ-11, FAQ-80). Going over the limit
    earlier in the round never forces a discard (RB-REF-06, FAQ-85): this is the only place that checks it."""
    if "drawn" not in frame:
        frame["drawn"] = True
        for faction in FACTIONS:
            cards = draw(game, f"missions-{faction}", MISSION_DRAWS)
            hand(game, faction, "missions").extend(cards)
            game.log("drew-missions", faction=faction, count=len(cards), cards=team_secret(game, cards, faction))
    if "choice" in frame:
        faction, card = frame.pop("faction"), frame.pop("choice")["id"]
        hand(game, faction, "missions").remove(card)
        discard(game, _mission_pile(game, faction, card), card)
        game.log("mission-discarded", faction=faction, card=card, cause="hand limit")
    for faction in FACTIONS:
        cards = hand(game, faction, "missions")
        excess = len(cards) - HAND_LIMIT
        choices = _discardable(game, cards) if excess > 0 else []
        if choices:
            frame["faction"] = faction
            game.ask(decider(game, faction, "general"), "discard-mission", named_options(game, choices),
                     ntext(game, "Discard down to {limit} mission cards ({n} to go)",
                           "Discard down to {limit} mission cards ({n} to go)", excess, limit=HAND_LIMIT))
            return
    game.pop()


# -- 3. probe droids, 4. objective -------------------------------------------------------------------------------


def probes_step(game, frame) -> None:
    """RB-REF-08, RB-PRB-03/04: the Empire (its General) draws 2 probe cards and keeps them secret from the Rebel
    (RS-PRB-01). An empty deck gives nothing: drawn probe cards are never discarded, so nothing refills it
    (RS-PRB-05; ``cards.NO_REFILL``)."""
    cards = draw(game, "probes", PROBE_DRAWS)
    hand(game, "empire", "probes").extend(cards)
    game.log("drew-probes", faction="empire", count=len(cards), cards=team_secret(game, cards, "empire"))
    game.pop()


def draw_objective_step(game, frame) -> None:
    """RB-REF-09, RB-OBJ-01: the Rebel draws 1 objective."""
    objectives.draw(game, 1)
    game.pop()


# -- 5. time, recruit, build -------------------------------------------------------------------------------------


def time_icons(game, space: int) -> list[str]:
    """The icons printed on a time-track space (RS-TIME-03/04), from the content's time track."""
    track = tables(game).time_tracks[the_setup(game).time_track]
    return next((list(s.icons) for s in track.spaces if s.space == space), [])


def advance_time_step(game, frame) -> None:
    """RB-REF-10/13, RB-REP-02: the time marker moves one space; meeting the reputation marker wins for the Rebel
    at once (RB-WIN-01, RS-WIN-01). Then recruiting, then building, if the new space shows those icons
    (RS-TIME-05)."""
    data = game.state["data"]
    game.pop()
    data["time"] += 1
    game.log("time", time=data["time"])
    if data["time"] >= data["reputation"]:
        game.end("rebel", "the time marker reached the reputation marker")
        return
    icons = time_icons(game, data["time"])
    if "build" in icons:
        push_part(game, "base.refresh.build")
    if "recruit" in icons:
        push_part(game, "base.refresh.recruit")


# -- recruitment --------------------------------------------------------------------------------------------------


def card_leaders(game, card: str) -> list[str]:
    """The leaders on an action card that its keeper may recruit: those pictured, plus any it names (RB-REC-02)."""
    return list(_recruits(game)[card])


def _recruits(game) -> dict[str, tuple[str, ...]]:
    """:func:`card_leaders` of every action card, read once per rules (not from the printed cards at every card
    drawn to recruit)."""
    try:
        return game.rules.cache[_RECRUITS]  # type: ignore[no-any-return]
    except KeyError:
        found = {card: (*info.leaders, *info.recruits) for card, info in tables(game).actions.items()}
        return game.rules.cache.setdefault(_RECRUITS, found)  # type: ignore[no-any-return]


_RECRUITS = "base.card-recruits"


def recruit_step(game, frame) -> None:
    """RB-REC-01..10: each Admiral draws 2 action cards (RB-REC-02, RB-REC-10). If no drawn card shows a leader who
    can be recruited, he may draw more, one at a time (RB-REC-08, FAQ-88). Both then choose at the same time, in
    secret, which leader to recruit, or to recruit nobody (RB-REC-05, RB-REC-09); the choices are revealed together
    and the Rebel's is announced first. The kept card joins the hand face down (RB-REC-03); the others go unrevealed
    to the bottom of the action deck (RB-REC-04). Only the leader is public: when several drawn cards fit the
    choice, which one is kept is a second, private decision."""
    stage = frame.setdefault("stage", "draw")
    if stage == "draw":
        frame["drawn"] = {}
        for faction in FACTIONS:
            frame["drawn"][faction] = team_secret(game, [], faction)
            _draw_actions(game, frame, faction, ACTION_DRAWS)
        frame["stage"], frame["more"] = "more", [f for f in FACTIONS if _drawn(frame, f)]
    if frame["stage"] == "more" and _draw_more(game, frame):
        return
    if frame["stage"] == "choose" and _choose_leaders(game, frame):
        return
    if frame["stage"] == "keep" and _keep_cards(game, frame):
        return
    game.pop()


def _drawn(frame, faction: str) -> list[str]:
    return peek(frame["drawn"][faction])


def _draw_actions(game, frame, faction: str, count: int) -> None:
    cards = draw(game, f"actions-{faction}", count)
    _drawn(frame, faction).extend(cards)
    game.log("drew-actions", faction=faction, count=len(cards), cards=team_secret(game, cards, faction),
             purpose="recruit")


def _draw_more(game, frame) -> bool:
    """RB-REC-08: while every leader on a player's drawn cards is already in play, he may draw one more card."""
    if "more_choice" in frame:
        faction = frame["more"][0]
        if frame.pop("more_choice")["id"] == "draw":
            _draw_actions(game, frame, faction, 1)
        else:
            frame["more"].pop(0)
    while frame["more"]:
        faction = frame["more"][0]
        name = f"actions-{faction}"
        can_draw = deck(game, name) or game.state["data"]["discards"].get(name)  # refilled when empty, RB-SUP-05
        if can_draw and not _recruit_choices(game, _drawn(frame, faction)):
            game.ask(decider(game, faction, "admiral"), "recruit-draw-more",
                     [{"id": "draw", "label": N_("Draw another action card")},
                      {"id": "stop", "label": N_("Keep one of the drawn cards")}],
                     N_("Every leader on your drawn cards is already in play"), key="more_choice")
            return True
        frame["more"].pop(0)
    frame["stage"] = "choose"
    return False


def _recruit_choices(game, cards: list[str]) -> list[str]:
    """The leaders on the drawn cards who can be recruited (RB-REC-06/07), each tested once."""
    pictured = {lid for card in cards for lid in card_leaders(game, card)}
    return sorted([lid for lid in pictured if recruitable(game, lid)])


def _choose_leaders(game, frame) -> bool:
    """RB-REC-05: the secret simultaneous choice (only for players with a real choice), then the announcement."""
    data = game.state["data"]
    if "choices" not in frame:
        asks = []
        for faction in FACTIONS:
            leaders = _recruit_choices(game, _drawn(frame, faction))
            if leaders:
                options = [{"id": lid, "label": text(game, N_("Recruit {leader}"), leader=lid)} for lid in leaders]
                options.append({"id": "none", "label": N_("Keep a card and recruit nobody")})
                asks.append((decider(game, faction, "admiral"), "recruit", options, N_("Recruit a leader")))
        frame["choices"] = {}
        if asks:
            game.ask_simultaneous(asks)
            return True
    frame["recruit"] = []
    for faction in FACTIONS:  # the Rebel announces first
        if not _drawn(frame, faction):
            continue
        answer = frame["choices"].get(decider(game, faction, "admiral"))
        leader = answer["id"] if answer else "none"
        frame["recruit"].append([faction, leader])
        if leader != "none":
            data["leaders"][leader]["at"] = "pool"
            game.log("recruited", faction=faction, leader=leader)
    frame["stage"] = "keep"
    return False


def _keep_cards(game, frame) -> bool:
    """Which drawn card is kept: one picturing the recruited leader, or any card when nobody was recruited."""
    if "card_choice" in frame:
        _keep(game, frame, frame.pop("card_choice")["id"])
    while frame["recruit"]:
        faction, leader = frame["recruit"][0]
        fits = sorted({c for c in _drawn(frame, faction) if leader == "none" or leader in card_leaders(game, c)})
        if len(fits) > 1:
            game.ask(decider(game, faction, "admiral"), "keep-action-card",
                     [{"id": c, "label": label(game, c)} for c in fits], N_("Keep which action card?"),
                     key="card_choice")
            return True
        _keep(game, frame, fits[0])
    return False


def _keep(game, frame, card: str) -> None:
    faction, _ = frame["recruit"].pop(0)
    drawn = _drawn(frame, faction)
    drawn.remove(card)
    hand(game, faction, "actions").append(card)
    deck(game, f"actions-{faction}").extend(drawn)
    game.log("kept-action", faction=faction, card=team_secret(game, card, faction), to_bottom=len(drawn))
    drawn.clear()


# -- building -----------------------------------------------------------------------------------------------------


def base_space_builds(game) -> bool:
    """RS-BLD-06, RB-BAS-14, FAQ-64: the Rebel Base space's icons work while the base is hidden, and after the
    reveal until the base's system holds an Imperial unit or Imperial loyalty."""
    if not board.base_revealed(game):
        return True
    where = board.base_system(game)
    return board.system(game, where)["loyalty"] != "empire" and not board.has_units(game, where, "empire")


def build_icons(game, faction: str, system_id: str) -> list[str]:
    """The resource icons a faction builds from in a system (RB-BLD-03, RS-BLD-02, RB-SUB-05, FAQ-91): every icon
    of its loyal systems, only the leftmost of a system the Empire subjugated (RULINGS C-04: a subjugated system
    is Imperial for building, so a Rebel marker under it builds nothing for the Rebel). None in a system with a
    sabotage marker (RB-SAB-02, RB-SAB-06) or holding any opposing unit (RS-BLD-05, RULINGS D-05), nor in a remote
    or destroyed one (RB-SYS-05). Cards that count a system's icons use all of them (RB-SYS-10, FAQ-104). Asked of
    every system for each side at each build step: the side's loyalty is tested first, as few systems are its own."""
    resources = tables(game).systems[system_id].resources
    state = board.system(game, system_id)
    if faction == "rebel":
        icons = resources if board.is_rebel(game, system_id) else ()
    elif state["loyalty"] == "empire":
        icons = resources
    else:
        icons = resources[:1] if state["subjugated"] else ()
    if (not icons or not board.is_populous(game, system_id) or state["sabotage"]
            or board.has_units(game, system_id, OPPONENT[faction])):
        return []
    return list(icons)


def build_sources(game, faction: str) -> list[list]:
    """Every ``[source, icon, queue space]`` a faction builds from: its systems, and for the Rebel the Rebel Base
    space's icons onto its own queue space (RS-BLD-06). Only the side's own systems can give it icons (a subjugated
    one is Imperial, RULINGS C-04), and few systems are: the others are passed over before :func:`build_icons`."""
    t = tables(game)
    todo = [[s, icon, t.systems[s].build_queue]
            for s in board.own_systems(game, faction) for icon in build_icons(game, faction, s)]
    if faction == "rebel" and base_space_builds(game):
        spec = the_setup(game).rebel_base
        todo += [[BASE_SPACE, icon, spec.build_queue] for icon in spec.resources]
    return todo


def unit_options(game, faction: str, icon: str) -> list[dict]:
    """What one icon can build (RS-BLD-02/03): each unit of that icon still in the supply (RB-SUP-01), and for a
    type with none left, destroying one of one's own on the board to build it (RB-REF-11, RB-SUP-02, RS-SUP-02/03,
    FAQ-95). Units without a build icon (Death Star, RS-DS-09, RS-BLD-04) never appear here."""
    options = []
    try:
        made = game.rules.cache[_MADE_OPTIONS]
    except KeyError:
        made = {}
    for unit in tables(game).builds[faction].get(icon, ()):
        if board.supply_left(game, unit) > 0:
            kind = "build"
        elif board.on_board(game, unit):
            kind = "free"
        else:
            continue
        option = made.get((kind, unit))
        options.append(option if option is not None else _made_option(game, kind, unit))
    return options


#: The labels of the options building a unit (``build:x-wing``) or destroying one to build it (``free:x-wing``).
_BUILD_LABELS = {"build": N_("Build a {unit}"), "free": N_("Destroy a {unit} on the board to build one")}


def _made_option(game, kind: str, thing: str) -> dict:
    """An option of the Refresh Phase: building (``build:x-wing``, ``free:x-wing``), or deploying to a place (the
    place's id itself). The same few dozen at every Refresh Phase: each is made once per rules and handed out again
    (never changed, as :func:`~..names.named_options` says)."""
    try:
        made = game.rules.cache[_MADE_OPTIONS]
    except KeyError:
        made = game.rules.cache[_MADE_OPTIONS] = {}
    option = made.get((kind, thing))
    if option is None:
        if kind == "deploy":
            option = {"id": thing, "label": text(game, N_("Deploy to {system}"), system=thing), "data": None}
        else:
            option = {"id": f"{kind}:{thing}", "label": text(game, _BUILD_LABELS[kind], unit=thing), "data": {"unit": thing}}
        made[(kind, thing)] = option
    return option


_MADE_OPTIONS = "base.refresh-options"


def _can_build(game, faction: str, icon: str) -> bool:
    """Whether :func:`unit_options` offers anything for the icon (without making the options' labels)."""
    for unit in tables(game).builds[faction].get(icon, ()):
        if board.supply_left(game, unit) > 0 or board.on_board(game, unit):
            return True
    return False


def build_step(game, frame) -> None:
    """RB-BLD-02..06, RS-BLD-01..10: both players build, the Rebel's choices first (RS-BLD-10), the Admiral
    deciding (RB-BLD-06). A player first says whether he builds everything his icons give or goes icon by icon,
    since he may build fewer units than his icons allow (RS-BLD-07); either way he is asked only where there is a
    real choice. Each unit goes onto the build-queue space printed beside its system's icons (RB-BLD-04)."""
    if "todo" not in frame:
        frame["factions"], frame["todo"] = list(FACTIONS), []
    if "choice" in frame:
        _build_choice(game, frame, frame.pop("choice"))
    while True:
        if "free_unit" in frame:
            if _free_location(game, frame):
                return
            continue
        if not frame["todo"]:
            if not frame["factions"]:
                game.pop()
                return
            faction = frame["faction"] = frame["factions"].pop(0)
            frame["todo"] = build_sources(game, faction)
            frame.pop("mode", None)
            continue
        faction = frame["faction"]
        if "mode" not in frame:
            if not any(_can_build(game, faction, icon) for icon in {icon for _, icon, _ in frame["todo"]}):
                game.log("build-blocked", faction=faction, icons=len(frame["todo"]))
                frame["todo"] = []
                continue
            game.ask(decider(game, faction, "admiral"), "build-mode",
                     [{"id": "all", "label": ntext(game, "Build for all {n} resource icons",
                                                   "Build for all {n} resource icons", len(frame["todo"]))},
                      {"id": "choose", "label": N_("Go icon by icon (some may be skipped)")}],
                     N_("Building"))  # RB-BLD-03
            return
        source, icon, space = frame["todo"][0]
        options = unit_options(game, faction, icon)
        if not options:
            frame["todo"].pop(0)
            game.log("build-blocked", faction=faction, at=source, icon=icon)
            continue
        if frame["mode"] == "all" and len(options) == 1 and options[0]["id"].startswith("build:"):
            frame["todo"].pop(0)
            _build(game, faction, options[0]["data"]["unit"], source, space)
            continue
        options.append(_SKIP)
        game.ask(decider(game, faction, "admiral"), "build-unit", options,
                 text(game, _BUILD_PROMPT, icon=icon, system=source))
        return


#: The question for one icon (marked once here, not at every question).
_BUILD_PROMPT = N_("Build for the {icon} icon of {system}")
#: Building nothing for an icon: one option dict for every question (never changed, as :func:`_made_option` says).
_SKIP = {"id": "skip", "label": N_("Build nothing for this icon"), "data": None}


def _build_choice(game, frame, choice: dict) -> None:
    if "mode" not in frame:
        frame["mode"] = choice["id"]
        return
    if "free_unit" in frame:
        frame["free_at"] = choice["id"]
        return
    source, icon, space = frame["todo"].pop(0)
    kind, _, unit = choice["id"].partition(":")
    if kind == "build":
        _build(game, frame["faction"], unit, source, space)
    elif kind == "free":
        frame["free_unit"] = [unit, source, space]


def _free_location(game, frame) -> bool:
    """Destroy one unit of the exhausted type (where, if several places hold one, is the player's choice), then
    build it (RS-SUP-02)."""
    unit, source, space = frame["free_unit"]
    places = sorted([loc for loc, here in game.state["data"]["units"].items() if here.get(unit)])
    where = frame.pop("free_at", None) or (places[0] if len(places) == 1 else None)
    if where is None:
        game.ask(decider(game, frame["faction"], "admiral"), "free-unit",
                 [{"id": p, "label": label(game, p)} for p in places], text(game, N_("Destroy which {unit}?"), unit=unit))
        return True
    del frame["free_unit"]
    board.destroy_units(game, where, unit, 1, cause="returned to the supply to build (RB-REF-11)")
    _build(game, frame["faction"], unit, source, space)
    return False


def _build(game, faction: str, unit: str, source: str, space: int) -> None:
    board.queue_unit(game, faction, unit, space)
    game.log("built", faction=faction, unit=unit, at=source, space=space)


# -- deploying ----------------------------------------------------------------------------------------------------


def deploy_systems(game, faction: str) -> list[str]:
    """RS-DEP-02/03, RB-BLD-07, RULINGS 'Deploying': systems loyal to the faction (Empire: or subjugated), populous
    (never remote, RB-SYS-05, FAQ-94), with no sabotage marker and no opposing unit. The revealed base's system is
    thereby a target only while it is Rebel-loyal with no Imperial unit (RS-DEP-07, RULINGS D-05)."""
    opponent = OPPONENT[faction]
    found = []
    for s in board.own_systems(game, faction):  # few systems are the side's own: only they are tested further
        if (board.is_populous(game, s) and not board.system(game, s)["sabotage"]
                and not board.has_units(game, s, opponent)):
            found.append(s)
    return found


def dsuc_system(game) -> str | None:
    for location, here in game.state["data"]["units"].items():
        if here.get(DSUC):
            return location
    return None


def deploy_targets(game, faction: str, unit: str, placed: dict[str, int], legal: list[str] | None = None) -> list[str]:
    """Where one ready unit may go now, at most 2 units into any one place this phase (RS-DEP-04). A Death Star
    goes only into the system of the Death Star Under Construction, whatever else is there (RS-DSU-02, RS-DEP-08).
    The Rebel Base space takes units only while the base is hidden (RB-BLD-07, RB-BAS-13, RS-DEP-07). Expansions
    add places through ``game.modify("deploy-targets", ...)`` (the Shield Bunker). ``legal`` is
    :func:`deploy_systems`, when the caller already has it."""
    if unit == DEATH_STAR:
        targets = [s for s in [dsuc_system(game)] if s]
    else:
        targets = list(deploy_systems(game, faction) if legal is None else legal)
        if faction == "rebel" and not board.base_revealed(game):
            targets.append(BASE_SPACE)
    targets = game.modify("deploy-targets", targets, faction=faction, unit=unit)
    if unit == DEATH_STAR or max(placed.values(), default=0) < DEPLOY_LIMIT:  # no place full yet: nothing to leave out
        return targets
    return [t for t in targets if placed.get(t, 0) < DEPLOY_LIMIT]


def _advance_queue(game, faction: str) -> list[str]:
    """RB-BLD-05, RB-REF-12, FAQ-92: every unit moves down one space; those leaving space 1 are ready."""
    queue = game.state["data"]["queue"][faction]
    ready = queue.get("1", {})
    queue["1"], queue["2"], queue["3"] = queue.get("2", {}), queue.get("3", {}), {}
    game.log("queue-advanced", faction=faction, ready=dict(sorted(ready.items())))
    return [unit for unit in sorted(ready) for _ in range(ready[unit])]


def deploy_step(game, frame) -> None:
    """RB-REF-12, RS-DEP-01..09: the Rebel moves his queue and deploys first, then the Empire (RS-DEP-06;
    ``game.modify("deploy-order", ...)`` may change it). The Admiral places each ready unit (RB-BLD-06); a unit
    with nowhere to go, or that he keeps back, returns to space 1 (RS-DEP-05, RULINGS D-05)."""
    if "order" not in frame:
        frame["order"] = list(game.modify("deploy-order", list(FACTIONS)))
        frame["ready"] = []
    if "choice" in frame:
        _place(game, frame, frame.pop("choice")["id"])
    while True:
        if not frame["ready"]:
            if not frame["order"]:
                game.pop()
                return
            frame["faction"] = frame["order"].pop(0)
            frame["ready"] = _advance_queue(game, frame["faction"])
            frame["placed"] = {}
            # one's own deployments never change where one may deploy: computed once per player
            frame["legal"] = deploy_systems(game, frame["faction"]) if frame["ready"] else []
            continue
        faction, unit = frame["faction"], frame["ready"][0]
        if unit == DEATH_STAR and dsuc_system(game) is None:
            frame["ready"].pop(0)  # RS-DSU-03: it went with the Death Star Under Construction
            game.log("destroyed", unit=unit, count=1, at="build queue", cause="no Death Star Under Construction")
            continue
        targets = deploy_targets(game, faction, unit, frame["placed"], frame["legal"])
        if not targets:
            _place(game, frame, "queue")
            continue
        game.ask(decider(game, faction, "admiral"), "deploy-unit", _deploy_options(game, targets),
                 text(game, _DEPLOY_PROMPT, unit=unit))
        return


#: The question for each ready unit (marked once here, not at every question).
_DEPLOY_PROMPT = N_("Deploy a {unit}")


def _deploy_options(game, targets: list[str]) -> list[dict]:
    """Deploying to each target, or keeping the unit on space 1: the same lists come back at every unit deployed,
    so each list is made once per rules and targets, of the options :func:`_made_option` keeps, and handed out
    as it is: like its options it is never changed (the kernel copies the options it is asked with into a list of
    its own)."""
    try:
        made = game.rules.cache[_DEPLOY_OPTIONS]
    except KeyError:
        made = game.rules.cache[_DEPLOY_OPTIONS] = {}
    key = tuple(targets)
    options = made.get(key)
    if options is None:
        if len(made) >= 1024:  # plugins could vary the targets endlessly: start afresh
            made.clear()
        options = made[key] = [_made_option(game, "deploy", target) for target in targets]
        options.append({"id": "queue", "label": N_("Keep it on build-queue space 1"), "data": None})
    return options


_DEPLOY_OPTIONS = "base.deploy-options"


def _place(game, frame, target: str) -> None:
    faction, unit = frame["faction"], frame["ready"].pop(0)
    if target == "queue":
        board.queue_unit(game, faction, unit, 1)
        game.log("not-deployed", faction=faction, unit=unit)
        return
    if unit == DEATH_STAR:
        board.remove_units(game, target, DSUC)
    frame["placed"][target] = frame["placed"].get(target, 0) + 1
    board.add_units(game, target, unit, check=False)
    game.log("deployed", faction=faction, unit=unit, to=target)
    board.after_units_change(game, target)
    board.check_base_reveal(game)  # RB-BAS-08: a deployed ground unit reveals the base at once


STEPS = {
    "base.refresh": refresh_step,
    "base.refresh.objective": objective_step,
    "base.refresh.retrieve-leaders": retrieve_leaders_step,
    "base.refresh.draw-missions": draw_missions_step,
    "base.refresh.probes": probes_step,
    "base.refresh.draw-objective": draw_objective_step,
    "base.refresh.advance-time": advance_time_step,
    "base.refresh.recruit": recruit_step,
    "base.refresh.build": build_step,
    "base.refresh.deploy": deploy_step,
}
