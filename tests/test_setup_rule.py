"""One rule for the setup of a new game in every command (issue 35 #5): ``--setup`` when given, else the default
setup of the enabled expansions (Rise of the Empire's alternative starting units, RE-SET-07..10, when it is enabled;
the base game's otherwise). ``simulate -x rise-of-the-empire`` and ``balance`` used to play the base game's setup
while ``play -x`` played the expansion's. ``replay`` and ``odds --load`` take the setup from the save."""

from __future__ import annotations

from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from swrebellion.engine import Game
from swrebellion.tools.cli import main

PROBE_SWARM = str(Path(__file__).resolve().parent.parent / "examples" / "packs" / "probe-swarm")
ROTE = ["--expansion", "rise-of-the-empire"]
#: command -> its arguments (before the expansion and setup flags)
COMMANDS = {
    "play": ["play", "--seed", "1"],
    "board": ["board", "--seed", "1", "-o", "-"],
    "simulate": ["simulate", "-n", "1", "--agents", "rebel=random,empire=random"],
    "balance": ["balance", "--pack", PROBE_SWARM, "-n", "1", "--agents",
                "rebel=random,empire=random"],
}


@pytest.fixture
def first_setup(monkeypatch):
    """The setup of the first game a command starts, read from the game itself; the command stops there."""
    made = []
    new = Game.new.__func__

    def spy(cls, rules, seed, options=None):
        game = new(cls, rules, seed, options)
        made.append(game.state["options"]["setup"])
        raise click.exceptions.Exit(0)

    monkeypatch.setattr(Game, "new", classmethod(spy))
    return made


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize(("flags", "setup"), [
    ([], "base"),
    (ROTE, "rise-of-the-empire"),
    ([*ROTE, "--setup", "base"], "base"),
])
def test_every_command_plays_the_enabled_expansions_default_setup(command, flags, setup, first_setup):
    result = CliRunner().invoke(main, [*COMMANDS[command], *flags], env={"SWREBELLION_EXPANSIONS": None})
    assert result.exit_code == 0, result.output
    assert first_setup == [setup]


def test_a_served_game_created_without_a_setup_gets_the_expansions_default(tmp_path, first_setup):
    from starlette.testclient import TestClient

    from servekit import csrf_of, new_store

    from swrebellion.tools.serve import Hall, create_app

    with TestClient(create_app(Hall(new_store(f"sqlite:///{tmp_path / 'games.sqlite3'}")), poll=0.05)) as client:
        form = {"csrf": csrf_of(client.get("/").text), "players": "2", "expansion": "rise-of-the-empire"}
        with pytest.raises(click.exceptions.Exit):
            client.post("/games", data=form)
    assert first_setup == ["rise-of-the-empire"]


def test_an_unknown_setup_is_named_in_words():
    result = CliRunner().invoke(main, ["play", "--seed", "1", "--setup", "my-setup"])
    assert result.exit_code == 2
    assert "unknown setup 'my-setup'; the loaded packs define base" in result.output
    assert "['" not in result.output
