"""`rebellion new pack DIR`: a fan pack that passes `rebellion validate DIR` as generated, to edit from there;
`rebellion new plugin NAME`: an expansion package that installs with pip and works as made (its files:
``new_plugin.py``)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import click

from .options import expansion_options


@click.group("new")
def new() -> None:
    """Scaffold fan content: a content pack, or an expansion package with rules of its own."""


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40].strip("-")


SCHEMA_FOLDER = ".schemas"  # hidden: the loader never reads it as content


def _schema_location(base: str | None) -> str:
    """Where the files' schema comments point: ``base`` (a URL or a path, e.g. a versioned URL of the schemas), or
    the pack's own ``.schemas/`` copy, relative, so the comments work on any machine and in any clone."""
    return base.rstrip("/") if base else SCHEMA_FOLDER


def _schema_copies() -> dict[str, str]:
    """The schemas of this installation, to copy into a new pack's ``.schemas/`` (refresh them later with
    ``rebellion schema export --out PACK/.schemas``)."""
    from .schema_cmd import package_folder

    folder = package_folder()
    return {f"{SCHEMA_FOLDER}/{p.name}": p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.schema.json"))}


def base_facts(active) -> dict[str, str]:
    """Ids from the built-in base pack for the example unit, so its references resolve."""
    from packaging.version import Version

    from swrebellion.loader import load

    catalog = load(active, []).catalog
    info = catalog.pack("base")
    if info is None:
        raise click.UsageError("the base pack is not available: enable the base expansion (--expansion base)")
    dice = sorted(catalog.items("dice"), key=lambda d: (d not in ("red", "black"), d))
    space = sorted(i for i, r in catalog.items("resources").items() if r.theater == "space")
    if len(dice) < 2 or not space:
        raise click.UsageError("the base pack has no dice or space resource icons to build an example with")
    major = Version(info.version).major
    return {
        "requires": f"base>={major}.0,<{major + 1}",
        "die_a": dice[0],
        "die_b": dice[1],
        "resource": space[0],
    }


def _quoted(text: str) -> str:
    """A YAML single-quoted scalar."""
    return "'" + text.replace("'", "''") + "'"


def _files(pack_id: str, name: str, schemas: str, facts: dict[str, str]) -> dict[str, str]:
    modeline = "# yaml-language-server: $schema={}/{}.schema.json\n"
    return {
        "pack.yaml": modeline.format(schemas, "pack") + f"""\
# The manifest: what this pack is, what it needs and what it changes. See the README, "Content packs".
kind: pack
id: {pack_id}
name: {{en: {_quoted(name)}}}
version: 0.1.0
description: {{en: 'A fan pack. Describe it here.'}}
requires: ['{facts["requires"]}']
# replaces: [units/x-wing]      # define an item of a required pack anew (same kind and id)
# removes: [missions/sabotage]  # take an item of a required pack out of the game
# plugins: [rise-of-the-empire] # rules plugins this content needs
# Which files hold content: the YAML files at the top of the folder (scenarios/ holds tests, not content; list
# more globs here if you put content in sub-folders, e.g. 'cards/*.yaml').
files: ['*.yaml']
""",
        "units.yaml": modeline.format(schemas, "units") + f"""\
kind: units
items:
- id: {pack_id[:50]}-gunship
  name: {{en: Example Gunship}}
  faction: rebel
  set: {pack_id}
  theater: space
  kind: capital-ship
  health: 3
  health_colour: {facts["die_a"]}
  attack: {{{facts["die_a"]}: 1, {facts["die_b"]}: 1}}
  build_icon: {facts["resource"]}
  supply: 2
  summary: An example unit. Rename it, change its numbers, or delete this file.
""",
        "missions.yaml": modeline.format(schemas, "missions") + f"""\
kind: missions
items:
- id: {pack_id[:50]}-example-mission
  name: {{en: Example Mission}}
  set: {pack_id}
  summary: {{en: 'An example card: say what it does in one line of your own words.'}}
  faction: rebel
  deck: regular
  requires: {{diplomacy: 1}}
  mode: attempt
  # where the mission takes place, then what it does: steps {{op: NAME, ...}} (docs/effects.md lists the ops)
  target:
  - {{op: choose, what: system, where: {{populous: true}}}}
  effect:
  - {{op: loyalty, change: gain, amount: 1}}
""",
        "scenarios/example-mission.yaml": f"""\
# A rules test of the example mission (docs/scenarios.md): `rebellion scenario run scenarios/*.yaml`
name: the example mission gains 1 Rebel loyalty in the system it takes place in
packs: [..]                      # this pack, relative to this file
seed: 1
state:
  phase: command
  current: rebel
  passed: {{empire: true}}
  base: dantooine
  leaders: {{mon-mothma: pool}}
  assigned:
    rebel:
      - {{card: {pack_id[:50]}-example-mission, leaders: [mon-mothma]}}
script:
  - choose: {{player: rebel, kind: command-action, option: "reveal:{pack_id[:50]}-example-mission"}}
  - choose: {{player: rebel, kind: choose-system, option: naboo}}
expect:
  log:
    - {{type: mission-result, card: {pack_id[:50]}-example-mission, success: true}}
  state:
    /data/systems/naboo/loyalty: rebel
"""
    }


@new.command("pack")
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--id", "pack_id", help="The pack's id (default: made from the folder name).")
@click.option("--name", help="The pack's name for people (default: the folder name).")
@click.option(
    "--schemas",
    "schema_base",
    metavar="DIR_OR_URL",
    help="Where editors find the schemas: a URL or folder, e.g. a versioned URL of the schemas (default: a copy in "
         "the pack's .schemas/ folder, referred to relatively, so it works on any machine).",
)
@expansion_options
def pack(folder: Path, pack_id: str | None, name: str | None, schema_base: str | None, active) -> None:
    """Create FOLDER with a pack.yaml, an example unit, an example mission and a scenario that tests it, ready to
    edit; it validates and its scenario passes as made.

    The pack requires the base game, and its files start with a `# yaml-language-server: $schema=...` comment
    pointing at a copy of the schemas in the pack's .schemas/ folder, so editors with the YAML extension
    autocomplete and check as you type, on any machine. FOLDER must be new or empty; the id must not be a
    built-in pack's. docs/authoring.md goes on from there.

    \b
    Examples:
      rebellion new pack my-pack
      rebellion new pack packs/hutts --id hutt-cartel --name "The Hutt Cartel"
      rebellion validate my-pack
    """
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise click.UsageError(f"{folder} is not empty; nothing was written (choose a new folder)")
    pack_id = pack_id or _slug(folder.resolve().name)
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", pack_id or "") or len(pack_id) > 64:
        given = "--id" if pack_id else "the folder name"
        raise click.UsageError(f"{pack_id or folder.name!r} (from {given}) is not a pack id: lower-case letters and "
                               "digits in words joined by hyphens, at most 64 characters (e.g. --id hutt-cartel)")
    selection = active()
    taken = _built_in_pack_ids(selection)
    if pack_id in taken:
        raise click.UsageError(f"{pack_id!r} is the id of the built-in pack of the expansion {taken[pack_id]!r}; "
                               "a fan pack needs an id of its own (--id my-pack)")
    facts = base_facts(selection)
    from swrebellion.safefile import staged_folder

    files = _files(pack_id, name or folder.resolve().name, _schema_location(schema_base), facts)
    if not schema_base:
        files.update(_schema_copies())
    with staged_folder(folder) as staging:
        for file_name, text in files.items():
            (staging / file_name).parent.mkdir(parents=True, exist_ok=True)
            (staging / file_name).write_text(text, encoding="utf-8")
    where = shlex.quote(str(folder))
    shown = [f for f in files if not f.startswith(SCHEMA_FOLDER)]
    click.echo(f"created {folder}/: {', '.join(shown)}" + ("" if schema_base else f", and {SCHEMA_FOLDER}/ (the "
                                                           "schemas your editor checks the files with)"))
    click.echo("next:")
    for line in (f"rebellion validate {where}",
                 f"rebellion cards show {pack_id[:50]}-example-mission --pack {where}",
                 f"rebellion scenario run {shlex.quote(str(folder / 'scenarios'))}/*.yaml",
                 f"rebellion play --pack {where} --seed 1",
                 "docs/authoring.md walks through the rest: cards, replacing base cards, setups, CI"):
        click.echo(f"  {line}")


def _built_in_pack_ids(active) -> dict[str, str]:
    """Pack id -> expansion, for the built-in packs of every installed expansion."""
    found = {}
    for name, installed in active.discovery.installed.items():
        for folder in installed.expansion.pack_paths():
            manifest = folder / "pack.yaml"
            if manifest.is_file():
                import yaml

                data = yaml.safe_load(manifest.read_text(encoding="utf-8")) or {}
                if isinstance(data, dict) and isinstance(data.get("id"), str):
                    found[data["id"]] = name
    return found


@new.command("plugin")
@click.argument("name")
@click.option("--folder", type=click.Path(file_okay=False, path_type=Path),
              help="Where to create it (default: a folder named NAME here). Must be new or empty.")
@click.option("--title", help="The expansion's name for people (default: made from NAME).")
def plugin(name: str, folder: Path | None, title: str | None) -> None:
    """Create an expansion package NAME that installs with pip and works as made.

    NAME is the expansion's id: lower-case words joined by hyphens, starting with a letter (hutt-smugglers). The
    import package is swrebellion_NAME (hyphens become underscores), the distribution swrebellion-NAME:

    \b
      pyproject.toml            its entry point in `swrebellion.expansions`: how rebellion finds it
      swrebellion_NAME/         EXPANSION and the hooks (__init__.py); the rules (rules.py): an effect op
                                with a feasibility test, a step at the rule moment combat.start, and
                                the value unit-health answered
      swrebellion_NAME/content/ its content pack (a unit, an action card), which validates
      scenarios/                a rules scenario (scripted choices, forced dice) that passes
      tests/                    pytest runs the scenarios and validates the pack

    Nothing is written if the folder exists and is not empty. The next steps are printed; docs/plugins.md walks
    through every part with the Space Cannon example expansion.

    \b
    Examples:
      rebellion new plugin hutt-smugglers
      rebellion new plugin hutt-smugglers --folder "plugins/Hutt Smugglers" --title "The Hutt Smugglers"
      pip install -e hutt-smugglers && rebellion expansions enable hutt-smugglers
    """
    from swrebellion.plugins import activate, discover

    from .new_plugin import check_name, check_title, package_name, render

    found = discover()
    check_name(name, {i: inst.source for i, inst in found.installed.items()}
               | {i: f"broken: {why}" for i, why in found.broken.items()})
    title = title if title is not None else name.replace("-", " ").title()
    check_title(title)
    folder = folder or Path(name)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise click.UsageError(f"{folder} already exists and is not empty; nothing was written (choose a new "
                               "folder with --folder, or move that one away)")
    facts = base_facts(activate(env="base", discovery=found))  # the package always builds on the base game
    files = render(name, title, facts)
    from swrebellion.safefile import staged_folder

    with staged_folder(folder) as staging:
        for path, text in files.items():
            (staging / path).parent.mkdir(parents=True, exist_ok=True)
            (staging / path).write_text(text, encoding="utf-8")
    where = shlex.quote(str(folder))
    click.echo(f"created {folder}/ ({len(files)} files): the expansion {name!r}, package {package_name(name)}")
    click.echo("next:")
    for line in (f"pip install -e {where}            # install it (add '[test]' for pytest)",
                 f"rebellion expansions enable {name}",
                 f"rebellion validate --expansion {name}",
                 f"rebellion scenario run {shlex.quote(str(folder / 'scenarios'))}/*.yaml",
                 f"cd {where} && pytest"):
        click.echo(f"  {line}")
