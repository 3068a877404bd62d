"""The Command Phase: which action to take (RB-CMD-01), and the activation that follows (RB-MOV).

An activation is planned whole when the action is chosen: the target, the leader, and what moves from each
neighbouring system. The planned movement is then carried out over the decisions that follow (activation leader,
sources, units), which the agent remembers as its own plan (``HeuristicAgent.remember``/``recall``); when the
activation was not its own choice (the search chose it), the plan is made again from the logged activation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...tables import BASE_SPACE
from .hiding import base_odds
from .cards import DEATH_STARS, base_threat, card_ops, mission_worth, rebel_goals
from .seen import Seen, battle, exact_battle

#: The Empire wins at once holding the revealed base (RB-WIN-02): worth far more than any unit.
TAKE_BASE = 60.0
FIND_BASE = 25.0


@dataclass
class Plan:
    """An activation: where, with whom, and what moves from each source (unit -> count)."""

    target: str
    leader: str | None = None
    moves: dict[str, dict[str, int]] = field(default_factory=dict)
    value: float = 0.0
    why: str = ""  # a word on the reason ("hunt", "close in", "attack" ...), for people reading a game
    used: list[str] = field(default_factory=list)  # sources already chosen
    source: str | None = None  # the source whose group is being built
    chosen: dict[str, int] = field(default_factory=dict)  # units picked so far from that source


# -- choosing the action ----------------------------------------------------------------------------------------------


def command_scores(agent, s: Seen, decision) -> tuple[dict[str, float], dict[str, Plan]]:
    scores: dict[str, float] = {}
    plans: dict[str, Plan] = {}
    activators = _activators(s)
    reserve_cost = _reserve_cost(agent, s, len(activators))
    reach = _within_reach(s)
    for option in decision.options:
        oid = option.id
        if oid.startswith("activate:") and oid.partition(":")[2] not in reach:
            scores[oid] = -1.0  # nothing of ours can move there, and nothing of ours is there
            continue
        if oid == "pass":
            scores[oid] = 0.0
        elif oid == "reveal-base":
            scores[oid] = _reveal_base_value(s)
        elif oid.startswith("reveal:"):
            scores[oid] = _reveal_value(s, option)
        elif oid.startswith("activate:") and activators:
            plan = plan_activation(agent, s, oid.partition(":")[2], activators)
            if plan is not None:
                plan.value -= reserve_cost
                plans[oid] = plan
                scores[oid] = plan.value
            else:
                scores[oid] = -1.0
        elif isinstance(option.data, dict) and option.data.get("free"):
            scores[oid] = 0.5  # a free act offered at the start of the turn (an expansion's card)
        else:
            scores[oid] = 0.2
    return scores, plans


def _within_reach(s: Seen) -> set[str]:
    """Systems an activation can do something in: next to our units, or holding some (and the Rebel Base space)."""
    reach = {BASE_SPACE}
    for where in s.data["units"]:
        if s.has(where, s.faction):
            reach.add(where)
            if where == BASE_SPACE and s.own_base:
                reach |= {s.own_base, *s.adjacent(s.own_base)}
            else:
                reach |= s.adjacent(where)
    return reach


def _activators(s: Seen) -> list[str]:
    return [l for l in s.pool() if s.t.leaders[l].has_tactics]


def _reserve_cost(agent, s: Seen, activators: int) -> float:
    """Keep leaders back to oppose the other side's missions (RB-MIS-06) while it has missions face down."""
    waiting = len(s.data["assigned"].get(s.enemy, []))
    if waiting and activators <= agent.reserve:
        return 1.5 + 0.5 * waiting
    return 0.0


def _reveal_base_value(s: Seen) -> float:
    """Never of one's own accord (RB-BAS-10): showing the base tells the Empire where to strike and gains nothing
    the units on the Rebel Base space cannot do from there; it is found soon enough when the Empire brings ground
    units (RB-BAS-08)."""
    return -10.0


def success_chance(ours: int, theirs: int, bonus: int = 0, opposed: bool = True) -> float:
    """Chance that ``ours`` mission dice (plus ``bonus`` successes) beat ``theirs`` (RB-MIS-09..13; a tie fails)."""
    if not opposed:
        return 1.0
    if theirs == 0 and bonus == 0:
        return 1 - (2 / 6) ** ours if ours else 0.0
    mean = 5 / 6 * (ours - theirs) + bonus
    var = 17 / 36 * (ours + theirs) or 0.25
    return 0.5 * (1 + math.erf((mean - 0.5) / math.sqrt(2 * var)))


def mission_dice(s: Seen, card: str, leaders: list[str]) -> int:
    info = s.t.missions[card]
    skills = set(info.requires)
    return min(10, sum(n for l in leaders for k, n in s.t.leaders[l].skills.items()
                       if getattr(info, "count_all_skills", False) or k in skills))


def best_opposition(s: Seen, card: str, faction: str) -> int:
    """The most dice one leader from ``faction``'s pool could roll against ``card`` (-1: nobody to send)."""
    cache = s.__dict__.setdefault("_opposition", {})
    if (card, faction) not in cache:
        pool = s.pool(faction)
        cache[card, faction] = max((mission_dice(s, card, [l]) for l in pool), default=-1)
    return cache[card, faction]


def portrait_bonus(s: Seen, card: str, leaders: list[str]) -> int:
    portrait = s.t.missions[card].portrait
    return 2 if portrait and any(l == portrait or s.t.leaders[l].replaces == portrait for l in leaders) else 0


def _reveal_value(s: Seen, option) -> float:
    args = (option.data or {}).get("args", {})
    card = option.id.partition(":")[2].split("#")[0]
    if card not in s.t.missions:
        return 0.5
    entries = s.data["assigned"].get(s.faction, [])
    index = args.get("index", 0)
    leaders = entries[index]["leaders"] if index < len(entries) else []
    return mission_worth(s, card) * mission_success(s, card, leaders) + 0.3


def mission_success(s: Seen, card: str, leaders: list[str], opposers: int | None = None) -> float:
    info = s.t.missions[card]
    if info.mode != "attempt":
        return 1.0
    theirs = best_opposition(s, card, s.enemy) if opposers is None else opposers
    return success_chance(mission_dice(s, card, leaders), max(theirs, 0), portrait_bonus(s, card, leaders),
                          opposed=theirs >= 0)


#: The last side's activation values, for the rest of its Assignment Phase (the board does not move meanwhile).
_ACTIVATIONS: dict = {}


def activation_values(agent, s: Seen) -> list[float]:
    """The worth of the best activations the side could make now, best first (one leader each): what a leader
    sent on a mission gives up."""
    key = (s.player, s.data["round"], s.data["phase"])
    # The game itself, not its id: a finished game's id may be another game's later in the same process, and a
    # stale answer would make a game depend on the games played before it in that process.
    same = _ACTIVATIONS.get("game") is s.game and _ACTIVATIONS.get("key") == key
    cache = _ACTIVATIONS if same else {"game": s.game, "key": key}
    if "values" not in cache:
        activators = _activators(s)
        values = []
        if activators:
            targets = list(s.t.systems) + ([BASE_SPACE] if s.faction == "rebel" and not s.base_revealed else [])
            reach = _within_reach(s)
            for target in (t for t in targets if t in reach):
                plan = plan_activation(agent, s, target, activators)
                if plan is not None and plan.value > 0:
                    values.append(plan.value)
        cache["values"] = sorted(values, reverse=True)
        _ACTIVATIONS.clear()
        _ACTIVATIONS.update(cache)
    return cache["values"]


# -- planning an activation -------------------------------------------------------------------------------------------


def sources_for(s: Seen, target: str) -> list[str]:
    """Where units may come from (RB-MOV-03/04, RB-BAS-05/06), not pinned by a leader of the side (RB-MOV-10)."""
    base = s.own_base if s.faction == "rebel" and not s.base_revealed else None
    if target == BASE_SPACE:
        found = [base, *s.adjacent(base)] if base else []
    else:
        found = list(s.adjacent(target))
        if base and (base == target or target in s.adjacent(base)):
            found.append(BASE_SPACE)
    return [src for src in sorted(found) if src and not s.pinned(src, s.faction) and s.has(src, s.faction)]


def movable(s: Seen, source: str, keep_ground: int = 0) -> dict[str, int]:
    """What can leave ``source`` together: every ship that moves on its own, and the cargo they can carry
    (RB-MOV-06..09), leaving ``keep_ground`` ground units behind. Worked out once per decision (``s.memo``):
    planning a Command Phase activation asks it for each system next to each target."""
    key = ("movable", source, keep_ground)
    found = s.memo.get(key)
    if found is None:
        found = s.memo[key] = _movable(s, source, keep_ground)
    return dict(found)  # the caller's to change


def _movable(s: Seen, source: str, keep_ground: int) -> dict[str, int]:
    t = s.t.units
    here = s.units(source, s.faction)
    ships = {u: n for u, n in here.items() if not t[u].immobile and not t[u].needs_transport}
    capacity = s.capacity(ships)
    out = dict(ships)
    ground = sorted((u for u in here if t[u].needs_transport and not t[u].immobile and t[u].theater == "ground"),
                    key=lambda u: -s.unit_value(u))
    fighters = sorted(u for u in here if t[u].needs_transport and not t[u].immobile and t[u].theater == "space")
    left_behind = keep_ground
    for unit in ground + fighters:
        n = here[unit]
        if t[unit].theater == "ground" and left_behind:
            kept = min(n, left_behind)
            n -= kept
            left_behind -= kept
        n = min(n, capacity)
        if n > 0:
            out[unit] = n
            capacity -= n
    return out


def plan_activation(agent, s: Seen, target: str, activators: list[str], moving: bool = False) -> Plan | None:
    """The best use of activating ``target`` now, or None when moving there does nothing worth a leader.
    ``moving``: the activation is under way (its leader already went), so plan the movement whatever it is worth."""
    if target != BASE_SPACE and s.systems.get(target, {}).get("destroyed"):
        return None
    enemy_here = s.units(target, s.enemy) if target != BASE_SPACE else {}
    moves: dict[str, dict[str, int]] = {}
    for src in sources_for(s, target):
        keep = _garrison(s, src, target)
        group = movable(s, src, keep)
        if group:
            moves[src] = group
    if not moves and not enemy_here:
        return None
    arriving: dict[str, int] = {}
    for group in moves.values():
        for u, n in group.items():
            arriving[u] = arriving.get(u, 0) + n
    mine_after = dict(s.units(target, s.faction)) if target != BASE_SPACE else dict(s.units(BASE_SPACE, s.faction))
    for u, n in arriving.items():
        mine_after[u] = mine_after.get(u, 0) + n
    if s.faction == "empire":
        value, why = _empire_value(agent, s, target, moves, arriving, mine_after, enemy_here)
    else:
        value, why = _rebel_value(agent, s, target, moves, arriving, mine_after, enemy_here)
    if value <= 0 and not moving:
        return None
    value -= _exposure(s, moves)
    theater = "ground" if any(s.t.units[u].theater == "ground" for u in arriving) and \
        any(s.t.units[u].theater == "ground" for u in enemy_here) else "space"
    leader = _pick_leader(s, activators, theater if enemy_here else None)
    return Plan(target=target, leader=leader, moves=moves, value=value, why=why)


def _garrison(s: Seen, source: str, target: str) -> int:
    """Ground units to leave behind: the Empire holds what it subjugated (RULINGS C-10) and the Rebels keep one unit
    in a system whose loyalty or objectives want it."""
    if source == BASE_SPACE:
        return 0
    if s.faction == "empire" and s.populous(source) and s.systems[source]["loyalty"] != "empire" \
            and s.resources(source) >= 2 and len(s.base_candidates) > 4:
        return 1  # keep a rich system subjugated (RULINGS C-10) while the hunt can wait
    if s.faction == "rebel" and s.base_revealed == source:
        return 99  # never empty the revealed base (RB-WIN-02)
    return 0


def _exposure(s: Seen, moves: dict) -> float:
    """Leaving the revealed base or a lone Imperial system open costs something."""
    cost = 0.0
    for src, group in moves.items():
        left = {u: n - group.get(u, 0) for u, n in s.units(src, s.faction).items()}
        if not any(left.values()) and src != BASE_SPACE:
            enemy_near = any(s.has(n, s.enemy, "ground") for n in s.adjacent(src))
            cost += 1.0 if enemy_near else 0.2
    return cost


def _pick_leader(s: Seen, activators: list[str], theater: str | None) -> str | None:
    """For a battle, the best tactic value there (RB-TAC-02); otherwise the leader least needed for missions."""
    def skills(l):
        return sum(s.t.leaders[l].skills.values())
    if theater:
        return max(activators, key=lambda l: (getattr(s.t.leaders[l].tactics, theater), -skills(l), l))
    return min(activators, key=lambda l: (skills(l), l))


def _fight(agent, s: Seen, mine: dict, theirs: dict, faction: str) -> tuple[float, float, bool]:
    """Value destroyed minus value lost in both theaters, and whether ``faction`` would hold the system. With the
    ``exact_odds`` knob, small battles are judged by their exact odds (issue 34: the mover attacks first, both
    sides assign damage at their best, the whole combat): the value each side expects to keep, and holding the
    theater when this side wins it at least half the time."""
    gained = lost = 0.0
    holds = True
    for theater in ("space", "ground"):
        m = {u: n for u, n in mine.items() if s.t.units[u].theater == theater}
        e = {u: n for u, n in theirs.items() if s.t.units[u].theater == theater}
        if not m and not e:
            continue
        exact = exact_battle(s, m, e, theater) if agent.exact_odds else None
        left_m, left_e = battle(s, m, e, theater) if exact is None else exact[:2]
        gained += s.army_value(e) * (1 - left_e)
        lost += s.army_value(m) * (1 - left_m)
        if exact is not None:
            holds = holds and exact[2] >= 0.5
        elif e and left_e > 0.15 and (not m or left_m < 0.5):
            holds = False
        if not m and e:
            holds = False
    return gained, lost, holds


def _empire_value(agent, s: Seen, target, moves, arriving, mine_after, enemy_here) -> tuple[float, str]:
    t = s.t.units
    ground_arriving = sum(n for u, n in arriving.items() if t[u].theater == "ground")
    value, why = 0.0, "nothing"
    aggression = agent.aggression
    if s.base_revealed == target:
        gained, lost, holds = _fight(agent, s, mine_after, enemy_here, "empire")
        value = (TAKE_BASE if holds else 0) + gained - lost * (1.2 - aggression)
        return value, "assault the base"
    if enemy_here:
        gained, lost, holds = _fight(agent, s, mine_after, enemy_here, "empire")
        value = gained - lost * (1.3 - aggression)
        why = "attack"
    candidates = s.base_candidates if s.base_revealed is None else []
    if target in candidates and ground_arriving:
        # the base found here would bring out the units on the Rebel Base space (RB-BAS-12), which are public
        odds = base_odds(s).get(target, 0.0)
        guard = dict(s.units(BASE_SPACE, "rebel"))
        for u, k in enemy_here.items():
            guard[u] = guard.get(u, 0) + k
        _, _, holds = _fight(agent, s, mine_after, guard, "empire")
        strength = min(1.0, (ground_arriving + sum(k for u, k in arriving.items() if t[u].theater == "space")) / 8)
        value += (FIND_BASE * (0.5 + strength) + TAKE_BASE * 0.5 * holds) * odds + 2.0 * odds ** 0.5
        why = "hunt"
    if ground_arriving and s.populous(target) and not s.imperial(target) and not any(
            t[u].theater == "ground" for u in enemy_here):
        value += 1.0 + 0.5 * s.resources(target)  # subjugate it (RULINGS C-10)
        why = why if why != "nothing" else "subjugate"
    goals = [s.base_revealed] if s.base_revealed else candidates
    if target in goals and any(arriving.get(u) for u in DEATH_STARS) and _holds_superlaser(s):
        value += TAKE_BASE * 0.8 / len(goals)  # Superlaser Online next (RULINGS C-05)
        why = "bring the Death Star"
    if goals and ground_arriving:  # march toward where the base may be
        march = _march(s, goals, target, moves)
        if march > 0:
            value += march
            why = why if why not in ("nothing", "subjugate") else "close in"
    return value, why


#: Worth of bringing an army strong enough to take the base one move nearer to it (the game is a race against the
#: time track, RB-WIN-01: a move a round, and an army at the base's door strikes the round after).
STEP = 4.0
#: Worth of an army standing next to every system that may hold the base (it can strike any of them next round).
STRIKE = 24.0


def _march(s: Seen, goals: list[str], target: str, moves: dict) -> float:
    """Worth of the moves: each group that can carry ground units (RB-MOV-06) gains ``STRIKE`` times the share of
    the goals it can strike next round from its new place (next door) over its old one, plus ``STEP`` per move it
    comes nearer to them on average; in proportion to its strength against the units guarding the base (public:
    the Rebel Base space, RB-BAS-03), counting an army it joins."""
    t = s.t.units
    guard = max(4.0, s.army_value(s.units(BASE_SPACE, "rebel")))
    here = s.units(target, "empire")
    joined = s.army_value({u: n for u, n in here.items() if not t[u].immobile})
    odds = _goal_odds(s, goals)
    total = 0.0
    for src, group in moves.items():
        ground = sum(n for u, n in group.items() if t[u].theater == "ground")
        if not ground:
            continue
        before = sum(s.distance(src, g) * p for g, p in odds.items())
        after = sum(s.distance(target, g) * p for g, p in odds.items())
        strike = (_strikes(s, target, goals) - _strikes(s, src, goals)) * STRIKE
        power = s.army_value(group) + joined
        total += (STEP * (before - after) + strike) * min(1.0, power / (1.5 * guard))
    return total


def _coverage_of(s: Seen, goals: list[str]) -> float:
    """Share of the goals an Imperial army able to carry ground units could strike next round (next door: 1; two
    moves away: 0.3)."""
    if not goals:
        return 0.0
    t = s.t.units
    armies = [w for w in s.data["units"] if w in s.t.systems and s.capacity(s.units(w, "empire"))
              and any(t[u].theater == "ground" and not t[u].immobile for u in s.units(w, "empire"))]
    total = 0.0
    for goal, p in _goal_odds(s, goals).items():
        best = min((s.distance(w, goal) for w in armies), default=9)
        total += p * (1.0 if best <= 1 else 0.3 if best == 2 else 0.0)
    return total


def _goal_odds(s: Seen, goals: list[str]) -> dict[str, float]:
    """The chance of each goal holding the base (``hiding.base_odds`` when they are the candidates)."""
    if goals == s.base_candidates or (len(goals) == 1 and goals[0] == s.base_revealed):
        return base_odds(s)
    return {g: 1 / len(goals) for g in goals}


def _strikes(s: Seen, where: str, goals: list[str]) -> float:
    return sum(p for g, p in _goal_odds(s, goals).items() if s.distance(where, g) == 1)


def _holds_superlaser(s: Seen) -> bool:
    """A mission card in hand or face down that destroys the Death Star's system."""
    held = s.data["hands"]["empire"].get("missions")
    cards = list(held) if isinstance(held, list) else []
    cards += [e["card"] for e in s.data["assigned"].get("empire", []) if isinstance(e.get("card"), str)]
    return any("destroy_system" in card_ops(s, "missions", c) for c in cards)


def _rebel_value(agent, s: Seen, target, moves, arriving, mine_after, enemy_here) -> tuple[float, str]:
    aggression = agent.aggression
    base = s.own_base
    if target == BASE_SPACE:  # pull threatened units back into hiding (RB-BAS-06)
        threatened = sum(s.army_value(g) for src, g in moves.items()
                         if any(s.has(n, "empire") for n in s.adjacent(src) | {src}))
        return (0.3 * threatened + 3.0 * base_threat(s) if threatened else 0.0), "hide"
    value, why = 0.0, "nothing"
    if enemy_here:
        gained, lost, holds = _fight(agent, s, mine_after, enemy_here, "rebel")
        value = gained - lost * (1.4 - aggression)
        if holds and gained:
            value += _combat_objective_bonus(s, enemy_here)
        why = "attack"
        if s.base_revealed == target:
            value += 10.0 if holds else 0.0
            why = "defend the base"
    else:
        if base and s.base_revealed == target:
            value += 0.1 * s.army_value(arriving) * base_threat(s)
            why = "reinforce the base"
        if not s.has(target, "rebel") and arriving and s.populous(target):
            value += _spread_bonus(s)
            why = "spread"
        if s.systems[target]["loyalty"] != "empire" and target != base and any(
                s.has(n, "empire", "ground") for n in s.adjacent(target)):
            value -= 0.1 * s.army_value(arriving)  # walking into the Empire's reach
    if BASE_SPACE in moves and not s.base_revealed:
        value -= 2.0 + 4.0 * base_threat(s)  # the base's guard leaves
    return value, why


def _spread_bonus(s: Seen) -> float:
    """Objectives that want Rebel units in many systems (Defend the People, Establish Outposts: RB-OBJ)."""
    return 0.4 + 1.2 * rebel_goals(s).get("spread", 0)


def _combat_objective_bonus(s: Seen, enemy: dict) -> float:
    return 2.0 * rebel_goals(s).get("combat", 0) if enemy else 0.0


# -- carrying out the activation --------------------------------------------------------------------------------------


def activation_leader(plan: Plan | None, s: Seen, decision) -> str:
    ids = [o.id for o in decision.options]
    if plan and plan.leader in ids:
        return plan.leader
    return _pick_leader(s, ids, "space")


def move_from(plan: Plan | None, decision) -> str:
    ids = [o.id for o in decision.options]
    if plan:
        for src in sorted(plan.moves):
            if src in ids and src not in plan.used:
                plan.used.append(src)
                plan.source, plan.chosen = src, {}
                return src
    return "done"


def move_units(plan: Plan | None, s: Seen, decision) -> str:
    """Pick toward the planned group: ships first (they carry the rest), then cargo."""
    ids = {o.id: o for o in decision.options}
    if plan is None or plan.source is None:
        return "everything" if "everything" in ids else "done"
    want = plan.moves.get(plan.source, {})
    have = plan.chosen
    if "everything" in ids and want == movable(s, plan.source, 0) and not have:
        have.update(want)
        return "everything"
    t = s.t.units
    for unit in sorted(want, key=lambda u: (t[u].needs_transport, u)):
        need = want[unit] - have.get(unit, 0)
        if need <= 0:
            continue
        every = ids.get(f"all:{unit}")
        if every is not None:
            room = _room(every.label)
            if room is not None and room <= need:
                have[unit] = have.get(unit, 0) + room
                return every.id
        if f"unit:{unit}" in ids:
            have[unit] = have.get(unit, 0) + 1
            return f"unit:{unit}"
    return "done"


def _room(label: str) -> int | None:
    head = label.split(" ", 1)[0].lstrip("+")
    return int(head) if head.isdigit() else None
