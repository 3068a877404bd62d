"""What the terminal says beside a question (issue 35 #11, and #9 for deploying): which card a recruit keeps
(RB-REC-03/04), what a move group holds so far, which activations would move nothing because a leader pins his own
side's units (RB-MOV-10), and what is left to deploy, with a shortcut that the rules still judge unit by unit."""

from __future__ import annotations

from swrebellion import presentation
from swrebellion.engine import Game, RandomAgent, scenario
from swrebellion.engine.human import HumanAgent


def _until(game, seed, wanted):
    agent = RandomAgent(seed)
    while not wanted(game.pending[0]):
        decision = game.pending[0]
        game.apply(agent.choose(game, decision), player=decision.player)
    return game.pending[0]


def test_the_recruit_question_says_which_card_each_choice_keeps(base_rules):
    game = Game.new(base_rules, 11)
    decision = _until(game, 11, lambda d: d.kind == "recruit" and d.player == "rebel")
    drawn = next(e for e in reversed(game.state["log"]) if e["type"] == "drew-actions" and e["faction"] == "rebel"
                 and e.get("purpose") == "recruit")["cards"]["value"]
    notes = presentation.aside(game, decision).notes
    actions = base_rules.content.items("actions")
    leaders = base_rules.content.items("leaders")
    for option in decision.options:
        if option.id == "none":
            continue
        kept = [actions[c].name.en for c in drawn if option.id in (*actions[c].leaders, *actions[c].recruits)]
        assert f"{leaders[option.id].name.en}: you keep {kept[0]}." in notes  # RB-REC-03
    assert notes[-1].startswith("Recruiting nobody keeps one of ")
    assert notes[-1].endswith("the drawn cards not kept go to the bottom of your action deck.")  # RB-REC-04


def _state(**state):
    return scenario.Scenario.model_validate({"name": "terminal", "seed": 1, "state": {"phase": "command",
                                                                                     "current": "rebel", **state}})


def test_a_move_group_shows_what_is_chosen_so_far(base_rules):
    game = scenario.start(_state(leaders={"jan-dodonna": "pool"}, units={"bespin": {"x-wing": 2, "y-wing": 1}}),
                          base_rules)
    said = []
    answers = iter(["activate hoth", "bespin", "add 1 x-wing", "add 1 y-wing"])
    agent = HumanAgent("rebel", lambda prompt: next(answers), said.append, render=presentation.render,
                       aside=presentation.aside)
    for _ in range(4):
        decision = game.pending[0]
        game.apply(agent.choose(game, decision), player="rebel")
    shown = "\n".join(said)
    assert "  Chosen so far: nothing." in shown
    assert "  Chosen so far: 1 X-Wing." in shown
    assert game.pending[0].kind == "move-units"
    assert presentation.aside(game, game.pending[0]).notes == ("Chosen so far: 1 X-Wing and 1 Y-Wing.",)


def test_an_activation_that_would_move_nothing_because_of_pinning_says_why(base_rules):
    """RB-MOV-10: Rieekan in Mustafar pins the Rebel corvette there; Vader in Bespin pins nothing of the Rebel's."""
    game = scenario.start(_state(leaders={"jan-dodonna": "pool", "general-rieekan": "mustafar",
                                          "darth-vader": "bespin"},
                                 units={"mustafar": {"corellian-corvette": 1}, "bespin": {"x-wing": 1}}), base_rules)
    decision = game.pending[0]
    notes = presentation.aside(game, decision).notes
    targets = {o.id.partition(":")[2] for o in decision.options if o.id.startswith("activate:")}
    adjacent = {e.between[1] if e.between[0] == "mustafar" else e.between[0]
                for e in base_rules.content.items("adjacency").values() if "mustafar" in e.between}
    next_to_bespin = {e.between[1] if e.between[0] == "bespin" else e.between[0]
                      for e in base_rules.content.items("adjacency").values() if "bespin" in e.between}
    pinned_only = sorted((adjacent - next_to_bespin) & targets)
    assert pinned_only
    for target in pinned_only:
        name = base_rules.content.items("systems")[target].name.en
        assert (f"Activating {name} would move nothing in: your units in Mustafar stay where your leaders are (a "
                "leader pins his own side's units).") in notes
    for target in next_to_bespin & targets:  # the X-Wing in Bespin can move: no warning
        name = base_rules.content.items("systems")[target].name.en
        assert not any(note.startswith(f"Activating {name} ") for note in notes)


def test_deploying_shows_what_is_ready_and_a_shortcut_deploys_each_unit_through_the_rules(base_rules):
    """RB-REF-12: the Admiral deploys each ready unit; "all of them here" answers each question in turn."""
    game = Game.new(base_rules, 11)
    decision = _until(game, 11, lambda d: d.kind == "deploy-unit" and d.player == "rebel" and
                      len(presentation.aside(game, d).shortcuts) > 0)
    [note] = presentation.aside(game, decision).notes
    assert note.startswith("Still to deploy, ")
    everything = next(s for s in presentation.aside(game, decision).shortcuts if s.group == "all")
    said, asked = [], []

    def ask(prompt):
        asked.append(prompt)
        return everything.label if len(asked) == 1 else "keep it"

    agent = HumanAgent("rebel", ask, said.append, render=presentation.render, aside=presentation.aside)
    start = len(game.state["log"])
    while game.pending and game.pending[0].kind == "deploy-unit" and game.pending[0].player == "rebel":
        game.apply(agent.choose(game, game.pending[0]), player="rebel")
    deployed = [e for e in game.state["log"][start:] if e["type"] in ("deployed", "not-deployed")]
    target = everything.option
    went = [e for e in deployed if e["type"] == "deployed" and e["to"] == target]
    assert len(went) + len(asked) - 1 == everything.times  # each unit its own decision; the rest asked again
    assert len(went) >= 1


def test_a_second_leader_who_must_join_says_why(base_rules):
    """RS-ASG-03 (issue 35 #13): when the first leader alone lacks a skill the card requires, "Add a second
    leader?" has no "No second leader", and the terminal says why; when he meets it, nothing is added."""
    game = Game.new(base_rules, 7)
    decision = _until(game, 7, lambda d: d.kind == "assign-second" and "none" not in d.option_ids)
    frame = game.state["stack"][-1]
    leaders, missions = base_rules.content.items("leaders"), base_rules.content.items("missions")
    first, card = leaders[frame["first"]], missions[frame["card"]]
    assert any(first.skills.get(skill, 0) < need for skill, need in card.requires.items())
    assert presentation.aside(game, decision).notes == (
        f"{first.name.en} alone lacks a skill {card.name.en} requires: a second leader must join.",)
    game = Game.new(base_rules, 7)
    decision = _until(game, 7, lambda d: d.kind == "assign-second" and "none" in d.option_ids)
    assert presentation.aside(game, decision).notes == ()
