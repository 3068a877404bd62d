"""The scenario harness is strict: anything the script did not foresee fails with a message that says what the
game wanted instead (issue 4, "Scenarios")."""

import pytest
from conftest import make_rules

from swrebellion.engine.scenario import Scenario, ScenarioError, ScenarioFailure, run

BASE = {"name": "t", "expansions": ["hideout"], "state": {"hideout": "dock", "deck": [1, 2], "hands": {"hider": [3], "seeker": [8]}}}


def scenario(**extra):
    return Scenario.model_validate({**BASE, **extra})


def test_an_unscripted_decision_fails_and_names_what_was_pending():
    with pytest.raises(ScenarioFailure, match=r"expected a decision \(seeker, guess\), but hider must decide 'play-card'"):
        run(scenario(script=[{"choose": {"player": "seeker", "kind": "guess", "option": "dock"}}]), make_rules)


def test_an_option_not_offered_fails():
    with pytest.raises(ScenarioFailure, match="'4' was not offered to hider"):
        run(scenario(script=[{"choose": {"player": "hider", "option": "4"}}]), make_rules)


def test_offered_checks_the_exact_options():
    with pytest.raises(ScenarioFailure, match=r"offers \['3'\]; should not offer \['3'\]"):
        run(scenario(script=[{"offered": {"player": "hider", "excludes": ["3"]}}]), make_rules)


def test_forced_dice_that_are_never_rolled_fail():
    with pytest.raises(ScenarioFailure, match="forced dice never rolled"):
        run(scenario(script=[{"dice": ["hit"]}]), make_rules)


def test_a_state_key_no_plugin_understands_is_a_scenario_error():
    spec = {**BASE, "state": {**BASE["state"], "hidout": "x"}}
    with pytest.raises(ScenarioError, match="no enabled plugin understands the state key"):
        run(Scenario.model_validate(spec), make_rules)


def test_unknown_keys_in_the_file_are_rejected():
    with pytest.raises(Exception, match="Extra inputs are not permitted"):
        Scenario.model_validate({**BASE, "expekt": {}})


# -- the language of issue 12: negation, order, idle players, strict dice, decisions answered alone ---------------

PLAY = [{"choose": {"player": "hider", "kind": "play-card", "option": "3"}},
        {"dice": ["blank"], "choose": {"player": "seeker", "kind": "play-card", "option": "8"}}]


def test_state_negation_membership_and_length_pass_when_true():
    run(scenario(script=PLAY, expect={
        "differ": {"/data/round": 1}, "absent": ["/data/treasure", "/data/hands/hider/5"],
        "empty": ["/data/deck", "/data/nothing"], "contains": {"/data/hands/seeker": [2]},
        "not_contains": {"/data/hands/seeker": [8]}, "length": {"/data/hands/seeker": 1}}), make_rules)


@pytest.mark.parametrize(("expect", "message"), [
    ({"differ": {"/data/round": 2}}, r"/data/round is 2, expected anything else"),
    ({"absent": ["/data/round"]}, r"/data/round should not exist, but holds 2"),
    ({"empty": ["/data/hands/seeker"]}, r"/data/hands/seeker should be empty"),
    ({"contains": {"/data/hands/seeker": [8]}}, r"which lacks \[8\]"),
    ({"not_contains": {"/data/hands/seeker": [2]}}, r"which should not hold \[2\]"),
    ({"length": {"/data/hands/seeker": 3}}, r"expected a length of 3"),
])
def test_state_negation_membership_and_length_fail_when_false(expect, message):
    with pytest.raises(ScenarioFailure, match=message):
        run(scenario(script=PLAY, expect=expect), make_rules)


def test_log_order_and_events_since_the_previous_step():
    played = {"type": "played"}
    roll = {"type": "roll", "dice": {"d6": ["blank"]}}
    run(scenario(script=PLAY, expect={"log_order": [played, roll]}), make_rules)
    with pytest.raises(ScenarioFailure, match=r"no event in the log matches .*'played'.* after .*'roll'"):
        run(scenario(script=PLAY, expect={"log_order": [roll, played]}), make_rules)
    # the roll happened in step 2: a step-3 expectation 'since: step' no longer sees it, a game-wide one does
    later = PLAY + [{"expect": {"since": "step", "no_log": [roll]}}, {"expect": {"log": [roll]}}]
    run(scenario(script=later), make_rules)
    with pytest.raises(ScenarioFailure, match="no event since the previous script step matches"):
        run(scenario(script=PLAY + [{"expect": {"since": "step", "log": [roll]}}]), make_rules)


def test_no_decision_pending_for_a_player():
    run(scenario(script=[PLAY[0], {"expect": {"no_pending": ["hider"], "pending": {"player": "seeker"}}}]),
        make_rules)
    with pytest.raises(ScenarioFailure, match="seeker must decide 'play-card', but no decision should be pending"):
        run(scenario(script=[PLAY[0], {"expect": {"no_pending": ["anyone"]}}]), make_rules)


def test_strict_dice_fail_on_a_die_the_script_did_not_force():
    run(scenario(strict_dice=True, script=PLAY), make_rules)
    unforced = [PLAY[0], {"choose": {"player": "seeker", "kind": "play-card", "option": "8"}}]
    with pytest.raises(ScenarioFailure, match=r"script step 2: a d6 die was rolled for seeker .* did not force"):
        run(scenario(strict_dice=True, script=unforced), make_rules)
    run(scenario(script=unforced), make_rules)  # without strict dice it rolls from the seed


def test_offered_alone_needs_a_decision_the_engine_answered_alone():
    with pytest.raises(ScenarioFailure, match="was answered alone by the engine"):
        run(scenario(script=[{"offered": {"player": "hider", "alone": True}}]), make_rules)


def test_a_combat_start_that_cannot_be_is_a_scenario_error():
    """docs/scenarios.md, 'Starting inside a combat': both sides must share a theater there, and 'at' is a stage."""
    base = {"name": "c", "state": {"phase": "command", "base": "dantooine", "units": {"hoth": {"x-wing": 1}}}}
    for combat, message in (({"system": "hoth"}, "holds no units of both sides"),
                            ({"system": "hoth", "at": "middle"}, "'at' must be one of")):
        spec = {**base, "state": {**base["state"], "combat": combat}}
        with pytest.raises(ScenarioError, match=message):
            run(Scenario.model_validate(spec), make_rules)
