"""The space cannon's own tests, as a plugin author writes them with swrebellion's public helpers: its rules
scenarios, a seeded game pinned event by event (a golden log), the same seeds with it on and off, and saves.

Run them once the expansion is installed: ``pip install -e '.[test]' && pytest``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from swrebellion import testing
from swrebellion.engine import Game, RandomAgent, play
from swrebellion.engine.scenario import load_scenario, run
from swrebellion.games import rules_for

HERE = Path(__file__).parent
SCENARIOS = sorted((HERE.parent / "scenarios").glob("*/*.yaml"))
GOLDEN = HERE / "golden"
WITH_GUNS = ("base", "space-cannon")


@pytest.mark.parametrize("path", SCENARIOS, ids=[f"{p.parent.name}/{p.stem}" for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    run(load_scenario(path), rules_for)


def test_a_seeded_game_with_guns_plays_as_pinned(update_golden: bool) -> None:
    """Its golden log: a refactoring that changes what the guns do changes this game (write it again with
    ``pytest --update-golden`` when the change is meant, and say why)."""
    lines = testing.played(rules_for(WITH_GUNS), 2, options={"setup": "space-cannon"})
    assert any('"type":"space-cannon"' in line for line in lines)  # the guns fire in this game
    testing.check_golden(GOLDEN / "space-cannon-seed2.jsonl.gz", lines, update=update_golden)


def test_with_and_without_it_games_part_only_where_its_cards_join_the_decks() -> None:
    """On, with the base setup: the guns' Start of Combat cards join the starting action deck, so a game differs
    from the first shuffle of that deck, not before (the setup, the board and the other decks are the base game's)."""
    on = rules_for(WITH_GUNS)
    off = testing.rules_without(["space-cannon"], WITH_GUNS)
    found = testing.differences(on, off, range(2))
    assert len(found) == 2
    for message in found:
        assert '"deck":"starting-actions-rebel"' in message and "coordinated-barrage" in message.split(" against ")[0]


def test_a_game_with_guns_saves_loads_and_replays(tmp_path: Path) -> None:
    """Everything the guns do is in the game's state and replays from the seed and the choices."""
    rules = rules_for(WITH_GUNS)
    game = Game.new(rules, 3, {"setup": "space-cannon"})
    play(game, {p: RandomAgent(n) for n, p in enumerate(game.state["players"])})
    assert testing.replay(game).state_hash() == game.state_hash()
    testing.save(game, tmp_path / "guns.json")
    assert json.loads((tmp_path / "guns.json").read_text())["expansions"][-1]["id"] == "space-cannon"
    assert testing.load(tmp_path / "guns.json").state_hash() == game.state_hash()
