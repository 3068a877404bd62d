"""Cinematic combat and the advanced tactic cards beyond the scenarios (RE-CIN-01..21, RE-DEP-01)."""

from pathlib import Path

import pytest

from swrebellion.engine import Game, scenario
from swrebellion.expansions.rise_of_the_empire.tables import tables as roe_tables
from swrebellion.games import rules_for

SCENARIOS = Path(__file__).parents[1] / "scenarios" / "rise-of-the-empire"
EXPANSIONS = ("base", "rise-of-the-empire")


@pytest.fixture(scope="module")
def roe_rules():
    return rules_for(EXPANSIONS)


def test_all_32_advanced_tactic_cards_have_both_abilities_as_data_and_a_scenario(roe_rules):
    """RE-CMP-02 (16 + 16 cards), RE-CIN-01: every card's top and bottom are effect data, and a scenario plays it."""
    cards = roe_tables(Game.blank(roe_rules, 0)).cards
    assert len(cards) == 32
    assert sum(c.faction == "rebel" for c in cards.values()) == 16
    texts = "\n".join(p.read_text(encoding="utf-8") for p in SCENARIOS.glob("*.yaml"))
    for card in cards.values():
        assert card.top.steps and card.bottom.steps, card.id
        assert card.id in texts, f"no scenario plays {card.id}"


def start(roe_rules, name: str) -> Game:
    spec = scenario.load_scenario(SCENARIOS / name)
    spec.script = spec.script[:1]
    spec.expect = None
    from conftest import make_rules

    return scenario.run(spec, make_rules)


def test_the_card_choice_is_secret_until_both_have_chosen(roe_rules):
    """RE-CIN-03 step 1: chosen face down at the same time; RE-CIN-08: discard piles are open to everyone."""
    game = start(roe_rules, "cin-03-defender-cancels-first.yaml")
    assert sorted(d.kind for d in game.pending) == ["advanced-tactic", "advanced-tactic"]
    game.apply("rebel-ground-hold-them-back", player="rebel")
    view = game.view("empire")
    assert {"player": "rebel", "kind": "advanced-tactic", "answered": True} in view["pending"]
    assert "rebel-ground-hold-them-back" not in str(view["log"]) and "rebel-ground-hold-them-back" not in str(view["data"]["combat"])
    game.apply("empire-ground-air-superiority", player="empire")
    view = game.view("empire")
    assert any(e["type"] == "advanced-tactics-revealed" for e in view["log"])
    assert view["data"]["discards"]["advanced-tactics-rebel-ground"] == ["rebel-ground-hold-them-back"]
    # the opponent's deck contents are hidden in views but follow from the public discards
    assert "$secret" in view["data"]["decks"]["advanced-tactics-rebel-ground"]


def test_base_tactic_draws_are_off(roe_rules):
    """RE-CIN-09, RE-CIN-16: leaders' tactic values and specials draw no tactic cards."""
    game = Game.blank(roe_rules, 0)
    assert game.modify("tactic-draws", 3, faction="rebel", theater="space") == 0
    assert game.modify("destroy-at-once", True, faction="rebel", theater="space") is False


def test_rebel_deploys_first(roe_rules):
    """RE-DEP-01: when it matters, the Rebel deploys first."""
    game = Game.blank(roe_rules, 0)
    assert game.modify("deploy-order", ["empire", "rebel"]) == ["rebel", "empire"]
    assert game.modify("deploy-order", ["rebel", "empire"]) == ["rebel", "empire"]
