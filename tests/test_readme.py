"""The README's commands work as written (issue 35 #15): every ``sh`` block, in order, in a fresh folder holding
what a clone holds beside the code (``examples/``), each command exiting 0. A block preceded by
``<!-- README test: skip (why) -->`` is not run (installing packages, a server that runs until stopped); nothing
else is left out. The package is installed already, so the install lines are the skipped ones.

The commands run in this process (click's runner, the built-in rules cached between them) rather than in a shell
each: the same command line, parsed as the shell would (quotes, ``VAR=value`` before the command, globs), at a
fraction of the cost. What a person types at ``--human`` is nothing: standard input ends at once, which stops the
game and saves it, as Ctrl-D does."""

from __future__ import annotations

import glob
import re
import shlex
import shutil
import time
from pathlib import Path

from click.testing import CliRunner

from swrebellion.tools.cli import main

REPO = Path(__file__).resolve().parent.parent
SKIP = re.compile(r"<!-- README test: skip \((.+?)\) -->\s*$")


def blocks(text: str) -> list[tuple[int, list[tuple[int, str]]]]:
    """The ``sh`` blocks to run: (line of the fence, [(line, command)]), comments and blank lines left out."""
    found = []
    lines = text.splitlines()
    n = 0
    while n < len(lines):
        if lines[n].strip() == "```sh":
            start, body = n + 1, []
            n += 1
            while lines[n].strip() != "```":
                command = lines[n].split(" #")[0].strip() if not lines[n].lstrip().startswith("#") else ""
                if command:
                    body.append((n + 1, command))
                n += 1
            if not SKIP.search(lines[start - 2] if start >= 2 else ""):
                found.append((start, body))
        n += 1
    return found


def run(command: str, folder: Path, line: int) -> str:
    """One command line of the README, run in ``folder``; its output."""
    words = shlex.split(command)
    env = {}
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
        name, value = words.pop(0).split("=", 1)
        env[name] = value
    assert words[0] == "rebellion", f"README line {line}: only rebellion commands run here; mark the block to skip"
    args = [match for word in words[1:] for match in (sorted(glob.glob(word, root_dir=folder)) or [word])]
    result = CliRunner().invoke(main, args, input="", env={"SWREBELLION_EXPANSIONS": None, "SWREBELLION_LANG": None,
                                                            "COLUMNS": "100", **env})
    assert result.exit_code == 0, f"README line {line}: {command}\n{result.output[-3000:]}"
    return result.output


def test_every_command_block_of_the_readme_runs_in_a_fresh_folder(tmp_path, monkeypatch):
    text = (REPO / "README.md").read_text(encoding="utf-8")
    shutil.copytree(REPO / "examples", tmp_path / "examples", ignore=shutil.ignore_patterns("*.egg-info", "build"))
    monkeypatch.chdir(tmp_path)
    found = blocks(text)
    assert len(found) >= 6 and text.count("```sh") == len(found) + 3  # install, space-cannon, odds of a save
    took = {}
    for _, commands in found:
        for line, command in commands:
            start = time.perf_counter()
            run(command, tmp_path, line)
            took[command] = time.perf_counter() - start
            print(f"{took[command]:6.1f} s  {command}", flush=True)
    for made in ("game.json", "referee.json", "board.svg", "game.html", "sabotage.svg", "probe-swarm.pdf",
                 "results.parquet", "balance.html", "rebellion.toml", "my-pack/pack.yaml"):
        assert (tmp_path / made).exists(), made
    print("slowest:", sorted(took.items(), key=lambda kv: -kv[1])[:5])
