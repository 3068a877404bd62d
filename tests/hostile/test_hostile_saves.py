"""Hostile saves and play options (issue 16, "Saves, play and config"): `rebellion play --load` of a damaged,
edited or special file, and `--save` to a place that cannot take it, each end in a clean `error:` (exit 1, or 2 for
a bad option) within seconds, before any game is played, never a traceback or a hang.

A save is validated whole by a model (swrebellion.engine.save.SaveFile) before anything is replayed.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path

import pytest

from packkit import cli
from swrebellion.engine import Game, RandomAgent
from swrebellion.engine.save import save_game
from swrebellion.games import rules_for


@pytest.fixture(scope="module")
def save_text(tmp_path_factory) -> str:
    """A real save of a base game, 40 decisions in."""
    game = Game.new(rules_for(("base",)), 5)
    agents = {p: RandomAgent(n) for n, p in enumerate(game.state["players"])}
    for _ in range(40):
        decision = game.pending[0]
        game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    path = tmp_path_factory.mktemp("save") / "game.json"
    save_game(game, path)
    return path.read_text(encoding="utf-8")


def damaged(change):
    """A damage: ``change`` applied to the save's JSON data."""
    def damage(text: str) -> str:
        data = json.loads(text)
        change(data)
        return json.dumps(data, indent=1)
    return damage


def edited(**changes):
    """Set top-level keys (``None`` removes one)."""
    def change(data: dict) -> None:
        for key, value in changes.items():
            if value is None:
                data.pop(key, None)
            else:
                data[key] = value
    return damaged(change)


def in_options(**changes):
    return damaged(lambda data: data["options"].update(changes))


def with_pack(**entry):
    """A fan pack entry added to the save's packs."""
    return damaged(lambda data: data["packs"].append(entry))


# name -> (how to damage a good save's text, or the bytes to write, what the error says)
CASES = {
    # issue 32 #7: a save could name any folder as a pack, by a relative path, and --load loaded it unchecked (the
    # folder is there: see the `world` fixture below)
    "a fan pack by a relative folder, no digest": (with_pack(id="probe-swarm", version="0.1.0", path="elsewhere"),
                                                   "without its digest .* not loaded"),
    "a fan pack by a relative folder with a digest": (
        with_pack(id="probe-swarm", version="0.1.0", path="elsewhere", hash="0" * 64), "without an absolute folder"),
    # issue 32 #3: a stranger's save reaches the terminal in the error that names it; shown, never obeyed
    "an expansion id holding escape sequences": (edited(expansions=[{"id": "base\x1b]0;pwned\x07\x1b[2J"}]),
                                                 r"base\\x1b\]0;pwned\\x07\\x1b\[2J"),
    "players: 99": (in_options(players=99), r"/options/players: Input should be less than or equal to 4"),
    "players: 1": (in_options(players=1), r"/options/players: Input should be greater than or equal to 2"),
    "players: 'two'": (in_options(players="two"), r"/options/players: Input should be a valid integer"),
    "players: true": (in_options(players=True), r"/options/players: Input should be a valid integer"),
    "setup: 5": (in_options(setup=5), r"/options/setup: Input should be a valid string"),
    "setup: an unknown id": (in_options(setup="nowhere"), "the save's options cannot set up a game: unknown setup"),
    "setup: a mapping": (in_options(setup={"a": 1}), r"/options/setup: Input should be a valid string"),
    "an option holding a list": (in_options(mission_sets=["x"]), r"/options/mission_sets"),
    # issue 32: an option no expansion reads was reported only as "state hash differs"
    "an option no expansion reads": (in_options(fog_of_war=True), r"the save's options hold 'fog_of_war', which no "
                                                                   r"enabled expansion reads"),
    "seed: 'x'": (edited(seed="x"), r"/seed: Input should be a valid integer"),
    "seed: 1.5": (edited(seed=1.5), r"/seed: Input should be a valid integer"),
    "seed: true": (edited(seed=True), r"/seed: Input should be a valid integer"),
    "seed: null": (edited(seed=[]), r"/seed: Input should be a valid integer"),
    "seed: 2**64": (edited(seed=2**64), r"line 3, column 10: the integer 18446744073709551616 is larger than 64"),
    "seed of 5,000 digits": (lambda t: t.replace('"seed": 5', '"seed": ' + "9" * 5000), "larger than 64 bits"),
    "no seed": (edited(seed=None), r"/: Field required"),
    "options: a list": (edited(options=[1]), r"/options: Input should be an object"),
    "choices: a string": (edited(choices="x"), r"line 21, column 2, /choices: Input should be a valid array"),
    "a choice of numbers": (edited(choices=[[1, 2]]), r"/choices/0/0: Input should be a valid string"),
    "a choice of one": (edited(choices=[["rebel"]]), r"/choices/0: Field required"),
    "a choice never offered": (edited(choices=[["rebel", "narnia"]]), r"choice #1 \(rebel: 'narnia'\) cannot be"),
    "a choice for a player who does not exist": (edited(choices=[["droid", "x"]]), "droid has no decision"),
    "expansions: numbers": (edited(expansions=[5]), r"/expansions/0: Input should be an object"),
    "state_hash: not hex": (edited(state_hash="zz"), r"/state_hash: String should match pattern"),
    "an unknown key": (edited(extra=1), r"/extra: Extra inputs are not permitted"),
    "no format": (edited(format=None), "unsupported save format None"),
    "another format": (edited(format="other/9"), "unsupported save format 'other/9'"),
    "a JSON list": (b"[]", "the top level is not a JSON object"),
    "a duplicate key": (lambda t: t.replace('"seed": 5,', '"seed": 5,\n "seed": 6,'), "duplicate key 'seed'"),
    "JSON nested 100,000 deep": (b"[" * 100_000 + b"]" * 100_000, "nesting deeper than 8 levels"),
    "not JSON": (b"seed = 5\n", "not a readable save: line 1, column 1"),
    "not UTF-8": (b'{"format": "\xff"}', "not UTF-8"),
    "empty": (b"", "not a readable save"),
    "larger than a save can be": (b" " * (5 * 1024 * 1024), "larger than a save can be"),
}


def _play(*args: str):
    result = cli("play", *args)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result


@pytest.fixture
def elsewhere(world):
    """A real fan pack in ./elsewhere that a hand-made save could name."""
    shutil.copytree(Path(__file__).resolve().parents[2] / "examples" / "packs" / "probe-swarm", world / "elsewhere")
    return world / "elsewhere"


@pytest.mark.parametrize("case", list(CASES))
def test_hostile_save(world, elsewhere, bounded, save_text, case):
    damage, message = CASES[case]
    path = world / "game.json"
    if isinstance(damage, bytes):
        path.write_bytes(damage)
    else:
        path.write_text(damage(save_text), encoding="utf-8")
    with bounded():
        result = _play("--load", str(path))
    assert result.exit_code == 1, result.output
    assert result.output.startswith(f"error: {path}: "), result.output
    assert re.search(message, result.output), result.output
    assert "wins" not in result.output
    assert "\x1b" not in result.output and "\x07" not in result.output


@pytest.mark.parametrize("special", ["fifo", "/dev/zero", "/dev/null"])
def test_loading_a_fifo_or_device_is_refused_at_once(world, bounded, special):
    path = special
    if special == "fifo":
        path = str(world / "game.json")
        os.mkfifo(path)
    with bounded(10):
        result = _play("--load", path)
    assert result.exit_code == 1
    assert "not a save file" in result.output and ("FIFO" in result.output or "device" in result.output)


def test_the_player_view_written_for_a_referee_cannot_be_loaded(world, bounded):
    with bounded():
        written = _play("--seed", "3", "--save", "mine.json", "--referee", "full.json")
        result = _play("--load", "mine.json")
    assert written.exit_code == 0, written.output
    assert result.exit_code == 1 and "cannot be continued; load the referee's file instead" in result.output


# -- --save ---------------------------------------------------------------------------------------------------


def _readonly_folder(world):
    """A folder this process cannot create files in: a 0555 folder, or (as root, who may write anywhere) /sys."""
    if os.geteuid() != 0:
        folder = world / "locked"
        folder.mkdir()
        folder.chmod(0o555)
        return folder
    return "/sys"


@pytest.mark.parametrize("where, message", [
    ("missing/game.json", "the folder missing does not exist"),
    ("game.json/inside.json", "the folder game.json does not exist"),
    ("readonly", "Permission denied"),
    ("link", "is a symlink; refusing to replace it"),
    ("/dev/null", "is a device; refusing to replace it"),
    ("fifo", "is a FIFO (named pipe); refusing to replace it"),
])
def test_save_to_a_place_that_cannot_take_it_fails_before_the_game(world, bounded, where, message):
    """--save is checked before the first decision, not after a whole game; a symlink or a device at the path is
    never replaced (the file it points to is not touched)."""
    (world / "game.json").write_text("not a folder")
    (world / "victim.txt").write_text("precious")
    if where == "readonly":
        where = f"{_readonly_folder(world)}/game.json"
    elif where == "link":
        os.symlink(world / "victim.txt", world / "link")
    elif where == "fifo":
        os.mkfifo(world / "fifo")
    with bounded():
        result = _play("--seed", "1", "--save", where)
    assert result.exit_code == 2, result.output
    assert "--save" in result.output and message in result.output, result.output
    assert "Round" not in result.output and "wins" not in result.output
    assert (world / "victim.txt").read_text() == "precious"
    assert sorted(p.name for p in world.iterdir() if p.name.startswith(".")) == []


def test_save_and_referee_may_not_be_one_file(world, bounded):
    with bounded():
        result = _play("--seed", "1", "--save", "a.json", "--referee", "./a.json")
    assert result.exit_code == 2 and "need two files" in result.output


@pytest.mark.parametrize("command", ["play", "board"])
@pytest.mark.parametrize("seed", [str(2**63), str(-(2**63) - 1), str(2**64), "9" * 40])
def test_a_seed_a_save_cannot_hold_is_refused_at_the_start(world, bounded, command, seed):
    """Issue 32 #13: `--seed 9223372036854775808` played a game whose save `--load` then refused (a save holds a
    signed 64-bit seed). It is refused before anything is played or written, naming the range."""
    with bounded():
        result = cli(command, "--seed", seed, "--save" if command == "play" else "-o", "out")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and "--seed" in result.output and "outside what a save holds" in result.output, result.output
    assert "Round" not in result.output and list(world.iterdir()) == []


def test_the_largest_seed_a_save_holds_saves_and_loads(world, bounded):
    """The edge of the range (2**63 - 1) is a seed like any other: played, saved, loaded again."""
    with bounded(60):
        played = _play("--seed", str(2**63 - 1), "--save", "game.json")
        loaded = _play("--load", "game.json")
    assert played.exit_code == 0 and loaded.exit_code == 0, loaded.output
