"""The gettext catalogs of the code's words (``core/locale``), kept with Babel:

    python -m swrebellion.tools.catalogs            # extract the messages, update every .po, compile the .mo files
    python -m swrebellion.tools.catalogs --check    # exit 1 if the template, a .po or a .mo is out of date

The messages are the strings the code marks (``_``, ``gettext``, ``ngettext``, ``pgettext``, ``npgettext``,
``N_``, and ``ntext(game, singular, plural, n)``) in the kernel, the built-in plugins and the tools, and the
``_()`` calls of the game server's page templates (tools/serve/templates); the template
``locale/swrebellion.pot`` lists them, ``locale/<lang>/LC_MESSAGES/swrebellion.po`` translates them (a message
new in the code is added there untranslated; one gone from it is dropped), and the compiled ``.mo`` files are
what the package reads at run time (shipped in the wheel; the standard library's gettext reads them, so Babel is
needed only to make them). Content names are not here: the packs carry them (``name: {en, ru, tr}``).
"""

from __future__ import annotations

import argparse
import io
import sys
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [ROOT / "core", ROOT / "expansions", ROOT / "tools"]
LOCALE = ROOT / "core" / "locale"
TEMPLATES = ROOT / "tools" / "serve" / "templates"
DOMAIN = "swrebellion"
LANGUAGES = ("ru", "tr")
KEYWORDS = {
    "_": None, "gettext": None, "N_": None,
    "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3),
    "ntext": (2, 3),
}
#: A fixed date in the catalogs' headers: the same messages give the same bytes.
_EPOCH = datetime(2024, 1, 1, tzinfo=timezone.utc)
HEADER = "Messages of swrebellion (the account of a game, prompts, option labels, the terminal)."


def _babel():
    try:
        from babel.messages import catalog, extract, mofile, pofile
    except ImportError:  # a development tool: `pip install -e '.[test]'` brings Babel
        sys.exit("error: the catalogs are made with Babel: pip install Babel")
    return catalog, extract, mofile, pofile


def template():
    """A catalog of every message the code marks, with where each is used."""
    catalog, extract, _mofile, _pofile = _babel()
    out = catalog.Catalog(project="swrebellion", header_comment=f"# {HEADER}", charset="utf-8",
                          fuzzy=False)
    # the code, and the game server's page templates (Jinja2: its own extractor reads their _() calls)
    sources = [(path, "python") for folder in SOURCES for path in sorted(folder.rglob("*.py"))]
    sources += [(path, _jinja_extract) for path in sorted(TEMPLATES.glob("*.html"))]
    for path, method in sources:
        with path.open("rb") as handle:
            found = extract.extract(method, handle, keywords=KEYWORDS, comment_tags=("Translators:",))
            for line, message, comments, context in found:
                out.add(message, locations=[(path.relative_to(ROOT).as_posix(), line)],
                        auto_comments=comments, context=context)
    return out


def _jinja_extract(fileobj, keywords, comment_tags, options):
    from jinja2.ext import babel_extract

    return babel_extract(fileobj, keywords, comment_tags, {**options, "extensions": "jinja2.ext.i18n"})


def _po_bytes(catalog, pofile) -> bytes:
    buffer = io.BytesIO()
    pofile.write_po(buffer, catalog, width=120, sort_output=True, omit_header=False, include_lineno=False)
    return buffer.getvalue()


def _mo_bytes(catalog, mofile) -> bytes:
    buffer = io.BytesIO()
    mofile.write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def build() -> dict[Path, bytes]:
    """Every catalog file as it should be: the template, each language's .po (updated) and .mo."""
    catalog_mod, _extract, mofile, pofile = _babel()
    pot = template()
    pot.creation_date = pot.revision_date = _EPOCH
    files = {LOCALE / f"{DOMAIN}.pot": _po_bytes(pot, pofile)}
    for lang in LANGUAGES:
        po_path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po_path.exists():
            with po_path.open("rb") as handle:
                po = pofile.read_po(handle, locale=lang)
        else:
            po = catalog_mod.Catalog(locale=lang, project="swrebellion", header_comment=f"# {HEADER}")
        po.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        po.obsolete.clear()
        po.creation_date = po.revision_date = _EPOCH
        files[po_path] = _po_bytes(po, pofile)
        files[po_path.with_suffix(".mo")] = _mo_bytes(po, mofile)
    return files


def untranslated(lang: str) -> list[str]:
    """The messages of ``lang``'s catalog with no translation (the catalog test reports them)."""
    _catalog, _extract, _mofile, pofile = _babel()
    with (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        po = pofile.read_po(handle, locale=lang)
    out = []
    for message in po:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if not all(strings) or message.fuzzy:
            out.append(message.id if isinstance(message.id, str) else message.id[0])
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m swrebellion.tools.catalogs", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a catalog file is out of date")
    args = parser.parse_args(argv)
    from swrebellion.safefile import write_atomic

    stale = []
    for path, data in build().items():
        if path.exists() and path.read_bytes() == data:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, data)
    for path in stale:
        print(f"{'stale' if args.check else 'wrote'} {path.relative_to(ROOT)}")
    if args.check and stale:
        print("run: python -m swrebellion.tools.catalogs", file=sys.stderr)
        sys.exit(1)
    for lang in LANGUAGES:
        missing = untranslated(lang)
        if missing:
            print(f"{lang}: {len(missing)} messages without a translation", file=sys.stderr)


if __name__ == "__main__":
    main()
