"""A readable account of a game for people: events as lines, from one viewer's side of the table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from .secrets import KEY, redact

if TYPE_CHECKING:
    from .game import Game


def describe(game: Game, event: dict[str, Any], viewer: str | None = None) -> str:
    """One line for an event (already redacted for ``viewer``): a plugin's wording, or a plain fallback."""
    line: str | None = game.rules.active.pm.hook.describe_event(game=game, event=event, viewer=viewer)
    if line is not None:
        if not isinstance(line, str):  # never print what a plugin got wrong as if it were the account
            raise game.rules.refuse("describe_event", line, "a line of text or None", game=game, event=event,
                                    viewer=viewer)
        return line  # "" means: not worth a line
    return fallback(event)


def fallback(event: dict[str, Any]) -> str:
    """The kernel's wording of an event no plugin words: its type and fields (``type: field=value, ...``)."""
    fields = ", ".join(f"{k}={_plain(v)}" for k, v in event.items() if k != "type")
    return f"{event['type']}: {fields}" if fields else event["type"]


def _plain(value: Any) -> str:
    if isinstance(value, dict) and KEY in value:
        return "(hidden)" if "count" not in value else f"({value['count']} hidden)"
    if isinstance(value, list):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_plain(v)}" for k, v in value.items()) + "}"
    return str(value)


def account(game: Game, viewer: str | None, start: int = 0) -> Iterable[str]:
    """Lines for the events from ``start`` on, as ``viewer`` (``None``: a spectator) may see them."""
    for event in redact(game.state["log"][start:], viewer):
        line = describe(game, event, viewer)
        if line:
            yield line
