"""The advanced tactic cards at the terminal: what a side may pick in a combat, and what each can do there now.

Each player looks through his own advanced tactic decks (RE-CIN-02); a card's top ability needs a unit of his of a
pictured type in the system (RE-CIN-04), which the card's name alone does not say: the ``hand`` screen lists the
decks during a combat (hook ``hand_lines``), and each option of the question that picks a card says what the card
does and, on the option, which abilities it could not use now and why (hook ``decision_aside``), so that a card with
nothing to do is not a surprise."""

from __future__ import annotations

from swrebellion.engine.human import Aside
from swrebellion.expansions.base import api
from swrebellion.expansions.base.api.combat import state as combat_state
from swrebellion.i18n import gettext, pgettext

from .cinematic import HALVES, deck, usable_halves
from .tables import tables

_ = gettext


def hand_lines(game, view) -> list[str]:
    """During a combat, the viewer's own advanced tactic decks (his discards are out of them, RE-CIN-07): his own
    cards, which his view shows him; nothing for a spectator or outside a combat."""
    faction = next((f for f in api.board.FACTIONS if view.get("player") in api.board.team(game, f)), None)
    if faction is None or not combat_state(game):
        return []
    lines = []
    for theater in ("space", "ground"):
        cards = deck(game, faction, theater)
        title = _("Advanced space tactic cards you may pick ({n}):") if theater == "space" else \
            _("Advanced ground tactic cards you may pick ({n}):")
        lines.append(title.format(n=len(cards)))
        for card in sorted(set(cards), key=lambda c: api.words.name(game, c)):
            lines += ["  " + line for line in card_lines(game, faction, card)]
    return lines


def aside(game, decision) -> Aside | None:
    """At the pick (RE-CIN-03), each offered card as an option that says what its abilities do and, on the option
    itself, when its top cannot be used now and why (issue 35 #10)."""
    if decision.kind != "advanced-tactic":
        return None
    faction = decision.player.split("-")[0]
    labels = {}
    for option in decision.options:
        name, warning, abilities = card_parts(game, faction, option.id)
        words = f"{name} — {'; '.join(a.rstrip('.') for a in abilities)}" if abilities else name
        labels[option.id] = f"{words} ({warning})" if warning else words
    return Aside(labels=labels)


def card_lines(game, faction: str, card: str) -> list[str]:
    """A card's name with the abilities it could use in this combat now, then each ability in words."""
    name, warning, abilities = card_parts(game, faction, card)
    return [f"{name} — {warning}" if warning else name, *(f"    {ability}" for ability in abilities)]


def card_parts(game, faction: str, card: str) -> tuple[str, str, list[str]]:
    """A card's name, why its top (or any ability) cannot be used in this combat now ("" when it can), and each
    ability in words ("top: Deal 2 red damage.")."""
    info = tables(game).cards[card]
    item = game.rules.content.items("advanced-tactics")[card]
    usable = usable_halves(game, faction, card) if combat_state(game) else list(HALVES)
    needs = ", ".join(api.words.name(game, u) for u in info.units)
    if "top" in usable or not info.units or not info.ability("top").steps:
        warning = ""
    elif usable:
        warning = _("its top needs a unit of yours here ({units}): only the bottom can be used now").format(
            units=needs)
    else:
        warning = _("its top needs a unit of yours here ({units}): neither ability can be used now").format(
            units=needs)
    abilities = []
    for half in HALVES:
        summary = getattr(getattr(item, half, None), "summary", None)
        if summary:
            word = pgettext("ability", "top") if half == "top" else pgettext("ability", "bottom")
            abilities.append(f"{word}: {api.words.localize(game, api.words.content_text(game, summary))}")
    return api.words.name(game, card), warning, abilities
