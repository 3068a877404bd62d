"""The rules kernel: game state, decisions, randomness, views, saves and scenarios. Knows nothing of Star Wars."""

from .agents import RandomAgent, play
from .game import Decision, EngineError, Game, IllegalChoice, Option, PluginError, Rules
from .secrets import peek, redact, reveal, secret

__all__ = [
    "Decision",
    "EngineError",
    "Game",
    "IllegalChoice",
    "Option",
    "PluginError",
    "RandomAgent",
    "Rules",
    "peek",
    "play",
    "redact",
    "reveal",
    "secret",
]
