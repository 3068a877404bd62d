"""Languages for people: gettext catalogs for the words of the code, chosen with ``--lang`` or ``SWREBELLION_LANG``.

The words the code says (the account of a game, prompts, option labels, the terminal's commands) are gettext
messages: marked in the source with :func:`gettext` (``_``), :func:`ngettext` or :func:`N_`, extracted with Babel
into ``locale/swrebellion.pot``, translated in ``locale/<lang>/LC_MESSAGES/swrebellion.po`` and compiled to the
``.mo`` files shipped in the wheel (``python -m swrebellion.tools.catalogs`` does all three; ``--check`` fails
when a catalog is out of date). The names of content (cards, units, leaders, systems) are not messages: they come
from the packs (``name: {en, ru, tr}``).

The current language is a context variable, so a library caller can render one game in Russian while another
thread renders in English (:func:`using`); ``rebellion`` sets it once from ``--lang``, else from the environment
variable :data:`ENV`, else English. A message without a translation is shown in English.

Rules code never translates when it asks a question or logs an event: what it stores is English (the state and
the log are the same in every language); only what is shown to a person is translated, when it is shown.
"""

from __future__ import annotations

import gettext as _gettext
import os
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Iterator

#: The languages with catalogs; English is the source language (no catalog needed).
LANGUAGES = ("en", "ru", "tr")
#: The environment variable that chooses the language when ``--lang`` is not given.
ENV = "SWREBELLION_LANG"
DOMAIN = "swrebellion"
LOCALE_DIR = Path(__file__).parent / "locale"

_current: ContextVar[str] = ContextVar("swrebellion_language", default="en")


class LanguageError(ValueError):
    """A language code that is not one of :data:`LANGUAGES`."""


def check(lang: str) -> str:
    """``lang`` if it is a known language code (``ru_RU.UTF-8``-style suffixes are dropped), else LanguageError."""
    code = lang.strip().split(".")[0].split("_")[0].split("-")[0].lower()
    if code not in LANGUAGES:
        raise LanguageError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return code


def from_environment(given: str | None = None) -> str:
    """The language to use: ``given`` (a ``--lang`` value), else ``$SWREBELLION_LANG``, else English. An unknown
    code raises :class:`LanguageError` naming where it came from."""
    if given:
        return check(given)
    value = os.environ.get(ENV, "").strip()
    if not value:
        return "en"
    try:
        return check(value)
    except LanguageError as exc:
        raise LanguageError(f"{ENV}: {exc}") from None


def set_language(lang: str) -> None:
    """Make ``lang`` the current language of this context (the whole program, unless a thread sets its own)."""
    _current.set(check(lang))


def language() -> str:
    """The current language code."""
    return _current.get()


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Render in ``lang`` inside the ``with`` block only."""
    token = _current.set(check(lang))
    try:
        yield
    finally:
        _current.reset(token)


@lru_cache(maxsize=None)
def translations(lang: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``lang`` (a null translation for English or a missing catalog)."""
    if lang == "en":
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, localedir=str(LOCALE_DIR), languages=[lang], fallback=True)


def gettext(message: str) -> str:
    """``message`` in the current language (English when it has no translation)."""
    return translations(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, in the current language (Russian has three forms)."""
    return translations(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English words used elsewhere by
    ``context``."""
    return translations(_current.get()).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` with a context, like :func:`pgettext`."""
    return translations(_current.get()).npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now: for text stored first and shown later (the
    English label of an option, a table of phrases), translated with :func:`gettext` when it is shown."""
    return message


_ = gettext
