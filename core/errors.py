"""Errors the kernel raises for people at a terminal (the CLI prints them without a traceback)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .diagnostics import Diagnostic


class ExpansionError(Exception):
    """A problem with the expansion selection, worded for the person at the terminal."""


class UnknownIdError(Exception):
    """An effect step named an id the loaded content does not have, found only when the step ran (content that
    was never validated, or an id the check of ``swrebellion.refs`` could not see): the step and the id are named
    instead of a KeyError from deep in the rules."""


class ContentError(Exception):
    """The content packs have errors, so they cannot be played; ``diagnostics`` lists them. Raised by
    ``validate.load_catalog`` and ``games.rules_for`` alike (one class, so one ``except`` catches both); the message
    names the count and the first error, and points at `rebellion validate` for the full report."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        self.diagnostics = diagnostics
        first = diagnostics[0]
        super().__init__(
            f"{len(diagnostics)} content error(s), first: {first.file}:{first.line}:{first.column}: {first.code} "
            f"{first.message} (run `rebellion validate` for all of them)"
        )
