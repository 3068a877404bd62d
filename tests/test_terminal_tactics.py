"""Tactic cards at the terminal (issue 35 #10): ``hand`` during a combat lists the tactic cards the side has drawn
(the base game, RB-TAC-02) or the advanced tactic cards it may pick (Rise of the Empire, RE-CIN-02), and a card whose
top ability needs a pictured unit the side lacks in the system (RE-CIN-04) says so, on ``hand`` and when picking."""

from __future__ import annotations

from pathlib import Path

import pytest

from swrebellion import presentation
from swrebellion.engine import Game, RandomAgent
from swrebellion.expansions.base.api.words import name
from swrebellion.expansions.base.presentation.terminal.screens import hand_screen

from conftest import make_rules

ROOT = Path(__file__).resolve().parents[1]


def _until(rules, seed, wanted):
    game, agent = Game.new(rules, seed), RandomAgent(seed)
    while not wanted(game.pending[0]):
        decision = game.pending[0]
        game.apply(agent.choose(game, decision), player=decision.player)
    return game, game.pending[0]


def test_hand_lists_the_tactic_cards_drawn_in_a_combat(base_rules):
    game, decision = _until(base_rules, 3, lambda d: d.kind == "combat-action" and
                            any(o.id.startswith("play:") for o in d.options))
    side = decision.player.split("-")[0]
    held = game.state["data"]["combat"]["hands"][side]["value"]
    shown = hand_screen(game, decision.player)
    start = shown.index(f"Tactic cards ({len(held)}):")
    for card in held:
        item = base_rules.content.items("tactics")[card]
        assert any(line.startswith(f"  {name(game, card)}") for line in shown[start:])
        assert "      " + item.summary.en in shown[start:]
    other = "empire" if side == "rebel" else "rebel"
    assert not any(line.startswith("Tactic cards") for line in hand_screen(game, other))  # RB-TAC-02: hidden


def test_advanced_tactics_say_which_top_ability_cannot_be_used_here():
    rules = make_rules(["base", "rise-of-the-empire"])
    game, decision = _until(rules, 2, lambda d: d.kind == "advanced-tactic")
    theater = "space" if "space" in decision.prompt else "ground"
    cards = rules.content.items("advanced-tactics")
    system = game.state["data"]["combat"]["system"]
    here = game.state["data"]["units"].get(system, {})
    lacking = [o.id for o in decision.options if cards[o.id].units and not any(here.get(u) for u in cards[o.id].units)]
    assert lacking, "the scenario needs a card whose pictured unit is absent"
    shown = hand_screen(game, decision.player)
    assert f"Advanced {theater} tactic cards you may pick ({len(decision.options)}):" in shown
    labels = presentation.aside(game, decision).labels
    for card in lacking:  # RE-CIN-04: the top ability needs a pictured unit of the side's in the system
        line = next(line for line in shown if line.startswith(f"  {cards[card].name.en} — its top needs a unit of yours"))
        assert "      top: " + cards[card].top.summary.en in shown
        # on the option itself (issue 35 #10): what it does, and why its top cannot be used now
        assert labels[card].startswith(f"{cards[card].name.en} — top: {cards[card].top.summary.en.rstrip('.')}; ")
        assert labels[card].endswith("(" + line.partition(" — ")[2] + ")")
    for card in (o.id for o in decision.options if o.id not in lacking):
        assert "needs a unit of yours" not in labels[card] and cards[card].name.en in labels[card]


def test_each_tactic_card_offered_says_what_it_does_on_the_option(base_rules):
    """Issue 35 #10 and #12 (RS-ATK-02): the combat actions name each tactic card as told apart ("Critical Hit
    (space)") with what it does, on the option, in the reader's language; the stored label stays "Play NAME"."""
    from swrebellion import i18n
    from swrebellion.engine.human import HumanAgent

    game, decision = _until(base_rules, 3, lambda d: d.kind == "combat-action" and
                            any(o.id.startswith("play:") for o in d.options))
    tactics = base_rules.content.items("tactics")
    for lang in ("en", "ru"):
        with i18n.using(lang):
            aside = presentation.aside(game, decision)
            shown = []
            agent = HumanAgent(decision.player, ask=lambda prompt: "", say=shown.append,
                               render=presentation.render)
            entries = agent.entries(game, decision, aside.shortcuts, aside.labels)
            for option in decision.options:
                if not option.id.startswith("play:"):
                    continue
                card = option.id.partition(":")[2]
                summary = getattr(tactics[card].summary, lang)
                text = next(e.full for e in entries if e.option.id == option.id)
                assert text.endswith(" — " + summary) and name(game, card) in text
                assert option.label == f"Play {tactics[card].name.en}"  # saves and logs keep the stored label


def test_the_browser_game_words_each_tactic_option_as_the_terminal_does(base_rules):
    """Issue 35 #12 in the browser game (`rebellion serve`): its buttons tell the space and ground versions apart
    and say what each card does, as the terminal does (RS-ATK-02); "Play Critical Hit" alone was shown before."""
    from swrebellion.tools.serve.presentation import groups

    game, decision = _until(base_rules, 3, lambda d: d.kind == "combat-action" and
                            any(o.id.startswith("play:") for o in d.options))
    tactics = base_rules.content.items("tactics")
    shown = {choice.id: choice.full for group in groups(game, decision) for choice in group.choices}
    played = [option.id for option in decision.options if option.id.startswith("play:")]
    for option in played:
        card = option.partition(":")[2]
        assert shown[option].endswith(" — " + tactics[card].summary.en) and name(game, card) in shown[option]


def test_hand_at_the_terminal_lists_the_tactic_cards_drawn(base_rules, tmp_path):
    """Issue 35 #10 through a pseudo-terminal: ``hand`` typed during a combat lists the tactic cards the side has
    drawn for it (RB-TAC-02), each with what it does. The game is saved at a combat action and loaded, so the pty
    plays one question."""
    pytest.importorskip("pexpect")
    from swrebellion import testing
    from test_terminal_play import PROMPT, answer, spawn

    game, decision = _until(base_rules, 3, lambda d: d.kind == "combat-action" and
                            any(o.id.startswith("play:") for o in d.options))
    side = decision.player.split("-")[0]
    held = game.state["data"]["combat"]["hands"][side]["value"]
    save = tmp_path / "g.json"
    testing.save(game, save)
    child = spawn("play", "--load", str(save), "--human", side, tmp_path=tmp_path)
    child.expect_exact(PROMPT)
    screen = answer(child, "hand")
    child.terminate(force=True)
    assert f"Tactic cards ({len(held)}):" in screen, screen
    for card in held:
        assert name(game, card) in screen and base_rules.content.items("tactics")[card].summary.en in screen


def test_at_the_terminal_each_advanced_tactic_option_says_what_it_does_and_why_not(tmp_path):
    """Issue 35 #10 through a pseudo-terminal, in Russian: the pick of an advanced tactic card (RE-CIN-03) lists
    each card with its abilities, and on the option itself why its top cannot be used now (RE-CIN-04). The game
    is saved at that question and loaded, so the pty plays one question (about 10 s)."""
    pytest.importorskip("pexpect")
    from swrebellion import i18n, testing
    from test_terminal_play import PROMPT, spawn

    rules = make_rules(["base", "rise-of-the-empire"])
    game, decision = _until(rules, 2, lambda d: d.kind == "advanced-tactic" and d.player == "rebel")
    save = tmp_path / "g.json"
    testing.save(game, save)
    cards = rules.content.items("advanced-tactics")
    system = game.state["data"]["combat"]["system"]
    here = game.state["data"]["units"].get(system, {})
    lacking = [o.id for o in decision.options if cards[o.id].units and not any(here.get(u) for u in cards[o.id].units)]
    child = spawn("play", "--load", str(save), "--human", "rebel", lang="ru", tmp_path=tmp_path)
    child.expect_exact(PROMPT.replace("Your choice (a number, a name, or help): ", "Ваш выбор (номер, название или помощь): "))
    screen = child.before
    child.terminate(force=True)
    with i18n.using("ru"):
        for option in decision.options:
            card = cards[option.id]
            line = next(line for line in screen.splitlines() if f". {card.name.ru} — верх: " in line)
            assert card.top.summary.ru.rstrip(".") in line and card.bottom.summary.ru.rstrip(".") in line
            assert ("(для верхней способности здесь нужен ваш юнит" in line) == (option.id in lacking)
    assert lacking


def test_the_arrange_tactics_question_speaks_the_readers_language(tmp_path):
    """Prepare for Battle's arrangement of the top tactic cards (RB-MIS-21, RE-CIN-02) is asked in the reader's
    language: its options were English f-strings in every language. The scenario that plays it is cut at the
    question and shown to the Rebel in Russian and Turkish (`scenario run --show view:rebel`)."""
    import yaml
    from click.testing import CliRunner

    from swrebellion.tools.cli import main

    source = ROOT / "tests/scenarios/rise-of-the-empire/cards/prepare-for-battle--arrange-tactics.yaml"
    scenario = yaml.safe_load(source.read_text())
    scenario["script"] = scenario["script"][:2]  # up to the first arrange-tactics question
    scenario["expect"] = {"pending": {"player": "rebel", "kind": "arrange-tactics"}}
    cut = tmp_path / "arrange.yaml"
    cut.write_text(yaml.safe_dump(scenario, allow_unicode=True))
    for lang, top, bottom in (("ru", "Положить «Изгой-один» следующей наверх", "Положить «Изгой-один» вниз"),
                              ("tr", "Rogue One kartını sıradaki olarak üste koy", "Rogue One kartını alta koy")):
        shown = CliRunner().invoke(main, ["scenario", "run", str(cut), "--show", "view:rebel", "--lang", lang])
        lines = [line.strip() for line in shown.output.splitlines()]
        assert f"top:0: {top}" in lines and f"bottom:0: {bottom}" in lines, shown.output
