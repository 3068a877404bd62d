"""The commands around content packs: validate (three formats), packs list, new pack, help texts, start-up."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from packkit import cli, mini_world, snapshot, write_pack


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SWREBELLION_EXPANSIONS", raising=False)
    return tmp_path


@pytest.fixture
def broken(here):
    world = mini_world()
    world["units.yaml"]["items"][0]["helth"] = world["units.yaml"]["items"][0].pop("health")
    write_pack(here / "fan", content=world)
    return here / "fan"


def test_text_format(broken):
    result = cli("validate", "fan")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == "fan/units.yaml:3:3: SW202 missing required key 'health'"
    assert lines[1] == "fan/units.yaml:15:3: SW201 unknown key 'helth'"
    assert lines[2] == "    hint: did you mean 'health'?"
    assert lines[-1].startswith("FAILED: 2 errors, 0 warnings; packs: fan 1.0.0; 13 files, 17 items")


def test_github_format(broken):
    result = cli("validate", "fan", "--format", "github")
    assert result.exit_code == 1
    assert "::error file=fan/units.yaml,line=15,col=3,title=SW201::unknown key 'helth' (hint: did you mean " \
           "'health'?)" in result.stdout.splitlines()


def test_json_format(broken):
    result = cli("validate", "fan", "--format", "json")
    assert result.exit_code == 1
    document = json.loads(result.stdout)
    assert document["version"] == 1 and document["ok"] is False and document["cross_checked"] is True
    assert document["counts"]["errors"] == 2 and document["counts"]["items"] == 17
    assert document["counts"]["items_by_kind"]["units"] == 1
    assert document["packs"][0]["id"] == "fan" and len(document["packs"][0]["digest"]) == 64
    assert document["diagnostics"][1] == {
        "code": "SW201", "severity": "error", "file": "fan/units.yaml", "line": 15, "column": 3,
        "pointer": "/items/0/helth", "message": "unknown key 'helth'", "hint": "did you mean 'health'?",
    }


def test_clean_pack_exits_0(here):
    write_pack(here / "fan", content=mini_world())
    result = cli("validate", "fan")
    assert result.exit_code == 0 and result.stdout.startswith("OK: 0 errors")


def test_built_in_packs_are_found_without_a_path(here):
    result = cli("validate", "--format", "json")
    assert result.exit_code in (0, 1) and "Traceback" not in result.output
    assert "base" in [p["id"] for p in json.loads(result.stdout)["packs"]]


def test_packs_list(here):
    write_pack(here / "core", "core", content=mini_world())
    write_pack(here / "mod", "mod", "2.0.0", requires=["core>=1"], removes=["probes/probe-alpha"])
    result = cli("packs", "list", "core", "mod", "--format", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["packs"]
    assert [(r["id"], r["version"]) for r in rows] == [("core", "1.0.0"), ("mod", "2.0.0")]
    assert rows[0]["items"]["probes"] == 1 and rows[1]["removes"] == ["probes/probe-alpha"]
    text = cli("packs", "list", "core", "mod").stdout
    assert "mod 2.0.0  mod" in text and "    removes: probes/probe-alpha" in text


def test_new_pack_validates_and_its_scenario_passes_as_generated(here):
    """Issue 10, section 4: the generated pack validates, its example scenario passes, and its schema comments
    refer to a copy of the schemas inside the pack, relatively (never an absolute path of this machine)."""
    result = cli("new", "pack", "my-pack")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (here / "my-pack").iterdir())
    assert names == [".schemas", "missions.yaml", "pack.yaml", "scenarios", "units.yaml"]
    first = (here / "my-pack" / "units.yaml").read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=.schemas/units.schema.json"
    assert json.loads((here / "my-pack" / ".schemas" / "units.schema.json").read_text())["$id"].endswith(":units")
    result = cli("validate", "my-pack", "--format", "json")
    assert result.exit_code == 0, result.stdout
    assert [p["id"] for p in json.loads(result.stdout)["packs"]] == ["base", "my-pack"]
    result = cli("scenario", "run", str(here / "my-pack" / "scenarios" / "example-mission.yaml"))
    assert result.exit_code == 0 and "1 passed" in result.output, result.output


def test_new_pack_checks_its_id_and_refuses_a_built_in_one(here):
    result = cli("new", "pack", "fan", "--id", "rise-of-the-empire")
    assert result.exit_code == 2 and "built-in pack of the expansion 'rise-of-the-empire'" in result.output
    result = cli("new", "pack", "fan", "--id", "Hutt_Cartel")
    assert result.exit_code == 2 and "is not a pack id" in result.output
    assert not (here / "fan").exists()


def test_new_pack_quotes_paths_with_spaces_in_the_commands_it_prints(here):
    result = cli("new", "pack", "my packs/hutts")
    assert result.exit_code == 0, result.output
    assert "rebellion validate 'my packs/hutts'" in result.output


def test_new_pack_refuses_a_folder_that_is_not_empty(here):
    (here / "busy").mkdir()
    (here / "busy" / "notes.txt").write_text("mine")
    before = snapshot(here)
    result = cli("new", "pack", "busy")
    assert result.exit_code == 2 and "not empty" in result.output
    assert cli("new", "pack", "___").exit_code == 2
    assert snapshot(here) == before


@pytest.mark.parametrize("command", [["validate"], ["packs", "list"], ["schema", "export"], ["new", "pack"]])
def test_help_teaches_with_examples(command):
    result = cli(*command, "--help")
    assert result.exit_code == 0 and "Examples:" in result.stdout and "rebellion " in result.stdout


@pytest.mark.parametrize("option", ["--help", "--version"])
def test_help_and_version_do_not_import_pydantic_or_jsonschema(option):
    code = (
        "import sys\n"
        "from swrebellion.tools.cli import main\n"
        "try:\n"
        f"    main([{option!r}], prog_name='rebellion')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in ('pydantic', 'jsonschema') if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"


def test_cards_lists_the_card_kinds_the_enabled_plugins_register(here):
    """`rebellion cards` knows the card kinds from the registry: advanced tactic cards only with their expansion."""
    result = cli("cards", "list", "--kind", "advanced-tactics")
    assert result.exit_code == 2
    assert "'advanced-tactics' is not a card kind of the enabled expansions; card kinds: missions, objectives, " \
           "actions, tactics, probes" in result.output
    result = cli("cards", "list", "-x", "rise-of-the-empire")
    assert result.exit_code == 0, result.output
    headings = [line for line in result.stdout.splitlines() if not line.startswith(" ")]
    assert headings == ["missions:", "objectives:", "actions:", "tactics:", "probes:", "advanced-tactics:"]
    result = cli("cards", "show", "probe-hoth", "--kind", "probes")
    assert result.exit_code == 0 and result.stdout.startswith("Hoth (probe card, id probe-hoth), from pack base")


@pytest.mark.parametrize("args", [["play", "--seed", "1"], ["play", "--seed", "1", "--log", "json"]])
def test_a_reader_that_goes_away_ends_the_command_quietly(args):
    """`rebellion play --seed 1 | head -1` (issue 35 #2): the command stops at the broken pipe as a Unix tool does,
    with the shell's status for it (128 + SIGPIPE) and nothing on stderr, not an 'unexpected error'."""
    proc = subprocess.Popen([sys.executable, "-m", "swrebellion.tools", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout.readline()
    proc.stdout.close()
    _, err = proc.communicate(timeout=60)
    assert err == b"" and proc.returncode == 141
