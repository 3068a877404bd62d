"""The values the base game's rules let other expansions adjust (``game.modify(name, value, **context)``).

Each is declared here, with what the value is and the context the rules pass, through the ``register_values``
hook; docs/hooks.md's table is generated from this list (``python -m swrebellion.tools.docs_gen``). An expansion
answers one with ``registry.modify(name, fn)``, ``fn(game, value, context)``.
"""

from __future__ import annotations

FACTION = {"faction": "the side concerned: 'rebel' or 'empire'"}
COMBAT = {**FACTION, "theater": "'space' or 'ground'"}

#: name -> (what the value is, {context key: meaning})
VALUES: dict[str, tuple[str, dict[str, str]]] = {
    # setup (RB-SET)
    "objective-deck": (
        "the setup's objective deck stages (`stage`, `fixed`, `random`); `None` keeps the setup's own", {}),
    "starting-unit-systems": ("the systems the Empire's starting army may go to (RB-SET-09), asked once as its "
                              "placement begins, after the fixed placements", FACTION),
    # missions (RB-MIS)
    "requirement-icons": ("a leader's skill icons counted toward a mission's requirement (RB-MIS-09)",
                          {"leader": "the leader's id"}),
    "mission-dice": ("a side's mission dice by colour (RB-MIS-11)", {
        **FACTION, "card": "the mission card", "system": "where it takes place", "attempting": "True for the side "
        "attempting the mission", "leaders": "the side's leaders in the mission"}),
    "opposition-steps": (
        "effect steps run for the opponent of a mission attempt once he has sent (or not) a pool leader, before "
        "the dice (their context: `faction`, `player`, `system`, `mission`)",
        {**FACTION, "system": "where the mission takes place", "mission": "`{faction, card, leaders}`"}),
    "ring-bearers": ("the leaders an attachment ring may be put on now (RS-ACT-13)",
                     {**FACTION, "ring": "the ring's id", "card": "the card attaching it"}),
    # movement (RB-MOV)
    "activation-targets": ("the systems a side may activate (RB-MOV-01)", FACTION),
    "needs-transport": ("whether a unit moves only as cargo (RB-MOV-06..08)", {
        **FACTION, "unit": "the unit type", "purpose": "'move' or 'retreat'"}),
    "movement-sources": ("the systems units may move from into an activated system (RB-MOV-04)",
                         {**FACTION, "system": "the activated system"}),
    # combat (RB-CMB, RB-TAC, RB-RET, RB-DSP)
    "combat-dice": ("an attack's dice by colour, before the cap (RB-CMB-05)", {**COMBAT, "system": "the combat's"}),
    "dice-limits": ("the cap on dice of each colour in one roll (RB-CMB-05)",
                    {**COMBAT, "purpose": "'combat'"}),
    "combat-damage": ("the results an attacker assigns: `[{colour, amount, group?}]` (RS-ATK-05)", COMBAT),
    "unit-health": ("a unit's health in combat; 0 means it cannot be dealt damage there",
                    {"unit": "the unit type", "system": "the combat's"}),
    "destroyable": ("how many of the units a combat destroys really go (0: none)",
                    {"unit": "the unit type", "system": "the combat's"}),
    "destroy-at-once": ("whether units die the moment their damage reaches their health (RULINGS C-03)",
                        COMBAT),
    "structures-lost": ("whether lone structures facing enemy ground units are lost at the end of a round "
                        "(RS-CMB-15)", FACTION),
    "plans-targets": ("the stations Death Star Plans may destroy (RB-DSP-02)", {"system": "the combat's"}),
    "combat-odds": ("the combat rules the odds calculator follows (`api.combat.OddsRules`: repairs with specials, lone "
                    "structures kept, units that take no damage, Ion Cannons working, more left out)",
                    {"units": "`{unit type: count}` of both sides' units in the combat"}),
    "tactic-draws": ("the tactic cards a leader's tactic value draws at the start of a combat (RS-CMB-07)",
                     COMBAT),
    "tactic-draw": ("the tactic cards any draw takes", {**COMBAT, "cause": "'leader', 'special', 'card' ..."}),
    "can-retreat": ("whether a side may retreat from the combat now (RB-RET-03)",
                    {**FACTION, "system": "the combat's"}),
    "retreat-destinations": ("the systems a retreat may go to (RB-RET-04)", {**FACTION, "system": "the combat's"}),
    # refresh (RB-BLD)
    "deploy-targets": ("where a unit may be deployed (RB-BLD-05)", {**FACTION, "unit": "the unit type"}),
    "deploy-order": ("the order in which the sides deploy (RB-BLD-06)", {}),
    # the Command Phase (RB-CMD)
    "turn-start-acts": (
        "free acts offered at the start of a Command Phase turn, beside its action: options whose `data` is "
        "`{step, args, free: true}`; the step runs and the same turn goes on (asked again). An option without "
        "`free: true` is the turn's action, as one of `command-actions`", {**FACTION, "role": "the team role"}),
    "command-actions": (
        "actions a plugin offers a seat as its Command Phase turn's action, beside revealing missions and "
        "activating systems: options `{id, label, data: {step, args}}`; the step runs as the turn's action, then "
        "the turn ends (`command.turn-end`) and the next seat plays", {**FACTION, "role": "the team role"}),
    "end-of-command-steps": ("`[step, locals]` frames run at the end of the Command Phase, after the delayed "
                             "effects", {}),
}


def register(registry) -> None:
    for name, (doc, context) in VALUES.items():
        registry.declare(name, doc, context)
