"""Old effect steps: found in a pack's data, explained to `rebellion validate`, rewritten by `rebellion packs upgrade`.

The loader reads one language (issue 27 §4): a step written with an op name or form of an earlier version is
refused like any other invalid step. This package is the one place that still knows the old forms (the tables in
:mod:`.base_game` and :mod:`.rise_of_the_empire`, and those a third-party plugin declared with the deprecated
``OpRegistry.deprecate``). With them it turns the loader's errors about an old step into one clear diagnostic,
SW210, that says to run `rebellion packs upgrade`; and the upgrade writes each old step in its current form, one
step for one step, so every JSON pointer into the pack stays valid and the pack plays as it was meant to.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from pydantic import BaseModel, ValidationError

from swrebellion.diagnostics import Diagnostic
from swrebellion.fields import gap_paths, nested_paths, replaced, strict, values
from swrebellion.pointers import parent

if TYPE_CHECKING:
    from swrebellion.effects import OpRegistry
    from swrebellion.kinds import KindRegistry
    from swrebellion.sources import Source

#: What SW210 tells the author to do.
HINT = "run `rebellion packs upgrade PACK`: it rewrites old op names and forms in the current language, with the " \
       "same effect"


@dataclass(frozen=True)
class OldForm:
    """An old op name, or an old form of a current op: ``params`` checks an old step, ``rewrite(step)`` turns a
    valid one (nested steps already rewritten) into one current step of the op ``replacement``, or into a list of
    steps that take its place (``replacement`` then names their ops, comma-separated)."""

    name: str
    params: type[BaseModel]
    rewrite: Callable[[dict[str, Any]], dict[str, Any] | list[dict[str, Any]]]
    replacement: str


@dataclass(frozen=True)
class OldStep:
    """A step written in an old form: where (JSON pointer into the file's data) and which form."""

    pointer: str
    old: OldForm


def _accepts(model: type[BaseModel], params: dict[str, Any]) -> bool:
    try:
        strict(model, params)
    except ValidationError:
        return False
    return True


def old_forms(ops: OpRegistry) -> dict[str, OldForm]:
    """Every old form known: the built-in expansions' and those plugins declared through ``OpRegistry.deprecate``."""
    from . import base_game, rise_of_the_empire

    forms = {name: OldForm(name, *entry) for table in (base_game.FORMS, rise_of_the_empire.FORMS)
             for name, entry in table.items()}
    forms.update({name: OldForm(name, *entry) for name, entry in ops.declared_old_forms().items()})
    return forms


class Upgrader:
    """Old steps of the enabled plugins' ops, found and rewritten. ``ops``, ``kinds``: the enabled selection's."""

    def __init__(self, ops: OpRegistry, kinds: KindRegistry) -> None:
        self.ops = ops
        self.kinds = kinds
        self.forms = old_forms(ops)
        from .base_game import ANY_OP

        self.any_op = ANY_OP

    def form_of(self, step: Any) -> OldForm | None:
        """The old form ``step`` is a valid instance of, or None (a current step, or an invalid one)."""
        name = step.get("op") if isinstance(step, dict) else None
        if not isinstance(name, str):
            return None
        params = {k: v for k, v in step.items() if k != "op"}
        current = self.ops[name].params if name in self.ops else None
        if current is not None and _accepts(current, params):
            return None
        old = self.forms.get(name)
        if old is not None and _accepts(old.params, params):
            return old
        for rewrite in self.any_op if current is not None else ():
            new = rewrite(step)
            if new != step and _accepts(current, {k: v for k, v in new.items() if k != "op"}):
                return OldForm(name, current, rewrite, name)
        return None

    def old_steps(self, data: Any) -> list[OldStep]:
        """The old steps in a content file's data, nested ones included, each with its pointer."""
        kind = data.get("kind") if isinstance(data, dict) else None
        if not isinstance(kind, str) or kind not in self.kinds or not isinstance(data.get("items"), list):
            return []
        found: list[OldStep] = []
        effect_paths = gap_paths(self.kinds[kind].item)[1]
        for index, item in enumerate(data["items"]):
            for path in effect_paths:
                for pointer, steps in values(item, path, f"/items/{index}"):
                    self._find(steps, pointer, found)
        return found

    def _find(self, steps: Any, pointer: str, found: list[OldStep]) -> None:
        if not isinstance(steps, list):
            return
        for position, step in enumerate(steps):
            at = f"{pointer}/{position}"
            old = self.form_of(step)
            if old is not None:
                found.append(OldStep(at, old))
            model = old.params if old is not None else self._current(step)
            for path in nested_paths(model) if model is not None else ():
                for nested_pointer, nested in values(step, path, at):
                    self._find(nested, nested_pointer, found)

    def _current(self, step: Any) -> type[BaseModel] | None:
        name = step.get("op") if isinstance(step, dict) else None
        return self.ops[name].params if isinstance(name, str) and name in self.ops else None

    def upgraded(self, step: Any) -> Any:
        """``step`` in the current form, nested steps included (a copy; a current or invalid step comes back as
        it is): one step, or the list of steps that take its place."""
        old = self.form_of(step)
        model = old.params if old is not None else self._current(step)
        if model is None:
            return step
        for path in nested_paths(model):
            step = replaced(step, path, lambda steps, _: spliced(self.upgraded(s) for s in steps)
                            if isinstance(steps, list) else steps)
        return old.rewrite(dict(step)) if old is not None else step

    def explained(self, diagnostics: list[Diagnostic], sources: Iterable[Source]) -> list[Diagnostic]:
        """``diagnostics`` with the errors the loader found in each old step of ``sources`` replaced by one SW210
        error at the step, naming its current form and saying to run `rebellion packs upgrade`."""
        out = list(diagnostics)
        for source in sources:
            old = self.old_steps(source.data)
            if not old:
                continue
            inside = tuple(s.pointer for s in old)
            out = [d for d in out if not (d.is_error and d.file == source.display and d.pointer is not None
                                          and any(d.pointer == p or d.pointer.startswith(p + "/") for p in inside))]
            out += [source.diagnostic("SW210", f"effect op {s.old.name!r} in an old form: the loader reads only "
                                      f"the current language, where it is written as {s.old.replacement!r}",
                                      f"{s.pointer}/op", HINT) for s in old]
        return sorted(out, key=Diagnostic.sort_key)


def with_old_steps_explained(diagnostics: list[Diagnostic], ops: OpRegistry, kinds: KindRegistry) -> list[Diagnostic]:
    """``diagnostics`` with the errors in old steps explained (:meth:`Upgrader.explained`): the files with errors
    are read again, so a valid run costs nothing."""
    from swrebellion.sources import read_source

    files = sorted({d.file for d in diagnostics if d.is_error and d.file and d.pointer})
    sources = [source for source, _ in (read_source(Path(f), f) for f in files) if source is not None]
    return Upgrader(ops, kinds).explained(diagnostics, sources) if sources else diagnostics


def spliced(steps: Iterable[Any]) -> list[Any]:
    """``steps`` with each list among them (an old step rewritten as several) spliced in its place."""
    out: list[Any] = []
    for step in steps:
        out.extend(step if isinstance(step, list) else [step])
    return out


def rewrite_at(data: Any, old_steps: list[OldStep]) -> Any:
    """A deep copy of ``data`` with every step of ``old_steps`` rewritten, the innermost first (so a container is
    rewritten with its nested steps already new; rewrites keep the keys that hold nested steps, so the outer
    pointers stay valid), and among the steps of one list the last first (so a step rewritten as several moves
    none of the pointers still to be rewritten)."""
    data = copy.deepcopy(data)
    for found in sorted(old_steps, key=lambda s: (-s.pointer.count("/"), -int(s.pointer.rsplit("/", 1)[1]))):
        container, key = parent(data, found.pointer)
        new = found.old.rewrite(dict(container[key]))
        container[key:key + 1] = new if isinstance(new, list) else [new]
    return data

