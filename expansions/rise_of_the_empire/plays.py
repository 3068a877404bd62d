"""Which of Rise of the Empire's events show a card being played (the ``cards_played`` hook).

Subversion's opposition cards count when revealed, Immediate objectives when revealed (RE-IMM), and each side's
advanced tactic card when the two are revealed together in cinematic combat (RE-CIN-03).
"""

from __future__ import annotations


def cards_played(game, event) -> list[list[str]]:
    kind = event["type"]
    if kind == "opposition-revealed" and isinstance(event.get("card"), str):
        return [[event["faction"], event["card"]]]
    if kind == "objective-revealed" and isinstance(event.get("card"), str):
        return [["rebel", event["card"]]]
    if kind == "advanced-tactics-revealed":
        return [[side, card] for side, card in sorted((event.get("cards") or {}).items()) if isinstance(card, str)]
    return []
