"""The base game's public API: what other expansions (Rise of the Empire, fan plugins) may use of the base game.

Everything here is a promise: documented, typed, tested from outside (``examples/space-cannon`` imports only this
package and the kernel), and changed only with a deprecation path. Everything else in
``swrebellion.expansions.base`` is private and may change in any release. docs/plugins.md walks through it.

It is grouped in namespaces, one name per thing (``api.combat.state``, ``api.leaders.capture``):

* :mod:`.content`: the enabled packs' items by id (``content.unit``, ``content.mission`` ...), the content models
  they hand out, and the typed ids of a plugin's scenario keys;
* :mod:`.board`: who plays, systems and the map, units, loyalty and reputation, the Rebel base;
* :mod:`.leaders`: where leaders are, whom they serve, capture and rescue;
* :mod:`.combat`: the combat under way, firing, destroying, retreating, its effects and tactic cards;
* :mod:`.cards`: decks and hands, card plans and feasibility, Special card windows, missions, objectives;
* :mod:`.ops`: writing effect ops and the condition models;
* :mod:`.words`: labels and texts the rules store, and the words people read;
* :data:`STEPS`: the base game's step names other plugins wrap or push.

The flat names of 0.1 (``api.combat_state``, ``api.unit_type`` ...) still resolve, with a ``DeprecationWarning``
naming the new one, until 0.3 (:data:`MOVED` lists them).
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

from ..rules.combat import ATTACK, BATTLE, COMBAT, RETREAT, ROUND
from ..tables import Tables
from ..tables import tables as _tables
from . import board, cards, combat, content, leaders, ops, words

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

__all__ = ["content", "board", "leaders", "combat", "cards", "ops", "words", "STEPS"]

#: The base game's step names that other plugins may wrap (``registry.wrap``) or push.
STEPS = {
    "combat": COMBAT,
    "combat-round": ROUND,
    "battle": BATTLE,
    "attack": ATTACK,
    "retreat": RETREAT,
    "setup-tactics": "base.setup.tactics",
    "setup-loyalty": "base.setup.loyalty",
    "setup-empire-units": "base.setup.empire-units",
    "refresh-objective": "base.refresh.objective",
}

#: The flat names of 0.1 (and the owner functions that were flat for a few commits of 0.2's development), each with
#: its name now (``namespace.name``). Each still resolves, with a ``DeprecationWarning``, for one minor version: they
#: go in 0.3.
MOVED = {
    # content
    "unit_type": "content.unit", "unit_types": "content.units", "leader_info": "content.leader",
    "mission_card": "content.mission", "action_card": "content.action", "objective_card": "content.objective",
    "setup_named": "content.setup", "the_setup": "content.game_setup", "probe_card_of": "content.probe_card",
    "probe_system": "content.probe_system", "dice_limit": "content.dice_limit", "track_length": "content.track_length",
    "Unit": "content.Unit", "Leader": "content.Leader", "MissionCard": "content.MissionCard",
    "ActionCard": "content.ActionCard", "ObjectiveCard": "content.ObjectiveCard", "Setup": "content.Setup",
    "Card": "content.Card", "Faction": "content.Faction", "Theater": "content.Theater",
    "SystemId": "content.SystemId", "CardId": "content.CardId", "ObjectiveId": "content.ObjectiveId",
    "known": "content.known",
    # board
    "FACTIONS": "board.FACTIONS", "OPPONENT": "board.OPPONENT", "team": "board.team", "decider": "board.decider",
    "player_of": "board.player_of", "team_secret": "board.team_secret", "SystemState": "board.SystemState",
    "system": "board.system", "adjacent": "board.adjacent", "is_populous": "board.is_populous",
    "is_remote": "board.is_remote", "is_imperial": "board.is_imperial", "is_rebel": "board.is_rebel",
    "is_neutral": "board.is_neutral", "destroy_system": "board.destroy_system", "units_at": "board.units_at",
    "faction_units": "board.faction_units", "has_units": "board.has_units", "supply_left": "board.supply_left",
    "add_units": "board.add_units", "remove_units": "board.remove_units", "destroy_units": "board.destroy_units",
    "move_units": "board.move_units", "deploy_unit": "board.deploy_unit", "queue_unit": "board.queue_unit",
    "unqueue_unit": "board.unqueue_unit", "queued": "board.queued", "DEPLOY_LIMIT": "board.DEPLOY_LIMIT",
    "gain_loyalty": "board.gain_loyalty", "lose_loyalty": "board.lose_loyalty",
    "change_reputation": "board.change_reputation", "BASE_SPACE": "board.BASE_SPACE",
    "base_system": "board.base_system", "base_revealed": "board.base_revealed",
    "rebel_base_location": "board.rebel_base_location", "reveal_base": "board.reveal_base",
    "check_base_reveal": "board.check_base_reveal",
    # leaders
    "LeaderState": "leaders.LeaderState", "leader": "leaders.state", "leaders_at": "leaders.at",
    "pool": "leaders.pool", "leader_faction": "leaders.faction", "controlled_by": "leaders.controlled_by",
    "is_captured": "leaders.is_captured", "recruitable": "leaders.recruitable", "capture_leader": "leaders.capture",
    "rescue": "leaders.rescue", "best_tactics": "leaders.best_tactics",
    # combat
    "CombatState": "combat.CombatState", "Attack": "combat.Attack", "THEATERS": "combat.THEATERS",
    "ROLE": "combat.ROLE", "combat_state": "combat.state", "combat_order": "combat.order",
    "contested": "combat.contested", "start_combat": "combat.start", "fire": "combat.fire",
    "destroy_in_combat": "combat.destroy", "combat_health": "combat.health", "retreat": "combat.retreat",
    "check_battles": "combat.check_battles", "combat_effects": "combat.effects",
    "add_combat_effect": "combat.add_effect", "combat_action_options": "combat.action_options",
    "draw_tactics": "combat.draw_tactics", "tactic_hand": "combat.tactic_hand",
    # cards
    "deck": "cards.deck", "hand": "cards.hand", "draw": "cards.draw", "discard": "cards.discard",
    "reveal_cards": "cards.reveal", "card_plan": "cards.plan", "card_feasible": "cards.feasible",
    "barred": "cards.barred", "roll_with_cards": "cards.roll", "fight_after": "cards.fight_after",
    "SPECIAL_MOMENTS": "cards.SPECIAL_MOMENTS", "special_window": "cards.special_window",
    "mission_frame": "cards.mission_frame", "mission_info": "cards.mission_info", "meets": "cards.meets",
    "successes": "cards.successes", "return_to_hand": "cards.return_to_hand", "slot_free": "cards.slot_free",
    "sync_stages": "cards.sync_stages",
    # ops
    "Strict": "ops.Strict", "uses": "ops.uses", "OpTable": "ops.OpTable", "op": "ops.op",
    "register_ops": "ops.register", "pick": "ops.pick", "answer": "ops.answer", "CONTEXT": "ops.CONTEXT",
    "SystemFilter": "ops.SystemFilter", "Where": "ops.SystemFilter", "systems_where": "ops.systems_where",
    "matches": "ops.matches", "Condition": "ops.Condition", "holds": "ops.holds", "UnitFilter": "ops.UnitFilter",
    "Side": "ops.Side", "AnySide": "ops.AnySide", "side_of": "ops.side_of",
    # words
    "label": "words.label", "text": "words.text", "ntext": "words.ntext", "card_prompt": "words.card_prompt",
    "content_text": "words.content_text", "die": "words.die", "Marker": "words.Marker", "Word": "words.Word",
    "name": "words.name", "readable": "words.readable", "counted": "words.counted", "localize": "words.localize",
    "Words": "words.Words", "word": "words.word",
    # the owner functions of the base game's state (issue 27 §2), flat for a few commits of 0.2's development
    "BaseData": "board.BaseData", "phase": "board.phase", "round_number": "board.round_number",
    "reputation": "board.reputation", "at_end_of_command": "board.at_end_of_command", "systems": "board.systems",
    "units_by_location": "board.units_by_location", "place_leader": "leaders.place",
    "remove_leader": "leaders.remove", "begin_battle_step": "combat.begin_battle_step",
    "fight_battle": "combat.fight_battle", "add_damage": "combat.add_damage", "remove_damage": "combat.remove_damage",
    "redirect_damage": "combat.redirect_damage", "spend_die": "combat.spend_die", "mark_attack": "combat.mark_attack",
    "combat_part": "combat.part", "attack_part": "combat.attack_part", "hidden_hand": "cards.hidden_hand",
    "discard_pile": "cards.discard_pile", "new_deck": "cards.new_deck", "set_deck": "cards.set_deck",
    "put_on_deck": "cards.put_on_deck", "remove_from_deck": "cards.remove_from_deck",
    "take_from_hand": "cards.take_from_hand", "add_to_hand": "cards.add_to_hand", "Assignment": "cards.Assignment",
    "assigned": "cards.assigned", "take_assigned": "cards.take_assigned", "oppose_mission": "cards.oppose_mission",
    "take_slot": "cards.take_slot",
    # the combat odds (docs/odds.md), flat for a few commits of 0.2's development
    "odds": "combat.odds", "Odds": "combat.Odds", "TheaterOdds": "combat.TheaterOdds", "OddsError": "combat.OddsError",
    "OddsRules": "combat.OddsRules", "system_forces": "combat.system_forces",
}


#: The old condition forms (issue 10), which only ``rebellion packs upgrade`` reads now (issue 27 §4).
UPGRADE_ONLY = frozenset({"OldUnitFilter", "OldWhen", "OldWhere", "units", "when", "where"})


def __getattr__(old: str) -> Any:
    """A flat name of 0.1: its value, with a ``DeprecationWarning`` naming the new one (:data:`MOVED`); the old
    condition forms from beside ``rebellion packs upgrade``, with a ``DeprecationWarning``."""
    if old == "tables":
        return _deprecated_tables
    if old in UPGRADE_ONLY:
        from swrebellion.tools.upgrade import base_game

        warnings.warn(f"swrebellion.expansions.base.api.{old} is deprecated: the loader reads no old forms; it lives "
                      "in swrebellion.tools.upgrade.base_game, beside `rebellion packs upgrade`", DeprecationWarning,
                      stacklevel=2)
        return getattr(base_game, old)
    if old not in MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {old!r}")
    namespace, new = MOVED[old].split(".")
    warnings.warn(f"swrebellion.expansions.base.api.{old} is deprecated and goes in 0.3: use "
                  f"api.{namespace}.{new} (docs/plugins.md)", DeprecationWarning, stacklevel=2)
    return getattr(globals()[namespace], new)


def _deprecated_tables(game: Game) -> Tables:
    """Deprecated: the base game's private lookup tables, whose layout may change in any release. Use the content
    lookups (:mod:`.content`, and :func:`.board.adjacent`). Still answers, with a ``DeprecationWarning``."""
    warnings.warn("swrebellion.expansions.base.api.tables() is deprecated: it hands out the base game's private "
                  "lookup tables; use api.content (unit, units, leader, mission, action, objective, setup, "
                  "probe_card, probe_system, dice_limit) or api.board.adjacent (docs/plugins.md)",
                  DeprecationWarning, stacklevel=2)
    return _tables(game)
