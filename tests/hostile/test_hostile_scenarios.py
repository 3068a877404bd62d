"""Hostile scenario files (issue 16, "Scenarios"): read by the same safe reader as packs, with typed `state:`
keys, so each case fails as a ScenarioError that names the file, line, column and pointer (or the reader's code)
within seconds and bounded memory, never a traceback, a hang or a silent pass."""

from __future__ import annotations

import os

import pytest

from packkit import cli

BOMB = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"{c}: &{c} [" + ", ".join([f"*{p}"] * 9) + "]" for p, c in zip("abcdefgh", "bcdefghi", strict=True)]
) + "\n"

# name -> (the `state:` lines (base game), what the error says: "line:column: /pointer: message" or a code)
WRONG_STATE = {
    "a leader placed at 5": ("leaders: {luke-skywalker: 5}", "4:13: /state/leaders/luke-skywalker: place a leader"),
    "x-wing: lots": ("units: {hoth: {x-wing: lots}}",
                     "4:18: /state/units/hoth/x-wing: Input should be a valid integer"),
    "a negative count": ("units: {hoth: {x-wing: -1}}", "/state/units/hoth/x-wing: Input should be greater than"),
    "units in a system that does not exist": ("units: {narnia: {x-wing: 1}}", "/state/units/narnia: unknown system"),
    "a unit that does not exist": ("units: {hoth: {x-wingz: 1}}", "unknown unit 'x-wingz'; did you mean 'x-wing'?"),
    "units as a list": ("units: [hoth]", "/state/units: Input should be a valid dictionary"),
    "a leader at a place that does not exist": ("leaders: {luke-skywalker: narnia}",
                                                "/state/leaders/luke-skywalker/at: unknown leader location"),
    "a leader that does not exist": ("leaders: {luke: pool}", "/state/leaders/luke: unknown leader 'luke'"),
    "a leader with an unknown key": ("leaders: {luke-skywalker: {at: pool, rings: x}}",
                                     "/state/leaders/luke-skywalker/rings: Extra inputs are not permitted"),
    "players: 9": ("players: 9", "/state/players: Input should be 2, 3 or 4"),
    "players: 'two'": ("players: two", "/state/players: Input should be 2, 3 or 4"),
    "setup: 5": ("setup: 5", "/state/setup: Input should be a valid string"),
    "an unknown setup": ("setup: nowhere", "/state/setup: unknown setup 'nowhere'"),
    "round: 'x'": ("round: x", "/state/round: Input should be a valid integer"),
    "round: 1.5": ("round: 1.5", "/state/round: Input should be a valid integer"),
    "time: true": ("time: true", "/state/time: Input should be a valid integer"),
    "reputation: []": ("reputation: []", "/state/reputation: Input should be a valid integer"),
    "phase: lunch": ("phase: lunch", "/state/phase: Input should be 'assignment', 'command' or 'refresh'"),
    "current: droids": ("current: droids", "/state/current: Input should be 'empire' or 'rebel'"),
    "base: 7": ("base: 7", "/state/base: Input should be a valid string"),
    "a base in no system": ("base: narnia", "/state/base: unknown system 'narnia'"),
    "base_revealed: 'yes please'": ("base_revealed: yes please", "/state/base_revealed: Input should be a valid"),
    "a system's loyalty: 5": ("systems: {hoth: {loyalty: 5}}", "/state/systems/hoth/loyalty: Input should be"),
    "a system that does not exist": ("systems: {narnia: {loyalty: rebel}}", "/state/systems/narnia: unknown system"),
    "a system with an unknown key": ("systems: {hoth: {loyal: rebel}}",
                                     "/state/systems/hoth/loyal: Extra inputs are not permitted"),
    "queue space 4": ("queue: {empire: {4: {tie-fighter: 1}}}", "/state/queue/empire/4: Input should be 1, 2, 3"),
    "a queue of a faction that does not exist": ("queue: {droids: {1: {tie-fighter: 1}}}",
                                                 "/state/queue/droids: Input should be 'empire' or 'rebel'"),
    "a hand of probes for the Rebel": ("hands: {rebel: {probes: [probe-hoth]}}",
                                       "/state/hands/rebel/probes: Extra inputs are not permitted"),
    "a hand of a card that does not exist": ("hands: {rebel: {missions: [nope]}}",
                                             "/state/hands/rebel/missions/0: unknown mission card 'nope'"),
    "a hand as a string": ("hands: {empire: {actions: lots}}", "/state/hands/empire/actions: Input should be a"),
    "an objective deck of a mission": ("decks: {objectives: [sabotage]}",
                                       "/state/decks/objectives/0: unknown objective card 'sabotage'"),
    "a deck of numbers": ("decks: {probes: [1, 2]}", "/state/decks/probes/0: Input should be a valid string"),
    "a discard pile of a card that does not exist": ("discards: {probes: [nope]}",
                                                     "/state/discards/probes/0: unknown card 'nope'"),
    "an assigned mission that does not exist": ("assigned: {rebel: [{card: nope, leaders: [luke-skywalker]}]}",
                                                "/state/assigned/rebel/0/card: unknown mission card 'nope'"),
    "an assigned mission without leaders": ("assigned: {rebel: [{card: sabotage}]}",
                                            "/state/assigned/rebel/0/leaders: Field required"),
    "passed: maybe": ("passed: {rebel: maybe}", "/state/passed/rebel: Input should be a valid boolean"),
    "state: 5": (None, "/state: Input should be a valid dictionary"),
}

WRONG_EXPANSION_STATE = {
    "mission_sets: x": ("mission_sets: x", "/state/mission_sets: Input should be 'first-game' or 'choose'"),
    "a marker: 5": ("markers: [5]", "/state/markers/0: Input should be a valid dictionary"),
    "a marker that does not exist": ("markers: [{marker: nope, system: hoth}]",
                                     "/state/markers/0/marker: unknown marker 'nope'"),
    "a marker in no system": ("markers: [{marker: raid-outposts, system: narnia}]",
                              "/state/markers/0/system: unknown system 'narnia'"),
    "on_removal: 5": ("markers: [{marker: raid-outposts, system: hoth, on_removal: 5}]",
                      "/state/markers/0/on_removal: Input should be a valid list"),
    "immediate: 5": ("immediate: 5", "/state/immediate: Input should be a valid list"),
    "an immediate objective that does not exist": ("immediate: [nope]", "/state/immediate/0: unknown objective"),
}

# name -> (the whole file, as text or bytes, or "fifo"; what the error says)
WRONG_FILE = {
    "an alias bomb": (BOMB, "SW107 aliases expand to more than"),
    "a 20 MB file": ("name: big\n#" + "x" * (20 * 1024 * 1024) + "\n", "SW106 file is 20,971,532 bytes"),
    "a FIFO": ("fifo", "SW110 a FIFO (named pipe) is not a regular file"),
    "a duplicate key": ("name: a\nname: b\n", "2:1: SW103 duplicate key 'name' (first on line 1)"),
    "a duplicate state key": ("name: a\nstate:\n  round: 1\n  round: 2\n", "4:3: SW103 duplicate key 'round'"),
    "a python tag": ("name: !!python/object/apply:os.system [echo hi]\n", "SW109 tag"),
    "not UTF-8": (b"name: caf\xe9\n", "SW104 not UTF-8"),
    "deep nesting": ("name: a\nstate: " + "[" * 5000 + "]" * 5000 + "\n", "SW108 "),
    "a 5,000-digit seed": ("name: a\nseed: " + "9" * 5000 + "\n", "SW113 the integer"),
    "a million items": ("name: a\nscript:\n" + "- {}\n" * 1_000_000, "SW112 more than 200,000 nodes"),
    "a list, not a mapping": ("- name: a\n", "1:1: a scenario is a mapping"),
    "an unknown top-level key": ("name: a\nstat: {}\n", "2:1: /stat: Extra inputs are not permitted"),
    "an option the rules refuse": ("name: a\noptions: {players: 9}\n", "options cannot set up a game: Star Wars"),
    "a choice of a number": ("name: a\nscript:\n- choose: {option: [1]}\n",
                             "3:12: /script/0/choose/option: Input should be a valid string"),
    "an expansion that is not installed": ("name: a\nexpansions: [nope]\n",
                                           "/expansions: unknown expansion 'nope'"),
    "no expansions at all": ("name: a\nexpansions: []\n", "2:1: /expansions: List should have at least 1 item"),
    "strict_dice: 'yes'": ("name: a\nstrict_dice: 'yes'\n", "2:1: /strict_dice: Input should be a valid boolean"),
    "empty": ("", "SW105"),
    "not YAML": ("name: [a\n", "SW101"),
}


def _run(world, bounded, text) -> str:
    path = world / "case.yaml"
    if text == "fifo":
        os.mkfifo(path)
    elif isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    with bounded():
        result = cli("scenario", "run", "case.yaml")
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 1 and result.output.startswith("FAIL case.yaml: "), result.output
    assert "0 passed, 1 failed" in result.output
    return result.output


@pytest.mark.parametrize("case", list(WRONG_STATE))
def test_wrong_state_key_of_the_base_game(world, bounded, case):
    lines, message = WRONG_STATE[case]
    state = " 5\n" if lines is None else f"\n  {lines}\n"
    text = f"name: t\nexpansions: [base]\nstate:{state}"
    output = _run(world, bounded, text)
    assert message in output, output
    assert "case.yaml:" in output.split("FAIL case.yaml: ", 1)[1], "the file, line and column are named"


@pytest.mark.parametrize("case", list(WRONG_EXPANSION_STATE))
def test_wrong_state_key_of_rise_of_the_empire(world, bounded, case):
    lines, message = WRONG_EXPANSION_STATE[case]
    output = _run(world, bounded, f"name: t\nexpansions: [base, rise-of-the-empire]\nstate:\n  {lines}\n")
    assert message in output, output


@pytest.mark.parametrize("case", list(WRONG_FILE))
def test_hostile_scenario_file(world, bounded, case):
    text, message = WRONG_FILE[case]
    output = _run(world, bounded, text)
    assert message in output, output


SECRET = "root:*:20228:0:99999:7:::\ndaemon:*:20228:0:99999:7:::\nhunter2-do-not-print: 1\n"


@pytest.mark.parametrize("where", ["a file here", "a folder here", "a file named elsewhere"])
def test_a_scenario_symlinked_from_outside_is_never_read(world, bounded, tmp_path_factory, where):
    """`ln -s /etc/shadow s.yaml && rebellion scenario run s.yaml` printed a line per entry of the file (issue 32 #1):
    a scenario, like a pack file, is never read through a symlink that leads out of the folder it is named in."""
    outside = tmp_path_factory.mktemp("outside")
    (outside / "s.yaml").write_text(SECRET, encoding="utf-8")
    if where == "a file here":
        (world / "case.yaml").symlink_to(outside / "s.yaml")
        name = "case.yaml"
    elif where == "a folder here":
        (world / "linked").symlink_to(outside, target_is_directory=True)
        name = "linked/s.yaml"
    else:
        elsewhere = tmp_path_factory.mktemp("elsewhere")
        (elsewhere / "case.yaml").symlink_to(outside / "s.yaml")
        name = str(elsewhere / "case.yaml")
    with bounded():
        result = cli("scenario", "run", name)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "outside the folder it is named in" in result.output and "was not read" in result.output
    assert "root:" not in result.output and "hunter2" not in result.output and "daemon" not in result.output


def test_a_file_that_is_no_scenario_is_never_printed_whole(world, bounded):
    """An error names what is wrong and where, never more of the file than the offending token (issue 32 #1): a
    file of hundreds of unknown keys lists ten, each key cut short."""
    long_key = "k" * 500
    output = _run(world, bounded, "name: a\n" + "".join(f"{long_key}{n}: 1\n" for n in range(300)))
    assert output.count("Extra inputs are not permitted") == 10
    assert "and 290 more problems" in output
    assert long_key not in output and "case.yaml:2:1:" in output
