"""Tier 2: what a schema cannot say. References resolve, the values of the fields the enabled plugins read are
ones they read (SW801), then each content kind's own checks run.

Runs on the merged Catalog, so a fan pack may refer to the content of the packs it requires. Items that failed
their schema check are left out of the catalog but remembered (``catalog.invalid``): a reference to one of them is
not reported again. Which fields of an item hold ids of which kind is declared with the kind (``references``,
``swrebellion.kinds``); so are the checks that need the whole catalog (``checks``), each run guarded so that a
failing plugin is named (SW901), not fatal.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from typing import Any, Callable, Iterable, Iterator

from .catalog import Catalog, Entry
from .diagnostics import Diagnostic, Hints
from .pointers import escape_token


def _walk(value: Any, steps: list[str], pointer: str) -> Iterable[tuple[str, Any]]:
    """(pointer, id) for every id at ``steps`` in raw item data."""
    step = steps[0]
    if len(steps) == 1 and step != "*" and step != "~":  # a field of the item itself, the usual place
        field = value.get(step) if isinstance(value, dict) else None
        return [(f"{pointer}/{escape_token(step)}", field)] if isinstance(field, str) else []
    return _descend(value, steps, pointer)


def _descend(value: Any, steps: list[str], pointer: str, leaf: tuple[type, ...] = (str,)) -> Iterator[tuple[str, Any]]:
    """(pointer, value) for every value of a ``leaf`` type at ``steps`` (ids are strings; a field's values may be
    numbers too)."""
    if not steps:
        if isinstance(value, leaf):
            yield pointer, value
        return
    step, rest = steps[0], steps[1:]
    if step == "*" and isinstance(value, list):
        for index, element in enumerate(value):
            yield from _descend(element, rest, f"{pointer}/{index}", leaf)
    elif step == "~" and isinstance(value, dict):
        for key in value:
            yield f"{pointer}/{escape_token(key)}", key
    elif isinstance(value, dict) and step in value:
        yield from _descend(value[step], rest, f"{pointer}/{escape_token(step)}", leaf)


def check_references(catalog: Catalog, rejected: Iterable[Entry] = ()) -> list[Diagnostic]:
    """Every id an item names must be in the catalog; ``rejected`` items (failed their schema) are checked too."""
    found = []
    hint_for = Hints()
    by_kind: dict[str, list[Entry]] = defaultdict(list)
    for entry in rejected:
        by_kind[entry.kind].append(entry)
    for kind in catalog.kinds:
        if not kind.references:
            continue
        references = [(path.split("/"), target, catalog.items(target), catalog.invalid[target])
                      for path, target in kind.references]
        for entry in [*catalog.entries(kind.name).values(), *by_kind[kind.name]]:
            raw = entry.raw
            for steps, target, known, invalid in references:
                for pointer, ident in _walk(raw, steps, ""):
                    if ident not in known and ident not in invalid:
                        found.append(unknown_id(catalog, entry, (target,), target, ident, pointer,
                                                lambda: hint_for(ident, known)))
    return found


def check_readings(catalog: Catalog) -> list[Diagnostic]:
    """SW801: an item holding, in a field the enabled plugins read (``KindRegistry.reads``), a value none of them
    reads: it validates and would never play as written (issue 31: valid means playable). The hint lists the
    values that are read, with what each means."""
    found = []
    for kind in catalog.kinds:
        for field, table in catalog.kinds.readings(kind.name).items():
            steps = field.split("/")
            for entry in catalog.entries(kind.name).values():
                for pointer, value in _descend(entry.raw, steps, "", (str, int)):
                    if value not in table:
                        found.append(entry.diagnostic(
                            "SW801", f"no rule of the enabled plugins reads {value!r} in the {field} of {kind.name}: "
                            "this item would never act as written", pointer, _read_values(table)))
    return found


def _read_values(table: dict[Any, Any]) -> str:
    if not table:
        return "no enabled plugin reads this field: leave it out"
    return "the values read: " + "; ".join(f"{value!r} ({reading.meaning})" for value, reading in table.items())


def unknown_id(catalog: Catalog, entry: Entry, kinds: Iterable[str], what: str, ident: str, pointer: str,
               close: Callable[[], str | None], also: str = "") -> Diagnostic:
    """SW401 for ``ident``, an id of ``kinds`` that no loaded item has, at ``pointer`` of ``entry``: the hint names
    the pack that removes it, else a close id (``close()``, a did-you-mean, asked only then: hints are counted),
    else says no item has it (``also``: the other words the field takes). The one wording of both reference checks
    (here and ``refs``)."""
    removal = next((catalog.removed[(k, ident)] for k in kinds if (k, ident) in catalog.removed), None)
    hint = (f"pack {removal.by!r} removes it" if removal
            else close() or f"no {what} item has this id in the loaded packs{also}")
    return entry.diagnostic("SW401", f"unknown {what} id {ident!r}", pointer, hint)


def guarded(label: str, call: Callable[[], Iterable[Any] | None]) -> list[Diagnostic]:
    """The diagnostics a plugin's check returns; SW901 naming ``label`` when it raises or returns something else."""
    found: list[Diagnostic] = []
    try:
        results = list(call() or ())
    except Exception as exc:  # third-party code: report it, never crash the validator
        return [Diagnostic("SW901", f"{label} failed: {type(exc).__name__}: {exc}")]
    for result in results:
        if isinstance(result, Diagnostic):
            found.append(result)
        else:
            found.append(Diagnostic("SW901", f"{label} returned {type(result).__name__}, not a Diagnostic"))
    return found


def check(catalog: Catalog, rejected: Iterable[Entry] = ()) -> list[Diagnostic]:
    """Every tier 2 check: references, then the checks registered with each kind, in registration order."""
    found = check_references(catalog, rejected) + check_readings(catalog)
    for kind in catalog.kinds:
        for function in kind.checks:
            label = f"plugin {kind.plugin!r}: check {function.__name__} of kind {kind.name!r}"
            found += guarded(label, functools.partial(function, catalog))
    return found


def __getattr__(name: str) -> Any:
    """Deprecated: ``REFERENCES`` is declared with each kind now; ``check_map`` and the other checks moved to the
    plugins that register them with their kinds (docs/hooks.md, "Deprecated")."""
    import warnings

    from .deprecated import installed_kinds

    value: Any
    if name == "REFERENCES":
        value = {kind.name: list(kind.references) for kind in installed_kinds() if kind.references}
        advice = "read kind.references from the registry of the enabled expansions (activate(...).kinds)"
    elif name.startswith("check_"):
        value = next((f for kind in installed_kinds() for f in kind.checks if f.__name__ == name), None)
        advice = f"it moved to {value.__module__}" if value else ""
    else:
        value = None
    if value is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    warnings.warn(f"swrebellion.semantics.{name} is deprecated: {advice}", DeprecationWarning, stacklevel=2)
    return value
