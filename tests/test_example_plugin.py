"""A third-party expansion installed through a real entry point (a distribution's metadata on sys.path) is found,
listed with its hooks, switched on and off from the CLI, and its effect op is registered only while it is on
(issue 4, "Done when"); its content kinds and its content pack are validated like the built-in ones (issue 11)."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent


@pytest.fixture
def installed(tmp_path):
    """Install tests/toygame/ (with its content pack) as the distribution 'hideout-plugin' in a site folder."""
    site = tmp_path / "site"
    site.mkdir()
    shutil.copytree(HERE / "toygame", site / "hideout_plugin", ignore=shutil.ignore_patterns("__pycache__"))
    dist = site / "hideout_plugin-0.1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: hideout-plugin\nVersion: 0.1.0\n")
    (dist / "entry_points.txt").write_text("[swrebellion.expansions]\nhideout = hideout_plugin\n")
    work = tmp_path / "work"
    work.mkdir()
    env = {k: v for k, v in os.environ.items() if k != "SWREBELLION_EXPANSIONS"}
    env["PYTHONPATH"] = str(site)

    def rebellion(*args, **extra_env):
        return subprocess.run(
            [sys.executable, "-m", "swrebellion.tools", *args],
            cwd=work, env={**env, **extra_env}, capture_output=True, text=True, timeout=60,
        )

    return rebellion, work


def listing(rebellion, **env):
    result = rebellion("expansions", "list", "--format", "json", **env)
    assert result.returncode == 0, result.stderr
    return {row["id"]: row for row in json.loads(result.stdout)["expansions"]}


def test_the_plugin_is_found_through_its_entry_point(installed):
    rebellion, _ = installed
    rows = listing(rebellion)
    assert rows["hideout"]["source"] == "hideout-plugin 0.1.0"
    assert rows["hideout"]["enabled"] is False
    assert {"register_content_kinds", "register_effect_ops", "register_steps", "register_values",
            "setup_game"} <= set(rows["hideout"]["hooks"])
    assert rows["base"]["enabled"] is True


def test_enable_and_disable_persist_in_rebellion_toml(installed):
    rebellion, work = installed
    result = rebellion("expansions", "enable", "hideout")
    assert result.returncode == 0, result.stderr
    assert 'enabled = ["hideout"]' in (work / "rebellion.toml").read_text()
    assert listing(rebellion)["hideout"]["enabled"] is True
    assert listing(rebellion, SWREBELLION_EXPANSIONS="base")["hideout"]["enabled"] is False  # env overrides
    assert rebellion("expansions", "disable", "hideout").returncode == 0
    assert listing(rebellion)["hideout"]["enabled"] is False


def test_its_effect_op_is_registered_only_while_enabled(installed):
    rebellion, work = installed
    site = work.parent / "site"

    def ops(selection):
        code = (f"from swrebellion.plugins import activate; "  # the hideout's own ops (base, on by default, has many)
                f"print(sorted(s.name for s in activate({selection}).ops if s.plugin == 'hideout'))")
        env = {**os.environ, "PYTHONPATH": str(site)}
        return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, cwd=work)

    assert ops("['hideout']").stdout.strip() == "['toy_bonus']"
    assert ops("").stdout.strip() == "[]"


def test_an_unknown_or_broken_plugin_is_named(installed, tmp_path):
    rebellion, work = installed
    result = rebellion("expansions", "enable", "hidout")
    assert result.returncode == 2 and "did you mean 'hideout'" in result.stderr
    broken = tmp_path / "site" / "broken_plugin-1.0.dist-info"
    broken.mkdir()
    (broken / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 1.0\n")
    (broken / "entry_points.txt").write_text("[swrebellion.expansions]\nbroken = no_such_module_here\n")
    result = rebellion("expansions", "list")
    assert result.returncode == 0
    assert "broken: ModuleNotFoundError" in result.stderr
    result = rebellion("expansions", "enable", "broken")
    assert result.returncode == 2 and "'broken' failed to load" in result.stderr


def test_its_content_pack_is_validated_like_a_built_in_one(installed):
    """The plugin's own kinds and pack: `rebellion validate` with only it enabled checks its files, references
    (SW401) and its own check (HID001) through the same loader and validator as the base game's."""
    rebellion, work = installed
    result = rebellion("validate", "--format", "json", SWREBELLION_EXPANSIONS="hideout")
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["packs"][0]["source"] == "built-in (expansion hideout)"
    assert report["counts"]["items_by_kind"] == {"places": 5, "variants": 1}
    broken = work.parent / "site" / "hideout_plugin" / "pack" / "variants.yaml"
    broken.write_text(broken.read_text().replace("cards: 12", "cards: 3").replace("dock, erie", "dock, eire"))
    result = rebellion("validate", "--format", "json", SWREBELLION_EXPANSIONS="hideout")
    assert result.returncode == 1
    found = {(d["code"], d["pointer"], d["message"], d["hint"]) for d in json.loads(result.stdout)["diagnostics"]}
    assert found == {("SW401", "/items/0/places/4", "unknown places id 'eire'", "did you mean 'erie'?"),
                     ("HID001", "/items/0/cards", "the deck holds 3 cards but the hands need 4",
                      "raise cards or lower hand")}
