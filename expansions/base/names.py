"""Names for people: the one place ids become words ("at-st" -> "AT-ST"), for option labels, prompts and the
account of a game. Names come from the content (every item with a ``name``), in English for now."""

from __future__ import annotations

from .tables import BASE_SPACE

#: Places that are not content items.
SPECIAL = {BASE_SPACE: "the Rebel Base space"}


def names(game) -> dict[str, str]:
    """id -> English name of every named item in the packs (built once per rules, shared by every copy)."""
    cache = game.rules.cache
    if "base.names" not in cache:
        content = game.rules.content
        found: dict[str, str] = {}
        for kind in sorted(content.counts()):
            for ident, item in content.items(kind).items():
                name = getattr(item, "name", None)
                if name is not None:
                    found.setdefault(ident, name.en)
        cache["base.names"] = {**found, **SPECIAL}
    return cache["base.names"]


def label(game, thing: str) -> str:
    """The name of a system, leader, unit or card id; an id the packs do not name is shown as it is."""
    return names(game).get(thing, thing)


def readable(game, value) -> str:
    """For the account: a name, or an id made readable ("rebel" -> "Rebel")."""
    if isinstance(value, str):
        return names(game).get(value) or value.replace("-", " ").capitalize()
    return str(value)
