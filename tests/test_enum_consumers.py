"""Every value a schema accepts has a consumer in the rules (issue 31 §1: valid means playable). Each enumeration a
fan may write is checked against what reads it, both ways, so that a value added to a model with nothing reading
it fails here:

* the content kinds' enumerations (timings, stages, decks, faces, sides ...), every ``enum`` of every kind's JSON
  Schema with every shipped expansion enabled, against the values the plugins declare their rules read
  (``KindRegistry.reads``; validate refuses any other, SW801): the same values, or a field declared read by no rule
  (validate refuses it whole);
* the moments a ``trigger`` step may name: exactly the card windows the rules open, each one declaring the sides
  asked there, and each answered in play by a card (built-in or a fan idea) whose scenario plays it;
* the card zones ``move_cards`` accepts: each names a hand, deck, pile or starting cards a set-up game holds;
* every other enumeration of every op's parameters, at any depth (a restriction's bars and duration, an outcome's
  side, a condition's theater, a count's units ...): each value is read by the rules code of the shipped plugins;
* the enumerations of the base game's scenario ``state:`` keys: each value, set in a scenario, is what the game
  starts with.

Cheap: a few sets of rules, one set-up game, a dozen scenario starts and one parse of the plugins' code (about 9 s
alone, on a loaded machine)."""

from __future__ import annotations

import ast
import re
import typing
from pathlib import Path

import pytest

from conftest import make_rules
from swrebellion.plugins import activate, discover

REPO = Path(__file__).resolve().parents[1]
SHIPPED = "base,rise-of-the-empire"


@pytest.fixture(scope="module")
def shipped():
    return activate(env=SHIPPED, folder=Path("/nonexistent"), discovery=discover())


def enumerations(schema: dict, path: str = "", defs: dict | None = None, seen: tuple = ()) -> dict[str, list]:
    """Every ``enum``/``const`` of a JSON Schema by field path, in the syntax of a kind's references (``a/*/b``,
    ``~`` for a mapping's keys)."""
    defs = schema.get("$defs", {}) if defs is None else defs
    found: dict[str, list] = {}
    if "$ref" in schema:
        name = schema["$ref"].rsplit("/", 1)[1]
        return {} if name in seen else enumerations(defs[name], path, defs, (*seen, name))
    if "enum" in schema or "const" in schema:
        found[path] = list(schema.get("enum", [schema.get("const")]))
    for key, sub in schema.get("properties", {}).items():
        found |= enumerations(sub, f"{path}/{key}".lstrip("/"), defs, seen)
    for key, step in (("items", "*"), ("propertyNames", "~"), ("additionalProperties", "*")):
        if isinstance(schema.get(key), dict):
            found |= enumerations(schema[key], f"{path}/{step}".lstrip("/"), defs, seen)
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in schema.get(key, []):
            found |= enumerations(sub, path, defs, seen)
    return found


def test_every_content_enumeration_is_read_by_a_rule_both_ways(shipped):
    schema_fields = {(kind.name, path): values for kind in shipped.kinds
                     for path, values in enumerations(kind.item.model_json_schema()).items()}
    declared = {(kind.name, field): table for kind in shipped.kinds
                for field, table in shipped.kinds.readings(kind.name).items()}
    problems = []
    for (kind, path), values in sorted(schema_fields.items()):
        if (kind, path) not in declared:
            problems.append(f"{kind}/{path} accepts {values}, and no plugin declares reading it "
                            "(registry.reads)")
        elif declared[kind, path] and set(values) != set(declared[kind, path]):
            problems.append(f"{kind}/{path}: the schema accepts {sorted(map(str, values))}, the rules read "
                            f"{sorted(map(str, declared[kind, path]))}")
    for (kind, field) in sorted(set(declared) - set(schema_fields)):
        problems.append(f"{kind}/{field} is declared read, but the schema has no enumeration there")
    assert not problems, "\n".join(problems)


def test_the_timings_are_declared_with_what_they_mean(shipped):
    """The words docs/cards.md shows: every card timing, read by the plugin whose rules play it."""
    actions = shipped.kinds.readings("actions")["timing"]
    objectives = shipped.kinds.readings("objectives")["timing"]
    assert list(actions) == ["assignment", "start-of-combat", "immediate", "special"]
    assert {value: reading.plugin for value, reading in objectives.items()} == {
        "combat": "base", "start-of-refresh": "base", "refresh": "base", "any-time": "base",
        "immediate": "rise-of-the-empire"}
    assert all(reading.meaning for table in (actions, objectives) for reading in table.values())


# -- the moments a trigger names -----------------------------------------------------------------------------------


def test_every_trigger_moment_is_a_card_window_the_rules_open_and_a_card_plays_there():
    from swrebellion.expansions.base.moments import MOMENTS, SIDES_AT
    from swrebellion.expansions.base.ops.actions import Trigger

    accepted = set(typing.get_args(Trigger.model_fields["moment"].annotation.__args__[0]))
    windows = {name for name, moment in MOMENTS.items() if moment.cards}
    assert accepted == windows | {"start-of-combat"}
    assert all(set(SIDES_AT[name]) <= {"rebel", "empire"} and SIDES_AT[name] for name in windows)
    # the rules open each window: a call of special_window (or actions.window, for the sides declared) with its name,
    # or, for a rule moment, the base game's step at rule moments (flow.later_step), added at each by declaration
    code = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "expansions" / "base").rglob("*.py"))
    opened = set(re.findall(r"(?:special_)?window\(game, frame, \"([a-z-]+)\"", code))
    steps = make_rules(["base"]).steps
    assert opened | {name for name in windows if MOMENTS[name].rule and "base.later" in steps.moment_steps(name)} \
        == windows
    # ... and a card answers each in play: its trigger names the window and a scenario plays it (the fan ideas, and
    # the fan packs of tests/fan_packs)
    packs = [*(REPO / "tests" / "fan_ideas").glob("*/pack.yaml"), *(REPO / "tests" / "fan_packs").glob("*/pack.yaml")]
    rules = make_rules(["base", "rise-of-the-empire"], sorted(p.parent for p in packs))
    scripts = "\n".join(p.read_text(encoding="utf-8") for p in (REPO / "tests").rglob("*.yaml")
                        if "scenarios" in p.parts)
    for name in sorted(accepted):
        cards = [cid for cid, card in rules.content.items("actions").items() if card.effect
                 and (card.timing == name if name == "start-of-combat" else
                      card.effect[0].op == "trigger" and card.effect[0].params.get("moment") == name)]
        played = [cid for cid in cards if re.search(rf"option: \"?{re.escape(cid)}\b", scripts)]
        assert played, f"no scenario plays a card at {name!r} (cards naming it: {cards})"


# -- the card zones move_cards accepts -----------------------------------------------------------------------------


def test_every_card_zone_names_a_pile_of_the_game():
    from swrebellion.engine import Game, peek
    from swrebellion.expansions.base.ops.cards import Destination, Source, zone

    game = Game.new(make_rules(["base"]), 1, {"players": 2})
    data = game.state["data"]
    actions = make_rules(["base"]).content.items("actions")
    missing = []
    for spec in sorted({*typing.get_args(Source), *typing.get_args(Destination)}):
        sides = ("rebel", "empire")
        held = []
        for side in sides:
            z = zone(spec, {"faction": side})
            held.append(
                (z.kind == "hand" and z.cards in peek(data["hands"][z.side]))
                or (z.kind == "deck" and z.name in data["decks"])
                or (z.kind == "discard" and (z.name == "discard" or z.name in data["discards"]))
                or (z.kind == "starting-actions" and any(a.starting and a.faction == z.side for a in actions.values()))
                or z.kind == "mission")
        # a zone naming a side outright must exist for a card of either side; self/opponent, for one at least
        relative = any(part in ("self", "opponent") for part in spec.split(":"))
        if not (any(held) if relative else all(held)):
            missing.append(spec)
    assert not missing, f"zones no game holds: {missing}"


# -- every enumeration of the ops' parameters, at any depth ---------------------------------------------------------

#: Op parameters whose values have a test of their own above (a zone is read piece by piece, a moment by the window
#: the rules open).
OWN_TEST = {("move_cards", "from"), ("move_cards", "to"), ("trigger", "moment")}
#: Values read as the other branch of a two-way test on the other value, which the rules code names instead.
OTHER_BRANCH = {("loyalty", "change", "lose"): "board.loyalty: not `gain`",
                ("draw_tactics", "theater", "each"): "combat.draw_tactics: neither `current` nor `choose`"}


def rules_strings() -> set[str]:
    """Every str constant of the shipped plugins' rules code, apart from where a value is declared (a ``Literal``),
    described (a docstring, a ``description=``) or put in words (``presentation``: words read no value)."""
    found = set()
    for path in (REPO / "expansions").rglob("*.py"):
        if "presentation" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        skip = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Subscript) and getattr(node.value, "id", None) == "Literal":
                skip.update(id(n) for n in ast.walk(node.slice))
            elif isinstance(node, ast.keyword) and node.arg == "description":
                skip.update(id(n) for n in ast.walk(node.value))
            elif isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and ast.get_docstring(node) is not None:
                skip.add(id(node.body[0].value))  # type: ignore[attr-defined]
        found |= {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
                  and id(n) not in skip}
    return found


def test_every_op_parameter_enumeration_is_read_by_the_rules(shipped):
    """Issue 31: an enumeration inside an op's parameters (``restrict``'s ``bar`` and ``until``, ``outcome``'s
    ``captured``, a condition's ``theater``, a ``Count``'s units' side ...) validates like any other, so a value
    nothing reads would make a card that validates and silently does something else. Each value of each, at any
    depth of each op's JSON Schema, must be named by the rules code of the shipped plugins apart from its declaration
    (or be listed in OTHER_BRANCH, with the test that reads it)."""
    read = rules_strings()
    unread, listed = [], set()
    for spec in shipped.ops:
        for path, values in sorted(enumerations(spec.params.model_json_schema(by_alias=True)).items()):
            if (spec.name, path) in OWN_TEST:
                continue
            for value in values:
                if (spec.name, path.rsplit("/", 1)[-1], value) in OTHER_BRANCH:
                    listed.add((spec.name, path.rsplit("/", 1)[-1], value))
                elif isinstance(value, str) and value not in read:
                    unread.append(f"{spec.name}: {path} = {value!r}")
    assert not unread, "values no rule reads:\n" + "\n".join(unread)
    assert listed == set(OTHER_BRANCH), "OTHER_BRANCH names values no op takes any more"


# -- the scenario state's enumerations -----------------------------------------------------------------------------

#: Each enumerated key of the base game's scenario ``state:`` (a Literal, or a mapping keyed by one) -> a state
#: setting a value, the pointer where the game that starts holds it, and what it holds there.
UNIT = {"rebel": "x-wing", "empire": "tie-fighter"}
MISSION = {"rebel": ("build-alliance", "mon-mothma"), "empire": ("gather-intel", "colonel-yularen")}
ASSIGNING = {"leaders": {"mon-mothma": "pool"}, "hands": {"rebel": {"missions": ["build-alliance"]}}}
SCENARIO_KEYS = {
    "players": (lambda v: {"players": v}, lambda v: "/options/players", lambda v: v),
    "phase": (lambda v: {"phase": v, **ASSIGNING}, lambda v: "/data/phase", lambda v: v),
    "current": (lambda v: {"current": v, "phase": "command"}, lambda v: "/data/current", lambda v: v),
    "passed": (lambda v: {"passed": {v: True}, "phase": "command", "players": 4 if "-" in v else 2},
               lambda v: f"/data/passed/{v}", lambda v: True),
    "queue": (lambda v: {"queue": {v: {"2": {UNIT[v]: 1}}}}, lambda v: f"/data/queue/{v}/2", lambda v: {UNIT[v]: 1}),
    "assigned": (lambda v: {"phase": "command", "leaders": {MISSION[v][1]: "pool"},
                            "assigned": {v: [{"card": MISSION[v][0], "leaders": [MISSION[v][1]]}]}},
                 lambda v: f"/data/assigned/{v}/0/card", lambda v: MISSION[v][0]),
}


def scenario_values() -> list[tuple[str, object]]:
    from swrebellion.expansions.base.scenario import ScenarioState

    found = []
    for name, field in ScenarioState.model_fields.items():
        annotation = field.annotation
        if typing.get_origin(annotation) is dict:
            annotation = typing.get_args(annotation)[0]
        if typing.get_origin(annotation) is typing.Literal:
            found += [(name, value) for value in typing.get_args(annotation)]
    return found


def test_the_scenario_enumerations_are_the_ones_checked_here():
    assert {name for name, _ in scenario_values()} == set(SCENARIO_KEYS)


@pytest.mark.parametrize(("key", "value"), scenario_values(), ids=lambda v: str(v))
def test_each_scenario_value_is_what_the_game_starts_with(key, value):
    from swrebellion.engine.scenario import Scenario, resolve_pointer, start

    make, pointer, held = SCENARIO_KEYS[key]
    game = start(Scenario.model_validate({"name": key, "state": {"base": "dantooine", **make(value)}}),
                 make_rules(["base"]))
    assert resolve_pointer(game.state, pointer(value)) == held(value)
