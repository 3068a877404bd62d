"""Effect ops of the base game: the index. Each module holds a table ``OPS`` of name -> (parameter model,
handler, feasibility test), filled by the kernel's ``op`` decorator (``swrebellion.engine.ops``); add a module's
table to :data:`TABLES` to register its ops."""

from swrebellion.engine.ops import register_ops

from . import actions, board, cards, combat, flow, leaders, units


TABLES = (flow.OPS, board.OPS, units.OPS, leaders.OPS, cards.OPS, combat.OPS, actions.OPS)
#: The base game's op names (``rebellion validate`` tells them from other plugins' ops: ``checks.check_special_cards``).
NAMES = frozenset(name for table in TABLES for name in table)


def register(registry) -> None:
    register_ops(registry, *TABLES)
