"""One vocabulary of moments (issue 27 §4): rule moments, card windows and the moments a ``later`` effect waits
for are one declaration (``expansions/base/moments.py``), each saying whether cards may be played there and which
side is asked. Checked against what the rules really do: the windows the code opens, the moments it registers,
the sides it asks, and the values the content schemas accept."""

from __future__ import annotations

import ast
from pathlib import Path

from swrebellion.expansions.base import moments
from swrebellion.expansions.base.ops.actions import Trigger
from swrebellion.expansions.base.ops.flow import Later
from swrebellion.games import rules_for

BASE = Path(moments.__file__).parent


#: What :func:`windows_opened` records for an ``actions.window`` call: it asks the sides the declaration names.
DECLARED = "<the declared sides>"


def windows_opened() -> dict[str, set[str]]:
    """Each ``special_window(game, frame, MOMENT, SIDE, ...)`` call of the base rules: moment -> the side
    expressions it asks (their source text); an ``actions.window(game, frame, MOMENT, ...)`` call asks the sides the
    moment's declaration names (:data:`DECLARED`)."""
    found: dict[str, set[str]] = {}
    for path in BASE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = getattr(node.func, "attr", getattr(node.func, "id", None)) if isinstance(node, ast.Call) else None
            if called in ("special_window", "window") and len(node.args) >= 4 \
                    and isinstance(node.args[2], ast.Constant):
                side = DECLARED if called == "window" else ast.unparse(node.args[3])
                found.setdefault(node.args[2].value, set()).add(side)
    return found


def test_every_window_the_rules_open_is_declared_with_the_side_it_asks():
    """RS-ACT-03 (the current player first) and the windows of RB-MIS/RS-CMB: the sides passed to each window in
    the code agree with the declared ``cards``: ``other`` is always an ``OPPONENT[...]`` of the side the moment is
    about, ``both`` a loop over both sides (``side``), ``acting`` never the opponent of the side in the frame."""
    opened = windows_opened()
    declared = {name for name, m in moments.MOMENTS.items() if m.cards}
    # a rule moment that is a card window (issue 31) is opened, for the sides it declares, by the base game's one step
    # at rule moments (``flow.later_step``), added there by declaration: no rule opens it by hand
    by_later_step = {name for name, m in moments.MOMENTS.items() if m.cards and m.rule}
    registry = rules_for(("base",)).steps
    assert all("base.later" in registry.moment_steps(name) for name in by_later_step)
    assert set(moments.STEPPED) == by_later_step | set(moments.LATER_MOMENTS)
    assert not by_later_step & set(opened) and set(opened) | by_later_step == declared
    for name in by_later_step:
        assert moments.MOMENTS[name].prompt and moments.ASKED_AT[name] == moments.ASKED[moments.MOMENTS[name].cards]
    for name, sides in opened.items():
        asked = moments.MOMENTS[name].cards
        if sides == {DECLARED}:
            pass
        elif asked == "other":
            assert all(side.startswith("OPPONENT[") for side in sides), (name, sides)
        elif asked == "both":
            assert sides == {"side"}, (name, sides)  # a loop over both sides in the calling step
        else:
            assert not any(side.startswith("OPPONENT[") for side in sides), (name, sides)
        assert moments.MOMENTS[name].prompt and moments.ASKED_AT[name] == moments.ASKED[asked]


def test_the_rule_moments_and_the_later_moments_are_the_declared_ones():
    """The step registry knows exactly the declared rule moments; a ``later`` effect waits only for rule moments
    (it runs as a step added there), and only a moment that belongs to one side takes ``side``."""
    registry = rules_for(("base",)).steps
    base_moments = {name for name, m in registry.moments.items() if m.owner == "base"}
    assert base_moments == set(moments.RULE_MOMENTS)
    assert set(moments.LATER_MOMENTS) <= set(moments.RULE_MOMENTS)
    assert all(moments.MOMENTS[name].state.get("faction") for name in moments.SIDED_MOMENTS)
    later = Later.model_json_schema()["properties"]["moment"]
    assert later["enum"] == list(moments.LATER_MOMENTS)
    trigger = Trigger.model_json_schema()["properties"]["moment"]["anyOf"][0]["enum"]
    assert trigger == ["start-of-combat", *moments.CARD_WINDOWS]


def test_a_rule_moment_that_is_a_card_window_asks_the_side_it_belongs_to_or_both():
    """Who may act at a rule window, from the rules: a moment of one side's turn or activation (its ``faction``
    local) is that side's alone (RB-CMD-01: the player whose turn it is acts; RB-MOV-01: the activating player
    moves), any other asks both sides, the current player first (RS-ACT-03); and every rule window may ask either
    side, so no card of the base game's two sides is refused there (SW803)."""
    windows = {name: m for name, m in moments.MOMENTS.items() if m.rule and m.cards}
    assert len(windows) == 24
    for name, m in windows.items():
        assert m.cards == ("acting" if "faction" in m.state else "both"), name
        assert m.sides == ("rebel", "empire") and moments.SIDES_AT[name] == ("rebel", "empire"), name
