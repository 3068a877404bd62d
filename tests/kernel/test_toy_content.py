"""The kernel's test game reads its numbers from its content pack (tests/toygame/pack/), loaded like any
expansion's: another pack that replaces its variant changes the game without touching its code."""

from __future__ import annotations

from conftest import toy_active
from packkit import write_pack

from swrebellion.engine import Game
from swrebellion.games import rules_from_active
from swrebellion.validate import validate

SHORT = {"id": "standard", "name": {"en": "Short"}, "rounds": 1, "cards": 4, "hand": 1, "die": ["blank"],
         "last_round_dice": 3, "places": ["barn", "dock"]}


def test_the_toy_pack_validates_clean():
    report = validate(toy_active())
    assert report.ok and report.diagnostics == []
    assert [p.id for p in report.catalog.packs] == ["hideout"]
    assert report.catalog.counts() == {"places": 5, "variants": 1}


def test_the_rules_follow_a_replaced_variant(tmp_path):
    folder = write_pack(tmp_path / "short", "short-hideout", requires=["hideout"], replaces=["variants/standard"],
                        content={"variants.yaml": {"kind": "variants", "items": [SHORT]}})
    rules = rules_from_active(toy_active(), (str(folder),))
    game = Game.new(rules, seed=1)
    [decision] = game.pending
    assert [(o.id, o.label) for o in decision.options] == [("barn", "Barn"), ("dock", "Dock")]
    assert game.state["dice"] == {"d6": ["blank"]}
    assert game.modify("hideout-die", 1) == 3  # round 1 is the last round
    game.apply("dock")
    hands = {d.player: [o.id for o in d.options] for d in game.pending}
    assert {player: len(cards) for player, cards in hands.items()} == {"hider": 1, "seeker": 1}
    for d in list(game.pending):
        game.apply(d.options[0].id, player=d.player)
    assert game.state["result"] == {"winner": "hider", "reason": "stayed hidden"}  # one round, a blank die
