"""The rules coverage page counts honestly (issue 12): only tests that run a rule cover it, ranges count for
nothing, mere mentions are listed apart, and no rule is both waived and covered. Coverage is checked against the
rule-id index kept in the repository (docs/rule-ids.json), so a fresh clone checks it, and passes, on its own (issue
35 #18); the index is checked against the rules documents only when SWREBELLION_RULES names them, never by looking
around the checkout, so that every test passes and fails alike in a clone and beside the shared documents."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from swrebellion.tools import rules_coverage as rc

ROOT = Path(__file__).resolve().parents[1]


def test_the_rule_id_index_matches_the_rules_documents_when_named():
    """The index names every rules document and rules in each; with SWREBELLION_RULES set to the rules documents'
    folder (``SWREBELLION_RULES=path/to/rules pytest``), it is what they hold."""
    index = rc.read_index(ROOT / rc.INDEX)
    assert set(index) == set(rc.DOCUMENTS) and all(index.values())
    if "SWREBELLION_RULES" in os.environ:
        documents = Path(os.environ["SWREBELLION_RULES"])
        assert (documents / "RULES.md").is_file(), f"SWREBELLION_RULES={documents} holds no RULES.md"
        assert rc.rule_ids(documents) == index, (
            f"{rc.INDEX} is out of date with {documents}: run python -m swrebellion.tools.rules_coverage --rules "
            f"{documents}")


def test_every_rule_is_covered_or_waived_and_none_is_both():
    ids = rc.read_index(ROOT / rc.INDEX)
    cited = rc.citations(ROOT / "tests")
    waived = rc.waivers(ROOT / "docs" / "rules-waivers.yaml")
    assert rc.both_waived_and_covered(ids, cited, waived) == []
    assert set(waived) <= {r for rules in ids.values() for r in rules}, "a waiver names no rule"
    uncovered = [r for rules in ids.values() for r in rules if rc.classify(r, cited, waived) != "covered"
                 and r not in waived]
    assert uncovered == [], f"rules no test runs and no waiver explains: {uncovered}"


@pytest.fixture
def tree(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "RULES.md").write_text("".join(f"* **RB-MIS-{n:02d}**: text\n" for n in range(1, 9)), encoding="utf-8")
    tests = tmp_path / "tests"
    (tests / "scenarios").mkdir(parents=True)
    (tests / "test_x.py").write_text('''"""Module docstring: RB-MIS-01 is only mentioned here."""


def helper():
    """RB-MIS-02 in a helper."""


def test_one():
    """RB-MIS-03, RB-MIS-04/05 and the range RB-MIS-06..08 (which counts for none of them)."""
    x = 1  # RB-MIS-06 in a comment inside the test
''', encoding="utf-8")
    (tests / "scenarios" / "s.yaml").write_text(
        "name: mentions RB-MIS-07 in its name\nrules: [RB-MIS-08]\n# RB-MIS-02 again\n", encoding="utf-8")
    waivers = tmp_path / "waivers.yaml"
    waivers.write_text('RB-MIS-07: "a reason"\n', encoding="utf-8")
    return rules, tests, waivers


def test_what_counts_as_covered_citation_only_waived_and_missing(tree):
    rules, tests, waivers = tree
    ids = rc.rule_ids(rules)
    cited = rc.citations(tests)
    status = {r: rc.classify(r, cited, rc.waivers(waivers)) for r in ids["RULES.md"]}
    assert status == {"RB-MIS-01": "citation-only", "RB-MIS-02": "citation-only", "RB-MIS-03": "covered",
                      "RB-MIS-04": "covered", "RB-MIS-05": "covered", "RB-MIS-06": "covered",
                      "RB-MIS-07": "waived", "RB-MIS-08": "covered"}
    figures = rc.figures(ids, cited, rc.waivers(waivers))["RULES.md"]
    assert (figures.covered, figures.waived, figures.citation_only, figures.missing) == (5, 1, 2, 0)
    page = rc.report(rc.rule_ids(rules), tests, waivers)
    assert "| RULES.md | 8 | 5 | 1 | 2 | 0 |" in page and "An id is **covered**" in page
    assert "| RB-MIS-03 | covered | `tests/test_x.py::test_one` |" in page


def test_a_waived_rule_that_a_test_covers_is_refused(tree):
    rules, tests, waivers = tree
    waivers.write_text('RB-MIS-03: "no test needed"\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="waived but covered by a test: RB-MIS-03"):
        rc.report(rc.rule_ids(rules), tests, waivers)
