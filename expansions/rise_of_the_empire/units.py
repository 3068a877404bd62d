"""The Shield Bunker and the Interdictor (RE-UNT-01..08, FAQ-122/124/125), deploy order (RE-DEP-01) and structures
in a fought round (RS-ROE-02). Each ability is named by the unit's ``abilities`` data and works only while such a
unit is in the system, so it stops the moment the last one is destroyed (RE-UNT-05, RE-UNT-08).

Shield Bunker (RE-UNT-02..04):
* a Death Star or Death Star Under Construction in its system takes no damage (``"unit-health"``: none), cannot be
  destroyed (``"destroyable"``) and is no target of Death Star Plans (``"plans-targets"``);
* it may be deployed to any system with an Imperial ground unit and no Rebel unit (``"deploy-targets"``);
* while it stands in a remote system without Rebel units, the Empire deploys there as into an Imperial system, but
  not in the deploy step the Bunker itself arrives in; a Death Star arriving there counts toward the 2-unit limit.
  A lone Death Star Under Construction it keeps alive against Rebel ships (RS-CMB-16 cannot remove it) cannot
  fight either: as with the silenced Death Star of RS-CMB-18, the Rebel ships must then retreat or are destroyed
  (our decision, so that such a combat ends).

Interdictor (RE-UNT-06/07): Rebel units cannot retreat from its system (``"can-retreat"``) and Rebel unit abilities
do not work there: the Ion Cannon's 2 fewer Imperial red dice (``"combat-dice"``), the Shield Generator's card
(cinematic.py) and the retreat of Escape Plan (ops.py). RE-UNT-07's "skills" is not explained (seed silent): leader
skills and advanced tactic cards other than retreats keep working.
"""

from __future__ import annotations

import dataclasses

from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.board import DEPLOY_LIMIT
from swrebellion.i18n import N_

from .markers import on_board
from .state import roe

BUNKER = "shield-bunker"
INTERDICTOR = "interdictor"
STATIONS = frozenset({"death-star", "death-star-under-construction"})


def has_ability(game, system: str, faction: str, ability: str) -> bool:
    return not _having(game, ability, faction).isdisjoint(api.board.units_at(game, system))


def _having(game, ability: str, faction: str | None = None) -> frozenset[str]:
    """The unit types (of the side, when given) whose printed ``abilities`` name ``ability``: found once per rules,
    not read unit by unit at every combat roll, damage and deployment that asks."""
    cache = game.rules.cache.setdefault(_HAVING, {})
    key = (ability, faction)
    found = cache.get(key)
    if found is None:
        found = cache[key] = frozenset(u for u, info in api.content.units(game).items()
                                       if ability in info.abilities and faction in (None, info.faction))
    return found


_HAVING = "rise-of-the-empire.units-having"


def bunker_in(game, system: str) -> bool:
    return has_ability(game, system, "empire", BUNKER)


def interdicted(game, system: str, faction: str) -> bool:
    """RE-UNT-07: Rebel abilities do not work in a system holding an Interdictor."""
    return faction == "rebel" and has_ability(game, system, "empire", INTERDICTOR)


def _is_station(game, unit: str) -> bool:
    """A Death Star or Death Star Under Construction: asked for every unit dealt damage (``"unit-health"``)."""
    try:
        stations = game.rules.cache[_STATIONS]
    except KeyError:
        stations = game.rules.cache[_STATIONS] = frozenset().union(*(_having(game, a) for a in STATIONS))
    return unit in stations


_STATIONS = "rise-of-the-empire.stations"


# -- Shield Bunker: protection (RE-UNT-02, FAQ-122) ---------------------------------------------------------------


def unit_health(game, value, context):
    if _is_station(game, context["unit"]) and bunker_in(game, context["system"]):
        return 0  # no health there: it cannot be dealt damage (base api.combat.health reads 0 as None)
    return None


def destroyable(game, value, context):
    if value and _is_station(game, context["unit"]) and bunker_in(game, context["system"]):
        game.log("protected", unit=context["unit"], system=context["system"], by=BUNKER)
        return 0
    return None


def plans_targets(game, value, context):
    """A Shield Bunker there shields the station; the Secure the Plans target marker, anywhere, stops Death Star
    Plans altogether (card-effects-missions-objectives.md, Secure the Plans)."""
    blocked = bunker_in(game, context["system"]) or on_board(game, "secure-the-plans")
    return [] if value and blocked else None


# -- Shield Bunker: deployment (RE-UNT-03/04, FAQ-124) --------------------------------------------------------------


def _bunkers_before_this_step(game, system: str) -> int:
    here = api.board.units_at(game, system).get(BUNKER, 0)
    arrived = roe(game)["bunker_arrivals"].get(system)
    if arrived and arrived[0] == api.board.round_number(game):
        here -= arrived[1]
    return here


def reinforced(game, system: str) -> bool:
    """RE-UNT-04: a remote system with a Shield Bunker that was there before this deploy step, and no Rebel unit."""
    return (api.board.is_remote(game, system) and not api.board.has_units(game, system, "rebel")
            and _bunkers_before_this_step(game, system) > 0)


def _deployed_here(game, system: str) -> int:
    record = roe(game)["deployed"]
    return record["to"].get(system, 0) if record["round"] == api.board.round_number(game) else 0


def deploy_targets(game, value, context):
    if context["faction"] != "empire":
        return None
    unit = context["unit"]
    systems = api.board.systems(game)
    if unit == "death-star":  # it may only join the DSUC; in a reinforced system the 2-unit limit applies
        out = [s for s in value if not (reinforced(game, s) and _deployed_here(game, s) >= DEPLOY_LIMIT)]
        return out if out != value else None
    # a reinforced system holds a Shield Bunker: only those are tested
    units = api.board.units_by_location(game)
    extra = sorted([s for s, here in units.items()
                    if BUNKER in here and s in systems and s not in value and reinforced(game, s)])
    if unit == BUNKER:  # only systems holding units can hold an Imperial ground unit: the others are not tested
        extra += sorted(s for s in units if s in systems and s not in value and s not in extra
                        and api.board.has_units(game, s, "empire", "ground") and not api.board.has_units(game, s, "rebel"))
    return value + extra if extra else None


def on_deployed(game, event) -> None:
    section, now = roe(game), api.board.round_number(game)
    record = section["deployed"]
    if record["round"] != now:
        record.update(round=now, to={})
    record["to"][event["to"]] = record["to"].get(event["to"], 0) + 1
    if event["unit"] == BUNKER:
        arrivals = section["bunker_arrivals"]
        seen = arrivals.get(event["to"])
        count = seen[1] + 1 if seen and seen[0] == now else 1
        arrivals[event["to"]] = [now, count]


def deploy_order(game, value, context):
    """RE-DEP-01: when it matters, the Rebel deploys first (the base order already is; kept so)."""
    return ["rebel", "empire"] if list(value) != ["rebel", "empire"] else None


# -- Interdictor (RE-UNT-06..08, FAQ-125) ---------------------------------------------------------------------------


def can_retreat(game, value, context):
    return False if value and interdicted(game, context["system"], context["faction"]) else None


def combat_dice(game, value, context):
    """RE-UNT-07: an Interdictor silences the Rebel Ion Cannons' cut of the Imperial red dice (RS-UNT-04): the red
    count is taken again without it."""
    system = context["system"]
    if context["faction"] != "empire" or context["theater"] != "space" or not interdicted(game, system, "rebel"):
        return None
    if not has_ability(game, system, "rebel", "ion-cannon"):
        return None
    red = sum(api.content.unit(game, u).attack.get("red", 0) * n
              for u, n in api.board.faction_units(game, system, "empire", "space").items())
    red += sum(e.get("red", 0) for e in api.combat.effects(game, "dice", "empire", "space"))
    return {**value, "red": max(0, red)}


# -- structures (RS-ROE-02) -----------------------------------------------------------------------------------------


def structures_lost(game, value, context):
    """RS-ROE-02: structures that are their side's last ground units survive the round if it rolled dice in that
    round's ground battle (the Golan Arms Turret rolls green dice)."""
    rolled = api.combat.state(game)["rolled"].get(f"{context['faction']}-ground", 0)
    return False if value and rolled else None


# -- combat odds (issue 34) -----------------------------------------------------------------------------------------


def combat_odds(game, value, context):
    """What the odds calculator follows here: cinematic combat's repairs with specials (RE-CIN-15) and lone
    structures kept when they rolled (RS-ROE-02); a Shield Bunker among the units shields the stations (RE-UNT-02),
    an Interdictor silences the Ion Cannons (RE-UNT-07)."""
    units = set(context["units"])
    untouchable = value.untouchable
    if units & _having(game, BUNKER, "empire"):
        untouchable = untouchable | (_having(game, "death-star") | _having(game, "death-star-under-construction"))
    return dataclasses.replace(
        value, repair=True, structures_kept_if_rolled=True, untouchable=untouchable,
        ion_cannons=value.ion_cannons and not units & _having(game, INTERDICTOR, "empire"),
        left_out=(*value.left_out, N_("the Shield Generator's card taken back and the Interdictor's silencing of "
                                      "Rebel abilities other than the Ion Cannons'")))
