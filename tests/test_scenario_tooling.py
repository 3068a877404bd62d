"""Scenario tooling for authors (issue 31 §4), from outside: `rebellion scenario run` names every expectation of a
step that fails, shows what happened (`--show log|state|view:SIDE`) whether the scenario passed or not, and warns
about a scenario that expects nothing and ends with a decision open (a failure under `--strict`)."""

from __future__ import annotations

import json

import pytest
import yaml

from packkit import cli

# The Rebel passes in the Command Phase: the Empire is asked next (RB-CMD-03). Mon Mothma waits in the pool, and
# the Rebel holds one mission the Empire may not see.
SCENARIO = {
    "name": "the Rebel passes",
    "rules": ["RB-CMD-03"],
    "state": {"phase": "command", "current": "rebel", "base": "dantooine", "leaders": {"mon-mothma": "pool"},
              "hands": {"rebel": {"missions": ["rapid-mobilization"]}}},
    "script": [{"choose": {"player": "rebel", "kind": "command-action", "option": "pass"}}],
}


@pytest.fixture
def write(tmp_path):
    def write(**changes) -> str:
        path = tmp_path / "scenario.yaml"
        path.write_text(yaml.safe_dump({**SCENARIO, **changes}, sort_keys=False), encoding="utf-8")
        return str(path)
    return write


def test_a_step_names_every_expectation_that_fails(write):
    path = write(expect={"state": {"/data/round": 2, "/data/current": "rebel"},
                         "length": {"/data/hands/rebel/missions": 3},
                         "log": [{"type": "pass", "faction": "empire"}],
                         "pending": {"player": "rebel"}})
    result = cli("scenario", "run", path)
    assert result.exit_code == 1
    head, *failed = result.output.split("\n  ")
    assert "final expectations: 5 expectations failed:" in head
    assert [line.splitlines()[0] for line in failed] == [
        "/data/round is 1, expected 2",
        "/data/current is 'empire', expected 'rebel'",
        "/data/hands/rebel/missions is ['rapid-mobilization'], expected a length of 3",
        "no event in the log matches {'type': 'pass', 'faction': 'empire'}",
        "expected a decision (rebel, any kind), but empire must decide 'command-action' among ['pass']",
    ]


def test_the_harness_speaks_the_readers_language(write):
    """Issue 31: the harness's own words (failed expectations, the warning, the summary) are messages, in the
    language asked for; what the rules store (ids, values) stays as it is."""
    path = write(expect={"state": {"/data/round": 2}, "pending": {"player": "rebel"}})
    result = cli("scenario", "run", path, "--lang", "ru")
    assert result.exit_code == 1
    assert f"ПРОВАЛ {path}: итоговые ожидания: не выполнено 2 ожидания:" in result.output
    assert "\n  /data/round равно 1, ожидалось 2\n" in result.output
    assert ("\n  ожидалось решение (rebel, любого вида), но empire должен принять решение 'command-action' из "
            "['pass']") in result.output
    assert result.output.rstrip().endswith("пройдено: 0, провалено: 1")
    warned = cli("scenario", "run", write(), "--lang", "tr")
    assert "uyarı: hiçbir şey beklemiyor ve açık bir kararla bitiyor" in warned.output
    assert "expect: {pending: {player: empire, kind: command-action}}" in warned.output
    assert warned.output.rstrip().endswith("1 geçti, 0 başarısız")


def test_a_step_checks_what_is_offered_and_what_it_expects_together(write):
    step = {"offered": {"player": "rebel", "kind": "command-action", "includes": ["recruit"]},
            "choose": {"player": "rebel", "kind": "command-action", "option": "pass"},
            "expect": {"state": {"/data/passed/rebel": False}}}
    result = cli("scenario", "run", write(script=[step]))
    assert "script step 1: 2 expectations failed:" in result.output
    assert "missing ['recruit']" in result.output
    assert "/data/passed/rebel is True, expected False" in result.output


def test_expecting_nothing_and_ending_with_a_decision_open_warns_and_fails_when_strict(write):
    path = write()
    result = cli("scenario", "run", path)
    assert result.exit_code == 0, result.output
    assert "warning: it expects nothing and ends with a decision open (empire must decide 'command-action'" \
        in result.output
    assert "expect: {pending: {player: empire, kind: command-action}}" in result.output
    strict = cli("scenario", "run", "--strict", path)
    assert strict.exit_code == 1 and "FAIL" in strict.output and "0 passed, 1 failed" in strict.output
    settled = cli("scenario", "run", "--strict", write(expect={"pending": {"player": "empire"}}))
    assert settled.exit_code == 0 and "warning" not in settled.output


def test_show_log_and_a_sides_view_in_words_and_in_the_readers_language(write):
    result = cli("scenario", "run", write(), "--show", "log", "--show", "view:rebel", "--show", "view:empire")
    out = result.output
    assert "--- the account ---\nThe Rebels pass." in out
    rebel = out.split("--- what rebel sees ---")[1].split("--- what empire sees ---")[0]
    empire = out.split("--- what empire sees ---")[1]
    assert "Your base is hidden in Dantooine." in rebel and "Rapid Mobilization" in rebel
    # the Empire's view holds its open decision, and neither the base nor the Rebel's card (hidden information)
    assert "empire must decide command-action:" in empire and "pass: " in empire
    assert "Dantooine" not in empire and "Rapid Mobilization" not in empire
    russian = cli("scenario", "run", write(), "--show", "log", "--lang", "ru")
    assert "--- что было ---\nПовстанцы пасуют." in russian.output


def test_show_state_prints_the_pointers_an_expectation_reads_even_when_the_scenario_fails(write):
    result = cli("scenario", "run", write(expect={"state": {"/data/round": 2}}), "--show", "state")
    assert result.exit_code == 1
    shown = json.loads(result.output.split("---\n", 1)[1].rsplit("\n0 passed", 1)[0])
    assert shown["data"]["base"] == "dantooine"  # the secret looked through, as `expect: state:` reads it
    assert shown["data"]["hands"]["rebel"]["missions"] == ["rapid-mobilization"]
    assert shown["data"]["round"] == 1 and "log" not in shown


def test_show_refuses_what_it_cannot_show(write):
    result = cli("scenario", "run", write(), "--show", "board")
    assert result.exit_code == 2 and "show one of log, state, view:SIDE" in result.output
    result = cli("scenario", "run", write(), "--show", "view:jedi")
    assert "unknown view 'jedi'; choose from public, rebel, empire" in result.output
