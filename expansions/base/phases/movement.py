"""Activating a system and moving units into it (RB-MOV-01..17, RULINGS C-02, RS-CMD-05/06, RS-MOV-01/02), the
Rebel Base space (RB-BAS-05..07, RB-BAS-13), the base reveal after movement (RB-BAS-08/09/11, RS-CMB-02) and the
combat that follows (RB-MOV-02, RB-CMB-01/02).

An activation is one Command Phase action (RB-CMD-01). The step ``base.activate`` runs it in small decisions:

1. the leader: one from the pool with tactic values (RB-MOV-13) goes to the activated system, which may hold leaders
   of either side already (RS-CMD-06); asked only when there is a real choice;
2. the movement: pick a source system (every adjacent one, C-02, RB-MOV-03; the Rebel Base space when the hidden
   base is in or next to the target, RB-BAS-05) or ``done``; then build that source's group one unit type at a time
   (``unit:X`` one more, ``all:X`` as many as fit, ``everything`` when all of it fits) and ``done``. A source a
   free leader of the mover's side stands in is pinned (RB-MOV-10..12, RS-MOV-01/02; captured leaders pin nothing,
   RS-CAP-04). Units needing transport (ground units, TIE Fighters: RB-MOV-06..08, RS-UNT-02) only fill the free
   capacity of ships chosen from the same source; immobile units never move (RB-MOV-09); captured Rebel leaders
   ride with Imperial ships without using capacity (RB-MOV-16, RS-CAP-05). Each source is used once, so a unit
   moves at most once per activation. Moving nothing is allowed (RS-CMD-05);
3. the base reveal (RB-BAS-11) and the combat, if both sides now share a theater (RB-CMB-02, FAQ-38).

Activating the Rebel Base space (RB-BAS-06) moves units onto it from the base's system and the systems next to it.

Rise of the Empire and cards change movement through ``game.modify``: ``"activation-targets"`` (the systems a
faction may activate), ``"movement-sources"`` (where units may come from), ``"needs-transport"`` (RB-MOV-15:
"ignore transport restrictions").
"""

from __future__ import annotations

from swrebellion.i18n import N_

from .. import board
from ..names import named_options, text, texts
from ..rules.combat import destroy, start_combat
from ..rules.moves import ACTIVATE, CARGO_LOSS, Group, base_hidden, can_leave, move_units
from ..rules.restrictions import barred_option, restricted
from ..tables import BASE_SPACE, tables


def activators(game, faction: str) -> list[str]:
    """Pool leaders who may activate: only those with tactic values (RB-MOV-13, FAQ-31), and in team play only
    the acting player's own (RB-TEAM-02)."""
    usable = _usable(game, board.acting_role(game))
    return [lid for lid in board.pool(game, faction) if lid in usable]


def _usable(game, role: str | None) -> frozenset[str]:
    """The leaders with tactic values that ``role`` controls (every one for no role, a 2-player game): printed
    values, which nothing changes, found once per rules and role rather than at every Command Phase turn."""
    try:
        by_role = game.rules.cache[_USABLE]
    except KeyError:
        by_role = game.rules.cache[_USABLE] = {
            None: frozenset(lid for lid, info in tables(game).leaders.items() if info.has_tactics)}
    usable = by_role.get(role)
    if usable is None:
        usable = by_role[role] = frozenset(lid for lid in by_role[None] if board.controlled_by(game, lid, role))
    return usable


_USABLE = "base.activating-leaders"


def _can_activate(game, faction: str) -> bool:
    """Whether :func:`activators` finds anyone, asked at every Command Phase turn: it stops at the first of the
    side's printed leaders in the pool who may activate (usually one is there) and so, for the Empire, need
    not look for Rebels lured to the Dark Side (RS-CAP-09) unless none is found."""
    usable = _usable(game, board.acting_role(game))
    leaders = game.state["data"]["leaders"]
    spent = game.state["data"].get("spent", ())
    for lid in tables(game).leaders_of[faction]:  # the place alone is read of most
        if leaders[lid]["at"] == "pool" and lid in usable and leaders[lid]["ring"] != board.LURE and lid not in spent:
            return True
    if faction == "empire":  # none of its own: perhaps a Rebel lured to the Dark Side
        for lid in board.lured_at(game, "pool"):
            if lid in usable and lid not in spent:
                return True
    return False


def activation_options(game, faction: str) -> list[dict]:
    """Command Phase options: every system (RS-CMD-05/06), and the Rebel Base space while it is hidden
    (RB-BAS-06, RB-BAS-13); nothing without a leader able to activate."""
    if not _can_activate(game, faction):
        return []
    hidden = faction == "rebel" and base_hidden(game)
    # The same thirty-odd options at every Command Phase turn: made once per rules and list of targets, and handed
    # out as a new list of the same dicts (never changed: the kernel stores an option dict having its three keys as
    # it is, and the step an answer names reads its data). With no plugin changing the targets (the base game, Rise
    # of the Empire) they are known by the side and whether the base is hidden: nothing is sorted or compared.
    try:
        cache = game.rules.cache["base-activation-options"]
    except KeyError:
        cache = game.rules.cache["base-activation-options"] = {}
    if game.answered("activation-targets"):
        targets = game.modify("activation-targets", _targets(game, hidden), faction=faction)
        key: tuple[str | bool, ...] = (faction, *targets)
    else:
        targets, key = None, (faction, hidden)
    options = cache.get(key)
    if options is None:
        if len(cache) >= 1024:  # plugins could vary the targets endlessly: start afresh
            cache.clear()
        if targets is None:
            targets = _targets(game, hidden)
        options = cache[key] = [
            {"id": f"activate:{s}", "label": words, "data": {"step": ACTIVATE, "args": {"faction": faction, "system": s}}}
            for s, words in zip(targets, texts(game, N_("Activate {system}"), "system", targets))
        ]
    return list(options)


def _targets(game, hidden: bool) -> list[str]:
    """Every system in id order (RS-CMD-05/06), then the Rebel Base space while it is hidden (RB-BAS-06/13)."""
    targets = sorted(tables(game).systems)
    if hidden:
        targets.append(BASE_SPACE)
    return targets


def source_systems(game, faction: str, target: str) -> list[str]:
    """Where units may come from (RULINGS C-02, RB-MOV-03/04, RB-BAS-05/06), before pinning: none into a system, nor
    out of one, a restriction bars to the side (``restrict``)."""
    if game.state["data"].get("restrictions"):  # none in most games
        if restricted(game, faction, target, "move_in"):
            return []
        return [s for s in _sources(game, faction, target) if not restricted(game, faction, s, "move_out")]
    return _sources(game, faction, target)


def _sources(game, faction: str, target: str) -> list[str]:
    t = tables(game)
    if target == BASE_SPACE:
        where = board.base_system(game)
        found = [where, *t.adjacent.get(where, ())]
    else:
        found = list(t.adjacent.get(target, ()))
        if faction == "rebel" and base_hidden(game):
            where = board.base_system(game)
            if where == target or target in t.adjacent.get(where, ()):
                found.append(BASE_SPACE)
    return game.modify("movement-sources", sorted(found), faction=faction, system=target)


def _activate_step(game, frame) -> None:
    faction, target = frame["faction"], frame["system"]
    # The player taking the turn moves the team's units (RB-TEAM-07, RS-CMD-09): the seat acting now, or, for a
    # card that moves units in (Catch Them by Surprise), the player controlling the card's leader.
    decider = (board.leader_player(game, faction, frame["leader"]) if "leader" in frame
               else board.decider(game, faction, board.acting_role(game) or "admiral"))
    if "leader" not in frame:
        if "choice" in frame:  # the leader asked for below: the pool need not be read again
            chosen = frame.pop("choice")
        else:
            leaders = activators(game, faction)
            if len(leaders) > 1:
                game.ask(decider, "activation-leader", named_options(game, leaders),
                         text(game, N_("Which leader activates {system}?"), system=target))
                return
            chosen = game.answer_alone(decider, "activation-leader", leaders[0], f"Which leader activates {target}?")
        frame["leader"] = chosen["id"]
        board.leader(game, frame["leader"])["at"] = target
        frame.update(used=[], origins=[], group=None)
        game.log("activate", faction=faction, system=target, leader=frame["leader"])
        if game.moment("activation.before-move", system=target, faction=faction, leader=frame["leader"]):
            return
    if frame["group"] is None:
        _choose_source(game, frame, decider)
    else:
        _build_group(game, frame, decider)


def _choose_source(game, frame, decider) -> None:
    faction, target = frame["faction"], frame["system"]
    source = frame.pop("choice")["id"] if "choice" in frame else None
    if source not in (None, "done"):
        frame["used"].append(source)
        frame["group"] = {"from": source, "units": {}, "leaders": []}
        _build_group(game, frame, decider)
        return
    if not frame.get("moved"):
        if source is None:  # not after "done": the sources are only read to ask again
            used = frame["used"]
            options = _source_options(game, faction, target, used)
            if options or base_space_undisclosed(game, faction, target, used):
                options.append({"id": "done", "label": N_("Stop moving units"), "data": None})
                game.ask(decider, "move-from", options, text(game, N_("Move units into {system}"), system=target))
                return
        frame["moved"] = True
    if game.moment("activation.after-move", once_in=frame, system=target, faction=faction, origins=frame["origins"]):
        return
    game.pop()
    after_movement(game, target, faction, frame["origins"])


def _source_options(game, faction: str, target: str, used: list[str]) -> list[dict]:
    """Moving units from each source not used yet whose units may leave (RB-MOV-10..12). A source a restriction bars
    (nothing may move into the target, or out of the source: ``restrict``) is offered to be withheld, saying why;
    never the Rebel Base space, whose being a source tells where the hidden base is (RS-BLF-01)."""
    if not game.state["data"].get("restrictions"):  # none in most games
        return [_source_option(game, s) for s in _sources(game, faction, target)
                if s not in used and can_leave(game, faction, s)]
    into = restricted(game, faction, target, "move_in")
    options = []
    for s in _sources(game, faction, target):
        if s in used or not can_leave(game, faction, s):
            continue
        bar, where = ("move_in", target) if into else ("move_out", s)
        if bar == "move_in" or restricted(game, faction, s, "move_out"):
            if s != BASE_SPACE:
                options.append(barred_option(_source_option(game, s), faction, bar, where))
        else:
            options.append(_source_option(game, s))
    return options


def _source_option(game, source: str) -> dict:
    """The option of moving units from ``source``, made once per rules and handed out again (never changed: the
    kernel stores an option dict having its three keys as it is, and nothing changes one after asking)."""
    try:
        made = game.rules.cache[_SOURCE_OPTIONS]
    except KeyError:
        made = game.rules.cache[_SOURCE_OPTIONS] = {}
    option = made.get(source)
    if option is None:
        option = made[source] = {
            "id": source, "label": text(game, N_("Move units from {system}"), system=source), "data": None}
    return option


_SOURCE_OPTIONS = "base.move-from-options"


def base_space_undisclosed(game, faction: str, target: str, used: list[str]) -> bool:
    """While the base is hidden, whether the Rebel Base space is a source (and, when it is the target, where units
    may come from) depends on where the base is. So the Rebel is asked whenever the Empire, from what it sees (the
    space's units and leaders), cannot rule it out, and the question itself discloses nothing (RS-BLF-01)."""
    return faction == "rebel" and base_hidden(game) and (
        target == BASE_SPACE or (BASE_SPACE not in used and can_leave(game, faction, BASE_SPACE)))


def _build_group(game, frame, decider) -> None:
    faction, target, spec = frame["faction"], frame["system"], frame["group"]
    group = Group(game, faction, spec["from"], spec["units"], spec["leaders"])
    done = False
    if "choice" in frame:
        option = frame.pop("choice")["id"]
        done = option == "done"
        if not done:
            group.take(option)
    options = [] if done else group.options()
    if options:
        game.ask(decider, "move-units", options + [MOVE_GROUP],
                 text(game, N_("Units to move from {source} to {system}"), source=spec["from"], system=target))
        return
    frame["group"] = None
    if spec["units"] or spec["leaders"]:
        move_units(game, faction, spec["from"], target, spec["units"], spec["leaders"])
        frame["origins"].append(spec["from"])
        if spec["from"] != BASE_SPACE and board.system(game, spec["from"])["destroyed"]:
            game.push(CARGO_LOSS, location=spec["from"], faction=faction, cause="stranded in a destroyed system")


#: The option closing a group, one dict for every question (never changed, as rounds.PASS).
MOVE_GROUP = {"id": "done", "label": N_("Move this group"), "data": None}


def after_movement(game, target: str, faction: str, origins: list[str]) -> None:
    """RB-BAS-11, RS-CMB-02: the base is revealed after all movement and before combat; then the combat, if both
    sides share a theater there (RB-MOV-02, RB-CMB-01/02)."""
    board.check_base_reveal(game)
    if target != BASE_SPACE and not game.over:

        start_combat(game, target, faction, origins)


def _cargo_loss_step(game, frame) -> None:
    """RB-DST-02, RS-DST-05: in a destroyed system, units needing transport beyond what the side's ships there can
    carry are destroyed, the owner choosing which (no choice to make when only one type is there)."""
    location, faction = frame["location"], frame["faction"]
    if "choice" in frame:
        _lose(game, frame, frame.pop("choice")["id"], 1)
    t = tables(game)
    while not game.over and board.cargo_surplus(game, location, faction):
        cargo = sorted(u for u in board.faction_units(game, location, faction) if t.units[u].needs_transport)
        if len(cargo) == 1:
            game.answer_alone(board.decider(game, faction, "admiral"), "destroy-cargo", cargo[0])
        if len(cargo) > 1:
            game.ask(board.decider(game, faction, "admiral"), "destroy-cargo",
                     [{"id": u, "label": text(game, N_("Destroy a {unit}"), unit=u)} for u in cargo],
                     text(game, N_("Your ships in {system} cannot carry every unit: choose one to lose"),
                          system=location))
            return
        _lose(game, frame, cargo[0], board.cargo_surplus(game, location, faction))
    game.pop()


def _lose(game, frame, unit: str, count: int) -> None:
    """Units lost in a combat count as destroyed in it (RS-DST-05) and take their damage markers with them."""
    if frame["cause"] == "combat":

        destroy(game, unit, count)
    else:
        board.destroy_units(game, frame["location"], unit, count, cause=frame["cause"])


STEPS = {ACTIVATE: _activate_step, CARGO_LOSS: _cargo_loss_step}
