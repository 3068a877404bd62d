"""Effect ops of the base game: the index. Each ``ops_*`` module holds a table ``OPS`` of name -> (parameter
model, handler, feasibility test); add a module's table to ``TABLES`` to register its ops (other areas' ops go in
their own modules and are listed here too)."""

from . import ops_actions, ops_board, ops_cards, ops_combat, ops_empire, ops_flow, ops_rebel, ops_refresh

TABLES = (ops_flow.OPS, ops_board.OPS, ops_cards.OPS, ops_combat.OPS, ops_refresh.OPS, ops_empire.OPS, ops_rebel.OPS,
          ops_actions.OPS)

#: op name -> feasible(game, params, ctx): whether the op, run first in a card, has anything to act on.
FEASIBLE = {name: feasible for table in TABLES for name, (_, _, feasible) in table.items() if feasible}


def register(registry) -> None:
    for table in TABLES:
        for name, (params, handler, _) in table.items():
            registry.register(name, params, handler)
