"""Validation of content packs: load (files, schemas, packs), then the semantic checks (references and the checks
registered with each content kind; the ids that effects and conditions name, ``refs``), then the plugins'
``validate_catalog`` checks.

Library entry points:

* :func:`validate` returns a :class:`Report` with every problem of the run (what ``rebellion validate`` prints);
* :func:`load_catalog` returns the Catalog, or raises :class:`ContentError` (``swrebellion.errors``) with the errors
  (for games).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

from .catalog import Catalog
from .diagnostics import Diagnostic
from .errors import ContentError as ContentError
from .loader import load
from .refs import check as check_refs
from .semantics import check, guarded

if TYPE_CHECKING:
    from .expansion_records import Active


@dataclass
class Report:
    catalog: Catalog
    diagnostics: list[Diagnostic]
    files: int
    #: False when the packs could not be resolved, so the checks across packs were skipped.
    cross_checked: bool

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def warnings(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if not d.is_error]

    @property
    def ok(self) -> bool:
        return not self.errors


def validate(active: Active, paths: Iterable[str | Path] = (), *, all_enabled: bool = False) -> Report:
    """Validate the packs at ``paths`` (folders, or files inside a pack) and the packs they require; with no paths,
    or with ``all_enabled``, the built-in packs of the enabled expansions too. ``active``: ``plugins.activate()``."""
    loaded = load(active, paths, all_enabled=all_enabled)
    diagnostics = list(loaded.diagnostics)
    if loaded.resolved:
        diagnostics += check(loaded.catalog, loaded.rejected)
        diagnostics += check_refs(loaded.catalog, active.ops, loaded.rejected)
        diagnostics += plugin_checks(active, loaded.catalog)
    diagnostics.sort(key=Diagnostic.sort_key)
    return Report(loaded.catalog, diagnostics, loaded.files, loaded.resolved)


def plugin_checks(active: Active, catalog: Catalog) -> list[Diagnostic]:
    """The ``validate_catalog`` hook, one plugin at a time so that one failing plugin is named, not fatal."""
    found: list[Diagnostic] = []
    for plugin in active.implementers("validate_catalog"):
        found += guarded(f"plugin {plugin!r}: validate_catalog", functools.partial(_answers, active, plugin, catalog))
    return found


def _answers(active: Active, plugin: str, catalog: Catalog) -> list[Any]:
    return [d for answer in active.call_one(plugin, "validate_catalog", catalog=catalog) for d in (answer or ())]


def load_catalog(active: Active, paths: Iterable[str | Path] = (), *, all_enabled: bool = False) -> Catalog:
    """The validated Catalog; :class:`ContentError` when any check finds an error (warnings are let through).
    A game calls ``load_catalog(active, extra_pack_folders, all_enabled=True)``."""
    report = validate(active, paths, all_enabled=all_enabled)
    if not report.ok:
        raise ContentError(report.errors)
    return report.catalog
