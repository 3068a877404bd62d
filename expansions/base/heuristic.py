"""Deprecated since 0.2: the ``heuristic`` agent moved to :mod:`swrebellion.expansions.base.agents.heuristic`.

An agent entry point or a config written against the old dotted path
(``swrebellion.expansions.base.heuristic:heuristic_agent``) keeps working, with a ``DeprecationWarning`` naming the
new one; this module goes in a later minor version.
"""

import warnings

from .agents.heuristic import heuristic_agent

warnings.warn("swrebellion.expansions.base.heuristic is deprecated: use "
              "swrebellion.expansions.base.agents.heuristic (the agent's entry point is 'heuristic')",
              DeprecationWarning, stacklevel=2)

__all__ = ["heuristic_agent"]
