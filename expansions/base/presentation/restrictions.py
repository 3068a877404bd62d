"""Restrictions that last (``restrict``, ``rules.restrictions``) in words: the sentence the account tells when a
card makes one, and the lines the status and map screens show while one is in force (hook ``state_lines``), the
same sentence in both places, in the reader's language."""

from __future__ import annotations

from typing import Any

from swrebellion.i18n import gettext

from ..names import name
from ..rules.restrictions import CAUSE, SENTENCES, UNTIL, WHILE, over


def duration(until: str | None, conditional: bool) -> str:
    """How long it lasts: "until the end of the round", "while its condition holds", or both."""
    words = [gettext(UNTIL[until])] if until is not None else []
    if conditional:
        words.append(gettext(WHILE))
    return ", ".join(words)


def sentence(game, faction: str, system: str, bars: list[str], until: str | None, conditional: bool,
             card: str | None) -> str:
    """Every bar of one restriction, one sentence each, in one line."""
    cause = gettext(CAUSE).format(cause=name(game, card)) if card else ""
    fields: dict[str, Any] = {"system": name(game, system), "until": duration(until, conditional), "cause": cause}
    return " ".join(gettext(SENTENCES[bar][0 if faction == "rebel" else 1]).format(**fields) for bar in bars)


def state_lines(game, view: dict[str, Any]) -> list[str]:
    """The restrictions whose time has not ended, one line each, from the viewer's view (public: a card played face
    up made each); one that bars only while a condition holds says so, rather than judge it on what the viewer may
    not see."""
    data = view["data"]
    return [sentence(game, r["faction"], r["system"], r["bars"], r["until"], r.get("condition") is not None,
                     r["card"]) for r in data.get("restrictions", ()) if not over(data, r)]
