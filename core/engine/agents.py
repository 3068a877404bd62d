"""Agents answer decisions. The kernel ships a seeded random agent; tests and tools add scripted and human ones."""

from __future__ import annotations

from typing import Protocol

from . import rng
from .game import Decision, Game


class Agent(Protocol):
    def choose(self, game: Game, decision: Decision) -> str:
        """Return the id of one of ``decision.options``. Agents should look only at ``game.view(player)``."""


class RandomAgent:
    """Picks uniformly among the legal options, from its own seeded stream (not the game's), so that a game
    played by random agents is reproducible from (game seed, agent seed)."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = rng.seed_state(seed)

    def choose(self, game: Game, decision: Decision) -> str:
        # the options as the decision holds them (Option records, or the state's JSON form when the kernel asked):
        # the chosen one's id is read without making the records or the tuple of every id (option_ids), which
        # cost the random agent a third of its instructions
        options = decision[4]
        self._rng, index = rng.below(self._rng, len(options))
        option = options[index]
        return option["id"] if type(option) is dict else option[0]  # type: ignore[no-any-return]


def random_agent(side: str, seed: int) -> RandomAgent:
    """The ``random`` entry point of ``swrebellion.agents`` (``swrebellion.agents`` explains factories)."""
    return RandomAgent(seed)


def play(game: Game, agents: dict[str, Agent], max_decisions: int = 100_000) -> int:
    """Let agents answer every decision until the game ends. Returns the number of decisions applied."""
    applied = 0
    while game.state["result"] is None:  # not game.over
        pending = game.pending
        if not pending:
            break
        for decision in pending:
            player = decision.player
            game.apply(agents[player].choose(game, decision), player)
            applied += 1
        if applied >= max_decisions:
            raise RuntimeError(f"no result after {max_decisions} decisions")
    return applied
