"""How the heuristic scores the options of each base-game decision kind.

Each scorer takes ``(agent, seen, decision)`` and returns ``{option id: score}``; the agent picks the best. Scores
are comparable only within one decision. Kinds not listed here go to ``generic`` (agent module).
"""

from __future__ import annotations

import math

from ...tables import BASE_SPACE
from ...odds import OddsError, odds
from ...worth import damage_score
from . import command
from .hiding import TEMPERATURE, base_odds, hiding_place
from .cards import base_threat, card_ops, mission_worth, objective_goals, rebel_goals
from .seen import EXACT_UNITS, Seen, battle

DECLINE = ("none", "pass", "done", "stay", "keep", "skip", "no")


def ids(decision) -> list[str]:
    return [o.id for o in decision.options]


def flat(decision, value: float = 0.0) -> dict[str, float]:
    return {o.id: value for o in decision.options}


def prefer_acting(decision, act: float = 1.0) -> dict[str, float]:
    """Play what is offered rather than decline (cards in hand are there to be used)."""
    return {o.id: (0.0 if o.id in DECLINE else act) for o in decision.options}


# -- setup ------------------------------------------------------------------------------------------------------------


def place_starting_unit(agent, s: Seen, d) -> dict[str, float]:
    """The Empire spreads its army over its systems, so that every front has ships to carry ground units; the
    Rebels keep theirs hidden on the Rebel Base space."""
    if s.faction == "rebel":
        return {o.id: (1.0 if o.id == BASE_SPACE else 0.0) for o in d.options}
    return {o.id: -0.1 * s.army_value(s.units(o.id, "empire")) + 0.2 * len(s.adjacent(o.id)) for o in d.options}


def rebel_start_system(agent, s: Seen, d) -> dict[str, float]:
    return {o.id: (1.0 if o.id == "none" else 0.0) for o in d.options}


def choose_base(agent, s: Seen, d) -> dict[str, float]:
    """A good hiding place, not always the same one: each system is chosen with a chance in proportion to
    exp(``hiding_place`` / ``TEMPERATURE``) (the largest score after Gumbel noise), so an Empire that knows how
    the Rebels hide still has several systems to search (the ``hiding.base_odds`` prior is this very chance)."""
    return {o.id: hiding_place(s, s.t.probes.get(o.id, o.id)) / TEMPERATURE - math.log(-math.log(
        max(agent.noise(), 1e-12))) for o in d.options}


def relocate_base(agent, s: Seen, d) -> dict[str, float]:
    """Rapid Mobilization: move when the Empire is closing in (RB-RLC)."""
    threat = base_threat(s)
    here = hiding_place(s, s.own_base) if s.own_base else 0.0
    out = {}
    for o in d.options:
        if o.id == "stay":
            out[o.id] = 0.0
        else:
            out[o.id] = hiding_place(s, s.t.probes.get(o.id, o.id)) - here + 6.0 * threat - 1.5
    return out


# -- assignment -------------------------------------------------------------------------------------------------------


def meets(s: Seen, card: str, leaders: list[str]) -> bool:
    needs = s.t.missions[card].requires
    return all(sum(s.t.leaders[l].skills.get(k, 0) for l in leaders) >= n for k, n in needs.items())


def leader_costs(agent, s: Seen, pool: list[str]):
    """What leaders are worth kept in the pool, as a function of the team taken from it: each activator left is one
    activation this round (RB-MOV-13), so taking some costs the best activations they would have made; and a reserve
    for opposing (RB-MIS-06). What does not depend on the team is read once."""
    activators = [l for l in pool if s.t.leaders[l].has_tactics]
    values = command.activation_values(agent, s)

    def cost(leaders: list[str]) -> float:
        after = len(activators) - sum(1 for l in activators if l in leaders)
        lost = sum(values[after:len(activators)])
        total = 0.35 * len(leaders) + 0.7 * lost
        if len(pool) - sum(1 for l in pool if l in leaders) < agent.reserve:
            total += 1.0
        return total

    return cost


def best_assignment(agent, s: Seen, cards: list[str], threshold: float = 0.6) -> tuple[float, str | None, list[str]]:
    """The best (value, card, leaders) among ``cards`` with the pool's leaders, if worth more than ``threshold``."""
    pool = s.pool()
    best: tuple[float, str | None, list[str]] = (threshold, None, [])
    cost = None
    for card in cards:
        if card not in s.t.missions:
            continue
        worth = mission_worth(s, card)
        if worth <= 0:
            continue
        teams = [[l] for l in pool if meets(s, card, [l])]
        teams += [[a, b] for i, a in enumerate(pool) for b in pool[i + 1:] if meets(s, card, [a, b])]
        for team in teams:
            if cost is None:
                cost = leader_costs(agent, s, pool)
            value = worth * command.mission_success(s, card, team) - cost(team)
            if value > best[0]:
                best = (value, card, team)
    return best


def assign_card(agent, s: Seen, d) -> dict[str, float]:
    cards = [o.id.partition(":")[2] for o in d.options if o.id.startswith("assign:")]
    out = {o.id: (0.0 if o.id == "done" else -1.0) for o in d.options}  # a card not worth its leaders: stop
    for o in d.options:
        if o.id.startswith("action:"):
            out[o.id] = 0.8  # an Assignment action card: played when it can be
    for card in sorted(set(cards)):
        value, _, team = best_assignment(agent, s, [card])
        if team:
            out[f"assign:{card}"] = value
            agent.pending_plans[f"assign:{card}"] = ("assign", card, team)
    return out


def assign_first(agent, s: Seen, d) -> dict[str, float]:
    plan = agent.recall(d) or _assignment_from_prompt(agent, s, d)
    out = {o.id: 0.0 for o in d.options}
    if plan and plan[2] and plan[2][0] in out:
        out[plan[2][0]] = 1.0
        agent.pending_plans["*"] = plan
        return out
    return {o.id: float(sum(s.t.leaders[o.id].skills.values())) if o.id in s.t.leaders else 0.0 for o in d.options}


def _assignment_from_prompt(agent, s: Seen, d):
    """The card being assigned when the choice of it was not ours to remember (a search chose it)."""
    card = _card_from_label(s, d.prompt, s.t.missions)
    if card is None:
        return None
    _, _, team = best_assignment(agent, s, [card], threshold=-99.0)
    return ("assign", card, team) if team else None


def assign_second(agent, s: Seen, d) -> dict[str, float]:
    plan = agent.recall(d)
    out = {o.id: 0.0 for o in d.options}
    if plan and plan[0] == "assign":
        second = plan[2][1] if len(plan[2]) > 1 else "none"
        if second in out:
            out[second] = 1.0
            return out
    if "none" in out:
        out["none"] = 0.5
    return out


# -- the Command Phase ------------------------------------------------------------------------------------------------


def command_action(agent, s: Seen, d) -> dict[str, float]:
    scores, plans = command.command_scores(agent, s, d)
    agent.pending_plans.update(plans)
    return scores


def _activation(agent, s: Seen, d):
    """The activation under way: remembered, or planned again from the logged activation (``activate`` event)."""
    plan = agent.recall(d)
    if plan is None:
        event = s.recent_event("activate")
        if event and event.get("faction") == s.faction and isinstance(event.get("system"), str):
            plan = command.plan_activation(agent, s, event["system"], [event.get("leader")], moving=True)
    return plan


def _follow(agent, d, plan, choice: str) -> dict[str, float]:
    """Score the step of a planned activation and keep the plan for the next step."""
    agent.pending_plans["*"] = plan
    return {o.id: (1.0 if o.id == choice else 0.0) for o in d.options}


def activation_leader(agent, s: Seen, d) -> dict[str, float]:
    plan = agent.recall(d)
    return _follow(agent, d, plan, command.activation_leader(plan, s, d))


def move_from(agent, s: Seen, d) -> dict[str, float]:
    plan = _activation(agent, s, d)
    return _follow(agent, d, plan, command.move_from(plan, d))


def move_units(agent, s: Seen, d) -> dict[str, float]:
    plan = agent.recall(d)
    return _follow(agent, d, plan, command.move_units(plan, s, d))


# -- missions ---------------------------------------------------------------------------------------------------------


def oppose(agent, s: Seen, d) -> dict[str, float]:
    """Send the leader who most lowers the mission's chance, when the mission is worth stopping (RB-MIS-06)."""
    mission = s.recent_event("mission-revealed")
    out = {o.id: 0.0 for o in d.options}
    if mission is None or mission.get("card") not in s.t.missions:
        return out
    card, leaders = mission["card"], mission.get("leaders", [])
    harm = threat_of(s, card)
    ours = command.mission_dice(s, card, leaders)
    bonus = command.portrait_bonus(s, card, leaders)
    unopposed = 1.0
    for o in d.options:
        if o.id == "none" or o.id not in s.t.leaders:
            continue
        theirs = command.mission_dice(s, card, [o.id])
        chance = command.success_chance(ours, theirs, bonus)
        cost = 0.4 + 0.15 * (s.t.leaders[o.id].tactics.space + s.t.leaders[o.id].tactics.ground) * (s.data.get("phase") == "command")
        out[o.id] = harm * (unopposed - chance) * agent.opposition - cost
    return out


def threat_of(s: Seen, card: str) -> float:
    """How much the other side gains from a mission (its worth to them, roughly)."""
    from .cards import OP_WORTH, PLUMBING, UNKNOWN_OP

    worth = sum(OP_WORTH.get(op, UNKNOWN_OP) for op in card_ops(s, "missions", card) if op not in PLUMBING)
    if s.faction == "rebel" and any(op in ("draw_probes", "tell_base", "name_systems") for op in card_ops(s, "missions", card)):
        worth *= 1.5 if not s.base_revealed else 0.1
    return worth


def choose_system(agent, s: Seen, d) -> dict[str, float]:
    """Where a card takes place or acts, by what its ops do (``card_in_play``)."""
    card, kind = s.card_in_play()
    ops = set(card_ops(s, kind, card)) if card else set()
    out = {}
    for o in d.options:
        x = o.id
        if x not in s.systems:
            out[x] = 0.0
            continue
        score = -0.05 * s.army_value(s.units(x, s.faction))  # mission leaders pin the units there (RB-MOV-10)
        if "gain_loyalty" in ops:
            score += loyalty_target(s, x)
        if "lose_loyalty" in ops:
            score += 3.0 if s.systems[x]["loyalty"] == s.enemy else -1.0
        if ops & {"destroy_units", "destroy_queued"}:
            score += 0.3 * s.army_value(s.units(x, s.enemy))
        if "place_sabotage" in ops:
            score += s.resources(x) + (2.0 if s.imperial(x) else 0.0) - (5.0 if s.systems[x]["sabotage"] else 0.0)
        if "gain_units" in ops and s.faction == "rebel":
            base = s.own_base
            score += 2.0 - 0.5 * (s.distance(x, base) if base else 3) + 0.5 * (not s.has(x, "rebel"))
        if "destroy_system" in ops and s.faction == "empire":
            goals = [s.base_revealed] if s.base_revealed else s.base_candidates
            score += 50.0 / max(len(goals), 1) * (x in goals) - 3.0 * s.loyal_to(x, "empire")
        if "tell_base" in ops:
            candidates = s.base_candidates
            region = s.t.systems[x].region
            score += 3.0 * (x in candidates) + 0.5 * sum(1 for c in candidates if s.t.systems[c].region == region)
        if "draw_probes" in ops:
            score += 0.1 * s.army_value(s.units(BASE_SPACE, "rebel"))
        out[x] = score + 0.001 * agent.noise()
    return out


def loyalty_target(s: Seen, x: str) -> float:
    """Worth of one loyalty for the acting side in system ``x`` (RB-LOY)."""
    info = s.t.systems[x]
    if not info.populous or info.fixed_loyalty:
        return -5.0
    loyalty = s.systems[x]["loyalty"]
    if loyalty == s.faction:
        return -3.0
    score = 1.0 + 0.6 * s.resources(x) + (1.5 if loyalty == s.enemy else 0.0)
    if s.faction == "rebel":
        goals = rebel_goals(s)
        score += 0.8 * goals.get("loyalty", 0)
        if s.systems[x]["subjugated"] or s.has(x, "empire", "ground"):
            score -= 1.5
        base = s.own_base
        if base:
            score += 0.5 * (s.distance(x, base) <= 1)
    else:
        score += 0.8 * s.has(x, "empire")
    return score


def choose_leader(agent, s: Seen, d) -> dict[str, float]:
    """A leader to act on: the other side's most useful one, or one's own most useful to protect."""
    out = {}
    for o in d.options:
        info = s.t.leaders.get(o.id)
        out[o.id] = 0.0 if info is None else sum(info.skills.values()) + 0.5 * (info.tactics.space + info.tactics.ground)
    return out


def unit_worth(agent, s: Seen, d) -> dict[str, float]:
    return {o.id: s.unit_value(o.id) if o.id in s.t.units else 0.0 for o in d.options}


def mission_cards(agent, s: Seen, d) -> dict[str, float]:
    """Keep, take or assign the mission card worth most now."""
    return {o.id: mission_worth(s, o.id) if o.id in s.t.missions else 0.0 for o in d.options}


def discard_mission(agent, s: Seen, d) -> dict[str, float]:
    return {o.id: -mission_worth(s, o.id) if o.id in s.t.missions else 0.0 for o in d.options}


def keep_objective(agent, s: Seen, d) -> dict[str, float]:
    """The objective most within reach: goals the board already leans toward."""
    out = {}
    for o in d.options:
        card = _card_from_label(s, o.label, s.t.objectives)
        goals = objective_goals(s, card) if card else set()
        out[o.id] = ((s.t.objectives[card].reputation or 1) if card else 0) + (0.5 if "loyalty" in goals or "spread" in goals else 0)
    return out


def _card_from_label(s: Seen, label: str, table: dict) -> str | None:
    for card_id in table:
        if s.names.get(card_id, card_id) in label:
            return card_id
    return None


def recruit(agent, s: Seen, d) -> dict[str, float]:
    out = {}
    for o in d.options:
        info = s.t.leaders.get(o.id)
        out[o.id] = 0.0 if info is None else 1 + sum(info.skills.values()) + 0.5 * (info.tactics.space + info.tactics.ground)
    return out


# -- refresh ----------------------------------------------------------------------------------------------------------


def build_mode(agent, s: Seen, d) -> dict[str, float]:
    return {o.id: (1.0 if o.id == "all" else 0.0) for o in d.options}


def build_unit(agent, s: Seen, d) -> dict[str, float]:
    out = {}
    for o in d.options:
        unit = (o.data or {}).get("unit") if isinstance(o.data, dict) else None
        out[o.id] = s.unit_value(unit) if unit else 0.0
    return out


def deploy_unit(agent, s: Seen, d) -> dict[str, float]:
    """Rebels guard the hidden base and then spread out; the Empire moves toward where the base may be."""
    out = {}
    candidates = s.base_candidates if s.faction == "empire" and not s.base_revealed else []
    target = s.base_revealed
    for o in d.options:
        x = o.id
        if s.faction == "rebel":
            if x == BASE_SPACE:
                guard = s.army_value(s.units(BASE_SPACE, "rebel"))
                out[x] = 3.0 + 4.0 * base_threat(s) - 0.08 * guard
            elif x in s.systems:
                out[x] = 1.0 + 0.8 * (not s.has(x, "rebel")) * (1 + rebel_goals(s).get("spread", 0)) \
                    - 0.5 * any(s.has(n, "empire", "ground") for n in s.adjacent(x) | {x}) \
                    + (2.0 if x == target else 0.0)
            else:
                out[x] = 0.0
        else:
            if x not in s.systems:
                out[x] = 0.0
                continue
            odds = base_odds(s) if target or candidates else {}
            likely = max(odds.values(), default=0.0)
            # nearest to the systems most likely to hold the base (all of them when the Empire has no hunch)
            near = min((s.distance(x, c) for c, p in odds.items() if p >= 0.5 * likely), default=4)
            unit = _deployed_unit(s, d)
            ships = s.capacity(s.units(x, "empire"))
            carried = unit is not None and s.t.units[unit].needs_transport
            # ground units where ships can carry them, ships where the army is (RB-MOV-06)
            out[x] = -near + (1.5 if carried and ships else -1.0 if carried else 0.0) \
                + 0.05 * s.army_value(s.units(x, "empire"))
    return out


def _deployed_unit(s: Seen, d) -> str | None:
    """The unit a deploy decision is about, from its prompt ("Deploy a Rebel Trooper")."""
    for unit in s.t.units:
        if d.prompt.endswith(" " + s.names.get(unit, unit)):
            return unit
    return None


def objective_play(agent, s: Seen, d) -> dict[str, float]:
    """Score an objective whenever the rules offer one (RB-OBJ-02, RB-OBJ-08)."""
    return {o.id: (0.0 if o.id in DECLINE else 10.0) for o in d.options}


# -- combat -----------------------------------------------------------------------------------------------------------


def assign_damage(agent, s: Seen, d) -> dict[str, float]:
    """Destroy the most valuable unit the damage can finish, else pile damage on the closest to dying."""
    out = {}
    for o in d.options:
        parts = o.id.split(":")
        unit = parts[0]
        info = s.t.units.get(unit)
        if info is None or len(parts) != 3 or not info.health:
            out[o.id] = 0.0
            continue
        out[o.id] = damage_score(s.unit_value(unit), info.health, int(parts[1]), int(parts[2]))
    return out


def block_damage(agent, s: Seen, d) -> dict[str, float]:
    """Cancel damage where it would destroy the most valuable unit."""
    out = {}
    for o in d.options:
        parts = o.id.split(":")
        info = s.t.units.get(parts[0])
        if info is None or len(parts) != 3:
            out[o.id] = 0.0
            continue
        old, new = int(parts[1]), int(parts[2])
        dying = old + new >= (info.health or 99)
        out[o.id] = s.unit_value(parts[0]) * (2.0 if dying else 0.5)
    return out


def retreat(agent, s: Seen, d) -> dict[str, float]:
    """Stay when the battle can be won or when the system is the revealed base (leaving loses it); retreat from a
    hopeless one to the neighbour with the most friendly units (RB-RET)."""
    combat = s.data.get("combat") or {}
    where = combat.get("system")
    out = {o.id: 0.0 for o in d.options}
    if where is None:
        return out
    mine, theirs = s.units(where, s.faction), s.units(where, s.enemy)
    left_m = left_e = 0.0
    fought = 0
    for theater in ("space", "ground"):
        m = {u: n for u, n in mine.items() if s.t.units[u].theater == theater}
        e = {u: n for u, n in theirs.items() if s.t.units[u].theater == theater}
        if m and e:
            a, b = battle(s, m, e, theater)
            left_m += a
            left_e += b
            fought += 1
    if not fought:
        return out
    hopeless = left_m / fought < 0.25 and left_e / fought > 0.35
    if agent.exact_odds:
        hopeless = _hopeless(s, combat, mine, theirs, hopeless)
    at_base = s.base_revealed == where and s.faction == "rebel"
    for o in d.options:
        if o.id == "stay":
            out[o.id] = 1.0 if (not hopeless or at_base) else 0.0
        else:
            out[o.id] = (2.0 if hopeless and not at_base else -1.0) + 0.01 * s.army_value(s.units(o.id, s.faction))
    return out


def _hopeless(s: Seen, combat: dict, mine: dict, theirs: dict, estimate: bool) -> bool:
    """With the ``exact_odds`` knob: the battle is hopeless when, on average over the theaters fought, this side's
    chance to win (the enemy wiped out, some of its own units left) is under 1/4 and the enemy's over 1/2, from the
    exact odds of the forces as they stand, with the damage they carry (issue 34). Forces too large for a quick
    answer (more than :data:`~.seen.EXACT_UNITS`, or not answered at once: ``odds(quick=True)``) keep the
    estimate."""
    units = s.t.units
    for force in (mine, theirs):
        for theater in ("space", "ground"):
            if sum(n for u, n in force.items() if units[u].theater == theater) > EXACT_UNITS:
                return estimate
    first = combat.get("current", s.faction)
    attacker, defender = (mine, theirs) if first == s.faction else (theirs, mine)
    try:
        damage = {u: [m for m in marks if m] for u, marks in (combat.get("damage") or {}).items()
                  if u in mine or u in theirs}
        answer = odds(s.game, attacker, defender, damage=damage, quick=True)
    except OddsError:
        return estimate
    fought = [t for name, t in answer.theaters.items() if name != "combat"]
    if not fought:
        return estimate
    me, enemy = s.faction, s.enemy
    mine_wins = sum(t.wiped[enemy] - t.both_wiped for t in fought) / len(fought)
    theirs_wins = sum(t.wiped[me] - t.both_wiped for t in fought) / len(fought)
    return mine_wins < 0.25 and theirs_wins > 0.5


def retreat_units(agent, s: Seen, d) -> dict[str, float]:
    """Take along whatever fits (ground units and fighters left behind would die)."""
    return {o.id: (0.0 if o.id == "done" else 2.0 if o.id.startswith("all:") else 1.0) for o in d.options}


def cheapest_leader(agent, s: Seen, d) -> dict[str, float]:
    return {o.id: -sum(s.t.leaders[o.id].skills.values()) if o.id in s.t.leaders else 0.0 for o in d.options}


def add_leader(agent, s: Seen, d) -> dict[str, float]:
    """Join a combat with a leader whose tactic values draw cards (RB-CMB-09), if it is a real fight."""
    combat = s.data.get("combat") or {}
    where = combat.get("system")
    stake = s.army_value(s.units(where, s.faction)) + s.army_value(s.units(where, s.enemy)) if where else 0
    out = {}
    for o in d.options:
        info = s.t.leaders.get(o.id)
        if info is None:
            out[o.id] = 0.0
            continue
        out[o.id] = (info.tactics.space + info.tactics.ground) * min(1.0, stake / 20) - 0.8
    return out


def tactic_deck(agent, s: Seen, d) -> dict[str, float]:
    combat = s.data.get("combat") or {}
    where = combat.get("system")
    out = {}
    for o in d.options:
        out[o.id] = s.army_value(s.units(where, s.faction, o.id)) if where and o.id in ("space", "ground") else 0.0
    return out


def reroll(agent, s: Seen, d) -> dict[str, float]:
    """Reroll one's own blanks; keep successes."""
    out = {}
    for o in d.options:
        out[o.id] = 1.0 if o.id.endswith("blank") else (0.0 if o.id in DECLINE else -1.0)
    return out


def set_die(agent, s: Seen, d) -> dict[str, float]:
    combat = bool(s.data.get("combat"))
    best = "direct-hit" if combat else "special"
    return {o.id: (2.0 if o.id.endswith(best) else 1.0 if o.id.endswith("hit") else 0.0) for o in d.options}


def own_unit_to_lose(agent, s: Seen, d) -> dict[str, float]:
    """Lose a unit where it matters least (a supply swap, cargo that cannot be carried)."""
    return {o.id: -s.army_value(s.units(o.id, s.faction)) if o.id in s.systems else 0.0 for o in d.options}


def enemy_units(agent, s: Seen, d) -> dict[str, float]:
    out = {}
    for o in d.options:
        unit = o.id.split(":")[-1]
        out[o.id] = 0.0 if o.id in DECLINE else s.unit_value(unit) if unit in s.t.units else 0.5
    return out


def name_system(agent, s: Seen, d) -> dict[str, float]:
    """Name systems the Empire cannot yet rule out (no Imperial loyalty or ground units, no probe card seen in
    public), so that the three named leave it guessing (Interrogation Droid)."""
    from ...knowledge import EVENTS, possible_bases

    open_ = set(possible_bases(s.game, s.data, s.events(EVENTS), set(s.data["discards"].get("probes", [])), "empire"))
    return {o.id: (2.0 if o.id in open_ else 0.0) + hiding_place(s, o.id) * 0.1 + 0.001 * agent.noise()
            for o in d.options}


def escort(agent, s: Seen, d) -> dict[str, float]:
    return {o.id: float(len(o.data or [])) for o in d.options}


def objective_to_give_up(agent, s: Seen, d) -> dict[str, float]:
    """Trade or discard the objective furthest from reach (its goals: none of the board's strengths)."""
    goals = rebel_goals(s)
    out = {}
    for o in d.options:
        if o.id in s.t.objectives:
            reach = sum(goals.get(g, 0) for g in objective_goals(s, o.id))
            out[o.id] = 2.0 - 0.1 * reach - 0.2 * (s.t.objectives[o.id].reputation or 1)
        else:
            out[o.id] = 0.0  # keep them all
    return out


def objective_to_bury(agent, s: Seen, d) -> dict[str, float]:
    """The Empire buries the objective worth most to the Rebels."""
    return {o.id: float(s.t.objectives[o.id].reputation or 1) if o.id in s.t.objectives else 0.0 for o in d.options}


def leader_to_lose(agent, s: Seen, d) -> dict[str, float]:
    """Over the leader limit: the least useful leader leaves (an action card offered instead is played)."""
    out = {}
    for o in d.options:
        info = s.t.leaders.get(o.id)
        out[o.id] = 20.0 - sum(info.skills.values()) - 0.5 * (info.tactics.space + info.tactics.ground) if info else 25.0
    return out


SCORERS = {
    "place-starting-unit": place_starting_unit,
    "rebel-start-system": rebel_start_system,
    "choose-base": choose_base,
    "relocate-base": relocate_base,
    "assign-card": assign_card,
    "assign-first": assign_first,
    "assign-second": assign_second,
    "command-action": command_action,
    "activation-leader": activation_leader,
    "move-from": move_from,
    "move-units": move_units,
    "oppose": oppose,
    "choose-system": choose_system,
    "choose-leader": choose_leader,
    "choose-unit": unit_worth,
    "choose-mission": mission_cards,
    "keep-project": mission_cards,
    "take-card": mission_cards,
    "discard-mission": discard_mission,
    "keep-objective": keep_objective,
    "recruit": recruit,
    "recruit-leader": recruit,
    "keep-mission": mission_cards,
    "discard-objective": objective_to_give_up,
    "bury-objective": objective_to_bury,
    "recruit-draw-more": lambda agent, s, d: {o.id: (1.0 if o.id == "draw" else 0.0) for o in d.options},
    "build-mode": build_mode,
    "build-unit": build_unit,
    "deploy-unit": deploy_unit,
    "refresh-objective": objective_play,
    "phase-end-objective": objective_play,
    "combat-objective": objective_play,
    "start-of-combat-card": lambda agent, s, d: prefer_acting(d),
    "special-action": lambda agent, s, d: prefer_acting(d),
    "combat-action": lambda agent, s, d: prefer_acting(d),
    "block": lambda agent, s, d: prefer_acting(d),
    "assign-damage": assign_damage,
    "block-damage": block_damage,
    "retreat": retreat,
    "retreat-units": retreat_units,
    "retreat-leader": cheapest_leader,
    "add-leader": add_leader,
    "tactic-deck": tactic_deck,
    "reroll": reroll,
    "use-master-yoda": lambda agent, s, d: {o.id: (1.0 if o.id.endswith("blank") else 0.0) for o in d.options},
    "use-r2-d2": lambda agent, s, d: prefer_acting(d),
    "set-die": set_die,
    "free-unit": own_unit_to_lose,
    "destroy-cargo": lambda agent, s, d: {o.id: -s.unit_value(o.id.split()[-1]) for o in d.options},
    "destroy-unit": enemy_units,
    "destroy-queued": enemy_units,
    "name-system": name_system,
    "escort": escort,
}
