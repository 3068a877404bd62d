"""What a person can look at during a game at the terminal: the map, their hand, the leaders, the state of the
game, any card, unit, leader or system. Every screen reads one side's view (``game.view(player)``: their own
secrets, the public board, the other side's hands and decks as counts) and the content; nothing hidden from that
side can reach it. Words are in the reader's language (:mod:`swrebellion.i18n`, names from the packs)."""

from __future__ import annotations

import difflib
from functools import cached_property
from typing import Iterable

from swrebellion.engine.secrets import KEY
from swrebellion.i18n import N_, gettext, language, ngettext, npgettext, pgettext
from swrebellion.presentation import hand_lines, state_lines

from ...board import LURE
from ...names import counted, join, local_text, marker_name, name, told_apart
from ...tables import BASE_SPACE, FACTIONS
from ..narration import dice_colour, seat_title

_ = gettext
SKILLS = {"diplomacy": N_("diplomacy"), "intelligence": N_("intelligence"), "special-ops": N_("special ops"),
          "logistics": N_("logistics")}
PHASES = {"setup": N_("Setup"), "assignment": N_("Assignment Phase"), "command": N_("Command Phase"),
          "refresh": N_("Refresh Phase")}
WHERE = {"pool": N_("in the leader pool"), "mission": N_("on a mission"), "supply": N_("not recruited"),
         "gone": N_("out of the game")}
HAND_KINDS = {"missions": N_("Missions"), "actions": N_("Action cards"), "objectives": N_("Objectives"),
              "probes": N_("Probe cards"), "projects": N_("Projects")}


def _theater(theater: str) -> str:
    return pgettext("theater", "space") if theater == "space" else pgettext("theater", "ground")


class Screen:
    """One side's view of the game and the content, with the words screens share."""

    def __init__(self, game, player: str | None) -> None:
        self.game = game
        self.player = player
        # the view without its log (no screen reads it): redacting a long game's whole log for every screen was most
        # of what a game server's page cost to show
        self.view = game.view(player, since=len(game.state["log"]))
        self.data = self.view["data"]
        self.content = game.rules.content
        self.faction = _faction_of(self.data, player)

    # -- words ----------------------------------------------------------------------------------------------------

    def name(self, thing: str) -> str:
        return name(self.game, thing)

    def side(self, faction: str | None) -> str:
        """A side's name as a label ("Rebel: 2 X-Wings", "Loyalty: Imperial"), or "neutral" for none."""
        if faction == "rebel":
            return pgettext("side", "Rebel")
        if faction == "empire":
            return pgettext("side", "Imperial")
        return pgettext("side", "neutral")

    def units(self, units: dict[str, int]) -> str:
        return ", ".join(counted(self.game, n, u) for u, n in self._ordered(units))

    def _ordered(self, units: dict[str, int]):
        order = {uid: n for n, uid in enumerate(self.content.items("units"))}
        return sorted(((u, n) for u, n in units.items() if n), key=lambda un: (order.get(un[0], 999), un[0]))

    def unit_side(self, unit: str) -> str | None:
        item = self.content.items("units").get(unit)
        return item.faction if item is not None else None

    def leader_side(self, lid: str) -> str | None:
        if self.data["leaders"].get(lid, {}).get("ring") == LURE:  # a lured Rebel serves the Empire (RS-CAP-09)
            return "empire"
        item = self.content.items("leaders").get(lid)
        return item.faction if item is not None else None

    def base(self) -> str | None:
        """The base's system if this side may know it (its own secret, or revealed)."""
        for value in (self.data.get("base_revealed"), self.data.get("base")):
            if isinstance(value, str):
                return value
        return None

    @cached_property
    def card_kinds(self) -> list:
        """Every kind's items, markers last, where a card's id is looked up (once per screen: a hand lists many)."""
        return [self.content.items(kind) for kind in sorted(self.content.counts(), key=lambda k: (k == "markers", k))]

    def hidden(self, value) -> bool:
        return isinstance(value, dict) and KEY in value

    def count(self, value) -> int:
        if self.hidden(value):
            return int(value.get("count", 0))
        return len(value) if isinstance(value, list) else 0

    def skills(self, leader) -> str:
        parts = [f"{gettext(SKILLS.get(s, s))} {n}" for s, n in leader.skills.items()]
        parts += [f"{gettext(SKILLS.get(s, s))} +{n}" for s, n in getattr(leader, "secondary_skills", {}).items()]
        tactics = leader.tactics
        parts.append(_("tactics: space {space}, ground {ground}").format(space=tactics.space, ground=tactics.ground))
        return ", ".join(parts)

    def leaders_at(self, where: str) -> list[str]:
        return sorted(lid for lid, info in self.data["leaders"].items() if info["at"] == where)

    def leader_tag(self, lid: str) -> str:
        ring = self.data["leaders"][lid].get("ring")
        return self.name(lid) + (f" ({marker_name(self.game, ring)})" if ring else "")


def _faction_of(data: dict, player: str | None) -> str | None:
    for faction, players in data.get("teams", {}).items():
        if player in players:
            return faction
    return None


def _resolve(screen: Screen, wanted: str, kinds: Iterable[str]) -> tuple[str, str] | list[str] | None:
    """(kind, id) of the item ``wanted`` names (its id, or its name in English or the reader's language, or the
    start of one); a list of close names when none or several do."""
    key = " ".join(wanted.casefold().replace("-", " ").split())
    found: dict[tuple[str, str], list[str]] = {}
    for kind in kinds:
        if kind not in screen.content.counts():
            continue
        for ident, item in screen.content.items(kind).items():
            words = {ident.replace("-", " "), item.name.en.casefold(), screen.name(ident).casefold()}
            local = getattr(item.name, language(), None)
            if local:
                words.add(local.casefold())
            found[(kind, ident)] = [w.replace("-", " ") for w in words]
    exact = [k for k, words in found.items() if key in words]
    if len(exact) >= 1 and (len({k[1] for k in exact}) == 1 or len({k[0] for k in exact}) == len(exact)):
        return exact[0]  # one item, or one per kind: the first kind's (a system, not the probe card named for it)
    starts = [k for k, words in found.items() if any(w.startswith(key) for w in words)] if len(key) >= 2 else []
    if len(starts) == 1:
        return starts[0]
    choices = starts or [k for k, words in found.items()
                         if difflib.get_close_matches(key, words, n=1, cutoff=0.75)]
    return sorted({screen.name(k[1]) for k in choices})[:8]


def _sharing_the_name(screen: Screen, wanted: str) -> list[str]:
    """The ids of the cards in a space and a ground version (:func:`~...names.told_apart`) whose name, English or
    the reader's, is ``wanted``."""
    key = " ".join(wanted.casefold().replace("-", " ").split())
    apart = told_apart(screen.content)
    found = []
    for kind in KINDS:
        if kind in screen.content.counts():
            for ident, item in sorted(screen.content.items(kind).items()):
                words = {item.name.en, getattr(item.name, language(), None) or item.name.en}
                if ident in apart and key in {" ".join(w.casefold().replace("-", " ").split())
                                                           for w in words}:
                    found.append(ident)
    return found


def _unknown(what: str, close) -> list[str]:
    if close:
        return ["  " + _("No single match for “{what}”. Did you mean: {names}?").format(what=what, names=", ".join(close))]
    return ["  " + _("Nothing is called “{what}”.").format(what=what)]


# -- map ------------------------------------------------------------------------------------------------------------


def map_screen(game, player: str | None, argument: str = "") -> list[str]:
    """Every system by region: loyalty, subjugation, sabotage, destruction, units and leaders (units are public;
    the base only if this side knows where it is); ``map SYSTEM``: that system and its neighbours."""
    screen = Screen(game, player)
    systems = screen.content.items("systems")
    marks = _marks(game, screen.view)
    if argument and _names_the_base(screen, argument):
        lines = [_base_space_line(screen)]
        base = screen.base()  # the system, where this side may know it
        return lines + (_system_lines(screen, base, marks, detail=True) if base else [])
    if argument:
        found = _resolve(screen, argument, ["systems"])
        if not isinstance(found, tuple):
            return _unknown(argument, found)
        sid = found[1]
        lines = [_("{system}, {region}, {kind}").format(
            system=screen.name(sid), region=screen.name(systems[sid].region), kind=_system_kind(systems[sid]))]
        lines += _system_lines(screen, sid, marks, detail=True)
        neighbours = sorted(_adjacent(screen, sid), key=screen.name)
        lines.append(_("Neighbours:"))
        for other in neighbours:
            lines += _system_lines(screen, other, marks)
        return lines
    lines = [_("The galaxy. R: Rebel loyalty, E: Imperial loyalty, S: subjugated, !: sabotage, X: destroyed.")]
    by_region: dict[str, list[str]] = {}
    for sid, system in systems.items():
        by_region.setdefault(system.region, []).append(sid)
    for region in sorted(by_region):
        lines.append(screen.name(region) + ":")
        for sid in sorted(by_region[region], key=screen.name):
            lines += _system_lines(screen, sid, marks)
    lines.append(_base_space_line(screen))
    lines += state_lines(game, screen.view, "map")
    lines.append(_("Type “map SYSTEM” for a system and its neighbours."))
    return lines


def _names_the_base(screen: Screen, wanted: str) -> bool:
    """Whether ``wanted`` names the Rebel Base space (not a system: :func:`_resolve` does not find it): "base",
    "rebel base", its id, or its name in the reader's language."""
    def key(words: str) -> str:
        return " ".join(words.casefold().replace("-", " ").strip("«»\"“”").split())

    names = {"base", "the rebel base", "the rebel base space", key(BASE_SPACE), key(screen.name(BASE_SPACE))}
    return key(wanted) in names


def _system_kind(system) -> str:
    return _("populous") if system.type == "populous" else _("remote")


def _adjacent(screen: Screen, sid: str) -> set[str]:
    out = set()
    for edge in screen.content.items("adjacency").values():
        a, b = edge.between
        if sid in (a, b):
            out.add(b if a == sid else a)
    return out


def _marks(game, view) -> dict[str, list[str]]:
    """What other plugins put on systems (Rise of the Empire's target markers), from ``board_annotations``."""
    out: dict[str, list[str]] = {}
    for result in game.rules.call("board_annotations", game=game, view=view):
        if result is not None and not isinstance(result, dict):  # blame the plugin that returned it, not us
            raise game.rules.refuse("board_annotations", result, "a mapping (or None)", game=game, view=view)
        for system, tokens in (result or {}).get("systems", {}).items():
            out.setdefault(system, []).extend(str(t.get("title") or t.get("label", "")) for t in tokens)
    return out


def _system_lines(screen: Screen, sid: str, marks: dict, detail: bool = False) -> list[str]:
    state = screen.data["systems"].get(sid, {})
    flags = ""
    flags += {"rebel": "R", "empire": "E"}.get(state.get("loyalty"), "·")
    flags += "S" if state.get("subjugated") else " "
    flags += "!" if state.get("sabotage") else " "
    flags += "X" if state.get("destroyed") else " "
    units = screen.data["units"].get(sid, {})
    parts = []
    for faction in FACTIONS:
        mine = {u: n for u, n in units.items() if screen.unit_side(u) == faction}
        if mine:
            parts.append(f"{screen.side(faction)}: {screen.units(mine)}")
    leaders = screen.leaders_at(sid)
    if leaders:
        parts.append(_("leaders: {leaders}").format(leaders=", ".join(screen.leader_tag(l) for l in leaders)))
    if screen.base() == sid:
        parts.append(_("THE REBEL BASE") if screen.data.get("base_revealed") == sid else _("your hidden base"))
    parts += [localize_mark(screen, m) for m in marks.get(sid, ())]
    line = f"  {screen.name(sid):<16} {flags}  " + " · ".join(parts)
    out = [line.rstrip()]
    if detail:
        system = screen.content.items("systems")[sid]
        icons = ", ".join(screen.name(r) for r in system.resources) or _("none")
        queue = system.build_queue if system.build_queue is not None else "-"
        out.append("    " + _("Resources: {icons}; build queue space {space}.").format(icons=icons, space=queue))
        out.append("    " + _("Loyalty: {loyalty}; subjugated: {sub}; sabotage: {sab}; destroyed: {dead}.").format(
            loyalty=screen.side(state.get("loyalty")), sub=_yes(state.get("subjugated")),
            sab=_yes(state.get("sabotage")), dead=_yes(state.get("destroyed"))))
    return out


def localize_mark(screen: Screen, mark: str) -> str:
    """A token's title from another plugin (English): shown as a marker's name when it names one."""
    markers = screen.content.items("markers") if "markers" in screen.content.counts() else {}
    for ident, item in markers.items():
        if item.name.en == mark:
            return marker_name(screen.game, ident)
    return mark


def _yes(value) -> str:
    return _("yes") if value else _("no")


def _base_space_line(screen: Screen) -> str:
    units = screen.data["units"].get(BASE_SPACE, {})
    leaders = screen.leaders_at(BASE_SPACE)
    what = [screen.units(units)] if units else []
    if leaders:
        what.append(_("leaders: {leaders}").format(leaders=", ".join(screen.leader_tag(l) for l in leaders)))
    base = screen.base()
    where = _("the base is in {system}").format(system=screen.name(base)) if base else _("the base is hidden")
    return _("The Rebel Base space ({where}): {what}").format(where=where, what=" · ".join(what) or _("empty"))


# -- hand -------------------------------------------------------------------------------------------------------------


def hand_screen(game, player: str | None, argument: str = "") -> list[str]:
    """The side's own cards, each with what it does; the other side's hand as counts."""
    screen = Screen(game, player)
    hands = screen.data.get("hands", {})
    lines = []
    own = hands.get(screen.faction or "", {})
    if not own:
        lines.append(_("You hold no cards."))
    for kind, cards in own.items():
        if screen.hidden(cards):
            continue
        title = gettext(HAND_KINDS.get(kind, kind))
        lines.append(f"{title} ({len(cards)}):" if cards else f"{title}: " + _("none"))
        for card in sorted(set(cards), key=screen.name):
            copies = cards.count(card)
            lines.append("  " + screen.name(card) + (f" ×{copies}" if copies > 1 else "") + _card_facts(screen, kind, card))
            summary = card_summary(screen, card)
            if summary:
                lines.append("      " + summary)
    lines += _tactic_lines(screen)
    lines += hand_lines(game, screen.view)
    assigned = [a for a in screen.data.get("assigned", {}).get(screen.faction or "", []) if not screen.hidden(a["card"])]
    if assigned:
        lines.append(_("On missions (face down):"))
        for entry in assigned:
            lines.append("  " + _("{card} with {leaders}").format(card=screen.name(entry["card"]),
                                                                  leaders=join([screen.name(l) for l in entry["leaders"]])))
    for faction, cards in hands.items():
        if faction == screen.faction:
            continue
        counts = ", ".join(f"{gettext(HAND_KINDS.get(k, k))} {screen.count(v)}" for k, v in cards.items())
        message = _("The Rebel hand: {counts}.") if faction == "rebel" else _("The Imperial hand: {counts}.")
        lines.append(message.format(counts=counts))
    return lines


def _tactic_lines(screen: Screen) -> list[str]:
    """During a combat, the tactic cards the side has drawn (RB-TAC-02: a hand of its own, discarded when the
    combat ends), each with its theater and what it does."""
    combat = screen.data.get("combat") or {}
    held = (combat.get("hands") or {}).get(screen.faction or "")
    if not held or screen.hidden(held):  # none drawn yet (or none at all: Rise of the Empire's cinematic combat)
        return []
    lines = [_("Tactic cards ({n}):").format(n=len(held))]
    for card in sorted(set(held), key=screen.name):
        copies = held.count(card)
        lines.append("  " + screen.name(card) + (f" ×{copies}" if copies > 1 else "") +
                     _card_facts(screen, "tactics", card))
        summary = card_summary(screen, card)
        if summary:
            lines.append("      " + summary)
    return lines


def _card_facts(screen: Screen, kind: str, card: str) -> str:
    item = _item(screen, card)
    if item is None:
        return ""
    facts = []
    requires = getattr(item, "requires", None)
    if requires:
        facts.append(" + ".join(f"{gettext(SKILLS.get(s, s))} {n}" for s, n in requires.items()))
    if getattr(item, "mode", None):
        facts.append(_("attempt") if item.mode == "attempt" else _("resolve"))
    if kind == "objectives" and getattr(item, "stage", None):
        facts.append(_("stage {stage}").format(stage=item.stage))
        if getattr(item, "reputation", None):
            facts.append(ngettext("{n} reputation", "{n} reputation", item.reputation).format(n=item.reputation))
    if kind == "actions" and getattr(item, "leaders", None):
        facts.append(_("with {leaders}").format(leaders=join([screen.name(l) for l in item.leaders])))
    if kind == "tactics" and getattr(item, "requires_special", False):  # its name says its theater
        facts.append(_("spends a special"))
    if kind == "probes" and getattr(item, "system", None):
        facts.append(_("the base is not in {system}").format(system=screen.name(item.system)))
    return f"  [{'; '.join(facts)}]" if facts else ""


def _item(screen: Screen, card: str):
    for items in screen.card_kinds:
        if card in items:
            return items[card]
    return None


def card_summary(screen: Screen, card: str) -> str:
    """What a card does: the pack's summary in the reader's language (English where it gives none)."""
    item = _item(screen, card)
    summary = getattr(item, "summary", None)
    if summary is None:
        return ""
    return local_text(summary)


# -- leaders ------------------------------------------------------------------------------------------------------------


def leaders_screen(game, player: str | None, argument: str = "") -> list[str]:
    """Every leader in play, side by side: skills and tactics, and where each is."""
    screen = Screen(game, player)
    leaders = screen.content.items("leaders")
    lines = []
    for faction in (screen.faction or "rebel", "empire" if screen.faction == "rebel" else "rebel"):
        ids = [lid for lid, info in screen.data["leaders"].items()
               if screen.leader_side(lid) == faction and info["at"] not in ("supply", "gone") and lid in leaders]
        waiting = [lid for lid, info in screen.data["leaders"].items()
                   if screen.leader_side(lid) == faction and info["at"] == "supply"]
        lines.append(_("Rebel leaders:") if faction == "rebel" else _("Imperial leaders:"))
        for lid in sorted(ids, key=screen.name):
            lines.append(f"  {screen.leader_tag(lid):<28} {_leader_where(screen, lid):<28} {screen.skills(leaders[lid])}"
                         + _controller(screen, faction, leaders[lid]))
        if waiting:
            lines.append("  " + npgettext("leaders", "{n} more leader may still be recruited.",
                                          "{n} more leaders may still be recruited.", len(waiting)).format(n=len(waiting)))
    return lines


def _controller(screen: Screen, faction: str, leader) -> str:
    """In team play, the seat that controls a leader: blue leaders are the Admiral's, orange the General's
    (RB-TEAM-02, RS-LDR-08); nothing when one player holds the side."""
    roles = screen.data.get("roles", {}).get(faction, {})
    player = roles.get(leader.role)
    if player is None or roles.get("admiral") == roles.get("general"):
        return ""
    return "; " + _("controlled by the {seat}").format(seat=seat_title(player))


def _leader_where(screen: Screen, lid: str) -> str:
    place = _leader_place(screen, lid)
    if lid in screen.data.get("spent", ()):  # a card spent him until the next Refresh Phase (leader_effect)
        return _("{place}, spent until the Refresh Phase").format(place=place)
    return place


def _leader_place(screen: Screen, lid: str) -> str:
    info = screen.data["leaders"][lid]
    at = info["at"]
    if at in WHERE:
        return gettext(WHERE[at])
    where = screen.name(at)
    if info.get("ring") in ("captured", "carbonite"):
        return _("captured in {system}").format(system=where)
    return _("in {system}").format(system=where)


# -- status -------------------------------------------------------------------------------------------------------------


def status_screen(game, player: str | None, argument: str = "") -> list[str]:
    """The round, the time and reputation markers, objectives, the build queues, the base (for the Rebel)."""
    screen = Screen(game, player)
    data = screen.data
    phase = gettext(PHASES.get(data.get("phase", ""), data.get("phase", "")))
    lines = [_("Round {round}, {phase}. Time {time}, Rebel reputation {reputation}: the Rebels win when the two "
               "markers meet.").format(round=data.get("round", 0), phase=phase, time=data.get("time"),
                                        reputation=data.get("reputation"))]
    track = next(iter(screen.content.items("time-tracks").values()), None) if "time-tracks" in screen.content.counts() \
        else None
    if track is not None:
        ahead = {s.space: s.icons for s in track.spaces if s.space > (data.get("time") or 0) and s.icons}
        if ahead:
            nxt = min(ahead)
            icons = ", ".join(_("recruit") if i == "recruit" else _("build") for i in ahead[nxt])
            lines.append(_("Next time space with icons: {space} ({icons}).").format(space=nxt, icons=icons))
    if any(roles.get("admiral") != roles.get("general") for roles in data.get("roles", {}).values()):
        lines.append(_("Team play: each side's Admiral controls its blue leaders and builds, deploys and recruits; its "
                       "General controls the orange leaders and holds the missions (`leaders` shows whose each is)."))
    base = screen.base()
    if screen.faction == "rebel" or data.get("base_revealed"):
        if data.get("base_revealed"):
            lines.append(_("The Rebel base is revealed, in {system}.").format(system=screen.name(data["base_revealed"])))
        elif base:
            lines.append(_("Your base is hidden in {system}.").format(system=screen.name(base)))
    objectives = data.get("hands", {}).get("rebel", {}).get("objectives")
    if objectives is not None:
        if screen.hidden(objectives):
            lines.append(_("Rebel objectives in hand: {n}.").format(n=screen.count(objectives)))
        else:
            lines.append(_("Your objectives: {cards}.").format(cards=", ".join(screen.name(c) for c in objectives)
                                                                or _("none")))
    deck = data.get("decks", {}).get("objectives")
    if deck is not None:
        stages = data.get("objective_stages") or []
        lines.append(_("Objective deck: {n} cards (next from stage {stage}).").format(
            n=screen.count(deck), stage=stages[0] if stages else "-"))
    probes = data.get("decks", {}).get("probes")
    if probes is not None:
        lines.append(_("Probe deck: {n} cards.").format(n=screen.count(probes)))
    for faction in FACTIONS:
        queue = data.get("queue", {}).get(faction, {})
        spaces = [f"{space}: {screen.units(queue[space]) or '—'}" for space in sorted(queue)]
        message = _("Rebel build queue: {spaces}.") if faction == "rebel" else _("Imperial build queue: {spaces}.")
        lines.append(message.format(spaces="; ".join(spaces)))
    passed = [screen.side(seat.split("-")[0]) for seat, done in (data.get("passed") or {}).items() if done]
    if data.get("phase") == "command" and passed:
        lines.append(_("Passed this phase: {sides}.").format(sides=", ".join(passed)))
    lines += state_lines(game, screen.view, "status")
    result = screen.view.get("result")
    if result:
        lines.append(_("The game is over: {side} win.").format(side=screen.side(result.get("winner"))))
    return lines


# -- show ---------------------------------------------------------------------------------------------------------------

KINDS = ("systems", "leaders", "units", "missions", "actions", "objectives", "tactics", "advanced-tactics", "projects",
         "probes", "markers", "regions")


def show_screen(game, player: str | None, argument: str = "") -> list[str]:
    """A card, a unit, a leader or a system: its facts, what it does, and where it is now."""
    if not argument:
        return ["  " + _("Show what? For example: show Alderaan, show Darth Vader, show sabotage.")]
    screen = Screen(game, player)
    found = _resolve(screen, argument, KINDS)
    shared = _sharing_the_name(screen, argument)
    if len(shared) > 1:  # a card in a space and a ground version ("critical hit"): each, under its own name
        return [line for ident in shared for line in show_screen(game, player, ident)]
    if not isinstance(found, tuple):
        return _unknown(argument, found)
    kind, ident = found
    item = screen.content.items(kind)[ident]
    if kind == "systems":
        return map_screen(game, player, ident)
    title = (marker_name(game, ident) if kind == "markers" else screen.name(ident)) + f"  ({gettext(_KIND_NAMES.get(kind, kind))})"
    lines = [title]
    if kind == "leaders":
        lines.append("  " + _("{side} leader: {skills}.").format(side=screen.side(item.faction),
                                                               skills=screen.skills(item)))
        if ident in screen.data["leaders"]:
            lines.append("  " + _("Now: {where}.").format(where=_leader_where(screen, ident)))
    elif kind == "units":
        attack = ", ".join(f"{n} {dice_colour(c)}" for c, n in item.attack.items() if n) or _("none")
        health = item.health if item.health is not None else "-"
        lines.append("  " + _("{side} {theater} unit: attack {attack}; health {health}; carries {carry}; "
                              "{supply} in the box.").format(
            side=screen.side(item.faction), theater=_theater(item.theater), attack=attack,
            health=health, carry=item.transport_capacity, supply=item.supply))
        if item.summary:
            lines.append("  " + local_text(item.summary))
        where = {loc: units[ident] for loc, units in screen.data["units"].items() if units.get(ident)}
        if where:
            lines.append("  " + _("On the board: {places}.").format(
                places=", ".join(f"{screen.name(loc)} {n}" for loc, n in sorted(where.items()))))
    else:
        facts = _card_facts(screen, kind, ident)
        if facts:
            lines.append("  " + facts.strip())
        summary = card_summary(screen, ident)
        if summary:
            lines.append("  " + summary)
        for ability in ("top", "bottom"):
            half = getattr(item, ability, None)
            if half is not None and getattr(half, "summary", None):
                lines.append("  " + (_("Top: {ability}") if ability == "top" else _("Bottom: {ability}")).format(
                    ability=local_text(half.summary)))
    return lines


_KIND_NAMES = {"leaders": N_("leader"), "units": N_("unit"), "missions": N_("mission card"),
               "actions": N_("action card"), "objectives": N_("objective card"), "tactics": N_("tactic card"),
               "advanced-tactics": N_("advanced tactic card"), "projects": N_("project card"),
               "probes": N_("probe card"), "markers": N_("marker"), "regions": N_("region")}


__all__ = ["hand_screen", "leaders_screen", "map_screen", "show_screen", "status_screen"]
