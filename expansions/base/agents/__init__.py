"""The base game's agents: the ``heuristic`` agent (``heuristic``) and the sampling of the base game's secrets for
search agents (``sampling``, the ``determinize`` hook).

Agents read the rules (a side's view, the content tables); the rules never import them. The ``heuristic`` agent is
published in the ``swrebellion.agents`` entry-point group, so the CLI finds it by name like any fan's agent.
"""
