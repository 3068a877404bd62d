"""The content kind only Rise of the Empire defines: advanced tactic cards (RE-CIN). Its other content (units,
leaders, missions with target markers ...) is of the base game's kinds, and the values of their fields that only
its rules read are declared here (``registry.reads``: without this expansion, validate refuses them)."""

from __future__ import annotations

from .models import AdvancedTacticCard


def register(registry) -> None:
    registry.register("advanced-tactics", AdvancedTacticCard, "Advanced tactic cards",
                      references=[("units/*", "units"), ("target_marker", "markers")], tags=["card"])
    registry.reads("advanced-tactics", "faction", {"empire": "in the Empire's own advanced tactic decks (RE-CIN-01)",
                                                   "rebel": "in the Rebels' own advanced tactic decks (RE-CIN-01)"})
    registry.reads("advanced-tactics", "theater", {"space": "drawn for the space battle (RE-CIN-02)",
                                                   "ground": "drawn for the ground battle (RE-CIN-02)"})
    registry.reads("objectives", "timing", {
        "immediate": "revealed and resolved as soon as the Rebel draws it; it stays in play while one of its target "
                     "markers is on the board, and scores as its card says (RE-IMM-01..03)"})
    registry.reads("setups", "empire/fixed/*/where", {
        "chosen-remote-system": "a remote system the Empire chooses at setup, before the rest of its army; its "
                                "probe card leaves the game (RE-SET-08)"})
    registry.reads("leaders", "secondary_skills/~", {
        skill: f"a small {skill} icon: counts toward assigning like a large one and rolls 1 green die in the "
               "mission (RE-SKL-01..03)"
        for skill in ("diplomacy", "intelligence", "special-ops", "logistics")})
