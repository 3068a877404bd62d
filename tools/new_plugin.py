"""The files `rebellion new plugin NAME` writes (the command is in ``new_cmd.py``): a pip-installable expansion
package that works as made, to edit from there.

The package has what docs/plugins.md walks through, on a small scale: the entry point, an ``EXPANSION``
declaration, one hook of each common kind (an effect op with a feasibility test, a step at a rule moment, a value
answered), a content pack that validates, a scenario that passes and a test that runs both. Templates use
``string.Template`` (``${id}`` ...) so that the braces of Python, TOML and YAML need no escaping.
"""

from __future__ import annotations

import json
import re
from string import Template

import click

#: An expansion id: lower-case words joined by single hyphens, starting with a letter (op names are made from it,
#: and they must start with a letter).
NAME_PATTERN = r"[a-z][a-z0-9]*(-[a-z0-9]+)*"
NAME_LIMIT = 40

FILES = {
    "pyproject.toml": """\
[build-system]
requires = ["setuptools>=68"]
build-backend = "setuptools.build_meta"

[project]
name = "${dist}"
version = "0.1.0"
description = ${description}
readme = "README.md"
requires-python = ">=3.11"
dependencies = ["swrebellion"]

[project.optional-dependencies]
test = ["pytest>=8"]

# swrebellion finds expansions through this entry-point group: the name is the expansion's id, the value the
# module holding EXPANSION and the hook implementations.
[project.entry-points."swrebellion.expansions"]
${id} = "${package}"

[tool.setuptools]
packages = ["${package}"]

# The content pack ships inside the package; EXPANSION.packs names it.
[tool.setuptools.package-data]
${package} = ["content/*.yaml"]

[tool.pytest.ini_options]
testpaths = ["tests"]
""",
    "README.md": """\
# ${name}

An expansion for swrebellion, made with `rebellion new plugin ${id}`. Its rules are in
`${package}/rules.py`, its hooks in `${package}/__init__.py`, its content in `${package}/content/`.

```sh
pip install -e '.[test]'                   # install it: its entry point makes it an expansion
rebellion expansions list                  # ${id} is listed (off until enabled)
rebellion expansions enable ${id}          # switch it on (writes ./rebellion.toml)
rebellion validate --expansion ${id}       # check its content pack
rebellion scenario run scenarios/*.yaml    # its rules tests
pytest                                     # the scenarios and the pack, as tests
```

swrebellion's docs/plugins.md explains every part, with the Space Cannon example expansion.
""",
    "${package}/__init__.py": '''\
"""${name}: an expansion for swrebellion (made by `rebellion new plugin`).

Every hook is in this file and hands over to ``rules.py``; swrebellion's docs/plugins.md explains each one. Use
the base game only through ``swrebellion.expansions.base.api``.
"""

from swrebellion.hookspecs import hookimpl
from swrebellion.plugins import Expansion

EXPANSION = Expansion(
    id="${id}",
    name="${name}",
    version="0.1.0",
    requires=("base",),
    packs=(("${package}", "content"),),
    description="Say in one line what this expansion adds.",
)


@hookimpl
def register_effect_ops(registry):
    """Effect ops that card data may use (``{op: ${prefix}_reinforce, ...}``), with their feasibility tests."""
    from swrebellion.expansions.base import api

    from . import rules

    api.ops.register(registry, rules.OPS)


@hookimpl
def register_steps(registry):
    """Steps of this expansion's rules, and the rule moments where they run."""
    from . import rules

    registry.register(rules.REPORT_STEP, rules.report_step)
    registry.at("combat.start", rules.REPORT_STEP)


@hookimpl
def register_values(registry):
    """Values of the base game this expansion adjusts (docs/hooks.md lists them), and values of its own."""
    from . import rules

    registry.modify("unit-health", rules.armoured)
''',
    "${package}/rules.py": '''\
"""The rules of ${name}: one example of each common kind of hook, to change or delete.

* an effect op with a feasibility test, ``${prefix}_reinforce``: the action card in ``content/actions.yaml``
  uses it, and is offered only when the test passes;
* a step at a rule moment, ``combat.start`` (a combat has begun, before its first round): it logs how many units
  each side has there;
* a value answered, ``unit-health``: the gunship of ``content/units.yaml`` has 1 more health in combat.
"""

from __future__ import annotations

from pydantic import Field
from swrebellion.expansions.base import api

GUNSHIP = "${id}-gunship"
REPORT_STEP = "${id}.report"


# -- an effect op with a feasibility test --------------------------------------------------------------------------


class Reinforce(api.ops.Strict):
    """Deploy one unit from the side's supply into the combat's system."""

    unit: str = Field(description="The unit type to deploy: one of the playing side's.")


def can_reinforce(game, params: Reinforce, ctx: dict) -> bool:
    """A combat is on, the unit is the side's and its supply has one left. A card whose first step cannot act is
    not offered."""
    units = api.content.units(game)
    return (api.combat.state(game) is not None and params.unit in units
            and units[params.unit].faction == ctx["faction"] and api.board.supply_left(game, params.unit) > 0)


OPS: api.ops.OpTable = {}


@api.ops.op(OPS, "${prefix}_reinforce", Reinforce, feasible=can_reinforce)
def reinforce(game, frame, params: Reinforce, ctx: dict) -> None:
    """Deploy one ``unit`` from the supply into the combat's system."""
    game.pop()
    api.board.deploy_unit(game, ctx["faction"], params.unit, api.combat.state(game)["system"], cause=ctx["card"])


# -- a step at a rule moment --------------------------------------------------------------------------------------


def report_step(game, frame) -> None:
    """At ``combat.start``: log how many units each side has in the combat's system (``frame["system"]``)."""
    system = frame["system"]
    game.log("${id}-report", system=system,
             units={faction: sum(api.board.faction_units(game, system, faction).values())
                    for faction in api.board.FACTIONS})
    game.pop()


# -- a value answered -----------------------------------------------------------------------------------------------


def armoured(game, value: int, context: dict) -> int | None:
    """``unit-health`` (context: ``unit``, ``system``): the gunship has 1 more health; ``None`` leaves the others."""
    return value + 1 if context["unit"] == GUNSHIP and value else None
''',
    "${package}/content/pack.yaml": """\
# The content pack of ${name}: see swrebellion's README, "Content packs".
kind: pack
id: ${id}
name: {en: ${name_yaml}}
version: 0.1.0
requires: ['${requires}']
plugins: [${id}]
""",
    "${package}/content/units.yaml": """\
kind: units
items:
- id: ${id}-gunship
  name: {en: Example Gunship}
  faction: rebel
  set: ${id}
  theater: space
  kind: capital-ship
  health: 3
  health_colour: ${die_a}
  attack: {${die_a}: 1, ${die_b}: 1}
  build_icon: ${resource}
  supply: 2
  summary: 'An example ship: 1 more health in combat (rules.py, armoured).'
""",
    "${package}/content/actions.yaml": """\
kind: actions
items:
- id: ${id}-reinforcements
  name: {en: Example Reinforcements}
  set: ${id}
  summary: {en: 'Deploy an Example Gunship from your supply into this combat.'}
  faction: rebel
  starting: true
  timing: start-of-combat
  leaders: []
  effect:
  - {op: ${prefix}_reinforce, unit: ${id}-gunship}
""",
    "scenarios/reinforcements.yaml": """\
name: The reinforcements card deploys a gunship into the combat, the combat's report is logged, and the gunship survives 3 damage
expansions: [base, ${id}]
seed: 1
state:
  phase: command
  current: rebel
  leaders: {jan-dodonna: pool}
  hands: {rebel: {actions: [${id}-reinforcements]}}
  units:
    sullust: {x-wing: 1}
    mustafar: {star-destroyer: 1}
  decks: {tactics-space: [], tactics-ground: []}
script:
  - choose: {player: rebel, kind: command-action, option: "activate:mustafar"}
  - choose: {player: rebel, kind: move-from, option: sullust}
  - choose: {player: rebel, kind: move-units, option: "unit:x-wing"}
  # the op's feasibility test passes (a combat, a gunship in the supply): the card is offered
  - offered: {player: rebel, kind: start-of-combat-card, exactly: [${id}-reinforcements, none]}
  # then the first round: the Rebel attack (gunship and X-wing, 3 dice) misses; the Star Destroyer's 3 dice
  # are direct hits, which the Empire may put on any ship: all on the gunship
  - dice: [blank, blank, blank, direct-hit, direct-hit, direct-hit]
    choose: {player: rebel, kind: start-of-combat-card, option: ${id}-reinforcements}
  - expect:
      log:
        - {type: deployed, faction: rebel, unit: ${id}-gunship, to: mustafar}
        - {type: ${id}-report, system: mustafar, units: {rebel: 2, empire: 1}}
  - choose: {player: empire, kind: assign-damage, option: "${id}-gunship:0:0"}
  - choose: {player: empire, kind: assign-damage, option: "${id}-gunship:0:1"}
  - choose: {player: empire, kind: assign-damage, option: "${id}-gunship:0:2"}
expect:
  # 3 damage: its printed health, but not the 4 it has in combat
  state: {/data/combat/damage: {${id}-gunship: [3]}}
  no_log: [{type: destroyed, unit: ${id}-gunship}]
""",
    "tests/test_${prefix}.py": '''\
"""${name}: its scenarios pass and its content pack validates (after `pip install -e .`, run `pytest`)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from swrebellion.engine.scenario import load_scenario, run
from swrebellion.games import rules_for

SCENARIOS = sorted((Path(__file__).parents[1] / "scenarios").glob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path):
    run(load_scenario(path), rules_for)


def test_the_content_pack_validates():
    env = {k: v for k, v in os.environ.items() if k != "SWREBELLION_EXPANSIONS"}
    result = subprocess.run([sys.executable, "-m", "swrebellion.tools", "validate", "--expansion", "${id}"],
                            capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stdout + result.stderr
''',
}


def check_name(name: str, installed: dict[str, str]) -> None:
    """A usage error saying what is wrong with NAME and how to fix it."""
    if not re.fullmatch(NAME_PATTERN, name) or len(name) > NAME_LIMIT:
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:NAME_LIMIT].strip("-")
        example = slug if re.fullmatch(NAME_PATTERN, slug) else "hutt-smugglers"
        raise click.UsageError(
            f"{name!r} cannot be an expansion id: it is made of lower-case letters and digits, in words joined by "
            f"single hyphens, starts with a letter and has at most {NAME_LIMIT} characters (e.g. {example})")
    if name in installed:
        raise click.UsageError(f"an installed expansion is already called {name!r} ({installed[name]}); "
                               "choose another name (`rebellion expansions list` shows them)")


def check_title(title: str) -> None:
    """The title goes into Python and TOML strings as it is: no quotes, backslashes or control characters."""
    if not title.strip() or len(title) > 80 or any(c in title for c in '"\\') or not title.isprintable():
        raise click.UsageError(f"--title {title!r}: use up to 80 printable characters, without double quotes or "
                               "backslashes (e.g. --title \"The Hutt Smugglers\")")


def package_name(name: str) -> str:
    return "swrebellion_" + name.replace("-", "_")


def render(name: str, title: str, facts: dict[str, str]) -> dict[str, str]:
    """The package's files, path -> text, for the expansion id ``name`` (``facts``: ids of the base pack the
    example unit uses, and the requirement on it: ``new_cmd.base_facts``)."""
    prefix = name.replace("-", "_")
    values = {
        "id": name, "name": title, "name_yaml": "'" + title.replace("'", "''") + "'",
        "description": json.dumps(f"{title}: an expansion for swrebellion"),
        "package": package_name(name), "dist": f"swrebellion-{name}", "prefix": prefix, **facts,
    }
    return {Template(path).substitute(values): Template(text).substitute(values) for path, text in FILES.items()}
