"""What the heuristic hands other plugins that teach it their decision kinds (the ``agent_scorers`` hook,
docs/hooks.md), so that their scorers rate options the way the base game's do without importing its modules.

A scorer is called as ``scorer(agent, seen, decision)`` and returns ``{option id: score}``, the best highest:
``agent`` is the :class:`~swrebellion.expansions.base.agents.heuristic.HeuristicAgent` (its knobs, ``noise()``),
``seen`` the deciding side's reading of its view, ``decision`` the :class:`swrebellion.engine.Decision`. The kit's
helpers take the same three arguments unless said otherwise.
"""

from __future__ import annotations

from types import SimpleNamespace

from . import choices


def unit_value(seen, unit: str) -> float:
    """What one unit of type ``unit`` is worth to its side (0 for an id the content does not define)."""
    return seen.unit_value(unit) if unit in seen.t.units else 0.0


#: ``agent_scorers(agent="heuristic", kit=KIT)``: the helpers, each named for what it rates.
KIT = SimpleNamespace(
    prefer_acting=choices.prefer_acting,  # (decision): act (play, use, reveal) rather than decline
    enemy_units=choices.enemy_units,  # the enemy unit worth most (option ids ending in a unit id)
    objective_to_give_up=choices.objective_to_give_up,  # the objective furthest from the Rebels' reach
    leader_to_lose=choices.leader_to_lose,  # the least useful leader (an action card offered instead is played)
    unit_value=unit_value,  # (seen, unit)
)
