"""A game at the terminal under hostile conditions (issue 16, "Saves, play and config"): SIGTERM and SIGHUP save
the game as Ctrl-D does; odd answers at the prompt are asked again; a game without --seed is a fresh one whose seed
is printed; with --referee the players' save reveals nothing of the other side."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from packkit import cli
from swrebellion.engine import Game
from swrebellion.engine.save import SaveError, load_game
from swrebellion.games import rules_for
from swrebellion.tools.play_cmd import _Signals


def _start_human_game(world, *extra: str) -> subprocess.Popen:
    command = [sys.executable, "-m", "swrebellion.tools", "play", "--seed", "4", "--human", "rebel", *extra]
    return subprocess.Popen(command, cwd=world, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"})


def _wait_for_prompts(process: subprocess.Popen, count: int, answer: str = "1") -> list[str]:
    """Answer the first ``count - 1`` prompts with ``answer`` and return once the ``count``-th is asked."""
    seen: list[str] = []
    done = threading.Event()

    def read() -> None:
        buffer = ""
        while not done.is_set():
            char = process.stdout.read(1)
            if not char:
                break
            buffer += char
            if buffer.endswith(": ") and "Your choice (" in buffer.rsplit("\n", 1)[-1]:
                seen.append(buffer)
                buffer = ""
                if len(seen) == count:
                    done.set()
                    break
                process.stdin.write(answer + "\n")
                process.stdin.flush()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    assert done.wait(60), f"the game did not ask {count} times: {''.join(seen)[-2000:]}"
    return seen


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_a_signal_in_a_human_game_saves_it_as_ctrl_d_does(world, bounded, name):
    process = _start_human_game(world, "--save", "game.json")
    try:
        with bounded(90):
            _wait_for_prompts(process, 4)
            process.send_signal(getattr(signal, name))
            rest, _ = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 128 + getattr(signal, name), rest
    assert f"Game stopped by {name}." in rest and "Saved to game.json" in rest and "Traceback" not in rest
    game = load_game(world / "game.json", rules_for)
    assert len(game.state["choices"]) >= 3 and not game.over


def test_without_seed_a_game_is_fresh_and_its_seed_is_printed(world, bounded):
    with bounded(120):
        first, second = cli("play"), cli("play")
    seeds = [int(r.stderr.split("Seed ")[1].split(" ")[0]) for r in (first, second)]
    assert seeds[0] != seeds[1], "two games without --seed must not be the same game"
    assert first.stdout != second.stdout
    with bounded(60):
        again = cli("play", "--seed", str(seeds[0]))
    assert again.stdout == first.stdout, "the printed seed replays the game"


@pytest.mark.parametrize("side", ["rebel", "empire"])
def test_a_person_is_never_shown_the_seed_that_tells_the_other_sides_cards(world, bounded, side):
    """`play --human empire` printed the seed, and `Game.new(rules, seed)` then gave the Rebel's hand and the hidden
    base (issue 32 #4): with a person playing, a fresh seed is kept secret (the save keeps it). The check computes
    secrets from every number the person is shown, and finds none of them."""
    with bounded(120):
        result = cli("play", "--human", side, "--save", "game.json", input="1\n" * 5)
    assert result.exit_code == 0, result.output
    saved = json.loads((world / "game.json").read_text())
    rules = rules_for(("base",))
    # the game as it was dealt: every hand and the order of every deck, the other side's secrets among them
    dealt = Game.new(rules, saved["seed"], saved["options"]).state["data"]
    shown = {int(n) for n in re.findall(r"\d+", result.output)}
    assert saved["seed"] not in shown
    for number in shown:
        assert Game.new(rules, number, saved["options"]).state["data"] != dealt


def test_with_a_referee_the_players_save_reveals_nothing_of_the_other_side(world, bounded):
    """docs/saves.md: the referee's file holds the seed and every choice; the player's file holds only what the
    player may see (hands and decks of the other side as counts), and cannot be replayed."""
    with bounded(120):
        result = cli("play", "--seed", "6", "--human", "rebel", "--save", "mine.json", "--referee", "full.json",
                     input="1\n" * 40)
    assert result.exit_code == 0, result.output
    full = load_game(world / "full.json", rules_for)
    mine = json.loads((world / "mine.json").read_text())
    assert mine["format"] == "swrebellion-view/1" and mine["player"] == "rebel"
    assert "seed" not in mine and "choices" not in mine
    assert mine["view"] == json.loads(json.dumps(full.view("rebel")))
    empire_hands = mine["view"]["data"]["hands"]["empire"]
    assert empire_hands and all(set(h) == {"$secret", "count"} for h in empire_hands.values()), empire_hands
    assert oct(os.stat(world / "full.json").st_mode & 0o777) == "0o600"
    with pytest.raises(SaveError, match="cannot be continued"):
        load_game(world / "mine.json", rules_for)


def test_a_prompt_answered_with_odd_text_asks_again(world, bounded):
    answers = ["²", "9" * 5000, "٣", "-1", "1"] * 30
    with bounded(60):
        result = cli("play", "--seed", "2", "--human", "empire", input="\n".join(answers) + "\n")
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output[-2000:]
    assert "Not an option: “²”. Type a number from 1 to" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_save_written_meanwhile_to_the_path_is_not_followed(world, bounded):
    """A symlink planted at the save's path during the game is refused at the end: the game says so and exits 1,
    and the file it points to is untouched."""
    (world / "victim.txt").write_text("precious")
    process = _start_human_game(world, "--save", "game.json")
    try:
        with bounded(90):
            _wait_for_prompts(process, 2)
            os.symlink(world / "victim.txt", world / "game.json")
            time.sleep(0.1)
            process.send_signal(signal.SIGTERM)
            rest, _ = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 1 and "is a symlink; refusing to replace it" in rest and "Traceback" not in rest
    assert (world / "victim.txt").read_text() == "precious" and (world / "game.json").is_symlink()


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
@pytest.mark.parametrize("at_event", [5, 150, 400])
def test_a_signal_inside_a_decision_waits_for_it_and_the_save_loads(world, bounded, monkeypatch, name, at_event):
    """SIGTERM or SIGINT during `play --save` wrote a save that would not load ("state hash differs", 3 of 13 and 4
    of 26 in the probe's trials) when it interrupted `Game.apply` half way (issue 32 #10). Here the signal is sent
    from inside `apply` itself, while it logs its ``at_event``-th event: the game stops after that decision, and the
    save loads."""
    number = getattr(signal, name)
    calls = {"n": 0}
    log = Game.log

    def log_and_signal(self, type_, **fields):
        # play's own handler: the game is on (told by what it is, not by what it is not: a handler some earlier test
        # of the same process left, SIG_IGN, made this count events before play began and send a signal play
        # never saw)
        if isinstance(getattr(signal.getsignal(number), "__self__", None), _Signals):
            calls["n"] += 1
        if calls["n"] == at_event:
            calls["n"] += 1
            os.kill(os.getpid(), number)  # delivered at once: its handler runs inside this apply
        return log(self, type_, **fields)

    monkeypatch.setattr(Game, "log", log_and_signal)
    with bounded(120):
        result = cli("play", "--seed", "3", "--save", "game.json")
    assert calls["n"] > at_event, "the signal was sent"
    assert result.exit_code == (130 if name == "SIGINT" else 128 + number) or (
        name == "SIGINT" and result.exit_code == 0), result.output
    monkeypatch.undo()
    game = load_game(world / "game.json", rules_for)
    assert not game.over and game.pending


@pytest.mark.parametrize("args", [
    ["play", "--seed", "1", "--save", "g.json", "--html", "g.json"],
    ["play", "--seed", "1", "--save", "g.json", "--referee", "r.json", "--html", "r.json"],
    ["play", "--load", "g.json", "--html", "g.json"],
    ["board", "--load", "g.json", "-o", "g.json"],
    ["replay", "g.json", "-o", "g.json"],
    ["replay", "g.json", "-o", "./g.json"],
])
def test_an_output_path_that_is_an_input_or_another_output_is_refused(world, bounded, args):
    """`--html` on the `--save` file, `board --load g.json -o g.json` and `replay g.json -o g.json` overwrote the
    save (issue 32 #11): a usage error before any work, and the save is untouched."""
    with bounded(120):
        assert cli("play", "--seed", "1", "--save", "g.json").exit_code == 0
        before = (world / "g.json").read_bytes()
        result = cli(*args)
    assert result.exit_code == 2 and "would destroy that file" in result.output, result.output
    assert (world / "g.json").read_bytes() == before
    assert not (world / "r.json").exists()


@pytest.mark.parametrize("command", [["play", "--seed", "1"], ["board", "-o", "b.svg"]])
@pytest.mark.parametrize("pack", ["a typo in a reference", "the time track removed"])
def test_content_that_validate_refuses_is_never_played_or_drawn(world, bounded, command, pack):
    """`play` and `board` skipped the checks `validate` makes: content with SW401 errors was played with exit 0, and
    a pack removing the time track crashed with a KeyError (issue 32, "Crashes"). Loading for play runs them all."""
    from packkit import write_pack

    if pack == "a typo in a reference":
        write_pack(world / "fan", requires=["base>=1.0,<2"], content={"m.yaml": {"kind": "missions", "items": [{
            "id": "typo-card", "name": {"en": "Typo"}, "set": "fan", "faction": "rebel", "deck": "regular",
            "requires": {"diplomacy": 1}, "mode": "attempt", "portrait": "luke-skywalkr"}]}})
    else:
        write_pack(world / "fan", requires=["base>=1.0,<2"], removes=["time-tracks/time-track"])
    with bounded(60):
        result = cli(*command, "--pack", "fan")
    assert result.exit_code == 1 and "Traceback" not in result.output, result.output
    assert "SW401" in result.output and "run `rebellion validate`" in result.output
    assert "Seed" not in result.output and not (world / "b.svg").exists()


def _rebellion(world, *args: str, **streams) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "swrebellion.tools", *args], cwd=world, capture_output="stdout"
                          not in streams, text=True, timeout=120, **streams)


def _closed(world, stream: str, *args: str) -> subprocess.CompletedProcess:
    """`rebellion ARGS` with standard input or output closed (`<&-`, `>&-`): Python then has no such stream."""
    fd = {"stdin": 0, "stdout": 1}[stream]
    code = (f"import os, runpy, sys; os.close({fd}); sys.{stream} = None; sys.argv = ['rebellion', *{list(args)!r}]; "
            "runpy.run_module('swrebellion.tools', run_name='__main__')")
    return subprocess.run([sys.executable, "-c", code], cwd=world, stderr=subprocess.PIPE, text=True, timeout=120,
                          **({"stdin": subprocess.DEVNULL} if stream == "stdout" else {"stdout": subprocess.DEVNULL}))


def _full(world, *args: str) -> subprocess.CompletedProcess:
    """`rebellion ARGS > /dev/full`: every write to standard output fails with ENOSPC."""
    with open("/dev/full", "w") as full:
        return _rebellion(world, *args, stdout=full, stderr=subprocess.PIPE)


#: case -> (how to run it in the folder, what the one line says)
UNWORKABLE = {
    "-o /dev/full": (lambda w: _rebellion(w, "board", "-o", "/dev/full"), "/dev/full is a device"),
    "-o ''": (lambda w: _rebellion(w, "board", "-o", ""), "is a folder"),
    "-o a folder": (lambda w: _rebellion(w, "board", "-o", "folder.svg"), "is a directory"),
    "-o in no folder": (lambda w: _rebellion(w, "replay", "x.json", "-o", "no/x.html"), "does not exist"),
    "stdout on /dev/full": (lambda w: _full(w, "board", "-o", "-"),
                            "cannot write standard output: No space left on device"),
    "stdout closed": (lambda w: _closed(w, "stdout", "board", "-o", "-"), "standard output is closed"),
    "play's stdout on /dev/full": (lambda w: _full(w, "play", "--seed", "1"), "No space left on device"),
    "--human with stdin closed": (lambda w: _closed(w, "stdin", "play", "--human", "rebel"),
                                  "standard input is closed"),
    "simulate --out in no folder": (lambda w: _rebellion(w, "simulate", "-n", "1", "--out", "no/x.parquet"),
                                    "does not exist"),
    "a scheduler that is no address": (lambda w: _rebellion(w, "simulate", "-n", "1", "--scheduler", "http://[::1"),
                                       "is not an address like tcp://HOST:PORT"),
}


@pytest.mark.parametrize("case", list(UNWORKABLE))
def test_outputs_and_inputs_that_cannot_work_get_one_clear_line(world, bounded, case):
    """Each of these was an 'unexpected error ... please report it' or a silent exit 0 (issue 32, "Crashes"): now a
    clear message naming what cannot be written or read, before any work where it can be known before."""
    (world / "folder.svg").mkdir()
    run, message = UNWORKABLE[case]
    with bounded(150):
        result = run(world)
    assert result.returncode in (1, 2), (result.returncode, result.stderr)
    assert message in result.stderr and "unexpected error" not in result.stderr and "Traceback" not in result.stderr
    assert sorted(p.name for p in world.iterdir()) == ["folder.svg"], "nothing half-written"


@pytest.mark.parametrize("command", [["board", "-o", "x.svg"], ["play", "--seed", "1"]])
def test_with_the_base_game_disabled_nothing_pretends_to_play(world, bounded, command, monkeypatch):
    """With base disabled in ./rebellion.toml, `board` crashed and `play` printed a setup line and exited 0 with no
    game (issue 32, "Crashes"): both say that no enabled expansion sets up a game, and how to enable one."""
    assert cli("expansions", "disable", "base").exit_code == 0
    with bounded(60):
        result = cli(*command)
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert "no enabled expansion sets up a game" in result.output and "rebellion expansions enable base" in result.output
    assert "Setup:" not in result.output and not (world / "x.svg").exists()
