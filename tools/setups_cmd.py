"""`rebellion setups list`: the setups of the loaded packs, and which one a new game uses by default."""

from __future__ import annotations

import json

import click

from .options import expansion_options, lang_option, pack_option


@click.group("setups")
def setups() -> None:
    """Setups: how a game starts (starting units, loyalty, the objective deck ...), from the packs."""


@setups.command("list")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@expansion_options
@pack_option
@lang_option
def list_(fmt, active, packs):
    """List the setups of the loaded packs: id, name, the pack it comes from and one line of description. The
    one marked "default" is what `rebellion play` uses without --setup (the most dependent pack's default: Rise of
    the Empire's when it is enabled).

    \b
    Examples:
      rebellion setups list
      rebellion setups list -x rise-of-the-empire
      rebellion setups list --pack my-pack --format json
    """
    from swrebellion.games import default_setup, rules_from_active

    from .cards_cmd import _catalog

    selection = active()
    catalog = _catalog(selection, packs)
    chosen = default_setup(rules_from_active(selection, packs)) if "setups" in catalog.kinds else None
    rows = []
    for ident, setup in catalog.items("setups").items() if "setups" in catalog.kinds else ():
        description = _first_sentence(setup.description.en) if setup.description else ""
        rows.append({"id": ident, "name": setup.name.en, "pack": catalog.entry("setups", ident).pack,
                     "default": ident == chosen, "description": description})
    if fmt == "json":
        click.echo(json.dumps({"setups": rows, "default": chosen}, indent=2, ensure_ascii=False))
        return
    for row in rows:
        mark = "  (default)" if row["default"] else ""
        click.echo(f"{row['id']}{mark}\n  {row['name']}, pack {row['pack']}" + (f": {row['description']}." if row["description"] else ""))
    if not rows:
        click.echo("no setups in the loaded packs")


def _first_sentence(text: str, limit: int = 100) -> str:
    """One line: the text's first sentence (before ". " or ": "), cut at ``limit`` characters."""
    for stop in (". ", ": "):
        text = text.split(stop)[0]
    text = " ".join(text.split()).rstrip(".")
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
