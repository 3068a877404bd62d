"""The base game's public API: what other expansions (Rise of the Empire, fan plugins) may use of the base game.

Everything here is a promise: documented, typed, tested from outside (``examples/space-cannon`` imports only this
module and the kernel), and changed only with a deprecation path. Everything else in ``swrebellion.expansions.base``
is private and may change in any release. docs/plugins.md walks through it; the groups:

* **Content**, the enabled packs' items by id: :func:`unit_type` and :func:`unit_types`, :func:`leader_info`,
  :func:`mission_card`, :func:`action_card`, :func:`objective_card`, :func:`setup_named` (:func:`the_setup` is the
  game's own), :func:`probe_card_of`, :func:`probe_system`, :func:`dice_limit`; the map's :func:`adjacent` (under
  board queries). The content models they hand out, to read and to name in type hints: :class:`Unit`,
  :class:`Leader`, :class:`MissionCard`, :class:`ActionCard`, :class:`ObjectiveCard`, :class:`Setup`; and
  :class:`Card`, the fields every card shares, with :data:`Faction` and :data:`Theater`, for a plugin that adds a
  card kind of its own (Rise of the Empire's advanced tactic cards).
* **Names**: for what the rules store (option labels, prompts) in English, :func:`label` (an item's name) and
  :func:`text` / :func:`ntext` (a sentence from a template marked with ``swrebellion.i18n.N_``, remembered so that
  it can be shown in another language; its arguments may be ids, :class:`Marker` and :class:`Word` values, lists
  and ``{unit: count}``), :func:`card_prompt`, :func:`content_text` (a pack's ``{en, ru, tr}`` text) and
  :func:`die` (a die face for a label); for what people read, in their language, :func:`name`, :func:`readable`,
  :func:`counted`, :func:`localize` (a stored English label or prompt) and the account's helpers :class:`Words`
  and :func:`word`; the constants :data:`FACTIONS`, :data:`OPPONENT`, :data:`BASE_SPACE`.
* **Board queries**: who plays (:func:`team`, :func:`decider`), units (:func:`units_at`, :func:`faction_units`,
  :func:`has_units`, :func:`supply_left`), leaders (:func:`leader`, :func:`leaders_at`, :func:`pool`,
  :func:`leader_faction`, :func:`is_captured`), systems (:func:`system`, :func:`adjacent`, :func:`is_populous`,
  :func:`is_remote`, :func:`is_imperial`, :func:`is_rebel`, :func:`is_neutral`), the base (:func:`base_system`,
  :func:`base_revealed`), cards (:func:`deck`, :func:`hand`).
* **Rule actions**: units (:func:`add_units`, :func:`remove_units`, :func:`destroy_units`, :func:`move_units`,
  :func:`queue_unit`, :func:`unqueue_unit`, :func:`deploy_unit`), leaders (:func:`capture_leader`,
  :func:`rescue`), loyalty and reputation (:func:`gain_loyalty`, :func:`lose_loyalty`,
  :func:`change_reputation`), cards (:func:`draw`, :func:`discard`, :func:`reveal_cards`), combat
  (:func:`start_combat`, :func:`fire`: roll given dice into a combat and let the firing side assign the damage,
  :func:`destroy_in_combat`, :func:`draw_tactics`, :func:`add_combat_effect`).
* **Combat state**: :func:`combat_state` (typed :class:`CombatState`), :func:`combat_order`,
  :func:`contested`, :func:`combat_effects`, :func:`combat_health`, :func:`check_battles`, :func:`tactic_hand`.
* **Combat odds** (docs/odds.md): :func:`odds`, the exact odds of a combat between two forces (an :class:`Odds`
  of :class:`TheaterOdds`; :class:`OddsError` for forces it cannot take), :func:`system_forces` (a system's
  forces as one side sees them) and :class:`OddsRules`, the combat rules it follows (the ``"combat-odds"`` value).
* **Cards in play**: :func:`card_plan`, :func:`card_feasible` (one feasibility mechanism: the first step's op
  test, whichever plugin registered the op), :func:`special_window` (the windows of Special action cards),
  :func:`roll_with_cards`, :func:`fight_after`.
* **Writing effect ops**: :class:`Strict` (parameter models) and :func:`uses` (the context keys an op reads and
  writes), :data:`OpTable` and :func:`op` (declare ops with a feasibility test), :func:`register_ops` (register
  them), :func:`pick` and :func:`answer` (ask a choice inside an op), all of them the kernel's
  (``swrebellion.engine.ops``), named here too; the one condition model: :class:`SystemFilter`
  with :func:`systems_where` / :func:`matches` (which systems), :class:`Condition` with :func:`holds` (whether the
  game is in a situation), relative sides :data:`Side` / :data:`AnySide` resolved by :func:`side_of`.
  (:class:`Where` is the old name of :class:`SystemFilter`.)
* **Deprecated**: :func:`tables`, the base game's private lookup tables (warns; the content lookups above replace
  it); ``OldWhere``, ``OldWhen``, ``OldUnitFilter``, ``where``, ``when``, ``units`` (the old condition forms, which
  only `rebellion pack upgrade` reads now: they answer from ``swrebellion.tools.upgrade.base_game``, with a
  ``DeprecationWarning``).
* **Step names** other plugins wrap or push: :data:`STEPS`.
* **Scenario keys** of a plugin's own (``build_scenario``): the typed ids :data:`SystemId`, :data:`CardId`,
  :data:`ObjectiveId` and :func:`known` (an id checked against the loaded content, with a "did you mean").
* **State shapes**: :class:`SystemState`, :class:`LeaderState`, :class:`CombatState`, :class:`Attack`,
  :class:`Assignment`, and :class:`BaseData`, the base game's whole section of ``state["data"]`` (docs/state.md).
* **The base game's state, for other plugins** (issue 27 §2; a plugin never indexes ``state["data"]`` for the base
  game's keys nor writes into what a function hands out): to read, :func:`phase`, :func:`round_number`,
  :func:`reputation`, :func:`leaders`, :func:`systems`, :func:`units_by_location`, :func:`assigned`,
  :func:`hidden_hand`, :func:`discard_pile`; to change, leaders (:func:`place_leader`, :func:`remove_leader`),
  missions (:func:`take_assigned`, :func:`oppose_mission`), cards (:func:`new_deck`, :func:`set_deck`,
  :func:`put_on_deck`, :func:`remove_from_deck`, :func:`take_from_hand`, :func:`add_to_hand`, :func:`take_slot`),
  the flow (:func:`at_end_of_command`) and the combat (:func:`begin_battle_step`, :func:`fight_battle`,
  :func:`add_damage`, :func:`remove_damage`, :func:`redirect_damage`, :func:`spend_die`, :func:`mark_attack`);
  a plugin's own part of the combat or the attack: :func:`combat_part`, :func:`attack_part`.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from swrebellion.engine.ops import OpTable, Strict, answer, op, pick, register_ops, uses

from .board import (
    add_units,
    after_units_change,
    base_revealed,
    base_system,
    best_tactics,
    change_reputation,
    check_base_reveal,
    controlled_by,
    decider,
    destroy_system,
    destroy_units,
    faction_units,
    gain_loyalty,
    has_units,
    is_captured,
    is_imperial,
    is_neutral,
    is_populous,
    is_rebel,
    is_remote,
    leader,
    leader_faction,
    leaders_at,
    lose_loyalty,
    place_leader,
    pool,
    queue_unit,
    queued,
    rebel_base_location,
    remove_leader,
    remove_units,
    rescue,
    reveal_base,
    supply_left,
    system,
    team,
    team_secret,
    units_at,
    unqueue_unit,
)
from .cards import (
    add_to_hand,
    deck,
    discard,
    discard_pile,
    draw,
    hand,
    hidden_hand,
    new_deck,
    put_on_deck,
    remove_from_deck,
    set_deck,
    take_from_hand,
)
from .models import ActionCard, Leader, MissionCard, ObjectiveCard, Setup, Unit
from .models.cards import Card
from .models.common import Faction, Theater
from .names import Marker, Word, card_prompt, content_text, counted, die, label, localize, name, ntext, readable, text
from .odds import Odds, OddsError, TheaterOdds, odds, system_forces
from .odds import Rules as OddsRules
from .ops.conditions import (
    CONTEXT,
    AnySide,
    Condition,
    Side,
    SystemFilter,
    UnitFilter,
    Where,
    holds,
    matches,
    side_of,
    systems_where,
)
from .presentation.narration import Words, word
from .rules.actions import MOMENTS as SPECIAL_MOMENTS
from .rules.actions import barred, mission_info, special_window
from .rules.dice import roll as roll_with_cards
from .rules.combat import (
    ATTACK,
    BATTLE,
    COMBAT,
    RETREAT,
    ROLE,
    ROUND,
    THEATERS,
    check_battles,
    contested,
    draw_tactics,
    fire,
    retreat,
    start_combat,
    tactic_hand,
)
from .phases.rounds import at_end_of_command
from .rules.combat import (
    add_damage,
    attack_part,
    begin_battle_step,
    combat_part,
    fight_battle,
    mark_attack,
    redirect_damage,
    remove_damage,
    spend_die,
)
from .rules.combat import action_options as combat_action_options
from .rules.combat import active_effects as combat_effects
from .rules.combat import add_effect as add_combat_effect
from .rules.combat import destroy as destroy_in_combat
from .rules.combat import health as combat_health
from .rules.combat import order as combat_order
from .rules.combat import state as combat_state
from .rules.leaders import capture_leader, recruitable
from .rules.missions import meets, mission_frame, oppose_mission, return_to_hand, successes, take_assigned
from .rules.moves import move_units
from .rules.objectives import slot_free, sync_stages, take_slot
from .rules.plans import feasible as card_feasible
from .rules.plans import fight_after
from .rules.plans import plan as card_plan
from .rules.rings import player_of
from .scenario import CardId, ObjectiveId, SystemId, known
from .shapes import Assignment, Attack, BaseData, CombatState, LeaderState, SystemState
from .tables import BASE_SPACE, DEPLOY_LIMIT, FACTIONS, OPPONENT, Tables, the_setup, track_length
from .tables import tables as _tables

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

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


def adjacent(game: Game, system_id: str) -> list[str]:
    """The systems adjacent to ``system_id`` on the map (RB-MOV-03), in id order."""
    return sorted(_tables(game).adjacent.get(system_id, ()))


# -- content: the enabled packs' items by id (models from swrebellion.expansions.base.models) -------------------------


def unit_type(game: Game, unit_id: str) -> Unit:
    """A unit type as the content defines it: side, kind (``space``, ``ground``, ``structure``), attack dice by
    colour, health and the die colour that damages it, abilities, build icon (RB-UNT, RB-BLD). ``KeyError`` for an
    id the enabled packs do not define."""
    return _tables(game).units[unit_id]


def unit_types(game: Game) -> Mapping[str, Unit]:
    """Every unit type of the enabled packs, by id (to read: it is shared by every game of the same rules)."""
    return _tables(game).units


def leader_info(game: Game, leader_id: str) -> Leader:
    """A leader as the content defines it: side, skills and secondary skills, tactic values, team-play role
    (RB-LDR, RB-TEAM). Where a leader is now is the state: :func:`leader`."""
    return _tables(game).leaders[leader_id]


def mission_card(game: Game, card_id: str) -> MissionCard:
    """A mission card (or starting mission, or project): side, deck, skills required, portrait, Vader icon, effect
    steps (RB-MIS, RB-PRJ, RE-MSS-03)."""
    card: MissionCard = _tables(game).missions[card_id]
    return card


def action_card(game: Game, card_id: str) -> ActionCard:
    """An action card: side, timing, pictured and recruited leaders, effect steps (RB-REC)."""
    card: ActionCard = _tables(game).actions[card_id]
    return card


def objective_card(game: Game, card_id: str) -> ObjectiveCard:
    """A Rebel objective card: stage, reputation, timing, target markers, effect steps (RB-OBJ, RE-IMM)."""
    card: ObjectiveCard = _tables(game).objectives[card_id]
    return card


def setup_named(game: Game, setup_id: str) -> Setup | None:
    """The setup ``setup_id`` (its objective deck, starting units, leader pool limit ...), or ``None`` when the
    enabled packs define no such setup (an expansion's setup with its pack disabled). The game's own setup is
    :func:`the_setup`."""
    found: Setup | None = _tables(game).setups.get(setup_id)
    return found


def probe_card_of(game: Game, system_id: str) -> str | None:
    """The id of the probe card that names ``system_id`` (RB-PRB), or ``None`` for a system without one."""
    return _tables(game).probe_of.get(system_id)


def probe_system(game: Game, card_id: str) -> str:
    """The id of the system the probe card ``card_id`` names (RB-PRB)."""
    return _tables(game).probes[card_id]


def dice_limit(game: Game, die: str) -> int | None:
    """The most dice of the colour ``die`` one combat attack may roll, as its content sets it (``limit_per_roll``:
    RB-CMB-05, RE-DIE-03, RULINGS D-01), or ``None`` when it sets none. The rules may change it for one roll through
    the ``dice-limits`` value."""
    return _tables(game).dice_limits.get(die)


def tables(game: Game) -> Tables:
    """Deprecated: the base game's private lookup tables, whose layout may change in any release. Use the content
    lookups (:func:`unit_type`, :func:`unit_types`, :func:`leader_info`, :func:`mission_card`, :func:`action_card`,
    :func:`objective_card`, :func:`setup_named`, :func:`probe_card_of`, :func:`probe_system`, :func:`dice_limit`,
    :func:`adjacent`).
    Still answers, with a ``DeprecationWarning``."""
    warnings.warn("swrebellion.expansions.base.api.tables() is deprecated: it hands out the base game's private "
                  "lookup tables; use unit_type, unit_types, leader_info, mission_card, action_card, objective_card, "
                  "setup_named, probe_card_of, probe_system, dice_limit or adjacent (docs/plugins.md)",
                  DeprecationWarning, stacklevel=2)
    return _tables(game)


def deploy_unit(game: Game, faction: str, unit: str, to: str, cause: str) -> None:
    """Put a unit from the side's supply onto the board (a card or ability deploying it), logged as ``deployed``.
    The caller checks that the supply has one (:func:`supply_left`)."""
    add_units(game, to, unit, check=False)
    game.log("deployed", faction=faction, unit=unit, to=to, cause=cause)
    after_units_change(game, to)
    check_base_reveal(game)  # RB-BAS-08


def reveal_cards(game: Game, cards: list[str], to: str, cause: str) -> None:
    """Show ``cards`` to the side ``to`` (both teams in team play see them; the rest of the table does not):
    logged as ``cards-revealed`` with the cards as that side's secret."""
    game.log("cards-revealed", to=to, count=len(cards), cards=team_secret(game, list(cards), to), cause=cause)


# -- the base game's state, for other plugins (issue 27 §2) -----------------------------------------------------------
# The base game owns the top of ``game.state["data"]`` (:class:`BaseData`; docs/state.md). Another plugin reads it
# through these functions and the board queries above, and changes it only through the rule actions above and the
# owner functions below: never by indexing ``state["data"]`` or writing into what a function hands out
# (tests/test_state_ownership.py reads every plugin's code for both).


def phase(game: Game) -> str:
    """The phase being played: ``setup``, ``assignment``, ``command`` or ``refresh`` (RB-RND)."""
    value: str = game.state["data"]["phase"]
    return value


def round_number(game: Game) -> int:
    """The game round, from 1 (0 during setup)."""
    value: int = game.state["data"]["round"]
    return value


def reputation(game: Game) -> int:
    """The reputation marker's space on the time track (RB-WIN-02)."""
    value: int = game.state["data"]["reputation"]
    return value


def leaders(game: Game) -> Mapping[str, LeaderState]:
    """Every leader's state by id, to read (:func:`place_leader`, :func:`remove_leader`, :func:`capture_leader`,
    :func:`rescue` change it)."""
    found: Mapping[str, LeaderState] = game.state["data"]["leaders"]
    return found


def systems(game: Game) -> Mapping[str, SystemState]:
    """Every system's state by id, to read (the rule actions change it: :func:`gain_loyalty`, ...)."""
    found: Mapping[str, SystemState] = game.state["data"]["systems"]
    return found


def units_by_location(game: Game) -> Mapping[str, Mapping[str, int]]:
    """The units on the board, to read: location -> unit type -> count (:func:`units_at` for one location)."""
    found: Mapping[str, Mapping[str, int]] = game.state["data"]["units"]
    return found


def assigned(game: Game, faction: str) -> Sequence[Assignment]:
    """The missions the side assigned this round, in order, to read (:func:`take_assigned` takes one)."""
    found: Sequence[Assignment] = game.state["data"]["assigned"][faction]
    return found


__all__ = [
    "ActionCard", "Card", "Leader", "MissionCard", "ObjectiveCard", "Setup", "Theater", "Unit",
    "CONTEXT", "AnySide", "Attack", "BASE_SPACE", "CardId", "CombatState", "Condition", "DEPLOY_LIMIT", "FACTIONS", "Faction",
    "LeaderState", "Marker", "OPPONENT", "ObjectiveId", "OpTable", "ROLE",
    "SPECIAL_MOMENTS", "STEPS", "Side", "Strict", "SystemFilter", "SystemId", "SystemState", "THEATERS", "UnitFilter",
    "Where", "Word", "Words", "holds", "side_of", "uses",
    "Odds", "OddsError", "OddsRules", "TheaterOdds", "odds", "system_forces",
    "add_combat_effect", "add_units", "adjacent", "answer", "barred", "base_revealed", "base_system", "best_tactics",
    "capture_leader", "card_feasible", "card_prompt", "content_text", "card_plan", "change_reputation", "check_base_reveal", "check_battles",
    "action_card", "combat_action_options", "combat_effects", "combat_health", "combat_order", "combat_state", "contested",
    "controlled_by", "counted", "deck", "decider", "deploy_unit", "dice_limit", "die", "destroy_in_combat", "destroy_system", "destroy_units",
    "discard", "draw", "draw_tactics", "faction_units", "fight_after", "fire", "gain_loyalty", "hand", "has_units",
    "is_captured", "is_imperial", "known", "is_neutral", "is_populous", "is_rebel", "is_remote", "label", "leader",
    "leader_faction", "leader_info", "leaders_at", "localize", "lose_loyalty", "matches", "meets", "mission_card", "mission_frame", "mission_info",
    "move_units", "name", "ntext", "objective_card", "op", "pick", "player_of", "pool", "probe_card_of", "probe_system",
    "queue_unit", "queued", "readable", "rebel_base_location", "register_ops",
    "recruitable", "remove_units", "rescue", "retreat", "return_to_hand", "reveal_base", "reveal_cards",
    "roll_with_cards", "setup_named", "slot_free", "special_window", "start_combat", "successes", "supply_left", "sync_stages",
    "system", "systems_where", "tables", "tactic_hand", "team", "team_secret", "text", "the_setup", "track_length",
    "unit_type", "unit_types", "units_at", "unqueue_unit", "word",
    # the base game's state, for other plugins (issue 27 §2)
    "Assignment", "BaseData", "add_damage", "add_to_hand", "assigned", "at_end_of_command", "attack_part",
    "begin_battle_step", "combat_part", "discard_pile", "fight_battle", "hidden_hand", "leaders", "mark_attack", "new_deck", "oppose_mission",
    "phase", "place_leader", "put_on_deck", "redirect_damage", "remove_damage", "remove_from_deck", "remove_leader", "reputation",
    "round_number", "set_deck", "spend_die", "systems", "take_assigned", "take_from_hand", "take_slot",
    "units_by_location",
]

#: Names of the old condition forms, moved out of the loader to `rebellion pack upgrade` (issue 27 §4).
_UPGRADE_ONLY = frozenset({"OldUnitFilter", "OldWhen", "OldWhere", "units", "when", "where"})


def __getattr__(name: str) -> Any:
    """The old condition forms, for one minor version, with a DeprecationWarning: only ``rebellion pack upgrade``
    reads old content now, and they live beside it."""
    if name not in _UPGRADE_ONLY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from swrebellion.tools.upgrade import base_game

    warnings.warn(f"swrebellion.expansions.base.api.{name} is deprecated: the loader reads no old forms; it lives in "
                  f"swrebellion.tools.upgrade.base_game, beside `rebellion pack upgrade`", DeprecationWarning,
                  stacklevel=2)
    return getattr(base_game, name)
