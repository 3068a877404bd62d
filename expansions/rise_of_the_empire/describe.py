"""How the expansion's events read in a game's account (``describe_event``; the base game describes the rest)."""

from __future__ import annotations

from functools import partial

from swrebellion.expansions.base.api import readable, word


def _cards(e, n) -> str:
    return "; ".join(f"{n(f)} {n(c)}" for f, c in sorted(e["cards"].items()))


LINES = {
    "advanced-tactics-revealed": lambda e, n: f"  {e['theater'].capitalize()} tactic cards revealed: {_cards(e, n)}.",
    "advanced-tactic-used": lambda e, n: f"  {n(e['faction'])} uses the {e['half']} ability of {n(e['card'])}"
    + (" (additional card)." if e.get("additional") else "."),
    "advanced-tactic-unused": lambda e, n: f"  {n(e['faction'])} uses neither ability of {n(e['card'])}.",
    "advanced-tactic-extra": lambda e, n: f"  {n(e['faction'])} plays an additional card: {n(e['card'])}.",
    "tactic-cancelled": lambda e, n: f"  {n(e['faction'])}'s {n(e['card'])} is cancelled by {n(e['by'])}.",
    "tactic-forbidden": lambda e, n: f"  {n(e['faction'])} may play no {e['theater']} tactic card this round.",
    "tactics-recycled": lambda e, n: f"  {n(e['faction'])}'s {e['theater']} discards return to the deck.",
    "tactic-returned": lambda e, n: f"  {n(e['faction'])} takes {n(e['card'])} back into the deck ({e['cause']}).",
    "tactic-removed": lambda e, n: f"  {n(e['card'])} leaves the game.",
    "prevented": lambda e, n: f"  {n(e['faction'])} prevents {', '.join(e['dice'])}.",
    "damage-removed": lambda e, n: f"  1 damage removed from a {n(e['unit'])} ({n(e['cause'])}).",
    "leader-reroll": lambda e, n: f"  {n(e['faction'])}'s leader rerolls up to {e['up_to']} dice.",
    "doomed": lambda e, n: f"  A {n(e['unit'])} of {n(e['faction'])} will be destroyed ({n(e['card'])}).",
    "attack-order": lambda e, n: f"  {n(e['last'])} attacks last in {e['theater']} battles from now on.",
    "opposition-revealed": lambda e, n: f"  {n(e['faction'])} reveals {n(e['card'])}: "
    f"{', '.join(n(l) for l in e['leaders'])} oppose {n(e['against'])} in {n(e['system'])}.",
    "bounty-collected": lambda e, n: f"  {n(e['leader'])} wore the Bounty ring when captured: the Rebel loses "
    f"{e['loss']} reputation.",
    "round-end-effect": lambda e, n: f"  {n(e['card'])} takes effect at the end of the round.",
    "leader-doomed": lambda e, n: f"  {n(e['leader'])} will be eliminated at the end of the Command Phase.",
    "leader-eliminated": lambda e, n: f"{n(e['leader'])} is eliminated.",
    "protected": lambda e, n: f"  The Shield Bunker protects the {n(e['unit'])} in {n(e['system'])}.",
    "mission-set": lambda e, n: f"{n(e['faction'])} plays the {'Rise of the Empire' if e['set'] != 'base' else 'base'} "
    f"mission set ({e['boxed']} card(s) boxed).",
    "fixed-placement": lambda e, n: f"The Empire places the Death Star Under Construction in {n(e['system'])}.",
    "leader-removed": lambda e, n: f"{n(e['leader'])} leaves the game ({e['cause']}).",
    "target-marker-placed": lambda e, n: f"A {n(e['marker'])} is placed in {n(e['system'])}.",
    "target-marker-removed": lambda e, n: f"The {n(e['marker'])} in {n(e['system'])} is removed ({e['cause']}).",
    "objective-revealed": lambda e, n: f"The Rebels reveal the Immediate objective {n(e['card'])}.",
    "objective-discarded": lambda e, n: f"{n(e['card'])} is discarded ({e['cause']}).",
    "cancel-ignored": lambda e, n: "",
}


def describe(game, event: dict) -> str | None:
    return word(LINES, event, partial(readable, game))
