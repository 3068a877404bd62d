"""Sampling a world a player might be in: the hidden information replaced by a random guess consistent with what
the player has seen (a *determinization*). Search agents plan over many such worlds (``search.py``).

The kernel handles what every game has: the generator state (future dice and shuffles are unknown to everyone),
dice forced by a scenario, and a simultaneous decision (the others' options and answers are secret: it is asked
again on the sampled world). Each rules plugin handles its own secrets through the ``determinize`` hook
(``hookspecs.py``, docs/hooks.md).
"""

from __future__ import annotations

from typing import Any

from . import rng as rngmod
from .game import Game
from .secrets import KEY


def determinize(game: Game, player: str, rng: rngmod.Stream) -> Game:
    """A copy of ``game`` in which what ``player`` cannot see is sampled from ``rng``; ``game`` is untouched.

    Two games that differ only in what ``player`` cannot see give the same world for the same ``rng`` state, as
    far as the plugins' ``determinize`` implementations reach (docs/hooks.md)."""
    world = game.copy()
    world.rules.call("determinize", game=world, player=player, rng=rng)
    state = world.state
    state["rng"] = rngmod.seed_state(rng.below(1 << 62))
    state["forced_dice"] = []
    if any(d["simultaneous"] and d["player"] != player for d in state["pending"]):
        # Others choosing at the same time: their options and any answer they gave are secret and come from what
        # was resampled. Ask again: the asking step runs anew on the sampled world (a step runs again until its
        # answer arrives, steps.py), so every option offered is one the sampled world allows.
        state["pending"] = []
        world.run()
    return world


# -- helpers for plugins' ``determinize`` implementations --------------------------------------------------------


def hidden_from(node: Any, player: str) -> bool:
    """Whether ``node`` is a secret ``player`` may not see."""
    return type(node) is dict and KEY in node and player not in node[KEY]


def redeal(rng: rngmod.Stream, zones: list[list[Any]]) -> None:
    """Pool the cards of ``zones`` (lists changed in place), sort them, shuffle, and refill each zone to its own
    size, in order: the usual way to resample cards a player has not seen (a hand and the deck it draws from)
    without looking at which card is where."""
    pool = sorted(card for zone in zones for card in zone)
    rng.shuffle(pool)
    for zone in zones:
        size = len(zone)
        zone[:] = pool[:size]
        del pool[:size]
