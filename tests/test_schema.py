"""The JSON Schemas: generated from the registered content kinds and ops, committed in schemas/, valid, and
agreeing with content."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from packkit import cli
from swrebellion.plugins import activate
from swrebellion.schema import DIALECT, all_schemas, schema_text

REPO = Path(__file__).resolve().parent.parent
SCHEMAS = REPO / "schemas"


@pytest.fixture(scope="module")
def both():
    """Both built-in expansions enabled, as `rebellion schema export` does with every installed expansion."""
    return activate(["rise-of-the-empire"], env=" ", folder=REPO / "no-config")


@pytest.fixture(scope="module")
def generated(both):
    return all_schemas(both.ops, both.kinds)


def test_committed_schemas_are_up_to_date(generated):
    stale = [name for name, schema in generated.items()
             if not (SCHEMAS / name).is_file() or (SCHEMAS / name).read_text(encoding="utf-8") != schema_text(schema)]
    assert not stale, f"schemas/ is stale ({', '.join(stale)}): run `rebellion schema export`"
    assert sorted(p.name for p in SCHEMAS.glob("*.schema.json")) == sorted(generated)


def test_every_schema_is_valid_draft_2020_12_with_a_stable_id(generated, both):
    assert set(generated) == {f"{kind}.schema.json" for kind in both.kinds.names()} | {"pack.schema.json"}
    for name, schema in generated.items():
        Draft202012Validator.check_schema(schema)
        assert schema["$schema"] == DIALECT
        assert schema["$id"] == f"urn:swrebellion:schema:{name.removesuffix('.schema.json')}"
        assert schema["title"] and schema["description"]


def test_the_built_in_content_files_satisfy_their_schemas(generated):
    """What editors and other validators see agrees with `rebellion validate` on the shipped content."""
    from swrebellion.sources import read_source

    files = [p for p in (REPO / "content").rglob("*.yaml")]
    for path in files:
        source, problems = read_source(path)
        assert not problems
        kind = "pack" if path.name == "pack.yaml" else source.data["kind"]
        errors = list(Draft202012Validator(generated[f"{kind}.schema.json"]).iter_errors(source.data))
        assert not errors, (path, errors[0].message)


def test_ids_keyed_mappings_refuse_other_keys(generated):
    attack = generated["units.schema.json"]["$defs"]["Unit"]["properties"]["attack"]
    validator = Draft202012Validator(attack)
    assert validator.is_valid({"red": 1}) and not validator.is_valid({"Red": 1})


def test_export_check_lists_stale_files_and_writes_nothing(tmp_path, both):
    result = cli("schema", "export", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert len(list(tmp_path.glob("*.schema.json"))) == len(both.kinds) + 1
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")], "no temporary file left behind"
    (tmp_path / "units.schema.json").write_text("{}\n")
    (tmp_path / "dice.schema.json").unlink()
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    result = cli("schema", "export", "--out", str(tmp_path), "--check")
    assert result.exit_code == 1
    assert sorted(line.rsplit("/", 1)[-1] for line in result.stdout.splitlines()) == ["dice.schema.json",
                                                                                    "units.schema.json"]
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before
    assert cli("schema", "export", "--out", str(tmp_path)).exit_code == 0
    assert cli("schema", "export", "--out", str(tmp_path), "--check").exit_code == 0
    assert json.loads((tmp_path / "units.schema.json").read_text())["$id"] == "urn:swrebellion:schema:units"


def test_export_with_an_unknown_expansion_is_a_usage_error(tmp_path):
    assert cli("schema", "export", "--out", str(tmp_path), "--no-expansion", "nope").exit_code == 2


def test_a_kind_schema_comes_from_the_plugin_that_registers_it(tmp_path, both):
    """Without Rise of the Empire, the export has no advanced-tactics schema: that kind is the expansion's."""
    assert both.kinds["advanced-tactics"].plugin == "rise-of-the-empire"
    assert both.kinds["units"].plugin == "base"
    result = cli("schema", "export", "--out", str(tmp_path), "--no-expansion", "rise-of-the-empire")
    assert result.exit_code == 0, result.output
    written = {p.name for p in tmp_path.glob("*.schema.json")}
    assert "units.schema.json" in written and "advanced-tactics.schema.json" not in written
    assert len(written) == len(both.kinds)  # every kind but one, plus pack.schema.json
