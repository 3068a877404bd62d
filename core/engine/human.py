"""A person at the terminal as an agent: shows their view's news and numbered legal options."""

from __future__ import annotations

from typing import Callable

from .game import Decision, Game
from .narration import account


class HumanAgent:
    """Asks ``ask(prompt) -> str`` for a number; sees only what ``game.view(player)`` shows (no hidden leaks)."""

    def __init__(self, player: str, ask: Callable[[str], str], say: Callable[[str], None]) -> None:
        self.player = player
        self.ask = ask
        self.say = say
        self.seen = 0

    def choose(self, game: Game, decision: Decision) -> str:
        for line in account(game, self.player, self.seen):
            self.say(f"  {line}")
        self.seen = len(game.state["log"])
        self.say(f"\n{decision.player}, {decision.prompt or decision.kind}:")
        for n, option in enumerate(decision.options, 1):
            self.say(f"  {n:3}. {option.label}")
        count = len(decision.options)
        while True:
            answer = self.ask(f"Choose 1-{count}").strip()
            # ASCII digits only, and no more of them than the count has: '²' is a digit to str.isdigit() but not
            # to int(), and int() refuses 5,000 digits; either must be asked again, not crash the game.
            digits = answer.lstrip("0") if answer.isascii() and answer.isdigit() else ""
            if digits and len(digits) <= len(str(count)) and int(digits) <= count:
                return decision.options[int(digits) - 1].id
            matches = [o for o in decision.options if o.id == answer]
            if matches:
                return matches[0].id
            self.say(f"  Please type a number from 1 to {count}.")
