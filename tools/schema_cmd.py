"""`rebellion schema export`: write (or check) the JSON Schemas generated from the models and the effect ops."""

from __future__ import annotations

from pathlib import Path

import click


@click.group("schema")
def schema() -> None:
    """JSON Schemas of content files (draft 2020-12), for editors and other validators."""


def default_folder() -> Path:
    """The package's schemas/ folder: the repository's schemas/ in a checkout, the installed copy otherwise."""
    from importlib.resources import files

    return Path(str(files("swrebellion.schemas")))


@schema.command("export")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Folder to write to (created if missing). Default: the package's schemas/ folder.",
)
@click.option("--check", is_flag=True, help="Write nothing; exit 1 listing the files that differ or are missing.")
@click.option(
    "--no-expansion",
    "disable",
    multiple=True,
    metavar="NAME",
    help="Leave out an installed expansion's effect ops (repeatable).",
)
def export(out: Path | None, check: bool, disable: tuple[str, ...]) -> None:
    """Generate one schema per content file kind (units.schema.json, missions.schema.json ...) and
    pack.schema.json for manifests, from the models and the effect ops of every installed expansion (so one set
    of files serves any selection of expansions).

    Files are replaced atomically; with --check nothing is written.

    \b
    Examples:
      rebellion schema export                  update the schemas/ folder
      rebellion schema export --check          in CI: exit 1 when schemas/ is stale
      rebellion schema export --out build/schemas
    """
    from swrebellion.plugins import ExpansionError, activate, discover
    from swrebellion.safefile import write_atomic
    from swrebellion.schema import all_schemas, schema_text

    discovery = discover()
    try:
        active = activate(sorted(discovery.installed), disable, discovery=discovery)
    except ExpansionError as exc:
        raise click.UsageError(str(exc)) from None
    folder = out or default_folder()
    texts = {name: schema_text(document) for name, document in all_schemas(active.ops, active.kinds).items()}
    stale = [
        name for name, text in texts.items()
        if not (folder / name).is_file() or (folder / name).read_text(encoding="utf-8") != text
    ]
    if check:
        for name in stale:
            click.echo(f"differs: {folder / name}")
        if stale:
            click.echo(f"{len(stale)} of {len(texts)} schemas are stale; run `rebellion schema export`", err=True)
            raise SystemExit(1)
        click.echo(f"{len(texts)} schemas up to date in {folder}")
        return
    folder.mkdir(parents=True, exist_ok=True)
    for name in stale:
        write_atomic(folder / name, texts[name])
    fresh = len(texts) - len(stale)
    if not stale:
        click.echo(f"{fresh} schemas up to date in {folder}")
    else:
        click.echo(f"wrote {len(stale)} schemas to {folder}" + (f"; {fresh} were up to date" if fresh else ""))
