"""`rebellion scenario run FILE...`: play scenario files in strict mode and report each one."""

from __future__ import annotations

import click


@click.group("scenario")
def scenario() -> None:
    """Run rules scenarios (docs/scenarios.md): a situation, scripted choices, forced dice, expectations."""


@scenario.command("run")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
def run(files: tuple[str, ...]) -> None:
    """Run each scenario FILE; exit 1 if any fails. A decision the script does not foresee is a failure.

    \b
    Example:
      rebellion scenario run tests/scenarios/base/*.yaml
    """
    from swrebellion.engine import scenario as harness
    from swrebellion.games import rules_for

    failed = 0
    for path in files:
        try:
            harness.run(harness.load_scenario(path), rules_for)
        except (harness.ScenarioError, harness.ScenarioFailure) as exc:
            failed += 1
            click.echo(f"FAIL {path}: {exc}")
        else:
            click.echo(f"ok   {path}")
    click.echo(f"{len(files) - failed} passed, {failed} failed")
    raise SystemExit(1 if failed else 0)
