"""``odds SYSTEM`` at the terminal prompt (issue 34, docs/terminal.md), driven through a pseudo-terminal as a person
types it: a saved game stopped in the middle of a combat is resumed as the Rebel, who asks the odds of the combat
there, and of a system with no combat."""

from __future__ import annotations

import pytest

from swrebellion.engine import Game, RandomAgent
from swrebellion.engine.save import save_game
from swrebellion.games import rules_for

from test_terminal_play import PROMPT, answer, spawn

pytest.importorskip("pexpect")


def test_odds_of_a_system_at_the_prompt(tmp_path):
    game = Game.new(rules_for(("base",)), 11)
    agents = {p: RandomAgent(11 + n) for n, p in enumerate(game.state["players"])}
    while not (game.state["data"]["combat"] and game.pending and game.pending[0].player == "rebel"):
        for decision in game.pending:
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    where = game.state["data"]["combat"]["system"]
    save = tmp_path / "game.json"
    save_game(game, save, humans=["rebel"])
    child = spawn("play", "--load", str(save), tmp_path=tmp_path)
    child.expect_exact(PROMPT)
    shown = answer(child, "help")
    assert "odds" in shown
    shown = answer(child, f"odds {where}")
    assert f"The combat in {where.capitalize()}" in shown and "Rebel wiped out" in shown and "Left out:" in shown
    shown = answer(child, "odds nowhere-at-all")
    assert "Nothing is called" in shown or "Did you mean" in shown
    child.sendeof()
    child.expect(["Saved", pytest.importorskip("pexpect").EOF])
