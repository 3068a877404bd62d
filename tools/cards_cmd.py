"""`rebellion cards`: look up cards of the enabled packs, with a summary generated from their effect data.

The card kinds are those the enabled plugins register with the tag ``card`` (``register_content_kinds``)."""

from __future__ import annotations

import json
from pathlib import Path

from swrebellion.i18n import language

import click

from .options import expansion_options, lang_option, pack_option


@click.group("cards")
def cards() -> None:
    """Look up the cards of the enabled packs."""


def _catalog(active, packs=()):
    """The catalog of the enabled expansions' packs, ./rebellion.toml's packs and ``packs``; content errors exit 1."""
    from swrebellion.loader import load

    from .options import configured_packs

    result = load(active, [*configured_packs(), *packs], all_enabled=True)
    errors = [d for d in result.diagnostics if d.is_error]
    if errors:
        click.echo(f"error: {len(errors)} content error(s) in the packs; run `rebellion validate` to see them",
                   err=True)
        raise SystemExit(1)
    return result.catalog


def find_all(catalog, wanted: str, kinds: list[str], what: str) -> list[tuple[str, str]]:
    """The (kind, id) of every item ``wanted`` names among ``kinds``: its id (in every kind that has it), else its
    name (English, or as the listings show it, "Critical Hit (space)"; case, hyphens and spaces aside). A name two
    cards share ("Critical Hit": a space and a ground version) finds both. None: :func:`find`'s usage error with a
    "did you mean"."""
    by_id = [(k, wanted) for k in kinds if wanted in catalog.items(k)]
    if by_id:  # an id several kinds share (the mission "sabotage" and its marker): each
        return by_id
    from swrebellion.expansions.base.api.words import told_apart

    def key(text: str) -> str:
        return " ".join(text.casefold().replace("-", " ").split())

    shown = told_apart(catalog)
    found = [(k, ident) for k in kinds for ident, item in sorted(catalog.items(k).items())
             if getattr(item, "name", None) is not None
             and key(wanted) in {key(item.name.en), key(shown.get(ident, item.name.en))}]
    return found or [(find(catalog, wanted, kinds, what)[0], wanted)]


def find(catalog, ident: str, kinds: list[str], what: str) -> tuple[str, object]:
    """The (kind, item) with id ``ident`` among ``kinds``; a usage error with a "did you mean" when there is none,
    or naming the kinds when several have it (--kind chooses)."""
    found = [(k, catalog.items(k)[ident]) for k in kinds if ident in catalog.items(k)]
    if not found:
        import difflib

        known = sorted({i for k in kinds for i in catalog.items(k)})
        close = difflib.get_close_matches(ident, known, n=3)
        hint = f" Did you mean: {', '.join(close)}?" if close else ""
        raise click.UsageError(f"no {what} {ident!r} in the loaded packs.{hint}")
    if len(found) > 1:
        raise click.UsageError(f"{ident!r} is the id of several kinds ({', '.join(k for k, _ in found)}): add --kind")
    return found[0]


def describe(catalog, kind: str, ident: str, ops, reader=None) -> tuple[list[str], dict]:
    """An item for people (lines, in the current language) and for programs (a JSON document): its facts, where it
    comes from, and for a card what its effect data does, one sentence per step, nested steps included.
    ``reader`` words the values and steps (:class:`~.show_words.Reader`; made from ``catalog`` when not given,
    with no plugin's words for the ops)."""
    from swrebellion.i18n import gettext as _

    from .docs_gen import card_summary
    from .show_words import HIDDEN, Reader, key_words, kind_words

    item = catalog.items(kind)[ident]
    entry = catalog.entry(kind, ident)
    is_card = kind in {k.name for k in catalog.kinds.tagged("card")}
    document = {"kind": kind, "pack": entry.pack, "file": entry.file, **item.model_dump(mode="json")}
    if is_card:
        document["generated_summary"] = card_summary(item, ops)
    reader = reader or Reader(catalog, {})
    own = getattr(item, "name", None)
    name = reader.told_apart(ident) or (getattr(own, language(), None) or own.en if own is not None else ident)
    lines = [_("{name} ({kind}, id {id}), from pack {pack} ({file})").format(
        name=name, kind=kind_words(kind), id=ident, pack=entry.pack, file=entry.file)]
    if entry.replaced is not None:
        lines.append("  " + _("replaces the item of pack {pack}").format(pack=entry.replaced.pack))
    for key, value in item.model_dump(mode="json", exclude=HIDDEN, exclude_none=True).items():
        lines.append(f"  {key_words(key)}: {reader.words(value)}")
    for key in ("summary", "description"):
        text = getattr(item, key, None)
        if text is not None:
            lines.append(f"  {key_words(key)}: {getattr(text, language(), None) or getattr(text, 'en', text)}")
    if is_card and "effect" in type(item).model_fields:  # probe cards carry no effect data: nothing to say
        groups = group_words()
        pictured = getattr(item, "units", None)
        if pictured and isinstance(pictured, list) and "top" in type(item).model_fields:  # RE-CIN-04
            groups["top"] = _("top half (usable only with {units} in the system)").format(units=reader.words(pictured))
        words = card_summary(item, ops, reader.step, reader.heading, groups=groups)
        lines.append(_("  does (from its effect data):") if words else _("  does: nothing yet (no effect data)"))
        lines += [f"    {'  ' if line.startswith(' ') else '- '}{line}" for line in words]
    return lines, document


def group_words() -> dict[str, str]:
    """The parts of a card's effect data, as `show` heads them."""
    from swrebellion.i18n import gettext as _

    return {"where": _("target"), "effect": _("effect"), "on failure": _("if it fails"), "top": _("top half"),
            "bottom": _("bottom half")}


def card_kinds(catalog, kind: str | None) -> list[str]:
    """The card kinds of the enabled plugins, or just ``kind`` (a usage error when it is not one of them)."""
    kinds = [k.name for k in catalog.kinds.tagged("card")]
    if kind is not None and kind not in kinds:
        raise click.UsageError(f"{kind!r} is not a card kind of the enabled expansions; card kinds: "
                               f"{', '.join(kinds) or 'none'}")
    return kinds if kind is None else [kind]


@cards.command("show")
@click.argument("card_id", metavar="CARD")
@click.option("--kind", metavar="KIND", help="Card kind (missions, actions ...), when two kinds share the id.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@expansion_options
@pack_option
@lang_option
def show(card_id, kind, fmt, active, packs):
    """Print a card's facts and what it does, every step in words (generated from its effect data). CARD is its id
    or its name; a name that a space and a ground version share shows both.

    `rebellion show ID` looks up any item (units, leaders, systems, setups ...), cards included.

    \b
    Examples:
      rebellion cards show sabotage
      rebellion cards show sabotage -x rise-of-the-empire    # the expansion's replacement
      rebellion cards show my-card --pack my-pack            # a fan pack's card
      rebellion cards show space-critical-hit --format json
      rebellion cards show "critical hit"                    # both: the space and the ground version
    """
    active = active()
    catalog = _catalog(active, packs)
    echo_items(catalog, find_all(catalog, card_id, card_kinds(catalog, kind), "card"), active, fmt)


def echo_items(catalog, found: list[tuple[str, str]], active, fmt: str) -> None:
    """Print each found item (:func:`describe`) in the current language, its effect steps worded by the enabled
    plugins: text, a blank line between two; JSON, one document or a list."""
    from .show_words import Reader, effect_words

    reader = Reader(catalog, effect_words(active))
    described = [describe(catalog, kind, ident, active.ops, reader) for kind, ident in found]
    if fmt == "json":
        documents = [document for _lines, document in described]
        click.echo(json.dumps(documents[0] if len(documents) == 1 else documents, indent=2, ensure_ascii=False))
    else:
        click.echo("\n\n".join("\n".join(lines) for lines, _document in described))


@cards.command("list")
@click.option("--kind", metavar="KIND", help="Only this card kind (missions, actions ...).")
@expansion_options
@pack_option
@lang_option
def list_(kind, active, packs):
    """List card ids by kind, with their name and pack."""
    from swrebellion.expansions.base.api.words import told_apart

    catalog = _catalog(active(), packs)
    shown = told_apart(catalog)
    for card_kind in card_kinds(catalog, kind):
        click.echo(f"{card_kind}:")
        for ident, item in sorted(catalog.items(card_kind).items()):
            click.echo(f"  {ident:40} {shown.get(ident, item.name.en)}  ({catalog.entry(card_kind, ident).pack})")


@cards.command("render")
@click.argument("card_id")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False, path_type=Path),
              help="The file to write: .svg or .png.")
@click.option("--kind", metavar="KIND", help="Card kind (missions, actions ...), when two kinds share the id.")
@click.option("--bleed", default="0mm", show_default=True, help="Extra colour around the card (3mm ...).")
@lang_option
@expansion_options
@pack_option
def render(card_id, output, kind, bleed, active, packs):
    """Draw one card's face as it is printed (`rebellion print`), to an SVG or PNG file.

    \b
    Examples:
      rebellion cards render sabotage -o sabotage.svg
      rebellion cards render hutt-freighter --pack my-pack -o card.png --lang ru
    """
    from .printing import parse_bleed, render as draw

    active = active()
    catalog = _catalog(active, packs)
    card_kind, _ = find(catalog, card_id, card_kinds(catalog, kind), "card")
    draw(catalog, active, card_kind, card_id, output, parse_bleed(None, None, bleed))
