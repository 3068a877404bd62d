"""Tier 1: the JSON Schema of each file kind, effect ops from the enabled plugins, and pydantic agreeing with
jsonschema on what is valid."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from packkit import active, mini_world, ops_active, write_pack
from swrebellion.filecheck import FileChecker
from swrebellion.sources import Source
from swrebellion.validate import validate


@pytest.fixture(autouse=True)
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def problems(tmp_path, name: str, data, ops=None) -> list:
    write_pack(tmp_path / "fan", content={**mini_world(), name: data})
    report = validate(ops or active("base"), [tmp_path / "fan"])
    return [(d.code, d.pointer, d.message, d.hint) for d in report.diagnostics]


def unit(**changes):
    item = {**mini_world()["units.yaml"]["items"][0], "id": "y-wing", **changes}
    return {k: v for k, v in item.items() if v is not None}


def test_unknown_key_gets_a_did_you_mean(tmp_path):
    item = unit()
    item["helth"] = item.pop("health")
    found = problems(tmp_path, "extra.yaml", {"kind": "units", "items": [item]})
    assert ("SW201", "/items/0/helth", "unknown key 'helth'", "did you mean 'health'?") in found
    assert ("SW202", "/items/0", "missing required key 'health'", None) in found


def test_types_values_and_ranges(tmp_path):
    item = unit(name="Y-wing", faction="rebels", supply=-1, health="2", attack={"Red": 1})
    found = {(code, pointer): (message, hint) for code, pointer, message, hint in
             problems(tmp_path, "extra.yaml", {"kind": "units", "items": [item]})}
    assert found[("SW203", "/items/0/name")] == ("expected a mapping, found a string 'Y-wing'",
                                                 "text for people is a mapping of languages: {en: 'Y-wing'}")
    assert found[("SW204", "/items/0/faction")][1] == "did you mean 'rebel'?"
    assert found[("SW205", "/items/0/supply")][0] == "-1 is less than the minimum of 0"
    assert found[("SW203", "/items/0/health")][0] == "expected an integer, found a string '2'"
    assert ("SW205", "/items/0/attack/Red") in found


def test_a_value_not_allowed_lists_every_allowed_one_closest_first_and_hints_within_its_family(tmp_path):
    """Issue 31 §4: SW204 once cut its list after twelve values, hiding the one meant (``starting-actions:*``), and
    hinted a hand for a deck. Now every value is listed, those of the written value's family (``deck:``) first by
    closeness, and the hint stays in the family."""
    from swrebellion.expansions.base.ops.cards import SOURCES

    card = {"id": "fan-draw", "name": {"en": "Draw"}, "set": "fan", "faction": "rebel", "starting": False,
            "timing": "special", "effect": [
                {"op": "trigger", "moment": "mission-revealed"},
                {"op": "move_cards", "from": "deck:rebel:tactics", "to": "hand:self:actions", "count": 1}]}
    write_pack(tmp_path / "fan", requires=["base>=1.0,<2"], content={"actions.yaml": {"kind": "actions",
                                                                                      "items": [card]}})
    found = [(d.message, d.hint) for d in validate(active("base"), [tmp_path / "fan"]).diagnostics
             if d.code == "SW204" and d.pointer == "/items/0/effect/1/from"]
    assert len(found) == 1, found
    message, hint = found[0]
    listed = message.split("allowed: ", 1)[1].split(", ")
    assert sorted(v.strip("'") for v in listed) == sorted(SOURCES)  # the whole list, nothing cut
    decks = [v for v in listed if v.startswith("'deck:")]
    assert listed[:len(decks)] == decks and listed[0].startswith("'deck:rebel:")  # its family first, closest first
    # the closest string is 'hand:rebel:actions': a hand is never what a deck's author meant
    assert hint is not None and hint.startswith("did you mean 'deck:rebel:"), hint


def test_a_whole_number_written_with_a_point_counts_as_an_integer(tmp_path):
    assert problems(tmp_path, "extra.yaml", {"kind": "units", "items": [unit(supply=4.0)]}) == []


def test_true_is_not_a_stage(tmp_path):
    card = dict(mini_world()["cards/objectives.yaml"]["items"][0], id="other", stage=True)
    found = problems(tmp_path, "extra.yaml", {"kind": "objectives", "items": [card]})
    assert {(code, pointer) for code, pointer, _, _ in found} == {("SW203", "/items/0/stage"),
                                                                   ("SW204", "/items/0/stage")}


@pytest.mark.parametrize("data, code, pointer", [
    ({"items": []}, "SW209", ""),
    ({"kind": "unit", "items": []}, "SW209", "/kind"),
    ({"kind": "pack", "id": "x"}, "SW209", "/kind"),
    (["kind", "units"], "SW209", ""),
    ({"kind": "units", "items": {}}, "SW203", "/items"),
    ({"kind": "units", "item": []}, "SW201", "/item"),
    ({"kind": "units", "$schema": 3, "items": []}, "SW203", "/$schema"),
])
def test_file_level_problems(tmp_path, data, code, pointer):
    found = problems(tmp_path, "extra.yaml", data)
    assert [(c, p) for c, p, _, _ in found] == [(code, pointer)]


def test_one_bad_item_does_not_hide_the_good_ones(tmp_path):
    data = {"kind": "units", "items": [unit(id="a-wing"), unit(id="B-wing"), unit(id="c-wing")]}
    write_pack(tmp_path / "fan", content={**mini_world(), "extra.yaml": data})
    report = validate(active("base"), [tmp_path / "fan"])
    assert [(d.code, d.pointer) for d in report.diagnostics] == [("SW205", "/items/1/id")]
    assert {"a-wing", "c-wing"} <= set(report.catalog.items("units"))


def mission(effect) -> dict:
    return dict(mini_world()["cards/missions.yaml"]["items"][0], id="raid", effect=effect)


def test_effect_ops_come_from_the_enabled_plugins(tmp_path):
    card = mission([{"op": "test_bonus", "amount": 1}])
    assert problems(tmp_path, "extra.yaml", {"kind": "missions", "items": [card]}, ops_active()) == []
    # Without the plugin that registers it, the op is unknown.
    found = problems(tmp_path, "extra.yaml", {"kind": "missions", "items": [card]}, active("base"))
    assert [(c, p) for c, p, _, _ in found] == [("SW206", "/items/0/effect/0/op")]


def test_wrong_and_unknown_ops(tmp_path):
    card = mission([{"op": "tset_bonus", "amount": 1}, {"op": "test_bonus", "amount": "2", "where": "x"},
                    {"op": "test_bonus"}, {"amount": 1}])
    found = set(problems(tmp_path, "extra.yaml", {"kind": "missions", "items": [card]}, ops_active()))
    assert ("SW202", "/items/0/effect/3", "missing required key 'op'", None) in found
    # A step without `op` also meets the `if` of every op's branch in the step schema, so the required keys of the
    # base game's ops (enabled for its content kinds) are listed too; the committed schemas keep that shape.
    assert {d for d in found if not d[1].startswith("/items/0/effect/3")} == {
        ("SW206", "/items/0/effect/0/op", "unknown effect op 'tset_bonus'", "did you mean 'test_bonus'?"),
        ("SW203", "/items/0/effect/1/amount", "expected an integer, found a string '2'", None),
        ("SW201", "/items/0/effect/1/where", "unknown key 'where'", "allowed keys: op, amount"),
        ("SW202", "/items/0/effect/2", "missing required key 'amount'", None),
    }


def test_pydantic_and_jsonschema_agree(tmp_path):
    """The fast verdict (pydantic models plus op and literal checks) equals jsonschema's on many broken items."""
    selection = ops_active()
    checker = FileChecker(selection.ops, selection.kinds)
    values = ["x", "Bad Id", 3, -1, 0, None, [], {}, True, 3.5, 3.0, "3", ["x"], {"en": "x"}, {"x": 1}]
    seeds = [(data["kind"], item) for data in mini_world().values() for item in data["items"]]
    seeds.append(("missions", mission([{"op": "test_bonus", "amount": 2}])))
    seeds.append(("card-sizes", {"id": "missions", "format": "standard", "width": 63.5, "height": 88}))
    checked = 0
    for kind, item in seeds:
        variants = [{**item, "unknown": 1}]
        for key, value in item.items():
            variants.append({k: v for k, v in item.items() if k != key})
            variants += [{**item, key: v} for v in values]
            if isinstance(value, dict):
                for inner in value:
                    for v in values:
                        changed = copy.deepcopy(item)
                        changed[key][inner] = v
                        variants.append(changed)
        for variant in variants:
            document = {"kind": kind, "items": [variant]}
            source = Source(Path("x.json"), "x.json", "json", json.dumps(document), document, "")
            ours = not checker.content(source).diagnostics
            theirs = not any(True for _ in checker.validators.file(kind).iter_errors(document))
            assert ours == theirs, (kind, variant)
            checked += 1
    assert checked > 2000
    assert set(selection.kinds.names()) - {kind for kind, _ in seeds} <= {"actions", "tactics"}


def test_a_step_met_again_is_judged_again_alike():
    """Steps already accepted are passed over quickly (a bare ``{op: NAME}`` most of all); a step met again must
    get exactly the verdict it got the first time: accepted, unknown op (an old op name, ``tell_base``, among them:
    the loader reads one language, issue 27 §4) or missing parameters."""
    selection = active("base", "rise-of-the-empire")
    steps = [[{"op": "add_damage"}], [{"op": "nope"}], [{"op": "block"}], [{"op": "tell_base"}],
             [{"op": "add_damage"}, {"op": "tell_base"}]]
    cards = [dict(mission(effect), id=f"card-{index}") for index, effect in enumerate(steps * 2)]
    document = {"kind": "missions", "items": cards}
    source = Source(Path("x.json"), "x.json", "json", json.dumps(document), document, "")
    checked = FileChecker(selection.ops, selection.kinds).content(source)
    seen = {(d.code, d.pointer, d.message, d.severity) for d in checked.diagnostics}
    first = {(c, p, m, s) for c, p, m, s in seen if int(p.split("/")[2]) < len(steps)}
    again = {(c, p.replace(f"/items/{int(p.split('/')[2])}", f"/items/{int(p.split('/')[2]) - len(steps)}"), m, s)
             for c, p, m, s in seen - first}
    assert again == first
    assert {c for c, *_ in first} >= {"SW206", "SW202"}
    assert ("SW206", "/items/3/effect/0/op") in {(c, p) for c, p, *_ in first}
    built = dict(checked.items)
    assert [type(built.get(i)).__name__ for i in range(len(cards))] == [
        type(built.get(i % len(steps))).__name__ for i in range(len(cards))]
    assert [built[i].effect for i in built if i >= len(steps)] == [built[i].effect for i in built if i < len(steps)]
