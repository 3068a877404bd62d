"""Flags mean the same everywhere (issue 35 #16): every command that loads content takes --pack, --expansion and
--lang (found by walking the click command tree, so a new command is held to it); an explicit --expansion wins over
SWREBELLION_EXPANSIONS, with a warning, rather than being silently ignored; content packs have one command group,
`rebellion packs`, the old `rebellion pack` still working with a deprecation warning."""

from __future__ import annotations

import json
import re

import click
import pytest

from packkit import cli, write_pack
from swrebellion.tools.cli import main

#: Commands that load content but need not take all three flags, and why.
EXEMPT = {
    "new pack": "writes a new pack; it reads only the base game's ids for its example unit",
    "packs upgrade": "rewrites the one pack it is given, with the plugins its manifest names",
    "scenario run": "a scenario file names its own expansions and packs (--pack adds packs to them)",
    "serve": "each game's expansions and each player's language are chosen in the browser; --pack offers packs",
}
FLAGS = ("--pack", "--expansion", "--lang")


def commands(group: click.Group = main, path: tuple[str, ...] = ()):
    """(name, command) of every command of the tree, hidden aliases left out."""
    ctx = click.Context(group)
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if isinstance(command, click.Group):
            yield from commands(command, (*path, name))
        elif not command.hidden:
            yield " ".join((*path, name)), command


def flags(command: click.Command) -> set[str]:
    return {flag for param in command.params for flag in getattr(param, "opts", ())}


def test_every_command_that_loads_content_takes_pack_expansion_and_lang():
    loading = {name: flags(command) for name, command in commands() if flags(command) & {"--pack", "--expansion"}}
    assert {"validate", "play", "simulate", "balance", "show", "odds"} <= set(loading)
    missing = {name: sorted(set(FLAGS) - found) for name, found in loading.items()
               if name not in EXEMPT and not set(FLAGS) <= found}
    assert missing == {}
    assert set(EXEMPT) <= set(loading), "an exemption for a command that no longer loads content"
    stale = [name for name in EXEMPT if set(FLAGS) <= loading[name]]
    assert not stale, f"{stale} take all three flags now: remove their exemption"


def test_validate_pack_checks_the_pack_as_a_path_does(tmp_path):
    folder = write_pack(tmp_path / "fan", "fan", requires=["base>=1.0"], content={
        "units.yaml": "kind: units\nitems:\n- id: fan-walker\n  nme: {en: Walker}\n"})
    by_path = cli("validate", str(folder), "--format", "json")
    by_flag = cli("validate", "--pack", str(folder), "--format", "json")
    assert by_flag.exit_code == by_path.exit_code == 1
    assert json.loads(by_flag.stdout) == json.loads(by_path.stdout)


def test_simulate_names_the_cards_in_the_language_of_lang():
    """balance names them with the same function (``simulation.card_names``)."""
    simulated = cli("simulate", "-n", "1", "--agents", "rebel=random,empire=random", "--lang", "ru")
    assert simulated.exit_code == 0, simulated.output
    lines = simulated.stdout.splitlines()
    table = lines[next(n for n, line in enumerate(lines) if "Самые разыгрываемые карты" in line):]
    cards = [cell for cell in (line.split("│")[1].strip() for line in table if line.startswith("│")) if cell]
    assert cards and all(re.search("[А-Яа-я]", card) for card in cards), cards


@pytest.mark.parametrize(("flags_given", "enabled", "warned"), [
    (["-x", "rise-of-the-empire"], ["base", "rise-of-the-empire"], True),
    (["--no-expansion", "base"], [], True),
    (["-x", "base"], ["base"], False),  # the same as the variable says: nothing to warn of
    ([], ["base"], False),
])
def test_an_explicit_expansion_wins_over_the_environment_with_a_warning(flags_given, enabled, warned, monkeypatch):
    monkeypatch.setenv("SWREBELLION_EXPANSIONS", "base")
    listed = cli("packs", "list", "--format", "json", *flags_given)
    assert listed.exit_code == 0, listed.output
    assert sorted(p["id"] for p in json.loads(listed.stdout)["packs"]) == enabled
    warning = "change what SWREBELLION_EXPANSIONS=base enables (base)"
    assert (warning in listed.stderr) is warned


def test_packs_is_the_one_group_and_pack_still_works_with_a_warning(tmp_path):
    assert "packs" in cli("--help").output and "\n  pack " not in cli("--help").output
    assert "upgrade" in cli("packs", "--help").output
    folder = write_pack(tmp_path / "fan", "fan", requires=["base>=1.0"], content={
        "missions.yaml": "kind: missions\nitems: []\n"})
    new = cli("packs", "upgrade", str(folder), "--check")
    old = cli("pack", "upgrade", str(folder), "--check")
    assert new.exit_code == old.exit_code == 0, old.output
    assert "deprecated" in old.stderr and "rebellion packs" in old.stderr and "deprecated" not in new.stderr
