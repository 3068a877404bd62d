"""Tier 2: references (declared with each content kind), the base game's map and unit-count checks (registered
with its kinds), and the plugins' own checks."""

from __future__ import annotations

import types
import typing

import pytest
from pydantic import BaseModel

from packkit import active, mini_world, write_pack
from swrebellion.hookspecs import hookimpl
from swrebellion.models.common import ID_PATTERN
from swrebellion.models.effects import EffectStep
from swrebellion.plugins import Expansion
from swrebellion.validate import validate

#: Fields that hold ids but name no catalog item: the product a piece comes from, rules abilities of plugins.
NOT_REFERENCES = frozenset({"id", "set", "abilities"})
#: Every kind the built-in expansions register.
KINDS = active("base", "rise-of-the-empire").kinds


@pytest.fixture(autouse=True)
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def check(tmp_path, change=None, selection=None) -> list[tuple]:
    world = mini_world()
    if change:
        change(world)
    write_pack(tmp_path / "fan", content=world)
    report = validate(selection or active("base"), [tmp_path / "fan"])
    return [(d.code, d.file, d.pointer, d.message, d.hint) for d in report.diagnostics]


def items(world, file):
    return world[file]["items"]


def test_the_mini_world_is_clean(tmp_path):
    assert check(tmp_path) == []


def test_unknown_references_with_hints(tmp_path):
    def change(world):
        items(world, "units.yaml")[0]["health_colour"] = "blak"
        items(world, "cards/missions.yaml")[0]["portrait"] = "villain"
        items(world, "setups.yaml")[0]["rebel"]["units"] = {"x-wing": 1, "y-wing": 1}
        items(world, "adjacency.yaml").append({"between": ["gamma", "delta"]})

    found = check(tmp_path, change)
    assert ("SW401", "fan/units.yaml", "/items/0/health_colour", "unknown dice id 'blak'",
            "did you mean 'black'?") in found
    assert ("SW401", "fan/cards/missions.yaml", "/items/0/portrait", "unknown leaders id 'villain'",
            "no leaders item has this id in the loaded packs") in found
    assert any(d[0] == "SW401" and d[2] == "/items/0/rebel/units/y-wing" for d in found)
    assert any(d[0] == "SW401" and d[2] == "/items/2/between/1" for d in found)
    assert len(found) == 4


def test_an_item_that_failed_its_schema_is_still_checked_but_not_reported_twice(tmp_path):
    def change(world):
        unit = items(world, "units.yaml")[0]
        unit["supply"] = "many"  # x-wing fails its schema: the setup's reference to it is not an error
        unit["attack"] = {"blak": 1}  # but its own references are still checked

    found = [(code, pointer) for code, _, pointer, _, _ in check(tmp_path, change)]
    assert sorted(found) == [("SW203", "/items/0/supply"), ("SW401", "/items/0/attack/blak")]


def test_a_reference_to_a_removed_item_says_who_removed_it(tmp_path):
    write_pack(tmp_path / "core", "core", content=mini_world())
    write_pack(tmp_path / "mod", "mod", requires=["core"], removes=["leaders/hero"])
    report = validate(active("base"), [tmp_path / "core", tmp_path / "mod"])
    [d] = report.diagnostics
    assert (d.code, d.file, d.hint) == ("SW401", "core/cards/missions.yaml", "pack 'mod' removes it")


def test_map_problems(tmp_path):
    def change(world):
        items(world, "adjacency.yaml").extend([{"between": ["beta", "beta"]}, {"between": ["beta", "alpha"]}])
        items(world, "systems.yaml").append(dict(items(world, "systems.yaml")[0], id="delta"))
        world["board.yaml"]["items"].append({"id": "rim", "name": {"en": "Rim"}, "size": 1})

    everything = check(tmp_path, change)
    found = {d[0]: d for d in everything if d[2] != "/items/1/size"}
    assert found["SW501"][2:4] == ("/items/2/between", "system 'beta' is listed as adjacent to itself")
    assert found["SW502"][1:3] == ("fan/adjacency.yaml", "/items/3")
    assert "first in fan/adjacency.yaml:" in found["SW502"][3]
    assert found["SW503"][1:4] == ("fan/systems.yaml", "/items/3",
                                   "the map is not connected: 1 systems cannot be reached from 'alpha': delta")
    assert found["SW504"][2:4] == ("/items/0/size", "region 'core' has size 3 but holds 4 systems: "
                                                    "alpha, beta, delta, gamma")
    assert sorted(found) == ["SW501", "SW502", "SW503", "SW504"]
    assert ("SW504", "fan/board.yaml", "/items/1/size", "region 'rim' has size 1 but holds 0 systems", None) \
        in everything


def test_setups_fit_in_the_box(tmp_path):
    def change(world):
        empire = items(world, "setups.yaml")[0]["empire"]
        empire["units"] = {"tie": 5, "x-wing": 1}
        empire["fixed"] = [{"where": "chosen-remote-system", "units": {"tie": 1}}]

    found = [(code, pointer, message) for code, _, pointer, message, _ in check(tmp_path, change)]
    assert ("SW601", "/items/0", "uses 7 'tie' but the supply is 6") in found
    assert ("SW402", "/items/0/empire", "the empire setup uses 'x-wing', a unit of the rebel") in found
    # the base game alone places no fixed placement (Rise of the Empire does, RE-SET-08): valid means playable
    assert ("SW801", "/items/0/empire/fixed/0/where", "no rule of the enabled plugins reads 'chosen-remote-system' "
            "in the empire/fixed/*/where of setups: this item would never act as written") in found
    assert len(found) == 3


def id_paths(annotation, metadata=(), prefix: str = "") -> set[str]:
    """Where a model keeps content ids, in the path syntax of a kind's references."""
    def is_id(annotation, metadata=()) -> bool:
        marks = [*metadata, *getattr(annotation, "__metadata__", ())]
        return any(getattr(m, "pattern", None) == ID_PATTERN for m in marks)

    if is_id(annotation, metadata):
        return {prefix}
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is typing.Annotated:
        return id_paths(args[0], (), prefix)
    if origin in (typing.Union, types.UnionType):
        return set().union(*(id_paths(a, (), prefix) for a in args))
    if origin in (list, tuple):
        return set().union(*(id_paths(a, (), f"{prefix}/*") for a in args if a is not Ellipsis))
    if origin is dict:
        return ({f"{prefix}/~"} if is_id(args[0]) else set()) | id_paths(args[1], (), f"{prefix}/?")
    if isinstance(annotation, type) and issubclass(annotation, BaseModel) and annotation is not EffectStep:
        return set().union(set(), *(id_paths(f.annotation, f.metadata, f"{prefix}/{name}")
                                    for name, f in annotation.model_fields.items()))
    return set()


@pytest.mark.parametrize("kind", KINDS.names())
def test_every_id_field_of_the_models_is_checked(kind):
    """A model field that holds ids must be a reference its kind declares, or named in NOT_REFERENCES."""
    paths = {p.lstrip("/") for p in id_paths(KINDS[kind].item)}
    paths = {p for p in paths if not set(p.split("/")) & NOT_REFERENCES}
    assert paths == {path for path, _ in KINDS[kind].references}


class Checks:
    """A test expansion whose validate_catalog reports, crashes, or returns junk, by the catalog's content."""

    EXPANSION = Expansion(id="test-checks", name="Test checks", version="1.0.0")

    @hookimpl
    def validate_catalog(self, catalog):
        entry = catalog.entry("units", "tie")
        yield entry.diagnostic("XYZ001", "TIE fighters need a pilot", "/supply", "add pilots")
        if "crash" in catalog.items("markers"):
            raise RuntimeError("boom")
        if "junk" in catalog.items("markers"):
            yield "not a diagnostic"


def test_plugins_add_checks_and_a_failing_plugin_is_named(tmp_path):
    selection = active("base", "test-checks", extra=[(Checks(), "tests")])
    found = check(tmp_path, selection=selection)
    assert found == [("XYZ001", "fan/units.yaml", "/items/1/supply", "TIE fighters need a pilot", "add pilots")]

    def crash(world):
        world["markers.yaml"]["items"].append({"id": "crash", "name": {"en": "Crash"}})

    assert [d[0] for d in check(tmp_path, crash, selection)] == ["SW901"]

    def junk(world):
        world["markers.yaml"]["items"].append({"id": "junk", "name": {"en": "Junk"}})

    found = check(tmp_path, junk, selection)
    assert [d[0] for d in found] == ["SW901", "XYZ001"]
    assert "returned str" in found[0][3]


@pytest.mark.parametrize("steps", [["portrait"], ["a/b"], ["~x"], ["*"], ["~"], ["resources", "*"], ["attack", "~"]])
@pytest.mark.parametrize("value", [
    {"portrait": "han-solo", "a/b": "x", "~x": "y", "*": "z", "resources": ["a", 1, "b"], "attack": {"red": 1}},
    {"portrait": 3, "a/b": None, "~x": ["y"], "*": {"k": "v"}, "resources": {"*": "c"}, "attack": ["red"]},
    {}, [], "portrait", None, ["han-solo"],
])
def test_the_ids_an_item_names_are_found_wherever_it_is_shaped(value, steps):
    """References are checked in rejected items too, whatever their shape: the quick look at an item's own field
    finds what the step-by-step walk finds (pointers escaped as RFC 6901 says)."""
    from swrebellion.semantics import _descend, _walk

    assert list(_walk(value, steps, "/items/0")) == list(_descend(value, steps, "/items/0"))
