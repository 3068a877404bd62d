"""Valid means playable (issue 31 §1): content that validated and then silently never played is refused by
`rebellion validate` with a located diagnostic and a way out, or plays; a scenario state the rules would undo as
the game starts is refused where it stands. Each case from outside: the validate and scenario commands on a fan
pack, and the real engine offering what validates."""

from __future__ import annotations

import json
import re

import pytest
import yaml

from packkit import cli, write_pack

PACK = {"requires": ["base>=1.0,<2"], "files": ["*.yaml"]}


def card(ident: str, **fields) -> dict:
    return {"id": ident, "name": {"en": ident.replace("-", " ").title()}, "set": "fan", **fields}


def action(ident: str, **fields) -> dict:
    return card(ident, **{"faction": "rebel", "starting": False, "effect": [{"op": "reputation", "amount": 1}],
                          **fields})


def diagnostics(folder, *flags: str) -> list[dict]:
    result = cli("validate", str(folder), "--format", "json", *flags)
    return json.loads(result.stdout)["diagnostics"]


def pack(tmp_path, **files) -> object:
    return write_pack(tmp_path / "fan", "fan", **PACK,
                      content={f"{kind}.yaml": {"kind": kind, "items": items} for kind, items in files.items()})


def line_of(folder, name: str, text: str) -> int:
    """The line of ``folder/name`` where ``text`` first appears (1-based)."""
    lines = (folder / name).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


def only(found: list[dict], code: str) -> dict:
    [diagnostic] = [d for d in found if d["code"] == code]
    return diagnostic


# -- an Assignment card with no leader to play it (RS-ASG-08, RS-ACT-08) -------------------------------------------


def test_an_assignment_card_picturing_no_leader_is_refused_where_it_stands(tmp_path):
    folder = pack(tmp_path, actions=[action("fan-rally", timing="assignment"),
                                     action("fan-orders", timing="assignment",
                                            effect=[{"op": "trigger", "moment": "assignment-end"},
                                                    {"op": "reputation", "amount": 1}])])
    d = only(diagnostics(folder), "SW802")
    assert d["file"].endswith("actions.yaml") and d["pointer"] == "/items/0/timing"
    assert d["line"] == line_of(folder, "actions.yaml", "timing: assignment")
    assert "with no `leaders` this card is never offered" in d["message"]
    assert "picture the leader who plays it (`leaders: [...]`), or begin its effect with a `trigger` step" \
        in d["hint"]
    # fan-orders has no leader either, but its trigger plays it at the end of the Assignment Phase (False Orders)


def test_an_assignment_card_picturing_a_leader_validates_and_is_offered_with_him(tmp_path):
    folder = pack(tmp_path, actions=[action("fan-rally", timing="assignment", leaders=["mon-mothma"])])
    assert diagnostics(folder) == []
    scenario = {"name": "fan-rally is offered with Mon Mothma (RS-ASG-08)", "rules": ["RS-ASG-08"],
                "packs": ["fan"], "state": {"base": "dantooine", "leaders": {"mon-mothma": "pool"},
                                            "hands": {"rebel": {"actions": ["fan-rally"]}}},
                "script": [{"offered": {"player": "rebel", "kind": "assign-card",
                                        "includes": ["action:fan-rally:mon-mothma"]},
                            "choose": {"player": "rebel", "kind": "assign-card",
                                       "option": "action:fan-rally:mon-mothma"}}],
                "expect": {"log": [{"type": "action-played", "card": "fan-rally", "leader": "mon-mothma"}],
                           "state": {"/data/reputation": 13}}}
    (tmp_path / "rally.yaml").write_text(yaml.safe_dump(scenario), encoding="utf-8")
    result = cli("scenario", "run", str(tmp_path / "rally.yaml"))
    assert result.exit_code == 0, result.output


# -- a card whose side is never asked at its trigger's moment ------------------------------------------------------


def test_an_imperial_card_triggered_on_a_capture_is_offered_so_it_validates(tmp_path):
    """Issue 31 §2.2: the Empire capturing a Rebel leader is asked at the capture window too (fan idea 25's Bounty
    Paid plays there), so an Imperial card naming it is no longer refused."""
    trigger = [{"op": "trigger", "moment": "capture"}, {"op": "reputation", "amount": 1}]
    folder = pack(tmp_path, actions=[action("fan-snare", timing="special", effect=trigger) | {"faction": "empire"}])
    assert [d for d in diagnostics(folder) if d["code"] == "SW803"] == []


@pytest.mark.parametrize("moment", ["capture", "battle.start"])
def test_a_card_of_a_side_a_window_never_asks_is_refused_with_the_moments_its_side_is_asked_at(tmp_path, monkeypatch,
                                                                                               moment):
    """A window a plugin declares for one side only (``Moment.sides``; none of the base game's is, since the
    capture window asks both sides, and so do the rule moments that are windows): a card of the other side naming it
    is refused, SW803. Checked on the capture window and on a rule moment's window (issue 31 §2.2) each declared as
    the Rebel's alone."""
    from swrebellion.expansions.base import checks

    monkeypatch.setattr(checks, "SIDES_AT", {**checks.SIDES_AT, moment: ("rebel",)})
    trigger = [{"op": "trigger", "moment": moment}, {"op": "reputation", "amount": 1}]
    folder = pack(tmp_path, actions=[action("fan-snare", timing="special", effect=trigger) | {"faction": "empire"},
                                     action("fan-shield", timing="special", effect=trigger)])
    d = only(diagnostics(folder), "SW803")
    assert d["pointer"] == "/items/0/effect/0/moment" and d["line"] == line_of(folder, "actions.yaml", moment)
    assert d["message"] == f"only the rebel side is asked at {moment!r}: this empire card is never offered"
    assert "name a moment where the empire side is asked (activation.after-move, activation.before-move, " \
        "assignment-end, assignment.start" in d["hint"]
    assert moment not in d["hint"].split("(")[1].split(";")[0].split(", ")


def test_a_special_card_with_no_trigger_step_is_refused_with_the_step_to_add(tmp_path):
    """RS-ACT-07: a Special card is played at the moment its text names, its first ``trigger`` step. One that starts
    with another step validated and was never offered (issue 31): SW805, at its first step, with the ``trigger`` to
    add. One beginning with a trigger plays (fan idea 25), and so does a Special card a rule offers by itself:
    Rise of the Empire's Ambitions of Power, offered by the leader-limit check (RE-LDR-01), validates with its
    expansion (the built-in packs validate with no diagnostic, tests/test_content_counts.py)."""
    folder = pack(tmp_path, actions=[
        action("fan-ambush", timing="special", leaders=["han-solo"]),
        action("fan-rally", timing="special", effect=[{"op": "trigger", "moment": "mission-revealed"},
                                                     {"op": "reputation", "amount": 1}])])
    d = only(diagnostics(folder), "SW805")
    assert d["pointer"] == "/items/0/effect/0/op" and d["line"] == line_of(folder, "actions.yaml", "op: reputation")
    assert d["file"].endswith("actions.yaml") and d["severity"] == "error"
    assert d["message"] == ("a Special card is played at the moment its first `trigger` step names (RS-ACT-07): with "
                            "none, this card is never offered")
    assert d["hint"].startswith("begin its effect with a `trigger` step naming the moment it is played at")


def test_a_card_naming_a_hand_its_side_does_not_hold_is_refused(tmp_path):
    """The Rebel holds no probe cards and the Empire no objectives (RB-OBJ-09, RB-PRB): ``hand:self:objectives`` on
    an Imperial card names nothing, where the same step on a Rebel card plays."""
    steps = [{"op": "trigger", "moment": "mission-revealed"},
             {"op": "move_cards", "from": "hand:opponent:actions", "to": "hand:self:objectives", "count": 1}]
    folder = pack(tmp_path, actions=[action("fan-spy", timing="special", effect=steps) | {"faction": "empire"},
                                     action("fan-scout", timing="special", effect=steps)])
    d = only(diagnostics(folder), "SW804")
    assert d["pointer"] == "/items/0/effect/1/to"
    assert d["message"] == ("played by the empire side, 'hand:self:objectives' names the empire side's hand of "
                            "objectives, which it does not hold")
    assert d["hint"] == ("the Rebel alone holds objectives and the Empire alone probe cards: "
                         "hand:opponent:objectives, or hand:rebel:objectives")


# -- objective timings: every one the schema takes is read ----------------------------------------------------------


def objective(ident: str, timing: str) -> dict:
    return card(ident, stage=1, reputation=1, timing=timing, effect=[{"op": "reputation", "amount": 1}])


def test_an_objective_timing_no_rule_reads_is_refused(tmp_path):
    """Every timing the schema lists is read by a rule: any-time and refresh at a phase's end (issue 31 §2.8, played
    in tests/fan_packs/round-two); a timing none reads is refused with the ones that play."""
    folder = pack(tmp_path, objectives=[objective("fan-anytime", "any-time"), objective("fan-refresh", "refresh"),
                                        objective("fan-whenever", "whenever")])
    refused = [d for d in diagnostics(folder) if d["code"] in ("SW204", "SW801")]
    assert [d["pointer"] for d in refused] == ["/items/2/timing"]
    assert set(refused[0]["message"].split("allowed: ")[1].split(", ")) == {
        "'combat'", "'start-of-refresh'", "'refresh'", "'any-time'", "'immediate'"}


def test_an_immediate_objective_needs_the_expansion_whose_rules_read_it(tmp_path):
    """RE-IMM-01: only Rise of the Empire reveals an objective as it is drawn; with the base game alone the card
    would sit in the Rebel's hand for ever."""
    folder = pack(tmp_path, objectives=[objective("fan-strike", "immediate")])
    d = only(diagnostics(folder, "--no-expansion", "rise-of-the-empire"), "SW801")
    assert d["pointer"] == "/items/0/timing"
    assert d["message"] == ("no rule of the enabled plugins reads 'immediate' in the timing of objectives: this "
                            "item would never act as written")
    assert d["hint"].startswith("the values read: 'combat' (played during a combat")
    assert "'start-of-refresh' (played just before Refresh step 1" in d["hint"]
    assert [d for d in diagnostics(folder, "--expansion", "rise-of-the-empire") if d["code"] == "SW801"] == []


def test_a_field_no_rule_reads_is_refused_whatever_its_value(tmp_path):
    """Rise of the Empire places the Empire's fixed placements (RE-SET-08); no rule places the Rebel's."""
    setup = {"id": "fan-setup", "name": {"en": "Fan setup"}, "time_track": "time-track",
             "objective_deck": [{"stage": 1, "random": None}],
             "loyalty": {"rebel_systems": 3, "imperial_systems": 5, "subjugated_first": 2},
             "rebel": {"units": {}, "fixed": [{"where": "chosen-remote-system", "units": {"x-wing": 1}}]},
             "empire": {"units": {}}}
    folder = write_pack(tmp_path / "fan", "fan", **PACK, content={"setups.yaml": {"kind": "setups", "items": [setup]}})
    found = [d for d in diagnostics(folder, "--expansion", "rise-of-the-empire") if d["code"] == "SW801"]
    assert [(d["pointer"], d["hint"]) for d in found] == [
        ("/items/0/rebel/fixed/0/where", "no enabled plugin reads this field: leave it out")]


# -- a scenario state the rules would undo as the game starts (RB-SUB-01, RB-SUB-06, RULINGS C-10) ------------------


@pytest.mark.parametrize(("systems", "units", "message"), [
    ({"naboo": {"subjugated": True}}, {},
     "/state/systems/naboo/subjugated: a system is subjugated only while Imperial ground units are in it "
     "(RB-SUB-01, RB-SUB-06): add some (`units: {naboo: {stormtrooper: 1}}`), or leave `subjugated` out"),
    ({"naboo": {"subjugated": True}}, {"naboo": {"tie-fighter": 2}},
     "/state/systems/naboo/subjugated: a system is subjugated only while Imperial ground units are in it"),
    ({"naboo": {"loyalty": "empire", "subjugated": True}}, {"naboo": {"stormtrooper": 1}},
     "/state/systems/naboo/subjugated: an Imperial system is not subjugated: the marker shows its loyalty side "
     "(RB-SUB-08)"),
    ({"hoth": {"subjugated": True}}, {"hoth": {"stormtrooper": 1}},
     "/state/systems/hoth/subjugated: remote and destroyed systems are never subjugated (RB-SUB-11)"),
])
def test_a_scenario_state_the_rules_would_undo_is_refused_where_it_stands(tmp_path, systems, units, message):
    state = {"phase": "command", "base": "dantooine", "systems": systems, "units": units}
    path = tmp_path / "subjugated.yaml"
    path.write_text(yaml.safe_dump({"name": "subjugated", "state": state,
                                    "expect": {"pending": {"player": "rebel"}}}, sort_keys=False), encoding="utf-8")
    result = cli("scenario", "run", str(path))
    assert result.exit_code == 1
    assert re.search(r"subjugated\.yaml:\d+:\d+: /state/systems/", result.output), result.output
    assert message in result.output


def test_a_subjugated_system_with_imperial_ground_units_stays_subjugated(tmp_path):
    state = {"phase": "command", "base": "dantooine", "systems": {"naboo": {"loyalty": "rebel", "subjugated": True}},
             "units": {"naboo": {"stormtrooper": 1}}}
    path = tmp_path / "subjugated.yaml"
    path.write_text(yaml.safe_dump({"name": "kept", "rules": ["RB-SUB-07"], "state": state, "expect": {
        "state": {"/data/systems/naboo/subjugated": True, "/data/systems/naboo/loyalty": "rebel"}}}), encoding="utf-8")
    result = cli("scenario", "run", str(path))
    assert result.exit_code == 0, result.output
