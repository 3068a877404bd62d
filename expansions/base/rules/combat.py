"""Combat primitives (RB-CMB, RB-TAC, RB-RET, RB-DS, RB-DSP): the combat's state and what acts on it, used by the
combat's steps (``phases/combat.py``), by effect ops and by other expansions through ``api``.

A combat is fought in one system when both sides have units in the same theater (RB-CMB-01/02, RS-CMB-01); it is
started by :func:`start_combat` (after an activation, or by a card, RS-MIS-05). Its state lives in
``data["combat"]`` while it lasts:

``system``, ``initiator``   where, and whose turn or card started it (RS-BTL-05)
``current``                 the player whose turn it is (RS-CMB-03): every step goes current player first (D-03)
``origins``                 systems the initiator moved units in from: no retreat there (RB-RET-04)
``round``, ``step``         combat round, and ``"space"``/``"ground"`` during a battle step
``hands``                   each side's tactic cards (team secrets, RB-TAC-04)
``damage``                  ``{unit type: [damage of each damaged unit, highest first]}`` (RB-CMB-07)
``attacked``                sides that have made their attack in this battle step (RULINGS C-03)
``attack``                  the attack in progress: dice, card damage, the targets' damage (RS-ATK)
``effects``                 effects of cards lasting the combat, a round or a step (``combat_effect`` op)
``battles``                 theater -> ``None`` while fought, then the winner or ``"none"`` (RS-BTL-01..03)
``retreated``               who has retreated (once per combat, RS-RET-02)
``objective_played``        an objective was scored in this combat (RB-OBJ-07, RB-CMB-11)
``plans_round``             the round Death Star Plans was last revealed in (RB-DSP-05)

Values other expansions adjust (``values.py``): ``"combat-dice"``, ``"dice-limits"``, ``"combat-damage"``,
``"unit-health"``, ``"can-retreat"``, ``"retreat-destinations"``, ``"tactic-draws"``, ``"tactic-draw"``,
``"destroy-at-once"``, ``"destroyable"``, ``"structures-lost"`` and ``"plans-targets"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable

from swrebellion.engine import peek
from swrebellion.engine.effects import run_effect
from swrebellion.engine.secrets import is_secret
from swrebellion.i18n import N_

from .. import board, cards
from ..board import decider, team_secret
from ..names import made_options, text
from ..tables import FACTIONS, OPPONENT, tables
from .moves import Group, move_units
from .rings import yoda_combat_options

if TYPE_CHECKING:
    from swrebellion.engine.game import Game

    from ..shapes import CombatState

COMBAT = "base.combat"


ADD_LEADER = "base.combat.add-leader"


START_CARDS = "base.combat.start-cards"


ROUND = "base.combat.round"


BATTLE = "base.combat.battle"


ATTACK = "base.combat.attack"


RETREAT = "base.combat.retreat"


OBJECTIVES = "base.combat.objectives"
VOLLEY = "base.combat.volley"


THEATERS = ("space", "ground")


#: RS-CMB-09: the Admiral fights the space battle, the General the ground battle.
ROLE = {"space": "admiral", "ground": "general"}


DEATH_STARS = {"death-star", "death-star-under-construction"}


def state(game: Game) -> CombatState | None:
    """The combat under way, a ``CombatState`` (``api.combat.CombatState``, each key described there and in
    docs/state.md: system, round, damage, tactic hands, lasting effects, who retreated ...), or ``None`` outside
    combat: from the moment ``combat.over`` on, the combat is cleared. Public as ``api.combat.state``."""
    return game.state["data"]["combat"]


def contested(game: Game, system: str, theater: str) -> bool:
    """Both sides have units of the theater there (RB-CMB-02/03, RS-CMB-11/12); a destroyed system never has a
    ground battle (RB-DST-04)."""
    if theater == "ground" and board.system(game, system)["destroyed"]:
        return False
    return board.has_units(game, system, "rebel", theater) and board.has_units(game, system, "empire", theater)


def start_combat(game: Game, system: str, initiator: str, origins: Iterable[str] = ()) -> bool:
    """Start a combat in ``system`` if both sides share a theater there (RB-CMB-01/02, FAQ-38); returns whether one
    started. ``initiator`` is the side whose activation or card caused it (RS-BTL-05); ``origins`` the systems its
    units came from (no retreat there, RB-RET-04). Outside a Command Phase turn the initiator is the current
    player (RS-CMB-03)."""
    if not any(contested(game, system, theater) for theater in THEATERS):
        return False
    data = game.state["data"]
    current = data["current"] if data["phase"] == "command" else initiator
    data["combat"] = {
        "system": system, "initiator": initiator, "current": current, "origins": list(origins),
        "round": 1, "step": None, "attacked": [], "attack": None, "rolled": {},
        "hands": {f: team_secret(game, [], f) for f in FACTIONS},
        "damage": {}, "effects": [], "battles": {},
        "retreated": {f: False for f in FACTIONS}, "objective_played": False, "plans_round": 0,
    }
    game.log("combat", system=system, initiator=initiator, current=current)
    game.push(COMBAT, stage="leaders")
    return True


def order(game: Game) -> tuple[str, str]:
    """The current player, then his opponent (RULINGS D-03)."""
    current = state(game)["current"]
    return current, OPPONENT[current]


def push_in_order(game, step: str, **local) -> None:
    """Push one frame per side so that the current player's runs first."""
    first, second = order(game)
    game.push(step, faction=second, **local)
    game.push(step, faction=first, **local)


def add_effect(game: Game, kind: str, faction: str, until: str, **values: Any) -> None:
    """Record a card's lasting effect on ``faction`` (RS-CMB-06: Start-of-Combat effects last the combat)."""
    combat = state(game)
    combat["effects"].append({"kind": kind, "faction": faction, "until": until, "round": combat["round"],
                              "step": combat["step"], **values})
    game.log("combat-effect", kind=kind, faction=faction, until=until, **values)


def active_effects(game: Game, kind: str, faction: str, theater: str | None = None) -> list[dict[str, Any]]:
    """The lasting card effects of ``kind`` on ``faction`` in the combat (of ``theater``, or of both), recorded
    with :func:`add_effect` (RS-CMB-06)."""
    combat = state(game)
    out = []
    for e in combat["effects"]:
        if e["kind"] != kind or e["faction"] != faction or (theater and e.get("theater") not in (None, theater)):
            continue
        if e["until"] == "combat" or (e["round"] == combat["round"] and (e["until"] == "round" or e["step"] == combat["step"])):
            out.append(e)
    return out


def health(game: Game, unit: str) -> int | None:
    """Printed health; ``None`` for the Death Star, which can never take damage (RB-DS-02)."""
    info = tables(game).units[unit]
    value = info.health
    if value is None:
        return None
    combat = state(game)
    if combat["effects"]:  # Point-Blank Assault: 1 less, never below 1 (``combat_effect`` kind ``health``)
        for e in active_effects(game, "health", info.faction):
            value = max(1, value + e.get("amount", 0))
    # an expansion may answer 0: the unit cannot take damage there (Rise of the Empire's Shield Bunker)
    return game.modify("unit-health", value, unit=unit, system=combat["system"]) or None


def destroy(game: Game, unit: str, count: int) -> None:
    """Destroy units in the combat (logged ``cause: combat``, RS-BTL); the most damaged go first. A Death Star Under
    Construction takes the Death Star waiting on the build queue with it (RS-DSU-03)."""
    combat = state(game)
    system = combat["system"]
    count = game.modify("destroyable", count, unit=unit, system=system)  # how many may be (Shield Bunker: none)
    if count <= 0:
        return
    board.destroy_units(game, system, unit, count, cause="combat")
    damage = combat["damage"].get(unit, [])
    del damage[:count]
    if not damage:
        combat["damage"].pop(unit, None)
    if "death-star-under-construction" in tables(game).units[unit].abilities:
        for space in game.state["data"]["queue"]["empire"].values():
            if space.pop("death-star", 0):
                game.log("destroyed", unit="death-star", count=1, at="build queue", cause="combat")


def fire(game: Game, faction: str, theater: str, dice: dict[str, int], cause: str) -> None:
    """Roll ``dice`` (colour -> count) for ``faction`` into the combat's ``theater`` now: the side assigns the
    results as in an attack and units whose damage reaches their health are destroyed at once (a volley: an
    ability or card firing outside the battle steps, before the first round say). Runs next, as a step."""
    game.push(VOLLEY, faction=faction, theater=theater, dice=dict(dice), cause=cause, stage="roll")


def mark_damage(game) -> None:
    """The attack's assigned damage becomes damage markers (RS-ATK-08), logged; the attack is over."""
    combat = state(game)
    attack = combat["attack"]
    dealt: dict[str, list[int]] = {}
    totals: dict[str, list[int]] = {}
    for unit, old, new in attack["targets"]:
        if old + new:
            totals.setdefault(unit, []).append(old + new)
        if new:
            dealt.setdefault(unit, []).append(new)
    for unit in {u for u, _, _ in attack["targets"]}:
        if unit in totals:
            combat["damage"][unit] = sorted(totals[unit], reverse=True)
        else:
            combat["damage"].pop(unit, None)
    if dealt:
        game.log("damage", faction=OPPONENT[attack["faction"]], theater=attack["theater"], dealt=dealt)
    combat["attack"] = None


def destroy_lethal(game, faction: str, theater: str) -> None:
    """Units whose damage reached their health are destroyed (RB-CMB-08, RS-ATK-08)."""
    combat = state(game)
    for unit in sorted(board.faction_units(game, combat["system"], faction, theater)):
        marks = combat["damage"].get(unit)
        if not marks:
            continue
        limit = health(game, unit)
        if limit is None:
            continue
        lethal = sum(1 for d in marks if d >= limit)
        if lethal:
            destroy(game, unit, lethal)


def check_battles(game: Game) -> None:
    """RS-BTL-01..03: a battle that was fought is won when the enemy has no units of its theater left (destroyed or
    retreated); nobody wins when both sides are gone. Logged as ``battle-won`` for objectives."""
    combat = state(game)
    for theater, outcome in combat["battles"].items():
        if outcome is not None:
            continue
        present = [f for f in FACTIONS if board.has_units(game, combat["system"], f, theater)]
        if len(present) == 2:
            continue
        combat["battles"][theater] = present[0] if present else "none"
        if present:
            game.log("battle-won", system=combat["system"], theater=theater, winner=present[0])


def tactic_hand(game: Game, faction: str) -> list[str]:
    """The tactic cards in the side's combat hand (RB-TAC-02)."""
    return peek(state(game)["hands"][faction])


def draw_tactics(game: Game, faction: str, theater: str, count: int, cause: str) -> None:
    """Draw tactic cards into the side's hidden combat hand (RB-TAC-02..04); an empty deck is refilled from its
    discards (RB-SUP-05). ``game.modify("tactic-draw", ...)`` may change how many (cinematic combat: none)."""
    count = game.modify("tactic-draw", count, faction=faction, theater=theater, cause=cause)
    drawn = _draw(game, faction, theater, count)
    tactic_hand(game, faction).extend(drawn)
    if is_secret(state(game)["hands"][faction]):
        game.log("tactics-drawn", faction=faction, theater=theater, count=len(drawn),
                 cards=team_secret(game, drawn, faction), cause=cause)
    else:  # Good Intel: the hand is played face up
        game.log("tactics-drawn", faction=faction, theater=theater, count=len(drawn), cards=list(drawn), cause=cause,
                 face_up=True)


def tactic_pile(game: Game, card: str) -> str:
    """The deck (and discard pile) a tactic card belongs to: its theater's shared one, or the side's own deck of the
    theater for a card that belongs to one side (``faction``)."""
    info = tables(game).tactics[card]
    return f"tactics-{info.theater}" if info.faction is None else f"tactics-{info.theater}-{info.faction}"


def _draw(game: Game, faction: str, theater: str, count: int) -> list[str]:
    """Tactic cards from the theater's shared deck; a side that has its own deck of the theater draws from both as
    from one deck with its own cards shuffled in: each card comes from one or the other in proportion to the cards
    they hold (with their discards, which refill them, RB-SUP-05). Only the side ever draws its own cards."""
    shared, own = f"tactics-{theater}", f"tactics-{theater}-{faction}"
    data = game.state["data"]
    if own not in data["decks"]:
        return cards.draw(game, shared, count) if count > 0 else []
    drawn: list[str] = []
    for _ in range(count):
        sizes = [len(cards.deck(game, name)) + len(data["discards"].get(name, [])) for name in (own, shared)]
        if not sum(sizes):
            break
        drawn += cards.draw(game, own if game.random_below(sum(sizes)) < sizes[0] else shared, 1)
    return drawn


@dataclass(frozen=True)
class Tactic:
    """A tactic card's effect as plain steps, read once per rules: block cards are played in the Block step of the
    opponent's attack (RS-ATK-07), the others in one's own attack; ``cost`` is the cards a block discards."""

    theater: str
    special: bool
    steps: list
    block: bool
    cost: int


def tactic(game, card: str) -> Tactic:
    cache = game.rules.cache.get("base-tactics")
    if cache is None:
        cache = game.rules.cache["base-tactics"] = {}
    if card not in cache:
        info = tables(game).tactics[card]
        steps = [s.model_dump() for s in info.effect]
        blocks = [s for s in steps if s["op"] == "block"]
        cache[card] = Tactic(info.theater, info.requires_special, steps, bool(blocks),
                             max((s.get("discard", 0) for s in blocks), default=0))
    return cache[card]


def play_tactic(game, faction: str, card: str, theater: str) -> None:
    """Reveal a tactic card, discard it and resolve it (RS-ATK-02/03)."""
    tactic_hand(game, faction).remove(card)
    cards.discard(game, tactic_pile(game, card), card)
    game.log("tactic-played", faction=faction, card=card, theater=theater)
    player = decider(game, faction, ROLE[theater])
    run_effect(game, tactic(game, card).steps,
               {"faction": faction, "player": player, "card": card, "theater": theater, "system": state(game)["system"]})


def end_combat(game) -> None:
    """RB-TAC-05, RS-END-02: hands discarded, every tactic card shuffled back into its deck; RB-CMB-07, RS-END-03:
    damage cleared."""
    data = game.state["data"]
    combat = data["combat"]
    for faction in FACTIONS:
        for card in tactic_hand(game, faction):
            cards.discard(game, tactic_pile(game, card), card)
    for theater in THEATERS:
        for name in (f"tactics-{theater}", *(f"tactics-{theater}-{f}" for f in FACTIONS)):
            if name in data["decks"]:  # a side's own deck only when the content has cards of its own
                cards.deck(game, name).extend(data["discards"].get(name, []))
                data["discards"][name] = []
                game.shuffle(data["decks"][name], name)
    data["combat"] = None
    game.log("combat-end", system=combat["system"], battles=combat["battles"])
    for lid in combat.get("lent", ()):  # Ready for Action: back to the pool, to be used again
        if board.leader(game, lid)["at"] == combat["system"] and not board.is_captured(game, lid):
            board.leader(game, lid)["at"] = "pool"
            game.log("leader-returned", leader=lid, to="pool", cause="end of combat")


def end_of_round_checks(game) -> None:
    """RULINGS D-05: structures alone against enemy ground units (RS-CMB-15), a lone Death Star Under Construction
    (RS-CMB-16), lone Rebel Transports (RS-CMB-17), and Rebel ships facing a Death Star silenced by Ion Cannons
    (RS-CMB-18), which must retreat or be destroyed."""
    combat = state(game)
    system = combat["system"]
    t = tables(game)

    def units(faction, theater):
        return board.faction_units(game, system, faction, theater)

    def only(faction, theater, ability=None, kind=None):
        here = units(faction, theater)
        return bool(here) and all(ability in t.units[u].abilities if ability else t.units[u].kind == kind for u in here)

    for faction in FACTIONS:
        if (only(faction, "ground", kind="structure") and units(OPPONENT[faction], "ground")
                and game.modify("structures-lost", True, faction=faction)):  # RS-ROE-02 keeps some
            for unit, n in sorted(units(faction, "ground").items()):
                destroy(game, unit, n)
    if only("empire", "space", ability="death-star-under-construction") and units("rebel", "space"):
        for unit, n in sorted(units("empire", "space").items()):
            destroy(game, unit, n)
    if only("rebel", "space", ability="rebel-transport") and units("empire", "space"):
        for unit, n in sorted(units("rebel", "space").items()):
            destroy(game, unit, n)
    if (only("empire", "space", ability="death-star") and units("rebel", "space") and not units("empire", "ground")
            and combat["rolled"].get("empire-space") == 0 and combat["plans_round"] != combat["round"]
            and any("ion-cannon" in t.units[u].abilities for u in units("rebel", "ground"))):
        game.push(RETREAT, faction="rebel", forced=True)
    check_battles(game)


def attack_dice(game, faction: str, theater: str) -> dict[str, int]:
    """RS-ATK-01: the dice of every unit of the theater; Ion Cannons take 2 red each from the enemy's space attack
    (RS-UNT-04); card effects (According to My Design) subtract before the cap of 5 red and 5 black (RB-CMB-05,
    RULINGS D-01)."""
    t = tables(game)
    facts = t.unit_facts
    system = state(game)["system"]
    pool: dict[str, int] = {}
    cannons = 0
    for unit, n in board.units_at(game, system).items():  # one pass: the side's units, and the enemy's cannons
        info = facts[unit]
        if info.faction == faction:
            if info.theater == theater:
                for colour, k in t.units[unit].attack.items():
                    pool[colour] = pool.get(colour, 0) + k * n
        elif theater == "space" and info.theater == "ground" and "ion-cannon" in t.units[unit].abilities:
            cannons += n
    if theater == "space":
        pool["red"] = pool.get("red", 0) - 2 * cannons
    for e in active_effects(game, "dice", faction, theater):
        for colour in ("red", "black"):
            pool[colour] = pool.get(colour, 0) + e.get(colour, 0)
    pool = game.modify("combat-dice", {c: max(0, n) for c, n in pool.items()}, faction=faction, theater=theater,
                       system=system)
    limits = game.modify("dice-limits", dict(t.dice_limits), faction=faction, theater=theater, purpose="combat")
    return {c: min(n, limits.get(c, n)) for c, n in pool.items() if n > 0}


def begin_battle_step(game: Game, theater: str) -> None:
    """A battle step of ``theater`` starts: nobody has attacked in it yet (RS-CMB-11/12). :func:`fight_battle`
    then records that the theater's battle is fought (once it is known to be contested)."""
    combat: Any = state(game)
    combat.update(step=theater, attacked=[])


def fight_battle(game: Game, theater: str) -> None:
    """The battle of ``theater`` is fought in this combat; its outcome is known when it ends (:func:`check_battles`)."""
    combat: Any = state(game)
    combat["battles"].setdefault(theater, None)


def combat_part(game: Game, key: str, make: Any) -> Any:
    """A plugin's own part of the combat under ``key`` (made by ``make()`` the first time), gone with the combat:
    what a plugin keeps for one combat only (Rise of the Empire's cinematic combat)."""
    combat: Any = state(game)
    part = combat.get(key)
    if part is None:
        part = combat[key] = make()
    return part


def attack_part(game: Game, key: str, make: Any) -> Any:
    """A plugin's own part of the attack in progress under ``key`` (made by ``make()`` the first time), gone with
    the attack."""
    combat: Any = state(game)
    attack = combat["attack"]
    part = attack.get(key)
    if part is None:
        part = attack[key] = make()
    return part


def mark_attack(game: Game, key: str) -> None:
    """Record under ``key`` that a plugin's once-per-attack act was taken in the attack in progress (Rise of the
    Empire's leader reroll); ``combat_state(game)["attack"].get(key)`` tells it."""
    attack_part(game, key, lambda: True)


def redirect_damage(game: Game, source: int, target: int, amount: int = 1) -> None:
    """Move ``amount`` of the new damage of the attack in progress from its target number ``source`` to number
    ``target`` (a card redirecting damage, before it is applied)."""
    combat: Any = state(game)
    targets = combat["attack"]["targets"]
    targets[source][2] -= amount
    targets[target][2] += amount


def spend_die(game: Game, index: int) -> None:
    """The attack's die number ``index`` is spent: a card or an effect used or cancelled it (RS-ATK)."""
    combat: Any = state(game)
    combat["attack"]["dice"][index]["spent"] = True


def add_damage(game: Game, unit: str, old: int, amount: int) -> None:
    """``amount`` more damage on one miniature of ``unit`` that had ``old`` (0: an undamaged one), RB-CMB-07."""
    combat: Any = state(game)
    damage = combat["damage"].setdefault(unit, [])
    if old:
        damage[damage.index(old)] += amount
    else:
        damage.append(amount)
    damage.sort(reverse=True)


def remove_damage(game: Game, unit: str, old: int) -> None:
    """One damage less on one miniature of ``unit`` that had ``old``; an undamaged miniature is no longer listed."""
    combat: Any = state(game)
    damage = combat["damage"][unit]
    damage[damage.index(old)] -= 1
    damage[:] = sorted((d for d in damage if d > 0), reverse=True)
    if not damage:
        del combat["damage"][unit]


def specials(attack: dict) -> list[int]:
    return [i for i, d in enumerate(attack["dice"]) if d["face"] == "special" and not d["spent"]]


def spend_special(attack: dict) -> None:
    attack["dice"][specials(attack)[0]]["spent"] = True


def action_options(game: Game, faction: str, theater: str) -> list[dict[str, Any]]:
    """RS-ATK-02: spend a special to draw a card of the theater; play a card of the theater (a special-icon card
    also spends a special). Block cards wait for the opponent's attack; a ``no-tactics`` effect forbids playing."""
    combat = state(game)
    has_special = bool(specials(combat["attack"]))
    words = N_("Spend a special to draw a space tactic card") if theater == "space" else \
        N_("Spend a special to draw a ground tactic card")
    out = [{"id": "draw", "label": words}] if has_special else []
    held = tactic_hand(game, faction)
    if held and not active_effects(game, "no-tactics", faction, theater):  # an empty hand (cinematic combat): no test
        for card in sorted(set(held)):
            info = tactic(game, card)
            if info.theater == theater and not info.block and (has_special or not info.special):
                out.append({"id": f"play:{card}", "label": text(game, N_("Play {card}"), card=card)})
    return out + yoda_combat_options(game, faction, combat["system"])  # Seek Yoda's ring


def targets_of(game, faction: str, theater: str) -> list[list]:
    """The enemy units that can take damage, one ``[unit, damage so far, new damage]`` per miniature (RB-CMB-04;
    never the Death Star, RB-DS-02, FAQ-52)."""
    combat = state(game)
    out = []
    for unit, n in sorted(board.faction_units(game, combat["system"], faction, theater).items()):
        if health(game, unit) is None:
            continue
        damage = combat["damage"].get(unit, [])
        out += [[unit, damage[i] if i < len(damage) else 0, 0] for i in range(n)]
    return out


def target_options(game, attack: dict, result: dict) -> dict[str, int]:
    """Legal targets of one result, one option per distinct (unit, old damage, new damage): a hit only on the
    matching health colour, a direct hit or card damage on any unit (RS-ATK-05/06, RS-ATK-10); damage of a
    'different units' card never twice on one unit, nor card damage ``only`` for some units on another."""
    units = tables(game).units
    used = attack["used"].get(result.get("group") or "", [])
    colour, only = result["colour"], result.get("only")
    out: dict[str, int] = {}
    last = None
    for i, target in enumerate(attack["targets"]):
        if i in used:
            continue
        unit, old, new = target
        # a miniature like the last one offered (the targets go by unit type): its key is made already
        if (colour and units[unit].health_colour != colour) or target == last or (
                only is not None and unit not in only):
            continue
        last = target
        out.setdefault(f"{unit}:{old}:{new}", i)
    return out


def target_labels(game, options: dict[str, int]) -> list[dict]:
    """The options of :func:`target_options`, labelled. The same few (unit, damage) keys come back at every result
    assigned, so each option is made once per rules (:func:`made_options`)."""
    return made_options(game, _TARGET_OPTIONS, options, _target_label)


def _target_label(game, key: str) -> str:
    unit, old, new = key.split(":")
    return text(game, N_("{unit} (damage {old}, +{new} in this attack)"), unit=unit, old=int(old), new=int(new))


_TARGET_OPTIONS = "base.target-options"


def blocks_allowed(game, faction: str, theater: str) -> bool:
    return not active_effects(game, "no-block", faction, theater)


def block_options(game, faction: str, theater: str) -> list[dict]:
    """Block cards of the theater; one that costs a discard needs another card of the theater (RS-ATK-07)."""
    held = tactic_hand(game, faction)
    same_theater = sum(1 for c in held if tactic(game, c).theater == theater)
    out = []
    for card in sorted(set(held)):
        info = tactic(game, card)
        if info.theater == theater and info.block and same_theater - 1 >= info.cost:
            out.append({"id": f"play:{card}", "label": text(game, N_("Play {card}"), card=card)})
    return out


def block_targets(attack: dict) -> dict[str, int]:
    """Units with damage assigned in this attack, which a block may cancel (earlier markers cannot be, RS-ATK-07)."""
    out: dict[str, int] = {}
    for i, (unit, old, new) in enumerate(attack["targets"]):
        if new:
            out.setdefault(f"{unit}:{old}:{new}", i)
    return out


def retreat_leaders(game, faction: str) -> list[str]:
    """The side's free leaders there who may lead a retreat: not one a card lent to this combat (Ready for
    Action: ``place_leader`` with ``until: end-of-combat``)."""
    combat = state(game)
    lent = combat.get("lent", ())
    return [l for l in board.leaders_at(game, combat["system"], faction, captured=False) if l not in lent]


def may_retreat(game, faction: str) -> bool:
    """RB-RET-03, RS-RET-02/03/07/08/10, RB-DS-05: once per combat, with a free leader there, while the enemy has
    units there, never for the Empire beside a Death Star or DSUC, and only if units can actually leave."""
    combat = state(game)
    system = combat["system"]
    t = tables(game)
    if combat["retreated"][faction] or not retreat_leaders(game, faction):
        return False
    if not board.has_units(game, system, OPPONENT[faction]):
        return False
    if faction == "empire" and any(DEATH_STARS & set(t.units[u].abilities) for u in board.faction_units(game, system, faction)):
        return False
    if active_effects(game, "no-retreat", faction):
        return False
    group = retreat_group(game, faction)
    if not group.chosen and not group.options():
        return False
    return game.modify("can-retreat", True, faction=faction, system=system)


def retreat_group(game, faction: str) -> Group:
    """Every ship that can move goes (RB-RET-01); ground units and TIE Fighters may go as cargo (RB-RET-07), or on
    their own with Escape Plan (RS-ATK: ``ignore-transport``); immobile units and captured leaders stay
    (RB-RET-02/08)."""
    t = tables(game)
    group = Group(game, faction, state(game)["system"], {}, [], purpose="retreat")
    if active_effects(game, "ignore-transport", faction):
        group.cargo = set()
    group.chosen.update({u: n for u, n in group.available.items() if t.units[u].is_ship and not t.units[u].needs_transport})
    return group


def retreat_destinations(game, faction: str) -> list[str]:
    """RB-RET-04, RS-RET-05/06, FAQ-47, RULINGS D-07: an adjacent system (never the Rebel Base space) with no enemy
    units, not the one the enemy came from to start this combat; one with the side's own units or loyalty if any."""
    combat = state(game)
    t = tables(game)
    enemy = OPPONENT[faction]
    barred = set(combat["origins"]) if combat["initiator"] == enemy else set()
    legal = [s for s in sorted(t.adjacent.get(combat["system"], ())) if s not in barred and not board.has_units(game, s, enemy)]
    own = [s for s in legal if board.has_units(game, s, faction) or board.system(game, s)["loyalty"] == faction]
    return game.modify("retreat-destinations", own or legal, faction=faction, system=combat["system"])


def retreat(game: Game, faction: str, to: str, units: dict[str, int], leader: str) -> None:
    """Move the retreating leader and units (RS-RET-03); they leave their damage behind (RS-RET-11): the most
    damaged go, since that never hurts the side."""
    combat = state(game)
    for unit, n in units.items():
        damage = combat["damage"].get(unit, [])
        del damage[:n]
        if not damage:
            combat["damage"].pop(unit, None)
    move_units(game, faction, combat["system"], to, units, [leader], event="retreat")
    combat["retreated"][faction] = True
    board.check_base_reveal(game)
    check_battles(game)


def is_plans(card) -> bool:
    return any(step.op == "death_star_plans" for step in card.effect)


def plans_window(game) -> bool:
    """RB-DSP-01/02/05/06, RS-DSP-01, FAQ-55: after a space battle step, no objective yet in this combat, no Death
    Star Plans yet this round, a Rebel fighter and a Death Star or DSUC in the system. Public facts only: the
    Rebel is asked even without the card, so the question reveals nothing (RB-OBJ-09)."""
    combat = state(game)
    t = tables(game)
    system = combat["system"]
    return (not combat["objective_played"] and combat["plans_round"] != combat["round"]
            and bool(cards.hand(game, "rebel", "objectives"))
            and any(t.units[u].kind == "fighter" for u in board.faction_units(game, system, "rebel", "space"))
            and bool(plans_targets(game, system)))


def plans_targets(game, system: str) -> list[str]:
    """The Death Stars and Death Stars Under Construction there that Death Star Plans may destroy (RB-DSP-02);
    ``game.modify("plans-targets", ...)`` lets an expansion shield some (Rise of the Empire's Shield Bunker)."""
    t = tables(game)
    stations = sorted(u for u in board.faction_units(game, system, "empire", "space") if DEATH_STARS & set(t.units[u].abilities))
    return game.modify("plans-targets", stations, system=system)
