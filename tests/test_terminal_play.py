"""A person playing at the terminal (issue 13, "Terminal play"): `rebellion play --human rebel` driven through a
pseudo-terminal exactly as someone types at it: commands at the prompt (map, hand, leaders, status, show, help),
numbers, names, bad input, and Ctrl-D, which stops the game and saves it; the save remembers the human seat, so
the resume command the game prints gives the person their side back. Slow-ish (each step starts a process), so it
plays only the first decisions of a game."""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

PROMPT = "Your choice (a number, a name, or help): "
REBELLION = shutil.which("rebellion") or str(Path(sys.executable).with_name("rebellion"))


def spawn(*args: str, lang: str = "en", tmp_path: Path) -> "pexpect.spawn":
    env = {**os.environ, "SWREBELLION_LANG": lang, "COLUMNS": "120", "TERM": "dumb"}
    env.pop("SWREBELLION_EXPANSIONS", None)
    child = pexpect.spawn(REBELLION, list(args), cwd=str(tmp_path), env=env, encoding="utf-8", timeout=60,
                          dimensions=(50, 120))
    child.logfile_read = (tmp_path / "screen.txt").open("a", encoding="utf-8")
    return child


def answer(child, text: str) -> str:
    """Type a line at the prompt; return what the terminal showed up to the next prompt."""
    child.sendline(text)
    child.expect_exact(PROMPT)
    return child.before


def test_a_person_plays_the_rebels_at_the_terminal(tmp_path):
    save = tmp_path / "game.json"
    child = spawn("play", "--human", "rebel", "--seed", "3", "--save", str(save), tmp_path=tmp_path)
    child.expect_exact(PROMPT)
    first = child.before
    assert "Choose the one system that may take starting units" in first
    assert "Only the Rebel Base space" in first and "Alderaan" in first
    assert "alderaan" not in first and "rebel-base" not in first  # names, never ids

    shown = answer(child, "help")
    for command in ("map", "hand", "leaders", "status", "show", "Ctrl-D"):
        assert command in shown
    shown = answer(child, "map")
    assert "Region 1:" in shown and "Saleucami" in shown and "Imperial: " in shown and "AT-AT" in shown
    shown = answer(child, "map mon calamari")
    assert "Neighbours:" in shown and "Felucia" in shown
    shown = answer(child, "hand")
    assert "Objectives (1):" in shown and "Defend the People" in shown  # the Rebel's own objective, named
    assert "The Imperial hand:" in shown
    shown = answer(child, "leaders")
    assert "Rebel leaders:" in shown and "Imperial leaders:" in shown and "in the leader pool" in shown
    shown = answer(child, "status")
    assert "Round 0, Setup. Time 1, Rebel reputation 14" in shown
    assert "Imperial build queue:" in shown
    shown = answer(child, "show darth vader")
    assert "Darth Vader" in shown and "special ops 3" in shown
    shown = answer(child, "show nothing-like-it")
    assert "Nothing is called" in shown or "Did you mean" in shown
    shown = answer(child, "banana")
    assert "Not an option: “banana”" in shown
    shown = answer(child, "99")
    assert "Not an option" in shown

    # a name chooses: the start of "Only the Rebel Base space" is enough (every starting unit goes there)
    shown = answer(child, "only the rebel")
    assert "The Rebels' starting units: the Rebel Base space: 2 Airspeeders" in shown
    assert "── Rebel · Setup ──" in shown and "Choose the system of your hidden base" in shown
    shown = answer(child, "Dantooine")
    assert "You hide your base in Dantooine." in shown  # the player's own secret, in his account
    assert shown.count("The Rebels draw 6 mission cards: ") == 1  # his own cards named, once
    shown = answer(child, "status")
    assert "Your base is hidden in Dantooine." in shown
    shown = answer(child, "2")  # a number chooses too
    assert "── Rebel · Round 1 · Assignment Phase ──" in shown

    child.sendeof()  # Ctrl-D at the prompt
    child.expect(pexpect.EOF)
    child.close()
    screen = (tmp_path / "screen.txt").read_text(encoding="utf-8")
    assert "Game stopped." in screen and f"rebellion play --load {save}" in screen
    assert child.exitstatus == 0
    assert json.loads(save.read_text())["humans"] == ["rebel"]

    # the printed resume command gives the Rebel seat back to the person, at the decision he left
    child = spawn("play", "--load", str(save), tmp_path=tmp_path)
    child.expect_exact(PROMPT)
    assert "── Rebel · Round 1 · Assignment Phase ──" in child.before
    assert child.before.count("You hide your base in Dantooine.") == 1  # the account again, once
    child.sendeof()
    child.expect(pexpect.EOF)


def test_the_json_log_keeps_standard_output_to_itself(tmp_path):
    """`--human --log json`: events on standard output, one JSON object a line; the person's screen on stderr."""
    out = tmp_path / "events.jsonl"
    child = pexpect.spawn("/bin/sh", ["-c", f"'{REBELLION}' play --human empire --seed 5 --log json > '{out}'"],
                          cwd=str(tmp_path), encoding="utf-8", timeout=60,
                          env={**os.environ, "SWREBELLION_LANG": "en"})
    child.expect_exact(PROMPT)
    assert "── Empire · Setup ──" in child.before
    child.sendline("1")
    child.expect_exact(PROMPT)
    child.sendeof()
    child.expect(pexpect.EOF)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines and all(json.loads(line)["type"] for line in lines)
    assert not any("$secret" in line and '"value"' in line for line in lines)  # public events only


def test_russian_at_the_terminal(tmp_path):
    child = spawn("play", "--human", "empire", "--seed", "3", tmp_path=tmp_path, lang="ru")
    child.expect_exact("Ваш выбор (номер, название или помощь): ")
    shown = child.before
    assert "Империя" in shown
    child.sendline("карта")
    child.expect_exact("Ваш выбор (номер, название или помощь): ")
    assert "Регион 1:" in child.before
    child.sendeof()
    child.expect(pexpect.EOF)
