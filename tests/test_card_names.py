"""Cards that exist in a space and a ground version are told apart wherever they are named (issue 35 #12): the
account, the terminal's `show`, `rebellion show` / `cards show` / `cards list` and the simulate and balance card
tables. Each version reads "Critical Hit (space)" / "Critical Hit (ground)" (translated); the shared name finds
both. The cards' own names (printed on their faces) are unchanged."""

import json

from click.testing import CliRunner

from swrebellion import i18n
from swrebellion.engine import Game
from swrebellion.expansions.base.names import name
from swrebellion.expansions.base.presentation.terminal.screens import show_screen
from swrebellion.games import rules_for
from swrebellion.tools.cli import main
from swrebellion.tools.simulation import CARD_KINDS, card_names


def run(*args):
    result = CliRunner().invoke(main, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_show_finds_both_versions_by_the_shared_name():
    text = run("show", "critical hit")
    assert text.startswith("Critical Hit (ground) (tactic card, id ground-critical-hit)")
    assert "\n\nCritical Hit (space) (tactic card, id space-critical-hit)" in text
    documents = json.loads(run("cards", "show", "Concentrate-Fire", "--format", "json"))
    assert [d["id"] for d in documents] == ["ground-concentrate-fire", "space-concentrate-fire"]
    assert json.loads(run("cards", "show", "space-critical-hit", "--format", "json"))["id"] == "space-critical-hit"
    assert run("show", "critical hit (space)").count("(tactic card, id") == 1


def test_every_listing_and_table_names_each_card_once():
    rules = rules_for(("base", "rise-of-the-empire"))
    names = card_names(rules.content)  # the simulate and balance card tables
    for kind in ("tactics", "advanced-tactics"):
        shown = [names[i] for i in rules.content.items(kind)]
        assert len(shown) == len(set(shown)), kind
    assert set(CARD_KINDS) >= {"tactics", "advanced-tactics"}
    assert names["space-concentrate-fire"] == "Concentrate Fire (space)"
    listed = [line.split(None, 1)[1].rsplit("  (", 1)[0] for line in run("cards", "list", "--kind", "tactics")
              .splitlines()[1:]]
    assert len(listed) == len(set(listed)) and "Critical Hit (ground)" in listed


def test_the_terminal_and_the_account_name_the_theater_in_the_readers_language():
    game = Game.new(rules_for(("base",)), 1)
    screen = show_screen(game, "rebel", "critical hit")
    assert [line for line in screen if not line.startswith(" ")] == ["Critical Hit (ground)  (tactic card)",
                                                                     "Critical Hit (space)  (tactic card)"]
    assert name(game, "space-onslaught") == "Onslaught (space)"
    with i18n.using("ru"):
        assert name(game, "ground-critical-hit") == "Критическое попадание (земля)"
        heads = [line for line in show_screen(game, "rebel", "критическое попадание") if not line.startswith(" ")]
        assert heads == ["Критическое попадание (земля)  (карта тактики)", "Критическое попадание (космос)  (карта тактики)"]
    assert show_screen(game, "rebel", "kessel")[0].startswith("Kessel,")  # a system, not its probe card
    assert game.rules.content.items("tactics")["space-critical-hit"].name.en == "Critical Hit"  # the card's face
