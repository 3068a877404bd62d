"""`rebellion schema export`: write (or check) the JSON Schemas generated from the models and the effect ops."""

from __future__ import annotations

from pathlib import Path

import click


@click.group("schema")
def schema() -> None:
    """JSON Schemas of content files (draft 2020-12), for editors and other validators."""


def package_folder() -> Path:
    """The package's schemas/ folder: the repository's schemas/ in a source checkout (an editable install), the
    installed copy's (in site-packages) otherwise."""
    from importlib.resources import files

    return Path(str(files("swrebellion.schemas")))


def checkout_folder() -> Path | None:
    """The schemas/ folder of the source checkout this code runs from, or ``None`` for an installed copy. In a
    checkout schemas/ sits beside pyproject.toml; in site-packages it sits in the package, with no pyproject.toml
    beside it. Only a checkout's schemas are the user's to regenerate: an installed copy's belong to pip."""
    folder = package_folder()
    return folder if (folder.parent / "pyproject.toml").is_file() else None


@schema.command("export")
@click.option(
    "--out", "-o",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Folder to write to (created if missing). Default: schemas/ of the source checkout; an installed copy "
         "needs -o (it never writes into site-packages).",
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

    Files are replaced atomically; with --check nothing is written. Without --out it writes the schemas/ folder
    of the source checkout it runs from; an installed copy (pip install) refuses, since its files belong to pip:
    give the folder to write with -o (--check reads the installed schemas).

    \b
    Examples:
      rebellion schema export                  update the checkout's schemas/ folder
      rebellion schema export --check          in CI: exit 1 when schemas/ is stale
      rebellion schema export -o my-pack/.schemas    the schemas for an editor, anywhere
    """
    from swrebellion.plugins import ExpansionError, activate, discover
    from swrebellion.safefile import write_atomic
    from swrebellion.schema import all_schemas, schema_text

    discovery = discover()
    try:
        active = activate(sorted(discovery.installed), disable, discovery=discovery)
    except ExpansionError as exc:
        raise click.UsageError(str(exc)) from None
    folder = out or checkout_folder() or (package_folder() if check else None)
    if folder is None:
        raise click.UsageError(f"this is an installed copy of swrebellion, not a source checkout: its schemas "
                               f"({package_folder()}) belong to pip and are not rewritten; give a folder to write "
                               "them to, e.g. `rebellion schema export -o schemas`")
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
