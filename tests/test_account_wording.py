"""Wording of the account that confused a newcomer (issue 35 #14): damage in words, not "Stormtrooper 1+1"; no
line for drawing nothing; an opponent's tactic card told with what it does; Intercept Transmissions saying the
probe cards it did not keep went back shuffled; the view a referee game writes named as a side, not an id."""

from pathlib import Path

import yaml

from swrebellion import i18n
from swrebellion.engine import Game
from swrebellion.engine.narration import account, describe
from swrebellion.engine.scenario import Scenario, run
from swrebellion.games import rules_for

SCENARIOS = Path(__file__).parent / "scenarios" / "base" / "cards"


def game():
    return Game.new(rules_for(("base",)), 1)


def test_damage_is_told_in_words():
    """RS-ATK-04/05: each unit and how much damage it took."""
    event = {"type": "damage", "faction": "empire", "theater": "ground",
             "dealt": {"stormtrooper": [1, 1], "at-at": [2]}}
    assert describe(game(), event) == ("  The Empire takes damage on the ground: 2 Stormtroopers, 1 damage each; "
                                       "AT-AT, 2 damage.")
    with i18n.using("ru"):
        assert "AT-AT, 2 урона" in describe(game(), event)


def test_drawing_no_card_is_no_line():
    assert describe(game(), {"type": "drew-probes", "faction": "empire", "count": 0, "cards": []}) == ""
    assert describe(game(), {"type": "drew-probes", "faction": "empire", "count": 2,
                             "cards": ["probe-hoth", "probe-ilum"]}) == "The Empire draws 2 probe cards: Hoth and Ilum."


def test_a_tactic_card_is_told_with_what_it_does():
    """The other side learns what the card did (its summary), and which version it was."""
    line = describe(game(), {"type": "tactic-played", "faction": "empire", "card": "space-critical-hit"})
    assert line == "  The Empire plays the tactic card Critical Hit (space): Deal 1 extra damage to any enemy ship."


def test_intercept_transmissions_says_the_other_probe_cards_were_shuffled_back():
    """RB-MIS-08 / the card: the probe cards not handed over go back into the deck, which is shuffled."""
    data = yaml.safe_load((SCENARIOS / "intercept-transmissions.yaml").read_text(encoding="utf-8"))
    played = run(Scenario.model_validate(data), rules_for)
    lines = list(account(played, "empire"))
    assert any(line.startswith("The Rebels hand over 3 probe cards: ") and line.endswith(
        "; the others go back into the probe deck, which is shuffled.") for line in lines), lines


def test_the_view_written_beside_the_referees_save_is_named_in_words(tmp_path):
    from click.testing import CliRunner

    from swrebellion.tools.cli import main

    result = CliRunner().invoke(main, ["play", "--seed", "1", "--referee", str(tmp_path / "full.json"),
                                       "--save", str(tmp_path / "view.json")])
    assert result.exit_code == 0, result.output
    assert f"The spectator's view written to {tmp_path / 'view.json'} (no hidden" in result.output


def test_a_system_already_loyal_is_told_so_not_as_a_change():
    """RS-LOY-04: gaining loyalty in one's own system changes nothing; the account says it stays, not that it "is
    now loyal" (issue 35 #14)."""
    from swrebellion.expansions.base import board

    played = scenario({"systems": {"saleucami": {"loyalty": "empire"}}})
    board.gain_loyalty(played, "empire", "saleucami")
    event = played.state["log"][-1]
    assert event == {"type": "loyalty-unchanged", "faction": "empire", "system": "saleucami",
                     "reason": "already loyal"}
    assert describe(played, event) == "Saleucami is already loyal to the Empire."
    assert played.state["data"]["systems"]["saleucami"]["loyalty"] == "empire"


def test_rerolling_with_no_die_chosen_says_so():
    """RS-ATK-04 (Concentrate Fire): before a die is chosen, the option that ends the choice reads "Reroll no dice",
    not "Reroll the 0 chosen dice"."""
    data = yaml.safe_load((SCENARIOS.parent / "combat" / "tactic-concentrate-fire.yaml").read_text(encoding="utf-8"))
    data["script"] = data["script"][:4]
    data.pop("expect", None)
    played = run(Scenario.model_validate(data), rules_for)
    asked = next(d for d in played.pending if d.kind == "reroll")
    assert asked.option("roll").label == "Reroll no dice"
    played.apply("red:blank", player="rebel")
    asked = next(d for d in played.pending if d.kind == "reroll")
    assert asked.option("roll").label == "Reroll the 1 chosen die"


def scenario(state):
    from swrebellion.engine.scenario import start

    return start(Scenario.model_validate({"name": "wording", "expansions": ["base"], "state": state}),
                 rules_for(("base",)))


def test_a_mission_result_reads_as_a_score_whatever_the_number():
    """RB-MIS-10: the attempt succeeds only with more successes than the opponent; one success read "1 successes
    against 0"."""
    event = {"type": "mission-result", "faction": "empire", "card": "rule-by-fear", "success": True,
             "successes": {"empire": 1, "rebel": 0}}
    assert describe(game(), event) == "  Rule by Fear succeeds (successes: 1 against 0)."
    with i18n.using("ru"):
        assert describe(game(), event) == "  Миссия «Правление страхом» выполнена: успехов 1 против 0."


def test_status_says_the_base_is_revealed_not_found():
    """RB-BAS-10: the Rebel may reveal his base himself; `status` said it "has been found" whoever revealed it."""
    from swrebellion.expansions.base.presentation.terminal.screens import status_screen

    played = scenario({"base": "dantooine", "base_revealed": True})
    assert "The Rebel base is revealed, in Dantooine." in status_screen(played, "rebel")
    assert "The Rebel base is revealed, in Dantooine." in status_screen(played, "empire")
