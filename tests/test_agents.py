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
    ("heuristic", {"aggression": float("nan")}, "aggression must be between 0 and 1, not nan"),  # issue 32
    ("search", {"iterations": 0}, "iterations must be between 1 and 10,000, not 0"),
    # hostile knobs: a budget of hours, and numbers no comparison refuses on its own (nan < 0 is false)
    ("search", {"iterations": 99999999999}, "iterations must be between 1 and 10,000, not 99999999999"),
    ("search", {"seconds": float("nan")}, "seconds must be 0 or more, not nan"),
    ("search", {"seconds": -5}, "seconds must be 0 or more, not -5"),
    ("search", {"exploration": float("inf")}, "exploration must be 0 or more, not inf"),
    ("search", {"confidence": float("nan")}, "confidence must be 0 or more, not nan"),
    ("search", {"horizon": -1}, "horizon must be 0 or more, not -1"),
    ("search", {"width": 0}, "width must be 1 or more, not 0"),
    ("heuristic", {"margin": float("nan")}, "margin must be 0 or more, not nan"),
    ("heuristic", {"opposition": float("inf")}, "opposition must be 0 or more, not inf"),
    ("heuristic", {"hunch": -1}, "hunch must be 0 or more"),
    ("search", {"policy": "heuristic;hunch"}, "policy knob 'hunch' is not KEY=VALUE"),
    ("search", {"policy": "heuristic;hnch=1"}, "did you mean 'hunch'"),
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


def _at_base_choice(base_rules, seed: int):
    """A game at the Rebels' choice of the base (RB-SET-12), set up by heuristic agents."""
    game = Game.new(base_rules, seed)
    seats = {p: agents.make("heuristic", p, n) for n, p in enumerate(game.state["players"])}
    while game.pending[0].kind != "choose-base":
        decision = game.pending[0]
        game.apply(seats[decision.player].choose(game, decision), player=decision.player)
    return game


def test_the_heuristic_rebels_hide_the_base_in_good_places_but_not_always_the_same(base_rules):
    """RB-SET-12: the Rebels choose the base in secret. A Rebel who always took the one best hiding place would
    tell an Empire that knows how it hides exactly where to go; the heuristic draws among the good ones."""
    from swrebellion.expansions.base.agents.heuristic.hiding import setup_scores

    game = _at_base_choice(base_rules, 11)
    decision = game.pending[0]
    scores = setup_scores(game)
    t_probes = {o.id: o.id.removeprefix("probe-") for o in decision.options}
    offered = sorted(scores[t_probes[o.id]] for o in decision.options)
    chosen = [agents.make("heuristic", "rebel", seed).choose(game, decision) for seed in range(40)]
    best = max(t_probes, key=lambda card: scores[t_probes[card]])
    assert max(set(chosen), key=chosen.count) == best
    assert len(set(chosen)) >= 3, chosen
    assert sum(scores[t_probes[c]] >= offered[-3] for c in chosen) > len(chosen) / 2, chosen


def test_the_empire_weighs_the_systems_that_may_hold_the_base_by_how_well_they_hid_it(base_rules):
    """The Empire's odds on where the base is (``hiding.base_odds``) cover exactly the systems it cannot rule out
    (RB-BAS-01: it must search for the base), sum to 1, are equal with no hunch, favour the better hiding places
    with one, and read only what the Empire saw: the same for a twin game whose base is elsewhere."""
    from swrebellion.expansions.base.agents.heuristic.hiding import base_odds, setup_scores
    from swrebellion.expansions.base.agents.heuristic.seen import Seen
    from agentkit import mid_game, moved_base

    game, _ = mid_game(base_rules, 5, 120)
    scores = setup_scores(game)

    def odds(g, hunch):
        seen = Seen(g, "empire")
        seen.hunch = hunch
        return seen, base_odds(seen)

    seen, sure = odds(game, 1.0)
    assert sorted(sure) == sorted(seen.base_candidates) and abs(sum(sure.values()) - 1) < 1e-9
    best = max(sure, key=lambda x: scores[x])
    worst = min(sure, key=lambda x: scores[x])
    assert sure[best] > 5 * sure[worst]
    _, even = odds(game, 0.0)
    assert len(set(round(p, 12) for p in even.values())) == 1
    assert odds(moved_base(game), 1.0)[1] == sure


def test_the_empire_samples_the_base_where_it_was_likely_hidden(base_rules):
    """The search's worlds (the base game's ``determinize``) draw the hidden base with the odds of
    ``hiding.base_odds`` (hunch 1): the likeliest system comes up about as often as its odds say, and far more
    often than the least likely one."""
    from swrebellion.engine import peek
    from swrebellion.engine.determinize import determinize
    from swrebellion.engine.rng import Stream
    from swrebellion.expansions.base.agents.heuristic.hiding import base_odds
    from swrebellion.expansions.base.agents.heuristic.seen import Seen
    from agentkit import mid_game

    game, _ = mid_game(base_rules, 5, 120)
    seen = Seen(game, "empire")
    seen.hunch = 1.0
    odds = base_odds(seen)
    stream = Stream(3)
    draws = [peek(determinize(game, "empire", stream).state["data"]["base"]) for _ in range(400)]
    likeliest = max(odds, key=odds.get)
    assert set(draws) <= set(odds)
    assert abs(draws.count(likeliest) / 400 - odds[likeliest]) < 0.08
    assert draws.count(likeliest) > 4 * draws.count(min(odds, key=odds.get))


def test_the_search_gives_its_policy_knobs():
    """The ``policy`` knob names an agent and its knobs; by default the heuristic with a full hunch (the odds the
    sampled worlds use), while the heuristic on its own has a slight one."""
    from swrebellion.engine.search import policy_spec

    assert policy_spec("heuristic;hunch=0.5;reserve=2") == ("heuristic", {"hunch": 0.5, "reserve": 2})
    assert policy_spec("random") == ("random", {})
    assert agents.make("search", "empire", 1).policy.hunch == 1.0
    assert agents.make("search", "empire", 1, {"policy": "heuristic;hunch=0"}).policy.hunch == 0.0
    assert agents.make("heuristic", "empire", 1).hunch < 0.5


def test_the_heuristic_never_answers_from_another_games_memory(monkeypatch):
    """Determinism (same seed, same game, whatever ran before in the process): the heuristic's memo of activation
    values is tied to the game object, not to its id, which CPython hands to a new game once the old one is freed.
    Each game's answer equals the answer worked out afresh, however the games before it were freed."""
    from swrebellion.expansions.base.agents.heuristic import command
    from swrebellion.expansions.base.agents.heuristic.seen import Seen
    from swrebellion.games import rules_for

    rules = rules_for(("base",))
    agent = agents.make("heuristic", "empire", 1)
    # Every game gets the same id, as a freed game's id goes to the next one (it happened on Dask workers).
    monkeypatch.setattr(command, "id", lambda obj: 1, raising=False)
    for seed in range(6):
        game = Game.new(rules, seed)
        walker = RandomAgent(seed)
        while game.state["data"].get("phase") != "assignment":  # the first Assignment Phase, where it is asked
            decision = game.pending[0]
            game.apply(walker.choose(game, decision), player=decision.player)
        remembered = command.activation_values(agent, Seen(game, "empire"))
        command._ACTIVATIONS.clear()
        assert remembered == command.activation_values(agent, Seen(game, "empire")), seed


def test_a_plan_kept_for_one_game_is_never_recalled_in_another(monkeypatch, base_rules):
    """Determinism: the plan the heuristic keeps for a player's next decision (an activation's leader and units)
    belongs to the game it was made in. The search hands the policy short-lived world copies, and CPython gives a
    freed copy's id to the next one, so every game gets the same id here; a copy at the very same point must still
    start without the plan, and the game that made it keeps it."""
    from swrebellion.engine import Decision
    from swrebellion.expansions.base.agents import heuristic

    from agentkit import mid_game

    monkeypatch.setattr(heuristic, "id", lambda obj: 1, raising=False)
    game, _ = mid_game(base_rules, 3, 40)
    twin = game.copy()
    agent = agents.make("heuristic", "empire", 1)
    asked = game.pending[0]
    number = int(asked.id.rpartition(".")[2])
    following = Decision(f"{asked.player}.{number + 1}", asked.player, "activation-leader", "", ())
    agent.scores(game, asked)
    agent.remember(asked, ("a plan", "made in", "this game"))
    assert agent.recall(following) == ("a plan", "made in", "this game")
    agent.scores(twin, asked)  # now deciding in the copy, at the same point
    assert agent.recall(following) is None
    agent.scores(game, asked)
    assert agent.recall(following) == ("a plan", "made in", "this game")


def test_the_old_dotted_path_of_the_heuristic_still_works_and_warns():
    """Issue 27 §1: the heuristic moved to ``expansions/base/agents/``; an entry point or config naming the old
    path (``swrebellion.expansions.base.heuristic:heuristic_agent``) keeps working, with a DeprecationWarning."""
    import importlib
    import sys

    from swrebellion.expansions.base.agents.heuristic import heuristic_agent

    sys.modules.pop("swrebellion.expansions.base.heuristic", None)
    with pytest.warns(DeprecationWarning, match="base.agents.heuristic"):
        old = importlib.import_module("swrebellion.expansions.base.heuristic")
    assert old.heuristic_agent is heuristic_agent


def test_rise_of_the_empire_teaches_the_heuristic_its_own_decision_kinds():
    """Issue 27 §1: a plugin's agent knowledge comes from that plugin (hook ``agent_scorers``): the base heuristic
    knows none of Rise of the Empire's decision kinds by itself, and scores them once that expansion is enabled."""
    from swrebellion.expansions.base.agents import heuristic
    from swrebellion.expansions.rise_of_the_empire import agents as roe_agents
    from swrebellion.games import rules_for

    theirs = set(roe_agents.scorers(heuristic.KIT))
    assert {"leader-limit", "tactic-destroy", "use-hidden-probe"} <= theirs
    assert theirs.isdisjoint(heuristic.scorers(rules_for(("base",))))
    taught = heuristic.scorers(rules_for(("base", "rise-of-the-empire")))
    assert taught["leader-limit"] is heuristic.KIT.leader_to_lose
    assert theirs <= set(taught)
