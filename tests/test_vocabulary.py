"""Every decision and event the built-in expansions produce is declared, with what each field means
(docs/reference.md is generated from the declarations; issues 12 and 33).

Seeded games of both expansions (2 players, and team play with 3 and 4) and every scenario file (the rules
scenarios, and the fan ideas' and fan packs' scenarios, which play the effect language's rarer verbs) are played.
Every event they log must be declared with exactly its fields, every declared event must be logged at least once (an
event nothing can log is dead, or a bug), and every field must hold what its description says: a field described as
a side holds a side id, a system a system of the board, a unit a unit type, a card a card of that kind, and a secret
says it is one; the side concerned is the side of the leader, unit, mission or action card the event names, and the
side taking the damage owns the units hit."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from conftest import make_rules
from swrebellion.engine import Game, RandomAgent, peek, scenario
from swrebellion.engine.secrets import is_secret
from swrebellion.engine.vocabulary import vocabulary
from swrebellion.expansions.base import board
from swrebellion.expansions.base.tables import tables
from swrebellion.games import rules_for

HERE = Path(__file__).parent
SCENARIOS = sorted((HERE / "scenarios").rglob("*.yaml")) + sorted(HERE.glob("fan_ideas/*/scenarios/*.yaml")) \
    + sorted(HERE.glob("fan_packs/*/scenarios/*.yaml"))
SIDES = ("rebel", "empire")
ID = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
#: A description that only lists its values: "`space` or `ground`", "`forced`, `voluntary` or `relocation`".
ONE_OF = re.compile(r"`[^`]+`((, | or )`[^`]+`)*")


def played() -> Iterator[tuple[str, Game, set[str]]]:
    """(what was played, the game at its end, the decision kinds it asked): the seeded games, then the scenarios."""
    for expansions in (("base",), ("base", "rise-of-the-empire")):
        rules = rules_for(expansions)
        for players in (2, 3, 4):
            for seed in range(6):
                options: dict = {"players": players}
                if len(expansions) > 1 and seed % 2:
                    options["setup"] = "rise-of-the-empire"
                game = Game.new(rules, seed, options)
                agents = {p: RandomAgent(seed * 5 + n) for n, p in enumerate(game.state["players"])}
                kinds = set()
                while not game.over and game.pending:
                    kinds |= {d.kind for d in game.pending}
                    kinds |= {d["kind"] for d in game.state["answered_alone"]}
                    decision = game.pending[0]
                    game.apply(agents[decision.player].choose(game, decision), player=decision.player)
                yield f"{'+'.join(expansions)}, {players} players, seed {seed}", game, kinds
    for path in SCENARIOS:
        spec = scenario.load_scenario(path)
        if spec.expansions == ["hideout"]:
            continue  # the toy game of the kernel's tests: its own world, its own words
        game = scenario.run(spec, make_rules)
        kinds = {s.choose.kind for s in spec.script if s.choose and s.choose.kind}
        kinds |= {s.offered.kind for s in spec.script if s.offered and s.offered.kind}
        yield str(path.relative_to(HERE)), game, kinds | {d.kind for d in game.pending}


def _kinds(game) -> dict[str, Callable[[object], bool]]:
    """What a field may hold, by its description: every description the vocabulary uses is here, so a new one must
    say what its values are (the test fails naming it). Secrets are looked into (``peek``); whether a value must be
    one is checked apart."""
    t, content = tables(game), game.rules.content
    present = content.counts()

    def ids(kind: str) -> set[str]:  # (a kind the game does not have, say the expansion's markers, holds none)
        return set(content.items(kind)) if kind in present else set()

    sides, systems, leaders, units = set(SIDES), set(t.systems), set(t.leaders), set(t.units)
    missions = ids("missions")
    cards = set().union(*(ids(k) for k in ("missions", "objectives", "actions", "tactics", "probes",
                                           "advanced-tactics")))
    places = systems | {"rebel-base"}
    icons = {icon for by_icon in t.builds.values() for icon in by_icon}

    def each(test):
        return lambda v: isinstance(v, list) and all(test(x) for x in v)

    def maps(key, value):
        return lambda v: isinstance(v, dict) and all(key(k) and value(x) for k, x in v.items())

    def number(v) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    def count(v) -> bool:
        return number(v) and v >= 0

    def words(v) -> bool:
        return isinstance(v, str) and v != ""

    def flag(v) -> bool:
        return isinstance(v, bool)

    def optional(test):
        return lambda v: v is None or test(v)

    side, system, leader, unit, card = sides.__contains__, systems.__contains__, leaders.__contains__, \
        units.__contains__, cards.__contains__
    queue_space = {1, 2, 3}.__contains__
    ring = lambda v: isinstance(v, str) and ID.fullmatch(v) is not None  # noqa: E731  (rings are named by cards)
    unit_counts = maps(unit, number)

    def zone(v) -> bool:  # named with absolute sides: hand:rebel:actions, never hand:self:actions
        parts = v.split(":") if isinstance(v, str) else []
        return len(parts) > 1 and parts[0] in ("hand", "deck", "discard") and not {"self", "opponent"} & set(parts)

    return {
        # sides
        "the side concerned: `rebel` or `empire`": side,
        "the side barred": side,
        "the side rolling": side,
        "the side shown": side,
        "the side last": side,
        "the side that removed it": side,
        "the side that acts first in it (RULINGS D-03)": side,
        "the side whose move or card caused it": side,
        "the side taking it (whose units are hit)": side,
        "the side that gained loyalty": optional(side),
        "the side that lost it": optional(side),
        "the new loyalty, or null": optional(side),
        "the winning side, or null": optional(side),
        "the winning side or player, or null": lambda v: v is None or isinstance(v, str),
        "who rolled": words,
        "side -> successes rolled": maps(side, count),
        "side -> the card played": maps(side, optional(card)),
        "theater -> the winning side, or `none` when no unit was left":
            maps({"space", "ground"}.__contains__, lambda v: v == "none" or side(v)),
        "the side, card or leader that did it": lambda v: side(v) or card(v) or leader(v),
        # places
        "a system id, or `rebel-base` (the Rebel Base space)": places.__contains__,
        "the system (or `rebel-base`) units came from": places.__contains__,
        "the system units or leaders came from": places.__contains__,
        "the system whose icon built it, or `rebel-base` (the Rebel Base builds too)": places.__contains__,
        "where he went: `pool`, or a system id": lambda v: v == "pool" or system(v),
        "the old base system": system,
        "the new one (a secret of the Rebel team)": system,
        "the systems named": each(system),
        "Rebel-loyal systems": each(system),
        "Imperial-loyal systems": each(system),
        "subjugated systems": each(system),
        "where it happened: a system id, `rebel-base` (the Rebel Base space) or `build queue`":
            (places | {"build queue"}).__contains__,
        "where it went: a system id, `rebel-base`, `pool`, a hand or deck name":
            lambda v: v in places or v == "pool" or (isinstance(v, str) and bool(re.search(r"hand|deck|discard", v))),
        "a region of the map (a letter)": set(t.regions).__contains__,
        "location -> {unit type: number}": maps(places.__contains__, unit_counts),
        "the zone they came from, sides absolute (`hand:rebel:actions`)": zone,
        "the zone they went to (`discard`: their own discard pile)": lambda v: v == "discard" or zone(v),
        # leaders, rings
        "a leader id": leader,
        "leader ids": each(leader),
        "captured leaders carried along": each(leader),
        "leaders that went with them": each(leader),
        "the leader leading the retreat": each(leader),
        "the leader replacing him": leader,
        "the pictured leader playing it, or null": optional(leader),
        "a ring id (`captured`, `master-yoda`, `lure-of-the-dark-side` ...)": ring,
        "the ring replaced": ring,
        "the new ring": ring,
        "the ring that turned a failure into a success": optional(ring),
        # units
        "a unit type id": unit,
        "unit type id -> number": unit_counts,
        "unit -> number ready to deploy": unit_counts,
        "units that went from the Base space into the old system": unit_counts,
        "unit -> damage on each unit hit": maps(unit, each(count)),
        "unit type ids it affects": each(unit),
        "unit type ids it could not act on": each(unit),
        "units it does not affect": each(unit),
        "the build icon": icons.__contains__,
        "a build-queue space (1-3)": queue_space,
        "the build-queue space, for a queued unit": optional(queue_space),
        "the queue space it left": queue_space,
        "the queue space it went to": queue_space,
        # cards
        "the card (id) that caused it, when a card did": optional(card),
        "card ids (a secret of the sides allowed to see them, where hidden)": each(card),
        "the set's card, if any": optional(card),
        "the mission": missions.__contains__,
        "the mission (the side's secret)": missions.__contains__,
        "the mission opposed": missions.__contains__,
        "the action card played": ids("actions").__contains__,
        "the objective": ids("objectives").__contains__,
        "the tactic card": (ids("tactics") | ids("advanced-tactics")).__contains__,
        "the card kept (a secret of its side)": ids("actions").__contains__,
        "the card taken (a secret of its side when taken from a deck)": card,
        "the objective (a secret of the sides allowed to see it)": ids("objectives").__contains__,
        "`top` or `bottom` of the deck": {"top", "bottom"}.__contains__,
        "which half of an advanced tactic card was used: `top` or `bottom`": {"top", "bottom"}.__contains__,
        "the station destroyed (a unit type id), when a direct hit was rolled": unit,
        "the unit type protecting it": unit,
        "the probe card (a secret of the Empire)": set(t.probes).__contains__,
        "the probe cards turned over": each(set(t.probes).__contains__),
        "the system's probe card, back to the box": optional(set(t.probes).__contains__),
        "a target marker id (`markers.yaml`)": ids("markers").__contains__,
        "the mission set": words,
        "the deck": words,
        "the deck, or `discard:` and the pile": words,
        "the deck's name": words,
        "the new order, top first (a secret)": each(words),
        "the card's timing word": words,
        # numbers and yes/no
        "how many": count, "how many at the bottom": count, "how many on top": count, "how many to the bottom": count,
        "how many went back on top": count, "how many went to the bottom": count,
        "how many dice may be rerolled": count,
        "a number of spaces, successes or damage": number, "how many cards went back in the box": count,
        "red dice added (negative: taken away)": number, "black dice added (negative: taken away)": number,
        "direct damage": count, "reputation lost": count, "the margin": count, "the new limit": count,
        "its new space": count, "the time marker": count, "the reputation marker": count,
        "the reputation printed on it, or null for none": optional(count), "the reputation scored": count,
        "the round (or combat round) number": count,
        "spaces toward the time marker (positive: the Rebel gains)": number,
        "true or false": flag, "true when nobody opposed": flag,
        "true for a resolve card, or a card that takes place nowhere: no attempt": flag,
        "true when the hand is played face up (Good Intel)": flag, "true: placed, false: removed": flag,
        "true for an additional card": flag,
        "whether a direct hit was rolled": flag, "whether it counted": flag,
        # dice
        "die id -> the faces rolled, in order": maps(words, each(words)),
        "[colour, face] pairs": each(lambda p: isinstance(p, list) and len(p) == 2 and p[1] in t.dice.get(p[0], ())),
        "the dice prevented": lambda v: v is not None,
        "the face rolled": words,
        "the faces that count": each(words),
        # words: what a person reads
        "why: a card id or a few words (`combat`, `leader limit` ...)": optional(words),
        "why, in a few words": words, "why, in words": words, "what for": words, "what it did, in words": words,
        "what it looked for": words, "what a roll or draw is for, in a few words": optional(words),
        "what kind of thing (a hand, an effect ...), as the event says": words, "which hand": words,
        "the moment it waits for, in words (`the end of the combat round` ...)": words,
        "the effect": words, "where damage goes": words, "the branch id": words, "the decision kind": words,
        "player -> option id": maps(words, words),
        "when a lasting effect ends: `combat`, `round`, `step`, `attack`": {"combat", "round", "step", "attack"}
            .__contains__,
        # restrictions that last (``restrict``)
        "what is barred there: `move_in`, `move_out`, `missions`, `cards`":
            lambda v: isinstance(v, list) and bool(v) and set(v) <= {"move_in", "move_out", "missions", "cards"},
        "`end-of-phase`, `end-of-round`, `refresh` (the next Refresh Phase), or null":
            {"end-of-phase", "end-of-round", "refresh", None}.__contains__,
        "true when it bars only while a condition holds": flag,
    }


def _one_of(meaning: str) -> Callable[[object], bool] | None:
    """A description that lists its values ("`space` or `ground`"): the value is one of them (null where the
    description says "in team play", which a two-player game leaves out)."""
    if ONE_OF.fullmatch(meaning.removesuffix(" in team play")):
        allowed = set(re.findall(r"`([^`]+)`", meaning))
        return lambda v: v in allowed or (v is None and meaning.endswith(" in team play"))
    return None


def _sides_hit(game, event) -> set[str]:
    """The sides owning the units a ``damage`` event names."""
    return {tables(game).units[u].faction for u in event["dealt"]}


#: The descriptions of a ``card`` field that name the card the event is about (a mission, an action card), whose
#: side is the event's ``faction``; a card that caused the event may be the other side's (a hand shown to it).
OWN_CARD = ("the mission", "the action card played")


def _sides_of(game, event, name: str, meaning: str) -> set[str]:
    """The sides the leader, unit or card the event's field ``name`` names may serve (none when it names neither):
    the side printed on it, or for a leader the side he serves at the end (a Rebel lured to the Dark Side,
    RS-CAP-09)."""
    t = tables(game)
    value = peek(event.get(name))
    if name == "leader" and value in t.leaders:
        return {t.leader_side[value], board.leader_faction(game, value)}
    if name == "unit" and value in t.units:
        return {t.faction_of_unit(value)}
    if name == "card" and meaning in OWN_CARD:
        return {(t.missions.get(value) or t.actions[value]).faction}
    return set()


def _problems(vocab, game, kinds: set[str], where: str, found: dict[str, str]) -> None:
    """What in ``game`` differs from the vocabulary, into ``found`` (one example per kind of problem)."""
    valid = _kinds(game)

    def problem(key: str, example: str) -> None:
        found.setdefault(key, f"{where}: {example}")

    for event in game.state["log"]:
        kind = event["type"]
        if kind not in vocab.events:
            problem(f"event {kind!r} is not declared", str(event))
            continue
        _, fields, _ = vocab.events[kind]
        extra = sorted(set(event) - {"type"} - set(fields))
        if extra:
            problem(f"{kind!r} has undeclared fields {extra}", str(event))
        for name, value in event.items():
            if name == "type" or name in extra:
                continue
            meaning = vocab.meaning(kind, name) or ""
            test = valid.get(meaning) or _one_of(meaning)
            if test is None:
                problem(f"say in tests/test_vocabulary.py what {meaning!r} holds ({kind!r} field {name!r})", "")
            elif not test(peek(value)):
                problem(f"{kind!r} field {name!r} ({meaning}) holds something else", str(event))
            if is_secret(value) and "secret" not in meaning:
                problem(f"{kind!r} field {name!r} is a secret, its description ({meaning!r}) does not say so",
                        str(event))
        if "faction" in event and vocab.meaning(kind, "faction") == "the side concerned: `rebel` or `empire`":
            for name in ("leader", "unit", "card"):  # the side concerned is the leader's, the unit's, the card's
                served = _sides_of(game, event, name, vocab.meaning(kind, name) or "")
                if served and event["faction"] not in served:
                    problem(f"{kind!r} names the other side than its {name}'s", str(event))
        if kind == "damage" and _sides_hit(game, event) != {event["faction"]}:  # issue 33: the side taking it
            problem("damage logged for the wrong side", str(event))
    for unknown in sorted(kinds - set(vocab.decisions)):
        problem(f"decision kind {unknown!r} is not declared", "")


def test_every_declared_event_is_logged_with_the_fields_its_description_says():
    """Issue 12, issue 33 part 4: the vocabulary (docs/reference.md) is what the engine logs, field by field, and
    nothing in it is dead."""
    vocab = vocabulary(rules_for(("base", "rise-of-the-empire")).active)
    logged: set[str] = set()
    found: dict[str, str] = {}
    for where, game, kinds in played():
        _problems(vocab, game, kinds, where, found)
        logged |= {event["type"] for event in game.state["log"]}
    meanings = {vocab.meaning(kind, name) for kind, (_, fields, _) in vocab.events.items() for name in fields}
    for stale in sorted(set(_kinds(game)) - meanings):
        found[f"tests/test_vocabulary.py says what {stale!r} holds, but no field is described so"] = ""
    for never in sorted(set(vocab.events) - logged):
        found[f"declared event {never!r} is logged by no game or scenario (dead, or a bug)"] = ""
    assert not found, "\n".join(f"{key}\n    {example}" if example else key for key, example in found.items())


def test_every_declared_field_has_a_meaning_and_every_declaration_says_something():
    vocab = vocabulary(rules_for(("base", "rise-of-the-empire")).active)
    for name, (what, fields, _) in vocab.events.items():
        assert what, name
        missing = [f for f in fields if not vocab.meaning(name, f)]
        assert not missing, f"{name!r}: no meaning for {missing}"
    for kind, (what, ids) in vocab.decisions.items():
        assert what and ids, kind


def test_a_kind_declared_twice_names_both_plugins():
    class Twice:
        enabled = ["one", "two"]

        def implementers(self, hook):
            return self.enabled

        def call_one(self, plugin, hook):
            return [{"decisions": {"same": ("x", "y")}}]

    with pytest.raises(ValueError, match="'same' is declared by both 'one' and 'two'"):
        vocabulary(Twice())
