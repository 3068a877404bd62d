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
@click.option("--lang", "lang", metavar="LANG", default=None,
              help="Also count, per pack, the names without a translation into LANG (ru, tr); a game shows those "
                   "in English.")
@expansion_options
def list_(paths: tuple[Path, ...], fmt: str, lang: str | None, active) -> None:
    """List the packs in load order: id, version, source, item counts per kind, replaces and removes.

    With PATH (pack folders), those packs and the packs they require; without, the built-in packs of the enabled
    expansions. Exit status 1 when a pack has errors (run `rebellion validate` to see them).

    \b
    Examples:
      rebellion packs list
      rebellion packs list -x rise-of-the-empire --format json
      rebellion packs list my-pack
      rebellion packs list my-pack --lang ru       # names my-pack does not give in Russian
    """
    from swrebellion.loader import load

    if lang is not None:
        lang = _language(lang)
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
    if lang is not None:
        missing = untranslated_names(catalog, lang)
        for row in rows:
            row["untranslated"] = {"lang": lang, **missing.get(row["id"], {"names": 0, "missing": []})}
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
            if "untranslated" in row:
                gap = row["untranslated"]
                missing = gap["missing"]
                click.echo(f"    {len(missing)} of {gap['names']} names without a {lang} translation"
                           + (f": {', '.join(missing[:8])}" + (" ..." if len(missing) > 8 else "") if missing else ""))
        if not rows:
            click.echo("no packs")
    if errors:
        click.echo(f"{len(errors)} errors in these packs; run `rebellion validate` to see them", err=True)
        raise SystemExit(1)


def _language(lang: str) -> str:
    from swrebellion import i18n

    try:
        return i18n.check(lang)
    except i18n.LanguageError as exc:
        raise click.BadParameter(str(exc), param_hint="--lang") from None


def untranslated_names(catalog, lang: str) -> dict[str, dict]:
    """Per pack: how many names it defines (its own and its items') and which have no ``lang`` text
    (``kind/id``; the pack's own name as ``pack``)."""
    out: dict[str, dict] = {}
    for pack in catalog.packs:
        entry = out.setdefault(pack.id, {"names": 0, "missing": []})
        entry["names"] += 1
        if not getattr(pack.manifest.name, lang, None):
            entry["missing"].append("pack")
    for kind in sorted(catalog.counts()):
        for ident, item in sorted(catalog.items(kind).items()):
            name = getattr(item, "name", None)
            if name is None:
                continue
            entry = out.setdefault(catalog.entry(kind, ident).pack, {"names": 0, "missing": []})
            entry["names"] += 1
            if not getattr(name, lang, None):
                entry["missing"].append(f"{kind}/{ident}")
    return out
