"""Dice: where the base game rolls a die (RB-CMB attacks, RB-MIS missions, RB-DSP the Death Star plans).

* **Faces** are content: each die colour's six faces and its per-roll limit are items of the content kind ``dice``
  (``content/base/dice.yaml``: red and black have the same faces, RULINGS C-01; Rise of the Empire adds green).
  Setup copies them into ``state["dice"]``.
* **Rolling** is the kernel's :meth:`swrebellion.engine.Game.roll`: it draws each face from the game's seeded
  generator (a scenario's forced faces first) and logs a ``roll`` event.
* **Every roll of the base game** goes through :func:`roll` here, which first takes out the dice an action card
  set to chosen faces (One in a Million, the op ``set_dice``) and adds them back to the result as set.

How many dice are rolled is the rule's business: an attack's pool in ``rules/combat.py`` (``attack_dice``, capped
by the dice limits), a mission's in ``phases/missions.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from swrebellion.engine.game import Game


def roll(game: Game, frame: dict[str, Any], dice: dict[str, int], who: str, purpose: str) -> dict[str, list[str]]:
    """Roll ``dice``, except those a card set to chosen faces (One in a Million: ``set_dice``), which are added
    to the result as set. Each roll of a mission or an attack comes here, most with no card played: nothing to
    set. The rolled faces are lists of their own (the log keeps copies of what it is handed, ``Game.log``)."""
    played = frame.get("played")
    fixed = [f for ctx in played if ctx.get("moment") == "before-roll" and ctx["faction"] == who
             for f in ctx.get("fixed", ())] if played else ()
    left = {colour: n for colour, n in dice.items() if n > 0}
    for colour, _ in fixed:
        left[colour] -= 1
    rolled = game.roll(left, who=who, purpose=purpose) if any(left.values()) else {}  # it skips colours left at 0
    if fixed:
        game.log("dice-set", who=who, purpose=purpose, dice=[list(f) for f in fixed])
        for colour, face in fixed:
            rolled.setdefault(colour, []).insert(0, face)
    return rolled


def roll_as_is(game: Game, dice: dict[str, int], who: str, purpose: str) -> dict[str, list[str]]:
    """Roll ``dice`` that no card may set beforehand: rerolls (a tactic card's, Master Yoda's) and a volley fired
    into a combat from outside its attacks."""
    return game.roll(dice, who=who, purpose=purpose)
