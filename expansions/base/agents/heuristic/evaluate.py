"""A side's chance to win, estimated from its view of a game (for the search agent's truncated rollouts).

Two logistic models, one per side, over features each side can see; their weights were fitted on positions of
heuristic-against-heuristic games (``benchmarks/fit_evaluation.py`` fits and prints them again). The Rebels win when
reputation meets time (RB-WIN-01), so the gap between them is the clock; the Empire wins by taking the base
(RB-WIN-02), so what counts is how many systems may still hide it (the Empire's view) or how near the Empire's
armies are to it (the Rebels' view), and how the armies compare with the units guarding it.
"""

from __future__ import annotations

import math

from ...tables import BASE_SPACE
from .hiding import HUNCH
from .seen import Seen

#: Fitted weights of each side's model: feature -> weight in the log-odds that this side wins.
WEIGHTS = {
    "rebel": {"bias": 3.508, "gap": -0.552, "round": -0.073, "revealed": -0.995, "army": 0.01, "guard": -0.008,
              "objectives": 0.168, "near": -0.062, "close": -0.018, "unseen": 0.206},
    "empire": {"bias": -4.27, "gap": 0.43, "round": 0.22, "revealed": 0.494, "army": -0.002, "guard": 0.005,
               "objectives": -0.116, "candidates": -0.151, "coverage": 1.993},
}


def features(seen: Seen) -> dict[str, float]:
    """What ``seen``'s side can tell about the position: the common part and its own side's part."""
    data = seen.data
    held = data["hands"]["rebel"].get("objectives")
    objectives = held.get("count", 0) if isinstance(held, dict) else len(held or [])
    rebel = sum(seen.army_value(seen.units(where, "rebel")) for where in data["units"])
    empire = sum(seen.army_value(seen.units(where, "empire")) for where in data["units"])
    base = seen.base_revealed
    guard = seen.army_value(seen.units(base, "rebel")) if base else seen.army_value(seen.units(BASE_SPACE, "rebel"))
    out = {
        "bias": 1.0,
        "gap": float(data["reputation"] - data["time"]),
        "round": float(data.get("round", 0)),
        "revealed": 1.0 if base else 0.0,
        "army": rebel - empire,
        "guard": guard,
        "objectives": float(objectives),
    }
    if seen.faction == "rebel":
        home = seen.own_base
        near = close = 0.0
        if home:
            for where in data["units"]:
                if where == BASE_SPACE or where not in seen.t.systems:
                    continue
                d = seen.distance(where, home)
                army = seen.army_value(seen.units(where, "empire", "ground"))
                near += army if d <= 1 else 0.0
                close += army if d == 2 else 0.0
        probes = data["decks"]["probes"]
        out.update(near=near, close=close, unseen=float(probes.get("count", 0) if isinstance(probes, dict) else 0))
    else:
        from .command import _coverage_of

        goals = [base] if base else seen.base_candidates
        out.update(candidates=float(len(goals)), coverage=_coverage_of(seen, goals))
    return out


def chance(seen: Seen) -> float:
    """Chance that ``seen``'s side wins, from its own model."""
    weights = WEIGHTS[seen.faction]
    x = sum(weights.get(k, 0.0) * v for k, v in features(seen).items())
    return 1 / (1 + math.exp(-max(-30.0, min(30.0, x))))


def evaluate(game, player: str, hunch: float = HUNCH) -> float:
    """Chance that ``player``'s side wins; a finished game gives 1 or 0. ``hunch``: how far the Empire trusts where
    the base was likely hidden (``hiding.base_odds``)."""
    seen = Seen(game, player)
    seen.hunch = hunch
    result = seen.result
    if result:
        return 1.0 if result.get("winner") == seen.faction else 0.0
    return chance(seen)
