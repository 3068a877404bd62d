"""Agents by name (the ``swrebellion.agents`` entry points), ``--agents``, and what each built-in agent does
(issue 14, sections 1 and 2)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from swrebellion import agents
from swrebellion.engine import Game, RandomAgent, play
from swrebellion.engine.search import SearchAgent
from swrebellion.tools.cli import main


def test_the_built_in_agents_are_entry_points_with_their_knobs():
    assert {"random", "heuristic", "search"} <= set(agents.names())
    assert {"aggression", "reserve", "opposition"} <= set(agents.knobs("heuristic"))
    assert {"iterations", "seconds", "policy", "horizon"} <= set(agents.knobs("search"))
    assert isinstance(agents.make("random", "rebel", 1), RandomAgent)
    assert isinstance(agents.make("search", "empire", 1, {"iterations": 2}), SearchAgent)


@pytest.mark.parametrize("name, knobs, message", [
    ("heuristc", {}, "did you mean 'heuristic'"),
    ("heuristic", {"agression": 1}, "did you mean 'aggression'"),
    ("heuristic", {"aggression": 3}, "aggression must be between 0 and 1"),
    ("search", {"iterations": 0}, "iterations must be 1 or more"),
])
def test_bad_agents_and_knobs_are_refused_by_name(name, knobs, message):
    with pytest.raises(agents.AgentError, match=message):
        agents.make(name, "rebel", 1, knobs)


@pytest.mark.parametrize("argument, message", [
    ("rebel=heuristc", "unknown agent 'heuristc'"),
    ("rebel=heuristic:agression=0.5", "has no knob 'agression'"),
    ("jedi=random", "unknown side 'jedi'"),
    ("random,random,random", "give two agents"),
    ("rebel=heuristic:aggression", "is not KEY=VALUE"),
])
def test_play_refuses_a_bad_agents_option_with_exit_2(argument, message):
    result = CliRunner().invoke(main, ["play", "--agents", argument])
    assert result.exit_code == 2 and message in result.output, result.output


def test_play_takes_agents_by_side_with_knobs():
    result = CliRunner().invoke(main, ["play", "--seed", "3", "--agents",
                                       "rebel=heuristic:aggression=0.7,empire=random", "--log", "json"])
    assert result.exit_code == 0, result.output
    assert '"type": "game-over"' in result.output


def test_the_heuristic_beats_random_on_each_side(base_rules):
    """Issue 14, section 2 (the full figure, over 400 games, is benchmarks/strength.py's): a clear margin on fixed
    seeds. The Empire wins by holding the revealed base (RB-WIN-02), the Rebels by reputation (RB-WIN-01)."""
    wins = {"rebel": 0, "empire": 0}
    for seed in range(6):
        for heuristic in ("rebel", "empire"):
            game = Game.new(base_rules, 500 + seed)
            seats = {p: agents.make("heuristic" if p == heuristic else "random", p, seed + n)
                     for n, p in enumerate(game.state["players"])}
            play(game, seats)
            wins[heuristic] += game.state["result"]["winner"] == heuristic
    assert wins["rebel"] >= 5 and wins["empire"] >= 5, wins


def test_the_heuristic_rebels_never_show_the_base_of_their_own_accord(base_rules):
    """The random Rebel reveals its base voluntarily in most games (RB-BAS-10); the heuristic hides it."""
    for seed in range(2):
        game = Game.new(base_rules, 600 + seed)
        play(game, {p: agents.make("heuristic", p, seed) for p in game.state["players"]})
        assert not [e for e in game.state["log"] if e["type"] == "base-revealed" and e["how"] == "voluntary"]


def test_the_heuristic_answers_decision_kinds_it_does_not_know():
    """Rise of the Empire's decisions (cinematic combat, target markers ...) get a generic answer: a whole game."""
    from swrebellion.games import rules_for

    game = Game.new(rules_for(("base", "rise-of-the-empire")), 4)
    play(game, {p: agents.make("heuristic", p, n) for n, p in enumerate(game.state["players"])})
    assert game.over


def test_the_heuristic_plays_team_games(base_rules):
    """Team play (RB-TEAM): one agent per seat, each reading its own seat's view."""
    game = Game.new(base_rules, 2, {"players": 4})
    play(game, {p: agents.make("heuristic", p.split("-")[0], n) for n, p in enumerate(game.state["players"])})
    assert game.over


def test_search_works_on_a_game_without_star_wars(toy_rules):
    """The search is the kernel's: on the Hideout test game (its own determinize hook, the random agent as policy)
    it finishes games, and as the seeker it never guesses again a place already guessed wrong (no sampled world
    hides anything there), which a random seeker does."""
    def repeated_guesses(make_seeker) -> int:
        repeats = 0
        for seed in range(40):
            game = Game.new(toy_rules, seed)
            play(game, {"hider": RandomAgent(seed), "seeker": make_seeker(seed)})
            assert game.over
            guesses = [e["place"] for e in game.state["log"] if e["type"] == "wrong-guess"]
            repeats += len(guesses) - len(set(guesses))
        return repeats

    assert repeated_guesses(lambda seed: agents.make("search", "seeker", seed, {"policy": "random",
                                                                                "iterations": 12})) == 0
    assert repeated_guesses(lambda seed: RandomAgent(seed + 100)) > 0


def test_search_is_reproducible_from_its_seed(base_rules):
    """An iteration budget (no time limit) makes the same seed give the same choices."""
    def first_searched_choice(seed):
        game = Game.new(base_rules, 9)
        seats = {p: agents.make("heuristic", p, 1) for p in game.state["players"]}
        seats["empire"] = agents.make("search", "empire", seed, {"iterations": 3, "horizon": 6})
        choices = []
        while len(seats["empire"].timings) < 2:
            decision = game.pending[0]
            choice = seats[decision.player].choose(game, decision)
            choices.append(choice)
            game.apply(choice, player=decision.player)
        return choices

    assert first_searched_choice(5) == first_searched_choice(5)
