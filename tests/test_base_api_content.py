"""The base game's content lookups in its public API (``swrebellion.expansions.base.api``, docs/plugins.md §12):
each hands out the enabled packs' item of a kind by id, the same model the catalog holds, so that other plugins
(Rise of the Empire, the space cannon, a scaffolded plugin) never reach the base game's private lookup tables. The
old ``api.tables`` still answers, with a ``DeprecationWarning`` (the promise of docs/plugins.md: deprecated before
removed); tests/test_base_api_namespaces.py checks that no plugin of ours uses it."""

from __future__ import annotations

import warnings

import pytest

from swrebellion.engine import Game
from swrebellion.expansions.base import api
from swrebellion.games import rules_for

@pytest.fixture(scope="module")
def base() -> Game:
    return Game.blank(rules_for(("base",)), 1)


@pytest.fixture(scope="module")
def roe() -> Game:
    return Game.blank(rules_for(("base", "rise-of-the-empire")), 1)


LOOKUPS = [(api.content.unit, "units"), (api.content.leader, "leaders"), (api.content.mission, "missions"),
           (api.content.action, "actions"), (api.content.objective, "objectives")]


@pytest.mark.parametrize("lookup, kind", LOOKUPS, ids=[kind for _, kind in LOOKUPS])
def test_each_lookup_answers_every_item_of_its_kind_with_the_catalogs_model(roe, lookup, kind):
    items = roe.rules.content.items(kind)
    assert items
    for item_id, item in items.items():
        assert lookup(roe, item_id) is item
    with pytest.raises(KeyError):
        lookup(roe, "no-such-id")


def test_the_lookups_give_the_facts_of_the_content(base, roe):
    x_wing = api.content.unit(base, "x-wing")  # units.yaml: one black die, damaged by black hits (RB-UNT)
    assert (x_wing.faction, x_wing.attack, x_wing.health_colour) == ("rebel", {"red": 0, "black": 1}, "black")
    assert set(api.content.units(base)) == set(base.rules.content.items("units"))
    assert api.content.leader(base, "luke-skywalker").role == "general"  # RB-TEAM: who controls him in team play
    assert api.content.mission(roe, "deployment").vader_icon  # RE-MSS-03: the expansion's mission set
    assert (api.content.dice_limit(base, "red"), api.content.dice_limit(base, "black")) == (5, 5)  # RB-CMB-05
    assert api.content.dice_limit(base, "green") is None  # no green die without the expansion
    assert api.content.dice_limit(roe, "green") == 3  # RE-DIE-03


def test_setup_named_answers_the_setups_of_the_enabled_packs_only(base, roe):
    assert api.content.setup(roe, "rise-of-the-empire").leader_pool_limit == 8  # RE-LDR-01
    assert api.content.setup(base, "rise-of-the-empire") is None  # its pack is not loaded
    assert api.content.setup(base, "base") is base.rules.content.items("setups")["base"]


def test_probe_cards_and_their_systems_answer_each_other(base):
    probes = base.rules.content.items("probes")
    assert probes
    for card_id, card in probes.items():  # RB-PRB: a probe card names one system
        assert api.content.probe_card(base, card.system) == card_id
        assert api.content.probe_system(base, card_id) == card.system
    without = set(base.rules.content.items("systems")) - {card.system for card in probes.values()}
    assert without and all(api.content.probe_card(base, s) is None for s in without)


def test_the_old_tables_still_answer_with_a_deprecation_warning(base):
    with pytest.warns(DeprecationWarning, match="api.tables\\(\\) is deprecated.*api.content"):
        tables = api.tables(base)
    assert tables.units["x-wing"] is api.content.unit(base, "x-wing")


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
