"""Validation has no holes (issue 10, section 2): effect steps nested in an op's parameters, at any depth, are the
same recursive effect type as a card's own steps; an unknown op (SW206) or parameter (SW201) is reported at the
nested step's JSON pointer, with line and column, in the models and in the generated schemas."""

from __future__ import annotations

import json
import re

import jsonschema
import pytest

from packkit import cli, write_pack
from swrebellion.plugins import activate
from swrebellion.schema import content_schema

MISSION = """\
kind: missions
items:
- id: fan-rally
  name: {en: Rally the Sector}
  set: fan
  faction: rebel
  deck: regular
  requires: {diplomacy: 1}
  mode: attempt
  target:
  - {op: choose, what: system, where: {populous: true}}
  effect:
  - op: choose
    what: option
    options:
    - id: loyal
      label: Gain loyalty
      steps:
      - {op: loyality, change: gain}
    - id: troops
      label: Troops
      steps:
      - op: if
        when: {base_hidden: true}
        then:
        - {op: place_units, units: {rebel-trooper: 1}, amout: 2}
        otherwise:
        - op: later
          moment: command.end
          steps:
          - {op: reputation, amount: 1, cuase: deep}
"""


@pytest.fixture
def report(tmp_path):
    folder = write_pack(tmp_path / "fan", "fan", requires=["base>=1.0"], content={"missions.yaml": MISSION})
    result = cli("validate", str(folder), "--format", "json")
    assert result.exit_code == 1, result.output
    return json.loads(result.stdout)


def test_an_unknown_op_two_levels_down_is_found_at_its_pointer(report):
    [found] = [d for d in report["diagnostics"] if d["code"] == "SW206"]
    assert found["pointer"] == "/items/0/effect/0/options/0/steps/0/op"
    assert (found["line"], found["column"]) == (19, 10) and "loyality" in found["message"]
    assert "loyalty" in found["hint"]


def test_unknown_parameters_at_every_depth_are_found_at_their_pointers(report):
    found = {(d["pointer"], d["line"]) for d in report["diagnostics"] if d["code"] == "SW201"}
    assert found == {
        ("/items/0/effect/0/options/1/steps/0/then/0/amout", 26),
        ("/items/0/effect/0/options/1/steps/0/otherwise/0/steps/0/cuase", 31),
    }


def test_the_generated_schema_checks_nested_steps_too():
    """The committed schemas and the models agree: a nested step is checked against the per-op branches."""
    active = activate(env="base,rise-of-the-empire")
    schema = content_schema(active.kinds["missions"], active.ops)
    nested = {"op": "choose", "what": "option", "options": [{"id": "a", "label": "A", "steps": [{"op": "no_such_op"}]},
                                                 {"id": "b", "label": "B", "steps": []}]}
    item = {"id": "x", "name": {"en": "X"}, "set": "fan", "faction": "rebel", "deck": "regular",
            "requires": {"diplomacy": 1}, "mode": "attempt", "effect": [nested]}
    errors = list(jsonschema.Draft202012Validator(schema).iter_errors({"kind": "missions", "items": [item]}))
    paths = ["/".join(map(str, e.absolute_path)) for e in errors]
    assert any(p.startswith("items/0/effect/0/options/0/steps/0") for p in paths), paths


def test_no_field_holding_steps_is_hidden_behind_a_union_in_the_schemas():
    """A field that holds effect steps, at any depth of an op's parameters, is a plain list in the schema: under an
    ``anyOf`` (``X | None``) the schema tier reports a misspelled op at the union and never at the step (issue 10:
    a `choose` option's misspelled op went unreported that way)."""
    active = activate(env="base,rise-of-the-empire")
    found = []
    for spec in active.ops:
        schema = spec.params.model_json_schema()
        defs = schema.get("$defs", {})

        def holds_steps(node, seen=()) -> bool:
            text = json.dumps(node)
            if "x-swrebellion-effect-step" in text:
                return True
            refs = {r.rsplit("/", 1)[-1] for r in re.findall(r'"\$ref": "([^"]+)"', text)} - set(seen)
            return any(holds_steps(defs[r], (*seen, r)) for r in refs if r in defs)

        def walk(node, path):
            if isinstance(node, dict):
                if "anyOf" in node and holds_steps(node):
                    found.append(f"{spec.name}{path}")
                for key, value in node.items():
                    walk(value, f"{path}/{key}")
            elif isinstance(node, list):
                for n, value in enumerate(node):
                    walk(value, f"{path}/{n}")

        walk(schema.get("properties", {}), "")
        walk(defs, "/$defs")
    assert found == []
