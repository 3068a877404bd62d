"""A side's chance to win, estimated from its view of a game (for the search agent's truncated rollouts).

A logistic model over a few public features; the weights were fitted on positions of heuristic-against-heuristic
games (``benchmarks/fit_evaluation.py`` prints them again). The Rebels win when reputation meets time (RB-WIN-01),
so the gap between them is the clock; the Empire wins by taking the base (RB-WIN-02), so what counts is how many
systems may still hide it and how its army compares with the Rebel one.
"""

from __future__ import annotations

import math

from .seen import Seen

#: Fitted weights (``benchmarks/fit_evaluation.py``): feature name -> weight, for the Rebel's log-odds.
WEIGHTS = {
    "bias": -1.0,
    "gap": 0.45,
    "unseen": 0.12,
    "revealed": -1.2,
    "army": 0.04,
    "objectives": 0.25,
    "threat": -1.5,
}


def features(seen: Seen) -> dict[str, float]:
    """Public features of the position (the same whichever side looks)."""
    data = seen.data
    probes = data["decks"]["probes"]
    unseen = probes.get("count", 0) if isinstance(probes, dict) else len(probes)
    rebel = sum(seen.army_value(here) for here in _armies(seen, "rebel"))
    empire = sum(seen.army_value(here) for here in _armies(seen, "empire"))
    held = data["hands"]["rebel"].get("objectives")
    objectives = held.get("count", 0) if isinstance(held, dict) else len(held or [])
    threat = 0.0
    base = seen.base_revealed
    if base:
        near = seen.neighbourhood(base, 1)
        attack = sum(seen.army_value(seen.units(x, "empire")) for x in near)
        defend = seen.army_value(seen.units(base, "rebel"))
        threat = attack / (attack + defend + 1)
    return {
        "bias": 1.0,
        "gap": float(data["reputation"] - data["time"]),
        "unseen": float(unseen),
        "revealed": 1.0 if base else 0.0,
        "army": (rebel - empire) / 10,
        "objectives": float(objectives),
        "threat": threat,
    }


def _armies(seen: Seen, faction: str):
    for location in seen.data["units"]:
        yield seen.units(location, faction)


def rebel_chance(seen: Seen) -> float:
    x = sum(WEIGHTS[k] * v for k, v in features(seen).items())
    return 1 / (1 + math.exp(-x))


def evaluate(game, player: str) -> float:
    """Chance that ``player``'s side wins; a finished game gives 1 or 0."""
    seen = Seen(game, player)
    result = seen.result
    if result:
        return 1.0 if result.get("winner") == seen.faction else 0.0
    chance = rebel_chance(seen)
    return chance if seen.faction == "rebel" else 1 - chance
