"""What Rise of the Empire teaches the base game's ``heuristic`` agent: a scorer for each decision kind this
expansion asks (the ``agent_scorers`` hook), built from the helpers the heuristic hands over (its ``kit``), so
the base game names no expansion and this one imports nothing of the base game but its API."""

from __future__ import annotations

from typing import Any, Callable


def scorers(kit: Any) -> dict[str, Callable[..., dict[str, float]]]:
    """``{decision kind: scorer(agent, seen, decision)}`` for this expansion's kinds (vocabulary.DECISIONS)."""
    return {
        "leader-limit": kit.leader_to_lose,  # over the leader limit (RE-LDR)
        "trade-objective": kit.objective_to_give_up,
        "tactic-damage": lambda agent, s, d: {o.id: kit.unit_value(s, o.id.split(":")[0]) for o in d.options},
        "tactic-destroy": kit.enemy_units,
        "use-hidden-probe": lambda agent, s, d: {o.id: (1.0 if o.id == "use" else 0.0) for o in d.options},
        "reveal-opposition": lambda agent, s, d: kit.prefer_acting(d),
    }
