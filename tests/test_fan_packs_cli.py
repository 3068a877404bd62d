"""Fan packs reach every command (issue 10, section 1): --pack on the commands that load content, packs listed in
rebellion.toml, scenarios with packs:, saves that find their packs again, setups and the default one, and a --load
that refuses the flags it would ignore."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from packkit import cli

MISSION = """\
kind: missions
items:
- id: fan-rally
  name: {en: Rally}
  set: fan
  faction: rebel
  deck: regular
  requires: {diplomacy: 1}
  mode: attempt
  target:
  - {op: choose, what: system, where: {populous: true}}
  effect:
  - {op: loyalty, change: gain, amount: 1}
"""


@pytest.fixture
def fan(tmp_path, monkeypatch):
    """A fan pack (a mission and a setup copied from the base one, marked default) in a folder of its own."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SWREBELLION_EXPANSIONS", raising=False)
    pack = tmp_path / "fan"
    pack.mkdir()
    (pack / "pack.yaml").write_text("id: fan\nname: {en: Fan}\nversion: 1.0.0\nrequires: [base]\n")
    (pack / "missions.yaml").write_text(MISSION)
    base_setup = (Path(__file__).parents[1] / "content" / "base" / "setups.yaml").read_text()
    (pack / "setups.yaml").write_text(base_setup.replace("- id: base\n", "- id: fan-setup\n", 1)
                                      .replace("name: {en: Base game setup,", "name: {en: Fan setup,", 1))
    return pack


def test_pack_option_on_every_content_command(fan):
    assert "fan-rally" in cli("cards", "list", "--pack", "fan").output
    assert "Rally" in cli("cards", "show", "fan-rally", "--pack", "fan").output
    assert "Rally" in cli("show", "fan-rally", "--pack", "fan").output
    assert "fan 1.0.0" in cli("packs", "list", "--pack", "fan").output
    listed = json.loads(cli("setups", "list", "--pack", "fan", "--format", "json").stdout)
    assert {row["id"]: row["pack"] for row in listed["setups"]} == {"base": "base", "fan-setup": "fan"}
    assert listed["default"] == "fan-setup", "the pack loaded last marks its setup default"
    result = cli("play", "--pack", "fan", "--seed", "2")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Setup: Fan setup (fan-setup); packs fan; seed 2.")
    assert cli("board", "--pack", "fan", "--seed", "2", "-o", "b.svg").exit_code == 0


def test_an_unknown_card_gets_a_did_you_mean(fan):
    result = cli("show", "fan-raly", "--pack", "fan")
    assert result.exit_code == 2 and "Did you mean: fan-rally?" in result.output


def test_packs_listed_in_rebellion_toml_are_loaded_by_every_command(fan):
    result = cli("packs", "add", "fan")
    assert result.exit_code == 0, result.output
    assert 'packs = ["fan"]' in Path("rebellion.toml").read_text()
    assert "fan-rally" in cli("cards", "list").output
    assert cli("expansions", "enable", "rise-of-the-empire").exit_code == 0
    assert 'packs = ["fan"]' in Path("rebellion.toml").read_text(), "enabling an expansion keeps the packs"
    assert cli("packs", "remove", "fan").exit_code == 0
    assert "fan-rally" not in cli("cards", "list").output
    assert cli("packs", "remove", "fan").exit_code == 2


def test_a_pack_with_errors_is_not_added(fan):
    (fan / "missions.yaml").write_text(MISSION.replace("op: loyalty", "op: loyality"))
    result = cli("packs", "add", "fan")
    assert result.exit_code == 1 and "content error" in result.output
    assert not Path("rebellion.toml").exists()


def test_a_save_finds_its_fan_pack_again_or_names_it(fan, tmp_path):
    assert cli("play", "--pack", "fan", "--setup", "fan-setup", "--seed", "4", "--save", "g.json").exit_code == 0
    saved = json.loads(Path("g.json").read_text())
    assert {"id": "fan", "path": str(fan.resolve())}.items() <= saved["packs"][-1].items()
    assert cli("play", "--load", "g.json").exit_code == 0
    (fan / "missions.yaml").write_text(MISSION.replace("amount: 1", "amount: 2"))
    result = cli("play", "--load", "g.json")
    assert result.exit_code == 1 and f"the pack 'fan' (in {fan.resolve()}) has changed" in result.output
    shutil.rmtree(fan)
    result = cli("play", "--load", "g.json")
    assert result.exit_code == 1 and f"from {fan.resolve()}, which is not there any more" in result.output


def test_load_refuses_the_flags_it_would_ignore(fan):
    assert cli("play", "--seed", "4", "--save", "g.json").exit_code == 0
    result = cli("play", "--load", "g.json", "--pack", "fan", "--setup", "base")
    assert result.exit_code == 2 and "drop --pack, --setup" in result.output


def test_rise_of_the_empire_brings_its_setup_and_its_mission_sets_option(fan):
    """Issue 27 §1: a game option is declared by the plugin that reads it (RE-MSS: Rise of the Empire's
    ``mission_sets``), and ``--option NAME=VALUE`` takes any option an enabled plugin declares; the CLI names no
    plugin. The old ``--mission-sets`` still works, saying it is deprecated."""
    result = cli("play", "-x", "rise-of-the-empire", "--seed", "3", "--option", "mission_sets=choose")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Setup: Rise of the Empire setup (rise-of-the-empire)")
    result = cli("play", "--seed", "3", "--option", "mission_sets=choose")
    assert result.exit_code == 2 and "option of Rise of the Empire, which is not enabled" in result.output
    assert "--expansion rise-of-the-empire" in result.output
    result = cli("play", "-x", "rise-of-the-empire", "--seed", "3", "--option", "mission_sets=all")
    assert result.exit_code == 2 and "mission_sets takes first-game, choose, not 'all'" in result.output
    result = cli("play", "-x", "rise-of-the-empire", "--seed", "3", "--option", "morale=high")
    assert result.exit_code == 2 and "the enabled ones have: mission_sets=first-game|choose" in result.output
    result = cli("play", "-x", "rise-of-the-empire", "--seed", "3", "--mission-sets", "choose")
    assert result.exit_code == 0 and "--mission-sets is deprecated: write --option mission_sets=choose" in result.output


def test_a_scenario_loads_the_packs_it_names_relative_to_itself(fan, tmp_path):
    folder = tmp_path / "tests"
    folder.mkdir()
    (folder / "rally.yaml").write_text("""\
name: fan rally gains loyalty
packs: [../fan]
seed: 1
state:
  phase: command
  current: rebel
  passed: {empire: true}
  base: dantooine
  leaders: {mon-mothma: pool}
  assigned: {rebel: [{card: fan-rally, leaders: [mon-mothma]}]}
script:
  - choose: {player: rebel, kind: command-action, option: "reveal:fan-rally"}
  - choose: {player: rebel, kind: choose-system, option: naboo}
expect:
  state: {/data/systems/naboo/loyalty: rebel}
""")
    result = cli("scenario", "run", str(folder / "rally.yaml"))
    assert result.exit_code == 0, result.output
    (folder / "rally.yaml").write_text((folder / "rally.yaml").read_text().replace("../fan", "../nowhere"))
    result = cli("scenario", "run", str(folder / "rally.yaml"))
    assert result.exit_code == 1 and "/packs/0: '../nowhere' is not a pack folder" in result.output


def test_a_fan_pack_clashing_with_rise_of_the_empire_is_told_to_change(fan):
    (fan / "missions.yaml").write_text(MISSION.replace("fan-rally", "message-from-high-command"))
    result = cli("validate", "fan", "-x", "rise-of-the-empire", "--format", "json")
    report = json.loads(result.stdout)
    [clash] = [d for d in report["diagnostics"] if d["code"] == "SW311"]
    assert clash["file"].endswith("fan/missions.yaml")
    assert "give yours another id" in clash["hint"] and "rise-of-the-empire" in clash["hint"]


def test_checking_nothing_is_a_usage_error(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = cli("validate", "--no-expansion", "base")
    assert result.exit_code == 2 and "nothing to check" in result.output
