"""Restrictions that last (issue 31 §2.1, the ``restrict`` op): what the fan pack's scenarios cannot check, driven
through the same pack (tests/fan_ideas/24-blockade): the status and map screens and the account say what is barred
and until when, in every language, and a restriction made "until the end of the round" bars nothing once the next
round has begun."""

from __future__ import annotations

from pathlib import Path

import pytest

from swrebellion import i18n
from swrebellion.engine.scenario import Scenario, run
from swrebellion.expansions.base.presentation.terminal.screens import map_screen, status_screen
from swrebellion.expansions.base.rules.restrictions import restricted
from swrebellion.games import rules_for
from swrebellion.presentation import narration

PACK = Path(__file__).parents[1] / "fan_ideas" / "24-blockade"
SAID = ("The Rebels may not move units into Hoth until the end of the round (Blockade). The Rebels may not move units "
        "out of Hoth until the end of the round (Blockade).")


def blockaded():
    """The Empire has just revealed Blockade in Hoth (RB-MIS-02): its X-wing is barred from leaving."""
    scenario = Scenario.model_validate({
        "name": "blockade", "packs": [str(PACK)], "seed": 1,
        "state": {"phase": "command", "current": "empire", "base": "dantooine",
                  "units": {"hoth": {"star-destroyer": 1, "x-wing": 1}, "endor": {"y-wing": 1}},
                  "leaders": {"darth-vader": "pool", "jan-dodonna": "pool"},
                  "assigned": {"empire": [{"card": "fan-blockade", "leaders": ["darth-vader"]}]}},
        "script": [{"choose": {"player": "empire", "kind": "command-action", "option": "reveal:fan-blockade"}}]})
    return run(scenario, lambda expansions, packs=(): rules_for(expansions, list(packs)))


def test_the_screens_and_the_account_say_what_is_barred_and_until_when():
    game = blockaded()
    assert SAID in status_screen(game, "rebel") and SAID in status_screen(game, "empire")
    assert SAID in map_screen(game, None)
    assert "  " + SAID in narration(game, None)
    russian = " ".join(narration(game, None, language="ru"))
    assert "Повстанцы не могут перемещать юниты из системы" in russian and "до конца раунда" in russian
    assert "turun sonuna kadar" in " ".join(narration(game, None, language="tr"))


def test_a_restriction_until_the_end_of_the_round_bars_nothing_in_the_next():
    game = blockaded()
    while game.state["data"]["round"] < 2 and not game.over:
        asked = game.pending[0]
        game.apply("pass" if "pass" in asked.option_ids else asked.option_ids[0], player=asked.player)
    assert game.state["data"]["round"] == 2
    assert not restricted(game, "rebel", "hoth", "move_out") and not restricted(game, "rebel", "hoth", "move_in")
    assert SAID not in status_screen(game, "rebel")


@pytest.fixture(autouse=True)
def _english():
    from swrebellion import i18n

    with i18n.using("en"):
        yield


def test_a_barred_source_is_withheld_saying_why_in_the_readers_language():
    """RB-MOV-03/04 under a restriction: activating Bespin (next to Hoth and Endor), Hoth's X-wing may not move out.
    The question does not offer Hoth, and says why, with the restriction's own sentence, in the reader's language
    (``ValueRegistry.withhold``: the terminal's and the server's "not offered" line)."""
    from swrebellion.presentation import not_offered

    game = blockaded()
    game.apply("activate:bespin", player="rebel")  # Jan Dodonna, the only leader in the pool, activates it
    [decision] = game.pending
    assert (decision.kind, decision.option_ids) == ("move-from", ("endor", "done"))
    assert not_offered(game, decision) == [
        "not offered: Move units from Hoth — The Rebels may not move units out of Hoth until the end of the round "
        "(Blockade)."]
    with i18n.using("ru"):
        [russian] = not_offered(game, decision)
    with i18n.using("tr"):
        [turkish] = not_offered(game, decision)
    assert russian.startswith("не предлагается: ") and "Хот" in russian and "(Blockade)" in russian, russian
    assert "Hoth" in turkish and "turun sonuna kadar" in turkish, turkish


def test_a_question_left_with_one_option_still_says_what_a_restriction_withholds():
    """RB-MOV-03/04: activating Hoth, Endor's Y-wing may not move in. The question keeps only "stop moving units",
    which the terminal answers alone in one line; the line after it says why Endor is not offered, in the reader's
    language."""
    from swrebellion.engine.human import HumanAgent
    from swrebellion.presentation import render

    game = blockaded()
    game.apply("activate:hoth", player="rebel")
    [decision] = game.pending
    assert decision.option_ids == ("done",)
    said: list[str] = []
    agent = HumanAgent("rebel", lambda prompt: "", said.append, render=render)
    assert agent.choose(game, decision) == "done"
    assert said[-1] == ("  not offered: Move units from Endor — The Rebels may not move units into Hoth until the end "
                        "of the round (Blockade).")
    with i18n.using("ru"):
        said.clear()
        agent.choose(game, decision)
    assert said[-1].startswith("  не предлагается: ") and "Эндор" in said[-1], said[-1]
