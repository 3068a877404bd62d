"""Dice have one findable home (issue 27 §1): every roll of the base game and its expansions goes through
``expansions/base/rules/dice.py``, so ``grep -rn "def roll" expansions`` finds where a die is rolled. Plugins roll
through the API (``api.cards.roll``), which is that module's ``roll``."""

from __future__ import annotations

import ast
from pathlib import Path

from swrebellion.expansions.base import api
from swrebellion.expansions.base.rules import dice

EXPANSIONS = Path(__file__).parents[2] / "expansions"
HOME = EXPANSIONS / "base" / "rules" / "dice.py"


def test_only_the_dice_module_calls_the_kernel_roll():
    found = []
    for path in sorted(EXPANSIONS.rglob("*.py")):
        if path == HOME:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "roll" \
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "game":
                found.append(f"{path.relative_to(EXPANSIONS)}:{node.lineno}")
    assert found == [], "roll dice through expansions/base/rules/dice.py"
    assert api.cards.roll is dice.roll
