"""Starting units at the terminal (issue 35 #9): the person sees what is left to place and may put every unit of a
kind left, or everything left, in one system at once; the rules still judge every unit (each is one decision
answered through ``Game.apply``), so a shortcut stops where a rule forbids it: the Empire's last ground units go
only where a system still has none (RB-SET-09, RULINGS D-09)."""

from __future__ import annotations

from swrebellion import presentation
from swrebellion.engine import Game
from swrebellion.engine.human import HumanAgent


def _agent(player, answers, said):
    typed = iter(answers)
    asked = []

    def ask(prompt):
        asked.append(prompt)
        return next(typed)

    agent = HumanAgent(player, ask, said.append, render=presentation.render, aside=presentation.aside)
    return agent, asked


def _placed(game, agent):
    """Play until ``agent``'s side has placed its starting units: its questions answered by the agent (a person
    typing), the other side's with their first option. Returns the side's ``starting-units`` event."""
    while True:
        done = [e for e in game.state["log"] if e["type"] == "starting-units" and e["faction"] == agent.player]
        if done:
            return done[0]
        decision = game.pending[0]
        chooser = agent.choose if decision.player == agent.player else lambda game, d: d.options[0].id
        game.apply(chooser(game, decision), player=decision.player)


def test_the_empire_puts_everything_left_in_one_system_until_the_rules_stop_it(base_rules):
    game = Game.new(base_rules, 3)
    said = []
    agent, asked = _agent("empire", ["everything left (37 units) to corellia", "all 4 stormtroopers left to rodia",
                                     "mandalore", "mustafar", "everything left (19 units) to rodia"], said)
    placed = _placed(game, agent)
    shown = "\n".join(said)
    assert "Still to place, 37 units: 1 AT-AT, 5 AT-STs, 12 Stormtroopers" in shown
    # D-09: after 14 units in Corellia, the last 4 Stormtroopers may go only where no ground unit is yet
    assert "“Everything left (37 units) to Corellia” stops here" in shown
    assert "Still to place, 23 units: 4 Stormtroopers" in shown
    assert "“All 4 Stormtroopers left to Rodia” stops here" in shown  # Rodia has its ground unit now
    assert placed["units"]["corellia"] == {"at-at": 1, "at-st": 5, "stormtrooper": 8}
    assert len(asked) == 5  # 37 units, 5 questions: the last Stormtrooper has one place left (issue 35 #8)
    assert "Place a Stormtrooper — Saleucami (the only choice)." in shown
    for system in ("mandalore", "mustafar", "saleucami"):  # each got its one ground unit (RB-SET-09, D-09)
        assert placed["units"][system] == {"stormtrooper": 1}
    assert sum(placed["units"]["rodia"].values()) == 1 + 19


def test_the_rebels_put_all_of_a_kind_in_one_place(base_rules):
    """RB-SET-10: the Rebel Base space and one chosen system; a shortcut for the units of one kind left."""
    game = Game.new(base_rules, 3)
    said = []
    agent, asked = _agent("rebel", ["dantooine", "all 2 airspeeders left to dantooine",
                                    "everything left (12 units) to the rebel base"], said)
    placed = _placed(game, agent)
    assert placed["units"]["dantooine"] == {"airspeeder": 2}
    assert sum(placed["units"]["rebel-base"].values()) == 12
    assert len(asked) == 3
