"""`rebellion packs list`: the content packs that would be loaded, in load order, with what each provides."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .options import expansion_options


@click.group("packs")
def packs() -> None:
    """Inspect content packs: which are loaded, in which order, and what each one changes."""


@packs.command("list")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@expansion_options
def list_(paths: tuple[Path, ...], fmt: str, active) -> None:
    """List the packs in load order: id, version, source, item counts per kind, replaces and removes.

    With PATH (pack folders), those packs and the packs they require; without, the built-in packs of the enabled
    expansions. Exit status 1 when a pack has errors (run `rebellion validate` to see them).

    \b
    Examples:
      rebellion packs list
      rebellion packs list -x rise-of-the-empire --format json
      rebellion packs list my-pack
    """
    from swrebellion.loader import load

    loaded = load(active(), paths)
    catalog = loaded.catalog
    counts = catalog.defined_by()
    rows = [
        {
            "id": pack.id,
            "version": pack.version,
            "source": pack.source,
            "folder": str(pack.folder),
            "requires": list(pack.manifest.requires),
            "plugins": list(pack.manifest.plugins),
            "items": {kind: n for kind, n in counts[pack.id].items() if n},
            "replaces": list(pack.manifest.replaces),
            "removes": list(pack.manifest.removes),
            "digest": pack.digest,
        }
        for pack in catalog.packs
    ]
    errors = [d for d in loaded.diagnostics if d.is_error]
    if fmt == "json":
        click.echo(json.dumps({"packs": rows, "errors": len(errors)}, indent=2, ensure_ascii=False))
    else:
        for row in rows:
            click.echo(f"{row['id']} {row['version']}  {row['source']}")
            items = ", ".join(f"{n} {kind}" for kind, n in row["items"].items()) or "none"
            click.echo(f"    items: {items}")
            for key in ("requires", "plugins", "replaces", "removes"):
                if row[key]:
                    click.echo(f"    {key}: {', '.join(row[key])}")
        if not rows:
            click.echo("no packs")
    if errors:
        click.echo(f"{len(errors)} errors in these packs; run `rebellion validate` to see them", err=True)
        raise SystemExit(1)
