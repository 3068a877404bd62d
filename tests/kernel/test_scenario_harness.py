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
