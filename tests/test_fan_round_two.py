"""Issue 31 §2 and §3: a fan pack written against the verbs of the second round (tests/fan_packs/round-two) shows in
play and in the narration without a raw line. The pack validates with no diagnostic, and every scenario of it
(``scenarios/*.yaml``, also collected one by one by tests/conftest.py) is played here once more so that its whole
log is told to each viewer in English, Russian and Turkish: every event has a sentence (no kernel fallback dump, no
untranslated line). The scenarios cite the rule ids they check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from packkit import cli
from swrebellion import i18n
from swrebellion.engine import Game, RandomAgent, play
from swrebellion.engine import scenario as harness
from swrebellion.engine.secrets import peek
from swrebellion.engine.secrets import redact
from swrebellion.expansions.base.presentation.terminal.screens import leaders_screen
from swrebellion.games import rules_for

PACK = Path(__file__).parent / "fan_packs" / "round-two"
SCENARIOS = sorted((PACK / "scenarios").glob("*.yaml"))


def test_the_pack_validates_with_no_diagnostic():
    result = cli("validate", str(PACK), "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["diagnostics"] == []


def told(rules, game) -> dict[str, list[tuple[dict, str | None]]]:
    """Each language's account of the game, for every viewer: (event, line) pairs."""
    lines: dict[str, list[tuple[dict, str | None]]] = {}
    for lang in ("en", "ru", "tr"):
        with i18n.using(lang):
            lines[lang] = [(event, rules.call("describe_event", game=game, event=event, viewer=viewer))
                           for viewer in (None, "rebel", "empire") for event in redact(game.state["log"], viewer)]
    return lines


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_every_event_of_the_fan_scenarios_reads_as_a_sentence_in_every_language(path):
    game = harness.run(harness.load_scenario(path), rules_for)
    lines = told(game.rules, game)
    raw = [f"{lang}: {event}" for lang, pairs in lines.items() for event, line in pairs if line is None]
    assert raw == []
    for lang in ("ru", "tr"):
        untranslated = [line for (_e, line), (_e2, english) in zip(lines[lang], lines["en"])
                        if line and line.strip() and line == english]
        assert untranslated == [], lang


def bad_pack(tmp_path: Path, kind: str, item: str) -> Path:
    """A copy of the pack's manifest with one content file of ``kind`` holding ``item`` (YAML)."""
    (tmp_path / "pack.yaml").write_text((PACK / "pack.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / f"{kind}.yaml").write_text(f"kind: {kind}\nitems:\n{item}", encoding="utf-8")
    return tmp_path


def test_an_action_deck_cannot_be_laid_as_a_mission(tmp_path):
    """deck:SIDE:actions (issue 31 §2.7) is a source of action cards: ``to: mission`` from it is refused where it
    is written, with the zones that can give a mission."""
    pack = bad_pack(tmp_path, "missions", """\
- id: fan-bad
  name: {en: Bad}
  set: fan
  faction: empire
  deck: regular
  requires: {diplomacy: 1}
  mode: resolve
  effect:
  - {op: move_cards, from: 'deck:self:actions', to: mission}
""")
    result = cli("validate", str(pack))
    assert result.exit_code == 1
    assert "missions.yaml:11:5: SW208" in result.output and "deck:self:missions" in result.output


def test_resources_are_a_systems_icons_not_the_bases(tmp_path):
    """place_units with ``resources`` (issue 31 §2.9) reads the icons of a system: ``to: base`` is refused where it
    is written, saying which destinations work; ``count`` with fixed ``units`` is refused too."""
    pack = bad_pack(tmp_path, "missions", """\
- id: fan-bad
  name: {en: Bad}
  set: fan
  faction: rebel
  deck: regular
  requires: {diplomacy: 1}
  mode: resolve
  effect:
  - {op: place_units, resources: true, to: base}
  - {op: place_units, units: {x-wing: 1}, count: 1}
""")
    result = cli("validate", str(pack))
    assert result.exit_code == 1
    assert "missions.yaml:11:5: SW208" in result.output and "use 'to: system' or 'to: queue'" in result.output
    assert "missions.yaml:12:5: SW208" in result.output and "'count' goes with 'icons' or 'resources'" in result.output


def test_a_spent_leader_is_shown_so_in_the_leaders_screen():
    """Issue 31 §2.5: `leaders` in `rebellion play` says a spent leader cannot be used until the Refresh Phase, in
    every language, for both sides (the state is public); the others read as before."""
    game = harness.run(harness.load_scenario(PACK / "scenarios" / "spent-leader-assignment.yaml"), rules_for)
    for lang, words in (("en", "spent until the Refresh Phase"), ("ru", "до Фазы восстановления"),
                        ("tr", "Yenileme Fazına kadar")):
        with i18n.using(lang):
            for player in ("rebel", "empire"):
                lines = leaders_screen(game, player)
                han = next(line for line in lines if "Han" in line or "Хан" in line)
                luke = next(line for line in lines if "Luke" in line or "Люк" in line)
                assert words in han and words not in luke, (lang, han, luke)


def test_only_the_empire_ever_draws_its_own_tactic_card():
    """Issue 31 §2.4: in random games with the pack, Imperial Doctrine (``faction: empire``) reaches Imperial combat
    hands and never a Rebel one, whatever the decks' state (refills, shuffles at the end of combats). Eight games,
    about five seconds on an idle machine."""
    rules = rules_for(("base",), [PACK])
    drawn = {"rebel": 0, "empire": 0}
    for seed in range(8):
        game = Game.new(rules, seed, {})
        play(game, {p: RandomAgent(seed * 5 + n) for n, p in enumerate(game.state["players"])})
        for event in game.state["log"]:
            if event["type"] == "tactics-drawn" and "fan-imperial-doctrine" in peek(event["cards"]):
                drawn["rebel" if event["faction"].startswith("rebel") else "empire"] += 1
    assert drawn["rebel"] == 0 and drawn["empire"] > 0, drawn


def test_a_scenario_starting_from_the_setup_takes_no_state(tmp_path):
    """``setup: true`` (issue 31) starts from the game's own setup: a ``state:`` beside it would be thrown away, so
    it is refused with the way out."""
    path = tmp_path / "both.yaml"
    path.write_text("name: both\noptions: {setup: base}\nsetup: true\nstate: {time: 3}\n", encoding="utf-8")
    with pytest.raises(harness.ScenarioError, match=r"starts from the game's setup; leave `state:` out"):
        harness.run(harness.load_scenario(path), rules_for)
