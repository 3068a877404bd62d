"""Building the rules of a game from expansions and content packs: the seam between the CLI, tests and saves on
one side and plugins, the content loader and the engine on the other."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .engine import Rules
from .plugins import activate


def rules_for(expansions, extra_packs=()) -> Rules:
    """Rules with exactly ``expansions`` enabled and their packs (plus ``extra_packs`` folders) loaded.

    Cached: a Rules object is immutable during play and shared by every game and copy made from it.
    """
    return _rules_for(tuple(expansions), tuple(str(p) for p in extra_packs))


@lru_cache(maxsize=16)
def _rules_for(expansions: tuple[str, ...], extra_packs: tuple[str, ...]) -> Rules:
    return rules_from_active(activate(env=",".join(expansions) or " "), extra_packs)


def rules_from_active(active, extra_packs: tuple[str, ...] = ()) -> Rules:
    """Rules for an already resolved expansion selection (the CLI's --expansion options): the built-in packs of
    the enabled expansions plus ``extra_packs`` folders, loaded and checked. Content with errors cannot be played:
    :class:`ContentError` carries the diagnostics."""
    from .loader import load

    result = load(active, [Path(p) for p in extra_packs], all_enabled=True)
    errors = [d for d in result.diagnostics if d.severity == "error"]
    if errors:
        raise ContentError(errors)
    return Rules(active, result.catalog)


class ContentError(Exception):
    """The packs have errors (run `rebellion validate` for the full report)."""

    def __init__(self, diagnostics) -> None:
        self.diagnostics = diagnostics
        first = diagnostics[0]
        super().__init__(
            f"{len(diagnostics)} content error(s), first: {first.file}:{first.line}:{first.column}: {first.code} "
            f"{first.message} (run `rebellion validate` for all of them)"
        )
