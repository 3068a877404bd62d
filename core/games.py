"""Building the rules of a game from expansions and content packs: the seam between the CLI, tests and saves on
one side and plugins, the content loader and the engine on the other."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from .engine import Rules
from .errors import ContentError as ContentError
from .plugins import activate

if TYPE_CHECKING:
    from .expansion_records import Active


def rules_for(expansions: Iterable[str] = ("base",), packs: Iterable[str | Path] = (), **deprecated: Any) -> Rules:
    """The rules of a game: exactly ``expansions`` enabled (ids, e.g. ``("base", "rise-of-the-empire")``), their
    built-in packs and the fan pack folders ``packs`` loaded and checked. Content with errors cannot be played:
    :class:`ContentError` carries the diagnostics (``rebellion validate`` shows them all).

    Built-in content is cached (a Rules object is immutable during play and shared by every game and copy made from
    it); with fan ``packs``, which may change on disk between two calls, the packs are loaded anew each time. Use it
    with
    ``swrebellion.engine.Game.new(rules, seed, options)``; ``options["setup"]`` names the setup (default: the base
    game's; :func:`default_setup` gives the one `rebellion play` picks).
    """
    if "extra_packs" in deprecated:  # the name before 0.2
        import warnings

        warnings.warn("rules_for(extra_packs=...) is deprecated: use packs=", DeprecationWarning, stacklevel=2)
        packs = deprecated.pop("extra_packs")
    if deprecated:
        raise TypeError(f"rules_for() got unexpected arguments {sorted(deprecated)}")
    folders = tuple(str(Path(p).resolve()) for p in packs)
    if folders:
        return rules_from_active(activate(env=",".join(expansions) or " "), folders)
    return _rules_for(tuple(expansions))


@lru_cache(maxsize=16)
def _rules_for(expansions: tuple[str, ...]) -> Rules:
    return rules_from_active(activate(env=",".join(expansions) or " "))


def rules_from_active(active: Active, packs: Iterable[str | Path] = ()) -> Rules:
    """Rules for an already resolved expansion selection (the CLI's --expansion options): the built-in packs of
    the enabled expansions plus the ``packs`` folders, loaded and checked exactly as ``rebellion validate`` checks
    them (references, each kind's checks, the plugins' checks: content `validate` refuses is never played, issue 32),
    see :func:`rules_for`."""
    from .validate import validate

    report = validate(active, [Path(p) for p in packs], all_enabled=True)
    if report.errors:
        raise ContentError(report.errors)
    return Rules(active, report.catalog)


def default_setup(rules: Rules) -> str | None:
    """The setup a new game uses when none is named: the one marked ``default: true`` by the pack loaded last (the
    most dependent: Rise of the Empire's over the base game's, a fan pack's over both); ``None`` if none is."""
    setups = rules.content.items("setups") if "setups" in rules.content.kinds else {}
    marked = [ident for ident, setup in setups.items() if getattr(setup, "default", False)]
    return marked[-1] if marked else None
