"""Ids inside effects and conditions are checked at any depth (issue 35 #1): ``{op: place_units, units:
{rebel-troper: 2}}`` or ``where: {has_units: {units: [stormtroper]}}`` passed `rebellion validate` and stopped the
game with a KeyError when the card resolved. Every field of an op or condition model that holds ids is marked with
the kind it names (``swrebellion.refs.Ref``); the check walks the models, so the tests here walk them too: every
marked field of every installed op is tried with a typo, and a field named like a kind that is not marked fails
the census. A bad id that gets past the check anyway stops the game with words, not a KeyError."""

from __future__ import annotations

import json
import types
import typing
from typing import Annotated, Any, Iterator

import pytest
import yaml
from pydantic import BaseModel

from packkit import cli, write_pack
from swrebellion.models.effects import NESTED_STEPS, EffectStep
from swrebellion.plugins import activate, discover
from swrebellion.refs import NotRef, Ref

TYPO = "zz-typo"


@pytest.fixture(scope="module")
def ops():
    """Every installed expansion's ops: a fan pack may use any of them."""
    discovery = discover()
    return activate(sorted(discovery.installed), (), discovery=discovery).ops


def _arms(annotation: Any) -> tuple[Any, list[Any], tuple[Any, ...]]:
    """(origin, args, metadata) with Annotated unwrapped."""
    metadata: tuple[Any, ...] = ()
    while typing.get_origin(annotation) is Annotated:
        metadata += annotation.__metadata__
        annotation = typing.get_args(annotation)[0]
    return typing.get_origin(annotation), list(typing.get_args(annotation)), metadata


def locations(annotation: Any, metadata: tuple[Any, ...] = (), seen: frozenset = frozenset()
              ) -> Iterator[tuple[tuple[Any, ...], Ref]]:
    """Where a value of ``annotation`` holds a marked id, as a path: ``("key", name)``, ``("item",)`` (a list's
    element), ``("dict-key",)``, ``("dict-value",)``; found from the types alone. Nested steps are any op's: each op
    is walked on its own."""
    origin, args, more = _arms(annotation)
    metadata = (*metadata, *more)
    if any(isinstance(m, Ref) for m in metadata):
        yield (), next(m for m in metadata if isinstance(m, Ref))
        return
    if NESTED_STEPS in metadata or annotation is EffectStep:
        return
    inner = args
    if origin in (typing.Union, types.UnionType):
        for arm in inner:
            yield from locations(arm, (), seen)
    elif origin in (list, tuple, set, frozenset) and inner:
        for path, ref in locations(inner[0], (), seen):
            yield (("item",),) + path, ref
    elif origin is dict:
        for path, ref in locations(inner[0], (), seen):
            yield (("dict-key",),) + path, ref
        for path, ref in locations(inner[1], (), seen):
            yield (("dict-value",),) + path, ref
    else:
        while typing.get_origin(annotation) is Annotated:
            annotation = typing.get_args(annotation)[0]
        if isinstance(annotation, type) and issubclass(annotation, BaseModel) and annotation not in seen:
            for name, info in annotation.model_fields.items():
                for path, ref in locations(info.annotation, tuple(info.metadata), seen | {annotation}):
                    yield (("key", info.alias or name),) + path, ref


def build(path: tuple[Any, ...]) -> tuple[Any, str]:
    """Data holding :data:`TYPO` at ``path``, and its JSON pointer."""
    if not path:
        return TYPO, ""
    head, rest = path[0], path[1:]
    value, pointer = build(rest)
    if head[0] == "key":
        return {head[1]: value}, f"/{head[1]}{pointer}"
    if head[0] == "item":
        return [value], f"/0{pointer}"
    if head[0] == "dict-key":
        return {TYPO: 1}, f"/{TYPO}"
    return {"some-key": value}, f"/some-key{pointer}"


def marked_steps(ops) -> list[tuple[str, dict, str]]:
    """(op, a step with a typo in one marked field, the typo's pointer in the step), for every marked field of
    every installed op, conditions included (found inside the ops' models)."""
    found = []
    for spec in ops:
        for path, _ref in locations(spec.params):
            data, pointer = build(path)
            found.append((spec.name, {"op": spec.name, **data}, pointer))
    return found


def test_the_census_finds_marked_fields_in_ops_and_conditions(ops):
    names = {(op, pointer) for op, _, pointer in marked_steps(ops)}
    assert ("place_units", f"/units/{TYPO}") in names
    assert ("choose", "/where/has_units/units/0") in names          # a condition inside an op
    assert ("if", "/when/supply/" + TYPO) in names                   # the Condition model
    assert ("move_units", "/from/systems/0") in names                # one arm of a union
    assert {("place_units", "/icons/0"), ("destroy_units", "/icons/0"), ("tactic_destroy", "/icons/0")} <= names
    assert len(names) >= 40


def test_a_typo_in_every_marked_field_of_every_op_is_reported_with_its_place(tmp_path, ops):
    """One mission per marked field, the step nested in an ``if`` (any depth): each typo is one SW401 at its
    pointer, line and column. The steps are otherwise incomplete: their schema errors are beside the point."""
    steps = marked_steps(ops)
    items = [{"id": f"m{n}", "name": {"en": f"M{n}"}, "set": "fan", "faction": "rebel", "deck": "regular",
              "requires": {"diplomacy": 1}, "mode": "attempt",
              "effect": [{"op": "if", "when": {}, "then": [step]}]} for n, (_, step, _) in enumerate(steps)]
    folder = write_pack(tmp_path / "fan", "fan", requires=["base>=1.0", "rise-of-the-empire>=1.0"],
                        content={"missions.yaml": yaml.safe_dump({"kind": "missions", "items": items})})
    result = cli("validate", str(folder), "-x", "rise-of-the-empire", "--format", "json")
    report = json.loads(result.stdout)
    unknown = {(d["pointer"], d["message"]) for d in report["diagnostics"] if d["code"] == "SW401"}
    missed = []
    for n, (op, _, pointer) in enumerate(steps):
        where = f"/items/{n}/effect/0/then/0{pointer}"
        if not any(at == where and repr(TYPO) in message for at, message in unknown):
            missed.append((op, where))
    assert not missed, f"typos not reported: {missed}"
    assert all(d["line"] and d["column"] for d in report["diagnostics"] if d["code"] == "SW401")


def test_the_issues_typos_are_found_deep_down_with_a_did_you_mean(tmp_path):
    mission = """\
kind: missions
items:
- {id: fan-rally, name: {en: Rally}, set: fan, faction: rebel, deck: regular, requires: {diplomacy: 1}, mode: attempt,
   target: [{op: choose, what: system, where: {has_units: {side: rebel, units: [stormtroper]}}}],
   effect: [{op: loyalty, change: gain}]}
- id: fan-rally-deep
  mode: resolve
  deck: regular
  faction: rebel
  set: fan
  requires: {logistics: 1}
  name: {en: Rally Deep}
  effect:
  - op: choose
    what: option
    options:
    - {id: a, label: A, steps: [{op: loyalty, change: gain}]}
    - id: b
      label: B
      steps:
      - op: if
        when: {leader_in: [luke-skywalkr]}
        then:
        - {op: place_units, units: {rebel-troper: 2}}
"""
    folder = write_pack(tmp_path / "fan", "fan", requires=["base>=1.0"], content={"missions.yaml": mission})
    result = cli("validate", str(folder))
    assert result.exit_code == 1, result.output
    out = result.output
    assert "missions.yaml:4:" in out and "unknown units id 'stormtroper'" in out and "'stormtrooper'" in out
    assert "missions.yaml:22:" in out and "unknown leaders id 'luke-skywalkr'" in out and "'luke-skywalker'" in out
    assert "missions.yaml:24:" in out and "unknown units id 'rebel-troper'" in out and "'rebel-trooper'" in out
    assert out.count("SW401") == 3


def test_a_typo_in_a_build_icon_is_reported_with_a_did_you_mean(tmp_path):
    """Build icons are resource ids or the bare shapes of RS-BLD-02 (``triangle``: either theater); a misspelt icon
    or shape is an unknown id, not a unit the card silently never finds."""
    mission = """\
kind: missions
items:
- {id: fan-muster, name: {en: Muster}, set: fan, faction: rebel, deck: regular, requires: {diplomacy: 1},
   mode: attempt, effect: [{op: place_units, icons: [circle, triangel, ground-triangle]}]}
- {id: fan-raid, name: {en: Raid}, set: fan, faction: rebel, deck: regular, requires: {diplomacy: 1},
   mode: attempt, effect: [{op: destroy_units, side: opponent, at: queue, icons: [ground-triangel, square]}]}
"""
    folder = write_pack(tmp_path / "fan", "fan", requires=["base>=1.0"], content={"missions.yaml": mission})
    result = cli("validate", str(folder))
    assert result.exit_code == 1, result.output
    out = result.output
    assert "missions.yaml:4:" in out and "unknown resources id 'triangel'" in out and "'triangle'" in out
    assert "missions.yaml:6:" in out and "unknown resources id 'ground-triangel'" in out
    assert "'ground-triangle'" in out
    assert out.count("SW401") == 2


def test_the_built_in_content_names_only_ids_it_has():
    """Words (``choose``, ``actor``) and rings named without ``-ring`` are not taken for typos."""
    result = cli("validate", "-x", "rise-of-the-empire")
    assert result.exit_code == 0, result.output


def _kind_words() -> set[str]:
    """Words that name a content kind in a field's name (``own_units``), singular or plural."""
    discovery = discover()
    kinds = activate(sorted(discovery.installed), (), discovery=discovery).kinds.names()
    words = {"card", "cards", "die"}
    for kind in kinds:
        last = kind.split("-")[-1]
        words |= {last, last.removesuffix("s")}
    return words


def _holds_str(annotation: Any) -> bool:
    if annotation is str:
        return True
    return any(_holds_str(arg) for arg in typing.get_args(annotation))


def _marked(annotation: Any, metadata: tuple[Any, ...]) -> bool:
    if any(isinstance(m, (Ref, NotRef)) for m in metadata):
        return True
    if typing.get_origin(annotation) is Annotated and _marked(typing.get_args(annotation)[0],
                                                                annotation.__metadata__):
        return True
    return any(_marked(arg, ()) for arg in typing.get_args(annotation))


def unmarked(models: list[type[BaseModel]], words: set[str]) -> list[str]:
    """Fields named like a content kind (a word of the name is a kind, singular or plural) that hold strings with
    neither :class:`Ref` nor :class:`NotRef`: the check would read past them."""
    found = []
    for model in models:
        for name, info in model.model_fields.items():
            named = set(name.strip("_").split("_")) & words
            if named and _holds_str(info.annotation) and not _marked(info.annotation, tuple(info.metadata)):
                found.append(f"{model.__module__}.{model.__qualname__}.{name}")
    return found


def _models(annotation: Any, found: set) -> None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        if annotation in found:
            return
        found.add(annotation)
        for info in annotation.model_fields.values():
            _models(info.annotation, found)
        return
    for arg in typing.get_args(annotation):
        _models(arg, found)


def test_every_field_named_like_a_kind_is_marked_as_an_id_or_not(ops):
    models: set = set()
    for spec in ops:
        _models(spec.params, models)
    assert len(models) > len(ops)  # conditions, filters, options ... too
    assert unmarked(sorted(models, key=lambda m: m.__qualname__), _kind_words()) == []


def test_the_census_catches_an_unmarked_id_field(ops):
    from swrebellion.engine.ops import Strict

    class NewOp(Strict):
        units: list[str] = []
        leader: str | None = None
        system: Annotated[str, NotRef("a context key")] = "system"
        count: int = 1

    assert [field.rsplit(".", 1)[1] for field in unmarked([NewOp], _kind_words())] == ["units", "leader"]


def test_a_bad_id_the_check_missed_stops_the_game_with_words(tmp_path, monkeypatch):
    """Were the check to miss an id, the card's step must not end the game in a KeyError ('please report it'):
    the error names the card's step and the id."""
    import swrebellion.validate

    made = cli("new", "pack", str(tmp_path / "my-pack"))
    assert made.exit_code == 0, made.output
    missions = tmp_path / "my-pack" / "missions.yaml"
    missions.write_text(missions.read_text().replace(
        "  - {op: loyalty, change: gain, amount: 1}",
        "  - {op: loyalty, change: gain, amount: 1}\n  - {op: place_units, units: {rebel-troper: 2}}"))
    assert "rebel-troper" in cli("validate", str(tmp_path / "my-pack")).output
    monkeypatch.setattr(swrebellion.validate, "check_refs", lambda *args, **kwargs: [])
    result = cli("scenario", "run", str(tmp_path / "my-pack" / "scenarios" / "example-mission.yaml"))
    assert result.exit_code == 1, result.output
    assert "'rebel-troper'" in result.output and "place_units" in result.output and "my-pack-example-mission" in \
        result.output
    assert "KeyError" not in result.output and "unexpected error" not in result.output
