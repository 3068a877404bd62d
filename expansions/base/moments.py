"""The named moments of the base game's rules: where other expansions add steps (``registry.at(moment, step)``).

Each moment is declared here with what the state holds when it is reached; the base rules reach it with
``game.moment(name, **locals)`` and the steps added to it run then, in dependency order, each in a frame holding
``moment`` and these locals. docs/hooks.md's list is generated from this table. Moments are reached by the step
that *calls* the part of the rules they surround (the round, the combat, the combat round), so a plugin wrapping
that part's step cannot skip them.
"""

from __future__ import annotations

SYSTEM = {"system": "the system"}
COMBAT = {"system": "the combat's system; `data['combat']` holds the combat (`api.combat_state`)"}
MISSION = {"faction": "the side carrying it out", "card": "the mission card", "leaders": "its leaders",
           "system": "where it takes place (`None` for a card that acts nowhere)"}

#: name -> (when it is reached and what the state holds, {frame local: meaning})
MOMENTS: dict[str, tuple[str, dict[str, str]]] = {
    "assignment.start": ("the Assignment Phase begins: `data['phase']` is 'assignment', the round counter has "
                         "moved on (RB-RND-01)", {}),
    "assignment.end": ("both sides have assigned and the Assignment-end cards are played", {}),
    "command.start": ("the Command Phase begins, before the first turn: `data['current']` is 'rebel' "
                      "(RB-RND-03)", {}),
    "command.turn-start": ("a Command Phase turn begins, before its player is asked for the action "
                           "(`data['current']`, `data['seat_role']` say whose turn it is)",
                           {"faction": "whose turn", "role": "the team role (None in a 2-player game)"}),
    "command.turn-end": ("the action of a Command Phase turn is over (or the player passed)",
                         {"faction": "whose turn it was", "role": "the team role"}),
    "command.end": ("every player has passed; before the end-of-Command effects and unrevealed missions go back "
                    "to hand (RB-CMD-05)", {}),
    "refresh.start": ("the Refresh Phase begins, before the start-of-Refresh objective (RB-REF-01)", {}),
    "refresh.objective": ("before Refresh step 0, the start-of-Refresh objective (RB-REF-02)", {}),
    "refresh.retrieve-leaders": ("before Refresh step 1, leaders go back to the pools (RB-REF-03)", {}),
    "refresh.draw-missions": ("before Refresh step 2, mission cards are drawn (RB-REF-04)", {}),
    "refresh.probes": ("before Refresh step 3, the Empire draws probe cards (RB-REF-05)", {}),
    "refresh.draw-objective": ("before Refresh step 4, the Rebel draws an objective (RB-REF-06)", {}),
    "refresh.advance-time": ("before Refresh step 5, the time marker advances (RB-REF-07)", {}),
    "refresh.recruit": ("before Refresh step 6, recruiting, on a time space showing its icon (RB-REC)", {}),
    "refresh.build": ("before Refresh step 7, building, on a time space showing its icon (RB-BLD)", {}),
    "refresh.deploy": ("before Refresh step 8, units are deployed (RB-BLD-05)", {}),
    "refresh.end": ("the Refresh Phase is over; the next round follows", {}),
    "mission.revealed": ("a mission card is face up, its target steps chose where it takes place and its leaders "
                         "are there; before the opponent opposes (RB-MIS-01..05)", MISSION),
    "mission.succeeded": ("a mission succeeded and its effect is over; before the cards answering a success "
                          "(RB-MIS-21)", MISSION),
    "mission.failed": ("a mission attempt failed; before the card's own failure steps (RB-MIS-10)", MISSION),
    "activation.before-move": ("a system is activated and the leader is in it; no unit has moved yet "
                               "(RB-MOV-01)", {**SYSTEM, "faction": "the side activating", "leader": "its leader"}),
    "activation.after-move": ("every unit of the activation has moved; before the base reveal and the combat "
                              "(RB-BAS-11, RB-MOV-02)", {**SYSTEM, "faction": "the side activating",
                                                         "origins": "the systems units came from"}),
    "combat.start": ("a combat has begun: leaders added, Start of Combat cards played, tactic cards drawn; "
                     "before its first round (RS-CMB-04..08)", COMBAT),
    "combat.round-start": ("a combat round begins, before its space battle (`data['combat']['round']`)", COMBAT),
    "battle.start": ("a space or ground battle step begins, before its attacks (RS-CMB-11/12)",
                     {**COMBAT, "theater": "'space' or 'ground'"}),
    "battle.end": ("a battle step's attacks are over and its set-aside units destroyed (RS-ATK-08)",
                   {**COMBAT, "theater": "'space' or 'ground'"}),
    "battle.won": ("a side won a battle of this combat (RS-BTL-01..03); before the combat objectives",
                   {**COMBAT, "theater": "'space' or 'ground'", "winner": "the side that won"}),
    "combat.retreat": ("a side's units and leader retreated (RB-RET); before the other side's cards answering it",
                       {**COMBAT, "faction": "the side that retreated", "to": "where to"}),
    "combat.round-end": ("a combat round's retreats and end-of-round checks are over (RS-CMB-13..18)", COMBAT),
    "combat.end": ("the combat's last round and its objectives are over; before the tactic cards are shuffled "
                   "back and `data['combat']` is cleared (RS-END-02/03)", COMBAT),
}


def register(registry) -> None:
    for name, (doc, state) in MOMENTS.items():
        registry.declare_moment(name, doc, state)
