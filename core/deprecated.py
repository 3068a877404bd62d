"""Deprecated names from the time the kernel defined every content kind itself (docs/hooks.md, "Deprecated").

They still answer, with a ``DeprecationWarning`` raised by the caller, by asking the installed expansions'
registries; they will be removed in a later minor version.
"""

from __future__ import annotations

from typing import Any

from .kinds import ContentKind, KindRegistry
from .plugins import activate, discover

_looking_up: set[str] = set()


def installed_kinds() -> KindRegistry:
    """The kinds of every installed expansion, as `rebellion schema export` sees them."""
    discovery = discover()
    kinds: KindRegistry = activate(env=",".join(sorted(discovery.installed)) or " ", discovery=discovery).kinds
    return kinds


def deprecated_models_name(name: str) -> tuple[Any, str] | None:
    """``(value, advice)`` for a name ``swrebellion.models`` used to define, else None. A model or value type is
    looked up in the modules of the installed plugins' item models, where it moved."""
    if name == "FileKind":
        return ContentKind, "use swrebellion.kinds.ContentKind"
    if name == "FILE_KINDS":
        return ({kind.name: kind for kind in installed_kinds()},
                "use the registry of the enabled expansions, activate(...).kinds (swrebellion.kinds)")
    if name == "kind_of_model":
        registry = installed_kinds()
        return (lambda model: registry.of_model(model).name), "use activate(...).kinds.of_model(model).name"
    if not name[:1].isupper() or name in _looking_up:  # submodules and dunders are not looked up here
        return None
    _looking_up.add(name)
    try:
        import sys

        for kind in installed_kinds():
            module = sys.modules.get(kind.item.__module__)
            if module is not None and hasattr(module, name):
                value = getattr(module, name)
                home = value.__module__ if isinstance(value, type) else module.__name__
                return value, f"import it from {home} (plugin {kind.plugin!r})"
    finally:
        _looking_up.discard(name)
    return None
