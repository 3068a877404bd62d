"""`rebellion packs`: the content packs that would be loaded, in load order, with what each provides (``list``);
the fan packs ./rebellion.toml lists (``add``, ``remove``); a pack's old effect steps rewritten (``upgrade``,
``pack_cmd``)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .options import configured_packs, expansion_options, pack_option
from .pack_cmd import upgrade


@click.group("packs")
def packs() -> None:
    """Content packs: which are loaded, in which order, and what each one changes; the fan packs every command
    here loads (./rebellion.toml); a pack's effect steps of earlier versions rewritten."""


packs.add_command(upgrade)


@packs.command("list")
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--lang", "lang", metavar="LANG", default=None,
              help="Also count, per pack, the names without a translation into LANG (ru, tr); a game shows those "
                   "in English.")
@expansion_options
@pack_option
def list_(paths: tuple[Path, ...], fmt: str, lang: str | None, active, packs) -> None:
    """List the packs in load order: id, version, source, item counts per kind, replaces and removes.

    The built-in packs of the enabled expansions, the packs ./rebellion.toml lists (`rebellion packs add`) and the
    PATH / --pack folders (with the packs they require). Exit status 1 when a pack has errors (run
    `rebellion validate` to see them).

    \b
    Examples:
      rebellion packs list
      rebellion packs list -x rise-of-the-empire --format json
      rebellion packs list --pack my-pack
      rebellion packs list --pack my-pack --lang ru     # names my-pack does not give in Russian
    """
    from swrebellion.loader import load

    if lang is not None:
        lang = _language(lang)
    loaded = load(active(), [*configured_packs(), *paths, *packs], all_enabled=True)
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


@packs.command("add")
@click.argument("path", type=click.Path(exists=True, file_okay=False, path_type=Path))
def add(path: Path) -> None:
    """Load the fan pack folder PATH in every command run from this folder (it is listed in ./rebellion.toml,
    relative to it). The pack is validated first, with the enabled expansions' packs: a pack with errors is not
    added.

    \b
    Examples:
      rebellion packs add my-pack
      rebellion packs remove my-pack
    """
    _change(path, add=True)


@packs.command("remove")
@click.argument("path", type=click.Path(file_okay=False, path_type=Path))
def remove(path: Path) -> None:
    """Stop loading the fan pack folder PATH (remove it from ./rebellion.toml; the folder is left alone)."""
    _change(path, add=False)


def _change(path: Path, add: bool) -> None:
    import os

    from swrebellion import plugins

    if add and not (path / "pack.yaml").is_file():
        raise click.UsageError(f"{path} is not a pack folder (no pack.yaml); `rebellion new pack NAME` makes one")
    entry = Path(os.path.relpath(path.resolve(), Path.cwd().resolve())).as_posix()
    if add:
        from swrebellion.validate import validate

        report = validate(plugins.activate(), [path], all_enabled=True)
        if not report.ok:
            raise click.ClickException(f"{path} has {len(report.errors)} content error(s); run "
                                       f"`rebellion validate {_quote(path)}` and fix them first")
    try:
        with plugins.config_lock():
            config = plugins.read_config()
            listed = [p for p in config["packs"] if Path(os.path.normpath(p)) != Path(os.path.normpath(entry))]
            if add:
                listed.append(entry)
            elif len(listed) == len(config["packs"]):
                raise click.UsageError(f"{entry} is not listed in {plugins.CONFIG_FILE} "
                                       f"(listed: {', '.join(config['packs']) or 'none'})")
            config["packs"] = listed
            where = plugins.write_config(config)
    except plugins.ExpansionError as exc:
        raise click.UsageError(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot write {plugins.CONFIG_FILE}: {exc.strerror or exc}") from None
    click.echo(f"{'Added' if add else 'Removed'} {entry} {'to' if add else 'from'} {where}. "
               f"Packs loaded in this folder now: {', '.join(listed) or 'none besides the expansions'}.")


def _quote(path: Path) -> str:
    import shlex

    return shlex.quote(str(path))


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
