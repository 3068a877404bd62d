"""Deprecated effect steps, upgraded: an old op name (or an old form of a current op) that a plugin still accepts
for one minor version (``OpRegistry.deprecate``) is rewritten into the new form, one step for one step.

The file checker finds the old steps while it checks a file (a step is in an old form when its op is only a
deprecated name, or when the op's current parameter model refuses it and the old model accepts it), reports each
with the warning SW210, and builds the items from the data as :func:`rewrite_at` leaves it: the rules only ever see
the new form. ``rebellion pack upgrade`` writes the same rewrite back into the files. Steps made at run time by a
plugin's code under an old name are upgraded as they run (:func:`upgrade_step`).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from .effects import Deprecated
from .fields import nested_paths, replaced, strict
from .pointers import parent

if TYPE_CHECKING:
    from pydantic import BaseModel

    from .effects import OpRegistry


@dataclass(frozen=True)
class OldStep:
    """A step written in a deprecated form: where (JSON pointer), the old name and the op it becomes."""

    pointer: str
    old: Deprecated

    @property
    def message(self) -> str:
        return (f"deprecated effect op {self.old.name!r}: it works for one more minor version as "
                f"{self.old.replacement!r}")


HINT = "`rebellion pack upgrade PACK` rewrites the pack's files to the new form"


def accepts(model: type[BaseModel], params: dict[str, Any]) -> bool:
    """Whether ``model`` takes ``params`` as JSON Schema would read them."""
    try:
        strict(model, params)
    except ValidationError:
        return False
    return True


def legacy_form(ops: OpRegistry, step: dict[str, Any]) -> Deprecated | None:
    """The deprecated form ``step`` is a valid instance of, or None (a current step, or an invalid one)."""
    name = step.get("op")
    if not isinstance(name, str):
        return None
    old = ops.deprecated(name)
    if old is None:
        return None
    params = {k: v for k, v in step.items() if k != "op"}
    if name in ops and accepts(ops[name].params, params):
        return None
    return old if accepts(old.params, params) else None


def upgrade_step(ops: OpRegistry, step: Any) -> Any:
    """``step`` in the current form, nested steps included (a copy; a current or invalid step comes back as it
    is). For a step made at run time, or a tool that has no pointers to go by."""
    if not isinstance(step, dict) or not isinstance(step.get("op"), str):
        return step
    old = legacy_form(ops, step)
    model = old.params if old is not None else (ops[step["op"]].params if step["op"] in ops else None)
    if model is None:
        return step
    for path in nested_paths(model):
        step = replaced(step, path, lambda steps, _: [upgrade_step(ops, s) for s in steps]
                        if isinstance(steps, list) else steps)
    return old.rewrite(dict(step)) if old is not None else step


def rewrite_at(data: Any, old_steps: list[OldStep]) -> Any:
    """A deep copy of ``data`` with every step of ``old_steps`` rewritten, the innermost first (so a container is
    rewritten with its nested steps already new; rewrites keep the keys that hold nested steps, so the outer
    pointers stay valid)."""
    data = copy.deepcopy(data)
    for found in sorted(old_steps, key=lambda s: -s.pointer.count("/")):
        container, key = parent(data, found.pointer)
        container[key] = found.old.rewrite(dict(container[key]))
    return data
