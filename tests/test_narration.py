"""Every event reads as a sentence (issue 13, "Narration"): the account of seeded games of each expansion set, told
to each viewer (Rebel, Empire, spectator), has no fallback dump (the kernel's ``type: field=value``), no content id
and no rule id; and every event type the plugins can log has a wording, including those random games rarely reach.

Each game is played once and its log narrated three times (narrating is ~10x cheaper than playing), so the test
covers many games in a few seconds per expansion set.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from swrebellion.engine import Game, RandomAgent, play
from swrebellion.engine.secrets import redact
from swrebellion.expansions.base.presentation import narration as base_narration
from swrebellion.expansions.rise_of_the_empire import describe as roe_describe
from swrebellion.games import rules_for

ROOT = Path(__file__).resolve().parents[1]
ROE = ("base", "rise-of-the-empire")
#: (name, expansions, game options, seeds): 200 games of each expansion set (in blocks of 50, so the blocks run on
#: every core), and team play with 3 and 4 players.
SETS = [
    *((f"base {n}-{n + 49}", ("base",), [{}], range(n, n + 50)) for n in range(0, 200, 50)),
    *((f"base+rise-of-the-empire {n}-{n + 49}", ROE, [{"setup": "rise-of-the-empire"}, {}], range(n, n + 50))
      for n in range(0, 200, 50)),
    ("team play", ("base",), [{"players": 4}, {"players": 3}], range(24)),
    ("team play + rise-of-the-empire", ROE, [{"players": 4, "setup": "rise-of-the-empire"}], range(16)),
]
RULE_ID = re.compile(r"\b(?:RB|RS|RE|RULINGS)[- ][A-Z]{0,3}-?\d|\bC-\d\d\b")
LOWER_TOKEN = re.compile(r"(?<![\w-])[a-z0-9]+(?:-[a-z0-9]+)*(?![\w-])")
#: Content ids that are also plain English words of the account ("a sabotage marker", "an attempt").
ENGLISH = {"sabotage", "assault", "deployment", "infiltration", "reconnaissance", "detained", "interrogation", "red",
           "black", "green", "base", "heist", "ambush", "damage", "subjugation", "demolition", "uprising",
           "misdirection", "blindside", "undercover", "liberation"}


def leftovers(line: str, ids: set[str]) -> list[str]:
    """Content ids left in a line (hyphenated ids, and single-word ids that are not also English words)."""
    return [t for t in LOWER_TOKEN.findall(line) if t in ids and t not in ENGLISH]


def content_ids(rules) -> set[str]:
    """The ids of named things (a sentence names them); a card size's id is a kind's name ("missions"), a word."""
    content = rules.content
    return {ident for kind in content.counts() if "name" in content.kinds[kind].item.model_fields
            for ident in content.items(kind)}


@pytest.mark.parametrize(("expansions", "options", "seeds"), [s[1:] for s in SETS], ids=[s[0] for s in SETS])
def test_every_event_of_seeded_games_reads_as_a_sentence_for_every_viewer(expansions, options, seeds):
    rules = rules_for(expansions)
    ids = content_ids(rules)
    problems: list[str] = []
    for seed in seeds:
        game = Game.new(rules, seed, options[seed % len(options)])
        play(game, {p: RandomAgent(seed * 5 + n) for n, p in enumerate(game.state["players"])})
        for viewer in (None, *game.state["players"][:2]):
            for event in redact(game.state["log"], viewer):
                line = rules.call("describe_event", game=game, event=event, viewer=viewer)
                where = f"seed {seed}, viewer {viewer}, {event}"
                if line is None:
                    problems.append(f"no wording (the kernel's fallback dump): {where}")
                elif RULE_ID.search(line):
                    problems.append(f"rule id in {line!r}: {where}")
                elif leftovers(line, ids):
                    problems.append(f"ids {leftovers(line, ids)} in {line!r}: {where}")
    assert not problems, f"{len(problems)} problems, first ones:\n" + "\n".join(problems[:15])


def logged_event_types(folder: Path) -> set[str]:
    """Every event type a plugin's code logs: ``game.log("type", ...)`` calls with a literal type."""
    found = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "log"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                found.add(node.args[0].value)
    return found


def test_every_event_type_the_code_logs_has_a_wording():
    """Also the events random games rarely reach. ``move`` and ``retreat`` are logged under a variable name
    (base/rules/moves.py); the kernel's own events (game-over, roll, shuffle, reveal-choices) are worded by the
    base game."""
    worded = set(base_narration.LINES) | set(base_narration.QUIET) | set(roe_describe.LINES)
    logged = logged_event_types(ROOT / "expansions") | logged_event_types(ROOT / "core") | {"move", "retreat"}
    assert sorted(logged - worded) == []


def test_every_event_the_base_game_logs_is_worded_by_the_base_game():
    """Issue 31 §3: a fan pack played with the base game alone meets every event the base game's ops log (a mission
    discarded by a card, a mission deck looked at ...), so the base game words them itself: the expansion's account
    is not there to fill in."""
    worded = set(base_narration.LINES) | set(base_narration.QUIET)
    logged = logged_event_types(ROOT / "expansions" / "base") | logged_event_types(ROOT / "core") | {"move", "retreat"}
    assert sorted(logged - worded) == []


def test_the_check_finds_leftovers():
    assert leftovers("The Empire activates mon-calamari.", {"mon-calamari"}) == ["mon-calamari"]
    assert leftovers("A sabotage marker is placed in Hoth.", {"sabotage", "hoth"}) == []
    assert RULE_ID.search("Reveal the Rebel base (RULINGS C-06, C-07)")
    assert RULE_ID.search("Building (RB-BLD-03)")


def test_the_base_game_words_its_events_from_one_table_of_messages():
    """Issue 27 §1: the base game's sentences are data, one table by event type and variant
    (``narration.MESSAGES``), the Rebels' and the Empire's sentence of a pair picked by the event's side, not a
    function per case: every wording's messages are in it, and the table's side picks the sentence."""
    table, worded = base_narration.MESSAGES, set(base_narration.WORDED_AS.values())
    assert set(table) <= worded and len(table) >= 80
    source = Path(base_narration.__file__).read_text(encoding="utf-8")
    inline = [node.lineno for node in ast.walk(ast.parse(source))
              if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "by"]
    assert inline == [], "a wording picks a side's sentence itself; put the pair in MESSAGES"
    words = base_narration.Words(Game.new(rules_for(("base",)), 0, {}), None)
    for faction, expected in (("rebel", "The Rebels pass."), ("empire-admiral", "The Empire passes.")):
        assert words.tell({"type": "pass", "faction": faction}) == expected
    assert words.tell({"type": "battle-won", "winner": "empire", "theater": "ground"}, "ground", system="Hoth") == \
        "  The Empire wins the ground battle in Hoth."


def test_the_old_names_of_renamed_events_still_read():
    """Issue 31 §3: one name per thing (a card's move is a ``move`` with its ``card``; a mission discarded down to
    the hand limit or by a card is ``mission-discarded`` with its ``cause``; Boba Fett? Where?'s bar is a
    ``restricted`` like any restriction that lasts), and the names older saves and logs hold still read as the same
    sentences."""
    rules = rules_for(("base",))
    game = Game.new(rules, 0, {})
    pairs = [
        ({"type": "moved", "faction": "rebel", "units": {"x-wing": 2}, "source": "rebel-base", "to": "naboo",
          "card": "hidden-fleet"},
         {"type": "move", "faction": "rebel", "units": {"x-wing": 2}, "from": "rebel-base", "to": "naboo",
          "leaders": [], "card": "hidden-fleet"}),
        ({"type": "discarded-mission", "faction": "empire", "card": "superlaser-online", "cause": "hand limit"},
         {"type": "mission-discarded", "faction": "empire", "card": "superlaser-online", "cause": "hand limit"}),
        ({"type": "mission-discarded", "faction": "rebel", "card": "sabotage", "by": "stolen-intel"},
         {"type": "mission-discarded", "faction": "rebel", "card": "sabotage", "cause": "stolen-intel"}),
        ({"type": "system-barred", "faction": "rebel", "system": "mustafar", "card": "boba-fett-where"},
         {"type": "restricted", "faction": "rebel", "system": "mustafar", "bars": ["missions", "cards"],
          "until": "end-of-round", "conditional": False, "card": "boba-fett-where"}),
    ]
    for old, new in pairs:
        line = rules.call("describe_event", game=game, event=new, viewer=None)
        assert line and rules.call("describe_event", game=game, event=old, viewer=None) == line
    assert not {"moved", "discarded-mission", "system-barred"} & set(base_narration.MESSAGES)
