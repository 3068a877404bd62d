"""Content kinds are registered by plugins (register_content_kinds): the kernel knows only the kinds of the
enabled plugins, checks the references they declare, runs their checks, and names plugins that clash (issue 11)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from packkit import active, mini_world, write_pack
from swrebellion.hookspecs import hookimpl
from swrebellion.kinds import KindRegistry, KindRegistryError
from swrebellion.models import Item, Text
from swrebellion.plugins import Expansion, ExpansionError, activate
from swrebellion.schema import all_schemas
from swrebellion.validate import validate


class Gizmo(Item):
    """A test item that names markers of the base game and other gizmos."""

    marker: str | None = None
    parts: list[str] = []


def broken_check(catalog):
    raise RuntimeError("no gizmo budget")


def gizmo_check(catalog):
    for entry in catalog.entries("gizmos").values():
        if len(entry.item.parts) > 2:
            yield entry.diagnostic("GIZ001", "a gizmo has at most two parts", "/parts")


class Gizmos:
    """A test plugin with a kind of its own, referring to a base kind and to itself."""

    EXPANSION = Expansion(id="gizmos", name="Gizmos", version="1.0.0", requires=("base",))

    def __init__(self, kind="gizmos", checks=(gizmo_check,), references=(("marker", "markers"), ("parts/*", "gizmos"))):
        self.kind, self.checks, self.references = kind, checks, references

    @hookimpl
    def register_content_kinds(self, registry):
        registry.register(self.kind, Gizmo, "Gizmos", references=self.references, checks=self.checks,
                          duplicate=lambda ident, place: ("GIZ002", f"gizmo {ident} again; first in {place}", None))


def gizmo_selection(**options):
    return active("base", "gizmos", extra=[(Gizmos(**options), "tests/test_kinds.py")])


def check(tmp_path, gizmos: list[dict], selection=None) -> list[tuple]:
    write_pack(tmp_path / "fan", content={**mini_world(), "gizmos.yaml": {"kind": "gizmos", "items": gizmos}})
    report = validate(selection or gizmo_selection(), [tmp_path / "fan"])
    return [(d.code, d.file, d.pointer, d.message, d.hint) for d in report.diagnostics]


@pytest.fixture(autouse=True)
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)


def test_the_base_game_and_its_expansion_register_their_kinds():
    kinds = active("base", "rise-of-the-empire").kinds
    assert {kind.plugin for kind in kinds if kind.name != "advanced-tactics"} == {"base"}
    assert kinds["advanced-tactics"].plugin == "rise-of-the-empire"
    assert "advanced-tactics" not in active("base").kinds
    nothing = activate(disable=["base"], env="", folder=Path("/nonexistent"))
    assert nothing.enabled == [] and len(nothing.kinds) == 0  # the kernel alone knows no kind


def test_a_plugin_kind_is_loaded_checked_and_exported(tmp_path):
    gizmos = [{"id": "cog", "name": {"en": "Cog"}, "marker": "flag"},
              {"id": "clock", "name": {"en": "Clock"}, "marker": "flgg", "parts": ["cog", "sprng", "cog"]}]
    found = check(tmp_path, gizmos)
    assert sorted(found) == [
        ("GIZ001", "fan/gizmos.yaml", "/items/1/parts", "a gizmo has at most two parts", None),
        ("SW401", "fan/gizmos.yaml", "/items/1/marker", "unknown markers id 'flgg'", "did you mean 'flag'?"),
        ("SW401", "fan/gizmos.yaml", "/items/1/parts/1", "unknown gizmos id 'sprng'",
         "no gizmos item has this id in the loaded packs"),
    ]
    selection = gizmo_selection()
    schemas = all_schemas(selection.ops, selection.kinds)
    assert schemas["gizmos.schema.json"]["$id"] == "urn:swrebellion:schema:gizmos"


def test_a_kind_can_say_how_a_duplicate_is_reported(tmp_path):
    found = check(tmp_path, [{"id": "cog", "name": {"en": "Cog"}}, {"id": "cog", "name": {"en": "Cog"}}])
    [(code, _, pointer, message, _)] = found
    assert (code, pointer) == ("GIZ002", "/items/1") and message.startswith("gizmo cog again; first in fan/gizmos")


def test_a_failing_kind_check_is_named_not_fatal(tmp_path):
    found = check(tmp_path, [{"id": "cog", "name": {"en": "Cog"}}], gizmo_selection(checks=(broken_check,)))
    assert found == [("SW901", None, None, "plugin 'gizmos': check broken_check of kind 'gizmos' failed: "
                                           "RuntimeError: no gizmo budget", None)]


def test_a_kind_registered_twice_names_both_plugins():
    with pytest.raises(KindRegistryError, match="content kind 'units' is registered by both 'base' and 'gizmos'"):
        gizmo_selection(kind="units")
    assert issubclass(KindRegistryError, ExpansionError)  # so the CLI reports it as a usage error (exit 2)


def test_a_reference_to_a_kind_nobody_registers_is_refused():
    with pytest.raises(KindRegistryError, match="'gizmos' .*plugin 'gizmos'.* refers to kind 'widgets'"):
        gizmo_selection(references=(("parts/*", "widgets"),))
    with pytest.raises(KindRegistryError, match="bad reference path 'parts/\\?'"):
        gizmo_selection(references=(("parts/?", "gizmos"),))


def test_a_kind_needs_a_good_name_and_items_with_ids():
    registry = KindRegistry()
    registry.current_plugin = "gizmos"
    with pytest.raises(KindRegistryError, match="plugin 'gizmos': content kind 'Gizmos': a kind name is lower-case"):
        registry.register("Gizmos", Gizmo, "Gizmos")
    with pytest.raises(KindRegistryError, match="content kind 'pack'"):
        registry.register("pack", Gizmo, "Packs")
    with pytest.raises(KindRegistryError, match="needs an id"):
        registry.register("texts", Text, "Texts")
    assert registry.register("gizmos", Gizmo, "Gizmos", tags="card").tags == {"card"}


def test_a_file_of_a_kind_only_a_disabled_expansion_registers_says_which(tmp_path):
    tactic = {"kind": "advanced-tactics", "items": []}
    write_pack(tmp_path / "fan", content={**mini_world(), "extra.yaml": tactic})
    [d] = validate(active("base"), [tmp_path / "fan"]).diagnostics
    assert (d.code, d.pointer, d.hint) == ("SW209", "/kind", "add --expansion rise-of-the-empire")
    assert "the expansion 'rise-of-the-empire' registers it" in d.message
    assert validate(active("base", "rise-of-the-empire"), [tmp_path / "fan"]).diagnostics == []


def test_the_catalog_names_an_unregistered_kind():
    catalog = validate(active("base")).catalog
    assert catalog.kinds.names()[0] == "units"
    with pytest.raises(KeyError, match="no enabled plugin registers the content kind 'advanced-tactics'"):
        catalog.items("advanced-tactics")


def test_the_old_names_still_work_and_warn():
    import swrebellion.models as models
    import swrebellion.semantics as semantics
    from swrebellion.expansions.base import checks
    from swrebellion.expansions.base.models import Faction, Unit
    from swrebellion.kinds import ContentKind

    with pytest.warns(DeprecationWarning, match="FILE_KINDS is deprecated"):
        assert list(models.FILE_KINDS)[:2] == ["units", "resources"] and "advanced-tactics" in models.FILE_KINDS
    with pytest.warns(DeprecationWarning, match="kind_of_model is deprecated"):
        assert models.kind_of_model(Unit) == "units"
    with pytest.warns(DeprecationWarning, match="FileKind is deprecated"):
        assert models.FileKind is ContentKind
    with pytest.warns(DeprecationWarning, match="import it from swrebellion.expansions.base.models"):
        assert models.Faction is Faction
    with pytest.warns(DeprecationWarning, match="REFERENCES is deprecated"):
        assert ("between/*", "systems") in semantics.REFERENCES["adjacency"]
    with pytest.warns(DeprecationWarning, match="check_map is deprecated"):
        assert semantics.check_map is checks.check_map
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError):
            models.NoSuchThing  # noqa: B018
        from swrebellion.models import effects  # submodules are not looked up among the plugins

        assert effects.EffectStep
