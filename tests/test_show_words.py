"""`rebellion show` and `rebellion cards show` print every field and every effect step in plain words (issue 35
#14): no Python or JSON fragment (``requires: {'special-ops': 1}``, ``vader_icon: False``) reaches the reader.
The test walks every card, unit and leader of the built-in content (the base game and Rise of the Empire) and of
the example fan pack, as `show` prints it."""

import re
from pathlib import Path

from click.testing import CliRunner

from swrebellion.loader import load
from swrebellion.plugins import activate
from swrebellion.tools.cards_cmd import describe
from swrebellion.tools.cli import main

ROOT = Path(__file__).resolve().parents[1]
FAN_PACK = ROOT / "examples" / "packs" / "probe-swarm"
#: What gives a Python or JSON fragment away: brackets and braces, a quoted key, Python's constants, snake_case.
FRAGMENT = re.compile(r"[{}\[\]]|['\"]: |[:=] ?(?:True|False|None)\b|\b[a-z]+_[a-z_]+\b")


def test_every_card_unit_and_leader_is_shown_in_words():
    active = activate(["base", "rise-of-the-empire"])
    catalog = load(active, [FAN_PACK], all_enabled=True).catalog
    kinds = [k.name for k in catalog.kinds.tagged("card")] + ["units", "leaders"]
    shown, fragments = 0, []
    for kind in kinds:
        for ident in sorted(catalog.items(kind)):
            lines, _document = describe(catalog, kind, ident, active.ops)
            fragments += [f"{kind}/{ident}: {line}" for line in lines if FRAGMENT.search(line)]
            shown += 1
    assert fragments == []
    assert shown >= 300  # 300 with Rise of the Empire and the fan pack
    assert catalog.entry("missions", "gather-intel").pack == "probe-swarm"  # the fan pack's card was shown too


def test_show_says_the_fields_the_issue_found_in_words():
    result = CliRunner().invoke(main, ["show", "sabotage", "--kind", "missions"])
    assert result.exit_code == 0, result.output
    assert "  requires: special ops 1" in result.output.splitlines()
    assert "  Vader icon: no" in result.output.splitlines()
    assert "RB-" not in result.output and "RS-" not in result.output
    leader = CliRunner().invoke(main, ["show", "darth-vader"]).output.splitlines()
    assert "  skills: diplomacy 2, special ops 3" in leader and "  tactics: space 2, ground 3" in leader
