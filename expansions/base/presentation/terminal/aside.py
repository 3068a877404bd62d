"""What the base game adds to a decision at the terminal (hook ``decision_aside``):

* units placed or deployed one question a unit (starting units, RB-SET-09/10; deploying, RB-REF-12): what is left,
  and shortcuts that send every unit of the same kind left, or every unit left, to one place. The rules still
  judge each unit: the Empire's last ground units may only go where one is missing (RULINGS D-09), a deployed unit
  only where it may (RS-DEP), and a shortcut stops there and asks again; a system that has taken the 2 units a
  phase allows (RS-DEP-04) is named, as it is offered no more;
* recruiting (RB-REC-03/04): which drawn card each choice keeps;
* building a move group (RB-MOV-01), the units a card moves (RB-MOV-14), or the group that retreats from a combat
  (RS-RET): what is chosen so far;
* the Command Phase action: systems whose activation would move nothing in because every unit of the side next to
  them is pinned by one of its leaders (RB-MOV-10);
* a card window with nothing to play, answered without asking: not a line of its own;
* a second leader who must join a mission (the first alone lacks a skill the card requires, RS-ASG-03): why
  "No second leader" is not offered;
* in team play, each leader offered: whose he is (RB-TEAM-02);
* assigning damage (RS-ATK-05/06): each unit with its health and the damage on it so far;
* playing a tactic card in a combat (RS-ATK-02/07): each card named as the reader tells it apart (space or
  ground version, issue 35 #12: the stored label is the card's own name) and what it does, on the option."""

from __future__ import annotations

from dataclasses import replace
from itertools import groupby

from swrebellion.engine.human import Aside, Shortcut
from swrebellion.i18n import gettext, ngettext

from ... import board
from ...names import counted, join, label, local_text, name
from ...phases.movement import source_systems
from ..narration import seat_title
from ...phases.refresh import card_leaders
from ...phases.setup import units_left
from ...rules.combat import health as combat_health
from ...rules.moves import can_leave
from ...tables import DEPLOY_LIMIT, tables

_ = gettext
RECRUIT = "base.refresh.recruit"
DEPLOY = "base.refresh.deploy"


def aside(game, decision) -> Aside | None:
    found = _by_kind(game, decision)
    whose = _whose_leaders(game, decision)
    if not whose:
        return found
    found = found or Aside()
    return replace(found, labels={**whose, **found.labels})


def _whose_leaders(game, decision) -> dict[str, str]:
    """In team play, each option that is a leader of a side with two players names whose he is ("Jan Dodonna
    (Rebel Admiral)", RB-TEAM-02: blue leaders are the Admiral's, orange the General's; issue 35 #13)."""
    leaders = tables(game).leaders
    out = {}
    for option in decision.options:
        info = leaders.get(option.id)
        if info is None or option.label != label(game, option.id):
            continue
        if len(board.side_players(game, info.faction)) < 2:
            return {}
        out[option.id] = _("{leader} ({seat})").format(
            leader=name(game, option.id), seat=seat_title(board.leader_player(game, info.faction, option.id)))
    return out


def _by_kind(game, decision) -> Aside | None:
    kind = decision.kind
    if kind == "special-action" and decision.option_ids == ("pass",):
        # a card window asked whatever the side holds (RS-ACT-03, issue 33): with nothing to play, nothing to say
        return Aside(alone="")
    if kind == "place-starting-unit":
        left = units_left(game)
        return _one_by_one(game, decision, left, ngettext("Still to place, {n} unit: {units}.",
                                                          "Still to place, {n} units: {units}.", len(left)))
    if kind == "deploy-unit":
        frame = game.state["stack"][-1] if game.state["stack"] else {}
        ready = list(frame.get("ready", ())) if frame.get("step") == DEPLOY else []
        found = _one_by_one(game, decision, ready, ngettext("Still to deploy, {n} unit: {units}.",
                                                            "Still to deploy, {n} units: {units}.", len(ready)))
        return _full(game, frame.get("placed", {}) if ready else {}, found)
    if kind == "recruit":
        return _recruit(game, decision)
    if kind == "move-units":
        return _group(game)
    if kind == "retreat-units":
        return _retreating(game)
    if kind == "move-unit":  # units a card moves, picked one at a time (RB-MOV-14)
        picked = (game.state["stack"][-1] if game.state["stack"] else {}).get("picked")
        return _chosen(game, picked, ()) if isinstance(picked, dict) else None
    if kind == "command-action":
        return _pinned(game, decision)
    if kind in ("combat-action", "block"):
        return _tactics(game, decision)
    if kind == "assign-damage":
        return _damage_targets(game, decision)
    if kind == "assign-second" and "none" not in decision.option_ids:
        return _second_needed(game)
    return None


def _second_needed(game) -> Aside | None:
    """RS-ASG-03: "Add a second leader?" with no "No second leader": the first alone lacks a skill the card
    requires, so a second is needed (issue 35 #13)."""
    frame = game.state["stack"][-1] if game.state["stack"] else {}
    card, first = frame.get("card"), frame.get("first")
    if not card or not first:
        return None
    return Aside((_("{leader} alone lacks a skill {card} requires: a second leader must join.").format(
        leader=name(game, first), card=name(game, card)),))


def _tactics(game, decision) -> Aside | None:
    """The tactic cards offered: "Play Critical Hit (space) — Deal 1 extra damage to any enemy ship."."""
    cards = game.rules.content.items("tactics")
    labels = {}
    for option in decision.options:
        card = option.id.partition(":")[2] if option.id.startswith("play:") else ""
        if card in cards:
            play = _("Play {card}").format(card=name(game, card))
            summary = getattr(cards[card], "summary", None)
            labels[option.id] = f"{play} — {local_text(summary)}" if summary else play
    return Aside(labels=labels) if labels else None


def _damage_targets(game, decision) -> Aside | None:
    """Each unit that may take the damage with its health and the damage on it so far, this attack's included
    (RS-ATK-05/06; the stored label, "AT-ST (damage 0, +0 in this attack)", read as a sum to work out): one that has
    as much as its health is destroyed at the end of the attack, and more damage on it is lost."""
    units = tables(game).units
    labels = {}
    for option in decision.options:
        unit, _sep, rest = option.id.partition(":")
        old, _sep, new = rest.partition(":")
        if unit not in units or not (old + new).isdigit():
            continue
        health, taken = combat_health(game, unit), int(old) + int(new)
        if not taken:
            words = _("{unit} (health {health}, no damage yet)")
        elif health is not None and taken >= health:
            words = ngettext("{unit} (health {health}, {n} damage: enough to destroy it)",
                             "{unit} (health {health}, {n} damage: enough to destroy it)", taken)
        else:
            words = ngettext("{unit} (health {health}, {n} damage so far)",
                             "{unit} (health {health}, {n} damage so far)", taken)
        labels[option.id] = words.format(unit=name(game, unit), health=health, n=taken)
    return Aside(labels=labels) if labels else None


def _one_by_one(game, decision, left: list[str], message: str) -> Aside | None:
    """``left``: the units still to go, in the order asked; ``message``: the note's words for that many."""
    if len(left) < 2:
        return None
    runs = [(unit, len(list(same))) for unit, same in groupby(left)]
    note = message.format(n=len(left), units=join([counted(game, n, unit) for unit, n in _merged(runs)]))
    unit, same = runs[0]
    shortcuts = []
    for option in decision.options:
        prefix, _sep, where = option.id.rpartition(":")
        if option.id == "queue":
            continue
        place = name(game, where)
        if same > 1:
            shortcuts.append(Shortcut(_("All {units} left to {place}").format(units=counted(game, same, unit),
                                                                              place=place), option.id, same, "same"))
        if len(runs) > 1:
            everything = ngettext("Everything left ({n} unit) to {place}", "Everything left ({n} units) to {place}",
                                  len(left))
            shortcuts.append(Shortcut(everything.format(n=len(left), place=place), option.id, len(left), "all"))
    return Aside((note,), tuple(sorted(shortcuts, key=lambda s: s.group != "same")))


def _full(game, placed: dict[str, int], found: Aside | None) -> Aside | None:
    """RS-DEP-04: the places that took the most units a place may this phase, which are no longer offered (a
    shortcut stops there, and the person would not know why)."""
    full = [name(game, place) for place, n in placed.items() if n >= DEPLOY_LIMIT]
    if not full:
        return found
    found = found or Aside()
    note = ngettext("Full for this phase (at most {n} unit deploys to a system): {places}.",
                    "Full for this phase (at most {n} units deploy to a system): {places}.",
                    DEPLOY_LIMIT).format(places=join(full), n=DEPLOY_LIMIT)
    return replace(found, notes=(*found.notes, note))


def _merged(runs: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """The units left, one entry a kind, in order of their first turn."""
    counts: dict[str, int] = {}
    for unit, n in runs:
        counts[unit] = counts.get(unit, 0) + n
    return list(counts.items())


def _recruit(game, decision) -> Aside | None:
    """The prompt names leaders; the card kept is one picturing the leader recruited, and the others drawn go to
    the bottom of the action deck (RB-REC-03/04). The drawn cards are the asked side's own (its account named them)."""
    frame = next((f for f in reversed(game.state["stack"]) if f.get("step") == RECRUIT and "drawn" in f), None)
    faction = decision.player.split("-")[0]
    drawn = frame["drawn"].get(faction) if frame else None
    if isinstance(drawn, dict):  # a secret of the side's: its value
        drawn = drawn.get("value")
    if not drawn:
        return None
    notes = []
    for option in decision.options:
        cards = [c for c in drawn if option.id in card_leaders(game, c)]
        if option.id != "none" and cards:  # two cards picturing him: one is kept, a second question asks which
            keep = _("{leader}: you keep {cards}.") if len(cards) == 1 else \
                _("{leader}: you keep one of {cards}, your choice.")
            notes.append(keep.format(leader=name(game, option.id), cards=join([name(game, c) for c in cards])))
    notes.append(_("Recruiting nobody keeps one of {cards}; the drawn cards not kept go to the bottom of your action "
                   "deck.").format(cards=join([name(game, c) for c in drawn])))
    return Aside(tuple(notes))


def _group(game) -> Aside | None:
    """While a move group is built, what is chosen so far."""
    frame = game.state["stack"][-1] if game.state["stack"] else {}
    group = frame.get("group") or {}
    return _chosen(game, group.get("units") or {}, group.get("leaders") or ())


def _retreating(game) -> Aside | None:
    """While the units that retreat are chosen (RS-RET), what goes so far: the ships and the leader leading the
    retreat are in it before any question."""
    frame = game.state["stack"][-1] if game.state["stack"] else {}
    leader = frame.get("leader")
    return _chosen(game, frame.get("units") or {}, [leader] if leader in tables(game).leaders else [])


def _chosen(game, units: dict[str, int], leaders) -> Aside:
    things = [counted(game, n, u) for u, n in units.items() if n] + [name(game, lid) for lid in leaders]
    return Aside((_("Chosen so far: {things}.").format(things=join(things) if things else _("nothing")),))


def _pinned(game, decision) -> Aside | None:
    """RB-MOV-10: a unit cannot leave a system holding a leader of its own side. Say which activations would move
    nothing in for that reason alone, so that an activation that moves nothing is not a surprise."""
    faction = decision.player.split("-")[0]
    units = tables(game).units
    notes = []
    for option in decision.options:
        prefix, _sep, target = option.id.partition(":")
        if prefix != "activate":
            continue
        pinned = []
        for source in source_systems(game, faction, target):
            mine = [u for u in board.units_at(game, source) if units[u].faction == faction and not units[u].immobile]
            if mine and not can_leave(game, faction, source) and board.pins(game, source, faction):
                pinned.append(source)
            elif mine and can_leave(game, faction, source):
                pinned = []
                break
        if pinned:
            notes.append(_("Activating {system} would move nothing in: your units in {sources} stay where your "
                           "leaders are (a leader pins his own side's units).").format(
                system=name(game, target), sources=join([name(game, s) for s in pinned])))
    return Aside(tuple(notes)) if notes else None
