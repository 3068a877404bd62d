"""Team play at the terminal (issue 35 #13): which player, Admiral or General, is asked, controls each leader and
did what. The rules name the seats as titles (RB-TEAM-01: "one as Admiral and one as General"); blue leaders are the
Admiral's and orange the General's (RB-TEAM-02, RS-LDR-08)."""

from __future__ import annotations

from pathlib import Path

from swrebellion import i18n
from swrebellion.engine import Game, RandomAgent
from swrebellion.engine import scenario as harness
from swrebellion.engine.narration import account
from swrebellion.expansions.base.presentation.terminal import heading
from swrebellion.expansions.base.presentation.terminal.screens import leaders_screen, status_screen
from swrebellion.games import rules_for


def _played(rules, seed: int, until) -> Game:
    """A 4-player game of random agents, played until ``until(game)``."""
    game = Game.new(rules, seed, {"players": 4})
    agent = RandomAgent(seed)
    while not until(game):
        decision = game.pending[0]
        game.apply(agent.choose(game, decision), player=decision.player)
    return game


def _logged(*types):
    return lambda game: all(any(e["type"] == t for e in game.state["log"]) for t in types)


def test_headings_and_leaders_name_the_seat_in_team_play(base_rules):
    game = Game.new(base_rules, 3, {"players": 4})
    [decision] = game.pending
    assert heading(game, decision) == "Imperial Admiral · Setup"  # RB-TEAM-06: the Admiral places starting units
    shown = "\n".join(leaders_screen(game, "rebel-admiral"))
    leia = next(line for line in shown.splitlines() if "Princess Leia" in line)
    dodonna = next(line for line in shown.splitlines() if "Jan Dodonna" in line)
    vader = next(line for line in shown.splitlines() if "Darth Vader" in line)
    roles = {lid: base_rules.content.items("leaders")[lid].role for lid in ("princess-leia", "jan-dodonna", "darth-vader")}
    assert leia.endswith(f"controlled by the Rebel {roles['princess-leia'].title()}")
    assert dodonna.endswith(f"controlled by the Rebel {roles['jan-dodonna'].title()}")
    assert vader.endswith(f"controlled by the Imperial {roles['darth-vader'].title()}")
    assert roles["princess-leia"] != roles["jan-dodonna"]
    assert any(line.startswith("Team play: each side's Admiral controls") for line in status_screen(game, "rebel-general"))


def test_a_two_player_game_names_no_seat(base_rules):
    game = Game.new(base_rules, 3)
    assert heading(game, game.pending[0]) == "Empire · Setup"
    assert "controlled by" not in "\n".join(leaders_screen(game, "rebel"))
    assert not any(line.startswith("Team play") for line in status_screen(game, "rebel"))


def test_the_account_names_the_player_who_activates_or_passes(base_rules):
    """RB-TEAM-02: the player whose leader activates a system is the one who acted; a pass is a player's."""
    game = _played(base_rules, 3, _logged("activate", "pass"))
    lines = list(account(game, "rebel-admiral"))
    activate = next(e for e in game.state["log"] if e["type"] == "activate")
    role = base_rules.content.items("leaders")[activate["leader"]].role
    side = "Rebel" if activate["faction"] == "rebel" else "Imperial"
    assert any(line.startswith(f"The {side} {role.title()} activates ") for line in lines)
    passed = next(e for e in game.state["log"] if e["type"] == "pass")
    side = "Rebel" if passed["faction"] == "rebel" else "Imperial"
    assert f"The {side} {passed['role'].title()} passes." in lines
    assert not any(line in ("The Rebels pass.", "The Empire passes.") for line in lines)


def test_the_account_names_the_player_whose_card_moved_units(base_rules):
    """RB-TEAM-02 (issue 35 #13): a card's move records the seat that played it (the Rebel General reveals Hidden
    Fleet in the scenario), so every language names him; a log from before the field reads as the side's move."""
    path = Path(__file__).parent / "scenarios" / "base" / "team-play" / "card-move-records-its-player.yaml"
    game = harness.run(harness.load_scenario(path), rules_for)
    expected = {"en": "  The Rebel General moves 1 Rebel Transport and 1 Rebel Trooper from the Rebel Base space "
                      "to Naboo.",
                "ru": "  Генерал повстанцев перемещает из системы «База повстанцев» в систему Набу: Транспорт "
                      "повстанцев ×1 и Штурмовик повстанцев ×1.",
                "tr": "  Asi Generali, İsyan Üssü alanı sisteminden Naboo sistemine taşır: 1 İsyan Nakliye Gemisi "
                      "ve 1 İsyan Askeri."}
    for lang, line in expected.items():
        with i18n.using(lang):
            assert line in account(game, "empire-general"), lang
    move = next(e for e in game.state["log"] if e["type"] == "move")
    del move["role"]  # as logged before the move recorded its player
    assert "  The Rebels move 1 Rebel Transport and 1 Rebel Trooper from the Rebel Base space to Naboo." in \
        account(game, "empire-general")
