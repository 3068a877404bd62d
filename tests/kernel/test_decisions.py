"""Decisions: only offered options are accepted, simultaneous secret choices, determinism (issue 4)."""

import copy

import pytest

from swrebellion.engine import EngineError, Game, IllegalChoice, RandomAgent, play
from swrebellion.engine.values import ExtensionPointError


def test_first_decision_lists_every_legal_option(toy_rules):
    game = Game.new(toy_rules, seed=1)
    [decision] = game.pending
    assert decision.player == "hider" and decision.kind == "choose-hideout"
    assert [o.id for o in decision.options] == ["attic", "barn", "cellar", "dock", "erie"]
    assert all(o.label and o.decision == decision.id for o in decision.options)


def test_decisions_and_options_are_immutable_records_read_by_name(toy_rules):
    """What an agent is handed cannot change the game: fields are read-only, an option's data is a fresh copy each
    time, and a decision or option equals only another of its own kind with the same fields."""
    game = Game.new(toy_rules, seed=1)
    [decision] = game.pending
    option = decision.options[0]
    with pytest.raises(AttributeError):
        option.id = "moon"
    with pytest.raises(AttributeError):
        decision.options = ()
    assert option.to_json() == {"id": option.id, "label": option.label, "data": option.data}
    assert option.data is not option.data or option.data is None
    [again] = game.pending
    assert again == decision and again.options[0] == option and hash(again.options[0]) == hash(option)
    assert option != tuple(option) and tuple(option) != option and decision != tuple(decision)
    assert decision.option(option.id) == option and repr(option).startswith(f"Option(id={option.id!r}, label=")
    assert decision.to_json()["options"][0] == option.to_json()


def test_a_decision_reads_its_options_ids_without_records_and_builds_the_records_once(toy_rules):
    """``option_ids`` are the options' ids in order (what a random agent or a playout needs); the :class:`Option`
    records are built on the first reading of ``options`` and kept. A decision the kernel asked equals, hashes and
    pickles like one made with the constructor from the same records, and stays immutable."""
    import pickle

    from swrebellion.engine import Decision

    game = Game.new(toy_rules, seed=1)
    [decision] = game.pending
    assert decision.option_ids == ("attic", "barn", "cellar", "dock", "erie")
    records = decision.options
    assert decision.options is records and [o.id for o in records] == list(decision.option_ids)
    made = Decision(decision.id, decision.player, decision.kind, decision.prompt, records)
    assert made == decision and decision == made and hash(made) == hash(decision)
    assert made.option_ids == decision.option_ids and repr(made) == repr(decision)
    assert pickle.loads(pickle.dumps(decision)) == decision
    with pytest.raises(AttributeError, match="immutable"):
        decision.extra = 1
    game.apply(decision.option_ids[1])  # answering leaves the records the agent holds as they were
    assert decision.options is records and decision.option("barn").decision == decision.id


def test_the_decisions_follow_the_state_when_it_is_replaced(toy_rules):
    """``pending`` answers from the records made when the question was asked while the state holds the same open
    decisions, and from the state itself when its pending list was replaced (a state loaded or edited by a test)."""
    game = Game.new(toy_rules, seed=1)
    [decision] = game.pending
    raw = copy.deepcopy(game.state["pending"])
    raw[0]["options"] = raw[0]["options"][1:]
    game.state["pending"] = raw
    [edited] = game.pending
    assert edited.id == decision.id and edited.options == decision.options[1:]
    with pytest.raises(IllegalChoice, match="'attic' was not offered"):
        game.apply(decision.options[0])
    twin = game.copy()
    assert twin.pending == game.pending
    twin.apply("barn")
    assert game.pending == [edited] and twin.pending != game.pending


def test_an_option_not_offered_is_refused_and_the_state_is_unchanged(toy_rules):
    game = Game.new(toy_rules, seed=1)
    before = game.state_hash()
    with pytest.raises(IllegalChoice, match="'moon' was not offered to hider for 'choose-hideout'"):
        game.apply("moon")
    with pytest.raises(IllegalChoice, match="seeker has no decision"):
        game.apply("attic", player="seeker")
    assert game.state_hash() == before


def test_simultaneous_choices_wait_for_everyone_and_stay_secret_until_then(toy_rules):
    game = Game.new(toy_rules, seed=1)
    game.apply("barn")
    assert sorted(d.player for d in game.pending) == ["hider", "seeker"]
    with pytest.raises(IllegalChoice, match="several players are deciding"):
        game.apply(game.pending[0].options[0].id)
    hider_card = game.pending[0].options[0]
    game.apply(hider_card)
    assert [d.player for d in game.pending] == ["seeker"]
    seeker_view = game.view("seeker")
    assert hider_card.id not in str(seeker_view["pending"])  # the hider's answer is not visible yet
    assert {"player": "hider", "kind": "play-card", "answered": True} in seeker_view["pending"]
    game.apply(game.pending[0].options[0])
    assert any(e["type"] == "reveal-choices" for e in game.state["log"])


def test_same_seed_and_choices_give_the_same_log_byte_for_byte(toy_rules):
    def run(seed):
        game = Game.new(toy_rules, seed=seed)
        play(game, {"hider": RandomAgent(5), "seeker": RandomAgent(6)})
        return game

    a, b = run(11), run(11)
    assert a.state == b.state and a.state_hash() == b.state_hash()
    assert run(12).state["log"] != a.state["log"]


def test_every_random_outcome_is_logged(toy_rules):
    game = Game.new(toy_rules, seed=4)
    play(game, {"hider": RandomAgent(1), "seeker": RandomAgent(2)})
    types = [e["type"] for e in game.state["log"]]
    assert types[0] == "shuffle"
    shuffle = game.state["log"][0]
    assert shuffle["order"]["$secret"] == [] and sorted(shuffle["order"]["value"]) == list(range(1, 13))
    rolls = [e for e in game.state["log"] if e["type"] == "roll"]
    assert all(set(e["dice"]) == {"d6"} for e in rolls)


def test_forced_dice_come_before_the_generator(toy_rules):
    game = Game.new(toy_rules, seed=4)
    game.state["forced_dice"].extend(["special", "blank"])
    assert game.roll({"d6": 3})["d6"][:2] == ["special", "blank"]


def test_a_declared_value_changes_what_the_rules_compute(toy_rules):
    game = Game.new(toy_rules, seed=4)
    assert game.modify("hideout-die", 1) == 1
    game.state["data"]["round"] = 5
    assert game.modify("hideout-die", 1) == 2
    with pytest.raises(ExtensionPointError, match="something-else"):  # an undeclared value is a bug in rules code
        game.modify("something-else", 7)


def test_nothing_is_logged_or_asked_after_the_game_is_over(toy_rules):
    """The kernel closes the log at ``game-over`` (issue 12): the rest of the step that ended the game logs nothing,
    asks nothing, and a second end changes nothing; the result and the last event agree."""
    game = Game.new(toy_rules, seed=1)
    game.end("seeker", "found the hideout")
    game.log("late", detail="after the end")
    game.ask("hider", "too-late", ["a", "b"])
    game.end("hider", "a second ending")
    assert game.state["result"] == {"winner": "seeker", "reason": "found the hideout"}
    assert game.state["log"][-1] == {"type": "game-over", "winner": "seeker", "reason": "found the hideout"}
    assert not game.pending
    with pytest.raises(IllegalChoice, match="the game is over"):
        game.apply("a")


def test_a_question_without_options_or_with_an_option_id_twice_is_a_bug_named_in_the_rules(toy_rules):
    """An agent must be able to answer every question with an option id that names one option: the kernel refuses
    an empty question and a repeated id (in any form of option), asking nothing."""
    game = Game.new(toy_rules, seed=1)
    before = game.state_hash()
    with pytest.raises(EngineError, match="'pick' for hider offers no options"):
        game.ask("hider", "pick", [])
    with pytest.raises(EngineError, match=r"'pick' offers the same option id twice: \['a', 'b', 'a'\]"):
        game.ask("hider", "pick", [{"id": "a", "label": "A"}, "b", {"id": "a", "label": "again"}])
    with pytest.raises(EngineError, match="same option id twice"):
        game.ask("seeker", "pick", [7, "7"])
    assert game.state_hash() == before
    game.ask("hider", "pick", [{"id": "a"}, "b", 3])
    assert [o.id for o in game.pending[0].options] == ["a", "b", "3"]


def test_every_form_of_option_is_stored_in_the_json_form_with_three_keys(toy_rules):
    """``ask`` takes option dicts (label and data optional, other keys dropped), Option records and plain ids; the
    state holds each as ``{"id", "label", "data"}`` only, so saves, views and the answer handed to the asking frame
    read one form."""
    from swrebellion.engine import Option

    game = Game.new(toy_rules, seed=1)
    game.ask("hider", "pick", [
        {"id": "a", "label": "A"},
        {"id": "b", "label": "B", "data": {"step": "x"}},
        {"id": "c", "label": "C", "data": None, "hint": "dropped"},
        {"id": "d"},
        Option("e", "E", [1], "hider.9", "hider"),
        "f",
    ])
    stored = game.state["pending"][0]["options"]
    assert stored == [
        {"id": "a", "label": "A", "data": None},
        {"id": "b", "label": "B", "data": {"step": "x"}},
        {"id": "c", "label": "C", "data": None},
        {"id": "d", "label": "d", "data": None},
        {"id": "e", "label": "E", "data": [1]},
        {"id": "f", "label": "f", "data": None},
    ]
    assert [o.id for o in game.pending[0].options] == list("abcdef")
    assert game.pending[0].option("b").data == {"step": "x"}
    # options already in the JSON form ahead of one that is not: the later one is converted all the same
    game.ask("hider", "pick", [{"id": "g", "label": "G", "data": 2}, {"id": "h", "label": "H", "hint": "dropped"}, 9])
    assert game.state["pending"][0]["options"] == [
        {"id": "g", "label": "G", "data": 2}, {"id": "h", "label": "H", "data": None},
        {"id": "9", "label": "9", "data": None}]
