"""*Space Cannon*: an example third-party expansion for swrebellion (docs/plugins.md walks through it).

Planetary guns in the manner of Twilight Imperium's space cannon: a ground unit with the ability ``space-cannon``
fires its attack dice at the enemy's ships before the first round of a combat in its system; a Start of Combat
action card lets the guns of the adjacent systems fire too. Every hook is in this file, each delegating to the
module that holds the rule:

* ``register_steps``: the step ``space-cannon.fire`` runs at the base game's rule moment ``combat.start``;
* ``register_effect_ops``: the op ``space_cannon_fire`` (with a feasibility test) that the action cards use;
* ``effect_words``: that op in words, for `rebellion show`;
* ``register_values``: declares ``space-cannon-dice`` for other plugins, and answers the base game's
  ``combat-dice`` (the guns add nothing to ground attacks);
* ``validate_catalog``: checks SC101 and SC102 (``checks.py``);
* ``describe_event``: one line of a game's account for the volleys;
* ``state_lines``: the guns on the board, in the terminal's ``status`` and ``map``, the board picture and the HTML
  replay (``rules.shown``).

It uses the base game only through ``swrebellion.expansions.base.api`` and the kernel's public modules
(tests/test_space_cannon_example.py checks it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from swrebellion.hookspecs import hookimpl
from swrebellion.plugins import Expansion

if TYPE_CHECKING:
    from swrebellion.catalog import Catalog
    from swrebellion.diagnostics import Diagnostic
    from swrebellion.effects import OpRegistry
    from swrebellion.engine import Game
    from swrebellion.engine.steps import StepRegistry
    from swrebellion.engine.values import ValueRegistry

EXPANSION = Expansion(
    id="space-cannon",
    name="Space Cannon (example expansion)",
    version="1.0.0",
    requires=("base",),
    packs=(("swrebellion_space_cannon", "content"),),
    description="Planetary guns fire at enemy ships before a space combat's first round (the plugin guide's example).",
)


@hookimpl
def register_steps(registry: StepRegistry) -> None:
    from . import rules

    registry.register(rules.FIRE_STEP, rules.fire_step)
    registry.at("combat.start", rules.FIRE_STEP)


@hookimpl
def register_effect_ops(registry: OpRegistry) -> None:
    from swrebellion.expansions.base import api

    from . import rules

    api.ops.register(registry, rules.OPS)


@hookimpl
def effect_words() -> dict[str, Any]:
    from . import rules

    return {"space_cannon_fire": rules.fire_words}


@hookimpl
def register_values(registry: ValueRegistry) -> None:
    from . import rules

    registry.declare(rules.DICE_VALUE, "the dice a side's space cannons fire at enemy ships before the first round "
                     "of a combat (the guns' attack dice, summed)", {
                         "faction": "the side firing: 'rebel' or 'empire'",
                         "system": "the combat's system",
                         "range": "'system' (guns in the combat's system) or 'adjacent' (guns next to it, by a card)",
                     })
    registry.modify("combat-dice", rules.no_ground_dice)


@hookimpl
def validate_catalog(catalog: Catalog) -> list[Diagnostic]:
    from . import checks

    return checks.check(catalog)


@hookimpl
def describe_event(game: Game, event: dict[str, Any]) -> str | None:
    if event["type"] != "space-cannon":
        return None
    from . import rules

    return rules.describe(game, event)


@hookimpl
def state_lines(game: Game, where: str) -> list[str]:
    from . import rules

    return rules.shown(game, where)
