"""`rebellion cards`: look up cards of the enabled packs, with a summary generated from their effect data.

The card kinds are those the enabled plugins register with the tag ``card`` (``register_content_kinds``)."""

from __future__ import annotations

import json

import click

from .options import expansion_options


@click.group("cards")
def cards() -> None:
    """Look up the cards of the enabled packs."""


def _catalog(active):
    from swrebellion.loader import load

    result = load(active, all_enabled=True)
    return result.catalog


def card_kinds(catalog, kind: str | None) -> list[str]:
    """The card kinds of the enabled plugins, or just ``kind`` (a usage error when it is not one of them)."""
    kinds = [k.name for k in catalog.kinds.tagged("card")]
    if kind is not None and kind not in kinds:
        raise click.UsageError(f"{kind!r} is not a card kind of the enabled expansions; card kinds: "
                               f"{', '.join(kinds) or 'none'}")
    return kinds if kind is None else [kind]


@cards.command("show")
@click.argument("card_id")
@click.option("--kind", metavar="KIND", help="Card kind (missions, actions ...), when two kinds share the id.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@expansion_options
def show(card_id, kind, fmt, active):
    """Print a card's facts and what it does, generated from its effect data.

    \b
    Examples:
      rebellion cards show sabotage
      rebellion cards show sabotage -x rise-of-the-empire    # the expansion's replacement
      rebellion cards show space-critical-hit --format json
    """
    from .docs_gen import card_summary

    active = active()
    catalog = _catalog(active)
    kinds = card_kinds(catalog, kind)
    found = [(k, catalog.items(k)[card_id]) for k in kinds if card_id in catalog.items(k)]
    if not found:
        import difflib

        known = sorted({i for k in kinds for i in catalog.items(k)})
        close = difflib.get_close_matches(card_id, known, n=3)
        hint = f" Did you mean: {', '.join(close)}?" if close else " See `rebellion cards list`."
        raise click.UsageError(f"no card {card_id!r} in the enabled packs.{hint}")
    if len(found) > 1:
        raise click.UsageError(f"{card_id!r} is a card of several kinds ({', '.join(k for k, _ in found)}): add --kind")
    card_kind, item = found[0]
    entry = catalog.entry(card_kind, card_id)
    facts = item.model_dump(exclude={"effect", "target", "top", "bottom", "name", "summary", "notes"}, exclude_none=True)
    generated = card_summary(item, active.ops)
    if fmt == "json":
        click.echo(json.dumps({"kind": card_kind, "pack": entry.pack, "file": entry.file, **item.model_dump(mode="json"),
                               "generated_summary": generated}, indent=2, ensure_ascii=False))
        return
    click.echo(f"{item.name.en}  [{card_kind} / {card_id}]  from pack {entry.pack} ({entry.file})")
    if entry.replaced is not None:
        click.echo(f"  replaces the card of pack {entry.replaced.pack}")
    for key, value in facts.items():
        click.echo(f"  {key}: {value}")
    if getattr(item, "summary", None):
        click.echo(f"  summary: {item.summary.en}")
    click.echo("  does (from its effect data):" if generated else "  does: (no effect data yet)")
    for line in generated:
        click.echo(f"    - {line}")
    if item.notes:
        click.echo(f"  notes: {item.notes}")


@cards.command("list")
@click.option("--kind", metavar="KIND", help="Only this card kind (missions, actions ...).")
@expansion_options
def list_(kind, active):
    """List card ids by kind, with their name and pack."""
    catalog = _catalog(active())
    for card_kind in card_kinds(catalog, kind):
        click.echo(f"{card_kind}:")
        for ident, item in sorted(catalog.items(card_kind).items()):
            click.echo(f"  {ident:40} {item.name.en}  ({catalog.entry(card_kind, ident).pack})")
