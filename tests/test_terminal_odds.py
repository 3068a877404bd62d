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


def test_a_combat_too_large_for_the_best_play_shows_the_heuristics_odds_and_says_so():
    """``odds SYSTEM`` where the best play is too large to work out (5 X-wings, 4 Y-wings, 2 Corellian Corvettes
    and 2 Mon Calamari Cruisers against 3 Star Destroyers, 2 Assault Carriers and 6 TIE Fighters: 614,250 pairs of
    sides, docs/odds.md) shows the odds of both sides assigning damage as the heuristic agent does, which are
    answered for far larger forces, and says so, instead of only the refusal."""
    from swrebellion.engine import scenario
    from swrebellion.expansions.base.api.combat import odds
    from swrebellion.expansions.base.presentation.terminal.odds_screen import odds_screen

    rebels = {"x-wing": 5, "y-wing": 4, "corellian-corvette": 2, "mon-calamari-cruiser": 2}
    imperials = {"star-destroyer": 3, "assault-carrier": 2, "tie-fighter": 6}
    start = scenario.Scenario.model_validate({"name": "a large battle", "seed": 1, "state": {
        "phase": "command", "current": "empire", "units": {"hoth": {**rebels, **imperials}}}})
    game = scenario.start(start, rules_for(("base",)))
    shown = "\n".join(odds_screen(game, "empire", "hoth"))
    assert "Too many units to work out the best play here" in shown, shown
    assert "as the heuristic agent does" in shown
    wiped = odds(game, imperials, rebels, "space", policy="heuristic").theaters["space"].wiped["rebel"]
    assert f"Rebel wiped out {100 * wiped:6.2f}%" in shown


def test_a_combat_too_large_in_one_theater_shows_the_other_alone_and_says_so():
    """``odds SYSTEM`` where neither play can work out the whole combat (Rise of the Empire, RE-CIN-15: 8 ships a
    side in space are 40,500 pairs of sides, past both plays' bounds, docs/odds.md) shows the theater that can be
    worked out alone, by the best play where it can, and says so, instead of only the refusal."""
    from swrebellion.engine import scenario
    from swrebellion.expansions.base.api.combat import odds
    from swrebellion.expansions.base.presentation.terminal.odds_screen import odds_screen

    rebels = {"x-wing": 4, "y-wing": 2, "corellian-corvette": 1, "mon-calamari-cruiser": 1, "rebel-trooper": 2}
    imperials = {"tie-fighter": 5, "star-destroyer": 1, "assault-carrier": 2, "stormtrooper": 2}
    start = scenario.Scenario.model_validate({"name": "a large battle", "seed": 1, "state": {
        "phase": "command", "current": "empire", "units": {"hoth": {**rebels, **imperials}}}})
    game = scenario.start(start, rules_for(("base", "rise-of-the-empire")))
    shown = "\n".join(odds_screen(game, "empire", "hoth"))
    assert "Too many units to work out the whole combat: its ground battle alone." in shown, shown
    assert "heuristic agent" not in shown and "Space battle" not in shown
    wiped = odds(game, imperials, rebels, "ground").theaters["ground"].wiped["rebel"]
    assert f"Rebel wiped out {100 * wiped:6.2f}%" in shown
