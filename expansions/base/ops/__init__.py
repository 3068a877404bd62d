"""Effect ops of the base game: the index. Each module holds a table ``OPS`` of name -> (parameter model,
handler, feasibility test), filled by the ``op`` decorator (``conditions.op``); add a module's table to
:func:`register` to register its ops."""

from . import actions, board, cards, combat, flow, leaders, units
from .conditions import register_ops


def register(registry) -> None:
    register_ops(registry, flow.OPS, board.OPS, units.OPS, leaders.OPS, cards.OPS, combat.OPS, actions.OPS)
