"""`rebellion scenario run FILE...`: play scenario files in strict mode and report each one."""

from __future__ import annotations

import os
from pathlib import Path

import click

from .options import configured_packs, pack_option


@click.group("scenario")
def scenario() -> None:
    """Run rules scenarios (docs/scenarios.md): a situation, scripted choices, forced dice, expectations."""


@scenario.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@pack_option
def run(files: tuple[str, ...], packs) -> None:
    """Run each scenario FILE; exit 1 if any fails. A decision the script does not foresee is a failure.

    A scenario loads the expansions its `expansions:` names and the fan packs its `packs:` names (relative to the
    scenario file), plus any --pack folder and ./rebellion.toml's packs.

    \b
    Examples:
      rebellion scenario run tests/scenarios/base/*.yaml
      rebellion scenario run my-pack/scenarios/*.yaml
    """
    from swrebellion.engine import scenario as harness
    from swrebellion.games import rules_for

    extra = [*configured_packs(), *packs]

    def make_rules(expansions, scenario_packs=()):
        return rules_for(expansions, [*scenario_packs, *extra])

    roots = [Path.cwd().resolve(), *(Path(p).resolve() for p in extra)]
    failed = 0
    for path in files:
        try:
            _inside(Path(path), roots)
            harness.run(harness.load_scenario(path), make_rules)
        except (harness.ScenarioError, harness.ScenarioFailure) as exc:
            failed += 1
            click.echo(f"FAIL {path}: {exc}")
        else:
            click.echo(f"ok   {path}")
    click.echo(f"{len(files) - failed} passed, {failed} failed")
    raise SystemExit(1 if failed else 0)


def _inside(path: Path, roots: list[Path]) -> None:
    """Scenario files run in CI on pull requests, so they follow the rules of pack files (issue 32 #1): a scenario
    named inside the folder the command runs from (or a pack it loads) must really be there, not reached through a
    symlink that leads out; a scenario named elsewhere, by a path the user typed, must not itself be a symlink to
    another folder."""
    from swrebellion.engine.scenario import ScenarioError

    named = Path(os.path.abspath(path))
    real = path.resolve()
    if any(real.is_relative_to(root) for root in roots):
        return
    if not any(named.is_relative_to(root) for root in roots) and real.is_relative_to(named.parent.resolve()):
        return
    how = "is a symlink that leads" if path.is_symlink() else "leads"
    raise ScenarioError(f"{path} {how} outside the folder it is named in (the folder this command runs from, or a "
                        "pack it loads); it was not read: run the scenario where it really is")
