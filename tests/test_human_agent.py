"""A person at the terminal (`rebellion play --human SIDE`): numbered legal options, input checked, and only that
player's view shown (issue 5, "rebellion play")."""

from click.testing import CliRunner

from swrebellion.expansions.base.api.words import label
from swrebellion.engine import Game
from swrebellion.engine.human import HumanAgent
from swrebellion.tools.cli import main


def test_options_are_numbered_and_a_bad_answer_is_asked_again(base_rules):
    game = Game.new(base_rules, 3)
    [decision] = game.pending
    answers = iter(["", "0", "banana", "2"])
    said = []
    agent = HumanAgent(decision.player, lambda prompt: next(answers), said.append)
    assert agent.choose(game, decision) == decision.options[1].id
    shown = "\n".join(said)
    assert f"1. {decision.options[0].label}" in shown and f"2. {decision.options[1].label}" in shown
    assert sum("Not an option" in line for line in said) == 2  # "" is asked again silently


def test_the_human_sees_his_own_view_only(base_rules):
    game = Game.new(base_rules, 3)
    empire = HumanAgent("empire", lambda prompt: "1", lambda line: None)
    shown = []
    empire.say = shown.append
    asked_after_setup = False
    while not asked_after_setup:
        decision = game.pending[0]
        if decision.player == "empire":
            asked_after_setup = game.state["data"]["phase"] != "setup"
            game.apply(empire.choose(game, decision), player="empire")
        else:
            game.apply(decision.options[0].id, player=decision.player)
    rebel_hand = game.state["data"]["hands"]["rebel"]["missions"]["value"]
    names = [label(game, c) for c in rebel_hand]
    assert not any(name in line for line in shown for name in names if name not in ("Sabotage",))
    assert any(line == "The Rebels draw 6 mission cards." for line in shown)


def test_rebellion_play_with_a_human_runs_to_the_end_or_stops_cleanly():
    result = CliRunner().invoke(main, ["play", "--seed", "2", "--human", "empire"], input="1\n" * 3000)
    assert result.exit_code == 0, result.output
    assert "Your choice (a number, a name, or help)" in result.output
    assert "Game over:" in result.output or "Game stopped." in result.output
    # the account is printed once: its first line appears once
    assert result.output.count("Setup: Rebel loyalty in") == 1


def test_odd_answers_are_asked_again_never_a_crash(base_rules):
    """'²' passes str.isdigit() but not int(); int() refuses 5,000 digits (issue 16, "Saves, play and config")."""
    game = Game.new(base_rules, 3)
    [decision] = game.pending
    answers = iter(["²", "٣", "9" * 5000, "0" * 5000, "-1", "1e1", str(len(decision.options) + 1), "002"])
    said = []
    agent = HumanAgent(decision.player, lambda prompt: next(answers), said.append)
    assert agent.choose(game, decision) == decision.options[1].id
    assert sum("Not an option" in line for line in said) == 7
