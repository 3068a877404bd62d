"""The board's state and the rules that keep it consistent: units, leaders, loyalty, subjugation, destroyed
systems, the Rebel base and the moment-to-moment victory checks.

Layout of ``game.state["data"]`` kept by the base game (docs/base-state.md has the whole picture):

``units``      ``{location: {unit type: count}}``; a location is a system id or ``"rebel-base"`` (the Rebel Base
               space, public: only *which system* the base is in is secret)
``queue``      ``{faction: {"1": {unit: n}, "2": ..., "3": ...}}``, the build queues
``leaders``    ``{leader: {"at": where, "ring": None | "captured" | ...}}``; where is ``"pool"``, ``"supply"`` (not
               recruited), ``"gone"`` (out of the game), ``"mission"`` (on an assigned card) or a location;
               ``"detained": True`` while Detained keeps him on the board through the next Refresh step 1
``systems``    ``{system: {"loyalty": None | faction, "subjugated": bool, "sabotage": bool, "destroyed": bool}}``
``base``       secret (Rebel team only): the system holding the hidden base; ``base_revealed`` is public once found
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swrebellion.engine import peek, secret

from .tables import BASE_SPACE, OPPONENT, tables

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

    from .shapes import LeaderState, SystemState

# -- players and teams ----------------------------------------------------------------------------------------


def team(game: Game, faction: str) -> list[str]:
    """The player ids of a faction (one in a 2-player game, Admiral and General in team play, RB-TEAM-01)."""
    return game.state["data"]["teams"][faction]


def decider(game: Game, faction: str, role: str = "admiral") -> str:
    """Who decides a thing the rules give to a role (RB-TEAM-06); in a 2-player game, the faction's player."""
    return game.state["data"]["roles"][faction][role]


def leader_player(game, faction: str, leader_id: str | None) -> str:
    """The player who controls a leader (RB-TEAM-02, RS-LDR-08: blue leaders are the Admiral's, orange the
    General's); for no leader, the General (RS-ACT-14: a card picturing none may be used by either)."""
    role = tables(game).leaders[leader_id].role if leader_id else "general"
    return decider(game, faction, role)


def side_players(game, faction: str) -> list[str]:
    """The faction's players, Admiral first: one in a 2-player game (and for the lone side of 3 players)."""
    roles = game.state["data"]["roles"][faction]
    admiral, general = roles["admiral"], roles["general"]
    return [admiral] if admiral == general else [admiral, general]


def card_players(game, faction: str, leaders) -> list[str]:
    """Who may use an action card picturing ``leaders`` (RS-ACT-14): the players controlling them, or either
    teammate for a card picturing none."""
    players = side_players(game, faction)
    if len(players) == 1 or not leaders:  # one player for the side (a 2-player game): nobody's role to look up
        return players
    return list(dict.fromkeys(leader_player(game, faction, lid) for lid in leaders))


def team_secret(game: Game, value: Any, faction: str) -> dict[str, Any]:
    """A value only the faction's players may see (teammates share cards, RULINGS C-08)."""
    return secret(value, *team(game, faction))


def seats(game) -> list[tuple[str, str | None]]:
    """Command Phase seats in turn order (RS-CMD-09): one per faction in a 2-player game; in team play one per
    role, Admirals before Generals, Rebel first within each (RB-RND-03). The printed initiative numbers are not
    in our sources, so this order is our reading; the lone Rebel of a 3-player game holds both Rebel seats."""
    if len(game.state["players"]) == 2:
        return [("rebel", None), ("empire", None)]
    return [("rebel", "admiral"), ("empire", "admiral"), ("rebel", "general"), ("empire", "general")]


def seat_id(faction: str, role: str | None) -> str:
    return faction if role is None else f"{faction}-{role}"


def acting_role(game) -> str | None:
    """The team role taking the current Command Phase turn (None in a 2-player game or outside a turn)."""
    return game.state["data"].get("seat_role")


def controlled_by(game: Game, leader_id: str, role: str | None) -> bool:
    """In team play each player uses only the leaders of his colour (RB-TEAM-02, RS-LDR-08)."""
    return role is None or tables(game).leaders[leader_id].role == role


def faction_of_player(game, player: str) -> str:
    for faction, players in game.state["data"]["teams"].items():
        if player in players:
            return faction
    raise KeyError(player)


# -- units ----------------------------------------------------------------------------------------------------


def units_at(game: Game, location: str) -> dict[str, int]:
    """Every unit at a place (a system, a build-queue space, the Rebel Base space): ``{unit type: count}``."""
    return game.state["data"]["units"].get(location, {})


def faction_units(game: Game, location: str, faction: str, theater: str | None = None) -> dict[str, int]:
    """The side's units at the place (of one theater, when given): ``{unit type: count}``."""
    here = game.state["data"]["units"].get(location)
    found: dict[str, int] = {}
    if not here:  # most places hold no unit: no tables read
        return found
    printed = tables(game).unit_facts
    for unit, n in here.items():
        info = printed[unit]
        if info.faction == faction and (theater is None or info.theater == theater):
            found[unit] = n
    return found


def has_units(game: Game, location: str, faction: str, theater: str | None = None) -> bool:
    """Whether the place holds a unit of that side (and theater): asked thousands of times a game, so in C, as
    whether the side's unit types (``Tables.units_of``) and the place's are disjoint."""
    here = game.state["data"]["units"].get(location)
    if not here:  # most systems hold no unit: the answer without the tables
        return False
    return not tables(game).units_of.get((faction, theater), _NONE).isdisjoint(here)


_NONE: frozenset[str] = frozenset()  # the unit types of a side or theater that has none


def add_units(game: Game, location: str, unit: str, count: int = 1, check: bool = True) -> None:
    """Put units on the board. ``check=False``: the caller logs what happened first and then calls
    :func:`after_units_change` itself, so that the consequences (subjugation, a victory) follow the event that
    caused them in the log, and nothing is logged after ``game-over``."""
    if count <= 0:
        return
    here = game.state["data"]["units"].setdefault(location, {})
    here[unit] = here.get(unit, 0) + count
    if check:
        after_units_change(game, location)


def remove_units(game: Game, location: str, unit: str, count: int = 1, check: bool = True) -> None:
    """Take units off the board, back to the supply (RB-SUP), with no log of their own (the caller logs why);
    ``ValueError`` when fewer are there. ``check=False``: the caller runs the checks that follow a change of units
    itself."""
    here = game.state["data"]["units"][location]
    if here.get(unit, 0) < count:
        raise ValueError(f"cannot remove {count} {unit} from {location}: only {here.get(unit, 0)} there")
    here[unit] -= count
    if not here[unit]:
        del here[unit]
    if not here:
        del game.state["data"]["units"][location]
    if check:
        after_units_change(game, location)


def destroy_units(game: Game, location: str, unit: str, count: int = 1, cause: str = "") -> None:
    """Destroyed units go back to their owner's supply (RB-SUP); logged before their consequences."""
    remove_units(game, location, unit, count, check=False)
    game.log("destroyed", unit=unit, count=count, at=location, cause=cause)
    after_units_change(game, location)


def on_board(game, unit: str) -> int:
    found = 0
    for here in game.state["data"]["units"].values():
        if unit in here:
            found += here[unit]
    return found


def in_queue(game, unit: str) -> int:
    faction = tables(game).unit_facts[unit].faction
    found = 0
    for space in game.state["data"]["queue"][faction].values():
        if unit in space:
            found += space[unit]
    return found


def supply_left(game: Game, unit: str) -> int:
    """Miniatures of this type not on the board nor in the build queue (RB-SUP-01)."""
    return tables(game).unit_facts[unit].supply - on_board(game, unit) - in_queue(game, unit)


def queue_unit(game: Game, faction: str, unit: str, space: int, count: int = 1) -> None:
    """Put units on a space of the side's build queue (RB-BLD-04); they arrive when the space is reached."""
    queue = game.state["data"]["queue"][faction].setdefault(str(space), {})
    queue[unit] = queue.get(unit, 0) + count


def unqueue_unit(game: Game, faction: str, space: str, unit: str, cause: str) -> None:
    """Destroy one unit waiting on a build-queue space (it goes back to the supply, RB-SUP)."""
    here = game.state["data"]["queue"][faction][space]
    here[unit] -= 1
    if not here[unit]:
        del here[unit]
    game.log("destroyed", unit=unit, count=1, at="build queue", space=int(space), cause=cause)


def after_units_change(game, location: str) -> None:
    """Keep subjugation in step with Imperial ground units (RULINGS C-10), rescue the unguarded (RB-LDR-05) and check
    victory (RB-WIN-02)."""
    if location in game.state["data"]["systems"]:
        update_subjugation(game, location)
        rescue_if_unguarded(game, location)
    check_empire_victory(game)


# -- leaders --------------------------------------------------------------------------------------------------


def leader(game: Game, leader_id: str) -> LeaderState:
    """A leader's state: where he is (``at``), his ring (captured, lured, frozen), to read."""
    return game.state["data"]["leaders"][leader_id]


def place_leader(game: Game, leader_id: str, where: str) -> None:
    """Put a leader at ``where``: a system id, ``rebel-base``, ``pool`` or ``mission`` (on an assigned card). Nothing
    is logged: the caller logs why."""
    game.state["data"]["leaders"][leader_id]["at"] = where


def remove_leader(game: Game, leader_id: str) -> None:
    """Take a leader out of the game for good (``at`` becomes ``gone``). Nothing is logged: the caller logs why."""
    game.state["data"]["leaders"][leader_id]["at"] = "gone"


#: The ring Lure of the Dark Side puts on a captured Rebel leader: he serves the Empire from then on (RS-CAP-09).
LURE = "lure-of-the-dark-side"


def leader_faction(game: Game, leader_id: str) -> str:
    """The side a leader serves: his printed faction, or the Empire once lured to the Dark Side (RS-CAP-09)."""
    ring = game.state["data"]["leaders"][leader_id]["ring"]
    if ring is not None and ring == LURE:
        return "empire"
    return tables(game).leader_side[leader_id]


def leaders_at(game: Game, location: str, faction: str | None = None, captured: bool | None = None) -> list[str]:
    """The leaders at ``location`` (a place or a system), in id order; only those serving ``faction``
    (:func:`leader_faction`) and only those captured or free (:func:`is_captured`), when given. Asked about once a
    decision (pools, pinning, rescues): the Rebel's are looked for among those printed on his side (half of them
    all); the Empire's among every leader there, the Rebels lured to the Dark Side among them, in one pass."""
    leaders = game.state["data"]["leaders"]
    out = []
    if faction == "rebel":  # the Rebel's printed leaders, in id order, but for those lured away (RS-CAP-09)
        for lid in tables(game).leaders_of[faction]:  # the place alone is read of most
            info = leaders[lid]
            if info["at"] == location:
                ring = info["ring"]
                if ring is None or ring != LURE:
                    out.append(lid)
    else:  # every leader's place read once, without
        # lured_at's second pass for the Empire: the side of each found is told there (leader_faction written out)
        printed = tables(game).leader_side if faction is not None else None
        for lid, info in leaders.items():
            if info["at"] == location:
                if printed is not None:
                    ring = info["ring"]
                    if ("empire" if ring is not None and ring == LURE else printed[lid]) != faction:
                        continue
                out.append(lid)
        out.sort()
    if captured is not None and out:  # most places hold none of the side's leaders: nothing to filter
        kept = []
        for lid in out:
            if (leaders[lid]["ring"] in CAPTURED) == captured:
                kept.append(lid)
        return kept
    return out


def lured_at(game: Game, location: str) -> list[str]:
    """The Rebel leaders lured to the Dark Side (RS-CAP-09) at ``location``, in id order: the Empire's leaders there
    besides its own (:func:`leaders_at`). Seldom is any Rebel lured: a plain loop stops at the first lured one
    before the search."""
    leaders = game.state["data"]["leaders"]
    rebels = tables(game).leaders_of["rebel"]
    for lid in rebels:
        ring = leaders[lid]["ring"]
        if ring is not None and ring == LURE:
            return [lid for lid in rebels if leaders[lid]["ring"] == LURE and leaders[lid]["at"] == location]
    return []


def pool(game: Game, faction: str, spent: bool = False) -> list[str]:
    """The leaders in the side's leader pool who may be used, in id order; with ``spent``, also those a card spent
    until the next Refresh Phase (:func:`is_spent`), who are in the pool but cannot be assigned, oppose, activate or
    be moved from it (a limit on the pool's size counts them)."""
    found = leaders_at(game, "pool", faction)
    unusable = game.state["data"].get("spent")
    return [lid for lid in found if lid not in unusable] if unusable and not spent else found


def is_spent(game: Game, leader_id: str) -> bool:
    """A card made the leader unusable until the next Refresh Phase begins (``leader_effect``'s ``spent``): kept in
    ``data["spent"]``, cleared by ``refresh.refresh_step``."""
    return leader_id in game.state["data"].get("spent", ())


#: The rings of a captured leader: frozen in carbonite still counts as captured (RS-CAP-03).
CAPTURED = ("captured", "carbonite")


def is_captured(game: Game, leader_id: str) -> bool:
    """Captured, or frozen in carbonite, which still counts as captured (RS-CAP-03)."""
    ring = game.state["data"]["leaders"][leader_id]["ring"]
    return ring is not None and ring in CAPTURED


def pins(game, location: str, faction: str) -> bool:
    """A free leader of the same side holds that side's units in place (RB-MOV-10..12, RS-CAP-04), except one a card
    placed without that effect this round (``data["unpinned"]``: Public Support's Janus)."""
    free = leaders_at(game, location, faction, captured=False)
    if not free:  # the usual answer: no generator to make
        return False
    data = game.state["data"]
    unpinned = data.get("unpinned", {})
    return any(unpinned.get(lid) != data.get("round") for lid in free)


def best_tactics(game: Game, location: str, faction: str) -> dict[str, int]:
    """Best space and ground values among free leaders there (RS-CMB-07; captured leaders give none, RB-CMB-10)."""
    t = tables(game)
    best = {"space": 0, "ground": 0}
    for lid in leaders_at(game, location, faction, captured=False):
        best["space"] = max(best["space"], t.leaders[lid].tactics.space)
        best["ground"] = max(best["ground"], t.leaders[lid].tactics.ground)
    return best


def rescue(game: Game, leader_id: str, cause: str) -> None:
    """A rescued leader loses his ring and goes to the Rebel Base space, or the base's system once revealed
    (RB-LDR-04)."""
    info = leader(game, leader_id)
    info["ring"] = None
    info["at"] = rebel_base_location(game)
    game.log("rescued", leader=leader_id, to=info["at"], cause=cause)


def rescue_if_unguarded(game, location: str) -> None:
    """A captured leader in a system with no Imperial units is rescued at once (RB-LDR-05), in id order: asked
    after every change of units in a system, so the side's leaders are looked through here rather than listed by
    :func:`leaders_at` (a lured leader wears no captive's ring)."""
    if has_units(game, location, "empire"):
        return
    leaders = game.state["data"]["leaders"]
    for lid in tables(game).leaders_of["rebel"]:
        info = leaders[lid]
        if info["at"] == location and info["ring"] in CAPTURED:
            rescue(game, lid, "no Imperial units left")


# -- systems, loyalty, subjugation ----------------------------------------------------------------------------


def system(game: Game, system_id: str) -> SystemState:
    """A system's state (loyalty, subjugation, sabotage, destroyed ...), to read and change in place."""
    return game.state["data"]["systems"][system_id]


# The system tests below read the state directly rather than through system(): conditions ask them of every
# system, many times a decision.


def is_populous(game: Game, system_id: str) -> bool:
    """Populous unless destroyed (RB-DST-05)."""
    return system_id in tables(game).populous and not game.state["data"]["systems"][system_id]["destroyed"]


def is_remote(game: Game, system_id: str) -> bool:
    """A remote system: not populous, and not destroyed (RB-SYS, RB-DST-05)."""
    return system_id not in tables(game).populous and not game.state["data"]["systems"][system_id]["destroyed"]


def is_imperial(game: Game, system_id: str) -> bool:
    """Imperial loyalty or a subjugation marker (RS-SYS-01, RB-SUB-02)."""
    s = game.state["data"]["systems"][system_id]
    return s["loyalty"] == "empire" or s["subjugated"]


def is_rebel(game: Game, system_id: str) -> bool:
    """Rebel loyalty and no subjugation marker (RS-SYS-02, RB-SYS-07)."""
    s = game.state["data"]["systems"][system_id]
    return s["loyalty"] == "rebel" and not s["subjugated"]


def own_systems(game: Game, faction: str) -> list[str]:
    """The side's systems in id order (:func:`is_rebel` / :func:`is_imperial` written out over every system's state,
    RS-SYS-01/02): building and deploying start from them, and few systems are a side's own, so the other tests
    are asked of those alone."""
    found = []
    if faction == "rebel":
        for s, state in game.state["data"]["systems"].items():
            if state["loyalty"] == "rebel" and not state["subjugated"]:
                found.append(s)
    else:
        for s, state in game.state["data"]["systems"].items():
            if state["loyalty"] == "empire" or state["subjugated"]:
                found.append(s)
    found.sort()
    return found


def is_neutral(game: Game, system_id: str) -> bool:
    """No loyalty marker; a subjugated system without one is still neutral (RULINGS C-04, RS-SYS-03)."""
    return game.state["data"]["systems"][system_id]["loyalty"] is None


def can_hold_loyalty(game, system_id: str) -> bool:
    """Remote, destroyed and fixed-loyalty (Coruscant) systems never change loyalty (RB-LOY-06, RB-LOY-07)."""
    info = tables(game).systems[system_id]
    return is_populous(game, system_id) and info.fixed_loyalty is None


def gain_loyalty(game: Game, faction: str, system_id: str, amount: int = 1) -> None:
    """RB-LOY-02..05: against the opponent's marker, 1 loyalty neutralises and 2 flips; on a neutral system the
    marker goes down; in one's own system nothing changes (RS-LOY-04)."""
    if not can_hold_loyalty(game, system_id):
        game.log("loyalty-unchanged", faction=faction, system=system_id, reason="cannot change")
        return
    s = system(game, system_id)
    if s["loyalty"] == faction:  # RS-LOY-04: told as such, not as a change ("... is now loyal" when it was)
        game.log("loyalty-unchanged", faction=faction, system=system_id, reason="already loyal")
        return
    for _ in range(amount):
        if s["loyalty"] == faction:
            break
        if s["loyalty"] == OPPONENT[faction]:
            s["loyalty"] = None
        else:
            s["loyalty"] = faction
    game.log("loyalty", system=system_id, loyalty=s["loyalty"], gained_by=faction, amount=amount)
    update_subjugation(game, system_id)
    check_base_reveal(game)


def lose_loyalty(game: Game, faction: str, system_id: str) -> None:
    """Losing loyalty removes one's own marker; a system without it cannot lose it (RS-LOY-05, RB-SUB-10)."""
    s = system(game, system_id)
    if s["loyalty"] == faction and can_hold_loyalty(game, system_id):
        s["loyalty"] = None
        game.log("loyalty", system=system_id, loyalty=None, lost_by=faction)
        update_subjugation(game, system_id)


def update_subjugation(game, system_id: str) -> None:
    """RULINGS C-10: subjugated exactly while it holds an Imperial ground unit and has no Imperial loyalty
    (populous and not destroyed only, RB-SUB-11). Subjugation never changes loyalty (C-04)."""
    data = game.state["data"]
    if data["phase"] == "setup":
        return  # setup places subjugation markers before the units that hold them (RB-SET-08); see setup.finish
    s = system(game, system_id)
    should = (  # the loyalty first: a plain read, and it settles most Imperial systems
        s["loyalty"] != "empire"
        and is_populous(game, system_id)
        and has_units(game, system_id, "empire", "ground")
    )
    if should != s["subjugated"]:
        s["subjugated"] = should
        game.log("subjugation", system=system_id, subjugated=should)
    # Subjugation never reveals the base by itself: the ground units that cause it do, once the move or deployment
    # that brought them is over (check_base_reveal, RB-BAS-11).


def destroy_system(game: Game, system_id: str, cause: str) -> None:
    """RB-DST-01, RB-DST-03, RB-DST-05: marker placed, loyalty and sabotage gone, Rebel ground units destroyed,
    leaders unharmed. Imperial cargo beyond the ships' capacity (RB-DST-02) is a choice for the Empire: the calling
    step asks it, using :func:`cargo_surplus`."""
    s = system(game, system_id)
    s.update(destroyed=True, loyalty=None, subjugated=False, sabotage=False)
    game.log("system-destroyed", system=system_id, cause=cause)
    for unit, n in sorted(faction_units(game, system_id, "rebel", "ground").items()):
        destroy_units(game, system_id, unit, n, cause="system destroyed")
    check_empire_victory(game)


def cargo_surplus(game, location: str, faction: str) -> int:
    """Units needing transport beyond what the side's ships there can carry (RS-DST-05)."""
    t = tables(game)
    here = faction_units(game, location, faction)
    capacity = sum(t.units[u].transport_capacity * n for u, n in here.items() if t.units[u].is_ship)
    cargo = sum(n for u, n in here.items() if t.units[u].needs_transport)
    return max(0, cargo - capacity)


# -- the Rebel base ---------------------------------------------------------------------------------------------


def base_system(game: Game) -> str:
    """Where the base is (rules code sees through the secret; players' views do not)."""
    return peek(game.state["data"]["base"])


def base_revealed(game: Game) -> bool:
    """Whether the Rebel base has been revealed (RB-BAS-12)."""
    return game.state["data"]["base_revealed"] is not None


def rebel_base_location(game: Game) -> str:
    """Where things sent 'to the Rebel base' go: the space while hidden, the system once revealed (RB-BAS-13)."""
    return game.state["data"]["base_revealed"] or BASE_SPACE


def check_base_reveal(game: Game, voluntary: bool = False) -> None:
    """Imperial loyalty or ground units in the base's system force the reveal (RB-BAS-08); ships alone never do
    (RB-BAS-09). Every rule that brings Imperial ground units or loyalty somewhere calls this once it is done: an
    activation or a card's movement after all movement, before combat (RB-BAS-11); a deployment or a gain of units
    at once. Adding or removing units never calls it, so nothing is revealed in the middle of a movement."""
    data = game.state["data"]
    if data["base_revealed"] or data.get("base") is None:
        return
    where = base_system(game)  # read once: asked at every unit deployed
    if where is None:
        return
    forced = system(game, where)["loyalty"] == "empire" or has_units(game, where, "empire", "ground")
    if forced or voluntary:
        reveal_base(game, "voluntary" if voluntary and not forced else "forced")


def reveal_base(game: Game, how: str) -> None:
    """RB-BAS-12: the base card goes face up; units and leaders on the Rebel Base space move into the system."""
    data = game.state["data"]
    where = base_system(game)
    data["base_revealed"] = where
    data["base"] = where
    for unit, n in sorted(units_at(game, BASE_SPACE).items()):
        add_units(game, where, unit, n)  # arrive before leaving: no victory check may see the system without them
        remove_units(game, BASE_SPACE, unit, n)
    for lid in leaders_at(game, BASE_SPACE):
        leader(game, lid)["at"] = where
    game.log("base-revealed", system=where, how=how)
    check_empire_victory(game)


# -- reputation and victory -------------------------------------------------------------------------------------


def check_empire_victory(game) -> None:
    """RULINGS C-05: the revealed base's system holds Imperial units and no Rebel units, or the base's system is
    destroyed (revealed or not)."""
    data = game.state["data"]
    if game.over or data.get("phase") == "setup" or data.get("base") is None:
        return
    where = base_system(game)
    if where is None:
        return
    if system(game, where)["destroyed"]:
        game.end("empire", "the Rebel base's system was destroyed")
    elif data["base_revealed"] and has_units(game, where, "empire") and not has_units(game, where, "rebel"):
        game.end("empire", "the Empire holds the revealed Rebel base")


def change_reputation(game: Game, amount: int, cause: str) -> None:
    """RB-REP-03..05: the marker moves one space at a time; meeting the time marker wins at once (RB-WIN-01)."""
    data = game.state["data"]
    step = -1 if amount > 0 else 1
    for _ in range(abs(amount)):
        data["reputation"] += step
        if data["reputation"] <= data["time"]:
            data["reputation"] = data["time"]
            game.log("reputation", reputation=data["reputation"], cause=cause)
            game.end("rebel", "reputation reached the time marker")
            return
    game.log("reputation", reputation=data["reputation"], change=amount, cause=cause)


def queued(game: Game, faction: str) -> list[tuple[str, str]]:
    """(queue space, unit type) for each unit type waiting on each space of the side's build queue, space 1 first."""
    return sorted((space, unit) for space, units in game.state["data"]["queue"][faction].items()
                  for unit, n in units.items() if n)
