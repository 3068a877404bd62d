"""The base game's content lookups in its public API (``swrebellion.expansions.base.api``, docs/plugins.md §12):
each hands out the enabled packs' item of a kind by id, the same model the catalog holds, so that other plugins
(Rise of the Empire, the space cannon, a scaffolded plugin) never reach the base game's private lookup tables. The
old ``api.tables`` still answers, with a ``DeprecationWarning`` (the promise of docs/plugins.md: deprecated before
removed), and no plugin of ours uses it."""

from __future__ import annotations

import ast
import warnings
from pathlib import Path

import pytest

from swrebellion.engine import Game
from swrebellion.expansions.base import api
from swrebellion.games import rules_for

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def base() -> Game:
    return Game.blank(rules_for(("base",)), 1)


@pytest.fixture(scope="module")
def roe() -> Game:
    return Game.blank(rules_for(("base", "rise-of-the-empire")), 1)


LOOKUPS = [(api.unit_type, "units"), (api.leader_info, "leaders"), (api.mission_card, "missions"),
           (api.action_card, "actions"), (api.objective_card, "objectives")]


@pytest.mark.parametrize("lookup, kind", LOOKUPS, ids=[kind for _, kind in LOOKUPS])
def test_each_lookup_answers_every_item_of_its_kind_with_the_catalogs_model(roe, lookup, kind):
    items = roe.rules.content.items(kind)
    assert items
    for item_id, item in items.items():
        assert lookup(roe, item_id) is item
    with pytest.raises(KeyError):
        lookup(roe, "no-such-id")


def test_the_lookups_give_the_facts_of_the_content(base, roe):
    x_wing = api.unit_type(base, "x-wing")  # units.yaml: one black die, damaged by black hits (RB-UNT)
    assert (x_wing.faction, x_wing.attack, x_wing.health_colour) == ("rebel", {"red": 0, "black": 1}, "black")
    assert set(api.unit_types(base)) == set(base.rules.content.items("units"))
    assert api.leader_info(base, "luke-skywalker").role == "general"  # RB-TEAM: who controls him in team play
    assert api.mission_card(roe, "deployment").vader_icon  # RE-MSS-03: the expansion's mission set
    assert (api.dice_limit(base, "red"), api.dice_limit(base, "black")) == (5, 5)  # RB-CMB-05
    assert api.dice_limit(base, "green") is None  # no green die without the expansion
    assert api.dice_limit(roe, "green") == 3  # RE-DIE-03


def test_setup_named_answers_the_setups_of_the_enabled_packs_only(base, roe):
    assert api.setup_named(roe, "rise-of-the-empire").leader_pool_limit == 8  # RE-LDR-01
    assert api.setup_named(base, "rise-of-the-empire") is None  # its pack is not loaded
    assert api.setup_named(base, "base") is base.rules.content.items("setups")["base"]


def test_probe_cards_and_their_systems_answer_each_other(base):
    probes = base.rules.content.items("probes")
    assert probes
    for card_id, card in probes.items():  # RB-PRB: a probe card names one system
        assert api.probe_card_of(base, card.system) == card_id
        assert api.probe_system(base, card_id) == card.system
    without = set(base.rules.content.items("systems")) - {card.system for card in probes.values()}
    assert without and all(api.probe_card_of(base, s) is None for s in without)


def test_the_old_tables_still_answer_with_a_deprecation_warning(base):
    with pytest.warns(DeprecationWarning, match="api.tables\\(\\) is deprecated.*unit_type"):
        tables = api.tables(base)
    assert tables.units["x-wing"] is api.unit_type(base, "x-wing")
    assert "tables" in api.__all__  # still public until it is removed


def _plugin_files() -> list[Path]:
    """Every module of a plugin other than the base game: Rise of the Empire, the example, the scaffold's template."""
    expansions = [p for p in (ROOT / "expansions").rglob("*.py") if "base" not in p.relative_to(ROOT).parts]
    return sorted(expansions + list((ROOT / "examples").rglob("*.py")) + [ROOT / "tools" / "new_plugin.py"])


def test_no_plugin_of_ours_uses_the_deprecated_tables():
    offenders = []
    for path in _plugin_files():
        source = path.read_text(encoding="utf-8")
        if path.name == "new_plugin.py":  # the scaffold's templates are strings: look at the text
            if "api.tables(" in source:
                offenders.append(str(path))
            continue
        for node in ast.walk(ast.parse(source)):
            if isinstance(node, ast.ImportFrom) and (node.module or "").endswith("base.api") and any(
                    alias.name == "tables" for alias in node.names):
                offenders.append(f"{path}:{node.lineno}")
            if isinstance(node, ast.Attribute) and node.attr == "tables" and isinstance(node.value, ast.Name) and \
                    node.value.id == "api":
                offenders.append(f"{path}:{node.lineno}")
    assert len(_plugin_files()) > 10 and not offenders, offenders


def test_rise_of_the_empire_plays_without_reaching_the_deprecated_tables():
    """A seeded game with the expansion, played to its end, runs its rules (setup, leaders, markers, skills ...)
    with every DeprecationWarning an error: none comes from the API."""
    from swrebellion.engine import play
    from swrebellion.engine.agents import RandomAgent

    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        game = Game.new(rules_for(("base", "rise-of-the-empire")), 3, {"setup": "rise-of-the-empire"})
        play(game, {p: RandomAgent(seed=3) for p in game.state["players"]})
    assert game.over
