"""`rebellion new plugin NAME` (issue 11, item 9): the package it writes installs with pip, is listed as an
expansion, validates, its scenario and its own tests pass, and it imports only public modules; a bad name, a
taken name or a folder in use is refused with a clear message and nothing written."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from packkit import cli, snapshot
from plugin_site import PUBLIC, Site, imported_modules, pip_install


@pytest.fixture
def here(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("SWREBELLION_EXPANSIONS", raising=False)
    return tmp_path


def test_the_package_installs_lists_validates_and_its_scenario_and_tests_pass(here):
    folder = here / "my plugins" / "hutt"
    result = cli("new", "plugin", "hutt-smugglers", "--folder", str(folder), "--title", "The Hutt's Smugglers")
    assert result.exit_code == 0, result.output
    assert f"pip install -e '{folder}'" in result.output  # a path with a space is quoted in the printed commands
    package = folder / "swrebellion_hutt_smugglers"
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) == [
        "README.md", "pyproject.toml", "scenarios/reinforcements.yaml",
        "swrebellion_hutt_smugglers/__init__.py", "swrebellion_hutt_smugglers/content/actions.yaml",
        "swrebellion_hutt_smugglers/content/pack.yaml", "swrebellion_hutt_smugglers/content/units.yaml",
        "swrebellion_hutt_smugglers/rules.py", "tests/test_hutt_smugglers.py",
    ]
    for path in [*package.glob("*.py"), *folder.glob("tests/*.py")]:
        assert imported_modules(path) <= PUBLIC, path.name

    work = here / "work"
    work.mkdir()
    site = Site(pip_install(folder, here / "install"), work)
    rows = {row["id"]: row for row in json.loads(site.rebellion("expansions", "list", "--format", "json").stdout)[
        "expansions"]}
    row = rows["hutt-smugglers"]
    assert (row["source"], row["name"], row["enabled"]) == ("swrebellion-hutt-smugglers 0.1.0",
                                                           "The Hutt's Smugglers", False)
    assert {"register_effect_ops", "register_steps", "register_values"} <= set(row["hooks"])
    ran = site.rebellion("scenario", "run", str(folder / "scenarios" / "reinforcements.yaml"))
    assert ran.returncode == 0 and "1 passed, 0 failed" in ran.stdout, ran.stdout + ran.stderr
    # the package's own tests, as its author runs them (pytest in its folder): the scenario, and the pack validates
    tests = subprocess.run([sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider"], cwd=folder,
                           env=site.env(), capture_output=True, text=True, timeout=300)
    assert tests.returncode == 0, tests.stdout + tests.stderr
    assert "test_scenario[reinforcements] PASSED" in tests.stdout
    assert "test_the_content_pack_validates PASSED" in tests.stdout


@pytest.mark.parametrize(("name", "message"), [
    ("Hutt Smugglers", "e.g. hutt-smugglers"),
    ("3po", "starts with a letter"),
    ("hutt--smugglers", "single hyphens"),
    ("a" * 41, "at most 40 characters"),
    ("base", "an installed expansion is already called 'base'"),
])
def test_a_bad_or_taken_name_is_refused_and_nothing_written(here, name, message):
    result = cli("new", "plugin", name)
    assert result.exit_code == 2 and message in result.output, result.output
    assert list(here.iterdir()) == []


def test_it_refuses_to_overwrite(here):
    (here / "hutt-smugglers").mkdir()
    (here / "hutt-smugglers" / "notes.txt").write_text("mine")
    before = snapshot(here)
    result = cli("new", "plugin", "hutt-smugglers")
    assert result.exit_code == 2 and "already exists and is not empty; nothing was written" in result.output
    assert cli("new", "plugin", "hutt-smugglers", "--title", 'A "quoted" title', "--folder", "x").exit_code == 2
    assert snapshot(here) == before


def test_help_teaches_what_is_made_with_examples():
    result = cli("new", "plugin", "--help")
    assert result.exit_code == 0
    for words in ("Examples:", "rebellion new plugin hutt-smugglers", "entry point", "feasibility test",
                  "combat.start", "unit-health", "docs/plugins.md"):
        assert words in result.output
