"""What a card is worth to the heuristic, read from its effect data (the ops it runs), not from its name.

A card's worth is the sum of its ops' worth to the side that plays it, in the present situation (a probe card is
worth much while the base is hidden and nothing once it is found). Fan cards built from the same ops are valued the
same way; an op the table does not know is worth a little, so such a card is still played now and then.
"""

from __future__ import annotations

#: Worth of an op to the side playing the card, before the situation adjusts it.
OP_WORTH = {
    # Rebel
    "gain_loyalty": 3.0,
    "draw_objectives": 3.0,
    "arrange_objectives": 1.0,
    "place_sabotage": 2.0,
    "destroy_units": 2.5,
    "destroy_queued": 2.0,
    "rescue": 4.0,
    "gain_units": 2.5,
    "move_units": 1.0,
    "leader_effect": 1.0,
    "replace_leader": 2.5,
    "reassign_leaders": 0.5,
    "plant_probes": 1.5,
    "at_end_of_command": 1.0,  # Rapid Mobilization: valued by the threat to the base (``mission_worth``)
    # Empire
    "draw_probes": 4.0,
    "tell_base": 3.0,
    "name_systems": 3.0,
    "capture": 3.5,
    "lose_loyalty": 2.0,
    "choose_one": 2.0,
    "draw_projects": 2.0,
    "queue_units": 2.0,
    "show_hand": 0.5,
    "bury_objective": 2.0,
    "attach_ring": 1.5,
    "detain": 1.0,
    "deploy_from_queue": 1.5,
    "destroy_system": 3.0,
    "remove_sabotage": 1.0,
    "change_reputation": 2.0,
}
UNKNOWN_OP = 0.5
#: Ops that only say where or how (no worth of their own).
PLUMBING = {"choose_system", "choose_leader", "mission_dice", "if", "fight", "require_supply", "at_base"}


#: ``move_cards`` steps by (source zone, destination zone) prefixes: what they do, in the words of the tables above.
_CARD_MOVES = (
    ("deck:probes", "", "draw_probes"),
    ("deck:projects", "hand:", "draw_projects"),
    ("deck:objectives", "hand:", "draw_objectives"),
    ("deck:objectives", "deck:objectives", "arrange_objectives"),
    ("hand:", "deck:objectives", "bury_objective"),
)


def effect_kind(data: dict) -> str:
    """What one effect step does, in the words the tables above use: the effect language's verbs take parameters
    (``loyalty`` gains or loses, ``move_cards`` draws probe cards or buries an objective), so a step is named by
    its verb made particular by them (``gain_loyalty``, ``draw_probes``). An op with one meaning keeps its name."""
    op = data.get("op", "")
    if op == "choose":
        return {"system": "choose_system", "leader": "choose_leader", "option": "choose_one",
                "base": "at_base"}.get(data.get("what"), op)
    if op == "require":
        return "require_supply" if set(data.get("condition") or {}) == {"supply"} else op
    if op == "loyalty":
        return "gain_loyalty" if data.get("change") == "gain" else "lose_loyalty"
    if op == "sabotage":
        if data.get("optional"):
            return "lift_sabotage"
        return "place_sabotage" if data.get("change") == "place" else "remove_sabotage"
    if op == "reputation":
        return "change_reputation" if data.get("per") is None else "reputation_per_system"
    if op == "place_units":
        return "queue_units" if data.get("to") == "queue" else "gain_units"
    if op == "destroy_units":
        if data.get("at") == "queue":
            return "pay_queued_units" if data.get("required") else "destroy_queued"
        return "destroy_by_margin" if data.get("margin") else op
    if op == "queue":
        return "advance_queue" if data.get("action") == "advance" else "deploy_from_queue"
    if op == "move_units" and data.get("every"):
        return "relocate_units"
    if op == "move_units" and data.get("from") == "neighbours":
        return "move_in"
    if op == "leader_effect" and data.get("kind") == "detained":
        return "detain"
    if op == "move_cards":
        source, to = data.get("from") or "", data.get("to") or ""
        if to == "mission":
            return "reassign_leaders" if data.get("leaders") == "mission" else "assign_from_deck"
        for prefix, goes, kind in _CARD_MOVES:
            if source.startswith(prefix) and to.startswith(goes) and (prefix != "hand:" or source.endswith("objectives")):
                return kind
        return op
    if op == "reveal":
        if data.get("what") == "base":
            return "name_systems" if data.get("scope") == "named" else "reveal_base" if data.get("force") else "tell_base"
        return "open_hand" if data.get("kind") == "tactics" else "show_hand"
    if op == "later" and data.get("moment") == "command.end":
        return "at_end_of_command"
    return op


def ops_of(card) -> list[str]:
    """What a card's target and effect steps do (:func:`effect_kind`), nested ones included (``if``, ``choose``)."""
    out: list[str] = []

    def walk(steps) -> None:
        for step in steps or ():
            data = step if isinstance(step, dict) else step.model_dump(by_alias=True)
            out.append(effect_kind(data))
            for value in data.values():
                if isinstance(value, list) and value and isinstance(value[0], dict) and "op" in value[0]:
                    walk(value)
                elif isinstance(value, list):
                    for item in value:
                        if isinstance(item, dict):
                            for sub in item.values():
                                if isinstance(sub, list) and sub and isinstance(sub[0], dict) and "op" in sub[0]:
                                    walk(sub)

    walk(getattr(card, "target", None))
    walk(getattr(card, "effect", None))
    return out


def card_ops(seen, kind: str, card_id: str) -> list[str]:
    cache = seen.game.rules.cache.setdefault("heuristic-ops", {})
    key = (kind, card_id)
    if key not in cache:
        table = {"missions": seen.t.missions, "actions": seen.t.actions, "objectives": seen.t.objectives,
                 "tactics": seen.t.tactics}[kind]
        card = table.get(card_id)
        cache[key] = ops_of(card) if card is not None else []
    return cache[key]


def base_threat(seen) -> float:
    """How close the Empire looks to finding and taking the Rebel base, 0 (safe) to 1, from the Rebel's view."""
    base = seen.own_base
    if base is None or seen.faction != "rebel":
        return 0.0
    if seen.base_revealed:
        return 1.0
    near = seen.neighbourhood(base, 1)
    ground = sum(n for s in near for n in seen.units(s, "empire", "ground").values())
    ships = sum(seen.capacity(seen.units(s, "empire", "space")) for s in near)
    threat = min(1.0, min(ground, ships) / 6)
    unseen = seen.data["decks"]["probes"].get("count", 10) if isinstance(seen.data["decks"]["probes"], dict) else 10
    threat = max(threat, min(1.0, 4 / max(unseen, 1)) * 0.8)  # few probe cards left unseen by the Empire
    return threat


DEATH_STARS = ("death-star",)


def superlaser_worth(seen) -> float:
    """A Death Star destroying its system (Superlaser Online) wins at once if that system holds the base
    (RULINGS C-05): worth the chance that a Death Star stands where the base may be, or is one move from it."""
    goals = [seen.base_revealed] if seen.base_revealed else seen.base_candidates
    if not goals:
        return 1.0
    best = 0.0
    for where in seen.data["units"]:
        if any(seen.units(where, "empire").get(u) for u in DEATH_STARS):
            near = 1.0 if where in goals else 0.4 if any(seen.distance(where, g) == 1 for g in goals) else 0.0
            best = max(best, near)
    return 1.0 + 60.0 * best / len(goals)


def mission_worth(seen, card_id: str) -> float:
    """Worth of resolving mission ``card_id`` successfully for the side that holds it, now."""
    card = seen.t.missions.get(card_id)
    return steps_worth(seen, getattr(card, "effect", None) or ()) if card is not None else 0.0


def steps_worth(seen, steps) -> float:
    """Sum of the steps' worth; of alternatives (``choose`` an option, ``if``) only the best branch counts."""
    total = 0.0
    for step in steps:
        data = step if isinstance(step, dict) else step.model_dump(by_alias=True)
        op = effect_kind(data)
        if op == "choose_one":
            total += max((steps_worth(seen, o.get("steps") or ()) for o in data.get("options") or ()), default=0.0)
        elif op == "if":
            total += max(steps_worth(seen, data.get("then") or ()), steps_worth(seen, data.get("otherwise") or ()))
        elif op not in PLUMBING:
            total += op_worth(seen, op, data)
    return total


def op_worth(seen, op: str, params: dict) -> float:
    """Worth of one op to the side playing it, in the present situation."""
    value = OP_WORTH.get(op, UNKNOWN_OP)
    hidden = seen.base_revealed is None
    if seen.faction == "empire" and op in ("draw_probes", "tell_base", "name_systems"):
        if not hidden:
            return 0.2
        # each probe card the Empire sees rules out a system: worth a share of finding the base
        cards = {"draw_probes": 2.5, "tell_base": 3.0, "name_systems": 6.0}[op]
        return min(12.0, 30.0 * cards / max(len(seen.base_candidates), 1))
    if op == "at_end_of_command":
        return 8.0 * base_threat(seen)
    if op == "rescue":
        mine = [l for l in seen.data["leaders"] if seen.t.leaders[l].faction == seen.faction]
        return value if any(seen.captured(l) for l in mine) else 0.2
    if op == "destroy_system" and seen.faction == "empire":
        return superlaser_worth(seen)
    return value


def objective_goals(seen, card_id: str) -> set[str]:
    """What an objective asks of the Rebels, from its ``require`` conditions: ``spread`` (units in many systems),
    ``loyalty`` (Rebel systems), ``combat`` (win or destroy in a combat), ``coruscant``."""
    cache = seen.game.rules.cache.setdefault("heuristic-goals", {})
    if card_id not in cache:
        card = seen.t.objectives.get(card_id)
        goals: set[str] = set()
        for step in getattr(card, "effect", None) or ():
            data = step if isinstance(step, dict) else step.model_dump(by_alias=True)
            condition = data.get("condition") or {} if data.get("op") == "require" else {}
            if condition.get("combat_losses") or condition.get("battle_won") or data.get("op") == "death_star_plans":
                goals.add("combat")
            elif condition.get("count") or condition.get("region"):
                where = (condition.get("count") or {}).get("where") or {}
                every = (condition.get("region") or {}).get("every_populous") or {}
                if "coruscant" in (where.get("systems") or []):
                    goals.add("coruscant")
                elif (where.get("has_units") or {}).get("side") in ("rebel", "self"):
                    goals.add("spread")
                elif where.get("rebel") or every.get("rebel"):
                    goals.add("loyalty")
        cache[card_id] = goals
    return cache[card_id]


def rebel_goals(seen) -> dict[str, int]:
    """How many objectives in the Rebel hand ask for each goal (the Empire cannot see them: empty)."""
    held = seen.data["hands"]["rebel"].get("objectives")
    out: dict[str, int] = {}
    for card in held if isinstance(held, list) else []:
        for goal in objective_goals(seen, card):
            out[goal] = out.get(goal, 0) + 1
    return out
