"""Hidden information, labelled where it lives.

A hidden value is stored as ``{"$secret": [players who may see it], "value": ...}`` anywhere in the state or in a
log event. Views are derived from these labels (:func:`redact`), never written by hand: whatever a rules plugin
wraps is hidden from everyone not listed, including the size of nothing but lists (a hand's or deck's length is
public, its contents are not). An empty list of viewers means nobody may see it (a shuffled deck's order).
"""

from __future__ import annotations

from typing import Any

KEY = "$secret"


def secret(value: Any, *viewers: str) -> dict[str, Any]:
    """Wrap ``value`` so that only ``viewers`` see it."""
    if len(viewers) == 1:  # the usual case (one side's card in a two-player game): nothing to sort
        return {KEY: [viewers[0]], "value": value}
    return {KEY: sorted(set(viewers)), "value": value}


def is_secret(node: Any) -> bool:
    return type(node) is dict and KEY in node


def reveal(node: dict[str, Any], *viewers: str) -> None:
    """Let more players see a secret (in place)."""
    node[KEY] = sorted(set(node[KEY]) | set(viewers))


def peek(node: Any) -> Any:
    """The value inside a secret (or the node itself): for rules code, which sees everything."""
    return node["value"] if type(node) is dict and KEY in node else node


def redact(node: Any, player: str | None) -> Any:
    """A copy of ``node`` as ``player`` may see it (``None``: a spectator, who sees only public data)."""
    kind = type(node)
    if kind is dict:
        if KEY in node:
            viewers = node[KEY]
            if player is not None and player in viewers:
                return redact(node["value"], player)
            hidden: dict[str, Any] = {KEY: viewers}
            value = node["value"]
            if type(value) is list:
                hidden["count"] = len(value)
            return hidden
        return {key: redact(value, player) for key, value in node.items()}
    if kind is list:
        return [redact(value, player) for value in node]
    return node
