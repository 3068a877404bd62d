"""docs/authoring.md works as written (issue 10, section 4 and "Done when"): its files are written and its
commands run, in order, in an empty folder, as a fan following it would; a command marked `# exit 1` must fail with
1, every other must succeed. Then the pack it made is played: across a handful of seeds its new mission is drawn
and revealed."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from swrebellion.engine import Game, RandomAgent, play
from swrebellion.games import rules_for

GUIDE = Path(__file__).parents[1] / "docs" / "authoring.md"
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.S)


def steps(text: str):
    """('file', path, content) and ('run', command, expected status) in the guide's order."""
    for language, body in BLOCK.findall(text):
        first = body.splitlines()[0] if body.strip() else ""
        if first.startswith("# not run"):
            continue
        if language == "yaml":
            assert first.startswith("# file: "), f"a YAML block of the guide names its file: {first!r}"
            yield "file", first.removeprefix("# file: ").strip(), body.split("\n", 1)[1]
        elif language == "sh":
            for line in body.splitlines():
                command, _, comment = line.partition("  #")
                if command.strip():
                    yield "run", command.strip(), 1 if "exit 1" in comment else 0


@pytest.fixture(scope="module")
def followed(tmp_path_factory):
    """The folder where the guide was followed, and the output of each command."""
    work = tmp_path_factory.mktemp("guide")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("SWREBELLION_EXPANSIONS", None)
    outputs = {}
    for kind, what, detail in steps(GUIDE.read_text(encoding="utf-8")):
        if kind == "file":
            (work / what).parent.mkdir(parents=True, exist_ok=True)
            (work / what).write_text(detail, encoding="utf-8")
            continue
        result = subprocess.run(what, shell=True, cwd=work, env=env, capture_output=True, text=True, timeout=300)
        assert result.returncode == detail, f"`{what}` exited {result.returncode}:\n{result.stdout}\n{result.stderr}"
        outputs[what] = result.stdout + result.stderr
    return work, outputs


def test_every_command_of_the_guide_works_as_written(followed):
    _, outputs = followed
    assert any(c.startswith("rebellion play --load") for c in outputs)


def test_the_misspelled_nested_op_is_reported_where_the_guide_says(followed):
    _, outputs = followed
    text = GUIDE.read_text(encoding="utf-8")
    promised = re.search(r"`(hutt-cartel/missions\.yaml:\d+:\d+: SW206 [^`]*)`", text).group(1)
    assert promised in outputs["rebellion validate hutt-cartel"]


def test_the_guides_setup_is_listed_and_played(followed):
    _, outputs = followed
    assert "hutt-cartel" in outputs["rebellion setups list --pack hutt-cartel"]
    played = outputs["rebellion play --pack hutt-cartel --setup hutt-cartel --seed 3 --save game.json"]
    assert played.startswith("Setup: The Hutt Cartel setup (hutt-cartel); packs hutt-cartel")
    assert "Hutt Gunship" in played or "hutt-gunship" in played


def test_the_guides_mission_is_drawn_and_revealed_across_a_handful_of_seeds(followed):
    work, _ = followed
    rules = rules_for(("base",), [work / "hutt-cartel"])
    revealed = 0
    for seed in range(12):
        game = Game.new(rules, seed, {"setup": "hutt-cartel"})
        play(game, {p: RandomAgent(seed * 7 + n) for n, p in enumerate(game.state["players"])})
        revealed += any(e["type"] == "mission-revealed" and e["card"] == "hutt-protection-racket"
                        for e in game.state["log"])
    assert revealed >= 2, f"the new mission was revealed in {revealed} of 12 games"
