"""`rebellion show ID`: look up anything in the loaded packs (a card, unit, leader, system, setup ...)."""

from __future__ import annotations

import click

from .options import expansion_options, lang_option, pack_option


@click.command("show")
@click.argument("ident", metavar="ID")
@click.option("--kind", metavar="KIND", help="The content kind (units, leaders, systems ...), when two share the id.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@expansion_options
@pack_option
@lang_option
def show(ident, kind, fmt, active, packs):
    """Show an item of the loaded packs by its id or its name: its facts, the pack and file it comes from, and for
    a card what its effect data does, every step in words. A name that several cards share (a space and a ground
    version: "critical hit") shows each. An unknown id gets a "did you mean".

    \b
    Examples:
      rebellion show x-wing
      rebellion show mon-mothma --format json
      rebellion show hoth
      rebellion show "critical hit"                             # the space and the ground version
      rebellion show rise-of-the-empire -x rise-of-the-empire   # a setup
      rebellion show my-unit --pack my-pack
    """
    from .cards_cmd import _catalog, echo_items, find_all

    active = active()
    catalog = _catalog(active, packs)
    kinds = catalog.kinds.names()
    if kind is not None and kind not in kinds:
        raise click.UsageError(f"{kind!r} is not a content kind of the enabled expansions; kinds: {', '.join(kinds)}")
    echo_items(catalog, find_all(catalog, ident, [kind] if kind else kinds, "item"), active, fmt)
