"""Combats fought by the engine's own combat code (``phases/combat.py``, Rise of the Empire's ``cinematic.py``) for
the cross-check of the exact odds (tests/test_odds.py, issue 34): the same forces, the same rules, and damage
assigned by the same policy, the best play's choices asked of the solver (:meth:`odds_combat.Combat.decide`) or the
heuristic agent itself. Cards and leaders are out of it as they are out of the odds: no leader is in the game, so
none draws or retreats, and in cinematic combat each side plays its first advanced tactic card and uses neither
half."""

from __future__ import annotations

from swrebellion.engine import scenario
from swrebellion.expansions.base.agents.heuristic import HeuristicAgent
from swrebellion.expansions.base.odds import solver
from swrebellion.expansions.base.odds_combat import THEATERS, Combat
from swrebellion.expansions.base.rules import combat as rules
from swrebellion.expansions.base.tables import tables

SYSTEM = "hoth"


def fight(base_rules, attacker: dict, defender: dict, count: int, policy: str, seed: int) -> list[dict]:
    """``count`` combats to their end; for each, the units left per theater and side: ``{(theater, faction): n}``."""
    spec = scenario.Scenario.model_validate({"name": "odds cross-check", "seed": seed,
                                             "state": {"phase": "command", "current": "rebel"}})
    game = scenario.start(spec, base_rules)
    solved, _ = solver(game, attacker, defender, policy)
    first = solved.factions[0]
    game.state["data"]["current"] = first
    agents = {f: HeuristicAgent(side=f, seed=seed) for f in solved.factions}
    units = tables(game).units
    out = []
    for _ in range(count):
        game.state["data"]["units"][SYSTEM] = {**attacker, **defender}  # the engine meets them in this order
        game.state.update(log=[], stack=[], pending=[])  # nothing but the combat runs
        assert rules.start_combat(game, SYSTEM, first)
        game.run()
        plans: dict = {}  # each attack's plan, by (round, theater, side)
        while game.state["data"]["combat"] is not None:
            decision = game.pending[0]
            game.apply(_answer(game, decision, solved, agents, plans, policy), player=decision.player)
        here = game.state["data"]["units"].get(SYSTEM, {})
        out.append({(th, f): sum(n for u, n in here.items() if units[u].theater == th and units[u].faction == f)
                    for th in THEATERS for f in solved.factions})
    return out


def _answer(game, decision, solved: Combat, agents, plans: dict, policy: str) -> str:
    kind = decision.kind
    ids = [o.id for o in decision.options]
    if kind == "tactic-ability":
        return "none"
    if kind not in ("assign-damage", "combat-action"):
        return ids[0]  # the advanced tactic card picked (its halves are not used), or a lone option
    side = decision.player.split("-")[0]
    if kind == "combat-action" and not any(i.startswith("repair:") for i in ids):
        return "done"  # the base game's actions draw or play tactic cards: left out
    if policy == "heuristic":
        return agents[side].choose(game, decision)
    combat = game.state["data"]["combat"]
    attack = combat["attack"]
    key = (combat["round"], attack["theater"], attack["faction"])
    if key not in plans:
        plans[key] = _plan(game, solved, side, attack)
    own, enemy = plans[key]
    if kind == "combat-action":
        return _repair(game, solved, side, attack, own, ids)
    return _target(solved, attack, enemy, ids)


def _state(game, solved: Combat) -> tuple:
    combat = game.state["data"]["combat"]
    units = tables(game).units
    here = game.state["data"]["units"][SYSTEM]
    out = []
    for th in THEATERS:
        for faction in solved.factions:
            side = []
            for unit, n in here.items():
                if units[unit].theater != th or units[unit].faction != faction or n <= 0:
                    continue
                marks = combat["damage"].get(unit, [])
                for i in range(n):
                    d = marks[i] if i < len(marks) else 0
                    side.append((unit, min(d, solved.cap(unit, solved.rules.repair)) if solved.health(unit) else d))
            out.append(tuple(sorted(side)))
    return tuple(out)


def _plan(game, solved: Combat, side: str, attack: dict) -> tuple:
    """The solver's choice for this attack: the side's own units after repairs, the enemy's after damage."""
    t = THEATERS.index(attack["theater"])
    index = solved.factions.index(side)
    result: dict[str, list[int]] = {}
    for die in attack["dice"]:
        counts = result.setdefault(die["colour"], [0, 0, 0])
        if not die["spent"]:
            face = {"hit": 0, "direct-hit": 1, "special": 2}.get(die["face"])
            if face is not None:
                counts[face] += 1
    rolled = game.state["data"]["combat"]["rolled"]
    flags = set()
    if rolled.get("empire-space") == 0:
        flags.add(("silent", solved.factions.index("empire")))
    for i, faction in enumerate(solved.factions):
        if solved.rules.structures_kept_if_rolled and rolled.get(f"{faction}-ground"):
            flags.add(("ground", i))
    roll = tuple((c, h, d, s) for c, (h, d, s) in result.items())
    return solved.decide(_state(game, solved), t, index, roll, frozenset(flags))


def _repair(game, solved: Combat, side: str, attack: dict, own: tuple, ids: list[str]) -> str:
    """A repair that keeps the planned own units reachable, else done."""
    t = THEATERS.index(attack["theater"])
    now = list(_state(game, solved)[2 * t + solved.factions.index(side)])
    if tuple(sorted(now)) == own:
        return "done"
    want = list(own)
    for x in list(want):
        if x in now:
            now.remove(x)
            want.remove(x)
    for option in ids:  # what is left differs: repair one of the units that must come down
        if option.startswith("repair:"):
            unit, old = option[len("repair:"):].rsplit(":", 1)
            if any(u == unit and d == int(old) for u, d in now):
                return option
    return "done"


def _target(solved: Combat, attack: dict, enemy: tuple, ids: list[str]) -> str:
    """The option for the current result that leads to the planned enemy units (a search over the results left)."""
    results = [r["colour"] for r in attack["results"][attack["next"]:]]
    start = tuple(sorted(tuple(x) for x in attack["targets"]))
    repairable = solved.rules.repair and solved.factions.index(attack["faction"]) == 0
    seen: set = set()

    def final(state) -> tuple:
        return tuple(sorted((u, min(d + n, solved.cap(u, repairable))) for u, d, n in state))

    def search(i: int, state: tuple):
        if i == len(results):
            return () if final(state) == enemy else None
        if (i, state) in seen:
            return None
        seen.add((i, state))
        targets = [x for x in sorted(set(state)) if results[i] is None or solved.kinds[x[0]].colour == results[i]]
        if not targets:  # nothing can take it: lost
            rest = search(i + 1, state)
            return None if rest is None else (None, *rest)
        for x in targets:
            after = list(state)
            after.remove(x)
            after.append((x[0], x[1], x[2] + 1))
            rest = search(i + 1, tuple(sorted(after)))
            if rest is not None:
                return (x, *rest)
        return None

    path = search(0, start)
    assert path, f"the planned damage {enemy} cannot be reached from {start} with {results}"
    unit, old, new = path[0]
    option = f"{unit}:{old}:{new}"
    assert option in ids, (option, ids)
    return option
