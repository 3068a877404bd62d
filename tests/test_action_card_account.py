"""The account tells what an action card did (issue 35 #6): "The Rebels play the action card The Millennium Falcon"
at the start of a round, unasked, read as a card played behind the player's back. An Immediate card must be played
as soon as it is gained (RS-ACT-06), so nobody is asked; the account now says so and gives every played card's
effect (its summary in the pack, in the reader's language)."""

from __future__ import annotations

from swrebellion.engine import Game, RandomAgent
from swrebellion.engine.narration import account
from swrebellion.i18n import using


def _until_played(rules, seed: int, card: str) -> tuple[Game, int]:
    game, agent = Game.new(rules, seed), RandomAgent(seed)
    while True:
        decision = game.pending[0]
        game.apply(agent.choose(game, decision), player=decision.player)
        for n, event in enumerate(game.state["log"]):
            if event["type"] == "action-played" and event["card"] == card:
                return game, n


def test_an_immediate_card_says_why_it_was_played_and_what_it_did(base_rules):
    game, n = _until_played(base_rules, 1, "the-millennium-falcon")
    for viewer in ("rebel", "empire", None):  # a played card is face up: every account tells it
        [said, *_rest] = account(game, viewer, n)
        assert said.startswith("The Rebels play the action card The Millennium Falcon with ")
        assert "Its effect: Attach the Falcon ring to Han or Chewbacca" in said
        assert said.endswith("An Immediate card is played as soon as it is gained.")  # RS-ACT-06
    with using("ru"):
        [said, *_rest] = account(game, "rebel", n)
    assert "Прикрепите кольцо «Сокола»" in said  # the pack's Russian summary


def test_a_card_played_by_choice_tells_its_effect_and_is_not_called_immediate(base_rules):
    game, n = _until_played(base_rules, 1, "rebel-planning")
    [said, *_rest] = account(game, "empire", n)
    assert said.startswith("The Rebels play the action card Rebel Planning with Jan Dodonna. Its effect: ")
    assert "Immediate" not in said
