"""Which cards an event shows being played (the ``cards_played`` hook), for simulation statistics.

A mission counts when revealed (RB-MIS-01), an action card when played, an objective when played, a tactic card
when played in combat. The side is the event's, or for objectives the Rebels' (RB-OBJ-01).
"""

from __future__ import annotations

#: event type -> the side that plays the card, when the event does not say ("faction" otherwise)
PLAYS = {"mission-revealed": None, "action-played": None, "tactic-played": None, "objective-played": "rebel"}


def cards_played(game, event) -> list[list[str]]:
    kind = event["type"]
    if kind not in PLAYS or not isinstance(event.get("card"), str):
        return []
    side = PLAYS[kind] or event.get("faction")
    return [[side, event["card"]]] if isinstance(side, str) else []
