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


def _rebel_command_action(game):
    """Play the first option everywhere until the Rebel is asked which of several missions to reveal."""
    while True:
        decision = game.pending[0]
        if decision.player == "rebel" and decision.kind == "command-action" and \
                sum(o.label.startswith("Reveal ") and "(" in o.label for o in decision.options) >= 2:
            return decision
        game.apply(decision.options[0].id, player=decision.player)


def test_a_word_of_an_option_names_it_whatever_verb_it_starts_with(base_rules):
    """Issue 35 #7 (docs/terminal.md: "the name of an option ... or the start of it"): "infil" names "Reveal
    Infiltration (Princess Leia)", a leader's name names the mission he is on; a word several options share lists
    them and asks again."""
    game = Game.new(base_rules, 3)
    decision = _rebel_command_action(game)
    labels = {o.id: o.label for o in decision.options}
    said = []

    def pick(*answers):
        typed = iter(answers)
        return labels[HumanAgent("rebel", lambda prompt: next(typed), said.append).choose(game, decision)]

    assert pick("infil") == "Reveal Infiltration (Princess Leia)"
    assert pick("mothma") == "Reveal Incite Rebellion (Jan Dodonna, Mon Mothma)"
    assert pick("jan dod") == "Reveal Incite Rebellion (Jan Dodonna, Mon Mothma)"
    assert pick("alli") == "Reveal Build Alliance (General Rieekan)"
    said.clear()
    assert pick("in", "leia") == "Reveal Infiltration (Princess Leia)"  # "in": Incite and Infiltration
    assert any(line.startswith("  Which one? ") and "Incite Rebellion" in line and "Infiltration" in line
               for line in said)
    said.clear()
    assert pick("dodonna leia", "pass") == "Pass for the rest of the phase"  # words must follow one another
    assert any("Not an option" in line for line in said)


def test_a_question_with_one_option_is_answered_alone_in_one_line(base_rules):
    """Issue 35 #8: "Play an objective? 1. Play no objective" every round, and "Type a number from 1 to 1": the
    terminal answers it and says so in one line; a card window with nothing to play (asked whatever the side holds,
    RS-ACT-03) is not worth a line."""
    from swrebellion import presentation
    from swrebellion.engine import RandomAgent

    game, agent = Game.new(base_rules, 3), RandomAgent(3)

    def never(prompt):
        raise AssertionError("asked a question with one option")

    said = []
    person = HumanAgent("rebel", never, said.append, render=presentation.render, aside=presentation.aside)
    seen = set()
    while seen != {"refresh-objective", "special-action"}:
        decision = game.pending[0]
        if decision.player == "rebel" and len(decision.options) == 1 and decision.kind not in seen:
            seen.add(decision.kind)
            person.seen = len(game.state["log"])  # the account so far is not what this test reads
            said.clear()
            assert person.choose(game, decision) == decision.options[0].id
            if decision.kind == "refresh-objective":
                assert said == ["Play an objective at the start of the Refresh Phase? — Play no objective (the only "
                                "choice)."]
            else:
                assert said == []
            game.apply(decision.options[0].id, player="rebel")
            continue
        game.apply(agent.choose(game, decision), player=decision.player)
