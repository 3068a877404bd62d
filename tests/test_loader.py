"""Packs: finding them, requirements and order, files, replaces/removes, and the frozen Catalog they make."""

from __future__ import annotations

import pytest
import yaml
from pydantic import ValidationError

from packkit import active, mini_world, write_pack
from swrebellion.loader import load
from swrebellion.validate import ContentError, load_catalog, validate


@pytest.fixture
def base_only(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # file names are shown relative to the current folder
    return active("base")


def codes(report) -> list[str]:
    return [d.code for d in report.diagnostics]


def test_a_fan_pack_gets_the_built_in_pack_it_requires(tmp_path, base_only):
    write_pack(tmp_path / "fan", requires=["base>=1.0,<2"])
    catalog = load(base_only, [tmp_path / "fan"]).catalog
    assert [p.id for p in catalog.packs] == ["base", "fan"]
    assert catalog.pack("base").source == "built-in (expansion base)"


def test_a_built_in_pack_of_a_disabled_expansion_is_not_pulled_in(tmp_path, base_only):
    write_pack(tmp_path / "fan", requires=["rise-of-the-empire"])
    report = validate(base_only, [tmp_path / "fan"])
    [d] = [d for d in report.diagnostics if d.code == "SW307"]
    assert d.hint == "add --expansion rise-of-the-empire" and not report.cross_checked


def test_order_is_requirements_first_then_id(tmp_path, base_only):
    write_pack(tmp_path / "z", "z")
    write_pack(tmp_path / "m", "m")
    write_pack(tmp_path / "a", "a", requires=["z"])
    write_pack(tmp_path / "b", "b", requires=["a", "m"])
    for paths in (["b", "a", "m", "z"], ["z", "m", "a", "b"]):
        catalog = load(base_only, [tmp_path / p for p in paths]).catalog
        assert [p.id for p in catalog.packs] == ["m", "z", "a", "b"]


def test_plugins_a_pack_needs_must_be_enabled(tmp_path, base_only):
    write_pack(tmp_path / "fan", plugins=["rise-of-the-empire", "no-such-plugin"])
    report = validate(base_only, [tmp_path / "fan"])
    found = [(d.code, d.line, d.hint) for d in report.diagnostics]
    assert ("SW307", 6, "add --expansion rise-of-the-empire") in found
    assert any(code == "SW307" and line == 7 and "install" in hint for code, line, hint in found)


def test_two_folders_with_one_id(tmp_path, base_only):
    write_pack(tmp_path / "one", "same")
    write_pack(tmp_path / "two", "same")
    report = validate(base_only, [tmp_path / "one", tmp_path / "two"])
    [d] = [d for d in report.diagnostics if d.code == "SW302"]
    assert "one" in d.message and d.file.endswith("two/pack.yaml")


def test_a_named_folder_wins_over_the_built_in_pack_of_the_same_id(tmp_path, base_only):
    write_pack(tmp_path / "my-base", "base", "1.5.0", content=mini_world())
    write_pack(tmp_path / "fan", requires=["base>=1.5"])
    catalog = load(base_only, [tmp_path / "my-base", tmp_path / "fan"]).catalog
    assert catalog.pack("base").version == "1.5.0" and catalog.pack("base").source.endswith("my-base")


def test_a_file_stands_for_the_pack_around_it(tmp_path, base_only):
    write_pack(tmp_path / "fan", content=mini_world())
    report = validate(base_only, [tmp_path / "fan" / "cards" / "missions.yaml"])
    assert report.ok and [p.id for p in report.catalog.packs] == ["fan"]
    outside = tmp_path / "loose.yaml"
    outside.write_text("kind: units\n")
    assert codes(validate(base_only, [outside])) == ["SW301"]


def test_a_folder_without_manifest(tmp_path, base_only):
    (tmp_path / "empty").mkdir()
    report = validate(base_only, [tmp_path / "empty"])
    assert codes(report) == ["SW301"] and not report.ok


def test_files_globs_hidden_files_and_json(tmp_path, base_only):
    world = mini_world()
    content = {f"data/{name}": data for name, data in world.items()}
    content["data/units.json"] = dict(content.pop("data/units.yaml"), **{"$schema": "../units.schema.json"})
    content[".hidden/junk.yaml"] = "not: [valid"
    content["notes.txt"] = "ignored: the default globs match .yaml, .yml and .json only"
    write_pack(tmp_path / "fan", content=content)
    report = validate(base_only, [tmp_path / "fan"])
    assert report.ok, report.diagnostics
    assert report.files == len(world)
    write_pack(tmp_path / "fan", content=content, files=["data/*.yaml", "data/*.json", "data/cards/*.yaml"])
    assert validate(base_only, [tmp_path / "fan"]).ok
    write_pack(tmp_path / "fan", content=content, files=["data/**/*.yaml", "data/*.json", "nothing/*.yaml"])
    found = validate(base_only, [tmp_path / "fan"]).diagnostics
    assert [(d.code, d.line, d.message) for d in found] == [("SW309", 8, "'nothing/*.yaml': matches no file")]


def core_and_mod(tmp_path, **mod_manifest):
    write_pack(tmp_path / "core", "core", content=mini_world())
    x_wing = dict(mini_world()["units.yaml"]["items"][0], supply=9)
    write_pack(tmp_path / "mod", "mod", requires=["core"], content={"units.yaml": {"kind": "units", "items": [x_wing]}},
               **mod_manifest)
    return [tmp_path / "core", tmp_path / "mod"]


def test_replaces_and_removes(tmp_path, base_only):
    paths = core_and_mod(tmp_path, replaces=["units/x-wing"], removes=["cards/x", "probes/probe-alpha"][1:])
    report = validate(base_only, paths)
    assert report.ok, report.diagnostics
    catalog = report.catalog
    entry = catalog.entry("units", "x-wing")
    assert (entry.item.supply, entry.pack, entry.file) == (9, "mod", "mod/units.yaml")
    assert entry.replaced.pack == "core" and entry.replaced.item.supply == 4
    assert "probe-alpha" not in catalog.items("probes")
    assert catalog.removed[("probes", "probe-alpha")].by == "mod"
    assert catalog.defined_by()["core"]["units"] == 2 and catalog.defined_by()["mod"]["units"] == 1


def test_an_id_defined_again_without_replaces(tmp_path, base_only):
    report = validate(base_only, core_and_mod(tmp_path))
    [d] = report.diagnostics
    assert d.code == "SW311" and d.file == "mod/units.yaml" and "core/units.yaml:" in d.message
    assert "replaces" in d.hint
    assert report.catalog.entry("units", "x-wing").pack == "core"  # the first definition stays


def test_replaces_and_removes_that_name_nothing(tmp_path, base_only):
    paths = core_and_mod(tmp_path, replaces=["units/x-wing", "units/y-wing", "spaceships/x"],
                         removes=["missions/nothing"])
    found = [(d.code, d.pointer) for d in validate(base_only, paths).diagnostics]
    assert sorted(found) == [("SW310", "/removes/0"), ("SW310", "/replaces/1"), ("SW310", "/replaces/2")]


def test_replacing_an_item_of_a_pack_not_required(tmp_path, base_only):
    write_pack(tmp_path / "core", "core", content=mini_world())
    write_pack(tmp_path / "other", "other", removes=["units/tie"])
    [d] = validate(base_only, [tmp_path / "core", tmp_path / "other"]).diagnostics
    assert d.code == "SW310" and "which 'other' does not require" in d.message and d.hint == "add 'core' to requires"


def test_replaces_without_a_new_item_is_a_warning(tmp_path, base_only):
    write_pack(tmp_path / "core", "core", content=mini_world())
    write_pack(tmp_path / "mod", "mod", requires=["core"], replaces=["units/tie"])
    report = validate(base_only, [tmp_path / "core", tmp_path / "mod"])
    assert [(d.code, d.severity) for d in report.diagnostics] == [("SW312", "warning")]
    assert report.ok


def test_the_catalog_is_frozen(tmp_path, base_only):
    write_pack(tmp_path / "fan", content=mini_world())
    catalog = load_catalog(base_only, [tmp_path / "fan"])
    with pytest.raises(AttributeError):
        catalog.packs = ()
    with pytest.raises(TypeError):
        catalog.items("units")["new"] = None
    with pytest.raises(ValidationError):  # the models are frozen too
        catalog.get("units", "x-wing").supply = 99
    assert catalog.items("adjacency").keys() == {"alpha--beta", "beta--gamma"}


def test_load_catalog_raises_with_the_errors(tmp_path, base_only):
    world = mini_world()
    world["units.yaml"]["items"][0]["supply"] = -1
    write_pack(tmp_path / "fan", content=world)
    with pytest.raises(ContentError) as caught:
        load_catalog(base_only, [tmp_path / "fan"])
    assert [d.code for d in caught.value.diagnostics] == ["SW205"]


def test_pack_digest_follows_the_content(tmp_path, base_only):
    write_pack(tmp_path / "fan", content=mini_world())
    first = load(base_only, [tmp_path / "fan"]).catalog.pack("fan").digest
    assert load(base_only, [tmp_path / "fan"]).catalog.pack("fan").digest == first
    path = tmp_path / "fan" / "markers.yaml"
    path.write_text(path.read_text() + "# a comment\n")
    assert load(base_only, [tmp_path / "fan"]).catalog.pack("fan").digest != first


def test_manifest_problems(tmp_path, base_only):
    (tmp_path / "fan").mkdir()
    (tmp_path / "fan" / "pack.yaml").write_text(yaml.safe_dump({"id": "Fan Pack", "name": "Fan", "version": 1.0,
                                                               "requries": ["base"]}))
    report = validate(base_only, [tmp_path / "fan"])
    found = {(d.code, d.pointer) for d in report.diagnostics}
    assert {("SW205", "/id"), ("SW203", "/name"), ("SW203", "/version"), ("SW201", "/requries")} <= found
    [unknown] = [d for d in report.diagnostics if d.code == "SW201"]
    assert unknown.hint == "did you mean 'requires'?"
    hints = [d.hint for d in report.diagnostics if d.pointer == "/version"]
    assert hints == ["quote the value to make it a string, e.g. '1.0'"]


def test_a_pack_inside_a_pack_is_another_pack(tmp_path, base_only):
    write_pack(tmp_path / "fan", content=mini_world())
    write_pack(tmp_path / "fan" / "sub", "sub", content={"units.yaml": mini_world()["units.yaml"]})
    report = validate(base_only, [tmp_path / "fan"])
    assert report.ok and [p.id for p in report.catalog.packs] == ["fan"]


def test_a_game_loads_the_enabled_packs_and_its_extra_ones(tmp_path):
    write_pack(tmp_path / "fan", requires=["base"])
    catalog = load(active("base", "rise-of-the-empire"), [tmp_path / "fan"], all_enabled=True).catalog
    assert [p.id for p in catalog.packs] == ["base", "fan", "rise-of-the-empire"]


def test_one_content_error_class_for_validation_and_games(tmp_path, base_only):
    """Issue 27 §5: ``validate.load_catalog`` and ``games.rules_for`` raise the same class, so one ``except`` catches
    what either finds, with the same message."""
    from swrebellion import errors, games, validate

    assert validate.ContentError is games.ContentError is errors.ContentError
    world = mini_world()
    world["units.yaml"]["items"][0]["supply"] = -1
    write_pack(tmp_path / "fan", content=world, requires=["base"])
    with pytest.raises(errors.ContentError) as caught:
        games.rules_for(("base",), packs=[tmp_path / "fan"])
    # games run validate's checks too (issue 32), which sort the problems by file: the supply's SW205 is among them
    assert any(d.code == "SW205" for d in caught.value.diagnostics)
    assert "content error(s), first:" in str(caught.value) and "run `rebellion validate` for all of them" in str(
        caught.value)
