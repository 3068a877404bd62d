"""Where a sensible Rebel hides the base, and what the Empire can make of it (RB-SET-12, RB-BAS-01).

The Rebels choose the base right after the Empire places its starting units (RB-SET-12), from a board both sides
see: the setup loyalties and the starting units (the ``setup-loyalty`` and ``starting-units`` events). A good
hiding place is far from the Empire's systems and armies, with few ways in (``hiding_place``). The heuristic Rebel
draws its base with a chance in proportion to exp(score / ``TEMPERATURE``), so it is not always the same system;
the Empire, knowing how Rebels hide, weighs each system that may still hold the base the same way
(``weights``: the odds the search's sampled worlds draw the base with, ``sampling``), and the heuristic Empire
hunts by those odds raised to its ``hunch``. Only public events are read: never where the base really is.
"""

from __future__ import annotations

import math

from .seen import Seen

#: How sharply the prior prefers good hiding places: a system's weight is exp(score / TEMPERATURE), the score in
#: the units of ``hiding_place`` (two points per move away from the Empire's nearest system).
TEMPERATURE = 1.0
#: How far the heuristic Empire trusts the prior when it hunts (the ``hunch`` knob): weights are raised to it.
HUNCH = 0.1

#: The last game's scores: (setup-loyalty event, starting-units event, scores). The log is shared between a game
#: and its copies, so the same event objects mean the same setup.
_LAST: list = []


def hiding_place(s: Seen, system_id: str) -> float:
    """How well a system hides the base: far from Imperial armies and systems, few ways in."""
    imperial = [x for x in s.systems if s.imperial(x) or s.has(x, "empire")]
    nearest = min((s.distance(system_id, x) for x in imperial), default=6)
    armies = sum(s.army_value(s.units(x, "empire")) / (1 + s.distance(system_id, x)) ** 2 for x in imperial)
    return 2.0 * nearest - 0.05 * armies - 0.3 * len(s.adjacent(system_id))


def setup_scores(game) -> dict[str, float] | None:
    """How well each system hid the base at setup (``hiding_place`` on the setup board), or None when the log
    does not show the setup (a scenario that starts later)."""
    log = game.state["log"]
    loyalty = next((e for e in log if e["type"] == "setup-loyalty"), None)
    units = next((e for e in log if e["type"] == "starting-units" and e.get("faction") == "empire"), None)
    if loyalty is None or units is None:
        return None
    if _LAST and _LAST[0] is loyalty and _LAST[1] is units:
        return _LAST[2]
    seen = Seen(game, game.state["data"]["teams"]["empire"][0])  # the board below is public: any seat will do
    imperial, subjugated, rebel = (set(loyalty.get(k, [])) for k in ("imperial", "subjugated", "rebel"))
    board = {
        "systems": {x: {"loyalty": "empire" if x in imperial else "rebel" if x in rebel else None,
                        "subjugated": x in subjugated} for x in seen.t.systems},
        "units": {where: dict(found) for where, found in (units.get("units") or {}).items()},
    }
    seen.data = board
    scores = {x: hiding_place(seen, x) for x in seen.t.systems}
    _LAST[:] = [loyalty, units, scores]
    return scores


def base_odds(s: Seen) -> dict[str, float]:
    """The chance, as the Empire judges it, that each system that may hold the base does (summing to 1): the
    revealed base for certain; otherwise the candidates weighed by ``weights`` raised to ``s.hunch`` (0: all
    equal)."""
    cache = s.__dict__.get("_odds")
    if cache is not None:
        return cache
    if s.base_revealed:
        odds = {s.base_revealed: 1.0}
    else:
        goals = s.base_candidates
        hunch = getattr(s, "hunch", HUNCH)
        found = weights(s.game, goals) if hunch and goals else None
        raw = [w ** hunch for w in found] if found else [1.0] * len(goals)
        total = sum(raw) or 1.0
        odds = {g: w / total for g, w in zip(goals, raw)}
    s.__dict__["_odds"] = odds
    return odds


def weights(game, candidates: list[str]) -> list[float] | None:
    """A weight for each of ``candidates`` (systems that may hold the base), or None for equal weights: after the
    base moved (Rapid Mobilization, RB-RLC) or when the setup is not in the log."""
    if any(e["type"] == "base-relocated" for e in game.state["log"]):
        return None
    scores = setup_scores(game)
    if scores is None:
        return None
    top = max(scores.get(c, 0.0) for c in candidates)
    return [math.exp((scores.get(c, 0.0) - top) / TEMPERATURE) for c in candidates]
