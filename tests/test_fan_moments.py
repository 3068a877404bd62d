"""Issue 31 §2.2: cards played at any named moment, by either side. Every rule moment that is a card window (a
phase's start or end, a Command Phase turn's, each Refresh step, an activation's movement, the parts of a combat) has
a fan card in tests/fan_packs/moments, played where it belongs by the pack's scenarios (``scenarios/*.yaml``,
collected by tests/conftest.py). Here: the pack validates with no diagnostic; each card reads as the moment it
answers in `cards show`, in every language; and those windows, like the base game's, show nothing of a hand to the
other side (RS-ACT-11: a hand is secret; issue 33)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from packkit import cli
from windowkit import PlaysNoActionCard

from swrebellion import i18n
from swrebellion.engine import Game, RandomAgent, peek
from swrebellion.expansions.base.moments import MOMENTS
from swrebellion.expansions.base.rules.actions import _answering
from swrebellion.expansions.base.tables import tables
from swrebellion.games import rules_for

PACK = Path(__file__).parent / "fan_packs" / "moments"
#: The rule moments that are card windows, each answered by a card of the pack (the phases' moments fan idea 25
#: plays, command.end and refresh.start, are not repeated here).
RULE_WINDOWS = sorted(name for name, m in MOMENTS.items() if m.rule and m.cards)


def test_the_pack_validates_with_no_diagnostic_and_answers_every_rule_window():
    result = cli("validate", str(PACK), "--format", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["diagnostics"] == []
    game = Game.new(rules_for(("base",), [PACK]), 1)
    answered = {m for m in RULE_WINDOWS if any(c.startswith("fan-") for c in _answering(game, m))}
    assert answered == set(RULE_WINDOWS) - {"command.end", "refresh.start"}


def test_each_card_says_the_moment_it_answers_in_every_language():
    """`cards show` words a trigger at a rule moment with the moment's own words, translated (never its id)."""
    from swrebellion.loader import load
    from swrebellion.plugins import activate
    from swrebellion.tools.cards_cmd import describe
    from swrebellion.tools.show_words import Reader, effect_words

    active = activate(["base"])
    catalog = load(active, [PACK], all_enabled=True).catalog
    expected = {"fan-seize-the-moment": {"en": "Play it at the start of your turn.",
                                         "ru": "в начале своего хода", "tr": "sıranızın başında"},
                "fan-first-strike": {"en": "Play it before a battle's attacks.",
                                     "ru": "до атак сражения", "tr": "bir çatışmanın saldırılarından önce"},
                "fan-borrowed-time": {"en": "Play it before the time marker advances.",
                                      "ru": "до продвижения маркера времени", "tr": "zaman işaretçisi ilerlemeden önce"},
                "fan-war-council": {"en": "Play it at the start of the Command Phase.",
                                    "ru": "Фазы приказов", "tr": "Komuta Fazı"}}
    for lang in ("en", "ru", "tr"):
        with i18n.using(lang):
            reader = Reader(catalog, effect_words(active))
            for card in sorted(catalog.items("actions")):
                if not card.startswith("fan-"):
                    continue
                lines, _document = describe(catalog, "actions", card, active.ops, reader)
                text = "\n".join(lines)
                moment = catalog.items("actions")[card].effect[0].params["moment"]
                assert moment not in text, (lang, card, text)  # the moment in words, not by its id
                if card in expected:
                    assert expected[card][lang].casefold() in text.casefold(), (lang, card, text)


def digest(view: dict) -> str:
    return hashlib.sha256(json.dumps(view, sort_keys=True).encode()).hexdigest()


def views_of_the_other_side(seed: int, side: str, fan: bool, decisions: int) -> tuple[list[str], set[str]]:
    """The other side's view at every question of the first ``decisions`` of a game with the pack, once the side's
    action hand is swapped for the pack's cards of its side (``fan``) or for as many of its base cards that answer
    no window; and the rule windows the side was asked at."""
    rules = rules_for(("base",), [PACK])
    game = Game.new(rules, seed)
    other = "empire" if side == "rebel" else "rebel"
    t = tables(game)
    answering = set().union(*(_answering(game, m) for m in MOMENTS if MOMENTS[m].cards))
    mine = sorted(c for c, info in t.actions.items() if info.faction == side and info.starting is False)
    cards = [c for c in mine if c.startswith("fan-")] if fan else [c for c in mine if c not in answering]
    prompts = {MOMENTS[m].prompt: m for m in RULE_WINDOWS}
    agents = {side: PlaysNoActionCard(seed), other: RandomAgent(seed + 1)}
    views, asked, swapped = [], set(), False
    while not game.over and game.pending and len(views) < decisions:
        if not swapped and game.state["data"]["phase"] != "setup":
            hand = peek(game.state["data"]["hands"][side]["actions"])
            hand[:] = [cards[n % len(cards)] for n in range(max(len(hand), 1))]
            swapped = True
        for decision in game.pending:
            views.append(digest(game.view(other)))
            if decision.player == side and decision.kind == "special-action" and decision.prompt in prompts:
                asked.add(prompts[decision.prompt])
            game.apply(agents[decision.player].choose(game, decision), player=decision.player)
    return views, asked


#: Seeds whose first 250 questions open every rule window a card of the side answers (eleven each).
SEEDS = {"rebel": 2, "empire": 5}


@pytest.mark.parametrize("side", ["rebel", "empire"])
def test_the_rule_windows_show_the_other_side_nothing_of_the_hand(side):
    """RS-ACT-11, RS-ACT-07: a side holding action cards is asked at every rule window a card printed for it answers,
    whether it holds that card or not, and the question is its own: the other side's whole view, at every question
    of the first rounds, is the same whether the side's hand holds the pack's cards or cards answering no window.
    Those games opened every rule window the side's cards answer (else the test would prove nothing)."""
    plain, _ = views_of_the_other_side(SEEDS[side], side, fan=False, decisions=250)
    fan, asked = views_of_the_other_side(SEEDS[side], side, fan=True, decisions=250)
    assert plain == fan, f"the {side}'s hand shows through the other side's view"
    rules = rules_for(("base",), [PACK])
    mine = {card.effect[0].params["moment"] for cid, card in rules.content.items("actions").items()
            if cid.startswith("fan-") and card.faction == side}
    assert len(mine) == 11 and asked == mine, sorted(mine - asked)
