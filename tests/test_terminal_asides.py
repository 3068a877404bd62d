"""What the terminal says beside a question (issue 35 #11, and #9 for deploying): which card a recruit keeps
(RB-REC-03/04), what a move group holds so far, which activations would move nothing because a leader pins his own
side's units (RB-MOV-10), and what is left to deploy, with a shortcut that the rules still judge unit by unit, and
which systems are full for the phase (RS-DEP-04)."""

from __future__ import annotations

from pathlib import Path

import yaml

from swrebellion import i18n, presentation
from swrebellion.engine import Game, RandomAgent, scenario
from swrebellion.engine.human import HumanAgent
from swrebellion.games import rules_for


def _until(game, seed, wanted):
    agent = RandomAgent(seed)
    while not wanted(game.pending[0]):
        decision = game.pending[0]
        game.apply(agent.choose(game, decision), player=decision.player)
    return game.pending[0]


def _recruit_drawn(game) -> list[str]:
    return next(e for e in reversed(game.state["log"]) if e["type"] == "drew-actions" and e["faction"] == "rebel"
                and e.get("purpose") == "recruit")["cards"]["value"]


def _pictured(game, card) -> tuple[str, ...]:
    info = game.rules.content.items("actions")[card]
    return (*info.leaders, *info.recruits)


def _keeps(game, decision, drawn) -> dict[str, list[str]]:
    """Each leader offered -> the English names of the drawn cards picturing him."""
    actions = game.rules.content.items("actions")
    return {o.id: [actions[c].name.en for c in drawn if o.id in _pictured(game, c)] for o in decision.options
            if o.id != "none"}


def test_the_recruit_question_says_which_card_each_choice_keeps(base_rules):
    game = Game.new(base_rules, 11)
    decision = _until(game, 11, lambda d: d.kind == "recruit" and d.player == "rebel")
    notes = presentation.aside(game, decision).notes
    leaders = base_rules.content.items("leaders")
    for leader, kept in _keeps(game, decision, _recruit_drawn(game)).items():
        assert f"{leaders[leader].name.en}: you keep {kept[0]}." in notes  # RB-REC-03
    assert notes[-1].startswith("Recruiting nobody keeps one of ")
    assert notes[-1].endswith("the drawn cards not kept go to the bottom of your action deck.")  # RB-REC-04


def test_a_leader_on_both_drawn_cards_keeps_one_of_them_by_choice(base_rules):
    """RB-REC-02: one card is kept, even when both drawn cards picture the leader recruited (a second question
    asks which): the note says so instead of naming both as kept."""
    def on_both(game, decision):
        return decision.kind == "recruit" and decision.player == "rebel" and any(
            len(kept) == 2 for kept in _keeps(game, decision, _recruit_drawn(game)).values())

    for seed in range(1, 40):  # the first seeded game that reaches one (seed 7, in its first round)
        game, agent = Game.new(base_rules, seed), RandomAgent(seed)
        while game.pending and not on_both(game, game.pending[0]):
            game.apply(agent.choose(game, game.pending[0]), player=game.pending[0].player)
        if game.pending:
            break
    decision = game.pending[0]
    [(leader, kept)] = [(lid, kept) for lid, kept in _keeps(game, decision, _recruit_drawn(game)).items()
                        if len(kept) == 2]
    name = base_rules.content.items("leaders")[leader].name.en
    assert f"{name}: you keep one of {kept[0]} and {kept[1]}, your choice." in presentation.aside(game, decision).notes
    game.apply(leader, player="rebel")
    while game.pending[0].player != "rebel":
        game.apply(agent.choose(game, game.pending[0]), player=game.pending[0].player)
    assert game.pending[0].kind == "keep-action-card" and len(game.pending[0].options) == 2


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


def test_a_system_full_for_the_phase_is_named_when_deploying(base_rules):
    """RS-DEP-04: at most 2 units deploy to a system each Refresh Phase; a full system is offered no more (a
    shortcut to it stops), and the question names it, in every language."""
    game = Game.new(base_rules, 11)

    def full(decision):
        frame = game.state["stack"][-1]
        return decision.kind == "deploy-unit" and decision.player == "rebel" and 2 in frame["placed"].values()

    decision = _until(game, 11, full)
    [place] = [p for p, n in game.state["stack"][-1]["placed"].items() if n == 2]
    assert place not in decision.option_ids and "queue" in decision.option_ids
    system = base_rules.content.items("systems")[place].name
    notes = presentation.aside(game, decision).notes
    assert f"Full for this phase (at most 2 units deploy to a system): {system.en}." in notes
    with i18n.using("ru"):
        assert f"Заполнено в этой фазе (в систему размещается не более 2 юнитов): {system.ru}." in \
            presentation.aside(game, decision).notes


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


def test_the_group_that_retreats_shows_what_goes_so_far(tmp_path):
    """RS-RET-03/04: the ships and the leader leading the retreat go; ground units are added one question at a
    time, and the question says what goes so far (the scenario of a retreat, cut at its questions)."""
    for upto, said in ((9, "Chosen so far: 1 Corellian Corvette and Princess Leia."),
                       (10, "Chosen so far: 1 Corellian Corvette, 1 Rebel Trooper and Princess Leia.")):
        game = _cut(tmp_path, "combat/retreat-once-damage-left-behind.yaml", upto)
        decision = game.pending[0]
        assert decision.kind == "retreat-units"
        assert presentation.aside(game, decision).notes == (said,)


def test_each_unit_that_may_take_damage_says_its_health_and_damage(tmp_path):
    """RS-ATK-06 (FAQ-40's scenario, cut at its question): a direct hit may go on a Y-Wing already doomed; the
    option says so, instead of "Y-Wing (damage 0, +1 in this attack)"."""
    game = _cut(tmp_path, "combat/faq-40-damage-carries-over.yaml", 7, dice=3)
    labels = presentation.aside(game, game.pending[0]).labels
    assert labels == {"y-wing:0:0": "Y-Wing (health 1, no damage yet)",
                      "y-wing:0:1": "Y-Wing (health 1, 1 damage: enough to destroy it)"}
    with i18n.using("ru"):
        assert presentation.aside(game, game.pending[0]).labels["y-wing:0:1"] == \
            "Y-Wing (здоровье 1, урон 1: этого хватит, чтобы уничтожить)"


def _cut(tmp_path, scenario_path: str, upto: int, dice: int | None = None):
    """The game of a base scenario played up to (not including) its step ``upto``, its expectations left out;
    ``dice``: how many of the last forced dice step's dice are rolled before the cut (the rest come after it)."""
    source = Path(__file__).parent / "scenarios/base" / scenario_path
    script = yaml.safe_load(source.read_text(encoding="utf-8"))
    script.pop("expect", None)
    if dice is not None:
        last = next(step for step in reversed(script["script"][:upto]) if "dice" in step)
        last["dice"] = last["dice"][:dice]
    cut = tmp_path / "cut.yaml"
    cut.write_text(yaml.safe_dump({**script, "script": script["script"][:upto]}), encoding="utf-8")
    return scenario.run(scenario.load_scenario(cut), rules_for)


def test_the_units_a_card_moves_show_what_is_chosen_so_far(tmp_path):
    """RB-MOV-14 (Hidden Fleet's scenario, cut at its questions): the units a card moves are picked one at a time;
    each question says what goes so far."""
    for upto, said in ((2, "Chosen so far: nothing."), (4, "Chosen so far: 1 Rebel Transport and 1 Rebel Trooper.")):
        game = _cut(tmp_path, "cards/hidden-fleet.yaml", upto)
        assert game.pending[0].kind == "move-unit"
        assert presentation.aside(game, game.pending[0]).notes == (said,)
