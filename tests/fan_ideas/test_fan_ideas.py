"""The ten fan card ideas of the effect language's design (issue 10, section 3), each written as a fan would write
it, in its own small pack beside the scenarios that play it (``*/scenarios/*.yaml``, collected by tests/conftest.py
like every scenario: each asserts the exact outcome the idea means). Here: every pack is written in the current
language only (it validates with no error and no warning: no deprecated op), and each idea has its scenarios."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from packkit import cli

HERE = Path(__file__).parent
PACKS = sorted(p.parent for p in HERE.glob("*/pack.yaml"))


def test_there_are_ten_ideas_each_with_a_scenario():
    assert [p.name[:2] for p in PACKS] == [f"{n:02d}" for n in range(1, 11)]
    for pack in PACKS:
        assert list((pack / "scenarios").glob("*.yaml")), f"{pack.name} has no scenario"


@pytest.mark.parametrize("pack", PACKS, ids=[p.name for p in PACKS])
def test_each_idea_validates_in_the_current_language(pack):
    result = cli("validate", str(pack), "--format", "json")
    report = json.loads(result.stdout)
    assert result.exit_code == 0, result.output
    assert report["diagnostics"] == [], report["diagnostics"]
