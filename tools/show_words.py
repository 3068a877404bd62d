"""What `rebellion show` and `rebellion cards show` print: every field of an item and every step of a card's effect
data in plain words, never a Python or JSON fragment (issue 35 #14: ``requires: {'special-ops': 1}`` became
``requires: special ops 1``, ``vader_icon: False`` became ``Vader icon: no``). An id another item of the packs has
is shown by that item's name; rule ids and references to the code are left out (they are for the docs). The ``--format json``
document keeps the data as it is."""

from __future__ import annotations

import re
from typing import Any

#: What the ops' descriptions say for authors, not readers: a rule id in parentheses ("(RB-MIS-02..04)"), a
#: reference to the code in parentheses ("(resolved by cinematic.shed_step)") or after a semicolon.
FOR_AUTHORS = re.compile(r"\s*\((?:RULINGS |RB-|RS-|RE-|C-)[^)]*\)|\s*\([^)]*(?:``|\b[a-z]+_[a-z_]+\b)[^)]*\)"
                         r"|;\s*``[^`]+``[^;.]*")
#: Words that read better in capitals than a field name's letters.
PROPER = {"vader": "Vader", "id": "id", "roe": "Rise of the Empire"}


def key_words(key: str) -> str:
    """A field's name in words: ``vader_icon`` -> "Vader icon", ``transport-capacity`` -> "transport capacity"."""
    return " ".join(PROPER.get(word, word) for word in re.split(r"[_\s]+", key.replace("-", "_")) if word)


class Reader:
    """Renders values in words, naming ids by the items of ``catalog`` that have them."""

    def __init__(self, catalog) -> None:
        self.names: dict[str, str] = {}
        for kind in catalog.counts():
            if kind in NOT_NAMED:
                continue
            for ident, item in catalog.items(kind).items():
                name = getattr(getattr(item, "name", None), "en", None)
                if isinstance(name, str):
                    self.names.setdefault(ident, name)

    def words(self, value: Any) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        if value is None:
            return "none"
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        if isinstance(value, (int, float)):
            return str(value)
        if isinstance(value, str):
            return self.names.get(value) or value.replace("_", " ")
        if isinstance(value, dict):
            if not value:
                return "none"
            if all(_plain_count(v) for v in value.values()):  # skills, dice, units and how many: "diplomacy 2"
                return ", ".join(f"{self.names.get(str(k)) or key_words(str(k))} {self.words(v)}"
                                 for k, v in value.items())
            return "; ".join(f"{key_words(str(k))}: {self.words(v)}" for k, v in value.items())
        if isinstance(value, (list, tuple)):
            if not value:
                return "none"
            parts = [self.words(v) for v in value]
            if any(isinstance(v, dict) for v in value):
                return " / ".join(f"({p})" for p in parts)
            return ", ".join(parts)
        return str(value)

    def step(self, step: dict, ops) -> str:
        """One effect step: what its op does (the op's own description, without rule ids) and its settings."""
        from .docs_gen import _holds_steps, op_summary

        spec = ops[step["op"]] if step["op"] in ops else None
        what = FOR_AUTHORS.sub("", op_summary(spec.doc)) if spec and spec.doc else key_words(step["op"])
        params = {k: v for k, v in step.items() if k != "op" and not _holds_steps(v) and v is not None}
        shown = "; ".join(f"{key_words(k)}: {self.words(v)}" for k, v in params.items())
        return what + (f" ({shown})" if shown else "")

    def heading(self, key: str, branch: dict | None) -> str:
        """The heading of nested steps: their field ("then"), or one option of a choice: its label, else its id."""
        if branch is None:
            return key_words(key)
        label = branch.get("label")
        if isinstance(label, dict):
            label = label.get("en")
        return f"{key_words(key)}, {label or self.words(branch.get('id', key))}"


#: Kinds whose ids are words of other fields too ("base" is a setup, a pack and a card set): shown as they are.
NOT_NAMED = {"setups", "packs", "card-sizes", "time-tracks"}


def _plain_count(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
