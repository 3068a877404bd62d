"""Sampling Rise of the Empire's own secrets for a search agent (the ``determinize`` hook, docs/hooks.md).

The base game's implementation has already redealt the hands and decks it knows. What the expansion adds is the
probe cards kept face down under a card (Secret Facility, Sweep the Area, Under the Radar): one the player cannot
see trades places with the probe deck (and with the Empire's probe hand, when that is hidden too). The advanced
tactic decks are not touched: they are in printed order and never shuffled (RE-SET-04), so their order is no
secret worth sampling.
"""

from __future__ import annotations

from swrebellion.engine import peek
from swrebellion.expansions.base import api
from swrebellion.engine.determinize import hidden_from, redeal

from .state import has_section, roe


def determinize(game, player: str, rng) -> None:
    kept = [entry for entry in (roe(game).get("hidden_probes", []) if has_section(game) else ())
            if hidden_from(entry["probe"], player)]
    if not kept:
        return
    cards = [[peek(entry["probe"])] for entry in kept]
    zones = [*cards, api.cards.deck(game, "probes")]
    held = api.cards.hidden_hand(game, player, "empire", "probes")
    if held is not None:
        zones.append(held)
    redeal(rng, zones)
    for entry, [card] in zip(kept, cards):
        entry["probe"]["value"] = card
