"""Combat (RB-CMB, RS-CMB): the combat under way (typed :class:`CombatState`), starting one, firing into it,
destroying and retreating, its lasting effects, and the tactic cards of the side's combat hand; for a plugin that
runs a combat its own way (Rise of the Empire's cinematic combat), the battle steps, damage and dice of an attack,
and a part of the combat or the attack of its own (:func:`part`, :func:`attack_part`). The odds of a combat
(docs/odds.md): :func:`odds` between two forces (an :class:`Odds` of :class:`TheaterOdds`; :class:`OddsError` for
forces it cannot take, :class:`OddsTooLarge` for a battle too large to solve in the time it is given,
:class:`OddsUnavailable` without numpy or numba), :func:`answerable_odds` (as much of them as is answered in that
time: the heuristic's play, or one theater alone), :func:`system_forces` (a system's forces as one side sees them)
and :func:`system_damage` (the damage on them in a combat under way), :class:`OddsRules`, the combat rules it follows
(the ``"combat-odds"`` value), and :func:`odds_text` / :func:`odds_json`, an answer for a person or as plain JSON
data (what ``rebellion odds`` prints); :func:`odds_warm_up` loads the solver ahead (a server, an agent)."""

from __future__ import annotations

from ..odds import (Odds, OddsError, OddsTooLarge, OddsUnavailable, TheaterOdds, answerable_odds, odds, system_damage,
                    system_forces)
from ..odds import warm_up as odds_warm_up
from ..odds_combat import Rules as OddsRules
from ..presentation.odds_answer import as_json as odds_json
from ..presentation.odds_answer import as_text as odds_text
from ..rules.combat import (
    THEATERS,
    ROLE,
    action_options,
    check_battles,
    contested,
    draw_tactics,
    fire,
    retreat,
    tactic_hand,
)
from ..rules.combat import active_effects as effects
from ..rules.combat import (
    add_damage,
    add_effect,
    attack_part,
    begin_battle_step,
    destroy,
    fight_battle,
    health,
    mark_attack,
    order,
    redirect_damage,
    remove_damage,
    spend_die,
    state,
)
from ..rules.combat import combat_part as part
from ..rules.combat import start_combat as start
from ..shapes import Attack, CombatState

__all__ = ["CombatState", "Attack", "THEATERS", "ROLE", "state", "order", "contested", "start", "fire", "destroy",
           "health", "retreat", "check_battles", "effects", "add_effect", "action_options", "draw_tactics",
           "tactic_hand", "begin_battle_step", "fight_battle", "add_damage", "remove_damage", "redirect_damage",
           "spend_die", "mark_attack", "part", "attack_part",
           "odds", "Odds", "TheaterOdds", "OddsError", "OddsTooLarge", "OddsUnavailable", "OddsRules", "system_forces",
           "system_damage", "odds_text", "odds_json", "odds_warm_up", "answerable_odds"]
