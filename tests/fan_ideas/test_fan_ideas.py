"""The ten fan card ideas of the effect language's design (issue 10, section 3), and those of issue 31's second
round (numbered from 21: the verbs a fan reached for and lacked), each written as a fan would write it, in its own
small pack beside the scenarios that play it (``*/scenarios/*.yaml``, collected by tests/conftest.py like every
scenario: each asserts the exact outcome the idea means). Here: every pack is written in the current language only
(it validates with no error and no warning: no deprecated op), each idea has its scenarios, and `cards show` says
each card in words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from packkit import cli, write_pack

HERE = Path(__file__).parent
PACKS = sorted(p.parent for p in HERE.glob("*/pack.yaml"))


def test_there_are_ten_ideas_each_with_a_scenario():
    assert [p.name[:2] for p in PACKS][:10] == [f"{n:02d}" for n in range(1, 11)]
    for pack in PACKS:
        assert list((pack / "scenarios").glob("*.yaml")), f"{pack.name} has no scenario"


@pytest.mark.parametrize("pack", PACKS, ids=[p.name for p in PACKS])
def test_each_idea_validates_in_the_current_language(pack):
    result = cli("validate", str(pack), "--format", "json")
    report = json.loads(result.stdout)
    assert result.exit_code == 0, result.output
    assert report["diagnostics"] == [], report["diagnostics"]


#: The fan pack of issue 31's other new verbs (a side's own tactic card, a spent leader, an action deck, objectives at
#: a phase's end, a unit by build icons), played by tests/test_fan_round_two.py.
ROUND_TWO = HERE.parent / "fan_packs" / "round-two"


def test_the_second_round_cards_are_shown_in_words():
    """Issue 31: fan packs written against the new verbs (``repeat``, ``outcome``, ``add_damage``'s ``only``,
    ``restrict``, a ``trigger`` at any named moment, ``deck:SIDE:actions``, ``leader_effect``'s ``spent``,
    ``place_units``' ``resources`` with a ``count``) show in `cards show` without a raw line (the check of
    tests/test_show_words.py), and say what the card does."""
    from swrebellion.loader import load
    from swrebellion.plugins import activate
    from swrebellion.tools.cards_cmd import describe
    from swrebellion.tools.show_words import Reader, effect_words
    from test_show_words import FRAGMENT

    second = [p for p in PACKS if int(p.name[:2]) > 20] + [ROUND_TWO]
    active = activate(["base"])
    catalog = load(active, second, all_enabled=True).catalog
    reader = Reader(catalog, effect_words(active))  # the plugins' words for their ops, as `cards show` has them
    shown = {}
    for kind in [k.name for k in catalog.kinds.tagged("card")]:
        for ident in sorted(i for i in catalog.items(kind) if i.startswith("fan-")):
            lines, _document = describe(catalog, kind, ident, active.ops, reader)
            assert not [line for line in lines[1:] if FRAGMENT.search(line)], lines  # (the first names the file)
            shown[ident] = [line.strip() for line in lines]
    assert {"fan-reign-of-fear", "fan-precision-strike", "fan-ion-burst", "fan-blockade", "fan-sanctuary",
            "fan-lockdown", "fan-bounty-paid", "fan-rally-the-cells", "fan-last-orders", "fan-call-in-favours",
            "fan-sow-distrust", "fan-rally-the-locals", "fan-imperial-doctrine", "fan-hearts-and-minds"} <= set(shown)
    for card, sentence in [
            ("fan-call-in-favours", "- effect: Move 2 cards from your action deck into your hand of action cards."),
            ("fan-sow-distrust", "- effect: One of your opponent's leaders of your choice cannot be used until the "
                                 "next Refresh Phase."),
            ("fan-rally-the-locals", "- effect: Place 1 unit that a resource icon of that system allows from your "
                                     "supply in that system."),
            ("fan-sanctuary", "- effect: Barred for your opponent in that system: missions and action cards, while "
                              "that system is not one where there are your opponent's units.")]:
        assert sentence in shown[card], shown[card]


def test_the_new_verbs_misused_are_told_where_and_how(tmp_path):
    """Issue 31: an ``outcome`` that names nothing it waits for, a ``repeat`` count that would divide by zero and a
    ``restrict`` that would never end are errors at their place in the file, with the way out in the message (never
    a step that silently does nothing, or does it for ever)."""
    outcome = {"op": "outcome", "steps": [{"op": "destroy_units", "side": "empire", "count": 1}], "when": {}}
    repeat = {"op": "repeat", "times": {"where": {"subjugated": True}, "per": 0},
              "steps": [{"op": "reputation", "amount": 1}]}
    endless = {"op": "restrict", "bar": ["move_in"], "until": None}
    found = set()
    for step in (outcome, repeat, endless):
        card = {"id": "fan-misused", "name": {"en": "Misused"}, "set": "fan", "faction": "rebel", "deck": "regular",
                "requires": {"special-ops": 1}, "mode": "resolve", "effect": [step]}
        pack = write_pack(tmp_path / step["op"], "fan-misused", requires=["base>=1.0,<2"], files=["*.yaml"],
                          content={"missions.yaml": {"kind": "missions", "items": [card]}})
        result = cli("validate", str(pack), "--format", "json")
        assert result.exit_code == 1, result.output
        found |= {(d["pointer"], d["message"]) for d in json.loads(result.stdout)["diagnostics"]}
    assert found == {
        ("/items/0/effect/0/when", "Value error, an outcome names what the steps must have done: `destroyed: "
         "{side: opponent}` or `captured: opponent`"),
        # the count's own mistake, not "expected an integer" for the mapping (times is a number or a count)
        ("/items/0/effect/0/times/per", "0 is less than the minimum of 1"),
        ("/items/0/effect/0", "Value error, a restriction must end: give `until` (end-of-phase, end-of-round, "
         "refresh) or a `while` condition")}
