"""`rebellion print`: every card of the packs as print-ready PDF sheets (docs/printing.md; the work is in
printing.py)."""

from __future__ import annotations

from pathlib import Path

import click

from .options import expansion_options, lang_option, pack_option
from .printing import card_kinds, faces, need_print_tools, parse_bleed, pdf, write


@click.command("print")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The PDF file to write.")
@click.option("--kinds", metavar="KIND,...", help="Only these card kinds (missions,actions ...). Default: all.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True)
@click.option("--backs", type=click.Choice(["none", "long", "short", "fold"]), default="none", show_default=True,
              help="Card backs: none; long or short for double-sided printing flipped on that edge; fold for "
                   "fronts and backs on one page, folded in the middle.")
@click.option("--bleed", default="0mm", callback=parse_bleed, show_default=True,
              help="Extra colour around each card, cut away (3mm is usual for a print shop).")
@click.option("--copies/--one-each", default=True, show_default=True,
              help="Each card as many times as its deck holds it, or one of each.")
@lang_option
@expansion_options
@pack_option
def print_(output, kinds, paper, backs, bleed, copies, active, packs):
    """Print-ready PDF sheets of cards: every card of the fan packs given with --pack, or of the enabled
    expansions when none is given, at the real cards' sizes with crop marks.

    \b
    Examples:
      rebellion print -o cards.pdf                         # every card of the enabled expansions
      rebellion print --pack my-pack -o my-pack.pdf        # every card of a fan pack
      rebellion print --kinds missions,actions --lang ru --paper letter --backs short --bleed 3mm -o ru.pdf
    """
    from swrebellion.i18n import language

    from .cards_cmd import _catalog

    need_print_tools()
    active = active()
    catalog = _catalog(active, packs)
    given = {Path(folder).resolve() for folder in packs}
    only = {info.id for info in catalog.packs if info.folder.resolve() in given} if packs else None
    printed, untranslated = faces(active, catalog, card_kinds(catalog, kinds), only)
    if not printed:
        raise click.ClickException("no cards to print" + (" in the packs given" if packs else ""))
    data, pages = pdf(printed, paper, backs, bleed, copies)
    write(output, data)
    count = sum(p.copies if copies else 1 for p in printed)
    click.echo(f"wrote {output}: {count} cards ({len(printed)} different) on {pages} pages, {paper}, "
               f"backs {backs}, bleed {bleed:g} mm", err=True)
    if untranslated:
        shown = ", ".join(untranslated[:10]) + (f" and {len(untranslated) - 10} more" if len(untranslated) > 10
                                                else "")
        click.echo(f"note: {len(untranslated)} cards have no {language()} translation of every word and are printed "
                   f"with English in its place: {shown}", err=True)
